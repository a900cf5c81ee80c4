package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// figure is one row of BENCHMARKS.md.
type figure struct {
	Scenario string  `json:"scenario"`
	Name     string  `json:"name"`
	Goal     string  `json:"goal"`
	Measured string  `json:"measured"`
	Value    float64 `json:"value"`
	Unit     string  `json:"unit"`
	Met      *bool   `json:"met,omitempty"` // nil: no goal to meet
}

// report collects the figures of one run.
type report struct {
	opts      options
	Date      time.Time      `json:"date"`
	Machine   string         `json:"machine"`
	LoadStart string         `json:"load_average_start"`
	LoadEnd   string         `json:"load_average_end"`
	Command   string         `json:"command"`
	Smoke     bool           `json:"smoke"`
	Figures   []figure       `json:"figures"`
	details   map[string]any // scenario -> raw figures
	errors    []string
	Duration  string `json:"duration"`
}

func newReport(o options) *report {
	return &report{opts: o, Date: time.Now().UTC(), Machine: machine(), LoadStart: loadAvg(), Command: o.command,
		Smoke: o.smoke, details: map[string]any{}}
}

func (r *report) add(f figure) { r.Figures = append(r.Figures, f) }

func (r *report) finish() {
	r.LoadEnd = loadAvg()
	r.Duration = round(time.Since(r.Date)).String()
}

// write writes the Markdown and JSON files (paths relative to root).
func (r *report) write(root string) error {
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(root, p)
	}
	// A run of P9 alone updates P9's section of an existing report and
	// leaves the rest, measured by other runs, as it is; its raw figures
	// go to their own file, not over the other scenarios'.
	only9 := len(r.opts.only) == 1 && r.opts.only["p9"]
	jsonOut := r.opts.jsonOut
	if only9 && jsonOut == defaultJSON {
		jsonOut = p9JSON
	}
	if jsonOut != "" {
		b, err := json.MarshalIndent(struct {
			*report
			Details map[string]any `json:"details"`
			Errors  []string       `json:"errors,omitempty"`
		}{r, r.details, r.errors}, "", "  ")
		if err != nil {
			return err
		}
		p := abs(jsonOut)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, append(b, '\n'), 0o644); err != nil {
			return err
		}
		r.opts.logf("bench: wrote %s", p)
	}
	if r.opts.out != "" {
		p := abs(r.opts.out)
		text := r.markdown(root)
		if only9 {
			if old, err := os.ReadFile(p); err == nil {
				text = spliceSection(string(old), "p9", r.p9Markdown())
			}
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			return err
		}
		r.opts.logf("bench: wrote %s", p)
	}
	return nil
}

func (r *report) markdown(root string) string {
	var b strings.Builder
	date := r.Date.Format("2006-01-02 15:04 UTC")
	fmt.Fprintf(&b, "# Benchmarks\n\n")
	fmt.Fprintf(&b, "Written by `%s` (`cmd/bench`) on the real stack: the pinned Temporal dev server, versitygw, "+
		"the worker (a child process built like `worker/main.go`, SDK default task slots unless stated), "+
		"the local E2B server with its fake kernel (`e2blocal.FakeKernel`: the real HTTP protocols and cell journal, "+
		"no Python) and the scripted model with fixed latencies (`scriptedmodel.WithLatency`). "+
		"So the figures are the orchestration's — Temporal, the worker, S3, the clients — not Python's or a model's. "+
		"Goals are the project's performance goals. Tests never assert these numbers.\n\n", r.Command)
	fmt.Fprintf(&b, "Machine: %s. Date: %s. Load average (1, 5, 15 min) at the start: %s, at the end: %s. Run time: %s.\n\n",
		r.Machine, date, r.LoadStart, r.LoadEnd, r.Duration)
	if r.Smoke {
		b.WriteString("**Smoke sizes** (`-smoke`): these figures only show the harness works; they mean nothing.\n\n")
	}
	b.WriteString("| scenario | figure | goal | measured | met | machine | date | load avg | command |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	short := shortMachine()
	for _, f := range r.Figures {
		met := "—"
		if f.Met != nil {
			met = map[bool]string{true: "yes", false: "**no**"}[*f.Met]
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | `%s` |\n", f.Scenario, esc(f.Name), esc(f.Goal), esc(f.Measured), met,
			short, r.Date.Format("2006-01-02"), r.LoadStart, r.Command)
	}
	if len(r.errors) > 0 {
		b.WriteString("\n**Failed scenarios** (no figures):\n\n")
		for _, e := range r.errors {
			fmt.Fprintf(&b, "- %s\n", esc(e))
		}
	}
	if p3, ok := r.details["p3"].(map[string]any); ok {
		b.WriteString("\n## P3 by level\n\n| pollers | in flight | wall | all started after | analyses/s | efficiency (ideal ÷ wall) | peak RSS | peak goroutines | peak heap in use | queue wait per activity | per workflow task | failed | where the CPU went |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
		for _, pollers := range r.opts.p3Pollers {
			d, ok := p3[pollers].(map[string]any)
			if !ok {
				continue
			}
			for _, l := range d["levels"].([]map[string]any) {
				cpu, _ := l["cpu"].(cpuSplit)
				fmt.Fprintf(&b, "| %s | %d | %s | %s | %.1f | %.2f | %s | %d | %s | %.0f ms | %.0f ms | %d | %s |\n", pollers, l["in_flight"], time.Duration(l["wall_ms"].(int64))*time.Millisecond,
					time.Duration(l["start_all_ms"].(int64))*time.Millisecond, l["analyses_per_s"], l["efficiency"],
					sizeStr(int(l["peak_rss_bytes"].(int64))), l["peak_goroutines"], sizeStr(int(l["peak_heap_inuse_bytes"].(int64))),
					l["mean_activity_queue_wait_ms"], l["mean_workflow_task_queue_wait_ms"], l["failed"], strings.TrimPrefix(cpu.String(), "CPU of the machine's busy time: "))
			}
		}
	}
	b.WriteString(r.p9Markdown())
	if notes, err := os.ReadFile(filepath.Join(root, "bench", "notes.md")); err == nil {
		b.WriteString("\n")
		b.Write(notes)
	}
	fmt.Fprintf(&b, "\nRaw figures: `%s`. Reproduce: `%s` (sizes and latencies are flags: `go run ./cmd/bench -h`).\n", r.opts.jsonOut, r.Command)
	return b.String()
}

func esc(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "n/a"
	}
	return strings.Join(f[:3], " ")
}

// machine describes the CPU, memory, OS and Go version.
func machine() string {
	cpu, mem := "", ""
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(l, "MemTotal:"); ok {
				kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
				mem = fmt.Sprintf(", %.1f GB RAM", float64(kb)/(1<<20))
			}
		}
	}
	return fmt.Sprintf("%d cores (%s)%s, %s/%s, %s", runtime.NumCPU(), cpu, mem, runtime.GOOS, runtime.GOARCH, runtime.Version())
}

func shortMachine() string { return fmt.Sprintf("%d cores", runtime.NumCPU()) }

// micro runs the e2b package's Go benchmarks and adds their throughput.
func micro(ctx context.Context, root string, o options, r *report) error {
	benchtime := "1s"
	if o.smoke {
		benchtime = "1x"
	}
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", ".", "-benchtime", benchtime, "-count", "1", "./e2b/")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go test -bench ./e2b/: %w\n%s", err, tail(string(out), 2000))
	}
	found := 0
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndex(name, "-"); i > 0 {
			name = name[:i]
		}
		vals := map[string]string{}
		for i := 2; i+1 < len(f); i += 2 {
			vals[f[i+1]] = f[i]
		}
		mbs, _ := strconv.ParseFloat(vals["MB/s"], 64)
		fig := figure{Scenario: "micro", Name: "e2b " + name, Goal: "(reported)", Value: mbs, Unit: "MB/s",
			Measured: fmt.Sprintf("%s MB/s, %s ns/op, %s B/op, %s allocs/op", vals["MB/s"], vals["ns/op"], vals["B/op"], vals["allocs/op"])}
		if name == "BenchmarkParseExecuteStream" {
			// Per core: the benchmark runs on one goroutine.
			fig.Goal, fig.Met = "≥ 200 MB/s per core", ptr(mbs >= 200)
		}
		r.add(fig)
		found++
	}
	if found == 0 {
		return fmt.Errorf("go test -bench ./e2b/ printed no benchmark lines:\n%s", tail(string(out), 2000))
	}
	return nil
}

// sectionMarks delimit a scenario's own section in BENCHMARKS.md.
func sectionMarks(name string) (begin, end string) {
	return "<!-- bench:" + name + " -->\n", "<!-- /bench:" + name + " -->\n"
}

// spliceSection replaces the delimited section name of doc with section
// (which carries its marks), or puts it before the raw-figures line.
func spliceSection(doc, name, section string) string {
	begin, end := sectionMarks(name)
	if i := strings.Index(doc, begin); i >= 0 {
		if j := strings.Index(doc[i:], end); j >= 0 {
			return doc[:i] + section + doc[i+j+len(end):]
		}
	}
	if i := strings.Index(doc, "\nRaw figures:"); i >= 0 {
		return doc[:i] + "\n" + section + doc[i:]
	}
	return doc + "\n" + section
}

// p9Markdown is P9's section: its figure and a row per run ("" when P9
// did not run).
func (r *report) p9Markdown() string {
	d, ok := r.details["p9"].(map[string]any)
	if !ok {
		return ""
	}
	begin, end := sectionMarks("p9")
	var b strings.Builder
	b.WriteString(begin)
	fmt.Fprintf(&b, "\n## P9: real analyses at once (real Python), one and two workers\n\n")
	fmt.Fprintf(&b, "Unlike the other scenarios, P9 runs the real local sandbox: each analysis is the offline analyst's "+
		"(`%s`) answer to the README's UI example, one pandas cell and a matplotlib chart in IPython under bubblewrap, "+
		"with the local server's default limits (%s) and its default capacity, %v, which is the pool's `SANDBOX_CAPACITY`. "+
		"All analyses are submitted at once to worker processes (the real worker) that share the pool's one line: one worker "+
		"(the baseline), two (`make run`'s default), and two with one killed with SIGKILL mid-way and started again 10 s later. "+
		"Each run has fresh workers, task queue and pool. "+
		"*Idle while waiting* is, per analysis, the time a sandbox slot was free for it while it waited in line: every 25 ms "+
		"the free slots (capacity less the sandboxes running and the creates under way) belong to the waiting analyses in the "+
		"order the line served them (`internal/linestats`); *from the start* counts the wait for the first workflow task and "+
		"the join too; *in the join markers' order* gives the free slots in the order of the analyses' join markers, as P9 "+
		"counted before 2026-11-27 (a marker is written after the join reached the line, so neighbours can swap). "+
		"The Temporal servers run with eager activity execution and 1,000 updates in flight per workflow, as `make run`'s and "+
		"`make cluster`'s do. "+
		"Machine memory is MemTotal − MemAvailable of the whole machine. "+
		"The bench learns that the analyses have closed from a visibility count each second, then reads each result once. "+
		"A run of P9 alone writes its raw figures to `"+p9JSON+"`. "+
		"Measured by `%s` on %s, %s; load average at the start %s, at the end %s. "+
		"The machine may be shared: compare the rows with each other, not with another run.\n\n",
		scriptedModelName, d["limits"], d["capacity"], r.Command, r.Machine, r.Date.Format("2006-01-02 15:04 UTC"), r.LoadStart, r.LoadEnd)
	for _, f := range r.Figures {
		if f.Scenario == "P9" {
			met := map[bool]string{true: "met", false: "**not met**"}[f.Met != nil && *f.Met]
			fmt.Fprintf(&b, "Goal: %s — %s.\n\n", f.Goal, met)
		}
	}
	b.WriteString(p9ClusterNote(d))
	b.WriteString("| workers | analyses | wall | analyses/s | failed | idle while waiting p50 / p99 / most | idle from the start p99 | idle in the join markers' order p99 | heartbeat-timeout attempts | retried attempts | workflow task failures | creates refused by E2B | peak sandboxes | machine memory before → peak | worker peak RSS | machine CPU busy |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n")
	runs, _ := d["runs"].([]p9Run)
	for _, run := range runs {
		workers := strconv.Itoa(run.Workers)
		if run.KilledAtS > 0 {
			workers += fmt.Sprintf(" (one killed at %.0f s)", run.KilledAtS)
		}
		if run.Cluster {
			workers += " on make cluster"
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %.2f | %d | %s / %s / %s | %s | %s | %d | %d | %d | %d | %d | %s → %s | %s | %.0f%% |\n", workers, run.N,
			round(time.Duration(run.WallMS)*time.Millisecond), run.PerSecond, run.Failed,
			secs(run.IdleMS[0]), secs(run.IdleMS[1]), secs(run.IdleMS[2]), secs(run.IdleFromStartMS[1]), secs(run.IdleJoinOrderMS[1]), run.HeartbeatTimeouts,
			run.RetriedAttempts, run.WorkflowTaskFails, run.RefusedCreates, run.PeakSandboxes, sizeStr(int(run.MachineBaseBytes)),
			sizeStr(int(run.MachinePeakBytes)), sizeStr(int(run.WorkerPeakRSS)), 100*run.CPUBusy)
	}
	for _, run := range runs {
		if run.FirstError != "" {
			fmt.Fprintf(&b, "\n%s, first failure: %s\n", run.label(), esc(run.FirstError))
		}
		if run.Troubles != nil {
			fmt.Fprintf(&b, "\n%s: %s.\n", run.label(), esc(run.Troubles.String()))
		}
	}
	b.WriteString("\nWhere the time went, per run: the share of the capacity that held a sandbox (create done to kill done, over peak sandboxes × wall), " +
		"the time from the line's turn signal to the analysis' sandbox, and the machine's busy CPU (other processes: the sandboxes).\n\n")
	for _, run := range runs {
		fmt.Fprintf(&b, "- %s: %s.\n", run.label(), run.whereTimeWent())
	}
	b.WriteString("\n")
	b.WriteString(end)
	return b.String()
}

// secs prints milliseconds as seconds: "0.25 s".
func secs(v int64) string { return fmt.Sprintf("%.2f s", float64(v)/1000) }

// defaultJSON is where a run writes its raw figures; a run of P9 alone
// writes p9JSON instead, so the other scenarios' figures stay.
const (
	defaultJSON = "bench/results.json"
	p9JSON      = "bench/p9-results.json"
)

// Command bench measures durable-analyst on the real stack — the pinned
// Temporal dev server, versitygw, the local E2B server and the scripted
// model — and writes BENCHMARKS.md (figure, goal, measured, machine, date,
// load, command) and a JSON file with every raw figure. `make bench` runs
// it. The model and Python are replaced by fast stand-ins that keep the
// real protocols (scriptedmodel.WithLatency, e2blocal.FakeKernel), so the
// figures are the orchestration's: Temporal, the worker, S3 and the
// clients. The worker runs as a child process (this binary in worker mode,
// built like worker/main.go), so its memory and goroutines are its own.
//
// Scenarios (goals in BENCHMARKS.md): P1 durability tax, P2 history per step, P3
// analyses in flight on one worker, P4 batch, scale-out (the batch on 1-3
// workers, one SIGKILLed), P7 takeover after kill -9 and heartbeat load,
// P9 real analyses (real Python, the local server's limits and capacity)
// submitted at once (on the dev server and on make cluster's Temporal
// server on PostgreSQL), P10 and P11 (model calls and sandboxes across crashes
// and outages), plus the e2b package's micro-benchmarks, the answer
// check (claims: recall and false flags on its corpus, cost per answer; no
// servers) and the offline analyst on its held-out corpus (analyst:
// correct, a different question answered, refused; the scripted model and
// real Python only). -smoke runs each at a size of seconds.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

func main() {
	if os.Getenv(workerModeEnv) != "" {
		if err := runWorker(); err != nil {
			fmt.Fprintln(os.Stderr, "bench worker:", err)
			os.Exit(1)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// options are the scenario sizes and where results go.
type options struct {
	smoke             bool
	only              map[string]bool
	out, jsonOut      string
	command           string
	p1Reps, p1Steps   int
	p1Model, p1Code   time.Duration
	floorN            int
	p2Steps, p2Stdout int
	p2PNGs            int
	p3Pollers         []string
	p3Budget          time.Duration
	p3Levels          []int
	p3Cells           int
	p3Model, p3Code   time.Duration
	p4Items, p4Conc   int
	p4Model, p4Code   time.Duration
	p7Reps            int
	p7Cell, p7Kill    time.Duration
	p7LoadN           int
	p7LoadCell        time.Duration
	p10Reps           int
	p10Model, p10Kill time.Duration
	p11Timeout        time.Duration
	p11OutageFactor   float64
	scaleItems        int
	scaleConc         int
	scaleWorkers      []int
	maxActivities     int
	maxWorkflowTasks  int
	noEager           bool // P1 also on a dev server with eager activity execution off
	profile           bool
	profilePath       string
	keepLogs          bool
	p9Sizes           []int
	p9Workers         []int
	p9KillN           int
	p9KillAfter       time.Duration
	p9ClusterWorkers  int
	p9ClusterN        int
	p9LineDump        string
	p12Lines          int
	p12Every          time.Duration
	p12Followers      int
	p12Analyses       int
	logf              func(format string, args ...any)
}

func parseOptions(args []string) (options, error) {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	o := options{logf: func(f string, a ...any) { fmt.Fprintf(os.Stderr, f+"\n", a...) }}
	fs.BoolVar(&o.smoke, "smoke", false, "run every scenario at a size of seconds (what make test runs)")
	only := fs.String("only", "p1,p2,p3,p4,scale,p7,p9,p10,p11,p12,micro,claims,analyst", "comma-separated scenarios to run")
	fs.StringVar(&o.out, "out", "BENCHMARKS.md", "Markdown report to write (empty: none)")
	fs.StringVar(&o.jsonOut, "json", defaultJSON, "JSON results to write (empty: none; a run of -only p9 writes "+p9JSON+" instead of the default)")
	fs.IntVar(&o.p1Reps, "p1-reps", 2, "P1: measured runs of the workflow and of the loop")
	fs.IntVar(&o.p1Steps, "p1-steps", 10, "P1: model calls per analysis (steps-1 cells, then the answer)")
	fs.DurationVar(&o.p1Model, "p1-model", 1500*time.Millisecond, "P1: model latency")
	fs.DurationVar(&o.p1Code, "p1-code", 500*time.Millisecond, "P1: cell latency")
	fs.IntVar(&o.floorN, "floor-activities", 50, "P1: no-op activities in the floor workflow")
	fs.BoolVar(&o.noEager, "p1-no-eager", true, "P1: also measure on a second dev server with eager activity execution off (the stack's is on)")
	fs.IntVar(&o.p2Steps, "p2-steps", 50, "P2: steps of the long analysis")
	fs.IntVar(&o.p2Stdout, "p2-stdout", 1<<20, "P2: stdout bytes per cell")
	fs.IntVar(&o.p2PNGs, "p2-charts", 5, "P2: charts per cell")
	levels := fs.String("p3-levels", "50,200,500,1000", "P3: analyses in flight, one level after another")
	pollers := fs.String("p3-pollers", "default,autoscale", "P3: task poller settings to ramp, one worker each: default (SDK: 2+2), autoscale, or a number")
	fs.IntVar(&o.p3Cells, "p3-cells", 2, "P3: cells per analysis")
	fs.DurationVar(&o.p3Budget, "p3-level-budget", 150*time.Second, "P3: skip the next level when it would take longer than this at the measured rate")
	fs.DurationVar(&o.p3Model, "p3-model", time.Second, "P3: model latency")
	fs.DurationVar(&o.p3Code, "p3-code", time.Second, "P3: cell latency")
	fs.IntVar(&o.p4Items, "p4-items", 1000, "P4: batch items")
	fs.IntVar(&o.p4Conc, "p4-concurrency", 200, "P4: batch concurrency (the workflow allows 1-1000)")
	fs.DurationVar(&o.p4Model, "p4-model", time.Second, "P4: model latency (two calls per item)")
	fs.DurationVar(&o.p4Code, "p4-code", time.Second, "P4: cell latency (one cell per item)")
	fs.IntVar(&o.p7Reps, "p7-kills", 3, "P7: kills of the worker running a cell")
	fs.DurationVar(&o.p7Cell, "p7-cell", 20*time.Second, "P7: latency of the long cell")
	fs.DurationVar(&o.p7Kill, "p7-kill-after", 2*time.Second, "P7: how long after the cell started the worker is killed")
	fs.IntVar(&o.p7LoadN, "p7-load", 1000, "P7: analyses in long cells at once for the heartbeat load")
	fs.DurationVar(&o.p7LoadCell, "p7-load-cell", 90*time.Second, "P7: cell latency of the heartbeat load (longer than starting them all)")
	fs.IntVar(&o.p10Reps, "p10-kills", 3, "P10: kills of the worker during a model call")
	fs.DurationVar(&o.p10Model, "p10-model", 20*time.Second, "P10: latency of each model turn")
	fs.DurationVar(&o.p10Kill, "p10-kill-after", 2*time.Second, "P10: how long into the model call the worker is killed")
	fs.DurationVar(&o.p11Timeout, "p11-timeout", 30*time.Second, "P11: SANDBOX_TIMEOUT of the analysis whose workers all stop")
	fs.Float64Var(&o.p11OutageFactor, "p11-outage", 2, "P11: how long the workers stay down, in SANDBOX_TIMEOUTs (at least until the sandbox pauses)")
	fs.IntVar(&o.scaleItems, "scale-items", 1000, "scale-out: batch items")
	fs.IntVar(&o.scaleConc, "scale-concurrency", 200, "scale-out: batch concurrency")
	scaleWorkers := fs.String("scale-workers", "1,2,3", "scale-out: worker processes, one run each")
	fs.IntVar(&o.maxActivities, "max-activities", 0, "worker MAX_CONCURRENT_ACTIVITIES for P3 and P4 (0: SDK default)")
	fs.IntVar(&o.maxWorkflowTasks, "max-workflow-tasks", 0, "worker MAX_CONCURRENT_WORKFLOW_TASKS for P3 and P4 (0: SDK default)")
	fs.BoolVar(&o.profile, "profile", false, "P3: take a 20 s CPU profile of the worker at the highest level")
	fs.StringVar(&o.profilePath, "profile-out", "bench/p3-worker.cpu.pprof", "where -profile writes the profile")
	p9Sizes := fs.String("p9-sizes", "120,300,1000", "P9: real analyses (offline analyst, real Python) submitted at once, one run per size and worker count")
	p9Workers := fs.String("p9-workers", "1,2", "P9: worker processes sharing the pool, one run each per size (1: the baseline)")
	fs.IntVar(&o.p9KillN, "p9-kill", 300, "P9: analyses of the run on 2 workers with one killed mid-way (0: no such run)")
	fs.IntVar(&o.p12Lines, "p12-lines", 20, "P12: lines the streamed cell prints")
	fs.DurationVar(&o.p12Every, "p12-every", 250*time.Millisecond, "P12: time between the streamed cell's lines")
	fs.IntVar(&o.p12Followers, "p12-followers", 50, "P12: followers of one analysis")
	fs.IntVar(&o.p12Analyses, "p12-analyses", 200, "P12: analyses at once, one follower each")
	fs.DurationVar(&o.p9KillAfter, "p9-kill-after", 30*time.Second, "P9: how long into the kill run one worker is killed (it starts again 10 s later)")
	fs.IntVar(&o.p9ClusterWorkers, "p9-cluster-workers", 4, "P9: worker processes of the run on make cluster's Temporal server (PostgreSQL), measured against one worker there (0: no cluster runs)")
	fs.IntVar(&o.p9ClusterN, "p9-cluster-n", 300, "P9: analyses of each run on the cluster")
	fs.StringVar(&o.p9LineDump, "p9-line-dump", "", "P9: write each run's line history, one JSON event per line, to files with this prefix (for diagnosis)")
	fs.BoolVar(&o.keepLogs, "keep-logs", false, "keep the servers' and worker's logs (the path is printed)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if o.smoke {
		// Seconds, not minutes; only what was not set explicitly.
		smoke := map[string]func(){
			"p1-reps": func() { o.p1Reps = 1 }, "p1-steps": func() { o.p1Steps = 3 },
			"p1-model": func() { o.p1Model = 20 * time.Millisecond }, "p1-code": func() { o.p1Code = 10 * time.Millisecond },
			"floor-activities": func() { o.floorN = 5 },
			"p2-steps":         func() { o.p2Steps = 4 }, "p2-stdout": func() { o.p2Stdout = 64 << 10 }, "p2-charts": func() { o.p2PNGs = 2 },
			"p3-levels": func() { *levels = "4" }, "p3-cells": func() { o.p3Cells = 1 },
			"p3-model": func() { o.p3Model = 10 * time.Millisecond }, "p3-code": func() { o.p3Code = 10 * time.Millisecond },
			"p4-items": func() { o.p4Items = 4 }, "p4-concurrency": func() { o.p4Conc = 2 },
			"p4-model": func() { o.p4Model = 10 * time.Millisecond }, "p4-code": func() { o.p4Code = 10 * time.Millisecond },
			"p7-kills": func() { o.p7Reps = 1 }, "p7-cell": func() { o.p7Cell = 8 * time.Second },
			"p7-kill-after": func() { o.p7Kill = 500 * time.Millisecond },
			"p7-load":       func() { o.p7LoadN = 4 }, "p7-load-cell": func() { o.p7LoadCell = 3 * time.Second },
			"p10-kills": func() { o.p10Reps = 1 }, "p10-model": func() { o.p10Model = 6 * time.Second },
			"p11-outage":  func() { o.p11OutageFactor = 1 },
			"scale-items": func() { o.scaleItems = 12 }, "scale-concurrency": func() { o.scaleConc = 3 },
			"scale-workers": func() { *scaleWorkers = "1,2" },
			"p9-sizes":      func() { *p9Sizes = "4" }, "p9-workers": func() { *p9Workers = "2" },
			"p9-kill": func() { o.p9KillN = 4 }, "p9-kill-after": func() { o.p9KillAfter = 2 * time.Second },
			"p9-cluster-workers": func() { o.p9ClusterWorkers = 2 }, "p9-cluster-n": func() { o.p9ClusterN = 4 },
			"p12-lines": func() { o.p12Lines = 4 }, "p12-followers": func() { o.p12Followers = 3 }, "p12-analyses": func() { o.p12Analyses = 3 },
		}
		for name, apply := range smoke {
			if !set[name] {
				apply()
			}
		}
	}
	o.only = map[string]bool{}
	for _, s := range strings.Split(*only, ",") {
		s = strings.ToLower(strings.TrimSpace(s))
		switch s {
		case "p1", "p2", "p3", "p4", "scale", "p7", "p9", "p10", "p11", "p12", "micro", "claims", "analyst":
			o.only[s] = true
		case "":
		default:
			return o, fmt.Errorf("-only: unknown scenario %q (want p1, p2, p3, p4, scale, p7, p9, p10, p11, p12, micro, claims, analyst)", s)
		}
	}
	for _, s := range strings.Split(*scaleWorkers, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 || n > 8 {
			return o, fmt.Errorf("-scale-workers: %q, want numbers in 1..8", s)
		}
		o.scaleWorkers = append(o.scaleWorkers, n)
	}
	for flagName, list := range map[string]struct {
		text *string
		max  int
		out  *[]int
	}{"p9-sizes": {p9Sizes, 100_000, &o.p9Sizes}, "p9-workers": {p9Workers, 8, &o.p9Workers}} {
		for _, s := range strings.Split(*list.text, ",") {
			if s = strings.TrimSpace(s); s == "" {
				continue
			}
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > list.max {
				return o, fmt.Errorf("-%s: %q, want numbers in 1..%d", flagName, s, list.max)
			}
			*list.out = append(*list.out, n)
		}
	}
	if len(o.p9Sizes) == 0 && o.p9KillN == 0 && o.p9ClusterWorkers == 0 {
		return o, fmt.Errorf("-p9-sizes: empty, -p9-kill 0 and -p9-cluster-workers 0: P9 would run nothing")
	}
	if o.p12Lines < 1 || o.p12Every <= 0 || o.p12Followers < 1 || o.p12Analyses < 1 {
		return o, fmt.Errorf("-p12-lines %d, -p12-every %s, -p12-followers %d, -p12-analyses %d: want each 1 or more (every: a positive duration)",
			o.p12Lines, o.p12Every, o.p12Followers, o.p12Analyses)
	}
	if o.p9ClusterWorkers < 0 || o.p9ClusterWorkers > 8 || o.p9ClusterN < 1 {
		return o, fmt.Errorf("-p9-cluster-workers %d, -p9-cluster-n %d: want 0..8 workers and 1 or more analyses", o.p9ClusterWorkers, o.p9ClusterN)
	}
	if o.p9KillN < 0 || o.p9KillAfter <= 0 {
		return o, fmt.Errorf("-p9-kill: %d and -p9-kill-after: %s, want 0 or more and a positive duration", o.p9KillN, o.p9KillAfter)
	}
	for _, p := range strings.Split(*pollers, ",") {
		p = strings.TrimSpace(p)
		if n, err := strconv.Atoi(p); (err != nil || n < 2) && p != "default" && p != "autoscale" {
			return o, fmt.Errorf("-p3-pollers: %q, want default, autoscale or a number of at least 2", p)
		}
		o.p3Pollers = append(o.p3Pollers, p)
	}
	for _, s := range strings.Split(*levels, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return o, fmt.Errorf("-p3-levels: %q is not a positive number", s)
		}
		o.p3Levels = append(o.p3Levels, n)
	}
	switch {
	case o.p1Steps < 2:
		return o, fmt.Errorf("-p1-steps: %d, must be at least 2", o.p1Steps)
	case o.p2Steps < 4 || o.p2Steps > 50:
		return o, fmt.Errorf("-p2-steps: %d, must be between 4 and 50 (the workflow's max_steps)", o.p2Steps)
	case o.p1Reps < 1 || o.floorN < 1 || o.p3Cells < 1:
		return o, errors.New("-p1-reps, -floor-activities and -p3-cells must be at least 1")
	case o.p4Items < 1 || o.p4Conc < 1 || o.scaleItems < 1 || o.scaleConc < 1:
		return o, errors.New("-p4-items, -p4-concurrency, -scale-items and -scale-concurrency must be at least 1")
	case o.p4Conc > 1000 || o.scaleConc > 1000:
		return o, fmt.Errorf("-p4-concurrency %d, -scale-concurrency %d: the batch allows at most 1000", o.p4Conc, o.scaleConc)
	case o.p7Reps < 1 || o.p7LoadN < 1:
		return o, errors.New("-p7-kills and -p7-load must be at least 1")
	case o.p10Reps < 1:
		return o, errors.New("-p10-kills must be at least 1")
	case o.p10Kill >= o.p10Model:
		return o, fmt.Errorf("-p10-kill-after %s must be shorter than -p10-model %s", o.p10Kill, o.p10Model)
	case o.p11Timeout < 30*time.Second || o.p11OutageFactor < 1:
		return o, errors.New("-p11-timeout must be at least 30s (SANDBOX_TIMEOUT's minimum) and -p11-outage at least 1")
	case o.p7Kill >= o.p7Cell:
		return o, fmt.Errorf("-p7-kill-after %s must be shorter than -p7-cell %s", o.p7Kill, o.p7Cell)
	}
	o.command = "make bench"
	if len(args) > 0 {
		// An empty value (-p9-sizes "") is shown, so the command runs again as it was.
		shown := slices.Clone(args)
		for i, a := range shown {
			if a == "" {
				shown[i] = `""`
			}
		}
		o.command = "go run ./cmd/bench " + strings.Join(shown, " ")
	}
	return o, nil
}

// run starts the stack, runs the chosen scenarios and writes the report.
// A failed scenario is reported and the others still run.
func run(ctx context.Context, args []string) error {
	o, err := parseOptions(args)
	if err != nil {
		return err
	}
	root, err := devstack.RepoRoot()
	if err != nil {
		return err
	}
	r := newReport(o)
	var failed []error
	if o.only["p1"] || o.only["p2"] || o.only["p3"] || o.only["p4"] || o.only["scale"] || o.only["p7"] || o.only["p9"] || o.only["p10"] || o.only["p11"] || o.only["p12"] {
		o.logf("bench: starting Temporal, versitygw and the stand-ins")
		e, err := startEnv(ctx, o, o.scripts())
		if err != nil {
			return fmt.Errorf("start the stack: %w", err)
		}
		if o.keepLogs {
			o.logf("bench: logs in %s", e.logDir)
		}
		defer e.close()
		for _, sc := range []struct {
			name string
			run  func(context.Context, *report) error
		}{{"p1", e.p1}, {"p2", e.p2}, {"p3", e.p3}, {"p4", e.p4}, {"scale", e.scaleOut}, {"p7", e.p7}, {"p9", e.p9}, {"p10", e.p10}, {"p11", e.p11}, {"p12", e.p12}} {
			if !o.only[sc.name] {
				continue
			}
			o.logf("bench: %s", strings.ToUpper(sc.name))
			start := time.Now()
			if err := sc.run(ctx, r); err != nil {
				err = fmt.Errorf("%s: %w", strings.ToUpper(sc.name), err)
				o.logf("bench: %v", err)
				r.errors = append(r.errors, err.Error())
				failed = append(failed, err)
			}
			o.logf("bench: %s took %s", strings.ToUpper(sc.name), round(time.Since(start)))
			// Write what is known so far: a later scenario may not finish.
			r.finish()
			if err := r.write(root); err != nil {
				return err
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
	}
	if o.only["micro"] {
		o.logf("bench: micro-benchmarks of package e2b")
		if err := micro(ctx, root, o, r); err != nil {
			err = fmt.Errorf("micro: %w", err)
			r.errors = append(r.errors, err.Error())
			failed = append(failed, err)
		}
	}
	if o.only["claims"] {
		o.logf("bench: the answer check on its corpus")
		if err := claimsScenario(root, o, r); err != nil {
			err = fmt.Errorf("claims: %w", err)
			r.errors = append(r.errors, err.Error())
			failed = append(failed, err)
		}
	}
	if o.only["analyst"] {
		o.logf("bench: the offline analyst on its held-out corpus")
		if err := analystScenario(ctx, root, r); err != nil {
			err = fmt.Errorf("analyst: %w", err)
			r.errors = append(r.errors, err.Error())
			failed = append(failed, err)
		}
	}
	r.finish()
	if err := r.write(root); err != nil {
		return err
	}
	return errors.Join(failed...)
}

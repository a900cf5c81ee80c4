package main

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/internal/linestats"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// scriptedModelName is the model P9's analyses ask.
const scriptedModelName = scriptedmodel.AnalystModel

// p9Input is the README's UI example: the offline analyst answers it with
// one pandas cell and a matplotlib chart in a real sandbox.
var p9Input = api.AnalysisInput{Question: "What is the average of column b?",
	Datasets: []api.Dataset{{Name: "d.csv", Content: "a,b\n1,2\n3,4\n"}}}

// p9Run is one P9 run: N analyses at once on some worker processes that
// share one pool of the server's capacity.
type p9Run struct {
	Capacity int `json:"capacity"`
	N        int `json:"n"`
	Workers  int `json:"workers"`
	// Cluster: the run was on make cluster's Temporal server (PostgreSQL),
	// not the dev server.
	Cluster bool `json:"cluster,omitempty"`
	// KilledAtS is when one worker was killed (SIGKILL) after the start,
	// and started again 10 s later; 0: no kill.
	KilledAtS         float64 `json:"killed_at_s,omitempty"`
	WallMS            int64   `json:"wall_ms"`
	PerSecond         float64 `json:"analyses_per_s"`
	Failed            int     `json:"failed"`
	HeartbeatTimeouts int     `json:"heartbeat_timeout_attempts"`
	OtherTimeouts     int     `json:"other_timeout_attempts"`
	RetriedAttempts   int     `json:"retried_attempts"`
	WorkflowTaskFails int     `json:"workflow_task_failures"`
	CapacityWaits     int     `json:"capacity_waits"`
	RefusedCreates    int     `json:"refused_creates"` // waits that cost a refused CreateSandbox
	PeakSandboxes     int     `json:"peak_running_sandboxes"`
	MachineBaseBytes  int64   `json:"machine_used_before_bytes"`
	MachinePeakBytes  int64   `json:"machine_used_peak_bytes"`
	WorkerPeakRSS     int64   `json:"worker_peak_rss_bytes"`
	CPUBusy           float64 `json:"machine_cpu_busy"` // 0..1 over the run, all cores
	// CPU splits the machine's busy CPU time between the Temporal dev
	// server, S3, the worker, this process (the local E2B server and the
	// bench) and other processes (the sandboxes' Python).
	CPU cpuSplit `json:"cpu"`
	// SlotOccupancy is the sandbox time of all analyses (create done to
	// kill done) over peak sandboxes × wall: how much of the capacity held
	// a sandbox.
	SlotOccupancy float64 `json:"slot_occupancy"`
	// TurnToSandboxMS: from the line's turn signal to the analysis'
	// sandbox created, p50 and p95.
	TurnToSandboxMS [2]int64 `json:"turn_to_sandbox_ms_p50_p95"`
	// IdleMS is the time a sandbox slot was free for an analysis while it
	// waited in line (internal/linestats), p50, p99 and the most; from
	// its join, and IdleFromStartMS from its start (the wait for its
	// first workflow task too). IdleJoinOrderMS is IdleMS with the free
	// slots given in the order of the join markers, as P9 counted before
	// 2026-11-27 (linestats.IdleInJoinOrder).
	IdleMS          [3]int64 `json:"idle_while_waiting_ms_p50_p99_max"`
	IdleFromStartMS [3]int64 `json:"idle_from_start_ms_p50_p99_max"`
	IdleJoinOrderMS [3]int64 `json:"idle_in_join_order_ms_p50_p99_max"`
	// IdleByPhase sums IdleMS over the analyses by where each one's turn
	// was (linestats.Phases): the release on its way to the line, the
	// line's workflow task, the turn's signal, the analysis' workflow
	// task, the create's pickup.
	IdleByPhase linestats.PhaseTimes `json:"idle_by_phase_ns"`
	// Worst are the three analyses that idled longest, each with its idle
	// time by phase and when (after the start) the line sent its turn.
	Worst          []string `json:"worst_idle,omitempty"`
	sandboxSeconds float64
	turnToSandbox  []time.Duration
	waits          []linestats.Wait
	FirstError     string `json:"first_error,omitempty"`
	// Troubles says when, after the run's start, timed-out attempts and
	// failed workflow tasks happened, and of which activity types.
	Troubles *p9Troubles `json:"troubles,omitempty"`
}

// p9Troubles places a run's timed-out attempts and failed workflow tasks
// in time.
type p9Troubles struct {
	ByActivity map[string]int `json:"timed_out_by_activity,omitempty"`
	// WorkflowTasks counts failed workflow tasks by cause (a timeout's
	// type, or the failure's cause).
	WorkflowTasks map[string]int `json:"failed_workflow_tasks,omitempty"`
	FirstS        float64        `json:"first_s"`
	LastS         float64        `json:"last_s"`
}

// trouble records a timed-out attempt (of activityType) or a failed
// workflow task (activityType "", of cause) at, in a run that began at
// start.
func (r *p9Run) trouble(start, at time.Time, activityType, cause string) {
	s := at.Sub(start).Seconds()
	if r.Troubles == nil {
		r.Troubles = &p9Troubles{ByActivity: map[string]int{}, WorkflowTasks: map[string]int{}, FirstS: s}
	}
	t := r.Troubles
	if activityType != "" {
		t.ByActivity[activityType]++
	} else {
		t.WorkflowTasks[cause]++
	}
	t.FirstS, t.LastS = min(t.FirstS, s), max(t.LastS, s)
}

// whereTimeWent says how much of the capacity held a sandbox, how soon an
// analysis had its sandbox after its turn, and where the machine's CPU
// went.
func (r *p9Run) whereTimeWent() string {
	return fmt.Sprintf("held %.0f%%; turn to sandbox p50 %d ms, p95 %d ms; idle while waiting, summed by where the turn was: %s; %s",
		100*r.SlotOccupancy, r.TurnToSandboxMS[0], r.TurnToSandboxMS[1], r.IdleByPhase, r.CPU)
}

// label names the run's topology: "2 workers, 300", "2 workers, 300, one killed".
func (r *p9Run) label() string {
	l := fmt.Sprintf("%d worker%s, %d", r.Workers, map[bool]string{true: "s"}[r.Workers > 1], r.N)
	if r.KilledAtS > 0 {
		l += ", one killed"
	}
	if r.Cluster {
		l += ", make cluster"
	}
	return l
}

func (t *p9Troubles) String() string {
	return fmt.Sprintf("timed-out attempts by activity: %s; failed workflow tasks by cause: %s; timeouts and failed workflow tasks from %.0f s to %.0f s after the start",
		counts(t.ByActivity), counts(t.WorkflowTasks), t.FirstS, t.LastS)
}

// counts prints a count per name, "A 1, B 2", or "none".
func counts(m map[string]int) string {
	names := slices.Sorted(maps.Keys(m))
	for i, a := range names {
		names[i] = fmt.Sprintf("%s %d", a, m[a])
	}
	return cmp.Or(strings.Join(names, ", "), "none")
}

// p9 runs N analyses of the offline analyst with the real local sandbox
// (real Python under bubblewrap, with the server's default limits), all
// submitted at once to worker processes that share one pool of the
// server's default capacity: for each size, on one worker (the baseline)
// and on two (make run's default), and once more on two with one of them
// killed mid-way.
func (e *env) p9(ctx context.Context, r *report) error {
	o := e.opts
	srv, url, done, err := e.realSandboxes("p9")
	if err != nil {
		return err
	}
	defer done()
	capacity, _ := srv.Capacity()

	type point struct {
		workers, n int
		cluster    bool
	}
	var points []point
	for _, n := range o.p9Sizes {
		for _, w := range o.p9Workers {
			points = append(points, point{w, n, false})
		}
	}
	for _, w := range e.p9ClusterWorkers() {
		points = append(points, point{w, o.p9ClusterN, true})
	}
	cluster := &p9Cluster{logf: o.logf}
	defer cluster.stop()
	var runs []p9Run
	var rows []string
	for i := range len(points) + 1 {
		p, kill := point{2, o.p9KillN, false}, true
		if i < len(points) {
			p, kill = points[i], false
		} else if o.p9KillN == 0 {
			break
		}
		// The run's env: the bench's, or a copy of it on the cluster.
		e, err := cluster.on(ctx, e, p.cluster)
		if err != nil {
			o.logf("bench: P9: %v", err)
			continue
		}
		// Each run has workers, a task queue and a pool (so a line) of its
		// own: a line whose last workers stopped would wait for their
		// sticky queues first.
		name := fmt.Sprintf("p9-%d-%dw-%d", i, p.workers, p.n)
		vars := map[string]string{"E2B_API_URL": url, "E2B_SANDBOX_URL": url, "OPENAI_MODEL": scriptedmodel.AnalystModel,
			"SANDBOX_CAPACITY": strconv.Itoa(capacity), "SANDBOX_POOL": "bench-" + name}
		var ws []*workerProc
		for range p.workers {
			w, err := e.startWorkerEnv(ctx, name, 0, 0, "", vars)
			if err != nil {
				stopAll(ws)
				return err
			}
			ws = append(ws, w)
		}
		var killAfter time.Duration
		if kill {
			killAfter = o.p9KillAfter
		}
		run, err := e.p9Once(ctx, srv, ws, name, name, capacity, p.n, killAfter, vars)
		stopAll(ws)
		if err != nil {
			return err
		}
		run.Cluster = p.cluster
		runs = append(runs, run)
		row := fmt.Sprintf("%s analyses: %.2f/s, wall %s, %d failed, %d heartbeat-timeout attempts, %d retried attempts, %d workflow task failures, "+
			"idle while waiting p50 %d ms, p99 %d ms, most %d ms (from the start: p99 %d ms; in the join markers' order: p99 %d ms), %d creates refused by E2B, peak %d sandboxes, machine memory %s → peak %s, worker peak RSS %s, CPU %.0f%% busy",
			run.label(), run.PerSecond, round(time.Duration(run.WallMS)*time.Millisecond), run.Failed, run.HeartbeatTimeouts, run.RetriedAttempts,
			run.WorkflowTaskFails, run.IdleMS[0], run.IdleMS[1], run.IdleMS[2], run.IdleFromStartMS[1], run.IdleJoinOrderMS[1], run.RefusedCreates, run.PeakSandboxes,
			sizeStr(int(run.MachineBaseBytes)), sizeStr(int(run.MachinePeakBytes)), sizeStr(int(run.WorkerPeakRSS)), 100*run.CPUBusy)
		row += "; " + run.whereTimeWent()
		if run.FirstError != "" {
			row += "; first failure: " + run.FirstError
		}
		rows = append(rows, row)
		o.logf("bench: P9 %s", row)
		for _, w := range run.Worst {
			o.logf("bench: P9   %s", w)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	if len(runs) == 0 {
		return cluster.err
	}
	r.details["p9"] = map[string]any{"runs": runs, "capacity": capacity, "limits": "1024 MiB memory, 2 CPUs, 1024 pids, 10 GiB disk, 512 MiB /dev/shm"}
	// The goals: two workers keep one worker's throughput, the kill costs
	// at most a tenth of it, nothing fails and no slot idles for a waiter.
	met := cluster.err == nil
	perSecond := map[point]float64{}
	for _, run := range runs {
		if run.KilledAtS == 0 {
			perSecond[point{run.Workers, run.N, run.Cluster}] = run.PerSecond
		}
	}
	for _, run := range runs {
		idleGoal := 2 * time.Second
		if run.KilledAtS > 0 {
			idleGoal = 10 * time.Second
			if base := perSecond[point{2, run.N, false}]; base > 0 && run.PerSecond < 0.9*base {
				met = false
			}
		}
		if one := perSecond[point{1, run.N, run.Cluster}]; run.Workers >= 2 && run.KilledAtS == 0 && one > 0 && run.PerSecond < 0.95*one {
			met = false
		}
		if run.Failed > 0 || time.Duration(run.IdleMS[1])*time.Millisecond > idleGoal {
			met = false
		}
	}
	head := runs[0]
	for _, run := range runs {
		if run.Workers >= 2 && run.KilledAtS == 0 && !run.Cluster && run.N >= head.N {
			head = run
		}
	}
	r.add(figure{Scenario: "P9", Name: fmt.Sprintf("real analyses at once (offline analyst, real Python under bubblewrap), capacity %d shared by all workers; headline: %s", capacity, head.label()),
		Goal:  "2 workers ≥ 0.95 × 1 worker's throughput at each N (on make cluster: its workers ≥ 0.95 × 1 worker there); 0 failed; idle while waiting p99 ≤ 2 s; one of 2 workers killed: 0 failed, throughput within 10% of the run without the kill, idle p99 ≤ 10 s",
		Value: head.PerSecond, Unit: "analyses/s", Met: ptr(met), Measured: strings.Join(rows, "; ")})
	return cluster.err
}

// realSandboxes starts a local E2B server that runs real Python (under
// bubblewrap), with its sandboxes under /var/tmp, and returns it, its URL
// and what stops it.
func (e *env) realSandboxes(name string) (*e2blocal.Server, string, func(), error) {
	root, err := os.MkdirTemp("/var/tmp", "bench-"+name+"-")
	if err != nil {
		return nil, "", nil, err
	}
	// The sandboxes' own unprivileged users must reach their dirs under it.
	if err := os.Chmod(root, 0o711); err != nil {
		os.RemoveAll(root)
		return nil, "", nil, err
	}
	srv, err := e2blocal.New(e2blocal.Config{APIKey: benchE2BKey, Logger: e.log, Root: filepath.Join(root, "sandboxes"),
		DefaultTimeout: 10 * time.Minute})
	if err != nil {
		os.RemoveAll(root)
		return nil, "", nil, fmt.Errorf("real local sandbox server: %w", err)
	}
	done := func() { srv.Close(); os.RemoveAll(root) }
	url, err := e.serve(srv.Handler())
	if err != nil {
		done()
		return nil, "", nil, err
	}
	return srv, url, done, nil
}

// stopAll stops worker processes.
func stopAll(ws []*workerProc) {
	for _, w := range ws {
		w.stop()
	}
}

// p9Once submits n analyses at once at capacity c to the workers and
// waits for all. With killAfter, the first worker is killed that long
// after the start and started again (with vars) 10 s later.
func (e *env) p9Once(ctx context.Context, srv *e2blocal.Server, ws []*workerProc, tq, prefix string, c, n int, killAfter time.Duration, vars map[string]string) (p9Run, error) {
	run := p9Run{Capacity: c, N: n, Workers: len(ws)}
	run.MachineBaseBytes = machineUsed()
	busy0, total0 := cpuTimes()
	pids := make([]int, len(ws))
	for i, w := range ws {
		pids[i] = w.cmd.Process.Pid
	}
	meter := e.cpuMeter(pids...)
	stopPeak := ws[len(ws)-1].watchPeak() // the one not killed
	var peakMu sync.Mutex
	var samples []linestats.Sample
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for i := 0; ; i++ {
			_, running := srv.Capacity()
			peakMu.Lock()
			samples = append(samples, linestats.Sample{At: time.Now(), Running: running})
			run.PeakSandboxes = max(run.PeakSandboxes, running)
			if i%10 == 0 {
				run.MachinePeakBytes = max(run.MachinePeakBytes, machineUsed())
			}
			peakMu.Unlock()
			select {
			case <-stopSampling:
				return
			case <-time.After(25 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	var restarted *workerProc
	killDone := make(chan struct{})
	go func() {
		defer close(killDone)
		if killAfter <= 0 {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(killAfter):
		}
		ws[0].kill()
		run.KilledAtS = time.Since(start).Seconds()
		select {
		case <-ctx.Done():
			return
		case <-time.After(10 * time.Second):
		}
		w, err := e.startWorkerEnv(ctx, tq, 0, 0, "", vars)
		if err != nil {
			e.opts.logf("bench: P9: the killed worker did not start again: %v", err)
			return
		}
		restarted = w
	}()
	errs := make([]error, n)
	handles := make([]client.WorkflowRun, n)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 32)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("%s-%04d", prefix, i)
			sem <- struct{}{}
			defer func() { <-sem }()
			handles[i], errs[i] = e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq, WorkflowExecutionTimeout: 2 * time.Hour},
				api.AnalysisWorkflowName, p9Input)
		}()
	}
	wg.Wait()
	submitted := 0
	for _, err := range errs {
		if err == nil {
			submitted++
		}
	}
	// Completion is a visibility count each second, not a long poll per
	// analysis: a thousand waiting GetWorkflowResult calls re-poll every
	// 20 s, some 50 history reads a second that the dev server would
	// spend on the client, not on the analyses.
	wall, err := e.p9AwaitClosed(ctx, start, submitted)
	<-killDone
	defer restarted.stop()
	if err != nil {
		return run, err
	}
	for i, h := range handles {
		if errs[i] != nil {
			continue
		}
		var res api.AnalysisResult
		if err := h.Get(ctx, &res); err != nil {
			errs[i] = err
		} else if !strings.Contains(res.Answer, "The average of b is 3") {
			errs[i] = fmt.Errorf("answer %q", res.Answer)
		}
	}
	if busy1, total1 := cpuTimes(); total1 > total0 {
		run.CPUBusy = float64(busy1-busy0) / float64(total1-total0)
	}
	run.CPU = meter.stop()
	close(stopSampling)
	<-sampled
	peak := stopPeak()
	run.WorkerPeakRSS = peak.RSSBytes
	run.WallMS = wall.Milliseconds()
	run.PerSecond = float64(n) / wall.Seconds()
	for i, err := range errs {
		if err != nil {
			run.Failed++
			if run.FirstError == "" {
				run.FirstError = fmt.Sprintf("%s-%04d: %v", prefix, i, err)
			}
		}
		if err := e.p9History(ctx, fmt.Sprintf("%s-%04d", prefix, i), &run, start); err != nil {
			return run, err
		}
	}
	lr := linestats.NewLineReader()
	var dump []byte
	var dumpErr error
	if err := linestats.EachLineEvent(ctx, e.client, admission.LineWorkflowID(vars["SANDBOX_POOL"]), func(_ int, ev *historypb.HistoryEvent) {
		lr.Add(ev)
		if e.opts.p9LineDump != "" && dumpErr == nil {
			b, err := protojson.Marshal(ev)
			dump, dumpErr = append(append(dump, b...), '\n'), err
		}
	}); err != nil {
		return run, err
	}
	if dumpErr != nil {
		return run, fmt.Errorf("dump the line's history: %w", dumpErr)
	}
	if e.opts.p9LineDump != "" {
		if err := os.WriteFile(e.opts.p9LineDump+prefix+".jsonl", dump, 0o644); err != nil {
			return run, err
		}
	}
	for i := range run.waits {
		lr.Fill(&run.waits[i])
	}
	run.IdleByPhase = linestats.Phases(samples, run.waits, c)
	if run.PeakSandboxes > 0 {
		run.SlotOccupancy = run.sandboxSeconds / (float64(run.PeakSandboxes) * wall.Seconds())
	}
	if d := run.turnToSandbox; len(d) > 0 {
		run.TurnToSandboxMS = [2]int64{linestats.Quantile(d, 0.5).Milliseconds(), linestats.Quantile(d, 0.95).Milliseconds()}
	}
	quantiles := func(idle map[string]time.Duration) [3]int64 {
		ds := make([]time.Duration, 0, len(run.waits))
		for _, w := range run.waits {
			ds = append(ds, idle[w.ID])
		}
		return [3]int64{linestats.Quantile(ds, 0.5).Milliseconds(), linestats.Quantile(ds, 0.99).Milliseconds(), linestats.Quantile(ds, 1).Milliseconds()}
	}
	run.IdleMS = quantiles(linestats.Idle(samples, run.waits, c, false))
	run.IdleFromStartMS = quantiles(linestats.Idle(samples, run.waits, c, true))
	run.IdleJoinOrderMS = quantiles(linestats.IdleInJoinOrder(samples, run.waits, c))
	run.Worst = worstIdle(linestats.PhasesOf(samples, run.waits, c), run.waits, start, 3)
	return run, nil
}

// worstIdle describes the k analyses that idled longest: their idle time
// by phase, and when after start the line sent each its turn.
func worstIdle(phases map[string]linestats.PhaseTimes, waits []linestats.Wait, start time.Time, k int) []string {
	total := func(p linestats.PhaseTimes) (d time.Duration) {
		for _, x := range p {
			d += x
		}
		return d
	}
	order := slices.Clone(waits)
	slices.SortStableFunc(order, func(a, b linestats.Wait) int { return cmp.Compare(total(phases[b.ID]), total(phases[a.ID])) })
	var out []string
	for _, w := range order[:min(k, len(order))] {
		p := phases[w.ID]
		turn := "its turn came with its join's answer"
		if !w.TurnSent.IsZero() {
			turn = fmt.Sprintf("the line sent its turn at +%.1f s", w.TurnSent.Sub(start).Seconds())
		}
		out = append(out, fmt.Sprintf("%s idled %.2f s: %s; %s", w.ID, total(p).Seconds(), p, turn))
	}
	return out
}

// p9AwaitClosed waits until n analyses started since start have closed,
// asking the server's visibility each second, and returns the time they
// took.
func (e *env) p9AwaitClosed(ctx context.Context, start time.Time, n int) (time.Duration, error) {
	q := fmt.Sprintf("WorkflowType = '%s' AND ExecutionStatus != 'Running' AND StartTime >= '%s'",
		api.AnalysisWorkflowName, start.Add(-time.Second).UTC().Format(time.RFC3339Nano))
	for {
		resp, err := e.client.CountWorkflow(ctx, &workflowservice.CountWorkflowExecutionsRequest{Query: q})
		if err != nil {
			return 0, fmt.Errorf("count closed analyses (%s): %w", q, err)
		}
		if resp.GetCount() >= int64(n) {
			return time.Since(start), nil
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// p9History adds what an analysis' history shows: timed-out and retried
// activity attempts, failed workflow tasks (a deadlock warning fails one),
// waits for a sandbox and the creates refused for capacity among them,
// its sandbox time, and how soon a wake brought it a sandbox.
func (e *env) p9History(ctx context.Context, id string, run *p9Run, start time.Time) error {
	types := map[int64]string{} // scheduled event id -> activity type
	var created, turned time.Time
	wr := linestats.NewWaitReader(id)
	it := e.client.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		if err != nil {
			return fmt.Errorf("history of %s: %w", id, err)
		}
		wr.Add(ev)
		timeout := func(t enumspb.TimeoutType, scheduled int64) {
			if t == enumspb.TIMEOUT_TYPE_HEARTBEAT {
				run.HeartbeatTimeouts++
			} else {
				run.OtherTimeouts++
			}
			run.trouble(start, ev.GetEventTime().AsTime(), types[scheduled], "")
		}
		switch ev.GetEventType() {
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
			types[ev.GetEventId()] = ev.GetActivityTaskScheduledEventAttributes().GetActivityType().GetName()
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_STARTED:
			a := ev.GetActivityTaskStartedEventAttributes()
			if f := a.GetLastFailure(); f != nil {
				run.RetriedAttempts++
				if ti := f.GetTimeoutFailureInfo(); ti != nil {
					timeout(ti.GetTimeoutType(), a.GetScheduledEventId())
				}
			}
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT:
			a := ev.GetActivityTaskTimedOutEventAttributes()
			if ti := a.GetFailure().GetTimeoutFailureInfo(); ti != nil {
				timeout(ti.GetTimeoutType(), a.GetScheduledEventId())
			}
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_FAILED:
			if ev.GetActivityTaskFailedEventAttributes().GetFailure().GetApplicationFailureInfo().GetType() == api.ErrTypeSandboxCapacity {
				run.RefusedCreates++
			}
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
			at := ev.GetEventTime().AsTime()
			switch types[ev.GetActivityTaskCompletedEventAttributes().GetScheduledEventId()] {
			case "CreateSandbox":
				created = at
				if !turned.IsZero() {
					run.turnToSandbox = append(run.turnToSandbox, at.Sub(turned))
					turned = time.Time{}
				}
			case "KillSandbox":
				if !created.IsZero() {
					run.sandboxSeconds += at.Sub(created).Seconds()
					created = time.Time{}
				}
			}
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
			// The last answer of the line before the create is the turn.
			if ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName() == api.SignalSandboxTurn && created.IsZero() {
				turned = ev.GetEventTime().AsTime()
			}
		case enumspb.EVENT_TYPE_TIMER_STARTED:
			// An analysis' only timers are its waits for a sandbox: its
			// line's safety net, or a wait after E2B's 429.
			run.CapacityWaits++
		case enumspb.EVENT_TYPE_WORKFLOW_TASK_FAILED:
			run.WorkflowTaskFails++
			cause := ev.GetWorkflowTaskFailedEventAttributes().GetCause().String()
			run.trouble(start, ev.GetEventTime().AsTime(), "", strings.TrimPrefix(cause, "WORKFLOW_TASK_FAILED_CAUSE_"))
		case enumspb.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT:
			run.WorkflowTaskFails++
			t := ev.GetWorkflowTaskTimedOutEventAttributes().GetTimeoutType().String()
			run.trouble(start, ev.GetEventTime().AsTime(), "", "timed out ("+strings.TrimPrefix(t, "TIMEOUT_TYPE_")+")")
		}
	}
	if w, ok := wr.Wait(); ok {
		run.waits = append(run.waits, w)
	}
	return nil
}

// machineUsed is the machine's memory in use: MemTotal - MemAvailable.
func machineUsed() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	var total, avail int64
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		v, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "MemTotal:":
			total = v << 10
		case "MemAvailable:":
			avail = v << 10
		}
	}
	return total - avail
}

// cpuTimes reads the machine's CPU time from /proc/stat: busy (all but
// idle and iowait) and total, in clock ticks of every core.
func cpuTimes() (busy, total int64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 6 || f[0] != "cpu" {
		return 0, 0
	}
	for i, v := range f[1:] {
		n, _ := strconv.ParseInt(v, 10, 64)
		total += n
		if i != 3 && i != 4 { // idle, iowait
			busy += n
		}
	}
	return busy, total
}

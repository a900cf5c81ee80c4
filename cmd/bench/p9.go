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
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// scriptedModelName is the model P9's analyses ask.
const scriptedModelName = scriptedmodel.AnalystModel

// p9Input is the README's UI example: the offline analyst answers it with
// one pandas cell and a matplotlib chart in a real sandbox.
var p9Input = api.AnalysisInput{Question: "What is the average of column b?",
	Datasets: []api.Dataset{{Name: "d.csv", Content: "a,b\n1,2\n3,4\n"}}}

// p9Run is one P9 run: N analyses at once at one server capacity.
type p9Run struct {
	Capacity          int     `json:"capacity"`
	N                 int     `json:"n"`
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
	// WakeToSandboxMS: from a wake signal recorded to the woken analysis'
	// sandbox created, p50 and p95.
	WakeToSandboxMS [2]int64 `json:"wake_to_sandbox_ms_p50_p95"`
	sandboxSeconds  float64
	wakeToSandbox   []time.Duration
	FirstError      string `json:"first_error,omitempty"`
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

// whereTimeWent says how much of the capacity held a sandbox, how soon a
// woken analysis had its sandbox, and where the machine's CPU went.
func (r *p9Run) whereTimeWent() string {
	return fmt.Sprintf("held %.0f%%; wake to sandbox p50 %d ms, p95 %d ms; %s",
		100*r.SlotOccupancy, r.WakeToSandboxMS[0], r.WakeToSandboxMS[1], r.CPU)
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
// submitted at once, at the server's default capacity and at each fixed
// capacity of the curve, on one worker with its default MAX_SANDBOXES.
func (e *env) p9(ctx context.Context, r *report) error {
	o := e.opts
	root, err := os.MkdirTemp("/var/tmp", "bench-p9-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)
	// The sandboxes' own unprivileged users must reach their dirs under it.
	if err := os.Chmod(root, 0o711); err != nil {
		return err
	}
	srv, err := e2blocal.New(e2blocal.Config{APIKey: benchE2BKey, Logger: e.log, Root: filepath.Join(root, "sandboxes"),
		DefaultTimeout: 10 * time.Minute})
	if err != nil {
		return fmt.Errorf("real local sandbox server: %w", err)
	}
	defer srv.Close()
	def, _ := srv.Capacity()
	url, err := e.serve(srv.Handler())
	if err != nil {
		return err
	}
	const tq = "bench-p9"
	w, err := e.startWorkerEnv(ctx, tq, 0, 0, "", map[string]string{"E2B_API_URL": url, "E2B_SANDBOX_URL": url,
		"OPENAI_MODEL": scriptedmodel.AnalystModel})
	if err != nil {
		return err
	}
	defer w.stop()

	// The headline run: N at the default capacity. The curve: the default
	// capacity and each fixed one at the curve's size; when that is N, the
	// headline run is the curve's first point.
	type point struct{ capacity, n int }
	curveN := o.p9CurveN
	if curveN == 0 {
		curveN = o.p9N
	}
	points := []point{{def, o.p9N}}
	if curveN != o.p9N {
		points = append(points, point{def, curveN})
	}
	for _, c := range o.p9Capacities {
		points = append(points, point{c, curveN})
	}
	var runs []p9Run
	var rows []string
	for i, p := range points {
		srv.SetMaxSandboxes(p.capacity)
		run, err := e.p9Once(ctx, srv, w, tq, fmt.Sprintf("p9-%d-%d", i, p.capacity), p.capacity, p.n)
		if err != nil {
			return err
		}
		runs = append(runs, run)
		label := strconv.Itoa(p.capacity)
		if p.capacity == def {
			label += " (default)"
		}
		row := fmt.Sprintf("capacity %s, %d analyses: %.2f/s, wall %s, %d failed, %d heartbeat-timeout attempts, %d retried attempts, %d workflow task failures, "+
			"%d waits for a sandbox (%d after a refused create), peak %d sandboxes, machine memory %s → peak %s, worker peak RSS %s, CPU %.0f%% busy",
			label, p.n, run.PerSecond, round(time.Duration(run.WallMS)*time.Millisecond), run.Failed, run.HeartbeatTimeouts, run.RetriedAttempts,
			run.WorkflowTaskFails, run.CapacityWaits, run.RefusedCreates, run.PeakSandboxes, sizeStr(int(run.MachineBaseBytes)), sizeStr(int(run.MachinePeakBytes)),
			sizeStr(int(run.WorkerPeakRSS)), 100*run.CPUBusy)
		row += "; " + run.whereTimeWent()
		if run.FirstError != "" {
			row += "; first failure: " + run.FirstError
		}
		rows = append(rows, row)
		o.logf("bench: P9 %s", row)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	r.details["p9"] = map[string]any{"runs": runs, "default_capacity": def, "curve_n": curveN, "limits": "1024 MiB memory, 2 CPUs, 1024 pids, 10 GiB disk, 512 MiB /dev/shm"}
	// Throughput is compared within the curve: the runs of its size.
	best, atDefault := 0.0, 0.0
	for _, run := range runs {
		if run.N != curveN {
			continue
		}
		best = max(best, run.PerSecond)
		if run.Capacity == def && atDefault == 0 {
			atDefault = run.PerSecond
		}
	}
	d := runs[0]
	met := d.Failed == 0 && d.HeartbeatTimeouts == 0 && d.MachinePeakBytes <= 16<<30 && atDefault >= 0.8*best && o.p9N >= 1000
	r.add(figure{Scenario: "P9", Name: fmt.Sprintf("%d real analyses at once (offline analyst, real Python under bubblewrap), default capacity %d; throughput curve over fixed capacities at %d analyses each", o.p9N, def, curveN),
		Goal:  "N = 1,000: 0 failed, 0 heartbeat-timeout attempts, peak machine memory ≤ 16 GB, throughput at the default capacity within 20% of the best fixed capacity",
		Value: d.PerSecond, Unit: "analyses/s", Met: ptr(met), Measured: strings.Join(rows, "; ")})
	return nil
}

// p9Once submits n analyses at once at capacity c and waits for all.
func (e *env) p9Once(ctx context.Context, srv *e2blocal.Server, w *workerProc, tq, prefix string, c, n int) (p9Run, error) {
	run := p9Run{Capacity: c, N: n}
	run.MachineBaseBytes = machineUsed()
	busy0, total0 := cpuTimes()
	meter := newCPUMeter(e.temporal.Address, e.s3.Endpoint, w.cmd.Process.Pid)
	stopPeak := w.watchPeak()
	var peakMu sync.Mutex
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			_, running := srv.Capacity()
			used := machineUsed()
			peakMu.Lock()
			run.PeakSandboxes = max(run.PeakSandboxes, running)
			run.MachinePeakBytes = max(run.MachinePeakBytes, used)
			peakMu.Unlock()
			select {
			case <-stopSampling:
				return
			case <-time.After(250 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
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
	if run.PeakSandboxes > 0 {
		run.SlotOccupancy = run.sandboxSeconds / (float64(run.PeakSandboxes) * wall.Seconds())
	}
	if d := run.wakeToSandbox; len(d) > 0 {
		slices.Sort(d)
		run.WakeToSandboxMS = [2]int64{d[len(d)/2].Milliseconds(), d[len(d)*95/100].Milliseconds()}
	}
	return run, nil
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
	var created, woken time.Time
	it := e.client.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		if err != nil {
			return fmt.Errorf("history of %s: %w", id, err)
		}
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
				if !woken.IsZero() {
					run.wakeToSandbox = append(run.wakeToSandbox, at.Sub(woken))
					woken = time.Time{}
				}
			case "KillSandbox":
				if !created.IsZero() {
					run.sandboxSeconds += at.Sub(created).Seconds()
					created = time.Time{}
				}
			}
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
			if ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName() == activities.SignalSandboxFreed && woken.IsZero() {
				woken = ev.GetEventTime().AsTime()
			}
		case enumspb.EVENT_TYPE_TIMER_STARTED:
			// An analysis' only timers are its waits for a sandbox, after a
			// refused create or its worker's line (AdmitSandbox).
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

package e2e

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"

	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/linestats"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// occupancy samples the local server's running sandboxes until stopped.
type occupancy struct {
	mu      sync.Mutex
	at      []time.Time
	running []int
	stop    chan struct{}
	done    chan struct{}
}

func sampleOccupancy(e *env) *occupancy {
	o := &occupancy{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(o.done)
		for {
			_, n := e.E2B.Capacity()
			o.mu.Lock()
			o.at, o.running = append(o.at, time.Now()), append(o.running, n)
			o.mu.Unlock()
			select {
			case <-o.stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return o
}

func (o *occupancy) finish() { close(o.stop); <-o.done }

func (o *occupancy) peak() int {
	return slices.Max(o.running)
}

func (o *occupancy) samples() []linestats.Sample {
	out := make([]linestats.Sample, len(o.at))
	for i := range o.at {
		out[i] = linestats.Sample{At: o.at[i], Running: o.running[i]}
	}
	return out
}

// lineRun is what one analysis' history says of its wait: when it began,
// and when its sandbox's create began and ended (the create that got it).
type lineRun struct {
	linestats.Wait
	turns    int // sandbox-turn signals
	refusals int // creates refused all the same (E2B's 429)
	timeouts int
}

func readLineRun(t *testing.T, e *env, id string) lineRun {
	t.Helper()
	var r lineRun
	wr := linestats.NewWaitReader(id)
	scheduled := map[int64]string{}
	it := e.Temporal.GetWorkflowHistory(context.Background(), id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		wr.Add(ev)
		switch ev.GetEventType() {
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
			scheduled[ev.GetEventId()] = ev.GetActivityTaskScheduledEventAttributes().GetActivityType().GetName()
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_FAILED:
			s := ev.GetActivityTaskFailedEventAttributes().GetScheduledEventId()
			if scheduled[s] == "CreateSandbox" {
				r.refusals++
			}
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT:
			r.timeouts++
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
			if ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName() == api.SignalSandboxTurn {
				r.turns++
			}
		}
	}
	var ok bool
	r.Wait, ok = wr.Wait()
	require.True(t, ok, "analysis %s: no create completed", id)
	return r
}

// lineLoad runs n real analyses (the offline analyst, Python under
// bubblewrap) at once on worker processes of the real binary sharing one
// pool of capacity sandboxes; kill, if set, is called with the workers
// once the load runs. It returns each analysis' idle time and checks
// that all completed and the pool never ran more than its capacity.
func lineLoad(t *testing.T, prefix string, n, capacity, workers int, kill func([]*workerProcess)) []time.Duration {
	e := newEnv(t, func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel; c.SandboxCapacity = capacity })
	e.E2B.SetMaxSandboxes(capacity)
	cfg := e.Config
	cfg.TaskQueue = prefix + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	e.TaskQueue = cfg.TaskQueue // the analyses go to the processes, not the env's worker
	procs := make([]*workerProcess, workers)
	for i := range procs {
		procs[i] = startWorkerProcess(t, workerEnv(cfg))
	}
	// The turns this load is granted are counted from the line's count
	// before it (a line is the pool's, not the test's).
	lineID := poolLine(cfg)
	var before admission.LineStatus
	v, err := e.Temporal.QueryWorkflow(context.Background(), lineID, "", api.SandboxLineQuery)
	require.NoError(t, err, "the line before the load")
	require.NoError(t, v.Get(&before))
	o := sampleOccupancy(e)
	if kill != nil {
		go kill(procs)
	}
	start := time.Now()
	ids, errs := startLoad(t, e, prefix, n, nil)
	wall := time.Since(start)
	o.finish()

	var runs []lineRun
	failed, refusals, timeouts, turns := 0, 0, 0, 0
	for i, id := range ids {
		if errs[i] != nil {
			failed++
			t.Errorf("analysis %s: %v", id, errs[i])
			continue
		}
		r := readLineRun(t, e, id)
		runs = append(runs, r)
		refusals += r.refusals
		timeouts += r.timeouts
		turns += r.turns
	}
	require.Zero(t, failed, "failed analyses")
	lr := linestats.NewLineReader()
	require.NoError(t, linestats.EachLineEvent(context.Background(), e.Temporal, lineID, func(_ int, ev *historypb.HistoryEvent) { lr.Add(ev) }))
	waits := make([]linestats.Wait, len(runs))
	for i, r := range runs {
		waits[i] = r.Wait
		lr.Fill(&waits[i])
	}
	idle := linestats.Idle(o.samples(), waits, capacity, false)
	idleBegin := linestats.Idle(o.samples(), waits, capacity, true)
	ds := make([]time.Duration, 0, len(runs))
	var dsBegin []time.Duration
	waited := 0
	for _, r := range runs {
		ds = append(ds, idle[r.ID])
		dsBegin = append(dsBegin, idleBegin[r.ID])
		if r.CreateStart.Sub(r.Begin) > time.Second {
			waited++
		}
	}
	t.Logf("%d analyses on %d workers at capacity %d: %s wall (%.2f/s), %d waited over 1 s, %d turn signals, %d creates refused by the server, %d timed-out attempts, peak %d running; idle while waiting in line p50 %s, p99 %s, max %s; from the start p50 %s, p99 %s",
		n, workers, capacity, wall.Round(time.Second), float64(n)/wall.Seconds(), waited, turns, refusals, timeouts, o.peak(),
		linestats.Quantile(ds, 0.5).Round(time.Millisecond), linestats.Quantile(ds, 0.99).Round(time.Millisecond), slices.Max(ds).Round(time.Millisecond),
		linestats.Quantile(dsBegin, 0.5).Round(time.Millisecond), linestats.Quantile(dsBegin, 0.99).Round(time.Millisecond))
	t.Logf("idle while waiting, summed by where the turn was: %s", linestats.Phases(o.samples(), waits, capacity))
	worst := slices.Clone(runs)
	slices.SortFunc(worst, func(a, b lineRun) int { return cmp.Compare(idle[b.ID], idle[a.ID]) })
	for _, r := range worst[:min(3, len(worst))] {
		t.Logf("idle %s: %s, began at +%s, joined at +%s, create at +%s..+%s, %d turn signals", r.ID, idle[r.ID].Round(time.Millisecond),
			r.Begin.Sub(start).Round(time.Millisecond), r.Joined.Sub(start).Round(time.Millisecond), r.CreateStart.Sub(start).Round(time.Millisecond), r.Created.Sub(start).Round(time.Millisecond), r.turns)
	}
	assert.LessOrEqual(t, o.peak(), capacity, "running sandboxes at peak")
	assert.Greater(t, waited, n/2, "most analyses waited: else the test proves nothing")
	assert.Zero(t, refusals, "creates the line let through but the server refused")
	// Every turn is given back (the last leaves may still be on their
	// way when the analyses close).
	var line admission.LineStatus
	assert.Eventually(t, func() bool {
		v, err := e.Temporal.QueryWorkflow(context.Background(), lineID, "", api.SandboxLineQuery)
		return err == nil && v.Get(&line) == nil && line.Holding == 0 && line.Waiting == 0
	}, 30*time.Second, 100*time.Millisecond, "the line at the end: %+v", line)
	assert.Equal(t, capacity, line.Capacity)
	if !assert.Equal(t, int64(n), line.Granted-before.Granted, "turns granted (the line had granted %d before)", before.Granted) {
		trace, grants := lineTrace(t, e, lineID)
		for id, g := range grants {
			if g > 1 {
				t.Logf("%s was granted %d turns:\n\t%s", id, g, strings.Join(trace[id], "\n\t"))
			}
		}
	}
	return ds
}

// TestTwoWorkersHundredAnalysesAtCapacityEight: 100 real analyses at once
// on two worker processes that share a pool of 8 sandboxes: all complete,
// the pool never runs more than 8, and no slot stays free while analyses
// wait: the idle time while waiting is logged per analysis, and held to
// bounds that the per-worker lines before the pool's line broke by
// minutes (stretches with no sandbox running while analyses waited). The
// goal itself (idle p99 <= 2 s) is a figure of P9 in BENCHMARKS.md, as
// timings are measured by benchmarks, not asserted by tests: here, alone
// on the quiet machine (2026-11-27, with the line joined by
// update-with-start and eager activities), p50 0.06 s, p99 and most
// 0.38 s: none waited 2 s.
func TestTwoWorkersHundredAnalysesAtCapacityEight(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	idle := lineLoad(t, "two-workers", 100, 8, 2, nil)
	assert.LessOrEqual(t, linestats.Quantile(idle, 0.5), time.Second, "idle while waiting, p50")
	assert.LessOrEqual(t, linestats.Quantile(idle, 0.9), 2*time.Second, "idle while waiting, p90")
	assert.LessOrEqual(t, slices.Max(idle), 15*time.Second, "idle while waiting, most")
}

// TestLineSurvivesAWorkerKill: one of two worker processes is killed with
// SIGKILL 20 s into 60 analyses at capacity 8 and started again 10 s
// later: all complete, the line holds the capacity, and no slot stays
// free for long while analyses wait (the line's and the analyses' tasks
// cached on the dead worker move on after Temporal's 5 s sticky timeout).
func TestLineSurvivesAWorkerKill(t *testing.T) {
	if testing.Short() {
		t.Skip("a load test")
	}
	idle := lineLoad(t, "line-kill", 60, 8, 2, func(p []*workerProcess) {
		time.Sleep(20 * time.Second)
		p[0].kill9()
		time.Sleep(10 * time.Second)
		p[0].start()
	})
	assert.LessOrEqual(t, linestats.Quantile(idle, 0.5), time.Second, "idle while waiting, p50")
	assert.LessOrEqual(t, slices.Max(idle), 30*time.Second, "idle while waiting, most")
}

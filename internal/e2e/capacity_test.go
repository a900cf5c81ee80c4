package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// capacityInput is the README's UI example: one small CSV, a question the
// offline analyst answers with one cell and a chart.
const capacityInput = `{"question": "What is the average of column b?", "datasets": [{"name": "d.csv", "content": "a,b\n1,2\n3,4\n"}]}`

// loadRun is what one analysis of a load test left in its history.
type loadRun struct {
	capacityWaits    int // waits for a sandbox: an analysis' only timers
	refusals         int // CreateSandbox failures of type SandboxCapacity
	capacityMessages []string
	timeouts         int // activity attempts that timed out (heartbeat or start-to-close)
	maxAttempt       int32
	failedAttempts   int // activity attempts that failed and were retried
	wakes            int // sandbox-freed signals from the worker
}

// readLoadRun reads an analysis' history.
func readLoadRun(t *testing.T, e *env, id string) loadRun {
	t.Helper()
	var r loadRun
	it := e.Temporal.GetWorkflowHistory(context.Background(), id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		r.add(ev)
	}
	return r
}

func (r *loadRun) add(ev *historypb.HistoryEvent) {
	switch ev.GetEventType() {
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_STARTED:
		a := ev.GetActivityTaskStartedEventAttributes()
		r.maxAttempt = max(r.maxAttempt, a.GetAttempt())
		if f := a.GetLastFailure(); f != nil {
			r.failedAttempts++
			if f.GetTimeoutFailureInfo() != nil {
				r.timeouts++
			}
		}
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_FAILED:
		f := ev.GetActivityTaskFailedEventAttributes().GetFailure()
		if f.GetApplicationFailureInfo().GetType() == api.ErrTypeSandboxCapacity {
			r.refusals++
			r.capacityMessages = append(r.capacityMessages, f.GetMessage())
		}
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT:
		r.timeouts++
	case enumspb.EVENT_TYPE_TIMER_STARTED:
		// A wait that its worker's line decided (AdmitSandbox, a local
		// activity) leaves no failed create, only its timer.
		r.capacityWaits++
	case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
		if ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName() == activities.SignalSandboxFreed {
			r.wakes++
		}
	}
}

// startLoad starts n analyses at once and waits for all; it returns their
// ids and results (an error for one that failed). before, if not nil, is
// called before analysis i is started.
func startLoad(t *testing.T, e *env, prefix string, n int, before func(i int)) ([]string, []error) {
	t.Helper()
	var in api.AnalysisInput
	require.NoError(t, json.Unmarshal([]byte(capacityInput), &in))
	ids := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		ids[i] = fmt.Sprintf("%s-%03d", prefix, i)
		if before != nil {
			before(i)
		}
		run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
			ID: ids[i], TaskQueue: e.TaskQueue, WorkflowExecutionTimeout: 30 * time.Minute,
		}, api.AnalysisWorkflowName, in)
		require.NoError(t, err)
		wg.Add(1)
		go func() {
			defer wg.Done()
			var res api.AnalysisResult
			errs[i] = run.Get(context.Background(), &res)
			if errs[i] == nil && !strings.Contains(res.Answer, "The average of b is 3") {
				errs[i] = fmt.Errorf("answer %q", res.Answer)
			}
		}()
	}
	wg.Wait()
	return ids, errs
}

// peakRunning samples the local server's running sandboxes until stop.
func peakRunning(e *env) (stop func() int) {
	var peak atomic.Int64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			_, n := e.E2B.Capacity()
			if int64(n) > peak.Load() {
				peak.Store(int64(n))
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return func() int { close(done); <-finished; return int(peak.Load()) }
}

// TestCapacityWaitsForASandbox: the local E2B server holds one sandbox,
// three analyses arrive at once; creates over it get E2B's 429, the
// analyses wait (SandboxCapacity, no retry attempt spent), the worker
// wakes them in turn as it kills each sandbox, and all complete.
func TestCapacityWaitsForASandbox(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel })
	e.E2B.SetMaxSandboxes(1)
	stop := peakRunning(e)
	ids, errs := startLoad(t, e, "capacity-429", 3, nil)
	peak := stop()
	waits, most, mostWaits := 0, 0, 0
	for i, id := range ids {
		require.NoError(t, errs[i], "analysis %s", id)
		r := readLoadRun(t, e, id)
		waits += r.capacityWaits
		for _, m := range r.capacityMessages {
			assert.Regexp(t, `maximum number of concurrent E2B sandboxes \(1\)|a sandbox this worker freed is held for an analysis that has waited longer`, m, "analysis %s", id)
		}
		assert.Zero(t, r.timeouts, "analysis %s: timed-out attempts", id)
		if r.capacityWaits > 0 {
			// Its fallback asks only after 32 s; the sandbox before it
			// is killed within seconds.
			assert.Positive(t, r.wakes, "analysis %s waited and was never woken", id)
		}
		// Of two that waited as long, the one whose worker's line made it
		// wait without a create (the newest path) is kept.
		if r.capacityWaits > mostWaits || (r.capacityWaits == mostWaits && r.capacityWaits > r.refusals) {
			most, mostWaits = i, r.capacityWaits
		}
	}
	assert.Positive(t, waits, "no create was refused: the test proves nothing")
	assert.LessOrEqual(t, peak, 1, "running sandboxes at peak")
	// The replay gate keeps the history that waited longest.
	desc, err := e.Temporal.DescribeWorkflowExecution(context.Background(), ids[most], "")
	require.NoError(t, err)
	saveHistory(t, e, ids[most], desc.GetWorkflowExecutionInfo().GetExecution().GetRunId(), "analysis-capacity-wait.json")
}

// TestWorkerMaxSandboxesQueues: the worker's own bound (MAX_SANDBOXES=1)
// keeps it to one live sandbox with the server unbounded. The second and
// third analyses arrive once the first has its sandbox, so the worker's
// line (AdmitSandbox) makes them wait without a create.
func TestWorkerMaxSandboxesQueues(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel; c.MaxSandboxes = 1 })
	e.E2B.SetMaxSandboxes(-1)
	stop := peakRunning(e)
	ids, errs := startLoad(t, e, "worker-bound", 3, func(i int) {
		if i == 1 {
			require.Eventually(t, func() bool { _, n := e.E2B.Capacity(); return n == 1 }, 30*time.Second, 10*time.Millisecond,
				"the first analysis never had its sandbox")
		}
	})
	peak := stop()
	waits := 0
	for i, id := range ids {
		require.NoError(t, errs[i], "analysis %s", id)
		r := readLoadRun(t, e, id)
		waits += r.capacityWaits
		for _, m := range r.capacityMessages {
			assert.Contains(t, m, "MAX_SANDBOXES (1)", "analysis %s", id)
		}
		if i > 0 {
			assert.Positive(t, r.capacityWaits, "analysis %s came while the worker held its bound", id)
			assert.Zero(t, r.refusals, "analysis %s: its wait cost a refused create", id)
		}
	}
	assert.Positive(t, waits, "no create waited: the test proves nothing")
	assert.LessOrEqual(t, peak, 1, "running sandboxes at peak")
	// The replay gate keeps a history whose wait the line decided.
	desc, err := e.Temporal.DescribeWorkflowExecution(context.Background(), ids[2], "")
	require.NoError(t, err)
	saveHistory(t, e, ids[2], desc.GetWorkflowExecutionInfo().GetExecution().GetRunId(), "analysis-line-wait.json")
}

// TestHundredAnalysesAtCapacityEight: 100 real analyses (offline analyst,
// real Python under bubblewrap) submitted at once to a local server that
// holds 8 sandboxes: every one completes, none fails, no activity attempt
// times out, and the server never runs more than 8.
func TestHundredAnalysesAtCapacityEight(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel })
	e.E2B.SetMaxSandboxes(8)
	stop := peakRunning(e)
	ids, errs := startLoad(t, e, "hundred", 100, nil)
	peak := stop()
	failed, waits, refusals, wakes, timeouts, retried := 0, 0, 0, 0, 0, 0
	for i, id := range ids {
		if errs[i] != nil {
			failed++
			t.Errorf("analysis %s: %v", id, errs[i])
			continue
		}
		r := readLoadRun(t, e, id)
		waits += r.capacityWaits
		refusals += r.refusals
		wakes += r.wakes
		timeouts += r.timeouts
		retried += r.failedAttempts
	}
	t.Logf("100 analyses at capacity 8: %d failed, %d waits for a sandbox (%d after a refused create), %d wakes, %d attempts timed out, %d attempts retried, peak %d running",
		failed, waits, refusals, wakes, timeouts, retried, peak)
	assert.Zero(t, failed)
	assert.Zero(t, timeouts, "activity attempts that timed out")
	assert.Positive(t, waits, "no create was refused: the test proves nothing")
	assert.GreaterOrEqual(t, wakes, 80, "the 92 analyses that waited are woken by the kills, not their timers")
	// Most waits are decided by the worker's line (AdmitSandbox) without
	// a create: 5 waits followed a refused create in the run that added
	// it, 200 of 203 before it.
	assert.Less(t, refusals, waits/4, "waits that cost a refused create")
	assert.LessOrEqual(t, peak, 8, "running sandboxes at peak")
}

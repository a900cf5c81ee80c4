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

	"github.com/durable-analyst/durable-analyst/activities/admission"
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
	turns            int // sandbox-turn signals from the pool's line
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
		switch ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName() {
		case admission.SignalSandboxFreed:
			r.wakes++
		case api.SignalSandboxTurn:
			r.turns++
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

// TestCapacityWaitsForASandbox: a pool of one sandbox (the local server
// holds one, SANDBOX_CAPACITY=1), three analyses at once: they take turns
// in the pool's line, none is refused a create or times out, each that
// waited was granted its turn by the line's signal (not by a timer of its
// own), and all complete.
func TestCapacityWaitsForASandbox(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel; c.SandboxCapacity = 1 })
	e.E2B.SetMaxSandboxes(1)
	stop := peakRunning(e)
	ids, errs := startLoad(t, e, "capacity-line", 3, nil)
	peak := stop()
	queued, most, mostTurns := 0, 0, 0
	for i, id := range ids {
		require.NoError(t, errs[i], "analysis %s", id)
		r := readLoadRun(t, e, id)
		assert.Zero(t, r.refusals, "analysis %s: creates refused", id)
		assert.Zero(t, r.timeouts, "analysis %s: timed-out attempts", id)
		// A join is answered at once (the turn, or the place); a queued
		// analysis' turn comes by signal.
		assert.LessOrEqual(t, r.turns, 1, "analysis %s: turn signals", id)
		if r.turns == 1 {
			queued++
		}
		if r.turns > mostTurns {
			most, mostTurns = i, r.turns
		}
	}
	assert.Positive(t, queued, "no analysis waited: the test proves nothing")
	assert.LessOrEqual(t, peak, 1, "running sandboxes at peak")
	// The replay gate keeps the history that waited longest.
	desc, err := e.Temporal.DescribeWorkflowExecution(context.Background(), ids[most], "")
	require.NoError(t, err)
	saveHistory(t, e, ids[most], desc.GetWorkflowExecutionInfo().GetExecution().GetRunId(), "analysis-capacity-wait.json")
}

// TestLineHonoursE2BsLimit: a pool whose SANDBOX_CAPACITY (3) is above
// what E2B will run (the local server holds one, as when another client
// shares the team): E2B's 429 still holds, the analyses that got a turn
// but no sandbox wait and ask again, and all complete.
func TestLineHonoursE2BsLimit(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel; c.SandboxCapacity = 3 })
	e.E2B.SetMaxSandboxes(1)
	stop := peakRunning(e)
	ids, errs := startLoad(t, e, "capacity-429", 3, nil)
	peak := stop()
	refusals := 0
	for i, id := range ids {
		require.NoError(t, errs[i], "analysis %s", id)
		r := readLoadRun(t, e, id)
		refusals += r.refusals
		for _, m := range r.capacityMessages {
			assert.Contains(t, m, "maximum number of concurrent E2B sandboxes (1)", "analysis %s: E2B's own words", id)
		}
		assert.Zero(t, r.timeouts, "analysis %s: timed-out attempts", id)
	}
	assert.Positive(t, refusals, "no create was refused: the test proves nothing")
	assert.LessOrEqual(t, peak, 1, "running sandboxes at peak")
}

// TestJoinStartsTheLine: an analysis that finds its pool's line not
// running starts it with its join (update-with-start) and has its turn in
// the join's answer, not by a signal later.
func TestJoinStartsTheLine(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel; c.SandboxCapacity = 2 })
	ctx := context.Background()
	lineID := poolLine(e.Config)
	before, err := e.Temporal.DescribeWorkflowExecution(ctx, lineID, "")
	require.NoError(t, err, "the worker starts the line")
	require.NoError(t, e.Temporal.TerminateWorkflow(ctx, lineID, "", "test: the line does not run"))
	ids, errs := startLoad(t, e, "join-starts-line", 1, nil)
	require.NoError(t, errs[0])
	r := readLoadRun(t, e, ids[0])
	assert.Zero(t, r.turns, "the turn came by signal: the join did not start the line")
	after, err := e.Temporal.DescribeWorkflowExecution(ctx, lineID, "")
	require.NoError(t, err)
	assert.Equal(t, enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING, after.GetWorkflowExecutionInfo().GetStatus(), "the line runs again")
	assert.NotEqual(t, before.GetWorkflowExecutionInfo().GetExecution().GetRunId(), after.GetWorkflowExecutionInfo().GetExecution().GetRunId(),
		"the join started a new run of the line")
}

// TestLineHoldsThePool: with E2B unbounded, the pool's line alone
// (SANDBOX_CAPACITY=1) keeps the analyses to one sandbox; the second and
// third arrive once the first has its sandbox and wait their turns
// without a create.
func TestLineHoldsThePool(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel; c.SandboxCapacity = 1 })
	e.E2B.SetMaxSandboxes(-1)
	stop := peakRunning(e)
	ids, errs := startLoad(t, e, "line-holds", 3, func(i int) {
		if i == 1 {
			require.Eventually(t, func() bool { _, n := e.E2B.Capacity(); return n == 1 }, 30*time.Second, 10*time.Millisecond,
				"the first analysis never had its sandbox")
		}
	})
	peak := stop()
	for i, id := range ids {
		require.NoError(t, errs[i], "analysis %s", id)
		r := readLoadRun(t, e, id)
		assert.Zero(t, r.refusals, "analysis %s: creates refused", id)
		if i > 0 {
			assert.Equal(t, 1, r.turns, "analysis %s came while the pool was full: told its place at its join, then its turn by signal", id)
		} else {
			assert.Zero(t, r.turns, "analysis %s: granted at its join, no signal", id)
		}
	}
	assert.LessOrEqual(t, peak, 1, "running sandboxes at peak")
	// The replay gate keeps a history whose wait the line decided.
	desc, err := e.Temporal.DescribeWorkflowExecution(context.Background(), ids[2], "")
	require.NoError(t, err)
	saveHistory(t, e, ids[2], desc.GetWorkflowExecutionInfo().GetExecution().GetRunId(), "analysis-line-wait.json")
	// And the line's own history so far (it runs on; AUTO_UPGRADE, so
	// every later change to it must replay this).
	lineID := poolLine(e.Config)
	ld, err := e.Temporal.DescribeWorkflowExecution(context.Background(), lineID, "")
	require.NoError(t, err)
	saveHistory(t, e, lineID, ld.GetWorkflowExecutionInfo().GetExecution().GetRunId(), "sandbox-line.json")
}

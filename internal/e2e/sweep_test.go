package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/worker/setup"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// TestSweepScheduleTwoWorkers: with two workers on the task queue, both
// ensure the sweeper's schedule at start-up, yet there is one schedule, and
// a terminated workflow's sandbox is killed once, by one sweep.
func TestSweepScheduleTwoWorkers(t *testing.T) {
	e := newEnv(t)
	ctx := runCtx(t, 3*time.Minute)
	logger := e.testLogger()

	// A second worker process's worth: its own activities and worker.
	acts2, err := activities.New(ctx, e.Config, logger)
	require.NoError(t, err)
	acts2.Temporal = e.Temporal
	w2 := worker.New(e.Temporal, e.TaskQueue, worker.Options{})
	workflows.Register(w2, acts2)
	require.NoError(t, w2.Start())
	t.Cleanup(w2.Stop)

	// Both workers ensure the schedule, as worker/main.go does at start-up
	// (grace 0: the sandbox here is seconds old; 1h: no tick in the test,
	// the sweeps are triggered).
	sc := e.Temporal.ScheduleClient()
	// The second call (another worker, another interval) updates the
	// schedule the first one created.
	for _, every := range []time.Duration{2 * time.Hour, time.Hour} {
		require.NoError(t, setup.EnsureSweepSchedule(ctx, sc, e.TaskQueue, every, 0, logger))
	}
	id := setup.SweepScheduleID(e.TaskQueue)
	t.Cleanup(func() { _ = sc.GetHandle(context.Background(), id).Delete(context.Background()) })
	h := sc.GetHandle(ctx, id)
	d, err := h.Describe(ctx)
	require.NoError(t, err)
	assert.Equal(t, []client.ScheduleIntervalSpec{{Every: time.Hour}}, d.Schedule.Spec.Intervals, "the second ensure's interval, once")

	run := e.start(testID("e2e-sweep2"), api.AnalysisInput{Question: "stall then terminate", Model: "script:stall"})
	pollUntil(t, 30*time.Second, "the sandbox", func() bool { return len(e.E2B.Sandboxes()) == 1 })
	sandboxID := e.E2B.Sandboxes()[0]
	require.NoError(t, e.Temporal.TerminateWorkflow(ctx, run.GetID(), run.GetRunID(), "e2e: terminate to leave a sandbox"))

	// Two sweeps, one after the other: the first kills, the second finds
	// nothing left.
	var killed [][]string
	for i := range 2 {
		require.NoError(t, h.Trigger(ctx, client.ScheduleTriggerOptions{}))
		var wfID, runID string
		pollUntil(t, 30*time.Second, "sweep run", func() bool {
			d, err := h.Describe(ctx)
			require.NoError(t, err)
			if len(d.Info.RecentActions) <= i {
				return false
			}
			wfID, runID = d.Info.RecentActions[i].StartWorkflowResult.WorkflowID, d.Info.RecentActions[i].StartWorkflowResult.FirstExecutionRunID
			return true
		})
		var res sandboxes.SweepResult
		require.NoError(t, e.Temporal.GetWorkflow(ctx, wfID, runID).Get(ctx, &res))
		killed = append(killed, res.Killed)
		if i == 0 {
			// The replay gate keeps a sweep (the one that kills).
			saveHistory(t, e, wfID, runID, "sweep-killed-one.json")
		}
	}
	assert.Equal(t, [][]string{{sandboxID}, nil}, killed, "sandboxes killed by the first and the second sweep")
	assert.Empty(t, e.E2B.Sandboxes(), "sandboxes after the sweeps")
	assert.Equal(t, 1, strings.Count(e.Logs.String(), "sweeper killed sandbox"), "kill log lines across both workers")

	// SWEEP_INTERVAL=0 removes the schedule.
	require.NoError(t, setup.EnsureSweepSchedule(ctx, sc, e.TaskQueue, 0, 0, logger))
	_, err = h.Describe(ctx)
	assert.Error(t, err, "describe after SWEEP_INTERVAL=0")
	desc, err := e.Temporal.DescribeWorkflowExecution(ctx, run.GetID(), run.GetRunID())
	require.NoError(t, err)
	assert.Equal(t, enumspb.WORKFLOW_EXECUTION_STATUS_TERMINATED, desc.GetWorkflowExecutionInfo().GetStatus())
}

package workflows

import (
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
)

// SweepWorkflow runs one sandbox sweep. A Temporal Schedule starts it every
// SWEEP_INTERVAL (setup.EnsureSweepSchedule in worker/setup), so the cluster has one sweeper
// however many workers poll the task queue.
func SweepWorkflow(ctx workflow.Context, in sandboxes.SweepInput) (*sandboxes.SweepResult, error) {
	ctx = withActivity(ctx, sandboxes.SweepSandboxesName, "")
	var res sandboxes.SweepResult
	if err := workflow.ExecuteActivity(ctx, sandboxActs.SweepSandboxes, in).Get(ctx, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

package workflows

import (
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
)

// SweepWorkflow runs one sandbox sweep. A Temporal Schedule starts it every
// SWEEP_INTERVAL (setup.EnsureSweepSchedule in worker/setup), so the cluster has one sweeper
// however many workers poll the task queue.
func SweepWorkflow(ctx workflow.Context, in activities.SweepInput) (*activities.SweepResult, error) {
	ctx = withActivity(ctx, activities.SweepSandboxesName, "")
	var res activities.SweepResult
	if err := workflow.ExecuteActivity(ctx, acts.SweepSandboxes, in).Get(ctx, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

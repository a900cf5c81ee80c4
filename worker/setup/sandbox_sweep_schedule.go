package setup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
)

// SweepScheduleID is the id of the sweeper's schedule for a task queue.
func SweepScheduleID(taskQueue string) string {
	return "durable-analyst-sweeper-" + taskQueue
}

// EnsureSweepSchedule creates or updates the schedule that runs
// SweepWorkflow on taskQueue every interval; interval 0 deletes it (the
// sweeper is off). Every worker calls it at start-up: the calls are
// idempotent, and the last one's settings win. Overlap is SKIP (a sweep
// still running makes the next one pointless) and the catch-up window is
// one interval (missed sweeps are not made up; the next one does their work).
func EnsureSweepSchedule(ctx context.Context, sc client.ScheduleClient, taskQueue string, interval, grace time.Duration, logger *slog.Logger) error {
	id := SweepScheduleID(taskQueue)
	h := sc.GetHandle(ctx, id)
	if interval <= 0 {
		err := h.Delete(ctx)
		var nf *serviceerror.NotFound
		if err != nil && !errors.As(err, &nf) {
			return fmt.Errorf("delete sweeper schedule %s (SWEEP_INTERVAL=0): %w", id, err)
		}
		logger.Info("sandbox sweeper disabled (SWEEP_INTERVAL=0)", "schedule_id", id)
		return nil
	}
	spec := client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: interval}}}
	action := &client.ScheduleWorkflowAction{
		ID: id, Workflow: api.SweepWorkflowName, Args: []any{sandboxes.SweepInput{Grace: grace}}, TaskQueue: taskQueue,
		StaticSummary: "sandbox sweep",
	}
	window := max(interval, 10*time.Second)
	_, err := sc.Create(ctx, client.ScheduleOptions{
		ID: id, Spec: spec, Action: action,
		Overlap: enumspb.SCHEDULE_OVERLAP_POLICY_SKIP, CatchupWindow: window,
	})
	switch {
	case err == nil:
		logger.Info("sandbox sweeper schedule created", "schedule_id", id, "interval", interval, "grace", grace)
		return nil
	case !errors.Is(err, temporal.ErrScheduleAlreadyRunning):
		return fmt.Errorf("create sweeper schedule %s: %w", id, err)
	}
	err = h.Update(ctx, client.ScheduleUpdateOptions{DoUpdate: func(in client.ScheduleUpdateInput) (*client.ScheduleUpdate, error) {
		s := in.Description.Schedule
		s.Spec, s.Action = &spec, action
		if s.Policy == nil {
			s.Policy = &client.SchedulePolicies{}
		}
		s.Policy.Overlap, s.Policy.CatchupWindow = enumspb.SCHEDULE_OVERLAP_POLICY_SKIP, window
		return &client.ScheduleUpdate{Schedule: &s}, nil
	}})
	if err != nil {
		return fmt.Errorf("update sweeper schedule %s: %w", id, err)
	}
	logger.Info("sandbox sweeper schedule updated", "schedule_id", id, "interval", interval, "grace", grace)
	return nil
}

// Package setup is what a worker sets up beside its workflows and
// activities: the interceptor that moves a retried analysis off a dead
// worker's sticky queue (takeover.go) and the schedule of the sweep of
// leaked sandboxes (sandbox_sweep_schedule.go).
package setup

import (
	"context"
	"time"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/interceptor"

	"github.com/durable-analyst/durable-analyst/activities"
)

// Takeover after a worker's death, at the analysis rather than at the
// activity. A workflow's tasks go to the sticky queue of the worker that
// ran its last workflow task, which keeps the workflow in memory. When
// that worker is killed, the server does not know it: for 10 s after its
// last poll it still puts the workflow's next task on the dead worker's
// queue and moves it to the shared queue only after the sticky
// schedule-to-start timeout (5 s). So a cell whose worker was killed ran
// again elsewhere within the heartbeat timeout, and then the analysis
// waited 5 s more for its next workflow task.
//
// A retried attempt is the sign: its previous attempt's worker most
// likely died (or lost its connection). Before running a retried attempt,
// the worker clears the workflow's sticky queue (ResetStickyTaskQueue), so
// the task that follows the attempt goes to the shared queue at once and
// any live worker takes it. The cost: one RPC per retried attempt, and
// that next workflow task replays the workflow's history on the worker
// that takes it instead of using a cached copy — also when the retry had
// another cause and the old worker is alive. Retries are rare; a history
// is a few hundred KB at most (BENCHMARKS.md, P2).

// resetStickyTimeout bounds the reset, which is best effort: without it
// the workflow still moves on after the sticky schedule-to-start timeout.
const resetStickyTimeout = 2 * time.Second

// TakeoverInterceptor returns the worker interceptor that clears a
// workflow's sticky queue before a retried activity attempt runs. It needs
// a.Temporal; without it the interceptor does nothing. (A function, not a
// method: every method of Activities is registered as an activity.)
func TakeoverInterceptor(a *activities.Activities) interceptor.WorkerInterceptor {
	return &takeoverInterceptor{a: a}
}

type takeoverInterceptor struct {
	interceptor.WorkerInterceptorBase
	a *activities.Activities
}

func (t *takeoverInterceptor) InterceptActivity(ctx context.Context, next interceptor.ActivityInboundInterceptor) interceptor.ActivityInboundInterceptor {
	i := &takeoverActivity{a: t.a}
	i.Next = next
	return i
}

type takeoverActivity struct {
	interceptor.ActivityInboundInterceptorBase
	a *activities.Activities
}

func (i *takeoverActivity) ExecuteActivity(ctx context.Context, in *interceptor.ExecuteActivityInput) (any, error) {
	info := activity.GetInfo(ctx)
	if info.Attempt > 1 && i.a.Temporal != nil && info.WorkflowExecution.ID != "" {
		rctx, cancel := context.WithTimeout(ctx, resetStickyTimeout)
		_, err := i.a.Temporal.WorkflowService().ResetStickyTaskQueue(rctx, &workflowservice.ResetStickyTaskQueueRequest{
			Namespace: info.WorkflowNamespace,
			Execution: &commonpb.WorkflowExecution{WorkflowId: info.WorkflowExecution.ID, RunId: info.WorkflowExecution.RunID},
		})
		cancel()
		if err != nil {
			i.a.Log().Warn("could not clear the workflow's sticky queue before a retried attempt; its next workflow task may wait for the sticky schedule-to-start timeout",
				"workflow_id", info.WorkflowExecution.ID, "activity", info.ActivityType.Name, "attempt", info.Attempt, "error", err)
		} else {
			i.a.Log().Debug("cleared the workflow's sticky queue before a retried attempt",
				"workflow_id", info.WorkflowExecution.ID, "activity", info.ActivityType.Name, "attempt", info.Attempt)
		}
	}
	return i.Next.ExecuteActivity(ctx, in)
}

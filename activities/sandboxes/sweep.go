package sandboxes

import (
	"context"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// SweepInput is the input of SweepSandboxes and of the sweep workflow.
type SweepInput struct {
	// Grace is the age under which a sandbox is left alone (the worker's
	// schedule uses DefaultSweepGrace).
	Grace time.Duration `json:"grace"`
}

// SweepResult lists the sandboxes one sweep killed.
type SweepResult struct {
	Killed []string `json:"killed"`
}

// SweepSandboxesName is the name SweepSandboxes is registered under.
const SweepSandboxesName = "SweepSandboxes"

// SweepSandboxes runs one sweep (Sweeper.SweepOnce) as an activity, so that
// one Temporal Schedule sweeps for all workers instead of each worker
// running its own ticker. The namespace is the calling workflow's. A sweep
// is idempotent: killing a sandbox that is already gone is not an error.
func (a *Activities) SweepSandboxes(ctx context.Context, in SweepInput) (SweepResult, error) {
	if a.d.Temporal == nil || a.d.E2B == nil {
		return SweepResult{}, fault.New(api.ErrTypeBadRequest, "sweep: the worker has no Temporal or E2B client", nil, 0)
	}
	s := &Sweeper{E2B: a.d.E2B, Temporal: a.d.Temporal, Namespace: activity.GetInfo(ctx).WorkflowNamespace,
		Grace: in.Grace, Logger: a.d.Log(), Metrics: activity.GetMetricsHandler(ctx)}
	// On an error, what was killed stays killed; the retry sweeps the rest.
	killed, err := s.SweepOnce(ctx)
	return SweepResult{Killed: killed}, err
}

package sandboxes

import (
	"context"
	"errors"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
)

// A worker's own admission (wait-for-sandbox versions 1 to 3, its state in
// package admission): AdmitSandbox queues an analysis before it asks, and
// a sandbox this worker frees (KillSandbox, PauseSandbox) goes to the
// analysis that waited longest.

// AdmitSandboxInput asks whether an analysis should ask for its sandbox
// now or wait its turn in the worker's line (AdmitSandbox).
type AdmitSandboxInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	Generation int    `json:"generation"`
}

// Admission is AdmitSandbox's answer. Wait: the analysis is queued
// (Refusal says where) and waits for its wake before it asks.
type Admission struct {
	Wait    bool                      `json:"wait,omitempty"`
	Refusal admission.CapacityRefusal `json:"refusal"`
}

// AdmitSandboxName is the name AdmitSandbox is registered under.
const AdmitSandboxName = "AdmitSandbox"

// AdmitSandbox is a local activity the workflow runs before it schedules
// CreateSandbox (wait-for-sandbox version 3): when this worker's line
// says the analysis would only be refused and queued (SandboxWaiters.
// WaitTurn), it queues it here and the workflow waits for its wake at
// once. A refusal so costs the Temporal server one workflow task instead
// of an activity task and two workflow tasks, which is what a burst of a
// thousand new analyses is made of. It decides nothing for good:
// admitted, the analysis asks CreateSandbox as before, which may still
// refuse it.
func (a *Activities) AdmitSandbox(ctx context.Context, in AdmitSandboxInput) (Admission, error) {
	if in.Generation > 1 {
		return Admission{}, nil // a rebuild replaces a sandbox its analysis just lost
	}
	r, wait := a.d.Waiters.WaitTurn(in.WorkflowID, in.RunID, a.d.Sandboxes.Live(), a.d.Sandboxes.Max(), time.Now())
	if !wait {
		return Admission{}, nil
	}
	activities.Count(ctx, activities.MetricSandboxCapacityWaits, 1)
	return Admission{Wait: true, Refusal: r}, nil
}

// maxWakeTries bounds how many closed analyses one freed sandbox skips.
const maxWakeTries = 8

// wakeWaiter offers a sandbox this worker just freed to the analysis that
// has waited longest: it signals it, skipping analyses that have closed.
// A failure is logged and left to the analysis' timer: the kill or pause
// itself succeeded.
func (a *Activities) wakeWaiter(ctx context.Context) {
	if a.d.Waiters == nil || a.d.Temporal == nil {
		return
	}
	for range maxWakeTries {
		wt, ok := a.d.Waiters.Next(time.Now())
		if !ok {
			return
		}
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := a.d.Temporal.SignalWorkflow(sctx, wt.WorkflowID, wt.RunID, admission.SignalSandboxFreed, nil)
		cancel()
		if err == nil {
			activities.Count(ctx, activities.MetricSandboxWakes, 1)
			return
		}
		a.d.Waiters.Drop(wt.WorkflowID)
		var nf *serviceerror.NotFound
		if !errors.As(err, &nf) {
			activity.GetLogger(ctx).Warn("could not tell a waiting analysis that a sandbox is free; it asks again on its timer",
				"waiting_workflow_id", wt.WorkflowID, "error", err)
			return
		}
	}
}

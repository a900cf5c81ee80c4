package sandboxes

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// The two ends of a sandbox's life take part in admission (the worker's
// leases and queue, package admission; the pool's line, line.go): a
// refused CreateSandbox queues the analysis on this worker and a leased
// one skips the worker's own line; KillSandbox frees the lease, wakes the
// next analysis and gives the turn back to the line.

// SandboxRef names a sandbox made for one workflow.
type SandboxRef struct {
	SandboxID string `json:"sandbox_id"`
	// Reused is true when CreateSandbox found the sandbox an earlier attempt
	// made (its response was lost) instead of creating one.
	Reused bool `json:"reused,omitempty"`
}

// CreateSandboxInput asks for a sandbox tagged with the workflow's identity.
type CreateSandboxInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	// Generation counts sandboxes made for this run: 1 for the first, 2
	// after the first was lost, and so on. It is part of the metadata so a
	// replacement never reuses the sandbox it replaces.
	Generation int `json:"generation"`
	// ReportCapacity: when no sandbox can be had now (E2B answers 429 for
	// its concurrency limit, or this worker holds MAX_SANDBOXES), fail at
	// once with api.ErrTypeSandboxCapacity; the workflow waits and asks
	// again, and no attempt is spent. Unset (workflow code from before
	// it), such a failure is an ordinary retryable RateLimited error.
	ReportCapacity bool `json:"report_capacity,omitempty"`
	// Leased: the analysis holds a turn of its pool's line (version 4 of
	// wait-for-sandbox), which decides for every worker; this worker's
	// own line and MAX_SANDBOXES do not hold it back. E2B's 429 still
	// does (another client may share the team).
	Leased bool `json:"leased,omitempty"`
	// WakeOnFree: a refused create also queues the analysis on this
	// worker, which signals it (SignalSandboxFreed) when a sandbox it
	// holds is freed; the workflow then asks again at once.
	WakeOnFree bool `json:"wake_on_free,omitempty"`
}

// CreateSandboxName is the name CreateSandbox is registered under.
const CreateSandboxName = "CreateSandbox"

// CreateSandbox creates a sandbox tagged with the workflow's id, run and
// generation. If an earlier attempt already made one (and its response was
// lost), that sandbox is found by its metadata and reused, so a retry never
// leaks a second sandbox.
func (a *Activities) CreateSandbox(ctx context.Context, in CreateSandboxInput) (SandboxRef, error) {
	if in.WorkflowID == "" || in.RunID == "" || in.Generation < 1 {
		return SandboxRef{}, fault.New(api.ErrTypeBadRequest,
			fmt.Sprintf("create sandbox: workflow_id, run_id and generation >= 1 are required (got %q, %q, %d)", in.WorkflowID, in.RunID, in.Generation), nil, 0)
	}
	defer activities.HeartbeatWhile(ctx, "creating")()
	meta := map[string]string{
		activities.MetaWorkflowID: in.WorkflowID,
		activities.MetaRunID:      in.RunID,
		activities.MetaGeneration: strconv.Itoa(in.Generation),
		activities.MetaNamespace:  activity.GetInfo(ctx).WorkflowNamespace,
	}
	// A paused one counts too: it paused at its timeout, and Connect
	// resumes it.
	for info, err := range a.d.E2B.List(ctx, e2b.ListParams{Metadata: meta, State: []e2b.SandboxState{e2b.StateRunning, e2b.StatePaused}}) {
		if err != nil {
			return SandboxRef{}, fault.Classify(fault.ServiceE2B, "list sandboxes", err)
		}
		// Found the sandbox of a lost response: make sure it is alive and
		// renew its lifetime.
		if _, err := a.d.E2B.Connect(ctx, info.ID, a.d.SandboxTimeout); err != nil {
			if e2b.IsNotFound(err) {
				continue
			}
			return SandboxRef{}, fault.Classify(fault.ServiceE2B, "connect to sandbox "+info.ID, err)
		}
		activity.GetLogger(ctx).Info("reusing sandbox made by an earlier attempt", "sandbox_id", info.ID)
		activities.Count(ctx, activities.MetricSandboxesReused, 1)
		a.d.Waiters.Admitted(in.WorkflowID)
		return SandboxRef{SandboxID: info.ID, Reused: true}, nil
	}
	// A sandbox this worker freed and offered to the analysis that waited
	// longest is held for it: others wait their turn, except a rebuild,
	// which replaces the sandbox its analysis just lost.
	held, done := false, func(string) {}
	if !in.Leased {
		var ok bool
		ok, held = a.d.Waiters.Admit(in.WorkflowID, time.Now())
		if !ok && in.Generation == 1 {
			return SandboxRef{}, a.capacityError(ctx, in, false, "create sandbox: a sandbox this worker freed is held for an analysis that has waited longer", nil)
		}
		if ok, done = a.d.Sandboxes.Acquire(ctx, a.d.E2B); !ok {
			return SandboxRef{}, a.capacityError(ctx, in, held, fmt.Sprintf("create sandbox: this worker holds its MAX_SANDBOXES (%d) live sandboxes", a.d.Sandboxes.Max()), nil)
		}
		if a.d.Sandboxes != nil {
			meta[admission.MetaWorker] = a.d.Sandboxes.Owner()
		}
	}
	sb, err := a.d.E2B.Create(ctx, e2b.CreateParams{
		Template: a.d.Template,
		Timeout:  a.d.SandboxTimeout,
		Metadata: meta,
		// Paused at its timeout, not killed: a worker outage longer than
		// the timeout resumes the same kernel instead of rebuilding it.
		AutoPause: !a.d.SandboxKillOnTimeout,
	})
	if err != nil {
		done("")
		if e2b.IsRateLimited(err) {
			return SandboxRef{}, a.capacityError(ctx, in, held, err.Error(), fault.Classify(fault.ServiceE2B, "create sandbox", err))
		}
		return SandboxRef{}, fault.Classify(fault.ServiceE2B, "create sandbox", err)
	}
	done(sb.ID)
	a.d.Waiters.Admitted(in.WorkflowID)
	activity.GetLogger(ctx).Info("sandbox created", "sandbox_id", sb.ID, "template", a.d.Template)
	activities.Count(ctx, activities.MetricSandboxesCreated, 1)
	return SandboxRef{SandboxID: sb.ID}, nil
}

// capacityError is a create refused for capacity: E2B's 429 (msg is its
// error, with E2B's own words; classified is its classification) or the
// worker's own bound (msg). A caller that waits itself (ReportCapacity)
// gets api.ErrTypeSandboxCapacity, which no retry policy retries; an older
// caller gets the retryable RateLimited error it always got. A caller
// that asked to be woken (WakeOnFree) is queued, first if it had been
// offered a sandbox and lost it (front).
func (a *Activities) capacityError(ctx context.Context, in CreateSandboxInput, front bool, msg string, classified error) error {
	activities.Count(ctx, activities.MetricSandboxCapacityWaits, 1)
	var refusal admission.CapacityRefusal
	if in.WakeOnFree {
		refusal = a.d.Waiters.Wait(in.WorkflowID, in.RunID, front, time.Now())
	}
	if in.ReportCapacity {
		// Benign: a wait is normal operation under load, so the SDK logs it
		// at DEBUG (not as an "Activity error." at ERROR, thousands of
		// times in a burst) and its metrics do not count it as a failure.
		return temporal.NewApplicationErrorWithOptions("waiting for a sandbox: "+msg, api.ErrTypeSandboxCapacity,
			temporal.ApplicationErrorOptions{NonRetryable: true, Category: temporal.ApplicationErrorCategoryBenign, Details: []any{refusal}})
	}
	if classified != nil {
		return classified
	}
	return fault.New(api.ErrTypeRateLimited, msg, nil, 5*time.Second)
}

// KillSandboxInput names the sandbox to kill.
type KillSandboxInput struct {
	SandboxID string `json:"sandbox_id"`
	// Line and Leave, when set, give the analysis' turn back to its pool's
	// line as soon as the sandbox is gone, from the activity itself: the
	// next in line gets the turn without waiting for the analysis' next
	// workflow task (which gives it back too; a second leave is a no-op).
	Line  string                 `json:"line,omitempty"`
	Leave *admission.LineRequest `json:"leave,omitempty"`
}

// KillSandboxName is the name KillSandbox is registered under.
const KillSandboxName = "KillSandbox"

// KillSandbox kills a sandbox. A sandbox that is already gone is fine.
func (a *Activities) KillSandbox(ctx context.Context, in KillSandboxInput) error {
	if in.SandboxID == "" {
		return nil
	}
	defer activities.HeartbeatWhile(ctx, "killing")()
	gone, err := a.d.E2B.Kill(ctx, in.SandboxID)
	if err != nil {
		return fault.Classify(fault.ServiceE2B, "kill sandbox "+in.SandboxID, err)
	}
	a.d.Sandboxes.Forget(in.SandboxID)
	if gone {
		activities.Count(ctx, activities.MetricSandboxesKilled, 1)
		a.wakeWaiter(ctx)
	}
	a.leaveLine(ctx, in.Line, in.Leave)
	return nil
}

// leaveLine gives a turn back to the pool's line; a failure is logged
// and left to the workflow's own leave.
func (a *Activities) leaveLine(ctx context.Context, line string, leave *admission.LineRequest) {
	if line == "" || leave == nil || a.d.Temporal == nil {
		return
	}
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := a.d.Temporal.SignalWorkflow(sctx, line, "", api.SignalSandboxLine, *leave); err != nil {
		activity.GetLogger(ctx).Warn("could not give the turn back to the sandbox line; the workflow gives it back", "line_workflow_id", line, "error", err)
	}
}

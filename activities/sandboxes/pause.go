package sandboxes

import (
	"context"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// PauseSandboxInput names the sandbox to pause.
type PauseSandboxInput struct {
	SandboxID string `json:"sandbox_id"`
}

// PauseSandboxResult says what pausing found.
type PauseSandboxResult struct {
	// Paused is false when the sandbox was already paused.
	Paused bool `json:"paused"`
	// Gone is set when the sandbox no longer exists: the next turn
	// rebuilds it from the cell journal.
	Gone bool `json:"gone,omitempty"`
}

// ResumeSandboxInput names the paused sandbox to resume.
type ResumeSandboxInput struct {
	SandboxID string `json:"sandbox_id"`
}

// PauseSandboxName is the name PauseSandbox is registered under.
const PauseSandboxName = "PauseSandbox"

// PauseSandbox pauses an idle conversation's sandbox (POST
// /sandboxes/{id}/pause): memory and files are kept, nothing runs, and
// E2B does not bill it until it is resumed.
func (a *Activities) PauseSandbox(ctx context.Context, in PauseSandboxInput) (PauseSandboxResult, error) {
	defer activities.HeartbeatWhile(ctx, "pausing")()
	ok, err := a.d.E2B.Pause(ctx, in.SandboxID)
	if err != nil {
		if e2b.IsNotFound(err) {
			return PauseSandboxResult{Gone: true}, nil
		}
		return PauseSandboxResult{}, fault.Classify(fault.ServiceE2B, "pause sandbox "+in.SandboxID, err)
	}
	if ok {
		// A paused sandbox no longer counts against E2B's limit.
		a.wakeWaiter(ctx)
	}
	return PauseSandboxResult{Paused: ok}, nil
}

// ResumeSandboxName is the name ResumeSandbox is registered under.
const ResumeSandboxName = "ResumeSandbox"

// ResumeSandbox resumes a paused sandbox by connecting to it. A sandbox
// that is gone is ErrTypeSandboxLost, and the workflow rebuilds it.
func (a *Activities) ResumeSandbox(ctx context.Context, in ResumeSandboxInput) error {
	defer activities.HeartbeatWhile(ctx, "resuming")()
	_, err := journal.Connect(ctx, a.d, in.SandboxID)
	return err
}

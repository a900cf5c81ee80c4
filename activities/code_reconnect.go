package activities

import (
	"context"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// A retried RunCode reconnects to its cell instead of running it again.
// The code interpreter keeps a cell running when its client goes away (E2B
// interrupts the kernel once, which the journal ignores, and never kills
// it), so after a worker crash the cell either finished while no worker
// was attached, or is still running, or its kernel died:
//   - finished: its outcome is read from the journal, nothing is executed;
//   - still running: the retry sends the same journaled cell, which the
//     kernel queues behind the running one; when it gets its turn the
//     journal answers DurableCellDone and the outcome is read from the
//     journal, so the cell runs once and the retry heartbeats meanwhile;
//   - kernel died: the queued cell fails with the server's DeadKernelError,
//     the next attempt finds the journal gone from the new kernel
//     (DurableKernelLost, DurableCellLost) and the workflow rebuilds the
//     sandbox, as before.
// A sandbox that is gone fails at connect, and is rebuilt as before.

// cellState is what the journal in the sandbox says of one cell id.
type cellState int

const (
	cellNotStarted cellState = iota // no journal entry: an earlier attempt never got the cell to the kernel
	cellRunning                     // <id>.started without <id>.done.json: running, or its kernel died
	cellDone                        // <id>.done.json: finished, its outcome recorded
)

func (s cellState) String() string {
	return [...]string{"not started", "running", "done"}[s]
}

// CellHeartbeat is the heartbeat detail of RunCode: which cell the attempt
// is on and whether it is waiting for a run an earlier attempt started.
// The Temporal UI shows it under the pending activity.
type CellHeartbeat struct {
	Step   int    `json:"step"`
	Cell   int    `json:"cell"`
	CellID string `json:"cell_id"`
	// Attempt is the activity attempt sending the heartbeat.
	Attempt int32 `json:"attempt"`
	// Reconnected says the attempt found the cell started by an earlier
	// attempt and is waiting for that run, not running the cell again.
	Reconnected bool `json:"reconnected,omitempty"`
}

// journalState reads the cell's journal entry through the sandbox's file API.
func (a *Activities) journalState(ctx context.Context, sb *e2b.Sandbox, id string) (cellState, error) {
	for _, c := range []struct {
		suffix string
		state  cellState
	}{{".done.json", cellDone}, {".started", cellRunning}} {
		ok, err := sb.Files().Exists(ctx, cellPath(id, c.suffix))
		if err != nil {
			return cellNotStarted, fault.Classify(fault.ServiceSandbox, "read journal of cell "+id, err)
		}
		if ok {
			return c.state, nil
		}
	}
	return cellNotStarted, nil
}

// retried reports whether an earlier attempt of this activity may have
// sent the cell: a later attempt, or one that carries heartbeat details.
func retried(ctx context.Context) bool {
	return activity.IsActivity(ctx) && (activity.GetInfo(ctx).Attempt > 1 || activity.HasHeartbeatDetails(ctx))
}

// attempt is the activity's attempt number, 1 outside an activity.
func attempt(ctx context.Context) int32 {
	if !activity.IsActivity(ctx) {
		return 1
	}
	return activity.GetInfo(ctx).Attempt
}

// cancelGrace bounds writing the cancel mark once the activity is cancelled.
const cancelGrace = 10 * time.Second

// interruptOnCancel returns the context to run cell id under. It ends with
// ctx, except that when the workflow cancels the activity the cell's cancel
// mark (<id>.cancel) is written first: the journal then lets the interrupt
// that follows the disconnect stop the cell, where it ignores the one a
// dying worker causes. A heartbeat timeout, worker shutdown or pause is no
// cancellation: the cell runs on for the next attempt to collect.
func (a *Activities) interruptOnCancel(ctx context.Context, sb *e2b.Sandbox, id string) (context.Context, context.CancelFunc) {
	run, cancel := context.WithCancel(context.WithoutCancel(ctx))
	go func() {
		select {
		case <-run.Done():
			return
		case <-ctx.Done():
		}
		if temporal.IsCanceledError(context.Cause(ctx)) {
			wctx, wcancel := context.WithTimeout(run, cancelGrace)
			if _, err := sb.Files().Write(wctx, cellPath(id, ".cancel"), []byte("cancelled")); err != nil {
				a.Log().Warn("could not mark the cell cancelled; it runs on to its timeout", "cell_id", id, "sandbox_id", sb.ID, "error", err)
			} else {
				a.Log().Info("activity cancelled: interrupting the cell", "cell_id", id, "sandbox_id", sb.ID)
			}
			wcancel()
		}
		cancel()
	}()
	return run, cancel
}

package tools

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

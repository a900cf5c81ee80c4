package admission

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// The sandbox line (wait-for-sandbox version 4) is one long-running
// workflow per capacity pool, SandboxLineWorkflow, with the workflow id
// LineWorkflowID(pool). Every worker of the pool sends it the same
// requests, so one line decides for all of them and outlives any one:
//
//   - an analysis joins it (sandboxes.JoinSandboxLine, a local activity
//     that signals the line and starts it when it does not run yet);
//   - the line answers with a turn (api.SignalSandboxTurn): granted, or
//     queued with the number of analyses ahead;
//   - the analysis leaves it (a signal from the workflow itself) when it
//     kills or pauses its sandbox, or gives up waiting;
//   - the line asks sandboxes.LineHoldersClosed now and then which
//     holders closed without leaving (terminated, timed out), and takes
//     their places back.

// LineOp is what a LineRequest asks of the line.
type LineOp string

const (
	// LineJoin asks for a turn: granted at once when the pool has room,
	// else queued. A holder or a waiter that joins again keeps its place
	// and is told it again.
	LineJoin LineOp = "join"
	// LineLeave gives the turn back, or leaves the queue.
	LineLeave LineOp = "leave"
	// LineCapacity sets the pool's capacity (a worker's SANDBOX_CAPACITY
	// at its start).
	LineCapacity LineOp = "capacity"
)

// LineRequest is the payload of the api.SignalSandboxLine signal.
type LineRequest struct {
	Op         LineOp `json:"op"`
	WorkflowID string `json:"workflow_id,omitempty"`
	RunID      string `json:"run_id,omitempty"`
	// Ask numbers an analysis' joins (1, 2, … over its life): the turn
	// that answers a join carries it, so an analysis never takes an
	// answer to an earlier join for the current one, and a leave of an
	// earlier ask never ends a later turn.
	Ask int `json:"ask,omitempty"`
	// Front puts a join at the head of the queue: a conversation whose
	// paused sandbox was lost resumes ahead of new analyses.
	Front    bool `json:"front,omitempty"`
	Capacity int  `json:"capacity,omitempty"`
}

// SandboxTurn is the payload of the api.SignalSandboxTurn signal, the
// line's answer to a join.
type SandboxTurn struct {
	Ask     int  `json:"ask"`
	Granted bool `json:"granted,omitempty"`
	// Ahead is how many analyses are ahead of a queued one.
	Ahead int `json:"ahead,omitempty"`
}

// LineState is SandboxLineWorkflow's input: the pool, and what one run
// hands the next when it continues as new.
type LineState struct {
	Pool     string `json:"pool"`
	Capacity int    `json:"capacity"`
	// Holders have a turn: each may run one sandbox.
	Holders []LineEntry `json:"holders,omitempty"`
	// Waiting is the queue, first in line first.
	Waiting []LineEntry `json:"waiting,omitempty"`
	// Granted counts the turns granted since the line began.
	Granted int64 `json:"granted,omitempty"`
}

// LineEntry is one analysis in the line.
type LineEntry struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	Ask        int    `json:"ask"`
}

// LineStatus is the answer to the line's api.SandboxLineQuery.
type LineStatus struct {
	Pool     string `json:"pool"`
	Capacity int    `json:"capacity"`
	Holding  int    `json:"holding"`
	Waiting  int    `json:"waiting"`
	Granted  int64  `json:"granted"`
	// Queue is the workflow ids of the first waiting analyses, in order
	// (at most LineStatusQueueMax): a caller finds its place there.
	Queue []string `json:"queue,omitempty"`
}

// LineStatusQueueMax bounds LineStatus.Queue.
const LineStatusQueueMax = 1000

// LineWorkflowID is the workflow id of the line of the pool.
func LineWorkflowID(pool string) string { return "sandbox-line-" + pool }

// PoolID names the capacity pool of an E2B API (its URL, or its domain)
// and key: the key's team holds the capacity. It is a digest, so the id
// shows neither the key nor the URL.
func PoolID(apiURL, domain, apiKey string) string {
	h := sha256.New()
	_, _ = fmt.Fprintf(h, "%s\n%s\n%s", strings.TrimRight(apiURL, "/"), domain, apiKey)
	return "e2b-" + hex.EncodeToString(h.Sum(nil))[:16]
}

// SandboxLine is a worker's view of its pool's line: which pool, the
// capacity the worker was configured with (SANDBOX_CAPACITY; <= 0: no
// line, creates are not held back by the worker), and the task queue the
// line runs on ("": the analysis' own; the worker sets LineTaskQueue, a
// queue of the line's alone, when it polls it: workflows.StartLineWorker).
type SandboxLine struct {
	Pool      string
	Capacity  int
	TaskQueue string
}

// LineTaskQueue is the task queue of the line of the pool, which every
// worker of the pool polls whatever its own task queue. The line has a
// queue of its own so that its workflow tasks never wait behind a burst
// of analyses' tasks: a hundred analyses started at once held back its
// first turns for 5 s.
func LineTaskQueue(pool string) string { return "sandbox-line-" + pool }

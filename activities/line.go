package activities

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// The sandbox line (wait-for-sandbox version 4) is one long-running
// workflow per capacity pool, SandboxLineWorkflow, with the workflow id
// LineWorkflowID(pool). Every worker of the pool sends it the same
// requests, so one line decides for all of them and outlives any one:
//
//   - an analysis joins it (JoinSandboxLine, a local activity that
//     signals the line and starts it when it does not run yet);
//   - the line answers with a turn (api.SignalSandboxTurn): granted, or
//     queued with the number of analyses ahead;
//   - the analysis leaves it (a signal from the workflow itself) when it
//     kills or pauses its sandbox, or gives up waiting;
//   - the line asks LineHoldersClosed now and then which holders closed
//     without leaving (terminated, timed out), and takes their places back.

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

// JoinLineInput asks JoinSandboxLine for a turn.
type JoinLineInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	Ask        int    `json:"ask"`
	Front      bool   `json:"front,omitempty"`
}

// JoinLineResult names the line the analysis joined; empty when the
// worker has no line (SANDBOX_CAPACITY=0): the analysis creates at once.
// Answered: the line answered the join at once (Granted, or Ahead of it
// in the queue); else its answer comes by signal.
type JoinLineResult struct {
	Line     string `json:"line,omitempty"`
	Answered bool   `json:"answered,omitempty"`
	Granted  bool   `json:"granted,omitempty"`
	Ahead    int    `json:"ahead,omitempty"`
}

// JoinSandboxLineName is the name JoinSandboxLine is registered under.
const JoinSandboxLineName = "JoinSandboxLine"

// JoinSandboxLine is a local activity: it sends the analysis' join to its
// pool's line as an update, which the line answers at once; when the line
// does not run, it starts it with a signal, and the line answers by
// signal. Sent from the worker that runs the workflow task, a join costs
// the Temporal server an update (or a signal) and no activity task.
func (a *Activities) JoinSandboxLine(ctx context.Context, in JoinLineInput) (JoinLineResult, error) {
	if a.Line.Capacity <= 0 || a.Temporal == nil {
		return JoinLineResult{}, nil
	}
	if in.WorkflowID == "" || in.Ask < 1 {
		return JoinLineResult{}, fault.New(api.ErrTypeBadRequest,
			fmt.Sprintf("join sandbox line: workflow_id and ask >= 1 are required (got %q, %d)", in.WorkflowID, in.Ask), nil, 0)
	}
	req := LineRequest{Op: LineJoin, WorkflowID: in.WorkflowID, RunID: in.RunID, Ask: in.Ask, Front: in.Front}
	// Asked as an update, the line answers within its workflow task, and
	// an analysis granted its turn at once creates its sandbox in the same
	// workflow task, with no signal back.
	id := LineWorkflowID(a.Line.Pool)
	h, err := a.Temporal.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: id, UpdateName: api.UpdateSandboxLineJoin, Args: []any{req}, WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	var t SandboxTurn
	if err == nil {
		err = h.Get(ctx, &t)
	}
	if err == nil {
		return JoinLineResult{Line: id, Answered: true, Granted: t.Granted, Ahead: t.Ahead}, nil
	}
	if ctx.Err() != nil {
		return JoinLineResult{}, ctx.Err()
	}
	// The line does not run yet (or is older than the update): join by
	// signal, starting it; it answers by signal.
	if id, err = a.signalLine(ctx, activity.GetInfo(ctx).TaskQueue, req); err != nil {
		return JoinLineResult{}, err
	}
	return JoinLineResult{Line: id}, nil
}

// signalLine signals the line of the worker's pool, starting it with the
// worker's capacity when it does not run.
func (a *Activities) signalLine(ctx context.Context, taskQueue string, req LineRequest) (string, error) {
	id := LineWorkflowID(a.Line.Pool)
	if a.Line.TaskQueue != "" {
		taskQueue = a.Line.TaskQueue
	}
	_, err := a.Temporal.SignalWithStartWorkflow(ctx, id, api.SignalSandboxLine, req, client.StartWorkflowOptions{
		ID: id, TaskQueue: taskQueue,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		StaticSummary:         "the line of sandbox pool " + a.Line.Pool,
	}, api.SandboxLineWorkflowName, LineState{Pool: a.Line.Pool, Capacity: a.Line.Capacity})
	if err != nil {
		return "", fault.Classify(fault.ServiceTemporal, "signal the sandbox line "+id, err)
	}
	return id, nil
}

// EnsureSandboxLine makes sure the line of the worker's pool runs and
// holds the worker's capacity; a worker calls it at start. Workers of one
// pool should be given the same SANDBOX_CAPACITY: the last one to start
// sets it.
func EnsureSandboxLine(ctx context.Context, a *Activities, taskQueue string, logger *slog.Logger) error {
	if a.Line.Capacity <= 0 || a.Temporal == nil {
		return nil
	}
	id, err := a.signalLine(ctx, taskQueue, LineRequest{Op: LineCapacity, Capacity: a.Line.Capacity})
	if err != nil {
		return err
	}
	if logger != nil {
		logger.Info("sandbox line ready", "line_workflow_id", id, "capacity", a.Line.Capacity)
	}
	return nil
}

// LineHoldersClosedName is the name LineHoldersClosed is registered under.
const LineHoldersClosedName = "LineHoldersClosed"

// LineHoldersClosed returns those of the given workflows that no longer
// run (closed without leaving the line: terminated, timed out, or their
// leave was lost). A workflow that continued as new still runs.
func (a *Activities) LineHoldersClosed(ctx context.Context, workflowIDs []string) ([]string, error) {
	if a.Temporal == nil {
		return nil, nil
	}
	var closed []string
	for _, id := range workflowIDs {
		d, err := a.Temporal.DescribeWorkflowExecution(ctx, id, "")
		var nf *serviceerror.NotFound
		switch {
		case errors.As(err, &nf):
			closed = append(closed, id)
		case err != nil:
			return nil, fault.Classify(fault.ServiceTemporal, "describe line holder "+id, err)
		case d.GetWorkflowExecutionInfo().GetStatus() != enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING:
			closed = append(closed, id)
		}
	}
	return closed, nil
}

package sandboxes

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// The activities of the pool's line (wait-for-sandbox version 4; the
// line's messages are package admission's, SandboxLineWorkflow is in
// workflows): an analysis joins it, a worker makes sure it runs, and the
// line asks which of its holders closed.

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
// pool's line as an update, which the line answers at once, starting the
// line first when it does not run (update-with-start). Sent from the
// worker that runs the workflow task, a join costs the Temporal server an
// update and no activity task. A line that refuses the update (one older
// than it) is joined by signal, and answers by signal.
func (a *Activities) JoinSandboxLine(ctx context.Context, in JoinLineInput) (JoinLineResult, error) {
	if a.d.Line.Capacity <= 0 || a.d.Temporal == nil {
		return JoinLineResult{}, nil
	}
	if in.WorkflowID == "" || in.Ask < 1 {
		return JoinLineResult{}, fault.New(api.ErrTypeBadRequest,
			fmt.Sprintf("join sandbox line: workflow_id and ask >= 1 are required (got %q, %d)", in.WorkflowID, in.Ask), nil, 0)
	}
	req := admission.LineRequest{Op: admission.LineJoin, WorkflowID: in.WorkflowID, RunID: in.RunID, Ask: in.Ask, Front: in.Front}
	// Asked as an update, the line answers within its workflow task, and
	// an analysis granted its turn at once creates its sandbox in the same
	// workflow task, with no signal back.
	taskQueue := activity.GetInfo(ctx).TaskQueue
	start := a.lineStartOptions(taskQueue)
	id := start.ID
	start.WorkflowIDConflictPolicy = enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING
	h, err := a.d.Temporal.UpdateWithStartWorkflow(ctx, client.UpdateWithStartWorkflowOptions{
		StartWorkflowOperation: a.d.Temporal.NewWithStartWorkflowOperation(start, api.SandboxLineWorkflowName, a.lineState()),
		UpdateOptions: client.UpdateWorkflowOptions{
			WorkflowID: id, UpdateName: api.UpdateSandboxLineJoin, Args: []any{req}, WaitForStage: client.WorkflowUpdateStageCompleted,
		},
	})
	var t admission.SandboxTurn
	if err == nil {
		err = h.Get(ctx, &t)
	}
	if err == nil {
		return JoinLineResult{Line: id, Answered: true, Granted: t.Granted, Ahead: t.Ahead}, nil
	}
	if ctx.Err() != nil {
		return JoinLineResult{}, ctx.Err()
	}
	activity.GetLogger(ctx).Warn("the sandbox line did not take the join as an update; joining by signal", "line_workflow_id", id, "error", err)
	if id, err = a.signalLine(ctx, taskQueue, req); err != nil {
		return JoinLineResult{}, err
	}
	return JoinLineResult{Line: id}, nil
}

// signalLine signals the line of the worker's pool, starting it with the
// worker's capacity when it does not run.
func (a *Activities) signalLine(ctx context.Context, taskQueue string, req admission.LineRequest) (string, error) {
	start := a.lineStartOptions(taskQueue)
	_, err := a.d.Temporal.SignalWithStartWorkflow(ctx, start.ID, api.SignalSandboxLine, req, start, api.SandboxLineWorkflowName, a.lineState())
	if err != nil {
		return "", fault.Classify(fault.ServiceTemporal, "signal the sandbox line "+start.ID, err)
	}
	return start.ID, nil
}

// lineStartOptions start the line of the worker's pool on its task queue
// (taskQueue, unless the pool's line has its own).
func (a *Activities) lineStartOptions(taskQueue string) client.StartWorkflowOptions {
	if a.d.Line.TaskQueue != "" {
		taskQueue = a.d.Line.TaskQueue
	}
	id := admission.LineWorkflowID(a.d.Line.Pool)
	return client.StartWorkflowOptions{
		ID: id, TaskQueue: taskQueue,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE,
		StaticSummary:         "the line of sandbox pool " + a.d.Line.Pool,
	}
}

// lineState is a new line's state: the pool and this worker's capacity.
func (a *Activities) lineState() admission.LineState {
	return admission.LineState{Pool: a.d.Line.Pool, Capacity: a.d.Line.Capacity}
}

// EnsureSandboxLine makes sure the line of the worker's pool runs and
// holds the worker's capacity; a worker calls it at start. Workers of one
// pool should be given the same SANDBOX_CAPACITY: the last one to start
// sets it.
func EnsureSandboxLine(ctx context.Context, d *activities.Activities, taskQueue string, logger *slog.Logger) error {
	if d.Line.Capacity <= 0 || d.Temporal == nil {
		return nil
	}
	id, err := New(d).signalLine(ctx, taskQueue, admission.LineRequest{Op: admission.LineCapacity, Capacity: d.Line.Capacity})
	if err != nil {
		return err
	}
	if logger != nil {
		logger.Info("sandbox line ready", "line_workflow_id", id, "capacity", d.Line.Capacity)
	}
	return nil
}

// LineHoldersClosedName is the name LineHoldersClosed is registered under.
const LineHoldersClosedName = "LineHoldersClosed"

// LineHoldersClosed returns those of the given workflows that no longer
// run (closed without leaving the line: terminated, timed out, or their
// leave was lost). A workflow that continued as new still runs.
func (a *Activities) LineHoldersClosed(ctx context.Context, workflowIDs []string) ([]string, error) {
	if a.d.Temporal == nil {
		return nil, nil
	}
	var closed []string
	for _, id := range workflowIDs {
		desc, err := a.d.Temporal.DescribeWorkflowExecution(ctx, id, "")
		var nf *serviceerror.NotFound
		switch {
		case errors.As(err, &nf):
			closed = append(closed, id)
		case err != nil:
			return nil, fault.Classify(fault.ServiceTemporal, "describe line holder "+id, err)
		case desc.GetWorkflowExecutionInfo().GetStatus() != enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING:
			closed = append(closed, id)
		}
	}
	return closed, nil
}

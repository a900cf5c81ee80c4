package batches

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// AnalysisOutcomeInput names an analysis that already ran or runs.
type AnalysisOutcomeInput struct {
	WorkflowID string `json:"workflow_id"`
}

// AnalysisOutcomeName is the name AnalysisOutcome is registered under.
const AnalysisOutcomeName = "AnalysisOutcome"

// AnalysisOutcome waits for the analysis with this workflow id and returns
// its result as raw JSON; a failed analysis comes back as its failure,
// with the analysis' error type. Batches use it to attach to an item that
// an earlier run of the same batch id already started, instead of running
// it twice.
func (a *Activities) AnalysisOutcome(ctx context.Context, in AnalysisOutcomeInput) (json.RawMessage, error) {
	if a.d.Temporal == nil {
		return nil, fault.New(api.ErrTypeBadRequest, "analysis outcome: this worker has no Temporal client", nil, 0)
	}
	defer activities.HeartbeatWhile(ctx, "waiting for "+in.WorkflowID)()
	var res json.RawMessage
	err := a.d.Temporal.GetWorkflow(ctx, in.WorkflowID, "").Get(ctx, &res)
	if err == nil {
		return res, nil
	}
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		return nil, fault.Final(appErr.Type(), fmt.Sprintf("analysis %s: %s", in.WorkflowID, errtext.Message(err)), err)
	}
	var canceled *temporal.CanceledError
	var terminated *temporal.TerminatedError
	var timeout *temporal.TimeoutError
	switch {
	case errors.As(err, &canceled):
		return nil, fault.New(api.ErrTypeCanceled, fmt.Sprintf("analysis %s was canceled", in.WorkflowID), err, 0)
	case errors.As(err, &terminated):
		return nil, fault.New(api.ErrTypeTerminated, fmt.Sprintf("analysis %s was terminated", in.WorkflowID), err, 0)
	case errors.As(err, &timeout):
		return nil, fault.New(api.ErrTypeTimeout, fmt.Sprintf("analysis %s timed out", in.WorkflowID), err, 0)
	case ctx.Err() != nil:
		return nil, ctx.Err()
	}
	return nil, fault.New(api.ErrTypeUnavailable, fmt.Sprintf("analysis %s: %v", in.WorkflowID, err), nil, 0)
}

package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	commonpb "go.temporal.io/api/common/v1"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/converter"

	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/linestats"
)

// lineTrace reads the history of every run of a pool's line, oldest first,
// and returns, per analysis, what the line heard from it and told it: its
// joins (by signal or update) and leaves, the turns it sent, and the
// signals that failed. A load test logs the trace of any analysis granted
// more than once, so that a count that is off says why.
func lineTrace(t *testing.T, e *env, lineID string) (trace map[string][]string, grants map[string]int) {
	t.Helper()
	ctx := context.Background()
	dc := converter.GetDefaultDataConverter()
	trace, grants = map[string][]string{}, map[string]int{}
	decode := func(p *commonpb.Payloads, v any) bool { return p != nil && dc.FromPayloads(p, v) == nil }
	signaled := map[int64]string{} // signal initiated event -> analysis
	accepted := map[int64]string{} // update accepted event -> analysis
	err := linestats.EachLineEvent(ctx, e.Temporal, lineID, func(run int, ev *historypb.HistoryEvent) {
		if ev.GetEventId() == 1 {
			clear(signaled)
			clear(accepted)
		}
		at := fmt.Sprintf("run %d event %d", run, ev.GetEventId())
		switch ev.GetEventType() {
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
			a := ev.GetWorkflowExecutionSignaledEventAttributes()
			var r admission.LineRequest
			if a.GetSignalName() == api.SignalSandboxLine && decode(a.GetInput(), &r) && r.WorkflowID != "" {
				trace[r.WorkflowID] = append(trace[r.WorkflowID], fmt.Sprintf("%s: %s ask %d by signal", at, r.Op, r.Ask))
			}
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED:
			a := ev.GetWorkflowExecutionUpdateAcceptedEventAttributes()
			var r admission.LineRequest
			if decode(a.GetAcceptedRequest().GetInput().GetArgs(), &r) {
				trace[r.WorkflowID] = append(trace[r.WorkflowID], fmt.Sprintf("%s: %s ask %d by update (%s)", at, r.Op, r.Ask, a.GetProtocolInstanceId()))
				accepted[ev.GetEventId()] = r.WorkflowID
			}
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED:
			a := ev.GetWorkflowExecutionUpdateCompletedEventAttributes()
			id := accepted[a.GetAcceptedEventId()]
			var turn admission.SandboxTurn
			if decode(a.GetOutcome().GetSuccess(), &turn) {
				trace[id] = append(trace[id], fmt.Sprintf("%s: answered %+v", at, turn))
				if turn.Granted {
					grants[id]++
				}
			}
		case enumspb.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED:
			a := ev.GetSignalExternalWorkflowExecutionInitiatedEventAttributes()
			id := a.GetWorkflowExecution().GetWorkflowId()
			signaled[ev.GetEventId()] = id
			var turn admission.SandboxTurn
			if decode(a.GetInput(), &turn) {
				trace[id] = append(trace[id], fmt.Sprintf("%s: sent %+v", at, turn))
				if turn.Granted {
					grants[id]++
				}
			}
		case enumspb.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_FAILED:
			a := ev.GetSignalExternalWorkflowExecutionFailedEventAttributes()
			id := signaled[a.GetInitiatedEventId()]
			trace[id] = append(trace[id], fmt.Sprintf("%s: the signal of event %d failed: %s", at, a.GetInitiatedEventId(), a.GetCause()))
		}
	})
	require.NoError(t, err)
	return trace, grants
}

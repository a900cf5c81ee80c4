package e2e

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	commonpb "go.temporal.io/api/common/v1"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/converter"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
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
	// The runs, newest first: each run's first event names the run it
	// continues.
	var runs []string
	for run := ""; ; {
		it := e.Temporal.GetWorkflowHistory(ctx, lineID, run, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
		require.True(t, it.HasNext(), "line %s run %q: no history", lineID, run)
		ev, err := it.Next()
		require.NoError(t, err)
		if run == "" {
			d, err := e.Temporal.DescribeWorkflowExecution(ctx, lineID, "")
			require.NoError(t, err)
			run = d.GetWorkflowExecutionInfo().GetExecution().GetRunId()
		}
		runs = append([]string{run}, runs...)
		run = ev.GetWorkflowExecutionStartedEventAttributes().GetContinuedExecutionRunId()
		if run == "" {
			break
		}
	}
	for n, run := range runs {
		initiated := map[int64]string{} // signal initiated event -> analysis
		it := e.Temporal.GetWorkflowHistory(ctx, lineID, run, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
		for it.HasNext() {
			ev, err := it.Next()
			require.NoError(t, err)
			at := fmt.Sprintf("run %d event %d", n+1, ev.GetEventId())
			switch ev.GetEventType() {
			case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
				a := ev.GetWorkflowExecutionSignaledEventAttributes()
				var r activities.LineRequest
				if a.GetSignalName() == api.SignalSandboxLine && decode(a.GetInput(), &r) && r.WorkflowID != "" {
					trace[r.WorkflowID] = append(trace[r.WorkflowID], fmt.Sprintf("%s: %s ask %d by signal", at, r.Op, r.Ask))
				}
			case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED:
				a := ev.GetWorkflowExecutionUpdateAcceptedEventAttributes()
				var r activities.LineRequest
				if decode(a.GetAcceptedRequest().GetInput().GetArgs(), &r) {
					trace[r.WorkflowID] = append(trace[r.WorkflowID], fmt.Sprintf("%s: %s ask %d by update (%s)", at, r.Op, r.Ask, a.GetProtocolInstanceId()))
					initiated[-ev.GetEventId()] = r.WorkflowID
				}
			case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED:
				a := ev.GetWorkflowExecutionUpdateCompletedEventAttributes()
				id := initiated[-a.GetAcceptedEventId()]
				var turn activities.SandboxTurn
				if decode(a.GetOutcome().GetSuccess(), &turn) {
					trace[id] = append(trace[id], fmt.Sprintf("%s: answered %+v", at, turn))
					if turn.Granted {
						grants[id]++
					}
				}
			case enumspb.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED:
				a := ev.GetSignalExternalWorkflowExecutionInitiatedEventAttributes()
				id := a.GetWorkflowExecution().GetWorkflowId()
				initiated[ev.GetEventId()] = id
				var turn activities.SandboxTurn
				if decode(a.GetInput(), &turn) {
					trace[id] = append(trace[id], fmt.Sprintf("%s: sent %+v", at, turn))
					if turn.Granted {
						grants[id]++
					}
				}
			case enumspb.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_FAILED:
				a := ev.GetSignalExternalWorkflowExecutionFailedEventAttributes()
				id := initiated[a.GetInitiatedEventId()]
				trace[id] = append(trace[id], fmt.Sprintf("%s: the signal of event %d failed: %s", at, a.GetInitiatedEventId(), a.GetCause()))
			}
		}
	}
	return trace, grants
}

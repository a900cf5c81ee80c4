package workflows_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"github.com/uber-go/tally/v4"
	sdktally "go.temporal.io/sdk/contrib/tally"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// A lost sandbox that is rebuilt counts one durable_analyst_sandbox_rebuilds
// through the workflow's (replay-safe) metrics handler.
func TestSandboxRebuildIsCounted(t *testing.T) {
	scope := tally.NewTestScope("", nil)
	var s testsuite.WorkflowTestSuite
	s.SetMetricsHandler(sdktally.NewMetricsHandler(scope))
	env := s.NewTestWorkflowEnvironment()
	workflows.RegisterActivities(env, &activities.Activities{})
	env.OnActivity(sandboxActs.CreateSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.CreateSandboxInput) (sandboxes.SandboxRef, error) {
			return sandboxes.SandboxRef{SandboxID: fmt.Sprintf("isandbox%d", in.Generation)}, nil
		})
	env.OnActivity(sandboxActs.KillSandbox, mock.Anything, mock.Anything).Return(nil)
	env.OnActivity(sandboxActs.RestoreSandbox, mock.Anything, mock.Anything).Return(sandboxes.RestoreSandboxResult{}, nil)
	env.OnActivity(modelActs.CallModel, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in modelcall.CallModelInput) (modelcall.CallModelResult, error) {
			if in.Step == 1 {
				return modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "x = 1")}}, nil
			}
			return modelcall.CallModelResult{Answer: "done"}, nil
		})
	env.OnActivity(toolActs.RunCode, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in tools.RunCodeInput) (tools.RunCodeResult, error) {
			if in.SandboxID == "isandbox1" {
				return tools.RunCodeResult{}, temporal.NewNonRetryableApplicationError("gone", api.ErrTypeSandboxLost, nil)
			}
			return okOutput(in)
		})
	env.ExecuteWorkflow(workflows.AnalysisWorkflow, api.AnalysisInput{Question: "q"})
	require.True(t, env.IsWorkflowCompleted())
	require.NoError(t, env.GetWorkflowError())

	var got int64
	for _, c := range scope.Snapshot().Counters() {
		if c.Name() == activities.MetricSandboxRebuilds {
			got += c.Value()
		}
	}
	if got != 1 {
		t.Errorf("%s = %d, want 1", activities.MetricSandboxRebuilds, got)
	}
}

package workflows_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

func sqlCall(id, args string) tools.Call {
	return tools.Call{CallID: id, Name: api.ToolRunSQL, Arguments: args}
}

// run_sql calls run as RunSQL activities (ChangeRunSQL) whose output goes
// to the model by reference; bad calls are told to the model; runs
// recorded before the change report run_sql as an unknown tool.
func TestRunSQLCalls(t *testing.T) {
	for _, tc := range []struct {
		name    string
		version workflow.Version
	}{{"new runs run it", 1}, {"runs before the change do not", workflow.DefaultVersion}} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.env.OnGetVersion(workflows.ChangeRunSQL, workflow.DefaultVersion, 1).Return(tc.version)
			var sqlRuns []tools.RunSQLInput
			h.env.OnActivity(toolActs.RunSQL, mock.Anything, mock.Anything).Return(
				func(_ context.Context, in tools.RunSQLInput) (tools.RunSQLResult, error) {
					sqlRuns = append(sqlRuns, in)
					key := "analyses/" + in.WorkflowID + "/step-1/0-output.json"
					h.stored[key] = "staged /home/user/" + in.Name + ".csv: 3 rows"
					return tools.RunSQLResult{OutputKey: key, Rows: 3}, nil
				})
			h.script(
				modelcall.CallModelResult{ToolCalls: []tools.Call{
					sqlCall("s1", `{"source": "shop", "query": "select 1", "name": "totals"}`),
					sqlCall("s2", `{"source": "shop", "query": "select 1"}`),
					sqlCall("s3", `{"source": "shop", "query": "select 1", "name": "../x"}`),
					sqlCall("s4", `not json`),
				}},
				modelcall.CallModelResult{Answer: "done"},
			)
			h.code(okOutput)
			res, err := h.run(t, api.AnalysisInput{Question: "q"})
			require.NoError(t, err)
			assert.Equal(t, api.StatusAnswered, res.Status)
			assert.Equal(t, tc.version == 1, h.modelCalls[0].SQLTool, "the model is offered run_sql")
			outs := h.outputs(t, 1)
			require.Len(t, outs, 4)
			if tc.version == workflow.DefaultVersion {
				assert.Empty(t, sqlRuns)
				for _, o := range outs {
					assert.Contains(t, o.Output, `unknown tool "run_sql"`)
				}
				return
			}
			require.Len(t, sqlRuns, 1, "only the good call runs")
			got := sqlRuns[0]
			assert.Equal(t, tools.RunSQLInput{WorkflowID: "default-test-workflow-id", RunID: got.RunID, SandboxID: "isandbox1",
				Step: 1, Cell: 0, CallID: "s1", Source: "shop", Query: "select 1", Name: "totals", OutputByRef: true}, got)
			assert.NotEmpty(t, h.modelCalls[1].ToolOutputs[0].OutputKey, "by reference")
			assert.Equal(t, "staged /home/user/totals.csv: 3 rows", outs[0].Output)
			assert.Contains(t, outs[1].Output, `needs the arguments "source", "query" and "name"`)
			assert.Contains(t, outs[2].Output, "plain file name")
			assert.Contains(t, outs[3].Output, "not valid JSON")
			assert.Equal(t, 0, res.CodeRuns)
		})
	}
}

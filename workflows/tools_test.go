package workflows_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// countRowsInput is the input of the activity of the tool the test adds.
type countRowsInput struct {
	WorkflowID  string `json:"workflow_id"`
	RunID       string `json:"run_id"`
	SandboxID   string `json:"sandbox_id"`
	Step        int    `json:"step"`
	Cell        int    `json:"cell"`
	CallID      string `json:"call_id"`
	Path        string `json:"path"`
	OutputByRef bool   `json:"output_by_ref,omitempty"`
}

// countRowsArgs is a count_rows call's arguments.
type countRowsArgs struct{ path string }

func (c countRowsArgs) Input(at tools.CallAt) any {
	return countRowsInput{WorkflowID: at.WorkflowID, RunID: at.RunID, SandboxID: at.SandboxID, Step: at.Step, Cell: at.Cell,
		CallID: at.CallID, Path: c.path, OutputByRef: at.OutputByRef}
}

func (c countRowsArgs) Summary() string { return "count rows of " + c.path }

// countRowsTool is a tool that exists only in this test: one row.
var countRowsTool = tools.Tool{
	Name:        "count_rows",
	Description: "Count the rows of a CSV file in the sandbox.",
	Parameters: map[string]any{
		"type":                 "object",
		"properties":           map[string]any{"path": map[string]any{"type": "string"}},
		"required":             []string{"path"},
		"additionalProperties": false,
	},
	Signature: "path: string",
	Parse: func(arguments string) (tools.Args, string) {
		var args struct {
			Path string `json:"path"`
		}
		if err := json.Unmarshal([]byte(arguments), &args); err != nil || args.Path == "" {
			return nil, `error: count_rows needs {"path": "<file>"}`
		}
		return countRowsArgs{path: args.Path}, ""
	},
	Activity: "CountRows",
	Phase:    "count rows",
	Sandbox:  true,
	Cell:     true,
}

// addTool adds t to the table of tools for the test.
func addTool(t *testing.T, tool tools.Tool) {
	before := tools.Table
	tools.Table = append(slices.Clip(before), tool)
	t.Cleanup(func() { tools.Table = before })
}

// A tool is added through the table alone (its row in tools.Table and
// its activity; no line of the workflows): the workflow knows it among the
// tools it offers, runs its call through its activity in the sandbox,
// journals the call as a cell (a rebuild would replay it), keeps its
// charts, and feeds its output back to the model by reference.
func TestToolAddedThroughTheTable(t *testing.T) {
	addTool(t, countRowsTool)
	_, offered := tools.Lookup(tools.On(false), countRowsTool.Name)
	require.True(t, offered, "offered to the model")
	var runs []countRowsInput
	h := newHarness(t, func(h *harness) {
		h.env.RegisterActivityWithOptions(func(_ context.Context, in countRowsInput) (tools.Result, error) {
			runs = append(runs, in)
			key := fmt.Sprintf("analyses/%s/step-%d/%d-output.json", in.WorkflowID, in.Step, in.Cell)
			h.stored[key] = in.Path + " has 3 rows"
			return tools.Result{OutputKey: key, Charts: []api.Chart{{Key: "rows.png", Step: in.Step, Cell: in.Cell}}}, nil
		}, activity.RegisterOptions{Name: countRowsTool.Activity})
	})
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{
			{CallID: "c1", Name: "count_rows", Arguments: `{"path": "/home/user/d.csv"}`},
			{CallID: "c2", Name: "count_rows", Arguments: `{}`},
			{CallID: "c3", Name: "count_cols", Arguments: `{}`},
		}},
		modelcall.CallModelResult{Answer: "d.csv has 3 rows"},
	)
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "how many rows?", Datasets: []api.Dataset{{Name: "d.csv", Content: "a\n1\n2\n3\n"}}})
	require.NoError(t, err)

	require.Len(t, runs, 1, "only the good call runs")
	assert.Equal(t, countRowsInput{WorkflowID: "default-test-workflow-id", RunID: runs[0].RunID, SandboxID: "isandbox1",
		Step: 1, Cell: 0, CallID: "c1", Path: "/home/user/d.csv", OutputByRef: true}, runs[0])
	outs := h.outputs(t, 1)
	require.Len(t, outs, 3)
	assert.NotEmpty(t, h.modelCalls[1].ToolOutputs[0].OutputKey, "fed back by reference")
	assert.Equal(t, "/home/user/d.csv has 3 rows", outs[0].Output)
	assert.Equal(t, `error: count_rows needs {"path": "<file>"}`, outs[1].Output)
	assert.Equal(t, `error: unknown tool "count_cols"; the tools are execute_python(code: string), run_sql(source, query, name: string) and count_rows(path: string)`, outs[2].Output)
	assert.Equal(t, 1, res.CodeRuns, "a cell")
	assert.Equal(t, []api.Chart{{Key: "rows.png", Step: 1}}, res.Charts)
	require.Len(t, h.reports, 1)
	assert.Equal(t, []api.CellRef{{Step: 1, Cell: 0, CallID: "c1"}}, h.reports[0].Cells, "journaled")
}

// A call of a tool added through the table that finds its sandbox lost is
// handled as a cell is: the sandbox is rebuilt from the journal (the
// cells before it), the call runs again in the new one, and then it joins
// the journal.
func TestToolCallRebuildsALostSandbox(t *testing.T) {
	addTool(t, countRowsTool)
	var runs []countRowsInput
	h := newHarness(t, func(h *harness) {
		h.env.RegisterActivityWithOptions(func(_ context.Context, in countRowsInput) (tools.Result, error) {
			runs = append(runs, in)
			if in.SandboxID == "isandbox1" {
				return tools.Result{}, temporal.NewNonRetryableApplicationError("gone", api.ErrTypeSandboxLost, nil)
			}
			return tools.Result{Output: "3 rows"}, nil
		}, activity.RegisterOptions{Name: countRowsTool.Activity})
	})
	restores := h.restores()
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("p1", "import pandas")}},
		modelcall.CallModelResult{ToolCalls: []tools.Call{{CallID: "c1", Name: "count_rows", Arguments: `{"path": "d.csv"}`}}},
		modelcall.CallModelResult{Answer: "3 rows"},
	)
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	require.Len(t, runs, 2, "in the lost sandbox, then in the new one")
	assert.Equal(t, "isandbox2", runs[1].SandboxID)
	require.Len(t, *restores, 1)
	assert.Equal(t, []api.CellRef{{Step: 1, Cell: 0, CallID: "p1"}}, (*restores)[0].Cells)
	assert.Equal(t, "isandbox2", res.SandboxID)
	assert.Equal(t, 2, res.CodeRuns)
	require.Len(t, h.reports, 1)
	assert.Equal(t, []api.CellRef{{Step: 1, Cell: 0, CallID: "p1"}, {Step: 2, Cell: 0, CallID: "c1"}}, h.reports[0].Cells)
	assert.Equal(t, "3 rows", h.outputs(t, 2)[0].Output)
}

// A run_sql call whose sandbox is lost again and again fails the analysis
// once the rebuilds are used up, as a cell does, its message naming the
// call.
func TestRunSQLRebuildsAreBounded(t *testing.T) {
	h := newHarness(t)
	h.env.OnActivity(sandboxActs.RestoreSandbox, mock.Anything, mock.Anything).Return(sandboxes.RestoreSandboxResult{}, nil)
	h.env.OnActivity(toolActs.RunSQL, mock.Anything, mock.Anything).Return(tools.RunSQLResult{},
		temporal.NewNonRetryableApplicationError("gone", api.ErrTypeSandboxLost, nil))
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{
		sqlCall("s1", `{"source": "shop", "query": "select 1", "name": "totals"}`)}})
	_, err := h.run(t, api.AnalysisInput{Question: "q"})
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeSandboxLost, appErr.Type())
	assert.Regexp(t, `^step 1 cell 0: run sql: sandbox \S+ was lost and \d+ rebuilds are used up: gone$`, appErr.Message())
	assert.Len(t, h.created, workflows.MaxRebuilds+1)
}

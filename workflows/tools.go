package workflows

import (
	"fmt"

	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

// runTools is the second half of a step: it runs each tool call of the
// model through its row of the table of tools (tools.Table) and
// returns what the model is told of each. The tools are those that are on
// in this run: the ones that need a SQL source only under ChangeRunSQL
// (sqlTool). A bad call is reported to the model, not failed.
func (a *analysis) runTools(ctx workflow.Context, n int, calls []tools.Call, byRef, sqlTool bool) ([]tools.Output, error) {
	on := tools.On(sqlTool)
	var outs []tools.Output
	for cell, tc := range calls {
		out, err := a.runTool(ctx, on, n, cell, tc, byRef)
		if err != nil {
			return nil, err
		}
		outs = append(outs, out)
	}
	return outs, nil
}

// runTool runs one call: its arguments parsed by its tool, its activity
// run (in the sandbox, rebuilt when lost, for a tool that needs one), a
// cell journaled, its charts and files kept in the result, and its text
// for the model passed by reference when byRef.
func (a *analysis) runTool(ctx workflow.Context, on []tools.Tool, n, cell int, tc tools.Call, byRef bool) (tools.Output, error) {
	t, ok := tools.Lookup(on, tc.Name)
	if !ok {
		return tools.Output{CallID: tc.CallID, Output: tools.Unknown(tc.Name, on)}, nil
	}
	args, problem := t.Parse(tc.Arguments)
	if problem != "" {
		return tools.Output{CallID: tc.CallID, Output: problem}, nil
	}
	a.show(ctx, a.status, fmt.Sprintf("%s (cell %d)", t.Phase, cell))
	a.events.add(cellStarted(n, cell, t.Name, tc.Arguments))
	at := tools.CallAt{WorkflowID: a.id, RunID: a.sb.runID, Step: n, Cell: cell, CallID: tc.CallID, OutputByRef: byRef, Stream: a.events.on()}
	res, err := a.callTool(ctx, t, args, at)
	if err == nil {
		a.events.cellFinished(n, cell, res)
	}
	if err != nil {
		where := fmt.Sprintf("step %d cell %d", n, cell)
		if t.Where != "" {
			where += ": " + t.Where
		}
		return tools.Output{}, a.fail(ctx, where, err)
	}
	if t.Cell {
		a.sb.cells = append(a.sb.cells, api.CellRef{Step: n, Cell: cell, CallID: tc.CallID, Failed: res.Error != nil})
		a.res.CodeRuns++
	}
	a.res.SandboxID = a.sb.ref.SandboxID
	a.res.Charts = append(a.res.Charts, res.Charts...)
	a.res.Files = addFiles(a.res.Files, res.Files)
	// An activity of a worker that predates output_by_ref returns the
	// text anyway: then it goes inline, as before.
	if byRef && res.Output == "" && res.OutputKey != "" {
		return tools.Output{CallID: tc.CallID, OutputKey: res.OutputKey}, nil
	}
	return tools.Output{CallID: tc.CallID, Output: res.Output}, nil
}

// callTool runs the tool's activity for the call at at. When a tool that
// runs in the sandbox finds it lost, the sandbox is rebuilt from the cell
// journal and the call runs again there, up to MaxRebuilds.
func (a *analysis) callTool(ctx workflow.Context, t tools.Tool, args tools.Args, at tools.CallAt) (tools.Result, error) {
	for {
		if t.Sandbox {
			at.SandboxID = a.sb.ref.SandboxID
		}
		actx := withToolActivity(ctx, t.Activity, fmt.Sprintf("step %d cell %d: %s", at.Step, at.Cell, args.Summary()))
		var res tools.Result
		err := workflow.ExecuteActivity(actx, t.Activity, args.Input(at)).Get(ctx, &res)
		switch {
		case err == nil:
			return res, nil
		case !t.Sandbox || !isSandboxLost(err):
			return res, err
		case a.sb.rebuilds >= MaxRebuilds:
			return res, fmt.Errorf("sandbox %s was lost and %d rebuilds are used up: %w", a.sb.ref.SandboxID, MaxRebuilds, err)
		}
		if err := a.sb.rebuild(ctx); err != nil {
			return res, err
		}
	}
}

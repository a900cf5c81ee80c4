package workflows

import (
	"fmt"

	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

// toolCalls is how a run offers, runs and answers the model's tool calls:
// the versions of ChangeRunSQL and ChangeToolOutputRefs, read once.
type toolCalls struct {
	// sql: the tools that need a SQL source are offered and run
	// (ChangeRunSQL).
	sql bool
	// on are the rows of the table of tools that are on in this run.
	on []tools.Tool
	// answer is what the model is told of a call that ran: its text
	// inline, or by reference (ChangeToolOutputRefs).
	answer func(tc tools.Call, res tools.Result) tools.Output
	// byRef asks the tools' activities to leave the text in their record.
	byRef bool
}

// readToolCalls reads the versions of the tool calls of this run. Their
// GetVersion calls stay where they have always been, at the top of a
// turn's loop, so every kept history replays.
func readToolCalls(ctx workflow.Context) toolCalls {
	byRef := workflow.GetVersion(ctx, ChangeToolOutputRefs, workflow.DefaultVersion, 1) >= 1
	sql := workflow.GetVersion(ctx, ChangeRunSQL, workflow.DefaultVersion, 1) >= 1
	c := toolCalls{sql: sql, on: tools.On(sql), answer: answerInline, byRef: byRef}
	if byRef {
		c.answer = answerByRef
	}
	return c
}

// answerInline hands the model a call's text in the history (runs begun
// before ChangeToolOutputRefs). Delete it with the change id.
func answerInline(tc tools.Call, res tools.Result) tools.Output {
	return tools.Output{CallID: tc.CallID, Output: res.Output}
}

// answerByRef hands the model the key of the call's record, so the
// history never holds its text. An activity of a worker that predates
// output_by_ref returns the text anyway: then it goes inline, as before.
func answerByRef(tc tools.Call, res tools.Result) tools.Output {
	if res.Output == "" && res.OutputKey != "" {
		return tools.Output{CallID: tc.CallID, OutputKey: res.OutputKey}
	}
	return answerInline(tc, res)
}

// runTools is the second half of a step: it runs each tool call of the
// model through its row of the table of tools (tools.Table) and
// returns what the model is told of each. The tools are those that are on
// in this run (a.calls.on). A bad call is reported to the model, not
// failed.
func (a *analysis) runTools(ctx workflow.Context, n int, calls []tools.Call) ([]tools.Output, error) {
	var outs []tools.Output
	for cell, tc := range calls {
		out, err := a.runTool(ctx, n, cell, tc)
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
// for the model answered as this run answers (a.calls.answer).
func (a *analysis) runTool(ctx workflow.Context, n, cell int, tc tools.Call) (tools.Output, error) {
	on := a.calls.on
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
	at := tools.CallAt{WorkflowID: a.id, RunID: a.sb.runID, Step: n, Cell: cell, CallID: tc.CallID, OutputByRef: a.calls.byRef, Stream: a.events.on()}
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
	return a.calls.answer(tc, res), nil
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

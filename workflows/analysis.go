// Package workflows holds the durable-analyst workflows. Code here is
// deterministic: no I/O, clocks, randomness or goroutines outside the
// workflow API. Side effects live in package activities.
//
// Versioning rule: AnalysisWorkflow is PINNED, BatchAnalysisWorkflow is
// AUTO_UPGRADE; every change to workflow code is guarded with
// workflow.GetVersion (ids in versioning.go), and the histories kept in
// testdata/histories must still replay (replay_test.go, `make test`).
package workflows

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// ToolExecutePython is the one tool the model is given.
const ToolExecutePython = "execute_python"

// ToolRunSQL is the tool that queries a SQL source of the worker
// (ChangeRunSQL); the worker offers it only when it has sources.
const ToolRunSQL = "run_sql"

// MaxCodeBytes bounds the code of one tool call; longer code is refused
// back to the model (it would bloat the history).
const MaxCodeBytes = 32 << 10

// AnalysisWorkflow answers a question about data: it asks the model what to
// do, runs the Python it writes in a sandbox, and repeats until the model
// answers or max_steps is reached. The sandbox is killed on every exit. A
// conversation (input.Conversation) runs the same loop once per question.
func AnalysisWorkflow(ctx workflow.Context, input api.AnalysisInput) (*api.AnalysisResult, error) {
	check := validate.LenientAnalysisInput
	if strictInput(ctx) {
		check = validate.AnalysisInput
	}
	if err := check(input); err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), api.ErrTypeInvalidInput, nil)
	}
	a, err := newAnalysis(ctx, input)
	if err != nil {
		return nil, err
	}
	if input.Conversation != nil {
		return converse(ctx, a)
	}
	if err := a.start(ctx); err != nil {
		return nil, err
	}
	defer a.finish(ctx)
	if err := a.loop(ctx, a.in.Question, a.sb.staged); err != nil {
		return nil, err
	}
	a.writeReport(ctx)
	a.show(ctx, a.res.Status, "done")
	return a.res, nil
}

// analysis is one run of AnalysisWorkflow: its input, its sandbox, the
// result as it grows, and where the loop is.
type analysis struct {
	input  api.AnalysisInput // as given; a conversation continues with it
	in     api.AnalysisInput // with defaults
	id     string            // workflow id
	runID  string
	res    *api.AnalysisResult
	sb     *sandbox
	search *searchAttrs
	// status, phase and step are the loop's own progress; the rest is
	// read off the result.
	status, phase string
	step          int
	// turn and maxTurns are a conversation's (maxTurns is 0 otherwise).
	turn, maxTurns int
	// stepBase is the steps of a conversation's earlier turns, shown
	// before step and max_steps (ChangeConversationTotals); 0 otherwise.
	stepBase int
	// keepSandbox is set when a conversation continues as new with it.
	keepSandbox bool
	// line and ahead are, while the analysis waits in its pool's line,
	// the line and the analyses ahead of it when it last heard.
	line  string
	ahead *int
}

// newAnalysis registers the progress query; nothing blocks yet.
func newAnalysis(ctx workflow.Context, input api.AnalysisInput) (*analysis, error) {
	info := workflow.GetInfo(ctx)
	a := &analysis{
		input: input, in: input.WithDefaults(), id: info.WorkflowExecution.ID, runID: info.WorkflowExecution.RunID,
		res:    &api.AnalysisResult{SchemaVersion: api.SchemaVersion, Charts: []api.Chart{}},
		status: "starting", phase: "create sandbox",
	}
	if err := workflow.SetQueryHandler(ctx, api.ProgressQuery, func() (api.Progress, error) { return a.progress(), nil }); err != nil {
		return nil, err
	}
	return a, nil
}

// start checks the search attributes (which blocks: a conversation
// registers its handlers before), then creates the sandbox and stages the
// datasets, or takes over the sandbox of the run this one continues.
func (a *analysis) start(ctx workflow.Context) error {
	a.search = checkSearchAttributes(ctx)
	a.show(ctx, a.status, a.phase)
	if st := a.in.Continued; st != nil {
		a.sb = resumedSandbox(ctx, a.id, a.in.Datasets, *st)
		a.sb.onWait = a.waitingForSandbox
		a.res.StepsUsed, a.res.CodeRuns, a.res.Usage, a.res.TranscriptKey = st.Steps, st.CodeRuns, st.Usage, st.TranscriptKey
		a.res.SandboxSeconds = st.SandboxSeconds
	} else {
		sb, err := newSandbox(ctx, a.id, a.runID, a.in.Datasets, a.waitingForSandbox)
		if err != nil {
			return a.fail(ctx, "start", err)
		}
		a.sb = sb
	}
	a.res.SandboxID = a.sb.ref.SandboxID
	return nil
}

// waitingForSandbox shows that the analysis waits for a sandbox (no
// capacity now, see sandbox.create), with the analyses ahead of it in its
// pool's line when the line said so.
func (a *analysis) waitingForSandbox(ctx workflow.Context, line string, ahead *int) {
	a.line, a.ahead = line, ahead
	phase := api.PhaseWaitingForSandbox
	if ahead != nil {
		phase = fmt.Sprintf("%s (%d ahead)", phase, *ahead)
	}
	a.show(ctx, a.status, phase)
}

// finish keeps the sandbox time in the result and kills the sandbox, on
// every way out: success, failure, cancellation; only a conversation that
// continues as new keeps it.
func (a *analysis) finish(ctx workflow.Context) {
	a.spent(ctx)
	if !a.keepSandbox {
		a.sb.end(ctx)
	}
}

// loop runs the agent loop for one question: the whole of a one-shot
// analysis, one turn of a conversation. Steps are numbered across turns
// (base is the steps earlier turns used), so the S3 keys of charts,
// outputs and transcripts never collide.
func (a *analysis) loop(ctx workflow.Context, question string, staged []activities.StagedDataset) error {
	base := a.res.StepsUsed
	byRef := workflow.GetVersion(ctx, ChangeToolOutputRefs, workflow.DefaultVersion, 1) >= 1
	sqlTool := workflow.GetVersion(ctx, ChangeRunSQL, workflow.DefaultVersion, 1) >= 1
	var outputs []activities.ToolOutput
	a.res.Claims, a.res.Unsupported = nil, 0
	check := answerCheck{question: question}
	for a.step = 1; a.step <= a.in.MaxSteps; a.step++ {
		call := activities.CallModelInput{WorkflowID: a.id, RunID: a.runID, Step: base + a.step, Model: a.in.Model, ToolOutputs: outputs, SQLTool: sqlTool}
		if a.step == 1 {
			call.Question, call.Datasets = question, staged
			if call.Step == 1 {
				call.Instructions = a.in.SystemPrompt
			}
		}
		if check.correction != "" {
			call.Question, check.correction = check.correction, ""
		}
		reply, final, err := a.askModel(ctx, call)
		switch {
		case err != nil:
			return err
		case reply.Empty:
			outputs = nil
			continue
		case len(reply.ToolCalls) == 0:
			a.res.Status, a.res.Answer = api.StatusAnswered, reply.Answer
			if a.verify(ctx, &check, final) {
				outputs = nil
				continue
			}
			a.show(ctx, api.StatusAnswered, "done")
			return nil
		case final:
			return a.stopped(ctx, base)
		}
		if outputs, err = a.runTools(ctx, call.Step, reply.ToolCalls, byRef, sqlTool); err != nil {
			return err
		}
	}
	return a.stopped(ctx, base)
}

// askModel is the first half of a step: it asks the model what to do
// next. The step is final when it is the last one or the budget is used
// up: the model is told to answer.
func (a *analysis) askModel(ctx workflow.Context, call activities.CallModelInput) (activities.CallModelResult, bool, error) {
	a.res.BudgetExhausted = a.spent(ctx)
	call.Final = a.step == a.in.MaxSteps || a.res.BudgetExhausted
	a.show(ctx, "running", "model")
	mctx := withActivity(ctx, "CallModel", fmt.Sprintf("step %d: ask the model", call.Step))
	var mr activities.CallModelResult
	if err := workflow.ExecuteActivity(mctx, acts.CallModel, call).Get(ctx, &mr); err != nil {
		return mr, false, a.fail(ctx, fmt.Sprintf("step %d: model call", call.Step), err)
	}
	a.res.StepsUsed = call.Step
	a.res.Usage = a.res.Usage.Add(mr.Usage)
	a.res.TranscriptKey = mr.TranscriptKey
	return mr, call.Final, nil
}

// runTools is the second half of a step: it runs the code of each tool
// call in the sandbox and returns what the model is told of each. A bad
// call is reported to the model, not failed.
func (a *analysis) runTools(ctx workflow.Context, n int, calls []activities.ToolCall, byRef, sqlTool bool) ([]activities.ToolOutput, error) {
	var outputs []activities.ToolOutput
	for cell, tc := range calls {
		if sqlTool && tc.Name == ToolRunSQL {
			out, err := a.runSQL(ctx, n, cell, tc)
			if err != nil {
				return nil, err
			}
			outputs = append(outputs, out)
			continue
		}
		code, problem := parseToolCall(tc)
		if problem != "" && sqlTool && tc.Name != ToolExecutePython {
			problem = fmt.Sprintf("error: unknown tool %q; the tools are %s(code: string) and %s(source, query, name: string)", tc.Name, ToolExecutePython, ToolRunSQL)
		}
		if problem != "" {
			outputs = append(outputs, activities.ToolOutput{CallID: tc.CallID, Output: problem})
			continue
		}
		a.show(ctx, a.status, fmt.Sprintf("run code (cell %d)", cell))
		rr, err := a.sb.run(ctx, activities.RunCodeInput{
			WorkflowID: a.id, RunID: a.sb.runID,
			Step: n, Cell: cell, CallID: tc.CallID, Code: code, OutputByRef: byRef,
		})
		if err != nil {
			return nil, a.fail(ctx, fmt.Sprintf("step %d cell %d", n, cell), err)
		}
		a.res.CodeRuns++
		a.res.SandboxID = a.sb.ref.SandboxID
		a.res.Charts = append(a.res.Charts, rr.Charts...)
		a.res.Files = addFiles(a.res.Files, rr.Files)
		// A RunCode of a worker that predates output_by_ref returns
		// the text anyway: then it goes inline, as before.
		out := activities.ToolOutput{CallID: tc.CallID, Output: rr.Output}
		if byRef && rr.Output == "" && rr.OutputKey != "" {
			out = activities.ToolOutput{CallID: tc.CallID, OutputKey: rr.OutputKey}
		}
		outputs = append(outputs, out)
	}
	return outputs, nil
}

// runSQL runs one run_sql call (ChangeRunSQL): the query's result is
// staged in the sandbox and what the model is told of it passes by
// reference. A bad call, or a query refused or failed, is told to the
// model; a lost sandbox is rebuilt as for a cell.
func (a *analysis) runSQL(ctx workflow.Context, n, cell int, tc activities.ToolCall) (activities.ToolOutput, error) {
	in, problem := parseSQLCall(tc)
	if problem != "" {
		return activities.ToolOutput{CallID: tc.CallID, Output: problem}, nil
	}
	a.show(ctx, a.status, fmt.Sprintf("run sql (cell %d)", cell))
	in.WorkflowID, in.RunID, in.Step, in.Cell, in.CallID, in.OutputByRef = a.id, a.sb.runID, n, cell, tc.CallID, true
	for {
		in.SandboxID = a.sb.ref.SandboxID
		sctx := withActivity(ctx, "RunSQL", fmt.Sprintf("step %d cell %d: run sql on %s", n, cell, in.Source))
		var res activities.RunSQLResult
		err := workflow.ExecuteActivity(sctx, acts.RunSQL, in).Get(ctx, &res)
		if err == nil {
			a.res.SandboxID = a.sb.ref.SandboxID
			if res.OutputKey != "" && res.Output == "" {
				return activities.ToolOutput{CallID: tc.CallID, OutputKey: res.OutputKey}, nil
			}
			return activities.ToolOutput{CallID: tc.CallID, Output: res.Output}, nil
		}
		if !isSandboxLost(err) || a.sb.rebuilds >= MaxRebuilds {
			return activities.ToolOutput{}, a.fail(ctx, fmt.Sprintf("step %d cell %d: run sql", n, cell), err)
		}
		if err := a.sb.rebuild(ctx); err != nil {
			return activities.ToolOutput{}, a.fail(ctx, fmt.Sprintf("step %d cell %d: run sql", n, cell), err)
		}
	}
}

// stopped ends a question the model did not answer: out of steps, or out
// of budget.
func (a *analysis) stopped(ctx workflow.Context, base int) error {
	a.step = a.res.StepsUsed - base
	a.res.Status = api.StatusMaxSteps
	if a.res.BudgetExhausted {
		a.res.Status = api.StatusBudget
	}
	a.show(ctx, a.res.Status, "done")
	return nil
}

// spent says whether the budget is used up, and keeps the sandbox time in
// the result.
func (a *analysis) spent(ctx workflow.Context) bool {
	a.res.SandboxSeconds = a.sb.seconds(ctx)
	b := a.in.Budget
	return b != nil && ((b.MaxTokens > 0 && a.res.Usage.TotalTokens >= b.MaxTokens) ||
		(b.MaxSandboxSeconds > 0 && a.res.SandboxSeconds >= float64(b.MaxSandboxSeconds)))
}

// progress is the answer to the progress query.
func (a *analysis) progress() api.Progress {
	res := a.res
	p := api.Progress{Status: a.status, Step: a.stepBase + a.step, MaxSteps: a.stepBase + a.in.MaxSteps, CodeRuns: res.CodeRuns, Charts: len(res.Charts),
		SandboxID: res.SandboxID, Phase: a.phase, Tokens: res.Usage.TotalTokens, SandboxSeconds: res.SandboxSeconds, Files: len(res.Files),
		Turn: a.turn, MaxTurns: a.maxTurns}
	if a.sb != nil {
		p.Rebuilds = a.sb.rebuilds
	}
	if strings.HasPrefix(a.phase, api.PhaseWaitingForSandbox) {
		p.SandboxAhead, p.SandboxLine = a.ahead, a.line
	}
	return p
}

// show sets the status and phase, shows them in the UI and upserts them
// as search attributes.
func (a *analysis) show(ctx workflow.Context, status, phase string) {
	a.status, a.phase = status, phase
	turnOf := ""
	if a.maxTurns > 0 {
		turnOf = fmt.Sprintf("turn %d of at most %d, ", a.turn, a.maxTurns)
	}
	workflow.SetCurrentDetails(ctx, fmt.Sprintf("**%s** — %sstep %d of %d, %d code runs, %d charts\n\nnow: %s",
		status, turnOf, a.stepBase+a.step, a.stepBase+a.in.MaxSteps, a.res.CodeRuns, len(a.res.Charts), phase))
	if status == api.StatusFailed && ctx.Err() != nil {
		status = StatusCancelled
	}
	a.search.analysis(ctx, status, a.in.Model, a.res.StepsUsed)
}

// fail shows the analysis as failed and returns its error.
func (a *analysis) fail(ctx workflow.Context, where string, err error) error {
	a.show(ctx, "failed", a.phase)
	return failure(where, err)
}

// writeReport writes the Markdown and HTML reports of a finished analysis
// and keeps their keys in the result (ChangeAnalysisReport). The report is
// an extra: when it cannot be written the analysis still returns its
// answer, without a report, and says so in the log.
func (a *analysis) writeReport(ctx workflow.Context) {
	if workflow.GetVersion(ctx, ChangeAnalysisReport, workflow.DefaultVersion, 1) < 1 {
		return
	}
	res := a.res
	a.show(ctx, res.Status, "write the report")
	rctx := withActivity(ctx, "WriteReport", "write the report")
	var rep api.Report
	err := workflow.ExecuteActivity(rctx, acts.WriteReport, activities.WriteReportInput{
		WorkflowID: a.id, Question: a.in.Question, Status: res.Status, Answer: res.Answer,
		Charts: withoutURLs(res.Charts, func(c *api.Chart) { c.URL = "" }),
		Files:  withoutURLs(res.Files, func(f *api.OutputFile) { f.URL = "" }),
		Cells:  a.sb.cells, StepsUsed: res.StepsUsed, CodeRuns: res.CodeRuns, Usage: res.Usage,
		Claims: res.Claims, Unsupported: res.Unsupported,
	}).Get(ctx, &rep)
	if err != nil {
		workflow.GetLogger(ctx).Error("the report could not be written; the result has none", "error", err)
		return
	}
	res.Report = &rep
}

// withoutURLs copies items with their presigned URLs cleared by clear: the
// report activity presigns its own, so the URLs need not fill its input.
func withoutURLs[T any](items []T, clear func(*T)) []T {
	out := make([]T, len(items))
	for i, it := range items {
		clear(&it)
		out[i] = it
	}
	return out
}

// addFiles appends a cell's files to those of earlier cells; a file under
// a key already listed (two cells of one step writing the same name)
// replaces the earlier entry, as its object in S3 was replaced.
func addFiles(have, add []api.OutputFile) []api.OutputFile {
	for _, f := range add {
		replaced := false
		for i := range have {
			if have[i].Key == f.Key {
				have[i], replaced = f, true
				break
			}
		}
		if !replaced {
			have = append(have, f)
		}
	}
	return have
}

// failure is the workflow's error for a failed activity: it keeps the
// activity's error type (AuthError, DatasetError, …) at the top, so callers
// can branch on it without digging, and its message says where it happened
// and what the upstream answered, once (the UI shows it as the failure).
func failure(where string, err error) error {
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		return temporal.NewNonRetryableApplicationError(where+": "+errtext.Message(err), appErr.Type(), err)
	}
	var canceled *temporal.CanceledError
	if errors.As(err, &canceled) {
		return err
	}
	return fmt.Errorf("%s: %w", where, err)
}

// parseSQLCall checks a run_sql call; a problem is text for the model.
func parseSQLCall(tc activities.ToolCall) (activities.RunSQLInput, string) {
	var args struct {
		Source *string `json:"source"`
		Query  *string `json:"query"`
		Name   *string `json:"name"`
	}
	if err := json.NewDecoder(strings.NewReader(tc.Arguments)).Decode(&args); err != nil {
		return activities.RunSQLInput{}, fmt.Sprintf("error: the arguments of %s are not valid JSON (%v); send {\"source\": \"<name>\", \"query\": \"select …\", \"name\": \"<file name>\"}", ToolRunSQL, err)
	}
	switch {
	case args.Source == nil || args.Query == nil || args.Name == nil:
		return activities.RunSQLInput{}, fmt.Sprintf("error: %s needs the arguments \"source\", \"query\" and \"name\" (strings)", ToolRunSQL)
	case strings.TrimSpace(*args.Query) == "":
		return activities.RunSQLInput{}, "error: query is empty; send one SELECT statement"
	case len(*args.Query) > api.MaxSQLQueryBytes:
		return activities.RunSQLInput{}, fmt.Sprintf("error: query is %d bytes, at most %d", len(*args.Query), api.MaxSQLQueryBytes)
	}
	if p := activities.CheckSQLName(*args.Name); p != "" {
		return activities.RunSQLInput{}, "error: " + p
	}
	return activities.RunSQLInput{Source: *args.Source, Query: *args.Query, Name: *args.Name}, ""
}

// parseToolCall checks a tool call; a problem is returned as text for the
// model, never as a workflow error.
func parseToolCall(tc activities.ToolCall) (code, problem string) {
	if tc.Name != ToolExecutePython {
		return "", fmt.Sprintf("error: unknown tool %q; the only tool is %s(code: string)", tc.Name, ToolExecutePython)
	}
	var args struct {
		Code *string `json:"code"`
	}
	dec := json.NewDecoder(strings.NewReader(tc.Arguments))
	if err := dec.Decode(&args); err != nil {
		return "", fmt.Sprintf("error: the arguments of %s are not valid JSON (%v); send {\"code\": \"<python>\"}", ToolExecutePython, err)
	}
	switch {
	case args.Code == nil:
		return "", fmt.Sprintf("error: %s needs the argument \"code\" (a string of Python)", ToolExecutePython)
	case strings.TrimSpace(*args.Code) == "":
		return "", "error: code is empty; send the Python to run"
	case len(*args.Code) > MaxCodeBytes:
		return "", fmt.Sprintf("error: code is %d bytes, at most %d; split it over several calls", len(*args.Code), MaxCodeBytes)
	}
	return *args.Code, ""
}

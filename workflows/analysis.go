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
	"errors"
	"fmt"
	"strings"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
	"github.com/durable-analyst/durable-analyst/stream"
)

// AnalysisWorkflow answers a question about data: it asks the model what to
// do, runs the Python it writes in a sandbox, and repeats until the model
// answers or max_steps is reached. The sandbox is killed on every exit. A
// conversation (input.Conversation) runs the same loop once per question.
func AnalysisWorkflow(ctx workflow.Context, input api.AnalysisInput) (*api.AnalysisResult, error) {
	return analyze(ctx, input, stream.DefaultLimits)
}

// analyze is AnalysisWorkflow whose event stream keeps to limits.
func analyze(ctx workflow.Context, input api.AnalysisInput, limits stream.Limits) (*api.AnalysisResult, error) {
	check := validate.LenientAnalysisInput
	if strictInput(ctx) {
		check = validate.AnalysisInput
	}
	if err := check(input); err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), api.ErrTypeInvalidInput, nil)
	}
	a, err := newAnalysis(ctx, input, limits)
	if err != nil {
		return nil, err
	}
	res, err := a.run(ctx)
	a.events.end(ctx, res, err)
	return res, err
}

// run is the analysis from its start to its result: one question, or a
// conversation.
func (a *analysis) run(ctx workflow.Context) (*api.AnalysisResult, error) {
	if a.input.Conversation != nil {
		return converse(ctx, a)
	}
	a.events.add(api.StreamEvent{Kind: api.EventStarted, Question: a.in.Question})
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
	// events is the analysis' event stream (nil in runs begun before
	// ChangeEventStream).
	events *events
	// calls is how this run offers, runs and answers tool calls, read
	// once at the top of each turn's loop (readToolCalls).
	calls toolCalls
}

// newAnalysis registers the progress query; nothing blocks yet.
func newAnalysis(ctx workflow.Context, input api.AnalysisInput, limits stream.Limits) (*analysis, error) {
	info := workflow.GetInfo(ctx)
	a := &analysis{
		input: input, in: input.WithDefaults(), id: info.WorkflowExecution.ID, runID: info.WorkflowExecution.RunID,
		res:    &api.AnalysisResult{SchemaVersion: api.SchemaVersion, Charts: []api.Chart{}},
		status: api.StatusStarting, phase: "create sandbox",
	}
	if err := workflow.SetQueryHandler(ctx, api.ProgressQuery, func() (api.Progress, error) { return a.progress(), nil }); err != nil {
		return nil, err
	}
	var prior *api.StreamState
	if input.Continued != nil {
		prior = input.Continued.Stream
	}
	ev, err := newEvents(ctx, prior, limits)
	if err != nil {
		return nil, err
	}
	a.events = ev
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
func (a *analysis) loop(ctx workflow.Context, question string, staged []sandboxes.StagedDataset) error {
	base := a.res.StepsUsed
	a.calls = readToolCalls(ctx)
	var outputs []tools.Output
	a.res.Claims, a.res.Unsupported = nil, 0
	check := answerCheck{question: question}
	for a.step = 1; a.step <= a.in.MaxSteps; a.step++ {
		call := modelcall.CallModelInput{WorkflowID: a.id, RunID: a.runID, Step: base + a.step, Model: a.in.Model, ToolOutputs: outputs, SQLTool: a.calls.sql}
		if a.step == 1 {
			call.Question, call.Datasets = question, staged
			if call.Step == 1 {
				call.Instructions = a.in.SystemPrompt
			}
		}
		if check.correction != "" {
			call.Question, check.correction = check.correction, ""
		}
		a.events.add(api.StreamEvent{Kind: api.EventStep, Step: call.Step})
		reply, final, err := a.askModel(ctx, call)
		if err == nil && !reply.Empty {
			a.events.add(modelReplied(call.Step, reply))
		}
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
			a.events.add(api.StreamEvent{Kind: api.EventAnswer, Step: call.Step, Turn: a.turn, Text: reply.Answer})
			a.show(ctx, api.StatusAnswered, "done")
			return nil
		case final:
			return a.stopped(ctx, base)
		}
		if outputs, err = a.runTools(ctx, call.Step, reply.ToolCalls); err != nil {
			return err
		}
	}
	return a.stopped(ctx, base)
}

// askModel is the first half of a step: it asks the model what to do
// next. The step is final when it is the last one or the budget is used
// up: the model is told to answer.
func (a *analysis) askModel(ctx workflow.Context, call modelcall.CallModelInput) (modelcall.CallModelResult, bool, error) {
	a.res.BudgetExhausted = a.spent(ctx)
	call.Final = a.step == a.in.MaxSteps || a.res.BudgetExhausted
	a.show(ctx, api.StatusRunning, "model")
	mctx := withActivity(ctx, modelcall.CallModelName, fmt.Sprintf("step %d: ask the model", call.Step))
	var mr modelcall.CallModelResult
	if err := workflow.ExecuteActivity(mctx, modelActs.CallModel, call).Get(ctx, &mr); err != nil {
		return mr, false, a.fail(ctx, fmt.Sprintf("step %d: model call", call.Step), err)
	}
	a.res.StepsUsed = call.Step
	a.res.Usage = a.res.Usage.Add(mr.Usage)
	a.res.TranscriptKey = mr.TranscriptKey
	return mr, call.Final, nil
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
		status = api.StatusCancelled
	}
	a.search.analysis(ctx, status, a.in.Model, a.res.StepsUsed)
}

// fail shows the analysis as failed and returns its error.
func (a *analysis) fail(ctx workflow.Context, where string, err error) error {
	a.show(ctx, api.StatusFailed, a.phase)
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
	rctx := withActivity(ctx, outputs.WriteReportName, "write the report")
	var rep api.Report
	err := workflow.ExecuteActivity(rctx, outActs.WriteReport, outputs.WriteReportInput{
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

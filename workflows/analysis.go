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
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// Names of the contract (package api).
const ()

// ToolExecutePython is the one tool the model is given.
const ToolExecutePython = "execute_python"

// MaxCodeBytes bounds the code of one tool call; longer code is refused
// back to the model (it would bloat the history).
const MaxCodeBytes = 32 << 10

// HeartbeatTimeout is how soon a dead worker's activity is retried
// elsewhere: the server times the attempt out this long after its last
// heartbeat and starts the next one after the retry policy's first
// interval (1 s), so a SIGKILLed worker's cell runs again within about
// 5 s; the retried attempt clears the workflow's sticky queue
// (activities/takeover.go), so the analysis' next workflow task reaches a
// live worker at once (BENCHMARKS.md, P7). Activities heartbeat every
// third of it (activities.heartbeatWhile; the worker caps the SDK's
// heartbeat batching at the same interval, HEARTBEAT_THROTTLE in
// config.Tuning), so two heartbeats in a row may be late or lost before a
// live attempt is timed out. The cost is one heartbeat RPC per 1.33 s per
// running activity (bench/notes.md, P7). 3 s (every second) was tried and
// timed out every live attempt of the 200-analysis heartbeat load on a
// busy machine where 4 s timed out none.
const HeartbeatTimeout = 4 * time.Second

// MaxRebuilds bounds how many times one analysis replaces a lost sandbox.
const MaxRebuilds = 2

// a is the nil receiver through which workflows name activity methods.
var a *activities.Activities

// activityKind names a row of activityTimeouts.
type activityKind string

// activityTimeouts are every activity's timeouts and retries, in one place.
// Every activity heartbeats, so a dead worker's task moves on within
// HeartbeatTimeout whatever its start-to-close timeout.
var activityTimeouts = map[activityKind]struct {
	startToClose time.Duration
	attempts     int32
}{
	"create":  {2 * time.Minute, 10},
	"stage":   {10 * time.Minute, 10},
	"model":   {5 * time.Minute, 20},
	"code":    {15 * time.Minute, 20},
	"restore": {60 * time.Minute, 5},
	"kill":    {time.Minute, 5},
	"report":  {5 * time.Minute, 10},
}

// activityOptions sets the options of one kind of activity.
func activityOptions(ctx workflow.Context, summary string, kind activityKind) workflow.Context {
	t := activityTimeouts[kind]
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		Summary:             summary,
		StartToCloseTimeout: t.startToClose,
		HeartbeatTimeout:    HeartbeatTimeout,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    time.Minute,
			MaximumAttempts:    t.attempts,
			// One table decides what a retry can cure (activities/errors.go).
			// Retry policies are not part of a workflow's commands' identity,
			// so kept histories replay whatever this list holds.
			NonRetryableErrorTypes: activities.NonRetryableTypes(),
		},
	})
}

// AnalysisWorkflow answers a question about data: it asks the model what to
// do, runs the Python it writes in a sandbox, and repeats until the model
// answers or max_steps is reached. The sandbox is killed on every exit.
func AnalysisWorkflow(ctx workflow.Context, input api.AnalysisInput) (*api.AnalysisResult, error) {
	if err := validate.AnalysisInput(input); err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), api.ErrTypeInvalidInput, nil)
	}
	in := input.WithDefaults()
	info := workflow.GetInfo(ctx)

	// Progress is read off the result as it grows; only the step, status
	// and phase are the loop's own.
	res := &api.AnalysisResult{SchemaVersion: api.SchemaVersion, Charts: []api.Chart{}}
	var sb *sandbox
	var conv *conversation
	status, phase, step := "starting", "create sandbox", 0
	progress := func() api.Progress {
		p := api.Progress{Status: status, Step: step, MaxSteps: in.MaxSteps, CodeRuns: res.CodeRuns, Charts: len(res.Charts),
			SandboxID: res.SandboxID, Phase: phase, Tokens: res.Usage.TotalTokens, SandboxSeconds: res.SandboxSeconds, Files: len(res.Files)}
		if sb != nil {
			p.Rebuilds = sb.rebuilds
		}
		if conv != nil {
			p.Turn, p.MaxTurns = conv.state.Turns, conv.maxTurns
		}
		return p
	}
	if err := workflow.SetQueryHandler(ctx, api.ProgressQuery, func() (api.Progress, error) { return progress(), nil }); err != nil {
		return nil, err
	}
	// A conversation registers its handlers before the first blocking
	// call; a one-shot analysis has none.
	var followUp func(workflow.Context, api.AskInput) (*api.TurnResult, error)
	var err error
	if in.Conversation != nil {
		if conv, err = newConversation(ctx, in, func(ctx workflow.Context, q api.AskInput) (*api.TurnResult, error) {
			return followUp(ctx, q)
		}); err != nil {
			return nil, err
		}
	}
	// Asked after the handlers are registered: it blocks.
	search := checkSearchAttributes(ctx)
	show := func(st, ph string) {
		status, phase = st, ph
		turnOf := ""
		if conv != nil {
			turnOf = fmt.Sprintf("turn %d of at most %d, ", conv.state.Turns, conv.maxTurns)
		}
		workflow.SetCurrentDetails(ctx, fmt.Sprintf("**%s** — %sstep %d of %d, %d code runs, %d charts\n\nnow: %s",
			status, turnOf, step, in.MaxSteps, res.CodeRuns, len(res.Charts), phase))
		if status == api.StatusFailed && ctx.Err() != nil {
			st = StatusCancelled
		}
		search.analysis(ctx, st, in.Model, res.StepsUsed)
	}
	fail := func(where string, err error) error {
		show("failed", phase)
		return failure(where, err)
	}
	show(status, phase)

	if in.Continued != nil {
		sb = resumedSandbox(ctx, info.WorkflowExecution.ID, in.Datasets, *in.Continued)
		conv.restore(res)
	} else if sb, err = newSandbox(ctx, info.WorkflowExecution.ID, info.WorkflowExecution.RunID, in.Datasets); err != nil {
		return nil, fail("start", err)
	}
	res.SandboxID = sb.ref.SandboxID
	// Kill the sandbox on every way out: success, failure, cancellation;
	// only a conversation that continues as new keeps it.
	keepSandbox := false
	defer func() {
		if !keepSandbox {
			sb.kill(ctx)
		}
	}()

	// spent says whether the budget is used up, and keeps the sandbox time
	// in the result.
	spent := func() bool {
		res.SandboxSeconds = sb.seconds(ctx)
		b := in.Budget
		return b != nil && ((b.MaxTokens > 0 && res.Usage.TotalTokens >= b.MaxTokens) ||
			(b.MaxSandboxSeconds > 0 && res.SandboxSeconds >= float64(b.MaxSandboxSeconds)))
	}
	defer spent()

	// turn runs the agent loop for one question: the whole of a one-shot
	// analysis, one turn of a conversation. Steps are numbered across
	// turns (base is the steps earlier turns used), so the S3 keys of
	// charts, outputs and transcripts never collide.
	turn := func(ctx workflow.Context, question string, staged []activities.StagedDataset) error {
		base := res.StepsUsed
		byRef := workflow.GetVersion(ctx, ChangeToolOutputRefs, workflow.DefaultVersion, 1) >= 1
		var outputs []activities.ToolOutput
		for step = 1; step <= in.MaxSteps; step++ {
			res.BudgetExhausted = spent()
			final := step == in.MaxSteps || res.BudgetExhausted
			show("running", "model")
			n := base + step
			mctx := activityOptions(ctx, fmt.Sprintf("step %d: ask the model", n), "model")
			call := activities.CallModelInput{
				WorkflowID: info.WorkflowExecution.ID, RunID: info.WorkflowExecution.RunID,
				Step: n, Model: in.Model, ToolOutputs: outputs, Final: final,
			}
			if step == 1 {
				call.Question, call.Datasets = question, staged
				if n == 1 {
					call.Instructions = in.SystemPrompt
				}
			}
			var mr activities.CallModelResult
			if err := workflow.ExecuteActivity(mctx, a.CallModel, call).Get(ctx, &mr); err != nil {
				return fail(fmt.Sprintf("step %d: model call", n), err)
			}
			res.StepsUsed = n
			res.Usage = res.Usage.Add(mr.Usage)
			res.TranscriptKey = mr.TranscriptKey
			if mr.Empty {
				outputs = nil
				continue
			}
			if len(mr.ToolCalls) == 0 {
				res.Status, res.Answer = api.StatusAnswered, mr.Answer
				show(api.StatusAnswered, "done")
				return nil
			}
			if final {
				break
			}
			outputs = nil
			for cell, tc := range mr.ToolCalls {
				code, problem := parseToolCall(tc)
				if problem != "" {
					outputs = append(outputs, activities.ToolOutput{CallID: tc.CallID, Output: problem})
					continue
				}
				show(status, fmt.Sprintf("run code (cell %d)", cell))
				rr, err := sb.run(ctx, activities.RunCodeInput{
					WorkflowID: info.WorkflowExecution.ID, RunID: sb.runID,
					Step: n, Cell: cell, CallID: tc.CallID, Code: code, OutputByRef: byRef,
				})
				if err != nil {
					return fail(fmt.Sprintf("step %d cell %d", n, cell), err)
				}
				res.CodeRuns++
				res.SandboxID = sb.ref.SandboxID
				res.Charts = append(res.Charts, rr.Charts...)
				res.Files = addFiles(res.Files, rr.Files)
				// A RunCode of a worker that predates output_by_ref returns
				// the text anyway: then it goes inline, as before.
				out := activities.ToolOutput{CallID: tc.CallID, Output: rr.Output}
				if byRef && rr.Output == "" && rr.OutputKey != "" {
					out = activities.ToolOutput{CallID: tc.CallID, OutputKey: rr.OutputKey}
				}
				outputs = append(outputs, out)
			}
		}
		step = res.StepsUsed - base
		res.Status = api.StatusMaxSteps
		if res.BudgetExhausted {
			res.Status = api.StatusBudget
		}
		show(res.Status, "done")
		return nil
	}

	if conv == nil {
		if err := turn(ctx, in.Question, sb.staged); err != nil {
			return nil, err
		}
		writeReport(ctx, in, res, sb.cells, show)
		show(res.Status, "done")
		return res, nil
	}
	followUp = func(ctx workflow.Context, q api.AskInput) (*api.TurnResult, error) {
		return conv.turn(ctx, sb, res, q, turn)
	}
	if in.Question != "" {
		if _, err := conv.turn(ctx, sb, res, api.AskInput{Question: in.Question}, func(ctx workflow.Context, q string, _ []activities.StagedDataset) error {
			return turn(ctx, q, sb.staged)
		}); err != nil {
			return nil, err
		}
	}
	can, err := conv.serve(ctx, idleActions{pause: func() bool { return sb.pause(ctx) }, show: show})
	conv.summarise(res)
	if err != nil {
		return nil, err
	}
	if can {
		keepSandbox = true
		return nil, workflow.NewContinueAsNewError(ctx, api.AnalysisWorkflowName, conv.next(ctx, input, sb, res))
	}
	// The conversation is over: its status is the result's, not "waiting".
	show(res.Status, "done")
	return res, nil
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

// writeReport writes the Markdown and HTML reports of a finished analysis
// and keeps their keys in the result (ChangeAnalysisReport). The report is
// an extra: when it cannot be written the analysis still returns its
// answer, without a report, and says so in the log.
func writeReport(ctx workflow.Context, in api.AnalysisInput, res *api.AnalysisResult, cells []api.CellRef, show func(st, ph string)) {
	if workflow.GetVersion(ctx, ChangeAnalysisReport, workflow.DefaultVersion, 1) < 1 {
		return
	}
	show(res.Status, "write the report")
	rctx := activityOptions(ctx, "write the report", "report")
	var rep api.Report
	err := workflow.ExecuteActivity(rctx, a.WriteReport, activities.WriteReportInput{
		WorkflowID: workflow.GetInfo(ctx).WorkflowExecution.ID, Question: in.Question, Status: res.Status, Answer: res.Answer,
		Charts: withoutURLs(res.Charts, func(c *api.Chart) { c.URL = "" }),
		Files:  withoutURLs(res.Files, func(f *api.OutputFile) { f.URL = "" }),
		Cells:  cells, StepsUsed: res.StepsUsed, CodeRuns: res.CodeRuns, Usage: res.Usage,
	}).Get(ctx, &rep)
	if err != nil {
		workflow.GetLogger(ctx).Error("the report could not be written; the result has none", "error", err)
		return
	}
	res.Report = &rep
}

// failure is the workflow's error for a failed activity: it keeps the
// activity's error type (AuthError, DatasetError, …) at the top, so callers
// can branch on it without digging, and its message says where it happened
// and what the upstream answered, once (the UI shows it as the failure).
func failure(where string, err error) error {
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		return temporal.NewNonRetryableApplicationError(where+": "+activities.ErrorMessage(err), appErr.Type(), err)
	}
	var canceled *temporal.CanceledError
	if errors.As(err, &canceled) {
		return err
	}
	return fmt.Errorf("%s: %w", where, err)
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

// sandbox is the workflow's view of its sandbox: which one, the cells that
// ran in it, and how to replace it when it is lost.
type sandbox struct {
	ref        activities.SandboxRef
	staged     []activities.StagedDataset
	datasets   []api.Dataset
	workflowID string
	runID      string
	generation int
	rebuilds   int
	cells      []api.CellRef
	// since is when the current sandbox was made; spent is the lifetime
	// of the sandboxes before it.
	since time.Time
	spent time.Duration
	// paused is set while a conversation's idle sandbox is paused (since
	// is then zero: paused time is not spent); lost when pausing found it
	// gone, so the next turn rebuilds it.
	paused, lost bool
}

// seconds is the sandbox time the analysis has used so far.
func (sb *sandbox) seconds(ctx workflow.Context) float64 {
	if sb.since.IsZero() {
		return sb.spent.Seconds()
	}
	return (sb.spent + workflow.Now(ctx).Sub(sb.since)).Seconds()
}

// newSandbox creates (or, after a lost response, finds) a sandbox and stages
// the datasets into it.
func newSandbox(ctx workflow.Context, workflowID, runID string, ds []api.Dataset) (*sandbox, error) {
	sb := &sandbox{datasets: ds, workflowID: workflowID, runID: runID}
	if err := sb.create(ctx); err != nil {
		return nil, err
	}
	return sb, nil
}

// create makes the next generation of the sandbox and stages the datasets.
func (sb *sandbox) create(ctx workflow.Context) error {
	sb.generation++
	cctx := activityOptions(ctx, fmt.Sprintf("create sandbox (generation %d)", sb.generation), "create")
	if err := workflow.ExecuteActivity(cctx, a.CreateSandbox, activities.CreateSandboxInput{
		WorkflowID: sb.workflowID, RunID: sb.runID, Generation: sb.generation,
	}).Get(ctx, &sb.ref); err != nil {
		return fmt.Errorf("create sandbox: %w", err)
	}
	if !sb.since.IsZero() {
		sb.spent += workflow.Now(ctx).Sub(sb.since)
	}
	sb.since = workflow.Now(ctx)
	if len(sb.datasets) == 0 {
		return nil
	}
	sctx := activityOptions(ctx, fmt.Sprintf("stage %d datasets", len(sb.datasets)), "stage")
	if err := workflow.ExecuteActivity(sctx, a.StageDatasets, activities.StageDatasetsInput{
		SandboxID: sb.ref.SandboxID, Datasets: sb.datasets,
	}).Get(ctx, &sb.staged); err != nil {
		// The sandbox exists: kill it before failing.
		sb.kill(ctx)
		return fmt.Errorf("stage datasets: %w", err)
	}
	return nil
}

// kill kills the current sandbox, also when ctx is cancelled.
func (sb *sandbox) kill(ctx workflow.Context) {
	kctx, cancel := workflow.NewDisconnectedContext(ctx)
	defer cancel()
	kctx = activityOptions(kctx, "kill sandbox", "kill")
	if err := workflow.ExecuteActivity(kctx, a.KillSandbox, activities.KillSandboxInput{SandboxID: sb.ref.SandboxID}).Get(kctx, nil); err != nil {
		workflow.GetLogger(ctx).Error("sandbox kill failed; it will expire on its own", "sandbox_id", sb.ref.SandboxID, "error", err)
	}
}

// run runs one cell. When the sandbox turns out to be lost, it makes a new
// one, replays the cells that ran, and runs the cell there.
func (sb *sandbox) run(ctx workflow.Context, in activities.RunCodeInput) (activities.RunCodeResult, error) {
	for {
		in.SandboxID = sb.ref.SandboxID
		rctx := activityOptions(ctx, fmt.Sprintf("step %d cell %d: run code", in.Step, in.Cell), "code")
		var rr activities.RunCodeResult
		err := workflow.ExecuteActivity(rctx, a.RunCode, in).Get(ctx, &rr)
		if err == nil {
			sb.cells = append(sb.cells, api.CellRef{Step: in.Step, Cell: in.Cell, CallID: in.CallID, Failed: rr.Error != nil})
			return rr, nil
		}
		var appErr *temporal.ApplicationError
		if !errors.As(err, &appErr) || appErr.Type() != api.ErrTypeSandboxLost {
			return rr, err
		}
		if sb.rebuilds >= MaxRebuilds {
			return rr, fmt.Errorf("sandbox %s was lost and %d rebuilds are used up: %w", sb.ref.SandboxID, MaxRebuilds, err)
		}
		if err := sb.rebuild(ctx); err != nil {
			return rr, err
		}
	}
}

// rebuild replaces a lost sandbox: kill what is left of it, create the next
// generation, stage the datasets, and replay the cells that ran.
func (sb *sandbox) rebuild(ctx workflow.Context) error {
	lost := sb.ref.SandboxID
	sb.rebuilds++
	workflow.GetMetricsHandler(ctx).Counter(activities.MetricSandboxRebuilds).Inc(1)
	workflow.GetLogger(ctx).Warn("sandbox lost; rebuilding it from the cell journal", "sandbox_id", lost, "cells", len(sb.cells))
	sb.kill(ctx)
	if err := sb.create(ctx); err != nil {
		return fmt.Errorf("rebuild after losing sandbox %s: %w", lost, err)
	}
	if len(sb.cells) == 0 {
		return nil
	}
	rctx := activityOptions(ctx, fmt.Sprintf("restore %d cells into a new sandbox", len(sb.cells)), "restore")
	var res activities.RestoreSandboxResult
	if err := workflow.ExecuteActivity(rctx, a.RestoreSandbox, activities.RestoreSandboxInput{
		WorkflowID: sb.workflowID, RunID: sb.runID, SandboxID: sb.ref.SandboxID, Cells: sb.cells,
	}).Get(ctx, &res); err != nil {
		return fmt.Errorf("rebuild after losing sandbox %s: %w", lost, err)
	}
	return nil
}

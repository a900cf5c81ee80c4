// Package workflows holds the durable-analyst workflows. Code here is
// deterministic: no I/O, clocks, randomness or goroutines outside the
// workflow API. Side effects live in package activities.
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
)

// TaskQueue is the default task queue of the analysis worker.
const TaskQueue = "analysis"

// Workflow type names, as registered with the worker.
const (
	AnalysisWorkflowName = "AnalysisWorkflow"
)

// ProgressQuery is the query name that returns a Progress.
const ProgressQuery = "progress"

// ErrTypeInvalidInput is the ApplicationError type of a rejected input.
const ErrTypeInvalidInput = "InvalidInput"

// ToolExecutePython is the one tool the model is given.
const ToolExecutePython = "execute_python"

// MaxCodeBytes bounds the code of one tool call; longer code is refused
// back to the model (it would bloat the history).
const MaxCodeBytes = 32 << 10

// Progress is the machine-readable state of a running analysis.
type Progress struct {
	Status    string `json:"status"` // starting, running, answered, max_steps, failed
	Step      int    `json:"step"`
	MaxSteps  int    `json:"max_steps"`
	CodeRuns  int    `json:"code_runs"`
	Charts    int    `json:"charts"`
	SandboxID string `json:"sandbox_id,omitempty"`
	Phase     string `json:"phase"` // what the workflow waits on now
	Tokens    int64  `json:"tokens"`
}

// a is the nil receiver through which workflows name activity methods.
var a *activities.Activities

// activityOptions are every activity's timeouts and retries, in one place.
func activityOptions(ctx workflow.Context, summary string, kind string) workflow.Context {
	nonRetryable := []string{
		activities.ErrTypeAuth, activities.ErrTypeBadRequest, activities.ErrTypeNotFound,
		activities.ErrTypeQuota, activities.ErrTypeDataset, activities.ErrTypeSandboxLost,
	}
	o := workflow.ActivityOptions{
		Summary: summary,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        time.Minute,
			NonRetryableErrorTypes: nonRetryable,
		},
	}
	switch kind {
	case "create":
		o.StartToCloseTimeout = 2 * time.Minute
		o.RetryPolicy.MaximumAttempts = 10
	case "stage":
		o.StartToCloseTimeout = 10 * time.Minute
		o.HeartbeatTimeout = 30 * time.Second
		o.RetryPolicy.MaximumAttempts = 10
	case "model":
		o.StartToCloseTimeout = 5 * time.Minute
		o.RetryPolicy.MaximumAttempts = 20
	case "code":
		o.StartToCloseTimeout = 15 * time.Minute
		o.HeartbeatTimeout = 30 * time.Second
		o.RetryPolicy.MaximumAttempts = 20
	case "kill":
		o.StartToCloseTimeout = time.Minute
		o.RetryPolicy.MaximumAttempts = 5
	}
	return workflow.WithActivityOptions(ctx, o)
}

// AnalysisWorkflow answers a question about data: it asks the model what to
// do, runs the Python it writes in a sandbox, and repeats until the model
// answers or max_steps is reached. The sandbox is killed on every exit.
func AnalysisWorkflow(ctx workflow.Context, input AnalysisInput) (*AnalysisResult, error) {
	if err := input.Validate(); err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeInvalidInput, nil)
	}
	in := input.withDefaults()
	info := workflow.GetInfo(ctx)
	logger := workflow.GetLogger(ctx)

	prog := Progress{Status: "starting", MaxSteps: in.MaxSteps, Phase: "create sandbox"}
	if err := workflow.SetQueryHandler(ctx, ProgressQuery, func() (Progress, error) { return prog, nil }); err != nil {
		return nil, err
	}
	show := func() {
		workflow.SetCurrentDetails(ctx, fmt.Sprintf("**%s** — step %d of %d, %d code runs, %d charts\n\nnow: %s",
			prog.Status, prog.Step, prog.MaxSteps, prog.CodeRuns, prog.Charts, prog.Phase))
	}
	show()

	res := &AnalysisResult{SchemaVersion: SchemaVersion, Charts: []activities.Chart{}}

	sb, err := newSandbox(ctx, info.WorkflowExecution.ID, info.WorkflowExecution.RunID, 1, in.Datasets)
	if err != nil {
		return nil, failure("start", err)
	}
	prog.SandboxID, res.SandboxID = sb.ref.SandboxID, sb.ref.SandboxID
	// Kill the sandbox on every way out: success, failure, cancellation.
	defer func() {
		kctx, cancel := workflow.NewDisconnectedContext(ctx)
		defer cancel()
		kctx = activityOptions(kctx, "kill sandbox", "kill")
		if err := workflow.ExecuteActivity(kctx, a.KillSandbox, activities.KillSandboxInput{SandboxID: sb.ref.SandboxID}).Get(kctx, nil); err != nil {
			logger.Error("sandbox kill failed; it will expire on its own", "sandbox_id", sb.ref.SandboxID, "error", err)
		}
	}()

	var outputs []activities.ToolOutput
	for step := 1; step <= in.MaxSteps; step++ {
		prog.Status, prog.Step, prog.Phase = "running", step, "model"
		show()
		mctx := activityOptions(ctx, fmt.Sprintf("step %d: ask the model", step), "model")
		call := activities.CallModelInput{
			WorkflowID: info.WorkflowExecution.ID, RunID: info.WorkflowExecution.RunID,
			Step: step, Model: in.Model, ToolOutputs: outputs, Final: step == in.MaxSteps,
		}
		if step == 1 {
			call.Instructions, call.Question, call.Datasets = in.SystemPrompt, in.Question, sb.staged
		}
		var mr activities.CallModelResult
		if err := workflow.ExecuteActivity(mctx, a.CallModel, call).Get(ctx, &mr); err != nil {
			prog.Status = "failed"
			show()
			return nil, failure(fmt.Sprintf("step %d: model call", step), err)
		}
		res.StepsUsed = step
		res.Usage = res.Usage.Add(mr.Usage)
		res.TranscriptKey = mr.TranscriptKey
		prog.Tokens = res.Usage.TotalTokens
		if mr.Empty {
			outputs = nil
			continue
		}
		if len(mr.ToolCalls) == 0 {
			res.Status, res.Answer = StatusAnswered, mr.Answer
			prog.Status, prog.Phase = StatusAnswered, "done"
			show()
			return res, nil
		}
		if step == in.MaxSteps {
			break
		}
		outputs = nil
		for cell, tc := range mr.ToolCalls {
			code, problem := parseToolCall(tc)
			if problem != "" {
				outputs = append(outputs, activities.ToolOutput{CallID: tc.CallID, Output: problem})
				continue
			}
			prog.Phase = fmt.Sprintf("run code (cell %d)", cell)
			show()
			rr, err := sb.run(ctx, activities.RunCodeInput{
				WorkflowID: info.WorkflowExecution.ID, RunID: info.WorkflowExecution.RunID,
				Step: step, Cell: cell, CallID: tc.CallID, Code: code,
			})
			if err != nil {
				prog.Status = "failed"
				show()
				return nil, failure(fmt.Sprintf("step %d cell %d", step, cell), err)
			}
			res.CodeRuns++
			res.Charts = append(res.Charts, rr.Charts...)
			prog.CodeRuns, prog.Charts = res.CodeRuns, len(res.Charts)
			outputs = append(outputs, activities.ToolOutput{CallID: tc.CallID, Output: rr.Output})
		}
	}
	res.Status = StatusMaxSteps
	prog.Status, prog.Phase = StatusMaxSteps, "done"
	show()
	return res, nil
}

// failure is the workflow's error for a failed activity: it keeps the
// activity's error type (AuthError, DatasetError, …) at the top, so callers
// can branch on it without digging, and says where it happened.
func failure(where string, err error) error {
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		return temporal.NewNonRetryableApplicationError(where+": "+appErr.Error(), appErr.Type(), err)
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

// sandbox is the workflow's view of its sandbox: which one, and how to
// replace it when it is lost.
type sandbox struct {
	ref      activities.SandboxRef
	staged   []activities.StagedDataset
	datasets []activities.Dataset
}

// newSandbox creates (or, after a lost response, finds) a sandbox and stages
// the datasets into it.
func newSandbox(ctx workflow.Context, workflowID, runID string, generation int, ds []activities.Dataset) (*sandbox, error) {
	sb := &sandbox{datasets: ds}
	cctx := activityOptions(ctx, "create sandbox", "create")
	if err := workflow.ExecuteActivity(cctx, a.CreateSandbox, activities.CreateSandboxInput{
		WorkflowID: workflowID, RunID: runID, Generation: generation,
	}).Get(ctx, &sb.ref); err != nil {
		return nil, fmt.Errorf("create sandbox: %w", err)
	}
	if len(ds) > 0 {
		sctx := activityOptions(ctx, fmt.Sprintf("stage %d datasets", len(ds)), "stage")
		if err := workflow.ExecuteActivity(sctx, a.StageDatasets, activities.StageDatasetsInput{
			SandboxID: sb.ref.SandboxID, Datasets: ds,
		}).Get(ctx, &sb.staged); err != nil {
			// The sandbox exists: kill it before failing.
			kctx, cancel := workflow.NewDisconnectedContext(ctx)
			defer cancel()
			kctx = activityOptions(kctx, "kill sandbox", "kill")
			_ = workflow.ExecuteActivity(kctx, a.KillSandbox, activities.KillSandboxInput{SandboxID: sb.ref.SandboxID}).Get(kctx, nil)
			return nil, fmt.Errorf("stage datasets: %w", err)
		}
	}
	return sb, nil
}

// run runs one cell.
func (sb *sandbox) run(ctx workflow.Context, in activities.RunCodeInput) (activities.RunCodeResult, error) {
	in.SandboxID = sb.ref.SandboxID
	rctx := activityOptions(ctx, fmt.Sprintf("step %d cell %d: run code", in.Step, in.Cell), "code")
	var rr activities.RunCodeResult
	err := workflow.ExecuteActivity(rctx, a.RunCode, in).Get(ctx, &rr)
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) && appErr.Type() == activities.ErrTypeSandboxLost {
		return rr, fmt.Errorf("sandbox %s was lost: %w", sb.ref.SandboxID, err)
	}
	return rr, err
}

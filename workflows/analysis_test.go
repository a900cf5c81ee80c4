package workflows_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/claims"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// The nil receivers through which the tests name activities.
var (
	a           *activities.Activities
	sandboxActs *sandboxes.Activities
	toolActs    *tools.Activities
	outActs     *outputs.Activities
	batchActs   *batches.Activities
	modelActs   *modelcall.Activities
)

// harness mocks every activity and records what the workflow sent.
type harness struct {
	env        *testsuite.TestWorkflowEnvironment
	modelCalls []modelcall.CallModelInput
	codeRuns   []tools.RunCodeInput
	kills      []string
	killInputs []sandboxes.KillSandboxInput
	stageErr   error
	created    []sandboxes.CreateSandboxInput
	// refusals is how many creates are refused for capacity first.
	refusals  int
	refusal   admission.CapacityRefusal // the details of each refusal
	onCreate  func()
	reports   []outputs.WriteReportInput
	reportErr error
	verifies  []outputs.VerifyAnswerInput
	// stored is the text for the model of each cell by its OutputKey, as
	// RunCode keeps it in S3.
	stored map[string]string
	// oldRunCode makes RunCode ignore output_by_ref, as a worker built
	// before it does.
	oldRunCode bool
}

// newHarness mocks every activity; register registers more activities
// first (the environment takes no registration after a mock).
func newHarness(t *testing.T, register ...func(*harness)) *harness {
	var s testsuite.WorkflowTestSuite
	h := &harness{env: s.NewTestWorkflowEnvironment(), stored: map[string]string{}}
	workflows.RegisterActivities(h.env, &activities.Activities{})
	for _, r := range register {
		r(h)
	}
	h.env.OnActivity(sandboxActs.CreateSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.CreateSandboxInput) (sandboxes.SandboxRef, error) {
			h.created = append(h.created, in)
			if h.onCreate != nil {
				h.onCreate()
			}
			if h.refusals > 0 {
				h.refusals--
				var details []any
				if h.refusal.Queued {
					details = append(details, h.refusal)
				}
				return sandboxes.SandboxRef{}, temporal.NewNonRetryableApplicationError(
					"waiting for a sandbox: e2b: create sandbox: 429 rate_limited: you have reached the maximum number of concurrent E2B sandboxes (8)",
					api.ErrTypeSandboxCapacity, nil, details...)
			}
			return sandboxes.SandboxRef{SandboxID: fmt.Sprintf("isandbox%d", in.Generation)}, nil
		})
	h.env.OnActivity(sandboxActs.StageDatasets, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.StageDatasetsInput) ([]sandboxes.StagedDataset, error) {
			if h.stageErr != nil {
				return nil, h.stageErr
			}
			var out []sandboxes.StagedDataset
			for _, d := range in.Datasets {
				out = append(out, sandboxes.StagedDataset{Name: d.Name, Path: "/home/user/" + d.Name, Bytes: 10})
			}
			return out, nil
		})
	h.env.OnActivity(sandboxActs.KillSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.KillSandboxInput) error {
			h.kills = append(h.kills, in.SandboxID)
			h.killInputs = append(h.killInputs, in)
			return nil
		})
	h.env.OnActivity(outActs.WriteReport, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in outputs.WriteReportInput) (api.Report, error) {
			h.reports = append(h.reports, in)
			if h.reportErr != nil {
				return api.Report{}, h.reportErr
			}
			return api.Report{MarkdownKey: "analyses/" + in.WorkflowID + "/report.md", HTMLKey: "analyses/" + in.WorkflowID + "/report.html"}, nil
		})
	// VerifyAnswer checks the answer for real, against every text the
	// cells stored.
	h.env.OnActivity(outActs.VerifyAnswer, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in outputs.VerifyAnswerInput) (outputs.VerifyAnswerResult, error) {
			h.verifies = append(h.verifies, in)
			var srcs []claims.Source
			for _, k := range slices.Sorted(maps.Keys(h.stored)) {
				srcs = append(srcs, claims.Source{Step: 1, Cell: 0, Text: h.stored[k]})
			}
			r := claims.Check(in.Answer, in.Question, srcs)
			out := outputs.VerifyAnswerResult{Unsupported: r.Unsupported}
			for _, c := range r.Claims {
				out.Claims = append(out.Claims, api.Claim{Text: c.Text, Value: c.Value, Supported: c.Supported, At: c.Start})
			}
			return out, nil
		})
	return h
}

// script makes CallModel answer with the given turns in order.
func (h *harness) script(turns ...modelcall.CallModelResult) {
	h.env.OnActivity(modelActs.CallModel, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in modelcall.CallModelInput) (modelcall.CallModelResult, error) {
			h.modelCalls = append(h.modelCalls, in)
			i := len(h.modelCalls) - 1
			if i >= len(turns) {
				return turns[len(turns)-1], nil
			}
			return turns[i], nil
		})
}

// code makes RunCode answer with f, keeping the text like RunCode does:
// in the cell record at OutputKey, and out of the result when the input
// asks for OutputByRef.
func (h *harness) code(f func(tools.RunCodeInput) (tools.RunCodeResult, error)) {
	h.env.OnActivity(toolActs.RunCode, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in tools.RunCodeInput) (tools.RunCodeResult, error) {
			h.codeRuns = append(h.codeRuns, in)
			r, err := f(in)
			if err != nil {
				return r, err
			}
			if r.OutputKey == "" {
				r.OutputKey = fmt.Sprintf("analyses/%s/step-%d/%d-output.json", in.WorkflowID, in.Step, in.Cell)
			}
			h.stored[r.OutputKey] = r.Output
			if in.OutputByRef && !h.oldRunCode {
				r.Output = ""
			}
			return r, nil
		})
}

// outputs is what the model read at model call i: each tool output's
// text, inline or from the cell record its key names, as CallModel reads
// them.
func (h *harness) outputs(t *testing.T, i int) []tools.Output {
	t.Helper()
	var out []tools.Output
	for _, o := range h.modelCalls[i].ToolOutputs {
		if o.OutputKey != "" {
			text, ok := h.stored[o.OutputKey]
			require.True(t, ok, "call %d: output key %q names no cell record", i, o.OutputKey)
			require.Empty(t, o.Output, "call %d: output %s has a key and inline text", i, o.CallID)
			o = tools.Output{CallID: o.CallID, Output: text}
		}
		out = append(out, o)
	}
	return out
}

func pyCall(id, code string) tools.Call {
	args, _ := json.Marshal(map[string]string{"code": code})
	return tools.Call{CallID: id, Name: "execute_python", Arguments: string(args)}
}

func okOutput(in tools.RunCodeInput) (tools.RunCodeResult, error) {
	return tools.RunCodeResult{Output: "[stdout]\nran " + in.CallID}, nil
}

// phase is the analysis' progress phase now, as its query tells it.
func (h *harness) phase(t *testing.T) string {
	t.Helper()
	v, err := h.env.QueryWorkflow(api.ProgressQuery)
	require.NoError(t, err)
	var p api.Progress
	require.NoError(t, v.Get(&p))
	return p.Phase
}

func (h *harness) run(t *testing.T, in any) (*api.AnalysisResult, error) {
	t.Helper()
	h.env.ExecuteWorkflow(workflows.AnalysisWorkflow, in)
	require.True(t, h.env.IsWorkflowCompleted())
	if err := h.env.GetWorkflowError(); err != nil {
		return nil, err
	}
	var res api.AnalysisResult
	require.NoError(t, h.env.GetWorkflowResult(&res))
	return &res, nil
}

func TestStopsOnFinalAnswer(t *testing.T) {
	h := newHarness(t)
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "print(1)")}, Usage: api.Usage{TotalTokens: 10}},
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c2", "plt.show()")}, Usage: api.Usage{TotalTokens: 20}},
		modelcall.CallModelResult{Answer: "North wins", Usage: api.Usage{TotalTokens: 5}, TranscriptKey: "t/3"},
	)
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		r, _ := okOutput(in)
		if in.Step == 2 {
			r.Charts = []api.Chart{{Key: "k/step-2/0-0.png", Step: 2}}
		}
		return r, nil
	})
	res, err := h.run(t, api.AnalysisInput{Question: "who wins?", Datasets: []api.Dataset{{Name: "d.csv", Content: "a,b\n1,2\n"}}})
	require.NoError(t, err)
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Equal(t, "North wins", res.Answer)
	assert.Equal(t, 3, res.StepsUsed)
	assert.Equal(t, 2, res.CodeRuns)
	assert.Equal(t, int64(35), res.Usage.TotalTokens)
	assert.Equal(t, "isandbox1", res.SandboxID)
	assert.Equal(t, "t/3", res.TranscriptKey)
	require.Len(t, res.Charts, 1)
	assert.Equal(t, "k/step-2/0-0.png", res.Charts[0].Key)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
	// Step 1 opens the conversation; later steps carry only the outputs.
	require.Len(t, h.modelCalls, 3)
	assert.Equal(t, "who wins?", h.modelCalls[0].Question)
	require.Len(t, h.modelCalls[0].Datasets, 1)
	assert.Equal(t, "/home/user/d.csv", h.modelCalls[0].Datasets[0].Path)
	assert.Empty(t, h.modelCalls[1].Question)
	assert.Equal(t, []tools.Output{{CallID: "c1", Output: "[stdout]\nran c1"}}, h.outputs(t, 1))
	assert.Equal(t, []tools.Output{{CallID: "c2", Output: "[stdout]\nran c2"}}, h.outputs(t, 2))
}

// TestToolOutputsGoByReference: a cell's text reaches the model as the key
// of the cell record RunCode stored (ChangeToolOutputRefs), so neither
// RunCode's result nor CallModel's input holds it; a run that began before
// the change keeps passing the text inline.
func TestToolOutputsGoByReference(t *testing.T) {
	for _, tc := range []struct {
		name       string
		version    workflow.Version
		oldRunCode bool
		byRef      bool // the run asks for the text by reference
		keyed      bool // and the model's input names the key
	}{
		{"new runs pass keys", 1, false, true, true},
		{"runs before the change pass text", workflow.DefaultVersion, false, false, false},
		{"text from an older RunCode goes inline", 1, true, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.oldRunCode = tc.oldRunCode
			h.env.OnGetVersion(workflows.ChangeToolOutputRefs, workflow.DefaultVersion, 1).Return(tc.version)
			h.script(
				modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "print(1)"), {CallID: "bad", Name: "rm_rf"}}},
				modelcall.CallModelResult{Answer: "done"},
			)
			h.code(okOutput)
			_, err := h.run(t, api.AnalysisInput{Question: "q"})
			require.NoError(t, err)
			require.Len(t, h.codeRuns, 1)
			if got := h.codeRuns[0].OutputByRef; got != tc.byRef {
				t.Errorf("RunCode input output_by_ref: got %v, want %v", got, tc.byRef)
			}
			got := h.modelCalls[1].ToolOutputs
			require.Len(t, got, 2)
			want := tools.Output{CallID: "c1", Output: "[stdout]\nran c1"}
			if tc.keyed {
				want = tools.Output{CallID: "c1", OutputKey: "analyses/default-test-workflow-id/step-1/0-output.json"}
			}
			if got[0] != want {
				t.Errorf("tool output of c1: got %+v, want %+v", got[0], want)
			}
			// A refused call has no cell record: its text stays inline.
			assert.Empty(t, got[1].OutputKey)
			assert.Contains(t, got[1].Output, `unknown tool "rm_rf"`)
			assert.Equal(t, "[stdout]\nran c1", h.outputs(t, 1)[0].Output, "the model reads the same text either way")
		})
	}
}

func TestStopsAtMaxSteps(t *testing.T) {
	h := newHarness(t)
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x = 1")}})
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "loop forever", MaxSteps: 3})
	require.NoError(t, err)
	assert.Equal(t, api.StatusMaxSteps, res.Status)
	assert.Equal(t, 3, res.StepsUsed)
	require.Len(t, h.modelCalls, 3)
	assert.False(t, h.modelCalls[1].Final)
	assert.True(t, h.modelCalls[2].Final, "the last step must tell the model to answer")
	// The calls of the last step are not run: 2 steps ran code.
	assert.Len(t, h.codeRuns, 2)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

func TestDefaultMaxStepsIsTen(t *testing.T) {
	h := newHarness(t)
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x = 1")}})
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, api.DefaultMaxSteps, res.StepsUsed)
}

func TestBadToolCallsAreFedBack(t *testing.T) {
	h := newHarness(t)
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{
			{CallID: "bad-json", Name: "execute_python", Arguments: `{"code": "print(1)`},
			{CallID: "unknown", Name: "rm_rf", Arguments: `{}`},
			{CallID: "no-code", Name: "execute_python", Arguments: `{"cmd": "ls"}`},
			{CallID: "empty", Name: "execute_python", Arguments: `{"code": "  "}`},
			pyCall("good", "print(2)"),
		}},
		modelcall.CallModelResult{Answer: "done"},
	)
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, "done", res.Answer)
	require.Len(t, h.codeRuns, 1, "only the good call runs")
	assert.Equal(t, "good", h.codeRuns[0].CallID)
	assert.Equal(t, 4, h.codeRuns[0].Cell)
	outs := map[string]string{}
	for _, o := range h.outputs(t, 1) {
		outs[o.CallID] = o.Output
	}
	require.Len(t, outs, 5, "every call gets an output")
	assert.Contains(t, outs["bad-json"], "not valid JSON")
	assert.Contains(t, outs["unknown"], `unknown tool "rm_rf"`)
	assert.Contains(t, outs["no-code"], `needs the argument "code"`)
	assert.Contains(t, outs["empty"], "code is empty")
	assert.Contains(t, outs["good"], "ran good")
}

func TestCodeErrorIsFedBack(t *testing.T) {
	h := newHarness(t)
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "undefined_name")}},
		modelcall.CallModelResult{Answer: "fixed"},
	)
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		return tools.RunCodeResult{
			Output: "[error]\nNameError: name 'undefined_name' is not defined",
			Error:  &activities.CodeError{Name: "NameError", Value: "name 'undefined_name' is not defined"},
		}, nil
	})
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, "fixed", res.Answer)
	assert.Contains(t, h.outputs(t, 1)[0].Output, "NameError")
}

func TestEmptyModelOutputCountsAsAStep(t *testing.T) {
	h := newHarness(t)
	h.script(modelcall.CallModelResult{Empty: true}, modelcall.CallModelResult{Answer: "ok"})
	res, err := h.run(t, api.AnalysisInput{Question: "q", MaxSteps: 5})
	require.NoError(t, err)
	assert.Equal(t, "ok", res.Answer)
	assert.Equal(t, 2, res.StepsUsed)
}

func TestKillsSandboxWhenAStepFails(t *testing.T) {
	h := newHarness(t)
	h.env.OnActivity(modelActs.CallModel, mock.Anything, mock.Anything).Return(modelcall.CallModelResult{},
		temporal.NewNonRetryableApplicationError("model: 401", api.ErrTypeAuth, nil))
	_, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.Error(t, err)
	var appErr *temporal.ApplicationError
	require.True(t, errors.As(err, &appErr))
	assert.Equal(t, api.ErrTypeAuth, appErr.Type())
	assert.Equal(t, "step 1: model call: model: 401", appErr.Message(), "the activity's message once, with where it failed")
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

func TestKillsSandboxOnCancellation(t *testing.T) {
	h := newHarness(t)
	h.env.OnActivity(modelActs.CallModel, mock.Anything, mock.Anything).Return(modelcall.CallModelResult{
		ToolCalls: []tools.Call{pyCall("c", "import time; time.sleep(60)")},
	}, nil)
	h.env.OnActivity(toolActs.RunCode, mock.Anything, mock.Anything).After(time.Hour).Return(tools.RunCodeResult{Output: "late"}, nil)
	h.env.RegisterDelayedCallback(func() { h.env.CancelWorkflow() }, time.Minute)
	_, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.Error(t, err)
	var canceled *temporal.CanceledError
	assert.True(t, errors.As(err, &canceled), "got %v, want a CanceledError", err)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

func TestKillsSandboxWhenStagingFails(t *testing.T) {
	h := newHarness(t)
	h.stageErr = temporal.NewNonRetryableApplicationError("dataset \"x.csv\": NoSuchKey", api.ErrTypeDataset, nil)
	_, err := h.run(t, api.AnalysisInput{Question: "q", Datasets: []api.Dataset{{Name: "x.csv", S3Key: "in/x.csv"}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "x.csv")
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

func TestProgressQuery(t *testing.T) {
	h := newHarness(t)
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x")}}, modelcall.CallModelResult{Answer: "a"})
	h.code(okOutput)
	_, err := h.run(t, api.AnalysisInput{Question: "q", MaxSteps: 4})
	require.NoError(t, err)
	v, err := h.env.QueryWorkflow(api.ProgressQuery)
	require.NoError(t, err)
	var end api.Progress
	require.NoError(t, v.Get(&end))
	assert.Equal(t, api.Progress{Status: "answered", Step: 2, MaxSteps: 4, CodeRuns: 1, SandboxID: "isandbox1", Phase: "done"}, end)
}

func TestInvalidInputFailsWithoutSandbox(t *testing.T) {
	h := newHarness(t)
	_, err := h.run(t, api.AnalysisInput{Question: "", MaxSteps: 99})
	require.Error(t, err)
	var appErr *temporal.ApplicationError
	require.True(t, errors.As(err, &appErr))
	assert.Equal(t, api.ErrTypeInvalidInput, appErr.Type())
	assert.True(t, appErr.NonRetryable())
	assert.Contains(t, err.Error(), "question: must not be empty")
	assert.Contains(t, err.Error(), "max_steps: 99")
	assert.Empty(t, h.kills, "no sandbox was made, none is killed")
	h.env.AssertNotCalled(t, "CreateSandbox", mock.Anything, mock.Anything)
}

// Raw JSON as the UI form or another language's client sends it, with
// what encoding/json forgives: the workflow refuses it, naming the field,
// before any sandbox is made.
func TestMalformedJSONInputFailsWithoutSandbox(t *testing.T) {
	for _, tc := range []struct{ name, doc, want string }{
		{"repeated key", `{"question":"q","datasets":[{"name":"a.csv","content":"a\n1\n","name":"b.csv"}]}`, "datasets[0].name: given twice"},
		{"invalid UTF-8", "{\"question\":\"average of \xff?\"}", "question: not valid UTF-8"},
		{"trailing-dot host", `{"question":"q","datasets":[{"name":"a.csv","url":"http://localhost.:8080/a.csv"}]}`, `datasets[0].url: host name "localhost." ends with a dot`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			// By name, so the raw JSON goes through the data converter as
			// it does from a client.
			h.env.RegisterWorkflowWithOptions(workflows.AnalysisWorkflow, workflow.RegisterOptions{Name: api.AnalysisWorkflowName})
			h.env.ExecuteWorkflow(api.AnalysisWorkflowName, json.RawMessage(tc.doc))
			require.True(t, h.env.IsWorkflowCompleted())
			err := h.env.GetWorkflowError()
			require.Error(t, err)
			var appErr *temporal.ApplicationError
			require.ErrorAs(t, err, &appErr)
			assert.Equal(t, api.ErrTypeInvalidInput, appErr.Type())
			assert.Contains(t, err.Error(), tc.want)
			h.env.AssertNotCalled(t, "CreateSandbox", mock.Anything, mock.Anything)
		})
	}
}

func TestInputValidationTable(t *testing.T) {
	for _, tt := range inputCases {
		t.Run(tt.name, func(t *testing.T) {
			var in api.AnalysisInput
			require.NoError(t, json.Unmarshal([]byte(tt.json), &in), "decoding never fails; Validate reports")
			err := validate.AnalysisInput(in)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// A bad JSON value from the UI must reach the workflow as a validation
// error, not fail decoding in the SDK (which would retry the workflow task
// forever).
func TestBadJSONInputSurvivesTheDataConverter(t *testing.T) {
	dc := converter.GetDefaultDataConverter()
	p, err := dc.ToPayload(json.RawMessage(`{"question":"q","max_steps":"many"}`))
	require.NoError(t, err)
	var in api.AnalysisInput
	require.NoError(t, dc.FromPayload(p, &in))
	err = validate.AnalysisInput(in)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "max_steps: got JSON string, want an integer")
}

// restores makes RestoreSandbox replay every cell, and records its inputs.
func (h *harness) restores() *[]sandboxes.RestoreSandboxInput {
	var restored []sandboxes.RestoreSandboxInput
	h.env.OnActivity(sandboxActs.RestoreSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.RestoreSandboxInput) (sandboxes.RestoreSandboxResult, error) {
			restored = append(restored, in)
			return sandboxes.RestoreSandboxResult{Replayed: len(in.Cells)}, nil
		})
	return &restored
}

func TestLostSandboxIsRebuiltFromTheJournal(t *testing.T) {
	h := newHarness(t)
	restores := h.restores()
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "x = 1"), pyCall("c2", "y = oops")}},
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c3", "x + 1")}},
		modelcall.CallModelResult{Answer: "2"},
	)
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		switch {
		case in.CallID == "c2":
			return tools.RunCodeResult{Output: "NameError", Error: &activities.CodeError{Name: "NameError"}}, nil
		case in.CallID == "c3" && in.SandboxID == "isandbox1":
			return tools.RunCodeResult{}, temporal.NewNonRetryableApplicationError("gone", api.ErrTypeSandboxLost, nil)
		}
		return okOutput(in)
	})
	res, err := h.run(t, api.AnalysisInput{Question: "q", Datasets: []api.Dataset{{Name: "d.csv", Content: "a\n1\n"}}})
	require.NoError(t, err)
	assert.Equal(t, "2", res.Answer)
	assert.Equal(t, "isandbox2", res.SandboxID)
	require.Len(t, h.created, 2)
	assert.Equal(t, 2, h.created[1].Generation, "a new generation, never the lost sandbox again")
	restored := *restores
	require.Len(t, restored, 1)
	assert.Equal(t, "isandbox2", restored[0].SandboxID)
	assert.Equal(t, []api.CellRef{{Step: 1, Cell: 0, CallID: "c1"}, {Step: 1, Cell: 1, CallID: "c2", Failed: true}}, restored[0].Cells)
	// c3 ran in the lost sandbox and again in the new one.
	require.Len(t, h.codeRuns, 4)
	assert.Equal(t, "isandbox2", h.codeRuns[3].SandboxID)
	assert.ElementsMatch(t, []string{"isandbox1", "isandbox2"}, h.kills, "the lost one and the final one")
}

func TestRebuildsAreBounded(t *testing.T) {
	h := newHarness(t)
	h.env.OnActivity(sandboxActs.RestoreSandbox, mock.Anything, mock.Anything).Return(sandboxes.RestoreSandboxResult{}, nil)
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "x = 1")}})
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		return tools.RunCodeResult{}, temporal.NewNonRetryableApplicationError("gone", api.ErrTypeSandboxLost, nil)
	})
	_, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.Error(t, err)
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Regexp(t, `^step 1 cell 0: sandbox \S+ was lost and \d+ rebuilds are used up: gone$`, appErr.Message())
	assert.Len(t, h.codeRuns, workflows.MaxRebuilds+1)
}

func TestFailedRebuildFailsLoudly(t *testing.T) {
	h := newHarness(t)
	h.env.OnActivity(sandboxActs.RestoreSandbox, mock.Anything, mock.Anything).Return(sandboxes.RestoreSandboxResult{},
		temporal.NewNonRetryableApplicationError("rebuild: the new kernel lacks names the lost one had: df", api.ErrTypeRebuild, nil))
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "df = 1")}},
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c2", "df")}},
	)
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		if in.CallID == "c2" {
			return tools.RunCodeResult{}, temporal.NewNonRetryableApplicationError("gone", api.ErrTypeSandboxLost, nil)
		}
		return okOutput(in)
	})
	_, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.Error(t, err)
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeRebuild, appErr.Type())
	assert.Contains(t, err.Error(), "lacks names")
}

var big = strings.Repeat("x", api.MaxInlineBytes+1)

// inputCases are inputs as the UI or another service would send them, with
// the error each must get ("" = valid).
var inputCases = []struct {
	name string
	json string
	want string
}{
	{"minimal", `{"question":"q"}`, ""},
	{"full", `{"schema_version":1,"question":"q","datasets":[{"name":"a.csv","s3_key":"in/a.csv"},{"name":"b.json","url":"https://x.test/b.json"},{"name":"c.txt","content":"hi"}],"model":"gpt-4.1-mini","max_steps":50,"system_prompt":"be brief"}`, ""},
	{"missing question", `{}`, "question: required"},
	{"empty question", `{"question":"   "}`, "question: must not be empty"},
	{"question wrong type", `{"question":42}`, "question: got JSON number 42, want a string"},
	{"long question", `{"question":"` + strings.Repeat("q", api.MaxQuestionBytes+1) + `"}`, "question: 8193 bytes"},
	{"max_steps zero", `{"question":"q","max_steps":0}`, "max_steps: 0"},
	{"max_steps negative", `{"question":"q","max_steps":-1}`, "max_steps: -1"},
	{"max_steps too big", `{"question":"q","max_steps":51}`, "max_steps: 51"},
	{"max_steps string", `{"question":"q","max_steps":"ten"}`, "max_steps: got JSON string, want an integer"},
	{"max_steps float", `{"question":"q","max_steps":2.5}`, "max_steps: got JSON number 2.5"},
	{"unknown field", `{"question":"q","max_step":3}`, "max_step: unknown field"},
	{"unknown model option", `{"question":"q","temperature":0.2}`, "temperature: unknown field"},
	{"bad model", `{"question":"q","model":"gpt 4; rm"}`, "model:"},
	{"schema version", `{"question":"q","schema_version":2}`, "schema_version: 2"},
	{"datasets not array", `{"question":"q","datasets":{"name":"a"}}`, "datasets: got JSON object, want an array"},
	{"dataset no source", `{"question":"q","datasets":[{"name":"a.csv"}]}`, "datasets[0]: set exactly one of s3_key, url, content"},
	{"dataset two sources", `{"question":"q","datasets":[{"name":"a.csv","s3_key":"k","content":"x"}]}`, "datasets[0]: set exactly one"},
	{"dataset no name", `{"question":"q","datasets":[{"content":"x"}]}`, "datasets[0].name: required"},
	{"dataset path name", `{"question":"q","datasets":[{"name":"../etc/passwd","content":"x"}]}`, "datasets[0].name:"},
	{"dataset duplicate", `{"question":"q","datasets":[{"name":"a","content":"x"},{"name":"a","content":"y"}]}`, "datasets[1].name: \"a\" is also the name of datasets[0]"},
	{"bad s3 key", `{"question":"q","datasets":[{"name":"a","s3_key":"/abs/key"}]}`, "datasets[0].s3_key:"},
	{"s3 key traversal", `{"question":"q","datasets":[{"name":"a","s3_key":"x/../y"}]}`, "datasets[0].s3_key:"},
	{"bad url", `{"question":"q","datasets":[{"name":"a","url":"file:///etc/passwd"}]}`, "datasets[0].url:"},
	{"oversized inline", `{"question":"q","datasets":[{"name":"a","content":"` + big + `"}]}`, "datasets[0].content: 65537 bytes inline"},
	{"unknown dataset field", `{"question":"q","datasets":[{"name":"a","content":"x","path":"/tmp"}]}`, "datasets[0].path: unknown field"},
	{"dataset field type", `{"question":"q","datasets":[{"name":1,"content":"x"}]}`, "datasets[0].name: got JSON number 1, want a string"},
	{"not an object", `["q"]`, "input: got JSON array, want an object"},
	{"budget", `{"question":"q","budget":{"max_tokens":5000,"max_sandbox_seconds":600}}`, ""},
	{"budget negative", `{"question":"q","budget":{"max_tokens":-1}}`, "budget.max_tokens: -1"},
	{"budget too long", `{"question":"q","budget":{"max_sandbox_seconds":90000}}`, "budget.max_sandbox_seconds: 90000"},
	{"budget unknown field", `{"question":"q","budget":{"max_dollars":5}}`, "budget.max_dollars: unknown field"},
	{"budget wrong type", `{"question":"q","budget":{"max_tokens":"lots"}}`, "budget.max_tokens: got JSON string"},
	{"conversation", `{"question":"q","conversation":{"idle_timeout":"30m","max_turns":50,"pause_after":"5m","turns_per_run":20}}`, ""},
	{"conversation without question", `{"conversation":{}}`, ""},
	{"conversation empty question", `{"question":" ","conversation":{}}`, "question: must not be empty"},
	{"conversation bad idle_timeout", `{"question":"q","conversation":{"idle_timeout":"soon"}}`, "conversation.idle_timeout: \"soon\" is not a duration"},
	{"conversation idle_timeout too long", `{"question":"q","conversation":{"idle_timeout":"200h"}}`, "conversation.idle_timeout: 200h0m0s, must be between"},
	{"conversation pause_after not under idle", `{"question":"q","conversation":{"idle_timeout":"10m","pause_after":"10m"}}`, "conversation.pause_after: 10m0s, must be at least 0s and less than idle_timeout"},
	{"conversation max_turns negative", `{"question":"q","conversation":{"max_turns":-1}}`, "conversation.max_turns: -1"},
	{"conversation max_turns too big", `{"question":"q","conversation":{"max_turns":10001}}`, "conversation.max_turns: 10001"},
	{"conversation unknown field", `{"question":"q","conversation":{"idle":"5m"}}`, "conversation.idle: unknown field"},
	{"conversation wrong type", `{"question":"q","conversation":{"max_turns":"many"}}`, "conversation.max_turns: got JSON string"},
	{"continued without conversation", `{"question":"q","continued":{"sandbox_id":"i1"}}`, "continued: only a conversation"},
	{"long system prompt", `{"question":"q","system_prompt":"` + strings.Repeat("s", api.MaxSystemPromptBytes+1) + `"}`, "system_prompt:"},
}

func TestTokenBudgetEndsTheLoopWithAFinalCall(t *testing.T) {
	h := newHarness(t)
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x = 1")}, Usage: api.Usage{TotalTokens: 400}})
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "q", MaxSteps: 10, Budget: &api.Budget{MaxTokens: 1000}})
	require.NoError(t, err)
	// 400 + 400 + 400 ≥ 1000 after step 3: step 4 is the last, without tools.
	require.Len(t, h.modelCalls, 4)
	assert.False(t, h.modelCalls[2].Final)
	assert.True(t, h.modelCalls[3].Final)
	assert.Equal(t, api.StatusBudget, res.Status)
	assert.True(t, res.BudgetExhausted)
	assert.Len(t, h.codeRuns, 3)
}

func TestTokenBudgetFinalAnswerIsAnAnswer(t *testing.T) {
	h := newHarness(t)
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x = 1")}, Usage: api.Usage{TotalTokens: 900}},
		modelcall.CallModelResult{Answer: "best effort", Usage: api.Usage{TotalTokens: 300}},
	)
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "q", Budget: &api.Budget{MaxTokens: 500}})
	require.NoError(t, err)
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Equal(t, "best effort", res.Answer)
	assert.True(t, res.BudgetExhausted)
	assert.True(t, h.modelCalls[1].Final)
}

func TestSandboxTimeBudget(t *testing.T) {
	h := newHarness(t)
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "slow()")}})
	// Each cell takes 40 s of workflow time.
	h.env.OnActivity(toolActs.RunCode, mock.Anything, mock.Anything).After(40 * time.Second).Return(
		func(_ context.Context, in tools.RunCodeInput) (tools.RunCodeResult, error) {
			h.codeRuns = append(h.codeRuns, in)
			return okOutput(in)
		})
	res, err := h.run(t, api.AnalysisInput{Question: "q", MaxSteps: 20, Budget: &api.Budget{MaxSandboxSeconds: 100}})
	require.NoError(t, err)
	assert.Equal(t, api.StatusBudget, res.Status)
	assert.Len(t, h.codeRuns, 3, "40 s + 40 s + 40 s passes 100 s after the third cell")
	assert.GreaterOrEqual(t, res.SandboxSeconds, 120.0)
	assert.Less(t, res.SandboxSeconds, 200.0)
}

// onWorkerLine runs the analysis on version 3 of ChangeWaitForSandbox,
// the per-worker line of the analyses begun before the pool's line.
func (h *harness) onWorkerLine() *harness {
	h.env.OnGetVersion(workflows.ChangeWaitForSandbox, workflow.DefaultVersion, workflows.WaitInLine).Return(workflow.Version(3))
	return h
}

// TestWaitsForASandbox: creates refused for capacity are waited out on
// timers (ChangeWaitForSandbox), each a new activity, with the progress
// saying so, and the analysis then completes as usual.
func TestWaitsForASandbox(t *testing.T) {
	h := newHarness(t).onWorkerLine()
	h.refusals = 3
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x")}}, modelcall.CallModelResult{Answer: "a"})
	h.code(okOutput)
	var phases []string
	h.env.SetOnTimerScheduledListener(func(string, time.Duration) { phases = append(phases, h.phase(t)) })
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, api.StatusAnswered, res.Status)
	require.Len(t, h.created, 4, "three refused creates and the one that got a sandbox")
	for i, in := range h.created {
		assert.True(t, in.ReportCapacity, "create %d: ReportCapacity", i)
		assert.True(t, in.WakeOnFree, "create %d: WakeOnFree", i)
		assert.Equal(t, 1, in.Generation, "create %d: a wait is not a new generation", i)
	}
	assert.Equal(t, []string{api.PhaseWaitingForSandbox, api.PhaseWaitingForSandbox, api.PhaseWaitingForSandbox}, phases)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

// TestWokenBySandboxFreed: a waiting analysis asks again as soon as the
// worker signals that a sandbox is free, not at its timer; a wake that
// comes after it has its sandbox does no harm.
func TestWokenBySandboxFreed(t *testing.T) {
	h := newHarness(t).onWorkerLine()
	h.refusals = 2
	var asked []time.Time
	h.onCreate = func() { asked = append(asked, h.env.Now()) }
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x")}}, modelcall.CallModelResult{Answer: "a"})
	h.code(okOutput)
	// Waits: the first of 0.5-1 s, the second of 1-2 s. Wakes at 100 ms
	// and 200 ms cut both short; the third wake finds the sandbox had.
	for _, d := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 300 * time.Millisecond} {
		h.env.RegisterDelayedCallback(func() { h.env.SignalWorkflow(admission.SignalSandboxFreed, nil) }, d)
	}
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, api.StatusAnswered, res.Status)
	require.Len(t, asked, 3)
	assert.Less(t, asked[2].Sub(asked[0]), 500*time.Millisecond, "the asks followed the wakes, not the timers: %v", asked)
}

// TestWaitsItsTurnInTheLine: when the worker's line says the analysis
// would only be refused (AdmitSandbox, a local activity), it waits its
// turn without scheduling CreateSandbox; its fallback timer asks the line
// again, and a wake sends it straight to CreateSandbox.
func TestWaitsItsTurnInTheLine(t *testing.T) {
	h := newHarness(t).onWorkerLine()
	var admits []sandboxes.AdmitSandboxInput
	var asked []time.Time
	h.env.OnActivity(sandboxActs.AdmitSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.AdmitSandboxInput) (sandboxes.Admission, error) {
			admits = append(admits, in)
			return sandboxes.Admission{Wait: true, Refusal: admission.CapacityRefusal{Queued: true, Position: 4, ExpectedWaitSeconds: 30}}, nil
		})
	h.onCreate = func() { asked = append(asked, h.env.Now()) }
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x")}}, modelcall.CallModelResult{Answer: "a"})
	h.code(okOutput)
	// The first wait ends on its timer and asks the line again; a wake
	// 10 s into the second wait ends it.
	var phases []string
	var second time.Time
	h.env.SetOnTimerScheduledListener(func(string, time.Duration) {
		phases = append(phases, h.phase(t))
		if len(phases) == 2 {
			second = h.env.Now()
			h.env.RegisterDelayedCallback(func() { h.env.SignalWorkflow(admission.SignalSandboxFreed, nil) }, 10*time.Second)
		}
	})
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, api.StatusAnswered, res.Status)
	require.Len(t, admits, 2, "the first ask and the fallback's ask went to the line; the wake did not")
	for i, in := range admits {
		assert.Equal(t, 1, in.Generation, "admit %d", i)
		assert.NotEmpty(t, in.WorkflowID, "admit %d", i)
		assert.NotEmpty(t, in.RunID, "admit %d", i)
	}
	require.Len(t, asked, 1, "one create, after the wake")
	assert.Equal(t, 10*time.Second, asked[0].Sub(second).Round(time.Second))
	assert.Equal(t, []string{api.PhaseWaitingForSandbox, api.PhaseWaitingForSandbox}, phases)
}

// TestQueuedWaitsLonger: an analysis the worker queued (it will be woken)
// asks again on its own only after about a minute, then up to two; told
// when its turn may come, between that and twice that (within 1 to 10
// minutes); one that was not queued asks after about a second.
func TestQueuedWaitsLonger(t *testing.T) {
	for _, tc := range []struct {
		name          string
		refusal       admission.CapacityRefusal
		first, second [2]time.Duration // bounds of each wait
	}{
		{"queued", admission.CapacityRefusal{Queued: true, Position: 7},
			[2]time.Duration{32 * time.Second, 64 * time.Second}, [2]time.Duration{time.Minute, 2 * time.Minute}},
		{"queued, turn in 200 s", admission.CapacityRefusal{Queued: true, Position: 180, ExpectedWaitSeconds: 200},
			[2]time.Duration{200 * time.Second, 400 * time.Second}, [2]time.Duration{200 * time.Second, 400 * time.Second}},
		{"queued, turn in an hour", admission.CapacityRefusal{Queued: true, Position: 3600, ExpectedWaitSeconds: 3600},
			[2]time.Duration{5 * time.Minute, 10 * time.Minute}, [2]time.Duration{5 * time.Minute, 10 * time.Minute}},
		{"queued, next", admission.CapacityRefusal{Queued: true, Position: 1, ExpectedWaitSeconds: 1},
			[2]time.Duration{30 * time.Second, time.Minute}, [2]time.Duration{30 * time.Second, time.Minute}},
		{"not queued", admission.CapacityRefusal{},
			[2]time.Duration{500 * time.Millisecond, time.Second}, [2]time.Duration{time.Second, 2 * time.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t).onWorkerLine()
			h.refusals, h.refusal = 2, tc.refusal
			var asked []time.Time
			h.onCreate = func() { asked = append(asked, h.env.Now()) }
			h.script(modelcall.CallModelResult{Answer: "a"})
			_, err := h.run(t, api.AnalysisInput{Question: "q"})
			require.NoError(t, err)
			require.Len(t, asked, 3)
			for i, b := range [][2]time.Duration{tc.first, tc.second} {
				d := asked[i+1].Sub(asked[i])
				assert.GreaterOrEqual(t, d, b[0], "wait %d", i+1)
				assert.LessOrEqual(t, d, b[1]+time.Second, "wait %d", i+1)
			}
		})
	}
}

// TestCapacityBackoff: the waits double from about 1 s, stay within
// their maximum (20 s with timers only, 2 min as the fallback of a wake),
// and differ between workflows.
func TestCapacityBackoff(t *testing.T) {
	for _, maxWait := range []time.Duration{20 * time.Second, 2 * time.Minute} {
		for waits := 0; waits < 12; waits++ {
			d := workflows.CapacityBackoff("wf-a", waits, maxWait)
			assert.LessOrEqual(t, d, maxWait)
			assert.GreaterOrEqual(t, d, min(500*time.Millisecond<<waits, maxWait/2))
		}
		assert.NotEqual(t, workflows.CapacityBackoff("wf-a", 6, maxWait), workflows.CapacityBackoff("wf-b", 6, maxWait))
	}
}

package workflows_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	sdkpb "go.temporal.io/api/sdk/v1"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// update is what became of one Update sent to the workflow.
type update struct {
	accepted bool
	rejected error
	done     bool
	result   api.TurnResult
	err      error
}

// ask sends an ask Update at workflow time at and records its fate.
func (h *harness) ask(at time.Duration, id string, q api.AskInput) *update {
	u := &update{}
	h.env.RegisterDelayedCallback(func() {
		h.env.UpdateWorkflow(api.AskUpdate, id, &testsuite.TestUpdateCallback{
			OnAccept: func() { u.accepted = true },
			OnReject: func(err error) { u.rejected = err },
			OnComplete: func(r any, err error) {
				u.done, u.err = true, err
				if r != nil {
					b, _ := json.Marshal(r)
					_ = json.Unmarshal(b, &u.result)
				}
			},
		}, q)
	}, at)
	return u
}

// end sends the end Update at workflow time at.
func (h *harness) end(at time.Duration) {
	h.env.RegisterDelayedCallback(func() {
		h.env.UpdateWorkflow(api.EndUpdate, "end", &testsuite.TestUpdateCallback{
			OnAccept: func() {}, OnReject: func(error) {}, OnComplete: func(any, error) {},
		})
	}, at)
}

// pauses records the pause and resume activities.
func (h *harness) pauses(resumeErr error) (paused, resumed *[]string) {
	paused, resumed = &[]string{}, &[]string{}
	h.env.OnActivity(sandboxActs.PauseSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.PauseSandboxInput) (sandboxes.PauseSandboxResult, error) {
			*paused = append(*paused, in.SandboxID)
			return sandboxes.PauseSandboxResult{Paused: true}, nil
		})
	h.env.OnActivity(sandboxActs.ResumeSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.ResumeSandboxInput) error {
			*resumed = append(*resumed, in.SandboxID)
			return resumeErr
		})
	return paused, resumed
}

// answerEach makes the model run one cell and then answer, for every turn:
// a call with a question opens a turn. Each call takes delay of workflow
// time.
func (h *harness) answerEach(delay ...time.Duration) {
	h.env.OnActivity(modelActs.CallModel, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in modelcall.CallModelInput) (modelcall.CallModelResult, error) {
			h.modelCalls = append(h.modelCalls, in)
			tk := fmt.Sprintf("t/%d", in.Step)
			if in.Question != "" {
				return modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall(fmt.Sprintf("c%d", in.Step), "x = 1")},
					Usage: api.Usage{TotalTokens: 10}, TranscriptKey: tk}, nil
			}
			return modelcall.CallModelResult{Answer: "answer at step " + fmt.Sprint(in.Step), Usage: api.Usage{TotalTokens: 1}, TranscriptKey: tk}, nil
		}).After(append(delay, 0)[0])
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		r, _ := okOutput(in)
		r.Charts = []api.Chart{{Key: fmt.Sprintf("k/step-%d/0-0.png", in.Step), Step: in.Step}}
		return r, nil
	})
}

func conversationInput(question string, c api.Conversation) api.AnalysisInput {
	return api.AnalysisInput{Question: question, Conversation: &c,
		Datasets: []api.Dataset{{Name: "d.csv", Content: "a\n1\n"}}}
}

func TestConversationAnswersFollowUpsOnTheSameSandbox(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	paused, resumed := h.pauses(nil)
	second := h.ask(time.Minute, "2", api.AskInput{Question: "and by product?", Datasets: []api.Dataset{{Name: "p.csv", Content: "p\n"}}})
	third := h.ask(time.Hour, "3", api.AskInput{Question: "drop 2023"})
	h.end(2 * time.Hour)
	res, err := h.run(t, conversationInput("who wins?", api.Conversation{IdleTimeout: "3h"}))
	require.NoError(t, err)

	for i, u := range []*update{second, third} {
		require.True(t, u.accepted && u.done, "ask %d: accepted %v done %v rejected %v", i+2, u.accepted, u.done, u.rejected)
		require.NoError(t, u.err)
		assert.Equal(t, i+2, u.result.Turn)
		assert.Equal(t, api.StatusAnswered, u.result.Status)
		assert.Equal(t, 2, u.result.StepsUsed)
		assert.Equal(t, 1, u.result.CodeRuns)
		assert.Equal(t, int64(11), u.result.Usage.TotalTokens)
		assert.Equal(t, "isandbox1", u.result.SandboxID)
		require.Len(t, u.result.Charts, 1, "a turn's result has its own charts only")
	}
	assert.Equal(t, "answer at step 4", second.result.Answer)
	assert.Equal(t, "k/step-3/0-0.png", second.result.Charts[0].Key, "steps are numbered across turns")
	assert.Equal(t, "answer at step 6", third.result.Answer)

	// One sandbox throughout, killed once at the end; the ask's dataset
	// was staged into it and named to the model.
	assert.Len(t, h.created, 1)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
	require.Len(t, h.modelCalls, 6)
	assert.Equal(t, "and by product?", h.modelCalls[2].Question)
	require.Len(t, h.modelCalls[2].Datasets, 1)
	assert.Equal(t, "/home/user/p.csv", h.modelCalls[2].Datasets[0].Path)
	assert.Empty(t, h.modelCalls[2].Instructions, "instructions open the transcript once")
	// Idle for 59 minutes before the third ask, and after it: paused
	// twice, resumed once.
	assert.Equal(t, []string{"isandbox1", "isandbox1"}, *paused)
	assert.Equal(t, []string{"isandbox1"}, *resumed)

	assert.Equal(t, "answer at step 6", res.Answer)
	assert.Equal(t, 6, res.StepsUsed)
	assert.Equal(t, 3, res.CodeRuns)
	assert.Equal(t, int64(33), res.Usage.TotalTokens)
	require.NotNil(t, res.Conversation)
	assert.Equal(t, api.ConversationSummary{Turns: 3, EndedBy: api.EndedByEnd, Runs: 1, Pauses: 2}, *res.Conversation)
}

func TestConversationIdleTimeoutPausesThenEnds(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	paused, _ := h.pauses(nil)
	res, err := h.run(t, conversationInput("q", api.Conversation{IdleTimeout: "30m", PauseAfter: "5m"}))
	require.NoError(t, err)
	assert.Equal(t, api.EndedByIdleTimeout, res.Conversation.EndedBy)
	assert.Equal(t, []string{"isandbox1"}, *paused)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
	// Only the running time counts: 5 minutes before the pause, not 30.
	assert.InDelta(t, 300, res.SandboxSeconds, 5, "got %v sandbox seconds, want the 5 running minutes", res.SandboxSeconds)
}

func TestConversationMaxTurns(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	second := h.ask(time.Minute, "2", api.AskInput{Question: "q2"})
	third := h.ask(time.Minute, "3", api.AskInput{Question: "q3"})
	res, err := h.run(t, conversationInput("q1", api.Conversation{MaxTurns: 2}))
	require.NoError(t, err)
	require.True(t, second.done)
	require.Error(t, third.rejected, "the ask past max_turns was accepted")
	assert.Contains(t, third.rejected.Error(), "the conversation has reached max_turns (2)")
	assert.Equal(t, api.EndedByMaxTurns, res.Conversation.EndedBy)
	assert.Equal(t, 2, res.Conversation.Turns)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

func TestConversationEndSignal(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	h.env.RegisterDelayedCallback(func() { h.env.SignalWorkflow(api.EndSignal, nil) }, time.Minute)
	res, err := h.run(t, conversationInput("q1", api.Conversation{}))
	require.NoError(t, err)
	assert.Equal(t, api.EndedByEnd, res.Conversation.EndedBy)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

// Rejected asks never reach the workflow's history: the validator refuses
// them with a message naming what is wrong.
func TestAskValidatorRejects(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	cases := []struct {
		name string
		q    api.AskInput
		want string
	}{
		{"empty question", api.AskInput{Question: "  "}, "question: must not be empty"},
		{"oversize question", api.AskInput{Question: strings.Repeat("q", api.MaxQuestionBytes+1)}, "question: 8193 bytes"},
		{"dataset without source", api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "x.csv"}}}, "datasets[0]: set exactly one of s3_key, url, content"},
		{"dataset bad name", api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "../x", Content: "1"}}}, "datasets[0].name:"},
		{"dataset bad url", api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "u", URL: "file:///etc/passwd"}}}, "datasets[0].url:"},
		{"dataset already staged", api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "d.csv", Content: "1"}}}, `"d.csv" is already in the sandbox`},
	}
	got := make([]*update, len(cases))
	for i, c := range cases {
		got[i] = h.ask(time.Minute, c.name, c.q)
	}
	// After end, an otherwise good ask is refused too.
	h.end(2 * time.Minute)
	closed := h.ask(3*time.Minute, "after end", api.AskInput{Question: "still there?"})
	h.env.RegisterDelayedCallback(func() {}, 4*time.Minute)
	res, err := h.run(t, conversationInput("q1", api.Conversation{}))
	require.NoError(t, err)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Error(t, got[i].rejected, "accepted %v", got[i].accepted)
			assert.False(t, got[i].accepted)
			assert.Contains(t, got[i].rejected.Error(), c.want)
		})
	}
	// The workflow may be gone before the late ask is delivered; if it was
	// delivered, it was rejected.
	if closed.rejected != nil {
		assert.Contains(t, closed.rejected.Error(), "the conversation has ended (end)")
	}
	assert.False(t, closed.accepted)
	assert.Equal(t, 1, res.Conversation.Turns, "no rejected ask ran a turn")
	assert.Len(t, h.modelCalls, 2)
}

// Two asks at once: both are accepted and answered one after the other,
// in the order they came.
func TestConcurrentAsksQueueInOrder(t *testing.T) {
	h := newHarness(t)
	h.answerEach(10 * time.Second)
	h.pauses(nil)
	// The second comes while the first's turn is under way.
	first := h.ask(time.Minute, "a", api.AskInput{Question: "first"})
	second := h.ask(time.Minute+time.Second, "b", api.AskInput{Question: "second"})
	h.end(time.Hour)
	res, err := h.run(t, conversationInput("q1", api.Conversation{}))
	require.NoError(t, err)
	require.True(t, first.done && second.done)
	assert.True(t, second.accepted)
	assert.Equal(t, 2, first.result.Turn)
	assert.Equal(t, 3, second.result.Turn)
	assert.Equal(t, "first", h.modelCalls[2].Question)
	assert.Equal(t, "second", h.modelCalls[4].Question)
	assert.Equal(t, 3, res.Conversation.Turns)
}

// A conversation may open without a question: the first ask (as sent by
// update-with-start) is its first turn.
func TestConversationOpensWithAnAsk(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	first := h.ask(0, "1", api.AskInput{Question: "who wins?"})
	h.end(time.Minute)
	res, err := h.run(t, api.AnalysisInput{Conversation: &api.Conversation{}, SystemPrompt: "be brief"})
	require.NoError(t, err)
	require.True(t, first.done)
	require.NoError(t, first.err)
	assert.Equal(t, 1, first.result.Turn)
	assert.Equal(t, "answer at step 2", first.result.Answer)
	assert.Equal(t, "be brief", h.modelCalls[0].Instructions)
	assert.Equal(t, 1, res.Conversation.Turns)
}

// A conversation that ends before any question says so.
func TestConversationEndedWithoutQuestion(t *testing.T) {
	h := newHarness(t)
	h.pauses(nil)
	h.end(time.Minute)
	res, err := h.run(t, api.AnalysisInput{Conversation: &api.Conversation{}})
	require.NoError(t, err)
	assert.Equal(t, api.StatusEnded, res.Status)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
}

// A paused sandbox that is gone by the next ask is rebuilt from the cell
// journal, and the turn goes on in the new one.
func TestPausedSandboxLostIsRebuilt(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	lost := temporal.NewNonRetryableApplicationError("sandbox isandbox1 is gone", api.ErrTypeSandboxLost, nil)
	_, resumed := h.pauses(lost)
	var restored []sandboxes.RestoreSandboxInput
	h.env.OnActivity(sandboxActs.RestoreSandbox, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.RestoreSandboxInput) (sandboxes.RestoreSandboxResult, error) {
			restored = append(restored, in)
			return sandboxes.RestoreSandboxResult{Replayed: len(in.Cells)}, nil
		})
	second := h.ask(time.Hour, "2", api.AskInput{Question: "q2"})
	h.end(2 * time.Hour)
	res, err := h.run(t, conversationInput("q1", api.Conversation{IdleTimeout: "3h"}))
	require.NoError(t, err)
	require.True(t, second.done)
	require.NoError(t, second.err)
	assert.Equal(t, []string{"isandbox1"}, *resumed)
	require.Len(t, restored, 1)
	assert.Equal(t, "isandbox2", restored[0].SandboxID)
	assert.Len(t, restored[0].Cells, 1, "the cell of turn 1 is replayed")
	assert.Equal(t, "isandbox2", second.result.SandboxID)
	assert.Equal(t, []string{"isandbox1", "isandbox2"}, h.kills)
	assert.Equal(t, "isandbox2", res.SandboxID)
}

// Continue-as-new carries references and counters only, and keeps the
// sandbox alive for the next run.
func TestConversationContinuesAsNew(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	h.env.ExecuteWorkflow(workflows.AnalysisWorkflow, conversationInput("q1", api.Conversation{TurnsPerRun: 1}))
	require.True(t, h.env.IsWorkflowCompleted())
	err := h.env.GetWorkflowError()
	var can *workflow.ContinueAsNewError
	require.True(t, errors.As(err, &can), "got %v, want continue-as-new", err)
	assert.Empty(t, h.kills, "the sandbox lives on into the next run")
	var next api.AnalysisInput
	require.NoError(t, converter.GetDefaultDataConverter().FromPayloads(can.Input, &next))
	require.NotNil(t, next.Continued)
	assert.Empty(t, next.Question)
	assert.Equal(t, "isandbox1", next.Continued.SandboxID)
	assert.Equal(t, 1, next.Continued.Turns)
	assert.Equal(t, 2, next.Continued.Steps)
	assert.Len(t, next.Continued.Cells, 1)
	assert.Equal(t, "t/2", next.Continued.TranscriptKey)

	// The next run goes on from there: the same sandbox, steps numbered on.
	h2 := newHarness(t)
	h2.answerEach()
	h2.pauses(nil)
	second := h2.ask(time.Minute, "2", api.AskInput{Question: "q2"})
	h2.end(2 * time.Minute)
	next.Conversation.TurnsPerRun = 0
	res, err := h2.run(t, next)
	require.NoError(t, err)
	require.True(t, second.done)
	assert.Equal(t, 2, second.result.Turn)
	assert.Equal(t, 3, h2.modelCalls[0].Step)
	assert.Empty(t, h2.created, "no new sandbox")
	assert.Equal(t, []string{"isandbox1"}, h2.kills)
	assert.Equal(t, api.ConversationSummary{Turns: 2, EndedBy: api.EndedByEnd, Runs: 2}, *res.Conversation)
	assert.Equal(t, 4, res.StepsUsed)
}

// With turns_per_run 0 the conversation continues as new when Temporal
// suggests it: after the turn under way, carrying references only.
func TestConversationContinuesAsNewWhenSuggested(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	h.env.SetContinueAsNewSuggested(true)
	h.env.ExecuteWorkflow(workflows.AnalysisWorkflow, conversationInput("q1", api.Conversation{}))
	require.True(t, h.env.IsWorkflowCompleted())
	err := h.env.GetWorkflowError()
	var can *workflow.ContinueAsNewError
	require.True(t, errors.As(err, &can), "got %v, want continue-as-new", err)
	assert.Empty(t, h.kills, "the sandbox lives on into the next run")
	var next api.AnalysisInput
	require.NoError(t, converter.GetDefaultDataConverter().FromPayloads(can.Input, &next))
	require.NotNil(t, next.Continued)
	assert.Equal(t, 1, next.Continued.Turns, "the first turn was answered before continuing")
	assert.Equal(t, "isandbox1", next.Continued.SandboxID)
}

// At most MaxQueuedAsks asks wait at once; the next is refused.
func TestAskQueueIsBounded(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	var asks []*update
	for i := range api.MaxQueuedAsks + 1 {
		asks = append(asks, h.ask(time.Minute, fmt.Sprint("q", i), api.AskInput{Question: fmt.Sprint("q", i)}))
	}
	h.end(time.Hour)
	_, err := h.run(t, conversationInput("q", api.Conversation{}))
	require.NoError(t, err)
	// Callbacks due at the same time fire in no set order: count.
	done, rejected := 0, 0
	for _, u := range asks {
		if u.done {
			done++
		}
		if u.rejected != nil {
			rejected++
			assert.Contains(t, u.rejected.Error(), "10 questions are already waiting")
		}
	}
	assert.Equal(t, api.MaxQueuedAsks, done)
	assert.Equal(t, 1, rejected)
}

// progressAt queries the progress and the UI's current details at
// workflow time at.
func (h *harness) progressAt(t *testing.T, at time.Duration) (*api.Progress, *string) {
	p, details := &api.Progress{}, new(string)
	h.env.RegisterDelayedCallback(func() {
		v, err := h.env.QueryWorkflow(api.ProgressQuery)
		require.NoError(t, err)
		require.NoError(t, v.Get(p))
		v, err = h.env.QueryWorkflow("__temporal_workflow_metadata")
		require.NoError(t, err)
		var md sdkpb.WorkflowMetadata
		require.NoError(t, v.Get(&md))
		*details = md.GetCurrentDetails()
	}, at)
	return p, details
}

// A conversation counts steps and charts across its turns everywhere:
// progress, the UI's details and the result use the step numbers of its
// activity names and S3 keys; an ask's TurnResult counts its own turn.
func TestConversationCountsAcrossTurns(t *testing.T) {
	h := newHarness(t)
	h.answerEach(10 * time.Second) // turn 1: steps 1-2 until 20s
	h.pauses(nil)
	second := h.ask(time.Minute, "2", api.AskInput{Question: "and by product?"})
	during, details := h.progressAt(t, time.Minute+5*time.Second) // turn 2, step 3 asking the model
	h.end(time.Hour)
	res, err := h.run(t, conversationInput("who wins?", api.Conversation{IdleTimeout: "3h"}))
	require.NoError(t, err)

	assert.Equal(t, 2, during.Turn)
	assert.Equal(t, 3, during.Step, "the step's number in the conversation, as in its activity name and S3 keys")
	assert.Equal(t, 2+api.DefaultMaxSteps, during.MaxSteps, "the last step number this turn may reach")
	assert.Equal(t, 1, during.Charts, "turn 1's chart counts")
	assert.Equal(t, 1, during.CodeRuns)
	assert.Contains(t, *details, "turn 2 of at most 50, step 3 of 12, 1 code runs, 1 charts")

	require.True(t, second.done)
	require.NoError(t, second.err)
	require.Len(t, second.result.Charts, 1, "a turn's result has its own charts only")
	assert.Equal(t, "k/step-3/0-0.png", second.result.Charts[0].Key)
	assert.Equal(t, 2, second.result.StepsUsed)

	require.Len(t, res.Charts, 2, "the result lists every turn's charts")
	assert.Equal(t, []string{"k/step-1/0-0.png", "k/step-3/0-0.png"}, []string{res.Charts[0].Key, res.Charts[1].Key})
	assert.Equal(t, 4, res.StepsUsed)
	end, _ := h.env.QueryWorkflow(api.ProgressQuery)
	var p api.Progress
	require.NoError(t, end.Get(&p))
	assert.Equal(t, 4, p.Step)
	assert.Equal(t, 2, p.Charts)
}

// Continue-as-new carries the conversation's charts (keys, no URLs), so
// the next run's progress and result go on counting from them.
func TestConversationCarriesChartsAcrossRuns(t *testing.T) {
	h := newHarness(t)
	h.answerEach()
	h.pauses(nil)
	h.env.ExecuteWorkflow(workflows.AnalysisWorkflow, conversationInput("q1", api.Conversation{TurnsPerRun: 1}))
	var can *workflow.ContinueAsNewError
	require.True(t, errors.As(h.env.GetWorkflowError(), &can))
	var next api.AnalysisInput
	require.NoError(t, converter.GetDefaultDataConverter().FromPayloads(can.Input, &next))
	require.Len(t, next.Continued.Charts, 1)
	assert.Equal(t, "k/step-1/0-0.png", next.Continued.Charts[0].Key)
	assert.Empty(t, next.Continued.Charts[0].URL, "presigned URLs are not carried")

	h2 := newHarness(t)
	h2.answerEach()
	h2.pauses(nil)
	second := h2.ask(time.Minute, "2", api.AskInput{Question: "q2"})
	h2.end(2 * time.Minute)
	next.Conversation.TurnsPerRun = 0
	res, err := h2.run(t, next)
	require.NoError(t, err)
	require.True(t, second.done)
	require.Len(t, second.result.Charts, 1)
	assert.Equal(t, "k/step-3/0-0.png", second.result.Charts[0].Key)
	require.Len(t, res.Charts, 2)
	assert.Equal(t, "k/step-1/0-0.png", res.Charts[0].Key)
}

package e2e

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"google.golang.org/protobuf/proto"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

const salesCSV = "region,amount\nNorth,10\nSouth,20\nWest,30\n"

// ask sends the ask Update and waits for the turn's answer.
func (e *env) ask(id string, q api.AskInput) (api.TurnResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	h, err := e.Temporal.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: id, UpdateName: api.AskUpdate, Args: []any{q}, WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	var tr api.TurnResult
	if err != nil {
		return tr, err
	}
	return tr, h.Get(ctx, &tr)
}

// sandboxState asks the local E2B server, through the E2B client, what
// state a sandbox is in.
func (e *env) sandboxState(id string) e2b.SandboxState {
	c, err := e2b.NewClient(e2b.WithAPIKey(fakeE2BKey), e2b.WithAPIURL(e.E2BURL), e2b.WithSandboxURL(e.E2BURL))
	require.NoError(e.t, err)
	info, err := c.GetInfo(context.Background(), id)
	if err != nil {
		return ""
	}
	return info.State
}

// A conversation opened by update-with-start answers three questions on
// one kernel: the follow-up's code uses a variable of turn 1 (the script
// checks it), the idle sandbox is paused and the next ask resumes it, the
// third ask stages a new dataset; end kills the sandbox.
func TestConversationFollowUpsOnOneKernel(t *testing.T) {
	e := newEnv(t)
	id := "e2e-conversation-" + time.Now().Format("150405.000")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	start := e.Temporal.NewWithStartWorkflowOperation(client.StartWorkflowOptions{
		ID: id, TaskQueue: e.TaskQueue, WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, api.AnalysisWorkflowName, api.AnalysisInput{
		Model:        "script:conversation",
		Datasets:     []api.Dataset{{Name: "sales.csv", Content: salesCSV}},
		Conversation: &api.Conversation{IdleTimeout: "5m", PauseAfter: "1s"},
	})
	h, err := e.Temporal.UpdateWithStartWorkflow(ctx, client.UpdateWithStartWorkflowOptions{
		StartWorkflowOperation: start,
		UpdateOptions: client.UpdateWorkflowOptions{
			UpdateName: api.AskUpdate, Args: []any{api.AskInput{Question: "What are total sales?"}},
			WaitForStage: client.WorkflowUpdateStageCompleted,
		},
	})
	require.NoError(t, err)
	var first api.TurnResult
	require.NoError(t, h.Get(ctx, &first))
	assert.Equal(t, 1, first.Turn)
	assert.Equal(t, "Total sales are 60.", first.Answer)
	sandbox := first.SandboxID
	require.NotEmpty(t, sandbox)

	askStart := time.Now()
	second, err := e.ask(id, api.AskInput{Question: "And doubled?"})
	askTook := time.Since(askStart)
	require.NoError(t, err, "the follow-up sees turn 1's variables")
	assert.Equal(t, 2, second.Turn)
	assert.Equal(t, "Doubled, that is 120.", second.Answer)
	assert.Equal(t, sandbox, second.SandboxID)

	// Idle past pause_after: the sandbox is paused, and the UI says so.
	p := e.waitProgress(id, func(p api.Progress) bool { return p.Status == "paused" })
	assert.Equal(t, 2, p.Turn)
	assert.Equal(t, e2b.StatePaused, e.sandboxState(sandbox))

	resumeStart := time.Now()
	third, err := e.ask(id, api.AskInput{Question: "By region?", Datasets: []api.Dataset{{Name: "regions.csv", Content: "region,amount\nNorth,10\nSouth,20\n"}}})
	t.Logf("ask after pause answered in %s (resume, one cell, two model calls)", time.Since(resumeStart))
	require.NoError(t, err, "the resumed kernel kept its variables and got the new dataset")
	assert.Equal(t, 3, third.Turn)
	assert.Equal(t, "Two regions; the chart shows them.", third.Answer)
	assert.Equal(t, sandbox, third.SandboxID, "one sandbox throughout")
	require.Len(t, third.Charts, 1)
	assert.NotEmpty(t, e.getObject(third.Charts[0].Key))

	// Bad asks are refused by the validator and leave no trace (the
	// history count below has no Update for them).
	for _, bad := range []struct {
		q    api.AskInput
		want string
	}{
		{api.AskInput{Question: " "}, "question: must not be empty"},
		{api.AskInput{Question: strings.Repeat("q", api.MaxQuestionBytes+1)}, "question: 8193 bytes"},
		{api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "x.csv"}}}, "datasets[0]: set exactly one of s3_key, url, content"},
		{api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "../x", Content: "1"}}}, "datasets[0].name:"},
		{api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "u", URL: "ftp://x/y"}}}, "datasets[0].url:"},
		{api.AskInput{Question: "q", Datasets: []api.Dataset{{Name: "sales.csv", Content: "1"}}}, `"sales.csv" is already in the sandbox`},
	} {
		_, err = e.ask(id, bad.q)
		require.Error(t, err)
		assert.Contains(t, err.Error(), bad.want)
	}

	eh, err := e.Temporal.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: id, UpdateName: api.EndUpdate, WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	require.NoError(t, err)
	require.NoError(t, eh.Get(ctx, nil))
	var res api.AnalysisResult
	require.NoError(t, e.Temporal.GetWorkflow(ctx, id, "").Get(ctx, &res))
	require.NotNil(t, res.Conversation)
	assert.Equal(t, api.ConversationSummary{Turns: 3, EndedBy: api.EndedByEnd, Runs: 1, Pauses: res.Conversation.Pauses}, *res.Conversation)
	assert.GreaterOrEqual(t, res.Conversation.Pauses, 1)
	assert.Equal(t, "Two regions; the chart shows them.", res.Answer)
	assert.Equal(t, 3, res.CodeRuns)
	assert.Equal(t, 6, res.StepsUsed)
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 10*time.Second, 100*time.Millisecond, "the sandbox was killed at the end")

	// A one-shot analysis of the first question (two model calls, one
	// cell), for the figure: a follow-up (two model calls, one cell that
	// sleeps a second) saves the sandbox's creation and the staging.
	oneShotStart := time.Now()
	var one api.AnalysisResult
	require.NoError(t, e.start(id+"-oneshot", api.AnalysisInput{Question: "What are total sales?", Model: "script:conversation",
		Datasets: []api.Dataset{{Name: "sales.csv", Content: salesCSV}}}).Get(ctx, &one))
	t.Logf("ask to answer: %s for a follow-up on a running sandbox (%s without its cell's 1 s sleep); %s for a one-shot analysis of the first question",
		askTook, askTook-time.Second, time.Since(oneShotStart))
	assert.Equal(t, "Total sales are 60.", one.Answer)

	runID := e.Temporal.GetWorkflow(ctx, id, "").GetRunID()
	total, perTurn := historyPerTurn(t, e, id, runID)
	t.Logf("history: %d bytes in all; bytes per ask (from its acceptance to the next): %v", total, perTurn)
	require.Len(t, perTurn, 4, "three asks and the end were accepted; the rejected asks left no trace")
	checkHistory(t, e, id, runID)
	saveHistory(t, e, id, runID, "conversation-3-turns.json")
}

// A paused sandbox that is killed from outside is rebuilt from the cell
// journal by the next ask: the follow-up still sees turn 1's variable. The
// idle timeout then ends the conversation and kills the new sandbox.
func TestConversationRebuildsLostPausedSandbox(t *testing.T) {
	e := newEnv(t)
	id := "e2e-conversation-lost-" + time.Now().Format("150405.000")
	run := e.start(id, api.AnalysisInput{
		Question:     "What are total sales?",
		Model:        "script:conversation",
		Datasets:     []api.Dataset{{Name: "sales.csv", Content: salesCSV}},
		Conversation: &api.Conversation{IdleTimeout: "20s", PauseAfter: "1s"},
	})
	p := e.waitProgress(id, func(p api.Progress) bool { return p.Status == "paused" })
	lost := p.SandboxID
	require.NoError(t, e.E2B.KillSandbox(lost))

	second, err := e.ask(id, api.AskInput{Question: "And doubled?"})
	require.NoError(t, err, "the rebuilt kernel has turn 1's variables")
	assert.Equal(t, "Doubled, that is 120.", second.Answer)
	assert.NotEqual(t, lost, second.SandboxID, "a new sandbox answered")

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	assert.Equal(t, api.EndedByIdleTimeout, res.Conversation.EndedBy)
	assert.Equal(t, 2, res.Conversation.Turns)
	end, err := e.progress(id)
	require.NoError(t, err)
	assert.Equal(t, 1, end.Rebuilds)
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 10*time.Second, 100*time.Millisecond, "idle timeout killed the sandbox")
	saveHistory(t, e, id, run.GetRunID(), "conversation-paused-lost.json")
}

// Continue-as-new after every turn: the conversation keeps answering on
// the same sandbox across runs, and each run's history stays small.
func TestConversationContinuesAsNewOnTheSameSandbox(t *testing.T) {
	e := newEnv(t)
	id := "e2e-conversation-can-" + time.Now().Format("150405.000")
	e.start(id, api.AnalysisInput{
		Question:     "What are total sales?",
		Model:        "script:conversation",
		Datasets:     []api.Dataset{{Name: "sales.csv", Content: salesCSV}},
		Conversation: &api.Conversation{IdleTimeout: "5m", PauseAfter: "0s", TurnsPerRun: 1},
	})
	first := e.waitProgress(id, func(p api.Progress) bool { return p.Turn == 1 && p.Status == "waiting" })
	second, err := e.ask(id, api.AskInput{Question: "And doubled?"})
	require.NoError(t, err)
	assert.Equal(t, "Doubled, that is 120.", second.Answer)
	assert.Equal(t, 2, second.Turn)
	assert.Equal(t, first.SandboxID, second.SandboxID, "the sandbox is reused across runs")

	e.waitProgress(id, func(p api.Progress) bool { return p.Turn == 2 && p.Status == "waiting" })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	require.NoError(t, e.Temporal.SignalWorkflow(ctx, id, "", api.EndSignal, nil))
	var res api.AnalysisResult
	require.NoError(t, e.Temporal.GetWorkflow(ctx, id, "").Get(ctx, &res))
	assert.Equal(t, api.ConversationSummary{Turns: 2, EndedBy: api.EndedByEnd, Runs: 3}, *res.Conversation)
	assert.Equal(t, 4, res.StepsUsed)
	// Each run's history holds its own turn only: run 1 (start, staging,
	// turn 1), run 2 (turn 2), run 3 (waited, ended).
	var sizes []int
	require.Eventually(t, func() bool {
		sizes = sizes[:0]
		resp, err := e.Temporal.ListWorkflow(ctx, &workflowservice.ListWorkflowExecutionsRequest{Query: "WorkflowId = '" + id + "'"})
		if err != nil {
			return false
		}
		for _, ex := range resp.Executions {
			total, _ := historyPerTurn(t, e, id, ex.GetExecution().GetRunId())
			sizes = append(sizes, total)
		}
		return len(sizes) == 3
	}, 30*time.Second, 200*time.Millisecond, "want 3 runs listed, got %d", len(sizes))
	t.Logf("history bytes per run (newest first): %v", sizes)
	for _, n := range sizes {
		assert.Less(t, n, 32<<10, "a run of one turn stays small")
	}
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 10*time.Second, 100*time.Millisecond)
}

// historyPerTurn measures a run's history: the total bytes, and the bytes
// from each accepted Update to the next.
func historyPerTurn(t *testing.T, e *env, id, runID string) (total int, perUpdate []int) {
	t.Helper()
	for _, ev := range e.events(id, runID) {
		if ev.EventType == enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED {
			perUpdate = append(perUpdate, 0)
		}
		n := proto.Size(ev)
		total += n
		if len(perUpdate) > 0 {
			perUpdate[len(perUpdate)-1] += n
		}
	}
	return total, perUpdate
}

// kill -9 of the worker while a follow-up's cell runs: the Update still
// returns the right answer, and the cell ran once (it counts its runs in
// the sandbox; the script's next turn refuses a second run).
func TestConversationSurvivesWorkerKillMidTurn(t *testing.T) {
	e := newEnv(t)
	cells := &inflight{match: func(r *http.Request) bool {
		return r.Header.Get("E2b-Sandbox-Port") == "49999" && r.URL.Path == "/execute"
	}}
	e2bURL := serve(t, cells.wrap(e.E2B.Handler()))
	cfg := e.Config
	cfg.TaskQueue = "conversation-kill-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	e.useE2B(&cfg, e2bURL)
	worker := startWorkerProcess(t, workerEnv(cfg))

	id := "e2e-conversation-kill-" + time.Now().Format("150405.000")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	run, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: cfg.TaskQueue},
		api.AnalysisWorkflowName, api.AnalysisInput{
			Question: "What are total sales?", Model: "script:conversation",
			Datasets:     []api.Dataset{{Name: "sales.csv", Content: salesCSV}},
			Conversation: &api.Conversation{IdleTimeout: "5m", PauseAfter: "0s"},
		})
	require.NoError(t, err)
	first := e.waitProgress(id, func(p api.Progress) bool { return p.Turn == 1 && p.Status == "waiting" })

	type outcome struct {
		tr  api.TurnResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		tr, err := e.ask(id, api.AskInput{Question: "And doubled?"})
		done <- outcome{tr, err}
	}()
	require.True(t, cells.waitFor(time.Minute), "the follow-up's cell never started")
	time.Sleep(300 * time.Millisecond) // into the cell's one-second sleep
	worker.kill9()
	worker.start()

	o := <-done
	require.NoError(t, o.err, "the Update outlives the worker")
	assert.Equal(t, "Doubled, that is 120.", o.tr.Answer, "the script's expect saw the cell run once")
	assert.Equal(t, first.SandboxID, o.tr.SandboxID, "reconnected to the same sandbox")

	require.NoError(t, e.Temporal.SignalWorkflow(ctx, id, "", api.EndSignal, nil))
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	assert.Equal(t, 2, res.Conversation.Turns)
	assert.Equal(t, 2, res.CodeRuns)
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 30*time.Second, 100*time.Millisecond)
}

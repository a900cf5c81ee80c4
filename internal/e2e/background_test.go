package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// A worker killed with SIGKILL while its model call is being generated in
// background mode: the next attempt finds the response id in the killed
// attempt's heartbeat and polls that response, so the turn is generated
// (and paid for) once, and the analysis ends with its answer.
func TestModelCallSurvivesWorkerKill(t *testing.T) {
	e := newEnv(t)
	cfg := e.Config
	cfg.TaskQueue = "bgkill-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	cfg.OpenAIModel = "script:slow-turn"
	worker := startWorkerProcess(t, workerEnv(cfg))

	id := testID("e2e-bgkill")
	run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 5 * time.Minute,
	}, api.AnalysisWorkflowName, api.AnalysisInput{Question: "what is six times seven?", Model: "script:slow-turn"})
	require.NoError(t, err)

	pollUntil(t, 2*time.Minute, "the first turn's generation to start", func() bool {
		return e.Model.Generations("slow-turn", 1) > 0
	})
	time.Sleep(2 * time.Second) // well into the 8-second generation
	worker.kill9()
	worker.start()

	var res api.AnalysisResult
	require.NoError(t, run.Get(runCtx(t, 3*time.Minute), &res), "worker logs:\n%s", worker.Logs.String())
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Equal(t, "Six times seven is 42.", res.Answer)
	assert.Equal(t, 1, e.Model.Generations("slow-turn", 1), "the turn in flight at the kill was generated again")
	assert.Equal(t, 1, e.Model.Generations("slow-turn", 2))
	assert.Contains(t, worker.Logs.String(), "resumed the model response of an earlier attempt")
}

// Cancelling an analysis while its model call is generated cancels the
// response on the model server.
func TestCancelledAnalysisCancelsModelResponse(t *testing.T) {
	e := newEnv(t)
	run := e.start(testID("e2e-bgcancel"), api.AnalysisInput{Question: "stall, then be cancelled", Model: "script:stall"})
	pollUntil(t, time.Minute, "the stalled turn's generation to start", func() bool {
		return e.Model.Generations("stall", 1) > 0
	})
	require.NoError(t, e.Temporal.CancelWorkflow(context.Background(), run.GetID(), run.GetRunID()))
	pollUntil(t, 30*time.Second, "the response to be cancelled on the model server", func() bool {
		for _, r := range e.Model.Requests() {
			if r.Background && r.Script == "stall" && r.Error == "cancelled" {
				return true
			}
		}
		return false
	})
	err := run.Get(runCtx(t, time.Minute), nil)
	require.Error(t, err)
	assert.Contains(t, e.Logs.String(), "cancelled the model response")
}

// A model server without background mode still answers under the default
// OPENAI_BACKGROUND=auto: the first refusal switches the worker to
// foreground calls, once, with one warning.
func TestModelServerWithoutBackground(t *testing.T) {
	model, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: repoPath(t, "testdata/scripts"), APIKey: fakeOpenAIKey, NoBackground: true})
	require.NoError(t, err)
	url := serve(t, model.Handler()) + "/v1"
	e := newEnv(t, func(c *config.Worker) { c.OpenAIBaseURL = url })
	for i := range 2 {
		var res api.AnalysisResult
		run := e.start(testID("e2e-nobg-"+strconv.Itoa(i)), api.AnalysisInput{Question: "sum 0..9", Model: "script:quick-sum"})
		require.NoError(t, run.Get(runCtx(t, 2*time.Minute), &res))
		assert.Equal(t, "The sum is 45.", res.Answer)
	}
	assert.Equal(t, 1, strings.Count(e.Logs.String(), "refuses background mode"), "the refusal is found out and logged once")
	for _, r := range model.Requests() {
		assert.False(t, r.Background)
	}
}

package e2e

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// Every worker is down for longer than SANDBOX_TIMEOUT in the middle of an
// analysis. The sandbox pauses at its timeout instead of dying (the
// default SANDBOX_ON_TIMEOUT=pause), and the next worker's connect resumes
// it: the analysis ends on the same sandbox with the kernel's variables
// intact, no rebuild, and no cell run twice.
func TestWorkerOutagePastSandboxTimeoutResumesSandbox(t *testing.T) {
	e := newEnv(t)
	cfg := e.Config
	cfg.TaskQueue = "outage-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	cfg.OpenAIModel = "script:outage"
	cfg.SandboxTimeout = 30 * time.Second
	env := append(workerEnv(cfg), "SANDBOX_TIMEOUT=30s")
	worker := startWorkerProcess(t, env)

	id := testID("e2e-outage")
	run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 6 * time.Minute,
	}, api.AnalysisWorkflowName, api.AnalysisInput{Question: "set x, then use it", Model: "script:outage"})
	require.NoError(t, err)

	// The first cell has run once the model is asked for turn 2.
	pollUntil(t, 2*time.Minute, "the first cell to finish", func() bool { return e.Model.Generations("outage", 2) > 0 })
	p, err := e.progress(id) // (a query needs a worker)
	require.NoError(t, err)
	require.NotEmpty(t, p.SandboxID)
	worker.kill9()

	c, err := e2b.NewClient(e2b.WithAPIKey(fakeE2BKey), e2b.WithAPIURL(e.E2BURL), e2b.WithSandboxURL(e.E2BURL))
	require.NoError(t, err)
	pollUntil(t, 2*time.Minute, "the sandbox to pause at its timeout", func() bool {
		info, err := c.GetInfo(context.Background(), p.SandboxID)
		return err == nil && info.State == e2b.StatePaused
	})
	time.Sleep(5 * time.Second) // down for a while longer
	worker.start()

	var res api.AnalysisResult
	require.NoError(t, run.Get(runCtx(t, 3*time.Minute), &res), "worker logs:\n%s", worker.Logs.String())
	assert.Equal(t, api.StatusAnswered, res.Status)
	// The script's last turn expects "x + 1 = 42 / cell 1 runs: 1": the
	// kernel kept x and the first cell did not run again.
	assert.Equal(t, "x + 1 is 42.", res.Answer)
	assert.Equal(t, p.SandboxID, res.SandboxID)
	end, err := e.progress(id)
	require.NoError(t, err)
	assert.Zero(t, end.Rebuilds, "the analysis rebuilt its sandbox")
}

// A paused sandbox left by a terminated analysis is swept like a running one.
func TestSweepPausedLeftover(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	run := e.start(testID("e2e-sweep-paused"), api.AnalysisInput{Question: "stall then terminate", Model: "script:stall"})
	pollUntil(t, time.Minute, "the sandbox", func() bool { return len(e.E2B.Sandboxes()) == 1 })
	pollUntil(t, time.Minute, "the stalled model call", func() bool { return e.Model.Generations("stall", 1) > 0 })
	sandboxID := e.E2B.Sandboxes()[0]
	require.NoError(t, e.Temporal.TerminateWorkflow(ctx, run.GetID(), run.GetRunID(), "e2e: leave a paused sandbox"))
	c := e.e2bClient()
	paused, err := c.Pause(ctx, sandboxID)
	require.NoError(t, err)
	require.True(t, paused)

	sweeper := &sandboxes.Sweeper{E2B: c, Temporal: e.Temporal, Namespace: e.Config.TemporalNamespace, Logger: e.testLogger()}
	killed, err := sweeper.SweepOnce(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{sandboxID}, killed)
	assert.Empty(t, e.E2B.Sandboxes())
}

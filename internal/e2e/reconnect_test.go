package e2e

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"

	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// A worker killed with SIGKILL 2 s into a 30-second cell: the local E2B
// server, like E2B's, interrupts the kernel once (the journal ignores it)
// and keeps the cell running; the next worker's retry reconnects to the
// cell, waits for it and collects its outcome from the journal. The
// analysis finishes on the same sandbox, nothing is rebuilt, and the cell
// ran once: it appends a line to runs.log when it starts, and counts the
// lines when it ends and again in the next cell.
func TestWorkerKillMidLongCellReconnects(t *testing.T) {
	e := newEnv(t)
	cfg := e.Config
	cfg.TaskQueue = "reconnect-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	cfg.OpenAIModel = "script:long-cell"
	worker := startWorkerProcess(t, workerEnv(cfg))

	id := "e2e-reconnect-" + time.Now().Format("150405.000")
	run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 5 * time.Minute,
	}, api.AnalysisWorkflowName, api.AnalysisInput{Question: "run the long cell", Model: "script:long-cell"})
	require.NoError(t, err)

	// Wait for the long cell to start: its first line is in runs.log.
	p := e.waitProgress(id, func(p api.Progress) bool { return p.SandboxID != "" })
	c, err := e2b.NewClient(e2b.WithAPIKey(fakeE2BKey), e2b.WithAPIURL(e.E2BURL), e2b.WithSandboxURL(e.E2BURL))
	require.NoError(t, err)
	sb, err := c.Connect(context.Background(), p.SandboxID, 5*time.Minute)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		ok, err := sb.Files().Exists(context.Background(), "/home/user/runs.log")
		return err == nil && ok
	}, 2*time.Minute, 50*time.Millisecond, "the long cell never started")
	time.Sleep(2 * time.Second)
	worker.kill9()
	killedAt := time.Now()
	worker.start()

	// Watch the retry's heartbeat details, as the Temporal UI shows them.
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	seen := make(chan tools.CellHeartbeat, 1)
	go watchRetryHeartbeat(ctx, e, id, seen)
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res), "worker logs:\n%s", worker.Logs.String())
	cancel()
	hb, watched := <-seen
	t.Logf("the analysis finished %s after the kill", time.Since(killedAt).Round(time.Second))
	// The script's expects already refused a turn whose count was off.
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Equal(t, "done", res.Answer)
	assert.Equal(t, 2, res.CodeRuns)
	assert.Equal(t, p.SandboxID, res.SandboxID, "the analysis finished on the sandbox the killed worker used")
	end, err := e.progress(id)
	require.NoError(t, err)
	assert.Zero(t, end.Rebuilds, "a worker crash made the analysis rebuild its sandbox")

	var rec struct {
		Stdout string `json:"stdout"`
	}
	require.NoError(t, json.Unmarshal(e.getObject("analyses/"+id+"/step-1/0-output.json"), &rec))
	assert.Contains(t, rec.Stdout, "long cell done: runs=1", "the long cell ran once")
	logs := worker.Logs.String()
	assert.Contains(t, logs, "retried cell: reconnecting", "the retry did not reconnect:\n%s", logs)
	assert.True(t, strings.Contains(logs, "journal=running") || strings.Contains(logs, "journal=done"),
		"the retry did not find the cell in the journal:\n%s", logs)
	if strings.Contains(logs, "journal=running") {
		require.True(t, watched, "no heartbeat of the retry was seen while it waited")
		assert.True(t, hb.Reconnected, "the waiting retry's heartbeat: got %+v, want reconnected", hb)
		assert.GreaterOrEqual(t, hb.Attempt, int32(2))
		t.Logf("the retry's heartbeat details: %+v", hb)
	}
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, "reconnecting") {
			t.Logf("worker: %s", line)
		}
	}
}

// watchRetryHeartbeat sends the first heartbeat details of a RunCode retry
// (attempt 2 or later) that the server shows for the workflow, then closes seen.
func watchRetryHeartbeat(ctx context.Context, e *env, id string, seen chan<- tools.CellHeartbeat) {
	defer close(seen)
	for ctx.Err() == nil {
		d, err := e.Temporal.DescribeWorkflowExecution(ctx, id, "")
		if err == nil {
			for _, pa := range d.GetPendingActivities() {
				if pa.GetActivityType().GetName() != "RunCode" || pa.GetAttempt() < 2 || pa.GetHeartbeatDetails() == nil {
					continue
				}
				var hb tools.CellHeartbeat
				if converter.GetDefaultDataConverter().FromPayloads(pa.GetHeartbeatDetails(), &hb) == nil && hb.Attempt >= 2 {
					seen <- hb
					return
				}
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
}

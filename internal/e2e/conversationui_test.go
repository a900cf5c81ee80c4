package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// TestConversationAskFromUI drives the Temporal dev server's Web UI in
// Chromium: on a running conversation's page, "Send an Update" named ask
// with a question typed as JSON runs the follow-up, and the page shows the
// answer.
func TestConversationAskFromUI(t *testing.T) {
	startShared(t)
	node, dir := uiCheckTools(t)

	uiPort, err := devstack.FreePort()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	tmp, stop, err := devstack.StartTemporal(ctx, devstack.Options{TemporalUIPort: uiPort})
	require.NoError(t, err)
	t.Cleanup(func() { _ = stop() })
	e := newEnv(t, func(c *config.Worker) { c.TemporalAddress = tmp.Address })

	id := "e2e-conversation-ui-" + time.Now().Format("150405.000")
	run := e.start(id, api.AnalysisInput{
		Question: "What are total sales?", Model: "script:conversation",
		Datasets:     []api.Dataset{{Name: "sales.csv", Content: salesCSV}},
		Conversation: &api.Conversation{IdleTimeout: "5m", PauseAfter: "0s"},
	})
	e.waitProgress(id, func(p api.Progress) bool { return p.Turn == 1 && p.Status == "waiting" })

	askIn, err := json.Marshal(map[string]string{"question": "And doubled? (asked from the UI)"})
	require.NoError(t, err)
	cmd := exec.CommandContext(ctx, node, "ask-check.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "UI_URL="+tmp.UIAddress, "NAMESPACE="+tmp.Namespace, "WORKFLOW_ID="+id, "RUN_ID="+run.GetRunID(),
		"ASK_INPUT="+string(askIn), "ANSWER=Doubled, that is 120.", "CHROMIUM="+chromiumPath, "SCREENSHOT_DIR="+t.TempDir(),
		"TMPDIR="+chromiumTemp(t))
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	require.NoError(t, err, "the UI check failed:\n%s", out)

	p, err := e.progress(id)
	require.NoError(t, err)
	assert.Equal(t, 2, p.Turn, "the UI's Update ran the second turn")
	require.NoError(t, e.Temporal.SignalWorkflow(ctx, id, "", api.EndSignal, nil))
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	assert.Equal(t, "Doubled, that is 120.", res.Answer)
}

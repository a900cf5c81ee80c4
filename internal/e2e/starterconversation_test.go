package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
)

// A conversation driven from the starter on the real stack (encrypted, as
// make run): starter analyze --conversation opens it with the first
// question and prints that turn, starter ask asks the follow-ups (one with
// a new dataset), starter end prints the result. Steps and charts count
// across the turns in the live progress, the progress query and the
// result, with the step numbers of the chart keys.
func TestStarterConversation(t *testing.T) {
	key := newKey(t, "e2e-starter-conversation")
	e := newEnv(t, withPayloadKeys(key.Format()))
	bin := filepath.Join(t.TempDir(), "starter")
	build := exec.Command("go", "build", "-o", bin, "./starter")
	build.Dir = repoPath(t, ".")
	built, err := build.CombinedOutput()
	require.NoError(t, err, "build the starter: %s", built)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sales.csv"), []byte(salesCSV), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "regions.csv"), []byte("region,amount\nNorth,10\nWest,30\n"), 0o644))
	starter := func(args ...string) (string, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(),
			"TEMPORAL_ADDRESS="+shared.temporal.Address, "TEMPORAL_NAMESPACE="+shared.temporal.Namespace,
			"TEMPORAL_CONFIG_FILE="+os.DevNull, "TASK_QUEUE="+e.TaskQueue, "PAYLOAD_KEYS="+key.Format(),
			"S3_BUCKET="+e.Bucket, "S3_ENDPOINT="+e.Config.S3.S3Endpoint, "S3_REGION="+e.Config.S3.S3Region,
			"S3_PATH_STYLE=true", "S3_PREFIX=analyses")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		require.NoError(t, err, "starter %v\nstdout:\n%s\nstderr:\n%s", args, stdout.String(), stderr.String())
		return stdout.String(), stderr.String()
	}
	id := "e2e-starter-conversation-" + time.Now().Format("150405.000")

	out, _ := starter("analyze", "--conversation", "--model", "script:conversation", "--question", "What are total sales?",
		"--file", "sales.csv", "--id", id, "--wait")
	assert.Contains(t, out, "\nTotal sales are 60.\n")
	assert.Contains(t, out, "analysis "+id+" turn 1: answered after 2 steps, 1 code run")
	assert.Contains(t, out, "ask more:  starter ask "+id)

	out, _ = starter("ask", id, "And doubled?")
	assert.Contains(t, out, "\nDoubled, that is 120.\n")

	out, errOut := starter("ask", id, "And by region?", "--file", "regions.csv")
	assert.Contains(t, out, "\nTwo regions; the chart shows them.\n")
	assert.Contains(t, out, "turn 3: answered after 2 steps, 1 code run, 1 chart")
	// Turn 3's steps are the conversation's fifth and sixth, and it may go
	// up to step 14 (max_steps 10 per question): every live progress line
	// of the turn says so (how many lines there are depends on timing).
	for _, line := range strings.Split(errOut, "\n") {
		if strings.HasPrefix(line, "turn 3/50 · ") {
			assert.Regexp(t, `^turn 3/50 · step [456]/14 · `, line)
		}
	}

	p, err := queryProgress(e, id)
	require.NoError(t, err)
	assert.Equal(t, 3, p.Turn)
	assert.Equal(t, 6, p.Step)
	assert.Equal(t, 3, p.CodeRuns)
	assert.Equal(t, 1, p.Charts)

	out, _ = starter("end", id, "--json")
	var res api.AnalysisResult
	require.NoError(t, json.Unmarshal([]byte(out), &res), out)
	assert.Equal(t, "Two regions; the chart shows them.", res.Answer)
	assert.Equal(t, 6, res.StepsUsed)
	assert.Equal(t, 3, res.CodeRuns)
	require.Len(t, res.Charts, 1)
	assert.Equal(t, 5, res.Charts[0].Step)
	assert.Contains(t, res.Charts[0].Key, "/step-5/", "the chart key's step is the conversation's")
	require.NotNil(t, res.Conversation)
	assert.Equal(t, 3, res.Conversation.Turns)
}

// queryProgress asks a workflow of e for its progress.
func queryProgress(e *env, id string) (api.Progress, error) {
	var p api.Progress
	v, err := e.Temporal.QueryWorkflow(context.Background(), id, "", api.ProgressQuery)
	if err == nil {
		err = v.Get(&p)
	}
	return p, err
}

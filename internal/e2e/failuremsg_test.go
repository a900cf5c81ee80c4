package e2e

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/codec"
)

// temporalCLI runs the pinned temporal CLI against the shared dev server
// and returns what it printed (stdout and stderr) and its error.
func temporalCLI(t *testing.T, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, repoPath(t, ".bin/temporal"), append(args,
		"--address", shared.temporal.Address, "--namespace", shared.temporal.Namespace)...)
	cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=/usr/bin:/bin", "NO_COLOR=1"}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// On an encrypted stack, a failed analysis reads as its upstream message in
// the commands the dev stack's banner and the docs point at — temporal
// workflow show/result/describe with --codec-endpoint, run with the pinned
// CLI — and in the history a reader without the codec sees, while the
// input, the stack traces and the details stay encrypted.
func TestFailureMessageInTemporalCLI(t *testing.T) {
	key := newKey(t, "e2e-failure-cli")
	e := newEnv(t, withPayloadKeys(key.Format()))
	c, err := codec.New(key)
	require.NoError(t, err)
	endpoint := serve(t, codec.NewHandler(c, codec.ServerOptions{}))

	const upstream = "404 model_not_found: The model `script:gpt-x-missing` does not exist or you do not have access to it."
	in, secrets := codecInput(t)
	in.Model = "script:gpt-x-missing"
	id := "e2e-failure-cli-" + time.Now().Format("150405.000")
	r := e.start(id, in)
	err = r.Get(context.Background(), new(api.AnalysisResult))
	require.Error(t, err)
	require.Contains(t, err.Error(), upstream, "the Go client with the codec reads the message")

	for _, args := range [][]string{
		{"workflow", "show", "--workflow-id", id, "--codec-endpoint", endpoint}, // the banner's command
		{"workflow", "result", "--workflow-id", id, "--codec-endpoint", endpoint},
		{"workflow", "describe", "--workflow-id", id, "--codec-endpoint", endpoint},
		{"workflow", "show", "--workflow-id", id}, // no codec: the message is readable all the same
	} {
		out, _ := temporalCLI(t, args...) // result exits non-zero for a failed workflow
		assert.Contains(t, out, upstream, "temporal %v", args)
		assert.NotContains(t, out, "Encoded failure", "temporal %v", args)
		if len(args) == 4 { // without the codec nothing of the user's shows
			for _, s := range secrets[:2] {
				assert.NotContains(t, out, s, "temporal %v shows user data without the codec", args)
			}
		}
	}

	raw := bytes.Join(rawHistory(t, dialWith(t, ""), id, r.GetRunID()), nil)
	assert.True(t, bytes.Contains(raw, []byte("model_not_found")), "the stored failure message is readable")
	for _, s := range secrets {
		assert.False(t, bytes.Contains(raw, []byte(s)), "%q in the stored history's plaintext", s)
	}
	assert.False(t, bytes.Contains(raw, []byte("goroutine ")), "a stack trace in the stored history's plaintext")
}

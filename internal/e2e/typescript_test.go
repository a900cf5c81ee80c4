package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
)

// npmInstall installs examples/typescript's locked dependencies (npm ci,
// when node_modules is older than package-lock.json) and returns the
// example's directory. Node.js and npm are part of make test's system
// dependencies (tools/system-deps.sh test).
func npmInstall(t *testing.T) string {
	t.Helper()
	npm, err := exec.LookPath("npm")
	require.NoError(t, err, "npm is needed (tools/system-deps.sh test installs Node.js and npm)")
	_, err = exec.LookPath("node")
	require.NoError(t, err, "node is needed (tools/system-deps.sh test installs Node.js and npm)")
	dir := repoPath(t, "examples/typescript")
	npmCI(t, npm, dir)
	return dir
}

// runNode runs node in dir with env (and PATH/HOME) only.
func runNode(t *testing.T, dir string, env []string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}, env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// The TypeScript codec decodes what the Go codec encrypted (the vectors
// file the Go codec's TestVectors checks) and its own payloads.
func TestTypeScriptCodecVectors(t *testing.T) {
	dir := npmInstall(t)
	out, errOut, err := runNode(t, dir, nil, "--test", "codec.test.mjs")
	require.NoError(t, err, "node --test codec.test.mjs:\n%s\n%s", out, errOut)
	assert.Regexp(t, `(?m)^# pass [1-9]`, out)
	assert.Regexp(t, `(?m)^# fail 0$`, out)
}

var startedRE = regexp.MustCompile(`(?m)^started (\S+) `)

// examples/typescript/analyze.mjs, run as the docs show it, starts an
// analysis with @temporalio/client on the real stack and prints the decoded
// answer and chart keys: with the worker encrypting (the key in
// PAYLOAD_KEY_FILE, as make run's banner exports it) its input reaches the
// history encrypted by the TypeScript codec, and it reads the encrypted
// progress and result; on a plaintext stack it sends and reads plain JSON.
func TestTypeScriptAnalyze(t *testing.T) {
	dir := npmInstall(t)
	csv := repoPath(t, "testdata/datasets/sales.csv")
	question := "Which region had the highest revenue? (ref ts-5c81d2)"
	for _, mode := range []string{"encrypted", "plaintext"} {
		t.Run(mode, func(t *testing.T) {
			vars := []string{}
			var e *env
			if mode == "encrypted" {
				key := newKey(t, "e2e-typescript")
				keyFile := filepath.Join(t.TempDir(), "payload-keys")
				require.NoError(t, os.WriteFile(keyFile, []byte("# test key\n"+key.Format()+"\n"), 0o600))
				e = newEnv(t, withPayloadKeys(key.Format()))
				vars = append(vars, "PAYLOAD_KEY_FILE="+keyFile)
			} else {
				e = newEnv(t)
			}
			vars = append(vars, "TEMPORAL_ADDRESS="+shared.temporal.Address, "TEMPORAL_NAMESPACE="+shared.temporal.Namespace, "TASK_QUEUE="+e.TaskQueue)
			out, errOut, err := runNode(t, dir, vars, "analyze.mjs", question, csv)
			require.NoError(t, err, "node analyze.mjs:\n%s\n%s", out, errOut)
			t.Logf("analyze.mjs printed:\n%s", out)

			m := startedRE.FindStringSubmatch(out)
			require.NotNil(t, m, "no started line")
			id := m[1]
			var res api.AnalysisResult
			require.NoError(t, e.Temporal.GetWorkflow(context.Background(), id, "").Get(context.Background(), &res))
			require.NotEmpty(t, res.Answer)
			assert.Contains(t, res.Answer, "West had the highest revenue")
			assert.Contains(t, out, "answer: "+res.Answer+"\n", "the printed answer is the result's")
			require.NotEmpty(t, res.Charts, "the analysis drew no chart")
			for _, ch := range res.Charts {
				assert.Contains(t, out, "chart: "+ch.Key+"\n")
				assert.NotEmpty(t, e.getObject(ch.Key), "chart %s is not in S3", ch.Key)
			}
			assert.Contains(t, out, "progress: ", "the progress query was read")

			raw := bytes.Join(rawHistory(t, dialWith(t, ""), id, ""), nil)
			plain := bytes.Contains(raw, []byte("ts-5c81d2"))
			assert.Equal(t, mode == "plaintext", plain, "the question in the stored history's plaintext")
			assert.Equal(t, mode == "plaintext", bytes.Contains(raw, []byte("West had the highest revenue")), "the answer in the stored history's plaintext")
		})
	}
	// A bad key file is named, without its contents.
	out, errOut, err := runNode(t, dir, []string{"PAYLOAD_KEYS=k1=c2hvcnQ="}, "analyze.mjs", question, csv)
	require.Error(t, err, "%s", out)
	assert.Contains(t, errOut, `PAYLOAD_KEYS: key "k1": 5 bytes, want 32`)
	assert.False(t, strings.Contains(errOut, "c2hvcnQ="), "the key material is printed")
}

// The TypeScript follower on the encrypted default path: it reads the
// stream of a running analysis (the Update's result decrypted by the codec,
// each item a Payload of plain JSON) and prints each line of the cell once,
// the chart, the answer and the end; the stored history holds the streamed
// output only encrypted.
func TestTypeScriptFollow(t *testing.T) {
	dir := npmInstall(t)
	key := newKey(t, "e2e-typescript-follow")
	keyFile := filepath.Join(t.TempDir(), "payload-keys")
	require.NoError(t, os.WriteFile(keyFile, []byte(key.Format()+"\n"), 0o600))
	e := newEnv(t, withPayloadKeys(key.Format()))
	id := "e2e-ts-follow-" + time.Now().Format("150405.000")
	run := e.start(id, api.AnalysisInput{Question: "tick, then chart", Model: "script:streamed-cell"})

	vars := []string{"PAYLOAD_KEY_FILE=" + keyFile, "TEMPORAL_ADDRESS=" + shared.temporal.Address, "TEMPORAL_NAMESPACE=" + shared.temporal.Namespace}
	out, errOut, err := runNode(t, dir, vars, "follow.mjs", id)
	require.NoError(t, err, "node follow.mjs:\n%s\n%s", out, errOut)
	t.Logf("follow.mjs printed:\n%s", out)
	var res api.AnalysisResult
	require.NoError(t, run.Get(context.Background(), &res))
	for i := 0; i < 15; i++ {
		assert.Equal(t, 1, strings.Count(out, fmt.Sprintf("tick %d at ", i)), "tick %d", i)
	}
	assert.Contains(t, out, "[step 1 cell 0] execute_python:\n  | import time\n")
	require.NotEmpty(t, res.Charts)
	assert.Contains(t, out, "chart: "+res.Charts[0].Key+"\n")
	assert.Contains(t, out, "answer: done\n")
	assert.True(t, strings.HasSuffix(out, "ended: answered\n"), "the last line is the end")

	raw := bytes.Join(rawHistory(t, dialWith(t, ""), id, ""), nil)
	assert.False(t, bytes.Contains(raw, []byte("tick 3 at")), "the streamed output is in the stored history in plaintext")
	assert.True(t, bytes.Contains(raw, []byte(api.StreamPublishSignal)), "no output was published")
}

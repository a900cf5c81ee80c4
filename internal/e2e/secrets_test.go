package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

// secret is a credential the worker holds, to be searched for wherever the
// analysis leaves data.
type secret struct {
	name  string // the variable that carries it
	value string
}

// fragments are the strings searched for: the whole value and its last 10
// characters, which catch a key that is logged cut short or masked in part.
func (s secret) fragments() []string {
	return []string{s.value, s.value[len(s.value)-10:]}
}

// TestSecretsNeverLeak runs two analyses with recognisable fake credentials
// and searches for them in the workflow histories, the logs, every S3
// object the analyses wrote, and the sandbox's environment as Python sees
// it.
func TestSecretsNeverLeak(t *testing.T) { checkSecretsNeverLeak(t, newEnv(t)) }

// TestSecretsNeverLeakChat is TestSecretsNeverLeak with the worker on Chat
// Completions.
func TestSecretsNeverLeakChat(t *testing.T) {
	e := newEnv(t)
	e.useAPI(config.OpenAIAPIChat)
	checkSecretsNeverLeak(t, e)
	assert.Contains(t, e.Logs.String(), "path=/v1/chat/completions", "the model calls went through Chat Completions")
	assert.NotContains(t, e.Logs.String(), "path=/v1/responses", "a model call went through the Responses API")
}

// checkSecretsNeverLeak runs the analyses of TestSecretsNeverLeak on e's
// worker and searches everything they left.
func checkSecretsNeverLeak(t *testing.T, e *env) {
	secrets := []secret{
		{"OPENAI_API_KEY", fakeOpenAIKey},
		{"E2B_API_KEY", fakeE2BKey},
		{"AWS_SECRET_ACCESS_KEY", os.Getenv("AWS_SECRET_ACCESS_KEY")}, // set by newEnv
	}
	for _, s := range secrets {
		require.GreaterOrEqual(t, len(s.value), 16, "%s must be set to a recognisable value", s.name)
	}
	scanned := map[string]int{} // where -> bytes searched
	scan := func(where string, data []byte) {
		t.Helper()
		scanned[strings.SplitN(where, " ", 2)[0]] += len(data)
		for _, s := range secrets {
			for _, f := range s.fragments() {
				if bytes.Contains(data, []byte(f)) {
					t.Errorf("%s holds %s (%q)", where, s.name, f)
				}
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	// A full analysis with a dataset from S3 and a chart.
	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-secrets/sales.csv")
	sales := e.start(testID("e2e-secrets-sales"), api.AnalysisInput{
		Question: "Which region had the highest revenue?",
		Datasets: []api.Dataset{{Name: "sales.csv", S3Key: key}},
		Model:    "script:sales-chart",
	})
	var salesRes api.AnalysisResult
	require.NoError(t, sales.Get(ctx, &salesRes))
	require.Equal(t, api.StatusAnswered, salesRes.Status)
	require.Len(t, salesRes.Charts, 1)

	// An analysis whose one cell prints the sandbox's environment.
	e.useOwnScripts()
	dump := e.start(testID("e2e-secrets-env"), api.AnalysisInput{Question: "What is in the environment?", Model: "script:env-dump"})
	var dumpRes api.AnalysisResult
	require.NoError(t, dump.Get(ctx, &dumpRes))
	require.Equal(t, api.StatusAnswered, dumpRes.Status)

	for _, run := range []struct {
		id, runID string
		res       api.AnalysisResult
	}{{sales.GetID(), sales.GetRunID(), salesRes}, {dump.GetID(), dump.GetRunID(), dumpRes}} {
		// The history as the server keeps it: every event as JSON, and every
		// payload decoded (payloads are base64 in the JSON).
		for _, ev := range e.events(run.id, run.runID) {
			b, err := protojson.Marshal(ev)
			require.NoError(t, err)
			scan("history "+run.id, b)
			for _, p := range payloadsOf(ev) {
				scan("history "+run.id+" payload", p)
			}
		}
		res, err := json.Marshal(run.res)
		require.NoError(t, err)
		scan("result "+run.id, res)

		// Everything the analysis stored in S3: transcripts, cell outputs,
		// charts.
		keys := e.listKeys("analyses/" + run.id + "/")
		assert.Contains(t, keys, run.res.TranscriptKey)
		for _, k := range keys {
			scan("s3 "+k, e.getObject(k))
		}
		scanned["s3-objects"] += len(keys)
	}
	scan("logs", []byte(e.Logs.String()))

	// The sandbox's environment, from the cell output in the transcript.
	env := cellOutputs(t, e.getObject(dumpRes.TranscriptKey))
	require.Contains(t, env, "/proc/self/environ:", "the env dump ran")
	require.Contains(t, env, "E2B_SANDBOX_ID", "the dump shows the sandbox's own variables")
	scan("sandbox-env", []byte(env))
	for _, name := range []string{"OPENAI_API_KEY", "E2B_API_KEY", "AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID", "OPENAI_BASE_URL"} {
		assert.NotContains(t, env, name, "the sandbox's environment names %s", name)
	}

	// The scan saw real data everywhere, so it could have failed.
	for _, where := range []string{"history", "result", "s3", "logs", "sandbox-env"} {
		assert.Positive(t, scanned[where], "bytes scanned in %s", where)
	}
	assert.GreaterOrEqual(t, scanned["s3-objects"], 5, "S3 objects scanned")
	t.Logf("scanned: %v", scanned)
}

// cellOutputs returns the function_call_output texts of a transcript.
func cellOutputs(t *testing.T, transcript []byte) string {
	t.Helper()
	var tr struct {
		Items []struct {
			Type   string `json:"type"`
			Output string `json:"output"`
		} `json:"items"`
	}
	require.NoError(t, json.Unmarshal(transcript, &tr))
	var out []string
	for _, it := range tr.Items {
		if it.Type == "function_call_output" {
			out = append(out, it.Output)
		}
	}
	return strings.Join(out, "\n")
}

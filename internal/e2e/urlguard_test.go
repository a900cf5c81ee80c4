package e2e

import (
	"errors"
	"net/http"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

// countingServer serves body on 127.0.0.1 and counts the requests it gets.
func countingServer(t *testing.T, body []byte) (url string, hits *atomic.Int64) {
	hits = &atomic.Int64{}
	url = serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write(body)
	}))
	return url, hits
}

// TestURLGuardLoopbackRefused: a dataset URL on the worker's own loopback
// (here standing in for the Temporal UI's API) fails the analysis at once
// with a non-retryable DatasetError that names the dataset and the reason;
// the server is never asked, and the sandbox made for the analysis is
// killed.
func TestURLGuardLoopbackRefused(t *testing.T) {
	e := newEnv(t)
	internal, hits := countingServer(t, []byte(`{"namespaces":["secret-internal-data"]}`))

	run := e.start(testID("e2e-url-loopback"), api.AnalysisInput{
		Question: "What is in here?",
		Datasets: []api.Dataset{{Name: "x.csv", URL: internal + "/api/v1/namespaces"}},
		Model:    "script:sales-chart",
	})
	err := run.Get(runCtx(t, time.Minute), nil)
	require.Error(t, err)

	var appErr *temporal.ApplicationError
	require.True(t, errors.As(err, &appErr), "got %T %v, want an ApplicationError", err, err)
	assert.Equal(t, api.ErrTypeDataset, appErr.Type())
	assert.True(t, appErr.NonRetryable(), "a refused URL must not be retried")
	for _, want := range []string{`dataset "x.csv"`, "127.0.0.1 is a loopback address", "allow it with DATASET_URL_ALLOW"} {
		assert.Contains(t, appErr.Error(), want)
	}
	assert.Zero(t, hits.Load(), "the loopback server got requests")

	evs := e.events(run.GetID(), run.GetRunID())
	payloads := 0
	for _, ev := range evs {
		for _, p := range payloadsOf(ev) {
			payloads++
			assert.NotContains(t, string(p), "secret-internal-data", "a payload of event %d carries the internal response", ev.GetEventId())
		}
	}
	assert.Positive(t, payloads, "payloads scanned")
	att := maxAttempts(evs)
	assert.Equal(t, int32(1), att[sandboxes.StageDatasetsName], "staging tried once, got %v", att)
	assert.Equal(t, int32(0), att[modelcall.CallModelName], "the model is never called, got %v", att)
	assert.Equal(t, int32(1), att[sandboxes.KillSandboxName], "the sandbox was killed, got %v", att)
	pollUntil(t, 10*time.Second, "no sandbox left", func() bool { return len(e.E2B.Sandboxes()) == 0 })
	t.Logf("refused: %v", appErr)
}

// TestURLGuardAllowlistedLocalServer: with DATASET_URL_ALLOW=127.0.0.1 the
// same kind of local URL is staged and analysed.
func TestURLGuardAllowlistedLocalServer(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.DatasetURLAllow = "127.0.0.1" })
	csv, err := os.ReadFile(repoPath(t, "testdata/datasets/sales.csv"))
	require.NoError(t, err)
	local, hits := countingServer(t, csv)

	run := e.start(testID("e2e-url-allowed"), api.AnalysisInput{
		Question: "Which region had the highest revenue?",
		Datasets: []api.Dataset{{Name: "sales.csv", URL: local + "/exports/sales.csv"}},
		Model:    "script:sales-chart",
	})
	var res api.AnalysisResult
	require.NoError(t, run.Get(runCtx(t, 2*time.Minute), &res))
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Contains(t, res.Answer, "West had the highest revenue")
	assert.GreaterOrEqual(t, hits.Load(), int64(1), "the allowlisted server was fetched from")
	pollUntil(t, 10*time.Second, "no sandbox left", func() bool { return len(e.E2B.Sandboxes()) == 0 })
}

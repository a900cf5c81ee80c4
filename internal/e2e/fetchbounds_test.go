package e2e

import (
	"net/http"
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

// TestDatasetFetchBounds runs the real worker against a dataset server
// that drips one byte every two seconds (the minimum rate is 1 KB/s over
// 3 s windows, the deadline a minute), and against a host that does not
// exist. The drip fails on its first attempt with a non-retryable
// DatasetError naming the dataset and the rate, long before its deadline;
// "no such host" is tried twice, then fails the same way. Both kill their
// sandbox.
func TestDatasetFetchBounds(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) {
		c.DatasetURLAllow = "127.0.0.1"
		c.DatasetFetchTimeout = time.Minute
		c.DatasetFetchMinRate = 1024
		c.DatasetFetchRateWindow = 3 * time.Second
	})
	var sent atomic.Int64
	drip := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv")
		w.WriteHeader(http.StatusOK)
		for _, b := range []byte("a,b\n1,2\n3,4\n5,6\n7,8\n9,10\n11,12\n13,14\n15,16\n") {
			if _, err := w.Write([]byte{b}); err != nil {
				return
			}
			sent.Add(1)
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(2 * time.Second):
			}
		}
	}))

	for _, tc := range []struct {
		name, url    string
		want         []string
		stageAttempt int32
	}{
		{"slow drip", drip + "/slow.csv", []string{`dataset "slow.csv"`, "too slow: ", "below the minimum of 1024 bytes/s (DATASET_FETCH_MIN_RATE)"}, 1},
		{"no such host", "http://no-such-host.invalid/slow.csv", []string{`dataset "slow.csv"`, `no such host "no-such-host.invalid" (also on a retry)`}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run := e.start(testID("e2e-fetch-bounds"), api.AnalysisInput{
				Question: "What is the average of b?",
				Datasets: []api.Dataset{{Name: "slow.csv", URL: tc.url}},
				Model:    "script:sales-chart",
			})
			err := run.Get(runCtx(t, 3*time.Minute), nil)
			require.Error(t, err)
			var appErr *temporal.ApplicationError
			require.ErrorAs(t, err, &appErr)
			t.Logf("failed with: %v", appErr)
			assert.Equal(t, api.ErrTypeDataset, appErr.Type())
			assert.True(t, appErr.NonRetryable())
			for _, w := range tc.want {
				assert.Contains(t, appErr.Error(), w)
			}
			att := maxAttempts(e.events(run.GetID(), run.GetRunID()))
			assert.Equal(t, tc.stageAttempt, att[sandboxes.StageDatasetsName], "staging attempts, got %v", att)
			assert.Equal(t, int32(0), att[modelcall.CallModelName], "the model is never called, got %v", att)
			pollUntil(t, 10*time.Second, "no sandbox left", func() bool { return len(e.E2B.Sandboxes()) == 0 })
		})
	}
	t.Logf("the drip server sent %d bytes in all", sent.Load())
}

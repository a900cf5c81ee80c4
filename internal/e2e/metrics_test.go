package e2e

import (
	"context"
	"io"
	"net/http"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
)

// metricsAddrLog finds the address the worker serves metrics on in its log.
var metricsAddrLog = regexp.MustCompile(`msg="serving metrics" addr=(127\.0\.0\.1:\d+)`)

// TestMetricsEndToEnd runs the worker binary with METRICS_ADDR, runs one
// analysis on it, and reads the worker's own and Temporal's series from
// /metrics.
func TestMetricsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the worker binary")
	}
	e := newEnv(t)
	bin, err := buildWorker()
	require.NoError(t, err)

	cfg := e.Config
	cfg.TaskQueue = "metrics-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	var logs syncBuffer
	cmd := exec.Command(bin)
	cmd.Env = append(workerEnv(cfg), "METRICS_ADDR=127.0.0.1:0")
	cmd.Stdout, cmd.Stderr = &logs, &logs
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})

	var addr string
	pollUntil(t, 60*time.Second, "the worker to serve metrics", func() bool {
		if m := metricsAddrLog.FindStringSubmatch(logs.String()); m != nil {
			addr = m[1]
		}
		return addr != ""
	})
	pollUntil(t, 30*time.Second, "/healthz to answer 200", func() bool { return get(t, addr, "/healthz") == http.StatusOK })

	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/metrics/sales.csv")
	run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: "metrics-sales-" + time.Now().Format("150405.000"), TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 5 * time.Minute,
	}, api.AnalysisWorkflowName, api.AnalysisInput{
		Question: "Which region had the highest revenue?",
		Datasets: []api.Dataset{{Name: "sales.csv", S3Key: key}},
		Model:    "script:sales-chart",
	})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	require.Equal(t, api.StatusAnswered, res.Status)

	// Counters reach the registry once a second; the last KillSandbox may
	// finish just after the result.
	atLeast := []struct {
		series string
		min    float64
	}{
		{"durable_analyst_cells_run_total", 2},
		{"durable_analyst_charts_stored_total", 1},
		{"durable_analyst_chart_bytes_total", float64(res.Charts[0].Bytes)},
		{"durable_analyst_sandboxes_created_total", 1},
		{"durable_analyst_sandboxes_killed_total", 1},
		{`durable_analyst_model_calls_total{error_type="none",model="script:sales-chart"}`, 3},
		{"durable_analyst_model_input_tokens_total", float64(res.Usage.InputTokens)},
		{"durable_analyst_code_run_latency_seconds", 2}, // samples
		{"temporal_workflow_completed_total", 1},
		{"temporal_activity_execution_latency_seconds", 1}, // samples
	}
	var body string
	short := func() []string {
		var out []string
		for _, w := range atLeast {
			if got := sumSeries(t, body, w.series); got < w.min {
				out = append(out, w.series+" = "+strconv.FormatFloat(got, 'g', -1, 64)+", want ≥ "+strconv.FormatFloat(w.min, 'g', -1, 64))
			}
		}
		return out
	}
	deadline := time.Now().Add(10 * time.Second)
	for body = scrapeText(t, addr); len(short()) > 0 && time.Now().Before(deadline); body = scrapeText(t, addr) {
		time.Sleep(200 * time.Millisecond)
	}
	for _, msg := range short() {
		t.Error(msg)
	}
	for line := range strings.Lines(body) {
		if strings.HasPrefix(line, "durable_analyst_") && !strings.Contains(line, "_bucket{") {
			t.Log(strings.TrimSpace(line))
		}
	}
	for _, secret := range []string{fakeOpenAIKey, fakeE2BKey, shared.s3.SecretKey} {
		assert.NotContains(t, body, secret, "a secret in /metrics")
	}

	// SIGTERM: the worker stops cleanly and the server with it.
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	select {
	case err := <-exited:
		exited <- err // for the cleanup
		require.NoError(t, err, "worker exit; logs:\n%s", logs.String())
	case <-time.After(30 * time.Second):
		t.Fatal("the worker did not stop within 30 s of SIGTERM")
	}
	_, err = http.Get("http://" + addr + "/healthz")
	assert.Error(t, err, "the metrics server still answers after the worker stopped")
	assert.NotContains(t, logs.String(), "metric not registered", "a series refused by the Prometheus registry")
}

// get returns the status of GET path on addr, or 0 if it cannot connect.
func get(t *testing.T, addr, path string) int {
	t.Helper()
	resp, err := http.Get("http://" + addr + path)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

// scrapeText returns the body of /metrics.
func scrapeText(t *testing.T, addr string) string {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(b)
}

// sumSeries parses an exposition and sums the series of one name (a
// histogram's sample counts) whose labels include those of the selector
// name{k="v",…}.
func sumSeries(t *testing.T, exposition, selector string) float64 {
	t.Helper()
	name, want := selector, map[string]string{}
	if i := strings.IndexByte(selector, '{'); i >= 0 {
		name = selector[:i]
		for kv := range strings.SplitSeq(strings.Trim(selector[i:], "{}"), ",") {
			k, v, _ := strings.Cut(kv, "=")
			want[k] = strings.Trim(v, `"`)
		}
	}
	var p expfmt.TextParser
	fams, err := p.TextToMetricFamilies(strings.NewReader(exposition))
	require.NoError(t, err)
	var sum float64
	for _, m := range fams[name].GetMetric() {
		if labelsInclude(m, want) {
			sum += m.GetCounter().GetValue() + m.GetGauge().GetValue() + float64(m.GetHistogram().GetSampleCount())
		}
	}
	return sum
}

func labelsInclude(m *dto.Metric, want map[string]string) bool {
	have := map[string]string{}
	for _, l := range m.GetLabel() {
		have[l.GetName()] = l.GetValue()
	}
	for k, v := range want {
		if have[k] != v {
			return false
		}
	}
	return true
}

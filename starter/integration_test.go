package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// Task queues of the fake workers: one answers, one fails.
const (
	okQueue   = "starter-test"
	failQueue = "starter-test-fail"
	prefix    = "analyses"
)

// fakeAnalysis stands in for AnalysisWorkflow: it shows progress, waits a
// little so that --wait sees it, and answers with what it was given. Its
// one chart lies at chartKey(workflow id), with a stale URL.
func fakeAnalysis(ctx workflow.Context, in api.AnalysisInput) (*api.AnalysisResult, error) {
	if err := validate.AnalysisInput(in); err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), api.ErrTypeInvalidInput, nil)
	}
	maxSteps := in.MaxSteps
	if maxSteps == 0 {
		maxSteps = api.DefaultMaxSteps
	}
	p := api.Progress{Status: "running", Step: 1, MaxSteps: maxSteps, Phase: "model"}
	if err := workflow.SetQueryHandler(ctx, api.ProgressQuery, func() (api.Progress, error) { return p, nil }); err != nil {
		return nil, err
	}
	if err := workflow.Sleep(ctx, 2*time.Second); err != nil {
		return nil, err
	}
	var got []string
	for _, d := range in.Datasets {
		got = append(got, d.Name+"="+d.S3Key+d.URL)
	}
	p = api.Progress{Status: api.StatusAnswered, Step: 2, MaxSteps: maxSteps, CodeRuns: 1, Charts: 1, Phase: "done"}
	return &api.AnalysisResult{
		SchemaVersion: api.SchemaVersion,
		Status:        api.StatusAnswered,
		Answer:        fmt.Sprintf("got: %s; datasets: %s", in.Question, strings.Join(got, ", ")),
		Charts:        []api.Chart{{Key: chartKey(workflow.GetInfo(ctx).WorkflowExecution.ID), URL: "http://stale.invalid/x.png", Step: 2}},
		StepsUsed:     2,
		CodeRuns:      1,
		Usage:         api.Usage{TotalTokens: 42},
	}, nil
}

// lineQueue is the task queue of an analysis that waits in its pool's
// line, and of that line.
const lineQueue = "starter-test-line"

// fakeWaitingAnalysis waits in a sandbox line: its progress has the place
// the line gave it when it joined (9 ahead) and the line's id.
func fakeWaitingAnalysis(ctx workflow.Context, in api.AnalysisInput) (*api.AnalysisResult, error) {
	ahead := 9
	p := api.Progress{Status: "starting", MaxSteps: 10, Phase: api.PhaseWaitingForSandbox + " (9 ahead)", SandboxAhead: &ahead, SandboxLine: in.Question}
	if err := workflow.SetQueryHandler(ctx, api.ProgressQuery, func() (api.Progress, error) { return p, nil }); err != nil {
		return nil, err
	}
	return nil, workflow.Sleep(ctx, time.Hour)
}

// fakeLine is a sandbox line whose queue is its input.
func fakeLine(ctx workflow.Context, queue []string) error {
	if err := workflow.SetQueryHandler(ctx, api.SandboxLineQuery, func() (map[string]any, error) {
		return map[string]any{"waiting": len(queue), "queue": queue}, nil
	}); err != nil {
		return err
	}
	return workflow.Sleep(ctx, time.Hour)
}

// failingAnalysis fails at once, as a rejected input does.
func failingAnalysis(ctx workflow.Context, in api.AnalysisInput) (*api.AnalysisResult, error) {
	return nil, temporal.NewNonRetryableApplicationError("sandbox quota exceeded", api.ErrTypeQuota, nil)
}

func chartKey(workflowID string) string {
	return prefix + "/" + workflowID + "/charts/step-2-cell-0-0.png"
}

// testStack is the Temporal dev server, the S3 server and the fake workers.
type testStack struct {
	s3     *devstack.S3
	s3c    *s3.Client
	client client.Client
}

// startStack starts both servers at once, two workers, and points the
// environment at them.
func startStack(t *testing.T) *testStack {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	type started struct {
		stop func() error
		err  error
	}
	var tsrv *devstack.Temporal
	var ssrv *devstack.S3
	tch, sch := make(chan started, 1), make(chan started, 1)
	go func() {
		srv, stop, err := devstack.StartTemporal(ctx, devstack.Options{Logf: t.Logf})
		tsrv = srv
		tch <- started{stop, err}
	}()
	go func() {
		srv, stop, err := devstack.StartS3(ctx, devstack.Options{S3Bucket: "starter-test", Logf: t.Logf})
		ssrv = srv
		sch <- started{stop, err}
	}()
	for _, ch := range []chan started{tch, sch} {
		s := <-ch
		if s.err != nil {
			t.Fatal(s.err)
		}
		t.Cleanup(func() {
			if err := s.stop(); err != nil {
				t.Errorf("stop: %v", err)
			}
		})
	}

	env := append(tsrv.Env(), ssrv.Env()...)
	env = append(env,
		"TASK_QUEUE="+okQueue, "S3_PREFIX="+prefix, "CHART_URL_TTL=1h",
		"TEMPORAL_UI_URL=http://127.0.0.1:8233",
		// Only the static keys above: no shared files, no instance metadata.
		"AWS_EC2_METADATA_DISABLED=true",
		"AWS_CONFIG_FILE="+filepath.Join(t.TempDir(), "none"),
		"AWS_SHARED_CREDENTIALS_FILE="+filepath.Join(t.TempDir(), "none"),
	)
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	t.Setenv("AWS_PROFILE", "") // restored after the test
	os.Unsetenv("AWS_PROFILE")

	logger := tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	c, err := client.Dial(client.Options{HostPort: tsrv.Address, Namespace: tsrv.Namespace, Logger: logger})
	if err != nil {
		t.Fatalf("dial %s: %v", tsrv.Address, err)
	}
	t.Cleanup(c.Close)
	for queue, wf := range map[string]any{okQueue: fakeAnalysis, failQueue: failingAnalysis, conversationQueue: fakeConversation, lineQueue: fakeWaitingAnalysis} {
		w := worker.New(c, queue, worker.Options{})
		w.RegisterWorkflowWithOptions(wf, workflow.RegisterOptions{Name: api.AnalysisWorkflowName})
		if queue == lineQueue {
			w.RegisterWorkflowWithOptions(fakeLine, workflow.RegisterOptions{Name: api.SandboxLineWorkflowName})
		}
		if err := w.Start(); err != nil {
			t.Fatalf("start worker on %s: %v", queue, err)
		}
		t.Cleanup(w.Stop)
	}
	s3c, err := ssrv.Client(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return &testStack{s3: ssrv, s3c: s3c, client: c}
}

// runCLI runs the starter and returns its stdout and stderr.
func runCLI(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut strings.Builder
	err := run(args, &out, &errOut)
	return out.String(), errOut.String(), err
}

// chartURL returns the URL printed on the line after "chart: <loc>".
func chartURL(t *testing.T, out, loc string) string {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if sc.Text() == "chart: "+loc && sc.Scan() {
			return strings.TrimSpace(sc.Text())
		}
	}
	t.Fatalf("output has no line %q followed by a URL:\n%s", "chart: "+loc, out)
	return ""
}

// httpGet returns the body of a GET of u, which must answer 200.
func httpGet(t *testing.T, u string) string {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200: %s", u, resp.StatusCode, b)
	}
	return string(b)
}

// TestProgressShowsThePlaceInLine: the progress of an analysis waiting in
// its pool's line shows its place now, from the line's query, not the
// place it was given when it joined.
func TestProgressShowsThePlaceInLine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	st := startStack(t)
	ctx := context.Background()
	id, line := "waiting-"+strconv.FormatInt(time.Now().UnixNano(), 36), "sandbox-line-starter-test"
	for _, w := range []struct {
		id, typ string
		arg     any
	}{{line, api.SandboxLineWorkflowName, []string{"first", "second", id}}, {id, api.AnalysisWorkflowName, api.AnalysisInput{Question: line}}} {
		if _, err := st.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: w.id, TaskQueue: lineQueue}, w.typ, w.arg); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = st.client.TerminateWorkflow(ctx, w.id, "", "test done") })
	}
	var out string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		out, _, _ = runCLI(t, "progress", id)
		if strings.Contains(out, "waiting for a sandbox") {
			break
		}
	}
	if !strings.Contains(out, "now: waiting for a sandbox (2 ahead)") {
		t.Fatalf("starter progress: %q, want the place now (2 ahead), not the one at the join (9 ahead)", out)
	}
}

// TestProgressWithNoWorkerAnswering: an analysis on a queue that no worker
// polls is running with no progress to show; starter progress says so and
// exits 0. Once the analysis is terminated, the query's failure is an
// error again.
func TestProgressWithNoWorkerAnswering(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	st := startStack(t)
	ctx := context.Background()
	id := "unpolled-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if _, err := st.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: "starter-test-nobody-polls"}, api.AnalysisWorkflowName, api.AnalysisInput{Question: "q"}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.client.TerminateWorkflow(ctx, id, "", "test done") })
	out, errOut, err := runCLI(t, "progress", id)
	if err != nil {
		t.Fatalf("progress of a running, unpolled analysis: %v\n%s", err, errOut)
	}
	if want := "analysis " + id + " is running; no progress yet: no worker answered within 5s (is a worker running?)\n"; out != want {
		t.Errorf("progress printed %q, want %q", out, want)
	}
	if err := st.client.TerminateWorkflow(ctx, id, "", "test done"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, "progress", id); err == nil {
		t.Errorf("progress of a terminated analysis no worker ever ran: no error, want the query's")
	}
}

func TestAnalyzeAgainstRealServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	start := time.Now()
	st := startStack(t)
	t.Logf("servers up in %s", time.Since(start).Round(time.Millisecond))
	ctx := context.Background()
	bucket := st.s3.Bucket
	const id = "analysis-test-1"
	key := prefix + "/inputs/" + id + "/sales.csv"
	chartLoc := "s3://" + bucket + "/" + chartKey(id)
	const png = "\x89PNG not really"
	if _, err := st.s3c.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(bucket), Key: aws.String(chartKey(id)), Body: strings.NewReader(png),
	}); err != nil {
		t.Fatalf("put the chart: %v", err)
	}
	wantAnswer := "got: Which region sells most?; datasets: sales.csv=" + key

	var firstRun string
	t.Run("analyze --wait uploads, starts, follows and prints", func(t *testing.T) {
		out, errOut, err := runCLI(t, "analyze", "--question", "Which region sells most?",
			"--file", salesCSV, "--id", id, "--max-steps", "5", "--wait")
		if err != nil {
			t.Fatalf("analyze: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
		}
		for _, want := range []string{
			"uploaded " + salesCSV + " to s3://" + bucket + "/" + key + "\n",
			"started analysis " + id + " (run ",
			"ui: http://127.0.0.1:8233/namespaces/default/workflows/" + id + "\n",
			"step 1/5 · running · 0 code runs · 0 charts · now: model\n",
			"analysis " + id + ": answered after 2 steps, 1 code run, 1 chart, 42 tokens\n",
			"\n" + wantAnswer + "\n",
			"chart: " + chartLoc + "\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("stdout lacks %q:\n%s", want, out)
			}
		}
		// The presigned URL is fresh, not the stored one, and it works.
		if got := httpGet(t, chartURL(t, out, chartLoc)); got != png {
			t.Errorf("GET presigned chart URL = %q, want %q", got, png)
		}
		obj, err := st.s3c.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)})
		if err != nil {
			t.Fatalf("the dataset is not at s3://%s/%s: %v", bucket, key, err)
		}
		defer obj.Body.Close()
		got, _ := io.ReadAll(obj.Body)
		want, _ := os.ReadFile(salesCSV)
		if string(got) != string(want) {
			t.Errorf("uploaded object has %d bytes, want the %d bytes of %s", len(got), len(want), salesCSV)
		}
		d, err := st.client.DescribeWorkflowExecution(ctx, id, "")
		if err != nil {
			t.Fatal(err)
		}
		firstRun = d.GetWorkflowExecutionInfo().GetExecution().GetRunId()
		desc, err := st.client.DescribeWorkflow(ctx, id, "")
		if err != nil {
			t.Fatal(err)
		}
		if s, _ := desc.GetStaticSummary(); s != "Which region sells most?" {
			t.Errorf("static summary = %q, want the question", s)
		}
	})

	t.Run("result prints the same", func(t *testing.T) {
		out, errOut, err := runCLI(t, "result", id)
		if err != nil {
			t.Fatalf("result: %v\n%s", err, errOut)
		}
		for _, want := range []string{"answered after 2 steps", "\n" + wantAnswer + "\n", "chart: " + chartLoc + "\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("stdout lacks %q:\n%s", want, out)
			}
		}
		if got := httpGet(t, chartURL(t, out, chartLoc)); got != png {
			t.Errorf("GET presigned chart URL = %q, want %q", got, png)
		}
	})

	t.Run("result --json re-presigns", func(t *testing.T) {
		out, errOut, err := runCLI(t, "result", id, "--json")
		if err != nil {
			t.Fatalf("result --json: %v\n%s", err, errOut)
		}
		var res api.AnalysisResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("stdout is not an AnalysisResult: %v\n%s", err, out)
		}
		if res.Answer != wantAnswer || len(res.Charts) != 1 {
			t.Fatalf("result = %+v, want answer %q and one chart", res, wantAnswer)
		}
		if u := res.Charts[0].URL; !strings.HasPrefix(u, st.s3.Endpoint+"/") || !strings.Contains(u, "X-Amz-Signature=") {
			t.Errorf("chart URL = %q, want one presigned for %s", u, st.s3.Endpoint)
		}
	})

	t.Run("progress of a finished analysis", func(t *testing.T) {
		out, errOut, err := runCLI(t, "progress", id)
		if err != nil {
			t.Fatalf("progress: %v\n%s", err, errOut)
		}
		if want := "step 2/5 · answered · 1 code run · 1 chart · now: done\n"; out != want {
			t.Errorf("progress printed %q, want %q", out, want)
		}
	})

	t.Run("the same --id does not start a second run", func(t *testing.T) {
		out, errOut, err := runCLI(t, "analyze", "--question", "Which region sells most?",
			"--file", salesCSV, "--id", id, "--json")
		if err != nil {
			t.Fatalf("analyze again: %v\n%s", err, errOut)
		}
		var info startInfo
		if err := json.Unmarshal([]byte(out), &info); err != nil {
			t.Fatalf("stdout is not JSON: %v\n%s", err, out)
		}
		if info.Started || info.RunID != firstRun {
			t.Errorf("second analyze = %+v, want started=false and the first run %s", info, firstRun)
		}
		d, err := st.client.DescribeWorkflowExecution(ctx, id, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := d.GetWorkflowExecutionInfo().GetExecution().GetRunId(); got != firstRun {
			t.Errorf("latest run = %s, want still %s", got, firstRun)
		}
	})

	t.Run("--json --wait prints only the result on stdout", func(t *testing.T) {
		out, errOut, err := runCLI(t, "analyze", "--question", "json please", "--s3-key", key, "--name", "s.csv", "--wait", "--json")
		if err != nil {
			t.Fatalf("analyze: %v\n%s", err, errOut)
		}
		var res api.AnalysisResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("stdout is not an AnalysisResult: %v\n%s", err, out)
		}
		if want := "got: json please; datasets: s.csv=" + key; res.Answer != want {
			t.Errorf("answer = %q, want %q", res.Answer, want)
		}
		if !strings.Contains(errOut, "started analysis analysis-") || !strings.Contains(errOut, "step 1/10 · running") {
			t.Errorf("stderr lacks the start and progress lines:\n%s", errOut)
		}
	})

	t.Run("a running analysis", func(t *testing.T) {
		out, errOut, err := runCLI(t, "analyze", "--question", "slow", "--id", "analysis-test-running", "--json")
		if err != nil {
			t.Fatalf("analyze: %v\n%s", err, errOut)
		}
		var info startInfo
		if err := json.Unmarshal([]byte(out), &info); err != nil || !info.Started {
			t.Fatalf("analyze --json = %q (%v), want started=true", out, err)
		}
		out, errOut, err = runCLI(t, "result", info.WorkflowID)
		if err != nil {
			t.Fatalf("result: %v\n%s", err, errOut)
		}
		if !strings.Contains(out, "analysis analysis-test-running is still running\n") {
			t.Errorf("result of a running analysis printed:\n%s", out)
		}
		out, _, err = runCLI(t, "analyze", "--question", "slow", "--id", "analysis-test-running")
		if err != nil || !strings.Contains(out, "already exists (running); not starting it again") {
			t.Errorf("analyze of a running id = %v, printed:\n%s", err, out)
		}
	})

	t.Run("a failed analysis exits non-zero with its message", func(t *testing.T) {
		t.Setenv("TASK_QUEUE", failQueue)
		out, _, err := runCLI(t, "analyze", "--question", "q", "--id", "analysis-test-fail", "--wait")
		// The failure's own message and type, once: not the SDK's
		// "(type: …, retryable: …)" chain.
		const want = "analysis analysis-test-fail failed: sandbox quota exceeded (QuotaExceeded)"
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("analyze --wait = %v, want an error ending %q\nstdout:\n%s", err, want, out)
		}
		_, _, err = runCLI(t, "result", "analysis-test-fail")
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("result of a failed analysis = %v, want an error ending %q", err, want)
		}
	})

	t.Run("startAnalysis reuses running and completed runs, reruns failed ones", func(t *testing.T) {
		in := api.AnalysisInput{Question: "again"}
		startTwice := func(queue, id string, wait bool) (first, second string) {
			t.Helper()
			r1, err := startAnalysis(ctx, st.client, queue, id, in)
			if err != nil {
				t.Fatal(err)
			}
			if wait {
				_ = r1.Get(ctx, nil) // the outcome does not matter, only that it ended
			}
			r2, err := startAnalysis(ctx, st.client, queue, id, in)
			if err != nil {
				t.Fatalf("second start of %s: %v", id, err)
			}
			return r1.GetRunID(), r2.GetRunID()
		}
		if a, b := startTwice(okQueue, "analysis-policy-running", false); a != b {
			t.Errorf("start while running: runs %s then %s, want the same run", a, b)
		}
		if a, b := startTwice(okQueue, "analysis-policy-completed", true); a != b {
			t.Errorf("start after completion: runs %s then %s, want the same run", a, b)
		}
		if a, b := startTwice(failQueue, "analysis-policy-failed", true); a == b {
			t.Errorf("start after failure: run %s both times, want a new run", a)
		}
	})

	t.Run("an unknown id", func(t *testing.T) {
		_, _, err := runCLI(t, "result", "no-such-analysis")
		if err == nil || !strings.Contains(err.Error(), "look up analysis no-such-analysis") {
			t.Errorf("result of an unknown id = %v, want a lookup error", err)
		}
	})
	t.Logf("whole test took %s", time.Since(start).Round(time.Millisecond))
}

package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// The tests here inject faults into real parts. None calls t.Parallel:
// newEnv sets the process environment, and the S3 outage stops the shared
// server.

func testID(prefix string) string { return prefix + "-" + time.Now().Format("150405.000") }

// runCtx bounds the wait for one analysis.
func runCtx(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// TestFaultsModelRateLimitAnd5xx: 429 with Retry-After (twice), 500 and 503
// from the model are retried by the activity's retry policy and the
// analysis completes, each cell run once.
func TestFaultsModelRateLimitAnd5xx(t *testing.T) {
	e := newEnv(t)
	run := e.start(testID("e2e-flaky"), api.AnalysisInput{Question: "flaky model", Model: "script:flaky"})
	var res api.AnalysisResult
	require.NoError(t, run.Get(runCtx(t, 2*time.Minute), &res))

	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Contains(t, res.Answer, "ran once each")
	assert.Equal(t, 2, res.CodeRuns)

	statuses := map[int][]int{} // turn -> statuses in order
	for _, r := range e.Model.Requests() {
		statuses[r.Turn] = append(statuses[r.Turn], r.Status)
	}
	want := map[int][]int{1: {429, 429, 200}, 2: {500, 200}, 3: {503, 200}}
	assert.Equal(t, want, statuses, "model answers per turn")

	// The retries were the activity's (the client does none: max retries 0):
	// turn 1 succeeded at its third attempt. The 429s waited for their
	// Retry-After (1 s each), the 5xx for the policy's first interval (1 s).
	att := maxAttempts(e.events(run.GetID(), run.GetRunID()))
	assert.Equal(t, int32(3), att[modelcall.CallModelName], "highest CallModel attempt, got %v", att)
	assertRetriesWaited(t, e.Model.Requests(), time.Second)
	t.Logf("attempts %v", att)
	pollUntil(t, 10*time.Second, "no sandbox left", func() bool { return len(e.E2B.Sandboxes()) == 0 })
}

// assertRetriesWaited checks, on the model server's own clock, that every
// retry of a failed model request came at least min after the failure it
// retried (Retry-After, or the retry policy's first interval): the waits
// are causal lower bounds, not a speed limit, so load cannot fail them.
func assertRetriesWaited(t *testing.T, reqs []scriptedmodel.RequestRecord, min time.Duration) {
	t.Helper()
	last := map[int]scriptedmodel.RequestRecord{} // turn -> previous request
	retries := 0
	for _, r := range reqs {
		if prev, ok := last[r.Turn]; ok && prev.Status != 200 {
			retries++
			assert.GreaterOrEqual(t, r.Time.Sub(prev.Time), min, "turn %d: retry after a %d came too soon", r.Turn, prev.Status)
		}
		last[r.Turn] = r
	}
	assert.Positive(t, retries, "no retried request seen")
}

// TestFaultsModelAuth: a refused model key fails the analysis at once with
// a non-retryable AuthError, and the sandbox is killed.
func TestFaultsModelAuth(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIAPIKey = "sk-wrong-key" })
	run := e.start(testID("e2e-auth"), api.AnalysisInput{Question: "wrong key", Model: "script:sales-chart"})
	err := run.Get(runCtx(t, time.Minute), nil)
	require.Error(t, err)

	var appErr *temporal.ApplicationError
	require.True(t, errors.As(err, &appErr), "got %T %v, want an ApplicationError", err, err)
	assert.Equal(t, api.ErrTypeAuth, appErr.Type())
	assert.True(t, appErr.NonRetryable(), "AuthError must be non-retryable")
	assert.Contains(t, appErr.Error(), "model", "the message names the model service")
	assert.Contains(t, appErr.Error(), "401")
	assert.NotContains(t, err.Error(), "sk-wrong-key", "the error must not carry the key")
	// Fails fast: one CallModel attempt, no retry.
	att := maxAttempts(e.events(run.GetID(), run.GetRunID()))
	assert.Equal(t, int32(1), att[modelcall.CallModelName], "CallModel tried once, got %v", att)
	assert.Equal(t, int32(1), att[sandboxes.KillSandboxName], "the sandbox was killed, got %v", att)
	pollUntil(t, 10*time.Second, "no sandbox left", func() bool { return len(e.E2B.Sandboxes()) == 0 })
	t.Logf("auth failure: %v", appErr)
}

// TestFaultsS3Outage: S3 is down when the analysis starts; staging retries
// until it is back, and the analysis completes with its chart.
func TestFaultsS3Outage(t *testing.T) {
	e := newEnv(t)
	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-outage/sales.csv")

	require.NoError(t, shared.s3.Stop())
	t.Cleanup(func() {
		if err := shared.s3.Restart(context.Background()); err != nil {
			t.Errorf("restart S3 after the test: %v", err)
		}
	})
	run := e.start(testID("e2e-s3-outage"), api.AnalysisInput{
		Question: "Which region had the highest revenue?",
		Datasets: []api.Dataset{{Name: "sales.csv", S3Key: key}},
		Model:    "script:sales-chart",
	})
	time.Sleep(5 * time.Second)
	// Still running: S3 errors are retried, not fatal.
	desc, err := e.Temporal.DescribeWorkflowExecution(context.Background(), run.GetID(), run.GetRunID())
	require.NoError(t, err)
	require.Equal(t, enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING, desc.GetWorkflowExecutionInfo().GetStatus())
	var pending []string
	for _, pa := range desc.GetPendingActivities() {
		pending = append(pending, pa.GetActivityType().GetName())
		if pa.GetActivityType().GetName() == sandboxes.StageDatasetsName {
			assert.Greater(t, pa.GetAttempt(), int32(1), "staging is being retried")
			assert.Contains(t, pa.GetLastFailure().GetMessage(), "sales.csv", "the failure names the dataset")
		}
	}
	assert.Contains(t, pending, sandboxes.StageDatasetsName, "staging waits for S3")
	require.NoError(t, shared.s3.Restart(context.Background()))
	restarted := time.Now()

	var res api.AnalysisResult
	require.NoError(t, run.Get(runCtx(t, 2*time.Minute), &res))
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Contains(t, res.Answer, "West had the highest revenue")
	require.Len(t, res.Charts, 1)
	assert.NotEmpty(t, e.getObject(res.Charts[0].Key), "the chart is in S3")
	att := maxAttempts(e.events(run.GetID(), run.GetRunID()))
	assert.Greater(t, att[sandboxes.StageDatasetsName], int32(1), "staging was retried, got %v", att)
	t.Logf("completed %s after S3 came back; attempts %v", time.Since(restarted).Round(time.Millisecond), att)
}

// TestFaultsInvalidInput: a malformed input fails the workflow at once with
// InvalidInput naming the field, before any sandbox is made.
func TestFaultsInvalidInput(t *testing.T) {
	e := newEnv(t)
	created := strings.Count(e.Logs.String(), `msg="sandbox created"`)
	run := e.start(testID("e2e-bad-input"), json.RawMessage(`{"question":"q","max_steps":"ten"}`))
	err := run.Get(runCtx(t, 30*time.Second), nil)
	require.Error(t, err)

	var appErr *temporal.ApplicationError
	require.True(t, errors.As(err, &appErr), "got %T %v, want an ApplicationError", err, err)
	assert.Equal(t, api.ErrTypeInvalidInput, appErr.Type())
	assert.True(t, appErr.NonRetryable())
	assert.Contains(t, appErr.Error(), "max_steps")

	evs := e.events(run.GetID(), run.GetRunID())
	for _, ev := range evs {
		assert.NotEqual(t, enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, ev.GetEventType(), "event %d schedules an activity", ev.GetEventId())
	}
	assert.Empty(t, e.E2B.Sandboxes())
	assert.Equal(t, created, strings.Count(e.Logs.String(), `msg="sandbox created"`), "sandboxes created")
	assert.Empty(t, e.Model.Requests(), "model requests")
}

// TestSweepTerminatedWorkflow: a terminated workflow runs no cleanup, so its
// sandbox stays; the sweeper kills it.
func TestSweepTerminatedWorkflow(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	run := e.start(testID("e2e-sweep"), api.AnalysisInput{Question: "stall then terminate", Model: "script:stall"})

	// Wait until the model call is in flight (the model stalls for 2 min).
	pollUntil(t, 30*time.Second, "the stalled model call", func() bool {
		desc, err := e.Temporal.DescribeWorkflowExecution(ctx, run.GetID(), run.GetRunID())
		require.NoError(t, err)
		for _, pa := range desc.GetPendingActivities() {
			if pa.GetActivityType().GetName() == modelcall.CallModelName && pa.GetState() == enumspb.PENDING_ACTIVITY_STATE_STARTED {
				return true
			}
		}
		return false
	})
	require.Len(t, e.E2B.Sandboxes(), 1)
	sandboxID := e.E2B.Sandboxes()[0]

	sweeper := &sandboxes.Sweeper{E2B: e.e2bClient(), Temporal: e.Temporal, Namespace: e.Config.TemporalNamespace, Logger: e.testLogger()}
	// A sweep while the workflow runs keeps the sandbox.
	killed, err := sweeper.SweepOnce(ctx)
	require.NoError(t, err)
	assert.Empty(t, killed, "sweep of a running workflow")

	require.NoError(t, e.Temporal.TerminateWorkflow(ctx, run.GetID(), run.GetRunID(), "e2e: terminate to leave a sandbox"))
	pollUntil(t, 10*time.Second, "the workflow to close", func() bool {
		desc, err := e.Temporal.DescribeWorkflowExecution(ctx, run.GetID(), run.GetRunID())
		require.NoError(t, err)
		return desc.GetWorkflowExecutionInfo().GetStatus() == enumspb.WORKFLOW_EXECUTION_STATUS_TERMINATED
	})
	time.Sleep(time.Second) // give a (wrong) cleanup the chance to run
	require.Equal(t, []string{sandboxID}, e.E2B.Sandboxes(), "termination runs no workflow code: the sandbox is left")

	killed, err = sweeper.SweepOnce(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{sandboxID}, killed)
	assert.Empty(t, e.E2B.Sandboxes(), "sandboxes after the sweep")
	assert.Contains(t, e.Logs.String(), "reason=\"workflow run is Terminated\"")
}

// TestFaultsS3OutageMidAnalysis: S3 goes away in the middle of an analysis
// (transcripts, cell outputs and chart uploads all need it) — 30 s with
// -chaos.full, 8 s otherwise — and comes back: everything is retried,
// nothing is lost or stored twice, the analysis completes.
func TestFaultsS3OutageMidAnalysis(t *testing.T) {
	outage := 8 * time.Second
	if *chaosFull {
		outage = 30 * time.Second
	}
	e := newEnv(t)
	id := testID("e2e-s3-mid")
	run := e.start(id, api.AnalysisInput{Question: "count cells (S3 outage)", Model: "script:chaos-counter"})
	e.waitProgress(id, func(p api.Progress) bool { return p.CodeRuns >= 1 })
	require.NoError(t, shared.s3.Stop())
	restarted := false
	t.Cleanup(func() {
		if !restarted {
			_ = shared.s3.Restart(context.Background())
		}
	})
	time.Sleep(outage)
	p, err := e.progress(id)
	require.NoError(t, err)
	assert.Less(t, p.CodeRuns, 4, "the analysis cannot have finished without S3")
	require.NoError(t, shared.s3.Restart(context.Background()))
	restarted = true

	var res api.AnalysisResult
	require.NoError(t, run.Get(runCtx(t, 3*time.Minute), &res))
	assert.Equal(t, "done", res.Answer, "every counter check of the script passed")
	assert.Equal(t, 4, res.CodeRuns)
	var pngs []string
	for _, k := range e.listKeys("analyses/" + id + "/") {
		if strings.HasSuffix(k, ".png") {
			pngs = append(pngs, strings.TrimPrefix(k, "analyses/"+id+"/"))
		}
	}
	assert.ElementsMatch(t, []string{"step-2/0-0.png", "step-4/0-0.png"}, pngs)
	t.Logf("S3 was down %s mid-analysis; attempts %v", outage, maxAttempts(e.events(run.GetID(), run.GetRunID())))
}

// TestFaultsReadableErrors: an upstream's refusal reaches the user with the
// upstream's own explanation and a stable type — in the error run.Get
// returns (what the starter and other clients print) and in the failure
// the history keeps (what the UI and `temporal workflow result` show) —
// once, bounded, without a key.
func TestFaultsReadableErrors(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		name     string
		input    api.AnalysisInput
		e2bKey   config.Secret // a refused E2B key, when set
		wantType string
		want     []string // all in the message
	}{
		{"model not found", api.AnalysisInput{Question: "q", Model: "script:gpt-x-missing"}, "", api.ErrTypeNotFound,
			[]string{"step 1: model call: model: ", "404 model_not_found: The model `script:gpt-x-missing` does not exist or you do not have access to it."}},
		// sales-chart expects the columns of sales.csv after its first
		// turn; these are not, so the model server refuses turn 2.
		{"model bad request", api.AnalysisInput{Question: "q", Model: "script:sales-chart",
			Datasets: []api.Dataset{{Name: "sales.csv", Content: "a,b\n1,2\n"}}}, "", api.ErrTypeBadRequest,
			[]string{"step 2: model call: model: ", `400 expectation_failed: script sales-chart turn 2: tool output does not contain "month"`}},
		{"dataset key missing in S3", api.AnalysisInput{Question: "q", Model: "script:sales-chart",
			Datasets: []api.Dataset{{Name: "nope.csv", S3Key: "inputs/e2e-readable/nope.csv"}}}, "", api.ErrTypeDataset,
			[]string{`dataset "nope.csv"`, "s3://" + e.Bucket + "/inputs/e2e-readable/nope.csv", "404 NoSuchKey: The specified key does not exist."}},
		{"e2b key refused", api.AnalysisInput{Question: "q", Model: "script:sales-chart"}, "e2b_refused_key_0123456789", api.ErrTypeAuth,
			[]string{"start: create sandbox: e2b: ", "401 auth: Invalid API key, please visit https://e2b.dev/docs/api-key for more information."}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.e2bKey != "" {
				e.replaceWorker(func(c *config.Worker) { c.E2BAPIKey = tt.e2bKey })
			}
			run := e.start(fmt.Sprintf("%s-%d", testID("e2e-readable"), i), tt.input)
			err := run.Get(runCtx(t, time.Minute), nil)
			require.Error(t, err)

			var appErr *temporal.ApplicationError
			require.ErrorAs(t, err, &appErr)
			assert.Equal(t, tt.wantType, appErr.Type(), "error type")
			assert.True(t, appErr.NonRetryable())
			msg := appErr.Message()
			for _, w := range tt.want {
				assert.Contains(t, msg, w, "the message run.Get returns")
			}
			assert.NotContains(t, msg, "retryable:", "the upstream's text once, not the SDK's Error() chain")
			assert.LessOrEqual(t, len(msg), 2*fault.MaxErrorMessageBytes, "bounded")

			evs := e.events(run.GetID(), run.GetRunID())
			closing := evs[len(evs)-1].GetWorkflowExecutionFailedEventAttributes()
			require.NotNil(t, closing, "the last event is the workflow's failure")
			assert.Equal(t, msg, closing.GetFailure().GetMessage(), "the history's failure message is the one run.Get gave")
			assert.Equal(t, tt.wantType, closing.GetFailure().GetApplicationFailureInfo().GetType())
			var chain []string
			for f := closing.GetFailure(); f != nil; f = f.GetCause() {
				chain = append(chain, f.GetMessage())
				for _, key := range []string{fakeOpenAIKey, fakeE2BKey, string(tt.e2bKey)} {
					if key != "" {
						assert.NotContains(t, f.GetMessage(), key, "a failure in the history carries a key")
					}
				}
			}
			t.Logf("%s: %s\nfailure chain in the history: %q", tt.wantType, msg, chain)
			pollUntil(t, 10*time.Second, "no sandbox left", func() bool { return len(e.E2B.Sandboxes()) == 0 })
		})
	}
}

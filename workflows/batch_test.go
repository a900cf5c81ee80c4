package workflows_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// batchWorld is what outlives one run of a batch: the items "in S3", the
// stored result chunks, and what the fake analyses saw.
type batchWorld struct {
	lines     []string // the JSONL items object, one item per line
	chunks    map[int][]api.BatchItemResult
	report    *batches.WriteBatchReportInput
	reportRes []api.BatchItemResult
	starts    map[string]int // child workflow id -> times started
	inFlight  int
	maxFlight int
	reads     []batches.ReadBatchItemsInput
	progress  []api.BatchProgress
	runs      int
	canInputs [][]byte
}

func newBatchWorld() *batchWorld {
	return &batchWorld{chunks: map[int][]api.BatchItemResult{}, starts: map[string]int{}}
}

// fakeAnalysis stands in for AnalysisWorkflow: it takes a while that
// depends on the question, fails when the question says "fail", and
// answers with the question otherwise.
func (w *batchWorld) fakeAnalysis(ctx workflow.Context, in api.AnalysisInput) (*api.AnalysisResult, error) {
	w.starts[workflow.GetInfo(ctx).WorkflowExecution.ID]++
	w.inFlight++
	w.maxFlight = max(w.maxFlight, w.inFlight)
	defer func() { w.inFlight-- }()
	if err := workflow.Sleep(ctx, time.Duration(1+len(in.Question)%4)*time.Second); err != nil {
		return nil, err
	}
	if strings.Contains(in.Question, "fail") {
		return nil, temporal.NewNonRetryableApplicationError("step 1: model call: model: 404 no such model "+in.Model, api.ErrTypeNotFound, nil)
	}
	return &api.AnalysisResult{
		Status: api.StatusAnswered, Answer: "answer to " + in.Question + " with " + in.Model,
		Charts: []api.Chart{{Key: "k.png"}}, StepsUsed: in.MaxSteps, Usage: api.Usage{TotalTokens: 10},
	}, nil
}

// run runs the batch to its end, one test environment per run, following
// continue-as-new, and returns the result or the error.
func (w *batchWorld) run(t *testing.T, in api.BatchInput) (*api.BatchResult, error) {
	t.Helper()
	for w.runs = 1; w.runs <= 50; w.runs++ {
		var s testsuite.WorkflowTestSuite
		env := s.NewTestWorkflowEnvironment()
		env.SetStartWorkflowOptions(client.StartWorkflowOptions{ID: "batch-1"})
		env.RegisterWorkflowWithOptions(w.fakeAnalysis, workflow.RegisterOptions{Name: api.AnalysisWorkflowName})
		env.RegisterWorkflowWithOptions(workflows.BatchAnalysisWorkflow, workflow.RegisterOptions{Name: api.BatchAnalysisWorkflowName})
		workflows.RegisterActivities(env, &activities.Activities{})
		w.mockActivities(env)
		env.RegisterDelayedCallback(func() {
			v, err := env.QueryWorkflow(api.ProgressQuery)
			require.NoError(t, err)
			var p api.BatchProgress
			require.NoError(t, v.Get(&p))
			w.progress = append(w.progress, p)
		}, 1500*time.Millisecond)
		env.ExecuteWorkflow(api.BatchAnalysisWorkflowName, in)
		require.True(t, env.IsWorkflowCompleted())
		err := env.GetWorkflowError()
		var can *workflow.ContinueAsNewError
		if errors.As(err, &can) {
			var next api.BatchInput
			require.NoError(t, converter.GetDefaultDataConverter().FromPayloads(can.Input, &next))
			raw, _ := json.Marshal(next)
			w.canInputs = append(w.canInputs, raw)
			in = next
			continue
		}
		if err != nil {
			return nil, err
		}
		var res api.BatchResult
		require.NoError(t, env.GetWorkflowResult(&res))
		return &res, nil
	}
	t.Fatal("the batch did not end in 50 runs")
	return nil, nil
}

func (w *batchWorld) mockActivities(env *testsuite.TestWorkflowEnvironment) {
	env.OnActivity(batchActs.PlanBatch, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in batches.PlanBatchInput) (batches.PlanBatchResult, error) {
			res := batches.PlanBatchResult{ReportKey: "analyses/batches/" + in.BatchID + "/report.json", CSVKey: "analyses/batches/" + in.BatchID + "/report.csv"}
			if in.ItemsKey != "" {
				res.Total = len(w.lines)
			}
			return res, nil
		})
	// Offsets here are line numbers: the workflow treats them as opaque.
	env.OnActivity(batchActs.ReadBatchItems, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in batches.ReadBatchItemsInput) (batches.ReadBatchItemsResult, error) {
			w.reads = append(w.reads, in)
			res := batches.ReadBatchItemsResult{Items: []batches.BatchLine{}}
			i := int(in.Offset)
			for ; i < len(w.lines) && len(res.Items) < in.Limit; i++ {
				bl := batches.BatchLine{Index: i, Next: int64(i + 1)}
				if json.Valid([]byte(w.lines[i])) {
					bl.Item = json.RawMessage(w.lines[i])
				} else {
					bl.Error = fmt.Sprintf("item %d is not a JSON object", i)
				}
				res.Items = append(res.Items, bl)
			}
			res.EOF = i >= len(w.lines)
			return res, nil
		})
	env.OnActivity(batchActs.AppendBatchResults, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in batches.AppendBatchResultsInput) (string, error) {
			w.chunks[in.Chunk] = in.Results
			return fmt.Sprintf("chunk-%d", in.Chunk), nil
		})
	env.OnActivity(batchActs.WriteBatchReport, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in batches.WriteBatchReportInput) (batches.WriteBatchReportResult, error) {
			w.report = &in
			w.reportRes = nil
			for n := 1; n <= in.Chunks; n++ {
				w.reportRes = append(w.reportRes, w.chunks[n]...)
			}
			sort.Slice(w.reportRes, func(i, j int) bool { return w.reportRes[i].Index < w.reportRes[j].Index })
			return batches.WriteBatchReportResult{ReportKey: in.ReportKey, CSVKey: in.CSVKey, Items: len(w.reportRes)}, nil
		})
}

// items makes n inline items; the questions listed in fail fail.
func items(n int, fail ...int) []api.BatchItem {
	var out []api.BatchItem
	for i := range n {
		q := fmt.Sprintf("question %d", i)
		for _, f := range fail {
			if f == i {
				q = fmt.Sprintf("please fail %d", i)
			}
		}
		out = append(out, api.BatchItem{ID: fmt.Sprintf("item-%d", i), AnalysisInput: api.AnalysisInput{Question: q}})
	}
	return out
}

// checkEachItemOnce asserts that every item of a batch of n ran at most
// once, that the report lists each of them in order, and returns the
// report's items.
func (w *batchWorld) checkEachItemOnce(t *testing.T, n int) []api.BatchItemResult {
	t.Helper()
	for id, c := range w.starts {
		assert.Equal(t, 1, c, "child %s started %d times, want once", id, c)
	}
	require.NotNil(t, w.report, "no report written")
	require.Len(t, w.reportRes, n, "report rows")
	for i, r := range w.reportRes {
		assert.Equal(t, i, r.Index, "report row %d", i)
		assert.Equal(t, fmt.Sprintf("batch-1/%d", i), r.WorkflowID)
	}
	return w.reportRes
}

func TestBatchConcurrencyNeverExceedsTheLimit(t *testing.T) {
	for _, conc := range []int{1, 3, 7} {
		t.Run(fmt.Sprint(conc), func(t *testing.T) {
			w := newBatchWorld()
			res, err := w.run(t, api.BatchInput{Items: items(20), Concurrency: conc, Defaults: api.BatchDefaults{Model: "m1", MaxSteps: 4}})
			require.NoError(t, err)
			assert.Equal(t, conc, w.maxFlight, "most analyses in flight")
			assert.Len(t, w.starts, 20, "analyses started")
			assert.Equal(t, api.BatchResult{Total: 20, Succeeded: 20, ReportKey: "analyses/batches/batch-1/report.json",
				CSVKey: "analyses/batches/batch-1/report.csv", Runs: 1}, *res)
			rows := w.checkEachItemOnce(t, 20)
			// Defaults reached the items.
			assert.Equal(t, "answer to question 5 with m1", rows[5].Answer)
			assert.Equal(t, 4, rows[5].Steps)
			assert.Equal(t, "item-5", rows[5].ID)
			// Summaries were stored in chunks of at most 25, not held.
			assert.GreaterOrEqual(t, len(w.chunks), 1)
			require.NotEmpty(t, w.progress)
			assert.Equal(t, conc, w.progress[0].Running, "running at 1.5 s")
			assert.Equal(t, 20, w.progress[0].Total)
		})
	}
}

func TestBatchFailedItemsDoNotSinkTheBatch(t *testing.T) {
	w := newBatchWorld()
	long := strings.Repeat("é", 400) // 800 bytes
	w.lines = []string{
		`{"id": "a", "question": "q0", "datasets": [{"name": "d.csv", "s3_key": "in/d.csv"}]}`,
		`{"question": "please fail", "model": "script:does-not-exist"}`,
		`{not json`,
		`{"id": "d", "question": ""}`,
		`{"question": "` + long + `"}`,
		`{"question": "q5", "max_step": 3}`,
	}
	res, err := w.run(t, api.BatchInput{ItemsS3Key: "in/items.jsonl", Concurrency: 2})
	require.NoError(t, err)
	assert.Equal(t, api.BatchResult{Total: 6, Succeeded: 2, Failed: 4, ReportKey: "analyses/batches/batch-1/report.json",
		CSVKey: "analyses/batches/batch-1/report.csv", Runs: 1}, *res)
	rows := w.checkEachItemOnce(t, 6)
	want := []struct{ id, status, errType, errHas string }{
		{"a", api.StatusAnswered, "", ""},
		{"1", api.StatusFailed, api.ErrTypeNotFound, "no such model script:does-not-exist"},
		{"2", api.StatusFailed, api.ErrTypeInvalidInput, "not a JSON object"},
		{"d", api.StatusFailed, api.ErrTypeInvalidInput, "question: must not be empty"},
		{"4", api.StatusAnswered, "", ""},
		{"5", api.StatusFailed, api.ErrTypeInvalidInput, "max_step: unknown field"},
	}
	for i, wnt := range want {
		r := rows[i]
		assert.Equal(t, wnt.id, r.ID, "row %d id", i)
		assert.Equal(t, wnt.status, r.Status, "row %d status (error %q)", i, r.Error)
		assert.Equal(t, wnt.errType, r.ErrorType, "row %d error type", i)
		assert.Contains(t, r.Error, wnt.errHas, "row %d error", i)
		assert.NotContains(t, r.Error, "retryable:", "row %d error: the message, not the SDK's Error() chain", i)
	}
	// Invalid items never started an analysis.
	assert.Len(t, w.starts, 3, "analyses started: %v", w.starts)
	// The answer is cut to MaxSummaryAnswerBytes, on a rune boundary.
	assert.LessOrEqual(t, len(rows[4].Answer), workflows.MaxSummaryAnswerBytes)
	assert.True(t, strings.HasSuffix(rows[4].Answer, "…"), "cut answer ends with …")
	assert.Equal(t, int64(20), w.report.Totals.Tokens)
}

func TestBatchContinuesAsNewWithoutRunningAnItemTwice(t *testing.T) {
	for _, tc := range []struct {
		name     string
		inline   bool
		n, per   int
		conc     int
		wantRuns int
	}{
		{"s3 10 by 3", false, 10, 3, 2, 4},
		{"s3 9 by 3", false, 9, 3, 5, 3},
		{"inline 7 by 2", true, 7, 2, 2, 4},
		{"s3 60 by 55", false, 60, 55, 50, 2}, // pages of 50 and 5, then 5
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newBatchWorld()
			in := api.BatchInput{Concurrency: tc.conc, ItemsPerRun: tc.per}
			if tc.inline {
				in.Items = items(tc.n, 1)
			} else {
				in.ItemsS3Key = "in/items.jsonl"
				for _, it := range items(tc.n, 1) {
					b, _ := json.Marshal(it)
					w.lines = append(w.lines, string(b))
				}
			}
			res, err := w.run(t, in)
			require.NoError(t, err)
			assert.Equal(t, tc.wantRuns, res.Runs, "runs")
			assert.Equal(t, tc.wantRuns, w.runs, "runs seen")
			assert.Equal(t, api.BatchResult{Total: tc.n, Succeeded: tc.n - 1, Failed: 1, ReportKey: res.ReportKey, CSVKey: res.CSVKey, Runs: tc.wantRuns}, *res)
			assert.Len(t, w.starts, tc.n, "analyses started")
			w.checkEachItemOnce(t, tc.n)
			assert.LessOrEqual(t, w.maxFlight, tc.conc)
			for i, raw := range w.canInputs {
				var next api.BatchInput
				require.NoError(t, json.Unmarshal(raw, &next))
				require.NotNil(t, next.State, "continue-as-new %d carries the state", i)
				assert.Equal(t, min(tc.n, (i+1)*tc.per), next.State.Next, "next item after run %d", i+1)
				if !tc.inline {
					assert.Less(t, len(raw), 1024, "continue-as-new input %d: %s", i, raw)
				}
			}
			for _, r := range w.reads {
				assert.LessOrEqual(t, r.Limit, tc.per, "a read never goes past the run's share")
				assert.Equal(t, int64(r.Index), r.Offset, "offset of item %d", r.Index)
			}
		})
	}
}

// TestBatchHighConcurrency runs batches at the concurrencies the raised
// cap allows: every item once, exactly the concurrency in flight, and a
// default items-per-run of two waves above 100 (200 below, as before).
func TestBatchHighConcurrency(t *testing.T) {
	for _, tc := range []struct {
		n, conc, wantRuns int
	}{
		{450, 50, 3},   // 200 per run, as before the cap was raised
		{1000, 200, 3}, // 400 per run
		{1000, 500, 1}, // 1,000 per run (MaxItemsPerRun)
		{1200, 1000, 2},
	} {
		t.Run(fmt.Sprintf("%d at %d", tc.n, tc.conc), func(t *testing.T) {
			w := newBatchWorld()
			for _, it := range items(tc.n) {
				b, _ := json.Marshal(it)
				w.lines = append(w.lines, string(b))
			}
			res, err := w.run(t, api.BatchInput{ItemsS3Key: "in/items.jsonl", Concurrency: tc.conc})
			require.NoError(t, err)
			if res.Runs != tc.wantRuns {
				t.Errorf("got %d runs, want %d", res.Runs, tc.wantRuns)
			}
			// The test environment may move its clock on while a page of
			// items is read, so early items can end before the last of the
			// first wave start (seen: 700 of 1,000 under load). Never more
			// than the concurrency, and over half of it: the old default of
			// 200 items per run would cap 500 and 1,000 at 200.
			if w.maxFlight > tc.conc || w.maxFlight <= tc.conc/2 {
				t.Errorf("got %d analyses in flight at most, want %d (over %d)", w.maxFlight, tc.conc, tc.conc/2)
			}
			if res.Succeeded != tc.n {
				t.Errorf("got %d succeeded, want %d", res.Succeeded, tc.n)
			}
			w.checkEachItemOnce(t, tc.n)
		})
	}
}

func TestBatchInputValidation(t *testing.T) {
	for _, tc := range []struct {
		name, json string
		wantErr    []string // all in the error; none: valid
	}{
		{"inline", `{"items": [{"question": "q"}]}`, nil},
		{"s3", `{"items_s3_key": "in/x.jsonl", "concurrency": 50, "items_per_run": 3, "report_key": "r/x.json"}`, nil},
		{"defaults", `{"items": [{"question": "q", "id": "x"}], "defaults": {"model": "gpt-4.1", "max_steps": 3, "system_prompt": "be brief"}}`, nil},
		{"nothing", `{}`, []string{"items: required (or items_s3_key)"}},
		{"empty items", `{"items": []}`, []string{"items: must not be empty"}},
		{"both", `{"items": [{"question": "q"}], "items_s3_key": "k"}`, []string{"items, items_s3_key: give one, not both"}},
		{"unknown field", `{"items": [{"question": "q"}], "concurency": 2}`, []string{"concurency: unknown field"}},
		{"concurrency 0", `{"items": [{"question": "q"}], "concurrency": 0}`, []string{"concurrency: 0, must be between 1 and 1000"}},
		{"concurrency 1000", `{"items": [{"question": "q"}], "concurrency": 1000}`, nil},
		{"concurrency 1001", `{"items": [{"question": "q"}], "concurrency": 1001}`, []string{"concurrency: 1001, must be between 1 and 1000"}},
		{"concurrency -1", `{"items": [{"question": "q"}], "concurrency": -1}`, []string{"concurrency: -1, must be between 1 and 1000"}},
		{"concurrency string", `{"items": [{"question": "q"}], "concurrency": "2"}`, []string{"concurrency: got JSON string, want an integer"}},
		{"items_per_run", `{"items": [{"question": "q"}], "items_per_run": -1}`, []string{"items_per_run: -1"}},
		{"bad key", `{"items_s3_key": "/abs/../x"}`, []string{"items_s3_key:"}},
		{"bad report key", `{"items_s3_key": "k", "report_key": "a//b"}`, []string{"report_key:"}},
		{"bad item", `{"items": [{"question": "q"}, {"question": "", "max_steps": 99}]}`, []string{"items[1]: question: must not be empty", "; max_steps: 99"}},
		{"item unknown field", `{"items": [{"question": "q", "qestion": "x"}]}`, []string{"items[0]: qestion: unknown field"}},
		{"item id type", `{"items": [{"question": "q", "id": 7}]}`, []string{"items[0]: id: got JSON number 7, want a string"}},
		{"item not object", `{"items": [7]}`, []string{"items[0]: got JSON number 7, want an object"}},
		{"bad defaults", `{"items": [{"question": "q"}], "defaults": {"max_steps": 51, "model": "a b"}}`, []string{"defaults.", "max_steps: 51", `model: "a b"`}},
		{"unknown default", `{"items": [{"question": "q"}], "defaults": {"temperature": 1}}`, []string{"defaults.temperature: unknown field (known: max_steps, model, system_prompt, verify)"}},
		{"default fills item", `{"items": [{"question": "q"}], "defaults": {"max_steps": 0}}`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in api.BatchInput
			require.NoError(t, json.Unmarshal([]byte(tc.json), &in))
			err := validate.BatchInput(in)
			if tc.wantErr == nil {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			for _, w := range tc.wantErr {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
	t.Run("too many inline items", func(t *testing.T) {
		err := validate.BatchInput(api.BatchInput{Items: items(api.MaxInlineItems + 1)})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "items: 501 given, at most 500 inline")
	})
}

func TestBatchInvalidInputFailsBeforeAnyActivity(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	workflows.RegisterActivities(env, &activities.Activities{})
	var in api.BatchInput
	require.NoError(t, json.Unmarshal([]byte(`{"items": [{"question": ""}], "concurrency": 1999}`), &in))
	env.ExecuteWorkflow(workflows.BatchAnalysisWorkflow, in)
	err := env.GetWorkflowError()
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeInvalidInput, appErr.Type())
	assert.True(t, appErr.NonRetryable())
	assert.Contains(t, appErr.Error(), "concurrency: 1999")
	assert.Contains(t, appErr.Error(), "items[0]: question: must not be empty")
}

func TestBatchItemJSONRoundTrip(t *testing.T) {
	in := `{"id":"x1","question":"q","datasets":[{"name":"a.csv","s3_key":"k"}],"model":"m","max_steps":3}`
	var it api.BatchItem
	require.NoError(t, json.Unmarshal([]byte(in), &it))
	require.NoError(t, validate.BatchItem(it))
	out, err := json.Marshal(it)
	require.NoError(t, err)
	assert.JSONEq(t, in, string(out))
}

func TestBatchCancelStoresTheFinishedItemsAndCancelsTheRest(t *testing.T) {
	w := newBatchWorld()
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetStartWorkflowOptions(client.StartWorkflowOptions{ID: "batch-1"})
	env.RegisterWorkflowWithOptions(w.fakeAnalysis, workflow.RegisterOptions{Name: api.AnalysisWorkflowName})
	workflows.RegisterActivities(env, &activities.Activities{})
	w.mockActivities(env)
	// Questions "question 0".."question 9" take 3 s each; two
	// run at a time, so at 7 s items 0-3 are done and two more run.
	env.RegisterDelayedCallback(env.CancelWorkflow, 7*time.Second)
	env.ExecuteWorkflow(workflows.BatchAnalysisWorkflow, api.BatchInput{Items: items(10), Concurrency: 2})
	err := env.GetWorkflowError()
	var canceled *temporal.CanceledError
	require.ErrorAs(t, err, &canceled)

	require.NotNil(t, w.report, "the report is written on cancellation")
	assert.Less(t, len(w.starts), 10, "items started after the cancel")
	var done, cancelled int
	for _, r := range w.reportRes {
		switch {
		case r.Status == api.StatusAnswered:
			done++
		case r.ErrorType == "Canceled":
			cancelled++
		default:
			t.Errorf("item %d: status %s, error %s %s", r.Index, r.Status, r.ErrorType, r.Error)
		}
	}
	assert.Equal(t, 4, done, "items answered before the cancel")
	assert.Equal(t, 2, cancelled, "running items cancelled")
	assert.Equal(t, len(w.starts), len(w.reportRes), "every started item is in the report")
}

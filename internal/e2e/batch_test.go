package e2e

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// TestBatchEndToEnd runs a batch of six analyses from a JSONL object in S3
// on the real servers: two at a time, three per run (so it continues as
// new), one item with a model that does not exist.
func TestBatchEndToEnd(t *testing.T) {
	e := newEnv(t)
	data := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-batch/sales.csv")
	const failing = 3
	var jsonl strings.Builder
	for i := range 6 {
		item := map[string]any{
			"id":       fmt.Sprintf("sales-%d", i),
			"question": fmt.Sprintf("Which region had the highest revenue? (%d)", i),
			"datasets": []map[string]string{{"name": "sales.csv", "s3_key": data}},
		}
		if i == failing {
			item["model"] = "script:does-not-exist"
		}
		b, err := json.Marshal(item)
		require.NoError(t, err)
		jsonl.Write(b)
		jsonl.WriteString("\n")
	}
	itemsKey := "inputs/e2e-batch/items.jsonl"
	_, err := e.S3.PutObject(context.Background(), &s3.PutObjectInput{Bucket: aws.String(e.Bucket), Key: aws.String(itemsKey), Body: strings.NewReader(jsonl.String())})
	require.NoError(t, err)

	id := testID("e2e-batch")
	run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: e.TaskQueue, WorkflowExecutionTimeout: 10 * time.Minute,
	}, api.BatchAnalysisWorkflowName, api.BatchInput{
		ItemsS3Key: itemsKey, Concurrency: 2, ItemsPerRun: 3,
		Defaults: api.BatchDefaults{Model: "script:sales-chart"},
	})
	require.NoError(t, err)
	firstRun := run.GetRunID() // Get moves the run to the last of the chain

	// Progress, while it runs.
	var seen []api.BatchProgress
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	var res api.BatchResult
	go func() { done <- run.Get(ctx, &res) }()
wait:
	for {
		select {
		case err := <-done:
			require.NoError(t, err)
			break wait
		case <-time.After(300 * time.Millisecond):
		}
		if v, err := e.Temporal.QueryWorkflow(ctx, id, "", api.ProgressQuery); err == nil {
			var p api.BatchProgress
			require.NoError(t, v.Get(&p))
			seen = append(seen, p)
		}
	}
	require.NotEmpty(t, seen, "no progress answered")
	for _, p := range seen {
		assert.LessOrEqual(t, p.Running, 2, "running items in %+v", p)
		assert.Equal(t, 6, p.Total)
	}

	assert.Equal(t, 6, res.Total)
	assert.Equal(t, 5, res.Succeeded)
	assert.Equal(t, 1, res.Failed)
	assert.Equal(t, 2, res.Runs, "runs (continue-as-new after 3 items)")
	assert.Equal(t, "analyses/batches/"+id+"/report.json", res.ReportKey)
	assert.Equal(t, "analyses/batches/"+id+"/report.csv", res.CSVKey)
	assert.Contains(t, res.ReportURL, "X-Amz-Signature")

	// The report: six rows in item order, the failing one explained.
	var rep batches.BatchReport
	require.NoError(t, json.Unmarshal(e.getObject(res.ReportKey), &rep))
	assert.Equal(t, id, rep.BatchID)
	assert.Equal(t, api.BatchTotals{Total: 6, Succeeded: 5, Failed: 1, Tokens: rep.Totals.Tokens}, rep.Totals)
	assert.Positive(t, rep.Totals.Tokens)
	require.Len(t, rep.Items, 6)
	for i, it := range rep.Items {
		assert.Equal(t, i, it.Index)
		assert.Equal(t, fmt.Sprintf("sales-%d", i), it.ID)
		assert.Equal(t, fmt.Sprintf("%s/%d", id, i), it.WorkflowID)
		if i == failing {
			assert.Equal(t, api.StatusFailed, it.Status)
			assert.Equal(t, api.ErrTypeNotFound, it.ErrorType)
			assert.Contains(t, it.Error, "404 model_not_found: The model `script:does-not-exist` does not exist or you do not have access to it.",
				"the report carries the model server's own explanation")
			assert.NotContains(t, it.Error, "retryable:", "the message once, not the SDK's Error() chain")
			continue
		}
		assert.Equal(t, api.StatusAnswered, it.Status, "item %d: %s", i, it.Error)
		assert.Contains(t, it.Answer, "West had the highest revenue")
		assert.LessOrEqual(t, len(it.Answer), workflows.MaxSummaryAnswerBytes)
		assert.Equal(t, 1, it.Charts)
		assert.Equal(t, 3, it.Steps)
		assert.Positive(t, it.Tokens)
		// The batch report links the item's own report, which exists.
		assert.True(t, strings.HasPrefix(it.ReportKey, "analyses/") && strings.HasSuffix(it.ReportKey, "/report.html"),
			"item %d: report_key %q", i, it.ReportKey)
		assert.Contains(t, string(e.getObject(it.ReportKey)), "West had the highest revenue", "item %d report", i)
	}
	rows, err := csv.NewReader(strings.NewReader(string(e.getObject(res.CSVKey)))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 7, "CSV header + 6 rows")
	reportCol := slices.Index(rows[0], "report_key")
	require.GreaterOrEqual(t, reportCol, 0, "CSV header %v", rows[0])
	for i, row := range rows[1:] {
		assert.Equal(t, fmt.Sprint(i), row[0])
		assert.Equal(t, fmt.Sprintf("sales-%d", i), row[1])
		if i != failing {
			assert.Equal(t, rep.Items[i].ReportKey, row[reportCol], "CSV report_key of row %d", i)
		}
	}

	// Each item ran once, as its own workflow, never more than two at a time.
	type span struct{ start, end time.Time }
	var spans []span
	for i := range 6 {
		d, err := e.Temporal.DescribeWorkflowExecution(context.Background(), fmt.Sprintf("%s/%d", id, i), "")
		require.NoError(t, err)
		info := d.GetWorkflowExecutionInfo()
		want := enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED
		if i == failing {
			want = enumspb.WORKFLOW_EXECUTION_STATUS_FAILED
		}
		assert.Equal(t, want, info.GetStatus(), "item %d", i)
		assert.Equal(t, id, info.GetParentExecution().GetWorkflowId(), "item %d's parent", i)
		spans = append(spans, span{info.GetStartTime().AsTime(), info.GetCloseTime().AsTime()})
		checkHistory(t, e, fmt.Sprintf("%s/%d", id, i), "")
	}
	assert.LessOrEqual(t, maxOverlap(spans, func(s span) (time.Time, time.Time) { return s.start, s.end }), 2, "items at once")

	// Every run of the batch has a small history.
	runs := 0
	for runID := firstRun; runID != ""; {
		runs++
		require.LessOrEqual(t, runs, 2, "more runs than expected")
		checkHistory(t, e, id, runID)
		saveHistory(t, e, id, runID, fmt.Sprintf("batch-run-%d.json", runs))
		next := ""
		for _, ev := range e.events(id, runID) {
			if a := ev.GetWorkflowExecutionContinuedAsNewEventAttributes(); a != nil {
				next = a.GetNewExecutionRunId()
			}
		}
		runID = next
	}
	assert.Equal(t, 2, runs, "batch runs checked")

	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 10*time.Second, 100*time.Millisecond,
		"sandboxes left: %v", e.E2B.Sandboxes())
}

// maxOverlap is the most intervals that are open at one instant.
func maxOverlap[T any](xs []T, bounds func(T) (time.Time, time.Time)) int {
	type edge struct {
		at   time.Time
		open int
	}
	var edges []edge
	for _, x := range xs {
		s, e := bounds(x)
		edges = append(edges, edge{s, 1}, edge{e, -1})
	}
	// Closes sort before opens at the same instant.
	sort.Slice(edges, func(i, j int) bool {
		if edges[i].at.Equal(edges[j].at) {
			return edges[i].open < edges[j].open
		}
		return edges[i].at.Before(edges[j].at)
	})
	most, n := 0, 0
	for _, ed := range edges {
		n += ed.open
		most = max(most, n)
	}
	return most
}

// A batch started again under the same id (after it failed, say) attaches
// to the items the first run already finished: their outcomes are taken,
// the analyses do not run twice.
func TestBatchRerunAttachesToFinishedItems(t *testing.T) {
	e := newEnv(t)
	id := testID("e2e-batch-again")
	ds := []api.Dataset{{Name: "sales.csv", S3Key: e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-batch-again/sales.csv")}}
	in := api.BatchInput{Items: []api.BatchItem{
		{ID: "one", AnalysisInput: api.AnalysisInput{Question: "first (attach test)", Model: "script:sales-chart", Datasets: ds}},
		{ID: "two", AnalysisInput: api.AnalysisInput{Question: "second (attach test)", Model: "script:sales-chart", Datasets: ds}},
	}, Concurrency: 2}
	start := func(policy enumspb.WorkflowIdReusePolicy) api.BatchResult {
		run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
			ID: id, TaskQueue: e.TaskQueue, WorkflowIDReusePolicy: policy, WorkflowExecutionTimeout: 5 * time.Minute,
		}, api.BatchAnalysisWorkflowName, in)
		require.NoError(t, err)
		var res api.BatchResult
		require.NoError(t, run.Get(runCtx(t, 3*time.Minute), &res))
		return res
	}
	first := start(enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE)
	require.Equal(t, 2, first.Succeeded)
	modelCalls := len(e.Model.Requests())

	again := start(enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE)
	assert.Equal(t, 2, again.Succeeded)
	assert.Equal(t, 0, again.Failed)
	assert.Equal(t, modelCalls, len(e.Model.Requests()), "no analysis ran again")

	var rep batches.BatchReport
	require.NoError(t, json.Unmarshal(e.getObject(again.ReportKey), &rep))
	require.Len(t, rep.Items, 2)
	for _, it := range rep.Items {
		assert.True(t, it.Attached, "item %s", it.ID)
		assert.Equal(t, api.StatusAnswered, it.Status, "item %s", it.ID)
		assert.Contains(t, it.Answer, "West had the highest revenue", "item %s", it.ID)
	}
}

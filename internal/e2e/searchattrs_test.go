package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	commonpb "go.temporal.io/api/common/v1"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// TestSearchAttributes: on a dev server with the search attributes
// registered (as make run registers them), a batch's items are found by
// BatchId, a finished analysis by AnalysisStatus and AnalysisSteps, and
// the values the server keeps are the result's.
func TestSearchAttributes(t *testing.T) {
	e := newEnv(t)
	ctx := runCtx(t, 8*time.Minute)
	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-search/sales.csv")
	ds := []api.Dataset{{Name: "sales.csv", S3Key: key}}

	// A batch of three, and one analysis on its own.
	batchID := testID("e2e-search-batch")
	items := make([]api.BatchItem, 3)
	for i := range items {
		items[i] = api.BatchItem{ID: fmt.Sprintf("q%d", i), AnalysisInput: api.AnalysisInput{
			Question: fmt.Sprintf("Which region had the highest revenue? (%d)", i), Datasets: ds}}
	}
	brun, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: batchID, TaskQueue: e.TaskQueue},
		api.BatchAnalysisWorkflowName, api.BatchInput{Items: items, Concurrency: 2,
			Defaults: api.BatchDefaults{Model: "script:sales-chart"}})
	require.NoError(t, err)
	id := testID("e2e-search-one")
	run, res := runAnalysis(t, e, id, api.AnalysisInput{Question: "Which region had the highest revenue?", Datasets: ds, Model: "script:sales-chart"})
	var bres api.BatchResult
	require.NoError(t, brun.Get(ctx, &bres))
	require.Equal(t, 3, bres.Succeeded, "batch items answered")
	require.Equal(t, api.StatusAnswered, res.Status)

	// BatchId finds exactly the batch's items (and, without the type, the
	// batch too). Visibility lags the histories a little: poll.
	inQueue := fmt.Sprintf(`TaskQueue = %q AND `, e.TaskQueue)
	items0 := []string{batchID + "/0", batchID + "/1", batchID + "/2"}
	assert.Equal(t, items0, listIDs(t, e, inQueue+fmt.Sprintf(`BatchId = %q AND WorkflowType = %q`, batchID, api.AnalysisWorkflowName), len(items0)))
	assert.Equal(t, append([]string{batchID}, items0...), listIDs(t, e, fmt.Sprintf(`BatchId = %q`, batchID), 4))

	// The finished analysis by its status and steps; the items have a
	// BatchId, it has none.
	found := listIDs(t, e, inQueue+fmt.Sprintf(`AnalysisStatus = %q AND AnalysisSteps > 0 AND BatchId IS NULL`, api.StatusAnswered), 1)
	assert.Equal(t, []string{id}, found)
	assert.Empty(t, listIDs(t, e, inQueue+`AnalysisStatus = "running"`, 0), "analyses still running by their search attributes")

	// What the server keeps is the result.
	got := describeAttributes(t, e, id, run.GetRunID())
	assert.Equal(t, map[string]any{"AnalysisStatus": res.Status, "AnalysisSteps": int64(res.StepsUsed), "AnalysisModel": "script:sales-chart"}, got)
	item := describeAttributes(t, e, batchID+"/1", "")
	assert.Equal(t, batchID, item["BatchId"], "BatchId of item 1")
	assert.Equal(t, api.StatusAnswered, item["AnalysisStatus"], "AnalysisStatus of item 1")
	assert.Equal(t, map[string]any{"BatchId": batchID}, describeAttributes(t, e, batchID, ""), "the batch's attributes")

	// The worker said once that they are on, not once per workflow.
	assert.Equal(t, 1, strings.Count(e.Logs.String(), "search attributes on"), "log lines saying search attributes are on")

	// Registering them again (make cluster at every start) changes
	// nothing; one registered with another type is named.
	require.NoError(t, devstack.RegisterSearchAttributes(ctx, e.Temporal, shared.temporal.Namespace, workflows.SearchAttributes))
	err = devstack.RegisterSearchAttributes(ctx, e.Temporal, shared.temporal.Namespace, []temporal.SearchAttributeKey{temporal.NewSearchAttributeKeyInt64("AnalysisStatus")})
	assert.ErrorContains(t, err, "AnalysisStatus is a Keyword, want Int")
}

// TestSearchAttributesOffWithoutRegistration: a dev server without the
// search attributes runs an analysis and a batch to the end; the
// workflows upsert nothing, and the worker says once why.
func TestSearchAttributesOffWithoutRegistration(t *testing.T) {
	startShared(t)
	ctx := runCtx(t, 8*time.Minute)
	bare, stop, err := devstack.StartTemporal(ctx, devstack.Options{})
	require.NoError(t, err, "start a dev server without search attributes")
	t.Cleanup(func() { _ = stop() })
	e := newEnv(t, func(c *config.Worker) { c.TemporalAddress = bare.Address })

	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-search-off/sales.csv")
	ds := []api.Dataset{{Name: "sales.csv", S3Key: key}}
	id := testID("e2e-search-off")
	run, res := runAnalysis(t, e, id, api.AnalysisInput{Question: "Which region had the highest revenue?", Datasets: ds, Model: "script:sales-chart"})
	assert.Equal(t, api.StatusAnswered, res.Status)
	saveHistory(t, e, id, run.GetRunID(), "analysis-search-attributes-off.json")

	batchID := testID("e2e-search-off-batch")
	brun, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: batchID, TaskQueue: e.TaskQueue},
		api.BatchAnalysisWorkflowName, api.BatchInput{Items: []api.BatchItem{{AnalysisInput: api.AnalysisInput{
			Question: "Which region had the highest revenue?", Datasets: ds, Model: "script:sales-chart"}}}})
	require.NoError(t, err)
	var bres api.BatchResult
	require.NoError(t, brun.Get(ctx, &bres))
	assert.Equal(t, 1, bres.Succeeded, "batch items answered")

	// The check is in the history, and nothing was upserted.
	for _, w := range []struct{ id, runID string }{{id, run.GetRunID()}, {batchID, ""}, {batchID + "/0", ""}} {
		var markers, upserts int
		for _, ev := range e.events(w.id, w.runID) {
			switch ev.EventType {
			case enumspb.EVENT_TYPE_MARKER_RECORDED:
				markers++
			case enumspb.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES:
				// GetVersion upserts the system's TemporalChangeVersion.
				for name := range ev.GetUpsertWorkflowSearchAttributesEventAttributes().GetSearchAttributes().GetIndexedFields() {
					if name != "TemporalChangeVersion" {
						upserts++
					}
				}
			}
		}
		assert.Positive(t, markers, "%s: markers (the version and the check)", w.id)
		assert.Zero(t, upserts, "%s: upserts of our search attributes", w.id)
	}
	assert.Empty(t, describeAttributes(t, e, batchID+"/0", ""), "search attributes of a batch item")
	logs := e.Logs.String()
	assert.Equal(t, 1, strings.Count(logs, "search attributes off"), "log lines saying search attributes are off, for three workflows")
	assert.Contains(t, logs, "AnalysisStatus is not registered")
}

// listIDs lists the ids of the workflows query finds, sorted, once there
// are want of them (visibility is eventually consistent).
func listIDs(t *testing.T, e *env, query string, want int) []string {
	t.Helper()
	var ids []string
	pollUntil(t, 30*time.Second, "visibility: "+query, func() bool {
		resp, err := e.Temporal.ListWorkflow(context.Background(), &workflowservice.ListWorkflowExecutionsRequest{Query: query})
		require.NoError(t, err, "list %s", query)
		ids = ids[:0]
		for _, ex := range resp.GetExecutions() {
			ids = append(ids, ex.GetExecution().GetWorkflowId())
		}
		return len(ids) >= want
	})
	slices.Sort(ids)
	return ids
}

// describeAttributes are a workflow's custom search attributes as the
// server keeps them (Describe), decoded.
func describeAttributes(t *testing.T, e *env, id, runID string) map[string]any {
	t.Helper()
	d, err := e.Temporal.DescribeWorkflowExecution(context.Background(), id, runID)
	require.NoError(t, err)
	out := map[string]any{}
	for _, k := range workflows.SearchAttributes {
		p := d.GetWorkflowExecutionInfo().GetSearchAttributes().GetIndexedFields()[k.GetName()]
		if p == nil {
			continue
		}
		out[k.GetName()] = decodeAttribute(t, p, k.GetValueType())
	}
	return out
}

func decodeAttribute(t *testing.T, p *commonpb.Payload, typ enumspb.IndexedValueType) any {
	dc := converter.GetDefaultDataConverter()
	if typ == enumspb.INDEXED_VALUE_TYPE_INT {
		var n int64
		require.NoError(t, dc.FromPayload(p, &n))
		return n
	}
	var s string
	require.NoError(t, dc.FromPayload(p, &s))
	return s
}

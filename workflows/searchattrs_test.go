package workflows_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

// searchUpserts makes CheckSearchAttributes answer check and records the
// values of every upsert, in order.
func (h *harness) searchUpserts(check activities.SearchAttributesCheck) *[]map[string]any {
	var got []map[string]any
	h.env.OnActivity(a.CheckSearchAttributes, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.SearchAttributesInput) (activities.SearchAttributesCheck, error) {
			return check, nil
		})
	h.env.OnUpsertTypedSearchAttributes(mock.Anything).Run(func(args mock.Arguments) {
		sa := args.Get(0).(temporal.SearchAttributes)
		vals := map[string]any{}
		for k, v := range sa.GetUntypedValues() {
			vals[k.GetName()] = v
		}
		got = append(got, vals)
	}).Return(nil)
	return &got
}

// last merges the upserts: the values the server ends with.
func last(ups []map[string]any) map[string]any {
	out := map[string]any{}
	for _, u := range ups {
		for k, v := range u {
			out[k] = v
		}
	}
	return out
}

// With the attributes on, an analysis upserts its status, model (the
// worker's default when the input names none) and steps as it goes, each
// only when it changes.
func TestSearchAttributesFollowTheAnalysis(t *testing.T) {
	h := newHarness(t)
	ups := h.searchUpserts(activities.SearchAttributesCheck{Enabled: true, DefaultModel: "gpt-test"})
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "print(1)")}},
		modelcall.CallModelResult{Answer: "North wins"},
	)
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "who wins?"})
	require.NoError(t, err)
	require.NotEmpty(t, *ups)
	assert.Equal(t, map[string]any{"AnalysisStatus": "starting", "AnalysisModel": "gpt-test", "AnalysisSteps": int64(0)}, (*ups)[0], "first upsert")
	assert.Equal(t, map[string]any{"AnalysisStatus": res.Status, "AnalysisModel": "gpt-test", "AnalysisSteps": int64(res.StepsUsed)}, last(*ups), "values at the end")
	var statuses []any
	for _, u := range *ups {
		if s, ok := u["AnalysisStatus"]; ok {
			statuses = append(statuses, s)
		}
	}
	assert.Equal(t, []any{"starting", "running", "answered"}, statuses, "status upserts")
}

// A cancelled analysis ends as "cancelled", not "failed".
func TestSearchAttributesCancelled(t *testing.T) {
	h := newHarness(t)
	ups := h.searchUpserts(activities.SearchAttributesCheck{Enabled: true})
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "print(1)")}})
	h.env.OnActivity(toolActs.RunCode, mock.Anything, mock.Anything).After(time.Hour).Return(tools.RunCodeResult{Output: "late"}, nil)
	h.env.RegisterDelayedCallback(func() { h.env.CancelWorkflow() }, time.Minute)
	_, err := h.run(t, api.AnalysisInput{Question: "q", Model: "m1"})
	require.Error(t, err)
	assert.Equal(t, map[string]any{"AnalysisStatus": api.StatusCancelled, "AnalysisModel": "m1", "AnalysisSteps": int64(1)}, last(*ups))
}

// With the attributes off (the worker found them missing), nothing is
// upserted: an upsert the server rejects would fail the workflow task
// again and again.
func TestSearchAttributesOffUpsertNothing(t *testing.T) {
	h := newHarness(t)
	ups := h.searchUpserts(activities.SearchAttributesCheck{Reason: "AnalysisStatus is not registered"})
	h.script(modelcall.CallModelResult{Answer: "done"})
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Empty(t, *ups, "upserts")
}

// A conversation shows "waiting" between turns and ends with its result's
// status, not "waiting".
func TestSearchAttributesConversationEnds(t *testing.T) {
	h := newHarness(t)
	ups := h.searchUpserts(activities.SearchAttributesCheck{Enabled: true})
	h.answerEach()
	h.pauses(nil)
	h.ask(0, "1", api.AskInput{Question: "who wins?"})
	h.end(time.Minute)
	res, err := h.run(t, api.AnalysisInput{Conversation: &api.Conversation{}})
	require.NoError(t, err)
	var statuses []any
	for _, u := range *ups {
		if s, ok := u["AnalysisStatus"]; ok {
			statuses = append(statuses, s)
		}
	}
	assert.Contains(t, statuses, "waiting", "status upserts")
	assert.Equal(t, res.Status, last(*ups)["AnalysisStatus"], "status at the end")
}

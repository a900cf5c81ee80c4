package workflows

import (
	"cmp"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
)

// The search attributes the workflows upsert, so that runs can be found in
// the UI's list and with `temporal workflow list --query`, e.g.
// `BatchId = "q3"` or `AnalysisStatus = "answered" AND AnalysisSteps > 3`.
// A server must have them registered (make run, make cluster and the
// compose cluster profile do); where it has not, the workflows run without
// them (CheckSearchAttributes).
var (
	// SearchAnalysisStatus is an analysis' status: starting, running,
	// waiting or paused (a conversation between turns), answered,
	// max_steps, budget, ended, failed or cancelled (api.Status*).
	SearchAnalysisStatus = temporal.NewSearchAttributeKeyKeyword("AnalysisStatus")
	// SearchAnalysisModel is the model an analysis asks: its input's
	// model, else the worker's OPENAI_MODEL.
	SearchAnalysisModel = temporal.NewSearchAttributeKeyKeyword("AnalysisModel")
	// SearchAnalysisSteps is the number of model steps used so far.
	SearchAnalysisSteps = temporal.NewSearchAttributeKeyInt64("AnalysisSteps")
	// SearchBatchID is the workflow id of the batch: set on the batch
	// and, from their start, on its items.
	SearchBatchID = temporal.NewSearchAttributeKeyKeyword("BatchId")
)

// SearchAttributes lists the search attributes above, for registering
// them with a server.
var SearchAttributes = []temporal.SearchAttributeKey{SearchAnalysisStatus, SearchAnalysisModel, SearchAnalysisSteps, SearchBatchID}

// SearchAttributeTypes maps the names of SearchAttributes to their types.
func SearchAttributeTypes() map[string]enumspb.IndexedValueType {
	want := make(map[string]enumspb.IndexedValueType, len(SearchAttributes))
	for _, k := range SearchAttributes {
		want[k.GetName()] = k.GetValueType()
	}
	return want
}

// searchAttrs upserts a workflow's search attributes when the namespace
// has them, and never otherwise.
type searchAttrs struct {
	on           bool
	defaultModel string
	// status, steps and model are the analysis' values last upserted.
	status, model string
	steps         int
}

// checkSearchAttributes learns, through the history, whether this run may
// upsert search attributes (ChangeSearchAttributes). Runs from before the
// change, and runs whose worker found them missing, upsert nothing.
func checkSearchAttributes(ctx workflow.Context) *searchAttrs {
	s := &searchAttrs{}
	if workflow.GetVersion(ctx, ChangeSearchAttributes, workflow.DefaultVersion, 1) < 1 {
		return s
	}
	lctx := workflow.WithLocalActivityOptions(ctx, checkOptions)
	var c activities.SearchAttributesCheck
	if err := workflow.ExecuteLocalActivity(lctx, acts.CheckSearchAttributes, activities.SearchAttributesInput{Want: SearchAttributeTypes()}).Get(ctx, &c); err != nil {
		workflow.GetLogger(ctx).Warn("search attributes off for this run: the check failed", "error", err)
		return s
	}
	s.on, s.defaultModel = c.Enabled, c.DefaultModel
	return s
}

// analysis upserts an analysis' status, model and steps, those that
// changed since the last upsert.
func (s *searchAttrs) analysis(ctx workflow.Context, status, model string, steps int) {
	if !s.on {
		return
	}
	model = cmp.Or(model, s.defaultModel)
	var up []temporal.SearchAttributeUpdate
	if status != s.status {
		up = append(up, SearchAnalysisStatus.ValueSet(status))
	}
	if model != s.model && model != "" {
		up = append(up, SearchAnalysisModel.ValueSet(model))
	}
	if steps != s.steps || s.status == "" {
		up = append(up, SearchAnalysisSteps.ValueSet(int64(steps)))
	}
	s.status, s.model, s.steps = status, model, steps
	s.upsert(ctx, up...)
}

// upsert sets the attributes; an error (none is expected from values of
// the right types) is logged, never fails the workflow.
func (s *searchAttrs) upsert(ctx workflow.Context, up ...temporal.SearchAttributeUpdate) {
	if !s.on || len(up) == 0 {
		return
	}
	if err := workflow.UpsertTypedSearchAttributes(ctx, up...); err != nil {
		workflow.GetLogger(ctx).Warn("search attributes not upserted", "error", err)
	}
}

// childAttributes are the search attributes a batch starts its items
// with: none when the namespace lacks them.
func (s *searchAttrs) childAttributes(batchID string) temporal.SearchAttributes {
	if !s.on {
		return temporal.SearchAttributes{}
	}
	return temporal.NewSearchAttributes(SearchBatchID.ValueSet(batchID))
}

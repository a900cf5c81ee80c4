// Package batches holds the activities of a batch: its plan, its items,
// its results and report in S3, and attaching to an item an earlier run
// started (AnalysisOutcome).
package batches

import "github.com/durable-analyst/durable-analyst/activities"

// Activities are the batch's activities, over the worker's shared
// dependencies (S3 and the Temporal client).
type Activities struct {
	d *activities.Activities
}

// New builds the batch's activities on d.
func New(d *activities.Activities) *Activities { return &Activities{d: d} }

// Register registers the batch's activities on r under their names.
func (a *Activities) Register(r activities.Registry) {
	activities.RegisterNamed(r, map[string]any{
		PlanBatchName:          a.PlanBatch,
		ReadBatchItemsName:     a.ReadBatchItems,
		AppendBatchResultsName: a.AppendBatchResults,
		WriteBatchReportName:   a.WriteBatchReport,
		AnalysisOutcomeName:    a.AnalysisOutcome,
	})
}

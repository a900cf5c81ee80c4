package workflows

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
)

// Register registers the workflows and activities of durable-analyst on w,
// under their documented names.
func Register(w worker.Registry, acts *activities.Activities) {
	w.RegisterWorkflowWithOptions(AnalysisWorkflow, workflow.RegisterOptions{Name: AnalysisWorkflowName})
	w.RegisterWorkflowWithOptions(BatchAnalysisWorkflow, workflow.RegisterOptions{Name: BatchAnalysisWorkflowName})
	w.RegisterActivityWithOptions(acts, activity.RegisterOptions{})
}

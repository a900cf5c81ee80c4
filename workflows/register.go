package workflows

import (
	"fmt"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

// Register registers the workflows and activities of durable-analyst on w,
// under their documented names and with their versioning behaviors.
func Register(w worker.Registry, acts *activities.Activities) {
	RegisterWithOptions(w, acts, Options{})
}

// RegisterWithOptions is Register with a variant of the workflow code.
func RegisterWithOptions(w worker.Registry, acts *activities.Activities, o Options) {
	RegisterWorkflows(w, o)
	RegisterActivities(w, acts)
}

// RegisterActivities registers every activity of the worker, each
// subsystem's built on acts, under its name on the wire.
func RegisterActivities(r activities.Registry, acts *activities.Activities) {
	acts.Register(r)
	sandboxes.New(acts).Register(r)
	tools.New(acts).Register(r)
	outputs.New(acts).Register(r)
	batches.New(acts).Register(r)
	modelcall.New(acts).Register(r)
}

// StartLineWorker starts the worker of the line of acts' sandbox pool
// (admission.LineTaskQueue) and points acts at it: the line's workflow
// tasks then never wait behind the analyses'. Every worker process of the
// pool runs one, so the line lives on as long as any worker does. Stop
// the returned worker with the main one.
func StartLineWorker(c client.Client, acts *activities.Activities, o worker.Options) (worker.Worker, error) {
	lq := admission.LineTaskQueue(acts.Line.Pool)
	o.Interceptors = nil
	w := worker.New(c, lq, o)
	w.RegisterWorkflowWithOptions(SandboxLineWorkflow, workflow.RegisterOptions{
		Name: api.SandboxLineWorkflowName, VersioningBehavior: workflow.VersioningBehaviorAutoUpgrade,
	})
	w.RegisterActivityWithOptions(sandboxes.New(acts).LineHoldersClosed, activity.RegisterOptions{Name: sandboxes.LineHoldersClosedName})
	if err := w.Start(); err != nil {
		return nil, fmt.Errorf("start the sandbox line's worker on %s: %w", lq, err)
	}
	acts.Line.TaskQueue = lq
	return w, nil
}

// WorkflowRegistry is what RegisterWorkflows needs: a worker, or a
// worker.WorkflowReplayer for replay tests.
type WorkflowRegistry interface {
	RegisterWorkflowWithOptions(w any, options workflow.RegisterOptions)
}

// RegisterWorkflows registers the workflows only. Each has an explicit
// versioning behavior (a versioned worker panics on a workflow without
// one): an analysis is short, so it is PINNED and finishes on the code it
// started on; a batch runs for hours, so it is AUTO_UPGRADE and moves to
// each new current version, which is why every change to its code is
// guarded with workflow.GetVersion.
func RegisterWorkflows(r WorkflowRegistry, o Options) {
	r.RegisterWorkflowWithOptions(o.analysisWorkflow(), workflow.RegisterOptions{
		Name: api.AnalysisWorkflowName, VersioningBehavior: workflow.VersioningBehaviorPinned,
	})
	r.RegisterWorkflowWithOptions(o.batchWorkflow(), workflow.RegisterOptions{
		Name: api.BatchAnalysisWorkflowName, VersioningBehavior: workflow.VersioningBehaviorAutoUpgrade,
	})
	// The sandbox line runs as long as the pool: AUTO_UPGRADE, like a
	// batch.
	r.RegisterWorkflowWithOptions(SandboxLineWorkflow, workflow.RegisterOptions{
		Name: api.SandboxLineWorkflowName, VersioningBehavior: workflow.VersioningBehaviorAutoUpgrade,
	})
	// A sweep lasts seconds: PINNED, like an analysis.
	r.RegisterWorkflowWithOptions(SweepWorkflow, workflow.RegisterOptions{
		Name: api.SweepWorkflowName, VersioningBehavior: workflow.VersioningBehaviorPinned,
	})
}

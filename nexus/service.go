// Package nexus exposes analyses and batches as a Nexus service, so
// that a workflow in another namespace (or another team's cluster set-up)
// runs them through a Nexus endpoint instead of a client of this namespace.
// Each operation starts the workflow itself (an asynchronous operation):
// model turns take far longer than a synchronous operation's ~10 s, and the
// caller gets the workflow's result, and cancels it, through Temporal.
package nexus

import (
	"context"
	"fmt"

	"github.com/nexus-rpc/sdk-go/nexus"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporalnexus"
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// Workflow id prefixes of the workflows the operations start.
const (
	analysisIDPrefix = "nexus-analysis-"
	batchIDPrefix    = "nexus-batch-"
)

// New returns the service api.NexusService with its operations.
func New() (*nexus.Service, error) {
	s := nexus.NewService(api.NexusService)
	err := s.Register(
		temporalnexus.NewWorkflowRunOperation(api.NexusAnalyzeOperation, workflows.AnalysisWorkflow,
			startOptions[api.AnalysisInput](analysisIDPrefix)),
		temporalnexus.NewWorkflowRunOperation(api.NexusAnalyzeBatchOperation, workflows.BatchAnalysisWorkflow,
			startOptions[api.BatchInput](batchIDPrefix)),
	)
	if err != nil {
		return nil, fmt.Errorf("nexus service %s: %w", api.NexusService, err)
	}
	return s, nil
}

// Register registers the service on a worker, which then also polls its
// task queue for Nexus tasks.
func Register(r worker.NexusServiceRegistry) error {
	s, err := New()
	if err != nil {
		return err
	}
	r.RegisterNexusService(s)
	return nil
}

// startOptions returns the start options of an operation's workflow. The
// workflow id is derived from the Nexus request id, which the caller's
// server keeps for every retry of one operation's start: a retried start
// (a lost response, a handler worker that died) finds the workflow it
// started before instead of starting a second analysis, and the id is never
// reused for a new run. The workflow runs on the handler worker's task
// queue.
func startOptions[I any](prefix string) func(context.Context, I, nexus.StartOperationOptions) (client.StartWorkflowOptions, error) {
	return func(_ context.Context, _ I, o nexus.StartOperationOptions) (client.StartWorkflowOptions, error) {
		id, err := workflowID(prefix, o.RequestID)
		if err != nil {
			return client.StartWorkflowOptions{}, err
		}
		return client.StartWorkflowOptions{
			ID:                    id,
			WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
		}, nil
	}
}

// workflowID is prefix + the request id; a start without a request id is a
// bad request (Temporal always sends one).
func workflowID(prefix, requestID string) (string, error) {
	if requestID == "" {
		return "", nexus.NewHandlerErrorf(nexus.HandlerErrorTypeBadRequest, "nexus start request has no request id: cannot derive an idempotent workflow id")
	}
	return prefix + requestID, nil
}

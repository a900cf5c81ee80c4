package sandboxes

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// DefaultSweepGrace is the age under which the sweeper's schedule leaves a
// sandbox alone, so that one just created is never raced.
const DefaultSweepGrace = 2 * time.Minute

// WorkflowDescriber is the part of the Temporal client the sweeper uses;
// client.Client implements it.
type WorkflowDescriber interface {
	DescribeWorkflowExecution(ctx context.Context, workflowID, runID string) (*workflowservice.DescribeWorkflowExecutionResponse, error)
}

// Sweeper kills sandboxes left behind by workflows that closed without
// running their own cleanup: a terminated workflow runs no workflow code, so
// its deferred KillSandbox never happens. SweepSandboxes runs it as an
// activity of the one SweepWorkflow a Temporal Schedule starts. It lists the sandboxes that carry
// activities.MetaWorkflowID and kills those whose workflow run is closed (any status but
// running) or unknown to Temporal.
type Sweeper struct {
	E2B      *e2b.Client
	Temporal WorkflowDescriber
	// Namespace is the Temporal namespace the Temporal client is bound to.
	// Sandboxes tagged with another namespace (activities.MetaNamespace) are skipped,
	// since their workflows cannot be described here.
	Namespace string
	// Grace is the age (from the sandbox's start) under which a sandbox is
	// never killed. Zero means no grace; the worker uses DefaultSweepGrace.
	Grace  time.Duration
	Logger *slog.Logger
	// Metrics receives durable_analyst_sweeper_killed; nil counts nothing.
	Metrics client.MetricsHandler
}

// SweepOnce kills the sandboxes of closed or unknown workflow runs, older
// than Grace, and returns their ids. An error on one sandbox does not stop
// the sweep of the others; the errors are joined.
func (s *Sweeper) SweepOnce(ctx context.Context) (killed []string, err error) {
	var candidates []e2b.SandboxInfo
	for info, err := range s.E2B.List(ctx, e2b.ListParams{}) {
		if err != nil {
			return nil, fmt.Errorf("sweep: list sandboxes: %w", err)
		}
		if info.Metadata[activities.MetaWorkflowID] != "" {
			candidates = append(candidates, info)
		}
	}
	var errs []error
	now := time.Now()
	for _, info := range candidates {
		if ctx.Err() != nil {
			errs = append(errs, ctx.Err())
			break
		}
		reason, err := s.orphaned(ctx, info, now)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if reason == "" {
			continue
		}
		gone, err := s.E2B.Kill(ctx, info.ID)
		if err != nil {
			errs = append(errs, fmt.Errorf("sweep: kill sandbox %s: %w", info.ID, err))
			continue
		}
		if !gone {
			continue // already killed, e.g. by its workflow
		}
		killed = append(killed, info.ID)
		activities.CountOn(s.Metrics, activities.MetricSweeperKilled, 1)
		s.logger().Info("sweeper killed sandbox of a closed workflow", "sandbox_id", info.ID,
			"workflow_id", info.Metadata[activities.MetaWorkflowID], "run_id", info.Metadata[activities.MetaRunID], "reason", reason)
	}
	return killed, errors.Join(errs...)
}

// orphaned returns why the sandbox should be killed, or "" to keep it.
func (s *Sweeper) orphaned(ctx context.Context, info e2b.SandboxInfo, now time.Time) (string, error) {
	if ns := info.Metadata[activities.MetaNamespace]; ns != "" && ns != s.Namespace {
		return "", nil
	}
	if !info.StartedAt.IsZero() && now.Sub(info.StartedAt) < s.Grace {
		return "", nil
	}
	wfID, runID := info.Metadata[activities.MetaWorkflowID], info.Metadata[activities.MetaRunID]
	desc, err := s.Temporal.DescribeWorkflowExecution(ctx, wfID, runID)
	if err != nil {
		var nf *serviceerror.NotFound
		if errors.As(err, &nf) {
			return "workflow run not found", nil
		}
		return "", fmt.Errorf("sweep: describe workflow %q run %q of sandbox %s: %w", wfID, runID, info.ID, err)
	}
	switch status := desc.GetWorkflowExecutionInfo().GetStatus(); status {
	case enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING:
		return "", nil
	case enumspb.WORKFLOW_EXECUTION_STATUS_UNSPECIFIED:
		// An answer without a status proves nothing: keep the sandbox.
		return "", fmt.Errorf("sweep: workflow %q run %q of sandbox %s: described without a status", wfID, runID, info.ID)
	default:
		return "workflow run is " + status.String(), nil
	}
}

func (s *Sweeper) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

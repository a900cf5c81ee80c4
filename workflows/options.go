package workflows

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
)

// The nil receivers through which workflows name activity methods, one
// for each subsystem of the activities.
var (
	acts        *activities.Activities // CheckSearchAttributes
	sandboxActs *sandboxes.Activities  // a sandbox's life and admission to one
	toolActs    *tools.Activities
	outActs     *outputs.Activities
	batchActs   *batches.Activities
	modelActs   *modelcall.Activities
)

// HeartbeatTimeout is how soon a dead worker's activity is retried
// elsewhere: the server times the attempt out this long after its last
// heartbeat and starts the next one after the retry policy's first
// interval, and the retried attempt clears the workflow's sticky queue
// (worker/setup/takeover.go), so the analysis' next workflow task reaches a
// live worker at once. Activities heartbeat every third of it
// (activities.HeartbeatWhile; the worker caps the SDK's heartbeat batching
// at the same interval, HEARTBEAT_THROTTLE in config.Tuning), so two
// heartbeats in a row may be late or lost before a live attempt is timed
// out. What it buys, what it costs in heartbeat RPCs, and the shorter
// timeout tried and rejected: BENCHMARKS.md, P7, and bench/notes.md.
const HeartbeatTimeout = 4 * time.Second

// activityOptionsByName is every activity's timeouts and retries, in one
// table keyed by activity name. The analysis' activities heartbeat, so a
// dead worker's task moves on within HeartbeatTimeout whatever its
// start-to-close timeout; the batch's are short and do not.
var activityOptionsByName = map[string]workflow.ActivityOptions{
	// An analysis and its sandbox.
	sandboxes.CreateSandboxName:  heartbeating(2*time.Minute, 10),
	sandboxes.ResumeSandboxName:  heartbeating(2*time.Minute, 10),
	sandboxes.StageDatasetsName:  heartbeating(10*time.Minute, 10),
	modelcall.CallModelName:      heartbeating(5*time.Minute, 20),
	tools.RunCodeName:            toolCall(),
	tools.RunSQLName:             toolCall(),
	sandboxes.RestoreSandboxName: heartbeating(60*time.Minute, 5),
	sandboxes.KillSandboxName:    heartbeating(time.Minute, 5),
	sandboxes.PauseSandboxName:   heartbeating(time.Minute, 5),
	outputs.WriteReportName:      heartbeating(5*time.Minute, 10),
	outputs.VerifyAnswerName:     heartbeating(2*time.Minute, 10),

	// A batch.
	batches.PlanBatchName:          batchStep(),
	batches.ReadBatchItemsName:     batchStep(),
	batches.AppendBatchResultsName: batchStep(),
	batches.WriteBatchReportName:   batchStep(),
	// AnalysisOutcome waits for an item an earlier run of the batch
	// started: as long as an analysis may take.
	batches.AnalysisOutcomeName: {
		StartToCloseTimeout: 24 * time.Hour,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumInterval: time.Minute},
	},

	// The sandbox line: which of its holders closed without leaving.
	sandboxes.LineHoldersClosedName: {
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         batchStep().RetryPolicy,
	},

	// The sandbox sweep.
	sandboxes.SweepSandboxesName: {
		StartToCloseTimeout: 10 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: 5 * time.Second, MaximumAttempts: 3},
	},
}

// checkOptions are the options of the local activity CheckSearchAttributes.
var checkOptions = workflow.LocalActivityOptions{
	StartToCloseTimeout: 15 * time.Second,
	RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
}

// admitOptions are the options of the local activity AdmitSandbox: one
// quick attempt; when it fails, the analysis asks CreateSandbox.
var admitOptions = workflow.LocalActivityOptions{
	StartToCloseTimeout: 5 * time.Second,
	RetryPolicy:         &temporal.RetryPolicy{MaximumAttempts: 1},
}

// toolCall are the options of the activity that runs a tool call
// (tools.Tool.Activity): those of a cell. A tool whose activity has
// no row of its own runs with them.
func toolCall() workflow.ActivityOptions { return heartbeating(15*time.Minute, 20) }

// heartbeating are the options of an activity that heartbeats.
func heartbeating(startToClose time.Duration, attempts int32) workflow.ActivityOptions {
	o := batchStep()
	o.StartToCloseTimeout, o.HeartbeatTimeout, o.RetryPolicy.MaximumAttempts = startToClose, HeartbeatTimeout, attempts
	return o
}

// batchStep are the options of a batch's activities.
func batchStep() workflow.ActivityOptions {
	return workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:    time.Second,
			BackoffCoefficient: 2,
			MaximumInterval:    time.Minute,
			MaximumAttempts:    20,
			// One table decides what a retry can cure (activities/fault/errors.go).
			// Retry policies are not part of a workflow's commands' identity,
			// so kept histories replay whatever this list holds.
			NonRetryableErrorTypes: fault.NonRetryableTypes(),
		},
	}
}

// withToolActivity is withActivity for the activity of a tool
// (tools.Tool.Activity): one without a row of its own runs with the
// options of a cell, toolCall.
func withToolActivity(ctx workflow.Context, name, summary string) workflow.Context {
	o, ok := activityOptionsByName[name]
	if !ok {
		o = toolCall()
	}
	o.Summary = summary
	return workflow.WithActivityOptions(ctx, o)
}

// withActivity sets the options of the activity name, shown in the UI
// as summary.
func withActivity(ctx workflow.Context, name, summary string) workflow.Context {
	o, ok := activityOptionsByName[name]
	if !ok {
		panic(fmt.Sprintf("workflows: activity %s has no row in activityOptionsByName", name))
	}
	o.Summary = summary
	return workflow.WithActivityOptions(ctx, o)
}

package workflows

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
)

// acts is the nil receiver through which workflows name activity methods.
var acts *activities.Activities

// HeartbeatTimeout is how soon a dead worker's activity is retried
// elsewhere: the server times the attempt out this long after its last
// heartbeat and starts the next one after the retry policy's first
// interval (1 s), so a SIGKILLed worker's cell runs again within about
// 5 s; the retried attempt clears the workflow's sticky queue
// (activities/takeover.go), so the analysis' next workflow task reaches a
// live worker at once (BENCHMARKS.md, P7). Activities heartbeat every
// third of it (activities.heartbeatWhile; the worker caps the SDK's
// heartbeat batching at the same interval, HEARTBEAT_THROTTLE in
// config.Tuning), so two heartbeats in a row may be late or lost before a
// live attempt is timed out. The cost is one heartbeat RPC per 1.33 s per
// running activity (bench/notes.md, P7). 3 s (every second) was tried and
// timed out every live attempt of the 200-analysis heartbeat load on a
// busy machine where 4 s timed out none.
const HeartbeatTimeout = 4 * time.Second

// activityOptionsByName is every activity's timeouts and retries, in one
// table keyed by activity name. The analysis' activities heartbeat, so a
// dead worker's task moves on within HeartbeatTimeout whatever its
// start-to-close timeout; the batch's are short and do not.
var activityOptionsByName = map[string]workflow.ActivityOptions{
	// An analysis and its sandbox.
	"CreateSandbox":  heartbeating(2*time.Minute, 10),
	"ResumeSandbox":  heartbeating(2*time.Minute, 10),
	"StageDatasets":  heartbeating(10*time.Minute, 10),
	"CallModel":      heartbeating(5*time.Minute, 20),
	"RunCode":        heartbeating(15*time.Minute, 20),
	"RunSQL":         heartbeating(15*time.Minute, 20),
	"RestoreSandbox": heartbeating(60*time.Minute, 5),
	"KillSandbox":    heartbeating(time.Minute, 5),
	"PauseSandbox":   heartbeating(time.Minute, 5),
	"WriteReport":    heartbeating(5*time.Minute, 10),
	"VerifyAnswer":   heartbeating(2*time.Minute, 10),

	// A batch.
	"PlanBatch":          batchStep(),
	"ReadBatchItems":     batchStep(),
	"AppendBatchResults": batchStep(),
	"WriteBatchReport":   batchStep(),
	// AnalysisOutcome waits for an item an earlier run of the batch
	// started: as long as an analysis may take.
	"AnalysisOutcome": {
		StartToCloseTimeout: 24 * time.Hour,
		HeartbeatTimeout:    time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{MaximumInterval: time.Minute},
	},

	// The sandbox line: which of its holders closed without leaving.
	"LineHoldersClosed": {
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         batchStep().RetryPolicy,
	},

	// The sandbox sweep.
	"SweepSandboxes": {
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
			// One table decides what a retry can cure (activities/errors.go).
			// Retry policies are not part of a workflow's commands' identity,
			// so kept histories replay whatever this list holds.
			NonRetryableErrorTypes: activities.NonRetryableTypes(),
		},
	}
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

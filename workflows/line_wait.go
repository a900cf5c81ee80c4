package workflows

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
)

// How an analysis waits for a sandbox in its pool's line (version 4 of
// wait-for-sandbox): it joins the line, which answers with its turn or
// its place, and it waits for the turn without any activity or timer of
// its own but a safety net. One turn covers the analysis' sandboxes until
// it leaves: a rebuild after a loss keeps it; a pause gives it back, and
// the resume joins again.

// waitInLine is the version of ChangeWaitForSandbox that waits in the
// pool's line.
const waitInLine = 4

// inLine reports whether this run waits in its pool's line.
func (sb *sandbox) inLine(ctx workflow.Context) bool { return sb.waitVersion(ctx) >= waitInLine }

// waitVersion is this run's version of ChangeWaitForSandbox, read once,
// where the run first needs it (its first create or wake).
func (sb *sandbox) waitVersion(ctx workflow.Context) workflow.Version {
	if !sb.waitRead {
		sb.wait, sb.waitRead = workflow.GetVersion(ctx, ChangeWaitForSandbox, workflow.DefaultVersion, waitInLine), true
	}
	return sb.wait
}

// joinOptions are the options of the local activity JoinSandboxLine: a
// signal to the Temporal server, retried for a minute (a server that does
// not answer for longer leaves the analysis to try again on its timer).
var joinOptions = workflow.LocalActivityOptions{
	ScheduleToCloseTimeout: time.Minute,
	StartToCloseTimeout:    10 * time.Second,
	RetryPolicy:            &temporal.RetryPolicy{InitialInterval: time.Second, MaximumInterval: 10 * time.Second},
}

// Waits of an analysis in the line.
const (
	// lineSafetyNet is the most an analysis waits for the line's answer
	// before it joins again (a place is kept, so a join again is only a
	// question): the line answers within a workflow task; this covers a
	// line that was terminated and started anew, which forgot its queue.
	// Spread between half and all of it per analysis.
	lineSafetyNet = 10 * time.Minute
	// joinRetryWait is the wait after a join that failed for a minute.
	joinRetryWait = 30 * time.Second
)

// createInLine waits for the analysis' turn, then creates the sandbox.
// E2B may still answer 429 (another client shares the team, or the pool's
// capacity is set above E2B's limit): the analysis keeps its turn and asks
// again after 1 s, doubling to 20 s.
func (sb *sandbox) createInLine(ctx workflow.Context) error {
	if err := sb.takeTurn(ctx, false); err != nil {
		return fmt.Errorf("create sandbox: waiting for a sandbox: %w", err)
	}
	return sb.createUntilRoom(ctx, sandboxes.CreateSandboxInput{
		WorkflowID: sb.workflowID, RunID: sb.runID, Generation: sb.generation, ReportCapacity: true, Leased: true,
	})
}

// createUntilRoom asks CreateSandbox until it is not refused for capacity,
// after 1 s, doubling to 20 s (a new activity each time, so no attempt of
// the retry policy is spent and no activity runs while it waits).
func (sb *sandbox) createUntilRoom(ctx workflow.Context, in sandboxes.CreateSandboxInput) error {
	cctx := withActivity(ctx, sandboxes.CreateSandboxName, fmt.Sprintf("create sandbox (generation %d)", sb.generation))
	for waits := 0; ; waits++ {
		err := workflow.ExecuteActivity(cctx, sandboxActs.CreateSandbox, in).Get(ctx, &sb.ref)
		switch {
		case err == nil:
			return nil
		case !isCapacityRefusal(err):
			return fmt.Errorf("create sandbox: %w", err)
		}
		if waits == 0 {
			sb.waiting(ctx, nil)
		}
		if err := workflow.Sleep(ctx, capacityBackoff(sb.workflowID, waits, maxCapacityWait)); err != nil {
			return fmt.Errorf("create sandbox: waiting for a sandbox: %w", err)
		}
	}
}

// takeTurn joins the line and waits for the analysis' turn; front puts it
// at the head of the queue. With no line (the worker's SANDBOX_CAPACITY
// is 0) it returns at once.
func (sb *sandbox) takeTurn(ctx workflow.Context, front bool) error {
	if sb.leased {
		return nil
	}
	sb.asks++
	turns := workflow.GetSignalChannel(ctx, api.SignalSandboxTurn)
	lctx := workflow.WithLocalActivityOptions(ctx, joinOptions)
	for joins := 0; ; joins++ {
		var j sandboxes.JoinLineResult
		err := workflow.ExecuteLocalActivity(lctx, sandboxActs.JoinSandboxLine, sandboxes.JoinLineInput{
			WorkflowID: sb.workflowID, RunID: workflow.GetInfo(ctx).WorkflowExecution.RunID, Ask: sb.asks, Front: front,
		}).Get(ctx, &j)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			workflow.GetLogger(ctx).Warn("joining the sandbox line failed; joining again", "error", err)
			if err := workflow.Sleep(ctx, joinRetryWait); err != nil {
				return err
			}
			continue
		}
		if j.Line == "" {
			return nil
		}
		sb.line, sb.joined = j.Line, true
		switch {
		case j.Answered && j.Granted:
			sb.leased = true
			return nil
		case j.Answered:
			workflow.GetMetricsHandler(ctx).Counter(activities.MetricSandboxLineWaits).Inc(1)
			ahead := j.Ahead
			sb.waiting(ctx, &ahead)
		}
		granted, err := sb.awaitTurn(ctx, turns, spread(sb.workflowID, joins, lineSafetyNet))
		if err != nil || granted {
			return err
		}
	}
}

// awaitTurn waits for the line's answer to the current join, at most d;
// it shows the place the line gives the analysis.
func (sb *sandbox) awaitTurn(ctx workflow.Context, turns workflow.ReceiveChannel, d time.Duration) (granted bool, err error) {
	tctx, cancel := workflow.WithCancel(ctx)
	defer cancel()
	timer := workflow.NewTimer(tctx, d)
	for counted := false; ; {
		timedOut := false
		var t admission.SandboxTurn
		sel := workflow.NewSelector(ctx)
		sel.AddFuture(timer, func(f workflow.Future) { timedOut, err = true, f.Get(tctx, nil) })
		sel.AddReceive(turns, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, &t) })
		sel.Select(ctx)
		switch {
		case ctx.Err() != nil:
			return false, ctx.Err()
		case timedOut:
			return false, err
		case t.Ask != sb.asks:
			// An answer to an earlier join.
		case t.Granted:
			sb.leased = true
			return true, nil
		default:
			if !counted {
				workflow.GetMetricsHandler(ctx).Counter(activities.MetricSandboxLineWaits).Inc(1)
				counted = true
			}
			ahead := t.Ahead
			sb.waiting(ctx, &ahead)
		}
	}
}

// leave gives the analysis' turn back, or takes it out of the queue; also
// when ctx is cancelled.
func (sb *sandbox) leave(ctx workflow.Context) {
	if !sb.joined {
		return
	}
	sb.joined, sb.leased = false, false
	dctx, cancel := workflow.NewDisconnectedContext(ctx)
	defer cancel()
	err := workflow.SignalExternalWorkflow(dctx, sb.line, "", api.SignalSandboxLine, admission.LineRequest{
		Op: admission.LineLeave, WorkflowID: sb.workflowID, Ask: sb.asks,
	}).Get(dctx, nil)
	if err != nil {
		workflow.GetLogger(ctx).Warn("could not leave the sandbox line; it takes the turn back when it finds the analysis closed",
			"line_workflow_id", sb.line, "error", err)
	}
}

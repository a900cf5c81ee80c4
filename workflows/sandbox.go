package workflows

import (
	"errors"
	"fmt"
	"hash/fnv"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
)

// MaxRebuilds bounds how many times one analysis replaces a lost sandbox.
const MaxRebuilds = 2

// sandbox is the workflow's view of its sandbox: which one, the cells that
// ran in it, and how to replace it when it is lost.
type sandbox struct {
	ref        sandboxes.SandboxRef
	staged     []sandboxes.StagedDataset
	datasets   []api.Dataset
	workflowID string
	runID      string
	generation int
	rebuilds   int
	cells      []api.CellRef
	// since is when the current sandbox was made; spent is the lifetime
	// of the sandboxes before it.
	since time.Time
	spent time.Duration
	// paused is set while a conversation's idle sandbox is paused (since
	// is then zero: paused time is not spent); lost when pausing found it
	// gone, so the next turn rebuilds it.
	paused, lost bool
	// onWait, if set, is told when a create has to wait for a sandbox,
	// with the line and the analyses ahead when the line said so (the
	// progress shows it).
	onWait func(ctx workflow.Context, line string, ahead *int)
	// The pool's line (version 4 of wait-for-sandbox, line_wait.go): the
	// line's workflow id once joined; asks numbers the joins; joined is
	// set from a join to the leave, leased while the analysis holds a
	// turn (its sandbox counts in the pool).
	line           string
	asks           int
	joined, leased bool
	// wait is this run's version of ChangeWaitForSandbox, once waitRead.
	wait     workflow.Version
	waitRead bool
}

// newSandbox creates (or, after a lost response, finds) a sandbox and stages
// the datasets into it.
func newSandbox(ctx workflow.Context, workflowID, runID string, ds []api.Dataset, onWait func(workflow.Context, string, *int)) (*sandbox, error) {
	sb := &sandbox{datasets: ds, workflowID: workflowID, runID: runID, onWait: onWait}
	if err := sb.create(ctx); err != nil {
		sb.leave(ctx) // a turn it had, or its place in the queue
		return nil, err
	}
	return sb, nil
}

// resumedSandbox is the sandbox an earlier run of the conversation handed
// over.
func resumedSandbox(ctx workflow.Context, workflowID string, ds []api.Dataset, st api.ConversationState) *sandbox {
	sb := &sandbox{
		ref: sandboxes.SandboxRef{SandboxID: st.SandboxID}, datasets: ds, workflowID: workflowID, runID: st.RunID,
		generation: st.Generation, rebuilds: st.Rebuilds, cells: st.Cells,
		spent: time.Duration(st.SandboxSeconds * float64(time.Second)), paused: st.Paused,
		line: st.SandboxLine, asks: st.LineAsks, leased: st.Leased, joined: st.Leased,
	}
	if !st.Paused {
		sb.since = workflow.Now(ctx)
	}
	return sb
}

// seconds is the sandbox time the analysis has used so far.
func (sb *sandbox) seconds(ctx workflow.Context) float64 {
	if sb.since.IsZero() {
		return sb.spent.Seconds()
	}
	return (sb.spent + workflow.Now(ctx).Sub(sb.since)).Seconds()
}

// create makes the next generation of the sandbox and stages the datasets.
func (sb *sandbox) create(ctx workflow.Context) error {
	sb.generation++
	var err error
	if sb.inLine(ctx) {
		err = sb.createInLine(ctx)
	} else {
		err = sb.createOnWorker(ctx)
	}
	if err != nil {
		return err
	}
	if !sb.since.IsZero() {
		sb.spent += workflow.Now(ctx).Sub(sb.since)
	}
	sb.since = workflow.Now(ctx)
	if len(sb.datasets) == 0 {
		return nil
	}
	sctx := withActivity(ctx, sandboxes.StageDatasetsName, fmt.Sprintf("stage %d datasets", len(sb.datasets)))
	if err := workflow.ExecuteActivity(sctx, sandboxActs.StageDatasets, sandboxes.StageDatasetsInput{
		SandboxID: sb.ref.SandboxID, Datasets: sb.datasets,
	}).Get(ctx, &sb.staged); err != nil {
		// The sandbox exists: kill it before failing.
		sb.kill(ctx)
		return fmt.Errorf("stage datasets: %w", err)
	}
	return nil
}

// createOnWorker is how analyses begun before the pool's line wait for
// a sandbox (wait-for-sandbox versions 0 to 3; delete it and the three
// functions below with them, see versioning.go). Each version is a whole
// function.
func (sb *sandbox) createOnWorker(ctx workflow.Context) error {
	switch v := sb.waitVersion(ctx); {
	case v == workflow.DefaultVersion:
		return sb.createOnce(ctx)
	case v == 1:
		return sb.createOnTimers(ctx)
	default:
		return sb.createWhenFreed(ctx, v >= 3)
	}
}

// createOnce (version 0) asks once: a refusal fails the analysis.
func (sb *sandbox) createOnce(ctx workflow.Context) error {
	cctx := withActivity(ctx, sandboxes.CreateSandboxName, fmt.Sprintf("create sandbox (generation %d)", sb.generation))
	if err := workflow.ExecuteActivity(cctx, sandboxActs.CreateSandbox, sandboxes.CreateSandboxInput{
		WorkflowID: sb.workflowID, RunID: sb.runID, Generation: sb.generation,
	}).Get(ctx, &sb.ref); err != nil {
		return fmt.Errorf("create sandbox: %w", err)
	}
	return nil
}

// createOnTimers (version 1): a create refused for capacity (E2B's
// concurrency limit, the worker's MAX_SANDBOXES) waits on a timer and
// asks again.
func (sb *sandbox) createOnTimers(ctx workflow.Context) error {
	return sb.createUntilRoom(ctx, sandboxes.CreateSandboxInput{
		WorkflowID: sb.workflowID, RunID: sb.runID, Generation: sb.generation, ReportCapacity: true,
	})
}

// createWhenFreed (versions 2 and 3): a refused create is queued by the
// worker that refused it and asks again as soon as that worker frees a
// sandbox and signals it (admission.SignalSandboxFreed), its timer, now
// longer, being only the fallback for a wake that does not come. With
// admitFirst (version 3) it first asks its own worker's line (the local
// activity AdmitSandbox) and, when it would only be refused, waits its
// turn without an activity; after a wake it asks CreateSandbox at once.
func (sb *sandbox) createWhenFreed(ctx workflow.Context, admitFirst bool) error {
	cctx := withActivity(ctx, sandboxes.CreateSandboxName, fmt.Sprintf("create sandbox (generation %d)", sb.generation))
	freed := workflow.GetSignalChannel(ctx, admission.SignalSandboxFreed)
	woken := false
	for waits := 0; ; waits++ {
		var adm sandboxes.Admission
		if admitFirst && !woken && sb.generation == 1 {
			adm = sb.admit(ctx)
		}
		refusal := adm.Refusal
		if !adm.Wait {
			err := workflow.ExecuteActivity(cctx, sandboxActs.CreateSandbox, sandboxes.CreateSandboxInput{
				WorkflowID: sb.workflowID, RunID: sb.runID, Generation: sb.generation, ReportCapacity: true, WakeOnFree: true,
			}).Get(ctx, &sb.ref)
			if err == nil {
				break
			}
			if !isCapacityRefusal(err) {
				return fmt.Errorf("create sandbox: %w", err)
			}
			var appErr *temporal.ApplicationError
			_ = errors.As(err, &appErr) // a capacity refusal is one
			if !appErr.HasDetails() || appErr.Details(&refusal) != nil {
				refusal = admission.CapacityRefusal{}
			}
		}
		if waits == 0 {
			sb.waiting(ctx, nil)
		}
		var err error
		if woken, err = waitForFreed(ctx, freed, fallbackWait(sb.workflowID, waits, refusal)); err != nil {
			return fmt.Errorf("create sandbox: waiting for a sandbox: %w", err)
		}
	}
	// A wake that came after the sandbox was had is spent.
	for freed.ReceiveAsync(nil) {
	}
	return nil
}

// waiting tells the analysis that it waits for a sandbox, with the
// analyses ahead of it when the line said so.
func (sb *sandbox) waiting(ctx workflow.Context, ahead *int) {
	if sb.onWait != nil {
		sb.onWait(ctx, sb.line, ahead)
	}
}

// isCapacityRefusal reports whether CreateSandbox found no room (E2B's
// 429, or on older versions the worker's own bound).
func isCapacityRefusal(err error) bool { return hasErrType(err, api.ErrTypeSandboxCapacity) }

// stage writes an ask's datasets into the sandbox; a rebuild stages them
// again.
func (sb *sandbox) stage(ctx workflow.Context, ds []api.Dataset) ([]sandboxes.StagedDataset, error) {
	if len(ds) == 0 {
		return nil, nil
	}
	sctx := withActivity(ctx, sandboxes.StageDatasetsName, fmt.Sprintf("stage %d datasets", len(ds)))
	var staged []sandboxes.StagedDataset
	if err := workflow.ExecuteActivity(sctx, sandboxActs.StageDatasets, sandboxes.StageDatasetsInput{
		SandboxID: sb.ref.SandboxID, Datasets: ds,
	}).Get(ctx, &staged); err != nil {
		return nil, fmt.Errorf("stage datasets: %w", err)
	}
	sb.datasets = append(sb.datasets, ds...)
	return staged, nil
}

// rebuild replaces a lost sandbox: kill what is left of it, create the next
// generation, stage the datasets, and replay the cells that ran.
func (sb *sandbox) rebuild(ctx workflow.Context) error {
	lost := sb.ref.SandboxID
	sb.rebuilds++
	workflow.GetMetricsHandler(ctx).Counter(activities.MetricSandboxRebuilds).Inc(1)
	workflow.GetLogger(ctx).Warn("sandbox lost; rebuilding it from the cell journal", "sandbox_id", lost, "cells", len(sb.cells))
	sb.kill(ctx)
	if err := sb.create(ctx); err != nil {
		return fmt.Errorf("rebuild after losing sandbox %s: %w", lost, err)
	}
	if len(sb.cells) == 0 {
		return nil
	}
	rctx := withActivity(ctx, sandboxes.RestoreSandboxName, fmt.Sprintf("restore %d cells into a new sandbox", len(sb.cells)))
	var res sandboxes.RestoreSandboxResult
	if err := workflow.ExecuteActivity(rctx, sandboxActs.RestoreSandbox, sandboxes.RestoreSandboxInput{
		WorkflowID: sb.workflowID, RunID: sb.runID, SandboxID: sb.ref.SandboxID, Cells: sb.cells,
	}).Get(ctx, &res); err != nil {
		return fmt.Errorf("rebuild after losing sandbox %s: %w", lost, err)
	}
	return nil
}

// pause pauses the idle sandbox; paused time is not counted. A sandbox
// found gone is rebuilt by the next turn.
func (sb *sandbox) pause(ctx workflow.Context) bool {
	if sb.paused {
		return false
	}
	pctx := withActivity(ctx, sandboxes.PauseSandboxName, "pause idle sandbox")
	var r sandboxes.PauseSandboxResult
	if err := workflow.ExecuteActivity(pctx, sandboxActs.PauseSandbox, sandboxes.PauseSandboxInput{SandboxID: sb.ref.SandboxID}).Get(ctx, &r); err != nil {
		workflow.GetLogger(ctx).Warn("pausing the idle sandbox failed; it stays running", "sandbox_id", sb.ref.SandboxID, "error", err)
		return false
	}
	sb.spent += workflow.Now(ctx).Sub(sb.since)
	sb.since = time.Time{}
	sb.paused, sb.lost = true, r.Gone
	// A paused sandbox holds no capacity: its turn goes to the next.
	sb.leave(ctx)
	return true
}

// wake resumes a paused sandbox through connect; when it is gone, it
// rebuilds it from the cell journal.
func (sb *sandbox) wake(ctx workflow.Context) error {
	if !sb.paused {
		return nil
	}
	// Resuming takes capacity again, so it waits its turn; a conversation
	// whose sandbox was lost goes first, as a rebuild would.
	if sb.inLine(ctx) {
		if err := sb.takeTurn(ctx, sb.lost); err != nil {
			sb.leave(ctx)
			return err
		}
	}
	if !sb.lost {
		rctx := withActivity(ctx, sandboxes.ResumeSandboxName, "resume sandbox")
		err := workflow.ExecuteActivity(rctx, sandboxActs.ResumeSandbox, sandboxes.ResumeSandboxInput{SandboxID: sb.ref.SandboxID}).Get(ctx, nil)
		switch {
		case err == nil:
			sb.paused, sb.since = false, workflow.Now(ctx)
			return nil
		case !isSandboxLost(err):
			return err
		}
	}
	sb.paused, sb.lost = false, false
	return sb.rebuild(ctx)
}

// kill kills the current sandbox, also when ctx is cancelled.
func (sb *sandbox) kill(ctx workflow.Context) {
	sb.killing(ctx, sandboxes.KillSandboxInput{SandboxID: sb.ref.SandboxID})
}

// end kills the sandbox for good and gives the analysis' turn back to its
// line, from the kill's activity as soon as the sandbox is gone and again
// from the workflow.
func (sb *sandbox) end(ctx workflow.Context) {
	in := sandboxes.KillSandboxInput{SandboxID: sb.ref.SandboxID}
	if sb.leased {
		in.Line, in.Leave = sb.line, &admission.LineRequest{Op: admission.LineLeave, WorkflowID: sb.workflowID, Ask: sb.asks}
	}
	sb.killing(ctx, in)
	sb.leave(ctx)
}

// killing runs KillSandbox, also when ctx is cancelled.
func (sb *sandbox) killing(ctx workflow.Context, in sandboxes.KillSandboxInput) {
	kctx, cancel := workflow.NewDisconnectedContext(ctx)
	defer cancel()
	kctx = withActivity(kctx, sandboxes.KillSandboxName, "kill sandbox")
	if err := workflow.ExecuteActivity(kctx, sandboxActs.KillSandbox, in).Get(kctx, nil); err != nil {
		workflow.GetLogger(ctx).Error("sandbox kill failed; it will expire on its own", "sandbox_id", sb.ref.SandboxID, "error", err)
	}
}

// isSandboxLost reports whether an activity found the sandbox gone.
func isSandboxLost(err error) bool { return hasErrType(err, api.ErrTypeSandboxLost) }

// hasErrType reports whether err is an activity's ApplicationError of the
// type typ.
func hasErrType(err error, typ string) bool {
	var appErr *temporal.ApplicationError
	return errors.As(err, &appErr) && appErr.Type() == typ
}

// maxCapacityWait is the longest wait between two asks for a sandbox
// with timers only (wait-for-sandbox version 1).
const maxCapacityWait = 20 * time.Second

// maxCapacityFallback is the longest wait between two asks when the
// worker wakes the analysis (version 2): with many analyses waiting,
// shorter asks cost the Temporal server more than the sandboxes' work
// (P9 in BENCHMARKS.md, version 1's timers).
const maxCapacityFallback = 2 * time.Minute

// queuedFirstStep starts a queued analysis' fallback at the backoff's
// 64 s step: 32 to 64 s, then 60 to 120 s.
const queuedFirstStep = 6

// Bounds of a queued analysis' fallback when its worker told it when its
// turn may come.
const (
	minQueuedFallback = time.Minute
	maxQueuedFallback = 10 * time.Minute
)

// fallbackWait is how long a waiting analysis waits for a wake before it
// asks again on its own (version 2). Queued, the wake is what it waits
// for, so its own asks are rare (asks every minute held P9 back, as
// BENCHMARKS.md tells). With the worker's estimate of
// its turn, it asks between that and twice that (1 to 10 minutes), when
// it would have been served had the worker not died; without one, after
// 32 to 64 s, then every 60 to 120 s. Not queued (an older worker, a full
// line), it asks after 1 s, doubling to 2 minutes.
func fallbackWait(workflowID string, waits int, r admission.CapacityRefusal) time.Duration {
	switch {
	case !r.Queued:
		return capacityBackoff(workflowID, waits, maxCapacityFallback)
	case r.ExpectedWaitSeconds > 0:
		d := min(maxQueuedFallback.Seconds(), max(minQueuedFallback.Seconds(), 2*r.ExpectedWaitSeconds))
		return spread(workflowID, waits, time.Duration(d)*time.Second)
	default:
		return capacityBackoff(workflowID, waits+queuedFirstStep, maxCapacityFallback)
	}
}

// waitForFreed waits for a wake from the worker that refused the create,
// or at most d; woken reports the wake.
func waitForFreed(ctx workflow.Context, freed workflow.ReceiveChannel, d time.Duration) (woken bool, err error) {
	tctx, cancel := workflow.WithCancel(ctx)
	defer cancel()
	sel := workflow.NewSelector(ctx)
	sel.AddFuture(workflow.NewTimer(tctx, d), func(f workflow.Future) { err = f.Get(tctx, nil) })
	sel.AddReceive(freed, func(c workflow.ReceiveChannel, _ bool) { c.Receive(ctx, nil); woken = true })
	sel.Select(ctx)
	if err == nil {
		err = ctx.Err()
	}
	return woken, err
}

// admit asks the worker running this workflow task whether the analysis
// should wait its turn before it asks for a sandbox (version 3).
func (sb *sandbox) admit(ctx workflow.Context) sandboxes.Admission {
	lctx := workflow.WithLocalActivityOptions(ctx, admitOptions)
	var adm sandboxes.Admission
	if err := workflow.ExecuteLocalActivity(lctx, sandboxActs.AdmitSandbox, sandboxes.AdmitSandboxInput{
		WorkflowID: sb.workflowID, RunID: sb.runID, Generation: sb.generation,
	}).Get(ctx, &adm); err != nil {
		workflow.GetLogger(ctx).Warn("asking the worker's line for a turn failed; asking for a sandbox", "error", err)
		return sandboxes.Admission{}
	}
	return adm
}

// capacityBackoff is the wait before ask number waits+1 for a sandbox:
// doubling from 1 s up to maxWait, its second half spread by a hash of
// the workflow id (deterministic, so replays agree) so that analyses
// refused together do not ask again together.
func capacityBackoff(workflowID string, waits int, maxWait time.Duration) time.Duration {
	d := maxWait
	if waits < 8 {
		d = min(d, time.Second<<waits)
	}
	return spread(workflowID, waits, d)
}

// spread is a wait between d/2 and d, from a hash of the workflow id and
// the wait's number.
func spread(workflowID string, waits int, d time.Duration) time.Duration {
	h := fnv.New32a()
	_, _ = h.Write([]byte(workflowID))
	off := time.Duration(h.Sum32()+uint32(waits)*2654435761) % (d / 2)
	return d/2 + off
}

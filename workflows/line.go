package workflows

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
)

// SandboxLineWorkflow is the line of one capacity pool (an E2B team, a
// local server): it grants turns to run a sandbox, at most the pool's
// capacity at once, in the order analyses joined, whichever worker runs
// them (activities/admission/line.go has the protocol). Its state is its history,
// so it survives any worker; it continues as new before the history grows
// long. It is AUTO_UPGRADE: every change to it needs a GetVersion.
func SandboxLineWorkflow(ctx workflow.Context, st admission.LineState) error {
	l := &line{LineState: st, requests: workflow.GetSignalChannel(ctx, api.SignalSandboxLine)}
	if err := workflow.SetQueryHandler(ctx, api.SandboxLineQuery, l.status); err != nil {
		return err
	}
	if err := workflow.SetUpdateHandler(ctx, api.UpdateSandboxLineJoin, l.joinNow); err != nil {
		return err
	}
	for !l.due(ctx) {
		l.next(ctx)
		if err := ctx.Err(); err != nil {
			return err // cancelled by an operator
		}
	}
	// Quiet the line before it hands over: no grant in flight, no request
	// unread. Requests that arrive meanwhile are read by the next run.
	for {
		if err := workflow.Await(ctx, func() bool { return l.sending == 0 && workflow.AllHandlersFinished(ctx) }); err != nil {
			return err
		}
		if !l.drain(ctx) {
			break
		}
		l.grant(ctx)
		l.answerWaiters(ctx)
	}
	return workflow.NewContinueAsNewError(ctx, api.SandboxLineWorkflowName, l.LineState)
}

// Bounds of the line's history and of its checks of closed holders.
const (
	// lineMaxEvents continues the line as new well before Temporal's
	// suggestion (at 4 MB or 10,240 events by default on a dev server):
	// its state is small, its history is what would grow.
	lineMaxEvents = 8000
	// lineReclaimEvery is how often, while analyses wait and every turn
	// is taken, the line asks which holders closed without leaving.
	lineReclaimEvery = 30 * time.Second
)

// line is one run of SandboxLineWorkflow.
type line struct {
	admission.LineState
	requests workflow.ReceiveChannel
	// told are the waiters that asked since the line last answered them.
	told map[string]bool
	// sending counts grants whose signal is in flight.
	sending int
	// reclaim is the pending check of closed holders, if any.
	reclaim workflow.Future
	// updated is set by a join asked as an update, so that the loop
	// wakes (it checks its history's length and its holders then).
	updated bool
}

// due reports whether the line should continue as new.
func (l *line) due(ctx workflow.Context) bool {
	info := workflow.GetInfo(ctx)
	return info.GetContinueAsNewSuggested() || info.GetCurrentHistoryLength() >= lineMaxEvents
}

// next waits for requests (signals, or joins asked as updates) or the
// reclaim timer, applies every request that has arrived, grants what it
// can and tells the new waiters where they stand.
func (l *line) next(ctx workflow.Context) {
	if l.reclaim == nil && len(l.Waiting) > 0 && len(l.Holders) >= l.Capacity && len(l.Holders) > 0 {
		l.reclaim = workflow.NewTimer(ctx, lineReclaimEvery)
	}
	reclaimDue := func() bool { return l.reclaim != nil && l.reclaim.IsReady() }
	if err := workflow.Await(ctx, func() bool { return l.requests.Len() > 0 || l.updated || reclaimDue() }); err != nil {
		return // cancelled: the caller ends the line
	}
	l.updated = false
	if reclaimDue() {
		l.reclaim = nil
		l.reclaimClosed(ctx)
	}
	l.drain(ctx)
	l.grant(ctx)
	l.answerWaiters(ctx)
}

// drain applies the requests that have arrived; it reports whether there
// were any.
func (l *line) drain(ctx workflow.Context) bool {
	any := false
	for {
		var r admission.LineRequest
		if !l.requests.ReceiveAsync(&r) {
			return any
		}
		any = true
		l.apply(ctx, r)
	}
}

// apply applies one request.
func (l *line) apply(ctx workflow.Context, r admission.LineRequest) {
	switch r.Op {
	case admission.LineCapacity:
		if r.Capacity > 0 {
			l.Capacity = r.Capacity
		}
	case admission.LineJoin:
		e := admission.LineEntry{WorkflowID: r.WorkflowID, RunID: r.RunID, Ask: r.Ask}
		if i := indexOf(l.Holders, r.WorkflowID); i >= 0 {
			// It has its turn (the answer may not have reached it yet, or
			// a conversation's new run carries it on): say it again.
			l.Holders[i] = e
			l.send(ctx, e, admission.SandboxTurn{Ask: r.Ask, Granted: true})
			return
		}
		if i := indexOf(l.Waiting, r.WorkflowID); i >= 0 {
			l.Waiting[i] = e
		} else if r.Front {
			l.Waiting = append([]admission.LineEntry{e}, l.Waiting...)
		} else {
			l.Waiting = append(l.Waiting, e)
		}
		if l.told == nil {
			l.told = map[string]bool{}
		}
		l.told[r.WorkflowID] = true
	case admission.LineLeave:
		// A leave of an earlier ask (a signal overtaken by a later join)
		// ends nothing.
		if i := indexOf(l.Holders, r.WorkflowID); i >= 0 && l.Holders[i].Ask <= r.Ask {
			l.Holders = append(l.Holders[:i], l.Holders[i+1:]...)
		}
		if i := indexOf(l.Waiting, r.WorkflowID); i >= 0 && l.Waiting[i].Ask <= r.Ask {
			l.Waiting = append(l.Waiting[:i], l.Waiting[i+1:]...)
		}
	default:
		workflow.GetLogger(ctx).Warn("sandbox line: unknown request ignored", "op", r.Op, "workflow_id", r.WorkflowID)
	}
}

// joinNow is a join asked as an update: it is applied at once, and the
// answer (the turn, or the place) is the update's result, not a signal.
func (l *line) joinNow(ctx workflow.Context, r admission.LineRequest) (admission.SandboxTurn, error) {
	l.updated = true
	if i := indexOf(l.Holders, r.WorkflowID); i >= 0 {
		l.Holders[i] = admission.LineEntry{WorkflowID: r.WorkflowID, RunID: r.RunID, Ask: r.Ask}
		return admission.SandboxTurn{Ask: r.Ask, Granted: true}, nil
	}
	l.apply(ctx, r)
	delete(l.told, r.WorkflowID) // answered here
	l.grantExcept(ctx, r.WorkflowID)
	if indexOf(l.Holders, r.WorkflowID) >= 0 {
		return admission.SandboxTurn{Ask: r.Ask, Granted: true}, nil
	}
	return admission.SandboxTurn{Ask: r.Ask, Ahead: max(0, indexOf(l.Waiting, r.WorkflowID))}, nil
}

// grant gives the free turns to the first waiters.
func (l *line) grant(ctx workflow.Context) { l.grantExcept(ctx, "") }

// grantExcept gives the free turns to the first waiters; the one with the
// workflow id quiet is not signalled (its update answers it).
func (l *line) grantExcept(ctx workflow.Context, quiet string) {
	for len(l.Holders) < l.Capacity && len(l.Waiting) > 0 {
		e := l.Waiting[0]
		l.Waiting = l.Waiting[1:]
		l.Holders = append(l.Holders, e)
		l.Granted++
		delete(l.told, e.WorkflowID)
		if e.WorkflowID != quiet {
			l.send(ctx, e, admission.SandboxTurn{Ask: e.Ask, Granted: true})
		}
	}
}

// answerWaiters tells each analysis that joined and still waits how many
// are ahead of it.
func (l *line) answerWaiters(ctx workflow.Context) {
	if len(l.told) == 0 {
		return
	}
	for i, e := range l.Waiting {
		if l.told[e.WorkflowID] {
			l.send(ctx, e, admission.SandboxTurn{Ask: e.Ask, Ahead: i})
		}
	}
	l.told = nil
}

// send signals a turn to an analysis. When the analysis no longer runs,
// its place is taken back and given on.
func (l *line) send(ctx workflow.Context, e admission.LineEntry, t admission.SandboxTurn) {
	l.sending++
	f := workflow.SignalExternalWorkflow(ctx, e.WorkflowID, e.RunID, api.SignalSandboxTurn, t)
	workflow.Go(ctx, func(gctx workflow.Context) {
		err := f.Get(gctx, nil)
		l.sending--
		if err == nil {
			return
		}
		workflow.GetLogger(ctx).Info("sandbox line: an analysis that no longer runs loses its place",
			"workflow_id", e.WorkflowID, "error", err)
		l.apply(gctx, admission.LineRequest{Op: admission.LineLeave, WorkflowID: e.WorkflowID, Ask: e.Ask})
		l.grant(gctx)
	})
}

// reclaimClosed takes back the turns of holders that closed without
// leaving.
func (l *line) reclaimClosed(ctx workflow.Context) {
	ids := make([]string, len(l.Holders))
	for i, h := range l.Holders {
		ids[i] = h.WorkflowID
	}
	var closed []string
	actx := withActivity(ctx, sandboxes.LineHoldersClosedName, fmt.Sprintf("check %d holders", len(ids)))
	if err := workflow.ExecuteActivity(actx, sandboxActs.LineHoldersClosed, ids).Get(ctx, &closed); err != nil {
		workflow.GetLogger(ctx).Warn("sandbox line: could not check its holders; it checks again later", "error", err)
		return
	}
	for _, id := range closed {
		if i := indexOf(l.Holders, id); i >= 0 {
			workflow.GetLogger(ctx).Info("sandbox line: a holder closed without leaving; its turn is taken back", "workflow_id", id)
			l.Holders = append(l.Holders[:i], l.Holders[i+1:]...)
		}
	}
}

// status answers the line's query.
func (l *line) status() (admission.LineStatus, error) {
	s := admission.LineStatus{Pool: l.Pool, Capacity: l.Capacity, Holding: len(l.Holders), Waiting: len(l.Waiting), Granted: l.Granted}
	for _, e := range l.Waiting[:min(len(l.Waiting), admission.LineStatusQueueMax)] {
		s.Queue = append(s.Queue, e.WorkflowID)
	}
	return s, nil
}

// indexOf is the place of workflowID in entries, or -1.
func indexOf(entries []admission.LineEntry, workflowID string) int {
	for i, e := range entries {
		if e.WorkflowID == workflowID {
			return i
		}
	}
	return -1
}

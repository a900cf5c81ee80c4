package activities

import (
	"container/list"
	"context"
	"errors"
	"sync"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"
)

// SignalSandboxFreed is the signal a worker sends the analysis that has
// waited longest for a sandbox when one of its own sandboxes is killed or
// paused (wait-for-sandbox version 2): the analysis asks again at once
// instead of at its next timer. It carries no payload.
const SignalSandboxFreed = "sandbox-freed"

// SandboxWaiters is one worker's queue of the analyses it refused a sandbox
// (E2B's 429 or MAX_SANDBOXES), oldest first, so a freed sandbox goes to
// the analysis that waited longest without a thousand waiting analyses
// asking E2B and Temporal again and again:
//
//   - a refused create that asked for it (CreateSandboxInput.WakeOnFree)
//     joins the queue once, keeping its place when refused again;
//   - a kill or pause on this worker pops the oldest and signals it
//     (SignalSandboxFreed), then holds the freed sandbox for it for
//     holdFor: creates of analyses with no hold are refused while any hold
//     is outstanding, so one that is merely asking on its timer (or is new)
//     cannot take it first;
//   - a held analysis refused all the same (another worker took the
//     sandbox) goes back to the front.
//
// The queue is memory only. A worker that dies takes it along; its
// analyses' timers (the workflow's fallback) bring them to another
// worker's queue. An analysis queued on two workers may be woken by both;
// the second signal is a wasted wake, not a wrong one.
type SandboxWaiters struct {
	holdFor time.Duration
	max     int

	mu     sync.Mutex
	order  *list.List               // of waiter, oldest first
	queued map[string]*list.Element // workflow id -> its place in order
	held   map[string]time.Time     // workflow id -> end of its hold
	// offers are the times of the last offers (ring of len offerWindow),
	// for the rate at which the line moves.
	offers [offerWindow]time.Time
	nOffer int
}

// offerWindow is how many recent offers the line's rate is taken over.
const offerWindow = 32

// maxPosition bounds how far a position is counted.
const maxPosition = 10_000

type waiter struct{ workflowID, runID string }

// DefaultWakeHold is how long a freed sandbox is held for the analysis it
// was offered to: long enough for its signal, a workflow task and the
// create's activity task on a busy server.
const DefaultWakeHold = 10 * time.Second

// maxWaiters bounds the queue; analyses beyond it wait on their timers.
const maxWaiters = 100_000

// NewSandboxWaiters returns an empty queue whose holds last holdFor
// (0: DefaultWakeHold).
func NewSandboxWaiters(holdFor time.Duration) *SandboxWaiters {
	if holdFor <= 0 {
		holdFor = DefaultWakeHold
	}
	return &SandboxWaiters{holdFor: holdFor, max: maxWaiters, order: list.New(),
		queued: map[string]*list.Element{}, held: map[string]time.Time{}}
}

// Len is how many analyses are queued.
func (w *SandboxWaiters) Len() int {
	if w == nil {
		return 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.order.Len()
}

// admit decides whether workflowID may create now: yes when a hold is
// its own (the hold is used up) or when no hold is outstanding. held
// reports that it had a hold.
func (w *SandboxWaiters) admit(workflowID string, now time.Time) (ok, held bool) {
	if w == nil {
		return true, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.expireHolds(now)
	if _, held = w.held[workflowID]; held {
		delete(w.held, workflowID)
		return true, true
	}
	return len(w.held) == 0, false
}

// wait queues a refused analysis; one already queued keeps its place. front
// puts it first (it had been offered a sandbox and lost it). It reports
// the refusal: whether the analysis is queued, its place and when its
// turn may come.
func (w *SandboxWaiters) wait(workflowID, runID string, front bool, now time.Time) CapacityRefusal {
	if w == nil {
		return CapacityRefusal{}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.waitLocked(workflowID, runID, front, now)
}

// waitLocked is wait with w.mu held.
func (w *SandboxWaiters) waitLocked(workflowID, runID string, front bool, now time.Time) CapacityRefusal {
	e, ok := w.queued[workflowID]
	switch {
	case ok:
		e.Value = waiter{workflowID, runID}
		if front {
			w.order.MoveToFront(e)
		}
	case w.order.Len() >= w.max:
		return CapacityRefusal{}
	case front:
		e = w.order.PushFront(waiter{workflowID, runID})
	default:
		e = w.order.PushBack(waiter{workflowID, runID})
	}
	w.queued[workflowID] = e
	r := CapacityRefusal{Queued: true, Position: 1}
	for p := e.Prev(); p != nil && r.Position < maxPosition; p = p.Prev() {
		r.Position++
	}
	if rate := w.rate(now); rate > 0 {
		r.ExpectedWaitSeconds = float64(r.Position) / rate
	}
	return r
}

// waitTurn decides, for an analysis about to ask for its first sandbox,
// whether it should wait its turn instead, and if so queues it (keeping
// the place it has). It waits when a freed sandbox is held for another
// analysis, when the worker holds its bound (live of max, max <= 0: no
// bound), or when others are ahead of it in the line and one of this
// worker's sandboxes will free up (live > 0: with none, no wake would
// come, so it asks). An analysis that holds a freed sandbox goes ahead.
func (w *SandboxWaiters) waitTurn(workflowID, runID string, live, max int, now time.Time) (CapacityRefusal, bool) {
	if w == nil {
		return CapacityRefusal{}, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.expireHolds(now)
	if _, held := w.held[workflowID]; held {
		return CapacityRefusal{}, false
	}
	ahead := w.order.Len() > 0
	if e, ok := w.queued[workflowID]; ok {
		ahead = e.Prev() != nil
	}
	if len(w.held) == 0 && (max <= 0 || live < max) && (!ahead || live == 0) {
		return CapacityRefusal{}, false
	}
	return w.waitLocked(workflowID, runID, false, now), true
}

// expireHolds ends the holds that have lapsed (w.mu held).
func (w *SandboxWaiters) expireHolds(now time.Time) {
	for id, until := range w.held {
		if !now.Before(until) {
			delete(w.held, id)
		}
	}
}

// rate is how many sandboxes a second were offered to waiting analyses
// lately (w.mu held); 0 when too few were offered, or none for a minute,
// to tell.
func (w *SandboxWaiters) rate(now time.Time) float64 {
	n := min(w.nOffer, offerWindow)
	if n < 4 {
		return 0
	}
	last := w.offers[(w.nOffer-1)%offerWindow]
	first := w.offers[(w.nOffer-n)%offerWindow]
	if now.Sub(last) > time.Minute || !last.After(first) {
		return 0
	}
	return float64(n-1) / last.Sub(first).Seconds()
}

// admitted forgets an analysis that has its sandbox.
func (w *SandboxWaiters) admitted(workflowID string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if e, ok := w.queued[workflowID]; ok {
		w.order.Remove(e)
		delete(w.queued, workflowID)
	}
	delete(w.held, workflowID)
}

// next pops the oldest waiter and holds a sandbox for it.
func (w *SandboxWaiters) next(now time.Time) (waiter, bool) {
	if w == nil {
		return waiter{}, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	e := w.order.Front()
	if e == nil {
		return waiter{}, false
	}
	wt := w.order.Remove(e).(waiter)
	delete(w.queued, wt.workflowID)
	w.held[wt.workflowID] = now.Add(w.holdFor)
	w.offers[w.nOffer%offerWindow] = now
	w.nOffer++
	return wt, true
}

// drop ends the hold of a waiter that could not be told.
func (w *SandboxWaiters) drop(workflowID string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.held, workflowID)
}

// AdmitSandboxName is the name AdmitSandbox is registered under.
const AdmitSandboxName = "AdmitSandbox"

// AdmitSandbox is a local activity the workflow runs before it schedules
// CreateSandbox (wait-for-sandbox version 3): when this worker's line
// says the analysis would only be refused and queued (SandboxWaiters.
// waitTurn), it queues it here and the workflow waits for its wake at
// once. A refusal so costs the Temporal server one workflow task instead
// of an activity task and two workflow tasks, which is what a burst of a
// thousand new analyses is made of. It decides nothing for good:
// admitted, the analysis asks CreateSandbox as before, which may still
// refuse it.
func (a *Activities) AdmitSandbox(ctx context.Context, in AdmitSandboxInput) (Admission, error) {
	if in.Generation > 1 {
		return Admission{}, nil // a rebuild replaces a sandbox its analysis just lost
	}
	r, wait := a.Waiters.waitTurn(in.WorkflowID, in.RunID, a.Sandboxes.Live(), a.Sandboxes.Max(), time.Now())
	if !wait {
		return Admission{}, nil
	}
	count(ctx, MetricSandboxCapacityWaits, 1)
	return Admission{Wait: true, Refusal: r}, nil
}

// maxWakeTries bounds how many closed analyses one freed sandbox skips.
const maxWakeTries = 8

// wakeWaiter offers a sandbox this worker just freed to the analysis that
// has waited longest: it signals it, skipping analyses that have closed.
// A failure is logged and left to the analysis' timer: the kill or pause
// itself succeeded.
func (a *Activities) wakeWaiter(ctx context.Context) {
	if a.Waiters == nil || a.Temporal == nil {
		return
	}
	for range maxWakeTries {
		wt, ok := a.Waiters.next(time.Now())
		if !ok {
			return
		}
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err := a.Temporal.SignalWorkflow(sctx, wt.workflowID, wt.runID, SignalSandboxFreed, nil)
		cancel()
		if err == nil {
			count(ctx, MetricSandboxWakes, 1)
			return
		}
		a.Waiters.drop(wt.workflowID)
		var nf *serviceerror.NotFound
		if !errors.As(err, &nf) {
			activity.GetLogger(ctx).Warn("could not tell a waiting analysis that a sandbox is free; it asks again on its timer",
				"waiting_workflow_id", wt.workflowID, "error", err)
			return
		}
	}
}

package admission

import (
	"container/list"
	"sync"
	"time"
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
//   - a refused create that asked for it (sandboxes.CreateSandboxInput.WakeOnFree)
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
	order  *list.List               // of Waiter, oldest first
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

// Waiter is an analysis in the queue: the one Next offers a sandbox to.
type Waiter struct{ WorkflowID, RunID string }

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

// Admit decides whether workflowID may create now: yes when a hold is
// its own (the hold is used up) or when no hold is outstanding. held
// reports that it had a hold.
func (w *SandboxWaiters) Admit(workflowID string, now time.Time) (ok, held bool) {
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

// Wait queues a refused analysis; one already queued keeps its place. front
// puts it first (it had been offered a sandbox and lost it). It reports
// the refusal: whether the analysis is queued, its place and when its
// turn may come.
func (w *SandboxWaiters) Wait(workflowID, runID string, front bool, now time.Time) CapacityRefusal {
	if w == nil {
		return CapacityRefusal{}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.waitLocked(workflowID, runID, front, now)
}

// waitLocked is Wait with w.mu held.
func (w *SandboxWaiters) waitLocked(workflowID, runID string, front bool, now time.Time) CapacityRefusal {
	e, ok := w.queued[workflowID]
	switch {
	case ok:
		e.Value = Waiter{workflowID, runID}
		if front {
			w.order.MoveToFront(e)
		}
	case w.order.Len() >= w.max:
		return CapacityRefusal{}
	case front:
		e = w.order.PushFront(Waiter{workflowID, runID})
	default:
		e = w.order.PushBack(Waiter{workflowID, runID})
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

// WaitTurn decides, for an analysis about to ask for its first sandbox,
// whether it should wait its turn instead, and if so queues it (keeping
// the place it has). It waits when a freed sandbox is held for another
// analysis, when the worker holds its bound (live of max, max <= 0: no
// bound), or when others are ahead of it in the line and one of this
// worker's sandboxes will free up (live > 0: with none, no wake would
// come, so it asks). An analysis that holds a freed sandbox goes ahead.
func (w *SandboxWaiters) WaitTurn(workflowID, runID string, live, max int, now time.Time) (CapacityRefusal, bool) {
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

// Admitted forgets an analysis that has its sandbox.
func (w *SandboxWaiters) Admitted(workflowID string) {
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

// Next pops the oldest waiter and holds a sandbox for it.
func (w *SandboxWaiters) Next(now time.Time) (Waiter, bool) {
	if w == nil {
		return Waiter{}, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	e := w.order.Front()
	if e == nil {
		return Waiter{}, false
	}
	wt := w.order.Remove(e).(Waiter)
	delete(w.queued, wt.WorkflowID)
	w.held[wt.WorkflowID] = now.Add(w.holdFor)
	w.offers[w.nOffer%offerWindow] = now
	w.nOffer++
	return wt, true
}

// Drop ends the hold of a waiter that could not be told.
func (w *SandboxWaiters) Drop(workflowID string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.held, workflowID)
}

// CapacityRefusal is the detail of a SandboxCapacity error.
type CapacityRefusal struct {
	// Queued: the worker queued the analysis and will signal it when it
	// frees a sandbox (WakeOnFree), so its timer need only be a fallback.
	Queued bool `json:"queued,omitempty"`
	// Position is the analysis' place in the worker's line (1: next;
	// counted up to 10,000).
	Position int `json:"position,omitempty"`
	// ExpectedWaitSeconds is when its turn may come, from its place and
	// the rate at which the worker offered freed sandboxes lately (0:
	// unknown).
	ExpectedWaitSeconds float64 `json:"expected_wait_seconds,omitempty"`
}

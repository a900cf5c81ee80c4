package admission

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The queue of waiting analyses: first refused, first offered; a second
// refusal keeps an analysis' place; a hold admits only its analysis until
// it is used or lapses; a held analysis refused all the same goes first.
func TestSandboxWaitersOrderAndHolds(t *testing.T) {
	w := NewSandboxWaiters(10 * time.Second)
	now := time.Unix(1_000_000, 0)

	for _, id := range []string{"a", "b", "c"} {
		require.True(t, w.Wait(id, "run-"+id, false, now).Queued)
	}
	require.True(t, w.Wait("a", "run-a", false, now).Queued, "a second refusal")
	assert.Equal(t, 3, w.Len(), "a is queued once")

	ok, held := w.Admit("new", now)
	assert.True(t, ok, "no hold: anyone may create")
	assert.False(t, held)

	first, ok := w.Next(now)
	require.True(t, ok)
	assert.Equal(t, Waiter{"a", "run-a"}, first, "the oldest is offered the sandbox")

	ok, _ = w.Admit("new", now.Add(time.Second))
	assert.False(t, ok, "a newcomer waits while a freed sandbox is held")
	ok, _ = w.Admit("b", now.Add(time.Second))
	assert.False(t, ok, "so does the next in line")
	ok, held = w.Admit("a", now.Add(2*time.Second))
	assert.True(t, ok, "the held analysis may create")
	assert.True(t, held)
	ok, _ = w.Admit("new", now.Add(2*time.Second))
	assert.True(t, ok, "a used hold holds nothing")

	// a lost its sandbox to another worker: it goes back first.
	require.True(t, w.Wait("a", "run-a", true, now).Queued)
	second, _ := w.Next(now)
	assert.Equal(t, "a", second.WorkflowID)

	// A hold lapses when its analysis does not come.
	ok, _ = w.Admit("b", now.Add(10*time.Second))
	assert.True(t, ok, "the hold lapsed after 10 s")

	w.Admitted("b")
	third, _ := w.Next(now)
	assert.Equal(t, "c", third.WorkflowID, "b had its sandbox and left the queue")
	_, ok = w.Next(now)
	assert.False(t, ok, "the queue is empty")
	w.Drop("c")
	ok, _ = w.Admit("x", now)
	assert.True(t, ok, "a dropped hold holds nothing")
}

// The queue is bounded; beyond it analyses wait on their timers.
func TestSandboxWaitersBound(t *testing.T) {
	w := NewSandboxWaiters(0)
	now := time.Now()
	w.max = 2
	assert.True(t, w.Wait("a", "r", false, now).Queued)
	assert.True(t, w.Wait("b", "r", false, now).Queued)
	assert.False(t, w.Wait("c", "r", false, now).Queued)
	assert.Equal(t, 2, w.Len())

	var none *SandboxWaiters
	ok, _ := none.Admit("a", time.Now())
	assert.True(t, ok, "a worker without a queue admits everyone")
	assert.False(t, none.Wait("a", "r", false, now).Queued)
}

// A refusal says the analysis' place in line and, once the worker has
// offered a few sandboxes, when its turn may come at the rate it offers
// them; the estimate is dropped when the line has not moved for a minute.
func TestSandboxWaitersEstimate(t *testing.T) {
	w := NewSandboxWaiters(time.Second)
	now := time.Unix(1_000_000, 0)
	for i := range 20 {
		w.Wait(fmt.Sprintf("wf-%d", i), "r", false, now)
	}
	r := w.Wait("wf-5", "r", false, now)
	assert.Equal(t, CapacityRefusal{Queued: true, Position: 6}, r, "no offers yet: no estimate")

	// One offer every 2 s: half a place a second.
	for i := range 5 {
		_, ok := w.Next(now.Add(time.Duration(2*i) * time.Second))
		require.True(t, ok)
	}
	at := now.Add(9 * time.Second)
	r = w.Wait("late", "r", false, at)
	assert.Equal(t, 16, r.Position, "15 ahead of it")
	assert.InDelta(t, 32, r.ExpectedWaitSeconds, 0.01, "16 places at 0.5 a second")
	r = w.Wait("wf-6", "r", true, at)
	assert.Equal(t, 1, r.Position, "back to the front")
	assert.InDelta(t, 2, r.ExpectedWaitSeconds, 0.01)

	r = w.Wait("late", "r", false, now.Add(2*time.Minute))
	assert.Zero(t, r.ExpectedWaitSeconds, "no offer for a minute: no estimate")
	assert.Equal(t, 16, r.Position)
}

// waitTurn, the line's answer before a first create (AdmitSandbox): an
// analysis waits when a freed sandbox is held for another, when the
// worker holds its bound, or when others are ahead of it and a sandbox of
// this worker's will free up; otherwise it asks.
func TestSandboxWaitersTurn(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	for _, tc := range []struct {
		name      string
		setup     func(w *SandboxWaiters)
		id        string
		live, max int
		wait      bool
		position  int // when it waits
	}{
		{name: "an empty line, room", id: "new", live: 3, max: 8},
		{name: "an empty line, no bound", id: "new", live: 30, max: 0},
		{name: "an empty line, the worker at its bound", id: "new", live: 8, max: 8, wait: true, position: 1},
		{name: "others ahead, a sandbox will free", setup: queue("a", "b"), id: "new", live: 3, max: 8, wait: true, position: 3},
		{name: "others ahead, no sandbox of this worker's to free", setup: queue("a", "b"), id: "new", live: 0, max: 8},
		{name: "first in line, room", setup: queue("a", "b"), id: "a", live: 3, max: 8},
		{name: "second in line keeps its place", setup: queue("a", "b", "c"), id: "b", live: 3, max: 8, wait: true, position: 2},
		{name: "a sandbox held for another", setup: offer("a"), id: "new", live: 0, max: 8, wait: true, position: 1},
		{name: "the held analysis itself", setup: offer("a"), id: "a", live: 8, max: 8},
		{name: "a hold that lapsed", setup: func(w *SandboxWaiters) { offer("a")(w); w.held["a"] = now.Add(-time.Second) }, id: "new", live: 3, max: 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := NewSandboxWaiters(10 * time.Second)
			if tc.setup != nil {
				tc.setup(w)
			}
			before := w.Len()
			r, wait := w.WaitTurn(tc.id, "run-"+tc.id, tc.live, tc.max, now)
			require.Equal(t, tc.wait, wait)
			if !tc.wait {
				assert.Equal(t, CapacityRefusal{}, r)
				assert.Equal(t, before, w.Len(), "asking queues no one")
				return
			}
			assert.True(t, r.Queued)
			assert.Equal(t, tc.position, r.Position)
		})
	}
}

func queue(ids ...string) func(*SandboxWaiters) {
	return func(w *SandboxWaiters) {
		for _, id := range ids {
			w.Wait(id, "run-"+id, false, time.Unix(1_000_000, 0))
		}
	}
}

// offer queues id and offers it a freed sandbox (a hold of 10 s).
func offer(id string) func(*SandboxWaiters) {
	return func(w *SandboxWaiters) {
		queue(id)(w)
		w.Next(time.Unix(1_000_000, 0))
	}
}

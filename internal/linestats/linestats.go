// Package linestats measures how well a pool's sandbox line used its
// capacity: for each analysis, the time a sandbox slot was free for it
// while it waited (the load tests and P9 report it).
package linestats

import (
	"cmp"
	"slices"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
)

// Sample is the local server's running sandboxes at one moment.
type Sample struct {
	At      time.Time
	Running int
}

// Wait is one analysis' wait for its sandbox, from its history.
type Wait struct {
	ID string
	// Begin is when the analysis started; Joined when it joined the line
	// (Begin when it did not).
	Begin, Joined time.Time
	// CreateStart and Created bound the create that got its sandbox.
	CreateStart, Created time.Time
}

// Idle is, per analysis, the time a sandbox slot was free for it while it
// waited in line. At each sample the slots in use are the sandboxes
// running plus the creates under way (a slot being filled is not free);
// the free ones belong to the analyses that joined first (the line's
// order; fromBegin: that began first, so the wait for the first workflow
// task counts too), and each of those waits idly through the time to the
// next sample.
func Idle(samples []Sample, waits []Wait, capacity int, fromBegin bool) map[string]time.Duration {
	since := func(w Wait) time.Time {
		if fromBegin {
			return w.Begin
		}
		return w.Joined
	}
	order := slices.Clone(waits)
	slices.SortStableFunc(order, func(a, b Wait) int { return cmp.Or(since(a).Compare(since(b)), cmp.Compare(a.ID, b.ID)) })
	idle := map[string]time.Duration{}
	for i := 1; i < len(samples); i++ {
		t, dt := samples[i].At, samples[i].At.Sub(samples[i-1].At)
		free := capacity - samples[i].Running
		for _, w := range waits {
			if !t.Before(w.CreateStart) && t.Before(w.Created) {
				free--
			}
		}
		for _, w := range order {
			if free <= 0 {
				break
			}
			if !t.Before(since(w)) && t.Before(w.CreateStart) {
				idle[w.ID] += dt
				free--
			}
		}
	}
	return idle
}

// Quantile is the q-quantile of ds (nearest rank); 0 for none.
func Quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

// WaitReader reads an analysis' Wait from its history, event by event: its
// start, its join of the line (the JoinSandboxLine marker) and the
// CreateSandbox that got its sandbox.
type WaitReader struct {
	w       Wait
	types   map[int64]string // scheduled event id -> activity type
	started map[int64]time.Time
}

// NewWaitReader reads the wait of the analysis id.
func NewWaitReader(id string) *WaitReader {
	return &WaitReader{w: Wait{ID: id}, types: map[int64]string{}, started: map[int64]time.Time{}}
}

// Add reads one event.
func (r *WaitReader) Add(ev *historypb.HistoryEvent) {
	at := ev.GetEventTime().AsTime()
	switch ev.GetEventType() {
	case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
		r.w.Begin = at
	case enumspb.EVENT_TYPE_MARKER_RECORDED:
		if r.w.Joined.IsZero() && strings.Contains(ev.GetMarkerRecordedEventAttributes().String(), "JoinSandboxLine") {
			r.w.Joined = at
		}
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
		r.types[ev.GetEventId()] = ev.GetActivityTaskScheduledEventAttributes().GetActivityType().GetName()
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_STARTED:
		r.started[ev.GetActivityTaskStartedEventAttributes().GetScheduledEventId()] = at
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
		s := ev.GetActivityTaskCompletedEventAttributes().GetScheduledEventId()
		if r.types[s] == "CreateSandbox" && r.w.Created.IsZero() {
			r.w.CreateStart, r.w.Created = r.started[s], at
		}
	}
}

// Wait is the wait read so far; ok is false while no create has completed.
// An analysis that did not join (or joined after its create) waited from
// its start.
func (r *WaitReader) Wait() (w Wait, ok bool) {
	w = r.w
	if w.Created.IsZero() {
		return w, false
	}
	if w.Joined.IsZero() || w.Joined.After(w.CreateStart) {
		w.Joined = w.Begin
	}
	return w, true
}

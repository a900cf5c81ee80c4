// Package linestats measures how well a pool's sandbox line used its
// capacity: for each analysis, the time a sandbox slot was free for it
// while it waited (the load tests and P9 report it).
package linestats

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
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
	// Where the turn was on its way, for Phases: TurnReceived is when the
	// turn reached the analysis (the line's signal, or its join's answer);
	// CreateScheduled when it scheduled the create. From the line's
	// history (LineReader): TurnSent is when the line sent the turn and
	// ReleaseHeard when the line heard of the release that freed it (zero
	// when the turn was the join's answer).
	TurnReceived, CreateScheduled, TurnSent, ReleaseHeard time.Time
}

// Idle is, per analysis, the time a sandbox slot was free for it while it
// waited in line. At each sample the slots in use are the sandboxes
// running plus the creates under way (a slot being filled is not free);
// the free ones belong to the waiting analyses that the line served first
// (its queue's order, see granted), and each of those waits idly through
// the time to the next sample. An analysis waits from its join
// (fromBegin: from its start, so the wait for its first workflow task
// counts too) to its create's start.
func Idle(samples []Sample, waits []Wait, capacity int, fromBegin bool) map[string]time.Duration {
	idle := map[string]time.Duration{}
	accrue(samples, waits, capacity, fromBegin, granted, func(w *Wait, _ time.Time, dt time.Duration) { idle[w.ID] += dt })
	return idle
}

// IdleInJoinOrder is Idle (from the join) with the free slots given in
// the order of the analyses' join markers, as P9 counted before
// 2026-11-27. A marker is written when the analysis' workflow task ends,
// after the join reached the line, so neighbours can swap: the one the
// line served second then also counts the first one's idle time.
func IdleInJoinOrder(samples []Sample, waits []Wait, capacity int) map[string]time.Duration {
	idle := map[string]time.Duration{}
	accrue(samples, waits, capacity, false, func(w Wait) time.Time { return w.Joined }, func(w *Wait, _ time.Time, dt time.Duration) { idle[w.ID] += dt })
	return idle
}

// granted is when the line gave w its turn, which orders the waits as the
// line's queue did: when it sent the turn (from its history), else when
// the turn reached the analysis, else the join.
func granted(w Wait) time.Time {
	for _, t := range []time.Time{w.TurnSent, w.TurnReceived} {
		if !t.IsZero() {
			return t
		}
	}
	return w.Joined
}

// Phase is where an analysis' turn was while a slot was free for it.
type Phase int

const (
	// PhaseRelease: the slot was free, and the line had not heard yet
	// (the kill's leave on its way).
	PhaseRelease Phase = iota
	// PhaseLine: the line had heard and not yet sent the turn (its
	// workflow task).
	PhaseLine
	// PhaseDelivery: the turn sent and not yet in the analysis' history
	// (the server's signal).
	PhaseDelivery
	// PhaseWorkflowTask: the turn received, the create not yet scheduled
	// (the analysis' workflow task).
	PhaseWorkflowTask
	// PhasePickup: the create scheduled, not yet started (a worker's poll
	// of the activity).
	PhasePickup
	phases
)

var phaseNames = [phases]string{"release reaching the line", "the line's workflow task", "signal delivery", "the analysis' workflow task", "the create's pickup"}

func (p Phase) String() string { return phaseNames[p] }

// PhaseTimes is idle time by phase.
type PhaseTimes [phases]time.Duration

// String lists the phases with their time and share: "release reaching
// the line 1.2 s (40%), …".
func (p PhaseTimes) String() string {
	var total time.Duration
	for _, d := range p {
		total += d
	}
	parts := make([]string, len(p))
	for i, d := range p {
		share := 0.0
		if total > 0 {
			share = 100 * float64(d) / float64(total)
		}
		parts[i] = fmt.Sprintf("%s %.1f s (%.0f%%)", Phase(i), d.Seconds(), share)
	}
	return strings.Join(parts, ", ")
}

// Phases is Idle (from the join) summed over all analyses by the phase
// each analysis' turn was in while it idled. An analysis without the
// line's times puts what precedes its turn's arrival under PhaseLine.
func Phases(samples []Sample, waits []Wait, capacity int) PhaseTimes {
	var sum PhaseTimes
	for _, p := range PhasesOf(samples, waits, capacity) {
		for i, d := range p {
			sum[i] += d
		}
	}
	return sum
}

// PhasesOf is Phases per analysis.
func PhasesOf(samples []Sample, waits []Wait, capacity int) map[string]PhaseTimes {
	out := map[string]PhaseTimes{}
	accrue(samples, waits, capacity, false, granted, func(w *Wait, t time.Time, dt time.Duration) {
		p := out[w.ID]
		p[w.phase(t)] += dt
		out[w.ID] = p
	})
	return out
}

// phase is where w's turn was at t.
func (w *Wait) phase(t time.Time) Phase {
	before := func(at time.Time) bool { return !at.IsZero() && t.Before(at) }
	switch {
	case before(w.ReleaseHeard):
		return PhaseRelease
	case before(w.TurnSent):
		return PhaseLine
	case !w.TurnSent.IsZero() && before(w.TurnReceived):
		return PhaseDelivery
	case before(w.TurnReceived):
		return PhaseLine
	case before(w.CreateScheduled):
		return PhaseWorkflowTask
	}
	return PhasePickup
}

// accrue calls f for each analysis and sample at which a free slot was
// the analysis' while it waited, with the time to the sample before; the
// free slots go to the waiting analyses in the order of key.
func accrue(samples []Sample, waits []Wait, capacity int, fromBegin bool, key func(Wait) time.Time, f func(w *Wait, t time.Time, dt time.Duration)) {
	since := func(w Wait) time.Time {
		if fromBegin {
			return w.Begin
		}
		return w.Joined
	}
	order := slices.Clone(waits)
	slices.SortStableFunc(order, func(a, b Wait) int { return cmp.Or(key(a).Compare(key(b)), cmp.Compare(a.ID, b.ID)) })
	for i := 1; i < len(samples); i++ {
		t, dt := samples[i].At, samples[i].At.Sub(samples[i-1].At)
		free := capacity - samples[i].Running
		for _, w := range waits {
			if !t.Before(w.CreateStart) && t.Before(w.Created) {
				free--
			}
		}
		for j := range order {
			if free <= 0 {
				break
			}
			if w := &order[j]; !t.Before(since(*w)) && t.Before(w.CreateStart) {
				f(w, t, dt)
				free--
			}
		}
	}
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
	w                  Wait
	types              map[int64]string // scheduled event id -> activity type
	scheduled, started map[int64]time.Time
}

// NewWaitReader reads the wait of the analysis id.
func NewWaitReader(id string) *WaitReader {
	return &WaitReader{w: Wait{ID: id}, types: map[int64]string{}, scheduled: map[int64]time.Time{}, started: map[int64]time.Time{}}
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
		r.scheduled[ev.GetEventId()] = at
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_STARTED:
		r.started[ev.GetActivityTaskStartedEventAttributes().GetScheduledEventId()] = at
	case enumspb.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
		s := ev.GetActivityTaskCompletedEventAttributes().GetScheduledEventId()
		if r.types[s] == "CreateSandbox" && r.w.Created.IsZero() {
			r.w.CreateStart, r.w.Created, r.w.CreateScheduled = r.started[s], at, r.scheduled[s]
		}
	case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
		// The last turn before the create is the one that got it.
		if ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName() == api.SignalSandboxTurn && r.w.Created.IsZero() {
			r.w.TurnReceived = at
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
	if w.TurnReceived.IsZero() || w.TurnReceived.After(w.CreateScheduled) {
		// Its join's answer was its turn.
		w.TurnReceived = w.Joined
	}
	return w, true
}

// LineReader reads, from the history of a pool's line (every run, oldest
// first), when it sent each analysis a turn and when it had heard of the
// release that let it: the first signal the workflow task that sent the
// turn read.
type LineReader struct {
	// turns lists, per analysis, the turns the line sent it.
	turns map[string][]sentTurn
	// arrived is the time of the first signal since the line's last
	// workflow task started; read, that of the signals that task read.
	arrived, read time.Time
}

// sentTurn is when the line sent a turn, and when it had heard what led
// to it.
type sentTurn struct{ sent, heard time.Time }

// NewLineReader reads a line's history.
func NewLineReader() *LineReader { return &LineReader{turns: map[string][]sentTurn{}} }

// Add reads one event of the line's history.
func (r *LineReader) Add(ev *historypb.HistoryEvent) {
	at := ev.GetEventTime().AsTime()
	switch ev.GetEventType() {
	case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED:
		if r.arrived.IsZero() {
			r.arrived = at
		}
	case enumspb.EVENT_TYPE_WORKFLOW_TASK_STARTED:
		// Signals written after this are read by the next task.
		r.read, r.arrived = r.arrived, time.Time{}
	case enumspb.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED:
		a := ev.GetSignalExternalWorkflowExecutionInitiatedEventAttributes()
		if a.GetSignalName() == api.SignalSandboxTurn {
			id := a.GetWorkflowExecution().GetWorkflowId()
			r.turns[id] = append(r.turns[id], sentTurn{sent: at, heard: r.read})
		}
	}
}

// Fill sets w's TurnSent and ReleaseHeard: the line's last turn sent to
// it before its turn reached it by signal (a turn that was its join's
// answer came with no signal).
func (r *LineReader) Fill(w *Wait) {
	if !w.TurnReceived.After(w.Joined) {
		return
	}
	turns := r.turns[w.ID]
	for i := len(turns) - 1; i >= 0; i-- {
		if !turns[i].sent.After(w.TurnReceived) {
			w.TurnSent, w.ReleaseHeard = turns[i].sent, turns[i].heard
			return
		}
	}
}

// EachLineEvent calls f with every event of every run of the line
// lineID, oldest run first (a line continues as new).
func EachLineEvent(ctx context.Context, c client.Client, lineID string, f func(run int, ev *historypb.HistoryEvent)) error {
	// The runs, newest first: each run's first event names the run it
	// continues.
	d, err := c.DescribeWorkflowExecution(ctx, lineID, "")
	if err != nil {
		return fmt.Errorf("describe the line %s: %w", lineID, err)
	}
	runs := []string{d.GetWorkflowExecutionInfo().GetExecution().GetRunId()}
	for {
		it := c.GetWorkflowHistory(ctx, lineID, runs[0], false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
		ev, err := it.Next()
		if err != nil {
			return fmt.Errorf("history of the line %s, run %s: %w", lineID, runs[0], err)
		}
		prev := ev.GetWorkflowExecutionStartedEventAttributes().GetContinuedExecutionRunId()
		if prev == "" {
			break
		}
		runs = append([]string{prev}, runs...)
	}
	for n, run := range runs {
		it := c.GetWorkflowHistory(ctx, lineID, run, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
		for it.HasNext() {
			ev, err := it.Next()
			if err != nil {
				return fmt.Errorf("history of the line %s, run %s: %w", lineID, run, err)
			}
			f(n+1, ev)
		}
	}
	return nil
}

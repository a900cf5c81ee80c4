package linestats_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	commonpb "go.temporal.io/api/common/v1"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/linestats"
)

// A pool of one: a waits while b runs (not idle); b's sandbox goes at
// 2 s, the line sends a its turn at 2.4 s and a's create starts at 3 s
// (idle 1 s). c's join marker is older than a's but the line served it
// later, so the free slot was a's, not c's; a slot being filled is not
// free.
func TestIdle(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	var samples []linestats.Sample
	for s := 0.0; s <= 10; s += 0.5 {
		running := 0
		switch {
		case s < 2: // b
			running = 1
		case s >= 3.5: // a, then c
			running = 1
		}
		samples = append(samples, linestats.Sample{At: at(s), Running: running})
	}
	waits := []linestats.Wait{
		{ID: "b", Begin: at(0), Joined: at(0), CreateStart: at(0), Created: at(0)},
		{ID: "a", Begin: at(0.5), Joined: at(0.5), TurnSent: at(2.4), CreateStart: at(3), Created: at(3.5)},
		{ID: "c", Begin: at(0.2), Joined: at(0.4), TurnSent: at(9), CreateStart: at(9), Created: at(9)},
	}
	idle := linestats.Idle(samples, waits, 1, false)
	assert.Equal(t, time.Second, idle["a"])
	assert.Zero(t, idle["b"])
	assert.Zero(t, idle["c"], "the free slot was a's; a's create filled it")
	// In the order of the join markers, c owned it.
	byJoin := linestats.IdleInJoinOrder(samples, waits, 1)
	assert.Equal(t, time.Second, byJoin["c"])
	assert.Zero(t, byJoin["a"])
	// Counted from the start, the time before the join counts: a joined
	// at 2.5 s, half a second after the slot was free.
	waits[1].Joined = at(2.5)
	assert.Equal(t, 500*time.Millisecond, linestats.Idle(samples, waits, 1, false)["a"])
	assert.Equal(t, time.Second, linestats.Idle(samples, waits, 1, true)["a"])
	assert.Equal(t, 2*time.Second, linestats.Quantile([]time.Duration{3 * time.Second, time.Second, 2 * time.Second}, 0.5))
}

// The reader takes the wait from a history: its start, its join marker
// and the CreateSandbox that completed (not one that failed first).
func TestWaitReader(t *testing.T) {
	t0 := time.Unix(1000, 0).UTC()
	ev := func(id int64, s float64, typ enumspb.EventType, set func(*historypb.HistoryEvent)) *historypb.HistoryEvent {
		e := &historypb.HistoryEvent{EventId: id, EventType: typ, EventTime: timestamppb.New(t0.Add(time.Duration(s * float64(time.Second))))}
		if set != nil {
			set(e)
		}
		return e
	}
	sched := func(id int64, s float64) *historypb.HistoryEvent {
		return ev(id, s, enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, func(e *historypb.HistoryEvent) {
			e.Attributes = &historypb.HistoryEvent_ActivityTaskScheduledEventAttributes{ActivityTaskScheduledEventAttributes: &historypb.ActivityTaskScheduledEventAttributes{ActivityType: &commonpb.ActivityType{Name: "CreateSandbox"}}}
		})
	}
	started := func(id, s64 int64, s float64) *historypb.HistoryEvent {
		return ev(id, s, enumspb.EVENT_TYPE_ACTIVITY_TASK_STARTED, func(e *historypb.HistoryEvent) {
			e.Attributes = &historypb.HistoryEvent_ActivityTaskStartedEventAttributes{ActivityTaskStartedEventAttributes: &historypb.ActivityTaskStartedEventAttributes{ScheduledEventId: s64}}
		})
	}
	r := linestats.NewWaitReader("a")
	for _, e := range []*historypb.HistoryEvent{
		ev(1, 0, enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED, nil),
		ev(2, 1, enumspb.EVENT_TYPE_MARKER_RECORDED, func(e *historypb.HistoryEvent) {
			e.Attributes = &historypb.HistoryEvent_MarkerRecordedEventAttributes{MarkerRecordedEventAttributes: &historypb.MarkerRecordedEventAttributes{MarkerName: "LocalActivity", Details: map[string]*commonpb.Payloads{"data": {Payloads: []*commonpb.Payload{{Data: []byte(`{"ActivityType":"JoinSandboxLine"}`)}}}}}}
		}),
		sched(3, 2), started(4, 3, 2.5),
		ev(5, 3, enumspb.EVENT_TYPE_ACTIVITY_TASK_FAILED, nil),
		sched(6, 5), started(7, 6, 6),
		ev(8, 7, enumspb.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, func(e *historypb.HistoryEvent) {
			e.Attributes = &historypb.HistoryEvent_ActivityTaskCompletedEventAttributes{ActivityTaskCompletedEventAttributes: &historypb.ActivityTaskCompletedEventAttributes{ScheduledEventId: 6}}
		}),
	} {
		if _, ok := r.Wait(); ok && e.EventId < 8 {
			t.Fatalf("a wait before its create completed, at event %d", e.EventId)
		}
		r.Add(e)
	}
	w, ok := r.Wait()
	assert.True(t, ok)
	assert.Equal(t, linestats.Wait{ID: "a", Begin: t0, Joined: t0.Add(time.Second), CreateStart: t0.Add(6 * time.Second), Created: t0.Add(7 * time.Second),
		TurnReceived: t0.Add(time.Second), CreateScheduled: t0.Add(5 * time.Second)}, w, "granted at its join: the turn arrived with the join's answer")
}

// The line's history says when it sent a turn, and when it heard the
// release its workflow task read (not a signal written after that task
// started); the phases split the idle time by where the turn was.
func TestLinePhases(t *testing.T) {
	t0 := time.Unix(1000, 0).UTC()
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	ev := func(s float64, typ enumspb.EventType, set func(*historypb.HistoryEvent)) *historypb.HistoryEvent {
		e := &historypb.HistoryEvent{EventType: typ, EventTime: timestamppb.New(at(s))}
		if set != nil {
			set(e)
		}
		return e
	}
	signaled := func(s float64) *historypb.HistoryEvent {
		return ev(s, enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED, nil)
	}
	sent := func(s float64, id string) *historypb.HistoryEvent {
		return ev(s, enumspb.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED, func(e *historypb.HistoryEvent) {
			e.Attributes = &historypb.HistoryEvent_SignalExternalWorkflowExecutionInitiatedEventAttributes{SignalExternalWorkflowExecutionInitiatedEventAttributes: &historypb.SignalExternalWorkflowExecutionInitiatedEventAttributes{
				SignalName: api.SignalSandboxTurn, WorkflowExecution: &commonpb.WorkflowExecution{WorkflowId: id}}}
		})
	}
	r := linestats.NewLineReader()
	for _, e := range []*historypb.HistoryEvent{
		signaled(2.0), // b's leave
		ev(2.1, enumspb.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED, nil),
		ev(2.5, enumspb.EVENT_TYPE_WORKFLOW_TASK_STARTED, nil),
		signaled(2.6), // arrived while the task ran: read by the next
		ev(3.0, enumspb.EVENT_TYPE_WORKFLOW_TASK_COMPLETED, nil),
		sent(3.0, "a"),
	} {
		r.Add(e)
	}
	a := linestats.Wait{ID: "a", Begin: at(0), Joined: at(0.5), TurnReceived: at(3.5), CreateScheduled: at(4), CreateStart: at(4.5), Created: at(5)}
	r.Fill(&a)
	assert.Equal(t, at(3), a.TurnSent)
	assert.Equal(t, at(2), a.ReleaseHeard)

	// A pool of one: b runs until 1.5 s; its leave reaches the line at
	// 2 s. a idles 0.5 s in each phase but the line's (1 s).
	var samples []linestats.Sample
	for s := 0.0; s <= 6; s += 0.25 {
		samples = append(samples, linestats.Sample{At: at(s), Running: map[bool]int{true: 1}[s < 1.5 || s >= 5]})
	}
	b := linestats.Wait{ID: "b", Begin: at(0), Joined: at(0), CreateStart: at(0), Created: at(0), TurnReceived: at(0), CreateScheduled: at(0)}
	p := linestats.Phases(samples, []linestats.Wait{a, b}, 1)
	assert.Equal(t, linestats.PhaseTimes{500 * time.Millisecond, time.Second, 500 * time.Millisecond, 500 * time.Millisecond, 500 * time.Millisecond}, p)
	assert.Equal(t, 3*time.Second, linestats.Idle(samples, []linestats.Wait{a, b}, 1, false)["a"], "the phases add up to the idle time")
	assert.Equal(t, map[string]linestats.PhaseTimes{"a": p}, linestats.PhasesOf(samples, []linestats.Wait{a, b}, 1), "b never idled")
	assert.Equal(t, "the line's workflow task", linestats.PhaseLine.String())
}

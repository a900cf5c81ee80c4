package linestats_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	commonpb "go.temporal.io/api/common/v1"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/durable-analyst/durable-analyst/internal/linestats"
)

// A pool of one: a waits while b runs (not idle); b's sandbox goes at
// 2 s and a's create starts at 3 s (idle 1 s); c joined after a, so the
// free slot was a's, not c's; a slot being filled is not free.
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
		{ID: "a", Begin: at(0.5), Joined: at(0.5), CreateStart: at(3), Created: at(3.5)},
		{ID: "c", Begin: at(0.2), Joined: at(1), CreateStart: at(9), Created: at(9)},
	}
	idle := linestats.Idle(samples, waits, 1, false)
	assert.Equal(t, time.Second, idle["a"])
	assert.Zero(t, idle["b"])
	assert.Zero(t, idle["c"], "the free slot was a's; a's create filled it")
	// Counted from the start, c (which began first) owns the free slot.
	fromBegin := linestats.Idle(samples, waits, 1, true)
	assert.Equal(t, time.Second, fromBegin["c"])
	assert.Zero(t, fromBegin["a"])
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
	assert.Equal(t, linestats.Wait{ID: "a", Begin: t0, Joined: t0.Add(time.Second), CreateStart: t0.Add(6 * time.Second), Created: t0.Add(7 * time.Second)}, w)
}

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/stream"
)

// follower collects an analysis' stream as a caller would, with the time
// each event arrived.
type follower struct {
	mu     sync.Mutex
	events []stream.Event
	at     []time.Time
	done   chan error
}

func follow(e *env, id string) *follower {
	f := &follower{done: make(chan error, 1)}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	e.t.Cleanup(cancel)
	go func() {
		f.done <- stream.Follow(ctx, e.Temporal, id, stream.FollowOptions{Wait: 10 * time.Second}, func(ev stream.Event) error {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.events = append(f.events, ev)
			f.at = append(f.at, time.Now())
			return nil
		})
	}()
	return f
}

func (f *follower) seen(pred func(stream.Event) bool) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, ev := range f.events {
		if pred(ev) {
			return true
		}
	}
	return false
}

// wait returns every event once the follower ended.
func (f *follower) wait(t *testing.T) ([]stream.Event, []time.Time) {
	t.Helper()
	select {
	case err := <-f.done:
		require.NoError(t, err)
	case <-time.After(5 * time.Minute):
		t.Fatal("the follower never ended")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.events, f.at
}

// checkStream asserts what every stream must be: offsets from 0 that grow
// by one (no event missing, none twice), and the first cell's output, in
// order and once, equal to what the cell printed (its record in S3).
func checkStream(t *testing.T, e *env, id string, evs []stream.Event) string {
	t.Helper()
	require.NotEmpty(t, evs)
	for i, ev := range evs {
		require.Equal(t, int64(i), ev.At, "event %d (%s) has offset %d", i, ev.Kind, ev.At)
	}
	var out strings.Builder
	for _, ev := range evs {
		if ev.Kind == api.EventOutput && ev.Step == 1 && ev.Stream == "stdout" {
			require.Equal(t, out.Len(), ev.StreamEvent.Offset, "output pieces join end to start")
			out.WriteString(ev.Text)
		}
	}
	var rec struct {
		Stdout string `json:"stdout"`
	}
	require.NoError(t, json.Unmarshal(e.getObject("analyses/"+id+"/step-1/0-output.json"), &rec))
	assert.Equal(t, rec.Stdout, out.String(), "the stream holds the cell's output once, whole")
	return out.String()
}

func kinds(evs []stream.Event) []string {
	var ks []string
	for _, ev := range evs {
		if len(ks) == 0 || ks[len(ks)-1] != ev.Kind || ev.Kind != api.EventOutput {
			ks = append(ks, ev.Kind)
		}
	}
	return ks
}

// A follower that starts while the analysis runs reads it from offset 0:
// every event once, in order, the cell's lines while the cell still runs,
// the chart with its link, the answer, and the end.
func TestFollowAnAnalysisAsItRuns(t *testing.T) {
	e := newEnv(t)
	id := "e2e-stream-" + time.Now().Format("150405.000")
	run := e.start(id, api.AnalysisInput{Question: "tick, then chart", Model: "script:streamed-cell"})

	e.waitProgress(id, func(p api.Progress) bool { return p.CodeRuns == 0 && strings.HasPrefix(p.Phase, "run code") })
	f := follow(e, id)
	var res api.AnalysisResult
	require.NoError(t, run.Get(context.Background(), &res))
	assert.Equal(t, api.StatusAnswered, res.Status)
	evs, at := f.wait(t)
	saveHistory(t, e, id, run.GetRunID(), "analysis-streamed.json")

	out := checkStream(t, e, id, evs)
	assert.Equal(t, 15, strings.Count(out, "tick "))
	assert.Equal(t, []string{api.EventStarted, api.EventStep, api.EventModel, api.EventCellStarted, api.EventOutput, api.EventCellFinished,
		api.EventStep, api.EventModel, api.EventCellStarted, api.EventCellFinished, api.EventChart,
		api.EventStep, api.EventModel, api.EventVerifying, api.EventAnswer, api.EventEnded}, kinds(evs))
	last := evs[len(evs)-1]
	assert.Equal(t, api.StatusAnswered, last.Status)
	var chart *api.Chart
	for _, ev := range evs {
		if ev.Kind == api.EventChart {
			chart = ev.Chart
		}
		if ev.Kind == api.EventCellStarted && ev.Step == 1 {
			assert.Contains(t, ev.Code, "for i in range(15)")
		}
	}
	require.NotNil(t, chart)
	assert.Equal(t, res.Charts[0].Key, chart.Key)
	assert.NotEmpty(t, chart.URL)

	// Lines arrive while the cell runs: each printed line's delay, from
	// the time the cell printed to the time the follower had it.
	var delays []float64
	var firstOut, cellEnd time.Time
	for i, ev := range evs {
		if ev.Kind == api.EventCellFinished && ev.Step == 1 {
			cellEnd = at[i]
		}
		if ev.Kind != api.EventOutput || ev.Step != 1 {
			continue
		}
		if firstOut.IsZero() {
			firstOut = at[i]
		}
		for _, line := range strings.Split(strings.TrimSpace(ev.Text), "\n") {
			var n int
			var printed float64
			if _, err := fmt.Sscanf(line, "tick %d at %f", &n, &printed); err == nil {
				delays = append(delays, at[i].Sub(time.UnixMilli(int64(printed*1000))).Seconds())
			}
		}
	}
	require.False(t, firstOut.IsZero())
	assert.Greater(t, cellEnd.Sub(firstOut), 2*time.Second, "the cell's first lines came only as it ended")
	sort.Float64s(delays)
	t.Logf("print-to-follower delay over %d lines: p50 %.3f s, p95 %.3f s, max %.3f s", len(delays),
		delays[len(delays)/2], delays[len(delays)*95/100], delays[len(delays)-1])

	// The same stream, read again after the analysis closed, from 0.
	again := follow(e, id)
	evs2, _ := again.wait(t)
	require.Len(t, evs2, len(evs))
	for i := range evs {
		assert.Equal(t, evs[i].StreamEvent, evs2[i].StreamEvent)
	}
}

// A worker killed with SIGKILL while the cell prints: the retry on the
// restarted worker finds the cell in its journal, and the stream holds the
// cell's output once, whole, in order: nothing repeated, nothing missing.
func TestFollowAcrossAWorkerKill(t *testing.T) {
	e := newEnv(t)
	id, run, worker := startStreamedCell(t, e, "stream-kill")
	f := follow(e, id)
	require.Eventually(t, func() bool {
		return f.seen(func(ev stream.Event) bool { return ev.Kind == api.EventOutput && strings.Contains(ev.Text, "tick 3 ") })
	}, 2*time.Minute, 20*time.Millisecond, "the cell's output never reached the follower")
	worker.kill9()
	worker.start()

	var res api.AnalysisResult
	require.NoError(t, run.Get(context.Background(), &res), "worker logs:\n%s", worker.Logs.String())
	assert.Equal(t, api.StatusAnswered, res.Status)
	evs, _ := f.wait(t)
	saveHistory(t, e, id, run.GetRunID(), "analysis-streamed-worker-kill.json")
	out := checkStream(t, e, id, evs)
	for i := 0; i < 15; i++ {
		assert.Equal(t, 1, strings.Count(out, fmt.Sprintf("tick %d at", i)), "tick %d", i)
	}
	assert.Contains(t, worker.Logs.String(), "retried cell: reconnecting")
	assert.Equal(t, api.EventEnded, evs[len(evs)-1].Kind)
}

// A conversation that continues as new after every turn keeps one stream:
// a follower reads both turns and the end, offsets growing across runs.
func TestFollowAConversationAcrossContinueAsNew(t *testing.T) {
	e := newEnv(t)
	id := "e2e-stream-can-" + time.Now().Format("150405.000")
	first := e.start(id, api.AnalysisInput{
		Question:     "What are total sales?",
		Model:        "script:conversation",
		Datasets:     []api.Dataset{{Name: "sales.csv", Content: salesCSV}},
		Conversation: &api.Conversation{IdleTimeout: "5m", PauseAfter: "0s", TurnsPerRun: 1},
	})
	f := follow(e, id)
	e.waitProgress(id, func(p api.Progress) bool { return p.Turn == 1 && p.Status == "waiting" })
	_, err := e.ask(id, api.AskInput{Question: "And doubled?"})
	require.NoError(t, err)
	e.waitProgress(id, func(p api.Progress) bool { return p.Turn == 2 && p.Status == "waiting" })
	require.NoError(t, e.Temporal.SignalWorkflow(context.Background(), id, "", api.EndSignal, nil))

	evs, _ := f.wait(t)
	checkStream(t, e, id, evs)
	var turns, answers []string
	for _, ev := range evs {
		switch ev.Kind {
		case api.EventStarted:
			turns = append(turns, fmt.Sprintf("%d: %s", ev.Turn, ev.Question))
		case api.EventAnswer:
			answers = append(answers, ev.Text)
		}
	}
	assert.Equal(t, []string{"1: What are total sales?", "2: And doubled?"}, turns)
	assert.Equal(t, []string{"Total sales are 60.", "Doubled, that is 120."}, answers)
	last := evs[len(evs)-1]
	assert.Equal(t, api.EventEnded, last.Kind)
	var res api.AnalysisResult
	require.NoError(t, e.Temporal.GetWorkflow(context.Background(), id, "").Get(context.Background(), &res))
	assert.Equal(t, 3, res.Conversation.Runs, "the stream went through two continue-as-news")
	saveHistory(t, e, id, first.GetRunID(), "conversation-streamed-first-run.json")
	saveHistory(t, e, id, e.Temporal.GetWorkflow(context.Background(), id, "").GetRunID(), "conversation-streamed-last-run.json")
}

// A worker whose stream window is 10 events (STREAM_MAX_EVENTS) drops the
// older ones: a follower from offset 0 starts at the first event held, and
// one from an offset no longer held is told where the stream now starts
// and goes on from there.
func TestFollowAWindowedStream(t *testing.T) {
	e := newEnv(t)
	id, run, _ := startStreamedCell(t, e, "stream-window", "STREAM_MAX_EVENTS=10")
	require.NoError(t, run.Get(context.Background(), nil))

	var read []stream.Event
	collect := func(ev stream.Event) error { read = append(read, ev); return nil }
	require.NoError(t, stream.Follow(context.Background(), e.Temporal, id, stream.FollowOptions{}, collect))
	require.Len(t, read, 10, "the window holds 10 events")
	base := read[0].At
	assert.Greater(t, base, int64(10))
	assert.Equal(t, api.EventEnded, read[9].Kind)

	_, err := e.Temporal.QueryWorkflow(context.Background(), id, "", api.StreamReadQuery, api.StreamPollInput{FromOffset: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("now starts at offset %d", base))

	read = nil
	require.NoError(t, stream.Follow(context.Background(), e.Temporal, id, stream.FollowOptions{From: 1}, collect))
	require.NotEmpty(t, read)
	assert.Equal(t, base, read[0].At, "a follower from a dropped offset goes on from where the stream starts")
}

// startStreamedCell starts a worker process of its own (with env's
// configuration and extra variables) on a task queue named from prefix,
// and the streamed-cell analysis on it.
func startStreamedCell(t *testing.T, e *env, prefix string, extra ...string) (string, client.WorkflowRun, *workerProcess) {
	t.Helper()
	cfg := e.Config
	cfg.TaskQueue = prefix + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	cfg.OpenAIModel = "script:streamed-cell"
	worker := startWorkerProcess(t, append(workerEnv(cfg), extra...))
	id := "e2e-" + prefix + "-" + time.Now().Format("150405.000")
	run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 5 * time.Minute,
	}, api.AnalysisWorkflowName, api.AnalysisInput{Question: "tick, then chart", Model: "script:streamed-cell"})
	require.NoError(t, err)
	return id, run, worker
}

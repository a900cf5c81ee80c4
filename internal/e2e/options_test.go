package e2e

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// testLogger is a logger like the harness's: into e.Logs, and the test log
// with -v.
func (e *env) testLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(io.MultiWriter(e.Logs, testWriter{e.t}), &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// replaceWorker stops the env's worker and starts another on the same task
// queue whose configuration is e.Config changed by mutate, with the real
// activities built from it.
func (e *env) replaceWorker(mutate func(*config.Worker)) {
	e.t.Helper()
	e.worker.Stop()
	cfg := e.Config
	mutate(&cfg)
	require.NoError(e.t, cfg.Validate())
	acts, err := activities.New(context.Background(), cfg, e.testLogger())
	require.NoError(e.t, err)
	e.worker = worker.New(e.Temporal, e.TaskQueue, worker.Options{})
	acts.Temporal = e.Temporal
	workflows.Register(e.worker, acts)
	require.NoError(e.t, e.worker.Start())
	e.t.Cleanup(e.worker.Stop)
	lw, err := workflows.StartLineWorker(e.Temporal, acts, worker.Options{})
	require.NoError(e.t, err)
	e.t.Cleanup(lw.Stop)
	require.NoError(e.t, sandboxes.EnsureSandboxLine(context.Background(), acts, e.TaskQueue, e.testLogger()))
	e.Config = cfg
}

// useOwnScripts points the worker at a second scripted model server that
// plays the scripts in this package's testdata/scripts (scripts only these
// tests need), with the same fake key, and returns it.
func (e *env) useOwnScripts() *scriptedmodel.Server {
	e.t.Helper()
	m, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: filepath.Join("testdata", "scripts"), APIKey: fakeOpenAIKey, Logger: e.testLogger()})
	require.NoError(e.t, err)
	url := serve(e.t, m.Handler()) + "/v1"
	e.replaceWorker(func(c *config.Worker) { c.OpenAIBaseURL = url })
	return m
}

// e2bClient is a client of the env's local E2B server, as the worker has.
func (e *env) e2bClient() *e2b.Client {
	e.t.Helper()
	c, err := e2b.NewClient(e2b.WithAPIKey(fakeE2BKey), e2b.WithAPIURL(e.E2BURL), e2b.WithSandboxURL(e.E2BURL))
	require.NoError(e.t, err)
	return c
}

// events returns every event of a workflow run, from the server.
func (e *env) events(id, runID string) []*historypb.HistoryEvent {
	e.t.Helper()
	it := e.Temporal.GetWorkflowHistory(context.Background(), id, runID, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	var evs []*historypb.HistoryEvent
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(e.t, err)
		evs = append(evs, ev)
	}
	return evs
}

// maxAttempts returns, per activity type, the highest attempt that started in
// a workflow run's history (a retried activity records only its last
// attempt's start).
func maxAttempts(evs []*historypb.HistoryEvent) map[string]int32 {
	types := map[int64]string{} // scheduled event id -> activity type
	out := map[string]int32{}
	for _, ev := range evs {
		if a := ev.GetActivityTaskScheduledEventAttributes(); a != nil {
			types[ev.EventId] = a.GetActivityType().GetName()
		}
		if a := ev.GetActivityTaskStartedEventAttributes(); a != nil {
			name := types[a.GetScheduledEventId()]
			out[name] = max(out[name], a.GetAttempt())
		}
	}
	return out
}

// pollUntil polls cond every 100 ms until it holds or d passes.
func pollUntil(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", d, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

package journal

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

func localSandbox(t *testing.T) (*e2blocal.Server, *e2b.Client, *e2b.Sandbox) {
	return acttest.LocalSandbox(t)
}

// runJournaled runs code as cell id under the journal, for timeout.
func runJournaled(ctx context.Context, a *activities.Activities, sb *e2b.Sandbox, id, code string, timeout time.Duration) (*e2b.Execution, error) {
	return run(ctx, a, sb, id, code, timeout, nil)
}

// counterCell increments /home/user/counter.txt, prints it, and draws a
// chart: each effect must happen once per cell id.
const counterCell = `import os, time
import matplotlib.pyplot as plt
time.sleep(%s)
n = int(open("counter.txt").read()) + 1 if os.path.exists("counter.txt") else 1
open("counter.txt", "w").write(str(n))
print("count", n)
plt.plot([1, 2, 3], [n, n + 1, n + 2])
plt.show()
n`

func counter(t *testing.T, sb *e2b.Sandbox) string {
	b, err := sb.Files().Read(context.Background(), "/home/user/counter.txt")
	require.NoError(t, err)
	return string(b)
}

func TestJournalRunsACellOnce(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	ctx := context.Background()
	code := strings.Replace(counterCell, "%s", "0", 1)

	first, err := runJournaled(ctx, a, sb, "cabc", code, time.Minute)
	require.NoError(t, err)
	require.Nil(t, first.Error)
	assert.Equal(t, "count 1\n", strings.Join(first.Logs.Stdout, ""))

	// The retry of the same cell id does not run it again.
	again, err := runJournaled(ctx, a, sb, "cabc", code, time.Minute)
	require.NoError(t, err)
	assert.Equal(t, "1", counter(t, sb))
	assert.Equal(t, "count 1\n", strings.Join(again.Logs.Stdout, ""))
	require.Nil(t, again.Error)
	var pngs, mains int
	for _, r := range again.Results {
		if r.PNG != "" {
			pngs++
			assert.True(t, strings.HasPrefix(r.PNG, "iVBORw0KGgo"), "a base64 PNG")
		}
		if r.IsMainResult {
			mains++
			assert.Equal(t, "1", r.Text)
		}
	}
	assert.Equal(t, 1, pngs, "the journal kept the chart")
	assert.Equal(t, 1, mains, "the journal kept the last expression")

	// Another cell id runs.
	_, err = runJournaled(ctx, a, sb, "cdef", code, time.Minute)
	require.NoError(t, err)
	assert.Equal(t, "2", counter(t, sb))

	names, err := Names(ctx, sb, "cdef")
	require.NoError(t, err)
	assert.Contains(t, names, "n")
	assert.Contains(t, names, "plt")
}

// A worker that dies mid-cell disconnects; the cell must finish anyway and
// the retry must collect its outputs without running it again.
func TestJournalSurvivesADisconnectMidCell(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	code := strings.Replace(counterCell, "%s", "2", 1)

	dying, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
	defer cancel()
	_, err := runJournaled(dying, a, sb, "cmid", code, time.Minute)
	require.Error(t, err, "the first attempt loses its connection")

	start := time.Now()
	exec, err := runJournaled(context.Background(), a, sb, "cmid", code, time.Minute)
	require.NoError(t, err)
	require.Nil(t, exec.Error, "the interrupt sent on disconnect did not stop the cell: %+v", exec.Error)
	assert.Equal(t, "count 1\n", strings.Join(exec.Logs.Stdout, ""))
	assert.Equal(t, "1", counter(t, sb), "ran exactly once")
	var pngs int
	for _, r := range exec.Results {
		if r.PNG != "" {
			pngs++
		}
	}
	assert.Equal(t, 1, pngs)
	t.Logf("retry waited %s for the first attempt's cell", time.Since(start).Round(time.Millisecond))
}

func TestJournalTimeoutStopsTheCell(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	exec, err := runJournaled(context.Background(), a, sb, "cslow", "import time\ntime.sleep(30)", time.Second)
	require.NoError(t, err)
	require.NotNil(t, exec.Error)
	assert.Equal(t, "TimeoutError", exec.Error.Name)
	// The kernel is usable afterwards.
	exec, err = runJournaled(context.Background(), a, sb, "cnext", "1 + 1", time.Minute)
	require.NoError(t, err)
	require.Nil(t, exec.Error)
}

func TestJournalNoticesALostKernel(t *testing.T) {
	srv, _, sb := localSandbox(t)
	a := &activities.Activities{}
	_, err := runJournaled(context.Background(), a, sb, "cone", "x = 42", time.Minute)
	require.NoError(t, err)
	require.NoError(t, srv.KillKernel(sb.ID))
	time.Sleep(200 * time.Millisecond)

	_, err = runJournaled(context.Background(), a, sb, "ctwo", "print(x)", time.Minute)
	require.Error(t, err, "a restarted kernel must not silently run cells without x")
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeSandboxLost, appErr.Type())
}

// The journal's line stays out of the way: a traceback at the top of the
// user's code shows the user's code, not the journal's machinery.
func TestJournalKeepsTracebacksClean(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	exec, err := runJournaled(context.Background(), a, sb, "ctb", "1/0", time.Minute)
	require.NoError(t, err)
	require.NotNil(t, exec.Error)
	assert.Equal(t, "ZeroDivisionError", exec.Error.Name)
	assert.Contains(t, exec.Error.Traceback, "1/0")
	assert.NotContains(t, exec.Error.Traceback, "b64decode")
	assert.Less(t, len(exec.Error.Traceback), 2000)
}

// A kernel that dies mid-cell is retried, and the retry finds out that the
// state is gone: the sandbox is lost, never a silent re-run in an empty kernel.
func TestJournalKernelDeathMidCell(t *testing.T) {
	srv, _, sb := localSandbox(t)
	a := &activities.Activities{}
	ctx := context.Background()
	_, err := runJournaled(ctx, a, sb, "cfirst", "x = 1", time.Minute)
	require.NoError(t, err)
	go func() {
		time.Sleep(700 * time.Millisecond)
		_ = srv.KillKernel(sb.ID)
	}()
	_, err = runJournaled(ctx, a, sb, "cdies", "import time\ntime.sleep(5)\nprint('finished')", time.Minute)
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeUnavailable, appErr.Type(), "retryable: the journal decides on the retry")
	assert.False(t, appErr.NonRetryable())

	_, err = runJournaled(ctx, a, sb, "cdies", "import time\ntime.sleep(5)\nprint('finished')", time.Minute)
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeSandboxLost, appErr.Type())
}

func TestJournalAcceptsFutureImports(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	exec, err := runJournaled(context.Background(), a, sb, "cfut", "# typed\nfrom __future__ import annotations\ndef f(x: Undefined) -> int:\n    return 1\nf(0)", time.Minute)
	require.NoError(t, err)
	require.Nil(t, exec.Error, "got %+v", exec.Error)
	require.Len(t, exec.Results, 1)
	assert.Equal(t, "1", exec.Results[0].Text)
	// And the journal still holds: the same id does not run twice.
	again, err := runJournaled(context.Background(), a, sb, "cfut", "from __future__ import annotations\nprint('again')", time.Minute)
	require.NoError(t, err)
	assert.Empty(t, again.Logs.Stdout)
}

func TestTracebacksCountTheUsersLines(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	exec, err := runJournaled(context.Background(), a, sb, "clines", "import json\nx = 1\njson.loads('{')", time.Minute)
	require.NoError(t, err)
	require.NotNil(t, exec.Error)
	tb := exec.Error.Traceback
	assert.Regexp(t, `Cell In ?\[\d+\], line 3\n`, tb, "the error is on the user's line 3")
	assert.Contains(t, tb, "----> 3 json.loads('{')")
	assert.Contains(t, tb, "      1 import json")
	assert.Contains(t, tb, "json/__init__.py:346", "other files keep their line numbers")
	assert.NotContains(t, tb, "__da_begin")
}

func TestUserLineNumbers(t *testing.T) {
	in := "---JSONDecodeError   Traceback (most recent call last)Cell In [3], line 4\n" +
		"      1 __da_begin(\"c\", 600)\n      2 import json\n----> 4 json.loads('{')\n" +
		"File /usr/lib/python3.11/json/__init__.py:346, in loads(s)\n    345 x\n--> 346     return y\nJSONDecodeError: bad"
	want := "---JSONDecodeError   Traceback (most recent call last)Cell In [3], line 3\n" +
		"      1 import json\n----> 3 json.loads('{')\n" +
		"File /usr/lib/python3.11/json/__init__.py:346, in loads(s)\n    345 x\n--> 346     return y\nJSONDecodeError: bad"
	assert.Equal(t, want, userLineNumbers(in))
}

// onceStarted calls f once the journal shows cell id started (or cannot be read).
func onceStarted(sb *e2b.Sandbox, id string, f func()) {
	for {
		if st, err := ReadState(context.Background(), sb, id); err != nil || st != NotStarted {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	f()
}

// What a retry finds in the journal after its worker died mid-cell: the
// cell running, then done; the retry collects it without running it again.
func TestJournalStateAcrossADisconnect(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	ctx := context.Background()
	code := strings.Replace(counterCell, "%s", "3", 1)

	_, err := runJournaled(ctx, a, sb, "cwarm", "x = 1", time.Minute) // the journal is in the kernel
	require.NoError(t, err)
	st, err := ReadState(ctx, sb, "cstate")
	require.NoError(t, err)
	assert.Equal(t, NotStarted, st)

	dying, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_, err = runJournaled(dying, a, sb, "cstate", code, time.Minute)
	require.Error(t, err, "the first attempt loses its connection")
	st, err = ReadState(ctx, sb, "cstate")
	require.NoError(t, err)
	assert.Equal(t, Running, st, "got %s, want the cell still running after its client went away", st)

	require.Eventually(t, func() bool {
		st, err = ReadState(ctx, sb, "cstate")
		return err == nil && st == Done
	}, time.Minute, 100*time.Millisecond, "the cell never finished; last state %s", st)
	exec, err := Read(ctx, sb, "cstate")
	require.NoError(t, err)
	assert.Equal(t, "count 1\n", strings.Join(exec.Logs.Stdout, ""))
	assert.Equal(t, "1", counter(t, sb), "ran exactly once")
}

// Only a cancellation stops a cell: the worker marks the cell cancelled
// before it lets go, and the journal lets the server's interrupt through.
// Any other end of the context (a worker going away, a heartbeat timeout)
// leaves the cell running, as TestJournalSurvivesADisconnectMidCell shows.
func TestCancellationInterruptsTheCell(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	code := "import time\nfor _ in range(300):\n    time.sleep(0.1)\nopen('finished.txt', 'w').write('yes')"

	_, err := runJournaled(context.Background(), a, sb, "cwarm", "x = 1", time.Minute) // the journal is in the kernel
	require.NoError(t, err)
	ctx, cancel := context.WithCancelCause(context.Background())
	go onceStarted(sb, "ccancel", func() { cancel(temporal.NewCanceledError("workflow cancelled")) })
	_, err = runJournaled(ctx, a, sb, "ccancel", code, time.Minute)
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "cancel"), "got %v, want a cancellation", err)

	// The retry (here: the next call) finds the cell stopped by the interrupt.
	exec, err := runJournaled(context.Background(), a, sb, "ccancel", code, time.Minute)
	require.NoError(t, err)
	require.NotNil(t, exec.Error, "the cancelled cell ran to its end")
	assert.Equal(t, "KeyboardInterrupt", exec.Error.Name)
	ok, err := sb.Files().Exists(context.Background(), "/home/user/finished.txt")
	require.NoError(t, err)
	assert.False(t, ok, "the cancelled cell went on after the interrupt")
	ok, err = sb.Files().Exists(context.Background(), journalDir+"/ccancel.cancel")
	require.NoError(t, err)
	assert.False(t, ok, "the journal keeps the cancel mark after the cell ended")

	// The kernel is usable afterwards and kept its state.
	exec, err = runJournaled(context.Background(), a, sb, "cafter", "time.sleep(0); 1 + 1", time.Minute)
	require.NoError(t, err)
	require.Nil(t, exec.Error, "got %+v", exec.Error)

	// A cell cancelled before its turn came (queued behind another, or
	// still being set up) does not start.
	_, err = sb.Files().Write(context.Background(), journalDir+"/cearly.cancel", []byte("cancelled"))
	require.NoError(t, err)
	exec, err = runJournaled(context.Background(), a, sb, "cearly", "open('early.txt', 'w').write('ran')", time.Minute)
	require.NoError(t, err)
	require.NotNil(t, exec.Error, "a cell cancelled before it began ran")
	assert.Equal(t, "KeyboardInterrupt", exec.Error.Name)
	ok, err = sb.Files().Exists(context.Background(), "/home/user/early.txt")
	require.NoError(t, err)
	assert.False(t, ok, "a cell cancelled before it began ran")
}

// Each step reconnects with the sandbox timeout, which renews its lifetime:
// a sandbox in use never expires, an idle one does.
func TestStepsRenewTheSandboxLifetime(t *testing.T) {
	_, c, _ := localSandbox(t)
	ctx := context.Background()
	a := &activities.Activities{E2B: c, SandboxTimeout: 3 * time.Second}
	used, err := c.Create(ctx, e2b.CreateParams{Template: "code-interpreter-v1", Timeout: 3 * time.Second})
	require.NoError(t, err)
	idle, err := c.Create(ctx, e2b.CreateParams{Template: "code-interpreter-v1", Timeout: 3 * time.Second})
	require.NoError(t, err)
	for i := 0; i < 7; i++ {
		time.Sleep(time.Second)
		_, err := Connect(ctx, a, used.ID)
		require.NoError(t, err, "renewal %d", i)
	}
	_, err = c.GetInfo(ctx, used.ID)
	assert.NoError(t, err, "the sandbox in use is alive after 7 s with a 3 s timeout")
	_, err = c.GetInfo(ctx, idle.ID)
	assert.True(t, e2b.IsNotFound(err), "the idle sandbox expired: got %v", err)
}

func TestJournalMetrics(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &activities.Activities{}
	env, scope := acttest.MetricsEnv()
	// The same cell twice, as a retry would send it: run once, then
	// answered from the journal.
	env.RegisterActivityWithOptions(func(ctx context.Context) error {
		for range 2 {
			if _, err := runJournaled(ctx, a, sb, "cmetrics", "x = 1", time.Minute); err != nil {
				return err
			}
		}
		return nil
	}, activity.RegisterOptions{Name: "TwoAttempts"})
	_, err := env.ExecuteActivity("TwoAttempts")
	require.NoError(t, err)
	acttest.CheckCounters(t, acttest.Counters(scope, map[string]string{"activity_type": "TwoAttempts"}), map[string]int64{
		activities.MetricCellsRun: 1, activities.MetricCellsFromJournal: 1,
	})

	// Outside an activity (as the journal tests call it) nothing is
	// counted and nothing breaks.
	_, err = runJournaled(context.Background(), a, sb, "coutside", "y = 2", time.Minute)
	require.NoError(t, err)
	acttest.CheckCounters(t, acttest.Counters(scope, nil), map[string]int64{activities.MetricCellsRun: 1})
}

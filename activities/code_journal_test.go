package activities

import (
	"context"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// localSandbox starts a local E2B server and one sandbox on it.
func localSandbox(t *testing.T) (*e2blocal.Server, *e2b.Client, *e2b.Sandbox) {
	t.Helper()
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	srv, err := e2blocal.New(e2blocal.Config{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	c, err := e2b.NewClient(e2b.WithAPIKey("local"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL))
	require.NoError(t, err)
	sb, err := c.Create(context.Background(), e2b.CreateParams{Template: "code-interpreter-v1", Timeout: 5 * time.Minute})
	require.NoError(t, err)
	return srv, c, sb
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
	a := &Activities{}
	ctx := context.Background()
	code := strings.Replace(counterCell, "%s", "0", 1)

	first, err := a.runJournaled(ctx, sb, "cabc", code, time.Minute)
	require.NoError(t, err)
	require.Nil(t, first.Error)
	assert.Equal(t, "count 1\n", strings.Join(first.Logs.Stdout, ""))

	// The retry of the same cell id does not run it again.
	again, err := a.runJournaled(ctx, sb, "cabc", code, time.Minute)
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
	_, err = a.runJournaled(ctx, sb, "cdef", code, time.Minute)
	require.NoError(t, err)
	assert.Equal(t, "2", counter(t, sb))

	names, err := a.cellNames(ctx, sb, "cdef")
	require.NoError(t, err)
	assert.Contains(t, names, "n")
	assert.Contains(t, names, "plt")
}

// A worker that dies mid-cell disconnects; the cell must finish anyway and
// the retry must collect its outputs without running it again.
func TestJournalSurvivesADisconnectMidCell(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &Activities{}
	code := strings.Replace(counterCell, "%s", "2", 1)

	dying, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
	defer cancel()
	_, err := a.runJournaled(dying, sb, "cmid", code, time.Minute)
	require.Error(t, err, "the first attempt loses its connection")

	start := time.Now()
	exec, err := a.runJournaled(context.Background(), sb, "cmid", code, time.Minute)
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
	a := &Activities{}
	exec, err := a.runJournaled(context.Background(), sb, "cslow", "import time\ntime.sleep(30)", time.Second)
	require.NoError(t, err)
	require.NotNil(t, exec.Error)
	assert.Equal(t, "TimeoutError", exec.Error.Name)
	// The kernel is usable afterwards.
	exec, err = a.runJournaled(context.Background(), sb, "cnext", "1 + 1", time.Minute)
	require.NoError(t, err)
	require.Nil(t, exec.Error)
}

func TestJournalNoticesALostKernel(t *testing.T) {
	srv, _, sb := localSandbox(t)
	a := &Activities{}
	_, err := a.runJournaled(context.Background(), sb, "cone", "x = 42", time.Minute)
	require.NoError(t, err)
	require.NoError(t, srv.KillKernel(sb.ID))
	time.Sleep(200 * time.Millisecond)

	_, err = a.runJournaled(context.Background(), sb, "ctwo", "print(x)", time.Minute)
	require.Error(t, err, "a restarted kernel must not silently run cells without x")
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeSandboxLost, appErr.Type())
}

// The journal's line stays out of the way: a traceback at the top of the
// user's code shows the user's code, not the journal's machinery.
func TestJournalKeepsTracebacksClean(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &Activities{}
	exec, err := a.runJournaled(context.Background(), sb, "ctb", "1/0", time.Minute)
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
	a := &Activities{}
	ctx := context.Background()
	_, err := a.runJournaled(ctx, sb, "cfirst", "x = 1", time.Minute)
	require.NoError(t, err)
	go func() {
		time.Sleep(700 * time.Millisecond)
		_ = srv.KillKernel(sb.ID)
	}()
	_, err = a.runJournaled(ctx, sb, "cdies", "import time\ntime.sleep(5)\nprint('finished')", time.Minute)
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeUnavailable, appErr.Type(), "retryable: the journal decides on the retry")
	assert.False(t, appErr.NonRetryable())

	_, err = a.runJournaled(ctx, sb, "cdies", "import time\ntime.sleep(5)\nprint('finished')", time.Minute)
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeSandboxLost, appErr.Type())
}

func TestJournalAcceptsFutureImports(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &Activities{}
	exec, err := a.runJournaled(context.Background(), sb, "cfut", "# typed\nfrom __future__ import annotations\ndef f(x: Undefined) -> int:\n    return 1\nf(0)", time.Minute)
	require.NoError(t, err)
	require.Nil(t, exec.Error, "got %+v", exec.Error)
	require.Len(t, exec.Results, 1)
	assert.Equal(t, "1", exec.Results[0].Text)
	// And the journal still holds: the same id does not run twice.
	again, err := a.runJournaled(context.Background(), sb, "cfut", "from __future__ import annotations\nprint('again')", time.Minute)
	require.NoError(t, err)
	assert.Empty(t, again.Logs.Stdout)
}

func TestTracebacksCountTheUsersLines(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &Activities{}
	exec, err := a.runJournaled(context.Background(), sb, "clines", "import json\nx = 1\njson.loads('{')", time.Minute)
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

func TestHeartbeatInterval(t *testing.T) {
	for _, tc := range []struct{ timeout, want time.Duration }{
		{4 * time.Second, 4 * time.Second / 3},
		{time.Minute, 20 * time.Second},
		{0, 2 * time.Second},
		{150 * time.Millisecond, 100 * time.Millisecond},
	} {
		if got := heartbeatInterval(tc.timeout); got != tc.want {
			t.Errorf("heartbeat timeout %s: got every %s, want %s", tc.timeout, got, tc.want)
		}
	}
}

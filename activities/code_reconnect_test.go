package activities

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// onceStarted calls f once the journal shows cell id started (or cannot be read).
func onceStarted(a *Activities, sb *e2b.Sandbox, id string, f func()) {
	for {
		if st, err := a.journalState(context.Background(), sb, id); err != nil || st != cellNotStarted {
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
	a := &Activities{}
	ctx := context.Background()
	code := strings.Replace(counterCell, "%s", "3", 1)

	_, err := a.runJournaled(ctx, sb, "cwarm", "x = 1", time.Minute) // the journal is in the kernel
	require.NoError(t, err)
	st, err := a.journalState(ctx, sb, "cstate")
	require.NoError(t, err)
	assert.Equal(t, cellNotStarted, st)

	dying, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_, err = a.runJournaled(dying, sb, "cstate", code, time.Minute)
	require.Error(t, err, "the first attempt loses its connection")
	st, err = a.journalState(ctx, sb, "cstate")
	require.NoError(t, err)
	assert.Equal(t, cellRunning, st, "got %s, want the cell still running after its client went away", st)

	require.Eventually(t, func() bool {
		st, err = a.journalState(ctx, sb, "cstate")
		return err == nil && st == cellDone
	}, time.Minute, 100*time.Millisecond, "the cell never finished; last state %s", st)
	exec, err := a.readJournal(ctx, sb, "cstate")
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
	a := &Activities{}
	code := "import time\nfor _ in range(300):\n    time.sleep(0.1)\nopen('finished.txt', 'w').write('yes')"

	_, err := a.runJournaled(context.Background(), sb, "cwarm", "x = 1", time.Minute) // the journal is in the kernel
	require.NoError(t, err)
	ctx, cancel := context.WithCancelCause(context.Background())
	go onceStarted(a, sb, "ccancel", func() { cancel(temporal.NewCanceledError("workflow cancelled")) })
	_, err = a.runJournaled(ctx, sb, "ccancel", code, time.Minute)
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "cancel"), "got %v, want a cancellation", err)

	// The retry (here: the next call) finds the cell stopped by the interrupt.
	exec, err := a.runJournaled(context.Background(), sb, "ccancel", code, time.Minute)
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
	exec, err = a.runJournaled(context.Background(), sb, "cafter", "time.sleep(0); 1 + 1", time.Minute)
	require.NoError(t, err)
	require.Nil(t, exec.Error, "got %+v", exec.Error)

	// A cell cancelled before its turn came (queued behind another, or
	// still being set up) does not start.
	_, err = sb.Files().Write(context.Background(), journalDir+"/cearly.cancel", []byte("cancelled"))
	require.NoError(t, err)
	exec, err = a.runJournaled(context.Background(), sb, "cearly", "open('early.txt', 'w').write('ran')", time.Minute)
	require.NoError(t, err)
	require.NotNil(t, exec.Error, "a cell cancelled before it began ran")
	assert.Equal(t, "KeyboardInterrupt", exec.Error.Name)
	ok, err = sb.Files().Exists(context.Background(), "/home/user/early.txt")
	require.NoError(t, err)
	assert.False(t, ok, "a cell cancelled before it began ran")
}

// RunCode's retry, on real parts (a local sandbox running Python, versitygw):
// a cell still running is waited for, a cell that finished while no worker
// was attached is read from the journal; neither runs again.
func TestRunCodeRetryReconnects(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an S3 server and a sandbox")
	}
	srv, c, sb := localSandbox(t)
	a := S3Activities(t)
	a.E2B, a.SandboxTimeout, a.MaxOutputBytes = c, 5*time.Minute, 8192
	ctx := context.Background()
	_, err := a.runJournaled(ctx, sb, "cwarm", "x = 1", time.Minute) // the journal is in the kernel
	require.NoError(t, err)

	tests := []struct {
		name      string
		step      int
		sleep     string
		waitDone  bool
		wantState cellState
		wantExecs int // executions the retry sends
		want      map[string]int64
	}{
		{"still running", 1, "3", false, cellRunning, 1, map[string]int64{MetricCellsReconnected: 1, MetricCellsFromJournal: 1, MetricCellsRun: 0}},
		{"finished unattached", 2, "0", true, cellDone, 0, map[string]int64{MetricCellsReconnected: 0, MetricCellsFromJournal: 1, MetricCellsRun: 0}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := RunCodeInput{WorkflowID: "wf-reconnect", RunID: "r1", SandboxID: sb.ID, Step: tc.step, CallID: "call", Code: strings.Replace(counterCell, "%s", tc.sleep, 1)}
			id := cellID(in)
			// The first attempt: its worker goes away once the cell started.
			dying, cancel := context.WithCancel(ctx)
			go onceStarted(a, sb, id, cancel)
			_, err := a.runJournaled(dying, sb, id, in.Code, time.Minute)
			require.Error(t, err, "the first attempt loses its connection")
			if tc.waitDone {
				require.Eventually(t, func() bool {
					st, err := a.journalState(ctx, sb, id)
					return err == nil && st == cellDone
				}, time.Minute, 50*time.Millisecond)
			}
			st, err := a.journalState(ctx, sb, id)
			require.NoError(t, err)
			require.Equal(t, tc.wantState, st, "got %s", st)

			// The retry, which carries the first attempt's heartbeat.
			execs := srv.ExecCount(sb.ID)
			env, scope := metricsEnv()
			a.Register(env)
			env.SetHeartbeatDetails(CellHeartbeat{Step: tc.step, CellID: id, Attempt: 1})
			res, err := (&activityRunner{env: env, a: a}).run(in)
			require.NoError(t, err)
			require.Nil(t, res.Error, "%s", res.Output)
			assert.Contains(t, res.Output, fmt.Sprintf("count %d", i+1))
			assert.Equal(t, strconv.Itoa(i+1), counter(t, sb), "the cell ran once")
			require.Len(t, res.Charts, 1, "the chart the first attempt's run drew")
			checkCounters(t, counters(scope, nil), tc.want)
			if got := srv.ExecCount(sb.ID) - execs; got != tc.wantExecs {
				t.Errorf("the retry sent %d executions, want %d", got, tc.wantExecs)
			}
		})
	}

	// A kernel that died under the running cell: the retry finds the
	// journal gone and reports the sandbox lost, so the workflow rebuilds.
	in := RunCodeInput{WorkflowID: "wf-reconnect", RunID: "r1", SandboxID: sb.ID, Step: 3, CallID: "call", Code: "import time\ntime.sleep(30)"}
	dying, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = a.runJournaled(dying, sb, cellID(in), in.Code, time.Minute)
	require.Error(t, err)
	require.NoError(t, srv.KillKernel(sb.ID))
	// A retry that catches the kernel still dying gets the server's
	// DeadKernelError, which is retryable; the attempt after it decides.
	var appErr *temporal.ApplicationError
	for range 2 {
		env, _ := metricsEnv()
		a.Register(env)
		env.SetHeartbeatDetails(CellHeartbeat{Step: 3, CellID: cellID(in), Attempt: 1})
		_, err = (&activityRunner{env: env, a: a}).run(in)
		require.ErrorAs(t, err, &appErr)
		if appErr.NonRetryable() {
			break
		}
	}
	assert.Equal(t, api.ErrTypeSandboxLost, appErr.Type(), "got %v", err)
}

package tools

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
)

// countingCell sleeps %s seconds, adds one to counter.txt, prints it and
// draws a chart: each effect must happen once per cell.
const countingCell = "import os, time\nimport matplotlib.pyplot as plt\ntime.sleep(%s)\n" +
	"n = int(open('counter.txt').read()) + 1 if os.path.exists('counter.txt') else 1\nopen('counter.txt', 'w').write(str(n))\n" +
	"print('count', n)\nplt.plot([1, 2, 3], [n, n + 1, n + 2])\nplt.show()\nn"

// RunCode's retry, on real parts (a local sandbox running Python, versitygw):
// a cell still running is waited for, a cell that finished while no worker
// was attached is read from the journal; neither runs again.
func TestRunCodeRetryReconnects(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an S3 server and a sandbox")
	}
	srv, c, sb := acttest.LocalSandbox(t)
	a, _, _ := outputsEnv(t)
	a.E2B = c
	ctx := context.Background()
	_, err := journal.Run(ctx, a, sb, "cwarm", "x = 1", nil) // the journal is in the kernel
	require.NoError(t, err)

	tests := []struct {
		name      string
		step      int
		sleep     string
		waitDone  bool
		wantState journal.State
		wantExecs int // executions the retry sends
		want      map[string]int64
	}{
		{"still running", 1, "3", false, journal.Running, 1, map[string]int64{activities.MetricCellsReconnected: 1, activities.MetricCellsFromJournal: 1, activities.MetricCellsRun: 0}},
		{"finished unattached", 2, "0", true, journal.Done, 0, map[string]int64{activities.MetricCellsReconnected: 0, activities.MetricCellsFromJournal: 1, activities.MetricCellsRun: 0}},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := RunCodeInput{WorkflowID: "wf-reconnect", RunID: "r1", SandboxID: sb.ID, Step: tc.step, CallID: "call", Code: strings.Replace(countingCell, "%s", tc.sleep, 1)}
			id := journal.CellID(in.WorkflowID, in.RunID, in.Step, in.Cell, in.CallID)
			// The first attempt: its worker goes away once the cell started.
			dying, cancel := context.WithCancel(ctx)
			go func() {
				// Let go once the journal shows the cell started.
				for st, err := journal.ReadState(ctx, sb, id); err == nil && st == journal.NotStarted; st, err = journal.ReadState(ctx, sb, id) {
					time.Sleep(20 * time.Millisecond)
				}
				cancel()
			}()
			_, err := journal.Run(dying, a, sb, id, in.Code, nil)
			require.Error(t, err, "the first attempt loses its connection")
			if tc.waitDone {
				require.Eventually(t, func() bool {
					st, err := journal.ReadState(ctx, sb, id)
					return err == nil && st == journal.Done
				}, time.Minute, 50*time.Millisecond)
			}
			st, err := journal.ReadState(ctx, sb, id)
			require.NoError(t, err)
			require.Equal(t, tc.wantState, st, "got %s", st)

			// The retry, which carries the first attempt's heartbeat.
			execs := srv.ExecCount(sb.ID)
			env, scope := acttest.MetricsEnv()
			New(a).Register(env)
			env.SetHeartbeatDetails(CellHeartbeat{Step: tc.step, CellID: id, Attempt: 1})
			res, err := (&activityRunner{env: env}).run(in)
			require.NoError(t, err)
			require.Nil(t, res.Error, "%s", res.Output)
			assert.Contains(t, res.Output, fmt.Sprintf("count %d", i+1))
			n, err := sb.Files().Read(ctx, "/home/user/counter.txt")
			require.NoError(t, err)
			assert.Equal(t, strconv.Itoa(i+1), string(n), "the cell ran once")
			require.Len(t, res.Charts, 1, "the chart the first attempt's run drew")
			acttest.CheckCounters(t, acttest.Counters(scope, nil), tc.want)
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
	_, err = journal.Run(dying, a, sb, journal.CellID(in.WorkflowID, in.RunID, in.Step, in.Cell, in.CallID), in.Code, nil)
	require.Error(t, err)
	require.NoError(t, srv.KillKernel(sb.ID))
	// A retry that catches the kernel still dying gets the server's
	// DeadKernelError, which is retryable; the attempt after it decides.
	var appErr *temporal.ApplicationError
	for range 2 {
		env, _ := acttest.MetricsEnv()
		New(a).Register(env)
		env.SetHeartbeatDetails(CellHeartbeat{Step: 3, CellID: journal.CellID(in.WorkflowID, in.RunID, in.Step, in.Cell, in.CallID), Attempt: 1})
		_, err = (&activityRunner{env: env}).run(in)
		require.ErrorAs(t, err, &appErr)
		if appErr.NonRetryable() {
			break
		}
	}
	assert.Equal(t, api.ErrTypeSandboxLost, appErr.Type(), "got %v", err)
}

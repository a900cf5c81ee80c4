package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

// The local stack as a newcomer runs it: `make run` is `go run
// ./cmd/devstack -workers 2`; these tests run the same program, built,
// with its state in a directory of their own (-dir) and the worker and
// starter built into another (-bin), and drive it from outside.

// buildDevstack builds cmd/devstack once per test binary.
var buildDevstack = sync.OnceValues(func() (string, error) {
	root, err := repoPathErr()
	if err != nil {
		return "", err
	}
	out, err := builtPath("devstack")
	if err != nil {
		return "", err
	}
	cmd := exec.Command("go", "build", "-o", out, "./cmd/devstack")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./cmd/devstack: %v\n%s", err, b)
	}
	return out, nil
})

// localStack is one run of cmd/devstack.
type localStack struct {
	t        *testing.T
	cmd      *exec.Cmd
	stdout   syncBuffer
	stderr   syncBuffer
	done     chan struct{}
	exitErr  error
	address  string // the Temporal frontend from the banner
	stateDir string
}

// startLocalStack starts cmd/devstack with its state in stateDir and waits
// until its banner says it is running. The stack is killed when the test
// ends, unless it was stopped.
func startLocalStack(t *testing.T, stateDir, binDir string) *localStack {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test on real servers; skipped in -short mode")
	}
	bin, err := buildDevstack()
	require.NoError(t, err)
	root, err := repoPathErr()
	require.NoError(t, err)
	s := &localStack{t: t, done: make(chan struct{}), stateDir: stateDir}
	s.cmd = exec.Command(bin, "-dir", stateDir, "-bin", binDir, "-workers", "2")
	s.cmd.Dir = root
	// The local stand-ins and a generated key, whatever the shell has.
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "E2B_API_KEY", "OPENAI_API_KEY", "PAYLOAD_KEYS", "PAYLOAD_KEY_FILE", "WORKERS", "TEMPORAL_WORKER_VERSIONING", "TEMPORAL_BUILD_ID":
			continue
		}
		s.cmd.Env = append(s.cmd.Env, kv)
	}
	s.cmd.Stdout, s.cmd.Stderr = &s.stdout, &s.stderr
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, s.cmd.Start())
	go func() {
		s.exitErr = s.cmd.Wait()
		close(s.done)
	}()
	t.Cleanup(func() {
		select {
		case <-s.done:
		default:
			_ = s.cmd.Process.Signal(syscall.SIGINT)
			select {
			case <-s.done:
			case <-time.After(time.Minute):
				_ = s.cmd.Process.Kill()
				<-s.done
			}
		}
		if t.Failed() {
			t.Logf("devstack stderr:\n%s", s.stderr.String())
		}
	})
	s.waitFor(&s.stderr, "running; press Ctrl-C to stop", 5*time.Minute)
	m := regexp.MustCompile(`Temporal frontend\s+(\S+)`).FindStringSubmatch(s.stdout.String())
	require.NotNil(t, m, "no Temporal frontend in the banner:\n%s", s.stdout.String())
	s.address = m[1]
	assert.Contains(t, s.stdout.String(), "2 processes on task queue", "the banner tells how many workers run")
	assert.Contains(t, s.stdout.String(), "kept in "+stateDir, "the banner tells where the state is")
	return s
}

// waitFor waits until buf contains text; it fails when the stack exits first.
func (s *localStack) waitFor(buf *syncBuffer, text string, timeout time.Duration) {
	s.t.Helper()
	deadline := time.After(timeout)
	for !strings.Contains(buf.String(), text) {
		select {
		case <-s.done:
			s.t.Fatalf("devstack exited (%v) before it said %q; stderr:\n%s", s.exitErr, text, s.stderr.String())
		case <-deadline:
			s.t.Fatalf("devstack did not say %q within %s; stderr:\n%s", text, timeout, s.stderr.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// interrupt sends SIGINT, as Ctrl-C does, and returns the exit status.
func (s *localStack) interrupt() int {
	s.t.Helper()
	require.NoError(s.t, s.cmd.Process.Signal(syscall.SIGINT))
	select {
	case <-s.done:
	case <-time.After(2 * time.Minute):
		s.t.Fatalf("devstack still running 2 minutes after SIGINT; stderr:\n%s", s.stderr.String())
	}
	return s.cmd.ProcessState.ExitCode()
}

// client connects to the stack's Temporal with the stack's payload key.
func (s *localStack) client() client.Client {
	s.t.Helper()
	tc := config.Temporal{TemporalAddress: s.address, TemporalNamespace: "default", PayloadKeyFile: filepath.Join(s.stateDir, "payload-keys")}
	o, err := tc.ClientOptions()
	require.NoError(s.t, err)
	o.Logger = tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	c, err := client.Dial(o)
	require.NoError(s.t, err)
	s.t.Cleanup(c.Close)
	return c
}

// workerPids returns the pids of the processes polling the analysis task
// queue for workflow tasks (the SDK's identity starts with the pid).
func workerPids(t *testing.T, c client.Client) map[int]bool {
	t.Helper()
	resp, err := c.DescribeTaskQueue(context.Background(), "analysis", enumspb.TASK_QUEUE_TYPE_WORKFLOW)
	require.NoError(t, err)
	pids := map[int]bool{}
	for _, p := range resp.GetPollers() {
		if pid, err := strconv.Atoi(strings.SplitN(p.GetIdentity(), "@", 2)[0]); err == nil && processAlive(pid) {
			pids[pid] = true
		}
	}
	return pids
}

func processAlive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// parentPid reads a process's parent from /proc.
func parentPid(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// pid (comm) state ppid …; comm may hold spaces, so cut at the last ')'.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}

// startLongCell starts an analysis whose one cell runs 30 s (it counts its
// own runs, so a cell run twice fails the analysis) and waits until the
// cell runs; it returns the run and the pid of the worker running it.
func startLongCell(t *testing.T, c client.Client, id string) (client.WorkflowRun, int) {
	t.Helper()
	ctx := context.Background()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: "analysis"},
		api.AnalysisWorkflowName, api.AnalysisInput{Question: "run the long cell", Model: "script:long-cell"})
	require.NoError(t, err)
	var pid int
	require.Eventually(t, func() bool {
		d, err := c.DescribeWorkflowExecution(ctx, id, "")
		if err != nil {
			return false
		}
		for _, p := range d.GetPendingActivities() {
			if p.GetActivityType().GetName() == tools.RunCodeName && p.GetState() == enumspb.PENDING_ACTIVITY_STATE_STARTED {
				pid, err = strconv.Atoi(strings.SplitN(p.GetLastWorkerIdentity(), "@", 2)[0])
				return err == nil
			}
		}
		return false
	}, 3*time.Minute, 100*time.Millisecond, "the cell of %s never ran", id)
	return run, pid
}

// answered waits for the analysis' result and checks it answered.
func answered(t *testing.T, run client.WorkflowRun) api.AnalysisResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res), "analysis %s", run.GetID())
	require.Equal(t, api.StatusAnswered, res.Status, "analysis %s: %+v", run.GetID(), res)
	return res
}

// TestLocalStackSurvivesWorkerDeathAndRestart: make run's promise on the
// default path. kill -9 of the worker running a cell → the analysis
// completes (the cell runs once), the stack stays up and the killed
// worker is back; Ctrl-C exits 0; a restart on the same state directory
// keeps the finished analysis' result and completes the one that was
// running when it stopped; Ctrl-C exits 0 again.
func TestLocalStackSurvivesWorkerDeathAndRestart(t *testing.T) {
	state, bin := filepath.Join(t.TempDir(), "state"), t.TempDir()
	stack := startLocalStack(t, state, bin)
	c := stack.client()
	require.Eventually(t, func() bool { return len(workerPids(t, c)) == 2 }, time.Minute, 200*time.Millisecond, "two worker processes poll")

	// kill -9 of the worker in the cell.
	first, victim := startLongCell(t, c, "localstack-killed")
	require.Equal(t, stack.cmd.Process.Pid, parentPid(victim), "the cell runs in one of devstack's workers")
	require.NoError(t, syscall.Kill(victim, syscall.SIGKILL))
	stack.waitFor(&stack.stderr, fmt.Sprintf("(pid %d) died: signal: killed", victim), time.Minute)
	restarted := regexp.MustCompile(`worker-\d+ restarted \(pid (\d+)\)`)
	stack.waitFor(&stack.stderr, " restarted (pid ", time.Minute)
	m := restarted.FindStringSubmatch(stack.stderr.String())
	require.NotNil(t, m)
	back, _ := strconv.Atoi(m[1])
	require.Eventually(t, func() bool {
		pids := workerPids(t, c)
		return len(pids) == 2 && pids[back] && !pids[victim]
	}, time.Minute, 200*time.Millisecond, "the killed worker is back: two workers poll, one of them the restarted %d", back)
	res := answered(t, first)
	assert.Contains(t, res.Answer, "done")
	select {
	case <-stack.done:
		t.Fatalf("devstack exited after a worker died: %v", stack.exitErr)
	default:
	}

	// A second analysis is in its cell when the stack stops.
	_, _ = startLongCell(t, c, "localstack-running")
	assert.Equal(t, 0, stack.interrupt(), "Ctrl-C exits 0; stderr:\n%s", stack.stderr.String())
	assert.Contains(t, stack.stderr.String(), "stopping")

	// The same state directory: everything is still there.
	stack = startLocalStack(t, state, bin)
	c = stack.client()
	again := answered(t, c.GetWorkflow(context.Background(), "localstack-killed", ""))
	assert.Equal(t, res.Answer, again.Answer, "the finished analysis keeps its result")
	answered(t, c.GetWorkflow(context.Background(), "localstack-running", ""))
	assert.Equal(t, 0, stack.interrupt(), "Ctrl-C exits 0; stderr:\n%s", stack.stderr.String())
	var exitErr *exec.ExitError
	assert.False(t, errors.As(stack.exitErr, &exitErr), "devstack exit: %v", stack.exitErr)
}

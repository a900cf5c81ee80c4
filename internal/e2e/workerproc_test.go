package e2e

import (
	"os/exec"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// workerProcess is the worker binary run as a child process, so that a
// test can kill -9 it and start it again; its output goes to Logs.
type workerProcess struct {
	t    *testing.T
	bin  string
	env  []string
	mu   sync.Mutex
	cmd  *exec.Cmd
	Logs syncBuffer
}

// startWorkerProcess builds the worker (once per test binary) and starts
// it with env; it is killed when the test ends.
func startWorkerProcess(t *testing.T, env []string) *workerProcess {
	t.Helper()
	bin, err := buildWorker()
	require.NoError(t, err)
	w := &workerProcess{t: t, bin: bin, env: env}
	w.start()
	t.Cleanup(func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		_ = w.cmd.Process.Kill()
		_ = w.cmd.Wait()
	})
	return w
}

// start starts the worker (again).
func (w *workerProcess) start() {
	cmd := exec.Command(w.bin)
	cmd.Env = w.env
	cmd.Stdout, cmd.Stderr = &w.Logs, &w.Logs
	require.NoError(w.t, cmd.Start())
	w.mu.Lock()
	w.cmd = cmd
	w.mu.Unlock()
}

// kill9 kills the worker with SIGKILL and waits until it is gone.
func (w *workerProcess) kill9() {
	w.mu.Lock()
	defer w.mu.Unlock()
	_ = w.cmd.Process.Signal(syscall.SIGKILL)
	_ = w.cmd.Wait()
}

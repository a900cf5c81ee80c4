package devstack

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

// Process is a child process in its own process group, so that stopping it
// also stops anything it started.
type Process struct {
	name     string
	cmd      *exec.Cmd
	out      *tail
	closeLog func() // closes the log file, if any
	done     chan struct{}

	mu      sync.Mutex
	stopped bool
	err     error // the exit error, valid once done is closed
}

// ProcessConfig describes a child process to start.
type ProcessConfig struct {
	Name string   // for messages and the log file name
	Path string   // executable
	Args []string // arguments, without the executable
	Env  []string // full environment; nil inherits the current one
	Dir  string   // working directory; "" is the current one
	// Output receives stdout and stderr in addition to the in-memory tail
	// (and the log file when LogDir is set); may be nil.
	Output io.Writer
	// LogDir, when set, receives <Name>.log with the output.
	LogDir string
	// AppendLog appends to <Name>.log instead of truncating it, after a
	// line saying when the process started (a restarted process's log
	// keeps what the previous run wrote before it died).
	AppendLog bool
}

// StartProcess starts the process described by c. The process is killed if
// this process dies (on Linux), and is stopped by Stop.
func StartProcess(c ProcessConfig) (*Process, error) {
	recent, w, closeLog, err := openOutput(c.Name, c.LogDir, c.AppendLog)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", c.Name, err)
	}
	if c.Output != nil {
		w = io.MultiWriter(w, c.Output)
	}
	p := &Process{name: c.Name, out: recent, closeLog: closeLog, done: make(chan struct{})}
	p.cmd = exec.Command(c.Path, c.Args...)
	p.cmd.Env = c.Env
	p.cmd.Dir = c.Dir
	p.cmd.Stdout = w
	p.cmd.Stderr = w
	p.cmd.SysProcAttr = sysProcAttr()
	if err := p.cmd.Start(); err != nil {
		p.closeLog()
		return nil, fmt.Errorf("start %s: %w", c.Name, err)
	}
	if c.AppendLog {
		fmt.Fprintf(recent.log, "---- %s started (pid %d) at %s\n", c.Name, p.cmd.Process.Pid, time.Now().UTC().Format(time.RFC3339))
	}
	go func() {
		err := p.cmd.Wait()
		p.closeLog()
		p.mu.Lock()
		if p.stopped {
			err = errStopped
		} else if err == nil {
			err = fmt.Errorf("%s exited", p.name)
		} else {
			err = fmt.Errorf("%s exited: %w", p.name, err)
		}
		p.err = err
		p.mu.Unlock()
		close(p.done)
	}()
	return p, nil
}

// openOutput returns a writer that keeps the last 16 KiB of a server's
// output in recent and, when logDir is set, also writes it to
// <logDir>/<name>.log (appended to when appendLog is set, else
// truncated; recent.log writes there only); closeLog closes that file.
func openOutput(name, logDir string, appendLog bool) (recent *tail, w io.Writer, closeLog func(), err error) {
	recent = newTail(16 << 10)
	recent.log = io.Discard
	if logDir == "" {
		return recent, recent, func() {}, nil
	}
	if err := os.MkdirAll(logDir, 0o755); err != nil {
		return nil, nil, nil, err
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendLog {
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := os.OpenFile(filepath.Join(logDir, name+".log"), flags, 0o644)
	if err != nil {
		return nil, nil, nil, err
	}
	recent.log = f
	return recent, io.MultiWriter(recent, f), func() { f.Close() }, nil
}

// Pid returns the process id (also its process group id).
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Done is closed when the process has exited.
func (p *Process) Done() <-chan struct{} { return p.done }

// Err returns why the process exited, nil if it was stopped by Stop or is
// still running.
func (p *Process) Err() error {
	select {
	case <-p.done:
	default:
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if errors.Is(p.err, errStopped) {
		return nil
	}
	return p.err
}

// ExitCode returns the exit code once the process has exited, or -1.
func (p *Process) ExitCode() int {
	select {
	case <-p.done:
		return p.cmd.ProcessState.ExitCode()
	default:
		return -1
	}
}

// Output returns the last output of the process (up to 16 KiB).
func (p *Process) Output() string { return p.out.String() }

// Stop sends SIGTERM to the process group, waits up to grace for the
// process to exit, then kills the group. Stopping a stopped process is a no-op.
func (p *Process) Stop(grace time.Duration) error {
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
	pgid := -p.cmd.Process.Pid
	select {
	case <-p.done:
		// The leader is gone; make sure nothing it started survives.
		_ = syscall.Kill(pgid, syscall.SIGKILL)
		return nil
	default:
	}
	_ = syscall.Kill(pgid, syscall.SIGTERM)
	select {
	case <-p.done:
		_ = syscall.Kill(pgid, syscall.SIGKILL)
		return nil
	case <-time.After(grace):
	}
	if err := syscall.Kill(pgid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("kill %s (pid %d): %w", p.name, p.cmd.Process.Pid, err)
	}
	<-p.done
	return nil
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
	log io.Writer // the log file alone (io.Discard without one)
}

func newTail(max int) *tail { return &tail{max: max} }

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// running reports whether p was started and has not exited; false for nil.
func (p *Process) running() bool {
	if p == nil {
		return false
	}
	select {
	case <-p.Done():
		return false
	default:
		return true
	}
}

package e2b

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process"
)

const defaultCommandTimeout = 60 * time.Second

// Commands runs processes in a sandbox through envd.
type Commands struct {
	sb *Sandbox
}

// Commands returns the sandbox's process API.
func (s *Sandbox) Commands() *Commands { return &Commands{sb: s} }

// CommandOptions are the options of Commands.Run and Commands.Start.
type CommandOptions struct {
	Envs map[string]string // extra environment
	Cwd  string            // working directory ("" = the user's home)
	User string            // user to run as ("" = the sandbox's default user)
	// Timeout is the command's lifetime: envd kills it on expiry (default
	// 60s; < 0 means no limit).
	Timeout time.Duration
	// Stdin keeps the command's stdin open for SendStdin.
	Stdin bool
	// Tag names the process so it can be found in List.
	Tag string
	// OnStdout and OnStderr receive decoded output as it arrives; a UTF-8
	// sequence split across chunks is delivered whole.
	OnStdout, OnStderr func(string)
	// MaxOutputBytes caps the stdout+stderr bytes kept in the result
	// (default 1 MiB); the excess is counted in CommandResult.DroppedBytes.
	MaxOutputBytes int
}

// CommandResult is the outcome of a finished command.
type CommandResult struct {
	ExitCode     int
	Stdout       string
	Stderr       string
	Error        string // envd's error text, e.g. "exit status 1"
	DroppedBytes int64  // output not kept because of MaxOutputBytes
}

// CommandExitError is returned by Run and Wait when the command exits with a
// non-zero code; it carries the result.
type CommandExitError struct {
	Result *CommandResult
}

// Error implements error.
func (e *CommandExitError) Error() string {
	msg := fmt.Sprintf("e2b: command exited with code %d", e.Result.ExitCode)
	if tail := lastLine(e.Result.Stderr, 200); tail != "" {
		msg += ": " + tail
	}
	return msg
}

func lastLine(s string, n int) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > n {
		s = s[len(s)-n:]
		for len(s) > 0 && !utf8.RuneStart(s[0]) {
			s = s[1:]
		}
	}
	return s
}

// ProcessInfo describes a running process.
type ProcessInfo struct {
	PID  uint32
	Tag  string
	Cmd  string
	Args []string
	Envs map[string]string
	Cwd  string
}

// Run runs cmd with bash (/bin/bash -l -c cmd) and waits for it. A non-zero
// exit code gives a *CommandExitError carrying the result.
func (c *Commands) Run(ctx context.Context, cmd string, opts *CommandOptions) (*CommandResult, error) {
	h, err := c.Start(ctx, cmd, opts)
	if err != nil {
		return nil, err
	}
	return h.Wait()
}

// Start starts cmd with bash and returns once envd reports its pid. ctx
// governs the output stream: cancelling it disconnects from the process,
// which keeps running until its Timeout.
func (c *Commands) Start(ctx context.Context, cmd string, opts *CommandOptions) (*CommandHandle, error) {
	var o CommandOptions
	if opts != nil {
		o = *opts
	}
	req := &process.StartRequest{Process: &process.ProcessConfig{Cmd: "/bin/bash", Args: []string{"-l", "-c", cmd}, Envs: o.Envs}}
	if o.Cwd != "" {
		req.Process.Cwd = &o.Cwd
	}
	if o.Tag != "" {
		req.Tag = &o.Tag
	}
	stdin := o.Stdin
	req.Stdin = &stdin
	timeout := o.Timeout
	if timeout == 0 {
		timeout = defaultCommandTimeout
	}
	st, first, err := openStream(ctx, c.sb, "start command", req, timeout, o.User, "process start", c.sb.process().Start)
	if err != nil {
		return nil, err
	}
	return c.handle(ctx, "start command", processEvents(st), first.GetEvent(), o)
}

// Connect attaches to a running process by pid and streams its output from
// now on.
func (c *Commands) Connect(ctx context.Context, pid uint32) (*CommandHandle, error) {
	req := &process.ConnectRequest{Process: pidSelector(pid)}
	st, first, err := openStream(ctx, c.sb, "connect to process", req, 0, "", "process start", c.sb.process().Connect)
	if err != nil {
		return nil, err
	}
	return c.handle(ctx, "connect to process", processEvents(st), first.GetEvent(), CommandOptions{})
}

func pidSelector(pid uint32) *process.ProcessSelector {
	return &process.ProcessSelector{Selector: &process.ProcessSelector_Pid{Pid: pid}}
}

// eventStream reads the Start or Connect stream: both carry process events.
type eventStream struct {
	next        func() (*process.ProcessEvent, error)
	stop, close func()
}

func processEvents[T any, PT interface {
	*T
	GetEvent() *process.ProcessEvent
}](es *envdStream[T]) eventStream {
	next := func() (*process.ProcessEvent, error) {
		msg, err := es.next()
		if err != nil {
			return nil, err
		}
		return PT(msg).GetEvent(), nil
	}
	return eventStream{next: next, stop: es.stop, close: es.close}
}

// handle starts reading a process stream whose first event is first.
func (c *Commands) handle(ctx context.Context, op string, st eventStream, first *process.ProcessEvent, o CommandOptions) (*CommandHandle, error) {
	if first.GetStart() == nil {
		st.close()
		return nil, fmt.Errorf("e2b: %s: first stream event is not start", op)
	}
	h := &CommandHandle{cmds: c, pid: first.GetStart().GetPid(), stream: st, done: make(chan struct{}), opts: o, out: newOutputBuffer(o.MaxOutputBytes)}
	go h.read(ctx)
	return h, nil
}

// List lists the running processes.
func (c *Commands) List(ctx context.Context) ([]ProcessInfo, error) {
	out, err := unary(ctx, "list processes", true, &process.ListRequest{}, c.sb.process().List)
	if err != nil {
		return nil, err
	}
	ps := make([]ProcessInfo, len(out.Processes))
	for i, p := range out.Processes {
		cfg := p.GetConfig()
		ps[i] = ProcessInfo{PID: p.GetPid(), Tag: p.GetTag(), Cmd: cfg.GetCmd(), Args: cfg.GetArgs(), Envs: cfg.GetEnvs(), Cwd: cfg.GetCwd()}
	}
	return ps, nil
}

// Kill sends SIGKILL to a process; false, nil means it was not found.
func (c *Commands) Kill(ctx context.Context, pid uint32) (bool, error) {
	req := &process.SendSignalRequest{Process: pidSelector(pid), Signal: process.Signal_SIGNAL_SIGKILL}
	_, err := unary(ctx, "kill process", true, req, c.sb.process().SendSignal)
	if IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// SendStdin writes data to a process's stdin (started with Stdin: true).
func (c *Commands) SendStdin(ctx context.Context, pid uint32, data string) error {
	req := &process.SendInputRequest{Process: pidSelector(pid), Input: &process.ProcessInput{Input: &process.ProcessInput_Stdin{Stdin: []byte(data)}}}
	_, err := unary(ctx, "send stdin", false, req, c.sb.process().SendInput)
	return err
}

// CloseStdin closes a process's stdin (envd >= 0.5.2).
func (c *Commands) CloseStdin(ctx context.Context, pid uint32) error {
	_, err := unary(ctx, "close stdin", false, &process.CloseStdinRequest{Process: pidSelector(pid)}, c.sb.process().CloseStdin)
	return err
}

// CommandHandle is a started (or connected) process.
type CommandHandle struct {
	cmds   *Commands
	pid    uint32
	stream eventStream
	opts   CommandOptions

	done   chan struct{}
	closed sync.Once
	out    outputBuffer
	stdout strings.Builder
	stderr strings.Builder
	result *CommandResult
	err    error
}

// PID returns the process id.
func (h *CommandHandle) PID() uint32 { return h.pid }

// Wait waits for the process to end and the stream to finish. A non-zero
// exit code gives a *CommandExitError carrying the result.
func (h *CommandHandle) Wait() (*CommandResult, error) {
	<-h.done
	return h.result, h.err
}

// Kill kills the process; false, nil means it had already gone.
func (h *CommandHandle) Kill(ctx context.Context) (bool, error) { return h.cmds.Kill(ctx, h.pid) }

// SendStdin writes data to the process's stdin.
func (h *CommandHandle) SendStdin(ctx context.Context, data string) error {
	return h.cmds.SendStdin(ctx, h.pid, data)
}

// CloseStdin closes the process's stdin.
func (h *CommandHandle) CloseStdin(ctx context.Context) error { return h.cmds.CloseStdin(ctx, h.pid) }

// Disconnect stops receiving output; the process keeps running. Wait then
// returns an error.
func (h *CommandHandle) Disconnect() error {
	h.stream.stop()
	return nil
}

// read consumes the stream until the end event and records the result.
func (h *CommandHandle) read(ctx context.Context) {
	defer close(h.done)
	defer h.stream.close()
	var outDec, errDec utf8Stream
	var end *process.ProcessEvent_EndEvent
	for {
		ev, err := h.stream.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			h.err = h.cmds.sb.streamError(ctx, "command output", err)
			return
		}
		if d := ev.GetData(); d != nil {
			h.emit(outDec.decode(d.GetStdout()), false)
			h.emit(errDec.decode(d.GetStderr()), true)
			h.emit(outDec.decode(d.GetPty()), false)
		} else if ev.GetEnd() != nil {
			end = ev.GetEnd()
		}
	}
	h.emit(outDec.flush(), false)
	h.emit(errDec.flush(), true)
	if end == nil {
		h.err = errors.New("e2b: command output: process exited without a result")
		return
	}
	res := &CommandResult{ExitCode: int(end.GetExitCode()), Stdout: h.stdout.String(), Stderr: h.stderr.String(), Error: end.GetError(), DroppedBytes: h.out.dropped}
	h.result = res
	if res.ExitCode != 0 {
		h.err = &CommandExitError{Result: res}
	}
}

func (h *CommandHandle) emit(s string, isErr bool) {
	if s == "" {
		return
	}
	cb, buf := h.opts.OnStdout, &h.stdout
	if isErr {
		cb, buf = h.opts.OnStderr, &h.stderr
	}
	if cb != nil {
		cb(s)
	}
	if kept, ok := h.out.keep(s); ok {
		buf.WriteString(kept)
	}
}

// utf8Stream decodes a byte stream as UTF-8, holding back a sequence cut at
// a chunk boundary until the next chunk; invalid bytes become U+FFFD.
type utf8Stream struct {
	pending []byte
}

func (d *utf8Stream) decode(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(d.pending) > 0 {
		b = append(d.pending, b...)
		d.pending = nil
	}
	cut := len(b)
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				cut = i
			}
			break
		}
	}
	if cut < len(b) {
		d.pending = append([]byte(nil), b[cut:]...)
	}
	return strings.ToValidUTF8(string(b[:cut]), "\uFFFD")
}

func (d *utf8Stream) flush() string {
	s := strings.ToValidUTF8(string(d.pending), "\uFFFD")
	d.pending = nil
	return s
}

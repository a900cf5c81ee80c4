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

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
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
	req := wire.StartRequest{Process: wire.ProcessConfig{Cmd: "/bin/bash", Args: []string{"-l", "-c", cmd}, Envs: o.Envs}}
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
	return c.open(ctx, "start command", wire.ProcedureProcessStart, req, timeout, o)
}

// Connect attaches to a running process by pid and streams its output from
// now on.
func (c *Commands) Connect(ctx context.Context, pid uint32) (*CommandHandle, error) {
	return c.open(ctx, "connect to process", wire.ProcedureProcessConnect, wire.ConnectRequest{Process: wire.ProcessSelector{PID: pid}}, 0, CommandOptions{})
}

func (c *Commands) open(ctx context.Context, op, procedure string, req any, timeout time.Duration, o CommandOptions) (*CommandHandle, error) {
	var first wire.ProcessEventResponse
	st, err := c.sb.openStream(ctx, op, procedure, req, max(timeout, 0), o.User, "process start", &first)
	if err != nil {
		return nil, err
	}
	if first.Event.Start == nil {
		st.Close()
		return nil, fmt.Errorf("e2b: %s: first stream event is not start", op)
	}
	h := &CommandHandle{cmds: c, pid: first.Event.Start.PID, stream: st, done: make(chan struct{}), opts: o, out: newOutputBuffer(o.MaxOutputBytes)}
	go h.read(ctx)
	return h, nil
}

// List lists the running processes.
func (c *Commands) List(ctx context.Context) ([]ProcessInfo, error) {
	var out wire.ListResponse
	if err := c.sb.rpc(ctx, "list processes", wire.ProcedureProcessList, true, wire.ListRequest{}, &out); err != nil {
		return nil, err
	}
	ps := make([]ProcessInfo, len(out.Processes))
	for i, p := range out.Processes {
		ps[i] = ProcessInfo{PID: p.PID, Cmd: p.Config.Cmd, Args: p.Config.Args, Envs: p.Config.Envs}
		if p.Tag != nil {
			ps[i].Tag = *p.Tag
		}
		if p.Config.Cwd != nil {
			ps[i].Cwd = *p.Config.Cwd
		}
	}
	return ps, nil
}

// Kill sends SIGKILL to a process; false, nil means it was not found.
func (c *Commands) Kill(ctx context.Context, pid uint32) (bool, error) {
	err := c.sb.rpc(ctx, "kill process", wire.ProcedureProcessSendSignal, true, wire.SendSignalRequest{Process: wire.ProcessSelector{PID: pid}, Signal: wire.SignalSIGKILL}, nil)
	if IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// SendStdin writes data to a process's stdin (started with Stdin: true).
func (c *Commands) SendStdin(ctx context.Context, pid uint32, data string) error {
	return c.sb.rpc(ctx, "send stdin", wire.ProcedureProcessSendInput, false, wire.SendInputRequest{Process: wire.ProcessSelector{PID: pid}, Input: wire.ProcessInput{Stdin: []byte(data)}}, nil)
}

// CloseStdin closes a process's stdin (envd >= 0.5.2).
func (c *Commands) CloseStdin(ctx context.Context, pid uint32) error {
	return c.sb.rpc(ctx, "close stdin", wire.ProcedureProcessCloseStdin, false, wire.CloseStdinRequest{Process: wire.ProcessSelector{PID: pid}}, nil)
}

// CommandHandle is a started (or connected) process.
type CommandHandle struct {
	cmds   *Commands
	pid    uint32
	stream *connectStream
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
	var err error
	h.closed.Do(func() { err = h.stream.Close() })
	return err
}

// read consumes the stream until the end event and records the result.
func (h *CommandHandle) read(ctx context.Context) {
	defer close(h.done)
	defer h.Disconnect()
	var outDec, errDec utf8Stream
	var end *wire.EndEvent
	for {
		var ev wire.ProcessEventResponse
		err := h.stream.next(&ev)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			h.err = h.cmds.sb.streamError(ctx, "command output", err)
			return
		}
		switch e := ev.Event; {
		case e.Data != nil:
			h.emit(outDec.decode(e.Data.Stdout), false)
			h.emit(errDec.decode(e.Data.Stderr), true)
			h.emit(outDec.decode(e.Data.PTY), false)
		case e.End != nil:
			end = e.End
		}
	}
	h.emit(outDec.flush(), false)
	h.emit(errDec.flush(), true)
	if end == nil {
		h.err = errors.New("e2b: command output: process exited without a result")
		return
	}
	res := &CommandResult{ExitCode: int(end.ExitCode), Stdout: h.stdout.String(), Stderr: h.stderr.String(), DroppedBytes: h.out.dropped}
	if end.Error != nil {
		res.Error = *end.Error
	}
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

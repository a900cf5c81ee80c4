package e2blocal

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

const (
	chunkSize          = 32 << 10         // largest data event, as envd sends
	maxBufferedOutput  = 16 << 20         // output kept for late Connect streams
	defaultKeepalive   = 90 * time.Second // envd's default when the header is absent
	exitedProcessGrace = time.Minute      // how long an exited process can still be connected to
)

// proc is a command started through process.Process/Start.
type proc struct {
	pid    uint32
	tag    *string
	config *process.ProcessConfig
	pgid   int

	mu       sync.Mutex
	stdin    io.WriteCloser // nil when stdin is closed or was never opened
	events   []*process.ProcessEvent
	base     int // absolute index of events[0]
	buffered int
	changed  chan struct{} // closed and replaced on every new event
	ended    bool
}

func (p *proc) publish(ev *process.ProcessEvent) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, ev)
	p.buffered += dataLen(ev)
	for p.buffered > maxBufferedOutput && len(p.events) > 1 {
		p.buffered -= dataLen(p.events[0])
		p.events = p.events[1:]
		p.base++
	}
	if ev.GetEnd() != nil {
		p.ended = true
	}
	close(p.changed)
	p.changed = make(chan struct{})
}

// dataLen is the number of output bytes ev carries.
func dataLen(ev *process.ProcessEvent) int {
	d := ev.GetData()
	return len(d.GetStdout()) + len(d.GetStderr())
}

// since returns the events from absolute index from, the next index and a
// channel closed on the next event.
func (p *proc) since(from int) ([]*process.ProcessEvent, int, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	from = max(from, p.base)
	evs := append([]*process.ProcessEvent(nil), p.events[from-p.base:]...)
	return evs, p.base + len(p.events), p.changed
}

// position returns where a new subscriber starts: the end, or the end event
// of an exited process.
func (p *proc) position() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.base + len(p.events)
	if p.ended {
		n--
	}
	return n
}

// keepaliveInterval reads Keepalive-Ping-Interval (seconds).
func keepaliveInterval(h http.Header) time.Duration {
	if n, err := strconv.Atoi(h.Get(wire.HeaderKeepalivePingInterval)); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	return defaultKeepalive
}

func (processService) Start(ctx context.Context, req *connect.Request[process.StartRequest], st *connect.ServerStream[process.StartResponse]) error {
	sb := sandboxFrom(ctx)
	if req.Msg.Pty != nil {
		return connectErr(connect.CodeUnimplemented, "pty processes are not supported by e2blocal")
	}
	p, err := sb.startProcess(req.Msg, lifetime(ctx))
	if err != nil {
		return err
	}
	return streamProcess(ctx, req.Header(), p, 0, func(ev *process.ProcessEvent) error {
		return st.Send(&process.StartResponse{Event: ev})
	})
}

func (processService) Connect(ctx context.Context, req *connect.Request[process.ConnectRequest], st *connect.ServerStream[process.ConnectResponse]) error {
	p, err := sandboxFrom(ctx).findProcess(req.Msg.GetProcess())
	if err != nil {
		return err
	}
	return streamProcess(ctx, req.Header(), p, p.position(), func(ev *process.ProcessEvent) error {
		return st.Send(&process.ConnectResponse{Event: ev})
	})
}

// streamProcess sends the start event, then p's events from index from, with
// keepalives, until the end event or until the client goes away.
func streamProcess(ctx context.Context, h http.Header, p *proc, from int, send func(*process.ProcessEvent) error) error {
	start := &process.ProcessEvent{Event: &process.ProcessEvent_Start{Start: &process.ProcessEvent_StartEvent{Pid: p.pid}}}
	if err := send(start); err != nil {
		return err
	}
	every := keepaliveInterval(h)
	keepalive := time.NewTimer(every)
	defer keepalive.Stop()
	for {
		evs, next, changed := p.since(from)
		from = next
		for _, ev := range evs {
			if err := send(ev); err != nil {
				return err
			}
			if ev.GetEnd() != nil {
				return nil
			}
		}
		if len(evs) > 0 {
			keepalive.Reset(every)
		}
		select {
		case <-changed:
		case <-keepalive.C:
			if err := send(&process.ProcessEvent{Event: &process.ProcessEvent_Keepalive{Keepalive: &process.ProcessEvent_KeepAlive{}}}); err != nil {
				return err
			}
			keepalive.Reset(every)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// startProcess starts a command in the sandbox; lifetime > 0 kills it then.
func (sb *sandbox) startProcess(req *process.StartRequest, lifetime time.Duration) (*proc, *connect.Error) {
	config := req.GetProcess()
	cwd := homeDir
	if config.GetCwd() != "" {
		cwd = cleanPath(config.GetCwd())
	}
	argv := append([]string{config.GetCmd()}, config.GetArgs()...)
	cmd, err := sb.command(cwd, config.GetEnvs(), argv...)
	if err != nil {
		return nil, connectErr(connect.CodeInvalidArgument, "start process: %v", err)
	}
	p := &proc{tag: req.Tag, config: config, changed: make(chan struct{})}
	if req.GetStdin() {
		if p.stdin, err = cmd.StdinPipe(); err != nil {
			return nil, connectErr(connect.CodeInternal, "start process: %v", err)
		}
	}
	stdout, err1 := cmd.StdoutPipe()
	stderr, err2 := cmd.StderrPipe()
	if err := errors.Join(err1, err2); err != nil {
		return nil, connectErr(connect.CodeInternal, "start process: %v", err)
	}
	wait, err := sb.start(cmd)
	if err != nil {
		if errors.Is(err, errNoSandbox) {
			return nil, connectErr(connect.CodeUnavailable, "sandbox is gone")
		}
		return nil, connectErr(connect.CodeInvalidArgument, "start process: %v", err)
	}
	p.pgid = cmd.Process.Pid
	sb.mu.Lock()
	sb.nextPID++
	p.pid = sb.nextPID
	sb.procs[p.pid] = p
	sb.mu.Unlock()
	var timer *time.Timer
	if lifetime > 0 {
		timer = time.AfterFunc(lifetime, func() { _ = syscall.Kill(-p.pgid, syscall.SIGKILL) })
	}
	var pumps sync.WaitGroup
	pump := func(r io.Reader, stdout bool) {
		defer pumps.Done()
		buf := make([]byte, chunkSize)
		for {
			n, err := r.Read(buf)
			if n > 0 {
				chunk := append([]byte(nil), buf[:n]...)
				data := &process.ProcessEvent_DataEvent{Output: &process.ProcessEvent_DataEvent_Stderr{Stderr: chunk}}
				if stdout {
					data.Output = &process.ProcessEvent_DataEvent_Stdout{Stdout: chunk}
				}
				p.publish(&process.ProcessEvent{Event: &process.ProcessEvent_Data{Data: data}})
			}
			if err != nil {
				return
			}
		}
	}
	pumps.Add(2)
	go pump(stdout, true)
	go pump(stderr, false)
	go func() {
		pumps.Wait()
		werr := wait()
		if timer != nil {
			timer.Stop()
		}
		end := &process.ProcessEvent_EndEvent{}
		if ps := cmd.ProcessState; ps != nil {
			end.ExitCode, end.Exited, end.Status = int32(ps.ExitCode()), ps.Exited(), ps.String()
		}
		var exitErr *exec.ExitError
		if werr != nil && errors.As(werr, &exitErr) {
			msg := werr.Error()
			end.Error = &msg
		}
		p.mu.Lock()
		if p.stdin != nil {
			_ = p.stdin.Close()
			p.stdin = nil
		}
		p.mu.Unlock()
		p.publish(&process.ProcessEvent{Event: &process.ProcessEvent_End{End: end}})
		time.AfterFunc(exitedProcessGrace, func() {
			sb.mu.Lock()
			delete(sb.procs, p.pid)
			sb.mu.Unlock()
		})
	}()
	return p, nil
}

// findProcess finds a process by pid or tag.
func (sb *sandbox) findProcess(sel *process.ProcessSelector) (*proc, *connect.Error) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if pid := sel.GetPid(); pid != 0 {
		if p := sb.procs[pid]; p != nil {
			return p, nil
		}
		return nil, connectErr(connect.CodeNotFound, "process with pid %d not found", pid)
	}
	tag := sel.GetTag()
	for _, p := range sb.procs {
		if tag != "" && p.tag != nil && *p.tag == tag {
			return p, nil
		}
	}
	return nil, connectErr(connect.CodeNotFound, "process with tag %q not found", tag)
}

func (processService) List(ctx context.Context, _ *connect.Request[process.ListRequest]) (*connect.Response[process.ListResponse], error) {
	sb := sandboxFrom(ctx)
	sb.mu.Lock()
	defer sb.mu.Unlock()
	resp := &process.ListResponse{}
	for _, p := range sb.procs {
		p.mu.Lock()
		ended := p.ended
		p.mu.Unlock()
		if !ended {
			resp.Processes = append(resp.Processes, &process.ProcessInfo{Config: p.config, Pid: p.pid, Tag: p.tag})
		}
	}
	return connect.NewResponse(resp), nil
}

func (processService) SendInput(ctx context.Context, req *connect.Request[process.SendInputRequest]) (*connect.Response[process.SendInputResponse], error) {
	p, cerr := sandboxFrom(ctx).findProcess(req.Msg.GetProcess())
	if cerr != nil {
		return nil, cerr
	}
	if req.Msg.GetInput().GetPty() != nil {
		return nil, connectErr(connect.CodeFailedPrecondition, "process %d has no pty", p.pid)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stdin == nil {
		return nil, connectErr(connect.CodeFailedPrecondition, "stdin of process %d is closed or was not enabled", p.pid)
	}
	if _, err := p.stdin.Write(req.Msg.GetInput().GetStdin()); err != nil {
		return nil, connectErr(connect.CodeInternal, "write stdin of process %d: %v", p.pid, err)
	}
	return connect.NewResponse(&process.SendInputResponse{}), nil
}

func (processService) CloseStdin(ctx context.Context, req *connect.Request[process.CloseStdinRequest]) (*connect.Response[process.CloseStdinResponse], error) {
	p, cerr := sandboxFrom(ctx).findProcess(req.Msg.GetProcess())
	if cerr != nil {
		return nil, cerr
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stdin != nil {
		_ = p.stdin.Close()
		p.stdin = nil
	}
	return connect.NewResponse(&process.CloseStdinResponse{}), nil
}

// signals maps the proto signals this server accepts.
var signals = map[process.Signal]syscall.Signal{
	process.Signal_SIGNAL_SIGKILL: syscall.SIGKILL,
	process.Signal_SIGNAL_SIGTERM: syscall.SIGTERM,
}

func (processService) SendSignal(ctx context.Context, req *connect.Request[process.SendSignalRequest]) (*connect.Response[process.SendSignalResponse], error) {
	sig, ok := signals[req.Msg.GetSignal()]
	if !ok {
		return nil, connectErr(connect.CodeInvalidArgument, "unsupported signal %s", req.Msg.GetSignal())
	}
	p, cerr := sandboxFrom(ctx).findProcess(req.Msg.GetProcess())
	if cerr != nil {
		return nil, cerr
	}
	p.mu.Lock()
	ended := p.ended
	p.mu.Unlock()
	if ended {
		return nil, connectErr(connect.CodeNotFound, "process with pid %d has exited", p.pid)
	}
	if err := syscall.Kill(-p.pgid, sig); err != nil {
		return nil, connectErr(connect.CodeInternal, "signal process %d: %v", p.pid, err)
	}
	return connect.NewResponse(&process.SendSignalResponse{}), nil
}

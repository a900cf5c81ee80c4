package e2blocal

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

const (
	chunkSize          = 32 << 10         // largest data event, as envd sends
	maxBufferedOutput  = 16 << 20         // output kept for late Connect streams
	defaultKeepalive   = 90 * time.Second // envd's default when the header is absent
	exitedProcessGrace = time.Minute      // how long an exited process can still be connected to
)

// process is a command started through process.Process/Start.
type process struct {
	pid    uint32
	tag    *string
	config wire.ProcessConfig
	pgid   int

	mu       sync.Mutex
	stdin    io.WriteCloser // nil when stdin is closed or was never opened
	events   []wire.ProcessEvent
	base     int // absolute index of events[0]
	buffered int
	changed  chan struct{} // closed and replaced on every new event
	ended    bool
}

func (p *process) publish(ev wire.ProcessEvent) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, ev)
	if ev.Data != nil {
		p.buffered += len(ev.Data.Stdout) + len(ev.Data.Stderr)
	}
	for p.buffered > maxBufferedOutput && len(p.events) > 1 {
		old := p.events[0]
		if old.Data != nil {
			p.buffered -= len(old.Data.Stdout) + len(old.Data.Stderr)
		}
		p.events = p.events[1:]
		p.base++
	}
	if ev.End != nil {
		p.ended = true
	}
	close(p.changed)
	p.changed = make(chan struct{})
}

// since returns the events from absolute index from, the next index and a
// channel closed on the next event.
func (p *process) since(from int) ([]wire.ProcessEvent, int, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	from = max(from, p.base)
	evs := append([]wire.ProcessEvent(nil), p.events[from-p.base:]...)
	return evs, p.base + len(p.events), p.changed
}

// position returns where a new subscriber starts: the end, or the end event
// of an exited process.
func (p *process) position() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.base + len(p.events)
	if p.ended {
		n--
	}
	return n
}

// connectStream writes a Connect server stream.
type connectStream struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

func newConnectStream(w http.ResponseWriter) *connectStream {
	w.Header().Set("Content-Type", wire.ContentTypeConnectJSON)
	w.WriteHeader(http.StatusOK)
	return &connectStream{w: w, rc: http.NewResponseController(w)}
}

func (c *connectStream) send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := wire.WriteEnvelope(c.w, wire.FlagData, b); err != nil {
		return err
	}
	return c.rc.Flush()
}

func (c *connectStream) close(cerr *wire.ConnectError) {
	b, _ := json.Marshal(wire.EndStream{Error: cerr})
	_ = wire.WriteEnvelope(c.w, wire.FlagEndStream, b)
	_ = c.rc.Flush()
}

// readStreamRequest decodes the single request message of a server stream.
func readStreamRequest(r *http.Request, v any) error {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var msg []byte
	var err error
	if ct == wire.ContentTypeConnectJSON {
		var flags byte
		flags, msg, err = wire.ReadEnvelope(r.Body, maxRequestMessage)
		if err == nil && flags != wire.FlagData {
			err = errors.New("unexpected envelope flags " + strconv.Itoa(int(flags)))
		}
	} else {
		msg, err = io.ReadAll(io.LimitReader(r.Body, maxRequestMessage))
	}
	if err != nil {
		return err
	}
	return json.Unmarshal(msg, v)
}

// keepaliveInterval reads Keepalive-Ping-Interval (seconds).
func keepaliveInterval(r *http.Request) time.Duration {
	if n, err := strconv.Atoi(r.Header.Get(wire.HeaderKeepalivePingInterval)); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	return defaultKeepalive
}

// connectTimeout reads Connect-Timeout-Ms; 0 means no deadline.
func connectTimeout(r *http.Request) time.Duration {
	if ms, err := strconv.ParseInt(r.Header.Get(wire.HeaderConnectTimeoutMs), 10, 64); err == nil && ms > 0 {
		return time.Duration(ms) * time.Millisecond
	}
	return 0
}

func (s *Server) handleProcessStart(w http.ResponseWriter, r *http.Request) {
	sb := sandboxFrom(r.Context())
	var req wire.StartRequest
	if err := readStreamRequest(r, &req); err != nil {
		writeConnectError(w, connectErr(wire.CodeInvalidArgument, "decode request: %v", err))
		return
	}
	if req.PTY != nil {
		writeConnectError(w, connectErr(wire.CodeUnimplemented, "pty processes are not supported by e2blocal"))
		return
	}
	p, cerr := sb.startProcess(req, connectTimeout(r))
	if cerr != nil {
		writeConnectError(w, cerr)
		return
	}
	s.streamProcess(w, r, p, 0)
}

func (s *Server) handleProcessConnect(w http.ResponseWriter, r *http.Request) {
	sb := sandboxFrom(r.Context())
	var req wire.ConnectRequest
	if err := readStreamRequest(r, &req); err != nil {
		writeConnectError(w, connectErr(wire.CodeInvalidArgument, "decode request: %v", err))
		return
	}
	p, cerr := sb.findProcess(req.Process)
	if cerr != nil {
		writeConnectError(w, cerr)
		return
	}
	s.streamProcess(w, r, p, p.position())
}

// streamProcess sends the start event, then p's events from index from, with
// keepalives, until the end event or until the client goes away.
func (s *Server) streamProcess(w http.ResponseWriter, r *http.Request, p *process, from int) {
	st := newConnectStream(w)
	if st.send(wire.ProcessEventResponse{Event: wire.ProcessEvent{Start: &wire.StartEvent{PID: p.pid}}}) != nil {
		return
	}
	every := keepaliveInterval(r)
	keepalive := time.NewTimer(every)
	defer keepalive.Stop()
	for {
		evs, next, changed := p.since(from)
		from = next
		for _, ev := range evs {
			if st.send(wire.ProcessEventResponse{Event: ev}) != nil {
				return
			}
			if ev.End != nil {
				st.close(nil)
				return
			}
		}
		if len(evs) > 0 {
			keepalive.Reset(every)
		}
		select {
		case <-changed:
		case <-keepalive.C:
			if st.send(wire.ProcessEventResponse{Event: wire.ProcessEvent{Keepalive: &struct{}{}}}) != nil {
				return
			}
			keepalive.Reset(every)
		case <-r.Context().Done():
			return
		}
	}
}

// startProcess starts a command in the sandbox; lifetime > 0 kills it then.
func (sb *sandbox) startProcess(req wire.StartRequest, lifetime time.Duration) (*process, *wire.ConnectError) {
	cwd := homeDir
	if req.Process.Cwd != nil && *req.Process.Cwd != "" {
		cwd = cleanPath(*req.Process.Cwd)
	}
	argv := append([]string{req.Process.Cmd}, req.Process.Args...)
	cmd, err := sb.command(cwd, req.Process.Envs, argv...)
	if err != nil {
		return nil, connectErr(wire.CodeInvalidArgument, "start process: %v", err)
	}
	p := &process{tag: req.Tag, config: req.Process, changed: make(chan struct{})}
	if req.Stdin != nil && *req.Stdin {
		if p.stdin, err = cmd.StdinPipe(); err != nil {
			return nil, connectErr(wire.CodeInternal, "start process: %v", err)
		}
	}
	stdout, err1 := cmd.StdoutPipe()
	stderr, err2 := cmd.StderrPipe()
	if err := errors.Join(err1, err2); err != nil {
		return nil, connectErr(wire.CodeInternal, "start process: %v", err)
	}
	wait, err := sb.start(cmd)
	if err != nil {
		if errors.Is(err, errNoSandbox) {
			return nil, connectErr(wire.CodeUnavailable, "sandbox is gone")
		}
		return nil, connectErr(wire.CodeInvalidArgument, "start process: %v", err)
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
				ev := &wire.DataEvent{Stderr: chunk}
				if stdout {
					ev = &wire.DataEvent{Stdout: chunk}
				}
				p.publish(wire.ProcessEvent{Data: ev})
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
		end := &wire.EndEvent{}
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
		p.publish(wire.ProcessEvent{End: end})
		time.AfterFunc(exitedProcessGrace, func() {
			sb.mu.Lock()
			delete(sb.procs, p.pid)
			sb.mu.Unlock()
		})
	}()
	return p, nil
}

// findProcess finds a process by pid or tag.
func (sb *sandbox) findProcess(sel wire.ProcessSelector) (*process, *wire.ConnectError) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sel.PID != 0 {
		if p := sb.procs[sel.PID]; p != nil {
			return p, nil
		}
		return nil, connectErr(wire.CodeNotFound, "process with pid %d not found", sel.PID)
	}
	for _, p := range sb.procs {
		if sel.Tag != "" && p.tag != nil && *p.tag == sel.Tag {
			return p, nil
		}
	}
	return nil, connectErr(wire.CodeNotFound, "process with tag %q not found", sel.Tag)
}

func processList(sb *sandbox, _ *wire.ListRequest) (*wire.ListResponse, *wire.ConnectError) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	resp := &wire.ListResponse{Processes: []wire.ProcessInfo{}}
	for _, p := range sb.procs {
		p.mu.Lock()
		ended := p.ended
		p.mu.Unlock()
		if !ended {
			resp.Processes = append(resp.Processes, wire.ProcessInfo{Config: p.config, PID: p.pid, Tag: p.tag})
		}
	}
	return resp, nil
}

func processSendInput(sb *sandbox, req *wire.SendInputRequest) (*wire.Empty, *wire.ConnectError) {
	p, cerr := sb.findProcess(req.Process)
	if cerr != nil {
		return nil, cerr
	}
	if req.Input.PTY != nil {
		return nil, connectErr(wire.CodeFailedPrecondition, "process %d has no pty", p.pid)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stdin == nil {
		return nil, connectErr(wire.CodeFailedPrecondition, "stdin of process %d is closed or was not enabled", p.pid)
	}
	if _, err := p.stdin.Write(req.Input.Stdin); err != nil {
		return nil, connectErr(wire.CodeInternal, "write stdin of process %d: %v", p.pid, err)
	}
	return &wire.Empty{}, nil
}

func processCloseStdin(sb *sandbox, req *wire.CloseStdinRequest) (*wire.Empty, *wire.ConnectError) {
	p, cerr := sb.findProcess(req.Process)
	if cerr != nil {
		return nil, cerr
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stdin != nil {
		_ = p.stdin.Close()
		p.stdin = nil
	}
	return &wire.Empty{}, nil
}

// signals maps the proto Signal names this server accepts.
var signals = map[wire.Signal]syscall.Signal{
	wire.SignalSIGKILL: syscall.SIGKILL,
	wire.SignalSIGTERM: syscall.SIGTERM,
	"SIGNAL_SIGINT":    syscall.SIGINT,
	"SIGNAL_SIGHUP":    syscall.SIGHUP,
}

func processSendSignal(sb *sandbox, req *wire.SendSignalRequest) (*wire.Empty, *wire.ConnectError) {
	sig, ok := signals[req.Signal]
	if !ok {
		return nil, connectErr(wire.CodeInvalidArgument, "unsupported signal %q", req.Signal)
	}
	p, cerr := sb.findProcess(req.Process)
	if cerr != nil {
		return nil, cerr
	}
	p.mu.Lock()
	ended := p.ended
	p.mu.Unlock()
	if ended {
		return nil, connectErr(wire.CodeNotFound, "process with pid %d has exited", p.pid)
	}
	if err := syscall.Kill(-p.pgid, sig); err != nil {
		return nil, connectErr(wire.CodeInternal, "signal process %d: %v", p.pid, err)
	}
	return &wire.Empty{}, nil
}

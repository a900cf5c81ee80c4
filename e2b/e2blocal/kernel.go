package e2blocal

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"syscall"
	"time"
)

// driverScript runs one IPython shell and speaks the line protocol described
// at its top.
//
//go:embed driver.py
var driverScript string

// kernelStartTimeout bounds how long a new kernel may take to be ready.
const kernelStartTimeout = 60 * time.Second

// kernel is one driver process.
type kernel struct {
	pid    int
	stdin  io.WriteCloser
	lines  chan []byte   // driver output lines; closed when the driver exits
	ready  chan struct{} // closed on the driver's _ready line
	exited chan struct{} // closed after the process has been reaped
	stderr *tailBuffer
	mu     sync.Mutex
	nextID int64
	// subs are the executions whose lines someone still wants, by request
	// id (the executions map of E2B's ContextWebSocket): lines of an
	// execution nobody waits for any more are dropped, and the cell runs on.
	subs map[int64]*execSub
	// drained is set once the driver's lines have ended.
	drained bool
}

// execSub receives the driver lines of one execution.
type execSub struct {
	lines chan []byte   // the execution's lines, _start to _done; closed if the kernel dies
	left  chan struct{} // closed when the subscriber stops listening
}

// driverLine is the part of a driver line the server looks at.
type driverLine struct {
	Type           string `json:"type"`
	ID             int64  `json:"id"`
	ExecutionCount int    `json:"execution_count"`
}

// controlLine decodes a driver's control line (type "_…"); ok is false for
// the wire lines between them, which are passed on without being parsed
// (a result line can hold megabytes of PNG).
func controlLine(line []byte) (dl driverLine, ok bool) {
	if !bytes.HasPrefix(line, []byte(`{"type": "_`)) {
		return dl, false
	}
	return dl, json.Unmarshal(line, &dl) == nil
}

// startKernel starts a driver in the sandbox with cwd and waits until it is
// ready to run code.
func (sb *sandbox) startKernel(cwd string) (*kernel, error) {
	cmd, err := sb.command(cwd, nil, sb.srv.cfg.Python, "-u", "-c", driverScript)
	if err != nil {
		return nil, err
	}
	k := &kernel{lines: make(chan []byte, 64), ready: make(chan struct{}),
		exited: make(chan struct{}), stderr: &tailBuffer{max: 8 << 10}, subs: map[int64]*execSub{}}
	cmd.Stderr = k.stderr
	if k.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("kernel stdin: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("kernel stdout: %w", err)
	}
	wait, err := sb.start(cmd)
	if err != nil {
		return nil, err
	}
	k.pid = cmd.Process.Pid
	go k.dispatch()
	go func() {
		r := bufio.NewReaderSize(stdout, 64<<10)
		readyClosed := false
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				if !readyClosed && bytes.HasPrefix(line, []byte(`{"type": "_ready"`)) {
					close(k.ready)
					readyClosed = true
				} else {
					k.lines <- line
				}
			}
			if err != nil {
				break
			}
		}
		// Reap first, so a reader that sees lines closed also sees the kernel dead.
		_ = wait()
		close(k.exited)
		close(k.lines)
	}()
	const tick = 250 * time.Millisecond
	deadline := time.Now().Add(kernelStartTimeout)
	for {
		select {
		case <-k.ready:
			return k, nil
		case <-k.exited:
			return nil, fmt.Errorf("python kernel exited during start-up: %s", k.stderr.String())
		case <-time.After(tick):
			if sb.currentState() == statePaused {
				deadline = deadline.Add(tick) // a frozen kernel is not a slow one
			}
			if time.Now().After(deadline) {
				k.kill()
				return nil, fmt.Errorf("python kernel not ready after %s: %s", kernelStartTimeout, k.stderr.String())
			}
		}
	}
}

// send writes one request line to the driver.
func (k *kernel) send(req map[string]any) error {
	b, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("encode kernel request: %w", err)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, err := k.stdin.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("write kernel request: %w", err)
	}
	return nil
}

// run asks the driver to execute code and returns the subscription that
// receives the execution's lines. The driver runs requests one at a time,
// so one sent while an earlier cell still runs waits behind it, as an
// execute_request waits in a busy Jupyter kernel.
func (k *kernel) run(code, lang string, env map[string]string) (int64, *execSub, error) {
	sub := &execSub{lines: make(chan []byte, 64), left: make(chan struct{})}
	k.mu.Lock()
	k.nextID++
	id := k.nextID
	if k.drained {
		close(sub.lines)
	} else {
		k.subs[id] = sub
	}
	k.mu.Unlock()
	if err := k.send(map[string]any{"op": "exec", "id": id, "code": code, "lang": lang, "env": env}); err != nil {
		k.leave(id)
		return 0, nil, err
	}
	return id, sub, nil
}

// leave stops delivering execution id's lines; its cell runs on.
func (k *kernel) leave(id int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if sub := k.subs[id]; sub != nil {
		close(sub.left)
		delete(k.subs, id)
	}
}

// dispatch hands each driver line to the execution it belongs to: _start
// and _done carry the request id, the lines between them belong to the
// execution that started last. When the driver exits, every waiting
// execution's channel is closed.
func (k *kernel) dispatch() {
	var cur int64
	for line := range k.lines {
		if dl, ok := controlLine(line); ok && (dl.Type == "_start" || dl.Type == "_done") {
			cur = dl.ID
		}
		k.mu.Lock()
		sub := k.subs[cur]
		k.mu.Unlock()
		if sub == nil {
			continue
		}
		select {
		case sub.lines <- line:
		case <-sub.left:
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.drained = true
	for id, sub := range k.subs {
		close(sub.lines)
		delete(k.subs, id)
	}
}

// interrupt raises KeyboardInterrupt in the running cell, if any.
func (k *kernel) interrupt() { _ = k.send(map[string]any{"op": "interrupt"}) }

// kill kills the driver's process tree.
func (k *kernel) kill() { _ = syscall.Kill(-k.pid, syscall.SIGKILL) }

// alive reports whether the driver is still running.
func (k *kernel) alive() bool {
	select {
	case <-k.exited:
		return false
	default:
		return true
	}
}

// tailBuffer keeps the last max bytes written to it (a kernel's stderr).
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.buf))
}

// execContext is a code-interpreter context: a language, a cwd and the
// kernel that holds its state. Executions in one context are serialized.
type execContext struct {
	sb       *sandbox
	id       string
	language string
	cwd      string
	turn     chan struct{} // one token: held while a cell runs
	mu       sync.Mutex
	kernel   *kernel
	removed  bool
}

var errContextRemoved = errors.New("context was removed")

// ensureKernel returns the context's live kernel, starting one if needed.
func (c *execContext) ensureKernel() (*kernel, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.removed {
		return nil, errContextRemoved
	}
	if c.kernel != nil && c.kernel.alive() {
		return c.kernel, nil
	}
	k, err := c.sb.startKernel(c.cwd)
	if err != nil {
		return nil, err
	}
	c.kernel = k
	return k, nil
}

// stop kills the context's kernel; remove also forbids new ones.
func (c *execContext) stop(remove bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.removed = c.removed || remove
	if c.kernel != nil {
		c.kernel.kill()
		c.kernel = nil
	}
}

func (c *execContext) killKernel() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kernel != nil {
		c.kernel.kill()
	}
}

// newContext registers a context; it becomes the language's default if the
// language has none.
func (sb *sandbox) newContext(language, cwd string) *execContext {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return sb.newContextLocked(language, cwd)
}

func (sb *sandbox) newContextLocked(language, cwd string) *execContext {
	c := &execContext{sb: sb, id: uuid(), language: language, cwd: cwd, turn: make(chan struct{}, 1)}
	sb.contexts[c.id] = c
	if sb.defaults[language] == nil {
		sb.defaults[language] = c
	}
	return c
}

// defaultContext returns the language's default context, making it if needed.
func (sb *sandbox) defaultContext(language string) *execContext {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if c := sb.defaults[language]; c != nil {
		return c
	}
	return sb.newContextLocked(language, homeDir)
}

func (sb *sandbox) context(id string) *execContext {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return sb.contexts[id]
}

func (sb *sandbox) removeContext(id string) *execContext {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	c := sb.contexts[id]
	delete(sb.contexts, id)
	if c != nil && sb.defaults[c.language] == c {
		delete(sb.defaults, c.language)
	}
	return c
}

func (sb *sandbox) listContexts() []*execContext {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	out := make([]*execContext, 0, len(sb.contexts))
	for _, c := range sb.contexts {
		out = append(out, c)
	}
	return out
}

func (sb *sandbox) killKernels() {
	for _, c := range sb.listContexts() {
		c.killKernel()
	}
}

// uuid returns a random RFC 4122 version 4 UUID, the shape of Jupyter kernel ids.
func uuid() string {
	var b [16]byte
	copy(b[:], randomBytes(16))
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

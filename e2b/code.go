package e2b

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
	"github.com/durable-analyst/durable-analyst/internal/clip"
)

const (
	defaultRunCodeTimeout = 60 * time.Second
	defaultMaxOutputBytes = 1 << 20
)

// RunCodeOptions are the options of Sandbox.RunCode. The zero value (or nil)
// runs Python in the default context.
type RunCodeOptions struct {
	// Language selects the default context of a language ("python", "js",
	// "r", ...). It cannot be combined with ContextID.
	Language string
	// ContextID runs the code in a context made by CreateCodeContext.
	ContextID string
	// EnvVars are set for this execution only.
	EnvVars map[string]string
	// Timeout bounds the whole execution, body included (default 60s; < 0
	// means no limit). On expiry RunCode returns an error of kind
	// KindTimeout, and the server interrupts the kernel.
	Timeout time.Duration
	// OnStdout and OnStderr receive output as it arrives.
	OnStdout, OnStderr func(OutputMessage)
	// OnResult receives each rich result (display data and the main result).
	OnResult func(Result)
	// OnError receives the error raised by the code.
	OnError func(ExecutionError)
	// MaxOutputBytes caps the stdout+stderr bytes kept in Execution.Logs
	// (default 1 MiB). Excess output is still passed to the callbacks, then
	// dropped and counted in Logs.DroppedBytes.
	MaxOutputBytes int
	// MaxLineBytes caps one line of the result stream (default 64 MiB).
	// Longer lines (say, a gigantic image) are skipped and counted in
	// Execution.SkippedLines.
	MaxLineBytes int
}

// Execution is the outcome of RunCode.
type Execution struct {
	Results []Result
	Logs    Logs
	// Error is the error raised by the code, if any. An error in the code is
	// a value here, not a Go error.
	Error          *ExecutionError
	ExecutionCount int
	// SkippedLines counts stream lines longer than MaxLineBytes.
	SkippedLines int
}

// Text returns the text of the main result, or "".
func (e *Execution) Text() string {
	for _, r := range e.Results {
		if r.IsMainResult {
			return r.Text
		}
	}
	return ""
}

// Logs holds the output printed by the code.
type Logs struct {
	Stdout, Stderr []string
	// DroppedBytes counts output bytes not kept because of MaxOutputBytes.
	DroppedBytes int64
}

// OutputMessage is one chunk of stdout or stderr.
type OutputMessage struct {
	Line      string
	Timestamp time.Time
	Error     bool // true for stderr
}

// Result is a rich result: display data or the value of the last expression.
// Binary formats (PNG, JPEG, PDF) are base64 strings, as on the wire. Chart
// is the e2b/chart object sent with a matplotlib figure: {"type", "title",
// "elements", ...} as described in docs/e2b-protocol.md §5.4, or {} when the
// figure could not be described.
type Result struct {
	Text, HTML, Markdown, SVG, PNG, JPEG, PDF, LaTeX, JavaScript string
	JSON, Data, Chart                                            json.RawMessage
	Extra                                                        map[string]json.RawMessage
	IsMainResult                                                 bool
}

// Formats lists the formats present in r, in wire order ("text", "html",
// "markdown", "svg", "png", "jpeg", "pdf", "latex", "json", "javascript",
// "data", "chart"), then the Extra keys.
func (r Result) Formats() []string {
	var f []string
	add := func(name string, present bool) {
		if present {
			f = append(f, name)
		}
	}
	add("text", r.Text != "")
	add("html", r.HTML != "")
	add("markdown", r.Markdown != "")
	add("svg", r.SVG != "")
	add("png", r.PNG != "")
	add("jpeg", r.JPEG != "")
	add("pdf", r.PDF != "")
	add("latex", r.LaTeX != "")
	add("json", len(r.JSON) > 0)
	add("javascript", r.JavaScript != "")
	add("data", len(r.Data) > 0)
	add("chart", len(r.Chart) > 0 && string(r.Chart) != "{}")
	for k := range r.Extra {
		f = append(f, k)
	}
	return f
}

// ExecutionError is an error raised by the executed code.
type ExecutionError struct {
	Name, Value, Traceback string
}

// Error implements error, so an ExecutionError can be returned as one.
func (e *ExecutionError) Error() string { return e.Name + ": " + e.Value }

// RunCode executes code in the sandbox's code interpreter (POST /execute on
// port 49999) and collects the streamed output. Callbacks in opts run on the
// calling goroutine as lines arrive. If the stream breaks, RunCode returns
// the partial Execution together with the error.
func (s *Sandbox) RunCode(ctx context.Context, code string, opts *RunCodeOptions) (*Execution, error) {
	const op = "run code"
	var o RunCodeOptions
	if opts != nil {
		o = *opts
	}
	if o.Language != "" && o.ContextID != "" {
		return nil, errors.New("e2b: run code: only one of Language and ContextID can be set")
	}
	timeout := o.Timeout
	if timeout == 0 {
		timeout = defaultRunCodeTimeout
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, timeout, errRunTimeout)
		defer cancel()
	}
	r := s.dataRequest(op, http.MethodPost, wire.CodeInterpreterPort, "/execute", true)
	if err := r.setJSON(wire.ExecuteRequest{Code: code, ContextID: o.ContextID, Language: o.Language, EnvVars: o.EnvVars}); err != nil {
		return nil, err
	}
	r.stream = true
	resp, _, err := s.client.do(ctx, r)
	if err != nil {
		return nil, s.runCodeError(ctx, timeout, err)
	}
	defer resp.Body.Close()
	exec, err := parseExecution(resp.Body, &o)
	if err != nil {
		return exec, s.runCodeError(ctx, timeout, s.goneAfterDrop(ctx, op, err))
	}
	return exec, nil
}

var errRunTimeout = errors.New("execution timeout")

func (s *Sandbox) runCodeError(ctx context.Context, timeout time.Duration, err error) error {
	if errors.Is(context.Cause(ctx), errRunTimeout) {
		return timeoutError("run code", timeout, "execution")
	}
	return err
}

// outputBuffer keeps at most limit bytes of output.
type outputBuffer struct {
	limit   int
	used    int
	dropped int64
}

// newOutputBuffer returns a buffer of limit bytes (defaultMaxOutputBytes if
// limit <= 0).
func newOutputBuffer(limit int) outputBuffer {
	if limit <= 0 {
		limit = defaultMaxOutputBytes
	}
	return outputBuffer{limit: limit}
}

// keep returns the part of s that fits, cut at a rune boundary.
func (b *outputBuffer) keep(s string) (string, bool) {
	room := b.limit - b.used
	if len(s) <= room {
		b.used += len(s)
		return s, true
	}
	kept := clip.Prefix(s, room)
	b.used += len(kept)
	b.dropped += int64(len(s) - len(kept))
	return kept, kept != ""
}

// parseExecution reads an /execute stream. It returns an error if the
// stream breaks or ends without end_of_execution.
func parseExecution(r io.Reader, o *RunCodeOptions) (*Execution, error) {
	out := newOutputBuffer(o.MaxOutputBytes)
	exec := &Execution{}
	sc := wire.NewLineScanner(r, o.MaxLineBytes)
	finish := func() { exec.Logs.DroppedBytes = out.dropped; exec.SkippedLines, _ = sc.Skipped() }
	defer finish()
	var scratch []byte // parseOutputLine's, reused across lines
	for sc.Scan() {
		var l wire.Line
		if fl, ok := parseOutputLine(sc.Bytes(), &scratch, o.OnStdout != nil || o.OnStderr != nil); ok {
			l = fl
		} else if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return exec, fmt.Errorf("e2b: run code: malformed stream line: %w", err)
		}
		switch l.Type {
		case wire.LineNumberOfExecutions:
			exec.ExecutionCount = l.ExecutionCount
		case wire.LineStdout, wire.LineStderr:
			isErr := l.Type == wire.LineStderr
			cb := o.OnStdout
			if isErr {
				cb = o.OnStderr
			}
			if cb != nil {
				ts, _ := time.Parse(time.RFC3339Nano, l.Timestamp)
				cb(OutputMessage{Line: l.Text, Timestamp: ts, Error: isErr})
			}
			if kept, ok := out.keep(l.Text); ok {
				if isErr {
					exec.Logs.Stderr = append(exec.Logs.Stderr, kept)
				} else {
					exec.Logs.Stdout = append(exec.Logs.Stdout, kept)
				}
			}
		case wire.LineResult:
			res := Result{Text: l.Text, HTML: l.HTML, Markdown: l.Markdown, SVG: l.SVG, PNG: l.PNG, JPEG: l.JPEG,
				PDF: l.PDF, LaTeX: l.LaTeX, JavaScript: l.JavaScript, JSON: l.JSON, Data: l.Data, Chart: l.Chart,
				Extra: l.Extra, IsMainResult: l.IsMainResult}
			if len(res.Extra) == 0 {
				res.Extra = nil
			}
			exec.Results = append(exec.Results, res)
			if o.OnResult != nil {
				o.OnResult(res)
			}
		case wire.LineError:
			e := ExecutionError{Name: l.Name, Value: l.Value, Traceback: l.Traceback}
			exec.Error = &e // the last error wins, as in the SDKs
			if o.OnError != nil {
				o.OnError(e)
			}
		case wire.LineEndOfExecution:
			return exec, nil
		default:
			// keepalive and unknown types are ignored
		}
	}
	if err := sc.Err(); err != nil {
		return exec, fmt.Errorf("e2b: run code: read stream: %w", err)
	}
	return exec, fmt.Errorf("e2b: run code: %w", errStreamCut)
}

var errStreamCut = errors.New("stream ended before end_of_execution")

// CodeContext is an isolated interpreter state (a Jupyter kernel).
type CodeContext struct {
	ID       string
	Language string
	Cwd      string
}

// CreateCodeContext starts a new context for language ("" = python) with
// working directory cwd ("" = /home/user).
func (s *Sandbox) CreateCodeContext(ctx context.Context, language, cwd string) (*CodeContext, error) {
	var out wire.Context
	if err := s.contextCall(ctx, "create code context", http.MethodPost, "/contexts", wire.CreateContextRequest{Language: language, Cwd: cwd}, &out); err != nil {
		return nil, err
	}
	return &CodeContext{ID: out.ID, Language: out.Language, Cwd: out.Cwd}, nil
}

// ListCodeContexts lists the contexts, including the default ones.
func (s *Sandbox) ListCodeContexts(ctx context.Context) ([]CodeContext, error) {
	var out []wire.Context
	if err := s.contextCall(ctx, "list code contexts", http.MethodGet, "/contexts", nil, &out); err != nil {
		return nil, err
	}
	cs := make([]CodeContext, len(out))
	for i, c := range out {
		cs[i] = CodeContext{ID: c.ID, Language: c.Language, Cwd: c.Cwd}
	}
	return cs, nil
}

// RestartCodeContext restarts a context's kernel, clearing its state.
func (s *Sandbox) RestartCodeContext(ctx context.Context, contextID string) error {
	return s.contextCall(ctx, "restart code context", http.MethodPost, "/contexts/"+url.PathEscape(contextID)+"/restart", nil, nil)
}

// RemoveCodeContext shuts a context down.
func (s *Sandbox) RemoveCodeContext(ctx context.Context, contextID string) error {
	return s.contextCall(ctx, "remove code context", http.MethodDelete, "/contexts/"+url.PathEscape(contextID), nil, nil)
}

// contextCall is a JSON call to the code interpreter's /contexts routes,
// which take no access token.
func (s *Sandbox) contextCall(ctx context.Context, op, method, path string, in, out any) error {
	r := s.dataRequest(op, method, wire.CodeInterpreterPort, path, false)
	r.idempotent = method == http.MethodGet
	if in != nil {
		if err := r.setJSON(in); err != nil {
			return err
		}
	}
	_, body, err := s.client.do(ctx, r)
	if err != nil {
		return err
	}
	if out != nil {
		if err := json.Unmarshal(body, out); err != nil {
			return fmt.Errorf("e2b: %s: decode response: %w", op, err)
		}
	}
	return nil
}

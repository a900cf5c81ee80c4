package wire

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
)

// Line types of the code interpreter's /execute NDJSON stream.
const (
	LineNumberOfExecutions = "number_of_executions"
	LineStdout             = "stdout"
	LineStderr             = "stderr"
	LineResult             = "result"
	LineError              = "error"
	LineKeepalive          = "keepalive"
	LineEndOfExecution     = "end_of_execution"
)

// ExecuteRequest is the body of POST /execute. ContextID and Language are
// mutually exclusive.
type ExecuteRequest struct {
	Code      string            `json:"code"`
	ContextID string            `json:"context_id,omitempty"`
	Language  string            `json:"language,omitempty"`
	EnvVars   map[string]string `json:"env_vars,omitempty"`
}

// CreateContextRequest is the body of POST /contexts.
type CreateContextRequest struct {
	Language string `json:"language,omitempty"`
	Cwd      string `json:"cwd,omitempty"`
}

// Context is a code-interpreter context (a Jupyter kernel) as returned by
// POST /contexts and GET /contexts.
type Context struct {
	ID       string `json:"id"`
	Language string `json:"language"`
	Cwd      string `json:"cwd"`
}

// Line is one line of the /execute stream. Type selects which fields are
// meaningful; unknown types must be ignored by readers.
type Line struct {
	Type string `json:"type"`

	// number_of_executions
	ExecutionCount int `json:"execution_count,omitempty"`

	// stdout / stderr (Text is also the text/plain field of a result)
	Text      string `json:"text,omitempty"`
	Timestamp string `json:"timestamp,omitempty"`

	// result: one field per MIME type (docs/e2b-protocol.md §5.4)
	HTML         string                     `json:"html,omitempty"`
	Markdown     string                     `json:"markdown,omitempty"`
	SVG          string                     `json:"svg,omitempty"`
	PNG          string                     `json:"png,omitempty"`
	JPEG         string                     `json:"jpeg,omitempty"`
	PDF          string                     `json:"pdf,omitempty"`
	LaTeX        string                     `json:"latex,omitempty"`
	JSON         json.RawMessage            `json:"json,omitempty"`
	JavaScript   string                     `json:"javascript,omitempty"`
	Data         json.RawMessage            `json:"data,omitempty"`
	Chart        json.RawMessage            `json:"chart,omitempty"`
	Extra        map[string]json.RawMessage `json:"extra,omitempty"`
	IsMainResult bool                       `json:"is_main_result,omitempty"`

	// error
	Name      string `json:"name,omitempty"`
	Value     string `json:"value,omitempty"`
	Traceback string `json:"traceback,omitempty"`
}

// LineScanner splits a stream into newline-terminated lines. Unlike
// bufio.Scanner it survives lines longer than its limit: such a line is
// skipped (and counted) instead of ending the scan, and its bytes are never
// held in memory beyond maxLine. A trailing "\r" and empty lines are dropped.
type LineScanner struct {
	r        *bufio.Reader
	maxLine  int
	buf      []byte
	line     []byte
	err      error
	skipped  int
	skippedN int64
}

// DefaultMaxLine is the line limit NewLineScanner uses when given maxLine <= 0.
const DefaultMaxLine = 64 << 20

// NewLineScanner returns a scanner reading r with lines of at most maxLine
// bytes (DefaultMaxLine if maxLine <= 0).
func NewLineScanner(r io.Reader, maxLine int) *LineScanner {
	if maxLine <= 0 {
		maxLine = DefaultMaxLine
	}
	return &LineScanner{r: bufio.NewReaderSize(r, min(64<<10, maxLine+1)), maxLine: maxLine}
}

// Scan advances to the next line, returning false at the end of the stream
// or on a read error (see Err).
func (s *LineScanner) Scan() bool {
	if s.err != nil {
		return false
	}
	s.buf = s.buf[:0]
	tooLong := false
	var dropped int64
	for {
		frag, err := s.r.ReadSlice('\n')
		switch {
		case tooLong:
			dropped += int64(len(frag))
		case len(s.buf)+len(frag) > s.maxLine+1: // +1: the newline does not count
			tooLong = true
			dropped += int64(len(s.buf) + len(frag))
			s.buf = s.buf[:0]
		case err == nil && len(s.buf) == 0:
			s.line = frag // whole line in the reader's buffer: no copy
		default:
			s.buf = append(s.buf, frag...)
			s.line = s.buf
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			s.err = err
			return false
		}
		if tooLong {
			s.skipped++
			s.skippedN += dropped
		} else if l := trimEOL(s.line); len(l) > 0 {
			s.line = l
			return true
		}
		if err != nil { // io.EOF
			s.line = nil
			return false
		}
		s.buf, tooLong, dropped = s.buf[:0], false, 0
	}
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

// Bytes returns the current line without its line ending. The slice is only
// valid until the next call to Scan.
func (s *LineScanner) Bytes() []byte { return s.line }

// Err returns the first read error other than io.EOF.
func (s *LineScanner) Err() error { return s.err }

// Skipped reports how many lines were longer than the limit and how many
// bytes they held.
func (s *LineScanner) Skipped() (lines int, bytes int64) { return s.skipped, s.skippedN }

// Package journal holds what sandboxes, code runs and outputs share, below
// all three: the connection to a sandbox, the cell journal in its kernel
// (which makes a cell run once across crashes, and replays cells into a
// new sandbox), the record of each cell in S3, and the query journal of
// staged SQL results.
package journal

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// The cell journal makes RunCode exactly-once across worker crashes. Each
// cell is sent with a one-line prefix that installs the journal in the
// kernel (code_journal.py, once per kernel) and begins the cell under an id
// derived from the workflow run, step and call. In the kernel the journal
//   - refuses to start a cell id twice: a retry gets DurableCellDone and
//     reads the recorded outputs from the sandbox instead;
//   - ignores the interrupt a server sends when the client (a dying worker)
//     disconnects, so the cell finishes and its outputs are recorded,
//     unless the worker marked the cell cancelled first (<id>.cancel);
//   - stops a cell after its timeout with a TimeoutError of its own;
//   - notices a restarted kernel (DurableKernelLost, DurableCellLost): the
//     state earlier cells built is gone, which the workflow treats like a
//     lost sandbox and rebuilds.
// Executions in one context are serialized by the code interpreter, so a
// retry's cell waits until a still-running first attempt has finished
// (tools/code_reconnect.go says how a retry reconnects).

//go:embed code_journal.py
var journalPy string

var journalB64 = base64.StdEncoding.EncodeToString([]byte(journalPy))

// journalDir is where the kernel keeps the journal in the sandbox.
const journalDir = activities.HomeDir + "/.durable/cells"

// cellPath is the journal's file for cell id with suffix (".started",
// ".done.json", ".meta.json", ".cancel"; code_journal.py names them the same).
func cellPath(id, suffix string) string { return journalDir + "/" + id + suffix }

// Error names the journal raises in the kernel.
const (
	errCellDone   = "DurableCellDone"
	errCellLost   = "DurableCellLost"
	errKernelLost = "DurableKernelLost"
)

// CellID names a cell uniquely across runs, steps and calls.
func CellID(workflowID, runID string, step, cell int, callID string) string {
	sum := sha256.Sum256([]byte(strings.Join([]string{workflowID, runID, strconv.Itoa(step), strconv.Itoa(cell), callID}, "\x00")))
	return "c" + hex.EncodeToString(sum[:12])
}

// journalPrefix is the first line of a journaled cell: short, so that a
// traceback near the top of the user's code shows nothing strange, and one
// line, so the user's code keeps its own last expression.
func journalPrefix(id string, timeout time.Duration) string {
	return fmt.Sprintf("__da_begin(%q, %d)", id, int(timeout.Seconds()))
}

// journaledCell puts the journal's line first, after any leading
// `from __future__` imports, which Python only accepts at the top.
func journaledCell(id string, timeout time.Duration, code string) string {
	lines := strings.SplitAfter(code, "\n")
	n := 0
	for n < len(lines) {
		l := strings.TrimSpace(lines[n])
		if !strings.HasPrefix(l, "from __future__ import") && l != "" && !strings.HasPrefix(l, "#") {
			break
		}
		n++
	}
	// Only move the head when it holds a future import.
	head := strings.Join(lines[:n], "")
	if !strings.Contains(head, "from __future__") {
		return journalPrefix(id, timeout) + "\n" + code
	}
	if !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	return head + journalPrefix(id, timeout) + "\n" + strings.Join(lines[n:], "")
}

// journalBootstrap installs the journal in a kernel that lacks it (a new
// sandbox, or a kernel that restarted: the journal then refuses to run
// cells, since what earlier cells built is gone).
var journalBootstrap = fmt.Sprintf(`if "__da_begin" not in globals(): exec(__import__("base64").b64decode("%s").decode(), globals())`, journalB64)

// needsBootstrap tells a cell that stopped at its first line because the
// kernel has no journal yet: nothing of the user's code ran.
func needsBootstrap(e *e2b.ExecutionError) bool {
	return e != nil && e.Name == "NameError" && strings.Contains(e.Value, "'__da_begin'")
}

// doneRecord is a cell's journal entry as the kernel writes it.
type doneRecord struct {
	ID      string `json:"id"`
	Stdout  string `json:"stdout"`
	Stderr  string `json:"stderr"`
	Results []struct {
		Main bool                       `json:"main"`
		Data map[string]json.RawMessage `json:"data"`
	} `json:"results"`
	Error *struct {
		Name      string `json:"name"`
		Value     string `json:"value"`
		Traceback string `json:"traceback"`
	} `json:"error"`
	Names []string `json:"names"`
}

// Run runs code under the journal as cell id of sandbox sb and returns its
// execution: from the stream when it runs now, from the journal when an
// earlier attempt already ran it. out, when set, is handed each piece of
// output ("stdout" or "stderr", the text) as the cell prints it. The cell
// stops after d's CodeTimeout.
func Run(ctx context.Context, d *activities.Activities, sb *e2b.Sandbox, id, code string, out func(stream, text string)) (*e2b.Execution, error) {
	return run(ctx, d, sb, id, code, CodeTimeout(d), out)
}

func run(ctx context.Context, d *activities.Activities, sb *e2b.Sandbox, id, code string, timeout time.Duration, out func(stream, text string)) (*e2b.Execution, error) {
	runCtx, stop := interruptOnCancel(ctx, d.Log(), sb, id)
	defer stop()
	opts := e2b.RunCodeOptions{
		// The kernel stops the cell at timeout; the client waits a
		// little longer for the TimeoutError to arrive.
		Timeout:        timeout + time.Minute,
		MaxOutputBytes: 4 << 20,
	}
	if out != nil {
		opts.OnStdout = func(m e2b.OutputMessage) { out("stdout", m.Line) }
		opts.OnStderr = func(m e2b.OutputMessage) { out("stderr", m.Line) }
	}
	run := func(src string) (*e2b.Execution, error) {
		o := opts
		exec, err := sb.RunCode(runCtx, src, &o)
		if err != nil {
			return nil, fault.Classify(fault.ServiceSandbox, "run code", err)
		}
		return exec, nil
	}
	cell := journaledCell(id, timeout, code)
	// The journal's line is line 1 of the cell unless future imports came
	// first; then tracebacks are shifted back to the user's line numbers.
	shift := strings.HasPrefix(cell, "__da_begin(")
	exec, err := run(cell)
	if err != nil {
		return nil, err
	}
	if needsBootstrap(exec.Error) {
		boot, err := run(journalBootstrap)
		if err != nil {
			return nil, err
		}
		if boot.Error != nil {
			if boot.Error.Name == errKernelLost {
				return nil, fault.New(api.ErrTypeSandboxLost,
					fmt.Sprintf("sandbox %s: %s: %s", sb.ID, boot.Error.Name, boot.Error.Value), nil, 0)
			}
			return nil, fault.New(api.ErrTypeUnavailable,
				fmt.Sprintf("sandbox %s: installing the cell journal failed: %s: %s", sb.ID, boot.Error.Name, boot.Error.Value), nil, 0)
		}
		if exec, err = run(cell); err != nil {
			return nil, err
		}
	}
	if exec.Error == nil {
		activities.Count(ctx, activities.MetricCellsRun, 1)
		return exec, nil
	}
	if shift {
		exec.Error.Traceback = userLineNumbers(exec.Error.Traceback)
	}
	switch exec.Error.Name {
	case "DeadKernelError", "ContextRestarting", "UnexpectedEndOfExecution", "WebSocketError":
		// The kernel died or lost touch mid-cell: the code interpreter
		// says so in an error line, not an HTTP status. Whether the cell
		// finished is for the journal to tell, so retry: the next attempt
		// gets the journaled outputs, or finds the kernel restarted and
		// reports the sandbox lost.
		return nil, fault.New(api.ErrTypeUnavailable,
			fmt.Sprintf("sandbox %s: the kernel failed mid-cell: %s: %s", sb.ID, exec.Error.Name, exec.Error.Value), nil, 0)
	case errCellDone:
		activities.Count(ctx, activities.MetricCellsFromJournal, 1)
		d.Log().Info("cell already ran; returning its journaled outputs", "cell_id", id, "sandbox_id", sb.ID)
		return Read(ctx, sb, id)
	case errCellLost, errKernelLost:
		return nil, fault.New(api.ErrTypeSandboxLost,
			fmt.Sprintf("sandbox %s: %s: %s", sb.ID, exec.Error.Name, exec.Error.Value), nil, 0)
	}
	activities.Count(ctx, activities.MetricCellsRun, 1)
	return exec, nil
}

// Read rebuilds an execution from the cell's journal entry.
func Read(ctx context.Context, sb *e2b.Sandbox, id string) (*e2b.Execution, error) {
	b, err := sb.Files().Read(ctx, cellPath(id, ".done.json"))
	if err != nil {
		return nil, fault.Classify(fault.ServiceSandbox, "read journal of cell "+id, err)
	}
	var rec doneRecord
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fault.New(api.ErrTypeSandboxLost, fmt.Sprintf("journal of cell %s is corrupt: %v", id, err), err, 0)
	}
	exec := &e2b.Execution{}
	if rec.Stdout != "" {
		exec.Logs.Stdout = []string{rec.Stdout}
	}
	if rec.Stderr != "" {
		exec.Logs.Stderr = []string{rec.Stderr}
	}
	for _, r := range rec.Results {
		res := e2b.Result{IsMainResult: r.Main}
		str := func(mime string) string {
			var s string
			if raw, ok := r.Data[mime]; ok {
				_ = json.Unmarshal(raw, &s)
			}
			return s
		}
		res.Text = str("text/plain")
		res.HTML = str("text/html")
		res.Markdown = str("text/markdown")
		res.PNG = str("image/png")
		res.JPEG = str("image/jpeg")
		res.SVG = str("image/svg+xml")
		if raw, ok := r.Data["application/json"]; ok {
			res.JSON = raw
		}
		exec.Results = append(exec.Results, res)
	}
	if rec.Error != nil {
		exec.Error = &e2b.ExecutionError{Name: rec.Error.Name, Value: rec.Error.Value, Traceback: rec.Error.Traceback}
	}
	return exec, nil
}

var (
	cellFrameRE = regexp.MustCompile(`(Cell In ?\[\d+\], line )(\d+)`)
	fileFrameRE = regexp.MustCompile(`^File .*:\d+, in `)
	contextRE   = regexp.MustCompile(`^(\s*(?:-+>)?\s*)(\d+)(\s.*)?$`)
)

// userLineNumbers rewrites an IPython traceback so the frame of the cell
// counts lines as the user wrote them: one less than the kernel saw, since
// the journal's line came first, and without that line in the context.
// Frames of other files are left alone.
func userLineNumbers(tb string) string {
	lines := strings.Split(tb, "\n")
	out := lines[:0]
	inCell := false
	for _, l := range lines {
		if m := cellFrameRE.FindStringSubmatchIndex(l); m != nil {
			inCell = true
			if n, err := strconv.Atoi(l[m[4]:m[5]]); err == nil && n > 1 {
				l = l[:m[4]] + strconv.Itoa(n-1) + l[m[5]:]
			}
			out = append(out, l)
			continue
		}
		if fileFrameRE.MatchString(l) {
			inCell = false
		}
		if inCell {
			if strings.Contains(l, "__da_begin(") {
				continue
			}
			if m := contextRE.FindStringSubmatch(l); m != nil {
				if n, err := strconv.Atoi(m[2]); err == nil && n > 1 {
					l = m[1] + strconv.Itoa(n-1) + m[3]
				}
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// State is what the journal in the sandbox says of one cell id.
type State int

const (
	NotStarted State = iota // no journal entry: an earlier attempt never got the cell to the kernel
	Running                 // <id>.started without <id>.done.json: running, or its kernel died
	Done                    // <id>.done.json: finished, its outcome recorded
)

func (s State) String() string {
	return [...]string{"not started", "running", "done"}[s]
}

// ReadState reads the cell's journal entry through the sandbox's file API.
func ReadState(ctx context.Context, sb *e2b.Sandbox, id string) (State, error) {
	for _, c := range []struct {
		suffix string
		state  State
	}{{".done.json", Done}, {".started", Running}} {
		ok, err := sb.Files().Exists(ctx, cellPath(id, c.suffix))
		if err != nil {
			return NotStarted, fault.Classify(fault.ServiceSandbox, "read journal of cell "+id, err)
		}
		if ok {
			return c.state, nil
		}
	}
	return NotStarted, nil
}

// cancelGrace bounds writing the cancel mark once the activity is cancelled.
const cancelGrace = 10 * time.Second

// interruptOnCancel returns the context to run cell id under. It ends with
// ctx, except that when the workflow cancels the activity the cell's cancel
// mark (<id>.cancel) is written first: the journal then lets the interrupt
// that follows the disconnect stop the cell, where it ignores the one a
// dying worker causes. A heartbeat timeout, worker shutdown or pause is no
// cancellation: the cell runs on for the next attempt to collect.
func interruptOnCancel(ctx context.Context, log *slog.Logger, sb *e2b.Sandbox, id string) (context.Context, context.CancelFunc) {
	run, cancel := context.WithCancel(context.WithoutCancel(ctx))
	go func() {
		select {
		case <-run.Done():
			return
		case <-ctx.Done():
		}
		if temporal.IsCanceledError(context.Cause(ctx)) {
			wctx, wcancel := context.WithTimeout(run, cancelGrace)
			if _, err := sb.Files().Write(wctx, cellPath(id, ".cancel"), []byte("cancelled")); err != nil {
				log.Warn("could not mark the cell cancelled; it runs on to its timeout", "cell_id", id, "sandbox_id", sb.ID, "error", err)
			} else {
				log.Info("activity cancelled: interrupting the cell", "cell_id", id, "sandbox_id", sb.ID)
			}
			wcancel()
		}
		cancel()
	}()
	return run, cancel
}

// File is a file the journal saw change in a cell under outputs/.
type File struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Meta is the small record the journal writes beside a cell's outputs:
// the kernel's global names after the cell, and the files it changed.
type Meta struct {
	Names []string `json:"names"`
	Files []File   `json:"files"`
}

// ReadMeta reads a cell's meta record. A cell Python could not even
// compile never reached the journal and has none: that is no files, not
// an error.
func ReadMeta(ctx context.Context, sb *e2b.Sandbox, id string) (Meta, error) {
	var meta Meta
	b, err := sb.Files().Read(ctx, cellPath(id, ".meta.json"))
	if e2b.IsNotFound(err) {
		return meta, nil
	}
	if err != nil {
		return meta, fault.Classify(fault.ServiceSandbox, "read the journal of cell "+id, err)
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return meta, fmt.Errorf("journal of cell %s: %w", id, err)
	}
	return meta, nil
}

// Names reads the kernel's global names recorded after a cell.
func Names(ctx context.Context, sb *e2b.Sandbox, id string) ([]string, error) {
	b, err := sb.Files().Read(ctx, cellPath(id, ".meta.json"))
	if err != nil {
		return nil, err
	}
	var meta Meta
	if err := json.Unmarshal(b, &meta); err != nil {
		return nil, err
	}
	return meta.Names, nil
}

// defaultCodeTimeout bounds a cell when Activities.CodeTimeout is unset.
const defaultCodeTimeout = 10 * time.Minute

// CodeTimeout is how long one cell may run.
func CodeTimeout(d *activities.Activities) time.Duration {
	if d.CodeTimeout > 0 {
		return d.CodeTimeout
	}
	return defaultCodeTimeout
}

// Connect reaches a sandbox by id and renews its lifetime. A sandbox that
// is gone is reported as ErrTypeSandboxLost.
func Connect(ctx context.Context, d *activities.Activities, id string) (*e2b.Sandbox, error) {
	sb, err := d.E2B.Connect(ctx, id, d.SandboxTimeout)
	if err != nil {
		if e2b.IsNotFound(err) {
			return nil, fault.Classify(fault.ServiceSandbox, "connect to sandbox "+id, err)
		}
		return nil, fault.Classify(fault.ServiceE2B, "connect to sandbox "+id, err)
	}
	return sb, nil
}

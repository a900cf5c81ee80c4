package activities

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"

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
// (code_reconnect.go says how a retry reconnects).

//go:embed code_journal.py
var journalPy string

var journalB64 = base64.StdEncoding.EncodeToString([]byte(journalPy))

// journalDir is where the kernel keeps the journal in the sandbox.
const journalDir = HomeDir + "/.durable/cells"

// cellPath is the journal's file for cell id with suffix (".started",
// ".done.json", ".meta.json", ".cancel"; code_journal.py names them the same).
func cellPath(id, suffix string) string { return journalDir + "/" + id + suffix }

// Error names the journal raises in the kernel.
const (
	errCellDone   = "DurableCellDone"
	errCellLost   = "DurableCellLost"
	errKernelLost = "DurableKernelLost"
)

// cellID names a cell uniquely across runs, steps and calls.
func cellID(in RunCodeInput) string {
	sum := sha256.Sum256([]byte(strings.Join([]string{in.WorkflowID, in.RunID, strconv.Itoa(in.Step), strconv.Itoa(in.Cell), in.CallID}, "\x00")))
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

// runJournaled runs code under the journal and returns its execution: from
// the stream when it runs now, from the journal when an earlier attempt
// already ran it.
func (a *Activities) runJournaled(ctx context.Context, sb *e2b.Sandbox, id, code string, timeout time.Duration) (*e2b.Execution, error) {
	return a.runJournaledTo(ctx, sb, id, code, timeout, nil)
}

// runJournaledTo is runJournaled that also hands each piece of output to
// out ("stdout" or "stderr", the text) as the cell prints it.
func (a *Activities) runJournaledTo(ctx context.Context, sb *e2b.Sandbox, id, code string, timeout time.Duration, out func(stream, text string)) (*e2b.Execution, error) {
	runCtx, stop := a.interruptOnCancel(ctx, sb, id)
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
		count(ctx, MetricCellsRun, 1)
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
		count(ctx, MetricCellsFromJournal, 1)
		a.Log().Info("cell already ran; returning its journaled outputs", "cell_id", id, "sandbox_id", sb.ID)
		return a.readJournal(ctx, sb, id)
	case errCellLost, errKernelLost:
		return nil, fault.New(api.ErrTypeSandboxLost,
			fmt.Sprintf("sandbox %s: %s: %s", sb.ID, exec.Error.Name, exec.Error.Value), nil, 0)
	}
	count(ctx, MetricCellsRun, 1)
	return exec, nil
}

// readJournal rebuilds an execution from the cell's journal entry.
func (a *Activities) readJournal(ctx context.Context, sb *e2b.Sandbox, id string) (*e2b.Execution, error) {
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

// cellNames reads the kernel's global names recorded after a cell.
func (a *Activities) cellNames(ctx context.Context, sb *e2b.Sandbox, id string) ([]string, error) {
	b, err := sb.Files().Read(ctx, cellMetaPath(id))
	if err != nil {
		return nil, err
	}
	var meta cellMeta
	if err := json.Unmarshal(b, &meta); err != nil {
		return nil, err
	}
	return meta.Names, nil
}

// heartbeatWhile heartbeats every third of the activity's heartbeat
// timeout until the returned func is called, so a dead worker is noticed
// within the heartbeat timeout rather than the activity's whole timeout,
// and a live one survives two late heartbeats.
func HeartbeatWhile(ctx context.Context, details any) func() {
	hctx, cancel := context.WithCancel(ctx)
	every := heartbeatInterval(activity.GetInfo(ctx).HeartbeatTimeout)
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-hctx.Done():
				return
			case <-t.C:
				activity.RecordHeartbeat(ctx, details)
			}
		}
	}()
	return cancel
}

// heartbeatInterval is a third of the heartbeat timeout (2 s without
// one), at least 100 ms.
func heartbeatInterval(timeout time.Duration) time.Duration {
	if timeout <= 0 {
		return 2 * time.Second
	}
	return max(timeout/3, 100*time.Millisecond)
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

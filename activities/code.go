package activities

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// defaultCodeTimeout bounds a cell when Activities.CodeTimeout is unset.
const defaultCodeTimeout = 10 * time.Minute

// cellRecord is the whole output of a cell, kept in S3 (never in history).
type cellRecord struct {
	Step      int         `json:"step"`
	Cell      int         `json:"cell"`
	CallID    string      `json:"call_id"`
	Code      string      `json:"code"`
	Stdout    string      `json:"stdout"`
	Stderr    string      `json:"stderr"`
	Results   []string    `json:"results,omitempty"` // text form of each result
	Error     *CodeError  `json:"error,omitempty"`
	Traceback string      `json:"traceback,omitempty"`
	Charts    []api.Chart `json:"charts,omitempty"`
	// Files are the files the cell wrote under outputs/ and its SVG and
	// HTML results, as stored in S3.
	Files   []api.OutputFile `json:"files,omitempty"`
	Dropped int64            `json:"dropped_bytes,omitempty"`
	// FileNotes tell the model which files under outputs/ were stored
	// and which were left out.
	FileNotes []string `json:"file_notes,omitempty"`
	// Names are the kernel's global names after the cell: a rebuilt
	// kernel must have them all again.
	Names []string `json:"names,omitempty"`
	// ModelOutput is the text handed to the model (modelOutput), kept so
	// CallModel reads the very text RunCode made (ToolOutput.OutputKey).
	ModelOutput string `json:"model_output,omitempty"`
	Truncated   bool   `json:"truncated,omitempty"`
}

// RunCodeName is the name RunCode is registered under.
const RunCodeName = "RunCode"

// RunCode runs one cell of the model's Python in the sandbox. Every PNG the
// cell draws is uploaded to S3 here, under a deterministic key, and only the
// key and a presigned URL go back; the text for the model is capped. An
// exception in the code is a result for the model, not an activity failure.
func (a *Activities) RunCode(ctx context.Context, in RunCodeInput) (RunCodeResult, error) {
	if strings.TrimSpace(in.Code) == "" {
		return RunCodeResult{}, fault.New(api.ErrTypeBadRequest, "run code: code is empty", nil, 0)
	}
	sb, err := a.connect(ctx, in.SandboxID)
	if err != nil {
		return RunCodeResult{}, err
	}

	id := cellID(in)
	hb := CellHeartbeat{Step: in.Step, Cell: in.Cell, CellID: id, Attempt: attempt(ctx)}
	state := cellNotStarted
	if retried(ctx) {
		// A retry: the cell may have run, or still run, since the
		// earlier attempt's worker went away.
		if state, err = a.journalState(ctx, sb, id); err != nil {
			return RunCodeResult{}, err
		}
		a.Log().Info("retried cell: reconnecting", "cell_id", id, "sandbox_id", sb.ID,
			"attempt", hb.Attempt, "journal", state.String())
		hb.Reconnected = state == cellRunning
	}
	if activity.IsActivity(ctx) {
		activity.RecordHeartbeat(ctx, hb) // at once: the UI shows the reconnect before the first tick
	}
	defer HeartbeatWhile(ctx, hb)()

	pub := a.cellPublisher(ctx, in)
	defer pub.Close()
	var out func(stream, text string)
	if pub != nil {
		pub.Start(ctx)
		out = pub.Write
	}
	var exec *e2b.Execution
	start := time.Now()
	switch state {
	case cellDone:
		// It finished while no worker was attached.
		count(ctx, MetricCellsFromJournal, 1)
		exec, err = a.readJournal(ctx, sb, id)
	case cellRunning:
		// The same journaled cell waits in the kernel behind the running
		// one, then gets the journal's DurableCellDone.
		count(ctx, MetricCellsReconnected, 1)
		exec, err = a.runJournaledTo(ctx, sb, id, in.Code, a.codeTimeout(), out)
	default:
		exec, err = a.runJournaledTo(ctx, sb, id, in.Code, a.codeTimeout(), out)
		since(ctx, MetricCodeRunLatency, start)
	}
	if err != nil {
		return RunCodeResult{}, err
	}
	meta, err := a.readCellMeta(ctx, sb, id)
	if err != nil {
		return RunCodeResult{}, err
	}

	rec := cellRecord{
		Step: in.Step, Cell: in.Cell, CallID: in.CallID, Code: in.Code,
		Stdout: strings.Join(exec.Logs.Stdout, ""), Stderr: strings.Join(exec.Logs.Stderr, ""),
		Dropped: exec.Logs.DroppedBytes, Names: meta.Names,
	}
	if exec.Error != nil {
		rec.Error = &CodeError{Name: exec.Error.Name, Value: exec.Error.Value}
		rec.Traceback = exec.Error.Traceback
	}
	streamCut := a.finishStream(ctx, pub, rec)
	pngs, svgs, htmls := 0, 0, 0
	for _, r := range exec.Results {
		shown, err := a.storeDisplay(ctx, in, r, &svgs, &htmls)
		if err != nil {
			return RunCodeResult{}, err
		}
		rec.Files = append(rec.Files, shown...)
		for _, n := range fileNotes(shown) {
			rec.Results = append(rec.Results, "["+n+"]")
		}
		if r.PNG != "" {
			img, err := base64.StdEncoding.DecodeString(r.PNG)
			if err != nil {
				rec.Results = append(rec.Results, fmt.Sprintf("[a chart could not be decoded: %v]", err))
				continue
			}
			ch := api.Chart{Key: a.chartKey(in.WorkflowID, in.Step, in.Cell, pngs), Step: in.Step, Cell: in.Cell, Index: pngs, Bytes: len(img)}
			pngs++
			if err := a.PutObject(ctx, ch.Key, "image/png", img); err != nil {
				return RunCodeResult{}, fault.Classify(fault.ServiceStorage, "upload chart "+ch.Key, err)
			}
			if err := a.presignInto(ctx, ch.Key, &ch.URL); err != nil {
				return RunCodeResult{}, err
			}
			rec.Charts = append(rec.Charts, ch)
			count(ctx, MetricChartsStored, 1)
			count(ctx, MetricChartBytes, int64(ch.Bytes))
			rec.Results = append(rec.Results, fmt.Sprintf("[chart %d saved as %s%s]", len(rec.Charts), ch.Key, chartSummary(r.Chart)))
			continue
		}
		if t := resultText(r); t != "" {
			rec.Results = append(rec.Results, t)
		}
	}
	written, skipped, err := a.storeOutputFiles(ctx, sb, in, meta.Files)
	if err != nil {
		return RunCodeResult{}, err
	}
	rec.Files = append(rec.Files, written...)
	rec.FileNotes = append(fileNotes(written), skipped...)
	rec.ModelOutput, rec.Truncated = modelOutput(rec, a.MaxOutputBytes)
	key := a.outputKey(in.WorkflowID, in.Step, in.Cell)
	if err := a.PutJSON(ctx, key, rec); err != nil {
		return RunCodeResult{}, fault.Classify(fault.ServiceStorage, "store cell output", err)
	}
	res := RunCodeResult{Output: rec.ModelOutput, Charts: rec.Charts, Files: rec.Files, Error: rec.Error, OutputKey: key, Truncated: rec.Truncated, StreamCut: streamCut}
	if in.OutputByRef {
		res.Output = ""
	}
	return res, nil
}

// toolOutputText is the text of a tool output for the model: inline, or
// read from the cell record RunCode stored under OutputKey. The key must
// lie under the workflow's own prefix, so a caller cannot feed the model
// another analysis's objects.
func (a *Activities) ToolOutputText(ctx context.Context, workflowID string, o ToolOutput) (string, error) {
	if o.OutputKey == "" {
		return o.Output, nil
	}
	if prefix := a.workflowPrefix(workflowID) + "/"; !strings.HasPrefix(o.OutputKey, prefix) {
		return "", fault.New(api.ErrTypeBadRequest,
			fmt.Sprintf("tool output of call %s: key %q is not under this analysis's prefix %q", o.CallID, o.OutputKey, prefix), nil, 0)
	}
	var rec cellRecord
	if err := a.GetJSON(ctx, o.OutputKey, &rec); err != nil {
		return "", fault.Classify(fault.ServiceStorage, fmt.Sprintf("read the output of call %s", o.CallID), err)
	}
	if rec.ModelOutput == "" {
		// Every record RunCode writes has the text; render it for one
		// that lacks it rather than hand the model nothing.
		text, _ := modelOutput(rec, a.MaxOutputBytes)
		return text, nil
	}
	return rec.ModelOutput, nil
}

// resultText is the text form of a non-image result.
func resultText(r e2b.Result) string {
	switch {
	case r.Text != "":
		return r.Text
	case r.Markdown != "":
		return r.Markdown
	case len(r.JSON) > 0:
		return string(r.JSON)
	case r.HTML != "":
		return r.HTML
	}
	return ""
}

// modelOutput renders a cell for the model, within max bytes. Each part
// gets a fair share so a flood of stdout cannot hide the error.
func modelOutput(rec cellRecord, max int) (string, bool) {
	type part struct{ title, body string }
	var parts []part
	if rec.Stdout != "" {
		parts = append(parts, part{"stdout", rec.Stdout})
	}
	if rec.Stderr != "" {
		parts = append(parts, part{"stderr", rec.Stderr})
	}
	if len(rec.Results) > 0 {
		parts = append(parts, part{"result", strings.Join(rec.Results, "\n")})
	}
	if len(rec.FileNotes) > 0 {
		parts = append(parts, part{"files", strings.Join(rec.FileNotes, "\n")})
	}
	if rec.Error != nil {
		tb := rec.Traceback
		if tb == "" {
			tb = rec.Error.Name + ": " + rec.Error.Value
		}
		parts = append(parts, part{"error", tb})
	}
	if len(parts) == 0 {
		return "(no output)", false
	}
	truncated := rec.Dropped > 0
	share := max / len(parts)
	var b strings.Builder
	for _, p := range parts {
		body := p.body
		if len(body) > share-64 && share > 64 {
			cut := share - 64
			// Keep the head and the tail: the end of a traceback or a
			// log usually matters most.
			head, tail := cut/2, cut-cut/2
			body = body[:head] + fmt.Sprintf("\n…[%d bytes cut]…\n", len(body)-cut) + body[len(body)-tail:]
			truncated = true
		}
		fmt.Fprintf(&b, "[%s]\n%s\n", p.title, strings.TrimRight(body, "\n"))
	}
	if rec.Dropped > 0 {
		fmt.Fprintf(&b, "[note] %d more bytes of output were dropped\n", rec.Dropped)
	}
	return strings.ToValidUTF8(b.String(), "�"), truncated
}

// chartSummary describes E2B's chart data in a few words for the model,
// e.g. `: bar chart "Revenue by region", 4 elements`.
func chartSummary(raw json.RawMessage) string {
	var c struct {
		Type     string            `json:"type"`
		Title    string            `json:"title"`
		Elements []json.RawMessage `json:"elements"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &c) != nil || c.Type == "" {
		return ""
	}
	s := ": " + c.Type + " chart"
	if c.Title != "" {
		s += fmt.Sprintf(" %q", c.Title)
	}
	return s + fmt.Sprintf(", %d elements", len(c.Elements))
}

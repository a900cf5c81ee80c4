package tools

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// RunCodeInput runs one cell of Python in the sandbox.
type RunCodeInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	SandboxID  string `json:"sandbox_id"`
	Step       int    `json:"step"`
	// Cell numbers the tool calls within a step, from 0.
	Cell   int    `json:"cell"`
	CallID string `json:"call_id"`
	Code   string `json:"code"`
	// OutputByRef leaves the text for the model out of the result: it
	// stays in the cell record at OutputKey, which the workflow hands to
	// CallModel (ToolOutput.OutputKey), so the history holds it nowhere.
	OutputByRef bool `json:"output_by_ref,omitempty"`
	// Stream publishes the cell's output to the workflow's event stream
	// as it prints (stream.Publisher).
	Stream bool `json:"stream,omitempty"`
}

// RunCodeResult is what one cell produced, in bounded form: Output is the
// text handed to the model (capped; empty when the input asked for
// OutputByRef), charts are S3 keys, and the whole output, with that text,
// lies at OutputKey.
type RunCodeResult struct {
	Output string      `json:"output"`
	Charts []api.Chart `json:"charts,omitempty"`
	// Files are the files the cell wrote under outputs/ and its SVG and
	// HTML results, stored in S3.
	Files     []api.OutputFile      `json:"files,omitempty"`
	Error     *activities.CodeError `json:"error,omitempty"`
	OutputKey string                `json:"output_key,omitempty"`
	Truncated bool                  `json:"truncated,omitempty"`
	// StreamCut: the event stream holds only the start of the cell's
	// output (RunCodeInput.Stream); the rest is in the record at OutputKey.
	StreamCut bool `json:"stream_cut,omitempty"`
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
	sb, err := journal.Connect(ctx, a.d, in.SandboxID)
	if err != nil {
		return RunCodeResult{}, err
	}

	id := journal.CellID(in.WorkflowID, in.RunID, in.Step, in.Cell, in.CallID)
	hb := CellHeartbeat{Step: in.Step, Cell: in.Cell, CellID: id, Attempt: activities.Attempt(ctx)}
	state := journal.NotStarted
	if activities.Retried(ctx) {
		// A retry: the cell may have run, or still run, since the
		// earlier attempt's worker went away (code_reconnect.go).
		if state, err = journal.ReadState(ctx, sb, id); err != nil {
			return RunCodeResult{}, err
		}
		a.d.Log().Info("retried cell: reconnecting", "cell_id", id, "sandbox_id", sb.ID,
			"attempt", hb.Attempt, "journal", state.String())
		hb.Reconnected = state == journal.Running
	}
	if activity.IsActivity(ctx) {
		activity.RecordHeartbeat(ctx, hb) // at once: the UI shows the reconnect before the first tick
	}
	defer activities.HeartbeatWhile(ctx, hb)()

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
	case journal.Done:
		// It finished while no worker was attached.
		activities.Count(ctx, activities.MetricCellsFromJournal, 1)
		exec, err = journal.Read(ctx, sb, id)
	case journal.Running:
		// The same journaled cell waits in the kernel behind the running
		// one, then gets the journal's DurableCellDone.
		activities.Count(ctx, activities.MetricCellsReconnected, 1)
		exec, err = journal.Run(ctx, a.d, sb, id, in.Code, out)
	default:
		exec, err = journal.Run(ctx, a.d, sb, id, in.Code, out)
		activities.Since(ctx, activities.MetricCodeRunLatency, start)
	}
	if err != nil {
		return RunCodeResult{}, err
	}
	meta, err := journal.ReadMeta(ctx, sb, id)
	if err != nil {
		return RunCodeResult{}, err
	}

	rec := journal.Record{
		Step: in.Step, Cell: in.Cell, CallID: in.CallID, Code: in.Code,
		Stdout: strings.Join(exec.Logs.Stdout, ""), Stderr: strings.Join(exec.Logs.Stderr, ""),
		Dropped: exec.Logs.DroppedBytes, Names: meta.Names,
	}
	if exec.Error != nil {
		rec.Error = &activities.CodeError{Name: exec.Error.Name, Value: exec.Error.Value}
		rec.Traceback = exec.Error.Traceback
	}
	streamCut := a.finishStream(ctx, pub, rec)
	at := outputs.CellAt{WorkflowID: in.WorkflowID, Step: in.Step, Cell: in.Cell}
	pngs, svgs, htmls := 0, 0, 0
	for _, r := range exec.Results {
		shown, err := a.out.StoreDisplay(ctx, at, r, &svgs, &htmls)
		if err != nil {
			return RunCodeResult{}, err
		}
		rec.Files = append(rec.Files, shown...)
		for _, n := range outputs.FileNotes(shown) {
			rec.Results = append(rec.Results, "["+n+"]")
		}
		if r.PNG != "" {
			img, err := base64.StdEncoding.DecodeString(r.PNG)
			if err != nil {
				rec.Results = append(rec.Results, fmt.Sprintf("[a chart could not be decoded: %v]", err))
				continue
			}
			ch, err := a.out.StoreChart(ctx, at, pngs, img)
			if err != nil {
				return RunCodeResult{}, err
			}
			pngs++
			rec.Charts = append(rec.Charts, ch)
			rec.Results = append(rec.Results, fmt.Sprintf("[chart %d saved as %s%s]", len(rec.Charts), ch.Key, chartSummary(r.Chart)))
			continue
		}
		if t := resultText(r); t != "" {
			rec.Results = append(rec.Results, t)
		}
	}
	written, skipped, err := a.out.StoreFiles(ctx, sb, at, meta.Files)
	if err != nil {
		return RunCodeResult{}, err
	}
	rec.Files = append(rec.Files, written...)
	rec.FileNotes = append(outputs.FileNotes(written), skipped...)
	rec.ModelOutput, rec.Truncated = journal.ModelOutput(rec, a.d.MaxOutputBytes)
	key := a.d.OutputKey(in.WorkflowID, in.Step, in.Cell)
	if err := a.d.PutJSON(ctx, key, rec); err != nil {
		return RunCodeResult{}, fault.Classify(fault.ServiceStorage, "store cell output", err)
	}
	res := RunCodeResult{Output: rec.ModelOutput, Charts: rec.Charts, Files: rec.Files, Error: rec.Error, OutputKey: key, Truncated: rec.Truncated, StreamCut: streamCut}
	if in.OutputByRef {
		res.Output = ""
	}
	return res, nil
}

// OutputText is the text of a tool output for the model: inline, or read
// from the cell record RunCode stored under OutputKey. The key must lie
// under the workflow's own prefix, so a caller cannot feed the model
// another analysis's objects.
func OutputText(ctx context.Context, d *activities.Activities, workflowID string, o Output) (string, error) {
	if o.OutputKey == "" {
		return o.Output, nil
	}
	if prefix := d.WorkflowPrefix(workflowID) + "/"; !strings.HasPrefix(o.OutputKey, prefix) {
		return "", fault.New(api.ErrTypeBadRequest,
			fmt.Sprintf("tool output of call %s: key %q is not under this analysis's prefix %q", o.CallID, o.OutputKey, prefix), nil, 0)
	}
	var rec journal.Record
	if err := d.GetJSON(ctx, o.OutputKey, &rec); err != nil {
		return "", fault.Classify(fault.ServiceStorage, fmt.Sprintf("read the output of call %s", o.CallID), err)
	}
	if rec.ModelOutput == "" {
		// Every record RunCode writes has the text; render it for one
		// that lacks it rather than hand the model nothing.
		text, _ := journal.ModelOutput(rec, d.MaxOutputBytes)
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

package journal

import (
	"context"
	"fmt"
	"strings"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// Record is the whole output of a cell, kept in S3 (never in history) at
// activities.OutputKey: RunCode and RunSQL write it, a rebuild replays its
// code, the report shows it and the answer check reads what it printed.
type Record struct {
	Step      int                   `json:"step"`
	Cell      int                   `json:"cell"`
	CallID    string                `json:"call_id"`
	Code      string                `json:"code"`
	Stdout    string                `json:"stdout"`
	Stderr    string                `json:"stderr"`
	Results   []string              `json:"results,omitempty"` // text form of each result
	Error     *activities.CodeError `json:"error,omitempty"`
	Traceback string                `json:"traceback,omitempty"`
	Charts    []api.Chart           `json:"charts,omitempty"`
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
	// ModelOutput is the text handed to the model (ModelOutput), kept so
	// CallModel reads the very text RunCode made (tools.Output.OutputKey).
	ModelOutput string `json:"model_output,omitempty"`
	Truncated   bool   `json:"truncated,omitempty"`
}

// ReadRecord reads the record of one cell of a workflow.
func ReadRecord(ctx context.Context, d *activities.Activities, workflowID string, ref api.CellRef) (Record, error) {
	var rec Record
	key := d.OutputKey(workflowID, ref.Step, ref.Cell)
	if err := d.GetJSON(ctx, key, &rec); err != nil {
		return rec, fault.Classify(fault.ServiceStorage, "read cell record "+key, err)
	}
	return rec, nil
}

// ModelOutput renders a cell for the model, within max bytes. Each part
// gets a fair share so a flood of stdout cannot hide the error.
func ModelOutput(rec Record, max int) (string, bool) {
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

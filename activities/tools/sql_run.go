package tools

import (
	"context"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// sqlNameRE is a run_sql result's name: a plain file name without .csv.
var sqlNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$`)

// CheckSQLName says what is wrong with a run_sql result name ("" if
// nothing).
func CheckSQLName(name string) string {
	if !sqlNameRE.MatchString(strings.TrimSuffix(name, ".csv")) {
		return fmt.Sprintf("name %q must be a plain file name (a letter or digit, then letters, digits, _ or -; at most 100), without a directory", name)
	}
	return ""
}

// previewRows is how many rows of a result the model sees.
const previewRows = 5

// RunSQLInput is one run_sql call of the model: a query against a source,
// whose result is staged at /home/user/<name>.csv.
type RunSQLInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	SandboxID  string `json:"sandbox_id"`
	Step       int    `json:"step"`
	Cell       int    `json:"cell"`
	CallID     string `json:"call_id"`
	Source     string `json:"source"`
	Query      string `json:"query"`
	Name       string `json:"name"`
	// OutputByRef leaves the text for the model out of the result, as
	// RunCodeInput.OutputByRef.
	OutputByRef bool `json:"output_by_ref,omitempty"`
}

// RunSQLResult is what a run_sql call did. The text for the model is in
// the record at OutputKey (and in Output unless asked by reference).
type RunSQLResult struct {
	Output    string `json:"output,omitempty"`
	OutputKey string `json:"output_key"`
	Path      string `json:"path,omitempty"`
	Rows      int    `json:"rows"`
	Bytes     int64  `json:"bytes"`
	// Refused is set when the query did not run to the end (its message
	// is the tool output).
	Refused bool `json:"refused,omitempty"`
}

// RunSQLName is the name RunSQL is registered under.
const RunSQLName = "RunSQL"

// RunSQL runs the model's run_sql call: the query, read-only and bounded,
// on the named source, its result staged at /home/user/<name>.csv, once
// (a retry stages the journaled result). A query that is refused or fails
// is a result for the model, like a failed cell; a connection failure is
// retried. The text for the model is stored as a cell record, so the
// history holds only its key.
func (a *Activities) RunSQL(ctx context.Context, in RunSQLInput) (RunSQLResult, error) {
	if in.WorkflowID == "" || in.Step < 1 {
		return RunSQLResult{}, fault.New(api.ErrTypeBadRequest, "run sql: workflow_id and step >= 1 are required", nil, 0)
	}
	name := strings.TrimSuffix(in.Name, ".csv")
	var text string
	res := RunSQLResult{OutputKey: a.d.OutputKey(in.WorkflowID, in.Step, in.Cell)}
	if problem := CheckSQLName(in.Name); problem != "" {
		text, res.Refused = "error: "+problem, true
	} else {
		sb, err := journal.Connect(ctx, a.d, in.SandboxID)
		if err != nil {
			return RunSQLResult{}, err
		}
		defer activities.HeartbeatWhile(ctx, fmt.Sprintf("step %d cell %d: sql", in.Step, in.Cell))()
		p := path.Join(activities.HomeDir, name+".csv")
		id := journal.QueryID(in.WorkflowID, in.RunID, fmt.Sprint(in.Step), fmt.Sprint(in.Cell), in.CallID)
		st, err := journal.StageQuery(ctx, a.d, journal.SandboxWriter(sb, p), in.WorkflowID, id, in.Source, p, in.Query)
		var refused *sqlsource.QueryRefused
		var appErr interface{ Type() string }
		switch {
		case errors.As(err, &refused):
			text, res.Refused = "error: the query was not run to the end: "+refused.Msg, true
		case err != nil && errors.As(err, &appErr) && appErr.Type() == api.ErrTypeNotFound:
			// An unknown source is the model's mistake.
			text, res.Refused = "error: "+errtext.Message(err), true
		case err != nil:
			return RunSQLResult{}, err
		default:
			res.Path, res.Rows, res.Bytes = p, st.Rec.Rows, st.Rec.Bytes
			text = sqlToolText(st)
		}
	}
	rec := journal.Record{
		Step: in.Step, Cell: in.Cell, CallID: in.CallID,
		Code:        fmt.Sprintf("-- %s(source=%q, name=%q)\n%s", api.ToolRunSQL, in.Source, in.Name, in.Query),
		ModelOutput: text,
	}
	if res.Refused {
		rec.Error = &activities.CodeError{Name: "QueryRefused", Value: text}
	}
	if err := a.d.PutJSON(ctx, res.OutputKey, rec); err != nil {
		return RunSQLResult{}, fault.Classify(fault.ServiceStorage, "store run_sql output", err)
	}
	if !in.OutputByRef {
		res.Output = text
	}
	return res, nil
}

// sqlToolText is what the model reads of a staged result.
func sqlToolText(st *journal.Staged) string {
	var b strings.Builder
	fmt.Fprintf(&b, "staged %s: %d rows, %d bytes of CSV with a header row (NULL is an empty field)\ncolumns:", st.Rec.Path, st.Rec.Rows, st.Rec.Bytes)
	for _, c := range st.Rec.Columns {
		fmt.Fprintf(&b, " %s (%s),", c.Name, c.Type)
	}
	s := strings.TrimSuffix(b.String(), ",")
	return fmt.Sprintf("%s\nfirst rows:\n%s\nload it with pandas.read_csv(%q)", s, csvHead(st.CSV, previewRows+1), st.Rec.Path)
}

// csvHead is the first n lines of a CSV (the header and n-1 rows), each
// clipped, for the model.
func csvHead(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	for i, l := range lines {
		if len(l) > 300 {
			lines[i] = l[:300] + "…"
		}
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

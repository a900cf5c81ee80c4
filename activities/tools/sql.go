package tools

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/durable-analyst/durable-analyst/api"
)

// RunSQLTool runs a read-only query on one of the worker's SQL sources and
// stages its result in the sandbox as CSV (RunSQL, sql_run.go).
var RunSQLTool = Tool{
	Name: api.ToolRunSQL,
	Description: "Run one read-only SQL query (PostgreSQL; SELECT, WITH … SELECT, VALUES or TABLE) on a SQL source " +
		"and save its result in the sandbox as /home/user/<name>.csv (header row; NULL as an empty field). " +
		"Returns the columns, the row count and the first rows; load the file with pandas in " + api.ToolExecutePython + ". " +
		"Writes are refused; the query runs under a timeout and row and byte caps.",
	Parameters: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"source": map[string]any{"type": "string", "description": "the name of the SQL source"},
			"query":  map[string]any{"type": "string", "description": "one read-only SQL statement"},
			"name":   map[string]any{"type": "string", "description": "file name for the result, without .csv (letters, digits, _ or -)"},
		},
		"required":             []string{"source", "query", "name"},
		"additionalProperties": false,
	},
	Signature: "source, query, name: string",
	Parse:     parseSQL,
	Activity:  RunSQLName,
	Phase:     "run sql",
	Where:     "run sql",
	Sandbox:   true,
	SQL:       true,
}

// sqlArgs is a run_sql call's arguments.
type sqlArgs struct{ source, query, name string }

func (s sqlArgs) Input(c CallAt) any {
	return RunSQLInput{
		WorkflowID: c.WorkflowID, RunID: c.RunID, SandboxID: c.SandboxID, Step: c.Step, Cell: c.Cell, CallID: c.CallID,
		Source: s.source, Query: s.query, Name: s.name, OutputByRef: c.OutputByRef,
	}
}

func (s sqlArgs) Summary() string { return "run sql on " + s.source }

// parseSQL checks a run_sql call.
func parseSQL(arguments string) (Args, string) {
	var args struct {
		Source *string `json:"source"`
		Query  *string `json:"query"`
		Name   *string `json:"name"`
	}
	if err := json.NewDecoder(strings.NewReader(arguments)).Decode(&args); err != nil {
		return nil, fmt.Sprintf("error: the arguments of %s are not valid JSON (%v); send {\"source\": \"<name>\", \"query\": \"select …\", \"name\": \"<file name>\"}", api.ToolRunSQL, err)
	}
	switch {
	case args.Source == nil || args.Query == nil || args.Name == nil:
		return nil, fmt.Sprintf("error: %s needs the arguments \"source\", \"query\" and \"name\" (strings)", api.ToolRunSQL)
	case strings.TrimSpace(*args.Query) == "":
		return nil, "error: query is empty; send one SELECT statement"
	case len(*args.Query) > api.MaxSQLQueryBytes:
		return nil, fmt.Sprintf("error: query is %d bytes, at most %d", len(*args.Query), api.MaxSQLQueryBytes)
	}
	if p := CheckSQLName(*args.Name); p != "" {
		return nil, "error: " + p
	}
	return sqlArgs{source: *args.Source, query: *args.Query, name: *args.Name}, ""
}

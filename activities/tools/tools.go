// Package tools holds the tools the model may call: their one table
// (Table: each row the tool's name, description, JSON Schema, the parser
// of its arguments and the activity that runs a call), offered by
// CallModel and dispatched by the workflow, and the activities that run
// the calls: RunCode for execute_python (with the cell journal, package
// journal) and RunSQL for run_sql. A new tool is a file with its row and
// its activity, a line in Table, one in Register, and its test.
package tools

import (
	"fmt"
	"strings"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/api"
)

// Activities are the activities that run the tools' calls, over the
// worker's shared dependencies (the E2B client, S3, the SQL sources) and
// the storage of a cell's outputs.
type Activities struct {
	d   *activities.Activities
	out *outputs.Activities
}

// New builds the tools' activities on d.
func New(d *activities.Activities) *Activities {
	return &Activities{d: d, out: outputs.New(d)}
}

// Register registers the tools' activities on r under their names.
func (a *Activities) Register(r activities.Registry) {
	activities.RegisterNamed(r, map[string]any{
		RunCodeName: a.RunCode,
		RunSQLName:  a.RunSQL,
	})
}

// Call is a function call the model asked for.
type Call struct {
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// Output answers one Call, with its text either inline (Output)
// or by reference (OutputKey): a cell's text is already in S3, so the
// workflow passes the key and CallModel reads the text itself, and the
// history never holds it twice (workflows.ChangeToolOutputRefs).
type Output struct {
	CallID string `json:"call_id"`
	Output string `json:"output,omitempty"`
	// OutputKey is a cell record RunCode stored (RunCodeResult.OutputKey);
	// when set, the text handed to the model is that record's.
	OutputKey string `json:"output_key,omitempty"`
}

// Tool is one tool the model may call, whole: what the model is offered
// (name, description, JSON Schema of the arguments) and how a workflow
// runs a call (the parser of its arguments, the activity that runs it, what
// it needs). Table is the one table of them: CallModel offers the rows
// that are on (modelcall) and the workflow dispatches each call through
// its row (workflows/tools.go). python.go and sql.go hold the two rows
// there are.
type Tool struct {
	// Name is the function the model calls (api.ToolExecutePython, …).
	Name string
	// Description and Parameters (a JSON Schema) are what the model is
	// told of the tool and its arguments.
	Description string
	Parameters  map[string]any
	// Signature names the arguments in the message for a call of an
	// unknown tool: "code: string".
	Signature string
	// Parse checks a call's arguments. A problem is text for the model,
	// never a workflow error.
	Parse func(arguments string) (args Args, problem string)
	// Activity is the name of the activity that runs a call. Its input is
	// Args.Input; its result is read as a Result.
	Activity string
	// Phase is what the analysis shows while a call runs: "run code"
	// becomes "run code (cell 0)".
	Phase string
	// Where names the call in the message of a call that failed the
	// analysis, after its step and cell: "run sql" gives "step 2 cell 0:
	// run sql: …" ("" gives "step 2 cell 0: …").
	Where string
	// Sandbox: the call runs in the analysis' sandbox. A sandbox found
	// lost is rebuilt and the call run again in the new one.
	Sandbox bool
	// Cell: a call that ran is a cell of the sandbox's journal, replayed
	// into a new sandbox after a loss (RestoreSandbox), and counts in the
	// result's code_runs.
	Cell bool
	// SQL: the call needs a SQL source. The tool is offered, and its calls
	// run, only where the workflow can run such calls
	// (CallModelInput.SQLTool, set under workflows.ChangeRunSQL), and the
	// model is offered it only when the worker has SQL sources.
	SQL bool
}

// Args is a call's arguments as its tool's Parse accepted them.
type Args interface {
	// Input is the input of the tool's activity for the call at c.
	Input(c CallAt) any
	// Summary names the call in the UI after its step and cell: "run
	// code", "run sql on shop".
	Summary() string
}

// CallAt is where a call runs, as the workflow knows it.
type CallAt struct {
	WorkflowID string
	RunID      string
	SandboxID  string // set for a tool that runs in the sandbox
	Step       int
	Cell       int
	CallID     string
	// OutputByRef: the activity leaves the text for the model in its
	// record at OutputKey (workflows.ChangeToolOutputRefs).
	OutputByRef bool
	// Stream: the activity publishes what the call prints to the
	// workflow's event stream as it runs (workflows.ChangeEventStream).
	Stream bool
}

// Result is what a workflow reads of a tool activity's result, whose JSON
// fields it shares (RunCodeResult, RunSQLResult): the text for the model
// inline or under OutputKey, charts and files stored in S3, and the error
// a cell raised.
type Result struct {
	Output    string                `json:"output"`
	OutputKey string                `json:"output_key,omitempty"`
	Charts    []api.Chart           `json:"charts,omitempty"`
	Files     []api.OutputFile      `json:"files,omitempty"`
	Error     *activities.CodeError `json:"error,omitempty"`
	StreamCut bool                  `json:"stream_cut,omitempty"`
}

// Table is the table of tools, in the order the model is offered them.
// Workers and workflows read it; only tests add rows, before anything runs.
var Table = []Tool{ExecutePythonTool, RunSQLTool}

// On are the rows of Table that are on: those that need a SQL source only
// when sql is set.
func On(sql bool) []Tool {
	var on []Tool
	for _, t := range Table {
		if !t.SQL || sql {
			on = append(on, t)
		}
	}
	return on
}

// Lookup finds the tool called name among tools.
func Lookup(tools []Tool, name string) (Tool, bool) {
	for _, t := range tools {
		if t.Name == name {
			return t, true
		}
	}
	return Tool{}, false
}

// Unknown is what the model is told of a call of a tool that is not among
// tools.
func Unknown(name string, tools []Tool) string {
	sigs := make([]string, len(tools))
	for i, t := range tools {
		sigs[i] = fmt.Sprintf("%s(%s)", t.Name, t.Signature)
	}
	if len(sigs) == 1 {
		return fmt.Sprintf("error: unknown tool %q; the only tool is %s", name, sigs[0])
	}
	last := len(sigs) - 1
	return fmt.Sprintf("error: unknown tool %q; the tools are %s and %s", name, strings.Join(sigs[:last], ", "), sigs[last])
}

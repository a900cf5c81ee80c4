package activities

import (
	"fmt"
	"strings"

	"github.com/durable-analyst/durable-analyst/api"
)

// Tool is one tool the model may call, whole: what the model is offered
// (name, description, JSON Schema of the arguments) and how a workflow
// runs a call (the parser of its arguments, the activity that runs it, what
// it needs). Tools is the one table of them: CallModel offers the rows that
// are on (model.go, model_chat.go) and the workflow dispatches each call
// through its row (workflows/tools.go). A new tool is a file with its row
// (tools_python.go and tools_sql.go are the two there are), a line in
// Tools, and its test.
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
	Parse func(arguments string) (args ToolArgs, problem string)
	// Activity is the name of the activity that runs a call. Its input is
	// ToolArgs.Input; its result is read as a ToolResult.
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

// ToolArgs is a call's arguments as its tool's Parse accepted them.
type ToolArgs interface {
	// Input is the input of the tool's activity for the call at c.
	Input(c ToolCallAt) any
	// Summary names the call in the UI after its step and cell: "run
	// code", "run sql on shop".
	Summary() string
}

// ToolCallAt is where a call runs, as the workflow knows it.
type ToolCallAt struct {
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

// ToolResult is what a workflow reads of a tool activity's result, whose
// JSON fields it shares (RunCodeResult, RunSQLResult): the text for the
// model inline or under OutputKey, charts and files stored in S3, and the
// error a cell raised.
type ToolResult struct {
	Output    string           `json:"output"`
	OutputKey string           `json:"output_key,omitempty"`
	Charts    []api.Chart      `json:"charts,omitempty"`
	Files     []api.OutputFile `json:"files,omitempty"`
	Error     *CodeError       `json:"error,omitempty"`
	StreamCut bool             `json:"stream_cut,omitempty"`
}

// Tools is the table of tools, in the order the model is offered them.
// Workers and workflows read it; only tests add rows, before anything runs.
var Tools = []Tool{ExecutePythonTool, RunSQLTool}

// ToolsFor are the rows of Tools that are on: those that need a SQL
// source only when sql is set.
func ToolsFor(sql bool) []Tool {
	var on []Tool
	for _, t := range Tools {
		if !t.SQL || sql {
			on = append(on, t)
		}
	}
	return on
}

// LookupTool finds the tool called name among tools.
func LookupTool(tools []Tool, name string) (Tool, bool) {
	for _, t := range tools {
		if t.Name == name {
			return t, true
		}
	}
	return Tool{}, false
}

// UnknownTool is what the model is told of a call of a tool that is not
// among tools.
func UnknownTool(name string, tools []Tool) string {
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

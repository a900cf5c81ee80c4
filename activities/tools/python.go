package tools

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/durable-analyst/durable-analyst/api"
)

// ExecutePythonTool runs the model's Python as a cell in the sandbox
// (RunCode): the tool every analysis has.
var ExecutePythonTool = Tool{
	Name:        api.ToolExecutePython,
	Description: ExecutePythonDescription,
	Parameters: map[string]any{
		"type": "object",
		"properties": map[string]any{
			"code": map[string]any{"type": "string", "description": "Python code to run"},
		},
		"required":             []string{"code"},
		"additionalProperties": false,
	},
	Signature: "code: string",
	Parse:     parsePython,
	Activity:  RunCodeName,
	Phase:     "run code",
	Sandbox:   true,
	Cell:      true,
}

// ExecutePythonDescription is the execute_python tool's description: it
// tells the model where to put files it wants to hand back.
const ExecutePythonDescription = "Run Python code in the analysis sandbox and return stdout, stderr, the value of the last expression, errors and saved charts. " +
	"Files written under /home/user/outputs/ (e.g. outputs/cleaned.csv, an .xlsx or an .html table) are handed to the user and listed in the result; SVG and HTML display results are kept too."

// MaxCodeBytes bounds the code of one call; longer code is refused back to
// the model (it would bloat the history).
const MaxCodeBytes = 32 << 10

// pythonArgs is an execute_python call's code.
type pythonArgs struct{ code string }

func (p pythonArgs) Input(c CallAt) any {
	return RunCodeInput{
		WorkflowID: c.WorkflowID, RunID: c.RunID, SandboxID: c.SandboxID,
		Step: c.Step, Cell: c.Cell, CallID: c.CallID, Code: p.code, OutputByRef: c.OutputByRef, Stream: c.Stream,
	}
}

func (pythonArgs) Summary() string { return "run code" }

// parsePython checks an execute_python call.
func parsePython(arguments string) (Args, string) {
	var args struct {
		Code *string `json:"code"`
	}
	dec := json.NewDecoder(strings.NewReader(arguments))
	if err := dec.Decode(&args); err != nil {
		return nil, fmt.Sprintf("error: the arguments of %s are not valid JSON (%v); send {\"code\": \"<python>\"}", api.ToolExecutePython, err)
	}
	switch {
	case args.Code == nil:
		return nil, fmt.Sprintf("error: %s needs the argument \"code\" (a string of Python)", api.ToolExecutePython)
	case strings.TrimSpace(*args.Code) == "":
		return nil, "error: code is empty; send the Python to run"
	case len(*args.Code) > MaxCodeBytes:
		return nil, fmt.Sprintf("error: code is %d bytes, at most %d; split it over several calls", len(*args.Code), MaxCodeBytes)
	}
	return pythonArgs{code: *args.Code}, ""
}

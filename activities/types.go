package activities

import "github.com/durable-analyst/durable-analyst/api"

// SandboxRef names a sandbox made for one workflow.
type SandboxRef struct {
	SandboxID string `json:"sandbox_id"`
	// Reused is true when CreateSandbox found the sandbox an earlier attempt
	// made (its response was lost) instead of creating one.
	Reused bool `json:"reused,omitempty"`
}

// CreateSandboxInput asks for a sandbox tagged with the workflow's identity.
type CreateSandboxInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	// Generation counts sandboxes made for this run: 1 for the first, 2
	// after the first was lost, and so on. It is part of the metadata so a
	// replacement never reuses the sandbox it replaces.
	Generation int `json:"generation"`
	// ReportCapacity: when no sandbox can be had now (E2B answers 429 for
	// its concurrency limit, or this worker holds MAX_SANDBOXES), fail at
	// once with api.ErrTypeSandboxCapacity; the workflow waits and asks
	// again, and no attempt is spent. Unset (workflow code from before
	// it), such a failure is an ordinary retryable RateLimited error.
	ReportCapacity bool `json:"report_capacity,omitempty"`
	// Leased: the analysis holds a turn of its pool's line (version 4 of
	// wait-for-sandbox), which decides for every worker; this worker's
	// own line and MAX_SANDBOXES do not hold it back. E2B's 429 still
	// does (another client may share the team).
	Leased bool `json:"leased,omitempty"`
	// WakeOnFree: a refused create also queues the analysis on this
	// worker, which signals it (SignalSandboxFreed) when a sandbox it
	// holds is freed; the workflow then asks again at once.
	WakeOnFree bool `json:"wake_on_free,omitempty"`
}

// AdmitSandboxInput asks whether an analysis should ask for its sandbox
// now or wait its turn in the worker's line (AdmitSandbox).
type AdmitSandboxInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	Generation int    `json:"generation"`
}

// Admission is AdmitSandbox's answer. Wait: the analysis is queued
// (Refusal says where) and waits for its wake before it asks.
type Admission struct {
	Wait    bool            `json:"wait,omitempty"`
	Refusal CapacityRefusal `json:"refusal"`
}

// CapacityRefusal is the detail of a SandboxCapacity error.
type CapacityRefusal struct {
	// Queued: the worker queued the analysis and will signal it when it
	// frees a sandbox (WakeOnFree), so its timer need only be a fallback.
	Queued bool `json:"queued,omitempty"`
	// Position is the analysis' place in the worker's line (1: next;
	// counted up to 10,000).
	Position int `json:"position,omitempty"`
	// ExpectedWaitSeconds is when its turn may come, from its place and
	// the rate at which the worker offered freed sandboxes lately (0:
	// unknown).
	ExpectedWaitSeconds float64 `json:"expected_wait_seconds,omitempty"`
}

// StageDatasetsInput lists the datasets to write into a sandbox.
type StageDatasetsInput struct {
	SandboxID string        `json:"sandbox_id"`
	Datasets  []api.Dataset `json:"datasets"`
}

// StagedDataset describes a dataset as it now lies in the sandbox.
type StagedDataset struct {
	Name  string `json:"name"`
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
	// Preview is the first lines of a text file (bounded), so the model
	// knows the columns without spending a step.
	Preview string `json:"preview,omitempty"`
}

// ToolCall is a function call the model asked for.
type ToolCall struct {
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// ToolOutput answers one ToolCall, with its text either inline (Output)
// or by reference (OutputKey): a cell's text is already in S3, so the
// workflow passes the key and CallModel reads the text itself, and the
// history never holds it twice (workflows.ChangeToolOutputRefs).
type ToolOutput struct {
	CallID string `json:"call_id"`
	Output string `json:"output,omitempty"`
	// OutputKey is a cell record RunCode stored (RunCodeResult.OutputKey);
	// when set, the text handed to the model is that record's.
	OutputKey string `json:"output_key,omitempty"`
}

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

// CodeError is an exception raised by the model's code.
type CodeError struct {
	Name  string `json:"name"`
	Value string `json:"value"`
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
	Files     []api.OutputFile `json:"files,omitempty"`
	Error     *CodeError       `json:"error,omitempty"`
	OutputKey string           `json:"output_key,omitempty"`
	Truncated bool             `json:"truncated,omitempty"`
	// StreamCut: the event stream holds only the start of the cell's
	// output (RunCodeInput.Stream); the rest is in the record at OutputKey.
	StreamCut bool `json:"stream_cut,omitempty"`
}

// KillSandboxInput names the sandbox to kill.
type KillSandboxInput struct {
	SandboxID string `json:"sandbox_id"`
	// Line and Leave, when set, give the analysis' turn back to its pool's
	// line as soon as the sandbox is gone, from the activity itself: the
	// next in line gets the turn without waiting for the analysis' next
	// workflow task (which gives it back too; a second leave is a no-op).
	Line  string       `json:"line,omitempty"`
	Leave *LineRequest `json:"leave,omitempty"`
}

// RestoreSandboxInput replays the journal of cells into a new sandbox.
type RestoreSandboxInput struct {
	WorkflowID string        `json:"workflow_id"`
	RunID      string        `json:"run_id"`
	SandboxID  string        `json:"sandbox_id"`
	Cells      []api.CellRef `json:"cells"`
}

// RestoreSandboxResult says what the replay rebuilt.
type RestoreSandboxResult struct {
	Replayed int `json:"replayed"`
	// Names is how many global names of the lost kernel were checked to
	// exist again.
	Names int `json:"names"`
}

// VerifyAnswerInput names the answer to check and the cells whose outputs
// may support it; the outputs are read from the cell records in S3.
type VerifyAnswerInput struct {
	WorkflowID string        `json:"workflow_id"`
	Question   string        `json:"question,omitempty"`
	Answer     string        `json:"answer"`
	Cells      []api.CellRef `json:"cells,omitempty"`
}

// VerifyAnswerResult is the check of an answer.
type VerifyAnswerResult struct {
	Claims      []api.Claim `json:"claims"`
	Unsupported int         `json:"unsupported"`
}

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

package api

// SchemaVersion is the version of the AnalysisInput / AnalysisResult JSON.
// A change that breaks callers bumps it.
const SchemaVersion = 1

// Limits on the input. They keep the workflow history small: inline dataset
// content is part of the input and so of the history.
const (
	DefaultMaxSteps      = 10
	MaxMaxSteps          = 50
	MaxQuestionBytes     = 8 << 10
	MaxSystemPromptBytes = 16 << 10
	MaxDatasets          = 20
	MaxInlineBytes       = 64 << 10
	MaxS3KeyBytes        = 1024
	MaxURLBytes          = 2048
	// MaxSQLQueryBytes bounds a dataset's (or run_sql's) query.
	MaxSQLQueryBytes = 16 << 10
)

// AnalysisInput is the input of AnalysisWorkflow. Only question is
// required; every other field has a default.
type AnalysisInput struct {
	// SchemaVersion is 1 (or omitted).
	SchemaVersion int `json:"schema_version,omitempty"`
	// Question is what to find out from the data.
	Question string `json:"question"`
	// Datasets are written into the sandbox's /home/user/<name>.
	Datasets []Dataset `json:"datasets,omitempty"`
	// Model overrides the worker's default model.
	Model string `json:"model,omitempty"`
	// MaxSteps bounds the model calls (default 10, at most 50).
	MaxSteps int `json:"max_steps,omitempty"`
	// SystemPrompt replaces the built-in data-analysis instructions.
	SystemPrompt string `json:"system_prompt,omitempty"`
	// Budget bounds tokens and sandbox time (no limit when omitted).
	Budget *Budget `json:"budget,omitempty"`
	// Conversation keeps the analysis open for follow-up questions (the
	// "ask" Update) after its first answer. Question may then be empty:
	// the first ask is the first turn.
	Conversation *Conversation `json:"conversation,omitempty"`
	// Verify says what happens to figures of the answer that no cell
	// printed: "correct" (default) gives the model one more step to
	// compute or drop them, "flag" returns the answer as written with its
	// claims marked, "off" checks nothing.
	Verify string `json:"verify,omitempty"`
	// Continued is set by the workflow itself when a conversation
	// continues as new; never set it by hand.
	Continued *ConversationState `json:"continued,omitempty"`

	// src is the JSON the input was decoded from (nil when built in Go),
	// so that validation judges what the caller sent, and a bad value
	// reaches the workflow as a clear error instead of failing decoding in
	// the SDK (which would retry the workflow task over and over).
	src []byte
}

// Budget is one limit across what an analysis spends: model tokens and
// sandbox lifetime. Zero means no limit. When either is spent, the model
// gets one last call without tools to answer from what it has found (that
// call may go over the token limit by one response).
type Budget struct {
	// MaxTokens bounds input + output tokens over all model calls.
	MaxTokens int64 `json:"max_tokens,omitempty"`
	// MaxSandboxSeconds bounds the seconds the analysis keeps sandboxes
	// alive, over all of them (a rebuilt sandbox adds its time).
	MaxSandboxSeconds int64 `json:"max_sandbox_seconds,omitempty"`
}

// Budget limits.
const (
	MaxBudgetTokens         = 100_000_000
	MaxBudgetSandboxSeconds = 24 * 60 * 60
)

// Dataset is one input file to place in the sandbox's /home/user. Exactly
// one of S3Key, URL, Content and SQL is set.
type Dataset struct {
	Name    string `json:"name"`
	S3Key   string `json:"s3_key,omitempty"`
	URL     string `json:"url,omitempty"`
	Content string `json:"content,omitempty"`
	// SQL is a query whose result is staged as CSV (with a header row).
	SQL *SQLQuery `json:"sql,omitempty"`
}

// SQLQuery is a read-only query against one of the worker's SQL sources,
// named by its lower-case name (SQL_SOURCE_<NAME> in the worker's
// environment holds its URL; the input never does).
type SQLQuery struct {
	Source string `json:"source"`
	Query  string `json:"query"`
}

// WithDefaults fills every optional field.
func (in AnalysisInput) WithDefaults() AnalysisInput {
	if in.MaxSteps == 0 {
		in.MaxSteps = DefaultMaxSteps
	}
	if in.SchemaVersion == 0 {
		in.SchemaVersion = SchemaVersion
	}
	if in.Verify == "" {
		in.Verify = VerifyCorrect
	}
	return in
}

// Verify modes (AnalysisInput.Verify).
const (
	VerifyCorrect = "correct"
	VerifyFlag    = "flag"
	VerifyOff     = "off"
)

// MaxClaims bounds the claims a result lists; Unsupported counts them all.
const MaxClaims = 100

// Claim is one figure of the answer and the cells that printed it.
type Claim struct {
	// Text is the figure as written ("$50.2k", "47.8%").
	Text string `json:"text"`
	// Value is the number it stands for (50200, 0.478).
	Value float64 `json:"value"`
	// Supported is set when a cell printed it (honestly rounded), or the
	// question gave it.
	Supported bool `json:"supported"`
	// Sources are the cells that printed it (at most 3).
	Sources []ClaimSource `json:"sources"`
	// At is the figure's byte offset in the answer.
	At int `json:"at"`
	// FromQuestion is set when the question gave the figure.
	FromQuestion bool `json:"from_question,omitempty"`
	// Label is set on an unsupported figure that a cell printed for
	// another label than the answer's (the answer's word, like "south").
	Label string `json:"label,omitempty"`
}

// ClaimSource is a cell whose output printed a figure.
type ClaimSource struct {
	Step int `json:"step"`
	Cell int `json:"cell"`
}

// AnalysisResult is the result of AnalysisWorkflow.
type AnalysisResult struct {
	SchemaVersion int `json:"schema_version"`
	// Status is "answered", or "max_steps" when the step limit ended the
	// loop before the model answered (Answer is then the model's best
	// answer when asked to conclude, or empty).
	Status    string  `json:"status"`
	Answer    string  `json:"answer"`
	Charts    []Chart `json:"charts"`
	StepsUsed int     `json:"steps_used"`
	CodeRuns  int     `json:"code_runs"`
	Usage     Usage   `json:"usage"`
	// SandboxSeconds is how long the analysis kept sandboxes alive.
	SandboxSeconds float64 `json:"sandbox_seconds"`
	// BudgetExhausted is set when the budget ended the loop.
	BudgetExhausted bool   `json:"budget_exhausted,omitempty"`
	SandboxID       string `json:"sandbox_id"`
	TranscriptKey   string `json:"transcript_key"`
	// Files are the files the code wrote under /home/user/outputs and the
	// SVG/HTML results it displayed, as stored in S3 (a later cell's file
	// of the same key replaces the earlier entry).
	Files []OutputFile `json:"files,omitempty"`
	// Report is where the Markdown and HTML reports of the analysis lie
	// (absent on histories from before reports, or when writing failed).
	Report *Report `json:"report,omitempty"`
	// Conversation summarises the turns of a conversation (nil when
	// one-shot). Answer, Status and Charts are then the last turn's.
	Conversation *ConversationSummary `json:"conversation,omitempty"`
	// Claims are the figures of the answer, each with the cells that
	// printed it (absent when verify is "off", and on histories from
	// before the check).
	Claims []Claim `json:"claims,omitempty"`
	// Unsupported counts the claims no cell printed.
	Unsupported int `json:"unsupported"`
}

// Result statuses.
const (
	StatusAnswered = "answered"
	StatusMaxSteps = "max_steps"
	StatusBudget   = "budget"
	// StatusEnded is a conversation that ended before any question.
	StatusEnded = "ended"
)

// Statuses of an analysis while it runs (Progress.Status and the
// AnalysisStatus search attribute), besides the result statuses above and
// StatusFailed.
const (
	StatusStarting = "starting" // validating, creating the sandbox
	StatusRunning  = "running"  // in the agent loop
	// StatusWaiting and StatusPaused are a conversation between turns:
	// its sandbox running, or paused.
	StatusWaiting = "waiting"
	StatusPaused  = "paused"
	// StatusCancelled is a cancelled analysis (the search attribute only:
	// a cancelled workflow has no result).
	StatusCancelled = "cancelled"
)

// Chart is one PNG a cell drew, stored in S3.
type Chart struct {
	Key   string `json:"key"`
	URL   string `json:"url"`
	Step  int    `json:"step"`
	Cell  int    `json:"cell"`
	Index int    `json:"index"`
	Bytes int    `json:"bytes"`
}

// Usage counts tokens.
type Usage struct {
	InputTokens  int64 `json:"input_tokens"`
	OutputTokens int64 `json:"output_tokens"`
	TotalTokens  int64 `json:"total_tokens"`
}

// Add sums two usages.
func (u Usage) Add(o Usage) Usage {
	return Usage{
		InputTokens:  u.InputTokens + o.InputTokens,
		OutputTokens: u.OutputTokens + o.OutputTokens,
		TotalTokens:  u.TotalTokens + o.TotalTokens,
	}
}

// Origins of an OutputFile.
const (
	OriginOutputs = "outputs" // written by the code under /home/user/outputs
	OriginDisplay = "display" // an SVG or HTML result the cell displayed
)

// OutputFile is one file an analysis produced, stored in S3.
type OutputFile struct {
	Key string `json:"key"`
	URL string `json:"url"`
	// Name is the path under outputs/ for a written file, or
	// <cell>-<i>.svg|.html for a displayed result.
	Name        string `json:"name"`
	Step        int    `json:"step"`
	Cell        int    `json:"cell"`
	Bytes       int64  `json:"bytes"`
	ContentType string `json:"content_type"`
	Origin      string `json:"origin"`
}

// Report is where an analysis' report lies: Markdown and a self-contained
// HTML version, with presigned URLs (valid CHART_URL_TTL).
type Report struct {
	MarkdownKey string `json:"markdown_key"`
	HTMLKey     string `json:"html_key"`
	MarkdownURL string `json:"markdown_url,omitempty"`
	HTMLURL     string `json:"html_url,omitempty"`
}

// Progress is the machine-readable state of a running analysis (the
// ProgressQuery).
//
// In a conversation every count is the conversation's, across its turns
// (and runs): Step is the step's number in the conversation, the number
// that names its activities ("step 7: ask the model") and its S3 keys
// (step-7/), and MaxSteps the last step number the current turn may reach
// (max_steps is per question); CodeRuns, Charts, Files and Tokens count
// every turn so far. The result counts the same way; only an ask's
// TurnResult counts its own turn.
type Progress struct {
	Status    string `json:"status"` // starting, running, waiting, paused, answered, max_steps, budget, failed
	Step      int    `json:"step"`
	MaxSteps  int    `json:"max_steps"`
	CodeRuns  int    `json:"code_runs"`
	Charts    int    `json:"charts"`
	SandboxID string `json:"sandbox_id,omitempty"`
	Phase     string `json:"phase"` // what the workflow waits on now
	Tokens    int64  `json:"tokens"`
	Rebuilds  int    `json:"rebuilds,omitempty"`
	// SandboxSeconds is the sandbox time spent so far.
	SandboxSeconds float64 `json:"sandbox_seconds"`
	// Files counts the files stored so far (outputs and SVG/HTML results).
	Files int `json:"files,omitempty"`
	// Turn is the conversation's current (or last) turn; 0 when one-shot.
	Turn     int `json:"turn,omitempty"`
	MaxTurns int `json:"max_turns,omitempty"`
	// SandboxAhead is, while the analysis waits in its pool's line, how
	// many analyses were ahead of it when the line last told it; the
	// line's query (api.SandboxLineQuery on SandboxLine) has the live
	// queue.
	SandboxAhead *int   `json:"sandbox_ahead,omitempty"`
	SandboxLine  string `json:"sandbox_line,omitempty"`
}

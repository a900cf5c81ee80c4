package api

import "time"

// Conversation defaults and limits.
const (
	DefaultIdleTimeout = 30 * time.Minute
	DefaultPauseAfter  = 5 * time.Minute
	DefaultMaxTurns    = 50
	MaxMaxTurns        = 10_000
	MinIdleTimeout     = time.Second
	MaxIdleTimeout     = 7 * 24 * time.Hour
	// MaxQueuedAsks bounds the asks accepted while a turn runs: they wait
	// their turn in order; more are rejected.
	MaxQueuedAsks = 10
)

// Ways a conversation ends (ConversationSummary.EndedBy).
const (
	EndedByEnd         = "end"
	EndedByIdleTimeout = "idle_timeout"
	EndedByMaxTurns    = "max_turns"
	// EndedByFailed: a turn failed, and the conversation with it.
	EndedByFailed = "failed"
)

// ErrTypeConversationClosed is the ApplicationError type of an ask the
// conversation could no longer answer: it ended before the ask's turn.
const ErrTypeConversationClosed = "ConversationClosed"

// Conversation turns an analysis into a conversation: it stays open for
// follow-up questions until ended, idle for IdleTimeout, or MaxTurns turns.
type Conversation struct {
	// IdleTimeout ends the conversation after this long without a
	// question (Go duration, default 30m).
	IdleTimeout string `json:"idle_timeout,omitempty"`
	// MaxTurns bounds the questions, the first included (default 50).
	MaxTurns int `json:"max_turns,omitempty"`
	// PauseAfter pauses the sandbox after this long without a question
	// (Go duration, default 5m or half of a shorter idle_timeout; "0s"
	// never pauses). The next question resumes it.
	PauseAfter string `json:"pause_after,omitempty"`
	// TurnsPerRun continues the workflow as new after this many turns
	// (0: only when Temporal suggests it, as the history grows).
	TurnsPerRun int `json:"turns_per_run,omitempty"`
}

// Settings returns c with every default filled, as durations.
func (c Conversation) Settings() (idle, pauseAfter time.Duration, maxTurns int) {
	idle, pauseAfter, maxTurns = DefaultIdleTimeout, -1, DefaultMaxTurns
	if d, err := time.ParseDuration(c.IdleTimeout); err == nil {
		idle = d
	}
	if d, err := time.ParseDuration(c.PauseAfter); err == nil {
		pauseAfter = d
	}
	if pauseAfter < 0 {
		pauseAfter = min(DefaultPauseAfter, idle/2)
	}
	if c.MaxTurns > 0 {
		maxTurns = c.MaxTurns
	}
	return idle, pauseAfter, maxTurns
}

// ConversationState is what a conversation carries into its next run when
// it continues as new: references and counters only, never transcripts or
// outputs (those stay in S3).
type ConversationState struct {
	SandboxID string `json:"sandbox_id"`
	Paused    bool   `json:"paused,omitempty"`
	// RunID is the first run's id: sandbox metadata and cell ids keep it,
	// so retries and rebuilds find the same things in every run.
	RunID      string    `json:"run_id"`
	Generation int       `json:"generation"`
	Rebuilds   int       `json:"rebuilds,omitempty"`
	Cells      []CellRef `json:"cells,omitempty"`
	Turns      int       `json:"turns"`
	Runs       int       `json:"runs"`
	Pauses     int       `json:"pauses,omitempty"`
	// Steps is the steps used so far: steps are numbered across turns and
	// runs, so S3 keys never collide.
	Steps          int     `json:"steps"`
	CodeRuns       int     `json:"code_runs"`
	Usage          Usage   `json:"usage"`
	SandboxSeconds float64 `json:"sandbox_seconds"`
	TranscriptKey  string  `json:"transcript_key,omitempty"`
	// Charts and Files are the conversation's so far (keys, without
	// presigned URLs), so its result lists every turn's.
	Charts []Chart      `json:"charts,omitempty"`
	Files  []OutputFile `json:"files,omitempty"`
	// SandboxLine is the workflow id of the sandbox line the conversation
	// joined, LineAsks how many times it joined, and Leased whether its
	// sandbox holds a turn of the line, which the next run keeps.
	SandboxLine string `json:"sandbox_line,omitempty"`
	LineAsks    int    `json:"line_asks,omitempty"`
	Leased      bool   `json:"leased,omitempty"`
	// Stream is the conversation's event stream, its newest events, which
	// the next run continues (offsets go on growing).
	Stream *StreamState `json:"stream,omitempty"`
}

// CellRef names a cell that ran, for rebuilding a lost sandbox.
type CellRef struct {
	Step   int    `json:"step"`
	Cell   int    `json:"cell"`
	CallID string `json:"call_id"`
	// Failed is set when the cell raised: its replay may raise too.
	Failed bool `json:"failed,omitempty"`
}

// ConversationSummary is the part of the result that only a conversation has.
type ConversationSummary struct {
	Turns   int    `json:"turns"`
	EndedBy string `json:"ended_by"`
	// Runs counts workflow runs (1 + continue-as-new).
	Runs int `json:"runs"`
	// Pauses counts how often the idle sandbox was paused.
	Pauses int `json:"pauses,omitempty"`
}

// AskInput is the argument of the ask Update.
type AskInput struct {
	Question string `json:"question"`
	// Datasets are staged into the sandbox before the turn (same rules as
	// the input's; names must be new).
	Datasets []Dataset `json:"datasets,omitempty"`
}

// TurnResult is the result of the ask Update: that turn's answer.
type TurnResult struct {
	Turn            int     `json:"turn"`
	Status          string  `json:"status"`
	Answer          string  `json:"answer"`
	Charts          []Chart `json:"charts"`
	StepsUsed       int     `json:"steps_used"`
	CodeRuns        int     `json:"code_runs"`
	Usage           Usage   `json:"usage"`
	BudgetExhausted bool    `json:"budget_exhausted,omitempty"`
	SandboxID       string  `json:"sandbox_id"`
	TranscriptKey   string  `json:"transcript_key"`
	// Claims and Unsupported are the check of this turn's answer.
	Claims      []Claim `json:"claims,omitempty"`
	Unsupported int     `json:"unsupported"`
}

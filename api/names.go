package api

// TaskQueue is the default task queue of the analysis worker.
const TaskQueue = "analysis"

// Workflow type names, as registered with the worker.
const (
	AnalysisWorkflowName      = "AnalysisWorkflow"
	BatchAnalysisWorkflowName = "BatchAnalysisWorkflow"
	// SweepWorkflowName is the workflow a worker's schedule starts to
	// kill leaked sandboxes; operators see it, callers never start it.
	SweepWorkflowName = "SweepWorkflow"
)

// MaxStaticSummaryBytes bounds the StaticSummary (shown in the Temporal
// UI) of a workflow that a batch or the starter starts.
const MaxStaticSummaryBytes = 200

// ProgressQuery is the query name that returns a Progress (an analysis)
// or a BatchProgress (a batch).
const ProgressQuery = "progress"

// Names of the tools the model may call. What each does, its arguments
// and when it is offered are in the worker's table of tools
// (tools.Table in activities/tools).
const (
	// ToolExecutePython runs Python in the analysis' sandbox.
	ToolExecutePython = "execute_python"
	// ToolRunSQL runs a read-only query on a SQL source of the worker and
	// stages its result in the sandbox as CSV.
	ToolRunSQL = "run_sql"
)

// Names of the conversation's Updates and Signal.
const (
	// AskUpdate asks a follow-up question (AskInput) and returns the turn's
	// TurnResult.
	AskUpdate = "ask"
	// EndUpdate and EndSignal close the conversation; the workflow then
	// returns its result.
	EndUpdate = "end"
	EndSignal = "end"
)

// Nexus names: the worker registers the service NexusService on its task
// queue, and a caller in another namespace reaches it through a Nexus
// endpoint that targets this namespace and task queue (make run creates
// NexusEndpoint).
const (
	// NexusService is the Nexus service of durable-analyst.
	NexusService = "durable-analyst"
	// NexusAnalyzeOperation runs an AnalysisWorkflow: input AnalysisInput,
	// result AnalysisResult.
	NexusAnalyzeOperation = "analyze"
	// NexusAnalyzeBatchOperation runs a BatchAnalysisWorkflow: input
	// BatchInput, result BatchResult.
	NexusAnalyzeBatchOperation = "analyze-batch"
	// NexusEndpoint is the name of the endpoint make run and make demo
	// create (any name works; endpoints are per cluster, not per namespace).
	NexusEndpoint = "durable-analyst"
)

// ErrTypeInvalidInput is the ApplicationError type of a rejected input
// (non-retryable; the message names every bad field).
const ErrTypeInvalidInput = "InvalidInput"

// Error types that cross the activity boundary, and so end up as the cause
// of a failed analysis. Workflows branch on these with
// temporal.ApplicationError.Type(); they are part of the API.
const (
	ErrTypeSandboxLost = "SandboxLost"   // the sandbox is gone (expired, killed, evicted)
	ErrTypeAuth        = "AuthError"     // a credential was refused; not retryable
	ErrTypeBadRequest  = "BadRequest"    // a request was refused as malformed; not retryable
	ErrTypeNotFound    = "NotFound"      // a named thing does not exist; not retryable
	ErrTypeQuota       = "QuotaExceeded" // a hard quota, not a rate limit; not retryable
	ErrTypeRateLimited = "RateLimited"   // 429; retried after Retry-After
	ErrTypeUnavailable = "Unavailable"   // 5xx, timeouts, network; retried
	ErrTypeDataset     = "DatasetError"  // a dataset could not be fetched or staged; not retryable
	ErrTypeStorage     = "StorageError"  // S3 failed other than by auth or a missing bucket/key; retried
	ErrTypeRebuild     = "RebuildFailed" // a lost sandbox could not be rebuilt; not retryable
	ErrTypeCanceled    = "Canceled"      // an analysis a batch waited for was cancelled
	ErrTypeTerminated  = "Terminated"    // an analysis a batch waited for was terminated
	ErrTypeTimeout     = "Timeout"       // an analysis a batch waited for timed out
	// ErrTypeSandboxCapacity: no sandbox can be had now (E2B's concurrency
	// limit, or the worker's MAX_SANDBOXES); the workflow waits and asks
	// again, so it never fails an analysis.
	ErrTypeSandboxCapacity = "SandboxCapacity"
	// ErrTypeSourceRefused: a SQL source's role can reach more of its
	// server than reading tables needs (files, programs, other sessions);
	// the message names each privilege and the SQL that takes it away.
	// Not retryable.
	ErrTypeSourceRefused = "SourceRefused"
)

// PhaseWaitingForSandbox begins an analysis' progress phase (Progress.Phase)
// while no sandbox can be had: its pool's capacity is in use (or E2B's
// concurrency limit, or, on older versions, the worker's MAX_SANDBOXES is
// reached), and the analysis waits its turn. Queued in its pool's line,
// the phase goes on with the analyses ahead of it when it joined:
// "waiting for a sandbox (3 ahead)" (Progress.SandboxAhead).
const PhaseWaitingForSandbox = "waiting for a sandbox"

// The sandbox line: one workflow per capacity pool (an E2B team, a local
// server) that every worker's analyses take turns for sandboxes from
// (docs/limits.md). Its workflow id is "sandbox-line-" and the pool id.
const (
	// SandboxLineWorkflowName is the line's workflow type.
	SandboxLineWorkflowName = "SandboxLineWorkflow"
	// SignalSandboxLine carries a join, a leave or a capacity to the line.
	SignalSandboxLine = "sandbox-line"
	// SignalSandboxTurn carries the line's answer to an analysis: its turn,
	// or its place in the queue.
	SignalSandboxTurn = "sandbox-turn"
	// UpdateSandboxLineJoin is a join that the line answers at once, as
	// the update's result: the turn, or the place in the queue.
	UpdateSandboxLineJoin = "join"
	// SandboxLineQuery returns the line's capacity, holders and queue.
	SandboxLineQuery = "line"
)

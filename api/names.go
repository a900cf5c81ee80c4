package api

// TaskQueue is the default task queue of the analysis worker.
const TaskQueue = "analysis"

// Workflow type names, as registered with the worker.
const (
	AnalysisWorkflowName      = "AnalysisWorkflow"
	BatchAnalysisWorkflowName = "BatchAnalysisWorkflow"
)

// ProgressQuery is the query name that returns a Progress (an analysis)
// or a BatchProgress (a batch).
const ProgressQuery = "progress"

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
)

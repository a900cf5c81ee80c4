package workflows

import "github.com/durable-analyst/durable-analyst/api"

// The input and result types are the contract's (package api); these
// names keep callers of package workflows compiling.

// SchemaVersion is the version of the AnalysisInput / AnalysisResult JSON.
const SchemaVersion = api.SchemaVersion

// Limits on the input.
const (
	DefaultMaxSteps      = api.DefaultMaxSteps
	MaxMaxSteps          = api.MaxMaxSteps
	MaxQuestionBytes     = api.MaxQuestionBytes
	MaxSystemPromptBytes = api.MaxSystemPromptBytes
	MaxDatasets          = api.MaxDatasets
	MaxInlineBytes       = api.MaxInlineBytes
	MaxS3KeyBytes        = api.MaxS3KeyBytes
	MaxURLBytes          = api.MaxURLBytes
)

type (
	AnalysisInput  = api.AnalysisInput
	Budget         = api.Budget
	Dataset        = api.Dataset
	AnalysisResult = api.AnalysisResult
	Progress       = api.Progress
)

// Budget limits.
const (
	MaxBudgetTokens         = api.MaxBudgetTokens
	MaxBudgetSandboxSeconds = api.MaxBudgetSandboxSeconds
)

// Result statuses.
const (
	StatusAnswered = api.StatusAnswered
	StatusMaxSteps = api.StatusMaxSteps
	StatusBudget   = api.StatusBudget
	StatusEnded    = api.StatusEnded
)

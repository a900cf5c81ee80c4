package workflows

// The input and result types are the contract's (package api); these
// names keep callers of package workflows compiling.

// SchemaVersion is the version of the AnalysisInput / AnalysisResult JSON.

// Limits on the input.
const ()

type ()

// Budget limits.
const ()

// Result statuses.
const ()

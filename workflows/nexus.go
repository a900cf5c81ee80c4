package workflows

// Nexus names, part of the contract like the workflow type names: the
// worker registers the service NexusService on its task queue, and a caller
// in another namespace reaches it through a Nexus endpoint that targets
// this namespace and task queue (make run creates NexusEndpoint).
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

package workflows

import "github.com/durable-analyst/durable-analyst/api"

// Nexus names; the contract's (package api).
const (
	NexusService               = api.NexusService
	NexusAnalyzeOperation      = api.NexusAnalyzeOperation
	NexusAnalyzeBatchOperation = api.NexusAnalyzeBatchOperation
	NexusEndpoint              = api.NexusEndpoint
)

package api

import "embed"

// Schemas holds the JSON Schemas (draft 2020-12) of the contract, under
// the names below. Each has an $id under SchemaBaseURL, and they refer to
// each other by it; package api/validate compiles them.
//
//go:embed schema/*.json
var Schemas embed.FS

// Schema files in Schemas.
const (
	AnalysisInputSchema  = "schema/analysis-input.v1.json"
	AnalysisResultSchema = "schema/analysis-result.v1.json"
	BatchInputSchema     = "schema/batch-input.v1.json"
)

// SchemaBaseURL is the $id of the schema folder: a schema's $id is
// SchemaBaseURL + its file name.
const SchemaBaseURL = "https://github.com/durable-analyst/durable-analyst/api/schema/"

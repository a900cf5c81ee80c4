package api

// Batch limits and defaults.
const (
	DefaultBatchConcurrency = 5
	// MaxBatchConcurrency bounds analyses at once: what an E2B account
	// allows is the real limit (each item holds a sandbox), and 1,000
	// running children stay under the server's default limit of 2,000
	// pending child executions per workflow
	// (limit.numPendingChildExecutions.error).
	MaxBatchConcurrency = 1000
	// DefaultItemsPerRun is how many items one run of the batch starts
	// before it continues as new, so its history stays small. With a
	// concurrency above 100 the default is twice the concurrency (at most
	// MaxItemsPerRun), so a run holds at least two waves of items.
	DefaultItemsPerRun = 200
	MaxItemsPerRun     = 1000
	// MaxInlineItems bounds items given inline (they are part of the
	// input); larger batches give items_s3_key.
	MaxInlineItems = 500
	// MaxItemIDBytes bounds an item's caller-chosen id.
	MaxItemIDBytes = 256
)

// Item statuses in a batch report, besides the analysis statuses
// StatusAnswered and StatusMaxSteps.
const StatusFailed = "failed"

// ErrTypeOther is a failed batch item's error_type when its failure named
// no type of its own (BatchItemResult.ErrorType).
const ErrTypeOther = "Error"

// BatchInput is the input of BatchAnalysisWorkflow: the items inline
// (Items) or as JSONL in the bucket (ItemsS3Key), and how to run them.
type BatchInput struct {
	// Items are the analyses to run, at most MaxInlineItems.
	Items []BatchItem `json:"items,omitempty"`
	// ItemsS3Key is a JSONL object in S3_BUCKET, one BatchItem per line.
	ItemsS3Key string `json:"items_s3_key,omitempty"`
	// Concurrency bounds the analyses running at once (default 5,
	// 1..MaxBatchConcurrency). A run never has more than ItemsPerRun
	// items running, so an explicit ItemsPerRun below Concurrency lowers it.
	Concurrency int `json:"concurrency,omitempty"`
	// ReportKey is where the JSON report goes (default
	// <S3_PREFIX>/batches/<workflow-id>/report.json); the CSV lies next
	// to it with the extension .csv.
	ReportKey string `json:"report_key,omitempty"`
	// Defaults fill the items' model, max_steps, system_prompt and verify.
	Defaults BatchDefaults `json:"defaults,omitzero"`
	// ItemsPerRun is how many items one run starts before continuing as
	// new (default 200, or twice Concurrency up to MaxItemsPerRun).
	ItemsPerRun int `json:"items_per_run,omitempty"`
	// State is set by continue-as-new only: where the batch is.
	State *BatchState `json:"state,omitempty"`

	// src is the JSON the input was decoded from, as AnalysisInput's.
	src []byte
}

// BatchItem is one analysis of a batch: an AnalysisInput with an optional
// caller-chosen id that names it in the report.
type BatchItem struct {
	ID string `json:"id,omitempty"`
	AnalysisInput
}

// BatchDefaults apply to items that do not set these fields.
type BatchDefaults struct {
	Model        string `json:"model,omitempty"`
	MaxSteps     int    `json:"max_steps,omitempty"`
	SystemPrompt string `json:"system_prompt,omitempty"`
	Verify       string `json:"verify,omitempty"`
}

// Apply fills the item's unset fields from the defaults (an explicit
// max_steps: 0 stays, and is refused).
func (d BatchDefaults) Apply(it BatchItem) BatchItem {
	if it.Model == "" {
		it.Model = d.Model
	}
	if it.MaxSteps == 0 && !it.has("max_steps") {
		it.MaxSteps = d.MaxSteps
	}
	if it.SystemPrompt == "" {
		it.SystemPrompt = d.SystemPrompt
	}
	if it.Verify == "" {
		it.Verify = d.Verify
	}
	return it
}

// WithDefaults fills the batch's optional fields.
func (in BatchInput) WithDefaults() BatchInput {
	if in.Concurrency == 0 {
		in.Concurrency = DefaultBatchConcurrency
	}
	if in.ItemsPerRun == 0 {
		in.ItemsPerRun = defaultItemsPerRun(in.Concurrency)
	}
	return in
}

// defaultItemsPerRun is ItemsPerRun when the input leaves it out: 200, or
// two waves of items at a concurrency above 100 (at most MaxItemsPerRun),
// so that a run is not one wave that drains to zero before continuing as
// new. Below 101 it is 200 as it always was, so no history recorded before
// the cap was raised (all at concurrency ≤ 50) takes a different path.
func defaultItemsPerRun(concurrency int) int {
	return min(max(DefaultItemsPerRun, 2*concurrency), MaxItemsPerRun)
}

// BatchState is what a batch carries over continue-as-new: counters, the
// next item, and how many result chunks are stored. Items are never in it.
type BatchState struct {
	Total int `json:"total"`
	// Next is the index of the next item to start; NextOffset its byte
	// offset in the items object.
	Next       int         `json:"next"`
	NextOffset int64       `json:"next_offset,omitempty"`
	Totals     BatchTotals `json:"totals"`
	Chunks     int         `json:"chunks"`
	ReportKey  string      `json:"report_key"`
	CSVKey     string      `json:"csv_key"`
	Runs       int         `json:"runs"`
}

// BatchTotals counts a batch's items.
type BatchTotals struct {
	Total     int   `json:"total"`
	Succeeded int   `json:"succeeded"`
	Failed    int   `json:"failed"`
	Tokens    int64 `json:"tokens"`
}

// BatchResult is the result of BatchAnalysisWorkflow.
type BatchResult struct {
	Total     int    `json:"total"`
	Succeeded int    `json:"succeeded"`
	Failed    int    `json:"failed"`
	ReportKey string `json:"report_key"`
	CSVKey    string `json:"csv_key"`
	ReportURL string `json:"report_url,omitempty"`
	Runs      int    `json:"runs"`
}

// BatchProgress is what the progress query of a batch returns.
type BatchProgress struct {
	Total     int    `json:"total"`
	Started   int    `json:"started"`
	Succeeded int    `json:"succeeded"`
	Failed    int    `json:"failed"`
	Running   int    `json:"running"`
	ReportKey string `json:"report_key"`
	Run       int    `json:"run"`
}

// BatchItemResult is the summary of one batch item: all a batch keeps of an
// analysis. Status is "answered" or "max_steps" (the analysis ran) or
// "failed".
type BatchItemResult struct {
	Index      int    `json:"index"`
	ID         string `json:"id"`
	WorkflowID string `json:"workflow_id,omitempty"`
	Status     string `json:"status"`
	// Answer is the start of the answer (the whole one is in the item's
	// workflow result).
	Answer string `json:"answer,omitempty"`
	Charts int    `json:"charts"`
	Steps  int    `json:"steps"`
	Tokens int64  `json:"tokens"`
	// Unsupported counts the answer's figures that no cell printed (the
	// analysis' own unsupported; 0 when it did not verify).
	Unsupported int    `json:"unsupported"`
	ErrorType   string `json:"error_type,omitempty"`
	Error       string `json:"error,omitempty"`
	// Attached is set when an earlier run of the same batch id had started
	// this item: its outcome was taken, the analysis did not run again.
	Attached bool `json:"attached,omitempty"`
	// ReportKey is the item's own HTML report (its Markdown twin lies next
	// to it as report.md).
	ReportKey string `json:"report_key,omitempty"`
}

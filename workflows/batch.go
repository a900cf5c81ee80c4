package workflows

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
)

// BatchAnalysisWorkflowName is the registered name of BatchAnalysisWorkflow.
const BatchAnalysisWorkflowName = "BatchAnalysisWorkflow"

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
	// MaxSummaryAnswerBytes bounds the answer kept in an item's summary.
	MaxSummaryAnswerBytes = 500
	// MaxSummaryErrorBytes bounds the error message kept in a summary.
	MaxSummaryErrorBytes = 500
	// MaxStaticSummaryBytes bounds the StaticSummary of a workflow the
	// batch (or the starter) starts, shown in the Temporal UI.
	MaxStaticSummaryBytes = 200
	// batchChunkItems is how many summaries the workflow holds before it
	// stores them in S3 (about 40 KB at most).
	batchChunkItems = 25
	// batchPageItems is how many items one ReadBatchItems reads.
	batchPageItems = 50
)

// Item statuses in a batch report, besides the analysis statuses
// StatusAnswered and StatusMaxSteps.
const StatusFailed = "failed"

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
	// Defaults fill the items' model, max_steps and system_prompt.
	Defaults BatchDefaults `json:"defaults,omitzero"`
	// ItemsPerRun is how many items one run starts before continuing as
	// new (default 200, or twice Concurrency up to MaxItemsPerRun).
	ItemsPerRun int `json:"items_per_run,omitempty"`
	// State is set by continue-as-new only: where the batch is.
	State *BatchState `json:"state,omitempty"`

	decodeErr error
	present   map[string]bool
}

// BatchItem is one analysis of a batch: an AnalysisInput with an optional
// caller-chosen id that names it in the report.
type BatchItem struct {
	ID string `json:"id,omitempty"`
	AnalysisInput

	idErr error
}

// BatchDefaults apply to items that do not set these fields.
type BatchDefaults struct {
	Model        string `json:"model,omitempty"`
	MaxSteps     int    `json:"max_steps,omitempty"`
	SystemPrompt string `json:"system_prompt,omitempty"`
}

// BatchState is what a batch carries over continue-as-new: counters, the
// next item, and how many result chunks are stored. Items are never in it.
type BatchState struct {
	Total int `json:"total"`
	// Next is the index of the next item to start; NextOffset its byte
	// offset in the items object.
	Next       int                    `json:"next"`
	NextOffset int64                  `json:"next_offset,omitempty"`
	Totals     activities.BatchTotals `json:"totals"`
	Chunks     int                    `json:"chunks"`
	ReportKey  string                 `json:"report_key"`
	CSVKey     string                 `json:"csv_key"`
	Runs       int                    `json:"runs"`
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

// BatchItemResult is the summary of one item in the report.
type BatchItemResult = activities.BatchItemResult

var knownBatchFields = map[string]bool{
	"items": true, "items_s3_key": true, "concurrency": true, "report_key": true,
	"defaults": true, "items_per_run": true, "state": true,
}

// UnmarshalJSON decodes leniently, like AnalysisInput: a bad field is kept
// and named by Validate.
func (in *BatchInput) UnmarshalJSON(b []byte) error {
	type plain BatchInput
	var p plain
	present, err := decodeStrict(b, knownBatchFields, &p, nil)
	*in = BatchInput(p)
	in.present, in.decodeErr = present, err
	return nil
}

// UnmarshalJSON takes the id out and decodes the rest as an AnalysisInput.
func (it *BatchItem) UnmarshalJSON(b []byte) error {
	*it = BatchItem{}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		it.AnalysisInput.decodeErr = fmt.Errorf("not a JSON object: %v", err)
		return nil
	}
	if v, ok := raw["id"]; ok {
		if err := json.Unmarshal(v, &it.ID); err != nil {
			it.idErr = fmt.Errorf("id: got JSON %s, want a string", v)
		}
		delete(raw, "id")
	}
	rest, _ := json.Marshal(raw)
	return it.AnalysisInput.UnmarshalJSON(rest)
}

// Validate checks the batch input and returns an error naming every bad
// field, items included.
func (in BatchInput) Validate() error {
	var errs []string
	add := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if in.decodeErr != nil {
		errs = append(errs, in.decodeErr.Error())
	}
	switch {
	case len(in.Items) == 0 && in.ItemsS3Key == "" && !in.present["items"]:
		add("items: required (or items_s3_key)")
	case len(in.Items) > 0 && in.ItemsS3Key != "":
		add("items, items_s3_key: give one, not both")
	case len(in.Items) == 0 && in.ItemsS3Key == "":
		add("items: must not be empty")
	case len(in.Items) > MaxInlineItems:
		add("items: %d given, at most %d inline (put more in a JSONL object and give items_s3_key)", len(in.Items), MaxInlineItems)
	}
	if in.ItemsS3Key != "" && badObjectKey(in.ItemsS3Key) {
		add("items_s3_key: %q is not a valid object key", in.ItemsS3Key)
	}
	if in.ReportKey != "" && badObjectKey(in.ReportKey) {
		add("report_key: %q is not a valid object key", in.ReportKey)
	}
	if in.Concurrency < 0 || in.Concurrency > MaxBatchConcurrency || (in.present["concurrency"] && in.Concurrency == 0) {
		add("concurrency: %d, must be between 1 and %d", in.Concurrency, MaxBatchConcurrency)
	}
	if in.ItemsPerRun < 0 || in.ItemsPerRun > MaxItemsPerRun || (in.present["items_per_run"] && in.ItemsPerRun == 0) {
		add("items_per_run: %d, must be between 1 and %d", in.ItemsPerRun, MaxItemsPerRun)
	}
	// The defaults obey the rules of the fields they fill.
	d := in.Defaults
	if err := (AnalysisInput{Question: "-", Model: d.Model, MaxSteps: d.MaxSteps, SystemPrompt: d.SystemPrompt}).Validate(); err != nil {
		add("defaults.%s", strings.TrimPrefix(err.Error(), "invalid input: "))
	}
	if len(in.Items) <= MaxInlineItems {
		for i, it := range in.Items {
			if err := in.Defaults.apply(it).Validate(); err != nil {
				add("items[%d]: %s", i, strings.TrimPrefix(err.Error(), "invalid input: "))
			}
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errors.New("invalid input: " + strings.Join(errs, "; "))
}

// Validate checks one item (after the batch's defaults are applied).
func (it BatchItem) Validate() error {
	var errs []string
	if it.idErr != nil {
		errs = append(errs, it.idErr.Error())
	}
	if len(it.ID) > MaxItemIDBytes || strings.ContainsAny(it.ID, "\x00\r\n") {
		errs = append(errs, fmt.Sprintf("id: at most %d bytes on one line", MaxItemIDBytes))
	}
	if err := it.AnalysisInput.Validate(); err != nil {
		errs = append(errs, strings.TrimPrefix(err.Error(), "invalid input: "))
	}
	if len(errs) == 0 {
		return nil
	}
	return errors.New("invalid input: " + strings.Join(errs, "; "))
}

// apply fills the item's unset fields from the defaults.
func (d BatchDefaults) apply(it BatchItem) BatchItem {
	if it.Model == "" {
		it.Model = d.Model
	}
	if it.MaxSteps == 0 && !it.present["max_steps"] {
		it.MaxSteps = d.MaxSteps
	}
	if it.SystemPrompt == "" {
		it.SystemPrompt = d.SystemPrompt
	}
	return it
}

// badObjectKey reports whether k cannot be an S3 key of ours.
func badObjectKey(k string) bool {
	return len(k) > MaxS3KeyBytes || strings.HasPrefix(k, "/") || strings.Contains(k, "//") ||
		strings.Contains("/"+k+"/", "/../") || strings.ContainsAny(k, "\x00\r\n")
}

// withDefaults fills the batch's optional fields.
func (in BatchInput) withDefaults() BatchInput {
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

// batchOptions are the batch's activity options.
func batchOptions(ctx workflow.Context, summary string) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		Summary:             summary,
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy: &temporal.RetryPolicy{
			InitialInterval:        time.Second,
			BackoffCoefficient:     2,
			MaximumInterval:        time.Minute,
			MaximumAttempts:        20,
			NonRetryableErrorTypes: []string{activities.ErrTypeAuth, activities.ErrTypeNotFound},
		},
	})
}

// BatchAnalysisWorkflow runs many analyses as child AnalysisWorkflows, at
// most Concurrency at once. A failed item is recorded in the report and
// never fails the batch. Item summaries go to S3 in chunks; after
// ItemsPerRun items (or when Temporal suggests it) the batch waits for its
// running items and continues as new, so its history stays small.
//
// It is AUTO_UPGRADE (see RegisterWorkflows): guard every change to it with
// workflow.GetVersion (change ids in versioning.go). Its items are
// AnalysisWorkflows, PINNED to the version that is current when they start.
func BatchAnalysisWorkflow(ctx workflow.Context, input BatchInput) (*BatchResult, error) {
	return runBatch(ctx, input, Options{})
}

// runBatch is BatchAnalysisWorkflow with a variant of its code.
func runBatch(ctx workflow.Context, input BatchInput, opts Options) (*BatchResult, error) {
	if err := input.Validate(); err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), ErrTypeInvalidInput, nil)
	}
	in := input.withDefaults()
	b := &batch{in: in, id: workflow.GetInfo(ctx).WorkflowExecution.ID, opts: opts}
	if in.State != nil {
		b.st = *in.State
	} else {
		var plan activities.PlanBatchResult
		if err := workflow.ExecuteActivity(batchOptions(ctx, "plan the batch"), a.PlanBatch, activities.PlanBatchInput{
			BatchID: b.id, ItemsKey: in.ItemsS3Key, ReportKey: in.ReportKey,
		}).Get(ctx, &plan); err != nil {
			return nil, failure("plan the batch", err)
		}
		b.st = BatchState{Total: plan.Total, ReportKey: plan.ReportKey, CSVKey: plan.CSVKey}
		if in.ItemsS3Key == "" {
			b.st.Total = len(in.Items)
		}
		b.st.Totals.Total = b.st.Total
	}
	b.st.Runs++
	if err := workflow.SetQueryHandler(ctx, ProgressQuery, func() (BatchProgress, error) { return b.progress(), nil }); err != nil {
		return nil, err
	}
	b.show(ctx)

	if err := b.runItems(ctx); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		// Cancelled: store what is known, then report the cancellation.
		dctx, cancel := workflow.NewDisconnectedContext(ctx)
		defer cancel()
		if err := b.flush(dctx); err == nil {
			_, _ = b.report(dctx)
		}
		return nil, temporal.NewCanceledError(fmt.Sprintf("batch cancelled after %d of %d items", b.st.Totals.Succeeded+b.st.Totals.Failed, b.st.Total))
	}
	if err := b.flush(ctx); err != nil {
		return nil, err
	}
	if b.st.Next < b.st.Total {
		if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
			return nil, err
		}
		next := input
		st := b.st
		next.State = &st
		return nil, workflow.NewContinueAsNewError(ctx, BatchAnalysisWorkflowName, next)
	}
	rep, err := b.report(ctx)
	if err != nil {
		return nil, err
	}
	b.show(ctx)
	t := b.st.Totals
	return &BatchResult{Total: t.Total, Succeeded: t.Succeeded, Failed: t.Failed,
		ReportKey: rep.ReportKey, CSVKey: rep.CSVKey, ReportURL: rep.ReportURL, Runs: b.st.Runs}, nil
}

// batch is one run of a batch.
type batch struct {
	opts    Options
	in      BatchInput
	id      string
	st      BatchState
	running int
	// started counts the items this run took.
	started int
	// page holds items read from S3 and not yet started.
	page []activities.BatchLine
	// results are the summaries not yet stored in S3.
	results []BatchItemResult
}

func (b *batch) progress() BatchProgress {
	t := b.st.Totals
	return BatchProgress{Total: b.st.Total, Started: b.st.Next, Succeeded: t.Succeeded, Failed: t.Failed,
		Running: b.running, ReportKey: b.st.ReportKey, Run: b.st.Runs}
}

func (b *batch) show(ctx workflow.Context) {
	p := b.progress()
	workflow.SetCurrentDetails(ctx, fmt.Sprintf("**batch** — %d of %d items done (%d succeeded, %d failed), %d running; run %d\n\nreport: %s",
		p.Succeeded+p.Failed, p.Total, p.Succeeded, p.Failed, p.Running, p.Run, p.ReportKey))
}

// runItems starts items while fewer than Concurrency run, until the batch
// or this run's share of it is exhausted (or Temporal suggests continuing
// as new, once this run has started something), and waits for them all.
func (b *batch) runItems(ctx workflow.Context) error {
	sel := workflow.NewSelector(ctx)
	for {
		for b.running < b.in.Concurrency && b.st.Next < b.st.Total && b.started < b.in.ItemsPerRun &&
			ctx.Err() == nil && (b.started == 0 || !workflow.GetInfo(ctx).GetContinueAsNewSuggested()) {
			if err := b.startNext(ctx, sel); err != nil {
				return err
			}
		}
		if b.running == 0 {
			return nil
		}
		sel.Select(ctx)
		b.show(ctx)
		if (len(b.results) >= batchChunkItems || b.opts.flushEachItem(ctx)) && ctx.Err() == nil {
			if err := b.flush(ctx); err != nil {
				return err
			}
		}
	}
}

// startNext takes the next item and starts its analysis, or records it as
// failed when it is not a valid item.
func (b *batch) startNext(ctx workflow.Context, sel workflow.Selector) error {
	index := b.st.Next
	var item BatchItem
	var problem error
	if b.in.ItemsS3Key == "" {
		item = b.in.Items[index]
		b.st.Next++
	} else {
		if len(b.page) == 0 {
			var page activities.ReadBatchItemsResult
			limit := min(batchPageItems, b.in.ItemsPerRun-b.started)
			if err := workflow.ExecuteActivity(batchOptions(ctx, fmt.Sprintf("read items %d…", index)), a.ReadBatchItems, activities.ReadBatchItemsInput{
				Key: b.in.ItemsS3Key, Offset: b.st.NextOffset, Index: index, Limit: limit,
			}).Get(ctx, &page); err != nil {
				return failure(fmt.Sprintf("read items from %d", index), err)
			}
			if len(page.Items) == 0 {
				// The object has fewer items than counted: it changed.
				return temporal.NewNonRetryableApplicationError(fmt.Sprintf("items_s3_key %s: item %d is gone (the object changed during the batch; it had %d items)",
					b.in.ItemsS3Key, index, b.st.Total), activities.ErrTypeNotFound, nil)
			}
			b.page = page.Items
		}
		line := b.page[0]
		b.page = b.page[1:]
		b.st.Next, b.st.NextOffset = line.Index+1, line.Next
		switch {
		case line.Error != "":
			problem = errors.New(line.Error)
		default:
			if err := json.Unmarshal(line.Item, &item); err != nil {
				problem = err
			}
		}
	}
	b.started++
	item = b.in.Defaults.apply(item)
	if problem == nil {
		problem = item.Validate()
	}
	sum := BatchItemResult{Index: index, ID: cmp.Or(item.ID, strconv.Itoa(index)), WorkflowID: fmt.Sprintf("%s/%d", b.id, index)}
	if problem != nil {
		sum.Status, sum.ErrorType, sum.Error = StatusFailed, ErrTypeInvalidInput, Clip(problem.Error(), MaxSummaryErrorBytes)
		b.record(sum)
		return nil
	}
	cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowID:            sum.WorkflowID,
		ParentClosePolicy:     enumspb.PARENT_CLOSE_POLICY_REQUEST_CANCEL,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
		StaticSummary:         Clip(fmt.Sprintf("batch item %s: %s", sum.ID, item.Question), MaxStaticSummaryBytes),
	})
	b.running++
	done, set := workflow.NewFuture(ctx)
	workflow.Go(ctx, func(ctx workflow.Context) {
		var res AnalysisResult
		err := workflow.ExecuteChildWorkflow(cctx, AnalysisWorkflowName, item.AnalysisInput).Get(ctx, &res)
		var started *temporal.ChildWorkflowExecutionAlreadyStartedError
		if errors.As(err, &started) {
			// An earlier run of this batch id started the item: take its
			// outcome instead of running it twice.
			actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
				Summary:             "attach to " + sum.WorkflowID,
				StartToCloseTimeout: 24 * time.Hour,
				HeartbeatTimeout:    time.Minute,
				RetryPolicy:         &temporal.RetryPolicy{MaximumInterval: time.Minute},
			})
			err = workflow.ExecuteActivity(actx, a.AnalysisOutcome, activities.AnalysisOutcomeInput{WorkflowID: sum.WorkflowID}).Get(ctx, &res)
			sum.Attached = true
		}
		set.Set(summarize(sum, res, err), nil)
	})
	sel.AddFuture(done, func(f workflow.Future) {
		b.running--
		var s BatchItemResult
		_ = f.Get(ctx, &s)
		b.record(s)
	})
	return nil
}

// summarize fills an item's summary from its analysis' result or error.
func summarize(sum BatchItemResult, res AnalysisResult, err error) BatchItemResult {
	if err == nil {
		sum.Status, sum.Answer, sum.Charts = res.Status, Clip(res.Answer, MaxSummaryAnswerBytes), len(res.Charts)
		sum.Steps, sum.Tokens = res.StepsUsed, res.Usage.TotalTokens
		if res.Report != nil {
			sum.ReportKey = res.Report.HTMLKey
		}
		return sum
	}
	sum.Status, sum.ErrorType = StatusFailed, "Error"
	var (
		appErr   *temporal.ApplicationError
		canceled *temporal.CanceledError
		timeout  *temporal.TimeoutError
		term     *temporal.TerminatedError
	)
	switch {
	case errors.As(err, &appErr):
		sum.ErrorType = cmp.Or(appErr.Type(), "Error")
		sum.Error = Clip(activities.ErrorMessage(appErr), MaxSummaryErrorBytes)
		return sum
	case errors.As(err, &canceled):
		sum.ErrorType = "Canceled"
	case errors.As(err, &timeout):
		sum.ErrorType = "Timeout"
	case errors.As(err, &term):
		sum.ErrorType = "Terminated"
	}
	sum.Error = Clip(err.Error(), MaxSummaryErrorBytes)
	return sum
}

// record counts a finished item and keeps its summary for the next flush.
func (b *batch) record(sum BatchItemResult) {
	if sum.Status == StatusFailed {
		b.st.Totals.Failed++
	} else {
		b.st.Totals.Succeeded++
	}
	b.st.Totals.Tokens += sum.Tokens
	b.results = append(b.results, sum)
}

// flush stores the held summaries in S3 as the next chunk.
func (b *batch) flush(ctx workflow.Context) error {
	if len(b.results) == 0 {
		return nil
	}
	n := b.st.Chunks + 1
	if err := workflow.ExecuteActivity(batchOptions(ctx, fmt.Sprintf("store results chunk %d", n)), a.AppendBatchResults, activities.AppendBatchResultsInput{
		BatchID: b.id, Chunk: n, Results: b.results,
	}).Get(ctx, nil); err != nil {
		return failure("store batch results", err)
	}
	b.st.Chunks, b.results = n, nil
	return nil
}

// report merges the stored chunks into the JSON and CSV report.
func (b *batch) report(ctx workflow.Context) (activities.WriteBatchReportResult, error) {
	var rep activities.WriteBatchReportResult
	err := workflow.ExecuteActivity(batchOptions(ctx, "write the report"), a.WriteBatchReport, activities.WriteBatchReportInput{
		BatchID: b.id, ReportKey: b.st.ReportKey, CSVKey: b.st.CSVKey, Chunks: b.st.Chunks, Totals: b.st.Totals,
	}).Get(ctx, &rep)
	if err != nil {
		return rep, failure("write the batch report", err)
	}
	return rep, nil
}

// Clip cuts s to at most n bytes on a rune boundary, marking the cut.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

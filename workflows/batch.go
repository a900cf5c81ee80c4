package workflows

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/internal/clip"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// Batch limits and defaults (the input's are the contract's, package api).
const (
	// MaxSummaryAnswerBytes bounds the answer kept in an item's summary.
	MaxSummaryAnswerBytes = 500
	// MaxSummaryErrorBytes bounds the error message kept in a summary.
	MaxSummaryErrorBytes = 500
	// batchChunkItems is how many summaries the workflow holds before it
	// stores them in S3 (about 40 KB at most).
	batchChunkItems = 25
	// batchPageItems is how many items one ReadBatchItems reads.
	batchPageItems = 50
)

// BatchAnalysisWorkflow runs many analyses as child AnalysisWorkflows, at
// most Concurrency at once. A failed item is recorded in the report and
// never fails the batch. Item summaries go to S3 in chunks; after
// ItemsPerRun items (or when Temporal suggests it) the batch waits for its
// running items and continues as new, so its history stays small.
//
// It is AUTO_UPGRADE (see RegisterWorkflows): guard every change to it with
// workflow.GetVersion (change ids in versioning.go). Its items are
// AnalysisWorkflows, PINNED to the version that is current when they start.
func BatchAnalysisWorkflow(ctx workflow.Context, input api.BatchInput) (*api.BatchResult, error) {
	return runBatch(ctx, input, Options{})
}

// runBatch is BatchAnalysisWorkflow with a variant of its code.
func runBatch(ctx workflow.Context, input api.BatchInput, opts Options) (*api.BatchResult, error) {
	strict := strictInput(ctx)
	check := validate.LenientBatchInput
	if strict {
		check = validate.BatchInput
	}
	if err := check(input); err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), api.ErrTypeInvalidInput, nil)
	}
	in := input.WithDefaults()
	b := &batch{in: in, id: workflow.GetInfo(ctx).WorkflowExecution.ID, opts: opts, strict: strict}
	b.search = checkSearchAttributes(ctx)
	b.search.upsert(ctx, SearchBatchID.ValueSet(b.id))
	if in.State != nil {
		b.st = *in.State
	} else {
		var plan batches.PlanBatchResult
		if err := workflow.ExecuteActivity(withActivity(ctx, batches.PlanBatchName, "plan the batch"), batchActs.PlanBatch, batches.PlanBatchInput{
			BatchID: b.id, ItemsKey: in.ItemsS3Key, ReportKey: in.ReportKey,
		}).Get(ctx, &plan); err != nil {
			return nil, failure("plan the batch", err)
		}
		b.st = api.BatchState{Total: plan.Total, ReportKey: plan.ReportKey, CSVKey: plan.CSVKey}
		if in.ItemsS3Key == "" {
			b.st.Total = len(in.Items)
		}
		b.st.Totals.Total = b.st.Total
	}
	b.st.Runs++
	if err := workflow.SetQueryHandler(ctx, api.ProgressQuery, func() (api.BatchProgress, error) { return b.progress(), nil }); err != nil {
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
		return nil, workflow.NewContinueAsNewError(ctx, api.BatchAnalysisWorkflowName, next)
	}
	rep, err := b.report(ctx)
	if err != nil {
		return nil, err
	}
	b.show(ctx)
	t := b.st.Totals
	return &api.BatchResult{Total: t.Total, Succeeded: t.Succeeded, Failed: t.Failed,
		ReportKey: rep.ReportKey, CSVKey: rep.CSVKey, ReportURL: rep.ReportURL, Runs: b.st.Runs}, nil
}

// batch is one run of a batch.
type batch struct {
	opts Options
	// strict: items are validated with the input-encoding rules
	// (ChangeStrictInput).
	strict  bool
	search  *searchAttrs
	in      api.BatchInput
	id      string
	st      api.BatchState
	running int
	// started counts the items this run took.
	started int
	// page holds items read from S3 and not yet started.
	page []batches.BatchLine
	// results are the summaries not yet stored in S3.
	results []api.BatchItemResult
}

func (b *batch) progress() api.BatchProgress {
	t := b.st.Totals
	return api.BatchProgress{Total: b.st.Total, Started: b.st.Next, Succeeded: t.Succeeded, Failed: t.Failed,
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
	var item api.BatchItem
	var problem error
	if b.in.ItemsS3Key == "" {
		item = b.in.Items[index]
		b.st.Next++
	} else {
		if len(b.page) == 0 {
			var page batches.ReadBatchItemsResult
			limit := min(batchPageItems, b.in.ItemsPerRun-b.started)
			if err := workflow.ExecuteActivity(withActivity(ctx, batches.ReadBatchItemsName, fmt.Sprintf("read items %d…", index)), batchActs.ReadBatchItems, batches.ReadBatchItemsInput{
				Key: b.in.ItemsS3Key, Offset: b.st.NextOffset, Index: index, Limit: limit,
			}).Get(ctx, &page); err != nil {
				return failure(fmt.Sprintf("read items from %d", index), err)
			}
			if len(page.Items) == 0 {
				// The object has fewer items than counted: it changed.
				return temporal.NewNonRetryableApplicationError(fmt.Sprintf("items_s3_key %s: item %d is gone (the object changed during the batch; it had %d items)",
					b.in.ItemsS3Key, index, b.st.Total), api.ErrTypeNotFound, nil)
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
	item = b.in.Defaults.Apply(item)
	if problem == nil && b.strict {
		problem = validate.BatchItem(item)
	} else if problem == nil {
		problem = validate.LenientBatchItem(item)
	}
	sum := api.BatchItemResult{Index: index, ID: cmp.Or(item.ID, strconv.Itoa(index)), WorkflowID: fmt.Sprintf("%s/%d", b.id, index)}
	if problem != nil {
		sum.Status, sum.ErrorType, sum.Error = api.StatusFailed, api.ErrTypeInvalidInput, clip.String(problem.Error(), MaxSummaryErrorBytes, "…")
		b.record(sum)
		return nil
	}
	cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
		WorkflowID:            sum.WorkflowID,
		ParentClosePolicy:     enumspb.PARENT_CLOSE_POLICY_REQUEST_CANCEL,
		WorkflowIDReusePolicy: enumspb.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
		StaticSummary:         clip.String(fmt.Sprintf("batch item %s: %s", sum.ID, item.Question), api.MaxStaticSummaryBytes, "…"),
		TypedSearchAttributes: b.search.childAttributes(b.id),
	})
	b.running++
	done, set := workflow.NewFuture(ctx)
	workflow.Go(ctx, func(ctx workflow.Context) {
		var res api.AnalysisResult
		err := workflow.ExecuteChildWorkflow(cctx, api.AnalysisWorkflowName, item.AnalysisInput).Get(ctx, &res)
		var started *temporal.ChildWorkflowExecutionAlreadyStartedError
		if errors.As(err, &started) {
			// An earlier run of this batch id started the item: take its
			// outcome instead of running it twice.
			actx := withActivity(ctx, batches.AnalysisOutcomeName, "attach to "+sum.WorkflowID)
			err = workflow.ExecuteActivity(actx, batchActs.AnalysisOutcome, batches.AnalysisOutcomeInput{WorkflowID: sum.WorkflowID}).Get(ctx, &res)
			sum.Attached = true
		}
		set.Set(summarize(sum, res, err), nil)
	})
	sel.AddFuture(done, func(f workflow.Future) {
		b.running--
		var s api.BatchItemResult
		_ = f.Get(ctx, &s)
		b.record(s)
	})
	return nil
}

// summarize fills an item's summary from its analysis' result or error.
// The summary is data (recorded, flushed by activity input, carried by
// continue-as-new), never a command's shape, so adding a field to it needs
// no GetVersion: the kept batch histories replay unchanged.
func summarize(sum api.BatchItemResult, res api.AnalysisResult, err error) api.BatchItemResult {
	if err == nil {
		sum.Status, sum.Answer, sum.Charts = res.Status, clip.String(res.Answer, MaxSummaryAnswerBytes, "…"), len(res.Charts)
		sum.Steps, sum.Tokens, sum.Unsupported = res.StepsUsed, res.Usage.TotalTokens, res.Unsupported
		if res.Report != nil {
			sum.ReportKey = res.Report.HTMLKey
		}
		return sum
	}
	sum.Status, sum.ErrorType = api.StatusFailed, api.ErrTypeOther
	var (
		appErr   *temporal.ApplicationError
		canceled *temporal.CanceledError
		timeout  *temporal.TimeoutError
		term     *temporal.TerminatedError
	)
	switch {
	case errors.As(err, &appErr):
		sum.ErrorType = cmp.Or(appErr.Type(), api.ErrTypeOther)
		sum.Error = clip.String(errtext.Message(appErr), MaxSummaryErrorBytes, "…")
		return sum
	case errors.As(err, &canceled):
		sum.ErrorType = api.ErrTypeCanceled
	case errors.As(err, &timeout):
		sum.ErrorType = api.ErrTypeTimeout
	case errors.As(err, &term):
		sum.ErrorType = api.ErrTypeTerminated
	}
	sum.Error = clip.String(err.Error(), MaxSummaryErrorBytes, "…")
	return sum
}

// record counts a finished item and keeps its summary for the next flush.
func (b *batch) record(sum api.BatchItemResult) {
	if sum.Status == api.StatusFailed {
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
	if err := workflow.ExecuteActivity(withActivity(ctx, batches.AppendBatchResultsName, fmt.Sprintf("store results chunk %d", n)), batchActs.AppendBatchResults, batches.AppendBatchResultsInput{
		BatchID: b.id, Chunk: n, Results: b.results,
	}).Get(ctx, nil); err != nil {
		return failure("store batch results", err)
	}
	b.st.Chunks, b.results = n, nil
	return nil
}

// report merges the stored chunks into the JSON and CSV report.
func (b *batch) report(ctx workflow.Context) (batches.WriteBatchReportResult, error) {
	var rep batches.WriteBatchReportResult
	err := workflow.ExecuteActivity(withActivity(ctx, batches.WriteBatchReportName, "write the report"), batchActs.WriteBatchReport, batches.WriteBatchReportInput{
		BatchID: b.id, ReportKey: b.st.ReportKey, CSVKey: b.st.CSVKey, Chunks: b.st.Chunks, Totals: b.st.Totals,
	}).Get(ctx, &rep)
	if err != nil {
		return rep, failure("write the batch report", err)
	}
	return rep, nil
}

package workflows

import (
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/stream"
)

// Change ids of workflow.GetVersion guards. BatchAnalysisWorkflow is
// AUTO_UPGRADE: a running batch replays its history on whatever code is
// current, so each change to it (or to code it calls) gets a new id here
// and a GetVersion branch, and the old branch stays until no history that
// took it can be replayed any more. Never reuse or rename an id. Each id
// says when it can be removed: its guard, the old branch and the kept
// histories that took it go together (go test ./workflows -run Replay).
const (
	// ChangeFlushEachItem: the batch stores each finished item's summary
	// at once instead of every batchChunkItems items.
	// Remove when: it is released (FlushEachItem the default), no batch
	// begun on older code runs, and the kept histories recorded before it
	// are retired.
	ChangeFlushEachItem = "batch-flush-each-item"
	// ChangeAnalysisReport: an analysis writes its Markdown and HTML report
	// (WriteReport) before it returns. AnalysisWorkflow is pinned, but the
	// guard keeps the histories recorded before it replaying.
	// Remove when: the kept histories recorded before it are retired (no
	// running analysis predates it: analyses are pinned, hours long).
	ChangeAnalysisReport = "analysis-report"
	// ChangeToolOutputRefs: a cell's text for the model goes from RunCode
	// to CallModel as the key of the cell record RunCode stored in S3
	// (ToolOutput.OutputKey), not as the text, so the history no longer
	// holds it twice (BENCHMARKS.md, P2). Histories recorded before it pass the
	// text inline and must still replay.
	// Remove when: the kept histories recorded before it are retired (no
	// running analysis predates it).
	ChangeToolOutputRefs = "tool-output-refs"
	// ChangeSearchAttributes: analyses and batches ask the worker (the
	// local activity CheckSearchAttributes) whether the namespace has the
	// search attributes of SearchAttributes, and only then upsert them as
	// they progress (a batch also starts its items with BatchId). The
	// answer is in the history, so a replay takes the same branch.
	// Remove when: no batch begun before it runs (batches are AUTO_UPGRADE
	// and last hours) and the kept histories recorded before it are
	// retired.
	ChangeSearchAttributes = "search-attributes"
	// ChangeStrictInput: inputs (and batch items) are validated with the
	// input-encoding rules too (valid UTF-8, no repeated JSON key, plain
	// host names in dataset URLs). Runs begun before keep the lenient
	// validation, so their verdicts, and histories, stay as they were.
	// Remove when: no batch begun before it runs and the kept histories
	// recorded before it are retired.
	ChangeStrictInput = "strict-input"
	// ChangeConversationTotals: a conversation's progress, UI details and
	// result count steps and charts across its turns and runs (the step
	// numbers of its activity names and S3 keys): the result keeps every
	// turn's charts and files, and continue-as-new carries them. Before it
	// progress counted step and charts per turn and the result listed the
	// last turn's charts only; a run that began so keeps doing so.
	// Remove when: no conversation run begun before it runs (a
	// conversation takes the current version when it continues as new)
	// and the kept histories recorded before it are retired.
	ChangeConversationTotals = "conversation-totals"
	// ChangeVerifyAnswer: an answer is checked (VerifyAnswer) before it is
	// returned: each figure traced to the cell output that printed it; with
	// verify "correct" an unsupported figure gives the model one more step.
	// Histories recorded before it return the answer unchecked.
	// Remove when: the kept histories recorded before it are retired (no
	// running analysis predates it).
	ChangeVerifyAnswer = "verify-answer"
	// ChangeRunSQL: the model is offered run_sql next to execute_python
	// (CallModelInput.SQLTool; the worker offers it only when it has SQL
	// sources) and the workflow runs its calls (RunSQL), each its own
	// activity, its output passed by reference. Histories recorded
	// before it report run_sql as an unknown tool.
	// Remove when: the kept histories recorded before it are retired (no
	// running analysis predates it); the table's gate of SQL rows
	// (Tool.SQL: a worker without sources) stays.
	ChangeRunSQL = "run-sql"
	// ChangeWaitForSandbox: CreateSandbox reports a create refused for
	// capacity (ReportCapacity) and the workflow waits on a timer and asks
	// again, showing "waiting for a sandbox", instead of spending the
	// activity's attempts on it (version 1). Version 2: the refusing
	// worker queues the analysis (WakeOnFree) and signals it when it frees
	// a sandbox (admission.SignalSandboxFreed); the timer, up to 10
	// minutes, is the fallback (fallbackWait). Version 3: before its first
	// ask and at each fallback, the analysis asks its worker's line (the
	// local activity AdmitSandbox) and, when an ask would only be refused,
	// waits its turn without scheduling CreateSandbox. Version 4
	// (waitInLine): the analysis waits in its pool's line, one
	// SandboxLineWorkflow that every worker shares (line_wait.go); the
	// worker's own line and MAX_SANDBOXES no longer hold it back. Versions
	// 0 to 3 live in createOnWorker, with admission.SandboxWaiters,
	// SandboxLeases, AdmitSandbox and the sandbox-freed signal: delete
	// them once no analysis begun before version 4 runs (an analysis is
	// pinned and lasts hours at most; a conversation takes version 4 when
	// it continues as new) and the kept histories of versions 1 to 3
	// (testdata/histories/2026112[5-7]-*) are retired with them.
	// Remove when: as just said for versions 0 to 3; version 4 itself
	// needs its guard until every line and analysis predating it is gone.
	ChangeWaitForSandbox = "wait-for-sandbox"
	// ChangeEventStream: an analysis keeps an event stream that callers
	// follow (stream.go, docs/stream.md): the stream's Signal, Update and
	// Queries are registered, RunCode publishes a running cell's output
	// (RunCodeInput.Stream), the run closes its stream before it returns
	// (answering waiting polls) and a conversation carries it to its next
	// run. Runs begun before it have no stream. Delete the guard (keep the
	// stream) once no analysis begun before it runs and the histories
	// kept before 2026-11-28 are retired.
	// Remove when: as just said.
	ChangeEventStream = "event-stream"
)

// strictInput reports whether this run validates inputs with the
// input-encoding rules (ChangeStrictInput).
func strictInput(ctx workflow.Context) bool {
	return workflow.GetVersion(ctx, ChangeStrictInput, workflow.DefaultVersion, 1) >= 1
}

// Options select a variant of the workflow code at registration. The zero
// value is the code as released; a set field turns on a change that is
// being rolled out behind its GetVersion guard, so two versions of the
// code can run side by side from one tree (the rolling-upgrade test runs
// version A with the zero value and version B with a change).
type Options struct {
	// FlushEachItem turns on ChangeFlushEachItem.
	FlushEachItem bool
	// Stream bounds what an analysis' event stream holds (zero: the
	// defaults, stream.DefaultLimits). It decides no command, only what the
	// workflow keeps in memory and answers, so workers may differ in it.
	Stream stream.Limits
	// unguarded drops the GetVersion guards of the changes turned on: the
	// code a careless change would ship. Only tests set it (export_test.go),
	// to prove that such code fails on kept histories.
	unguarded bool
}

// analysisWorkflow is AnalysisWorkflow with these options.
func (o Options) analysisWorkflow() func(workflow.Context, api.AnalysisInput) (*api.AnalysisResult, error) {
	if o.Stream == (stream.Limits{}) {
		return AnalysisWorkflow
	}
	return func(ctx workflow.Context, input api.AnalysisInput) (*api.AnalysisResult, error) {
		return analyze(ctx, input, o.Stream)
	}
}

// batchWorkflow is BatchAnalysisWorkflow with these options.
func (o Options) batchWorkflow() func(workflow.Context, api.BatchInput) (*api.BatchResult, error) {
	if !o.FlushEachItem && !o.unguarded {
		return BatchAnalysisWorkflow
	}
	return func(ctx workflow.Context, input api.BatchInput) (*api.BatchResult, error) {
		return runBatch(ctx, input, o)
	}
}

// flushEachItem reports whether this run of the batch stores every item's
// summary at once (ChangeFlushEachItem). A run that began on older code
// keeps the old behaviour until it continues as new.
func (o Options) flushEachItem(ctx workflow.Context) bool {
	if !o.FlushEachItem {
		return false
	}
	if o.unguarded {
		return true
	}
	return workflow.GetVersion(ctx, ChangeFlushEachItem, workflow.DefaultVersion, 1) >= 1
}

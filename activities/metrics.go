package activities

import (
	"context"
	"errors"
	"time"

	"github.com/openai/openai-go/v3/responses"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// Names of the analysis' own metrics. They go through Temporal's metrics
// handler, so they share its reporter (and its activity_type, namespace,
// task_queue and workflow_type tags). With the worker's Prometheus reporter
// a counter is exposed with a _total suffix and a timer with _seconds.
// Tags never carry secrets or payloads: only the model's name and error
// types.
const (
	// MetricCellsRun counts cells the kernel ran (RunCode and rebuild
	// replays; the activity_type tag tells them apart).
	MetricCellsRun = "durable_analyst_cells_run"
	// MetricCellsFromJournal counts retried cells answered from the cell
	// journal instead of running again.
	MetricCellsFromJournal = "durable_analyst_cells_from_journal"
	// MetricCellsReconnected counts retried cells that found the run an
	// earlier attempt started still going and waited for it instead of
	// running the cell again.
	MetricCellsReconnected = "durable_analyst_cells_reconnected"
	// MetricChartsStored counts chart PNGs uploaded to S3.
	MetricChartsStored = "durable_analyst_charts_stored"
	// MetricChartBytes counts the bytes of those PNGs.
	MetricChartBytes = "durable_analyst_chart_bytes"
	// MetricSandboxesCreated counts sandboxes created in E2B.
	MetricSandboxesCreated = "durable_analyst_sandboxes_created"
	// MetricSandboxesReused counts sandboxes a retried CreateSandbox found
	// by their metadata and reused.
	MetricSandboxesReused = "durable_analyst_sandboxes_reused"
	// MetricSandboxesKilled counts sandboxes KillSandbox killed.
	MetricSandboxesKilled = "durable_analyst_sandboxes_killed"
	// MetricSandboxCapacityWaits counts waits for a sandbox: creates
	// refused for capacity (E2B's concurrency limit or MAX_SANDBOXES) and
	// asks the worker's line held back before a create (AdmitSandbox).
	MetricSandboxCapacityWaits = "durable_analyst_sandbox_capacity_waits"
	// MetricSandboxWakes counts waiting analyses a worker told that a
	// sandbox it freed is theirs (SignalSandboxFreed).
	MetricSandboxWakes = "durable_analyst_sandbox_wakes"
	// MetricSandboxLineWaits counts analyses their pool's line queued
	// (told their place instead of their turn), once per join.
	MetricSandboxLineWaits = "durable_analyst_sandbox_line_waits"
	// MetricSandboxRebuilds counts lost sandboxes the workflow rebuilt.
	MetricSandboxRebuilds = "durable_analyst_sandbox_rebuilds"
	// MetricModelCalls counts model calls, tagged with the model and the
	// error type ("none" when the call succeeded).
	MetricModelCalls = "durable_analyst_model_calls"
	// MetricModelInputTokens and MetricModelOutputTokens count tokens,
	// tagged with the model.
	MetricModelInputTokens  = "durable_analyst_model_input_tokens"
	MetricModelOutputTokens = "durable_analyst_model_output_tokens"
	// MetricSweeperKilled counts sandboxes of closed workflows the sweeper
	// killed.
	MetricSweeperKilled = "durable_analyst_sweeper_killed"
	// MetricCodeRunLatency times a cell's run in the sandbox.
	MetricCodeRunLatency = "durable_analyst_code_run_latency"
	// MetricSQLQueries counts queries run against SQL sources whose result
	// was staged.
	MetricSQLQueries = "durable_analyst_sql_queries"
	// MetricSQLFromJournal counts staged query results taken from the
	// query journal instead of running the query again.
	MetricSQLFromJournal = "durable_analyst_sql_from_journal"
)

// Metric tag keys.
const (
	TagModel     = "model"
	TagErrorType = "error_type"
)

// metrics returns the activity's metrics handler, or a no-op handler when
// ctx is not an activity's (helpers such as runJournaled are also called
// directly by tests).
func metrics(ctx context.Context) client.MetricsHandler {
	if activity.IsActivity(ctx) {
		return activity.GetMetricsHandler(ctx)
	}
	return client.MetricsNopHandler
}

// Count adds n to the named counter of the activity in ctx.
func Count(ctx context.Context, name string, n int64) { count(ctx, name, n) }

func count(ctx context.Context, name string, n int64) {
	metrics(ctx).Counter(name).Inc(n)
}

// Since records the time elapsed from start on the named timer.
func Since(ctx context.Context, name string, start time.Time) {
	metrics(ctx).Timer(name).Record(time.Since(start))
}

// CountModelCall counts one model call and its tokens, tagged with the
// model and the type err classifies as ("none" on success). resp may be nil.
func CountModelCall(ctx context.Context, model string, resp *responses.Response, err error) {
	var u *api.Usage
	if resp != nil {
		u = &api.Usage{InputTokens: resp.Usage.InputTokens, OutputTokens: resp.Usage.OutputTokens}
	}
	CountModelUsage(ctx, model, u, err)
}

// CountModelUsage is CountModelCall for any API; u is nil when the call
// failed.
func CountModelUsage(ctx context.Context, model string, u *api.Usage, err error) {
	errType := "none"
	if err != nil {
		errType = "other"
		var appErr *temporal.ApplicationError
		if errors.As(fault.Classify(fault.ServiceModel, "model call", err), &appErr) {
			errType = appErr.Type()
		}
	}
	m := metrics(ctx).WithTags(map[string]string{TagModel: model})
	m.WithTags(map[string]string{TagErrorType: errType}).Counter(MetricModelCalls).Inc(1)
	if u != nil {
		m.Counter(MetricModelInputTokens).Inc(u.InputTokens)
		m.Counter(MetricModelOutputTokens).Inc(u.OutputTokens)
	}
}

// CountOn adds n to the named counter of h; a nil h counts nothing.
func CountOn(h client.MetricsHandler, name string, n int64) {
	if h != nil {
		h.Counter(name).Inc(n)
	}
}

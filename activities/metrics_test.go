package activities

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/require"
	"github.com/uber-go/tally/v4"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/activity"
	sdktally "go.temporal.io/sdk/contrib/tally"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// metricsEnv is an activity test environment whose metrics handler records
// into a tally test scope.
func metricsEnv() (*testsuite.TestActivityEnvironment, tally.TestScope) {
	scope := tally.NewTestScope("", nil)
	var s testsuite.WorkflowTestSuite
	s.SetMetricsHandler(sdktally.NewMetricsHandler(scope))
	return s.NewTestActivityEnvironment(), scope
}

// counters sums a test scope's counters by name, over tags that include
// the given ones.
func counters(scope tally.TestScope, tags map[string]string) map[string]int64 {
	out := map[string]int64{}
	for _, c := range scope.Snapshot().Counters() {
		if includes(c.Tags(), tags) {
			out[c.Name()] += c.Value()
		}
	}
	return out
}

func includes(have, want map[string]string) bool {
	for k, v := range want {
		if have[k] != v {
			return false
		}
	}
	return true
}

func checkCounters(t *testing.T, got map[string]int64, want map[string]int64) {
	t.Helper()
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s = %d, want %d", name, got[name], w)
		}
	}
}

func TestSandboxMetrics(t *testing.T) {
	_, c, _ := localSandbox(t)
	a := &Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute}
	env, scope := metricsEnv()
	a.Register(env)
	in := CreateSandboxInput{WorkflowID: "wf-metrics", RunID: "run-1", Generation: 1}
	var ref SandboxRef
	for range 2 { // the second finds the first's sandbox
		v, err := env.ExecuteActivity(a.CreateSandbox, in)
		require.NoError(t, err)
		require.NoError(t, v.Get(&ref))
	}
	for range 2 { // the second finds it gone
		_, err := env.ExecuteActivity(a.KillSandbox, KillSandboxInput{SandboxID: ref.SandboxID})
		require.NoError(t, err)
	}
	checkCounters(t, counters(scope, nil), map[string]int64{
		MetricSandboxesCreated: 1, MetricSandboxesReused: 1, MetricSandboxesKilled: 1,
	})
}

func TestJournalMetrics(t *testing.T) {
	_, _, sb := localSandbox(t)
	a := &Activities{}
	env, scope := metricsEnv()
	// The same cell twice, as a retry would send it: run once, then
	// answered from the journal.
	env.RegisterActivityWithOptions(func(ctx context.Context) error {
		for range 2 {
			if _, err := a.runJournaled(ctx, sb, "cmetrics", "x = 1", time.Minute); err != nil {
				return err
			}
		}
		return nil
	}, activity.RegisterOptions{Name: "TwoAttempts"})
	_, err := env.ExecuteActivity("TwoAttempts")
	require.NoError(t, err)
	checkCounters(t, counters(scope, map[string]string{"activity_type": "TwoAttempts"}), map[string]int64{
		MetricCellsRun: 1, MetricCellsFromJournal: 1,
	})

	// Outside an activity (as the journal tests call it) nothing is
	// counted and nothing breaks.
	_, err = a.runJournaled(context.Background(), sb, "coutside", "y = 2", time.Minute)
	require.NoError(t, err)
	checkCounters(t, counters(scope, nil), map[string]int64{MetricCellsRun: 1})
}

func TestModelCallMetrics(t *testing.T) {
	tests := []struct {
		name    string
		resp    *responses.Response
		err     error
		errType string
		in, out int64
	}{
		{"answered", &responses.Response{Usage: responses.ResponseUsage{InputTokens: 120, OutputTokens: 30}}, nil, "none", 120, 30},
		{"classified error", nil, temporal.NewNonRetryableApplicationError("bad key", api.ErrTypeAuth, nil), api.ErrTypeAuth, 0, 0},
		{"network error", nil, errors.New("connection reset"), api.ErrTypeUnavailable, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, scope := metricsEnv()
			env.RegisterActivityWithOptions(func(ctx context.Context) error {
				CountModelCall(ctx, "gpt-4.1-mini", tt.resp, tt.err)
				return nil
			}, activity.RegisterOptions{Name: "Model"})
			_, err := env.ExecuteActivity("Model")
			require.NoError(t, err)
			checkCounters(t, counters(scope, map[string]string{TagModel: "gpt-4.1-mini", TagErrorType: tt.errType}),
				map[string]int64{MetricModelCalls: 1})
			checkCounters(t, counters(scope, map[string]string{TagModel: "gpt-4.1-mini"}),
				map[string]int64{MetricModelCalls: 1, MetricModelInputTokens: tt.in, MetricModelOutputTokens: tt.out})
		})
	}
}

// notFound describes no workflow: every tagged sandbox is an orphan.
type notFound struct{}

func (notFound) DescribeWorkflowExecution(context.Context, string, string) (*workflowservice.DescribeWorkflowExecutionResponse, error) {
	return nil, serviceerror.NewNotFound("workflow execution not found")
}

func TestSweeperMetrics(t *testing.T) {
	_, c, _ := localSandbox(t)
	ctx := context.Background()
	for _, id := range []string{"wf-gone-1", "wf-gone-2"} {
		_, err := c.Create(ctx, e2b.CreateParams{Template: "code-interpreter-v1", Timeout: time.Minute,
			Metadata: map[string]string{MetaWorkflowID: id, MetaRunID: "r"}})
		require.NoError(t, err)
	}
	scope := tally.NewTestScope("", nil)
	s := &Sweeper{E2B: c, Temporal: notFound{}, Metrics: sdktally.NewMetricsHandler(scope)}
	killed, err := s.SweepOnce(ctx)
	require.NoError(t, err)
	require.Len(t, killed, 2)
	checkCounters(t, counters(scope, nil), map[string]int64{MetricSweeperKilled: 2})

	// Without a handler the sweeper counts nothing and works the same.
	_, err = (&Sweeper{E2B: c, Temporal: notFound{}}).SweepOnce(ctx)
	require.NoError(t, err)
}

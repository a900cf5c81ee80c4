package activities

import (
	"context"
	"errors"
	"testing"

	"github.com/openai/openai-go/v3/responses"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/api"
)

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
			env, scope := acttest.MetricsEnv()
			env.RegisterActivityWithOptions(func(ctx context.Context) error {
				CountModelCall(ctx, "gpt-4.1-mini", tt.resp, tt.err)
				return nil
			}, activity.RegisterOptions{Name: "Model"})
			_, err := env.ExecuteActivity("Model")
			require.NoError(t, err)
			acttest.CheckCounters(t, acttest.Counters(scope, map[string]string{TagModel: "gpt-4.1-mini", TagErrorType: tt.errType}),
				map[string]int64{MetricModelCalls: 1})
			acttest.CheckCounters(t, acttest.Counters(scope, map[string]string{TagModel: "gpt-4.1-mini"}),
				map[string]int64{MetricModelCalls: 1, MetricModelInputTokens: tt.in, MetricModelOutputTokens: tt.out})
		})
	}
}

// notFound describes no workflow: every tagged sandbox is an orphan.

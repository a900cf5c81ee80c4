package activities

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/aws/smithy-go"
	"github.com/openai/openai-go/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/e2b"
)

func openaiErr(status int, code, retryAfter string) error {
	return openaiErrMsg(status, code, retryAfter, "")
}

func openaiErrMsg(status int, code, retryAfter, msg string) *openai.Error {
	resp := &http.Response{StatusCode: status, Header: http.Header{}}
	if retryAfter != "" {
		resp.Header.Set("Retry-After", retryAfter)
	}
	return &openai.Error{StatusCode: status, Code: code, Message: msg, Response: resp}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name      string
		svc       Service
		err       error
		wantType  string
		retryable bool
		after     time.Duration
	}{
		{"e2b 401", ServiceE2B, &e2b.APIError{StatusCode: 401, Kind: e2b.KindAuth}, ErrTypeAuth, false, 0},
		{"e2b 429", ServiceE2B, &e2b.APIError{StatusCode: 429, Kind: e2b.KindRateLimited, RetryAfter: 3 * time.Second}, ErrTypeRateLimited, true, 3 * time.Second},
		{"e2b 400", ServiceE2B, &e2b.APIError{StatusCode: 400, Kind: e2b.KindBadRequest}, ErrTypeBadRequest, false, 0},
		{"e2b 404 control plane", ServiceE2B, &e2b.APIError{StatusCode: 404, Kind: e2b.KindNotFound}, ErrTypeNotFound, false, 0},
		{"e2b 404 sandbox", ServiceSandbox, &e2b.APIError{StatusCode: 404, Kind: e2b.KindNotFound}, ErrTypeSandboxLost, false, 0},
		{"e2b 502 sandbox", ServiceSandbox, &e2b.APIError{StatusCode: 502, Kind: e2b.KindSandboxGone}, ErrTypeSandboxLost, false, 0},
		{"e2b 500", ServiceE2B, &e2b.APIError{StatusCode: 500, Kind: e2b.KindServer}, ErrTypeUnavailable, true, 0},
		{"e2b 503", ServiceE2B, &e2b.APIError{StatusCode: 503, Kind: e2b.KindUnavailable}, ErrTypeUnavailable, true, 0},
		{"e2b 409", ServiceE2B, &e2b.APIError{StatusCode: 409, Kind: e2b.KindConflict}, ErrTypeUnavailable, true, 0},
		{"e2b client timeout", ServiceE2B, &e2b.APIError{Kind: e2b.KindTimeout}, ErrTypeUnavailable, true, 0},
		{"model 401", ServiceModel, openaiErr(401, "invalid_api_key", ""), ErrTypeAuth, false, 0},
		{"model 403", ServiceModel, openaiErr(403, "", ""), ErrTypeAuth, false, 0},
		{"model 400", ServiceModel, openaiErr(400, "invalid_request_error", ""), ErrTypeBadRequest, false, 0},
		{"model 400 with message", ServiceModel, openaiErrMsg(400, "expectation_failed", "", "script x turn 2: output lacks \"42\""), ErrTypeBadRequest, false, 0},
		{"model 404 unknown model", ServiceModel, openaiErr(404, "model_not_found", ""), ErrTypeNotFound, false, 0},
		{"model 404 with message", ServiceModel, openaiErrMsg(404, "model_not_found", "", "The model `gpt-x` does not exist or you do not have access to it."), ErrTypeNotFound, false, 0},
		{"model 429 rate", ServiceModel, openaiErr(429, "rate_limit_exceeded", "2"), ErrTypeRateLimited, true, 2 * time.Second},
		{"model 429 quota", ServiceModel, openaiErr(429, "insufficient_quota", ""), ErrTypeQuota, false, 0},
		{"model 500", ServiceModel, openaiErr(500, "", ""), ErrTypeUnavailable, true, 0},
		{"model 503 retry-after", ServiceModel, openaiErr(503, "", "1.5"), ErrTypeUnavailable, true, 1500 * time.Millisecond},
		{"s3 access denied", ServiceStorage, &smithy.GenericAPIError{Code: "AccessDenied"}, ErrTypeAuth, false, 0},
		{"s3 no bucket", ServiceStorage, &smithy.GenericAPIError{Code: "NoSuchBucket"}, ErrTypeNotFound, false, 0},
		{"s3 dataset missing", ServiceDatasets, &smithy.GenericAPIError{Code: "NoSuchKey"}, ErrTypeDataset, false, 0},
		{"s3 dataset missing with message", ServiceDatasets, &smithy.GenericAPIError{Code: "NoSuchKey", Message: "The specified key does not exist."}, ErrTypeDataset, false, 0},
		{"e2b 404 with message", ServiceE2B, &e2b.APIError{StatusCode: 404, Kind: e2b.KindNotFound, Message: `Sandbox "sb1" doesn't exist or you don't have access to it`}, ErrTypeNotFound, false, 0},
		{"s3 slow down", ServiceStorage, &smithy.GenericAPIError{Code: "SlowDown"}, ErrTypeStorage, true, 0},
		{"deadline", ServiceModel, context.DeadlineExceeded, ErrTypeUnavailable, true, 0},
		{"refused", ServiceStorage, fmt.Errorf("dial tcp 127.0.0.1:1: connect: connection refused"), ErrTypeUnavailable, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := classify(tt.svc, "op", tt.err)
			var appErr *temporal.ApplicationError
			require.True(t, errors.As(got, &appErr), "got %T %v, want an ApplicationError", got, got)
			assert.Equal(t, tt.wantType, appErr.Type())
			assert.Equal(t, !tt.retryable, appErr.NonRetryable(), "non-retryable")
			assert.Equal(t, tt.after, appErr.NextRetryDelay())
			assert.Contains(t, appErr.Error(), string(tt.svc)+": op:")
			assert.ErrorIs(t, got, tt.err, "the cause is kept")
		})
	}
}

func TestClassifyKeepsApplicationErrorsAndCancellation(t *testing.T) {
	orig := temporal.NewNonRetryableApplicationError("x", ErrTypeRebuild, nil)
	assert.Same(t, orig, classify(ServiceSandbox, "op", orig))
	assert.ErrorIs(t, classify(ServiceModel, "op", context.Canceled), context.Canceled)
	assert.Nil(t, classify(ServiceModel, "op", nil))
}

func TestChartSummary(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{`{"type":"bar","title":"Revenue by region","elements":[{},{},{},{}]}`, `: bar chart "Revenue by region", 4 elements`},
		{`{"type":"line","title":null,"elements":[{}]}`, `: line chart, 1 elements`},
		{`{}`, ""},
		{``, ""},
		{`not json`, ""},
	} {
		assert.Equal(t, tt.want, chartSummary([]byte(tt.raw)), "chart %s", tt.raw)
	}
}

func TestEchoItem(t *testing.T) {
	for _, tt := range []struct {
		raw, want string
		ok        bool
	}{
		{`{"type":"function_call","id":"fc_1","call_id":"call_1","name":"execute_python","arguments":"{}","status":"completed"}`,
			`{"arguments":"{}","call_id":"call_1","name":"execute_python","status":"completed","type":"function_call"}`, true},
		{`{"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"hi"}]}`,
			`{"content":[{"type":"output_text","text":"hi"}],"role":"assistant","type":"message"}`, true},
		{`{"type":"reasoning","id":"rs_1","summary":[]}`, "", false},
		{``, "", false},
		{`not json`, "", false},
	} {
		got, ok := echoItem(tt.raw)
		assert.Equal(t, tt.ok, ok, tt.raw)
		if tt.ok {
			assert.JSONEq(t, tt.want, string(got))
		}
	}
}

package fault

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

	"github.com/durable-analyst/durable-analyst/api"
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
		{"e2b 401", ServiceE2B, &e2b.APIError{StatusCode: 401, Kind: e2b.KindAuth}, api.ErrTypeAuth, false, 0},
		{"e2b 429", ServiceE2B, &e2b.APIError{StatusCode: 429, Kind: e2b.KindRateLimited, RetryAfter: 3 * time.Second}, api.ErrTypeRateLimited, true, 3 * time.Second},
		{"e2b 400", ServiceE2B, &e2b.APIError{StatusCode: 400, Kind: e2b.KindBadRequest}, api.ErrTypeBadRequest, false, 0},
		{"e2b 404 control plane", ServiceE2B, &e2b.APIError{StatusCode: 404, Kind: e2b.KindNotFound}, api.ErrTypeNotFound, false, 0},
		{"e2b 404 sandbox", ServiceSandbox, &e2b.APIError{StatusCode: 404, Kind: e2b.KindNotFound}, api.ErrTypeSandboxLost, false, 0},
		{"e2b 502 sandbox", ServiceSandbox, &e2b.APIError{StatusCode: 502, Kind: e2b.KindSandboxGone}, api.ErrTypeSandboxLost, false, 0},
		{"e2b 500", ServiceE2B, &e2b.APIError{StatusCode: 500, Kind: e2b.KindServer}, api.ErrTypeUnavailable, true, 0},
		{"e2b 503", ServiceE2B, &e2b.APIError{StatusCode: 503, Kind: e2b.KindUnavailable}, api.ErrTypeUnavailable, true, 0},
		{"e2b 409", ServiceE2B, &e2b.APIError{StatusCode: 409, Kind: e2b.KindConflict}, api.ErrTypeUnavailable, true, 0},
		{"e2b client timeout", ServiceE2B, &e2b.APIError{Kind: e2b.KindTimeout}, api.ErrTypeUnavailable, true, 0},
		{"model 401", ServiceModel, openaiErr(401, "invalid_api_key", ""), api.ErrTypeAuth, false, 0},
		{"model 403", ServiceModel, openaiErr(403, "", ""), api.ErrTypeAuth, false, 0},
		{"model 400", ServiceModel, openaiErr(400, "invalid_request_error", ""), api.ErrTypeBadRequest, false, 0},
		{"model 400 with message", ServiceModel, openaiErrMsg(400, "expectation_failed", "", "script x turn 2: output lacks \"42\""), api.ErrTypeBadRequest, false, 0},
		{"model 404 unknown model", ServiceModel, openaiErr(404, "model_not_found", ""), api.ErrTypeNotFound, false, 0},
		{"model 404 with message", ServiceModel, openaiErrMsg(404, "model_not_found", "", "The model `gpt-x` does not exist or you do not have access to it."), api.ErrTypeNotFound, false, 0},
		{"model 429 rate", ServiceModel, openaiErr(429, "rate_limit_exceeded", "2"), api.ErrTypeRateLimited, true, 2 * time.Second},
		{"model 429 quota", ServiceModel, openaiErr(429, "insufficient_quota", ""), api.ErrTypeQuota, false, 0},
		{"model 500", ServiceModel, openaiErr(500, "", ""), api.ErrTypeUnavailable, true, 0},
		{"model 503 retry-after", ServiceModel, openaiErr(503, "", "1.5"), api.ErrTypeUnavailable, true, 1500 * time.Millisecond},
		{"s3 access denied", ServiceStorage, &smithy.GenericAPIError{Code: "AccessDenied"}, api.ErrTypeAuth, false, 0},
		{"s3 no bucket", ServiceStorage, &smithy.GenericAPIError{Code: "NoSuchBucket"}, api.ErrTypeNotFound, false, 0},
		{"s3 dataset missing", ServiceDatasets, &smithy.GenericAPIError{Code: "NoSuchKey"}, api.ErrTypeDataset, false, 0},
		{"s3 dataset missing with message", ServiceDatasets, &smithy.GenericAPIError{Code: "NoSuchKey", Message: "The specified key does not exist."}, api.ErrTypeDataset, false, 0},
		{"e2b 404 with message", ServiceE2B, &e2b.APIError{StatusCode: 404, Kind: e2b.KindNotFound, Message: `Sandbox "sb1" doesn't exist or you don't have access to it`}, api.ErrTypeNotFound, false, 0},
		{"s3 slow down", ServiceStorage, &smithy.GenericAPIError{Code: "SlowDown"}, api.ErrTypeStorage, true, 0},
		{"deadline", ServiceModel, context.DeadlineExceeded, api.ErrTypeUnavailable, true, 0},
		{"refused", ServiceStorage, fmt.Errorf("dial tcp 127.0.0.1:1: connect: connection refused"), api.ErrTypeUnavailable, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(tt.svc, "op", tt.err)
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
	orig := temporal.NewNonRetryableApplicationError("x", api.ErrTypeRebuild, nil)
	assert.Same(t, orig, Classify(ServiceSandbox, "op", orig))
	assert.ErrorIs(t, Classify(ServiceModel, "op", context.Canceled), context.Canceled)
	assert.Nil(t, Classify(ServiceModel, "op", nil))
}

package sandboxes

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/openai/openai-go/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// TestSameFailureSameType: one kind of failure gets one error type and one
// retry decision whichever source it comes from — a dataset over the size
// limit or missing, from S3 or from a URL; a rate limit or an outage, from
// a dataset URL, the model or E2B (with the server's Retry-After).
func TestSameFailureSameType(t *testing.T) {
	st := acttest.S3(t)
	a := &activities.Activities{S3: st.Client, Bucket: st.Bucket, MaxDatasetBytes: 1024,
		HTTP: &http.Client{}} // a local stand-in for a public server: no guard
	ctx := context.Background()
	_, err := a.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(a.Bucket), Key: aws.String("big.csv"),
		Body: strings.NewReader(strings.Repeat("x", 2048))})
	require.NoError(t, err)

	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/big.csv":
			w.Write([]byte(strings.Repeat("x", 2048)))
		case "/missing.csv":
			http.Error(w, "no such file", http.StatusNotFound)
		case "/busy.csv":
			w.Header().Set("Retry-After", "2")
			http.Error(w, "slow down", http.StatusTooManyRequests)
		case "/down.csv":
			w.Header().Set("Retry-After", "3")
			http.Error(w, "maintenance", http.StatusServiceUnavailable)
		}
	}))
	t.Cleanup(web.Close)
	modelErr := func(status int, code, retryAfter string) error {
		return &openai.Error{StatusCode: status, Code: code, Response: &http.Response{StatusCode: status, Header: http.Header{"Retry-After": {retryAfter}}}}
	}
	dataset := func(d api.Dataset) error {
		_, err := New(a).fetchDataset(ctx, d)
		return err
	}

	tests := []struct {
		kind, source string
		err          error
		wantType     string
		retryable    bool
		after        time.Duration
	}{
		{"over the limit", "s3", dataset(api.Dataset{Name: "big.csv", S3Key: "big.csv"}), api.ErrTypeDataset, false, 0},
		{"over the limit", "url", dataset(api.Dataset{Name: "big.csv", URL: web.URL + "/big.csv"}), api.ErrTypeDataset, false, 0},
		{"missing", "s3", dataset(api.Dataset{Name: "gone.csv", S3Key: "gone.csv"}), api.ErrTypeDataset, false, 0},
		{"missing", "url", dataset(api.Dataset{Name: "gone.csv", URL: web.URL + "/missing.csv"}), api.ErrTypeDataset, false, 0},
		{"rate limited", "url", dataset(api.Dataset{Name: "d.csv", URL: web.URL + "/busy.csv"}), api.ErrTypeRateLimited, true, 2 * time.Second},
		{"rate limited", "model", fault.Classify(fault.ServiceModel, "op", modelErr(429, "rate_limit_exceeded", "2")), api.ErrTypeRateLimited, true, 2 * time.Second},
		{"rate limited", "e2b", fault.Classify(fault.ServiceE2B, "op", &e2b.APIError{StatusCode: 429, Kind: e2b.KindRateLimited, RetryAfter: 2 * time.Second}), api.ErrTypeRateLimited, true, 2 * time.Second},
		{"unavailable", "url", dataset(api.Dataset{Name: "d.csv", URL: web.URL + "/down.csv"}), api.ErrTypeUnavailable, true, 3 * time.Second},
		{"unavailable", "model", fault.Classify(fault.ServiceModel, "op", modelErr(503, "", "3")), api.ErrTypeUnavailable, true, 3 * time.Second},
		{"unavailable", "e2b", fault.Classify(fault.ServiceE2B, "op", &e2b.APIError{StatusCode: 503, Kind: e2b.KindUnavailable, RetryAfter: 3 * time.Second}), api.ErrTypeUnavailable, true, 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+tt.source, func(t *testing.T) {
			var appErr *temporal.ApplicationError
			require.True(t, errors.As(tt.err, &appErr), "got %T %v, want an ApplicationError", tt.err, tt.err)
			assert.Equal(t, tt.wantType, appErr.Type(), "type (message: %s)", appErr.Message())
			assert.Equal(t, !tt.retryable, appErr.NonRetryable(), "non-retryable")
			assert.Equal(t, tt.after, appErr.NextRetryDelay(), "retry delay")
			if strings.HasPrefix(tt.kind, "over") || tt.kind == "missing" {
				assert.Regexp(t, `^dataset "[a-z]+\.csv": `, appErr.Message(), "the message names the dataset")
				t.Log(appErr.Message())
			}
		})
	}
}

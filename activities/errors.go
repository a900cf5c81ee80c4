package activities

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/aws/smithy-go"
	"github.com/openai/openai-go/v3"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/e2b"
)

// Service names the remote side of an error, for messages and mapping.
type Service string

// The services the activities call.
const (
	ServiceE2B      Service = "e2b"
	ServiceSandbox  Service = "sandbox" // the data plane of one sandbox
	ServiceModel    Service = "model"
	ServiceStorage  Service = "s3"
	ServiceDatasets Service = "dataset"
)

// classify maps an error from any client to a Temporal error with a stable
// Type. It is the one place where errors cross the activity boundary: auth,
// validation and quota errors are non-retryable with a clear message;
// 429, 5xx, timeouts and network errors are retryable, after Retry-After
// when the server gave one.
func classify(svc Service, op string, err error) error {
	if err == nil {
		return nil
	}
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		return err
	}
	msg := boundMessage(fmt.Sprintf("%s: %s: %s", svc, op, upstreamDetail(err)))
	cause := &upstreamError{err: err, text: boundText(err.Error(), maxCauseBytes)}
	nonRetryable := func(typ string) error {
		return temporal.NewNonRetryableApplicationError(msg, typ, cause)
	}
	retryable := func(typ string, after time.Duration) error {
		return temporal.NewApplicationErrorWithOptions(msg, typ, temporal.ApplicationErrorOptions{
			Cause: cause, NextRetryDelay: after,
		})
	}

	// E2B.
	var e2bErr *e2b.APIError
	if errors.As(err, &e2bErr) {
		after, _ := e2b.RetryAfter(err)
		switch {
		case e2b.IsAuth(err):
			return nonRetryable(ErrTypeAuth)
		case e2b.IsRateLimited(err):
			return retryable(ErrTypeRateLimited, after)
		case svc == ServiceSandbox && (e2b.IsNotFound(err) || e2b.IsSandboxGone(err)):
			return nonRetryable(ErrTypeSandboxLost)
		case e2b.IsNotFound(err):
			return nonRetryable(ErrTypeNotFound)
		case e2bErr.StatusCode >= 500 || e2bErr.StatusCode == 0:
			return retryable(ErrTypeUnavailable, after)
		case e2bErr.StatusCode == http.StatusConflict:
			return retryable(ErrTypeUnavailable, after)
		default:
			return nonRetryable(ErrTypeBadRequest)
		}
	}

	// The model.
	var oaiErr *openai.Error
	if errors.As(err, &oaiErr) {
		after := retryAfterHeader(oaiErr.Response)
		switch code := oaiErr.StatusCode; {
		case code == http.StatusUnauthorized || code == http.StatusForbidden:
			return nonRetryable(ErrTypeAuth)
		case code == http.StatusTooManyRequests && oaiErr.Code == "insufficient_quota":
			return nonRetryable(ErrTypeQuota)
		case code == http.StatusTooManyRequests:
			return retryable(ErrTypeRateLimited, after)
		case code == http.StatusNotFound:
			return nonRetryable(ErrTypeNotFound)
		case code == http.StatusRequestTimeout || code == http.StatusConflict || code >= 500:
			return retryable(ErrTypeUnavailable, after)
		default:
			return nonRetryable(ErrTypeBadRequest)
		}
	}

	// S3.
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.ErrorCode() {
		case "AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "ExpiredToken":
			return nonRetryable(ErrTypeAuth)
		case "NoSuchBucket":
			return nonRetryable(ErrTypeNotFound)
		case "NoSuchKey", "NotFound":
			if svc == ServiceDatasets {
				return nonRetryable(ErrTypeDataset)
			}
			return nonRetryable(ErrTypeNotFound)
		}
		return retryable(ErrTypeStorage, 0)
	}

	// Transport: timeouts, refused connections, resets.
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &netErr) ||
		strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "connection reset") ||
		strings.Contains(err.Error(), "EOF") {
		return retryable(ErrTypeUnavailable, 0)
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	return retryable(ErrTypeUnavailable, 0)
}

// retryAfterHeader reads Retry-After (seconds or an HTTP date).
func retryAfterHeader(resp *http.Response) time.Duration {
	if resp == nil {
		return 0
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// Package fault is the one classification of the activities' failures: an
// error type and a retry decision for each (retryableTypes), the
// upstream's own message, bounded and with secrets redacted. Every
// ApplicationError an activity returns is made by New, Final or Classify.
package fault

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/aws/smithy-go"
	"github.com/openai/openai-go/v3"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/retryafter"
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
	ServiceTemporal Service = "temporal" // the Temporal server (the sandbox line)
)

// retryableTypes is the one table that says which error types a retry can
// cure. Every ApplicationError the activities return is made by New,
// which looks its type up here, so the same kind of failure is retryable or
// not the same way wherever it happens; workflows take their activities'
// NonRetryableErrorTypes from it too (NonRetryableTypes).
var retryableTypes = map[string]bool{
	api.ErrTypeSandboxLost:     false, // needs a new sandbox, which the workflow makes
	api.ErrTypeAuth:            false,
	api.ErrTypeBadRequest:      false,
	api.ErrTypeNotFound:        false,
	api.ErrTypeQuota:           false,
	api.ErrTypeDataset:         false,
	api.ErrTypeRebuild:         false,
	api.ErrTypeCanceled:        false,
	api.ErrTypeTerminated:      false,
	api.ErrTypeTimeout:         false,
	api.ErrTypeSandboxCapacity: false, // the workflow waits for a sandbox itself, not the retry policy
	api.ErrTypeSourceRefused:   false, // the role must change first
	api.ErrTypeRateLimited:     true,
	api.ErrTypeUnavailable:     true,
	api.ErrTypeStorage:         true,
}

// Retryable reports whether an error of this type may succeed when retried.
// A type not in the table (a child workflow's own failure type passed on)
// is not.
func Retryable(typ string) bool { return retryableTypes[typ] }

// NonRetryableTypes lists the error types no retry can cure, sorted, for
// an activity RetryPolicy's NonRetryableErrorTypes. Workflow code calls
// it, so the list is made once, in a fixed order, at start-up.
func NonRetryableTypes() []string { return slices.Clone(nonRetryableTypes) }

var nonRetryableTypes = func() []string {
	var out []string
	for typ, retry := range retryableTypes {
		if !retry {
			out = append(out, typ)
		}
	}
	slices.Sort(out)
	return out
}()

// New makes the ApplicationError of a failure of type typ: retryable
// (after the server's Retry-After, if any) or not as retryableTypes says.
func New(typ, msg string, cause error, after time.Duration) error {
	if !Retryable(typ) {
		return temporal.NewNonRetryableApplicationError(msg, typ, cause)
	}
	return temporal.NewApplicationErrorWithOptions(msg, typ, temporal.ApplicationErrorOptions{
		Cause: cause, NextRetryDelay: after,
	})
}

// Final passes on the failure of something that has ended (an awaited
// analysis) under its own type: whatever the type, retrying cannot change
// an outcome that is already decided.
func Final(typ, msg string, cause error) error {
	return temporal.NewNonRetryableApplicationError(msg, typ, cause)
}

// TooLargeError says an object or a download is over the size limit for
// its use; classify's op names the object. Size is -1 when it is known
// only that the limit was passed.
type TooLargeError struct {
	Size  int64
	Limit int64
}

func (e *TooLargeError) Error() string {
	if e.Size >= 0 {
		return fmt.Sprintf("%d bytes, over the limit of %d bytes", e.Size, e.Limit)
	}
	return fmt.Sprintf("over the limit of %d bytes", e.Limit)
}

// StatusError is an error response from a plain HTTP server (a dataset
// URL): its status, its Retry-After, and its own explanation.
type StatusError struct {
	Status     int
	RetryAfter time.Duration
	Detail     string // responseDetail: "<status>: <message>"
}

func (e *StatusError) Error() string { return e.Detail }

// newStatusError reads an error response, keeping its explanation.
func NewStatusError(resp *http.Response) *StatusError {
	return &StatusError{Status: resp.StatusCode, RetryAfter: retryafter.FromResponse(resp), Detail: ResponseDetail(resp)}
}

// classify maps an error from any client to a Temporal error with a stable
// Type. It is the one place where upstream errors cross the activity
// boundary: auth, validation and quota errors are non-retryable with a
// clear message; 429, 5xx, timeouts and network errors are retryable,
// after Retry-After when the server gave one.
func Classify(svc Service, op string, err error) error {
	if err == nil {
		return nil
	}
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		return err
	}
	msg := Bound(fmt.Sprintf("%s: %s: %s", svc, op, UpstreamDetail(err)))
	cause := &upstreamError{err: err, text: BoundText(err.Error(), maxCauseBytes)}
	typ, after := ClassifyType(svc, err)
	if typ == "" {
		return err
	}
	return New(typ, msg, cause, after)
}

// classifyType is classify's decision: the error type of err from svc and
// the delay the server asked for. "" means err is not an upstream failure
// (a cancelled context) and passes through as it is.
func ClassifyType(svc Service, err error) (string, time.Duration) {
	// Size limits: the same refusal whether the bytes came from S3 or a URL.
	var tooLarge *TooLargeError
	if errors.As(err, &tooLarge) {
		if svc == ServiceDatasets {
			return api.ErrTypeDataset, 0
		}
		return api.ErrTypeBadRequest, 0
	}

	// A plain HTTP server (dataset URLs): rate limits and outages are
	// retried like any other service's; any other refusal is the dataset's.
	var statusErr *StatusError
	if errors.As(err, &statusErr) {
		switch code := statusErr.Status; {
		case code == http.StatusTooManyRequests:
			return api.ErrTypeRateLimited, statusErr.RetryAfter
		case code == http.StatusRequestTimeout || code >= 500:
			return api.ErrTypeUnavailable, statusErr.RetryAfter
		case svc == ServiceDatasets:
			return api.ErrTypeDataset, 0
		case code == http.StatusUnauthorized || code == http.StatusForbidden:
			return api.ErrTypeAuth, 0
		case code == http.StatusNotFound:
			return api.ErrTypeNotFound, 0
		default:
			return api.ErrTypeBadRequest, 0
		}
	}

	// E2B.
	var e2bErr *e2b.APIError
	if errors.As(err, &e2bErr) {
		after, _ := e2b.RetryAfter(err)
		switch {
		case e2b.IsAuth(err):
			return api.ErrTypeAuth, 0
		case e2b.IsRateLimited(err):
			return api.ErrTypeRateLimited, after
		case svc == ServiceSandbox && (e2b.IsNotFound(err) || e2b.IsSandboxGone(err)):
			return api.ErrTypeSandboxLost, 0
		case e2b.IsNotFound(err):
			return api.ErrTypeNotFound, 0
		case e2bErr.StatusCode >= 500 || e2bErr.StatusCode == 0:
			return api.ErrTypeUnavailable, after
		case e2bErr.StatusCode == http.StatusConflict:
			return api.ErrTypeUnavailable, after
		default:
			return api.ErrTypeBadRequest, 0
		}
	}

	// The model.
	var oaiErr *openai.Error
	if errors.As(err, &oaiErr) {
		after := retryafter.FromResponse(oaiErr.Response)
		switch code := oaiErr.StatusCode; {
		case code == http.StatusUnauthorized || code == http.StatusForbidden:
			return api.ErrTypeAuth, 0
		case code == http.StatusTooManyRequests && oaiErr.Code == "insufficient_quota":
			return api.ErrTypeQuota, 0
		case code == http.StatusTooManyRequests:
			return api.ErrTypeRateLimited, after
		case code == http.StatusNotFound:
			return api.ErrTypeNotFound, 0
		case code == http.StatusRequestTimeout || code == http.StatusConflict || code >= 500:
			return api.ErrTypeUnavailable, after
		default:
			return api.ErrTypeBadRequest, 0
		}
	}

	// S3.
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.ErrorCode() {
		case "AccessDenied", "InvalidAccessKeyId", "SignatureDoesNotMatch", "ExpiredToken":
			return api.ErrTypeAuth, 0
		case "NoSuchBucket":
			return api.ErrTypeNotFound, 0
		case "NoSuchKey", "NotFound":
			if svc == ServiceDatasets {
				return api.ErrTypeDataset, 0
			}
			return api.ErrTypeNotFound, 0
		}
		return api.ErrTypeStorage, 0
	}

	// Transport: timeouts, refused connections, resets.
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &netErr) ||
		strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "connection reset") ||
		strings.Contains(err.Error(), "EOF") {
		return api.ErrTypeUnavailable, 0
	}
	if errors.Is(err, context.Canceled) {
		return "", 0
	}
	return api.ErrTypeUnavailable, 0
}

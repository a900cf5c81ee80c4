package e2b

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/internal/retryafter"
)

// ErrorKind classifies an APIError so callers can decide what to do without
// knowing status codes.
type ErrorKind string

// Error kinds.
const (
	KindBadRequest     ErrorKind = "bad_request"      // 400, 422: the request is invalid; do not retry
	KindAuth           ErrorKind = "auth"             // 401, 403: bad or missing credentials
	KindNotFound       ErrorKind = "not_found"        // 404
	KindConflict       ErrorKind = "conflict"         // 409: e.g. already paused, transitional state
	KindRateLimited    ErrorKind = "rate_limited"     // 429: retry after RetryAfter
	KindServer         ErrorKind = "server"           // 500 and other 5xx
	KindSandboxGone    ErrorKind = "sandbox_gone"     // 502: the sandbox is gone or timed out
	KindUnavailable    ErrorKind = "unavailable"      // 503: service busy
	KindTimeout        ErrorKind = "timeout"          // 504, or a client-side deadline
	KindNotEnoughSpace ErrorKind = "not_enough_space" // 507: the sandbox disk is full
	KindClient         ErrorKind = "client"           // any other 4xx
)

// APIError is an error answered by E2B: the control-plane API, envd or the
// code interpreter. It is also used for client-side timeouts (Kind
// KindTimeout, StatusCode 0). Check it with errors.As or the IsX helpers.
type APIError struct {
	StatusCode int           // HTTP status; 0 for errors detected by the client
	Kind       ErrorKind     // classification of StatusCode (or of the Connect code)
	Message    string        // the server's message
	Code       string        // the body's error_code (control plane) or Connect code (envd)
	RetryAfter time.Duration // from a Retry-After header, when present
	Op         string        // what the client was doing, e.g. "create sandbox"

	// sandboxMissing is set when the error says the sandbox itself does not
	// exist (as opposed to, say, a missing file in it).
	sandboxMissing bool
}

// Error implements error.
func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString("e2b: ")
	if e.Op != "" {
		b.WriteString(e.Op)
		b.WriteString(": ")
	}
	if e.StatusCode != 0 {
		fmt.Fprintf(&b, "%d %s", e.StatusCode, e.Kind)
	} else {
		b.WriteString(string(e.Kind))
	}
	if e.Code != "" {
		fmt.Fprintf(&b, " (%s)", e.Code)
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	return b.String()
}

// kindForStatus classifies an HTTP status.
func kindForStatus(status int) ErrorKind {
	switch {
	case status == http.StatusBadRequest || status == http.StatusUnprocessableEntity:
		return KindBadRequest
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return KindAuth
	case status == http.StatusNotFound:
		return KindNotFound
	case status == http.StatusConflict:
		return KindConflict
	case status == http.StatusTooManyRequests:
		return KindRateLimited
	case status == http.StatusBadGateway:
		return KindSandboxGone
	case status == http.StatusServiceUnavailable:
		return KindUnavailable
	case status == http.StatusGatewayTimeout:
		return KindTimeout
	case status == http.StatusInsufficientStorage:
		return KindNotEnoughSpace
	case status >= 500:
		return KindServer
	default:
		return KindClient
	}
}

// kindForConnectCode classifies a Connect error code from envd.
func kindForConnectCode(code connect.Code) ErrorKind {
	switch code {
	case connect.CodeInvalidArgument, connect.CodeFailedPrecondition, connect.CodeOutOfRange:
		return KindBadRequest
	case connect.CodeUnauthenticated, connect.CodePermissionDenied:
		return KindAuth
	case connect.CodeNotFound:
		return KindNotFound
	case connect.CodeAlreadyExists, connect.CodeAborted:
		return KindConflict
	case connect.CodeResourceExhausted:
		return KindRateLimited
	case connect.CodeDeadlineExceeded, connect.CodeCanceled:
		return KindTimeout
	case connect.CodeUnavailable:
		return KindSandboxGone
	default:
		return KindServer
	}
}

// connectStatus is the HTTP status the Connect protocol gives a code (a
// unary error is answered with it; a stream error arrives in a 200).
func connectStatus(code connect.Code) int {
	switch code {
	case connect.CodeCanceled:
		return 499
	case connect.CodeInvalidArgument, connect.CodeFailedPrecondition, connect.CodeOutOfRange:
		return http.StatusBadRequest
	case connect.CodeDeadlineExceeded:
		return http.StatusGatewayTimeout
	case connect.CodeNotFound:
		return http.StatusNotFound
	case connect.CodeAlreadyExists, connect.CodeAborted:
		return http.StatusConflict
	case connect.CodePermissionDenied:
		return http.StatusForbidden
	case connect.CodeResourceExhausted:
		return http.StatusTooManyRequests
	case connect.CodeUnimplemented:
		return http.StatusNotImplemented
	case connect.CodeUnavailable:
		return http.StatusServiceUnavailable
	case connect.CodeUnauthenticated:
		return http.StatusUnauthorized
	default:
		return http.StatusInternalServerError
	}
}

// maxErrorBody bounds how much of an error body is read and kept.
const maxErrorBody = 64 << 10

// newResponseError builds an APIError from a non-success response whose
// body (at most maxErrorBody bytes) has been read. It understands the
// control-plane body {"code":404,"message":..., "error_code":...}, the
// Connect body {"code":"not_found","message":...} and plain text.
func newResponseError(op string, resp *http.Response, body []byte) *APIError {
	e := &APIError{StatusCode: resp.StatusCode, Kind: kindForStatus(resp.StatusCode), Op: op}
	e.RetryAfter = retryafter.FromResponse(resp)
	var parsed struct {
		Code      json.RawMessage `json:"code"`
		Message   string          `json:"message"`
		ErrorCode string          `json:"error_code"`
		Detail    json.RawMessage `json:"detail"`
	}
	if err := json.Unmarshal(body, &parsed); err == nil {
		e.Message = parsed.Message
		e.Code = parsed.ErrorCode
		var connectCode string
		if json.Unmarshal(parsed.Code, &connectCode) == nil && connectCode != "" {
			e.Code = connectCode
		}
		if e.Message == "" && len(parsed.Detail) > 0 {
			e.Message = string(parsed.Detail)
		}
		if e.Message == "" && parsed.Code == nil {
			e.Message = strings.TrimSpace(string(body))
		}
	} else {
		e.Message = strings.TrimSpace(strings.ToValidUTF8(string(body), "\uFFFD"))
	}
	if e.Message == "" {
		e.Message = http.StatusText(resp.StatusCode)
	}
	return e
}

func asAPIError(err error) (*APIError, bool) {
	var e *APIError
	ok := errors.As(err, &e)
	return e, ok
}

func hasKind(err error, k ErrorKind) bool {
	e, ok := asAPIError(err)
	return ok && e.Kind == k
}

// IsNotFound reports whether err is an APIError of kind KindNotFound.
func IsNotFound(err error) bool { return hasKind(err, KindNotFound) }

// IsAuth reports whether err is an authentication or permission error.
func IsAuth(err error) bool { return hasKind(err, KindAuth) }

// IsRateLimited reports whether err is a 429.
func IsRateLimited(err error) bool { return hasKind(err, KindRateLimited) }

// IsTimeout reports whether err is a server (504) or client-side timeout.
func IsTimeout(err error) bool { return hasKind(err, KindTimeout) }

// IsSandboxGone reports whether err says the sandbox no longer exists: a 502
// from the edge proxy, an unavailable envd stream, or a not-found answer to
// an operation on the sandbox itself (connect, set timeout, get info...).
func IsSandboxGone(err error) bool {
	e, ok := asAPIError(err)
	return ok && (e.Kind == KindSandboxGone || e.sandboxMissing)
}

// RetryAfter returns the server's Retry-After delay carried by err, if any.
func RetryAfter(err error) (time.Duration, bool) {
	e, ok := asAPIError(err)
	if !ok || e.RetryAfter <= 0 {
		return 0, false
	}
	return e.RetryAfter, true
}

// IsRetryable reports whether retrying the same call later may succeed: a
// 429, a 5xx other than 502/507, a timeout, or a transport error. It is false
// for client errors, a cancelled context, a failed command, and a sandbox
// that is gone (that needs a new sandbox, not a retry; see IsSandboxGone).
func IsRetryable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	if e, ok := asAPIError(err); ok {
		switch e.Kind {
		case KindRateLimited, KindServer, KindUnavailable, KindTimeout:
			return true
		}
		return false
	}
	var urlErr *url.Error
	return errors.As(err, &urlErr) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, errStreamCut) || errors.Is(err, errBrokenStream)
}

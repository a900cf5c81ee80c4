package fault

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
	"github.com/openai/openai-go/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	commonpb "go.temporal.io/api/common/v1"
	failurepb "go.temporal.io/api/failure/v1"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// TestClassifyMessage: the message of a classified error names the service,
// the operation, the status, the upstream's code and its own explanation.
func TestClassifyMessage(t *testing.T) {
	withBody := func(status int, body string) error {
		return &openai.Error{StatusCode: status, Response: &http.Response{StatusCode: status, Body: io.NopCloser(strings.NewReader(body))}}
	}
	s3Err := func(status int, code, msg string) error {
		return &smithy.OperationError{ServiceID: "S3", OperationName: "GetObject", Err: &smithyhttp.ResponseError{
			Response: &smithyhttp.Response{Response: &http.Response{StatusCode: status}},
			Err:      &smithy.GenericAPIError{Code: code, Message: msg},
		}}
	}
	tests := []struct {
		name string
		svc  Service
		op   string
		err  error
		want string
	}{
		{"model not found", ServiceModel, "create response", openaiErrMsg(404, "model_not_found", "", "The model `gpt-x` does not exist or you do not have access to it."),
			"model: create response: 404 model_not_found: The model `gpt-x` does not exist or you do not have access to it."},
		{"model bad request, type only", ServiceModel, "create response", &openai.Error{StatusCode: 400, Type: "invalid_request_error", Message: "Invalid value for 'input'."},
			"model: create response: 400 invalid_request_error: Invalid value for 'input'."},
		{"model gateway text body", ServiceModel, "create response", withBody(502, "upstream connect error\nor disconnect"),
			"model: create response: 502: upstream connect error or disconnect"},
		{"model empty body", ServiceModel, "create response", withBody(500, ""),
			"model: create response: 500: Internal Server Error"},
		{"e2b not found", ServiceE2B, "connect to sandbox sb1", &e2b.APIError{StatusCode: 404, Kind: e2b.KindNotFound, Message: `Sandbox "sb1" doesn't exist or you don't have access to it`},
			`e2b: connect to sandbox sb1: 404 not_found: Sandbox "sb1" doesn't exist or you don't have access to it`},
		{"e2b error code", ServiceE2B, "create sandbox", &e2b.APIError{StatusCode: 400, Kind: e2b.KindBadRequest, Code: "invalid_template", Message: "template x not found"},
			"e2b: create sandbox: 400 invalid_template: template x not found"},
		{"e2b client timeout", ServiceSandbox, "run code", &e2b.APIError{Kind: e2b.KindTimeout, Message: "no answer in 30s"},
			"sandbox: run code: timeout: no answer in 30s"},
		{"s3 no such key", ServiceDatasets, "get s3://b/in/x.csv", s3Err(404, "NoSuchKey", "The specified key does not exist."),
			"dataset: get s3://b/in/x.csv: 404 NoSuchKey: The specified key does not exist."},
		{"s3 head without body", ServiceStorage, "stat k", s3Err(404, "NotFound", ""),
			"s3: stat k: 404 NotFound"},
		{"plain error", ServiceStorage, "put k", errors.New("dial tcp 127.0.0.1:1: connect: connection refused"),
			"s3: put k: dial tcp 127.0.0.1:1: connect: connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var appErr *temporal.ApplicationError
			require.ErrorAs(t, Classify(tt.svc, tt.op, tt.err), &appErr)
			assert.Equal(t, tt.want, appErr.Message())
		})
	}
}

// TestClassifyKeepsBodyForOtherReaders: reading a non-JSON body for the
// message leaves it whole for whoever reads the response next.
func TestClassifyKeepsBodyForOtherReaders(t *testing.T) {
	resp := &http.Response{StatusCode: 502, Body: io.NopCloser(strings.NewReader("bad gateway"))}
	_ = Classify(ServiceModel, "op", &openai.Error{StatusCode: 502, Response: resp})
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	assert.Equal(t, "bad gateway", string(b))
}

func TestScrub(t *testing.T) {
	RedactSecrets("configured-secret-value", "abc") // "abc" is too short to be one
	tests := []struct{ in, want string }{
		{"key configured-secret-value refused", "key [redacted] refused"},
		{"abc stays", "abc stays"},
		{"Incorrect API key provided: sk-wrong***-key. You can find it at https://x", "Incorrect API key provided: sk-[redacted]. You can find it at https://x"},
		{"header Authorization: Bearer eyJhbGciOi.xyz rejected", "header Authorization: Bearer [redacted] rejected"},
		{"key e2b_0123456789abcdef0123 invalid", "key e2b_[redacted] invalid"},
		{"token sk_e2b_0123456789abcdef0123 expired", "token sk_e2b_[redacted] expired"},
		{"InvalidAccessKeyId: AKIAIOSFODNN7EXAMPLE", "InvalidAccessKeyId: AKIA[redacted]"},
		{`{"api_key": "hunter2hunter2"}`, `{"api_key": "[redacted]"}`},
		{"password=pa55word&user=x", "password=[redacted]&user=x"},
		{`Get "https://b.s3.amazonaws.com/d.csv?X-Amz-Signature=deadbeef&X-Amz-Credential=AK": EOF`, `Get "https://b.s3.amazonaws.com/d.csv?[redacted]": EOF`},
		{"get https://user:pass@host/x.csv", "get https://[redacted]@host/x.csv"},
		{"task-queue analysis, risk-free, a disk-backed store", "task-queue analysis, risk-free, a disk-backed store"},
		{"The model `gpt-x` does not exist", "The model `gpt-x` does not exist"},
	}
	for _, tt := range tests {
		if got := Scrub(tt.in); got != tt.want {
			t.Errorf("scrub(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestBoundText(t *testing.T) {
	assert.Equal(t, "a b c", BoundText("a\n  b\tc ", 100), "folded onto one line")
	assert.Equal(t, "short", BoundText("short", 5))

	long := strings.Repeat("é", 400) // 800 bytes, two per character
	got := BoundText(long, MaxErrorMessageBytes)
	assert.LessOrEqual(t, len(got), MaxErrorMessageBytes)
	assert.True(t, strings.HasSuffix(got, clippedMarker), "got %q, want the clipped marker at the end", got[len(got)-20:])
	assert.True(t, utf8.ValidString(got), "clipped inside a character")

	// A secret that straddles the bound is scrubbed before clipping, so no
	// part of it survives.
	RedactSecrets("straddling-secret-0123456789")
	got = BoundText(strings.Repeat("x", 480)+" straddling-secret-0123456789", MaxErrorMessageBytes)
	assert.NotContains(t, got, "straddl")
}

// TestClassifiedErrorHistoryIsScrubbed: what Temporal writes into the
// history for a classified error (message and every cause) carries no
// secret and no signed query, and is bounded, while errors.As still finds
// the client's error.
func TestClassifiedErrorHistoryIsScrubbed(t *testing.T) {
	RedactSecrets("sk-configured-model-key-42")
	signed := "https://bucket.s3.amazonaws.com/data.csv?X-Amz-Signature=cafebabe"
	cases := []error{
		&url.Error{Op: "Get", URL: signed, Err: errors.New("connection reset by peer")},
		openaiErrMsg(401, "invalid_api_key", "", "Incorrect API key provided: sk-configured-model-key-42."),
		&e2b.APIError{StatusCode: 400, Kind: e2b.KindBadRequest, Message: strings.Repeat("long ", 2000) + "sk-configured-model-key-42"},
	}
	for i, err := range cases {
		got := Classify(ServiceDatasets, "get "+signed, err)
		f := temporal.GetDefaultFailureConverter().ErrorToFailure(got)
		n := 0
		for ; f != nil; f = f.GetCause() {
			n++
			assert.NotContains(t, f.GetMessage(), "cafebabe", "case %d failure %d", i, n)
			assert.NotContains(t, f.GetMessage(), "model-key-42", "case %d failure %d", i, n)
			assert.LessOrEqual(t, len(f.GetMessage()), maxCauseBytes, "case %d failure %d", i, n)
		}
		assert.Equal(t, 2, n, "case %d: the classified error and its cause", i)
		assert.ErrorIs(t, got, err, "case %d: errors.Is reaches the client's error", i)
	}
	var urlErr *url.Error
	assert.ErrorAs(t, Classify(ServiceDatasets, "op", cases[0]), &urlErr, "errors.As reaches the client's error")
}

// TestErrorMessage: the readable text of an error chain is the first
// ApplicationError's own message, after the context wrappers above it add.
func TestErrorMessage(t *testing.T) {
	fc := temporal.GetDefaultFailureConverter()
	classified := Classify(ServiceModel, "create response", openaiErrMsg(404, "model_not_found", "", "The model `x` does not exist."))
	// An ActivityError as a workflow sees it: rebuilt from its failure.
	actErr := fc.FailureToError(&failurepb.Failure{
		Message: "activity error",
		FailureInfo: &failurepb.Failure_ActivityFailureInfo{ActivityFailureInfo: &failurepb.ActivityFailureInfo{
			ActivityType: &commonpb.ActivityType{Name: "CallModel"}}},
		Cause: fc.ErrorToFailure(classified),
	})
	want := "model: create response: 404 model_not_found: The model `x` does not exist."
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"application error", classified, want},
		{"activity error", actErr, want},
		{"wrapped activity error", fmt.Errorf("sandbox sb1 was lost: %w", actErr), "sandbox sb1 was lost: " + want},
		{"plain", errors.New("boom"), "boom"},
		{"canceled", temporal.NewCanceledError(), "canceled"},
	}
	for _, tt := range tests {
		if got := errtext.Message(tt.err); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	assert.Contains(t, classified.Error(), "retryable", "Error() has the SDK's extras ErrorMessage leaves out")
}

// TestResponseDetail: a dataset URL's error response is explained in its
// server's words where it has some (S3's XML of an expired presigned URL,
// JSON, plain text), and by its status alone for an HTML page.
func TestResponseDetail(t *testing.T) {
	tests := []struct {
		name, status, ct, body, want string
	}{
		{"s3 expired presigned url", "403 Forbidden", "application/xml",
			`<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message><Expires>2026-01-01T00:00:00Z</Expires></Error>`,
			"403 Forbidden: AccessDenied: Request has expired"},
		{"json message", "400 Bad Request", "application/json", `{"message":"bucket name is invalid"}`, "400 Bad Request: bucket name is invalid"},
		{"json error string", "404 Not Found", "application/json", `{"error":"no such dataset"}`, "404 Not Found: no such dataset"},
		{"json error object", "429 Too Many Requests", "application/json", `{"error":{"message":"slow down"}}`, "429 Too Many Requests: slow down"},
		{"plain text", "503 Service Unavailable", "text/plain; charset=utf-8", "maintenance until 10:00\n", "503 Service Unavailable: maintenance until 10:00"},
		{"html page", "404 Not Found", "text/html", "<html><body><h1>Not Found</h1></body></html>", "404 Not Found"},
		{"empty", "500 Internal Server Error", "", "", "500 Internal Server Error"},
	}
	for _, tt := range tests {
		resp := &http.Response{Status: tt.status, Header: http.Header{"Content-Type": {tt.ct}}, Body: io.NopCloser(strings.NewReader(tt.body))}
		if got := ResponseDetail(resp); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
		rest, _ := io.ReadAll(resp.Body)
		assert.Equal(t, tt.body, string(rest), "%s: the body is left whole", tt.name)
	}
}

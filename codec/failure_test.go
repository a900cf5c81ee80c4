package codec_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	failurepb "go.temporal.io/api/failure/v1"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"google.golang.org/protobuf/proto"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/internal/redact"
)

// chain lists the failures of f, root first.
func chain(f *failurepb.Failure) []*failurepb.Failure {
	var out []*failurepb.Failure
	for ; f != nil; f = f.GetCause() {
		out = append(out, f)
	}
	return out
}

// Every failure of a chain keeps its message readable (redacted, bounded);
// the message as raised and the stack trace sit encrypted in the encoded
// attributes, and the details are encrypted payloads.
func TestFailureMessagesReadableStackEncrypted(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	fc := c.FailureConverter(false)
	redact.Add("configured-secret-value")
	long := strings.Repeat("x", 3*codec.MaxFailureMessageBytes)
	inner := temporal.NewNonRetryableApplicationError("model: 401 invalid_api_key: Incorrect API key provided: sk-abcdefghijkl; token configured-secret-value\nsecond line", "Auth", nil, "detail with user data")
	err := fmt.Errorf("call model: %w", inner)
	f := fc.ErrorToFailure(err)
	fs := chain(f)
	if len(fs) != 2 {
		t.Fatalf("chain of %d failures, want 2", len(fs))
	}
	if got, want := fs[0].GetMessage(), "call model: model: 401 invalid_api_key: Incorrect API key provided: sk-[redacted]; token [redacted] second line (type: Auth, retryable: false)"; got != want {
		t.Errorf("outer message %q, want %q", got, want)
	}
	if got := fs[1].GetMessage(); !strings.HasPrefix(got, "model: 401 invalid_api_key") || strings.Contains(got, "sk-abc") || strings.Contains(got, "configured-secret") {
		t.Errorf("inner message %q: want the upstream message, redacted", got)
	}
	for i, fl := range fs {
		if fl.GetStackTrace() != "" {
			t.Errorf("failure %d: stack trace in plaintext", i)
		}
		if enc := string(fl.GetEncodedAttributes().GetMetadata()[converter.MetadataEncoding]); enc != codec.Encoding {
			t.Errorf("failure %d: encoded attributes have encoding %q, want %q", i, enc, codec.Encoding)
		}
	}
	det := fs[1].GetApplicationFailureInfo().GetDetails().GetPayloads()
	if len(det) != 1 || string(det[0].GetMetadata()[converter.MetadataEncoding]) != codec.Encoding {
		t.Errorf("details not encrypted: %v", det)
	}
	raw, _ := proto.Marshal(f)
	for _, s := range []string{"sk-abcdefghijkl", "configured-secret-value", "detail with user data"} {
		if strings.Contains(string(raw), s) {
			t.Errorf("%q in the stored failure's plaintext", s)
		}
	}

	// A client with the codec reads the message as raised, and the details.
	back := fc.FailureToError(f)
	var app *temporal.ApplicationError
	if !errors.As(errors.Unwrap(back), &app) {
		t.Fatalf("decoded %T, want an ApplicationError as its cause", back)
	}
	if !strings.Contains(app.Message(), "sk-abcdefghijkl") {
		t.Errorf("decoded message %q: want the message as raised", app.Message())
	}
	var d string
	if err := app.Details(&d); err != nil || d != "detail with user data" {
		t.Errorf("details %q, %v", d, err)
	}

	// A long message is clipped in plaintext, whole in the attributes.
	f = fc.ErrorToFailure(temporal.NewApplicationError(long, "Long"))
	if n := len(f.GetMessage()); n > codec.MaxFailureMessageBytes || !strings.HasSuffix(f.GetMessage(), redact.ClippedMarker) {
		t.Errorf("plaintext message of %d bytes, want at most %d ending with the clipped marker", n, codec.MaxFailureMessageBytes)
	}
	if errors.As(fc.FailureToError(f), &app); app.Message() != long {
		t.Errorf("decoded long message has %d bytes, want %d", len(app.Message()), len(long))
	}
}

// A failure an error carries (one that came from another worker) is not
// changed in place, and one already encoded is left as it is.
func TestFailureConverterKeepsCarriedFailures(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	fc := c.FailureConverter(false)
	carried := &failurepb.Failure{Message: "from the server", StackTrace: "goroutine 7 [running]: main.go:12", FailureInfo: &failurepb.Failure_ApplicationFailureInfo{ApplicationFailureInfo: &failurepb.ApplicationFailureInfo{Type: "X"}}}
	err := temporal.GetDefaultFailureConverter().FailureToError(proto.Clone(carried).(*failurepb.Failure))
	before := proto.Clone(carried)
	f := fc.ErrorToFailure(err)
	if f.GetMessage() != "from the server" || f.GetEncodedAttributes() == nil {
		t.Errorf("carried failure: message %q, encoded %v", f.GetMessage(), f.GetEncodedAttributes() != nil)
	}
	if f.GetStackTrace() != "" {
		t.Errorf("stack trace in plaintext: %q", f.GetStackTrace())
	}
	back := proto.Clone(f).(*failurepb.Failure)
	converter.DecodeCommonFailureAttributes(c.DataConverter(), back)
	if back.GetStackTrace() != carried.GetStackTrace() {
		t.Errorf("decoded stack trace %q, want %q", back.GetStackTrace(), carried.GetStackTrace())
	}
	if !proto.Equal(carried, before) {
		t.Error("the carried failure was changed")
	}
	again := fc.ErrorToFailure(fc.FailureToError(f))
	if again.GetMessage() != "from the server" {
		t.Errorf("re-encoded message %q", again.GetMessage())
	}
}

// ENCRYPT_FAILURE_MESSAGES' converter writes what the SDK's
// EncodeCommonAttributes writes; failures written that way (histories
// recorded before messages stayed readable) decode with either converter.
func TestFailureEncryptedMessagesAndOldFailures(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	old := temporal.NewDefaultFailureConverter(temporal.DefaultFailureConverterOptions{DataConverter: c.DataConverter(), EncodeCommonAttributes: true})
	f := old.ErrorToFailure(temporal.NewApplicationError("question: must not be empty", "InvalidInput"))
	if f.GetMessage() != "Encoded failure" {
		t.Fatalf("old converter wrote %q", f.GetMessage())
	}
	for _, enc := range []bool{false, true} {
		if got := c.FailureConverter(enc).FailureToError(proto.Clone(f).(*failurepb.Failure)).Error(); !strings.Contains(got, "question: must not be empty") {
			t.Errorf("encryptMessages=%v: old failure decodes to %q", enc, got)
		}
	}
	if got := c.FailureConverter(true).ErrorToFailure(errors.New("user data")).GetMessage(); got != "Encoded failure" {
		t.Errorf("encryptMessages=true: message %q, want Encoded failure", got)
	}
}

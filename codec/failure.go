package codec

import (
	failurepb "go.temporal.io/api/failure/v1"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"google.golang.org/protobuf/proto"

	"github.com/durable-analyst/durable-analyst/internal/redact"
)

// MaxFailureMessageBytes bounds the plaintext message of one failure in a
// chain (the full message stays in the encrypted attributes).
const MaxFailureMessageBytes = 1000

// FailureConverter converts errors to the failures stored in histories.
//
// With encryptMessages false (the default of the worker and the starter) each
// failure of a chain keeps its message readable, redacted of credentials
// (see package redact) and clipped to MaxFailureMessageBytes, so the
// Temporal UI's event list and `temporal workflow show/result` show it; the
// stack trace, and the message as written, go into the failure's encoded
// attributes, encrypted by c, and the details of an application error are
// encrypted payloads as always. A client with the codec reads the message
// from the encrypted attributes, so it sees exactly what was raised.
//
// With encryptMessages true the message is encrypted too and the stored
// failure says only "Encoded failure" (the SDK's EncodeCommonAttributes):
// only clients with the codec read it, which the Temporal CLI does not.
//
// Decoding is the SDK's in both cases: a failure whose message and stack
// sit in encrypted attributes (written either way) reads the same.
func (c *Codec) FailureConverter(encryptMessages bool) converter.FailureConverter {
	return &failureConverter{
		inner: temporal.NewDefaultFailureConverter(temporal.DefaultFailureConverterOptions{
			DataConverter:          c.DataConverter(),
			EncodeCommonAttributes: encryptMessages,
		}),
		dc:      c.DataConverter(),
		encrypt: encryptMessages,
	}
}

type failureConverter struct {
	inner   *temporal.DefaultFailureConverter
	dc      converter.DataConverter
	encrypt bool
}

func (f *failureConverter) FailureToError(failure *failurepb.Failure) error {
	return f.inner.FailureToError(failure)
}

func (f *failureConverter) ErrorToFailure(err error) *failurepb.Failure {
	root := f.inner.ErrorToFailure(err)
	if f.encrypt || root == nil {
		return root
	}
	// The inner converter may hand back a failure an error carries (one
	// that came from the server); it is copied, not changed in place.
	root = proto.Clone(root).(*failurepb.Failure)
	for fl := root; fl != nil; fl = fl.GetCause() {
		if fl.GetEncodedAttributes() != nil {
			continue // written by a codec converter already
		}
		msg := fl.GetMessage()
		if err := converter.EncodeCommonFailureAttributes(f.dc, fl); err != nil {
			panic(err) // as the SDK's converter does: the codec cannot fail to encrypt
		}
		// EncodeCommonFailureAttributes put message and stack trace into the
		// encrypted attributes and blanked them; the message comes back,
		// redacted and bounded, for readers without the codec.
		fl.Message = redact.Line(msg, MaxFailureMessageBytes)
	}
	return root
}

// Package wire holds the E2B wire formats shared by the e2b client and the
// local E2B-compatible server: the Connect envelope codec and error codes,
// the proto3-JSON messages of envd, the NDJSON lines of the code
// interpreter's /execute stream and the control-plane JSON bodies.
//
// Nothing here does I/O beyond reading and writing the given streams, so both
// sides of the protocol encode and decode exactly the same way.
package wire

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// Envelope flags of the Connect protocol's streaming framing.
const (
	FlagData       byte = 0 // a data message
	FlagCompressed byte = 1 // the payload is compressed (not supported by E2B clients)
	FlagEndStream  byte = 2 // the final end-of-stream message
)

// envelopeHeaderLen is the flag byte plus the 4-byte big-endian length.
const envelopeHeaderLen = 5

// ErrFrameTooLarge is returned by ReadEnvelope when a frame's declared length
// exceeds the caller's limit.
var ErrFrameTooLarge = errors.New("wire: envelope exceeds size limit")

// WriteEnvelope writes one Connect envelope: the flags byte, the payload
// length as a 4-byte big-endian integer, then the payload, in a single Write.
func WriteEnvelope(w io.Writer, flags byte, payload []byte) error {
	if uint64(len(payload)) > 0xFFFFFFFF {
		return fmt.Errorf("wire: envelope payload of %d bytes does not fit a 32-bit length", len(payload))
	}
	buf := make([]byte, envelopeHeaderLen+len(payload))
	buf[0] = flags
	binary.BigEndian.PutUint32(buf[1:envelopeHeaderLen], uint32(len(payload)))
	copy(buf[envelopeHeaderLen:], payload)
	if _, err := w.Write(buf); err != nil {
		return fmt.Errorf("wire: write envelope: %w", err)
	}
	return nil
}

// ReadEnvelope reads one Connect envelope. It returns io.EOF when r is
// exhausted before the first header byte, io.ErrUnexpectedEOF when a frame is
// cut short and an error wrapping ErrFrameTooLarge when the declared length is
// above maxSize (maxSize <= 0 means no limit). The payload is never allocated
// before its length has been checked.
func ReadEnvelope(r io.Reader, maxSize int) (flags byte, payload []byte, err error) {
	var hdr [envelopeHeaderLen]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		if errors.Is(err, io.EOF) {
			return 0, nil, io.EOF
		}
		return 0, nil, err
	}
	n := binary.BigEndian.Uint32(hdr[1:])
	if maxSize > 0 && uint64(n) > uint64(maxSize) {
		return hdr[0], nil, fmt.Errorf("%w: %d bytes, limit %d", ErrFrameTooLarge, n, maxSize)
	}
	payload = make([]byte, n)
	if _, err := io.ReadFull(r, payload); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return hdr[0], nil, err
	}
	return hdr[0], payload, nil
}

// EndStream is the JSON body of the final envelope (flag FlagEndStream) of a
// Connect server stream: {} on success, trailers, or an error.
type EndStream struct {
	Error    *ConnectError       `json:"error,omitempty"`
	Metadata map[string][]string `json:"metadata,omitempty"`
}

// Connect error codes (snake_case names, as on the wire).
const (
	CodeCanceled           = "canceled"
	CodeUnknown            = "unknown"
	CodeInvalidArgument    = "invalid_argument"
	CodeDeadlineExceeded   = "deadline_exceeded"
	CodeNotFound           = "not_found"
	CodeAlreadyExists      = "already_exists"
	CodePermissionDenied   = "permission_denied"
	CodeResourceExhausted  = "resource_exhausted"
	CodeFailedPrecondition = "failed_precondition"
	CodeAborted            = "aborted"
	CodeOutOfRange         = "out_of_range"
	CodeUnimplemented      = "unimplemented"
	CodeInternal           = "internal"
	CodeUnavailable        = "unavailable"
	CodeDataLoss           = "data_loss"
	CodeUnauthenticated    = "unauthenticated"
)

// ConnectError is the JSON error of the Connect protocol, sent as the body of
// a failed unary call or inside an EndStream.
type ConnectError struct {
	Code    string            `json:"code"`
	Message string            `json:"message,omitempty"`
	Details []json.RawMessage `json:"details,omitempty"`
}

// Error implements error.
func (e *ConnectError) Error() string {
	if e.Message == "" {
		return e.Code
	}
	return e.Code + ": " + e.Message
}

// codeToStatus is the Connect code -> HTTP status table (protocol doc §4.3).
var codeToStatus = map[string]int{
	CodeCanceled:           499,
	CodeUnknown:            http.StatusInternalServerError,
	CodeInvalidArgument:    http.StatusBadRequest,
	CodeDeadlineExceeded:   http.StatusGatewayTimeout,
	CodeNotFound:           http.StatusNotFound,
	CodeAlreadyExists:      http.StatusConflict,
	CodePermissionDenied:   http.StatusForbidden,
	CodeResourceExhausted:  http.StatusTooManyRequests,
	CodeFailedPrecondition: http.StatusBadRequest,
	CodeAborted:            http.StatusConflict,
	CodeOutOfRange:         http.StatusBadRequest,
	CodeUnimplemented:      http.StatusNotImplemented,
	CodeInternal:           http.StatusInternalServerError,
	CodeUnavailable:        http.StatusServiceUnavailable,
	CodeDataLoss:           http.StatusInternalServerError,
	CodeUnauthenticated:    http.StatusUnauthorized,
}

// HTTPStatus returns the HTTP status a server sends for a unary call failing
// with the Connect code (500 for unknown codes).
func HTTPStatus(code string) int {
	if s, ok := codeToStatus[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

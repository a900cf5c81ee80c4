package e2b

import (
	"encoding/binary"
	"io"
	"net/http"

	"connectrpc.com/connect"
)

// The test servers of this package speak the Connect protocol by hand,
// from golden bytes, so the generated client is checked against the framing
// real envd sends rather than against connect-go's own encoder.

// Envelope flags of Connect streams.
const (
	flagData      byte = 0
	flagEndStream byte = 2
)

// writeFrame writes one Connect envelope: flags, big-endian length, payload.
func writeFrame(w io.Writer, flags byte, payload []byte) error {
	hdr := [5]byte{flags}
	binary.BigEndian.PutUint32(hdr[1:], uint32(len(payload)))
	_, err := w.Write(append(hdr[:], payload...))
	return err
}

// readFrame reads one Connect envelope.
func readFrame(r io.Reader) (flags byte, payload []byte, err error) {
	var hdr [5]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return 0, nil, err
	}
	payload = make([]byte, binary.BigEndian.Uint32(hdr[1:]))
	_, err = io.ReadFull(r, payload)
	return hdr[0], payload, err
}

// connectError answers a unary Connect call with an error, as connect-go does.
func connectError(w http.ResponseWriter, code connect.Code, msg string) {
	writeJSON(w, connectStatus(code), map[string]string{"code": code.String(), "message": msg})
}

// writeRaw answers with a JSON body given as text: the exact proto3 JSON
// envd sends.
func writeRaw(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, body)
}

// Package wire holds the E2B wire formats shared by the e2b client and the
// local E2B-compatible server that are plain HTTP: the control-plane JSON
// bodies, envd's /files answers and signatures, and the NDJSON lines of the
// code interpreter's /execute stream. envd's Connect-RPC services are
// generated code instead (e2b/internal/envd).
//
// Nothing here does I/O beyond reading the given streams, so both sides of
// the protocol encode and decode exactly the same way.
package wire

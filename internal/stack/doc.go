// Package stack starts the real servers that durable-analyst talks to — the
// Temporal dev server from the pinned Temporal CLI and a versitygw S3 server —
// as child processes on 127.0.0.1, for integration tests and for the local
// demo (cmd/devstack).
//
// The binaries come from the tools module (tools/go.mod) and live in
// <repo>/.bin; when one is missing it is built once, under a file lock, by
// tools/build.sh (what `make tools` runs).
package stack

// Package devstack starts the real servers that durable-analyst talks to, as
// child processes on 127.0.0.1, for integration tests, the local demo and
// make cluster (cmd/devstack): the Temporal dev server from the pinned
// Temporal CLI and a versitygw S3 server; and for a real cluster,
// PostgreSQL (Debian's postgresql), the Temporal server on it with its
// schema applied by temporal-sql-tool, and the standalone Temporal UI.
//
// The binaries come from the tools modules (tools/go.mod, and
// tools/cluster/go.mod for the Temporal server and its schema tool) and
// live in <repo>/.bin; when one is missing it is built once, under a file
// lock, by tools/build.sh (what `make tools` and `make cluster-tools` run).
package devstack

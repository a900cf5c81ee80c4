//go:build tools

// Package cluster pins the Temporal server and its SQL schema tool that
// `make cluster` runs on PostgreSQL. It is a module of its own, apart from
// ../go.mod, because the server's dependency graph clashes with the pinned
// Temporal CLI's (which embeds an older server), and because the server
// needs a newer Go than the project: it is built with GOTOOLCHAIN set in
// tools/build.sh, so the project itself stays on the machine's Go.
package cluster

import (
	_ "go.temporal.io/server/cmd/server"
	_ "go.temporal.io/server/cmd/tools/sql"
)

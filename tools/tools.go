//go:build tools

// Package tools pins the versions of the servers and checkers that the
// tests and the demo build from the Go module proxy. It is a module of its
// own so that their dependency graphs stay out of the main module.
package tools

import (
	_ "github.com/temporalio/cli/cmd/temporal"
	// The standalone Temporal UI server for make cluster (the CLI embeds
	// the same module, so this adds no dependency).
	_ "github.com/temporalio/ui-server/v2/cmd/server"
	_ "github.com/versity/versitygw/cmd/versitygw"
	_ "go.temporal.io/sdk/contrib/tools/workflowcheck"
)

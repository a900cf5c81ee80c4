package main

import (
	"context"
	"time"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/nexus"
)

// ensureNexusEndpoint makes the Nexus endpoint workflows.NexusEndpoint route
// to the worker's namespace and task queue, so a workflow in any namespace
// of the dev server can run analyses through it (the dev server has Nexus
// on, with its callback URL set, by default). Idempotent.
func ensureNexusEndpoint(ctx context.Context, t *devstack.Temporal, say func(string, ...any)) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, err := dialQuiet(ctx, t)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := nexus.EnsureEndpoint(ctx, c.OperatorService(), api.NexusEndpoint, t.Namespace, taskQueue); err != nil {
		return err
	}
	say("Nexus endpoint %s: service %s on namespace %s, task queue %s", api.NexusEndpoint, api.NexusService, t.Namespace, taskQueue)
	return nil
}

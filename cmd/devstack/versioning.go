package main

import (
	"context"
	"debug/buildinfo"
	"fmt"
	"io"
	"log/slog"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/internal/versioning"
)

// devBuildID names the worker's code when its binary carries no VCS
// revision (no .git). Safe here: make run's Temporal server starts empty.
const devBuildID = "local-dev"

// versioningEnv runs make run's worker as a Worker Deployment Version that
// sets itself current (the dev server starts with no deployment), unless
// the user's environment says otherwise. The build id is the worker's own
// (its VCS revision), or devBuildID when the binary has none.
func versioningEnv(env *environ, workerBin string) {
	if _, ok := env.vals["TEMPORAL_WORKER_VERSIONING"]; ok {
		return
	}
	env.set("TEMPORAL_WORKER_VERSIONING=true", "TEMPORAL_SET_CURRENT_IF_UNSET=true")
	if _, ok := env.vals["TEMPORAL_BUILD_ID"]; ok {
		return
	}
	if info, err := buildinfo.ReadFile(workerBin); err != nil || config.BuildIDFromBinary(info) == "" {
		env.set("TEMPORAL_BUILD_ID=" + devBuildID)
	}
}

// waitForCurrentVersion waits until the worker's deployment has a current
// version (the worker sets it at start), so the first workflow is not
// started before any version takes it, and returns "deployment/build-id".
// It returns "" at once when versioning is off.
func waitForCurrentVersion(ctx context.Context, t *devstack.Temporal, env *environ, worker *devstack.Process) (string, error) {
	if env.vals["TEMPORAL_WORKER_VERSIONING"] != "true" {
		return "", nil
	}
	deployment := env.vals["TEMPORAL_DEPLOYMENT_NAME"]
	if deployment == "" {
		deployment = "durable-analyst"
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	c, err := dialQuiet(ctx, t)
	if err != nil {
		return "", err
	}
	defer c.Close()
	for {
		if cur, err := versioning.Current(ctx, c, deployment); err == nil && cur != nil {
			return deployment + "/" + cur.BuildID, nil
		}
		select {
		case <-worker.Done():
			return "", fmt.Errorf("worker exited before deployment %s had a current version: %v", deployment, worker.Err())
		case <-ctx.Done():
			return "", fmt.Errorf("worker deployment %s has no current version: %w", deployment, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// dialQuiet connects to the dev server with a client that logs nothing.
func dialQuiet(ctx context.Context, t *devstack.Temporal) (client.Client, error) {
	c, err := client.DialContext(ctx, client.Options{
		HostPort: t.Address, Namespace: t.Namespace,
		Logger: tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil))),
	})
	if err != nil {
		return nil, fmt.Errorf("connect to Temporal at %s: %w", t.Address, err)
	}
	return c, nil
}

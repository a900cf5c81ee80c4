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
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/internal/versioning"
)

// devBuildID names the worker's code when its binary carries no VCS
// revision (no .git).
const devBuildID = "local-dev"

// devstackVersioningEnv marks an environment whose versioning settings
// devstack chose (not the user), so devstack may make its workers'
// version current.
const devstackVersioningEnv = "DEVSTACK_MANAGES_VERSIONING"

// versioningEnv runs make run's workers as a Worker Deployment Version,
// unless the user's environment says otherwise. The build id is the
// worker's own (its VCS revision), or devBuildID when the binary has none;
// it is set explicitly so that devstack knows which version to make
// current (waitForCurrentVersion).
func versioningEnv(env *environ, workerBin string) {
	if _, ok := env.vals["TEMPORAL_WORKER_VERSIONING"]; ok {
		return
	}
	env.set("TEMPORAL_WORKER_VERSIONING=true", "TEMPORAL_SET_CURRENT_IF_UNSET=true", devstackVersioningEnv+"=true")
	if _, ok := env.vals["TEMPORAL_BUILD_ID"]; ok {
		return
	}
	id := devBuildID
	if info, err := buildinfo.ReadFile(workerBin); err == nil && config.BuildIDFromBinary(info) != "" {
		id = config.BuildIDFromBinary(info)
	}
	env.set("TEMPORAL_BUILD_ID=" + id)
}

// waitForCurrentVersion waits until the workers' deployment has a current
// version (the worker sets it at start when there is none), so the first
// workflow is not started before any version takes it, and returns
// "deployment/build-id". When devstack chose the versioning settings and
// the state directory kept an older build current (the code changed
// between two runs of make run), it makes the workers' version current:
// new analyses run on the new code, running ones stay on the build that
// started them. It returns "" at once when versioning is off.
func waitForCurrentVersion(ctx context.Context, t *devstack.Temporal, env *environ, say func(string, ...any)) (string, error) {
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
	if env.vals[devstackVersioningEnv] == "true" {
		v := worker.WorkerDeploymentVersion{DeploymentName: deployment, BuildID: env.vals["TEMPORAL_BUILD_ID"]}
		before, _ := versioning.Current(ctx, c, deployment)
		set, err := versioning.SetCurrent(ctx, c, v, false)
		if err != nil {
			return "", err
		}
		if set && before != nil {
			say("made build %s current (was %s); analyses started on %s stay pinned to it and wait for a worker of that build", v.BuildID, before.BuildID, before.BuildID)
		}
		return deployment + "/" + v.BuildID, nil
	}
	for {
		if cur, err := versioning.Current(ctx, c, deployment); err == nil && cur != nil {
			return deployment + "/" + cur.BuildID, nil
		}
		select {
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

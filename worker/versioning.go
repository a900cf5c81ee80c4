package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/versioning"
)

// setCurrentTimeout bounds how long a starting worker waits for the server
// to register its version before it gives up setting it current.
const setCurrentTimeout = time.Minute

// deploymentOptions run the worker as a Worker Deployment Version when
// TEMPORAL_WORKER_VERSIONING is on. Each workflow is registered with its
// own behavior, so there is no default behavior.
func deploymentOptions(cfg config.Worker) worker.DeploymentOptions {
	if !cfg.WorkerVersioning {
		return worker.DeploymentOptions{}
	}
	return worker.DeploymentOptions{
		UseVersioning: true,
		Version:       worker.WorkerDeploymentVersion{DeploymentName: cfg.DeploymentName, BuildID: cfg.BuildID},
	}
}

// announceVersion logs which version this worker is and which version is
// current; with TEMPORAL_SET_CURRENT_IF_UNSET it first makes this version
// current when the deployment has none (a new deployment). It fails only
// when that was asked for and could not be done.
func announceVersion(ctx context.Context, c client.Client, cfg config.Worker, logger *slog.Logger) error {
	if !cfg.WorkerVersioning {
		logger.Info("worker versioning is off: this worker runs every workflow on its own code (set TEMPORAL_WORKER_VERSIONING=true for versioned rollouts)")
		return nil
	}
	v := deploymentOptions(cfg).Version
	var cur *worker.WorkerDeploymentVersion
	var err error
	if cfg.SetCurrentIfUnset {
		sctx, cancel := context.WithTimeout(ctx, setCurrentTimeout)
		var set bool
		cur, set, err = versioning.SetCurrentIfUnset(sctx, c, v)
		cancel()
		if err != nil {
			return fmt.Errorf("TEMPORAL_SET_CURRENT_IF_UNSET: %w", err)
		}
		if set {
			logger.Info("set this version current: the deployment had none", "deployment", v.DeploymentName, "build_id", v.BuildID)
		}
	} else {
		cur, err = versioning.Current(ctx, c, v.DeploymentName)
	}
	switch {
	case err != nil:
		logger.Warn("cannot tell the current version", "deployment", v.DeploymentName, "error", err)
	case cur == nil || *cur != v:
		current := "none"
		if cur != nil {
			current = cur.BuildID
		}
		logger.Info("this version is not current: new workflows go to the current version; make it current with `temporal worker deployment set-current-version`",
			"deployment", v.DeploymentName, "build_id", v.BuildID, "current_build_id", current)
	default:
		logger.Info("this version is current", "deployment", v.DeploymentName, "build_id", v.BuildID)
	}
	return nil
}

// Package versioning sets the current version of a Temporal Worker
// Deployment from code: how a new deployment (make run, a first install,
// the rolling-upgrade test) gets its first current version. Later versions
// are made current by an operator with the temporal CLI.
package versioning

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// pollInterval is how often SetCurrent looks at the deployment while it
// waits for the version to be registered.
const pollInterval = 200 * time.Millisecond

// SetCurrent makes version v current in its deployment once the server
// lists it (a worker of v has polled), or, with onlyIfUnset, only if the
// deployment has no current version yet. It reports whether it set it,
// and waits until ctx ends.
func SetCurrent(ctx context.Context, c client.Client, v worker.WorkerDeploymentVersion, onlyIfUnset bool) (bool, error) {
	_, set, err := setCurrent(ctx, c, v, onlyIfUnset)
	return set, err
}

// SetCurrentIfUnset is SetCurrent with onlyIfUnset that also returns the
// deployment's current version afterwards, so a caller that logs it need
// not describe the deployment again.
func SetCurrentIfUnset(ctx context.Context, c client.Client, v worker.WorkerDeploymentVersion) (current *worker.WorkerDeploymentVersion, set bool, err error) {
	return setCurrent(ctx, c, v, true)
}

func setCurrent(ctx context.Context, c client.Client, v worker.WorkerDeploymentVersion, onlyIfUnset bool) (*worker.WorkerDeploymentVersion, bool, error) {
	h := c.WorkerDeploymentClient().GetHandle(v.DeploymentName)
	var last error
	for {
		d, err := h.Describe(ctx, client.WorkerDeploymentDescribeOptions{})
		switch {
		case err != nil:
			last = err // not found until the first poll registers the deployment
		case onlyIfUnset && d.Info.RoutingConfig.CurrentVersion != nil:
			return d.Info.RoutingConfig.CurrentVersion, false, nil
		case d.Info.RoutingConfig.CurrentVersion != nil && *d.Info.RoutingConfig.CurrentVersion == v:
			return d.Info.RoutingConfig.CurrentVersion, false, nil
		case !Lists(d.Info, v.BuildID):
			last = fmt.Errorf("version %s is not registered yet", v.BuildID)
		default:
			// The conflict token makes this a compare-and-set: a worker of
			// the same version that won the race is seen on the next round.
			_, err = h.SetCurrentVersion(ctx, client.WorkerDeploymentSetCurrentVersionOptions{
				BuildID: v.BuildID, ConflictToken: d.ConflictToken,
			})
			if err == nil {
				return &v, true, nil
			}
			last = err
		}
		select {
		case <-ctx.Done():
			return nil, false, fmt.Errorf("set %s/%s current: %w (last: %w)", v.DeploymentName, v.BuildID, ctx.Err(), last)
		case <-time.After(pollInterval):
		}
	}
}

// Current returns the current version of the deployment, nil when it has
// none (or does not exist yet).
func Current(ctx context.Context, c client.Client, deployment string) (*worker.WorkerDeploymentVersion, error) {
	d, err := c.WorkerDeploymentClient().GetHandle(deployment).Describe(ctx, client.WorkerDeploymentDescribeOptions{})
	if err != nil {
		var notFound *serviceerror.NotFound
		if errors.As(err, &notFound) {
			return nil, nil
		}
		return nil, fmt.Errorf("describe worker deployment %s: %w", deployment, err)
	}
	return d.Info.RoutingConfig.CurrentVersion, nil
}

// Lists reports whether the deployment lists the version with buildID.
func Lists(info client.WorkerDeploymentInfo, buildID string) bool {
	for _, s := range info.VersionSummaries {
		if s.Version.BuildID == buildID {
			return true
		}
	}
	return false
}

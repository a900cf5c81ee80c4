package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// P9 on make cluster's topology: PostgreSQL and the real Temporal server on
// it (internal/devstack, as cmd/devstack -cluster starts them), one worker
// and -p9-cluster-workers workers at -p9-cluster-n analyses. The runs are
// P9's own (p9Once) on a copy of the env whose Temporal is the cluster's;
// the S3 server, the stand-ins and the real sandboxes stay the env's.

// p9ClusterWorkers returns the worker counts of P9's runs on the cluster:
// one (the baseline) and -p9-cluster-workers, or none. A smoke run is
// kept cheap: it starts no build (without the cluster's tools in .bin or
// without PostgreSQL it has no cluster runs) and no baseline, as its runs
// on the dev server have none.
func (e *env) p9ClusterWorkers() []int {
	w := e.opts.p9ClusterWorkers
	if w == 0 {
		return nil
	}
	if e.opts.smoke {
		if why := clusterMissing(); why != "" {
			e.opts.logf("bench: P9: no runs on make cluster in -smoke: %s (make cluster-tools, make deps-cluster)", why)
			return nil
		}
		return []int{w}
	}
	return slices.Compact([]int{1, w})
}

// clusterMissing says what of the cluster's tools is not installed yet,
// "" when all are.
func clusterMissing() string {
	if err := devstack.PostgresInstalled(); err != nil {
		return err.Error()
	}
	root, err := devstack.RepoRoot()
	if err != nil {
		return err.Error()
	}
	for _, name := range []string{"temporal-server", "temporal-sql-tool"} {
		if _, err := os.Stat(filepath.Join(root, ".bin", name)); err != nil {
			return name + " is not built"
		}
	}
	return ""
}

// p9Cluster is the cluster of P9's cluster runs. It starts when a run first
// asks for it and stops when a run on the dev server follows, or at stop.
type p9Cluster struct {
	logf  func(format string, args ...any)
	env   *env // the runs' env: the bench's with the cluster's Temporal
	dir   string
	stops []func() error
	err   error // why it did not start; its runs are left out
}

// on returns the env a run uses: e, or with cluster a copy of e on the
// cluster, which it starts first.
func (c *p9Cluster) on(ctx context.Context, e *env, cluster bool) (*env, error) {
	if !cluster {
		c.stop()
		return e, nil
	}
	if c.env != nil || c.err != nil {
		return c.env, c.err
	}
	if err := c.start(ctx, e); err != nil {
		c.stop()
		c.err = fmt.Errorf("no runs on make cluster: start PostgreSQL and the Temporal server: %w", err)
		return nil, c.err
	}
	return c.env, nil
}

// start starts PostgreSQL and the Temporal server on free ports of
// 127.0.0.1, with their data in a temporary directory, registers the
// namespace and the search attributes as make cluster does, and connects.
func (c *p9Cluster) start(ctx context.Context, e *env) error {
	dir, err := os.MkdirTemp("", "durable-analyst-bench-cluster-")
	if err != nil {
		return err
	}
	c.dir = dir
	// The postgres user must reach its data directory below this one.
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}
	e.opts.logf("bench: P9: starting PostgreSQL and the Temporal server on it (data in %s)", dir)
	start := time.Now()
	pg, stop, err := devstack.StartPostgres(ctx, devstack.PostgresOptions{Dir: filepath.Join(dir, "postgres"), LogDir: e.logDir, Logf: e.opts.logf})
	if err != nil {
		return err
	}
	c.stops = append(c.stops, stop)
	srv, stop, err := devstack.StartTemporalServer(ctx, devstack.ServerOptions{
		Options:  devstack.Options{LogDir: e.logDir, Logf: e.opts.logf, SearchAttributes: workflows.SearchAttributes},
		Postgres: pg, Dir: filepath.Join(dir, "temporal"),
	})
	if err != nil {
		return err
	}
	c.stops = append(c.stops, stop)
	tc, err := client.Dial(client.Options{HostPort: srv.Address, Namespace: srv.Namespace, Logger: tlog.NewStructuredLogger(e.log)})
	if err != nil {
		return fmt.Errorf("connect to the Temporal server at %s: %w", srv.Address, err)
	}
	c.stops = append(c.stops, func() error { tc.Close(); return nil })
	// A copy, not a second env: the runs start their workers (workerEnv
	// names env.temporal) and the analyses (env.client) on the cluster.
	ce := *e
	ce.temporal, ce.client, ce.temporalPID = &srv.Temporal, tc, srv.Pid()
	c.env = &ce
	e.opts.logf("bench: P9: the cluster is up after %s", round(time.Since(start)))
	return nil
}

// stop stops the cluster, newest first, and removes its data.
func (c *p9Cluster) stop() {
	for _, stop := range slices.Backward(c.stops) {
		if err := stop(); err != nil {
			c.logf("bench: P9: stop the cluster: %v", err)
		}
	}
	if c.dir != "" {
		os.RemoveAll(c.dir)
	}
	c.env, c.dir, c.stops = nil, "", nil
}

// p9ClusterNote says in P9's section what the runs on make cluster are,
// "" when there are none.
func p9ClusterNote(details map[string]any) string {
	runs, _ := details["runs"].([]p9Run)
	if !slices.ContainsFunc(runs, func(r p9Run) bool { return r.Cluster }) {
		return ""
	}
	return "The runs *on make cluster* use `make cluster`'s Temporal: the real Temporal server (all four services in one process) " +
		"on PostgreSQL, started as `make cluster` starts them (internal/devstack) on free ports of 127.0.0.1 with their data in a " +
		"temporary directory, with the same S3, stand-ins and real sandboxes as the other runs. Their goal compares them with one " +
		"worker on the cluster; their Temporal CPU is the server's process, PostgreSQL's is among the other processes.\n\n"
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// preferredPostgres is make cluster's PostgreSQL port when it is free (not
// 5432, where a system PostgreSQL may run).
const preferredPostgres = 55432

var (
	clusterMode  = flag.Bool("cluster", false, "run a Temporal server on PostgreSQL (data kept in .run/cluster/) instead of the dev server")
	postgresPort = flag.Int("postgres-port", preferredPostgres, "with -cluster: PostgreSQL's port on 127.0.0.1 (0 picks a free one)")
	clusterUI    = flag.Bool("ui", true, "with -cluster: run the Temporal Web UI (temporalio/ui-server)")
)

// runCluster is make cluster: PostgreSQL, the Temporal server on it, the UI,
// S3 and the local stand-ins as make run has them, then -workers worker
// processes on one task queue. Everything listens on 127.0.0.1; state
// (PostgreSQL's data, S3's objects, the payload key) lives in .run/cluster/
// and survives restarts, logs go there too.
func runCluster(ctx context.Context, plaintext bool) (code int, err error) {
	root, err := devstack.RepoRoot()
	if err != nil {
		return 1, err
	}
	dir := *stateDir
	if dir == "" {
		dir = filepath.Join(root, ".run", "cluster")
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return 1, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 1, err
	}
	say := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "cluster: "+format+"\n", args...) }
	var stops []func() error
	defer func() {
		say("stopping (data kept in %s)", dir)
		for _, stop := range slices.Backward(stops) {
			if serr := stop(); serr != nil {
				say("%v", serr)
			}
		}
	}()

	// 1. PostgreSQL (Debian's postgresql; initdb on first use).
	pgPort := *postgresPort
	if pgPort == preferredPostgres {
		pgPort = preferPort("PostgreSQL", pgPort, say)
	}
	pg, stopPG, err := devstack.StartPostgres(ctx, devstack.PostgresOptions{Dir: filepath.Join(dir, "postgres"), Port: pgPort, LogDir: dir, Logf: say})
	if err != nil {
		return 1, err
	}
	stops = append(stops, stopPG)

	opts := devstack.Options{
		TemporalPort: preferPort("Temporal frontend", preferredFront, say),
		S3Port:       preferPort("S3", preferredS3, say),
		LogDir:       dir,
		Logf:         say,
		S3Dir:        filepath.Join(dir, "s3"),
		// Added to the namespace unless there (kept in PostgreSQL).
		SearchAttributes: workflows.SearchAttributes,
	}
	if *clusterUI {
		opts.TemporalUIPort = preferPort("Temporal UI", preferredUI, say)
		if opts.TemporalUIPort == 0 {
			if opts.TemporalUIPort, err = devstack.FreePort(); err != nil {
				return 1, err
			}
		}
	}
	var enc encryption
	if !plaintext {
		// The key lives with the data it encrypts.
		if enc, err = setupEncryption(dir, opts.TemporalUIPort); err != nil {
			return 1, err
		}
		opts.UICodecEndpoint = enc.Endpoint
	}

	// 2. The Temporal server: schema with temporal-sql-tool, then the server.
	srv, stopServer, err := devstack.StartTemporalServer(ctx, devstack.ServerOptions{Options: opts, Postgres: pg, Dir: filepath.Join(dir, "temporal")})
	if err != nil {
		return 1, err
	}
	stops = append(stops, stopServer)
	temporal := &srv.Temporal
	if *clusterUI {
		stopUI, err := devstack.StartTemporalUI(ctx, opts, temporal, dir)
		if err != nil {
			return 1, err
		}
		stops = append(stops, stopUI)
	}

	// 3. S3 and the local E2B and model servers, as make run has them.
	svc, err := startServices(ctx, root, dir, opts, temporal, enc)
	stops = append(stops, svc.stops...)
	if err != nil {
		return 1, err
	}
	s3srv, env := svc.s3, svc.env

	// 4. The workers: the real binary, N processes on one task queue.
	bin := binDir(root)
	say("building ./worker and ./starter into %s", bin)
	if err := goBuild(ctx, root, bin, "./worker", "./starter"); err != nil {
		return 1, err
	}
	if enc.URL != "" {
		cs, err := startCodecServer(ctx, enc, bin, root, dir, codecEnv(env), newPrefixWriter(os.Stderr, "codec | "))
		if err != nil {
			return 1, err
		}
		stops = append(stops, func() error { return cs.Stop(5 * time.Second) })
	}
	workers, err := startWorkers(ctx, *workerCount, filepath.Join(bin, "worker"), env, root, dir,
		func(name string) io.Writer { return newPrefixWriter(os.Stderr, name+" | ") }, say)
	if err != nil {
		return 1, err
	}
	stops = append(stops, func() error { return workers.Stop(15 * time.Second) })
	if err := waitForPollers(ctx, temporal, workers); err != nil {
		return 1, err
	}
	if v, err := waitForCurrentVersion(ctx, temporal, env, say); err != nil {
		return 1, err
	} else if v != "" {
		say("worker deployment version %s is current", v)
	}
	if err := ensureNexusEndpoint(ctx, temporal, say); err != nil {
		return 1, err
	}

	printBanner(os.Stdout, temporal, s3srv, svc.e2bURL, svc.modelURL, dir)
	fmt.Fprintf(os.Stdout, `  PostgreSQL         %s (data in %s; as the postgres user: psql -h %s -p %d -U postgres)
  Temporal server    config in %s
  workers            %d processes on task queue %q, restarted when one dies (logs: %s/worker-N.log)

`, pg.Addr(), pg.Dir, pg.Dir, pg.Port, filepath.Join(dir, "temporal"), workers.N(), taskQueue, dir)
	printEncryption(os.Stdout, enc)
	say("running; press Ctrl-C to stop (the data stays in %s)", dir)

	<-ctx.Done()
	say("Ctrl-C: stopping the workers, then the servers")
	return 0, nil
}

// unset removes keys from the environment.
func (e *environ) unset(keys ...string) {
	for _, k := range keys {
		delete(e.vals, k)
	}
	e.keys = slices.DeleteFunc(e.keys, func(k string) bool { return slices.Contains(keys, k) })
}

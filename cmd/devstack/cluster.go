package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	taskqueuepb "go.temporal.io/api/taskqueue/v1"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// preferredPostgres is make cluster's PostgreSQL port when it is free (not
// 5432, where a system PostgreSQL may run).
const preferredPostgres = 55432

var (
	clusterMode  = flag.Bool("cluster", false, "run a Temporal server on PostgreSQL (data kept in .run/cluster/) with several worker processes, instead of the dev server and one worker")
	clusterN     = flag.Int("workers", 2, "with -cluster: how many worker processes to run on the task queue")
	postgresPort = flag.Int("postgres-port", preferredPostgres, "with -cluster: PostgreSQL's port on 127.0.0.1 (0 picks a free one)")
	clusterUI    = flag.Bool("ui", true, "with -cluster: run the Temporal Web UI (temporalio/ui-server)")
)

// runCluster is make cluster: PostgreSQL, the Temporal server on it, the UI,
// S3 and the local stand-ins as make run has them, then -workers worker
// processes on one task queue. Everything listens on 127.0.0.1; state
// (PostgreSQL's data, S3's objects, the payload key) lives in .run/cluster/
// and survives restarts, logs go there too.
func runCluster(ctx context.Context, plaintext bool) (code int, err error) {
	if *clusterN < 1 {
		return 2, fmt.Errorf("-workers: %d, want at least 1", *clusterN)
	}
	root, err := devstack.RepoRoot()
	if err != nil {
		return 1, err
	}
	dir := filepath.Join(root, ".run", "cluster")
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
	say("building ./worker and ./starter into .bin/")
	bin := filepath.Join(root, ".bin")
	if err := goBuild(ctx, root, bin, "./worker", "./starter"); err != nil {
		return 1, err
	}
	workers := make([]*devstack.Process, *clusterN)
	for i := range workers {
		name := "worker-" + strconv.Itoa(i+1)
		wenv := newEnv(env.list())
		if i > 0 {
			// One codec server and one metrics listener per machine: the
			// first worker's.
			wenv.unset("CODEC_SERVER_ADDR", "METRICS_ADDR")
		}
		w, err := devstack.StartProcess(devstack.ProcessConfig{
			Name: name, Path: filepath.Join(bin, "worker"), Env: wenv.list(), Dir: root,
			Output: newPrefixWriter(os.Stderr, name+" | "), LogDir: dir,
		})
		if err != nil {
			return 1, err
		}
		workers[i] = w
		stops = append(stops, func() error { return w.Stop(15 * time.Second) })
	}
	if err := waitForPollers(ctx, temporal, workers); err != nil {
		return 1, err
	}
	if v, err := waitForCurrentVersion(ctx, temporal, env, workers[0]); err != nil {
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
  workers            %d processes on task queue %q (logs: %s/worker-N.log)

`, pg.Addr(), pg.Dir, pg.Dir, pg.Port, filepath.Join(dir, "temporal"), len(workers), taskQueue, dir)
	printEncryption(os.Stdout, enc)
	say("running; press Ctrl-C to stop (the data stays in %s)", dir)

	exited := make(chan *devstack.Process, len(workers))
	for _, w := range workers {
		go func() { <-w.Done(); exited <- w }()
	}
	select {
	case <-ctx.Done():
		return 0, nil
	case w := <-exited:
		return 1, fmt.Errorf("a worker stopped: %v\nlast output:\n%s", w.Err(), w.Output())
	}
}

// waitForPollers waits until every worker process polls the task queue
// (the SDK's default identity starts with the process id), one of them
// exits, or a minute passes. The workers' output is on the screen (or in
// their logs): callers add it to the error where it is not.
func waitForPollers(ctx context.Context, t *devstack.Temporal, workers []*devstack.Process) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	c, err := dialQuiet(ctx, t)
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		missing := len(workers)
		if resp, err := c.DescribeTaskQueue(ctx, taskQueue, enumspb.TASK_QUEUE_TYPE_WORKFLOW); err == nil {
			for _, w := range workers {
				if slices.ContainsFunc(resp.GetPollers(), func(p *taskqueuepb.PollerInfo) bool {
					return strings.HasPrefix(p.GetIdentity(), strconv.Itoa(w.Pid())+"@")
				}) {
					missing--
				}
			}
		}
		if missing == 0 {
			return nil
		}
		for _, w := range workers {
			select {
			case <-w.Done():
				return fmt.Errorf("a worker exited before it polled task queue %q: %v", taskQueue, w.Err())
			default:
			}
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%d of %d workers do not poll task queue %q: %w", missing, len(workers), taskQueue, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// unset removes keys from the environment.
func (e *environ) unset(keys ...string) {
	for _, k := range keys {
		delete(e.vals, k)
	}
	e.keys = slices.DeleteFunc(e.keys, func(k string) bool { return slices.Contains(keys, k) })
}

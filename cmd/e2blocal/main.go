// Command e2blocal runs the local E2B-compatible sandbox server. Once it
// listens it prints E2B_API_URL=… and E2B_SANDBOX_URL=… lines on stdout, so
// scripts can read the port; SIGINT or SIGTERM stops it and kills every
// sandbox.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/internal/latency"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2blocal:", err)
		os.Exit(1)
	}
}

func run() error {
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on (both planes)")
	python := flag.String("python", "/usr/bin/python3", "Python interpreter with IPython, pandas and matplotlib")
	root := flag.String("root", "", "directory for per-sandbox dirs (default: a new temp dir); as root, its parents must be searchable by others")
	isolation := flag.String("isolation", "auto", "auto, bwrap or none")
	apiKey := flag.String("api-key", os.Getenv("E2B_API_KEY"), "required X-API-KEY on the control plane (env E2B_API_KEY)")
	fake := flag.Bool("fake-kernel", false, "benchmarks only: answer /execute without Python (see e2blocal.FakeKernel)")
	var fakeLatency latency.Dist
	flag.Var(&fakeLatency, "fake-latency", "with -fake-kernel: time a cell takes: a duration, uniform:<min>-<max> or exp:<mean>")
	fakeStdout := flag.Int("fake-stdout-bytes", 100, "with -fake-kernel: stdout bytes a cell prints")
	fakePNGs := flag.Int("fake-pngs", 0, "with -fake-kernel: PNG charts a cell shows")
	lim, envMax, err := e2blocal.LimitsFromEnv()
	if err != nil {
		return err
	}
	maxSandboxes := flag.Int("max-sandboxes", envMax,
		"running sandboxes at most; a create over it gets E2B's 429 (env "+e2blocal.EnvMaxSandboxes+"; 0: (RAM less a quarter, at least 4 GiB) / -memory-mb, at most 8 per core; -1: no limit)")
	flag.IntVar(&lim.MemoryMB, "memory-mb", lim.MemoryMB, "memory per sandbox, MiB (env "+e2blocal.EnvMemoryMB+")")
	flag.Float64Var(&lim.CPUs, "cpus", lim.CPUs, "CPU time per sandbox, in cores (env "+e2blocal.EnvCPUs+")")
	flag.IntVar(&lim.Pids, "pids", lim.Pids, "processes and threads per sandbox (env "+e2blocal.EnvPids+")")
	flag.IntVar(&lim.DiskMB, "disk-mb", lim.DiskMB, "disk for /home/user and /tmp together per sandbox, MiB (env "+e2blocal.EnvDiskMB+")")
	flag.IntVar(&lim.ShmMB, "shm-mb", lim.ShmMB, "/dev/shm per sandbox, MiB (env "+e2blocal.EnvShmMB+"; 0: half of -memory-mb)")
	flag.Parse()

	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	cfg := e2blocal.Config{Python: *python, Root: *root, Isolation: *isolation, APIKey: *apiKey, Logger: log,
		Limits: lim, MaxSandboxes: *maxSandboxes}
	if *fake {
		cfg.Fake = &e2blocal.FakeKernel{Latency: fakeLatency, StdoutBytes: *fakeStdout, PNGs: *fakePNGs}
	}
	srv, err := e2blocal.New(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	url := "http://" + ln.Addr().String()
	fmt.Printf("E2B_API_URL=%s\nE2B_SANDBOX_URL=%s\n", url, url)
	capacity, _ := srv.Capacity()
	log.Info("listening", "url", url, "isolated", srv.Isolated(), "max_sandboxes", capacity)

	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		log.Warn("shutdown", "error", err)
	}
	return srv.Close()
}

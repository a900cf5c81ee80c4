package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"google.golang.org/grpc"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/worker/setup"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// Worker mode: the bench re-executes itself with these set to run a worker
// in a process of its own.
const (
	workerModeEnv = "DA_BENCH_WORKER"
	statsAddrEnv  = "DA_BENCH_STATS_ADDR"
)

// workerStats is what a worker child reports on /stats.
type workerStats struct {
	Goroutines int   `json:"goroutines"`
	RSSBytes   int64 `json:"rss_bytes"`
	PeakRSS    int64 `json:"peak_rss_bytes"` // VmHWM: the high-water mark
	HeapInuse  int64 `json:"heap_inuse_bytes"`
	// Heartbeats counts RecordActivityTaskHeartbeat RPCs sent so far.
	Heartbeats int64 `json:"heartbeats"`
}

// heartbeats counts the worker's heartbeat RPCs (countRPCs).
var heartbeats atomic.Int64

// countRPCs counts the heartbeat RPCs the worker sends to the server.
func countRPCs(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	if strings.HasSuffix(method, "/RecordActivityTaskHeartbeat") {
		heartbeats.Add(1)
	}
	return invoker(ctx, method, req, reply, cc, opts...)
}

// runWorker is worker/main.go's run with the same configuration, clients,
// workflows and activities, concurrency limits and tuning (not its worker
// versioning, Nexus service, tracing, metrics or codec server), plus the
// no-op workflow of the floor measurement and a /stats and /debug/pprof
// endpoint.
func runWorker() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	acts, err := activities.New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	opts, err := cfg.Temporal.ClientOptions()
	if err != nil {
		return err
	}
	opts.Logger = tlog.NewStructuredLogger(logger)
	opts.ConnectionOptions.DialOptions = append(opts.ConnectionOptions.DialOptions, grpc.WithChainUnaryInterceptor(countRPCs))
	c, err := client.Dial(opts)
	if err != nil {
		return fmt.Errorf("connect to Temporal at %s: %w", cfg.TemporalAddress, err)
	}
	defer c.Close()
	acts.Temporal = c
	wo := worker.Options{
		WorkerStopTimeout:                      cfg.WorkerStopTimeout,
		MaxConcurrentActivityExecutionSize:     cfg.MaxConcurrentActivities,
		MaxConcurrentWorkflowTaskExecutionSize: cfg.MaxConcurrentWorkflowTasks,
	}
	cfg.Tuning.Apply(&wo)
	wo.Interceptors = append(wo.Interceptors, setup.TakeoverInterceptor(acts))
	w := worker.New(c, cfg.TaskQueue, wo)
	workflows.Register(w, acts)
	w.RegisterWorkflowWithOptions(NoopWorkflow, workflow.RegisterOptions{Name: noopWorkflowName})
	w.RegisterActivityWithOptions(noopActivity, activity.RegisterOptions{Name: noopActivityName})
	if err := w.Start(); err != nil {
		return fmt.Errorf("start worker: %w", err)
	}
	defer w.Stop()
	lw, err := workflows.StartLineWorker(c, acts, wo)
	if err != nil {
		return err
	}
	defer lw.Stop()

	mux := http.NewServeMux()
	mux.HandleFunc("/stats", func(rw http.ResponseWriter, _ *http.Request) {
		_ = json.NewEncoder(rw).Encode(readStats())
	})
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	srv := &http.Server{Addr: os.Getenv(statsAddrEnv), Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.ListenAndServe() }()
	<-ctx.Done()
	_ = srv.Close()
	return nil
}

// readStats reads the process's goroutines, heap and resident memory.
func readStats() workerStats {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	s := workerStats{Goroutines: runtime.NumGoroutine(), HeapInuse: int64(ms.HeapInuse), Heartbeats: heartbeats.Load()}
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return s
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "VmRSS":
			s.RSSBytes = kb << 10
		case "VmHWM":
			s.PeakRSS = kb << 10
		}
	}
	return s
}

// The floor: a workflow of n sequential no-op activities measures what one
// activity costs on this server, with nothing else in the way.
const (
	noopWorkflowName = "BenchNoopWorkflow"
	noopActivityName = "BenchNoop"
)

// NoopWorkflow runs n no-op activities one after another.
func NoopWorkflow(ctx workflow.Context, n int) (int, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	for i := range n {
		if err := workflow.ExecuteActivity(ctx, noopActivityName, i).Get(ctx, nil); err != nil {
			return i, err
		}
	}
	return n, nil
}

func noopActivity(_ context.Context, i int) (int, error) { return i, nil }

// watchPeak samples the worker every 500 ms until the returned func is
// called, which returns the peaks of goroutines, RSS and heap in use.
func (w *workerProc) watchPeak() func() workerStats {
	var (
		mu   sync.Mutex
		peak workerStats
		stop = make(chan struct{})
		done sync.WaitGroup
	)
	done.Add(1)
	go func() {
		defer done.Done()
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			if s, err := w.sample(); err == nil {
				mu.Lock()
				peak.Goroutines = max(peak.Goroutines, s.Goroutines)
				peak.RSSBytes = max(peak.RSSBytes, s.RSSBytes)
				peak.HeapInuse = max(peak.HeapInuse, s.HeapInuse)
				mu.Unlock()
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() workerStats {
		close(stop)
		done.Wait()
		mu.Lock()
		defer mu.Unlock()
		return peak
	}
}

// Command worker runs the durable-analyst Temporal worker: it reads its
// configuration from the environment, builds the E2B, model and S3 clients,
// registers AnalysisWorkflow and its activities on the task queue, and
// stops cleanly on SIGINT/SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/nexus"
	"github.com/durable-analyst/durable-analyst/stream"
	"github.com/durable-analyst/durable-analyst/worker/setup"
	"github.com/durable-analyst/durable-analyst/workflows"
)

func main() {
	codecOnly := flag.Bool("codec-only", false, "serve only the codec server (CODEC_SERVER_ADDR and the payload keys); no Temporal worker")
	flag.Parse()
	run := run
	if *codecOnly {
		run = runCodecOnly
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	logger := newLogger(cfg)
	slog.SetDefault(logger)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	acts, err := activities.New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	metrics, err := startMetrics(cfg.MetricsAddr, metricsReportInterval, logger) // nil when METRICS_ADDR is empty
	if err != nil {
		return err
	}
	defer metrics.Close()

	opts, pc, err := cfg.Temporal.ClientOptionsAndCodec() // pc: for the log and the codec server
	if err != nil {
		return err
	}
	opts.Logger, opts.MetricsHandler = tlog.NewStructuredLogger(logger), metrics.Handler()
	stopTracing, err := startTracing(ctx, &opts, logger) // exports only when OTEL_* ask for it
	if err != nil {
		return err
	}
	defer stopTracing()
	c, err := client.Dial(opts)
	if err != nil {
		return fmt.Errorf("connect to Temporal at %s (TEMPORAL_ADDRESS): %w", cfg.TemporalAddress, err)
	}
	defer c.Close()
	acts.Temporal = c
	logPayloadEncryption(pc, logger)
	stopCodec, err := startCodecServer(cfg.CodecServer, pc, logger)
	if err != nil {
		return err
	}
	defer stopCodec()

	wo := workerOptions(cfg)
	// A retried activity clears its workflow's sticky queue, so a dead
	// worker's workflow moves on at once (worker/setup/takeover.go).
	wo.Interceptors = append(wo.Interceptors, setup.TakeoverInterceptor(acts))
	w := worker.New(c, cfg.TaskQueue, wo)
	workflows.RegisterWithOptions(w, acts, workflows.Options{Stream: stream.WithWindow(cfg.StreamMaxEvents, cfg.StreamMaxBytes)})
	if err := nexus.Register(w); err != nil { // analyses for callers in other namespaces
		return err
	}
	// The line of the worker's sandbox pool, which all its workers share:
	// it runs, and holds this worker's SANDBOX_CAPACITY, before the worker
	// takes an analysis (a join would start it too).
	if err := sandboxes.EnsureSandboxLine(ctx, acts, cfg.TaskQueue, logger); err != nil {
		return fmt.Errorf("%w (SANDBOX_CAPACITY=0 runs the worker without the sandbox line)", err)
	}
	if err := w.Start(); err != nil {
		return fmt.Errorf("start worker: %w", err)
	}
	lw, err := workflows.StartLineWorker(c, acts, wo)
	if err != nil {
		w.Stop()
		return err
	}
	defer lw.Stop()
	if err := announceVersion(ctx, c, cfg, logger); err != nil {
		w.Stop()
		return err
	}
	// Whether the workflows may upsert their search attributes; each
	// workflow asks again (CheckSearchAttributes), this says it in the log
	// at start-up.
	activities.SearchAttributesReady(ctx, acts, cfg.TemporalNamespace, workflows.SearchAttributeTypes())
	metrics.SetReady(true)
	logger.Info("worker started", "task_queue", cfg.TaskQueue, "namespace", cfg.TemporalNamespace,
		"temporal_address", cfg.TemporalAddress, "model", cfg.OpenAIModel, "model_api", cfg.OpenAIAPI, "e2b_template", cfg.E2BTemplate,
		"s3_bucket", cfg.S3Bucket)

	// Sandbox sweeper: kills sandboxes of workflows that closed without
	// their cleanup (terminated). One Temporal Schedule runs it for all
	// workers of the task queue; each worker makes sure it exists.
	if err := setup.EnsureSweepSchedule(ctx, c.ScheduleClient(), cfg.TaskQueue, cfg.SweepInterval, sandboxes.DefaultSweepGrace, logger); err != nil {
		w.Stop()
		return fmt.Errorf("%w (SWEEP_INTERVAL=0 runs the worker without the sandbox sweeper)", err)
	}

	<-ctx.Done()
	logger.Info("stopping worker")
	metrics.SetReady(false)
	w.Stop()
	return nil
}

func newLogger(cfg config.Worker) *slog.Logger { return newLoggerFor(cfg.LogLevel, cfg.LogFormat) }

func newLoggerFor(logLevel, format string) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

// workerOptions sizes the worker from the configuration.
func workerOptions(cfg config.Worker) worker.Options {
	o := worker.Options{
		// On SIGTERM, running activities get this long to finish before
		// they are cancelled (a cancelled cell is collected by its retry).
		WorkerStopTimeout:                      cfg.WorkerStopTimeout,
		MaxConcurrentActivityExecutionSize:     cfg.MaxConcurrentActivities,
		MaxConcurrentWorkflowTaskExecutionSize: cfg.MaxConcurrentWorkflowTasks,
		DeploymentOptions:                      deploymentOptions(cfg),
	}
	cfg.Tuning.Apply(&o)
	return o
}

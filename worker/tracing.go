package main

import (
	"context"
	"log/slog"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/internal/tracing"
)

// traceFlushTimeout bounds the flush of buffered spans on shutdown, so an
// unreachable collector cannot hold the worker's exit.
const traceFlushTimeout = 10 * time.Second

// startTracing installs the OTLP tracer provider when the OTEL_* variables
// ask for it, and the Temporal tracing interceptor on opts (the client's
// interceptors apply to its workers too). The returned stop flushes the
// spans; call it after the worker has stopped.
func startTracing(ctx context.Context, opts *client.Options, logger *slog.Logger) (stop func(), err error) {
	shutdown, err := tracing.Setup(ctx, "durable-analyst-worker")
	if err != nil {
		return nil, err
	}
	i, err := tracing.Interceptor()
	if err != nil {
		return nil, err
	}
	opts.Interceptors = append(opts.Interceptors, i)
	return func() {
		fctx, cancel := context.WithTimeout(context.Background(), traceFlushTimeout)
		defer cancel()
		if err := shutdown(fctx); err != nil {
			logger.Warn("flush traces", "error", err)
		}
	}, nil
}

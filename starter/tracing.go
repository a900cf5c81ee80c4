package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"go.opentelemetry.io/otel"

	"github.com/durable-analyst/durable-analyst/internal/tracing"
)

// startTracing installs the OTLP tracer provider when the OTEL_* variables
// ask for it and opens the command's root span ("starter analyze"), so the
// uploads and the workflows it starts share one trace. end closes the span
// and flushes it; a failed flush is a warning on stderr, not a failure.
func startTracing(ctx context.Context, cmd string, stderr io.Writer) (context.Context, func(), error) {
	shutdown, err := tracing.Setup(ctx, "durable-analyst-starter")
	if err != nil {
		return ctx, nil, err
	}
	ctx, span := otel.Tracer("github.com/durable-analyst/durable-analyst/starter").Start(ctx, "starter "+cmd)
	return ctx, func() {
		span.End()
		fctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := shutdown(fctx); err != nil {
			fmt.Fprintln(stderr, "starter: warning: flush traces:", err)
		}
	}, nil
}

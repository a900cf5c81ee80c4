// Command scriptedmodel serves the scripted OpenAI-compatible model of package
// scriptedmodel on loopback, for the offline demo and for tests that run the
// worker as a process. A request whose model names no script (model
// "script:<name>") is answered by the offline analyst, a rule-based analyst
// that is not a language model (-default picks another). Once listening it prints
//
//	OPENAI_BASE_URL=http://127.0.0.1:PORT/v1
//
// on stdout, and it stops gracefully on SIGINT or SIGTERM. The API key it
// requires, if any, comes from $SCRIPTEDMODEL_API_KEY (not a flag, so it does
// not show in the process list).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/latency"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "scriptedmodel:", err)
		os.Exit(1)
	}
}

// run serves until ctx is done; args are the command-line flags.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("scriptedmodel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:0", "address to listen on")
	scripts := fs.String("scripts", "testdata/scripts", "directory of *.json scripts")
	def := fs.String("default", scriptedmodel.AnalystModel, "script for requests whose model names no script (default: the offline analyst, rule-based, not a language model; empty: none)")
	logLevel := fs.String("log-level", "info", "log level: debug, info, warn or error")
	var lat latency.Dist
	fs.Var(&lat, "latency", "time each model turn takes: a duration (1.5s), uniform:<min>-<max> or exp:<mean>; default none (for benchmarks)")
	if err := fs.Parse(args); err != nil {
		return err
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return fmt.Errorf("-log-level: %w", err)
	}
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	srv, err := scriptedmodel.New(scriptedmodel.Config{
		ScriptDir:     *scripts,
		DefaultScript: *def,
		APIKey:        getenv("SCRIPTEDMODEL_API_KEY"),
		Logger:        logger,
	})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	httpSrv := &http.Server{Handler: scriptedmodel.WithLatency(srv.Handler(), scriptedmodel.Latency{Default: lat}), ReadHeaderTimeout: 10 * time.Second}
	serveErr := make(chan error, 1)
	go func() { serveErr <- httpSrv.Serve(ln) }()

	fmt.Fprintf(stdout, "OPENAI_BASE_URL=http://%s/v1\n", ln.Addr())
	logger.Info("listening", "addr", ln.Addr().String(), "scripts", *scripts, "default_script", *def)

	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = httpSrv.Shutdown(shutdownCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		// A scripted stall would hold Shutdown for its whole duration; cut it.
		err = httpSrv.Close()
	}
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

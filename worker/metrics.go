package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	prom "github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/uber-go/tally/v4"
	promreporter "github.com/uber-go/tally/v4/prometheus"
	"go.temporal.io/sdk/client"
	sdktally "go.temporal.io/sdk/contrib/tally"
)

// metricsReportInterval is how often tally hands counters and timers to the
// Prometheus registry; a scrape sees values at most this old.
const metricsReportInterval = time.Second

// latencyBuckets are the histogram buckets of every timer, in seconds: the
// SDK's request and task latencies (milliseconds) and cell runs (minutes).
var latencyBuckets = []float64{0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600}

// sanitize is the SDK's Prometheus sanitizing (names and tag keys of
// letters, digits and _) except that tag values keep the characters of
// model names and task queues ("gpt-4.1-mini" stays readable): Prometheus
// allows any label value.
var sanitize = tally.SanitizeOptions{
	NameCharacters:       sdktally.PrometheusSanitizeOptions.NameCharacters,
	KeyCharacters:        sdktally.PrometheusSanitizeOptions.KeyCharacters,
	ValueCharacters:      tally.ValidCharacters{Ranges: tally.AlphanumericRange, Characters: []rune("_-.:/@")},
	ReplacementCharacter: tally.DefaultReplacementCharacter,
}

// metricsServer serves the worker's metrics on METRICS_ADDR. Temporal's SDK
// metrics and the analysis' own (package activities' Metric* names) go
// through one Temporal MetricsHandler, backed by a tally scope that reports
// into a Prometheus registry of its own; /metrics exposes that registry and
// /healthz says whether the worker is running. A nil *metricsServer is
// metrics turned off: its methods do nothing and Handler returns nil.
type metricsServer struct {
	handler client.MetricsHandler
	scope   io.Closer
	srv     *http.Server
	ln      net.Listener
	served  chan struct{}
	ready   atomic.Bool
}

// startMetrics listens on addr and serves /metrics and /healthz there until
// Close. The scope reports every interval. An empty addr turns metrics off
// and returns nil.
func startMetrics(addr string, interval time.Duration, logger *slog.Logger) (*metricsServer, error) {
	if addr == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("METRICS_ADDR: listen on %s: %w", addr, err)
	}
	reg := prom.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	reporter := promreporter.NewReporter(promreporter.Options{
		Registerer:              reg,
		DefaultTimerType:        promreporter.HistogramTimerType,
		DefaultHistogramBuckets: latencyBuckets,
		// Prometheus refuses a name seen before with other tag keys; the
		// reporter panics on that by default. Losing one series beats
		// losing the worker.
		OnRegisterError: func(err error) { logger.Warn("metric not registered", "error", err) },
	})
	scope, closer := tally.NewRootScope(tally.ScopeOptions{
		CachedReporter:         reporter,
		Separator:              promreporter.DefaultSeparator,
		SanitizeOptions:        &sanitize,
		OmitCardinalityMetrics: true,
	}, interval)

	m := &metricsServer{
		// The naming scope gives Temporal's metrics the names of its
		// documented Prometheus series and dashboards (_total, _seconds).
		handler: sdktally.NewMetricsHandler(sdktally.NewPrometheusNamingScope(scope)),
		scope:   closer,
		ln:      ln,
		served:  make(chan struct{}),
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", reporter.HTTPHandler())
	mux.HandleFunc("GET /healthz", m.healthz)
	m.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer close(m.served)
		if err := m.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics server stopped", "addr", ln.Addr().String(), "error", err)
		}
	}()
	logger.Info("serving metrics", "addr", ln.Addr().String(), "paths", "/metrics /healthz")
	return m, nil
}

// healthz answers 200 while the worker runs and 503 before it started and
// once it is stopping.
func (m *metricsServer) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if !m.ready.Load() {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "worker not running")
		return
	}
	fmt.Fprintln(w, "ok")
}

// Handler is the MetricsHandler for client.Options and the sweeper; nil
// when metrics are off (the SDK then records nothing).
func (m *metricsServer) Handler() client.MetricsHandler {
	if m == nil {
		return nil
	}
	return m.handler
}

// Addr is the address the server listens on ("" when off).
func (m *metricsServer) Addr() string {
	if m == nil {
		return ""
	}
	return m.ln.Addr().String()
}

// SetReady sets what /healthz answers: 200 when ready, 503 when not.
func (m *metricsServer) SetReady(ready bool) {
	if m != nil {
		m.ready.Store(ready)
	}
}

// Close stops the server, waiting up to 5 s for scrapes in flight, and
// closes the scope.
func (m *metricsServer) Close() error {
	if m == nil {
		return nil
	}
	m.SetReady(false)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := m.srv.Shutdown(ctx)
	<-m.served
	return errors.Join(err, m.scope.Close())
}

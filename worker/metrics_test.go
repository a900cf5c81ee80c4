package main

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"

	"github.com/durable-analyst/durable-analyst/activities"
)

// scrape fetches /metrics and parses the text exposition.
func scrape(t *testing.T, addr string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatalf("scrape: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape: got status %s, want 200", resp.Status)
	}
	var p expfmt.TextParser
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("parse scrape: %v", err)
	}
	return fams
}

// value returns the value of the series name{labels} (a histogram's sample
// count), and whether it exists.
func value(fams map[string]*dto.MetricFamily, name string, labels map[string]string) (float64, bool) {
	fam, ok := fams[name]
	if !ok {
		return 0, false
	}
next:
	for _, m := range fam.GetMetric() {
		have := map[string]string{}
		for _, l := range m.GetLabel() {
			have[l.GetName()] = l.GetValue()
		}
		for k, v := range labels {
			if have[k] != v {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.GetCounter().GetValue(), true
		case m.Gauge != nil:
			return m.GetGauge().GetValue(), true
		case m.Histogram != nil:
			return float64(m.GetHistogram().GetSampleCount()), true
		}
	}
	return 0, false
}

func healthz(t *testing.T, addr string) int {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatalf("healthz: %v", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), nil))
}

func TestMetricsServerExposesHandlerMetrics(t *testing.T) {
	m, err := startMetrics("127.0.0.1:0", 10*time.Millisecond, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close() })

	h := m.Handler()
	h.Counter(activities.MetricCellsRun).Inc(2)
	h.Counter(activities.MetricCellsRun).Inc(1)
	h.Counter(activities.MetricChartBytes).Inc(21873)
	model := h.WithTags(map[string]string{activities.TagModel: "gpt-4.1-mini"})
	model.WithTags(map[string]string{activities.TagErrorType: "none"}).Counter(activities.MetricModelCalls).Inc(2)
	model.WithTags(map[string]string{activities.TagErrorType: "RateLimited"}).Counter(activities.MetricModelCalls).Inc(1)
	h.Timer(activities.MetricCodeRunLatency).Record(1500 * time.Millisecond)
	h.Timer(activities.MetricCodeRunLatency).Record(20 * time.Millisecond)

	tests := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"durable_analyst_cells_run_total", nil, 3},
		{"durable_analyst_chart_bytes_total", nil, 21873},
		{"durable_analyst_model_calls_total", map[string]string{"model": "gpt-4.1-mini", "error_type": "none"}, 2},
		{"durable_analyst_model_calls_total", map[string]string{"model": "gpt-4.1-mini", "error_type": "RateLimited"}, 1},
		{"durable_analyst_code_run_latency_seconds", nil, 2}, // sample count
	}
	// tally hands counters to the registry every report interval: scrape
	// until every series has its value, or 5 s.
	var fams map[string]*dto.MetricFamily
	mismatches := func() []string {
		var out []string
		for _, tt := range tests {
			got, ok := value(fams, tt.name, tt.labels)
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("%s%v: missing from the scrape", tt.name, tt.labels))
			case got != tt.want:
				out = append(out, fmt.Sprintf("%s%v = %v, want %v", tt.name, tt.labels, got, tt.want))
			}
		}
		return out
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		fams = scrape(t, m.Addr())
		if len(mismatches()) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, msg := range mismatches() {
		t.Error(msg)
	}
	if sum := fams["durable_analyst_code_run_latency_seconds"].GetMetric()[0].GetHistogram().GetSampleSum(); sum < 1.51 || sum > 1.53 {
		t.Errorf("code_run_latency sum = %v s, want 1.52", sum)
	}
	if _, ok := value(fams, "go_goroutines", nil); !ok {
		t.Error("go_goroutines: missing; want the Go runtime collector's series")
	}
}

func TestMetricsHealthz(t *testing.T) {
	m, err := startMetrics("127.0.0.1:0", time.Second, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	addr := m.Addr()
	steps := []struct {
		what  string
		ready bool
		want  int
	}{
		{"before the worker started", false, http.StatusServiceUnavailable},
		{"worker running", true, http.StatusOK},
		{"worker stopping", false, http.StatusServiceUnavailable},
	}
	for i, s := range steps {
		if i > 0 {
			m.SetReady(s.ready)
		}
		if got := healthz(t, addr); got != s.want {
			t.Errorf("%s: /healthz = %d, want %d", s.what, got, s.want)
		}
	}
	if err := m.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
		resp.Body.Close()
		t.Errorf("after Close: /healthz answered %s, want the port closed", resp.Status)
	}
}

func TestMetricsOff(t *testing.T) {
	m, err := startMetrics("", time.Second, testLogger(t))
	if err != nil || m != nil {
		t.Fatalf("startMetrics(\"\") = %v, %v; want nil, nil", m, err)
	}
	// Every method of the nil server is a no-op, so main needs no branches.
	m.SetReady(true)
	if h := m.Handler(); h != nil {
		t.Errorf("Handler() = %v, want nil (the SDK's no-op)", h)
	}
	if a := m.Addr(); a != "" {
		t.Errorf("Addr() = %q, want empty", a)
	}
	if err := m.Close(); err != nil {
		t.Errorf("Close() = %v, want nil", err)
	}
}

func TestMetricsBadAddr(t *testing.T) {
	m, err := startMetrics("127.0.0.1:notaport", time.Second, testLogger(t))
	if err == nil {
		_ = m.Close()
		t.Fatal("startMetrics with a bad address succeeded, want an error")
	}
	if !strings.HasPrefix(err.Error(), "METRICS_ADDR: ") {
		t.Errorf("error %q does not name METRICS_ADDR", err)
	}
}

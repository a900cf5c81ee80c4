// Package tracingtest is a stand-in OTLP/HTTP collector for tests: it
// decodes what an exporter sends to /v1/traces and keeps the spans.
package tracingtest

import (
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace/noop"
	coltrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/protobuf/proto"
)

// Span is what the tests look at of a received span.
type Span struct {
	Name    string
	TraceID string // hex
	Service string // the resource's service.name
}

// Receiver is the stand-in collector; URL is its base URL, for
// OTEL_EXPORTER_OTLP_ENDPOINT.
type Receiver struct {
	URL   string
	mu    sync.Mutex
	spans []Span
}

// NewReceiver serves a receiver until the test ends.
func NewReceiver(t testing.TB) *Receiver {
	r := &Receiver{}
	srv := httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

func (r *Receiver) serve(w http.ResponseWriter, req *http.Request) {
	if req.URL.Path != "/v1/traces" {
		http.NotFound(w, req)
		return
	}
	b, err := io.ReadAll(req.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var in coltrace.ExportTraceServiceRequest
	if err := proto.Unmarshal(b, &in); err != nil {
		http.Error(w, "not an OTLP protobuf request: "+err.Error(), http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	for _, rs := range in.ResourceSpans {
		var service string
		for _, a := range rs.GetResource().GetAttributes() {
			if a.Key == "service.name" {
				service = a.GetValue().GetStringValue()
			}
		}
		for _, ss := range rs.ScopeSpans {
			for _, s := range ss.Spans {
				r.spans = append(r.spans, Span{Name: s.Name, TraceID: hex.EncodeToString(s.TraceId), Service: service})
			}
		}
	}
	r.mu.Unlock()
	out, _ := proto.Marshal(&coltrace.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(out)
}

// Spans returns the spans received so far.
func (r *Receiver) Spans() []Span {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Span(nil), r.spans...)
}

// RestoreGlobals puts no-op OpenTelemetry globals back when the test ends,
// so a test that installs a tracer provider leaves none behind.
func RestoreGlobals(t testing.TB) {
	t.Cleanup(func() {
		otel.SetTracerProvider(noop.NewTracerProvider())
		otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator())
	})
}

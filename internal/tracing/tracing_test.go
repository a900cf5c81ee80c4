package tracing

import (
	"context"
	"strings"
	"testing"

	"go.opentelemetry.io/otel"

	"github.com/durable-analyst/durable-analyst/internal/tracing/tracingtest"
)

func TestEnabled(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    bool
		wantErr string
	}{
		{"nothing set", nil, false, ""},
		{"endpoint", map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://jaeger:4318"}, true, ""},
		{"traces endpoint", map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://jaeger:4318/v1/traces"}, true, ""},
		{"exporter otlp", map[string]string{"OTEL_TRACES_EXPORTER": "otlp"}, true, ""},
		{"exporter none wins", map[string]string{"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://jaeger:4318"}, false, ""},
		{"sdk disabled wins", map[string]string{"OTEL_SDK_DISABLED": "true", "OTEL_TRACES_EXPORTER": "otlp"}, false, ""},
		{"other exporter", map[string]string{"OTEL_TRACES_EXPORTER": "zipkin"}, false, `OTEL_TRACES_EXPORTER: "zipkin" is not supported`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Enabled(func(k string) string { return tt.env[k] })
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %v, %v; want %v, nil", got, err, tt.want)
			}
		})
	}
}

func TestProtocol(t *testing.T) {
	tests := []struct {
		env     map[string]string
		want    string
		wantErr string
	}{
		{nil, "http/protobuf", ""},
		{map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}, "grpc", ""},
		{map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/protobuf"}, "http/protobuf", ""},
		{map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": "http/json"}, "", `OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" is not supported`},
	}
	for _, tt := range tests {
		got, err := protocol(func(k string) string { return tt.env[k] })
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%v: got error %v, want one containing %q", tt.env, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%v: got %q, %v; want %q", tt.env, got, err, tt.want)
		}
	}
}

// TestSetupExportsOnShutdown points the OTLP exporter at a local collector
// stand-in and checks that a span reaches it, with OTEL_SERVICE_NAME, when
// shutdown flushes.
func TestSetupExportsOnShutdown(t *testing.T) {
	rcv := tracingtest.NewReceiver(t)
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", rcv.URL)
	t.Setenv("OTEL_SERVICE_NAME", "analyst-under-test")
	tracingtest.RestoreGlobals(t)

	shutdown, err := Setup(context.Background(), "durable-analyst-worker")
	if err != nil {
		t.Fatal(err)
	}
	_, span := otel.Tracer("test").Start(context.Background(), "one span")
	span.End()
	if err := shutdown(context.Background()); err != nil {
		t.Fatalf("shutdown: %v", err)
	}

	got := rcv.Spans()
	if len(got) != 1 || got[0].Name != "one span" {
		t.Fatalf("got spans %+v, want [one span]", got)
	}
	if got[0].Service != "analyst-under-test" {
		t.Errorf("got service.name %q, want the OTEL_SERVICE_NAME analyst-under-test", got[0].Service)
	}
}

func TestSetupOffByDefault(t *testing.T) {
	for _, k := range []string{"OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_TRACES_EXPORTER", "OTEL_SDK_DISABLED"} {
		t.Setenv(k, "")
	}
	before := otel.GetTracerProvider()
	shutdown, err := Setup(context.Background(), "x")
	if err != nil {
		t.Fatal(err)
	}
	if err := shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if after := otel.GetTracerProvider(); after != before {
		t.Errorf("got global tracer provider %T after Setup with no OTEL_* set, want it unchanged", after)
	}
}

package main

import (
	"strings"
	"testing"
)

// A worker asked for an exporter it does not have stops at start with the
// variable's name, rather than running without the traces it was asked for.
func TestStartupRefusesUnknownTraceSettings(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-test")
	t.Setenv("E2B_API_KEY", "e2b_test")
	t.Setenv("S3_BUCKET", "b")
	t.Setenv("METRICS_ADDR", "")
	tests := []struct{ name, value, want string }{
		{"OTEL_TRACES_EXPORTER", "zipkin", `OTEL_TRACES_EXPORTER: "zipkin" is not supported (use otlp or none)`},
		{"OTEL_EXPORTER_OTLP_PROTOCOL", "http/json", `OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" is not supported (use http/protobuf or grpc)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("OTEL_TRACES_EXPORTER", "otlp")
			t.Setenv(tt.name, tt.value)
			err := run()
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("run() = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

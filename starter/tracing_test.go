package main

import (
	"context"
	"strings"
	"testing"

	"go.temporal.io/sdk/converter"

	"github.com/durable-analyst/durable-analyst/internal/tracing/tracingtest"
)

// TestAnalyzeCarriesTheTrace runs `starter analyze` with an OTLP endpoint
// set: its spans (the command, the upload, the start) reach the collector
// in one trace, and the started workflow's header carries that trace, so
// the worker's spans continue it.
func TestAnalyzeCarriesTheTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	st := startStack(t)
	rcv := tracingtest.NewReceiver(t)
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", rcv.URL)
	tracingtest.RestoreGlobals(t)
	const id = "analysis-test-trace"
	out, errOut, err := runCLI(t, "analyze", "--question", "Which region sells most?", "--file", salesCSV, "--id", id)
	if err != nil {
		t.Fatalf("analyze: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}

	byName := map[string]tracingtest.Span{}
	for _, s := range rcv.Spans() {
		byName[s.Name] = s
	}
	root, ok := byName["starter analyze"]
	if !ok {
		t.Fatalf("got spans %v, want one named \"starter analyze\"", rcv.Spans())
	}
	if root.Service != "durable-analyst-starter" {
		t.Errorf("got service.name %q, want durable-analyst-starter", root.Service)
	}
	for _, name := range []string{"s3 PUT", "StartWorkflow:AnalysisWorkflow"} {
		if s, ok := byName[name]; !ok || s.TraceID != root.TraceID {
			t.Errorf("span %q: got %+v, want one in the root's trace %s", name, s, root.TraceID)
		}
	}

	hist := st.client.GetWorkflowHistory(context.Background(), id, "", false, 0)
	first, err := hist.Next()
	if err != nil {
		t.Fatal(err)
	}
	p := first.GetWorkflowExecutionStartedEventAttributes().GetHeader().GetFields()["_tracer-data"]
	if p == nil {
		t.Fatalf("the workflow's start header has no _tracer-data: %v", first.GetWorkflowExecutionStartedEventAttributes().GetHeader())
	}
	var carrier map[string]string
	if err := converter.GetDefaultDataConverter().FromPayload(p, &carrier); err != nil {
		t.Fatal(err)
	}
	if tp := carrier["traceparent"]; !strings.Contains(tp, "-"+root.TraceID+"-") {
		t.Errorf("got traceparent %q in the workflow header, want the starter's trace %s", tp, root.TraceID)
	}
}

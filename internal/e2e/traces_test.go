package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/interceptor"
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/tracing"
	"github.com/durable-analyst/durable-analyst/internal/tracing/tracingtest"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// withTracing installs an in-memory tracer provider as the global one (as
// the worker's tracing.Setup does with the OTLP exporter) for the rest of
// the test, and replaces the env's worker by one built after it, with the
// tracing interceptor. It returns the exporter and a client that carries
// the caller's span into the workflows it starts.
func (e *env) withTracing() (*tracetest.InMemoryExporter, client.Client) {
	e.t.Helper()
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	tracing.Install(tp)
	tracingtest.RestoreGlobals(e.t)
	e.t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })
	i, err := tracing.Interceptor()
	require.NoError(e.t, err)

	e.worker.Stop()
	acts, err := activities.New(context.Background(), e.Config, e.testLogger()) // traced HTTP clients
	require.NoError(e.t, err)
	acts.Temporal = e.Temporal
	e.S3 = acts.S3
	e.worker = worker.New(e.Temporal, e.TaskQueue, worker.Options{Interceptors: []interceptor.WorkerInterceptor{i}})
	workflows.Register(e.worker, acts)
	require.NoError(e.t, e.worker.Start())
	e.t.Cleanup(e.worker.Stop)

	c, err := client.NewClientFromExisting(e.Temporal, client.Options{Interceptors: []interceptor.ClientInterceptor{i}})
	require.NoError(e.t, err)
	e.t.Cleanup(c.Close)
	return exp, c
}

// TestTracesOneAnalysis runs one analysis under a root span, as the starter
// does, and checks that its trace holds the workflow, activity, model, code
// (E2B) and S3 spans, and that no span attribute, event or status holds a
// key or the analysis' question or data.
func TestTracesOneAnalysis(t *testing.T) {
	e := newEnv(t)
	exp, c := e.withTracing()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	ctx, root := otel.Tracer("e2e").Start(ctx, "starter analyze")
	traceID := root.SpanContext().TraceID()

	data, err := os.ReadFile(repoPath(t, "testdata/datasets/sales.csv"))
	require.NoError(t, err)
	key := "inputs/e2e-traces/sales.csv"
	_, err = e.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(e.Bucket), Key: aws.String(key), Body: strings.NewReader(string(data))})
	require.NoError(t, err)

	question := "Which region had the highest revenue, and how did monthly revenue trend? traces-e2e"
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: "e2e-traces-" + time.Now().Format("150405.000"), TaskQueue: e.TaskQueue, WorkflowExecutionTimeout: 10 * time.Minute,
	}, api.AnalysisWorkflowName, api.AnalysisInput{
		Question: question,
		Datasets: []api.Dataset{{Name: "sales.csv", S3Key: key}},
		Model:    "script:sales-chart",
	})
	require.NoError(t, err)
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	require.Equal(t, api.StatusAnswered, res.Status)
	root.End()

	spans := exp.GetSpans()
	var inTrace []tracetest.SpanStub
	names := map[string]int{}
	for _, s := range spans {
		if s.SpanContext.TraceID() != traceID {
			continue
		}
		inTrace = append(inTrace, s)
		names[s.Name]++
	}
	t.Logf("%d spans in the analysis' trace (%d exported in all): %v", len(inTrace), len(spans), names)

	// One trace: every span of the workflow's run hangs off the root.
	for _, s := range spans {
		if strings.HasPrefix(s.Name, "RunWorkflow:") || strings.HasPrefix(s.Name, "RunActivity:") || strings.HasPrefix(s.Name, "model ") {
			assert.Equal(t, traceID, s.SpanContext.TraceID(), "span %s is in another trace", s.Name)
		}
	}
	for _, want := range []string{
		"StartWorkflow:" + api.AnalysisWorkflowName, "RunWorkflow:" + api.AnalysisWorkflowName,
		"model POST", "e2b POST", "s3 PUT", "s3 GET",
	} {
		assert.Positive(t, names[want], "span %q in the trace; got %v", want, names)
	}
	var activitySpans int
	for n, k := range names {
		if strings.HasPrefix(n, "RunActivity:") {
			activitySpans += k
		}
	}
	assert.Positive(t, activitySpans, "activity spans in the trace; got %v", names)

	// No secret and no payload in any span's attributes, events or status.
	forbidden := map[string]string{
		"the model key": fakeOpenAIKey, "the E2B key": fakeE2BKey,
		"the S3 secret": os.Getenv("AWS_SECRET_ACCESS_KEY"),
		"the question":  question,
	}
	// A line of the dataset (its header row) stands for the data.
	forbidden["a dataset row"] = strings.SplitN(string(data), "\n", 2)[0]
	for _, s := range spans {
		var texts []string
		for _, a := range s.Attributes {
			texts = append(texts, string(a.Key)+"="+a.Value.Emit())
		}
		for _, ev := range s.Events {
			texts = append(texts, ev.Name)
			for _, a := range ev.Attributes {
				texts = append(texts, string(a.Key)+"="+a.Value.Emit())
			}
		}
		texts = append(texts, s.Status.Description)
		for _, r := range s.Resource.Attributes() {
			texts = append(texts, fmt.Sprint(r.Key, "=", r.Value.Emit()))
		}
		for what, secret := range forbidden {
			require.NotEmpty(t, secret, what)
			for _, text := range texts {
				assert.NotContains(t, text, secret, "span %s holds %s", s.Name, what)
			}
		}
	}
}

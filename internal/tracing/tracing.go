// Package tracing sets up OpenTelemetry traces for the worker and the
// starter: an OTLP exporter configured by the standard OTEL_* variables (off
// unless they ask for it), the Temporal tracing interceptor that carries the
// trace from the starter through workflows and activities, and traced HTTP
// transports for the calls to E2B, the model server and S3.
//
// Everything uses OpenTelemetry's global provider, as instrumentation
// libraries do: when tracing is off the global provider is a no-op and the
// wrappers cost next to nothing.
package tracing

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	temporalotel "go.temporal.io/sdk/contrib/opentelemetry"
	"go.temporal.io/sdk/interceptor"
)

// Enabled reports whether the OTEL_* variables ask for exported traces: yes
// when OTEL_TRACES_EXPORTER is "otlp", or when it is unset and an OTLP
// endpoint is set; never when OTEL_SDK_DISABLED is true or the exporter is
// "none". Another exporter name is an error, so a typo does not silently
// lose the traces.
func Enabled(getenv func(string) string) (bool, error) {
	if strings.EqualFold(strings.TrimSpace(getenv("OTEL_SDK_DISABLED")), "true") {
		return false, nil
	}
	switch exp := strings.TrimSpace(getenv("OTEL_TRACES_EXPORTER")); exp {
	case "otlp":
		return true, nil
	case "none":
		return false, nil
	case "":
		return getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "", nil
	default:
		return false, fmt.Errorf("OTEL_TRACES_EXPORTER: %q is not supported (use otlp or none)", exp)
	}
}

// protocol is the OTLP transport the variables choose: http/protobuf (the
// OpenTelemetry default) or grpc.
func protocol(getenv func(string) string) (string, error) {
	name, p := "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", getenv("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
	if p == "" {
		name, p = "OTEL_EXPORTER_OTLP_PROTOCOL", getenv("OTEL_EXPORTER_OTLP_PROTOCOL")
	}
	switch p {
	case "", "http/protobuf":
		return "http/protobuf", nil
	case "grpc":
		return "grpc", nil
	default:
		return "", fmt.Errorf("%s: %q is not supported (use http/protobuf or grpc)", name, p)
	}
}

// Setup installs a global tracer provider exporting over OTLP when the
// environment enables tracing (see Enabled); service names the process when
// OTEL_SERVICE_NAME is unset. The returned shutdown flushes the spans still
// buffered; it is a no-op when tracing is off.
func Setup(ctx context.Context, service string) (shutdown func(context.Context) error, err error) {
	noop := func(context.Context) error { return nil }
	on, err := Enabled(os.Getenv)
	if err != nil || !on {
		return noop, err
	}
	proto, err := protocol(os.Getenv)
	if err != nil {
		return noop, err
	}
	// The exporters read the endpoint, headers, TLS and timeout variables
	// themselves.
	var exp sdktrace.SpanExporter
	if proto == "grpc" {
		exp, err = otlptracegrpc.New(ctx)
	} else {
		exp, err = otlptracehttp.New(ctx)
	}
	if err != nil {
		return noop, fmt.Errorf("otlp trace exporter (%s): %w", proto, err)
	}
	// Later options win: OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES
	// override the default name.
	res, err := resource.New(ctx, resource.WithTelemetrySDK(),
		resource.WithAttributes(attribute.String("service.name", service)), resource.WithFromEnv())
	if err != nil && !errors.Is(err, resource.ErrPartialResource) {
		return noop, fmt.Errorf("trace resource (OTEL_RESOURCE_ATTRIBUTES): %w", err)
	}
	// The SDK reads OTEL_TRACES_SAMPLER and OTEL_BSP_* itself.
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	Install(tp)
	return tp.Shutdown, nil
}

// Install makes tp the global tracer provider, with W3C trace context and
// baggage propagation. Tests install an in-memory provider with it.
func Install(tp *sdktrace.TracerProvider) {
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
}

// Interceptor is the Temporal tracing interceptor, for both the client (it
// puts the caller's span into the workflow's headers) and the worker (it
// continues it in workflow and activity spans). Span attributes are IDs
// only: workflow, run and activity IDs, never payloads.
func Interceptor() (interceptor.Interceptor, error) {
	i, err := temporalotel.NewTracingInterceptor(temporalotel.TracerOptions{})
	if err != nil {
		return nil, fmt.Errorf("temporal tracing interceptor: %w", err)
	}
	return i, nil
}

// Transport wraps base (http.DefaultTransport when nil) so each request is a
// client span named "<component> <METHOD>", child of the request context's
// span. It records method, URL (query secrets redacted), status and sizes;
// never headers or bodies, so no key or payload reaches a span.
func Transport(component string, base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return otelhttp.NewTransport(base, otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string {
		return component + " " + r.Method
	}))
}

// S3Option traces the S3 client's HTTP calls, keeping the client the AWS
// configuration chose (its TLS settings, e.g. AWS_CA_BUNDLE) underneath.
func S3Option(o *s3.Options) {
	var base http.RoundTripper
	switch c := o.HTTPClient.(type) {
	case *awshttp.BuildableClient:
		base = c.GetTransport()
	case nil:
		base = awshttp.NewBuildableClient().GetTransport()
	default:
		base = doer{c}
	}
	o.HTTPClient = &http.Client{Transport: Transport("s3", base)}
}

// doer runs requests through an AWS HTTPClient that is not a BuildableClient.
type doer struct{ c s3.HTTPClient }

func (d doer) RoundTrip(r *http.Request) (*http.Response, error) { return d.c.Do(r) }

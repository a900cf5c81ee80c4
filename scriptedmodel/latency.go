package scriptedmodel

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/latency"
)

// Latency makes a stand-in model as slow as a real one, so benchmarks can
// measure orchestration against realistic turn times. Every POST (a model
// turn) waits Default before it is answered, or ByModel[model] when the
// request's "model" field is in the map (e.g. "script:p1-analysis"). A
// client that gives up stops the wait.
type Latency struct {
	Default latency.Dist
	ByModel map[string]latency.Dist
}

// WithLatency wraps a model server's handler (Server.Handler) so that model
// turns take the configured time; GETs are answered at once. The time is
// spent generating, so a background response's create call returns at once
// and the response completes after it.
func WithLatency(next http.Handler, l Latency) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		d := l.Default
		if len(l.ByModel) > 0 {
			// Peek at the model; the body is put back for the server.
			body, err := io.ReadAll(io.LimitReader(r.Body, maxBodyBytes+1))
			if err == nil {
				var req struct {
					Model string `json:"model"`
				}
				if json.Unmarshal(body, &req) == nil {
					if md, ok := l.ByModel[strings.TrimSpace(req.Model)]; ok {
						d = md
					}
				}
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		if wait := d.Sample(); wait > 0 {
			// The server spends it while generating (Server.begin): at once
			// for a plain request, in the background for a background one,
			// whose create call returns before it is generated.
			r = r.WithContext(context.WithValue(r.Context(), latencyKey{}, wait))
		}
		next.ServeHTTP(w, r)
	})
}

// latencyKey carries the latency WithLatency sampled for one request.
type latencyKey struct{}

// latencyOf is the latency WithLatency gave ctx's request, 0 if none.
func latencyOf(ctx context.Context) time.Duration {
	d, _ := ctx.Value(latencyKey{}).(time.Duration)
	return d
}

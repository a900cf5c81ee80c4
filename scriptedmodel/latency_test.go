package scriptedmodel_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/latency"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

func TestWithLatencyDelaysTurnsByModel(t *testing.T) {
	var seen string
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		seen = string(b)
	})
	h := scriptedmodel.WithLatency(inner, scriptedmodel.Latency{
		Default: latency.Fixed(0),
		ByModel: map[string]latency.Dist{"script:slow": latency.Fixed(80 * time.Millisecond)},
	})
	for _, tt := range []struct {
		method, body string
		atLeast      time.Duration
		delayed      bool // false: not held for script:slow's latency
	}{
		{"POST", `{"model":"script:slow","input":[]}`, 80 * time.Millisecond, true},
		{"POST", `{"model":"script:fast"}`, 0, false},
		{"GET", ``, 0, false},
	} {
		start := time.Now()
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(tt.method, "/v1/responses", strings.NewReader(tt.body)))
		if got := time.Since(start); got < tt.atLeast {
			t.Errorf("%s %s: answered after %s, want at least %s", tt.method, tt.body, got, tt.atLeast)
		}
		if got := time.Since(start); !tt.delayed && got >= 80*time.Millisecond {
			t.Errorf("%s %s: answered after %s, want no delay (only script:slow waits)", tt.method, tt.body, got)
		}
		if seen != tt.body {
			t.Errorf("%s: the server got body %q, want %q (the peek must put it back)", tt.method, seen, tt.body)
		}
	}
}

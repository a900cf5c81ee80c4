package scriptedmodel_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/latency"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

func TestWithLatencyDelaysTurnsByModel(t *testing.T) {
	dir := writeScripts(t, map[string]string{"slow": `{"turns":[{"text":"slow"}]}`, "fast": `{"turns":[{"text":"fast"}]}`})
	srv, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	h := scriptedmodel.WithLatency(srv.Handler(), scriptedmodel.Latency{
		Default: latency.Fixed(0),
		ByModel: map[string]latency.Dist{"script:slow": latency.Fixed(80 * time.Millisecond)},
	})
	for _, tt := range []struct {
		method, path, body string
		atLeast            time.Duration
		delayed            bool // false: not held for script:slow's latency
		want               string
	}{
		{"POST", "/v1/responses", `{"model":"script:slow","input":"hi"}`, 80 * time.Millisecond, true, `"status":"completed"`},
		{"POST", "/v1/responses", `{"model":"script:fast","input":"hi"}`, 0, false, `"text":"fast"`},
		// A background create returns at once; the latency is spent generating.
		{"POST", "/v1/responses", `{"model":"script:slow","input":"hi","background":true}`, 0, false, `"status":"queued"`},
		{"GET", "/v1/models", ``, 0, false, `"object":"list"`},
	} {
		start := time.Now()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body)))
		if got := time.Since(start); got < tt.atLeast {
			t.Errorf("%s %s: answered after %s, want at least %s", tt.method, tt.body, got, tt.atLeast)
		}
		if got := time.Since(start); !tt.delayed && got >= 80*time.Millisecond {
			t.Errorf("%s %s: answered after %s, want no delay", tt.method, tt.body, got)
		}
		if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), tt.want) {
			t.Errorf("%s %s: got %d %s, want 200 with %s (the peek must put the body back)", tt.method, tt.body, w.Code, w.Body, tt.want)
		}
	}
}

package e2b

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

var update = flag.Bool("update", false, "rewrite the golden envd streams in testdata/e2b")

const goldenDir = "../testdata/e2b"

// fixture is a client wired to two loopback test servers: the control-plane
// API and the data plane (reached through the sandbox URL override and
// dispatched on E2b-Sandbox-Port to envd or the code interpreter).
type fixture struct {
	client *Client
	api    *http.ServeMux
	envd   *http.ServeMux
	ci     *http.ServeMux
	sb     *Sandbox

	mu    sync.Mutex
	waits []time.Duration // retry waits the client asked for
}

func (f *fixture) recordedWaits() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.waits...)
}

const testKey = "test-api-key"

// setup starts the test servers and returns a client pointing at them, plus
// a sandbox handle with access token "envd-token".
func setup(t *testing.T, opts ...Option) *fixture {
	t.Helper()
	f := &fixture{api: http.NewServeMux(), envd: http.NewServeMux(), ci: http.NewServeMux()}
	api := httptest.NewServer(f.api)
	t.Cleanup(api.Close)
	data := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Header.Get(wire.HeaderSandboxPort) {
		case strconv.Itoa(wire.EnvdPort):
			f.envd.ServeHTTP(w, r)
		case strconv.Itoa(wire.CodeInterpreterPort):
			f.ci.ServeHTTP(w, r)
		default:
			http.Error(w, "missing header: E2b-Sandbox-Port", http.StatusBadRequest)
		}
	}))
	t.Cleanup(data.Close)
	base := []Option{WithAPIKey(testKey), WithAPIURL(api.URL), WithSandboxURL(data.URL), WithDebug(false)}
	c, err := NewClient(append(base, opts...)...)
	if err != nil {
		t.Fatalf("NewClient: %v", err)
	}
	c.sleep = func(_ context.Context, d time.Duration) error {
		f.mu.Lock()
		f.waits = append(f.waits, d)
		f.mu.Unlock()
		return nil
	}
	f.client = c
	f.sb = c.newSandbox(wire.Sandbox{SandboxID: "isandbox1", TemplateID: "code-interpreter-v1", EnvdVersion: "0.6.13", EnvdAccessToken: "envd-token"})
	return f
}

// writeJSON answers with status and v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// apiError answers with the control plane's JSON error body.
func apiError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, wire.APIError{Code: status, Message: msg})
}

// readBody reads a request body; JSON comes back compacted, since protojson
// spaces its output at random (valid either way).
func readBody(t *testing.T, r *http.Request) []byte {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Errorf("reading request body: %v", err)
	}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		return compactJSON(t, b)
	}
	return b
}

func compactJSON(t *testing.T, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Errorf("request body %q: %v", b, err)
		return b
	}
	return buf.Bytes()
}

func testHeader(t *testing.T, r *http.Request, name, want string) {
	t.Helper()
	if got := r.Header.Get(name); got != want {
		t.Errorf("%s %s: header %s = %q, want %q", r.Method, r.URL.Path, name, got, want)
	}
}

// golden reads a file of testdata/e2b.
func golden(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(goldenDir, name))
	if err != nil {
		t.Fatalf("golden file: %v", err)
	}
	return b
}

// serveGolden replays a golden stream, flushing after each line so the
// client sees it arrive in pieces.
func serveGolden(t *testing.T, name, contentType string) http.HandlerFunc {
	data := golden(t, name)
	return func(w http.ResponseWriter, r *http.Request) {
		if contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		for _, chunk := range bytes.SplitAfter(data, []byte("\n")) {
			_, _ = w.Write(chunk)
			w.(http.Flusher).Flush()
		}
	}
}

// envdStreams are the golden envd Connect streams, written to testdata/e2b
// with -update. Each frame is a flag and a JSON payload; a missing final
// end-stream frame is deliberate where noted.
var envdStreams = map[string][]struct {
	flags   byte
	payload string
}{
	// The minimal stream of docs/e2b-protocol.md §4.6 that the official SDK accepted.
	"process_hello.connect": {
		{flagData, `{"event":{"start":{"pid":42}}}`},
		{flagData, `{"event":{"keepalive":{}}}`},
		{flagData, `{"event":{"data":{"stdout":"aGVsbG8K"}}}`},
		{flagData, `{"event":{"data":{"stderr":"d2Fybgo="}}}`},
		{flagData, `{"event":{"end":{"exited":true,"status":"exit status 0"}}}`},
		{flagEndStream, `{}`},
	},
	// "café\n" split inside the é (c3 a9), then a failing exit.
	"process_exit1_utf8.connect": {
		{flagData, `{"event":{"start":{"pid":7}}}`},
		{flagData, `{"event":{"data":{"stdout":"Y2Fmww=="}}}`},
		{flagData, `{"event":{"data":{"stdout":"qQo="}}}`},
		{flagData, `{"event":{"data":{"stderr":"Ym9vbQo="}}}`},
		{flagData, `{"event":{"end":{"exitCode":1,"exited":true,"status":"exit status 1","error":"exit status 1"}}}`},
		{flagEndStream, `{"metadata":{"x-trailer":["1"]}}`},
	},
	"process_not_found.connect": {
		{flagEndStream, `{"error":{"code":"not_found","message":"process with pid 99 not found"}}`},
	},
	// No end event and no end-stream frame: the connection just closes.
	"process_cut.connect": {
		{flagData, `{"event":{"start":{"pid":8}}}`},
		{flagData, `{"event":{"data":{"stdout":"cGFydGlhbAo="}}}`},
	},
}

func encodeStream(t testing.TB, name string) []byte {
	var buf bytes.Buffer
	for _, fr := range envdStreams[name] {
		if err := writeFrame(&buf, fr.flags, []byte(fr.payload)); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

func TestGoldenEnvdStreams(t *testing.T) {
	for name := range envdStreams {
		want := encodeStream(t, name)
		path := filepath.Join(goldenDir, name)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got := golden(t, name); !bytes.Equal(got, want) {
			t.Errorf("%s is stale; run go test ./e2b -run TestGoldenEnvdStreams -update", path)
		}
	}
}

// serveEnvdStream replays a golden envd stream as a Connect response.
func serveEnvdStream(t *testing.T, name string, check func(r *http.Request, req []byte)) http.HandlerFunc {
	data := golden(t, name)
	return func(w http.ResponseWriter, r *http.Request) {
		_, payload, err := readFrame(r.Body)
		if err != nil {
			http.Error(w, fmt.Sprintf("bad request envelope: %v", err), http.StatusBadRequest)
			return
		}
		if check != nil {
			check(r, compactJSON(t, payload))
		}
		w.Header().Set("Content-Type", "application/connect+json")
		rd := bytes.NewReader(data)
		for {
			flags, p, err := readFrame(rd)
			if err != nil {
				return
			}
			_ = writeFrame(w, flags, p)
			w.(http.Flusher).Flush()
		}
	}
}

// newLoopbackServer starts h on 127.0.0.1 and returns its URL.
func newLoopbackServer(tb testing.TB, h http.Handler) string {
	srv := httptest.NewServer(h)
	tb.Cleanup(srv.Close)
	return srv.URL
}

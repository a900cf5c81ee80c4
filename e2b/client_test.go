package e2b

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestNewClientConfig(t *testing.T) {
	t.Setenv("E2B_API_KEY", "env-key")
	t.Setenv("E2B_DOMAIN", "example.test")
	t.Setenv("E2B_API_URL", "")
	t.Setenv("E2B_SANDBOX_URL", "")
	t.Setenv("E2B_DEBUG", "")
	c, err := NewClient()
	if err != nil {
		t.Fatal(err)
	}
	if c.apiKey != "env-key" || c.domain != "example.test" || c.apiURL != "https://api.example.test" {
		t.Errorf("from env: got key %q domain %q api %q", c.apiKey, c.domain, c.apiURL)
	}
	if c.retries != 2 || c.requestTimeout != 60*time.Second {
		t.Errorf("defaults: got retries %d, timeout %s; want 2, 60s", c.retries, c.requestTimeout)
	}
	c, err = NewClient(WithAPIKey("opt-key"), WithDomain("other.test"), WithAPIURL("http://127.0.0.1:1/"), WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	if c.apiKey != "opt-key" || c.domain != "other.test" || c.apiURL != "http://127.0.0.1:1" || c.retries != 0 {
		t.Errorf("options must win over env: got %+v", c)
	}

	t.Setenv("E2B_API_KEY", "")
	if _, err := NewClient(); err == nil || !strings.Contains(err.Error(), "E2B_API_KEY") {
		t.Errorf("no key: got %v, want an error naming E2B_API_KEY", err)
	}
	t.Setenv("E2B_DEBUG", "TRUE")
	c, err = NewClient()
	if err != nil {
		t.Fatalf("debug without key: %v", err)
	}
	if !c.debug || c.apiURL != "http://localhost:3000" {
		t.Errorf("debug: got debug %v api %q", c.debug, c.apiURL)
	}
	for _, n := range []int{-1, 3} {
		if _, err := NewClient(WithAPIKey("k"), WithRetries(n)); err == nil {
			t.Errorf("WithRetries(%d): got nil error", n)
		}
	}
}

func TestDebugMode(t *testing.T) {
	c, err := NewClient(WithAPIKey(""), WithDebug(true), WithSandboxURL(""))
	if err != nil {
		t.Fatal(err)
	}
	sb, err := c.Create(context.Background(), CreateParams{})
	if err != nil {
		t.Fatalf("Create in debug mode: %v", err)
	}
	if sb.ID != "debug_sandbox_id" || sb.EnvdVersion != "99.99.99" {
		t.Errorf("got %+v", sb)
	}
	if got, want := sb.baseURL(wire.EnvdPort), "http://localhost:49983"; got != want {
		t.Errorf("envd URL: got %q, want %q", got, want)
	}
	if ok, err := c.Kill(context.Background(), sb.ID); !ok || err != nil {
		t.Errorf("Kill in debug mode: got %v, %v", ok, err)
	}
}

func TestBaseURL(t *testing.T) {
	tests := []struct {
		domain, sandboxURL string
		port               int
		want               string
	}{
		{"e2b.app", "", wire.EnvdPort, "https://sandbox.e2b.app"},
		{"e2b.dev", "", wire.CodeInterpreterPort, "https://49999-iabc.e2b.dev"},
		{"self.hosted", "", wire.EnvdPort, "https://49983-iabc.self.hosted"},
		{"e2b.app", "http://127.0.0.1:9", wire.EnvdPort, "http://127.0.0.1:9"},
	}
	for _, tt := range tests {
		c := &Client{domain: tt.domain, sandboxURL: tt.sandboxURL}
		sb := c.newSandbox(wire.Sandbox{SandboxID: "iabc"})
		if got := sb.baseURL(tt.port); got != tt.want {
			t.Errorf("domain %q override %q port %d: got %q, want %q", tt.domain, tt.sandboxURL, tt.port, got, tt.want)
		}
	}
}

func TestCreate(t *testing.T) {
	f := setup(t)
	var bodies []string
	f.api.HandleFunc("POST /v2/sandboxes", func(w http.ResponseWriter, r *http.Request) {
		testHeader(t, r, "X-Api-Key", testKey)
		testHeader(t, r, "Content-Type", "application/json")
		bodies = append(bodies, string(readBody(t, r)))
		writeJSON(w, http.StatusCreated, map[string]any{"sandboxID": "inew", "templateID": "rki5", "alias": "code-interpreter-v1",
			"clientID": "6532622b", "envdVersion": "0.6.13", "envdAccessToken": "tok", "trafficAccessToken": nil, "domain": nil})
	})
	ctx := context.Background()
	sb, err := f.client.Create(ctx, CreateParams{})
	if err != nil {
		t.Fatal(err)
	}
	if sb.ID != "inew" || sb.Alias != "code-interpreter-v1" || sb.EnvdVersion != "0.6.13" || sb.accessToken != "tok" || sb.Domain != "e2b.app" {
		t.Errorf("got %+v", sb)
	}
	if strings.Contains(sb.String(), "tok") {
		t.Errorf("String() leaks the access token: %s", sb)
	}
	no := false
	_, err = f.client.Create(ctx, CreateParams{Template: CodeInterpreterTemplate, Timeout: 119500 * time.Millisecond,
		Metadata: map[string]string{"user": "abc"}, EnvVars: map[string]string{"FOO": "bar"}, AllowInternetAccess: &no, AutoPause: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"templateID":"base"}`,
		`{"templateID":"code-interpreter-v1","timeout":120,"metadata":{"user":"abc"},"envVars":{"FOO":"bar"},"autoPause":true,"allow_internet_access":false}`,
	}
	for i := range want {
		if strings.TrimSpace(bodies[i]) != want[i] {
			t.Errorf("create body %d:\n got %s\nwant %s", i, bodies[i], want[i])
		}
	}
}

func TestCreateOldEnvdIsKilled(t *testing.T) {
	f := setup(t)
	f.api.HandleFunc("POST /v2/sandboxes", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusCreated, wire.Sandbox{SandboxID: "iold", EnvdVersion: "0.0.9"})
	})
	var killed atomic.Bool
	f.api.HandleFunc("DELETE /sandboxes/iold", func(w http.ResponseWriter, r *http.Request) {
		killed.Store(true)
		w.WriteHeader(http.StatusNoContent)
	})
	if _, err := f.client.Create(context.Background(), CreateParams{}); err == nil || !strings.Contains(err.Error(), "0.0.9") {
		t.Errorf("got %v, want an error naming envd 0.0.9", err)
	}
	if !killed.Load() {
		t.Error("the sandbox with the old envd was not killed")
	}
}

func TestCreateIsNotRetried(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable} {
		f := setup(t)
		var calls atomic.Int32
		f.api.HandleFunc("POST /v2/sandboxes", func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			w.Header().Set("Retry-After", "1")
			apiError(w, status, "busy")
		})
		_, err := f.client.Create(context.Background(), CreateParams{})
		if err == nil {
			t.Fatalf("status %d: got nil error", status)
		}
		if got := calls.Load(); got != 1 {
			t.Errorf("status %d: create sent %d times, want 1", status, got)
		}
	}
}

func TestErrorStatuses(t *testing.T) {
	tests := []struct {
		status    int
		kind      ErrorKind
		calls     int32 // attempts by GetInfo (idempotent, 2 retries)
		is        func(error) bool
		errorCode string
	}{
		{400, KindBadRequest, 1, nil, ""},
		{401, KindAuth, 1, IsAuth, ""},
		{404, KindNotFound, 1, IsNotFound, ""},
		{409, KindConflict, 1, nil, ""},
		{429, KindRateLimited, 3, IsRateLimited, ""},
		{500, KindServer, 1, nil, "internal_server_error"},
		{502, KindSandboxGone, 3, IsSandboxGone, ""},
		{503, KindUnavailable, 3, nil, "sandbox_capacity_unavailable"},
		{504, KindTimeout, 3, IsTimeout, ""},
		{507, KindNotEnoughSpace, 1, nil, ""},
	}
	for _, tt := range tests {
		t.Run(http.StatusText(tt.status), func(t *testing.T) {
			f := setup(t)
			var calls atomic.Int32
			f.api.HandleFunc("GET /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				writeJSON(w, tt.status, wire.APIError{Code: tt.status, Message: "msg " + r.PathValue("id"), ErrorCode: tt.errorCode})
			})
			_, err := f.client.GetInfo(context.Background(), "ix")
			ae, ok := asAPIError(err)
			if !ok {
				t.Fatalf("got %T %v, want *APIError", err, err)
			}
			if ae.StatusCode != tt.status || ae.Kind != tt.kind || ae.Message != "msg ix" || ae.Code != tt.errorCode {
				t.Errorf("got %+v, want status %d kind %s message %q code %q", ae, tt.status, tt.kind, "msg ix", tt.errorCode)
			}
			if got := calls.Load(); got != tt.calls {
				t.Errorf("attempts: got %d, want %d", got, tt.calls)
			}
			if tt.is != nil && !tt.is(err) {
				t.Errorf("classifier returned false for %v", err)
			}
			if tt.status == 404 && !IsSandboxGone(err) {
				t.Errorf("a 404 on get info means the sandbox is gone; IsSandboxGone = false")
			}
			if !strings.Contains(err.Error(), "get sandbox info") {
				t.Errorf("error %q does not name the operation", err)
			}
		})
	}
}

func TestRateLimitRetryAfterThenSuccess(t *testing.T) {
	f := setup(t)
	var calls atomic.Int32
	f.api.HandleFunc("GET /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "3")
			apiError(w, http.StatusTooManyRequests, "slow down")
			return
		}
		writeJSON(w, http.StatusOK, wire.SandboxDetail{ListedSandbox: wire.ListedSandbox{SandboxID: "ix", State: "running", CPUCount: 2}})
	})
	info, err := f.client.GetInfo(context.Background(), "ix")
	if err != nil {
		t.Fatal(err)
	}
	if info.ID != "ix" || info.State != StateRunning || info.CPUCount != 2 {
		t.Errorf("got %+v", info)
	}
	if got := f.recordedWaits(); len(got) != 1 || got[0] != 3*time.Second {
		t.Errorf("waits: got %v, want [3s] from Retry-After", got)
	}
}

func TestRetryAfterTooLongIsLeftToCaller(t *testing.T) {
	f := setup(t)
	var calls atomic.Int32
	f.api.HandleFunc("GET /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Retry-After", "120")
		apiError(w, http.StatusTooManyRequests, "slow down")
	})
	_, err := f.client.GetInfo(context.Background(), "ix")
	if d, ok := RetryAfter(err); !ok || d != 120*time.Second {
		t.Errorf("RetryAfter: got %v, %v; want 2m0s, true", d, ok)
	}
	if calls.Load() != 1 {
		t.Errorf("attempts: got %d, want 1", calls.Load())
	}
}

func TestRetryResendsIdenticalBody(t *testing.T) {
	f := setup(t)
	var bodies []string
	f.api.HandleFunc("POST /sandboxes/{id}/timeout", func(w http.ResponseWriter, r *http.Request) {
		bodies = append(bodies, string(readBody(t, r)))
		if len(bodies) < 3 {
			apiError(w, http.StatusServiceUnavailable, "busy")
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	if err := f.client.SetTimeout(context.Background(), "ix", 90*time.Second); err != nil {
		t.Fatal(err)
	}
	if len(bodies) != 3 {
		t.Fatalf("attempts: got %d, want 3", len(bodies))
	}
	for i, b := range bodies {
		if b != `{"timeout":90}` {
			t.Errorf("attempt %d body: got %q, want %q", i, b, `{"timeout":90}`)
		}
	}
	waits := f.recordedWaits()
	if len(waits) != 2 || waits[0] <= 0 || waits[0] > 250*time.Millisecond || waits[1] > 500*time.Millisecond {
		t.Errorf("backoff waits: got %v, want 2 jittered waits within 250ms, 500ms", waits)
	}
}

func TestConnectionErrorIsRetried(t *testing.T) {
	f := setup(t)
	var calls atomic.Int32
	f.api.HandleFunc("DELETE /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			conn.Close() // drop the connection without an answer
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	ok, err := f.client.Kill(context.Background(), "ix")
	if !ok || err != nil {
		t.Errorf("Kill: got %v, %v; want true, nil", ok, err)
	}
	if calls.Load() != 2 {
		t.Errorf("attempts: got %d, want 2", calls.Load())
	}
}

func TestRetriesDisabled(t *testing.T) {
	f := setup(t, WithRetries(0))
	var calls atomic.Int32
	f.api.HandleFunc("GET /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		apiError(w, http.StatusBadGateway, "gone")
	})
	if _, err := f.client.GetInfo(context.Background(), "ix"); !IsSandboxGone(err) {
		t.Errorf("got %v, want sandbox gone", err)
	}
	if calls.Load() != 1 {
		t.Errorf("attempts: got %d, want 1", calls.Load())
	}
}

func TestRequestTimeout(t *testing.T) {
	f := setup(t, WithRequestTimeout(50*time.Millisecond), WithRetries(0))
	f.api.HandleFunc("GET /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	})
	start := time.Now()
	_, err := f.client.GetInfo(context.Background(), "ix")
	if !IsTimeout(err) {
		t.Errorf("got %v, want a timeout error", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("timeout took %s, want about 50ms", d)
	}
}

func TestContextCancelStopsRetries(t *testing.T) {
	f := setup(t)
	ctx, cancel := context.WithCancel(context.Background())
	f.api.HandleFunc("GET /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		cancel()
		apiError(w, http.StatusServiceUnavailable, "busy")
	})
	_, err := f.client.GetInfo(ctx, "ix")
	if err == nil {
		t.Fatal("got nil error")
	}
	if n := len(f.recordedWaits()); n != 0 {
		t.Errorf("retried %d times after cancel, want 0", n)
	}
}

func TestKill(t *testing.T) {
	f := setup(t)
	f.api.HandleFunc("DELETE /sandboxes/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.PathValue("id") == "igone" {
			apiError(w, http.StatusNotFound, `Sandbox "igone" doesn't exist or you don't have access to it`)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
	for id, want := range map[string]bool{"ilive": true, "igone": false} {
		got, err := f.client.Kill(context.Background(), id)
		if err != nil || got != want {
			t.Errorf("Kill(%s): got %v, %v; want %v, nil", id, got, err, want)
		}
	}
}

func TestPause(t *testing.T) {
	f := setup(t)
	f.api.HandleFunc("POST /sandboxes/{id}/pause", func(w http.ResponseWriter, r *http.Request) {
		if b := string(readBody(t, r)); b != "{}" {
			t.Errorf("pause body: got %q, want {}", b)
		}
		switch r.PathValue("id") {
		case "ipaused":
			apiError(w, http.StatusConflict, "already paused")
		case "igone":
			apiError(w, http.StatusNotFound, "not found")
		default:
			w.WriteHeader(http.StatusNoContent)
		}
	})
	ctx := context.Background()
	if ok, err := f.client.Pause(ctx, "irun"); !ok || err != nil {
		t.Errorf("running: got %v, %v; want true, nil", ok, err)
	}
	if ok, err := f.client.Pause(ctx, "ipaused"); ok || err != nil {
		t.Errorf("already paused: got %v, %v; want false, nil", ok, err)
	}
	if _, err := f.client.Pause(ctx, "igone"); !IsNotFound(err) || !IsSandboxGone(err) {
		t.Errorf("missing: got %v, want not found / sandbox gone", err)
	}
}

func TestConnect(t *testing.T) {
	f := setup(t)
	var bodies []string
	f.api.HandleFunc("POST /v2/sandboxes/{id}/connect", func(w http.ResponseWriter, r *http.Request) {
		bodies = append(bodies, string(readBody(t, r)))
		status := http.StatusOK
		if r.PathValue("id") == "ipaused" {
			status = http.StatusCreated
		}
		writeJSON(w, status, wire.Sandbox{SandboxID: r.PathValue("id"), EnvdVersion: "0.6.13", EnvdAccessToken: "fresh", Domain: "custom.test"})
	})
	ctx := context.Background()
	sb, err := f.client.Connect(ctx, "irun", 0)
	if err != nil {
		t.Fatal(err)
	}
	if sb.ID != "irun" || sb.accessToken != "fresh" || sb.Domain != "custom.test" {
		t.Errorf("got %+v", sb)
	}
	if _, err := f.client.Connect(ctx, "ipaused", 2*time.Minute); err != nil {
		t.Fatal(err)
	}
	if want := []string{`{}`, `{"timeout":120}`}; strings.Join(bodies, " ") != strings.Join(want, " ") {
		t.Errorf("bodies: got %q, want %q", bodies, want)
	}
}

func TestMetadataFilterEncoding(t *testing.T) {
	got := encodeMetadataFilter([][2]string{{"user", "abc"}, {"k y", "v&w"}})
	if want := "user%3Dabc%26k%252520y%3Dv%252526w"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// decodeMetadataFilter reverses the encoding as the E2B API does
// (docs/e2b-protocol.md §2.6): query decoding, one more unescape of the whole
// value, then one per key and value.
func decodeMetadataFilter(t *testing.T, rawQuery string) map[string]string {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		t.Fatal(err)
	}
	s, err := url.QueryUnescape(q.Get("metadata"))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, pair := range strings.Split(s, "&") {
		k, v, ok := strings.Cut(pair, "=")
		if !ok {
			t.Fatalf("pair %q has no '='", pair)
		}
		k, _ = url.QueryUnescape(k)
		v, _ = url.QueryUnescape(v)
		m[k] = v
	}
	return m
}

func TestListPaginates(t *testing.T) {
	f := setup(t)
	pages := map[string][]wire.ListedSandbox{
		"":   {{SandboxID: "i1", State: "running"}, {SandboxID: "i2", State: "paused"}},
		"t2": {{SandboxID: "i3", State: "running"}},
		"t3": {{SandboxID: "i4", State: "running", Metadata: map[string]string{"k y": "v&w"}}},
	}
	next := map[string]string{"": "t2", "t2": "t3"}
	var seen []string
	f.api.HandleFunc("GET /v2/sandboxes", func(w http.ResponseWriter, r *http.Request) {
		tok := r.URL.Query().Get("nextToken")
		seen = append(seen, tok)
		if got := decodeMetadataFilter(t, r.URL.RawQuery); got["user"] != "abc" || got["k y"] != "v&w" || len(got) != 2 {
			t.Errorf("metadata filter decoded to %v", got)
		}
		if !strings.Contains(r.URL.RawQuery, "state=running,paused") || r.URL.Query().Get("limit") != "2" {
			t.Errorf("query: got %s, want state=running,paused and limit=2", r.URL.RawQuery)
		}
		if n := next[tok]; n != "" {
			w.Header().Set(wire.HeaderNextToken, n)
		}
		writeJSON(w, http.StatusOK, pages[tok])
	})
	p := ListParams{Metadata: map[string]string{"user": "abc", "k y": "v&w"}, State: []SandboxState{StateRunning, StatePaused}, Limit: 2}
	var ids []string
	for info, err := range f.client.List(context.Background(), p) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, info.ID)
	}
	if got, want := strings.Join(ids, ","), "i1,i2,i3,i4"; got != want {
		t.Errorf("ids: got %s, want %s", got, want)
	}
	if got, want := strings.Join(seen, ","), ",t2,t3"; got != want {
		t.Errorf("tokens sent: got %q, want %q", got, want)
	}

	// Breaking out of the loop stops fetching.
	seen = nil
	for range f.client.List(context.Background(), p) {
		break
	}
	if len(seen) != 1 {
		t.Errorf("after break: fetched %d pages, want 1", len(seen))
	}
}

func TestListError(t *testing.T) {
	f := setup(t)
	f.api.HandleFunc("GET /v2/sandboxes", func(w http.ResponseWriter, r *http.Request) {
		apiError(w, http.StatusUnauthorized, "Invalid API key")
	})
	n := 0
	for _, err := range f.client.List(context.Background(), ListParams{}) {
		n++
		if !IsAuth(err) {
			t.Errorf("got %v, want auth error", err)
		}
	}
	if n != 1 {
		t.Errorf("yielded %d times, want 1", n)
	}
}

func TestErrorBodies(t *testing.T) {
	tests := []struct {
		body      string
		wantMsg   string
		wantCode  string
		wantKinds ErrorKind
	}{
		{`{"code":404,"message":"Sandbox \"x\" doesn't exist"}`, `Sandbox "x" doesn't exist`, "", KindNotFound},
		{`{"code":"not_found","message":"file not found"}`, "file not found", "not_found", KindNotFound},
		{"Context abc not found", "Context abc not found", "", KindNotFound},
		{`{"detail":[{"msg":"field required"}]}`, `[{"msg":"field required"}]`, "", KindNotFound},
		{``, "Not Found", "", KindNotFound},
	}
	for _, tt := range tests {
		resp := &http.Response{StatusCode: 404, Header: http.Header{}}
		e := newResponseError("op", resp, []byte(tt.body))
		if e.Message != tt.wantMsg || e.Code != tt.wantCode || e.Kind != tt.wantKinds {
			t.Errorf("body %s: got message %q code %q kind %s", tt.body, e.Message, e.Code, e.Kind)
		}
	}
}

func TestIsRetryable(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"429", &APIError{StatusCode: 429, Kind: KindRateLimited}, true},
		{"500", &APIError{StatusCode: 500, Kind: KindServer}, true},
		{"503", &APIError{StatusCode: 503, Kind: KindUnavailable}, true},
		{"client timeout", timeoutError("run code", time.Second, "execution"), true},
		{"400", &APIError{StatusCode: 400, Kind: KindBadRequest}, false},
		{"401", &APIError{StatusCode: 401, Kind: KindAuth}, false},
		{"404", &APIError{StatusCode: 404, Kind: KindNotFound}, false},
		{"502 sandbox gone", &APIError{StatusCode: 502, Kind: KindSandboxGone}, false},
		{"507", &APIError{StatusCode: 507, Kind: KindNotEnoughSpace}, false},
		{"canceled", fmt.Errorf("e2b: x: %w", context.Canceled), false},
		{"exit code", &CommandExitError{Result: &CommandResult{ExitCode: 1}}, false},
		{"connection refused", &url.Error{Op: "Post", URL: "http://127.0.0.1:1", Err: errors.New("connection refused")}, true},
		{"stream cut", fmt.Errorf("e2b: run code: %w", errStreamCut), true},
		{"other", errors.New("bad option"), false},
	}
	for _, tt := range tests {
		if got := IsRetryable(tt.err); got != tt.want {
			t.Errorf("%s: IsRetryable(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
}

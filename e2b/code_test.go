package e2b

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestRunCodeHelloPNG(t *testing.T) {
	f := setup(t)
	f.ci.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
		testHeader(t, r, wire.HeaderAccessToken, "envd-token")
		testHeader(t, r, wire.HeaderSandboxID, "isandbox1")
		testHeader(t, r, "Content-Type", "application/json")
		if got, want := string(readBody(t, r)), `{"code":"print(\"hello\")","env_vars":{"X":"1"}}`; got != want {
			t.Errorf("request body: got %s, want %s", got, want)
		}
		serveGolden(t, "execute_hello_png.ndjson", "")(w, r)
	})
	var stdout []OutputMessage
	var results []Result
	exec, err := f.sb.RunCode(context.Background(), `print("hello")`, &RunCodeOptions{
		EnvVars:  map[string]string{"X": "1"},
		OnStdout: func(m OutputMessage) { stdout = append(stdout, m) },
		OnResult: func(r Result) { results = append(results, r) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if exec.ExecutionCount != 1 || exec.Error != nil {
		t.Errorf("got count %d, error %v; want 1, nil", exec.ExecutionCount, exec.Error)
	}
	if got := strings.Join(exec.Logs.Stdout, ""); got != "hello\n" {
		t.Errorf("stdout: got %q, want %q", got, "hello\n")
	}
	if len(stdout) != 1 || stdout[0].Line != "hello\n" || stdout[0].Error ||
		!stdout[0].Timestamp.Equal(time.Date(2026, 8, 21, 10, 0, 0, 123456000, time.UTC)) {
		t.Errorf("OnStdout got %+v", stdout)
	}
	if len(exec.Results) != 1 || len(results) != 1 {
		t.Fatalf("results: got %d (callback %d), want 1", len(exec.Results), len(results))
	}
	res := exec.Results[0]
	if !strings.HasPrefix(res.PNG, "iVBORw0KGgo") || res.IsMainResult || res.Text != "<Figure size 640x480 with 1 Axes>" {
		t.Errorf("result: got %+v", res)
	}
	var chart struct {
		Type     string `json:"type"`
		Title    string `json:"title"`
		Elements []struct {
			Points [][2]float64 `json:"points"`
		} `json:"elements"`
	}
	if err := json.Unmarshal(res.Chart, &chart); err != nil {
		t.Fatalf("chart: %v", err)
	}
	if chart.Type != "line" || chart.Title != "Squares" || len(chart.Elements) != 1 || chart.Elements[0].Points[2] != [2]float64{3, 9} {
		t.Errorf("chart: got %+v", chart)
	}
	if got, want := strings.Join(res.Formats(), ","), "text,png,chart"; got != want {
		t.Errorf("Formats: got %s, want %s", got, want)
	}
	if exec.Text() != "" {
		t.Errorf("Text(): got %q, want empty (no main result)", exec.Text())
	}
}

func TestRunCodeError(t *testing.T) {
	f := setup(t)
	f.ci.HandleFunc("POST /execute", serveGolden(t, "execute_error.ndjson", ""))
	var cbErr *ExecutionError
	exec, err := f.sb.RunCode(context.Background(), "x = 1 + 1; x\nundefined_name", &RunCodeOptions{OnError: func(e ExecutionError) { cbErr = &e }})
	if err != nil {
		t.Fatalf("an error in the code must not be a Go error, got %v", err)
	}
	if exec.Error == nil || exec.Error.Name != "NameError" || exec.Error.Value != "name 'undefined_name' is not defined" {
		t.Fatalf("got %+v", exec.Error)
	}
	if !strings.Contains(exec.Error.Traceback, "----> 2 undefined_name\n") {
		t.Errorf("traceback: got %q", exec.Error.Traceback)
	}
	if cbErr == nil || *cbErr != *exec.Error {
		t.Errorf("OnError got %+v, want %+v", cbErr, exec.Error)
	}
	if exec.ExecutionCount != 2 {
		t.Errorf("count: got %d, want 2", exec.ExecutionCount)
	}
}

func TestRunCodeKeepalivesAndUnknownTypes(t *testing.T) {
	f := setup(t)
	f.ci.HandleFunc("POST /execute", serveGolden(t, "execute_keepalive_unknown.ndjson", ""))
	var events []string
	exec, err := f.sb.RunCode(context.Background(), "2 + 2", &RunCodeOptions{
		Language: "python",
		OnStdout: func(m OutputMessage) { events = append(events, "out:"+m.Line) },
		OnStderr: func(m OutputMessage) { events = append(events, fmt.Sprintf("err(%v):%s", m.Error, m.Line)) },
		OnResult: func(r Result) { events = append(events, "result:"+r.Text) },
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"out:café ☕\n", "err(true):warning: slow\n", "result:4"}
	if strings.Join(events, "|") != strings.Join(want, "|") {
		t.Errorf("events: got %q, want %q", events, want)
	}
	if exec.Text() != "4" {
		t.Errorf("Text(): got %q, want 4", exec.Text())
	}
	res := exec.Results[0]
	if string(res.JSON) != `{"answer": 4}` || string(res.Data) != `{"a": [1, 2]}` || string(res.Extra["application/x-custom"]) != `{"k": "v"}` {
		t.Errorf("result: got json %s data %s extra %v", res.JSON, res.Data, res.Extra)
	}
	if got, want := strings.Join(res.Formats(), ","), "text,html,json,data,application/x-custom"; got != want {
		t.Errorf("Formats: got %s, want %s", got, want)
	}
}

func TestRunCodeRejectsLanguageAndContext(t *testing.T) {
	f := setup(t)
	if _, err := f.sb.RunCode(context.Background(), "1", &RunCodeOptions{Language: "python", ContextID: "c1"}); err == nil {
		t.Error("got nil error")
	}
}

// repeatStream writes an /execute stream of n stdout lines of the given
// text, then end_of_execution.
func repeatStream(n int, text string) []byte {
	line, _ := json.Marshal(wire.Line{Type: wire.LineStdout, Text: text, Timestamp: "2026-08-21T10:00:00+00:00"})
	var b bytes.Buffer
	b.WriteString(`{"type": "number_of_executions", "execution_count": 1}` + "\n")
	for range n {
		b.Write(line)
		b.WriteByte('\n')
	}
	b.WriteString(`{"type": "end_of_execution"}` + "\n")
	return b.Bytes()
}

func TestRunCodeOutputCap(t *testing.T) {
	f := setup(t)
	text := strings.Repeat("é", 50) + "\n" // 101 bytes, two-byte runes
	const lines = 1000
	stream := repeatStream(lines, text)
	f.ci.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(stream) })
	var seen int
	const limit = 1000
	exec, err := f.sb.RunCode(context.Background(), "big", &RunCodeOptions{MaxOutputBytes: limit, OnStdout: func(m OutputMessage) { seen += len(m.Line) }})
	if err != nil {
		t.Fatal(err)
	}
	kept := strings.Join(exec.Logs.Stdout, "")
	if len(kept) > limit || len(kept) < limit-1 {
		t.Errorf("kept %d bytes, want %d (±1 for a rune boundary)", len(kept), limit)
	}
	if !utf8.ValidString(kept) {
		t.Error("kept output is cut inside a rune")
	}
	if total := int64(lines * len(text)); exec.Logs.DroppedBytes != total-int64(len(kept)) {
		t.Errorf("DroppedBytes: got %d, want %d", exec.Logs.DroppedBytes, total-int64(len(kept)))
	}
	if seen != lines*len(text) {
		t.Errorf("callbacks saw %d bytes, want all %d", seen, lines*len(text))
	}
}

func TestRunCodeSkipsOversizeLines(t *testing.T) {
	f := setup(t)
	huge := `{"type": "result", "png": "` + strings.Repeat("A", 5000) + `"}` + "\n"
	f.ci.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(huge + `{"type": "result", "text": "small", "is_main_result": true}` + "\n" + `{"type": "end_of_execution"}` + "\n"))
	})
	exec, err := f.sb.RunCode(context.Background(), "x", &RunCodeOptions{MaxLineBytes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if exec.SkippedLines != 1 || len(exec.Results) != 1 || exec.Text() != "small" {
		t.Errorf("got skipped %d, results %+v", exec.SkippedLines, exec.Results)
	}
}

func TestRunCodeStreamCut(t *testing.T) {
	f := setup(t)
	f.ci.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"type": "stdout", "text": "partial\n"}` + "\n"))
	})
	f.envd.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	exec, err := f.sb.RunCode(context.Background(), "x", nil)
	if err == nil || !strings.Contains(err.Error(), "end_of_execution") {
		t.Errorf("got %v, want an error about the missing end_of_execution", err)
	}
	if exec == nil || strings.Join(exec.Logs.Stdout, "") != "partial\n" {
		t.Errorf("partial execution: got %+v", exec)
	}
}

func TestRunCodeTimeout(t *testing.T) {
	f := setup(t)
	f.ci.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
		for {
			if _, err := w.Write([]byte(`{"type": "keepalive"}` + "\n")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	})
	start := time.Now()
	_, err := f.sb.RunCode(context.Background(), "while True: pass", &RunCodeOptions{Timeout: 100 * time.Millisecond})
	if !IsTimeout(err) {
		t.Errorf("got %v, want a timeout error", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %s, want about 100ms", d)
	}
}

func TestRunCodeHTTPErrors(t *testing.T) {
	tests := []struct {
		status int
		body   string
		check  func(error) bool
		calls  int
	}{
		{http.StatusBadGateway, `{"sandboxId":"isandbox1","message":"The sandbox was not found","code":502}`, IsSandboxGone, 1},
		{http.StatusNotFound, "Context c1 not found", IsNotFound, 1},
		{http.StatusServiceUnavailable, "busy", func(err error) bool { return hasKind(err, KindUnavailable) }, 1},
	}
	for _, tt := range tests {
		f := setup(t)
		calls := 0
		f.ci.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
			calls++
			w.WriteHeader(tt.status)
			_, _ = w.Write([]byte(tt.body))
		})
		_, err := f.sb.RunCode(context.Background(), "x", nil)
		if !tt.check(err) {
			t.Errorf("status %d: got %v", tt.status, err)
		}
		if calls != tt.calls {
			t.Errorf("status %d: /execute sent %d times, want %d (never retried)", tt.status, calls, tt.calls)
		}
	}
}

func TestCodeContexts(t *testing.T) {
	f := setup(t)
	noToken := func(r *http.Request) {
		if r.Header.Get(wire.HeaderAccessToken) != "" {
			t.Errorf("%s %s carries X-Access-Token; /contexts must not", r.Method, r.URL.Path)
		}
	}
	var calls []string
	f.ci.HandleFunc("POST /contexts", func(w http.ResponseWriter, r *http.Request) {
		noToken(r)
		calls = append(calls, "create "+string(readBody(t, r)))
		writeJSON(w, http.StatusOK, wire.Context{ID: "c1", Language: "python", Cwd: "/data"})
	})
	f.ci.HandleFunc("GET /contexts", func(w http.ResponseWriter, r *http.Request) {
		noToken(r)
		writeJSON(w, http.StatusOK, []wire.Context{{ID: "c0", Language: "python", Cwd: "/home/user"}, {ID: "c1", Language: "python", Cwd: "/data"}})
	})
	f.ci.HandleFunc("POST /contexts/{id}/restart", func(w http.ResponseWriter, r *http.Request) {
		noToken(r)
		calls = append(calls, "restart "+r.PathValue("id"))
		writeJSON(w, http.StatusOK, nil)
	})
	f.ci.HandleFunc("DELETE /contexts/{id}", func(w http.ResponseWriter, r *http.Request) {
		noToken(r)
		if r.PathValue("id") != "c1" {
			http.Error(w, "Context "+r.PathValue("id")+" not found", http.StatusNotFound)
			return
		}
		calls = append(calls, "remove c1")
		writeJSON(w, http.StatusOK, nil)
	})
	ctx := context.Background()
	cc, err := f.sb.CreateCodeContext(ctx, "python", "/data")
	if err != nil || *cc != (CodeContext{ID: "c1", Language: "python", Cwd: "/data"}) {
		t.Fatalf("CreateCodeContext: got %+v, %v", cc, err)
	}
	list, err := f.sb.ListCodeContexts(ctx)
	if err != nil || len(list) != 2 || list[1].ID != "c1" {
		t.Fatalf("ListCodeContexts: got %+v, %v", list, err)
	}
	if err := f.sb.RestartCodeContext(ctx, "c1"); err != nil {
		t.Fatal(err)
	}
	if err := f.sb.RemoveCodeContext(ctx, "c1"); err != nil {
		t.Fatal(err)
	}
	if err := f.sb.RemoveCodeContext(ctx, "nope"); !IsNotFound(err) || !strings.Contains(err.Error(), "Context nope not found") {
		t.Errorf("remove missing: got %v", err)
	}
	want := []string{`create {"language":"python","cwd":"/data"}`, "restart c1", "remove c1"}
	if strings.Join(calls, "|") != strings.Join(want, "|") {
		t.Errorf("calls: got %q, want %q", calls, want)
	}
}

func TestIsRunning(t *testing.T) {
	f := setup(t, WithRetries(0))
	status := http.StatusNoContent
	f.envd.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(status) })
	for _, tt := range []struct {
		status  int
		want    bool
		wantErr bool
	}{{204, true, false}, {502, false, false}, {500, false, true}} {
		status = tt.status
		got, err := f.sb.IsRunning(context.Background())
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("health %d: got %v, %v; want %v, error %v", tt.status, got, err, tt.want, tt.wantErr)
		}
	}
}

func FuzzExecuteStream(f *testing.F) {
	for _, name := range []string{"execute_hello_png.ndjson", "execute_error.ndjson", "execute_keepalive_unknown.ndjson"} {
		f.Add(golden(f, name))
	}
	f.Add([]byte("{\"type\": \"stdout\", \"text\": \"\\u00e9\\u00e9\"}\n{\"type\":\"end_of_execution\"}"))
	f.Fuzz(func(t *testing.T, in []byte) {
		const limit = 64
		exec, err := parseExecution(bytes.NewReader(in), &RunCodeOptions{MaxOutputBytes: limit, MaxLineBytes: 4096})
		if exec == nil {
			t.Fatalf("nil execution (err %v)", err)
		}
		kept := 0
		for _, s := range append(exec.Logs.Stdout, exec.Logs.Stderr...) {
			kept += len(s)
			if !utf8.ValidString(s) {
				t.Errorf("invalid UTF-8 kept: %q", s)
			}
		}
		if kept > limit {
			t.Errorf("kept %d bytes, over the %d cap", kept, limit)
		}
	})
}

func BenchmarkParseExecuteStream(b *testing.B) {
	// The golden hello+PNG lines (without their end line), then 2000 lines
	// of stdout and the end of the execution.
	hello := golden(b, "execute_hello_png.ndjson")
	hello = hello[:bytes.LastIndex(hello, []byte(`{"type": "end_of_execution"}`))]
	data := append(hello, repeatStream(2000, strings.Repeat("x", 79)+"\n")...)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseExecution(bytes.NewReader(data), &RunCodeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunCode100MB streams 100 MB of stdout through a loopback server
// and RunCode with the default 1 MiB cap: allocations must stay flat.
func BenchmarkRunCode100MB(b *testing.B) {
	line, _ := json.Marshal(wire.Line{Type: wire.LineStdout, Text: strings.Repeat("y", 1000) + "\n"})
	line = append(line, '\n')
	const total = 100 << 20
	n := total / len(line)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
		block := bytes.Repeat(line, 64)
		for i := 0; i < n; i += 64 {
			if _, err := w.Write(block); err != nil {
				return
			}
		}
		_, _ = w.Write([]byte(`{"type": "end_of_execution"}` + "\n"))
	})
	srv := newLoopbackServer(b, mux)
	c, err := NewClient(WithAPIKey("k"), WithSandboxURL(srv))
	if err != nil {
		b.Fatal(err)
	}
	sb := c.newSandbox(wire.Sandbox{SandboxID: "ibench", EnvdVersion: "0.6.13"})
	b.SetBytes(int64(n/64*64) * int64(len(line)))
	b.ReportAllocs()
	peak := samplePeakHeap(b)
	for b.Loop() {
		exec, err := sb.RunCode(context.Background(), "print('y'*1000) in a loop", &RunCodeOptions{Timeout: -1})
		if err != nil {
			b.Fatal(err)
		}
		if exec.Logs.DroppedBytes == 0 {
			b.Fatal("nothing dropped: the cap is not applied")
		}
	}
	b.ReportMetric(float64(peak())/(1<<20), "peak-heap-MiB")
}

// samplePeakHeap samples the live heap every few milliseconds until the
// benchmark ends; the returned func reports the highest value seen.
func samplePeakHeap(b *testing.B) func() uint64 {
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-stopped
		return peak.Load()
	}
}

func TestRunCodeSandboxDiesMidStream(t *testing.T) {
	f := setup(t)
	f.ci.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"type": "number_of_executions", "execution_count": 1}` + "\n"))
	})
	f.envd.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusBadGateway, map[string]any{"sandboxId": "isandbox1", "message": "The sandbox was not found", "code": 502})
	})
	_, err := f.sb.RunCode(context.Background(), "x", nil)
	if !IsSandboxGone(err) || IsRetryable(err) {
		t.Errorf("got %v, want sandbox gone (not retryable)", err)
	}
}

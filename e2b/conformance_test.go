package e2b_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// conformancePython is the interpreter e2blocal runs; E2BLOCAL_PYTHON
// overrides it.
func conformancePython() string {
	if p := os.Getenv("E2BLOCAL_PYTHON"); p != "" {
		return p
	}
	return "/usr/bin/python3"
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// localClient starts an e2blocal server on 127.0.0.1 (stopped when the test
// ends) and returns a client for it; name makes the API key and the domain.
func localClient(t *testing.T, name string) *e2b.Client {
	t.Helper()
	srv, err := e2blocal.New(e2blocal.Config{APIKey: name + "-key", Python: conformancePython(),
		Logger: slog.New(slog.NewTextHandler(t.Output(), nil))})
	if err != nil {
		t.Fatalf("e2blocal.New: %v", err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		if err := srv.Close(); err != nil {
			t.Errorf("e2blocal Close: %v", err)
		}
	})
	c, err := e2b.NewClient(e2b.WithAPIKey(name+"-key"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL),
		e2b.WithDomain(name+".invalid"), e2b.WithDebug(false))
	if err != nil {
		t.Fatalf("NewClient: %v", err)
	}
	return c
}

// TestConformance runs the scenarios of testdata/conformance/conformance.mjs
// (the official JS SDKs) with this client against an in-process e2blocal
// server; keep the two in step. The scenarios are subtests sharing one
// sandbox, in order, so a failed create stops the rest.
func TestConformance(t *testing.T) {
	python := conformancePython()
	if out, err := exec.Command(python, "-c", "import IPython, matplotlib").CombinedOutput(); err != nil {
		t.Skipf("%s lacks IPython or matplotlib: %v: %s", python, err, out)
	}
	c := localClient(t, "conformance")
	ctx := t.Context()
	// A metadata value no other run shares.
	meta := map[string]string{"run": "conformance-" + strings.ToLower(rand.Text()), "suite": "conformance"}
	var sb *e2b.Sandbox

	if !t.Run("create with metadata", func(t *testing.T) {
		var err error
		sb, err = c.Create(ctx, e2b.CreateParams{Template: e2b.CodeInterpreterTemplate, Timeout: 2 * time.Minute, Metadata: meta})
		if err != nil {
			t.Fatalf("Create: %v", err)
		}
		info, err := sb.GetInfo(ctx)
		if err != nil {
			t.Fatalf("GetInfo: %v", err)
		}
		if info.ID != sb.ID || info.State != e2b.StateRunning || !maps.Equal(info.Metadata, meta) {
			t.Errorf("GetInfo: got id %s, state %s, metadata %v; want %s, running, %v", info.ID, info.State, info.Metadata, sb.ID, meta)
		}
		if ok, err := sb.IsRunning(ctx); !ok || err != nil {
			t.Errorf("IsRunning: got %v, %v; want true", ok, err)
		}
	}) {
		t.FailNow()
	}
	// The kill subtest kills the sandbox; this is for when it fails first.
	t.Cleanup(func() { _, _ = c.Kill(context.WithoutCancel(ctx), sb.ID) })

	runCode := func(t *testing.T, code string, opts *e2b.RunCodeOptions) *e2b.Execution {
		t.Helper()
		ex, err := sb.RunCode(ctx, code, opts)
		if err != nil {
			t.Fatalf("RunCode(%q): %v", code, err)
		}
		return ex
	}
	errName := func(ex *e2b.Execution) string {
		if ex.Error == nil {
			return ""
		}
		return ex.Error.Name
	}

	t.Run("runCode prints to stdout", func(t *testing.T) {
		ex := runCode(t, "print(\"hello\")\n2 + 2", nil)
		if !slices.Equal(ex.Logs.Stdout, []string{"hello\n"}) || len(ex.Logs.Stderr) != 0 || ex.Error != nil {
			t.Errorf("got stdout %q, stderr %q, error %v; want [\"hello\\n\"], none, nil", ex.Logs.Stdout, ex.Logs.Stderr, ex.Error)
		}
	})

	t.Run("last expression is the main result", func(t *testing.T) {
		ex := runCode(t, "2 + 2", nil)
		if ex.Text() != "4" || len(ex.Results) != 1 || !ex.Results[0].IsMainResult || ex.ExecutionCount < 1 {
			t.Errorf("got text %q, %d results, execution count %d; want \"4\", one main result, > 0", ex.Text(), len(ex.Results), ex.ExecutionCount)
		}
	})

	t.Run("matplotlib chart comes back as PNG", func(t *testing.T) {
		ex := runCode(t, "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3], [1, 4, 9])\nplt.title(\"Squares\")\nplt.show()", nil)
		var pngs []string
		var formats [][]string
		for _, r := range ex.Results {
			formats = append(formats, r.Formats())
			if r.PNG != "" {
				pngs = append(pngs, r.PNG)
			}
		}
		if ex.Error != nil || len(pngs) != 1 {
			t.Fatalf("got error %v and formats %v; want one PNG result", ex.Error, formats)
		}
		png, err := base64.StdEncoding.DecodeString(pngs[0])
		if err != nil {
			t.Fatalf("PNG base64: %v", err)
		}
		if len(png) < 1000 || !bytes.HasPrefix(png, pngSignature) {
			t.Errorf("PNG: got %d bytes starting %q, want > 1000 starting %q", len(png), png[:min(8, len(png))], pngSignature)
		}
		// The same result carries the chart data (e2b/chart).
		var chart struct {
			Type     string `json:"type"`
			Title    string `json:"title"`
			Elements []struct {
				Label  string       `json:"label"`
				Points [][2]float64 `json:"points"`
			} `json:"elements"`
		}
		raw := ex.Results[slices.IndexFunc(ex.Results, func(r e2b.Result) bool { return r.PNG != "" })].Chart
		if err := json.Unmarshal(raw, &chart); err != nil {
			t.Fatalf("Result.Chart %s: %v", raw, err)
		}
		want := [][2]float64{{1, 1}, {2, 4}, {3, 9}}
		if chart.Type != "line" || chart.Title != "Squares" || len(chart.Elements) != 1 ||
			chart.Elements[0].Label != "Line 0" || !slices.Equal(chart.Elements[0].Points, want) {
			t.Errorf("Result.Chart: got %s, want a line chart \"Squares\" with one \"Line 0\" of the points %v", raw, want)
		}
	})

	t.Run("exception comes back with a traceback", func(t *testing.T) {
		ex := runCode(t, "undefined_name_xyz", nil)
		if ex.Error == nil {
			t.Fatal("got no error, want NameError")
		}
		if ex.Error.Name != "NameError" || !strings.Contains(ex.Error.Value, "undefined_name_xyz") ||
			!strings.Contains(ex.Error.Traceback, "undefined_name_xyz") || len(ex.Results) != 0 {
			t.Errorf("got %+v with %d results, want a NameError naming undefined_name_xyz and no results", *ex.Error, len(ex.Results))
		}
	})

	t.Run("state is kept across runs", func(t *testing.T) {
		runCode(t, "counter = 41", nil)
		if got := runCode(t, "counter += 1\ncounter", nil).Text(); got != "42" {
			t.Errorf("got %q, want \"42\"", got)
		}
	})

	t.Run("a second context has its own state", func(t *testing.T) {
		cc, err := sb.CreateCodeContext(ctx, "python", "")
		if err != nil {
			t.Fatalf("CreateCodeContext: %v", err)
		}
		if cc.ID == "" || cc.Language != "python" {
			t.Errorf("context: got %+v, want an id and language python", cc)
		}
		inCtx := &e2b.RunCodeOptions{ContextID: cc.ID}
		runCode(t, `only_in_ctx = "ctx"`, inCtx)
		runCode(t, `only_in_default = "default"`, nil)
		if got := runCode(t, "only_in_ctx", inCtx).Text(); got != "ctx" {
			t.Errorf("own variable in the new context: got %q, want \"ctx\"", got)
		}
		if got := errName(runCode(t, "only_in_ctx", nil)); got != "NameError" {
			t.Errorf("new context's variable in the default context: got error %q, want NameError", got)
		}
		if got := errName(runCode(t, "only_in_default", inCtx)); got != "NameError" {
			t.Errorf("default context's variable in the new context: got error %q, want NameError", got)
		}
		list, err := sb.ListCodeContexts(ctx)
		if err != nil || !slices.ContainsFunc(list, func(l e2b.CodeContext) bool { return l.ID == cc.ID }) {
			t.Errorf("ListCodeContexts: got %+v, %v; want it to hold %s", list, err, cc.ID)
		}
	})

	t.Run("files write, read, list and remove", func(t *testing.T) {
		fs := sb.Files()
		const path, content = "/home/user/conf/a.txt", "hello file\n"
		info, err := fs.Write(ctx, path, []byte(content))
		if err != nil || info.Path != path {
			t.Fatalf("Write: got %+v, %v; want path %s", info, err, path)
		}
		if b, err := fs.Read(ctx, path); err != nil || string(b) != content {
			t.Errorf("Read: got %q, %v; want %q", b, err, content)
		}
		entries, err := fs.List(ctx, "/home/user/conf", 1)
		if err != nil || len(entries) != 1 || entries[0].Name != "a.txt" || entries[0].Type != e2b.FileTypeFile || entries[0].Size != int64(len(content)) {
			t.Errorf("List: got %+v, %v; want one file a.txt of %d bytes", entries, err, len(content))
		}
		// A signed URL reads without the access token; WithSandboxURL drops
		// the sandbox from the host, so the routing headers say which one.
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, fs.DownloadURL(path, time.Minute), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("E2b-Sandbox-Id", sb.ID)
		req.Header.Set("E2b-Sandbox-Port", "49983")
		if resp, err := http.DefaultClient.Do(req); err != nil {
			t.Errorf("GET signed URL: %v", err)
		} else {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK || string(b) != content {
				t.Errorf("GET signed URL: got %d %q, want 200 %q", resp.StatusCode, b, content)
			}
		}
		if got := runCode(t, `open("/home/user/conf/a.txt").read() == "hello file\n"`, nil).Text(); got != "True" {
			t.Errorf("the kernel reading the file: got %q, want True", got)
		}
		if err := fs.Remove(ctx, path); err != nil {
			t.Fatalf("Remove: %v", err)
		}
		if ok, err := fs.Exists(ctx, path); ok || err != nil {
			t.Errorf("Exists after Remove: got %v, %v; want false", ok, err)
		}
		if entries, err := fs.List(ctx, "/home/user/conf", 1); err != nil || len(entries) != 0 {
			t.Errorf("List after Remove: got %+v, %v; want none", entries, err)
		}
	})

	t.Run("files.watchDir reports a written file until stopped", func(t *testing.T) {
		fs := sb.Files()
		if _, err := fs.MakeDir(ctx, "/home/user/watched"); err != nil {
			t.Fatalf("MakeDir: %v", err)
		}
		events := make(chan e2b.FilesystemEvent, 16)
		h, err := fs.WatchDir(ctx, "/home/user/watched", &e2b.WatchOptions{OnEvent: func(ev e2b.FilesystemEvent) { events <- ev }})
		if err != nil {
			t.Fatalf("WatchDir: %v", err)
		}
		if _, err := fs.Write(ctx, "/home/user/watched/w.txt", []byte("watched\n")); err != nil {
			t.Fatalf("Write: %v", err)
		}
		want := []e2b.FilesystemEvent{{Name: "w.txt", Type: e2b.EventCreate}, {Name: "w.txt", Type: e2b.EventWrite}}
		var got []e2b.FilesystemEvent
		for len(got) < len(want) {
			select {
			case ev := <-events:
				got = append(got, ev)
			case <-time.After(5 * time.Second):
				t.Fatalf("events in 5 s: got %+v, want %+v", got, want)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("events: got %+v, want %+v", got, want)
		}
		h.Stop()
		if err := h.Wait(); err != nil {
			t.Errorf("Wait after Stop: got %v, want nil", err)
		}
		if _, err := fs.Write(ctx, "/home/user/watched/after-stop.txt", []byte("x")); err != nil {
			t.Fatalf("Write: %v", err)
		}
		select {
		case ev := <-events:
			t.Errorf("event after Stop: got %+v, want none", ev)
		case <-time.After(400 * time.Millisecond):
		}
	})

	t.Run("commands.run returns output", func(t *testing.T) {
		res, err := sb.Commands().Run(ctx, "echo hello", nil)
		if err != nil || res.ExitCode != 0 || res.Stdout != "hello\n" || res.Stderr != "" {
			t.Errorf("echo hello: got %+v, %v; want exit 0, stdout \"hello\\n\"", res, err)
		}
		var exitErr *e2b.CommandExitError
		_, err = sb.Commands().Run(ctx, "echo oops >&2; exit 3", nil)
		if !errors.As(err, &exitErr) || exitErr.Result.ExitCode != 3 || exitErr.Result.Stderr != "oops\n" {
			t.Errorf("exit 3: got %v, want a CommandExitError with code 3 and stderr \"oops\\n\"", err)
		}
	})

	t.Run("background command is killed", func(t *testing.T) {
		cmds := sb.Commands()
		h, err := cmds.Start(ctx, "sleep 30", nil)
		if err != nil {
			t.Fatalf("Start: %v", err)
		}
		listed := func() bool {
			ps, err := cmds.List(ctx)
			if err != nil {
				t.Fatalf("List: %v", err)
			}
			return slices.ContainsFunc(ps, func(p e2b.ProcessInfo) bool { return p.PID == h.PID() })
		}
		if !listed() {
			t.Errorf("pid %d not listed while running", h.PID())
		}
		start := time.Now()
		if ok, err := h.Kill(ctx); !ok || err != nil {
			t.Fatalf("Kill: got %v, %v; want true", ok, err)
		}
		var exitErr *e2b.CommandExitError
		if _, err := h.Wait(); !errors.As(err, &exitErr) {
			t.Errorf("Wait after Kill: got %v, want a CommandExitError", err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("kill took %v, want < 10s", d)
		}
		if listed() {
			t.Errorf("pid %d still listed after Kill", h.PID())
		}
		if ok, err := cmds.Kill(ctx, h.PID()); ok || err != nil {
			t.Errorf("second Kill: got %v, %v; want false", ok, err)
		}
	})

	list := func(t *testing.T, p e2b.ListParams) []e2b.SandboxInfo {
		t.Helper()
		var got []e2b.SandboxInfo
		for info, err := range c.List(ctx, p) {
			if err != nil {
				t.Fatalf("List: %v", err)
			}
			got = append(got, info)
		}
		return got
	}

	t.Run("list filtered by metadata", func(t *testing.T) {
		got := list(t, e2b.ListParams{Metadata: map[string]string{"run": meta["run"]}, Limit: 1})
		if len(got) != 1 || got[0].ID != sb.ID || !maps.Equal(got[0].Metadata, meta) || got[0].State != e2b.StateRunning {
			t.Errorf("got %+v, want only %s, running, with metadata %v", got, sb.ID, meta)
		}
		if got := list(t, e2b.ListParams{Metadata: map[string]string{"run": meta["run"] + "-other"}}); len(got) != 0 {
			t.Errorf("other run: got %+v, want none", got)
		}
	})

	t.Run("setTimeout moves the end time", func(t *testing.T) {
		for _, d := range []time.Duration{90 * time.Second, 10 * time.Minute} {
			if err := sb.SetTimeout(ctx, d); err != nil {
				t.Fatalf("SetTimeout(%v): %v", d, err)
			}
			info, err := sb.GetInfo(ctx)
			if err != nil {
				t.Fatalf("GetInfo: %v", err)
			}
			if left := time.Until(info.EndAt); left < d-10*time.Second || left > d+time.Second {
				t.Errorf("SetTimeout(%v): end is %v away, want about %v", d, left, d)
			}
		}
	})

	t.Run("kill", func(t *testing.T) {
		if ok, err := sb.Kill(ctx); !ok || err != nil {
			t.Fatalf("Kill: got %v, %v; want true", ok, err)
		}
		if ok, err := c.Kill(ctx, sb.ID); ok || err != nil {
			t.Errorf("second Kill: got %v, %v; want false", ok, err)
		}
		if got := list(t, e2b.ListParams{Metadata: map[string]string{"run": meta["run"]}}); len(got) != 0 {
			t.Errorf("List after Kill: got %+v, want none", got)
		}
	})

	t.Run("connect to a killed sandbox fails with not found", func(t *testing.T) {
		if _, err := c.Connect(ctx, sb.ID, 0); !e2b.IsNotFound(err) || !e2b.IsSandboxGone(err) {
			t.Errorf("Connect: got %v, want not found (sandbox gone)", err)
		}
		if _, err := c.GetInfo(ctx, sb.ID); !e2b.IsNotFound(err) {
			t.Errorf("GetInfo: got %v, want not found", err)
		}
	})
}

// TestJSSDKGoldens replays /execute streams that e2blocal sent to the
// official JS SDK (recorded by run.sh with RECORD=testdata/e2b) and checks
// this client reads them as the JS suite asserted.
func TestJSSDKGoldens(t *testing.T) {
	tests := []struct {
		file  string
		check func(t *testing.T, ex *e2b.Execution)
	}{
		{"execute_local_stdout_result.ndjson", func(t *testing.T, ex *e2b.Execution) {
			if !slices.Equal(ex.Logs.Stdout, []string{"hello\n"}) || ex.Text() != "4" || ex.Error != nil || ex.ExecutionCount != 1 {
				t.Errorf("got stdout %q, text %q, error %v, count %d; want [\"hello\\n\"], \"4\", nil, 1", ex.Logs.Stdout, ex.Text(), ex.Error, ex.ExecutionCount)
			}
		}},
		{"execute_local_name_error.ndjson", func(t *testing.T, ex *e2b.Execution) {
			if ex.Error == nil || ex.Error.Name != "NameError" || !strings.Contains(ex.Error.Traceback, "undefined_name_xyz") || len(ex.Results) != 0 {
				t.Errorf("got error %+v and %d results, want a NameError naming undefined_name_xyz and no results", ex.Error, len(ex.Results))
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			stream, err := os.ReadFile("../testdata/e2b/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasSuffix(stream, []byte("{\"type\": \"end_of_execution\"}\n")) {
				t.Errorf("%s does not end with the end_of_execution line", tc.file)
			}
			mux := http.NewServeMux()
			mux.HandleFunc("POST /v2/sandboxes", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusCreated)
				_, _ = w.Write([]byte(`{"sandboxID":"igolden","templateID":"code-interpreter-v1","clientID":"6532622b","envdVersion":"0.5.7","envdAccessToken":"tok"}`))
			})
			mux.HandleFunc("POST /execute", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(stream) })
			hs := httptest.NewServer(mux)
			t.Cleanup(hs.Close)
			c, err := e2b.NewClient(e2b.WithAPIKey("k"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL))
			if err != nil {
				t.Fatal(err)
			}
			sb, err := c.Create(t.Context(), e2b.CreateParams{Template: e2b.CodeInterpreterTemplate})
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			ex, err := sb.RunCode(t.Context(), "replayed", nil)
			if err != nil {
				t.Fatalf("RunCode: %v", err)
			}
			tc.check(t, ex)
		})
	}
}

package e2blocal_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	_ "image/png"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestExecute(t *testing.T) {
	_, url := newServer(t, e2blocal.Config{})
	start := time.Now()
	sb := create(t, url, map[string]any{})
	sb.run(t, "x = 21")
	t.Logf("cold start (create + first execute): %v", time.Since(start))
	start = time.Now()
	sb.run(t, "1")
	t.Logf("warm trivial execute: %v", time.Since(start))

	tests := []struct {
		name  string
		code  string
		check func(t *testing.T, lines []map[string]any)
	}{
		{"state persists", "x * 2", func(t *testing.T, lines []map[string]any) {
			if got := mainText(t, lines); got != "42" {
				t.Errorf("main result: got %q, want %q", got, "42")
			}
		}},
		{"stdout streams", `print("hi")`, func(t *testing.T, lines []map[string]any) {
			out := ofType(lines, "stdout")
			if len(out) != 1 || out[0]["text"] != "hi\n" {
				t.Fatalf("stdout lines: got %v, want one with text %q", out, "hi\n")
			}
			if _, err := time.Parse(time.RFC3339Nano, out[0]["timestamp"].(string)); err != nil {
				t.Errorf("stdout timestamp: %v", err)
			}
		}},
		{"string result loses its quotes", `"abc"`, func(t *testing.T, lines []map[string]any) {
			if got := mainText(t, lines); got != "abc" {
				t.Errorf("main result: got %q, want %q", got, "abc")
			}
		}},
		{"dataframe has html and data", "import pandas as pd\npd.DataFrame({'a': [1, 2], 'b': ['x', 'y']})", func(t *testing.T, lines []map[string]any) {
			res := ofType(lines, "result")
			if len(res) != 1 {
				t.Fatalf("results: got %d, want 1: %v", len(res), lines)
			}
			if html, _ := res[0]["html"].(string); !strings.Contains(html, "<table") {
				t.Errorf("html: got %q, want a <table>", html)
			}
			data, _ := res[0]["data"].(map[string]any)
			if got := jsonString(data["a"]); got != "[1,2]" {
				t.Errorf("data.a: got %s, want [1,2]", got)
			}
		}},
		{"plt.show gives a png", "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3], [1, 4, 9])\nplt.show()", func(t *testing.T, lines []map[string]any) {
			res := ofType(lines, "result")
			if len(res) != 1 {
				t.Fatalf("results: got %d, want 1 (the figure): %v", len(res), lines)
			}
			checkPNG(t, res[0])
		}},
		{"open figure at cell end gives a png", "plt.figure(); plt.bar(['a', 'b'], [1, 2]); None", func(t *testing.T, lines []map[string]any) {
			res := ofType(lines, "result")
			if len(res) != 1 {
				t.Fatalf("results: got %d, want 1 (the figure): %v", len(res), lines)
			}
			checkPNG(t, res[0])
		}},
		{"exception gives an error", "1/0", func(t *testing.T, lines []map[string]any) {
			errs := ofType(lines, "error")
			if len(errs) != 1 {
				t.Fatalf("errors: got %d, want 1: %v", len(errs), lines)
			}
			if errs[0]["name"] != "ZeroDivisionError" || errs[0]["value"] != "division by zero" {
				t.Errorf("error: got %v: %v, want ZeroDivisionError: division by zero", errs[0]["name"], errs[0]["value"])
			}
			tb, _ := errs[0]["traceback"].(string)
			if !strings.Contains(tb, "1/0") || strings.Contains(tb, "\x1b[") {
				t.Errorf("traceback: got %q, want plain text quoting the code", tb)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.check(t, sb.run(t, tc.code)) })
	}

	t.Run("env_vars apply to one run", func(t *testing.T) {
		_, lines := sb.execute(t, map[string]any{"code": "import os; os.environ.get('RUN_VAR')", "env_vars": map[string]string{"RUN_VAR": "yes"}})
		if got := mainText(t, lines); got != "yes" {
			t.Errorf("with env_vars: got %q, want yes", got)
		}
		if got := mainText(t, sb.run(t, "str(os.environ.get('RUN_VAR'))")); got != "None" {
			t.Errorf("after the run: got %q, want None", got)
		}
	})
	t.Run("keepalive after 5s of silence", func(t *testing.T) {
		lines := sb.run(t, "import time; time.sleep(5.5); 'done'")
		if len(ofType(lines, "keepalive")) != 1 || mainText(t, lines) != "done" {
			t.Errorf("got %v, want one keepalive line and the result", lines)
		}
	})
	t.Run("bash", func(t *testing.T) {
		_, lines := sb.execute(t, map[string]any{"code": "echo from-bash; pwd", "language": "bash"})
		out := ofType(lines, "stdout")
		if len(out) == 0 || !strings.Contains(out[0]["text"].(string), "from-bash") {
			t.Errorf("bash stdout: got %v, want from-bash", out)
		}
	})
	t.Run("unknown language", func(t *testing.T) {
		if status, _ := sb.execute(t, map[string]any{"code": "1", "language": "r"}); status != http.StatusBadRequest {
			t.Errorf("status: got %d, want 400", status)
		}
	})
	t.Run("wrong access token", func(t *testing.T) {
		bad := sb
		bad.token = "nope"
		if status, _ := bad.execute(t, map[string]any{"code": "1"}); status != http.StatusUnauthorized {
			t.Errorf("status: got %d, want 401", status)
		}
	})
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func checkPNG(t *testing.T, res map[string]any) {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(res["png"].(string))
	if err != nil {
		t.Fatalf("png: %v", err)
	}
	if !bytes.HasPrefix(raw, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("png: got prefix %q, want the PNG magic", raw[:8])
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || format != "png" || cfg.Width < 100 || cfg.Height < 100 {
		t.Errorf("png: got %dx%d %s (%v), want a png of at least 100x100", cfg.Width, cfg.Height, format, err)
	}
}

func TestContextsKeepSeparateState(t *testing.T) {
	_, url := newServer(t, e2blocal.Config{})
	sb := create(t, url, map[string]any{})
	var ids []string
	for range 2 {
		resp, b := do(t, "POST", url+"/contexts", jsonBody(t, map[string]any{"language": "python"}), sb.header(wire.CodeInterpreterPort))
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("create context: got %d (%s), want 200", resp.StatusCode, b)
		}
		var c wire.Context
		if err := json.Unmarshal(b, &c); err != nil || c.ID == "" || c.Cwd != "/home/user" {
			t.Fatalf("create context: got %s (%v), want an id and cwd /home/user", b, err)
		}
		ids = append(ids, c.ID)
	}
	for i, id := range ids {
		sb.execute(t, map[string]any{"code": "v = " + jsonString(i), "context_id": id})
	}
	for i, id := range ids {
		_, lines := sb.execute(t, map[string]any{"code": "v", "context_id": id})
		if got, want := mainText(t, lines), jsonString(i); got != want {
			t.Errorf("context %d: got v=%s, want %s", i, got, want)
		}
	}
	if _, lines := sb.execute(t, map[string]any{"code": "'v' in globals()"}); mainText(t, lines) != "False" {
		t.Errorf("default context sees v from another context")
	}
	resp, _ := do(t, "DELETE", url+"/contexts/"+ids[0], nil, sb.header(wire.CodeInterpreterPort))
	if resp.StatusCode != http.StatusOK {
		t.Errorf("delete context: got %d, want 200", resp.StatusCode)
	}
	if status, _ := sb.execute(t, map[string]any{"code": "v", "context_id": ids[0]}); status != http.StatusNotFound {
		t.Errorf("execute in deleted context: got %d, want 404", status)
	}
	if status, _ := sb.execute(t, map[string]any{"code": "1", "context_id": ids[1], "language": "python"}); status != http.StatusBadRequest {
		t.Errorf("context_id with language: got %d, want 400", status)
	}
}

func TestExecutionsInAContextAreSerialized(t *testing.T) {
	_, url := newServer(t, e2blocal.Config{})
	sb := create(t, url, map[string]any{})
	sb.run(t, "import time")
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sb.run(t, "time.sleep(0.5)")
		}()
	}
	start := time.Now()
	wg.Wait()
	if d := time.Since(start); d < time.Second {
		t.Errorf("two 0.5s cells in one context took %v, want >= 1s (serialized)", d)
	}
}

func TestKillKernelMidCell(t *testing.T) {
	srv, url := newServer(t, e2blocal.Config{})
	sb := create(t, url, map[string]any{})
	sb.run(t, "x = 1")
	go func() {
		time.Sleep(time.Second)
		if err := srv.KillKernel(sb.id); err != nil {
			t.Errorf("KillKernel: %v", err)
		}
	}()
	lines := sb.run(t, "import time; time.sleep(30)")
	if errs := ofType(lines, "error"); len(errs) != 1 {
		t.Fatalf("errors: got %v, want one error line", lines)
	}
	if got := mainText(t, sb.run(t, "'x' in globals()")); got != "False" {
		t.Errorf("state after a kernel death: got x defined=%s, want False (fresh kernel)", got)
	}
	if got := srv.ExecCount(sb.id); got != 3 {
		t.Errorf("ExecCount: got %d, want 3", got)
	}
}

func TestClientDisconnectInterruptsKernel(t *testing.T) {
	_, url := newServer(t, e2blocal.Config{})
	sb := create(t, url, map[string]any{})
	sb.run(t, "import time; y = 5")
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", url+"/execute", jsonBody(t, map[string]any{"code": "time.sleep(60)"}))
	for k, v := range sb.header(wire.CodeInterpreterPort) {
		req.Header.Set(k, v)
	}
	if resp, err := http.DefaultClient.Do(req); err == nil {
		_, _ = resp.Body.Read(make([]byte, 1<<10))
		<-ctx.Done()
		resp.Body.Close()
	}
	start := time.Now()
	if got := mainText(t, sb.run(t, "y")); got != "5" {
		t.Errorf("after interrupt: got y=%s, want 5 (state kept)", got)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("next execute waited %v; want the abandoned cell interrupted", d)
	}
}

// A client that goes away mid-cell gets the kernel interrupted once, as from
// E2B's server, but never killed: a cell that ignores the interrupt (as the
// worker's cell journal does) runs to its end, once, longer than the 10 s
// after which this server used to kill the kernel, and an execute sent
// meanwhile runs after it in the same kernel.
func TestClientDisconnectLetsCellFinish(t *testing.T) {
	_, url := newServer(t, e2blocal.Config{})
	sb := create(t, url, map[string]any{})
	sb.run(t, "import signal, time\nruns = 0")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	cell := "signal.signal(signal.SIGINT, signal.SIG_IGN)\nruns += 1\nopen('ran.log', 'a').write('x')\n" +
		"for _ in range(120):\n    time.sleep(0.1)\nfinished = True"
	req, _ := http.NewRequestWithContext(ctx, "POST", url+"/execute", jsonBody(t, map[string]any{"code": cell}))
	for k, v := range sb.header(wire.CodeInterpreterPort) {
		req.Header.Set(k, v)
	}
	if resp, err := http.DefaultClient.Do(req); err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	if ctx.Err() == nil {
		t.Fatal("the 12 s cell ended before its client went away")
	}
	// Sent while the abandoned cell still runs: it waits behind it.
	resp, b := do(t, "POST", url+"/execute", jsonBody(t, map[string]any{"code": "(runs, finished, open('ran.log').read())"}),
		sb.header(wire.CodeInterpreterPort))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("second execute: got status %d (%s), want 200", resp.StatusCode, b)
	}
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("bad line %q: %v", l, err)
		}
		if m["type"] != "keepalive" {
			lines = append(lines, m)
		}
	}
	checkFraming(t, lines)
	if errs := ofType(lines, "error"); len(errs) > 0 {
		t.Fatalf("second execute: got error %v, want the abandoned cell's state", errs)
	}
	if got, want := mainText(t, lines), "(1, True, 'x')"; got != want {
		t.Errorf("after the client went away: got (runs, finished, log) = %s, want %s (the cell ran once, to its end, in the same kernel)", got, want)
	}
}

func TestBwrapIsolation(t *testing.T) {
	t.Setenv("E2BLOCAL_TEST_SECRET", "leak-me")
	srv, url := newServer(t, e2blocal.Config{Isolation: "auto"})
	if !srv.Isolated() {
		t.Skip("bubblewrap is not usable here")
	}
	if os.Getenv("E2BLOCAL_TEST_SECRET") == "" {
		t.Fatal("test env var not set")
	}
	sb := create(t, url, map[string]any{})
	tests := []struct{ code, want string }{
		{"import os; 'E2BLOCAL_TEST_SECRET' in os.environ", "False"},
		{"os.getcwd()", "/home/user"},
		{"os.path.expanduser('~')", "/home/user"},
		{"open('/home/user/f.txt', 'w').write('x')", "1"},
		{"import subprocess; subprocess.run(['id', '-u'], capture_output=True).returncode", "0"},
	}
	for _, tc := range tests {
		if got := mainText(t, sb.run(t, tc.code)); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.code, got, tc.want)
		}
	}
	// No network: only a loopback interface of its own.
	if got := mainText(t, sb.run(t, "import socket\nsocket.if_nameindex()")); got != "[(1, 'lo')]" {
		t.Errorf("network interfaces: got %s, want only lo", got)
	}
}

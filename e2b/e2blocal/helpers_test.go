package e2blocal_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

const python = "/usr/bin/python3"

// newServer starts a Server behind httptest on 127.0.0.1; both stop at the
// end of the test. Tests skip when the interpreter lacks IPython.
func newServer(t testing.TB, cfg e2blocal.Config) (*e2blocal.Server, string) {
	t.Helper()
	if err := pythonCheck(); err != nil {
		t.Skipf("%s lacks IPython/pandas/matplotlib (apt-get install python3-ipython python3-pandas python3-matplotlib): %v", python, err)
	}
	if cfg.Python == "" {
		cfg.Python = python
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(t.Output(), nil))
	}
	srv, err := e2blocal.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		if err := srv.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return srv, hs.URL
}

// pythonCheck reports, once per test binary, whether the interpreter has the
// packages the code interpreter needs.
var pythonCheck = sync.OnceValue(func() error {
	if out, err := exec.Command(python, "-c", "import IPython, pandas, matplotlib").CombinedOutput(); err != nil {
		return fmt.Errorf("%w: %s", err, out)
	}
	return nil
})

type sandbox struct {
	url   string
	id    string
	token string
}

// do sends a request and returns the status and body.
func do(t testing.TB, method, url string, body io.Reader, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", method, url, err)
	}
	return resp, b
}

func jsonBody(t testing.TB, v any) io.Reader {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.NewReader(b)
}

func create(t testing.TB, url string, body map[string]any) sandbox {
	t.Helper()
	if body["templateID"] == nil {
		body["templateID"] = "code-interpreter-v1"
	}
	resp, b := do(t, "POST", url+"/v2/sandboxes", jsonBody(t, body), nil)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: got status %d (%s), want 201", resp.StatusCode, b)
	}
	var sb wire.Sandbox
	if err := json.Unmarshal(b, &sb); err != nil {
		t.Fatalf("create: decode %s: %v", b, err)
	}
	return sandbox{url: url, id: sb.SandboxID, token: sb.EnvdAccessToken}
}

func (sb sandbox) header(port int) map[string]string {
	return map[string]string{wire.HeaderSandboxID: sb.id, wire.HeaderSandboxPort: strconv.Itoa(port),
		wire.HeaderAccessToken: sb.token, "Content-Type": "application/json"}
}

// execute runs code and returns the decoded stream lines.
func (sb sandbox) execute(t testing.TB, body map[string]any) (int, []map[string]any) {
	t.Helper()
	resp, b := do(t, "POST", sb.url+"/execute", jsonBody(t, body), sb.header(wire.CodeInterpreterPort))
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, nil
	}
	var lines []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("execute: bad line %q: %v", sc.Text(), err)
		}
		lines = append(lines, m)
	}
	checkFraming(t, lines)
	return resp.StatusCode, lines
}

// run executes code in the default context and fails on a non-200 answer.
func (sb sandbox) run(t testing.TB, code string) []map[string]any {
	t.Helper()
	status, lines := sb.execute(t, map[string]any{"code": code})
	if status != http.StatusOK {
		t.Fatalf("execute %q: got status %d, want 200", code, status)
	}
	return lines
}

// checkFraming checks number_of_executions comes first and end_of_execution last.
func checkFraming(t testing.TB, lines []map[string]any) {
	t.Helper()
	if len(lines) < 2 {
		t.Fatalf("execute: got %d lines, want at least 2: %v", len(lines), lines)
	}
	if got := lines[0]["type"]; got != "number_of_executions" {
		t.Errorf("first line type: got %v, want number_of_executions", got)
	}
	if got := lines[len(lines)-1]["type"]; got != "end_of_execution" {
		t.Errorf("last line type: got %v, want end_of_execution", got)
	}
}

// ofType returns the lines of one type.
func ofType(lines []map[string]any, typ string) []map[string]any {
	var out []map[string]any
	for _, l := range lines {
		if l["type"] == typ {
			out = append(out, l)
		}
	}
	return out
}

// mainText returns the text of the main result, failing if there is none.
func mainText(t testing.TB, lines []map[string]any) string {
	t.Helper()
	for _, l := range ofType(lines, "result") {
		if l["is_main_result"] == true {
			return l["text"].(string)
		}
	}
	t.Fatalf("no main result in %v", lines)
	return ""
}

// sandboxPIDs lists host processes that belong to the sandbox (by the
// E2B_SANDBOX_ID in their environment or command line).
func sandboxPIDs(t *testing.T, id string) []string {
	t.Helper()
	dirs, err := filepath.Glob("/proc/[0-9]*")
	if err != nil {
		t.Fatal(err)
	}
	var pids []string
	for _, d := range dirs {
		env, _ := os.ReadFile(d + "/environ")
		cmd, _ := os.ReadFile(d + "/cmdline")
		if bytes.Contains(env, []byte("E2B_SANDBOX_ID="+id)) || bytes.Contains(cmd, []byte(id)) {
			pids = append(pids, filepath.Base(d))
		}
	}
	return pids
}

// mustSandboxPIDs is sandboxPIDs for a sandbox that must have processes
// running: it fails the test when none is found.
func mustSandboxPIDs(t *testing.T, id string) []string {
	t.Helper()
	pids := sandboxPIDs(t, id)
	if len(pids) == 0 {
		t.Fatalf("no host process found for sandbox %s", id)
	}
	return pids
}

// eventually polls cond every 50ms until it holds or d passes.
func eventually(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return cond()
}

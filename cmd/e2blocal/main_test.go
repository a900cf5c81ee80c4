package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBinary builds the command, reads the URLs it prints, drives the
// fault-injection routes and checks SIGTERM kills every sandbox.
func TestBinary(t *testing.T) {
	if err := exec.Command("/usr/bin/python3", "-c", "import IPython").Run(); err != nil {
		t.Skipf("/usr/bin/python3 lacks IPython: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "e2blocal")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// Not t.TempDir: its parent is mode 0700, and the sandboxes' own
	// unprivileged users must reach their dirs under the root.
	root, err := os.MkdirTemp("", "e2blocal-bin-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	cmd := exec.Command(bin, "-listen", "127.0.0.1:0", "-root", root, "-api-key", "k")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	urls := map[string]string{}
	sc := bufio.NewScanner(stdout)
	for len(urls) < 2 && sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), "=")
		urls[k] = v
	}
	api := urls["E2B_API_URL"]
	if !strings.HasPrefix(api, "http://127.0.0.1:") || urls["E2B_SANDBOX_URL"] != api {
		t.Fatalf("printed URLs: got %v, want E2B_API_URL and E2B_SANDBOX_URL on 127.0.0.1", urls)
	}

	call := func(method, path, body string, header map[string]string) (int, string) {
		req, _ := http.NewRequest(method, api+path, strings.NewReader(body))
		req.Header.Set("X-API-KEY", "k")
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	status, body := call("POST", "/v2/sandboxes", `{"templateID":"code-interpreter-v1"}`, nil)
	var sb struct{ SandboxID, EnvdAccessToken string }
	if status != http.StatusCreated || json.Unmarshal([]byte(body), &sb) != nil {
		t.Fatalf("create: got %d %s, want 201", status, body)
	}
	data := map[string]string{"E2b-Sandbox-Id": sb.SandboxID, "E2b-Sandbox-Port": "49999", "X-Access-Token": sb.EnvdAccessToken}
	if status, body := call("POST", "/execute", `{"code":"6*7"}`, data); status != http.StatusOK || !strings.Contains(body, `"text": "42"`) {
		t.Fatalf("execute: got %d %s, want a 42 result", status, body)
	}
	if status, body := call("GET", "/_local/sandboxes/"+sb.SandboxID+"/exec-count", "", nil); status != http.StatusOK || strings.TrimSpace(body) != `{"execCount":1}` {
		t.Errorf("exec-count: got %d %s, want {\"execCount\":1}", status, body)
	}
	if status, _ := call("POST", "/_local/sandboxes/"+sb.SandboxID+"/kill-kernel", "", nil); status != http.StatusNoContent {
		t.Errorf("kill-kernel: got %d, want 204", status)
	}
	if status, _ := call("POST", "/_local/sandboxes/inope/kill", "", nil); status != http.StatusNotFound {
		t.Errorf("kill unknown: got %d, want 404", status)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit after SIGTERM: %v\n%s", err, stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("no exit 15s after SIGTERM")
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Errorf("sandbox dirs left in root after SIGTERM: %d", len(entries))
	}
}

package e2blocal_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// cellOutcome is what a cell printed and the error it ended with.
func cellOutcome(lines []map[string]any) (stdout, errName, errValue string) {
	var b strings.Builder
	for _, l := range ofType(lines, "stdout") {
		s, _ := l["text"].(string)
		b.WriteString(s)
	}
	if errs := ofType(lines, "error"); len(errs) > 0 {
		errName, _ = errs[0]["name"].(string)
		errValue, _ = errs[0]["value"].(string)
	}
	return b.String(), errName, errValue
}

// limitsOrSkip skips when the server cannot enforce limits by cgroups and
// a disk of its own here (not root, no cgroups, no loop devices).
func limitsOrSkip(t *testing.T) {
	t.Helper()
	bwrapOrSkip(t)
	if os.Geteuid() != 0 {
		t.Skip("sandbox limits by cgroups and loop-mounted disks need a root server")
	}
}

// TestSandboxLimits runs hostile cells against real limits (cgroup memory,
// pids and CPU, a size-limited disk for /home/user and /tmp, a
// size-limited /dev/shm) in one sandbox while a second one holds state,
// and checks each fails cleanly, the kernel stays usable (or is replaced
// with a clear error), and the other sandbox is untouched.
func TestSandboxLimits(t *testing.T) {
	limitsOrSkip(t)
	root, err := os.MkdirTemp("/var/tmp", "e2blocal-limits-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	lim := e2blocal.Limits{MemoryMB: 256, CPUs: 0.5, Pids: 64, DiskMB: 64, ShmMB: 32}
	srv, base := newServer(t, e2blocal.Config{Isolation: "bwrap", Root: root, Limits: lim, MaxSandboxes: 2})
	if !srv.Isolated() {
		t.Fatal("Isolated: got false with isolation bwrap")
	}
	a := create(t, base, map[string]any{})
	b := create(t, base, map[string]any{})
	b.run(t, "kept = 'still here'")
	a.run(t, "mine = 41")

	const fill = `
import errno, os
def fill(path, chunk=1 << 20, most=1 << 12):
    try:
        with open(path, 'wb') as f:
            for _ in range(most):
                f.write(b'x' * chunk)
                f.flush()
        return 'no error'
    except OSError as e:
        return errno.errorcode[e.errno]
    finally:
        if os.path.exists(path):
            os.remove(path)
`
	tests := []struct {
		name             string
		code             string
		stdout           string // wanted in stdout
		errName, errText string // wanted error name and text in its value ("" for none)
	}{
		{"one allocation of 8x the limit is a MemoryError", "x = b'x' * (2048 << 20)", "", "MemoryError", ""},
		{"the kernel keeps its state after a MemoryError", "print(mine + 1)", "42", "", ""},
		{"growing to 2x the limit kills the kernel with a memory error",
			"hog = []\nfor _ in range(512):\n    hog.append(b'x' * (1 << 20))", "",
			"DeadKernelError", "ran out of memory (its limit is 256 MiB)"},
		{"the next cell runs in a new kernel", "print('mine' in globals(), 6 * 7)", "False 42", "", ""},
		{"filling /tmp gets ENOSPC", fill + "print(fill('/tmp/fill'))", "ENOSPC", "", ""},
		{"filling /home/user gets ENOSPC", fill + "print(fill('/home/user/fill'))", "ENOSPC", "", ""},
		{"filling /dev/shm gets ENOSPC", fill + "print(fill('/dev/shm/fill'))", "ENOSPC", "", ""},
		{"/home/user is the size of the disk limit",
			"import os; st = os.statvfs('/home/user'); print(40 <= st.f_blocks * st.f_frsize >> 20 <= 64)", "True", "", ""},
		{"too many processes get EAGAIN", `
import errno, subprocess
procs, got = [], 'no error'
try:
    for _ in range(200):
        procs.append(subprocess.Popen(['sleep', '30']))
except OSError as e:
    got = errno.errorcode[e.errno]
for p in procs:
    p.kill(); p.wait()
print(got)`, "EAGAIN", "", ""},
		{"the kernel is usable afterwards", "import pandas as pd; print(pd.DataFrame({'b': [2, 4]}).b.mean())", "3.0", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, name, value := cellOutcome(a.run(t, tc.code))
			if !strings.Contains(out, tc.stdout) {
				t.Errorf("stdout: got %q, want it to contain %q (error %s: %s)", out, tc.stdout, name, value)
			}
			if name != tc.errName || !strings.Contains(value, tc.errText) {
				t.Errorf("error: got %q %q, want %q containing %q", name, value, tc.errName, tc.errText)
			}
		})
	}

	// The other sandbox kept its kernel and its state through all of it.
	if out, name, value := cellOutcome(b.run(t, "print(kept)")); out != "still here\n" || name != "" {
		t.Errorf("other sandbox: got %q (error %s: %s), want its state intact", out, name, value)
	}
	// The limits are the configured ones on the host side too.
	for file, want := range map[string]string{"memory/*/" + a.id + "/memory.limit_in_bytes": "268435456",
		"cpu/*/" + a.id + "/cpu.cfs_quota_us": "50000", "pids/*/" + a.id + "/pids.max": "64"} {
		got := cgroupValue(t, file)
		if got != "" && got != want {
			t.Errorf("%s: got %s, want %s", file, got, want)
		}
	}
}

// cgroupValue reads a cgroup v1 file of the sandbox under any parent path
// ("" when the host uses cgroup v2).
func cgroupValue(t *testing.T, pattern string) string {
	t.Helper()
	var matches []string
	for _, depth := range []string{"", "*/", "*/*/", "*/*/*/"} {
		ctl, rest, _ := strings.Cut(pattern, "/*/")
		m, _ := filepath.Glob(filepath.Join("/sys/fs/cgroup", ctl, depth, rest))
		matches = append(matches, m...)
	}
	if len(matches) == 0 {
		if _, err := os.Stat("/sys/fs/cgroup/cgroup.controllers"); err == nil {
			return ""
		}
		t.Fatalf("no cgroup file %s", pattern)
	}
	b, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// TestCapacity429 checks a create over the server's capacity is answered
// as E2B answers its concurrency limit, that a paused sandbox frees its
// slot and that a killed one does too.
func TestCapacity429(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{Isolation: "none", MaxSandboxes: 2})
	a := create(t, base, map[string]any{})
	create(t, base, map[string]any{})
	resp, body := do(t, "POST", base+"/v2/sandboxes", jsonBody(t, map[string]any{"templateID": "code-interpreter-v1"}), nil)
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("third create: got %d %s, want 429", resp.StatusCode, body)
	}
	var e wire.APIError
	if err := json.Unmarshal(body, &e); err != nil || e.Code != 429 ||
		!strings.Contains(e.Message, "maximum number of concurrent E2B sandboxes (2)") {
		t.Errorf("429 body: got %s (%v), want {code: 429, message: E2B's concurrency-limit words}", body, err)
	}
	if got := resp.Header.Get("Retry-After"); got != "" {
		t.Errorf("Retry-After: got %q, want none (E2B sends none)", got)
	}
	if r, b := do(t, "POST", base+"/sandboxes/"+a.id+"/pause", nil, nil); r.StatusCode != http.StatusNoContent {
		t.Fatalf("pause: %d %s", r.StatusCode, b)
	}
	c := create(t, base, map[string]any{}) // the paused one holds no slot
	r, b := do(t, "POST", base+"/v2/sandboxes/"+a.id+"/connect", jsonBody(t, map[string]any{"timeout": 60}), nil)
	if r.StatusCode != http.StatusTooManyRequests {
		t.Errorf("resume over capacity: got %d %s, want 429", r.StatusCode, b)
	}
	if r, b := do(t, "DELETE", base+"/sandboxes/"+c.id, nil, nil); r.StatusCode != http.StatusNoContent {
		t.Fatalf("kill: %d %s", r.StatusCode, b)
	}
	if r, b := do(t, "POST", base+"/v2/sandboxes/"+a.id+"/connect", jsonBody(t, map[string]any{"timeout": 60}), nil); r.StatusCode != http.StatusCreated {
		t.Errorf("resume after a kill: got %d %s, want 201", r.StatusCode, b)
	}
}

package e2blocal_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// isolationHelpers is run first in each sandbox of TestLeastPrivilege.
const isolationHelpers = `
import os, socket, subprocess
def denied(fn, *args):
    try:
        fn(*args)
    except OSError:
        return "denied"
    return "allowed"
def write(p):
    with open(p, "w") as f:
        f.write("x")
def host_view(needles):
    """Each process's environ, cmdline, mounts, cwd, root, exe and open
    files, and where a needle is in them."""
    seen, found = [], []
    for p in sorted(os.listdir("/proc")):
        if not p.isdigit():
            continue
        view = {}
        for f in ("environ", "cmdline", "mountinfo"):
            try:
                view[f] = open(f"/proc/{p}/{f}", "rb").read()
            except OSError as e:
                view[f] = repr(e).encode()
        for f in ("cwd", "root", "exe"):
            try:
                view[f] = os.readlink(f"/proc/{p}/{f}").encode()
            except OSError as e:
                view[f] = repr(e).encode()
        try:
            fds = os.listdir(f"/proc/{p}/fd")
        except OSError:
            fds = []
        for fd in fds:
            # Where each open file is, and what a file or memfd holds
            # (never a pipe or device, which could block).
            try:
                link = os.readlink(f"/proc/{p}/fd/{fd}")
                view["fd/" + fd] = link.encode()
                if link.startswith("/") and not link.startswith("/dev/"):
                    with open(f"/proc/{p}/fd/{fd}", "rb") as fh:
                        view["fd/" + fd + " content"] = fh.read(1 << 16)
            except OSError:
                pass
        seen.append(p)
        for f, x in view.items():
            for n in needles:
                if n.encode() in x:
                    found.append((p, f, n, x[:300]))
    return seen, found
def environs():
    out = {}
    for p in os.listdir("/proc"):
        if p.isdigit():
            try:
                out[p] = open(f"/proc/{p}/environ", "rb").read()
            except OSError:
                pass
    return out
None
`

// bwrapOrSkip skips the test when bubblewrap itself cannot run here.
func bwrapOrSkip(t *testing.T) {
	t.Helper()
	if out, err := exec.Command("/usr/bin/bwrap", "--ro-bind", "/", "/", "--unshare-user", "--unshare-pid",
		"--unshare-net", "/bin/true").CombinedOutput(); err != nil {
		t.Skipf("bubblewrap does not work on this machine (apt-get install bubblewrap; user namespaces must be allowed): %v: %s", err, out)
	}
}

// pyStr quotes s as a Python string literal (JSON strings are valid ones).
func pyStr(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestLeastPrivilege runs cells that try to reach what a sandbox must not
// (host files, the checkout, another sandbox, the server's environment,
// the network, write access outside its home and /tmp, root and
// capabilities), on real bubblewrap with real Python, and checks that the
// work a sandbox is for (pandas, matplotlib, files both ways) still works.
func TestLeastPrivilege(t *testing.T) {
	bwrapOrSkip(t)
	secret := "leak-me-" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-"))
	t.Setenv("E2BLOCAL_TEST_SECRET", secret)
	// Not under /tmp, which every sandbox has its own of: another sandbox's
	// files must be hidden because the host's tree is, not by chance.
	root, err := os.MkdirTemp("/var/tmp", "e2blocal-iso-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	// The server's TMPDIR, its own: a sandbox must not see it.
	hostTmp, err := os.MkdirTemp("/var/tmp", "e2blocal-host-tmp-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(hostTmp) })
	t.Setenv("TMPDIR", hostTmp)
	srv, base := newServer(t, e2blocal.Config{Isolation: "bwrap", Root: root})
	if !srv.Isolated() {
		t.Fatal("Isolated: got false with isolation bwrap")
	}
	a := create(t, base, map[string]any{})
	b := create(t, base, map[string]any{})
	for _, sb := range []sandbox{a, b} {
		sb.run(t, isolationHelpers)
	}
	b.run(t, "write('/home/user/theirs.txt'); write('/tmp/theirs.txt')")

	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	checkout := filepath.Dir(filepath.Dir(cwd)) // e2b/e2blocal -> the repo root
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, code, want string }{
		{"cannot read /etc/shadow", "denied(lambda: open('/etc/shadow').read())", "denied"},
		{"cannot list /root", "denied(os.listdir, '/root')", "denied"},
		{"sees only its own home under /home", "os.listdir('/home')", "['user']"},
		{"cannot see the checkout", fmt.Sprintf("[p for p in [%s, %s, %s] if os.path.exists(p)]",
			pyStr(checkout), pyStr(cwd), pyStr(filepath.Join(checkout, "go.mod"))), "[]"},
		{"root holds only system dirs", "sorted(set(os.listdir('/')) - {'bin', 'sbin', 'lib', 'lib32', 'lib64', " +
			"'libx32', 'usr', 'etc', 'home', 'tmp', 'proc', 'dev'})", "[]"},
		{"etc is minimal", "sorted(n for n in os.listdir('/etc') if n not in {'passwd', 'group', 'hosts', " +
			"'nsswitch.conf', 'ld.so.cache', 'alternatives', 'fonts', 'matplotlibrc', 'localtime', 'os-release'} " +
			"and not n.startswith('python3'))", "[]"},
		{"cannot see another sandbox's files", fmt.Sprintf("[p for p in [%s, %s, '/home/user/theirs.txt', "+
			"'/tmp/theirs.txt'] if os.path.exists(p)]", pyStr(filepath.Join(root, b.id, "home", "theirs.txt")),
			pyStr(root)), "[]"},
		{"cannot see another sandbox's processes", fmt.Sprintf("e = environs().values(); "+
			"([x for x in e if %s.encode() in x], any(%s.encode() in x for x in e))", pyStr(b.id), pyStr(a.id)), "([], True)"},
		{"cannot see the server's environment", fmt.Sprintf("e = environs(); ('1' in e, str(os.getppid()) in e, "+
			"[p for p in e if %[1]s.encode() in e[p]], [k for k, v in os.environ.items() if %[1]s in v or k == 'E2BLOCAL_TEST_SECRET'])",
			pyStr(secret)), "(True, True, [], [])"},
		// bubblewrap is the sandbox's pid 1: its environment, its command
		// line (with the host paths it binds) and its working directory
		// are as visible from inside as those of the sandbox's own
		// processes; each process's mountinfo shows where its mounts come
		// from.
		{"shows no host path in any process", fmt.Sprintf("seen, found = host_view([%s, %s, %s, %s, %s]); (seen[:2], found)",
			pyStr(checkout), pyStr(cwd), pyStr(root), pyStr(hostTmp), pyStr(os.Getenv("HOME"))), "(['1', '2'], [])"},
		// Its cells yield the CPU to the host's own processes (the worker,
		// Temporal), as a VM on another host would never take theirs.
		{"runs at a lower CPU priority", "os.nice(0)", "10"},
		{"cannot write outside home and tmp", "[p for p in ['/x', '/etc/x', '/etc/passwd', '/usr/x', '/usr/bin/x', " +
			"'/home/x', '/dev/x', '/proc/x'] if denied(write, p) != 'denied']", "[]"},
		{"can write home and tmp", "[denied(write, p) for p in ['/home/user/w', '/tmp/w', '/dev/shm/w']] + " +
			"[__import__('multiprocessing').Lock().acquire(), open('/dev/null', 'w').write('x')]", "['allowed', 'allowed', 'allowed', True, 1]"},
		{"runs as user 1000", "(os.getuid(), os.geteuid(), os.getgid(), os.environ['HOME'], os.environ['USER'], " +
			"subprocess.run(['whoami'], capture_output=True, text=True).stdout.strip())",
			"(1000, 1000, 1000, '/home/user', 'user', 'user')"},
		{"tmp is like /tmp", "(oct(os.stat('/tmp').st_mode & 0o7777), oct(os.stat('/home/user').st_mode & 0o7777))", "('0o1777', '0o755')"},
		{"has no capabilities", "[l.strip() for l in open('/proc/self/status') if l.startswith('Cap') and l.split()[1].strip('0')]", "[]"},
		{"cannot make user namespaces", "subprocess.run(['unshare', '--user', 'true'], capture_output=True).returncode != 0", "True"},
		{"has E2B's hostname, not the host's", "(socket.gethostname(), socket.gethostbyname(socket.gethostname()))", "('e2b.local', '127.0.1.1')"},
		{"has no network", fmt.Sprintf("(socket.if_nameindex(), denied(socket.create_connection, ('127.0.0.1', %s), 2), "+
			"denied(socket.create_connection, ('1.1.1.1', 53), 2))", u.Port()), "([(1, 'lo')], 'denied', 'denied')"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mainText(t, a.run(t, tc.code)); got != tc.want {
				t.Errorf("%s\ngot  %s\nwant %s", tc.code, got, tc.want)
			}
		})
	}

	t.Run("host dirs are private to each sandbox's user", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("sandboxes run as the server's own user when it is not root")
		}
		var owners []uint32
		for _, sb := range []sandbox{a, b} {
			fi, err := os.Stat(filepath.Join(root, sb.id))
			if err != nil {
				t.Fatal(err)
			}
			st := fi.Sys().(*syscall.Stat_t)
			if st.Uid == 0 || fi.Mode().Perm() != 0o700 {
				t.Errorf("sandbox dir %s: got owner %d mode %v, want an unprivileged owner and mode 0700", sb.id, st.Uid, fi.Mode().Perm())
			}
			owners = append(owners, st.Uid)
		}
		if owners[0] == owners[1] {
			t.Errorf("both sandboxes run as host uid %d, want one uid each", owners[0])
		}
	})

	t.Run("a fork bomb stops at the process limit", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("the process limit needs a host uid of the sandbox's own (server running as root)")
		}
		// Threads count as processes: start sleeping ones until the limit refuses one.
		code := `
import threading, resource
stop = threading.Event()
n = 0
try:
    for _ in range(4096):
        threading.Thread(target=stop.wait, daemon=True).start()
        n += 1
except RuntimeError:
    pass
stop.set()
(resource.getrlimit(resource.RLIMIT_NPROC), 100 < n < 1024)`
		if got := mainText(t, a.run(t, code)); got != "((1024, 1024), True)" {
			t.Errorf("got %s, want ((1024, 1024), True): the limit set and the thread that crossed it refused", got)
		}
	})

	t.Run("pandas, matplotlib and files both ways", func(t *testing.T) {
		h := a.header(wire.EnvdPort)
		h["Content-Type"] = "application/octet-stream"
		if resp, body := do(t, "POST", base+"/files?path=/home/user/data/sales.csv", strings.NewReader("month,sales\n1,10\n2,30\n"), h); resp.StatusCode != http.StatusOK {
			t.Fatalf("upload: got %d %s, want 200", resp.StatusCode, body)
		}
		// The cell changes the uploaded file and writes beside it: both belong to the user.
		lines := a.run(t, `
import pandas as pd, matplotlib.pyplot as plt
with open('/home/user/data/sales.csv', 'a') as f:
    f.write('3,20\n')
df = pd.read_csv('/home/user/data/sales.csv')
df.to_json('/home/user/data/sales.json')
plt.plot(df.month, df.sales)
plt.show()
int(df.sales.sum())`)
		if got := mainText(t, lines); got != "60" {
			t.Errorf("sum of sales: got %s, want 60", got)
		}
		var png map[string]any
		for _, l := range ofType(lines, "result") {
			if l["png"] != nil {
				png = l
			}
		}
		if png == nil {
			t.Fatalf("no PNG result in %v", lines)
		}
		checkPNG(t, png)
		if resp, body := do(t, "GET", base+"/files?path=/home/user/data/sales.json", nil, a.header(wire.EnvdPort)); resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"sales"`) {
			t.Errorf("download of the cell's file: got %d %s, want 200 with the JSON", resp.StatusCode, body)
		}
		for _, p := range []string{"/home/user/data", "/home/user/data/sales.csv", "/home/user/data/sales.json"} {
			resp, err := a.fs().Stat(context.Background(), connect.NewRequest(&filesystem.StatRequest{Path: p}))
			if err != nil {
				t.Fatalf("stat %s: %v", p, err)
			}
			if e := resp.Msg.GetEntry(); e.GetOwner() != "user" || e.GetGroup() != "user" {
				t.Errorf("stat %s: got owner %s:%s, want user:user", p, e.GetOwner(), e.GetGroup())
			}
		}
	})
}

// BenchmarkFirstCell measures what isolation costs a new sandbox: create
// it, start its kernel with a first cell, kill it.
func BenchmarkFirstCell(b *testing.B) {
	for _, iso := range []string{"none", "bwrap"} {
		b.Run(iso, func(b *testing.B) {
			srv, base := newServer(b, e2blocal.Config{Isolation: iso})
			if iso == "bwrap" && !srv.Isolated() {
				b.Skip("bubblewrap does not work on this machine")
			}
			for b.Loop() {
				sb := create(b, base, map[string]any{})
				if got := mainText(b, sb.run(b, "import pandas, matplotlib.pyplot\n6*7")); got != "42" {
					b.Fatalf("first cell: got %s, want 42", got)
				}
				if resp, body := do(b, "DELETE", base+"/sandboxes/"+sb.id, nil, nil); resp.StatusCode != http.StatusNoContent {
					b.Fatalf("kill: got %d %s, want 204", resp.StatusCode, body)
				}
			}
		})
	}
}

// TestUnreachableRoot: a root whose parent the sandboxes' own host uids
// cannot enter stops the server with a message naming the directory and the
// fix, in auto mode too (falling back to no isolation would hide a mistake).
func TestUnreachableRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("sandboxes have their own host uids only when the server runs as root")
	}
	bwrapOrSkip(t)
	if err := pythonCheck(); err != nil {
		t.Skipf("%s lacks IPython/pandas/matplotlib: %v", python, err)
	}
	parent := t.TempDir() // mode 0700
	if err := os.Chmod(parent, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, iso := range []string{"auto", "bwrap"} {
		_, err := e2blocal.New(e2blocal.Config{Isolation: iso, Root: filepath.Join(parent, "root")})
		want := fmt.Sprintf("%s has mode 0700", parent)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "chmod o+x "+parent) {
			t.Errorf("isolation %s: got error %v, want one saying %q and how to fix it", iso, err, want)
		}
	}
}

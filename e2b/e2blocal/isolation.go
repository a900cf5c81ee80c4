package e2blocal

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// The sandbox user as its processes see it: E2B's templates run code as
// "user" (uid 1000) with home /home/user.
const (
	sandboxUser = "user"
	sandboxUID  = 1000
)

// sandboxHostname is what E2B sandboxes answer to hostname (seen in public
// reports of uname and hostname inside E2B sandboxes), instead of the host's.
const sandboxHostname = "e2b.local"

// Host uids for sandboxes when the server runs as root: each sandbox gets
// its own unprivileged uid (and gid of the same number) drawn from this
// range, like systemd's DynamicUser, so a process that got out of its mount
// namespace would still be an unknown user without rights to the host's or
// other sandboxes' files. The range lies above the ranges that
// systemd-nspawn, rootless containers and login users take.
const (
	hostUIDBase  = 2_000_000_000
	hostUIDRange = 100_000_000
)

// isolation is how sandbox processes are isolated, chosen once in New.
type isolation struct {
	bwrap    bool
	hostUIDs bool     // bwrap runs as a per-sandbox unprivileged host uid (server is root)
	sysArgs  []string // bwrap arguments for the read-only system part of the tree
}

// etcFiles are the synthetic /etc files every sandbox gets: just enough for
// whoami, getpwuid (Python's pwd, pathlib's ~) and localhost lookups.
var etcFiles = map[string]string{
	"passwd": "root:x:0:0:root:/root:/bin/bash\n" +
		fmt.Sprintf("%s:x:%d:%d::/home/user:/bin/bash\n", sandboxUser, sandboxUID, sandboxUID) +
		"nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n",
	"group":         "root:x:0:\n" + fmt.Sprintf("%s:x:%d:\n", sandboxUser, sandboxUID) + "nogroup:x:65534:\n",
	"hosts":         "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n127.0.1.1\t" + sandboxHostname + "\n",
	"nsswitch.conf": "passwd: files\ngroup: files\nshadow: files\nhosts: files\n",
}

// hostEtc are the host's /etc entries that the interpreter and its libraries
// read, bound read-only when present: the dynamic linker's cache and the
// alternatives symlinks it resolves (BLAS/LAPACK for numpy), fontconfig,
// Debian's matplotlibrc (mpl-data/matplotlibrc links to it) and Python's
// sitecustomize. Nothing in them is a secret; the rest of /etc is not shown.
var hostEtc = []string{"ld.so.cache", "alternatives", "fonts", "matplotlibrc", "python3"}

// systemArgs returns the bwrap arguments for the read-only system tree:
// /usr, the top-level /bin /lib /lib64 /sbin links (or dirs, on a system
// without merged /usr), the Python install if it lies outside /usr, and the
// host's part of the /etc described above (bwrapArgs adds the synthetic
// files). Nothing else of the host is shown.
func systemArgs(python string) ([]string, error) {
	args := []string{"--ro-bind", "/usr", "/usr"}
	for _, top := range []string{"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"} {
		fi, err := os.Lstat(top)
		switch {
		case err != nil:
			continue
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(top)
			if err != nil {
				return nil, fmt.Errorf("read link %s: %w", top, err)
			}
			args = append(args, "--symlink", target, top)
		case fi.IsDir():
			args = append(args, "--ro-bind", top, top)
		}
	}
	prefixes, err := pythonPrefixes(python)
	if err != nil {
		return nil, err
	}
	for _, p := range prefixes {
		if p != "/usr" && !strings.HasPrefix(p, "/usr/") {
			args = append(args, "--ro-bind", p, p)
		}
	}
	args = append(args, "--perms", "0755", "--dir", "/etc")
	for _, name := range hostEtc {
		args = append(args, "--ro-bind-try", "/etc/"+name, "/etc/"+name)
	}
	if matches, _ := filepath.Glob("/etc/python3.*"); len(matches) > 0 {
		for _, m := range matches {
			args = append(args, "--ro-bind", m, m)
		}
	}
	args = append(args, "--symlink", "/usr/share/zoneinfo/Etc/UTC", "/etc/localtime",
		"--symlink", "../usr/lib/os-release", "/etc/os-release")
	return args, nil
}

// pythonPrefixes returns the interpreter's install prefixes (a venv and the
// Python it was made from), resolved, so one outside /usr can be shown too.
func pythonPrefixes(python string) ([]string, error) {
	out, err := exec.Command(python, "-I", "-c",
		"import os, sys\nfor p in {sys.prefix, sys.base_prefix, os.path.dirname(os.path.realpath(sys.executable))}: print(os.path.realpath(p))").Output()
	if err != nil {
		return nil, fmt.Errorf("ask %s for its prefix: %w", python, err)
	}
	return strings.Fields(string(out)), nil
}

// reachable checks that a sandbox's unprivileged host uid can reach dir:
// bubblewrap, running as that uid, bind-mounts the sandbox's dirs from
// there, so every directory on the way must be searchable by others.
func reachable(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for p := abs; ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("%s has mode %#o, so the sandboxes' unprivileged users cannot reach their "+
				"directories under %s; make it searchable (chmod o+x %s) or choose another root", p, fi.Mode().Perm(), abs, p)
		}
		if p == "/" {
			return nil
		}
	}
}

// newHostUID picks an unprivileged host uid no live sandbox of s uses.
func (s *Server) newHostUID() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		uid := hostUIDBase + rand.IntN(hostUIDRange)
		if !s.uids[uid] {
			s.uids[uid] = true
			return uid
		}
	}
}

// releaseHostUID returns uid to the pool once its sandbox is gone.
func (s *Server) releaseHostUID(uid int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.uids, uid)
}

// bwrapArgs returns bwrap's options that run a command as the sandbox
// user: a fresh root holding only the system tree, the sandbox's own
// /home/user and /tmp, a new /proc (own pid namespace) and a minimal /dev;
// every namespace unshared (so no network), no capabilities, no further
// user namespaces, and only env in the environment. files are the contents
// bwrap reads from the descriptors after bwrapArgsFD, in order: the
// synthetic /etc files, copied into the sandbox's root (--file) rather
// than bound from a host dir, whose path /proc/self/mountinfo would show.
func (sb *sandbox) bwrapArgs(cwd string, env []string) (opts, files []string) {
	iso := sb.srv.iso
	args := []string{"--unshare-user", "--uid", fmt.Sprint(sandboxUID), "--gid", fmt.Sprint(sandboxUID),
		"--disable-userns", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
		"--unshare-cgroup-try", "--hostname", sandboxHostname, "--cap-drop", "ALL", "--die-with-parent", "--clearenv"}
	args = append(args, iso.sysArgs...)
	names := make([]string, 0, len(etcFiles))
	for name := range etcFiles {
		names = append(names, name)
	}
	slices.Sort(names)
	for i, name := range names {
		args = append(args, "--perms", "0644", "--file", fmt.Sprint(bwrapArgsFD+1+i), "/etc/"+name)
		files = append(files, etcFiles[name])
	}
	args = append(args, "--proc", "/proc", "--dev", "/dev", "--size", fmt.Sprint(int64(sb.srv.cfg.Limits.ShmMB)<<20), "--tmpfs", "/dev/shm",
		"--bind", sb.hostTmp, "/tmp", "--perms", "0755", "--dir", "/home", "--bind", sb.hostHome, homeDir,
		// The root, /etc, /home and /dev are read-only; only /home/user, /tmp
		// and /dev/shm (POSIX semaphores for multiprocessing) are writable.
		"--remount-ro", "/dev", "--remount-ro", "/", "--chdir", cwd)
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		args = append(args, "--setenv", k, v)
	}
	return args, files
}

// joinCgroupScript is run by /bin/sh as the sandbox's host uid before
// bubblewrap: it writes its own pid into each cgroup v1 procs file given
// ($1 counts them), so everything bwrap starts is inside the sandbox's
// cgroups from its first instruction, then execs the rest of its arguments
// without the PWD the shell exports.
const joinCgroupScript = `n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 126; shift; n=$((n-1)); done; unset PWD OLDPWD; exec "$@"`

// bwrapArgsFD is the descriptor on which bwrap reads its arguments (the
// command's ExtraFiles[0]); the files of bwrapArgs follow it.
const bwrapArgsFD = 3

// bwrapCommand returns the command running argv under bwrap with opts: inside the
// sandbox's cgroups (cgroup v1 through joinCgroupScript; v2 through
// clone3, set in command) and under prlimit's rlimits: processes per host
// uid, address space (see Limits.addressSpaceMB) and, without a disk of
// its own, file size.
//
// bwrap is the sandbox's pid 1, so its command line, environment and
// working directory are what a sandbox sees of the host: it runs in / with
// no environment, and reads its arguments (the host paths it binds among
// them) from a memfd (--args) that it closes once read, so its command
// line is "bwrap --args 3 -- argv" (bwrap takes the command only from its
// own command line), paths of the sandbox only. The caller closes ExtraFiles once the command
// has started (sandbox.start does).
func (sb *sandbox) bwrapCommand(opts, files, command []string) (*exec.Cmd, error) {
	var extra []*os.File
	for i, content := range append([]string{nulJoin(opts)}, files...) {
		f, err := memfd(fmt.Sprintf("bwrap-%d", bwrapArgsFD+i), content)
		if err != nil {
			for _, f := range extra {
				f.Close()
			}
			return nil, fmt.Errorf("bwrap arguments: %w", err)
		}
		extra = append(extra, f)
	}
	argv := append([]string{"/usr/bin/bwrap", "--args", fmt.Sprint(bwrapArgsFD), "--"}, command...)
	l, enf := sb.srv.cfg.Limits, sb.srv.enf
	if p := enf.prlimit; p != "" {
		pl := []string{p, fmt.Sprintf("--as=%d", int64(l.addressSpaceMB())<<20)}
		if sb.srv.iso.hostUIDs {
			pl = append(pl, fmt.Sprintf("--nproc=%d:%d", l.Pids, l.Pids))
		}
		if sb.diskImg == "" {
			pl = append(pl, fmt.Sprintf("--fsize=%d", int64(l.DiskMB)<<20))
		}
		argv = append(append(pl, "--"), argv...)
	}
	if files := sb.cg.procsFiles(); len(files) > 0 {
		pre := append([]string{"/bin/sh", "-c", joinCgroupScript, "sh", fmt.Sprint(len(files))}, files...)
		argv = append(pre, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = "/"
	// bwrap itself gets no environment, so none of the server's can reach
	// the sandbox (not even through /proc/1/environ).
	cmd.Env = []string{}
	cmd.ExtraFiles = extra // from bwrapArgsFD on
	return cmd, nil
}

// nulJoin ends each of args with a NUL byte: what bwrap's --args reads.
func nulJoin(args []string) string {
	var b strings.Builder
	for _, a := range args {
		b.WriteString(a)
		b.WriteByte(0)
	}
	return b.String()
}

// memfd returns a memfd holding content, read from its start. A memfd has
// no path on the host's file systems.
func memfd(name, content string) (*os.File, error) {
	fd, err := unix.MemfdCreate(name, unix.MFD_CLOEXEC)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), name)
	if _, err := f.WriteString(content); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, 0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// bwrapCredential is who bwrap runs as on the host: the sandbox's own
// unprivileged uid when the server is root, else the server's user.
func (sb *sandbox) bwrapCredential() *syscall.Credential {
	if !sb.srv.iso.hostUIDs {
		return nil
	}
	return &syscall.Credential{Uid: uint32(sb.uid), Gid: uint32(sb.uid), Groups: []uint32{}}
}

// errNoBwrap reports that bubblewrap cannot run a sandbox on this machine.
var errNoBwrap = errors.New("bubblewrap does not work")

// probeBwrap runs the interpreter in a throw-away sandbox with the real
// arguments, so a machine where bwrap (or an unprivileged user namespace,
// or the root dir) does not work is found at start-up with bwrap's reason.
func (s *Server) probeBwrap() error {
	sb, err := s.newSandbox("probe", 0, false)
	if err != nil {
		return err
	}
	defer func() { _ = sb.kill() }()
	cmd, err := sb.command(homeDir, nil, s.cfg.Python, "-I", "-c", "import os; os.listdir('/home/user'); open('/tmp/probe', 'w').close()")
	if err != nil {
		return err
	}
	out, err := cmd.CombinedOutput()
	closeExtraFiles(cmd)
	if err != nil {
		return fmt.Errorf("%w: %w: %s", errNoBwrap, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// closeExtraFiles closes the parent's copies of the files a command was
// given, once it has started (or failed to).
func closeExtraFiles(cmd *exec.Cmd) {
	for _, f := range cmd.ExtraFiles {
		if f != nil {
			_ = f.Close()
		}
	}
}

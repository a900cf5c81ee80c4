package e2blocal

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Sandbox states as reported by the API.
const (
	stateRunning = "running"
	statePaused  = "paused"
)

// homeDir is where a sandbox's own directory appears to its processes.
const homeDir = "/home/user"

// sandbox is one live sandbox: its directories, its process trees, its
// execution contexts and its envd processes.
type sandbox struct {
	srv        *Server
	holdsSlot  bool // removed to be killed, it still holds a slot (guarded by srv.mu)
	id         string
	templateID string
	token      string // envd access token; empty when not secured
	metadata   map[string]string
	envVars    map[string]string
	autoPause  bool
	autoResume bool // data-plane traffic wakes it when paused
	internet   *bool
	startedAt  time.Time
	dir        string // host dir holding home/ and tmp/
	hostHome   string
	hostTmp    string
	uid        int // host uid and gid owning the sandbox's files; -1 when not set apart
	execCount  atomic.Int64
	cg         *sandboxCgroup // nil when limits are rlimits only
	cgFD       int            // open cgroup v2 dir for clone3, or -1
	diskImg    string         // the loop-mounted disk image holding dir; "" without one
	ooms       int            // OOM kills already reported to a cell

	mu       sync.Mutex
	state    string
	endAt    time.Time
	dead     bool
	trees    map[int]*exec.Cmd // leader pid -> process tree (own process group)
	contexts map[string]*execContext
	defaults map[string]*execContext // language -> default context
	procs    map[uint32]*proc        // envd processes by pid
	nextPID  uint32
}

func (s *Server) newSandbox(templateID string, timeout time.Duration, secure bool) (*sandbox, error) {
	id := "i" + randomString(20)
	dir := filepath.Join(s.cfg.Root, id)
	sb := &sandbox{srv: s, id: id, templateID: templateID, startedAt: time.Now().UTC(),
		dir: dir, hostHome: filepath.Join(dir, "home"), hostTmp: filepath.Join(dir, "tmp"),
		state: stateRunning, trees: map[int]*exec.Cmd{}, contexts: map[string]*execContext{},
		defaults: map[string]*execContext{}, procs: map[uint32]*proc{}, nextPID: 1000,
		metadata: map[string]string{}, envVars: map[string]string{}}
	sb.endAt = sb.startedAt.Add(timeout)
	if secure {
		sb.token = randomString(32)
	}
	sb.uid, sb.cgFD = -1, -1
	if s.iso.hostUIDs {
		sb.uid = s.newHostUID()
	}
	err := sb.makeDirs()
	if err == nil && s.iso.bwrap {
		if sb.cg, err = s.newCgroup(id, sb.uid); err == nil {
			sb.cgFD = sb.cg.cgroupFD()
		}
	}
	if err != nil {
		sb.release()
		return nil, err
	}
	return sb, nil
}

// release frees what the sandbox holds on the host: its cgroup, its disk,
// its dir and its host uid. Its processes are gone or killed with the cgroup.
func (sb *sandbox) release() error {
	sb.cg.remove()
	if sb.cgFD >= 0 {
		_ = syscall.Close(sb.cgFD)
	}
	var errs []error
	if sb.diskImg != "" {
		errs = append(errs, unmountDisk(sb.dir), os.Remove(sb.diskImg))
	}
	if err := os.RemoveAll(sb.dir); err != nil {
		errs = append(errs, fmt.Errorf("remove sandbox dir: %w", err))
	}
	if sb.uid >= 0 {
		sb.srv.releaseHostUID(sb.uid)
	}
	return errors.Join(errs...)
}

// makeDirs makes the sandbox's dir (private to its user), its home (owned
// by its user) and its /tmp (sticky and world-writable, as /tmp is).
func (sb *sandbox) makeDirs() error {
	dirs := []struct {
		path  string
		perm  os.FileMode
		owned bool
	}{{sb.dir, 0o700, true}, {sb.hostHome, 0o755, true}, {sb.hostTmp, 0o777 | os.ModeSticky, false}}
	for _, d := range dirs {
		if err := os.Mkdir(d.path, 0o700); err != nil {
			return fmt.Errorf("make sandbox dir: %w", err)
		}
		// /home/user and /tmp share one size-limited disk, as on E2B.
		if d.path == sb.dir && sb.srv.enf.disk && sb.srv.iso.bwrap {
			img := sb.dir + ".img"
			if err := makeDisk(img, sb.dir, sb.srv.cfg.Limits.DiskMB); err != nil {
				_ = os.Remove(img)
				return err
			}
			sb.diskImg = img
			// ext4's own dir, not the sandbox's; it must not show in df totals' way.
			_ = os.Remove(filepath.Join(sb.dir, "lost+found"))
		}
		if err := os.Chmod(d.path, d.perm); err != nil {
			return fmt.Errorf("make sandbox dir: %w", err)
		}
		if d.owned && sb.uid >= 0 {
			if err := os.Lchown(d.path, sb.uid, sb.uid); err != nil {
				return fmt.Errorf("give sandbox dir to its user: %w", err)
			}
		}
	}
	return nil
}

func (sb *sandbox) currentState() string {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return sb.state
}

func (sb *sandbox) expired(now time.Time) bool {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return sb.state == stateRunning && !now.Before(sb.endAt)
}

// extendTo moves the end to t only if that is later (connect semantics).
func (sb *sandbox) extendTo(t time.Time) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if t.After(sb.endAt) {
		sb.endAt = t
	}
}

func (sb *sandbox) setEnd(t time.Time) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	sb.endAt = t
}

// command builds a command that runs argv inside the sandbox: under bwrap
// with the sandbox's /home/user and /tmp, or as a plain process in its dir.
// cwd is a sandbox path; env adds to the sandbox's base environment.
func (sb *sandbox) command(cwd string, env map[string]string, argv ...string) (*exec.Cmd, error) {
	if cwd == "" {
		cwd = homeDir
	}
	base := map[string]string{
		"PATH":            "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
		"LANG":            "C.UTF-8",
		"HOME":            homeDir,
		"USER":            "user",
		"MPLCONFIGDIR":    "/tmp",
		"IPYTHONDIR":      "/tmp/.ipython",
		"E2B_SANDBOX":     "true",
		"E2B_SANDBOX_ID":  sb.id,
		"E2B_TEMPLATE_ID": sb.templateID,
	}
	if !sb.srv.iso.bwrap {
		base["HOME"], base["MPLCONFIGDIR"], base["IPYTHONDIR"], base["TMPDIR"] =
			sb.hostHome, sb.hostTmp, filepath.Join(sb.hostTmp, ".ipython"), sb.hostTmp
	}
	for k, v := range sb.envVars {
		base[k] = v
	}
	for k, v := range env {
		base[k] = v
	}
	keys := make([]string, 0, len(base))
	for k := range base {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	envList := make([]string, 0, len(keys))
	for _, k := range keys {
		envList = append(envList, k+"="+base[k])
	}
	var cmd *exec.Cmd
	attr := &syscall.SysProcAttr{Setpgid: true}
	if sb.srv.iso.bwrap {
		opts, files := sb.bwrapArgs(cwd, envList)
		var err error
		if cmd, err = sb.bwrapCommand(opts, files, argv); err != nil {
			return nil, err
		}
		attr.Credential = sb.bwrapCredential()
		if sb.cgFD >= 0 {
			attr.UseCgroupFD, attr.CgroupFD = true, sb.cgFD
		}
	} else {
		dir, err := sb.hostPath(cwd)
		if err != nil {
			return nil, err
		}
		cmd = exec.Command(argv[0], argv[1:]...)
		cmd.Dir = dir
		cmd.Env = envList
	}
	cmd.SysProcAttr = attr
	// Every process of a sandbox runs at a lower CPU priority than the
	// host's own (nice 10, inherited by what it starts): an E2B sandbox is
	// a VM on another host, so its cells never slow the worker or the
	// Temporal server; here they share the cores, and without it eight busy
	// kernels on two cores held a worker's workflow tasks back for seconds.
	if nice, err := exec.LookPath("nice"); err == nil {
		cmd.Args = append([]string{nice, "-n", strconv.Itoa(sandboxNice)}, cmd.Args...)
		cmd.Path = nice
	}
	// A child that outlives the leader must not keep Wait blocked on its pipes.
	cmd.WaitDelay = time.Second
	return cmd, nil
}

// sandboxNice is the niceness of a sandbox's processes.
const sandboxNice = 10

// hostPath maps a sandbox path under /home/user or /tmp to the host.
func (sb *sandbox) hostPath(p string) (string, error) {
	m, rel, err := sb.mount(p)
	if err != nil {
		return "", err
	}
	return filepath.Join(m, filepath.FromSlash(rel)), nil
}

// errOutside reports a path outside the sandbox's writable mounts.
var errOutside = errors.New("path is outside the sandbox's /home/user and /tmp")

// cleanPath makes p absolute (relative to /home/user) and clean.
func cleanPath(p string) string {
	if !path.IsAbs(p) {
		p = path.Join(homeDir, p)
	}
	return path.Clean(p)
}

// mount returns the host dir of the mount holding sandbox path p and p's
// slash-separated path relative to it ("." for the mount itself).
func (sb *sandbox) mount(p string) (hostDir, rel string, err error) {
	p = cleanPath(p)
	for _, m := range []struct{ at, host string }{{homeDir, sb.hostHome}, {"/tmp", sb.hostTmp}} {
		if p == m.at {
			return m.host, ".", nil
		}
		if r, ok := strings.CutPrefix(p, m.at+"/"); ok {
			return m.host, r, nil
		}
	}
	return "", "", fmt.Errorf("%w: %s", errOutside, p)
}

// errPaused reports a process start in a paused sandbox.
var errPaused = errors.New("sandbox is paused")

// start starts cmd as one of the sandbox's process trees; the tree is
// forgotten once its leader exits (call wait through the returned func).
func (sb *sandbox) start(cmd *exec.Cmd) (wait func() error, err error) {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.dead {
		closeExtraFiles(cmd)
		return nil, errNoSandbox
	}
	if sb.state == statePaused {
		closeExtraFiles(cmd)
		return nil, errPaused
	}
	err = cmd.Start()
	closeExtraFiles(cmd) // the child has its own copies
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", filepath.Base(cmd.Path), err)
	}
	pid := cmd.Process.Pid
	sb.trees[pid] = cmd
	return func() error {
		err := cmd.Wait()
		// Anything the leader left behind in its group goes with it.
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		sb.mu.Lock()
		delete(sb.trees, pid)
		sb.mu.Unlock()
		return err
	}, nil
}

// signalTrees sends sig to every process group of the sandbox.
func (sb *sandbox) signalTrees(sig syscall.Signal) {
	for pid := range sb.trees {
		_ = syscall.Kill(-pid, sig)
	}
}

// kill kills every process tree, waits for them to go and removes the dir.
func (sb *sandbox) kill() error {
	sb.stop()
	return sb.release()
}

// stop kills every process tree, waits (at most 5 s) for them to go and
// gives back the sandbox's slot.
func (sb *sandbox) stop() {
	defer sb.srv.slotFreed(sb)
	sb.mu.Lock()
	sb.dead = true
	if sb.state == statePaused {
		sb.signalTrees(syscall.SIGCONT)
	}
	// A killed process exits at its own priority: at the sandbox's nice
	// 10, on cores busy with other sandboxes, that took up to a second.
	// Back at the host's priority (root may raise it) it exits at once.
	for pid := range sb.trees {
		_ = syscall.Setpriority(syscall.PRIO_PGRP, pid, 0)
	}
	sb.signalTrees(syscall.SIGKILL)
	sb.mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for {
		sb.mu.Lock()
		left := len(sb.trees)
		sb.mu.Unlock()
		if left == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// pause freezes every process tree (memory survives, like E2B's snapshot).
// It reports false when the sandbox was not running.
func (sb *sandbox) pause() bool {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.state != stateRunning || sb.dead {
		return false
	}
	sb.state = statePaused
	sb.signalTrees(syscall.SIGSTOP)
	return true
}

// resume thaws a paused sandbox until end; it reports whether it was paused.
func (sb *sandbox) resume(end time.Time) bool {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	if sb.state != statePaused {
		return false
	}
	sb.state = stateRunning
	sb.endAt = end
	sb.signalTrees(syscall.SIGCONT)
	return true
}

// gone reports whether the sandbox has been killed.
func (sb *sandbox) gone() bool {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return sb.dead
}

type sandboxKey struct{}

func withSandbox(ctx context.Context, sb *sandbox) context.Context {
	return context.WithValue(ctx, sandboxKey{}, sb)
}

func sandboxFrom(ctx context.Context) *sandbox {
	sb, _ := ctx.Value(sandboxKey{}).(*sandbox)
	return sb
}

// deathCause says why a kernel died mid-cell: the memory limit when the
// sandbox's cgroup counted a new OOM kill, else just that it died.
func (sb *sandbox) deathCause() string {
	n := sb.cg.oomKills()
	sb.mu.Lock()
	oom := n > sb.ooms
	sb.ooms = n
	sb.mu.Unlock()
	if oom {
		return fmt.Sprintf("The kernel died while executing the cell: the sandbox ran out of memory "+
			"(its limit is %d MiB) and the kernel was killed", sb.srv.cfg.Limits.MemoryMB)
	}
	return "The kernel died while executing the cell"
}

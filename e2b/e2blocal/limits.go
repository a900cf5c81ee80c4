package e2blocal

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Limits are what one sandbox may use. The defaults are those of E2B's
// code-interpreter template (memory_mb = 1024 in its e2b.toml, E2B's default
// of 2 vCPUs) and the 10 GiB disk the server lists for every sandbox.
type Limits struct {
	MemoryMB int     // RAM of the sandbox's processes plus its /dev/shm; default 1024
	CPUs     float64 // CPU time per wall second, in cores; default 2
	Pids     int     // processes and threads; default 1024
	DiskMB   int     // /home/user and /tmp together (one file system, like E2B's disk); default 10240
	ShmMB    int     // /dev/shm (RAM, counted in MemoryMB too); default MemoryMB/2, as a VM's /dev/shm
}

// Environment variables of the limits and the capacity, read by
// LimitsFromEnv (cmd/e2blocal's flags default to them; make run uses them).
const (
	EnvMaxSandboxes = "E2BLOCAL_MAX_SANDBOXES"
	EnvMemoryMB     = "E2BLOCAL_MEMORY_MB"
	EnvCPUs         = "E2BLOCAL_CPUS"
	EnvPids         = "E2BLOCAL_PIDS"
	EnvDiskMB       = "E2BLOCAL_DISK_MB"
	EnvShmMB        = "E2BLOCAL_SHM_MB"
)

// LimitsFromEnv reads the limits and the capacity from the E2BLOCAL_*
// variables (unset ones keep their defaults); a bad value is an error that
// names its variable.
func LimitsFromEnv() (l Limits, maxSandboxes int, err error) {
	var errs []error
	num := func(name string, set func(float64), integer bool) {
		v := os.Getenv(name)
		if v == "" {
			return
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || (integer && f != float64(int(f))) || (f <= 0 && name != EnvMaxSandboxes) {
			errs = append(errs, fmt.Errorf("%s=%q: want a positive %s", name, v, map[bool]string{true: "integer", false: "number"}[integer]))
			return
		}
		set(f)
	}
	num(EnvMaxSandboxes, func(f float64) { maxSandboxes = int(f) }, true)
	num(EnvMemoryMB, func(f float64) { l.MemoryMB = int(f) }, true)
	num(EnvCPUs, func(f float64) { l.CPUs = f }, false)
	num(EnvPids, func(f float64) { l.Pids = int(f) }, true)
	num(EnvDiskMB, func(f float64) { l.DiskMB = int(f) }, true)
	num(EnvShmMB, func(f float64) { l.ShmMB = int(f) }, true)
	shm := l.ShmMB // 0 stays 0: half of whatever memory is finally set
	l = l.withDefaults()
	l.ShmMB = shm
	return l, maxSandboxes, errors.Join(errs...)
}

// withDefaults fills the zero fields.
func (l Limits) withDefaults() Limits {
	if l.MemoryMB <= 0 {
		l.MemoryMB = 1024
	}
	if l.CPUs <= 0 {
		l.CPUs = 2
	}
	if l.Pids <= 0 {
		l.Pids = 1024
	}
	if l.DiskMB <= 0 {
		l.DiskMB = 10240
	}
	if l.ShmMB <= 0 {
		l.ShmMB = l.MemoryMB / 2
	}
	return l
}

// addressSpaceMB is the RLIMIT_AS a sandbox process gets: the memory limit
// plus the ~0.5 GiB of address space an idle kernel with pandas maps and
// room to spare. Like a VM with MemoryMB of RAM under Linux's heuristic
// overcommit, an allocation far beyond the limit fails at once (Python's
// MemoryError, the kernel keeps its state); growth past the limit in
// smaller steps meets the memory cgroup, whose OOM killer ends the kernel.
func (l Limits) addressSpaceMB() int { return l.MemoryMB + 1024 }

// enforcement is how the limits are applied on this host, chosen once in New.
type enforcement struct {
	cgroup  string // "v1", "v2" or "" (rlimits only)
	v1      map[string]string
	v2      string // the server's cgroup2 dir under which sandbox cgroups live
	disk    bool   // a loop-mounted ext4 file system per sandbox
	prlimit string
}

// v1Controllers are the cgroup v1 hierarchies a sandbox joins.
var v1Controllers = []string{"memory", "pids", "cpu"}

// setUpLimits decides how limits are enforced and says so once.
func (s *Server) setUpLimits() {
	l := s.cfg.Limits
	e := &s.enf
	if p, err := exec.LookPath("prlimit"); err == nil {
		e.prlimit = p
	}
	var why []string
	if os.Geteuid() != 0 {
		why = append(why, "the server is not root")
	} else {
		if err := s.setUpCgroups(); err != nil {
			why = append(why, err.Error())
		}
		if err := probeDisk(s.cfg.Root); err != nil {
			why = append(why, "disk: "+err.Error())
		} else {
			e.disk = true
		}
	}
	attrs := []any{"memory_mb", l.MemoryMB, "cpus", l.CPUs, "pids", l.Pids, "disk_mb", l.DiskMB, "shm_mb", l.ShmMB,
		"max_sandboxes", s.cfg.MaxSandboxes, "cgroup", e.cgroup, "disk_limit", e.disk}
	if e.cgroup != "" && e.disk {
		s.log.Info("sandbox limits enforced by cgroup "+e.cgroup+" and a loop-mounted disk per sandbox", attrs...)
		return
	}
	fallback := "sandbox limits are only partly enforced (" + strings.Join(why, "; ") + "): "
	if e.cgroup == "" {
		fallback += "memory by RLIMIT_AS per process (virtual memory, harsher than E2B), no CPU share, processes by RLIMIT_NPROC only with per-sandbox uids; "
	}
	if !e.disk {
		fallback += "disk by RLIMIT_FSIZE per file, not per sandbox; "
	}
	if e.prlimit == "" {
		fallback += "and prlimit (util-linux) is missing, so no rlimits either; "
	}
	s.log.Warn("E2BLOCAL: "+strings.TrimSuffix(fallback, "; "), attrs...)
}

// setUpCgroups makes the server's parent cgroup for sandboxes: cgroup v2
// when the unified hierarchy has the memory, pids and cpu controllers,
// else cgroup v1 with those three hierarchies mounted and writable.
func (s *Server) setUpCgroups() error {
	own, err := ownCgroups()
	if err != nil {
		return err
	}
	name := fmt.Sprintf("e2blocal-%d", os.Getpid())
	if b, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers"); err == nil {
		ctl := strings.Fields(string(b))
		if has(ctl, "memory") && has(ctl, "pids") && has(ctl, "cpu") {
			return s.setUpV2(filepath.Join("/sys/fs/cgroup", own[""]), name)
		}
	}
	dirs := map[string]string{}
	for _, c := range v1Controllers {
		p, ok := own[c]
		if !ok {
			return fmt.Errorf("cgroup: neither cgroup v2 with memory, pids and cpu nor a cgroup v1 %s hierarchy", c)
		}
		removeStale(filepath.Join("/sys/fs/cgroup", c, p), false)
		d := filepath.Join("/sys/fs/cgroup", c, p, name)
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			s.removeCgroupDirs(dirs)
			return fmt.Errorf("cgroup v1 %s: %w", c, err)
		}
		dirs[c] = d
	}
	s.enf.cgroup, s.enf.v1 = "v1", dirs
	return nil
}

// setUpV2 moves the server into a leaf of its own cgroup (cgroup v2 allows
// controllers only for cgroups without processes) and enables memory, pids
// and cpu for the sandbox cgroups beside it.
func (s *Server) setUpV2(own, name string) error {
	removeStale(own, true)
	base := filepath.Join(own, name)
	if err := os.Mkdir(base, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("cgroup v2: %w", err)
	}
	leaf := filepath.Join(base, "server")
	if err := os.Mkdir(leaf, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("cgroup v2: %w", err)
	}
	// The server leaves its own cgroup only if that cgroup has no
	// controllers to give; a delegated systemd unit is the usual case.
	if err := writeFile(filepath.Join(own, "cgroup.subtree_control"), "+memory +pids +cpu"); err != nil {
		if err2 := writeFile(filepath.Join(leaf, "cgroup.procs"), strconv.Itoa(os.Getpid())); err2 != nil {
			return fmt.Errorf("cgroup v2: %w", err2)
		}
		if err := writeFile(filepath.Join(own, "cgroup.subtree_control"), "+memory +pids +cpu"); err != nil {
			return fmt.Errorf("cgroup v2: %w", err)
		}
	}
	if err := writeFile(filepath.Join(base, "cgroup.subtree_control"), "+memory +pids +cpu"); err != nil {
		return fmt.Errorf("cgroup v2: %w", err)
	}
	s.enf.cgroup, s.enf.v2 = "v2", base
	return nil
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ownCgroups reads /proc/self/cgroup: controller -> path ("" is cgroup v2).
func ownCgroups() (map[string]string, error) {
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return nil, fmt.Errorf("cgroup: %w", err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[1] == "" {
			out[""] = parts[2]
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			out[c] = parts[2]
		}
	}
	return out, sc.Err()
}

func writeFile(p, v string) error { return os.WriteFile(p, []byte(v), 0o644) }

// removeCgroupDirs removes the server's v1 parent dirs (or v2 base).
func (s *Server) removeCgroupDirs(dirs map[string]string) {
	for _, d := range dirs {
		removeCgroupDir(d, false)
	}
}

// closeLimits removes the server's cgroups; sandboxes are gone by then.
func (s *Server) closeLimits() {
	switch s.enf.cgroup {
	case "v1":
		s.removeCgroupDirs(s.enf.v1)
	case "v2":
		// The server itself sits in base/server and cannot leave; a
		// later server on the host uses its own pid's name.
	}
}

// sandboxCgroup is one sandbox's cgroup: a dir per v1 controller, or one
// v2 dir.
type sandboxCgroup struct {
	dirs []string // v1: one per controller; v2: one
	v2   bool
}

// newCgroup makes the sandbox's cgroup with its limits. uid (>= 0) may
// then move its own processes into it (cgroup v1 joins through a shell
// that writes its pid before it execs bubblewrap).
func (s *Server) newCgroup(id string, uid int) (*sandboxCgroup, error) {
	l := s.cfg.Limits
	mem := int64(l.MemoryMB) << 20
	period := 100_000
	quota := int(l.CPUs * float64(period))
	cg := &sandboxCgroup{}
	fail := func(err error) (*sandboxCgroup, error) {
		cg.remove()
		return nil, fmt.Errorf("sandbox cgroup: %w", err)
	}
	switch s.enf.cgroup {
	case "v1":
		for _, c := range v1Controllers {
			d := filepath.Join(s.enf.v1[c], id)
			if err := os.Mkdir(d, 0o755); err != nil {
				return fail(err)
			}
			cg.dirs = append(cg.dirs, d)
			var err error
			switch c {
			case "memory":
				err = writeFile(filepath.Join(d, "memory.limit_in_bytes"), strconv.FormatInt(mem, 10))
				if err == nil {
					// Without swap the kernel cannot spill; say so where swap exists.
					_ = writeFile(filepath.Join(d, "memory.swappiness"), "0")
				}
			case "pids":
				err = writeFile(filepath.Join(d, "pids.max"), strconv.Itoa(l.Pids))
			case "cpu":
				err = writeFile(filepath.Join(d, "cpu.cfs_period_us"), strconv.Itoa(period))
				if err == nil {
					err = writeFile(filepath.Join(d, "cpu.cfs_quota_us"), strconv.Itoa(quota))
				}
			}
			if err == nil && uid >= 0 {
				err = os.Chown(filepath.Join(d, "cgroup.procs"), uid, uid)
			}
			if err != nil {
				return fail(err)
			}
		}
	case "v2":
		d := filepath.Join(s.enf.v2, id)
		if err := os.Mkdir(d, 0o755); err != nil {
			return fail(err)
		}
		cg.dirs, cg.v2 = []string{d}, true
		for f, v := range map[string]string{"memory.max": strconv.FormatInt(mem, 10), "memory.swap.max": "0",
			"pids.max": strconv.Itoa(l.Pids), "cpu.max": fmt.Sprintf("%d %d", quota, period)} {
			if err := writeFile(filepath.Join(d, f), v); err != nil && !(f == "memory.swap.max" && errors.Is(err, os.ErrNotExist)) {
				return fail(err)
			}
		}
	default:
		return nil, nil
	}
	return cg, nil
}

// procsFiles are the cgroup.procs files a v1 process writes its pid into.
func (cg *sandboxCgroup) procsFiles() []string {
	if cg == nil || cg.v2 {
		return nil
	}
	out := make([]string, len(cg.dirs))
	for i, d := range cg.dirs {
		out[i] = filepath.Join(d, "cgroup.procs")
	}
	return out
}

// oomKills reports how many processes of the sandbox the kernel's OOM
// killer has ended (0 when unknown).
func (cg *sandboxCgroup) oomKills() int {
	if cg == nil {
		return 0
	}
	file, key := "memory.oom_control", "oom_kill"
	if cg.v2 {
		file = "memory.events"
	}
	b, err := os.ReadFile(filepath.Join(cg.dirs[0], file))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok && k == key {
			n, _ := strconv.Atoi(v)
			return n
		}
	}
	return 0
}

// remove kills what is left in the cgroup and removes it. A killed
// process leaves its cgroup only once the kernel has reaped it, so the
// removal is retried for a while.
func (cg *sandboxCgroup) remove() {
	if cg == nil {
		return
	}
	for _, d := range cg.dirs {
		removeCgroupDir(d, cg.v2)
	}
}

// removeCgroupDir kills the processes of one cgroup dir and removes it,
// retrying for up to 5 s while they are still on their way out.
func removeCgroupDir(d string, v2 bool) {
	deadline := time.Now().Add(5 * time.Second)
	for {
		if v2 {
			_ = writeFile(filepath.Join(d, "cgroup.kill"), "1")
		} else if b, err := os.ReadFile(filepath.Join(d, "cgroup.procs")); err == nil {
			for _, f := range strings.Fields(string(b)) {
				if pid, err := strconv.Atoi(f); err == nil {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
		}
		err := os.Remove(d)
		if err == nil || errors.Is(err, os.ErrNotExist) || time.Now().After(deadline) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// removeStale removes the sandbox cgroups a server that died without
// closing left under parent (its e2blocal-<pid> dirs whose pid is gone).
func removeStale(parent string, v2 bool) {
	dirs, _ := filepath.Glob(filepath.Join(parent, "e2blocal-*"))
	for _, d := range dirs {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(d), "e2blocal-"))
		if err != nil || pid == os.Getpid() {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
			continue
		}
		children, _ := os.ReadDir(d)
		for _, c := range children {
			if c.IsDir() {
				removeCgroupDir(filepath.Join(d, c.Name()), v2)
			}
		}
		removeCgroupDir(d, v2)
	}
}

// cgroupFD opens the sandbox's cgroup v2 dir for clone3's CLONE_INTO_CGROUP
// (-1 when there is none); the caller closes it after the start.
func (cg *sandboxCgroup) cgroupFD() int {
	if cg == nil || !cg.v2 {
		return -1
	}
	fd, err := syscall.Open(cg.dirs[0], syscall.O_DIRECTORY|syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	return fd
}

// probeDisk checks that a loop-mounted ext4 disk can be made under root.
func probeDisk(root string) error {
	dir, err := os.MkdirTemp(root, ".diskprobe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	img, mnt := dir+".img", filepath.Join(dir, "m")
	if err := os.Mkdir(mnt, 0o700); err != nil {
		return err
	}
	defer os.Remove(img)
	if err := makeDisk(img, mnt, 16); err != nil {
		return err
	}
	return unmountDisk(mnt)
}

// makeDisk makes a sparse ext4 image of sizeMB at img and mounts it on dir
// (nosuid, nodev). Only written blocks take host disk; the loop device is
// freed when the file system is unmounted.
func makeDisk(img, dir string, sizeMB int) error {
	f, err := os.OpenFile(img, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("sandbox disk: %w", err)
	}
	err = f.Truncate(int64(sizeMB) << 20)
	f.Close()
	if err != nil {
		return fmt.Errorf("sandbox disk: %w", err)
	}
	// No journal and no reserved blocks: a scratch disk that dies with its sandbox.
	if out, err := exec.Command("mkfs.ext4", "-q", "-F", "-m", "0", "-O", "^has_journal", "-E", "nodiscard", img).CombinedOutput(); err != nil {
		return fmt.Errorf("sandbox disk: mkfs.ext4: %w: %s", err, strings.TrimSpace(string(out)))
	}
	if out, err := exec.Command("mount", "-o", "loop,nosuid,nodev", img, dir).CombinedOutput(); err != nil {
		return fmt.Errorf("sandbox disk: mount: %w: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// unmountDisk detaches the sandbox's disk (lazily, so a straggling process
// cannot keep it) and removes lost+found's parent contents with it.
func unmountDisk(dir string) error {
	if err := syscall.Unmount(dir, syscall.MNT_DETACH); err != nil {
		return fmt.Errorf("unmount sandbox disk: %w", err)
	}
	return nil
}

package e2blocal

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The cgroup v2 layout, checked on a plain directory tree standing in for
// a delegated cgroup2 subtree (this machine's cgroup2 has no memory, pids
// or cpu controller to give, so the real v2 path cannot run here; the v1
// path is exercised for real by TestSandboxLimits). What it pins: the
// controllers are enabled for the server's dir and its sandboxes, each
// sandbox gets its own dir with memory, swap, pids and CPU limits in v2's
// file names and formats, and a dead server's leftovers are removed.
func TestCgroupV2Layout(t *testing.T) {
	own := t.TempDir() // the cgroup the server was started in
	s := &Server{cfg: Config{Limits: Limits{MemoryMB: 512, CPUs: 1.5, Pids: 256}}}
	name := "e2blocal-" + strconv.Itoa(os.Getpid())
	require.NoError(t, s.setUpV2(own, name))

	base := filepath.Join(own, name)
	assert.Equal(t, "v2", s.enf.cgroup)
	assert.Equal(t, base, s.enf.v2)
	for _, d := range []string{own, base} {
		assert.Equal(t, "+memory +pids +cpu", read(t, filepath.Join(d, "cgroup.subtree_control")), "controllers for the children of %s", d)
	}
	assert.DirExists(t, filepath.Join(base, "server"), "the leaf the server moves into when its own cgroup cannot give controllers")

	cg, err := s.newCgroup("sb-1", -1)
	require.NoError(t, err)
	d := filepath.Join(base, "sb-1")
	assert.Equal(t, []string{d}, cg.dirs)
	assert.True(t, cg.v2)
	for file, want := range map[string]string{
		"memory.max":      strconv.Itoa(512 << 20),
		"memory.swap.max": "0",
		"pids.max":        "256",
		"cpu.max":         "150000 100000", // 1.5 CPUs: quota and period in µs
	} {
		assert.Equal(t, want, read(t, filepath.Join(d, file)), file)
	}
	assert.Nil(t, cg.procsFiles(), "v2 processes start inside the cgroup (CLONE_INTO_CGROUP), no pid is written")

	// The OOM killer's count is memory.events' oom_kill.
	require.NoError(t, os.WriteFile(filepath.Join(d, "memory.events"), []byte("low 0\nhigh 0\nmax 3\noom 2\noom_kill 2\n"), 0o644))
	assert.Equal(t, 2, cg.oomKills())

	// A second server finds the first one's dir when its pid is gone and
	// asks the kernel to kill what is left (cgroup.kill) before removing it.
	dead := filepath.Join(own, "e2blocal-999999999")
	require.NoError(t, os.MkdirAll(filepath.Join(dead, "sb-old"), 0o755))
	removeStale(own, true)
	assert.Equal(t, "1", read(t, filepath.Join(dead, "sb-old", "cgroup.kill")))
	assert.DirExists(t, base, "the live server's own dir is kept")
}

// The default capacity: the lower of the memory bound (RAM less a
// quarter, at least 4 GiB, over the per-sandbox limit) and 8 per core.
func TestDefaultMaxSandboxes(t *testing.T) {
	for _, tc := range []struct {
		totalMB, cores, memoryMB, want int
	}{
		{24 << 10, 2, 1024, 16}, // this project's 2-core, 24 GB test machine: CPU-bound
		{24 << 10, 8, 1024, 18}, // the same RAM on 8 cores: memory-bound (24 - 6 GiB)
		{16 << 10, 8, 1024, 12}, // a 16 GB laptop keeps 4 GiB
		{8 << 10, 4, 1024, 4},   // an 8 GB one keeps 4 GiB too
		{8 << 10, 4, 512, 8},    // smaller sandboxes, more of them
		{4 << 10, 2, 1024, 1},   // at least one
		{64 << 10, 0, 1024, 48}, // cores unknown: memory alone
		{0, 2, 1024, 0},         // RAM unknown: no default
	} {
		assert.Equal(t, tc.want, defaultMaxSandboxes(tc.totalMB, tc.cores, tc.memoryMB), "%+v", tc)
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	return strings.TrimSpace(string(b))
}

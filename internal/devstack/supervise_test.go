package devstack_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// logLines collects a supervisor's log lines.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logLines) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

func (l *logLines) has(sub string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.lines {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func TestSupervisorRestartsAKilledProcess(t *testing.T) {
	dir := t.TempDir()
	var logs logLines
	s, err := devstack.Supervise(devstack.SupervisorConfig{
		Name: "sleeper", N: 2, Logf: logs.logf, MinBackoff: 50 * time.Millisecond,
		Config: func(i int) devstack.ProcessConfig {
			return devstack.ProcessConfig{Path: "/bin/sh", Args: []string{"-c", fmt.Sprintf("echo sleeper %d up; exec sleep 60", i)}, LogDir: dir}
		},
	})
	require.NoError(t, err)
	defer s.Stop(time.Second)
	procs := s.Processes()
	require.Len(t, procs, 2)
	victim := procs[0].Pid()
	// Kill it once it has said it is up: killed before its echo (a loaded
	// machine), its log would hold one line fewer than the check below
	// counts.
	require.Eventually(t, func() bool {
		b, _ := os.ReadFile(filepath.Join(dir, "sleeper-1.log"))
		return strings.Contains(string(b), "sleeper 1 up")
	}, 10*time.Second, 20*time.Millisecond, "the first process never said it was up")
	require.NoError(t, syscall.Kill(victim, syscall.SIGKILL))
	require.Eventually(t, func() bool {
		ps := s.Processes()
		return len(ps) == 2 && ps[0].Pid() != victim
	}, 10*time.Second, 20*time.Millisecond, "the killed process is started again")
	assert.True(t, logs.has(fmt.Sprintf("sleeper-1 (pid %d) died: signal: killed", victim)), "logged: %v", logs.all())
	assert.True(t, logs.has("sleeper-1 restarted (pid "), "logged: %v", logs.all())
	assert.Equal(t, procs[1].Pid(), s.Processes()[1].Pid(), "the other process is left alone")
	assert.Equal(t, 1, s.Restarts())
	// The restarted process appends to the log of the one before.
	require.Eventually(t, func() bool {
		b, _ := os.ReadFile(filepath.Join(dir, "sleeper-1.log"))
		return strings.Count(string(b), "sleeper 1 up") == 2
	}, 10*time.Second, 20*time.Millisecond)

	require.NoError(t, s.Stop(time.Second))
	for _, p := range s.Processes() {
		select {
		case <-p.Done():
		default:
			t.Errorf("pid %d still runs after Stop", p.Pid())
		}
	}
}

func TestSupervisorBacksOffAProcessThatKeepsFailing(t *testing.T) {
	var logs logLines
	s, err := devstack.Supervise(devstack.SupervisorConfig{
		Name: "failing", N: 1, Logf: logs.logf, MinBackoff: 20 * time.Millisecond, MaxBackoff: 80 * time.Millisecond,
		Config: func(int) devstack.ProcessConfig {
			return devstack.ProcessConfig{Path: "/bin/sh", Args: []string{"-c", "exit 3"}}
		},
	})
	require.NoError(t, err)
	defer s.Stop(time.Second)
	require.Eventually(t, func() bool { return s.Restarts() >= 4 }, 10*time.Second, 10*time.Millisecond)
	assert.True(t, logs.has("exited with status 3"), "logged: %v", logs.all())
	assert.True(t, logs.has("restarting it in 80ms"), "the backoff doubles up to its maximum: %v", logs.all())
}

func TestSupervisorRefusesNoProcesses(t *testing.T) {
	_, err := devstack.Supervise(devstack.SupervisorConfig{Name: "none", N: 0})
	require.ErrorContains(t, err, "0 processes, want at least 1")
}

package e2blocal

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A running sandbox removed to be killed holds its slot until its
// processes are gone; a paused one held none.
func TestKilledSandboxHoldsItsSlotUntilStopped(t *testing.T) {
	s := &Server{cfg: Config{MaxSandboxes: 1}, boxes: map[string]*sandbox{}}
	running := &sandbox{srv: s, id: "a", state: stateRunning, trees: map[int]*exec.Cmd{}}
	paused := &sandbox{srv: s, id: "b", state: statePaused, trees: map[int]*exec.Cmd{}}
	s.boxes["a"], s.boxes["b"] = running, paused

	assert.False(t, s.admit(false), "full: a runs")
	assert.Same(t, running, s.remove("a"))
	_, n := s.Capacity()
	assert.Equal(t, 1, n, "a is being killed: it still holds its slot")
	assert.False(t, s.admit(false), "still full while a stops")
	running.stop()
	_, n = s.Capacity()
	assert.Equal(t, 0, n)
	assert.True(t, s.admit(false), "a is gone: its slot is free")
	running.stop()
	assert.True(t, s.admit(false), "stopped twice, the slot is given back once")

	assert.Same(t, paused, s.remove("b"))
	_, n = s.Capacity()
	assert.Equal(t, 0, n, "a paused sandbox held no slot")
	paused.stop()
	assert.Zero(t, s.stopping)
}

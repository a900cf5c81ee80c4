package linestats_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/durable-analyst/durable-analyst/internal/linestats"
)

// A pool of one: a waits while b runs (not idle); b's sandbox goes at
// 2 s and a's create starts at 3 s (idle 1 s); c joined after a, so the
// free slot was a's, not c's; a slot being filled is not free.
func TestIdle(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(s float64) time.Time { return t0.Add(time.Duration(s * float64(time.Second))) }
	var samples []linestats.Sample
	for s := 0.0; s <= 10; s += 0.5 {
		running := 0
		switch {
		case s < 2: // b
			running = 1
		case s >= 3.5: // a, then c
			running = 1
		}
		samples = append(samples, linestats.Sample{At: at(s), Running: running})
	}
	waits := []linestats.Wait{
		{ID: "b", Begin: at(0), Joined: at(0), CreateStart: at(0), Created: at(0)},
		{ID: "a", Begin: at(0.5), Joined: at(0.5), CreateStart: at(3), Created: at(3.5)},
		{ID: "c", Begin: at(0.2), Joined: at(1), CreateStart: at(9), Created: at(9)},
	}
	idle := linestats.Idle(samples, waits, 1, false)
	assert.Equal(t, time.Second, idle["a"])
	assert.Zero(t, idle["b"])
	assert.Zero(t, idle["c"], "the free slot was a's; a's create filled it")
	// Counted from the start, c (which began first) owns the free slot.
	fromBegin := linestats.Idle(samples, waits, 1, true)
	assert.Equal(t, time.Second, fromBegin["c"])
	assert.Zero(t, fromBegin["a"])
	assert.Equal(t, 2*time.Second, linestats.Quantile([]time.Duration{3 * time.Second, time.Second, 2 * time.Second}, 0.5))
}

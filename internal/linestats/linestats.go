// Package linestats measures how well a pool's sandbox line used its
// capacity: for each analysis, the time a sandbox slot was free for it
// while it waited (the load tests and P9 report it).
package linestats

import (
	"cmp"
	"slices"
	"time"
)

// Sample is the local server's running sandboxes at one moment.
type Sample struct {
	At      time.Time
	Running int
}

// Wait is one analysis' wait for its sandbox, from its history.
type Wait struct {
	ID string
	// Begin is when the analysis started; Joined when it joined the line
	// (Begin when it did not).
	Begin, Joined time.Time
	// CreateStart and Created bound the create that got its sandbox.
	CreateStart, Created time.Time
}

// Idle is, per analysis, the time a sandbox slot was free for it while it
// waited in line. At each sample the slots in use are the sandboxes
// running plus the creates under way (a slot being filled is not free);
// the free ones belong to the analyses that joined first (the line's
// order; fromBegin: that began first, so the wait for the first workflow
// task counts too), and each of those waits idly through the time to the
// next sample.
func Idle(samples []Sample, waits []Wait, capacity int, fromBegin bool) map[string]time.Duration {
	since := func(w Wait) time.Time {
		if fromBegin {
			return w.Begin
		}
		return w.Joined
	}
	order := slices.Clone(waits)
	slices.SortStableFunc(order, func(a, b Wait) int { return cmp.Or(since(a).Compare(since(b)), cmp.Compare(a.ID, b.ID)) })
	idle := map[string]time.Duration{}
	for i := 1; i < len(samples); i++ {
		t, dt := samples[i].At, samples[i].At.Sub(samples[i-1].At)
		free := capacity - samples[i].Running
		for _, w := range waits {
			if !t.Before(w.CreateStart) && t.Before(w.Created) {
				free--
			}
		}
		for _, w := range order {
			if free <= 0 {
				break
			}
			if !t.Before(since(w)) && t.Before(w.CreateStart) {
				idle[w.ID] += dt
				free--
			}
		}
	}
	return idle
}

// Quantile is the q-quantile of ds (nearest rank); 0 for none.
func Quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(q*float64(len(s))))]
}

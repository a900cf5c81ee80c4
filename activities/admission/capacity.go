// Package admission holds the state and the messages of admission to
// sandboxes, a library below the activities: a worker's own bound on its
// live sandboxes (SandboxLeases) and its queue of the analyses it refused
// one (SandboxWaiters), which wait-for-sandbox versions 1 to 3 use, and
// the messages of its pool's line (version 4, line.go). The shared
// dependencies (activities.Activities) hold one worker's state; the
// activities that use it (CreateSandbox, KillSandbox, AdmitSandbox,
// JoinSandboxLine, LineHoldersClosed) are package sandboxes'.
package admission

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b"
)

// MetaWorker names, in a sandbox's metadata, the worker process that
// created it, so the worker can count its own live sandboxes from E2B's
// list (SandboxLeases). It is left out of the metadata CreateSandbox looks
// a lost response's sandbox up by, which any worker may do.
const MetaWorker = "durable_analyst_worker"

// SandboxLeases bounds the live sandboxes one worker process has created
// (MAX_SANDBOXES). A create over the bound does not reach E2B: the
// workflow is told to wait (api.ErrTypeSandboxCapacity) and tries again
// later, so a worker degrades by queueing analyses before a sandbox, never
// by driving more sandboxes than it was sized for.
//
// The count is this process's creates under way plus the sandboxes it
// made that are still alive. Kills on this worker forget a sandbox at
// once; those killed elsewhere (another worker, expiry, the sweeper) are
// forgotten when the bound is reached and the count is taken again from
// E2B's list of sandboxes tagged with this worker's owner id (at most once
// per resyncEvery). A worker that dies takes its count with it; its
// sandboxes are killed by their workflows or expire.
type SandboxLeases struct {
	max         int
	owner       string
	resyncAfter time.Duration // resyncEvery; tests shorten it

	mu      sync.Mutex
	live    map[string]bool
	pending int
	synced  time.Time
}

// resyncEvery bounds how often a full worker asks E2B for its live sandboxes.
const resyncEvery = 2 * time.Second

// NewSandboxLeases returns the bound of max live sandboxes (<= 0: none)
// with an owner id unique to this process.
func NewSandboxLeases(max int) *SandboxLeases {
	host, _ := os.Hostname()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return &SandboxLeases{max: max, owner: fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b)),
		resyncAfter: resyncEvery, live: map[string]bool{}}
}

// Owner is the id this process tags its sandboxes with (MetaWorker).
func (l *SandboxLeases) Owner() string { return l.owner }

// SetResyncEvery sets how often a full worker asks E2B for its live
// sandboxes (default 2 s; tests shorten it).
func (l *SandboxLeases) SetResyncEvery(d time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.resyncAfter = d
}

// Max is the bound (<= 0: none).
func (l *SandboxLeases) Max() int {
	if l == nil {
		return 0
	}
	return l.max
}

// Live returns the sandboxes the worker counts as its own now, creates
// under way included.
func (l *SandboxLeases) Live() int {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.live) + l.pending
}

// Acquire reserves a slot for one create. It reports false when the
// worker is at its bound. On true the caller must call done with the new
// sandbox's id, or "" when the create failed.
func (l *SandboxLeases) Acquire(ctx context.Context, c *e2b.Client) (ok bool, done func(id string)) {
	if l == nil || l.max <= 0 {
		return true, func(string) {}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.live)+l.pending >= l.max && time.Since(l.synced) >= l.resyncAfter {
		l.resync(ctx, c)
	}
	if len(l.live)+l.pending >= l.max {
		return false, nil
	}
	l.pending++
	return true, func(id string) {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.pending--
		if id != "" {
			l.live[id] = true
		}
	}
}

// resync takes the live set from E2B's list (l.mu held). A failed list
// keeps the local count: it errs on the side of waiting.
func (l *SandboxLeases) resync(ctx context.Context, c *e2b.Client) {
	l.synced = time.Now()
	live := map[string]bool{}
	for info, err := range c.List(ctx, e2b.ListParams{Metadata: map[string]string{MetaWorker: l.owner},
		State: []e2b.SandboxState{e2b.StateRunning, e2b.StatePaused}}) {
		if err != nil {
			return
		}
		live[info.ID] = true
	}
	l.live = live
}

// Forget drops a killed sandbox from the count.
func (l *SandboxLeases) Forget(id string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.live, id)
}

package devstack

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"
)

// SupervisorConfig describes a group of identical processes to keep running.
type SupervisorConfig struct {
	// Name prefixes each process's name: Name-1 … Name-N (also their log
	// files, <LogDir>/<Name>-<i>.log, which a restart appends to).
	Name string
	// N is how many processes run at once; at least 1.
	N int
	// Config returns the configuration of process i (1-based) each time it
	// is started; Name is set by the supervisor.
	Config func(i int) ProcessConfig
	// Logf receives one line per exit and restart; nil means silent.
	Logf func(format string, args ...any)
	// MinBackoff is the wait before restarting a process that exited
	// (default 1 s); it doubles after each exit that came sooner than
	// StableAfter since the start, up to MaxBackoff (default 30 s).
	MinBackoff, MaxBackoff time.Duration
	// StableAfter is how long a process must have run for its next
	// restart to wait MinBackoff again (default 30 s).
	StableAfter time.Duration
}

// Supervisor keeps N processes running: one that exits for any reason —
// a crash, kill -9, a clean exit — other than Stop is started again after
// a backoff, with the reason logged. It never gives up; only Stop ends it.
type Supervisor struct {
	cfg    SupervisorConfig
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	procs    []*Process // current process of each slot; nil while waiting to restart
	restarts int
	changed  chan struct{} // closed and replaced whenever procs changes
}

// Supervise starts cfg.N processes and keeps them running until Stop.
// It fails only when a first start fails (the executable is missing):
// then the processes already started are stopped.
func Supervise(cfg SupervisorConfig) (*Supervisor, error) {
	if cfg.N < 1 {
		return nil, fmt.Errorf("supervise %s: %d processes, want at least 1", cfg.Name, cfg.N)
	}
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = time.Second
	}
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = max(30*time.Second, cfg.MinBackoff)
	}
	if cfg.StableAfter <= 0 {
		cfg.StableAfter = 30 * time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Supervisor{cfg: cfg, cancel: cancel, procs: make([]*Process, cfg.N), changed: make(chan struct{})}
	for i := range cfg.N {
		p, err := s.start(i)
		if err != nil {
			s.Stop(5 * time.Second)
			return nil, err
		}
		s.set(i, p)
	}
	for i := range cfg.N {
		s.wg.Add(1)
		go s.watch(ctx, i)
	}
	return s, nil
}

func (s *Supervisor) name(i int) string { return s.cfg.Name + "-" + strconv.Itoa(i+1) }

func (s *Supervisor) start(i int) (*Process, error) {
	c := s.cfg.Config(i + 1)
	c.Name = s.name(i)
	c.AppendLog = true
	return StartProcess(c)
}

func (s *Supervisor) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	}
}

func (s *Supervisor) set(i int, p *Process) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.procs[i] = p
	close(s.changed)
	s.changed = make(chan struct{})
}

// watch restarts slot i's process whenever it exits, until ctx ends.
func (s *Supervisor) watch(ctx context.Context, i int) {
	defer s.wg.Done()
	backoff := s.cfg.MinBackoff
	for {
		s.mu.Lock()
		p := s.procs[i]
		s.mu.Unlock()
		started := time.Now()
		if p != nil {
			select {
			case <-ctx.Done():
				return
			case <-p.Done():
			}
			if ctx.Err() != nil {
				return // stopping: the exit is Stop's
			}
			ran := time.Since(started)
			if ran >= s.cfg.StableAfter {
				backoff = s.cfg.MinBackoff
			}
			s.set(i, nil)
			s.logf("%s (pid %d) %s after %s; restarting it in %s", s.name(i), p.Pid(), exitReason(p), ran.Round(time.Millisecond), backoff)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, s.cfg.MaxBackoff)
		np, err := s.start(i)
		if err != nil {
			s.logf("%s: %v; trying again in %s", s.name(i), err, backoff)
			continue
		}
		s.mu.Lock()
		if ctx.Err() != nil {
			s.mu.Unlock()
			_ = np.Stop(5 * time.Second)
			return
		}
		s.restarts++
		s.mu.Unlock()
		s.set(i, np)
		s.logf("%s restarted (pid %d)", s.name(i), np.Pid())
	}
}

// exitReason says how p exited: "exited with status 2", "was killed by
// signal: killed", "exited (status 0)".
func exitReason(p *Process) string {
	err := p.Err()
	var ee interface{ ExitCode() int }
	switch {
	case err == nil:
		return "exited"
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return fmt.Sprintf("exited with status %d", ee.ExitCode())
	default:
		// exec reports a signal as "signal: killed", an exit 0 as no error.
		if u := errors.Unwrap(err); u != nil {
			return "died: " + u.Error()
		}
		return "exited (status 0)"
	}
}

// Processes returns the running processes, in slot order, leaving out
// slots that are waiting to restart.
func (s *Supervisor) Processes() []*Process {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Process
	for _, p := range s.procs {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// Changed is closed the next time a process exits or is restarted.
func (s *Supervisor) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

// Restarts returns how many times a process was started again.
func (s *Supervisor) Restarts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.restarts
}

// N returns how many processes the supervisor keeps running.
func (s *Supervisor) N() int { return s.cfg.N }

// Stop stops restarting and stops every process (SIGTERM, then SIGKILL
// after grace), all at once.
func (s *Supervisor) Stop(grace time.Duration) error {
	s.cancel()
	s.wg.Wait()
	s.mu.Lock()
	procs := append([]*Process(nil), s.procs...)
	s.mu.Unlock()
	errs := make([]error, len(procs))
	var wg sync.WaitGroup
	for i, p := range procs {
		if p == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = p.Stop(grace)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Package e2blocal is a local, E2B-compatible sandbox server. It speaks the
// E2B control-plane REST API, envd (files, filesystem and process Connect-RPC)
// and the code interpreter's /execute NDJSON stream, so the official E2B SDKs
// and this module's Go client work against it unchanged when E2B_API_URL and
// E2B_SANDBOX_URL point at it.
//
// Each sandbox is a directory shown to its processes as /home/user. Python
// runs in one persistent IPython process per execution context (an embedded
// driver script); commands run as /bin/bash -l -c. With bubblewrap every
// process runs as E2B's unprivileged "user" without capabilities (as its
// sandbox's own host uid when the server is root), sees only /usr, a minimal
// /etc and its own /home/user and /tmp, and gets no network, its own pid
// namespace and a cleared environment (see isolation.go).
package e2blocal

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// Version strings the server reports.
const (
	envdVersion = "0.6.13"
	clientID    = "6532622b"
)

// Config configures a Server. The zero value is usable.
type Config struct {
	Python         string        // interpreter with IPython; default "/usr/bin/python3"
	Root           string        // directory for per-sandbox dirs; default a new temp dir (see New)
	Isolation      string        // "auto" (default), "bwrap" or "none"
	APIKey         string        // if set, the control plane requires X-API-KEY == APIKey
	DefaultTimeout time.Duration // sandbox lifetime when create/connect give none; default 300s
	MaxTimeout     time.Duration // largest accepted timeout; default 24h
	Logger         *slog.Logger  // default slog.Default()
	// Fake, when set, answers /execute without Python (see FakeKernel):
	// for benchmarks only. Sandboxes then run nothing and need no isolation.
	Fake *FakeKernel
	// Limits are each sandbox's memory, CPU, processes and disk.
	Limits Limits
	// MaxSandboxes bounds the running sandboxes; a create (or resume) over
	// it is answered 429 as E2B answers its concurrency limit. 0 means the
	// default, DefaultMaxSandboxes (unbounded with Fake); < 0 means none.
	MaxSandboxes int
}

// DefaultMaxSandboxes is the capacity for sandboxes of memoryMB on this
// host: the lower of a memory bound and a CPU bound (at least 1; 0 if the
// host's RAM is unknown).
//
// Memory: the sandboxes' limits add up to at most the host's RAM less a
// reserve of a quarter of it (at least 4 GiB), so sandboxes that all use
// their whole limit still leave the reserve to the worker, Temporal and
// the system. CPU: at most sandboxesPerCore per core. On a 2-core host an
// analysis that keeps its sandbox busy (the offline analyst: a kernel
// start, pandas, a chart) saturates the cores at about that many; more
// sandboxes only queue for CPU (BENCHMARKS.md, P9's curve).
func DefaultMaxSandboxes(memoryMB int) int {
	return defaultMaxSandboxes(hostMemoryMB(), runtime.NumCPU(), memoryMB)
}

// sandboxesPerCore is DefaultMaxSandboxes' CPU bound per core.
const sandboxesPerCore = 8

func defaultMaxSandboxes(totalMB, cores, memoryMB int) int {
	if totalMB <= 0 || memoryMB <= 0 {
		return 0
	}
	reserve := max(totalMB/4, 4<<10)
	n := (totalMB - reserve) / memoryMB
	if cores > 0 {
		n = min(n, sandboxesPerCore*cores)
	}
	return max(1, n)
}

// hostMemoryMB reads MemTotal from /proc/meminfo (0 if unknown).
func hostMemoryMB() int {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.Atoi(f[0])
				return kb / 1024
			}
		}
	}
	return 0
}

// Server is a local E2B-compatible sandbox server. Serve its Handler; call
// Close to kill every sandbox.
type Server struct {
	cfg      Config
	log      *slog.Logger
	iso      isolation
	ownRoot  bool
	control  *http.ServeMux
	envd     *http.ServeMux
	interp   *http.ServeMux
	mu       sync.Mutex
	boxes    map[string]*sandbox
	uids     map[int]bool // host uids of live sandboxes
	creating int          // creates past the capacity check, not yet in boxes
	stopping int          // sandboxes removed to be killed whose processes are not gone yet
	enf      enforcement
	closed   bool
	stopReap chan struct{}
	reapDone chan struct{}
	// teardown counts killed sandboxes whose disk and dirs are still
	// being removed; Close waits for them.
	teardown sync.WaitGroup
}

// New validates cfg, picks the isolation mode and starts the expiry reaper.
// A server running as root under bubblewrap runs each sandbox as its own
// unprivileged host uid, which must reach its dir under cfg.Root: New makes
// Root mode 0711 and fails if a parent of it is not searchable by others.
func New(cfg Config) (*Server, error) {
	if cfg.Python == "" {
		cfg.Python = "/usr/bin/python3"
	}
	if cfg.DefaultTimeout <= 0 {
		cfg.DefaultTimeout = 300 * time.Second
	}
	if cfg.MaxTimeout <= 0 {
		cfg.MaxTimeout = 24 * time.Hour
	}
	if cfg.Isolation == "" {
		cfg.Isolation = "auto"
	}
	cfg.Limits = cfg.Limits.withDefaults()
	if cfg.MaxSandboxes == 0 && cfg.Fake == nil {
		cfg.MaxSandboxes = DefaultMaxSandboxes(cfg.Limits.MemoryMB)
	}
	if cfg.MaxSandboxes == 0 {
		cfg.MaxSandboxes = -1 // fake sandboxes, or a host whose RAM is unknown
	}
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	if _, err := os.Stat(cfg.Python); err != nil && cfg.Fake == nil {
		return nil, fmt.Errorf("e2blocal: python interpreter: %w", err)
	}
	s := &Server{cfg: cfg, log: log, boxes: map[string]*sandbox{}, uids: map[int]bool{},
		stopReap: make(chan struct{}), reapDone: make(chan struct{})}
	if cfg.Root == "" {
		dir, err := os.MkdirTemp("", "e2blocal-")
		if err != nil {
			return nil, fmt.Errorf("e2blocal: make root dir: %w", err)
		}
		s.cfg.Root, s.ownRoot = dir, true
	} else if err := os.MkdirAll(cfg.Root, 0o755); err != nil {
		return nil, fmt.Errorf("e2blocal: make root dir: %w", err)
	}
	if cfg.Fake != nil {
		log.Warn("E2BLOCAL: FAKE KERNEL: /execute runs no code; cells answer with configured latency and outputs (benchmarks only)")
	} else if err := s.chooseIsolation(); err != nil {
		s.closeLimits()
		if s.ownRoot {
			_ = os.RemoveAll(s.cfg.Root)
		}
		return nil, fmt.Errorf("e2blocal: %w", err)
	}
	s.control = s.controlRoutes()
	s.envd = s.envdRoutes()
	s.interp = s.interpRoutes()
	go s.reap()
	return s, nil
}

// noIsolation is the warning given when sandboxes run without bubblewrap.
const noIsolation = "sandbox code runs as a plain process with this server's user and full network and file " +
	"system access; /home/user paths are mapped only in the file APIs, not inside Python or commands"

// chooseIsolation sets s.iso from cfg.Isolation, probing bubblewrap with
// the arguments sandboxes will get.
func (s *Server) chooseIsolation() error {
	switch s.cfg.Isolation {
	case "bwrap", "auto":
	case "none":
		s.log.Warn("E2BLOCAL: NO ISOLATION (isolation=none): " + noIsolation)
		return nil
	default:
		return fmt.Errorf("unknown isolation %q (want auto, bwrap or none)", s.cfg.Isolation)
	}
	err := s.setUpBwrap()
	switch {
	case err == nil:
		s.log.Warn("E2BLOCAL: development sandbox under bubblewrap, not a VM: each sandbox runs as an "+
			"unprivileged user without capabilities, sees only /usr, a minimal /etc and its own /home/user and "+
			"/tmp, and has no network; it shares the host's kernel (its memory, CPU, process and disk limits are "+
			"logged once, above); "+
			"run untrusted code in production on E2B", "host_uids", s.iso.hostUIDs)
		return nil
	case s.cfg.Isolation == "auto" && errors.Is(err, errNoBwrap):
		s.iso = isolation{}
		s.log.Warn("E2BLOCAL: NO ISOLATION: bubblewrap is unusable, "+noIsolation, "error", err)
		return nil
	}
	s.iso = isolation{}
	return fmt.Errorf("isolation %s: %w", s.cfg.Isolation, err)
}

// setUpBwrap prepares bubblewrap isolation and checks it works. Errors
// that are not errNoBwrap are set-up mistakes (a root the sandbox users
// cannot reach) and stop the server even in auto mode.
func (s *Server) setUpBwrap() error {
	if _, err := os.Stat("/usr/bin/bwrap"); err != nil {
		return fmt.Errorf("%w: %w (apt-get install bubblewrap)", errNoBwrap, err)
	}
	s.iso = isolation{bwrap: true, hostUIDs: os.Geteuid() == 0}
	if s.iso.hostUIDs {
		if err := os.Chmod(s.cfg.Root, 0o711); err != nil {
			return fmt.Errorf("sandbox root: %w", err)
		}
		if err := reachable(s.cfg.Root); err != nil {
			return fmt.Errorf("sandbox root: %w", err)
		}
	}
	var err error
	if s.iso.sysArgs, err = systemArgs(s.cfg.Python); err != nil {
		return err
	}
	s.setUpLimits()
	return s.probeBwrap()
}

// Isolated reports whether sandboxes run under bubblewrap.
func (s *Server) Isolated() bool { return s.iso.bwrap }

// Handler serves both planes: requests carrying E2b-Sandbox-Id or
// E2b-Sandbox-Port (or a "<port>-<sandboxID>." host) go to the data plane,
// everything else to the control plane.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, port := r.Header.Get(wire.HeaderSandboxID), r.Header.Get(wire.HeaderSandboxPort)
		if id == "" && port == "" {
			id, port = hostRoute(r.Host)
		}
		switch {
		case id == "" && port == "":
			s.control.ServeHTTP(w, r)
		case id == "":
			writeJSONError(w, http.StatusBadRequest, "Missing header: E2b-Sandbox-Id")
		case port == "":
			writeJSONError(w, http.StatusBadRequest, "Missing header: E2b-Sandbox-Port")
		default:
			s.serveData(w, r, id, port)
		}
	})
}

// hostRoute parses a "<port>-<sandboxID>.<domain>" host.
func hostRoute(host string) (id, port string) {
	label, _, ok := strings.Cut(host, ".")
	if !ok {
		return "", ""
	}
	p, i, ok := strings.Cut(label, "-")
	if !ok || !validID(i) {
		return "", ""
	}
	if _, err := strconv.Atoi(p); err != nil {
		return "", ""
	}
	return i, p
}

func validID(id string) bool {
	if id == "" {
		return false
	}
	for _, c := range id {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func (s *Server) serveData(w http.ResponseWriter, r *http.Request, id, port string) {
	sb := s.lookup(id)
	if sb == nil {
		writeJSON(w, http.StatusBadGateway, map[string]any{"sandboxId": id, "message": "The sandbox was not found", "code": 502})
		return
	}
	if sb.autoResume && sb.resume(time.Now().Add(s.cfg.DefaultTimeout)) {
		s.log.Info("sandbox auto-resumed by traffic", "sandbox_id", sb.id)
	}
	if sb.currentState() != stateRunning {
		writeJSON(w, http.StatusBadGateway, map[string]any{"sandboxId": id, "message": "The sandbox is paused", "code": 502})
		return
	}
	var mux *http.ServeMux
	switch port {
	case strconv.Itoa(wire.EnvdPort):
		mux = s.envd
	case strconv.Itoa(wire.CodeInterpreterPort):
		mux = s.interp
	default:
		writeJSON(w, http.StatusBadGateway, map[string]any{"sandboxId": id,
			"message": "The sandbox is running but port is not open", "port": port, "code": 502})
		return
	}
	mux.ServeHTTP(w, r.WithContext(withSandbox(r.Context(), sb)))
}

// Close kills every sandbox and removes the directories the server made.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	boxes := make([]*sandbox, 0, len(s.boxes))
	for _, sb := range s.boxes {
		boxes = append(boxes, sb)
	}
	s.boxes = map[string]*sandbox{}
	s.mu.Unlock()
	close(s.stopReap)
	<-s.reapDone
	s.teardown.Wait()
	var errs []error
	for _, sb := range boxes {
		errs = append(errs, sb.kill())
	}
	s.closeLimits()
	if s.ownRoot {
		errs = append(errs, os.RemoveAll(s.cfg.Root))
	}
	return errors.Join(errs...)
}

// Sandboxes returns the ids of live (running or paused) sandboxes, sorted.
func (s *Server) Sandboxes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := make([]string, 0, len(s.boxes))
	for id := range s.boxes {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// errNoSandbox reports an unknown or already killed sandbox id.
var errNoSandbox = errors.New("sandbox not found")

// KillSandbox kills a sandbox as if it had been evicted: later control-plane
// calls answer 404 and data-plane calls 502.
func (s *Server) KillSandbox(id string) error {
	sb := s.remove(id)
	if sb == nil {
		return fmt.Errorf("kill sandbox %q: %w", id, errNoSandbox)
	}
	return sb.kill()
}

// KillKernel kills the Python kernels of a sandbox, as if they crashed; a
// running cell ends with an error and the next execution starts a fresh
// kernel.
func (s *Server) KillKernel(id string) error {
	sb := s.lookup(id)
	if sb == nil {
		return fmt.Errorf("kill kernel of sandbox %q: %w", id, errNoSandbox)
	}
	sb.killKernels()
	return nil
}

// ExecCount returns how many /execute calls ran code in the sandbox (0 for
// an unknown sandbox).
func (s *Server) ExecCount(id string) int {
	sb := s.lookup(id)
	if sb == nil {
		return 0
	}
	return int(sb.execCount.Load())
}

func (s *Server) lookup(id string) *sandbox {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.boxes[id]
}

// remove takes a sandbox out of the server, to kill it. A running one
// keeps its slot until its processes are gone (sandbox.stop): a new
// sandbox admitted meanwhile would share the cores and memory with a
// dying one, which on a busy machine took a second to exit.
func (s *Server) remove(id string) *sandbox {
	s.mu.Lock()
	defer s.mu.Unlock()
	sb := s.boxes[id]
	delete(s.boxes, id)
	if sb != nil && sb.currentState() == stateRunning {
		sb.holdsSlot = true
		s.stopping++
	}
	return sb
}

// slotFreed gives back the slot of a removed sandbox whose processes are
// gone.
func (s *Server) slotFreed(sb *sandbox) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sb.holdsSlot {
		sb.holdsSlot = false
		s.stopping--
	}
}

// reap kills (or pauses, with autoPause) running sandboxes past their end.
func (s *Server) reap() {
	defer close(s.reapDone)
	t := time.NewTicker(200 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-s.stopReap:
			return
		case now := <-t.C:
			s.mu.Lock()
			var due []*sandbox
			for _, sb := range s.boxes {
				if sb.expired(now) {
					due = append(due, sb)
				}
			}
			s.mu.Unlock()
			for _, sb := range due {
				if sb.autoPause {
					s.log.Info("sandbox timed out, pausing", "sandbox_id", sb.id)
					sb.pause()
					continue
				}
				s.log.Info("sandbox timed out, killing", "sandbox_id", sb.id)
				if s.remove(sb.id) != nil {
					if err := sb.kill(); err != nil {
						s.log.Warn("kill expired sandbox", "sandbox_id", sb.id, "error", err)
					}
				}
			}
		}
	}
}

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// randomString returns n random characters of idAlphabet.
func randomString(n int) string {
	b := randomBytes(n)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b)
}

// randomBytes returns n bytes from crypto/rand.
func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return b
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeJSONError writes the control-plane and envd error body {"code","message"}.
func writeJSONError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, wire.APIError{Code: status, Message: fmt.Sprintf(format, args...)})
}

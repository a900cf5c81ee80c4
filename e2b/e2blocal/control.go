package e2blocal

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func (s *Server) controlRoutes() *http.ServeMux {
	mux := http.NewServeMux()
	handle := func(pattern string, h http.HandlerFunc) { mux.Handle(pattern, s.requireAPIKey(h)) }
	handle("POST /v2/sandboxes", s.handleCreate(true))
	handle("POST /sandboxes", s.handleCreate(false))
	handle("POST /v2/sandboxes/{id}/connect", s.handleConnect(true))
	handle("POST /sandboxes/{id}/connect", s.handleConnect(false))
	handle("GET /sandboxes/{id}", s.handleInfo)
	handle("GET /v2/sandboxes", s.handleList)
	handle("GET /sandboxes", s.handleLegacyList)
	handle("DELETE /sandboxes/{id}", s.handleKill)
	handle("POST /sandboxes/{id}/timeout", s.handleSetTimeout)
	handle("POST /sandboxes/{id}/pause", s.handlePause)
	handle("POST /sandboxes/{id}/refreshes", s.handleRefresh)
	handle("POST /_local/sandboxes/{id}/kill", s.handleLocalKill)
	handle("POST /_local/sandboxes/{id}/kill-kernel", s.handleLocalKillKernel)
	handle("GET /_local/sandboxes/{id}/exec-count", s.handleLocalExecCount)
	handle("/", func(w http.ResponseWriter, r *http.Request) {
		writeJSONError(w, http.StatusNotFound, "no route %s %s", r.Method, r.URL.Path)
	})
	return mux
}

func (s *Server) requireAPIKey(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.cfg.APIKey != "" && r.Header.Get(wire.HeaderAPIKey) != s.cfg.APIKey {
			// E2B's own words (e2b-dev/infra, the API key authenticator).
			writeJSONError(w, http.StatusUnauthorized, "Invalid API key, please visit https://e2b.dev/docs/api-key for more information.")
			return
		}
		h(w, r)
	})
}

// sandboxJSON is the API's Sandbox body, with domain null as E2B sends it.
type sandboxJSON struct {
	wire.Sandbox
	Domain *string `json:"domain"`
}

func (sb *sandbox) sandboxJSON() sandboxJSON {
	return sandboxJSON{Sandbox: wire.Sandbox{SandboxID: sb.id, TemplateID: sb.templateID, Alias: sb.templateID,
		ClientID: clientID, EnvdVersion: envdVersion, EnvdAccessToken: sb.token}}
}

func (sb *sandbox) listedJSON() wire.ListedSandbox {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	return wire.ListedSandbox{SandboxID: sb.id, TemplateID: sb.templateID, Alias: sb.templateID, ClientID: clientID,
		StartedAt: sb.startedAt, EndAt: sb.endAt.UTC(), State: sb.state, CPUCount: int32(max(1, int(sb.srv.cfg.Limits.CPUs+0.5))),
		MemoryMB: int32(sb.srv.cfg.Limits.MemoryMB), DiskSizeMB: int32(sb.srv.cfg.Limits.DiskMB), EnvdVersion: envdVersion, Metadata: sb.metadata}
}

// createRequest is NewSandboxV2 plus the legacy NewSandbox's secure.
type createRequest struct {
	timeoutBody
	TemplateID          string            `json:"templateID"`
	Metadata            map[string]string `json:"metadata"`
	EnvVars             map[string]string `json:"envVars"`
	AutoPause           bool              `json:"autoPause"`
	AutoResume          *wire.AutoResume  `json:"autoResume"`
	Secure              *bool             `json:"secure"`
	AllowInternetAccess *bool             `json:"allow_internet_access"`
}

// timeoutBody is the timeout (seconds) shared by create, connect and set-timeout bodies.
type timeoutBody struct {
	Timeout *int64 `json:"timeout"`
}

func (b *timeoutBody) seconds() *int64 { return b.Timeout }

// decodeTimeout decodes the JSON body into req and validates its timeout (nil
// means the default unless required). On failure it writes the 400 and
// returns false.
func (s *Server) decodeTimeout(w http.ResponseWriter, r *http.Request, req interface{ seconds() *int64 }, required bool) (time.Duration, bool) {
	err := decodeBody(r, req)
	if err == nil && required && req.seconds() == nil {
		err = errors.New("timeout is required")
	}
	var d time.Duration
	if err == nil {
		d, err = s.timeout(req.seconds())
	}
	if err != nil {
		writeJSONError(w, http.StatusBadRequest, "%v", err)
		return 0, false
	}
	return d, true
}

// decodeBody decodes an optional JSON body into v; an empty body is fine.
func decodeBody(r *http.Request, v any) error {
	err := json.NewDecoder(r.Body).Decode(v)
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("invalid JSON body: %w", err)
	}
	return nil
}

// timeout validates a requested timeout in seconds (nil means the default).
func (s *Server) timeout(sec *int64) (time.Duration, error) {
	if sec == nil {
		return s.cfg.DefaultTimeout, nil
	}
	if *sec <= 0 {
		return 0, errors.New("Timeout must be greater than 0")
	}
	d := time.Duration(*sec) * time.Second
	if d > s.cfg.MaxTimeout {
		return 0, fmt.Errorf("Timeout cannot be greater than %d hours", int(s.cfg.MaxTimeout.Hours()))
	}
	return d, nil
}

func (s *Server) handleCreate(v2 bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req createRequest
		d, ok := s.decodeTimeout(w, r, &req, false)
		if !ok {
			return
		}
		if req.TemplateID == "" {
			writeJSONError(w, http.StatusBadRequest, "templateID is required")
			return
		}
		autoResume := req.AutoResume != nil && req.AutoResume.Enabled
		if autoResume && !req.AutoPause {
			writeJSONError(w, http.StatusBadRequest, "autoResume requires autoPause")
			return
		}
		secure := v2 || req.Secure == nil || *req.Secure
		if !s.admit(true) {
			s.overCapacity(w)
			return
		}
		sb, err := s.newSandbox(req.TemplateID, d, secure)
		if err != nil {
			s.admitted()
			writeJSONError(w, http.StatusInternalServerError, "create sandbox: %v", err)
			return
		}
		for k, v := range req.Metadata {
			sb.metadata[k] = v
		}
		for k, v := range req.EnvVars {
			sb.envVars[k] = v
		}
		sb.autoPause, sb.autoResume, sb.internet = req.AutoPause, autoResume, req.AllowInternetAccess
		s.mu.Lock()
		if s.closed {
			s.creating--
			s.mu.Unlock()
			_ = sb.kill()
			writeJSONError(w, http.StatusServiceUnavailable, "server is shutting down")
			return
		}
		s.boxes[sb.id] = sb
		s.creating--
		s.mu.Unlock()
		s.log.Info("sandbox created", "sandbox_id", sb.id, "template_id", sb.templateID, "timeout_s", int(d.Seconds()))
		// Warm the default Python kernel so the first execution is quick;
		// a fake kernel (benchmarks) starts no Python at all.
		if s.cfg.Fake != nil {
			writeJSON(w, http.StatusCreated, sb.sandboxJSON())
			return
		}
		go func() {
			if _, err := sb.defaultContext("python").ensureKernel(); err != nil && !sb.gone() {
				s.log.Warn("warm python kernel", "sandbox_id", sb.id, "error", err)
			}
		}()
		writeJSON(w, http.StatusCreated, sb.sandboxJSON())
	}
}

// admit reports whether one more sandbox may run: running sandboxes (a
// paused one holds no slot, as on E2B) plus creates under way stay within
// cfg.MaxSandboxes. With reserve, an admitted create holds its slot until
// it lands in s.boxes or calls admitted.
func (s *Server) admit(reserve bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cfg.MaxSandboxes < 0 {
		if reserve {
			s.creating++
		}
		return true
	}
	n := s.creating + s.stopping
	for _, sb := range s.boxes {
		if sb.currentState() == stateRunning {
			n++
		}
	}
	if n >= s.cfg.MaxSandboxes {
		return false
	}
	if reserve {
		s.creating++
	}
	return true
}

// admitted gives back the slot of a create that failed.
func (s *Server) admitted() {
	s.mu.Lock()
	s.creating--
	s.mu.Unlock()
}

// overCapacity answers a create over capacity as E2B answers its
// concurrency limit: 429 with {"code":429,"message":…} and no Retry-After
// (the official SDKs raise RateLimitError / RateLimitException,
// "Rate limit exceeded, please try again later - <message>"). The first
// sentence is E2B's own (e2b-dev/infra); the second says what to change here.
func (s *Server) overCapacity(w http.ResponseWriter) {
	capacity, _ := s.Capacity()
	writeJSONError(w, http.StatusTooManyRequests, "you have reached the maximum number of concurrent E2B sandboxes (%d). "+
		"If you need more, raise the local server's capacity (-max-sandboxes, E2BLOCAL_MAX_SANDBOXES)", capacity)
}

// Capacity reports the server's sandbox capacity (< 0: unbounded) and the
// sandboxes running now (with those being killed whose processes are not
// gone yet: they hold their slot).
func (s *Server) Capacity() (max, running int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	running = s.stopping
	for _, sb := range s.boxes {
		if sb.currentState() == stateRunning {
			running++
		}
	}
	return s.cfg.MaxSandboxes, running
}

// SetMaxSandboxes changes the capacity (0: the default for the limits;
// < 0: none); sandboxes already running stay.
func (s *Server) SetMaxSandboxes(n int) {
	if n == 0 {
		n = DefaultMaxSandboxes(s.cfg.Limits.MemoryMB)
	}
	if n == 0 {
		n = -1
	}
	s.mu.Lock()
	s.cfg.MaxSandboxes = n
	s.mu.Unlock()
}

// notFound writes the API's sandbox 404.
func notFound(w http.ResponseWriter, id string) {
	writeJSONError(w, http.StatusNotFound, "Sandbox \"%s\" doesn't exist or you don't have access to it", id)
}

// sandboxOr404 looks up the {id} path value, writing the 404 when unknown.
func (s *Server) sandboxOr404(w http.ResponseWriter, r *http.Request) *sandbox {
	id := r.PathValue("id")
	sb := s.lookup(id)
	if sb == nil {
		notFound(w, id)
	}
	return sb
}

func (s *Server) handleConnect(v2 bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		d, ok := s.decodeTimeout(w, r, &timeoutBody{}, !v2)
		if !ok {
			return
		}
		sb := s.sandboxOr404(w, r)
		if sb == nil {
			return
		}
		end := time.Now().Add(d)
		if sb.currentState() == statePaused && !s.admit(false) {
			s.overCapacity(w)
			return
		}
		if sb.resume(end) {
			s.log.Info("sandbox resumed", "sandbox_id", sb.id)
			writeJSON(w, http.StatusCreated, sb.sandboxJSON())
			return
		}
		sb.extendTo(end)
		writeJSON(w, http.StatusOK, sb.sandboxJSON())
	}
}

func (s *Server) handleInfo(w http.ResponseWriter, r *http.Request) {
	sb := s.sandboxOr404(w, r)
	if sb == nil {
		return
	}
	d := wire.SandboxDetail{ListedSandbox: sb.listedJSON(), EnvdAccessToken: sb.token,
		AllowInternetAccess: sb.internet, Lifecycle: &wire.Lifecycle{OnTimeout: "kill"}}
	if sb.autoPause {
		d.Lifecycle.OnTimeout = "pause"
	}
	d.Lifecycle.AutoResume = sb.autoResume
	writeJSON(w, http.StatusOK, d)
}

// metadataFilter decodes the list metadata query: the framework has decoded
// the parameter once; the whole string and then each key and value are
// unescaped again (docs/e2b-protocol.md §2.6).
func metadataFilter(raw string) (map[string]string, error) {
	if raw == "" {
		return nil, nil
	}
	whole, err := url.QueryUnescape(raw)
	if err != nil {
		return nil, fmt.Errorf("invalid metadata filter: %w", err)
	}
	out := map[string]string{}
	for _, pair := range strings.Split(whole, "&") {
		kv := strings.Split(pair, "=")
		if len(kv) != 2 {
			return nil, fmt.Errorf("invalid metadata filter pair %q: want key=value", pair)
		}
		k, err1 := url.QueryUnescape(kv[0])
		v, err2 := url.QueryUnescape(kv[1])
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("invalid metadata filter pair %q: %w", pair, err)
		}
		out[k] = v
	}
	return out, nil
}

func matches(l wire.ListedSandbox, meta map[string]string, states map[string]bool) bool {
	if len(states) > 0 && !states[l.State] {
		return false
	}
	for k, v := range meta {
		if got, ok := l.Metadata[k]; !ok || got != v {
			return false
		}
	}
	return true
}

// listed returns every sandbox's ListedSandbox view.
func (s *Server) listed() []wire.ListedSandbox {
	s.mu.Lock()
	boxes := make([]*sandbox, 0, len(s.boxes))
	for _, sb := range s.boxes {
		boxes = append(boxes, sb)
	}
	s.mu.Unlock()
	out := make([]wire.ListedSandbox, 0, len(boxes))
	for _, sb := range boxes {
		out = append(out, sb.listedJSON())
	}
	return out
}

func (s *Server) handleLegacyList(w http.ResponseWriter, r *http.Request) {
	meta, err := metadataFilter(r.URL.Query().Get("metadata"))
	if err != nil {
		writeJSONError(w, http.StatusBadRequest, "%v", err)
		return
	}
	out := []wire.ListedSandbox{}
	for _, l := range s.listed() {
		if matches(l, meta, map[string]bool{stateRunning: true}) {
			out = append(out, l)
		}
	}
	sortListed(out, false)
	writeJSON(w, http.StatusOK, out)
}

// before reports whether a lists before b: by start time, then id,
// descending unless asc.
func before(a, b wire.ListedSandbox, asc bool) bool {
	if asc {
		a, b = b, a
	}
	if !a.StartedAt.Equal(b.StartedAt) {
		return a.StartedAt.After(b.StartedAt)
	}
	return a.SandboxID > b.SandboxID
}

func sortListed(ls []wire.ListedSandbox, asc bool) {
	sort.Slice(ls, func(i, j int) bool { return before(ls[i], ls[j], asc) })
}

// pageToken is the opaque list cursor: the sort key of the last item sent.
func pageToken(l wire.ListedSandbox) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(l.StartedAt.UnixNano(), 10) + "|" + l.SandboxID))
}

func parsePageToken(tok string) (nanos int64, id string, err error) {
	b, err := base64.RawURLEncoding.DecodeString(tok)
	if err != nil {
		return 0, "", fmt.Errorf("invalid nextToken: %w", err)
	}
	ns, id, ok := strings.Cut(string(b), "|")
	if !ok {
		return 0, "", errors.New("invalid nextToken")
	}
	nanos, err = strconv.ParseInt(ns, 10, 64)
	if err != nil {
		return 0, "", fmt.Errorf("invalid nextToken: %w", err)
	}
	return nanos, id, nil
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	meta, err := metadataFilter(q.Get("metadata"))
	if err != nil {
		writeJSONError(w, http.StatusBadRequest, "%v", err)
		return
	}
	states := map[string]bool{}
	for _, st := range strings.Split(q.Get("state"), ",") {
		switch st {
		case "":
		case stateRunning, statePaused:
			states[st] = true
		default:
			writeJSONError(w, http.StatusBadRequest, "invalid state %q: want running or paused", st)
			return
		}
	}
	asc := false
	switch q.Get("order") {
	case "", "desc":
	case "asc":
		asc = true
	default:
		writeJSONError(w, http.StatusBadRequest, "invalid order %q: want asc or desc", q.Get("order"))
		return
	}
	limit := 100
	if v := q.Get("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > 100 {
			writeJSONError(w, http.StatusBadRequest, "invalid limit %q: want 1..100", v)
			return
		}
	}
	var after time.Time
	if v := q.Get("startedAfter"); v != "" {
		if after, err = time.Parse(time.RFC3339Nano, v); err != nil {
			writeJSONError(w, http.StatusBadRequest, "invalid startedAfter %q: %v", v, err)
			return
		}
	}
	template := q.Get("template")
	var all []wire.ListedSandbox
	running := 0
	for _, l := range s.listed() {
		if !matches(l, meta, states) || (template != "" && l.TemplateID != template) || l.StartedAt.Before(after) {
			continue
		}
		if l.State == stateRunning {
			running++
		}
		all = append(all, l)
	}
	sortListed(all, asc)
	if tok := q.Get("nextToken"); tok != "" {
		nanos, id, err := parsePageToken(tok)
		if err != nil {
			writeJSONError(w, http.StatusBadRequest, "%v", err)
			return
		}
		cursor := wire.ListedSandbox{StartedAt: time.Unix(0, nanos), SandboxID: id}
		i := 0
		for i < len(all) && !before(cursor, all[i], asc) {
			i++
		}
		all = all[i:]
	}
	w.Header().Set(wire.HeaderTotalRunning, strconv.Itoa(running))
	if len(all) > limit {
		all = all[:limit]
		w.Header().Set(wire.HeaderNextToken, pageToken(all[limit-1]))
	}
	if all == nil {
		all = []wire.ListedSandbox{}
	}
	writeJSON(w, http.StatusOK, all)
}

func (s *Server) handleKill(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	sb := s.remove(id)
	if sb == nil {
		notFound(w, id)
		return
	}
	start := time.Now()
	sb.stop()
	s.log.Info("sandbox killed", "sandbox_id", id, "took", time.Since(start).Round(time.Millisecond))
	w.WriteHeader(http.StatusNoContent)
	// Its processes are gone and it no longer counts against the capacity:
	// the answer goes now, and its disk and dirs after it. Unmounting and
	// removing them took seconds on a busy machine, and a caller that
	// waited for them held back the next analysis' sandbox for nothing
	// (E2B too answers a kill before it has cleaned up).
	s.teardown.Add(1)
	go func() {
		defer s.teardown.Done()
		start := time.Now()
		if err := sb.release(); err != nil {
			s.log.Warn("kill sandbox: clean up", "sandbox_id", id, "error", err)
		}
		s.log.Debug("sandbox cleaned up", "sandbox_id", id, "took", time.Since(start).Round(time.Millisecond))
	}()
}

func (s *Server) handleSetTimeout(w http.ResponseWriter, r *http.Request) {
	d, ok := s.decodeTimeout(w, r, &timeoutBody{}, true)
	if !ok {
		return
	}
	if sb := s.sandboxOr404(w, r); sb != nil {
		sb.setEnd(time.Now().Add(d))
		w.WriteHeader(http.StatusNoContent)
	}
}

func (s *Server) handleRefresh(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Duration int64 `json:"duration"`
	}
	if err := decodeBody(r, &req); err != nil || req.Duration < 0 || req.Duration > 3600 {
		writeJSONError(w, http.StatusBadRequest, "duration must be 0..3600 seconds")
		return
	}
	if sb := s.sandboxOr404(w, r); sb != nil {
		sb.extendTo(time.Now().Add(time.Duration(req.Duration) * time.Second))
		w.WriteHeader(http.StatusNoContent)
	}
}

func (s *Server) handlePause(w http.ResponseWriter, r *http.Request) {
	sb := s.sandboxOr404(w, r)
	if sb == nil {
		return
	}
	if !sb.pause() {
		writeJSONError(w, http.StatusConflict, "Sandbox \"%s\" is already paused", sb.id)
		return
	}
	s.log.Info("sandbox paused", "sandbox_id", sb.id)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleLocalKill(w http.ResponseWriter, r *http.Request) {
	if err := s.KillSandbox(r.PathValue("id")); err != nil {
		if errors.Is(err, errNoSandbox) {
			notFound(w, r.PathValue("id"))
			return
		}
		writeJSONError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleLocalKillKernel(w http.ResponseWriter, r *http.Request) {
	if err := s.KillKernel(r.PathValue("id")); err != nil {
		notFound(w, r.PathValue("id"))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleLocalExecCount(w http.ResponseWriter, r *http.Request) {
	if sb := s.sandboxOr404(w, r); sb != nil {
		writeJSON(w, http.StatusOK, map[string]int{"execCount": int(sb.execCount.Load())})
	}
}

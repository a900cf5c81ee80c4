package e2blocal

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// keepaliveEvery is the silence after which /execute sends a keepalive line.
const keepaliveEvery = 5 * time.Second

// Fixed lines of the /execute stream.
var (
	lineEnd       = []byte(`{"type": "end_of_execution"}` + "\n")
	lineKeepalive = []byte(`{"type": "keepalive"}` + "\n")
)

func (s *Server) interpRoutes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, "OK")
	})
	mux.HandleFunc("POST /execute", s.handleExecute)
	mux.HandleFunc("POST /contexts", s.handleCreateContext)
	mux.HandleFunc("GET /contexts", s.handleListContexts)
	mux.HandleFunc("POST /contexts/{id}/restart", s.handleRestartContext)
	mux.HandleFunc("DELETE /contexts/{id}", s.handleDeleteContext)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		plainError(w, http.StatusNotFound, "Not Found")
	})
	return mux
}

// plainError writes the code interpreter's plain-text error.
func plainError(w http.ResponseWriter, status int, format string, args ...any) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintf(w, format, args...)
}

// normalizeLanguage maps a request language to a kernel language, as the
// code interpreter does; ok is false for languages this server lacks.
func normalizeLanguage(l string) (lang string, ok bool) {
	l = strings.ToLower(strings.TrimSpace(l))
	switch l {
	case "", "python":
		return "python", true
	case "bash":
		return "bash", true
	case "js":
		return "javascript", false
	case "ts":
		return "typescript", false
	}
	return l, false
}

func (c *execContext) json() wire.Context {
	return wire.Context{ID: c.id, Language: c.language, Cwd: c.cwd}
}

func (s *Server) handleCreateContext(w http.ResponseWriter, r *http.Request) {
	sb := sandboxFrom(r.Context())
	var req wire.CreateContextRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil && !errors.Is(err, io.EOF) {
		plainError(w, http.StatusBadRequest, "invalid request body: %v", err)
		return
	}
	lang, ok := normalizeLanguage(req.Language)
	if !ok {
		plainError(w, http.StatusBadRequest, "language %q not available here (e2blocal runs python and bash)", lang)
		return
	}
	c := sb.newContext(lang, cleanPath(req.Cwd)) // "" is /home/user
	if s.cfg.Fake != nil {
		writeJSON(w, http.StatusOK, c.json())
		return
	}
	if _, err := c.ensureKernel(); err != nil {
		sb.removeContext(c.id)
		plainError(w, http.StatusInternalServerError, "start %s kernel: %v", lang, err)
		return
	}
	writeJSON(w, http.StatusOK, c.json())
}

func (s *Server) handleListContexts(w http.ResponseWriter, r *http.Request) {
	cs := sandboxFrom(r.Context()).listContexts()
	out := make([]wire.Context, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.json())
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleRestartContext(w http.ResponseWriter, r *http.Request) {
	c := sandboxFrom(r.Context()).context(r.PathValue("id"))
	if c == nil {
		plainError(w, http.StatusNotFound, "Context %s not found", r.PathValue("id"))
		return
	}
	c.stop(false)
	if s.cfg.Fake != nil {
		writeJSON(w, http.StatusOK, nil)
		return
	}
	if _, err := c.ensureKernel(); err != nil {
		plainError(w, http.StatusInternalServerError, "restart context: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, nil)
}

func (s *Server) handleDeleteContext(w http.ResponseWriter, r *http.Request) {
	c := sandboxFrom(r.Context()).removeContext(r.PathValue("id"))
	if c == nil {
		plainError(w, http.StatusNotFound, "Context %s not found", r.PathValue("id"))
		return
	}
	c.stop(true)
	writeJSON(w, http.StatusOK, nil)
}

// executeRequest is the body of POST /execute.
type executeRequest struct {
	Code      *string           `json:"code"`
	ContextID *string           `json:"context_id"`
	Language  *string           `json:"language"`
	EnvVars   map[string]string `json:"env_vars"`
}

func (s *Server) handleExecute(w http.ResponseWriter, r *http.Request) {
	sb := sandboxFrom(r.Context())
	if sb.token != "" && r.Header.Get(wire.HeaderAccessToken) != sb.token {
		plainError(w, http.StatusUnauthorized, "unauthorized access, please provide a valid access token")
		return
	}
	var req executeRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": []map[string]any{
			{"type": "json_invalid", "loc": []string{"body"}, "msg": err.Error()}}})
		return
	}
	if req.Code == nil {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": []map[string]any{
			{"type": "missing", "loc": []string{"body", "code"}, "msg": "Field required"}}})
		return
	}
	ctxID, langIn := deref(req.ContextID), deref(req.Language)
	if ctxID != "" && langIn != "" {
		plainError(w, http.StatusBadRequest, "Only one of context_id or language can be provided")
		return
	}
	var c *execContext
	if ctxID != "" {
		if c = sb.context(ctxID); c == nil {
			plainError(w, http.StatusNotFound, "Context %s not found", ctxID)
			return
		}
	} else {
		lang, ok := normalizeLanguage(langIn)
		if !ok {
			plainError(w, http.StatusBadRequest, "language %q not available here (e2blocal runs python and bash)", lang)
			return
		}
		c = sb.defaultContext(lang)
	}
	select {
	case c.turn <- struct{}{}:
		defer func() { <-c.turn }()
	case <-r.Context().Done():
		return
	}
	if s.cfg.Fake != nil {
		s.fakeExecute(w, c, *req.Code)
		return
	}
	k, err := c.ensureKernel()
	if err != nil {
		plainError(w, http.StatusInternalServerError, "start %s kernel: %v", c.language, err)
		return
	}
	// Counted before the kernel can start the code, so a count read once
	// the code shows it started already holds this execution.
	sb.execCount.Add(1)
	id, sub, err := k.run(*req.Code, c.language, req.EnvVars)
	if err != nil {
		sb.execCount.Add(-1)
		plainError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.WriteHeader(http.StatusOK)
	s.streamExecution(w, r, c, k, id, sub)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// What E2B's code-interpreter server does when the client of a running
// /execute goes away (read in e2b-dev/code-interpreter at 7df1757,
// template/server/messaging.py, ContextWebSocket.execute and
// _wait_for_result; the behaviour came with the upstream change "Release
// lock for interruptable client requests"; see docs/e2b-protocol.md §5.5):
//   - it notices the disconnect when a write fails; it writes a keepalive
//     line every 5 s of silence (KEEPALIVE_INTERVAL) so that it does;
//   - it interrupts the kernel once (POST /api/kernels/{id}/interrupt on
//     Jupyter: SIGINT, KeyboardInterrupt in the cell) and never kills it;
//     a cell that ignores SIGINT runs on to its end, and the kernel keeps
//     whatever the cell built;
//   - it drops the execution from its table, so the rest of that cell's
//     output goes nowhere, and releases the context's execution lock;
//   - a second /execute on the context then gets the lock at once and
//     sends its execute_request to the kernel, which runs it only after
//     the running cell: the second stream carries keepalives until then.
// streamExecution does the same. (Older servers kept the lock until the
// abandoned cell ended, and did not interrupt the kernel.)

// streamExecution copies execution id's lines to w until the driver reports
// it done, adding keepalives and the final end_of_execution. A client that
// goes away gets the kernel interrupted once, as from E2B, and stops
// listening; the cell is never killed for it.
func (s *Server) streamExecution(w http.ResponseWriter, r *http.Request, c *execContext, k *kernel, id int64, sub *execSub) {
	defer k.leave(id)
	rc := http.NewResponseController(w)
	write := func(b []byte) bool {
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	keepalive := time.NewTimer(keepaliveEvery)
	defer keepalive.Stop()
	for {
		select {
		case line, ok := <-sub.lines:
			if !ok {
				if c.sb.gone() {
					// The sandbox was killed: reset the connection, as a dying E2B sandbox does.
					panic(http.ErrAbortHandler)
				}
				write(errorLine("DeadKernelError", c.sb.deathCause()+"; its state is lost and "+
					"the next execution starts a new kernel", ""))
				write(lineEnd)
				return
			}
			dl, _ := controlLine(line)
			ok = true
			switch dl.Type {
			case "_start":
				ok = write([]byte(fmt.Sprintf(`{"type": "number_of_executions", "execution_count": %d}`+"\n", dl.ExecutionCount)))
			case "_done":
				write(lineEnd)
				return
			default:
				ok = write(line)
			}
			if !ok {
				s.clientGone(c, k)
				return
			}
			keepalive.Reset(keepaliveEvery)
		case <-keepalive.C:
			if !write(lineKeepalive) {
				s.clientGone(c, k)
				return
			}
			keepalive.Reset(keepaliveEvery)
		case <-r.Context().Done():
			s.clientGone(c, k)
			return
		}
	}
}

// clientGone interrupts the kernel once for an execute client that went
// away, as E2B's server does; the cell is not killed, and the caller
// releases the context's lock by returning.
func (s *Server) clientGone(c *execContext, k *kernel) {
	s.log.Info("execute client went away: interrupting the kernel once; the cell is not killed",
		"sandbox_id", c.sb.id, "context_id", c.id)
	k.interrupt()
}

func errorLine(name, value, traceback string) []byte {
	b, _ := json.Marshal(struct {
		Type      string `json:"type"`
		Name      string `json:"name"`
		Value     string `json:"value"`
		Traceback string `json:"traceback"`
	}{"error", name, value, traceback})
	return append(b, '\n')
}

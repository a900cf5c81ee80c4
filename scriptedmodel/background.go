package scriptedmodel

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Background mode, as OpenAI's Responses API has it: a request with
// "background": true (which needs store) is answered at once with the
// response in status "queued"; the response is generated server-side
// ("in_progress") whether or not any client waits, and ends "completed",
// "failed", "incomplete" or "cancelled". GET /v1/responses/{id} reads it;
// POST /v1/responses/{id}/cancel stops it. Each background response has an
// id of its own, so two creates of the same turn are two responses (and two
// generations): only polling the first one saves the second.

// begin marks the start of one generation of a script's turn (counted, so
// tests can prove a turn was generated once) and spends the latency
// WithLatency gave the request. A generation whose ctx ends first is
// abandoned: a plain request's client went away or a background response
// was cancelled.
func (s *Server) begin(ctx context.Context, script string, turn int) *apiError {
	s.mu.Lock()
	s.generations[script+"/"+strconv.Itoa(turn)]++
	s.mu.Unlock()
	wait := latencyOf(ctx)
	if wait <= 0 {
		return nil
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return newError(499, "server_error", "", "", "generation stopped before it ended")
	}
}

// Generations is how many times the server began generating turn of script
// (the analyst's script is AnalystModel), by plain and background requests.
func (s *Server) Generations(script string, turn int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.generations[script+"/"+strconv.Itoa(turn)]
}

// startBackground stores req's response as queued and generates it in a
// goroutine of its own, outliving the request.
func (s *Server) startBackground(reqCtx context.Context, req responseRequest, rec *RequestRecord) (*response, *apiError) {
	if req.Store != nil && !*req.Store {
		return nil, invalidRequest("invalid_value", "store", "Background mode requires `store` to be true.")
	}
	finish, apiErr := s.prepare(req, rec)
	if apiErr != nil {
		return nil, apiErr
	}
	rec.Background = true
	var b [16]byte
	_, _ = rand.Read(b[:])
	queued := &response{
		ID: "resp_bg_" + hex.EncodeToString(b[:]), Object: "response", CreatedAt: time.Now().Unix(),
		Status: "queued", Background: true, Model: req.Model, Metadata: req.Metadata, Store: true,
		Instructions: orNull(req.Instructions), ToolChoice: orNull(req.ToolChoice), Tools: orNull(req.Tools),
		ParallelToolCalls: req.ParallelToolCalls == nil || *req.ParallelToolCalls, Truncation: "disabled",
		Temperature: deref(req.Temperature, 1), TopP: deref(req.TopP, 1), MaxOutputTokens: req.MaxOutputTokens,
		Output: []outputItem{},
	}
	if queued.Metadata == nil {
		queued.Metadata = map[string]string{}
	}
	// The generation outlives the request: only a cancel stops it. It keeps
	// the latency the request was given.
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), latencyKey{}, latencyOf(reqCtx)))
	s.mu.Lock()
	s.running[queued.ID] = cancel
	s.ended[queued.ID] = make(chan struct{})
	s.mu.Unlock()
	s.store(queued, nil)
	genRec := *rec
	go s.runBackground(ctx, queued, finish, &genRec)
	return queued, nil
}

// runBackground generates one background response and stores its end.
func (s *Server) runBackground(ctx context.Context, queued *response, finish func(context.Context) (*response, *apiError), rec *RequestRecord) {
	start := time.Now()
	s.setStatus(queued.ID, "queued", "in_progress")
	resp, apiErr := finish(ctx)

	s.mu.Lock()
	defer s.mu.Unlock()
	cancel := s.running[queued.ID]
	delete(s.running, queued.ID)
	if cancel != nil {
		cancel()
	}
	if ended := s.ended[queued.ID]; ended != nil {
		defer close(ended)
		delete(s.ended, queued.ID)
	}
	st, ok := s.stored[queued.ID]
	if !ok || st.body.Status == "cancelled" {
		rec.Status, rec.Error = 499, "cancelled"
		s.requests = append(s.requests, *rec)
		return
	}
	now := time.Now().Unix()
	var end response
	var conv []item
	if apiErr != nil {
		end = *st.body
		end.Status, end.Error, end.CompletedAt = "failed", apiErr, nil
		if end.Error.Code == nil {
			code := "server_error"
			end.Error.Code = &code
		}
		rec.Status, rec.Error = apiErr.status, apiErr.Message
	} else {
		end = *resp
		end.ID, end.Background, end.CreatedAt, end.CompletedAt = queued.ID, true, queued.CreatedAt, &now
		if prev, ok := s.stored[resp.ID]; ok {
			conv = prev.conversation
		}
		rec.Status, rec.ResponseID = http.StatusOK, queued.ID
	}
	s.stored[queued.ID] = storedResponse{conversation: conv, body: &end}
	s.requests = append(s.requests, *rec)
	s.log.Info("background response", "id", queued.ID, "script", rec.Script, "turn", rec.Turn, "status", end.Status,
		"fault", rec.Fault, "error", rec.Error, "duration_ms", time.Since(start).Milliseconds())
}

// setStatus moves a stored response from status from to status to.
func (s *Server) setStatus(id, from, to string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.stored[id]; ok && st.body.Status == from {
		body := *st.body
		body.Status = to
		s.stored[id] = storedResponse{conversation: st.conversation, body: &body}
	}
}

// cancelResponse is POST /v1/responses/{id}/cancel: a background response
// still queued or in progress is stopped and ends "cancelled"; one that has
// ended is returned as it is; a plain response cannot be cancelled.
func (s *Server) cancelResponse(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	s.mu.Lock()
	st, ok := s.stored[id]
	if !ok {
		s.mu.Unlock()
		writeError(w, newError(http.StatusNotFound, "invalid_request_error", "", "",
			fmt.Sprintf("Response with id '%s' not found.", id)))
		return
	}
	if !st.body.Background {
		s.mu.Unlock()
		writeError(w, invalidRequest("", "", "Cannot cancel a synchronous response."))
		return
	}
	body := *st.body
	if body.Status == "queued" || body.Status == "in_progress" {
		body.Status = "cancelled"
		s.stored[id] = storedResponse{conversation: st.conversation, body: &body}
		if cancel := s.running[id]; cancel != nil {
			cancel()
		}
	}
	s.mu.Unlock()
	s.log.Info("cancel response", "id", id, "status", body.Status)
	writeJSON(w, http.StatusOK, &body)
}

// streamResponse is GET /v1/responses/{id}?stream=true for a background
// response: server-sent events, as OpenAI sends them, of the response's
// state now and of its end (response.completed, response.failed or
// response.incomplete). A cancelled response ends the stream without an
// end event; a client reads the response to see why.
func (s *Server) streamResponse(w http.ResponseWriter, r *http.Request, id string) {
	s.mu.Lock()
	st, ok := s.stored[id]
	ended := s.ended[id]
	s.mu.Unlock()
	if !ok {
		writeError(w, newError(http.StatusNotFound, "invalid_request_error", "", "",
			fmt.Sprintf("Response with id '%s' not found.", id)))
		return
	}
	if !st.body.Background {
		writeError(w, invalidRequest("", "stream", "Cannot stream a response that was not created with background mode."))
		return
	}
	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	seq := 0
	send := func(body *response) {
		typ := "response." + body.Status
		if body.Status == "queued" || body.Status == "in_progress" || body.Status == "completed" ||
			body.Status == "failed" || body.Status == "incomplete" {
			b, _ := json.Marshal(map[string]any{"type": typ, "sequence_number": seq, "response": body})
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
			seq++
		}
		if flusher != nil {
			flusher.Flush()
		}
	}
	send(st.body)
	if ended == nil {
		return // it has ended already
	}
	select {
	case <-ended:
	case <-r.Context().Done():
		return
	}
	s.mu.Lock()
	st = s.stored[id]
	s.mu.Unlock()
	if st.body != nil {
		send(st.body)
	}
}

package scriptedmodel

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ModelPrefix prefixes a script name to form a model name ("script:sales-chart").
const ModelPrefix = "script:"

// MetadataScriptKey is the request metadata key that picks a script by name;
// it wins over the model name.
const MetadataScriptKey = "script"

const (
	maxBodyBytes = 64 << 20 // a long conversation with big tool outputs still fits
	maxStored    = 10000    // responses kept for previous_response_id
)

// Config configures a Server.
type Config struct {
	// ScriptDir holds the *.json scripts; all are loaded and validated by New.
	ScriptDir string
	// DefaultScript answers requests whose model names no script; empty means
	// such requests get 404 model_not_found.
	DefaultScript string
	// APIKey, if set, must arrive as "Authorization: Bearer <key>".
	APIKey string
	// Logger receives one line per request; nil discards.
	Logger *slog.Logger
	// NoBackground makes the server refuse background mode, as servers
	// without it do (400 naming the parameter).
	NoBackground bool
}

// RequestRecord is what the server remembers about one POST /v1/responses or
// /v1/chat/completions.
type RequestRecord struct {
	Time       time.Time
	Model      string // the request's model field
	Script     string // the script that answered, empty if none was picked
	Turn       int    // 1-based turn the request asked for, 0 if unknown
	Status     int    // HTTP status of the answer
	Fault      string // the injected fault, e.g. "status 429" or "stall 30s"
	ResponseID string // id of the answer on success
	Error      string // error message on failure
	Background bool   // a background response: recorded when its generation ended
	// ToolOutputs are the texts of the function_call_output items that
	// answer the request's last function calls (what this request adds),
	// by call id: what the client handed the model of its tool runs.
	ToolOutputs map[string]string
}

// Server is a scripted Responses API server. It is safe for concurrent use.
type Server struct {
	cfg     Config
	log     *slog.Logger
	scripts map[string]*script

	mu       sync.Mutex
	requests []RequestRecord
	attempts map[string]int // fault attempts by request fingerprint
	stored   map[string]storedResponse
	order    []string // stored ids, oldest first

	generations map[string]int                // generations started, by "script/turn"
	running     map[string]context.CancelFunc // background responses still generating
	ended       map[string]chan struct{}      // closed when a background response ends
}

// storedResponse is a response kept for previous_response_id and GET.
type storedResponse struct {
	conversation []item // the request's conversation followed by the output
	body         *response
}

// New loads and validates every script in cfg.ScriptDir.
func New(cfg Config) (*Server, error) {
	if cfg.ScriptDir == "" {
		return nil, errors.New("scriptedmodel: ScriptDir is empty")
	}
	scripts, err := loadScripts(cfg.ScriptDir)
	if err != nil {
		return nil, fmt.Errorf("scriptedmodel: %w", err)
	}
	if err := addAnalyst(scripts); err != nil {
		return nil, fmt.Errorf("scriptedmodel: %w", err)
	}
	if cfg.DefaultScript != "" && scripts[cfg.DefaultScript] == nil {
		return nil, fmt.Errorf("scriptedmodel: default script %q is not in %s (have %s)",
			cfg.DefaultScript, cfg.ScriptDir, strings.Join(scriptNames(scripts), ", "))
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{
		cfg:      cfg,
		log:      log,
		scripts:  scripts,
		attempts: make(map[string]int),
		stored:   make(map[string]storedResponse),

		generations: make(map[string]int),
		running:     make(map[string]context.CancelFunc),
		ended:       make(map[string]chan struct{}),
	}, nil
}

// Handler returns the HTTP handler serving the /v1 API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/responses", s.createResponse)
	mux.HandleFunc("GET /v1/responses/{id}", s.getResponse)
	mux.HandleFunc("POST /v1/responses/{id}/cancel", s.cancelResponse)
	mux.HandleFunc("POST /v1/chat/completions", s.createChatCompletion)
	mux.HandleFunc("GET /v1/models", s.listModels)
	mux.HandleFunc("GET /v1/models/{model}", s.getModel)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, newError(http.StatusNotFound, "invalid_request_error", "unknown_url", "",
			fmt.Sprintf("Invalid URL (%s %s)", r.Method, r.URL.Path)))
	})
	return s.authenticate(mux)
}

// Requests returns a copy of the log of model requests (Responses and Chat
// Completions), oldest first.
func (s *Server) Requests() []RequestRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]RequestRecord(nil), s.requests...)
}

func (s *Server) authenticate(next http.Handler) http.Handler {
	if s.cfg.APIKey == "" {
		return next
	}
	want := []byte("Bearer " + s.cfg.APIKey)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.Header.Get("Authorization")
		switch {
		case got == "":
			writeError(w, newError(http.StatusUnauthorized, "invalid_request_error", "", "",
				"You didn't provide an API key: send it as Authorization: Bearer <key>."))
		case subtle.ConstantTimeCompare([]byte(got), want) != 1:
			writeError(w, newError(http.StatusUnauthorized, "invalid_request_error", "invalid_api_key", "",
				"Incorrect API key provided."))
		default:
			next.ServeHTTP(w, r)
		}
	})
}

func (s *Server) createResponse(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := RequestRecord{Time: start}
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	resp, apiErr := s.respond(r, &rec)
	if apiErr == nil && resp.Background {
		// The generation records itself when it ends (background.go).
		writeJSON(w, http.StatusOK, resp)
		s.log.Info("model request", "path", r.URL.Path, "script", rec.Script, "turn", rec.Turn, "status", http.StatusOK,
			"response_id", resp.ID, "background", true, "duration_ms", time.Since(start).Milliseconds())
		return
	}
	if apiErr != nil {
		if apiErr.retryAfter != "" {
			w.Header().Set("Retry-After", apiErr.retryAfter)
		}
		rec.Status, rec.Error = apiErr.status, apiErr.Message
		writeError(w, apiErr)
	} else {
		rec.Status, rec.ResponseID = http.StatusOK, resp.ID
		writeJSON(w, http.StatusOK, resp)
	}
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	s.mu.Unlock()
	s.log.Info("model request", "path", r.URL.Path, "script", rec.Script, "turn", rec.Turn, "status", rec.Status,
		"fault", rec.Fault, "response_id", rec.ResponseID, "error", rec.Error,
		"duration_ms", time.Since(start).Milliseconds())
}

// respond answers one request; it fills rec as it learns more.
func (s *Server) respond(r *http.Request, rec *RequestRecord) (*response, *apiError) {
	var req responseRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		return nil, invalidRequest("", "", fmt.Sprintf("We could not parse the JSON body of your request: %v", err))
	}
	rec.Model = req.Model
	if req.Stream {
		return nil, invalidRequest("unsupported_value", "stream",
			"stream: true is not supported by the scripted model server; send a non-streaming request")
	}
	if req.Background {
		if s.cfg.NoBackground {
			return nil, invalidRequest("unknown_parameter", "background", "Unknown parameter: 'background'.")
		}
		return s.startBackground(r.Context(), req, rec)
	}
	return s.generate(r.Context(), req, rec)
}

// generate answers req: it picks the script, resolves the turn and builds
// (and stores) the response. ctx bounds the generation: the request's for
// a plain request, the response's own for a background one.
func (s *Server) generate(ctx context.Context, req responseRequest, rec *RequestRecord) (*response, *apiError) {
	finish, apiErr := s.prepare(req, rec)
	if apiErr != nil {
		return nil, apiErr
	}
	return finish(ctx)
}

// prepare does what a server checks before it answers a create call: the
// script, the input, the turn, its expectations and a fault that refuses
// the request outright (a status without a stall). finish generates the
// answer: a plain request's at once, a background one's later.
func (s *Server) prepare(req responseRequest, rec *RequestRecord) (finish func(context.Context) (*response, *apiError), _ *apiError) {
	sc, apiErr := s.pick(req)
	if apiErr != nil {
		return nil, apiErr
	}
	rec.Script = sc.name
	input, err := parseInput(req.Input)
	if err != nil {
		return nil, invalidRequest("", "input", err.Error())
	}
	rec.ToolOutputs = newToolOutputs(input)
	if req.Store != nil && !*req.Store {
		// Like OpenAI: with store=false nothing was kept, so an item that
		// names a server-side id cannot be looked up.
		for _, it := range input {
			if it.ID != "" {
				return nil, invalidRequest("", "input", fmt.Sprintf(
					"Item with id '%s' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.", it.ID))
			}
		}
	}
	var conv []item
	if req.PreviousResponseID != "" {
		s.mu.Lock()
		prev, ok := s.stored[req.PreviousResponseID]
		s.mu.Unlock()
		if !ok {
			return nil, invalidRequest("previous_response_not_found", "previous_response_id",
				fmt.Sprintf("Previous response with id '%s' not found.", req.PreviousResponseID))
		}
		conv = append(conv, prev.conversation...)
	}
	conv = append(conv, input...)
	if sc.analyst {
		return func(ctx context.Context) (*response, *apiError) { return s.answerAsAnalyst(ctx, req, conv, rec) }, nil
	}

	n, outputs, apiErr := resolveTurn(sc, conv)
	rec.Turn = n
	if apiErr != nil {
		return nil, apiErr
	}
	t := sc.turns[n-1]
	if t.expect != nil {
		if err := t.expect.check(outputs); err != nil {
			// The answer names the failed expectation; the tool output it
			// was checked against is user data, so only the log shows it.
			s.log.Warn("expectation failed", "script", sc.name, "turn", n, "error", err, "tool_output", excerpt(outputs, 300))
			return nil, invalidRequest("expectation_failed", "input",
				fmt.Sprintf("script %s turn %d: %v", sc.name, n, err))
		}
	}
	instructions := flattenText(req.Instructions)
	fp := fingerprint(sc.name, n, instructions, conv)
	f := s.takeFault(t.fault, fp)
	if f != nil && f.stall == 0 {
		// Refused before any generation, as rate limits and auth are.
		return nil, s.applyFault(context.Background(), f, rec)
	}
	return func(ctx context.Context) (*response, *apiError) {
		if apiErr := s.begin(ctx, sc.name, n); apiErr != nil {
			return nil, apiErr
		}
		if f != nil {
			if apiErr := s.applyFault(ctx, f, rec); apiErr != nil {
				return nil, apiErr
			}
		}
		if len(t.calls) > 0 && toolChoiceNone(req.ToolChoice) {
			// A model told not to call tools answers; the script's answer is
			// the best one it has.
			t = turn{text: sc.turns[len(sc.turns)-1].text, usage: t.usage}
		}
		resp, out := buildResponse(req, t, n, fp, instructions, conv)
		if req.Store == nil || *req.Store {
			s.store(resp, append(conv, out...))
		}
		return resp, nil
	}, nil
}

// newToolOutputs are the outputs after the last function call of input.
func newToolOutputs(input []item) map[string]string {
	var out map[string]string
	for _, it := range input {
		switch it.Type {
		case "function_call":
			out = nil
		case "function_call_output":
			if out == nil {
				out = map[string]string{}
			}
			out[it.CallID] = it.Text
		}
	}
	return out
}

// pick selects the request's script: metadata "script", then model
// "script:<name>" or "<name>", then the default script.
func (s *Server) pick(req responseRequest) (*script, *apiError) {
	if name, ok := req.Metadata[MetadataScriptKey]; ok {
		if sc := s.scripts[name]; sc != nil {
			return sc, nil
		}
		return nil, newError(http.StatusNotFound, "invalid_request_error", "model_not_found", "metadata",
			fmt.Sprintf("metadata %s=%q names no script (have %s)", MetadataScriptKey, name, strings.Join(scriptNames(s.scripts), ", ")))
	}
	name, prefixed := strings.CutPrefix(req.Model, ModelPrefix)
	if sc := s.scripts[name]; sc != nil {
		return sc, nil
	}
	if !prefixed && s.cfg.DefaultScript != "" {
		return s.scripts[s.cfg.DefaultScript], nil
	}
	// OpenAI's answer, word for word (param null); the scripts there are
	// named in the server's log, not in the answer.
	s.log.Warn("no script for model", "model", req.Model, "scripts", strings.Join(scriptNames(s.scripts), ", "))
	return nil, newError(http.StatusNotFound, "invalid_request_error", "model_not_found", "",
		fmt.Sprintf("The model `%s` does not exist or you do not have access to it.", req.Model))
}

// resolveTurn reads from the conversation which 1-based turn is asked for and
// checks that every earlier call has its output. It returns the turn and the
// joined outputs of the previous turn's calls.
func resolveTurn(sc *script, conv []item) (int, string, *apiError) {
	calls := make(map[string]bool)
	outputs := make(map[string]string)
	var callOrder, outputOrder []string
	last := 0
	for _, it := range conv {
		switch it.Type {
		case "function_call":
			if !calls[it.CallID] {
				callOrder = append(callOrder, it.CallID)
			}
			calls[it.CallID] = true
		case "function_call_output":
			if _, ok := outputs[it.CallID]; !ok {
				outputOrder = append(outputOrder, it.CallID)
			}
			outputs[it.CallID] = it.Text
		case "message":
			// An answer the script gave (a turn with "text") closes that
			// turn: a conversation's next question asks for the one after.
			if it.Role == "assistant" {
				last++
			}
			continue
		default:
			continue
		}
		if t, _, ok := parseCallID(it.CallID); ok {
			last = max(last, t)
		}
	}
	n := last + 1
	if n > len(sc.turns) {
		return n, "", invalidRequest("script_exhausted", "input",
			fmt.Sprintf("script %s has %d turns and the conversation has already had all of them", sc.name, len(sc.turns)))
	}
	var prevOut []string
	if n > 1 && len(sc.turns[n-2].calls) == 0 && lastIsCall(conv) {
		return n, "", invalidRequest("script_mismatch", "input",
			fmt.Sprintf("script %s: the input carries call ids of turn %d, which makes no calls", sc.name, n-1))
	}
	if n > 1 {
		prev := sc.turns[n-2]
		for i := range prev.calls {
			id := callID(n-1, i+1)
			out, ok := outputs[id]
			if !ok {
				return n, "", invalidRequest("missing_function_call_output", "input",
					fmt.Sprintf("missing function_call_output for call_id %s (script %s, turn %d needs an output for every call of turn %d)", id, sc.name, n, n-1))
			}
			prevOut = append(prevOut, out)
		}
	}
	for _, id := range outputOrder {
		if !calls[id] {
			return n, "", invalidRequest("", "input",
				fmt.Sprintf("No tool call found for function call output with call_id %s.", id))
		}
	}
	for _, id := range callOrder {
		if _, ok := outputs[id]; !ok {
			return n, "", invalidRequest("missing_function_call_output", "input",
				fmt.Sprintf("No tool output found for function call %s.", id))
		}
	}
	return n, strings.Join(prevOut, "\n"), nil
}

// lastIsCall reports whether the conversation's last model output is a
// function call (not an answer).
func lastIsCall(conv []item) bool {
	for i := len(conv) - 1; i >= 0; i-- {
		switch {
		case conv[i].Type == "function_call" || conv[i].Type == "function_call_output":
			return true
		case conv[i].Type == "message" && conv[i].Role == "assistant":
			return false
		}
	}
	return false
}

// takeFault counts one attempt at a turn with fault f; it returns f while
// this request fingerprint has failed fewer than f.times times, else nil.
func (s *Server) takeFault(f *fault, fp string) *fault {
	if f == nil {
		return nil
	}
	s.mu.Lock()
	s.attempts[fp]++
	attempt := s.attempts[fp]
	s.mu.Unlock()
	if attempt > f.times {
		return nil
	}
	return f
}

// applyFault acts out a fault: its stall, then its status. A nil result
// means: answer normally.
func (s *Server) applyFault(ctx context.Context, f *fault, rec *RequestRecord) *apiError {
	if f.stall > 0 {
		rec.Fault = "stall " + f.stall.String()
		timer := time.NewTimer(f.stall)
		defer timer.Stop()
		select {
		case <-ctx.Done():
			// 499 is what proxies log for "client closed request"; the client
			// never sees it.
			return newError(499, "server_error", "", "", "client gave up during a scripted stall")
		case <-timer.C:
		}
	}
	if f.status == 0 {
		return nil
	}
	rec.Fault = strings.TrimPrefix(rec.Fault+", status "+strconv.Itoa(f.status), ", ")
	e := errorForStatus(f.status, f.message)
	e.retryAfter = f.retryAfter
	return e
}

// buildResponse renders t, turn n of its script, as a response and returns it with its output
// as conversation items.
func buildResponse(req responseRequest, t turn, n int, fp, instructions string, conv []item) (*response, []item) {
	now := time.Now().Unix()
	resp := &response{
		ID:                "resp_" + fp[:32],
		Object:            "response",
		CreatedAt:         now,
		CompletedAt:       &now,
		Status:            "completed",
		Instructions:      orNull(req.Instructions),
		MaxOutputTokens:   req.MaxOutputTokens,
		Metadata:          req.Metadata,
		Model:             req.Model,
		ParallelToolCalls: req.ParallelToolCalls == nil || *req.ParallelToolCalls,
		Store:             req.Store == nil || *req.Store,
		Temperature:       deref(req.Temperature, 1),
		ToolChoice:        req.ToolChoice,
		Tools:             req.Tools,
		TopP:              deref(req.TopP, 1),
		Truncation:        "disabled",
	}
	if resp.Metadata == nil {
		resp.Metadata = map[string]string{}
	}
	if len(resp.ToolChoice) == 0 {
		resp.ToolChoice = json.RawMessage(`"auto"`)
	}
	if len(resp.Tools) == 0 || string(resp.Tools) == "null" {
		resp.Tools = json.RawMessage(`[]`)
	}
	if req.PreviousResponseID != "" {
		resp.PreviousResponseID = &req.PreviousResponseID
	}
	var out []item
	outChars := 0
	for i, c := range t.calls {
		id := callID(n, i+1)
		resp.Output = append(resp.Output, outputItem{
			Type: "function_call", ID: fmt.Sprintf("fc_%s_%d_%d", fp[:16], n, i+1), Status: "completed",
			CallID: id, Name: c.name, Arguments: &c.arguments,
		})
		out = append(out, item{Type: "function_call", CallID: id, Name: c.name, Arguments: c.arguments})
		outChars += len(c.name) + len(c.arguments)
	}
	if t.text != "" {
		resp.Output = append(resp.Output, outputItem{
			Type: "message", ID: "msg_" + fp[:32], Status: "completed", Role: "assistant",
			Content: []outputText{{Type: "output_text", Text: t.text, Annotations: []any{}}},
		})
		out = append(out, item{Type: "message", Role: "assistant", Text: t.text})
		outChars += len(t.text)
	}
	resp.Usage = usageFor(t.usage, len(instructions)+convChars(conv), outChars)
	return resp, out
}

// toolChoiceNone reports whether tool_choice is "none".
func toolChoiceNone(raw json.RawMessage) bool {
	var mode string
	return json.Unmarshal(raw, &mode) == nil && mode == "none"
}

// usageFor returns the scripted usage, or an estimate of four characters a token.
func usageFor(spec *usageSpec, inChars, outChars int) usage {
	var u usage
	if spec != nil {
		u.InputTokens, u.OutputTokens = spec.InputTokens, spec.OutputTokens
		u.InputTokensDetails.CachedTokens = spec.CachedTokens
		u.OutputTokensDetails.ReasoningTokens = spec.ReasoningTokens
	} else {
		u.InputTokens, u.OutputTokens = int64(inChars/4+1), int64(outChars/4+1)
	}
	u.TotalTokens = u.InputTokens + u.OutputTokens
	return u
}

func convChars(conv []item) int {
	n := 0
	for _, it := range conv {
		n += len(it.Text) + len(it.Arguments) + len(it.Name)
	}
	return n
}

func (s *Server) store(resp *response, conv []item) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.stored[resp.ID]; !ok {
		s.order = append(s.order, resp.ID)
	}
	s.stored[resp.ID] = storedResponse{conversation: conv, body: resp}
	for len(s.order) > maxStored {
		delete(s.stored, s.order[0])
		s.order = s.order[1:]
	}
}

func (s *Server) getResponse(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if r.URL.Query().Get("stream") == "true" {
		s.streamResponse(w, r, id)
		return
	}
	s.mu.Lock()
	st, ok := s.stored[id]
	s.mu.Unlock()
	if !ok {
		writeError(w, newError(http.StatusNotFound, "invalid_request_error", "", "",
			fmt.Sprintf("Response with id '%s' not found.", id)))
		return
	}
	writeJSON(w, http.StatusOK, st.body)
}

func (s *Server) listModels(w http.ResponseWriter, _ *http.Request) {
	list := modelList{Object: "list", Data: []model{}}
	for _, name := range scriptNames(s.scripts) {
		list.Data = append(list.Data, modelFor(name))
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) getModel(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("model")
	name := strings.TrimPrefix(id, ModelPrefix)
	if s.scripts[name] == nil {
		writeError(w, newError(http.StatusNotFound, "invalid_request_error", "model_not_found", "model",
			fmt.Sprintf("The model `%s` does not exist.", id)))
		return
	}
	writeJSON(w, http.StatusOK, modelFor(name))
}

func modelFor(script string) model {
	return model{ID: modelID(script), Object: "model", OwnedBy: "scriptedmodel"}
}

// callID is the deterministic id of call i (1-based) of turn n (1-based).
func callID(turn, i int) string { return fmt.Sprintf("call_%d_%d", turn, i) }

// parseCallID is the inverse of callID.
func parseCallID(id string) (turn, i int, ok bool) {
	rest, found := strings.CutPrefix(id, "call_")
	if !found {
		return 0, 0, false
	}
	ts, is, found := strings.Cut(rest, "_")
	if !found {
		return 0, 0, false
	}
	t, err1 := strconv.Atoi(ts)
	c, err2 := strconv.Atoi(is)
	if err1 != nil || err2 != nil || t < 1 || c < 1 {
		return 0, 0, false
	}
	return t, c, true
}

// fingerprint identifies a request by what determines its answer, so a
// retried request maps to the same ids and the same fault counter.
func fingerprint(scriptName string, turn int, instructions string, conv []item) string {
	data, _ := json.Marshal(struct { // plain strings and ints: cannot fail
		Script       string
		Turn         int
		Instructions string
		Conversation []item
	}{scriptName, turn, instructions, conv})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func excerpt(s string, n int) string {
	if len(s) <= n {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:n]) + "…"
}

func orNull(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

func deref(p *float64, def float64) float64 {
	if p == nil {
		return def
	}
	return *p
}

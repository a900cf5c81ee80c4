package scriptedmodel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Chat Completions (POST /v1/chat/completions) is served as an adapter over
// the Responses API handler: the messages become input items (system and
// developer messages the instructions, an assistant's tool_calls
// function_call items, tool messages function_call_output items), the
// request goes through the same handler, and its answer is rewritten as a
// chat.completion. So both APIs play the same scripts with the same turns,
// call ids, fault counters, expectations and usage, and whatever answers
// Responses requests answers chat requests too.

// chatRequest is the part of a Chat Completions request the server reads.
type chatRequest struct {
	Model               string            `json:"model"`
	Messages            *[]chatMessage    `json:"messages"`
	Tools               []json.RawMessage `json:"tools"`
	ToolChoice          json.RawMessage   `json:"tool_choice"`
	Stream              bool              `json:"stream"`
	Metadata            map[string]string `json:"metadata"`
	ParallelToolCalls   *bool             `json:"parallel_tool_calls"`
	Temperature         *float64          `json:"temperature"`
	TopP                *float64          `json:"top_p"`
	MaxTokens           *int64            `json:"max_tokens"`
	MaxCompletionTokens *int64            `json:"max_completion_tokens"`
	N                   *int              `json:"n"`
}

// chatMessage is a request message: content is a string or a list of parts.
type chatMessage struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	ToolCalls  []chatToolCall  `json:"tool_calls,omitempty"`
	ToolCallID string          `json:"tool_call_id,omitempty"`
}

type chatToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// chatCompletion is a chat.completion object.
type chatCompletion struct {
	ID                string       `json:"id"`
	Object            string       `json:"object"`
	Created           int64        `json:"created"`
	Model             string       `json:"model"`
	Choices           []chatChoice `json:"choices"`
	Usage             chatUsage    `json:"usage"`
	ServiceTier       string       `json:"service_tier"`
	SystemFingerprint *string      `json:"system_fingerprint"`
}

type chatChoice struct {
	Index        int            `json:"index"`
	Message      chatOutMessage `json:"message"`
	Logprobs     *struct{}      `json:"logprobs"`
	FinishReason string         `json:"finish_reason"`
}

// chatOutMessage is the assistant's message: content is null when it calls
// tools, as OpenAI sends it.
type chatOutMessage struct {
	Role        string         `json:"role"`
	Content     *string        `json:"content"`
	Refusal     *string        `json:"refusal"`
	Annotations []any          `json:"annotations"`
	ToolCalls   []chatToolCall `json:"tool_calls,omitempty"`
}

type chatUsage struct {
	PromptTokens        int64 `json:"prompt_tokens"`
	CompletionTokens    int64 `json:"completion_tokens"`
	TotalTokens         int64 `json:"total_tokens"`
	PromptTokensDetails struct {
		CachedTokens int64 `json:"cached_tokens"`
		AudioTokens  int64 `json:"audio_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails struct {
		ReasoningTokens          int64 `json:"reasoning_tokens"`
		AudioTokens              int64 `json:"audio_tokens"`
		AcceptedPredictionTokens int64 `json:"accepted_prediction_tokens"`
		RejectedPredictionTokens int64 `json:"rejected_prediction_tokens"`
	} `json:"completion_tokens_details"`
}

// createChatCompletion answers POST /v1/chat/completions through the
// Responses handler.
func (s *Server) createChatCompletion(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
	var req chatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, invalidRequest("", "", fmt.Sprintf("We could not parse the JSON body of your request: %v", err)))
		return
	}
	rreq, apiErr := req.toResponses()
	if apiErr != nil {
		s.log.Info("chat completions request", "model", req.Model, "status", apiErr.status, "error", apiErr.Message)
		writeError(w, apiErr)
		return
	}
	body, _ := json.Marshal(rreq) // strings, raw JSON and numbers: cannot fail
	inner := r.Clone(r.Context())
	inner.Body = io.NopCloser(bytes.NewReader(body))
	inner.ContentLength = int64(len(body))
	rec := &bufferedWriter{header: http.Header{}, status: http.StatusOK}
	s.createResponse(rec, inner)

	if ra := rec.header.Get("Retry-After"); ra != "" {
		w.Header().Set("Retry-After", ra)
	}
	if rec.status != http.StatusOK {
		var e struct {
			Error *apiError `json:"error"`
		}
		if json.Unmarshal(rec.body.Bytes(), &e) != nil || e.Error == nil {
			e.Error = newError(http.StatusInternalServerError, "server_error", "", "", "scripted model server: unreadable error answer")
		}
		e.Error.status = rec.status
		if e.Error.Param != nil && *e.Error.Param == "input" {
			p := "messages"
			e.Error.Param = &p
		}
		writeError(w, e.Error)
		return
	}
	var resp response
	if err := json.Unmarshal(rec.body.Bytes(), &resp); err != nil {
		writeError(w, newError(http.StatusInternalServerError, "server_error", "", "", "scripted model server: unreadable response: "+err.Error()))
		return
	}
	writeJSON(w, http.StatusOK, chatFromResponse(&resp))
}

// toResponses checks the messages as OpenAI does and turns the request into
// a Responses API request.
func (c chatRequest) toResponses() (responseRequest, *apiError) {
	rr := responseRequest{
		Model: c.Model, ToolChoice: chatToolChoice(c.ToolChoice), Stream: c.Stream, Metadata: c.Metadata,
		ParallelToolCalls: c.ParallelToolCalls, Temperature: c.Temperature, TopP: c.TopP, Store: new(bool),
		MaxOutputTokens: c.MaxCompletionTokens,
	}
	if rr.MaxOutputTokens == nil {
		rr.MaxOutputTokens = c.MaxTokens
	}
	if c.N != nil && *c.N != 1 {
		return rr, invalidRequest("unsupported_value", "n", fmt.Sprintf("n: %d is not supported by the scripted model server; ask for one choice", *c.N))
	}
	if c.Messages == nil {
		return rr, invalidRequest("missing_required_parameter", "messages", "Missing required parameter: 'messages'.")
	}
	msgs := *c.Messages
	if len(msgs) == 0 {
		return rr, invalidRequest("empty_array", "messages",
			"Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.")
	}
	if err := checkToolMessages(msgs); err != nil {
		return rr, err
	}
	var instructions []string
	var input []map[string]string
	for i, m := range msgs {
		text := flattenText(m.Content)
		switch m.Role {
		case "system", "developer":
			instructions = append(instructions, text)
		case "user":
			input = append(input, map[string]string{"type": "message", "role": "user", "content": text})
		case "assistant":
			if text != "" {
				input = append(input, map[string]string{"type": "message", "role": "assistant", "content": text})
			}
			for _, tc := range m.ToolCalls {
				input = append(input, map[string]string{"type": "function_call", "call_id": tc.ID, "name": tc.Function.Name, "arguments": tc.Function.Arguments})
			}
		case "tool":
			input = append(input, map[string]string{"type": "function_call_output", "call_id": m.ToolCallID, "output": text})
		default:
			return rr, invalidRequest("invalid_value", fmt.Sprintf("messages[%d].role", i), fmt.Sprintf(
				"Invalid value: '%s'. Supported values are: 'system', 'assistant', 'user', 'tool', and 'developer'.", m.Role))
		}
	}
	rr.Input, _ = json.Marshal(input)
	if len(instructions) > 0 {
		rr.Instructions, _ = json.Marshal(strings.Join(instructions, "\n\n"))
	}
	var tools []json.RawMessage
	for _, raw := range c.Tools {
		var t struct {
			Type     string          `json:"type"`
			Function json.RawMessage `json:"function"`
		}
		if json.Unmarshal(raw, &t) != nil || t.Type != "function" {
			continue
		}
		var fn map[string]json.RawMessage
		if json.Unmarshal(t.Function, &fn) != nil {
			continue
		}
		fn["type"] = json.RawMessage(`"function"`)
		b, _ := json.Marshal(fn)
		tools = append(tools, b)
	}
	rr.Tools, _ = json.Marshal(tools)
	return rr, nil
}

// checkToolMessages enforces OpenAI's pairing rule, in its words: the tool
// calls of an assistant message are answered by the tool messages right
// after it, one per call, and a tool message answers such a call.
func checkToolMessages(msgs []chatMessage) *apiError {
	pending := map[string]bool{}
	var order []string
	assistantAt := -1
	unanswered := func(at int) *apiError {
		var ids []string
		for _, id := range order {
			if pending[id] {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			return nil
		}
		return invalidRequest("", fmt.Sprintf("messages.[%d].role", at), fmt.Sprintf(
			"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: %s",
			strings.Join(ids, ", ")))
	}
	for i, m := range msgs {
		if m.Role == "tool" {
			if !pending[m.ToolCallID] {
				return invalidRequest("", fmt.Sprintf("messages.[%d].role", i),
					"Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.")
			}
			pending[m.ToolCallID] = false
			continue
		}
		if err := unanswered(assistantAt); err != nil {
			return err
		}
		pending, order, assistantAt = map[string]bool{}, nil, -1
		if m.Role == "assistant" && len(m.ToolCalls) > 0 {
			assistantAt = i
			for _, tc := range m.ToolCalls {
				pending[tc.ID] = true
				order = append(order, tc.ID)
			}
		}
	}
	return unanswered(assistantAt)
}

// chatToolChoice turns a chat tool_choice into the Responses form: modes
// are the same strings; a named function loses its "function" wrapper.
func chatToolChoice(raw json.RawMessage) json.RawMessage {
	var named struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	if json.Unmarshal(raw, &named) == nil && named.Type == "function" {
		b, _ := json.Marshal(map[string]string{"type": "function", "name": named.Function.Name})
		return b
	}
	return raw
}

// chatFromResponse renders a Responses answer as a chat.completion.
func chatFromResponse(resp *response) chatCompletion {
	msg := chatOutMessage{Role: "assistant", Annotations: []any{}}
	var texts []string
	for _, out := range resp.Output {
		switch out.Type {
		case "function_call":
			tc := chatToolCall{ID: out.CallID, Type: "function"}
			tc.Function.Name = out.Name
			if out.Arguments != nil {
				tc.Function.Arguments = *out.Arguments
			}
			msg.ToolCalls = append(msg.ToolCalls, tc)
		case "message":
			for _, c := range out.Content {
				texts = append(texts, c.Text)
			}
		}
	}
	finish := "stop"
	if len(msg.ToolCalls) > 0 {
		finish = "tool_calls"
	}
	if len(texts) > 0 {
		text := strings.Join(texts, "\n")
		msg.Content = &text
	}
	cc := chatCompletion{
		ID:          "chatcmpl-" + strings.TrimPrefix(resp.ID, "resp_"),
		Object:      "chat.completion",
		Created:     resp.CreatedAt,
		Model:       resp.Model,
		Choices:     []chatChoice{{Index: 0, Message: msg, FinishReason: finish}},
		ServiceTier: "default",
	}
	cc.Usage.PromptTokens = resp.Usage.InputTokens
	cc.Usage.CompletionTokens = resp.Usage.OutputTokens
	cc.Usage.TotalTokens = resp.Usage.TotalTokens
	cc.Usage.PromptTokensDetails.CachedTokens = resp.Usage.InputTokensDetails.CachedTokens
	cc.Usage.CompletionTokensDetails.ReasoningTokens = resp.Usage.OutputTokensDetails.ReasoningTokens
	return cc
}

// bufferedWriter keeps the inner handler's answer for rewriting.
type bufferedWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header         { return b.header }
func (b *bufferedWriter) Write(p []byte) (int, error) { return b.body.Write(p) }
func (b *bufferedWriter) WriteHeader(status int)      { b.status = status }

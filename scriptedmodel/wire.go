package scriptedmodel

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
)

// responseRequest is the part of a Responses API request the server reads.
type responseRequest struct {
	Model              string            `json:"model"`
	Input              json.RawMessage   `json:"input"`
	Instructions       json.RawMessage   `json:"instructions"`
	Tools              json.RawMessage   `json:"tools"`
	ToolChoice         json.RawMessage   `json:"tool_choice"`
	PreviousResponseID string            `json:"previous_response_id"`
	Store              *bool             `json:"store"`
	Stream             bool              `json:"stream"`
	Background         bool              `json:"background"`
	Metadata           map[string]string `json:"metadata"`
	ParallelToolCalls  *bool             `json:"parallel_tool_calls"`
	Temperature        *float64          `json:"temperature"`
	TopP               *float64          `json:"top_p"`
	MaxOutputTokens    *int64            `json:"max_output_tokens"`
}

// item is one conversation item, normalised: input items as the client sends
// them and output items as the server sent them. Text holds a message's text
// or a function_call_output's output, flattened to a string.
type item struct {
	Type      string `json:"type"`
	Role      string `json:"role,omitempty"`
	CallID    string `json:"call_id,omitempty"`
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments,omitempty"`
	Text      string `json:"text,omitempty"`
	// ID is the server id an echoed output item carries, if any.
	ID string `json:"-"`
}

// rawItem is an input item as sent by the client.
type rawItem struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Output    json.RawMessage `json:"output"`
}

// parseInput normalises the "input" field: a string (one user message) or a
// list of items.
func parseInput(raw json.RawMessage) ([]item, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return []item{{Type: "message", Role: "user", Text: s}}, nil
	}
	var raws []rawItem
	if err := json.Unmarshal(raw, &raws); err != nil {
		return nil, errors.New("input must be a string or an array of input items")
	}
	items := make([]item, 0, len(raws))
	for _, r := range raws {
		it := item{Type: r.Type, Role: r.Role, CallID: r.CallID, Name: r.Name, Arguments: r.Arguments, ID: r.ID}
		switch {
		case it.Type == "" && it.Role != "":
			it.Type = "message"
			it.Text = flattenText(r.Content)
		case it.Type == "message":
			it.Text = flattenText(r.Content)
		case it.Type == "function_call_output":
			it.Text = flattenText(r.Output)
		}
		items = append(items, it)
	}
	return items, nil
}

// flattenText turns a string or a list of content parts ({"text": ...})
// into one string.
func flattenText(raw json.RawMessage) string {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return ""
	}
	texts := make([]string, 0, len(parts))
	for _, p := range parts {
		if p.Text != "" {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// response is a Responses API response object.
type response struct {
	ID                 string            `json:"id"`
	Object             string            `json:"object"`
	CreatedAt          int64             `json:"created_at"`
	CompletedAt        *int64            `json:"completed_at"`
	Status             string            `json:"status"`
	Background         bool              `json:"background"`
	Error              *apiError         `json:"error"`
	IncompleteDetails  any               `json:"incomplete_details"`
	Instructions       json.RawMessage   `json:"instructions"`
	MaxOutputTokens    *int64            `json:"max_output_tokens"`
	Metadata           map[string]string `json:"metadata"`
	Model              string            `json:"model"`
	Output             []outputItem      `json:"output"`
	ParallelToolCalls  bool              `json:"parallel_tool_calls"`
	PreviousResponseID *string           `json:"previous_response_id"`
	Store              bool              `json:"store"`
	Temperature        float64           `json:"temperature"`
	ToolChoice         json.RawMessage   `json:"tool_choice"`
	Tools              json.RawMessage   `json:"tools"`
	TopP               float64           `json:"top_p"`
	Truncation         string            `json:"truncation"`
	Usage              usage             `json:"usage"`
}

// outputItem is a function_call or message output item.
type outputItem struct {
	Type      string       `json:"type"`
	ID        string       `json:"id"`
	Status    string       `json:"status"`
	CallID    string       `json:"call_id,omitempty"`
	Name      string       `json:"name,omitempty"`
	Arguments *string      `json:"arguments,omitempty"`
	Role      string       `json:"role,omitempty"`
	Content   []outputText `json:"content,omitempty"`
}

// outputText is the output_text content part of a message.
type outputText struct {
	Type        string `json:"type"`
	Text        string `json:"text"`
	Annotations []any  `json:"annotations"`
}

type usage struct {
	InputTokens        int64 `json:"input_tokens"`
	InputTokensDetails struct {
		CachedTokens int64 `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokens        int64 `json:"output_tokens"`
	OutputTokensDetails struct {
		ReasoningTokens int64 `json:"reasoning_tokens"`
	} `json:"output_tokens_details"`
	TotalTokens int64 `json:"total_tokens"`
}

// modelList is the GET /v1/models answer.
type modelList struct {
	Object string  `json:"object"`
	Data   []model `json:"data"`
}

type model struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
}

// apiError is an error in OpenAI's shape; it travels as {"error": apiError}.
type apiError struct {
	status     int
	retryAfter string  // Retry-After header value, if any
	Message    string  `json:"message"`
	Type       string  `json:"type"`
	Param      *string `json:"param"`
	Code       *string `json:"code"`
}

func (e *apiError) Error() string { return e.Message }

// newError returns an apiError; param and code may be empty for null.
func newError(status int, typ, code, param, msg string) *apiError {
	e := &apiError{status: status, Message: msg, Type: typ}
	if param != "" {
		e.Param = &param
	}
	if code != "" {
		e.Code = &code
	}
	return e
}

// invalidRequest is a 400 invalid_request_error.
func invalidRequest(code, param, msg string) *apiError {
	return newError(http.StatusBadRequest, "invalid_request_error", code, param, msg)
}

// errorForStatus is the error a fault answers with, shaped like OpenAI's.
func errorForStatus(status int, msg string) *apiError {
	switch {
	case status == http.StatusTooManyRequests:
		return newError(status, "requests", "rate_limit_exceeded", "", orDefault(msg, "Rate limit reached for requests (scripted fault)."))
	case status == http.StatusUnauthorized:
		return newError(status, "invalid_request_error", "invalid_api_key", "", orDefault(msg, "Incorrect API key provided (scripted fault)."))
	case status >= 500:
		return newError(status, "server_error", "", "", orDefault(msg, "The server had an error while processing your request (scripted fault)."))
	default:
		return newError(status, "invalid_request_error", "", "", orDefault(msg, http.StatusText(status)+" (scripted fault)."))
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// writeJSON writes v as a JSON body with the given status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // the client has gone; nothing to do
}

// writeError writes e as {"error": e} with e's status.
func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.status, struct {
		Error *apiError `json:"error"`
	}{e})
}

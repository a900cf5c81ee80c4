package modelcall

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

func items(t *testing.T, raws ...string) []json.RawMessage {
	t.Helper()
	out := make([]json.RawMessage, len(raws))
	for i, r := range raws {
		require.True(t, json.Valid([]byte(r)), "item %d is not JSON: %s", i, r)
		out[i] = json.RawMessage(r)
	}
	return out
}

func TestChatMessages(t *testing.T) {
	tests := []struct {
		name    string
		items   []string
		want    string // the messages after the system message, as JSON
		wantErr string
	}{
		{"first step", []string{`{"type":"message","role":"user","content":"What is the mean of b?"}`},
			`[{"role":"user","content":"What is the mean of b?"}]`, ""},
		{"a call, its output and the answer", []string{
			`{"type":"message","role":"user","content":"q"}`,
			`{"type":"function_call","call_id":"call_1_1","name":"execute_python","arguments":"{\"code\":\"print(1)\"}","status":"completed"}`,
			`{"type":"function_call_output","call_id":"call_1_1","output":"1\n"}`,
			`{"type":"message","role":"assistant","content":[{"type":"output_text","text":"It is 1.","annotations":[]}],"status":"completed"}`,
		}, `[{"role":"user","content":"q"},` +
			`{"role":"assistant","tool_calls":[{"id":"call_1_1","type":"function","function":{"name":"execute_python","arguments":"{\"code\":\"print(1)\"}"}}]},` +
			`{"role":"tool","content":"1\n","tool_call_id":"call_1_1"},` +
			`{"role":"assistant","content":"It is 1."}]`, ""},
		{"text and two calls make one assistant message", []string{
			`{"type":"message","role":"user","content":"q"}`,
			`{"type":"message","role":"assistant","content":"Let me look."}`,
			`{"type":"function_call","call_id":"a","name":"execute_python","arguments":"{}"}`,
			`{"type":"function_call","call_id":"b","name":"nope","arguments":"{bad"}`,
			`{"type":"function_call_output","call_id":"a","output":""}`,
			`{"type":"function_call_output","call_id":"b","output":[{"type":"input_text","text":"unknown tool"}]}`,
		}, `[{"role":"user","content":"q"},` +
			`{"role":"assistant","content":"Let me look.","tool_calls":[` +
			`{"id":"a","type":"function","function":{"name":"execute_python","arguments":"{}"}},` +
			`{"id":"b","type":"function","function":{"name":"nope","arguments":"{bad"}}]},` +
			`{"role":"tool","content":"","tool_call_id":"a"},` +
			`{"role":"tool","content":"unknown tool","tool_call_id":"b"}]`, ""},
		{"easy input message and developer role", []string{
			`{"role":"user","content":[{"type":"input_text","text":"line 1"},{"type":"input_text","text":"line 2"}]}`,
			`{"role":"developer","content":"be brief"}`,
		}, `[{"role":"user","content":"line 1\nline 2"},{"role":"system","content":"be brief"}]`, ""},
		{"unknown item", []string{`{"type":"message","role":"user","content":"q"}`, `{"type":"web_search_call"}`},
			"", `item 1: type "web_search_call" has no Chat Completions form`},
		{"not an object", []string{`{"type":"message","role":"user","content":"q"}`, `"text"`}, "", "item 1: json: cannot unmarshal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msgs, err := chatMessages(transcript{Model: "m", Instructions: "be careful", Items: items(t, tt.items...)})
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			require.NotEmpty(t, msgs)
			sys, _ := json.Marshal(msgs[0])
			assert.JSONEq(t, `{"role":"system","content":"be careful"}`, string(sys), "the system message")
			got, _ := json.Marshal(msgs[1:])
			assert.JSONEq(t, tt.want, string(got))
		})
	}
}

func TestChatAnswer(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		wantCalls []tools.Call
		wantText  []string
		wantItems []string
		wantUsage api.Usage
	}{
		{"tool calls", `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"finish_reason":"tool_calls","logprobs":null,
			"message":{"role":"assistant","content":null,"refusal":null,"annotations":[],"tool_calls":[{"id":"call_9","type":"function","function":{"name":"execute_python","arguments":"{\"code\":\"1\"}"}}]}}],
			"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`,
			[]tools.Call{{CallID: "call_9", Name: "execute_python", Arguments: `{"code":"1"}`}}, nil,
			[]string{`{"type":"function_call","call_id":"call_9","name":"execute_python","arguments":"{\"code\":\"1\"}"}`},
			api.Usage{InputTokens: 100, OutputTokens: 20, TotalTokens: 120}},
		{"answer; no total from the server", `{"id":"chatcmpl-2","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"West."}}],
			"usage":{"prompt_tokens":7,"completion_tokens":3}}`,
			nil, []string{"West."}, []string{`{"type":"message","role":"assistant","content":"West."}`},
			api.Usage{InputTokens: 7, OutputTokens: 3, TotalTokens: 10}},
		{"calls without ids (some local servers)", `{"id":"x","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":"",
			"tool_calls":[{"type":"function","function":{"name":"execute_python","arguments":"{}"}},{"type":"function","function":{"name":"execute_python","arguments":"{}"}}]}}]}`,
			[]tools.Call{{CallID: "call_step3_1", Name: "execute_python", Arguments: "{}"}, {CallID: "call_step3_2", Name: "execute_python", Arguments: "{}"}}, nil,
			[]string{`{"type":"function_call","call_id":"call_step3_1","name":"execute_python","arguments":"{}"}`,
				`{"type":"function_call","call_id":"call_step3_2","name":"execute_python","arguments":"{}"}`}, api.Usage{}},
		{"custom tool call", `{"id":"x","choices":[{"index":0,"message":{"role":"assistant","tool_calls":[{"id":"c1","type":"custom","custom":{"name":"grep","input":"x"}}]}}]}`,
			[]tools.Call{{CallID: "c1", Name: "grep", Arguments: "x"}}, nil,
			[]string{`{"type":"function_call","call_id":"c1","name":"grep","arguments":"x"}`}, api.Usage{}},
		{"refusal is the text", `{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":"I can't help with that."}}]}`,
			nil, []string{"I can't help with that."}, []string{`{"type":"message","role":"assistant","content":"I can't help with that."}`}, api.Usage{}},
		{"no choices is an empty turn", `{"id":"x","choices":[]}`, nil, nil, nil, api.Usage{}},
		{"blank content is an empty turn", `{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"  \n"}}]}`, nil, nil, nil, api.Usage{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var resp openai.ChatCompletion
			require.NoError(t, json.Unmarshal([]byte(tt.body), &resp))
			turn := chatAnswer(&resp, 3)
			assert.Equal(t, resp.ID, turn.id)
			assert.Equal(t, tt.wantCalls, turn.calls, "calls")
			assert.Equal(t, tt.wantText, turn.text, "text")
			assert.Equal(t, tt.wantUsage, turn.usage, "usage")
			require.Len(t, turn.items, len(tt.wantItems))
			for i, w := range tt.wantItems {
				assert.JSONEq(t, w, string(turn.items[i]), "item %d", i)
			}
		})
	}
}

// chatServer answers POST /v1/chat/completions with status and body and
// records the request.
func chatServer(t *testing.T, status int, header http.Header, body string) (*Activities, *http.Request, *[]byte) {
	t.Helper()
	var got http.Request
	var gotBody []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = *r
		gotBody, _ = io.ReadAll(r.Body)
		for k, v := range header {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	c := openai.NewClient(option.WithAPIKey("sk-test-chat-123456"), option.WithBaseURL(srv.URL+"/v1/"), option.WithMaxRetries(0),
		option.WithMiddleware(activities.NormalizeErrorBody)) // as activities.New builds it
	return New(&activities.Activities{Model: &c, ModelAPI: "chat"}), &got, &gotBody
}

func TestChatTurnRequest(t *testing.T) {
	for _, final := range []bool{false, true} {
		a, req, body := chatServer(t, http.StatusOK, nil,
			`{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"llama3","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"3"}}],"usage":{"prompt_tokens":5,"completion_tokens":1,"total_tokens":6}}`)
		tr := transcript{Model: "llama3", Instructions: "inst", Items: items(t,
			`{"type":"message","role":"user","content":"q"}`,
			`{"type":"function_call","call_id":"call_1_1","name":"execute_python","arguments":"{}"}`,
			`{"type":"function_call_output","call_id":"call_1_1","output":"out"}`)}
		turn, err := a.chatTurn(context.Background(), tr, 2, final)
		require.NoError(t, err)
		assert.Equal(t, []string{"3"}, turn.text)
		assert.Equal(t, http.MethodPost, req.Method)
		assert.Equal(t, "/v1/chat/completions", req.URL.Path)
		assert.Equal(t, "Bearer sk-test-chat-123456", req.Header.Get("Authorization"))

		var sent struct {
			Model             string            `json:"model"`
			Messages          []json.RawMessage `json:"messages"`
			Tools             []json.RawMessage `json:"tools"`
			ToolChoice        json.RawMessage   `json:"tool_choice"`
			ParallelToolCalls *bool             `json:"parallel_tool_calls"`
		}
		require.NoError(t, json.Unmarshal(*body, &sent), "body %s", *body)
		assert.Equal(t, "llama3", sent.Model)
		require.Len(t, sent.Messages, 4)
		assert.JSONEq(t, `{"role":"system","content":"inst"}`, string(sent.Messages[0]))
		assert.JSONEq(t, `{"role":"tool","tool_call_id":"call_1_1","content":"out"}`, string(sent.Messages[3]))
		require.Len(t, sent.Tools, 1)
		var tool struct {
			Type     string `json:"type"`
			Function struct {
				Name        string         `json:"name"`
				Description string         `json:"description"`
				Parameters  map[string]any `json:"parameters"`
				Strict      bool           `json:"strict"`
			} `json:"function"`
		}
		require.NoError(t, json.Unmarshal(sent.Tools[0], &tool))
		assert.Equal(t, "function", tool.Type)
		assert.Equal(t, "execute_python", tool.Function.Name)
		assert.Equal(t, tools.ExecutePythonTool.Description, tool.Function.Description, "the table's description")
		assert.Equal(t, []any{"code"}, tool.Function.Parameters["required"])
		assert.True(t, tool.Function.Strict)
		require.NotNil(t, sent.ParallelToolCalls)
		assert.False(t, *sent.ParallelToolCalls)
		if final {
			assert.JSONEq(t, `"none"`, string(sent.ToolChoice), "the last call may not use tools")
		} else {
			assert.Empty(t, sent.ToolChoice, "tool_choice is the server's default (auto)")
		}
	}
}

// TestChatTurnErrors: the errors of a Chat Completions server map like the
// Responses API's, through fault.Classify.
func TestChatTurnErrors(t *testing.T) {
	tests := []struct {
		name      string
		status    int
		header    http.Header
		body      string
		wantType  string
		retryable bool
		delay     time.Duration
		wantMsg   string
	}{
		{"model not found", 404, nil, `{"error":{"message":"The model ` + "`x`" + ` does not exist or you do not have access to it.","type":"invalid_request_error","param":null,"code":"model_not_found"}}`,
			api.ErrTypeNotFound, false, 0, "model: create chat completion with model \"x\": 404 model_not_found: The model `x` does not exist or you do not have access to it."},
		{"rate limited", 429, http.Header{"Retry-After": {"2"}}, `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}`,
			api.ErrTypeRateLimited, true, 2 * time.Second, "429 rate_limit_exceeded: Rate limit reached"},
		{"server error", 503, nil, `{"error":{"message":"overloaded","type":"server_error","code":null}}`,
			api.ErrTypeUnavailable, true, 0, "503 server_error: overloaded"},
		{"key refused", 401, nil, `{"error":{"message":"Incorrect API key provided: sk-test-****3456.","type":"invalid_request_error","code":"invalid_api_key"}}`,
			api.ErrTypeAuth, false, 0, "401 invalid_api_key: Incorrect API key provided: sk-[redacted]"},
		{"llama.cpp-style numeric code", 400, nil, `{"error":{"code":400,"message":"tools param requires --jinja flag","type":"invalid_request_error"}}`,
			api.ErrTypeBadRequest, false, 0, `400 invalid_request_error: tools param requires --jinja flag`},
		{"vLLM-style top-level error", 404, nil, `{"object":"error","message":"The model x does not exist.","type":"NotFoundError","param":null,"code":404}`,
			api.ErrTypeNotFound, false, 0, `The model x does not exist.`},
		{"plain error string", 400, nil, `{"error":"model \"x\" does not support tools"}`,
			api.ErrTypeBadRequest, false, 0, `400: model "x" does not support tools`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _, _ := chatServer(t, tt.status, tt.header, tt.body)
			tr := transcript{Model: "x", Instructions: "i", Items: items(t, `{"type":"message","role":"user","content":"q"}`)}
			_, err := a.chatTurn(context.Background(), tr, 1, false)
			var appErr *temporal.ApplicationError
			require.True(t, errors.As(err, &appErr), "got %T %v", err, err)
			assert.Equal(t, tt.wantType, appErr.Type())
			assert.Equal(t, !tt.retryable, appErr.NonRetryable())
			assert.Equal(t, tt.delay, appErr.NextRetryDelay())
			assert.Contains(t, appErr.Message(), tt.wantMsg)
			assert.NotContains(t, appErr.Message(), "sk-test-chat-123456")
			assert.False(t, strings.Contains(appErr.Message(), "\n"), "one line")
		})
	}
}

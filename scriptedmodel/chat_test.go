package scriptedmodel_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// chatParams builds a Chat Completions request as the worker does: a system
// message, the execute_python function, no parallel calls.
func chatParams(model string, msgs ...openai.ChatCompletionMessageParamUnion) openai.ChatCompletionNewParams {
	return openai.ChatCompletionNewParams{
		Model:    model,
		Messages: append([]openai.ChatCompletionMessageParamUnion{openai.SystemMessage("You are a data analyst.")}, msgs...),
		Tools: []openai.ChatCompletionToolUnionParam{openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name: "execute_python",
			Parameters: shared.FunctionParameters{
				"type": "object", "properties": map[string]any{"code": map[string]any{"type": "string"}}, "required": []string{"code"},
			},
		})},
		ParallelToolCalls: openai.Bool(false),
	}
}

// chatConverse runs the agent loop over Chat Completions, answering each
// call with run, until an answer without calls.
func chatConverse(t *testing.T, client openai.Client, model string, run toolRunner) []*openai.ChatCompletion {
	t.Helper()
	p := chatParams(model, openai.UserMessage("Which region had the highest revenue?"))
	var out []*openai.ChatCompletion
	for step := 1; step <= maxConversationSteps; step++ {
		resp, err := client.Chat.Completions.New(t.Context(), p)
		if err != nil {
			t.Fatalf("step %d: Chat.Completions.New: %v", step, err)
		}
		out = append(out, resp)
		msg := resp.Choices[0].Message
		if len(msg.ToolCalls) == 0 {
			return out
		}
		p.Messages = append(p.Messages, msg.ToParam())
		for _, tc := range msg.ToolCalls {
			p.Messages = append(p.Messages, openai.ToolMessage(run(responses.ResponseFunctionToolCall{
				CallID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments,
			}), tc.ID))
		}
	}
	t.Fatalf("model did not answer within %d steps", maxConversationSteps)
	return nil
}

// TestChatSalesChartConversation plays sales-chart over Chat Completions
// and checks it gives what the Responses API gives: the same calls with the
// same ids, the same answer and the same usage.
func TestChatSalesChartConversation(t *testing.T) {
	srv, _, client := setup(t, scriptedmodel.Config{})
	chat := chatConverse(t, client, "script:sales-chart", salesOutputs)
	resp := converse(t, client, "script:sales-chart", salesOutputs)

	if got, want := len(chat), len(resp.responses); got != want {
		t.Fatalf("got %d chat completions, want %d as over the Responses API", got, want)
	}
	var calls []string
	for i, c := range chat {
		if !strings.HasPrefix(c.ID, "chatcmpl-") || c.Object != "chat.completion" || c.Model != "script:sales-chart" || len(c.Choices) != 1 {
			t.Errorf("completion %d: got id %q object %q model %q %d choices, want chatcmpl-…, chat.completion, script:sales-chart, 1",
				i+1, c.ID, c.Object, c.Model, len(c.Choices))
		}
		r := resp.responses[i]
		if got, want := c.Usage, r.Usage; got.PromptTokens != want.InputTokens || got.CompletionTokens != want.OutputTokens || got.TotalTokens != want.TotalTokens {
			t.Errorf("completion %d: got usage %d+%d=%d, want the Responses usage %d+%d=%d", i+1,
				got.PromptTokens, got.CompletionTokens, got.TotalTokens, want.InputTokens, want.OutputTokens, want.TotalTokens)
		}
		msg := c.Choices[0].Message
		rcalls := functionCalls(r)
		if len(msg.ToolCalls) != len(rcalls) {
			t.Fatalf("completion %d: got %d tool calls, want %d", i+1, len(msg.ToolCalls), len(rcalls))
		}
		for j, tc := range msg.ToolCalls {
			calls = append(calls, tc.ID)
			if tc.Type != "function" || tc.ID != rcalls[j].CallID || tc.Function.Name != rcalls[j].Name || tc.Function.Arguments != rcalls[j].Arguments {
				t.Errorf("completion %d call %d: got %s %s %s(%s), want function %s %s(%s)", i+1, j+1,
					tc.Type, tc.ID, tc.Function.Name, tc.Function.Arguments, rcalls[j].CallID, rcalls[j].Name, rcalls[j].Arguments)
			}
		}
		wantFinish := "stop"
		if len(rcalls) > 0 {
			wantFinish = "tool_calls"
			if msg.JSON.Content.Raw() != "null" {
				t.Errorf("completion %d: got content %s beside tool calls, want null", i+1, msg.JSON.Content.Raw())
			}
		}
		if got := c.Choices[0].FinishReason; got != wantFinish {
			t.Errorf("completion %d: got finish_reason %q, want %q", i+1, got, wantFinish)
		}
	}
	if got, want := strings.Join(calls, ","), "call_1_1,call_2_1"; got != want {
		t.Errorf("got call ids %s, want %s", got, want)
	}
	if got, want := chat[2].Choices[0].Message.Content, resp.responses[2].OutputText(); got != want || !strings.Contains(got, "West had the highest revenue") {
		t.Errorf("got answer %q, want the Responses answer %q", got, want)
	}
	// The log records chat requests like the others: script, turn, status.
	var turns []int
	for _, r := range srv.Requests()[:3] {
		if r.Script != "sales-chart" || r.Status != http.StatusOK {
			t.Errorf("got request %+v, want sales-chart 200", r)
		}
		turns = append(turns, r.Turn)
	}
	if fmt.Sprint(turns) != "[1 2 3]" {
		t.Errorf("got turns %v, want [1 2 3]", turns)
	}
}

// flakyMessages is the chat conversation that asks flaky for turn n.
func flakyMessages(n int) []openai.ChatCompletionMessageParamUnion {
	msgs := []openai.ChatCompletionMessageParamUnion{openai.UserMessage("q")}
	for turn := 1; turn < n; turn++ {
		id := fmt.Sprintf("call_%d_1", turn)
		msgs = append(msgs, openai.ChatCompletionMessageParamUnion{OfAssistant: &openai.ChatCompletionAssistantMessageParam{
			ToolCalls: []openai.ChatCompletionMessageToolCallUnionParam{{OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
				ID: id, Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{
					Name: "execute_python", Arguments: fmt.Sprintf(`{"code":"print('flaky step', %d)"}`, turn)},
			}}},
		}}, openai.ToolMessage(fmt.Sprintf("flaky step %d\n", turn), id))
	}
	return msgs
}

func TestChatFaults(t *testing.T) {
	srv, _, client := setup(t, scriptedmodel.Config{})
	type attempt struct {
		status     int // 200 for success
		retryAfter string
		message    string
	}
	tests := []struct {
		turn     int
		attempts []attempt
	}{
		{1, []attempt{{429, "1", "Rate limit reached for requests (scripted fault)."}, {429, "1", ""}, {200, "", ""}, {200, "", ""}}},
		{2, []attempt{{500, "", "The server had an error while processing your request (scripted fault)."}, {200, "", ""}}},
		{3, []attempt{{503, "", "The engine is currently overloaded, please try again later."}, {200, "", ""}}},
	}
	for _, tc := range tests {
		for i, want := range tc.attempts {
			resp, err := client.Chat.Completions.New(t.Context(), chatParams("script:flaky", flakyMessages(tc.turn)...))
			if want.status == http.StatusOK {
				if err != nil {
					t.Fatalf("turn %d attempt %d: got %v, want success", tc.turn, i+1, err)
				}
				if len(resp.Choices) != 1 {
					t.Errorf("turn %d attempt %d: got %d choices, want 1", tc.turn, i+1, len(resp.Choices))
				}
				continue
			}
			apiErr := apiError(t, err)
			if apiErr.StatusCode != want.status {
				t.Errorf("turn %d attempt %d: got status %d, want %d", tc.turn, i+1, apiErr.StatusCode, want.status)
			}
			if got := apiErr.Response.Header.Get("Retry-After"); got != want.retryAfter {
				t.Errorf("turn %d attempt %d: got Retry-After %q, want %q", tc.turn, i+1, got, want.retryAfter)
			}
			if want.message != "" && apiErr.Message != want.message {
				t.Errorf("turn %d attempt %d: got message %q, want %q", tc.turn, i+1, apiErr.Message, want.message)
			}
		}
	}
	final, err := client.Chat.Completions.New(t.Context(), chatParams("script:flaky", flakyMessages(3)...))
	if err != nil {
		t.Fatal(err)
	}
	if got := final.Choices[0].Message.Content; !strings.Contains(got, "ran once each") {
		t.Errorf("got final answer %q, want flaky's", got)
	}
	// The log has each attempt under its turn, read from the chat messages.
	statuses := map[int][]int{}
	for _, r := range srv.Requests() {
		statuses[r.Turn] = append(statuses[r.Turn], r.Status)
	}
	if got, want := fmt.Sprint(statuses), "map[1:[429 429 200 200] 2:[500 200] 3:[503 200 200]]"; got != want {
		t.Errorf("got statuses by turn %s, want %s", got, want)
	}
}

func TestChatToolChoiceNoneForcesTheAnswer(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	p := chatParams("script:sales-chart", openai.UserMessage("Answer now."))
	p.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String("none")}
	resp, err := client.Chat.Completions.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	msg := resp.Choices[0].Message
	if len(msg.ToolCalls) != 0 || !strings.Contains(msg.Content, "West") || resp.Choices[0].FinishReason != "stop" {
		t.Errorf("got %d calls, text %q, finish %q; want no calls, the script's final answer, stop",
			len(msg.ToolCalls), msg.Content, resp.Choices[0].FinishReason)
	}
}

// postChat posts body as raw JSON to the server's /v1/chat/completions; the
// response body is closed when the test ends.
func postChat(t *testing.T, url, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url+"/v1/chat/completions", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// TestChatErrors sends bad requests as raw JSON and checks the error body
// field by field against what OpenAI answers.
func TestChatErrors(t *testing.T) {
	_, hs, _ := setup(t, scriptedmodel.Config{})
	const tools = `"tools":[{"type":"function","function":{"name":"execute_python","parameters":{"type":"object"}}}]`
	call := `{"role":"assistant","content":null,"tool_calls":[{"id":"call_1_1","type":"function","function":{"name":"execute_python","arguments":"{\"code\":\"1\"}"}}]}`
	tests := []struct {
		name, body  string
		status      int
		param, code any // nil for JSON null
		message     string
	}{
		{"unknown model", `{"model":"gpt-x","messages":[{"role":"user","content":"q"}]}`, 404, nil, "model_not_found",
			"The model `gpt-x` does not exist or you do not have access to it."},
		{"no messages", `{"model":"script:sales-chart"}`, 400, "messages", "missing_required_parameter", "Missing required parameter: 'messages'."},
		{"empty messages", `{"model":"script:sales-chart","messages":[]}`, 400, "messages", "empty_array",
			"Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead."},
		{"tool message without a call", `{"model":"script:sales-chart","messages":[{"role":"user","content":"q"},{"role":"tool","tool_call_id":"call_1_1","content":"x"}]}`,
			400, "messages.[1].role", nil, "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'."},
		{"call without its tool message", `{"model":"script:sales-chart","messages":[{"role":"user","content":"q"},` + call + `,{"role":"user","content":"go on"}]}`,
			400, "messages.[1].role", nil,
			"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_1_1"},
		{"bad role", `{"model":"script:sales-chart","messages":[{"role":"robot","content":"q"}]}`, 400, "messages[0].role", "invalid_value",
			"Invalid value: 'robot'. Supported values are: 'system', 'assistant', 'user', 'tool', and 'developer'."},
		{"failed expectation", `{"model":"script:sales-chart",` + tools + `,"messages":[{"role":"user","content":"q"},` + call +
			`,{"role":"tool","tool_call_id":"call_1_1","content":"a,b\n1,2"}]}`, 400, "messages", "expectation_failed",
			`script sales-chart turn 2: tool output does not contain "month"`},
		{"two choices", `{"model":"script:sales-chart","n":2,"messages":[{"role":"user","content":"q"}]}`, 400, "n", "unsupported_value",
			"n: 2 is not supported by the scripted model server; ask for one choice"},
		{"stream", `{"model":"script:sales-chart","stream":true,"messages":[{"role":"user","content":"q"}]}`, 400, "stream", "unsupported_value",
			"stream: true is not supported by the scripted model server; send a non-streaming request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := postChat(t, hs.URL, tt.body)
			b, _ := io.ReadAll(resp.Body)
			var body struct {
				Error map[string]any `json:"error"`
			}
			if err := json.Unmarshal(b, &body); err != nil {
				t.Fatalf("decode %s: %v", b, err)
			}
			want := map[string]any{"message": tt.message, "type": "invalid_request_error", "param": tt.param, "code": tt.code}
			if resp.StatusCode != tt.status || fmt.Sprint(body.Error) != fmt.Sprint(want) {
				t.Errorf("got %d %v, want %d %v", resp.StatusCode, body.Error, tt.status, want)
			}
		})
	}
}

// TestChatWireFormat reads a tool-call answer as raw JSON: the fields a
// Chat Completions client reads are there, in OpenAI's shape.
func TestChatWireFormat(t *testing.T) {
	_, hs, _ := setup(t, scriptedmodel.Config{})
	resp := postChat(t, hs.URL,
		`{"model":"script:sales-chart","messages":[{"role":"system","content":"s"},{"role":"user","content":[{"type":"text","text":"q"}]}]}`)
	var got struct {
		Object  string `json:"object"`
		Choices []struct {
			Index        *int   `json:"index"`
			FinishReason string `json:"finish_reason"`
			Message      struct {
				Role      string          `json:"role"`
				Content   json.RawMessage `json:"content"`
				ToolCalls []struct {
					ID       string `json:"id"`
					Type     string `json:"type"`
					Function struct {
						Name      string `json:"name"`
						Arguments string `json:"arguments"`
					} `json:"function"`
				} `json:"tool_calls"`
			} `json:"message"`
		} `json:"choices"`
		Usage map[string]any `json:"usage"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || got.Object != "chat.completion" || len(got.Choices) != 1 {
		t.Fatalf("got %d %+v, want 200, one chat.completion choice", resp.StatusCode, got)
	}
	c := got.Choices[0]
	if c.Index == nil || *c.Index != 0 || c.FinishReason != "tool_calls" || c.Message.Role != "assistant" || string(c.Message.Content) != "null" {
		t.Errorf("got choice %+v, want index 0, finish_reason tool_calls, assistant, content null", c)
	}
	if len(c.Message.ToolCalls) != 1 || c.Message.ToolCalls[0].ID != "call_1_1" || c.Message.ToolCalls[0].Type != "function" ||
		c.Message.ToolCalls[0].Function.Name != "execute_python" || !json.Valid([]byte(c.Message.ToolCalls[0].Function.Arguments)) {
		t.Errorf("got tool calls %+v, want one function call_1_1 execute_python with JSON arguments", c.Message.ToolCalls)
	}
	for _, k := range []string{"prompt_tokens", "completion_tokens", "total_tokens"} {
		if v, ok := got.Usage[k].(float64); !ok || v <= 0 {
			t.Errorf("got usage.%s %v, want a positive count", k, got.Usage[k])
		}
	}
}

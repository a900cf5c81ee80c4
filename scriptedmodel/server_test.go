package scriptedmodel_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// salesOutputs answers sales-chart's calls with text that satisfies its expects.
func salesOutputs(call responses.ResponseFunctionToolCall) string {
	switch call.CallID {
	case "call_1_1":
		return "shape: (40, 5)\ncolumns: month, region, product, units, revenue\n"
	default:
		return "revenue by region:\nWest 48630.0\ntop region: West\n"
	}
}

func TestSalesChartConversation(t *testing.T) {
	srv, _, client := setup(t, scriptedmodel.Config{})
	tr := converse(t, client, "script:sales-chart", salesOutputs)

	if got, want := len(tr.responses), 3; got != want {
		t.Fatalf("got %d responses, want %d", got, want)
	}
	var gotIDs []string
	for _, c := range tr.calls {
		gotIDs = append(gotIDs, c.CallID)
		if c.Name != "execute_python" {
			t.Errorf("call %s: got tool %q, want execute_python", c.CallID, c.Name)
		}
		var args struct{ Code string }
		if err := json.Unmarshal([]byte(c.Arguments), &args); err != nil || !strings.Contains(args.Code, "/home/user/sales.csv") {
			t.Errorf("call %s: got arguments %s (err %v), want JSON code reading /home/user/sales.csv", c.CallID, c.Arguments, err)
		}
	}
	if got, want := strings.Join(gotIDs, ","), "call_1_1,call_2_1"; got != want {
		t.Errorf("got call ids %s, want %s", got, want)
	}
	final := tr.responses[2]
	if got := final.OutputText(); !strings.Contains(got, "West had the highest revenue") {
		t.Errorf("got final text %q, want it to name West", got)
	}
	if final.Status != "completed" || !strings.HasPrefix(final.ID, "resp_") || final.Model != "script:sales-chart" {
		t.Errorf("got status %q id %q model %q, want completed, resp_…, script:sales-chart", final.Status, final.ID, final.Model)
	}
	if u := final.Usage; u.InputTokens != 1105 || u.OutputTokens != 71 || u.TotalTokens != 1176 {
		t.Errorf("got usage %d+%d=%d, want the scripted 1105+71=1176", u.InputTokens, u.OutputTokens, u.TotalTokens)
	}
	reqs := srv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("got %d logged requests, want 3", len(reqs))
	}
	for i, r := range reqs {
		if r.Script != "sales-chart" || r.Turn != i+1 || r.Status != http.StatusOK || r.ResponseID != tr.responses[i].ID {
			t.Errorf("request %d: got %+v, want sales-chart turn %d 200 %s", i, r, i+1, tr.responses[i].ID)
		}
	}
}

func TestEstimatedUsage(t *testing.T) {
	dir := writeScripts(t, map[string]string{"s": `{"turns":[{"text":"hello there"}]}`})
	_, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	resp, err := client.Responses.New(t.Context(), params("script:s", responses.ResponseInputParam{userMessage("hi")}))
	if err != nil {
		t.Fatal(err)
	}
	u := resp.Usage
	if u.InputTokens < 1 || u.OutputTokens < 1 || u.TotalTokens != u.InputTokens+u.OutputTokens {
		t.Errorf("got usage %d+%d=%d, want positive estimates that add up", u.InputTokens, u.OutputTokens, u.TotalTokens)
	}
}

func TestRetriedRequestGetsSameAnswer(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	input := responses.ResponseInputParam{userMessage("Which region?")}
	first, err := client.Responses.New(t.Context(), params("script:sales-chart", input))
	if err != nil {
		t.Fatal(err)
	}
	call := functionCalls(first)[0]
	input = append(input,
		responses.ResponseInputItemParamOfFunctionCall(call.Arguments, call.CallID, call.Name),
		callOutput(call.CallID, "columns: month, region, product, units, revenue"))
	second, err := client.Responses.New(t.Context(), params("script:sales-chart", input))
	if err != nil {
		t.Fatal(err)
	}
	// A retry of either request, after the conversation moved on, gets the
	// same answer again.
	for _, tc := range []struct {
		name  string
		input responses.ResponseInputParam
		want  *responses.Response
	}{
		{"turn 1", input[:1], first},
		{"turn 2", input, second},
		{"turn 2 again", input, second},
	} {
		got, err := client.Responses.New(t.Context(), params("script:sales-chart", tc.input))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got.ID != tc.want.ID || got.Output[0].RawJSON() != tc.want.Output[0].RawJSON() {
			t.Errorf("%s: got id %s output %s, want id %s output %s", tc.name, got.ID, got.Output[0].RawJSON(), tc.want.ID, tc.want.Output[0].RawJSON())
		}
	}
	if first.ID == second.ID {
		t.Errorf("turns 1 and 2 share the response id %s", first.ID)
	}
}

// apiError returns err as *openai.Error or fails the test.
func apiError(t *testing.T, err error) *openai.Error {
	t.Helper()
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) {
		t.Fatalf("got error %v, want *openai.Error", err)
	}
	return apiErr
}

func TestConversationErrors(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"two": `{"turns":[
			{"calls":[{"code":"print(1)"},{"code":"print(2)"}]},
			{"expect":{"output_contains":["1","2"]},"text":"done"}]}`,
	})
	_, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	fc := func(id string) responses.ResponseInputItemUnionParam {
		return responses.ResponseInputItemParamOfFunctionCall(`{"code":"print(1)"}`, id, "execute_python")
	}
	tests := []struct {
		name     string
		input    responses.ResponseInputParam
		wantCode string
		wantMsg  string
	}{
		{"second call has no output",
			responses.ResponseInputParam{userMessage("q"), fc("call_1_1"), fc("call_1_2"), callOutput("call_1_1", "1")},
			"missing_function_call_output", "call_1_2"},
		{"second call missing altogether",
			responses.ResponseInputParam{userMessage("q"), fc("call_1_1"), callOutput("call_1_1", "1")},
			"missing_function_call_output", "call_1_2"},
		{"output without its call",
			responses.ResponseInputParam{userMessage("q"), fc("call_1_1"), fc("call_1_2"), callOutput("call_1_1", "1"), callOutput("call_1_2", "2"), callOutput("call_9", "x")},
			"", "call_9"},
		{"expectation fails",
			responses.ResponseInputParam{userMessage("q"), fc("call_1_1"), fc("call_1_2"), callOutput("call_1_1", "1"), callOutput("call_1_2", "1")},
			"expectation_failed", `does not contain "2"`},
		{"script exhausted",
			responses.ResponseInputParam{userMessage("q"), fc("call_2_1"), callOutput("call_2_1", "x")},
			"script_exhausted", "2 turns"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := client.Responses.New(t.Context(), params("script:two", tc.input))
			apiErr := apiError(t, err)
			if apiErr.StatusCode != http.StatusBadRequest || apiErr.Code != tc.wantCode || !strings.Contains(apiErr.Message, tc.wantMsg) {
				t.Errorf("got %d code %q message %q, want 400 code %q message containing %q",
					apiErr.StatusCode, apiErr.Code, apiErr.Message, tc.wantCode, tc.wantMsg)
			}
			if apiErr.Type != "invalid_request_error" {
				t.Errorf("got error type %q, want invalid_request_error", apiErr.Type)
			}
		})
	}
}

// flakyInput is the flaky script's conversation before turn n.
func flakyInput(n int) responses.ResponseInputParam {
	input := responses.ResponseInputParam{userMessage("q")}
	for turn := 1; turn < n; turn++ {
		id := fmt.Sprintf("call_%d_1", turn)
		input = append(input,
			responses.ResponseInputItemParamOfFunctionCall(fmt.Sprintf(`{"code":"print('flaky step', %d)"}`, turn), id, "execute_python"),
			callOutput(id, fmt.Sprintf("flaky step %d\n", turn)))
	}
	return input
}

func TestFaults(t *testing.T) {
	srv, _, client := setup(t, scriptedmodel.Config{})
	type attempt struct {
		status     int // 200 for success
		retryAfter string
	}
	tests := []struct {
		turn     int
		attempts []attempt
	}{
		{1, []attempt{{429, "1"}, {429, "1"}, {200, ""}, {200, ""}}},
		{2, []attempt{{500, ""}, {200, ""}}},
		{3, []attempt{{503, ""}, {200, ""}}},
	}
	for _, tc := range tests {
		for i, want := range tc.attempts {
			resp, err := client.Responses.New(t.Context(), params("script:flaky", flakyInput(tc.turn)))
			if want.status == http.StatusOK {
				if err != nil {
					t.Fatalf("turn %d attempt %d: got %v, want success", tc.turn, i+1, err)
				}
				if len(resp.Output) == 0 {
					t.Errorf("turn %d attempt %d: got no output", tc.turn, i+1)
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
		}
	}
	faults := 0
	for _, r := range srv.Requests() {
		if r.Fault != "" {
			faults++
		}
	}
	if faults != 4 {
		t.Errorf("got %d faulted requests in the log, want 4", faults)
	}
}

func TestClientRetriesHonourRetryAfter(t *testing.T) {
	srv, _, client := setup(t, scriptedmodel.Config{}, option.WithMaxRetries(2))
	start := time.Now()
	resp, err := client.Responses.New(t.Context(), params("script:flaky", flakyInput(1)))
	if err != nil {
		t.Fatalf("got %v, want success after the client's own retries", err)
	}
	if elapsed := time.Since(start); elapsed < 2*time.Second {
		t.Errorf("got an answer after %v, want at least 2s (two Retry-After: 1)", elapsed)
	}
	if got := functionCalls(resp); len(got) != 1 || got[0].CallID != "call_1_1" {
		t.Errorf("got calls %v, want call_1_1", got)
	}
	if got := len(srv.Requests()); got != 3 {
		t.Errorf("got %d requests, want 3", got)
	}
}

func TestStall(t *testing.T) {
	dir := writeScripts(t, map[string]string{"slow": `{"turns":[
		{"fault":{"stall":"1m"},"calls":[{"code":"print(1)"}]},{"text":"done"}]}`})
	srv, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := client.Responses.New(ctx, params("script:slow", responses.ResponseInputParam{userMessage("q")}))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want the client's deadline to expire", err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("the stalled request took %v, want it to end when the client gives up", elapsed)
	}
	resp, err := client.Responses.New(t.Context(), params("script:slow", responses.ResponseInputParam{userMessage("q")}))
	if err != nil || len(functionCalls(resp)) != 1 {
		t.Fatalf("retry after the stall: got %v, want one call", err)
	}
	// The handler logs the stalled request once it notices the client is gone.
	deadline := time.Now().Add(5 * time.Second)
	for len(srv.Requests()) < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	var faults []string
	for _, r := range srv.Requests() {
		faults = append(faults, r.Fault)
	}
	if got, want := strings.Join(faults, "|"), "stall 1m0s|"; got != want {
		t.Errorf("got faults %q, want %q", got, want)
	}
}

func TestAuth(t *testing.T) {
	_, hs, _ := setup(t, scriptedmodel.Config{})
	tests := []struct {
		name       string
		key        string
		wantStatus int
	}{
		{"wrong key", "sk-wrong", http.StatusUnauthorized},
		{"right key", testKey, http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			client := openai.NewClient(option.WithBaseURL(hs.URL+"/v1"), option.WithAPIKey(tc.key), option.WithMaxRetries(0))
			_, err := client.Responses.New(t.Context(), params("script:sales-chart", responses.ResponseInputParam{userMessage("q")}))
			if tc.wantStatus == http.StatusOK {
				if err != nil {
					t.Fatalf("got %v, want success", err)
				}
				return
			}
			apiErr := apiError(t, err)
			if apiErr.StatusCode != tc.wantStatus || apiErr.Code != "invalid_api_key" {
				t.Errorf("got %d %q, want %d invalid_api_key", apiErr.StatusCode, apiErr.Code, tc.wantStatus)
			}
		})
	}
	t.Run("no key", func(t *testing.T) {
		resp, err := http.Get(hs.URL + "/v1/models")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body struct{ Error struct{ Message string } }
		if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body.Error.Message, "API key") {
			t.Errorf("got %d %q, want 401 asking for an API key", resp.StatusCode, body.Error.Message)
		}
	})
}

func TestScriptSelection(t *testing.T) {
	tests := []struct {
		name       string
		defScript  string
		model      string
		metadata   map[string]string
		wantScript string // empty: want 404 model_not_found
	}{
		{"script: prefix", "", "script:error-recovery", nil, "error-recovery"},
		{"bare script name", "", "bad-tool", nil, "bad-tool"},
		{"metadata wins", "sales-chart", "script:error-recovery", map[string]string{"script": "chaos-counter"}, "chaos-counter"},
		{"other model uses default", "sales-chart", "gpt-4.1", nil, "sales-chart"},
		{"other model without default", "", "gpt-4.1", nil, ""},
		{"unknown script", "sales-chart", "script:nope", nil, ""},
		{"unknown metadata script", "sales-chart", "gpt-4.1", map[string]string{"script": "nope"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, _, client := setup(t, scriptedmodel.Config{DefaultScript: tc.defScript})
			p := params(tc.model, responses.ResponseInputParam{userMessage("q")})
			p.Metadata = tc.metadata
			_, err := client.Responses.New(t.Context(), p)
			if tc.wantScript == "" {
				if apiErr := apiError(t, err); apiErr.StatusCode != http.StatusNotFound || apiErr.Code != "model_not_found" {
					t.Errorf("got %d %q, want 404 model_not_found", apiErr.StatusCode, apiErr.Code)
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v, want success", err)
			}
			if got := srv.Requests()[0].Script; got != tc.wantScript {
				t.Errorf("got script %q, want %q", got, tc.wantScript)
			}
		})
	}
}

// TestUnknownModelAnswersLikeOpenAI: an unknown model is OpenAI's 404 body
// word for word, so clients and the worker's error messages see what they
// would see against OpenAI.
func TestUnknownModelAnswersLikeOpenAI(t *testing.T) {
	_, hs, _ := setup(t, scriptedmodel.Config{})
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, hs.URL+"/v1/responses",
		strings.NewReader(`{"model":"gpt-x","input":"q"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+testKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("decode the error body: %v", err)
	}
	want := map[string]any{
		"message": "The model `gpt-x` does not exist or you do not have access to it.",
		"type":    "invalid_request_error", "param": nil, "code": "model_not_found",
	}
	if resp.StatusCode != http.StatusNotFound || fmt.Sprint(body["error"]) != fmt.Sprint(want) {
		t.Errorf("got %d %v, want 404 %v", resp.StatusCode, body, want)
	}
}

func TestPreviousResponseID(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	ctx := t.Context()
	p := params("script:sales-chart", responses.ResponseInputParam{userMessage("Which region?")})
	resp, err := client.Responses.New(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	for step := 2; len(functionCalls(resp)) > 0; step++ {
		var input responses.ResponseInputParam
		for _, c := range functionCalls(resp) {
			input = append(input, callOutput(c.CallID, salesOutputs(c)))
		}
		p := params("script:sales-chart", input)
		p.PreviousResponseID = param.NewOpt(resp.ID)
		if resp, err = client.Responses.New(ctx, p); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if resp.PreviousResponseID == "" {
			t.Errorf("step %d: response does not echo previous_response_id", step)
		}
	}
	if got := resp.OutputText(); !strings.Contains(got, "West") {
		t.Errorf("got final text %q, want it to name West", got)
	}
	got, err := client.Responses.Get(ctx, resp.ID, responses.ResponseGetParams{})
	if err != nil || got.ID != resp.ID {
		t.Errorf("GET stored response: got %v, want %s", err, resp.ID)
	}

	p.PreviousResponseID = param.NewOpt("resp_unknown")
	_, err = client.Responses.New(ctx, p)
	if apiErr := apiError(t, err); apiErr.StatusCode != http.StatusBadRequest || apiErr.Param != "previous_response_id" {
		t.Errorf("unknown previous_response_id: got %d param %q, want 400 previous_response_id", apiErr.StatusCode, apiErr.Param)
	}
}

// TestRawOutputItemsAsInput feeds the model's output items back verbatim, as
// an agent that keeps its transcript as raw JSON does.
func TestRawOutputItemsAsInput(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	items := []json.RawMessage{json.RawMessage(`{"type":"message","role":"user","content":[{"type":"input_text","text":"Which region?"}]}`)}
	p := params("script:sales-chart", nil)
	for step := 1; step <= 3; step++ {
		resp, err := client.Responses.New(t.Context(), p, option.WithJSONSet("input", items))
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		for _, out := range resp.Output {
			items = append(items, json.RawMessage(out.RawJSON()))
		}
		for _, c := range functionCalls(resp) {
			out, _ := json.Marshal(map[string]any{"type": "function_call_output", "call_id": c.CallID,
				"output": []map[string]string{{"type": "input_text", "text": salesOutputs(c)}}})
			items = append(items, out)
		}
		if step == 3 && !strings.Contains(resp.OutputText(), "West") {
			t.Errorf("step 3: got %q, want the final answer", resp.OutputText())
		}
	}
}

func TestToolChoiceNoneForcesTheAnswer(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	p := params("script:sales-chart", responses.ResponseInputParam{userMessage("Answer now.")})
	p.ToolChoice = responses.ResponseNewParamsToolChoiceUnion{OfToolChoiceMode: param.NewOpt(responses.ToolChoiceOptionsNone)}
	resp, err := client.Responses.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	if calls := functionCalls(resp); len(calls) != 0 || !strings.Contains(resp.OutputText(), "West") {
		t.Errorf("got %d calls and text %q, want no calls and the script's final answer", len(calls), resp.OutputText())
	}
}

func TestStreamRejected(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	stream := client.Responses.NewStreaming(t.Context(), params("script:sales-chart", responses.ResponseInputParam{userMessage("q")}))
	defer stream.Close()
	for stream.Next() {
		t.Fatal("got a stream event, want none")
	}
	apiErr := apiError(t, stream.Err())
	if apiErr.StatusCode != http.StatusBadRequest || apiErr.Param != "stream" {
		t.Errorf("got %d param %q, want 400 param stream", apiErr.StatusCode, apiErr.Param)
	}
}

func TestConcurrentConversations(t *testing.T) {
	srv, _, client := setup(t, scriptedmodel.Config{})
	const n = 16
	var wg sync.WaitGroup
	texts := make([]string, n)
	for i := range n {
		wg.Go(func() {
			tr, err := runConversation(t.Context(), client, "script:sales-chart", salesOutputs, 0)
			if err != nil {
				t.Errorf("conversation %d: %v", i, err)
				return
			}
			texts[i] = tr.responses[len(tr.responses)-1].OutputText()
		})
	}
	wg.Wait()
	for i, text := range texts {
		if !strings.Contains(text, "West") {
			t.Errorf("conversation %d: got %q, want the final answer", i, text)
		}
	}
	if got := len(srv.Requests()); got != 3*n {
		t.Errorf("got %d requests, want %d", got, 3*n)
	}
}

func BenchmarkSalesChartConversation(b *testing.B) {
	srv, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: scriptDir})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	client := openai.NewClient(option.WithBaseURL(hs.URL+"/v1"), option.WithAPIKey("unused"), option.WithMaxRetries(0))
	for b.Loop() {
		if _, err := runConversation(b.Context(), client, "script:sales-chart", salesOutputs, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// A script with answers before its last turn serves a conversation: after
// an answer, the user's next question gets the turn after it. Items are
// echoed as raw JSON, as the worker does.
func TestFollowUpQuestionsGetTheNextTurns(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	user := func(q string) json.RawMessage {
		b, _ := json.Marshal(map[string]string{"type": "message", "role": "user", "content": q})
		return b
	}
	items := []json.RawMessage{user("total?")}
	outputs := map[string]string{"call_1_1": "total: 60", "call_3_1": "doubled: 120 runs: 1", "call_5_1": "regions: 2 doubled still 120"}
	var answers []string
	for _, q := range []string{"doubled?", "by region?", ""} {
		for len(answers) < 3 {
			resp, err := client.Responses.New(t.Context(), params("script:conversation", nil), option.WithJSONSet("input", items))
			if err != nil {
				t.Fatalf("after %d answers: %v", len(answers), err)
			}
			for _, out := range resp.Output {
				items = append(items, json.RawMessage(out.RawJSON()))
			}
			calls := functionCalls(resp)
			if len(calls) == 0 {
				answers = append(answers, resp.OutputText())
				break
			}
			for _, c := range calls {
				out, ok := outputs[c.CallID]
				if !ok {
					t.Fatalf("got call id %s, want call_<turn>_1 of turns 1, 3, 5", c.CallID)
				}
				b, _ := json.Marshal(map[string]string{"type": "function_call_output", "call_id": c.CallID, "output": out})
				items = append(items, b)
			}
		}
		if q != "" {
			items = append(items, user(q))
		}
	}
	want := []string{"Total sales are 60.", "Doubled, that is 120.", "Two regions; the chart shows them."}
	if fmt.Sprint(answers) != fmt.Sprint(want) {
		t.Errorf("got answers %q, want %q", answers, want)
	}
}

package scriptedmodel_test

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

const (
	scriptDir = "../testdata/scripts"
	testKey   = "sk-test-scripted"
)

// setup starts a server on loopback with cfg (ScriptDir defaults to the
// repository's scripts, APIKey to testKey) and returns it with a client that
// does not retry.
func setup(t *testing.T, cfg scriptedmodel.Config, opts ...option.RequestOption) (*scriptedmodel.Server, *httptest.Server, openai.Client) {
	t.Helper()
	if cfg.ScriptDir == "" {
		cfg.ScriptDir = scriptDir
	}
	if cfg.APIKey == "" {
		cfg.APIKey = testKey
	}
	srv, err := scriptedmodel.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	opts = append([]option.RequestOption{
		option.WithBaseURL(hs.URL + "/v1"),
		option.WithAPIKey(cfg.APIKey),
		option.WithMaxRetries(0),
	}, opts...)
	return srv, hs, openai.NewClient(opts...)
}

// writeScripts writes name → JSON scripts into a fresh directory.
func writeScripts(t *testing.T, scripts map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name+".json"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// executePythonTool is the tool definition the agent sends.
func executePythonTool() responses.ToolUnionParam {
	return responses.ToolParamOfFunction("execute_python", map[string]any{
		"type":       "object",
		"properties": map[string]any{"code": map[string]any{"type": "string"}},
		"required":   []string{"code"},
	}, false)
}

// params builds a request for model with the given input items.
func params(model string, input responses.ResponseInputParam) responses.ResponseNewParams {
	return responses.ResponseNewParams{
		Model:        model,
		Instructions: param.NewOpt("You are a data analyst."),
		Tools:        []responses.ToolUnionParam{executePythonTool()},
		Input:        responses.ResponseNewParamsInputUnion{OfInputItemList: input},
	}
}

func userMessage(text string) responses.ResponseInputItemUnionParam {
	return responses.ResponseInputItemParamOfMessage(text, responses.EasyInputMessageRoleUser)
}

func callOutput(callID, output string) responses.ResponseInputItemUnionParam {
	item := responses.ResponseInputItemParamOfFunctionCallOutput(output)
	item.OfFunctionCallOutput.CallID = param.NewOpt(callID)
	return item
}

// functionCalls returns the function calls in resp's output.
func functionCalls(resp *responses.Response) []responses.ResponseFunctionToolCall {
	var calls []responses.ResponseFunctionToolCall
	for _, out := range resp.Output {
		if out.Type == "function_call" {
			calls = append(calls, out.AsFunctionCall())
		}
	}
	return calls
}

// toolRunner answers one function call with the text of its output.
type toolRunner func(call responses.ResponseFunctionToolCall) string

// transcript is what converse saw.
type transcript struct {
	responses []*responses.Response
	calls     []responses.ResponseFunctionToolCall
}

// converse runs the agent loop (see runConversation) and fails the test on error.
func converse(t *testing.T, client openai.Client, model string, run toolRunner) transcript {
	t.Helper()
	tr, err := runConversation(t.Context(), client, model, run, 0)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// runConversation runs the agent loop: it sends the whole conversation each
// turn, answers every function call with run, and stops at the first answer
// without calls. With attemptTimeout > 0 each model call gets that long and
// is tried up to three times, as an activity with a start-to-close timeout
// and a retry policy would.
func runConversation(ctx context.Context, client openai.Client, model string, run toolRunner, attemptTimeout time.Duration) (transcript, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	input := responses.ResponseInputParam{userMessage("Which region had the highest revenue?")}
	var tr transcript
	for step := 1; step <= maxConversationSteps; step++ {
		resp, err := callModel(ctx, client, params(model, input), attemptTimeout)
		if err != nil {
			return tr, fmt.Errorf("step %d: Responses.New: %w", step, err)
		}
		tr.responses = append(tr.responses, resp)
		calls := functionCalls(resp)
		if len(calls) == 0 {
			return tr, nil
		}
		for _, c := range calls {
			tr.calls = append(tr.calls, c)
			input = append(input, responses.ResponseInputItemParamOfFunctionCall(c.Arguments, c.CallID, c.Name))
		}
		for _, c := range calls {
			input = append(input, callOutput(c.CallID, run(c)))
		}
	}
	return tr, fmt.Errorf("model did not answer within %d steps", maxConversationSteps)
}

func callModel(ctx context.Context, client openai.Client, p responses.ResponseNewParams, attemptTimeout time.Duration) (*responses.Response, error) {
	if attemptTimeout == 0 {
		return client.Responses.New(ctx, p)
	}
	var err error
	for range 3 {
		attemptCtx, cancel := context.WithTimeout(ctx, attemptTimeout)
		var resp *responses.Response
		resp, err = client.Responses.New(attemptCtx, p)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			return resp, err
		}
	}
	return nil, err
}

// maxConversationSteps bounds runConversation; the longest script
// (long-run) takes 25 turns.
const maxConversationSteps = 40

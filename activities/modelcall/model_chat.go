package modelcall

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

// Chat Completions (OPENAI_API=chat). The transcript in S3 stays in the
// Responses API's item format: each call converts it to messages, and the
// answer back to items. The history still carries only keys, and a fleet
// can switch APIs under running analyses.

// chatToolOf is a Responses tool as a Chat Completions function: the
// name, description and schema of the Responses tool, so both APIs offer
// the same.
func chatToolOf(t responses.ToolUnionParam) openai.ChatCompletionToolUnionParam {
	f := t.OfFunction
	return openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
		Name:        f.Name,
		Description: f.Description,
		Parameters:  shared.FunctionParameters(f.Parameters),
		Strict:      f.Strict,
	})
}

// chatTools are tr's tools as Chat Completions functions.
func chatTools(tr transcript) []openai.ChatCompletionToolUnionParam {
	var out []openai.ChatCompletionToolUnionParam
	for _, t := range tr.tools() {
		out = append(out, chatToolOf(t))
	}
	return out
}

// chatTurn sends the transcript to POST /chat/completions.
func (a *Activities) chatTurn(ctx context.Context, tr transcript, step int, final bool) (modelTurn, error) {
	msgs, err := chatMessages(tr)
	if err != nil {
		return modelTurn{}, fault.New(api.ErrTypeBadRequest,
			fmt.Sprintf("model: transcript of step %d: %v", step-1, err), nil, 0)
	}
	params := openai.ChatCompletionNewParams{
		Model:             tr.Model,
		Messages:          msgs,
		Tools:             chatTools(tr),
		ParallelToolCalls: openai.Bool(false),
	}
	if final {
		params.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{
			OfAuto: openai.String(string(openai.ChatCompletionToolChoiceOptionAutoNone)),
		}
	}
	resp, err := a.d.Model.Chat.Completions.New(ctx, params)
	if err != nil {
		activities.CountModelUsage(ctx, tr.Model, nil, err)
		return modelTurn{}, fault.Classify(fault.ServiceModel, fmt.Sprintf("create chat completion with model %q", tr.Model), err)
	}
	turn := chatAnswer(resp, step)
	activities.CountModelUsage(ctx, tr.Model, &turn.usage, nil)
	return turn, nil
}

// chatAnswer reads the first choice of a completion as a model turn. A
// tool call without an id (some local servers send none) gets one made
// from the step, so its output can answer it.
func chatAnswer(resp *openai.ChatCompletion, step int) modelTurn {
	turn := modelTurn{
		id: resp.ID,
		usage: api.Usage{
			InputTokens:  resp.Usage.PromptTokens,
			OutputTokens: resp.Usage.CompletionTokens,
			TotalTokens:  resp.Usage.TotalTokens,
		},
	}
	if turn.usage.TotalTokens == 0 {
		turn.usage.TotalTokens = turn.usage.InputTokens + turn.usage.OutputTokens
	}
	if len(resp.Choices) == 0 {
		return turn // an empty turn: CallModel asks again
	}
	msg := resp.Choices[0].Message
	text := msg.Content
	if text == "" {
		text = msg.Refusal
	}
	if strings.TrimSpace(text) != "" {
		turn.text = append(turn.text, text)
		turn.items = append(turn.items, mustJSON(map[string]string{"type": "message", "role": "assistant", "content": text}))
	}
	for i, tc := range msg.ToolCalls {
		call := tools.Call{CallID: tc.ID, Name: tc.Function.Name, Arguments: tc.Function.Arguments}
		if tc.Type == "custom" {
			call.Name, call.Arguments = tc.Custom.Name, tc.Custom.Input
		}
		if call.CallID == "" {
			call.CallID = fmt.Sprintf("call_step%d_%d", step, i+1)
		}
		turn.calls = append(turn.calls, call)
		turn.items = append(turn.items, mustJSON(map[string]string{
			"type": "function_call", "call_id": call.CallID, "name": call.Name, "arguments": call.Arguments,
		}))
	}
	return turn
}

// chatMessages converts a transcript to Chat Completions messages: the
// instructions as the system message, user and assistant messages as they
// are, function calls as the tool_calls of an assistant message (one
// message for the calls of one turn, with its text if it had any), and
// function call outputs as tool messages.
func chatMessages(tr transcript) ([]openai.ChatCompletionMessageParamUnion, error) {
	msgs := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(tr.Instructions)}
	for i, raw := range tr.Items {
		var it struct {
			Type      string          `json:"type"`
			Role      string          `json:"role"`
			Content   json.RawMessage `json:"content"`
			CallID    string          `json:"call_id"`
			Name      string          `json:"name"`
			Arguments string          `json:"arguments"`
			Output    json.RawMessage `json:"output"`
		}
		if err := json.Unmarshal(raw, &it); err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		if it.Type == "" && it.Role != "" {
			it.Type = "message"
		}
		switch it.Type {
		case "message":
			text := partsText(it.Content)
			switch it.Role {
			case "assistant":
				msgs = append(msgs, openai.AssistantMessage(text))
			case "system", "developer":
				msgs = append(msgs, openai.SystemMessage(text)) // what self-hosted servers know
			default:
				msgs = append(msgs, openai.UserMessage(text))
			}
		case "function_call":
			call := openai.ChatCompletionMessageToolCallUnionParam{OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
				ID:       it.CallID,
				Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: it.Name, Arguments: it.Arguments},
			}}
			last := msgs[len(msgs)-1].OfAssistant
			if last == nil {
				last = &openai.ChatCompletionAssistantMessageParam{}
				msgs = append(msgs, openai.ChatCompletionMessageParamUnion{OfAssistant: last})
			}
			last.ToolCalls = append(last.ToolCalls, call)
		case "function_call_output":
			msgs = append(msgs, openai.ToolMessage(partsText(it.Output), it.CallID))
		default:
			return nil, fmt.Errorf("item %d: type %q has no Chat Completions form", i, it.Type)
		}
	}
	return msgs, nil
}

// partsText reads a Responses content or output field: a string, or a list
// of parts whose text is joined.
func partsText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &parts) // anything else has no text
	texts := make([]string, 0, len(parts))
	for _, p := range parts {
		if p.Text != "" {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n")
}

// mustJSON encodes a map of strings, which cannot fail.
func mustJSON(v map[string]string) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

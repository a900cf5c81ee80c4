package modelcall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

// DefaultInstructions is the system prompt of a data analysis.
const DefaultInstructions = `You are a careful data analyst working in a Jupyter-like Python sandbox.
Use the ` + api.ToolExecutePython + ` tool to run Python code; state (variables, imports) persists between calls.
Datasets are in /home/user. pandas and matplotlib are available.
Work in small steps: load and inspect the data first, then compute, then draw charts where they help
(matplotlib; call plt.show() so the chart is captured). Print the numbers you rely on.
When you know the answer, reply with a concise answer in plain text (no tool call), citing the figures
you computed. Do not invent numbers you did not compute.`

// transcript is the conversation kept in S3: the model's input items in the
// Responses API's JSON, in order. A worker that speaks Chat Completions keeps
// the same format (it converts on each call), so OPENAI_API can change under
// running analyses.
type transcript struct {
	Model        string            `json:"model"`
	Instructions string            `json:"instructions"`
	Items        []json.RawMessage `json:"items"`
	// SQLTool offers the tools that need a SQL source too, run_sql (set
	// on each call from CallModelInput and the worker's sources).
	SQLTool bool `json:"sql_tool,omitempty"`
}

// tools are the tools offered with tr: the rows of Tools that are on.
func (tr transcript) tools() []responses.ToolUnionParam {
	var out []responses.ToolUnionParam
	for _, t := range tools.On(tr.SQLTool) {
		out = append(out, responsesTool(t))
	}
	return out
}

// responsesTool is a tool as a Responses API function.
func responsesTool(t tools.Tool) responses.ToolUnionParam {
	return responses.ToolUnionParam{OfFunction: &responses.FunctionToolParam{
		Name:        t.Name,
		Description: openai.String(t.Description),
		Parameters:  t.Parameters,
		Strict:      openai.Bool(true),
	}}
}

// CallModelName is the name CallModel is registered under.
const CallModelName = "CallModel"

// CallModel runs one model turn. The conversation so far is read from S3
// (written by the previous step), extended with this step's tool outputs,
// sent to the model, and written back with the model's output; only the
// tool calls or the answer return to the workflow.
func (a *Activities) CallModel(ctx context.Context, in CallModelInput) (CallModelResult, error) {
	if in.Step < 1 {
		return CallModelResult{}, fault.New(api.ErrTypeBadRequest, fmt.Sprintf("step: %d, must be at least 1", in.Step), nil, 0)
	}
	var tr transcript
	if in.Step == 1 {
		tr = transcript{Model: in.Model, Instructions: in.Instructions}
		if tr.Model == "" {
			tr.Model = a.d.DefaultModel
		}
		if tr.Instructions == "" {
			tr.Instructions = DefaultInstructions
		}
		first := firstMessage(in.Question, in.Datasets)
		if a.sqlTool(in) {
			first += a.describeSources(ctx)
		}
		tr.Items = append(tr.Items, userMessage(first))
	} else {
		if err := a.d.GetJSON(ctx, a.d.TranscriptKey(in.WorkflowID, in.Step-1), &tr); err != nil {
			return CallModelResult{}, fault.Classify(fault.ServiceStorage, fmt.Sprintf("read transcript of step %d", in.Step-1), err)
		}
		if in.Question != "" {
			// A conversation's follow-up question opens its turn.
			tr.Items = append(tr.Items, userMessage(firstMessage(in.Question, in.Datasets)))
		}
	}
	for _, o := range in.ToolOutputs {
		text, err := tools.OutputText(ctx, a.d, in.WorkflowID, o)
		if err != nil {
			return CallModelResult{}, err
		}
		item, _ := json.Marshal(map[string]string{"type": "function_call_output", "call_id": o.CallID, "output": text})
		tr.Items = append(tr.Items, item)
	}
	if in.Final {
		tr.Items = append(tr.Items, userMessage("You have no steps left: answer now from what you have found, without calling a tool."))
	}

	tr.SQLTool = a.sqlTool(in)
	// What is sent may leave out the oldest whole turns of a long
	// conversation (fitContext); the transcript in S3 keeps them all.
	sent := tr
	sent.Items = fitContext(tr.Items, a.maxContextBytes())
	var turn modelTurn
	var err error
	if a.d.ModelAPI == config.OpenAIAPIChat {
		stopHB := activities.HeartbeatWhile(ctx, fmt.Sprintf("step %d", in.Step))
		turn, err = a.chatTurn(ctx, sent, in.Step, in.Final)
		stopHB()
	} else {
		turn, err = a.responsesTurn(ctx, sent, in.Step, in.Final)
	}
	if err != nil {
		return CallModelResult{}, err
	}
	tr.Items = append(tr.Items, turn.items...)
	res := CallModelResult{ResponseID: turn.id, Usage: turn.usage, ToolCalls: turn.calls}
	res.Answer = strings.TrimSpace(strings.Join(turn.text, "\n"))
	if len(res.ToolCalls) == 0 && res.Answer == "" {
		// An empty turn is fed back to the model like a bad tool call: the
		// workflow counts it as a step and asks again.
		res.Empty = true
		tr.Items = append(tr.Items, userMessage("Your last reply was empty. Call "+api.ToolExecutePython+" or answer the question."))
	}
	res.TranscriptKey = a.d.TranscriptKey(in.WorkflowID, in.Step)
	if err := a.d.PutJSON(ctx, res.TranscriptKey, tr); err != nil {
		return CallModelResult{}, fault.Classify(fault.ServiceStorage, "write transcript", err)
	}
	activity.GetLogger(ctx).Info("model answered", "step", in.Step, "tool_calls", len(res.ToolCalls),
		"input_tokens", res.Usage.InputTokens, "output_tokens", res.Usage.OutputTokens)
	return res, nil
}

// modelTurn is one model answer, whichever API gave it: its output as
// Responses API input items (the transcript's format), and what the
// workflow needs of it.
type modelTurn struct {
	id    string
	usage api.Usage
	items []json.RawMessage
	calls []tools.Call
	text  []string
}

// responsesTurn sends the transcript to the Responses API, in background
// mode where it is on (background.go).
func (a *Activities) responsesTurn(ctx context.Context, tr transcript, step int, final bool) (modelTurn, error) {
	params := responses.ResponseNewParams{
		Model:             tr.Model,
		Instructions:      openai.String(tr.Instructions),
		Tools:             tr.tools(),
		ParallelToolCalls: openai.Bool(false),
		Store:             openai.Bool(false),
	}
	if final {
		params.ToolChoice = responses.ResponseNewParamsToolChoiceUnion{OfToolChoiceMode: openai.Opt(responses.ToolChoiceOptionsNone)}
	}
	var resp *responses.Response
	err := errNoBackground
	if a.backgroundMode() {
		resp, err = a.backgroundResponse(ctx, params, tr.Items, step)
	}
	if errors.Is(err, errNoBackground) {
		stopHB := activities.HeartbeatWhile(ctx, fmt.Sprintf("step %d", step))
		resp, err = a.d.Model.Responses.New(ctx, params, option.WithJSONSet("input", tr.Items))
		stopHB()
	}
	if err == nil {
		err = responseEnd(resp)
	}
	activities.CountModelCall(ctx, tr.Model, resp, err)
	if err != nil {
		return modelTurn{}, fault.Classify(fault.ServiceModel, fmt.Sprintf("create response with model %q", tr.Model), err)
	}
	turn := modelTurn{
		id:    resp.ID,
		usage: api.Usage{InputTokens: resp.Usage.InputTokens, OutputTokens: resp.Usage.OutputTokens, TotalTokens: resp.Usage.TotalTokens},
	}
	for _, item := range resp.Output {
		if echoed, ok := echoItem(item.RawJSON()); ok {
			turn.items = append(turn.items, echoed)
		}
		switch item.Type {
		case "function_call":
			fc := item.AsFunctionCall()
			turn.calls = append(turn.calls, tools.Call{CallID: fc.CallID, Name: fc.Name, Arguments: fc.Arguments})
		case "message":
			for _, c := range item.Content {
				if c.Type == "output_text" {
					turn.text = append(turn.text, c.Text)
				}
			}
		}
	}
	return turn, nil
}

// sqlTool says whether the tools that need a SQL source (run_sql) are
// offered at this call: when the workflow can run them and this worker has
// sources.
func (a *Activities) sqlTool(in CallModelInput) bool {
	return in.SQLTool && a.d.SQL != nil && len(a.d.SQL.Names()) > 0
}

func userMessage(text string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"type": "message", "role": "user", "content": text})
	return b
}

func firstMessage(question string, ds []sandboxes.StagedDataset) string {
	var b strings.Builder
	b.WriteString(question)
	if len(ds) > 0 {
		b.WriteString("\n\nDatasets in the sandbox:\n")
		for _, d := range ds {
			fmt.Fprintf(&b, "- %s (%d bytes)\n", d.Path, d.Bytes)
			if d.Preview != "" {
				fmt.Fprintf(&b, "  first lines:\n%s\n", indent(d.Preview, "    "))
			}
		}
	}
	return b.String()
}

func indent(s, pad string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = pad + lines[i]
	}
	return strings.Join(lines, "\n")
}

// echoItem turns an output item into the input item that replays it on
// the next call. Requests are sent with store=false, so the server keeps
// nothing: an item id it would have to look up (fc_…, msg_…) is dropped,
// and so are reasoning items, which can only be replayed with encrypted
// content this client does not ask for.
func echoItem(raw string) (json.RawMessage, bool) {
	if raw == "" {
		return nil, false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, false
	}
	var typ string
	_ = json.Unmarshal(m["type"], &typ)
	if typ == "reasoning" {
		return nil, false
	}
	delete(m, "id")
	b, err := json.Marshal(m)
	if err != nil {
		return nil, false
	}
	return b, true
}

// CallModelInput is one model turn. The conversation so far is not in it:
// the activity keeps it in S3 under the workflow's prefix, so the history
// holds only what is new at this step.
type CallModelInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	Step       int    `json:"step"`
	Model      string `json:"model,omitempty"`
	// Instructions and Question are used at step 1 to open the transcript;
	// a Question at a later step is a conversation's follow-up.
	Instructions string                    `json:"instructions,omitempty"`
	Question     string                    `json:"question,omitempty"`
	Datasets     []sandboxes.StagedDataset `json:"datasets,omitempty"`
	// ToolOutputs answer the previous step's tool calls.
	ToolOutputs []tools.Output `json:"tool_outputs,omitempty"`
	// Final, when set, tells the model it has no steps left and must answer.
	Final bool `json:"final,omitempty"`
	// SQLTool offers the run_sql tool (and, at step 1, the schema of the
	// worker's SQL sources) when the worker has SQL sources: set by
	// workflows that can run it (workflows.ChangeRunSQL).
	SQLTool bool `json:"sql_tool,omitempty"`
}

// CallModelResult is the model's answer or its tool calls.
type CallModelResult struct {
	ToolCalls []tools.Call `json:"tool_calls,omitempty"`
	Answer    string       `json:"answer,omitempty"`
	// Empty is set when the model said nothing: the workflow counts the
	// step and asks again (the transcript tells the model why).
	Empty         bool      `json:"empty,omitempty"`
	Usage         api.Usage `json:"usage"`
	ResponseID    string    `json:"response_id,omitempty"`
	TranscriptKey string    `json:"transcript_key"`
}

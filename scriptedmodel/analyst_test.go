package scriptedmodel_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

const (
	analystQuestion = "What is the average of column b?\n\nDatasets in the sandbox:\n- /home/user/d.csv (12 bytes)\n  first lines:\n    a,b\n    1,2\n"
	abProfileOutput = `[stdout]
ANALYST_PROFILE {"path": "/home/user/d.csv", "name": "d.csv", "rows": 2, "cols": 2, "columns": [{"name": "a", "dtype": "int64", "kind": "numeric", "missing": 0, "unique": 2}, {"name": "b", "dtype": "int64", "kind": "numeric", "missing": 0, "unique": 2}]}
== d.csv: 2 rows x 2 columns
`
)

// code returns the code of a call's execute_python arguments.
func code(t *testing.T, c responses.ResponseFunctionToolCall) string {
	t.Helper()
	var args struct{ Code string }
	if err := json.Unmarshal([]byte(c.Arguments), &args); err != nil {
		t.Fatalf("call %s: arguments %q: %v", c.CallID, c.Arguments, err)
	}
	return args.Code
}

// onlyCall sends input to the analyst and returns the one call it answers with.
func onlyCall(t *testing.T, client openai.Client, input responses.ResponseInputParam) responses.ResponseFunctionToolCall {
	t.Helper()
	resp, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, input))
	if err != nil {
		t.Fatal(err)
	}
	calls := functionCalls(resp)
	if len(calls) != 1 {
		t.Fatalf("got calls %+v (text %q), want one call", calls, resp.OutputText())
	}
	return calls[0]
}

// answered returns a copy of input followed by call c and its output.
func answered(input responses.ResponseInputParam, c responses.ResponseFunctionToolCall, output string) responses.ResponseInputParam {
	return append(slices.Clone(input), responses.ResponseInputItemParamOfFunctionCall(c.Arguments, c.CallID, c.Name), callOutput(c.CallID, output))
}

// untilAnalysis plays the inspection turn of analystQuestion with
// abProfileOutput and returns the conversation so far and the analysis call.
func untilAnalysis(t *testing.T, client openai.Client) (responses.ResponseInputParam, responses.ResponseFunctionToolCall) {
	t.Helper()
	input := responses.ResponseInputParam{userMessage(analystQuestion)}
	input = answered(input, onlyCall(t, client, input), abProfileOutput)
	return input, onlyCall(t, client, input)
}

// TestAnalystIsStateless checks that the analyst reads its turn from the
// conversation: the same request, sent twice, gets the same calls with the
// same ids, and the next turn follows from the outputs alone.
func TestAnalystIsStateless(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	input := responses.ResponseInputParam{userMessage(analystQuestion)}
	var first []responses.ResponseFunctionToolCall
	for range 2 {
		resp, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, input))
		if err != nil {
			t.Fatal(err)
		}
		calls := functionCalls(resp)
		if len(calls) != 1 || calls[0].CallID != "call_1_1" || calls[0].Name != "execute_python" {
			t.Fatalf("got calls %+v, want one execute_python call call_1_1", calls)
		}
		if first != nil && calls[0].Arguments != first[0].Arguments {
			t.Errorf("a retried request got different code:\n%s\nwant\n%s", calls[0].Arguments, first[0].Arguments)
		}
		first = calls
	}
	if c := code(t, first[0]); !strings.Contains(c, `"/home/user/d.csv"`) || !strings.Contains(c, "not a language model") {
		t.Errorf("got inspection code\n%s\nwant it to read /home/user/d.csv and say it is not a language model", c)
	}

	input = append(input, responses.ResponseInputItemParamOfFunctionCall(first[0].Arguments, first[0].CallID, first[0].Name),
		callOutput(first[0].CallID, abProfileOutput))
	resp, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, input))
	if err != nil {
		t.Fatal(err)
	}
	calls := functionCalls(resp)
	if len(calls) != 1 || calls[0].CallID != "call_2_1" {
		t.Fatalf("got calls %+v, want one call call_2_1", calls)
	}
	if c := code(t, calls[0]); !strings.Contains(c, `df["b"]`) || !strings.Contains(c, ".mean()") {
		t.Errorf("got analysis code\n%s\nwant the mean of column b", c)
	}
}

// TestAnalystAnswers feeds the analyst outputs as the worker renders them
// and checks what it answers: figures from the output only, what failed
// when the code failed, and an answer without tools when it must.
func TestAnalystAnswers(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	afterInspect, c2 := untilAnalysis(t, client)
	answer := func(t *testing.T, output string) string {
		t.Helper()
		resp, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, answered(afterInspect, c2, output)))
		if err != nil {
			t.Fatal(err)
		}
		if calls := functionCalls(resp); len(calls) != 0 {
			t.Fatalf("got calls %+v, want an answer", calls)
		}
		return resp.OutputText()
	}

	tests := []struct {
		name, output string
		want         []string
	}{
		{"figures", "[stdout]\nmean of b: 3.0\n" + `ANALYST_RESULT {"task": 1, "type": "scalar", "rows": 2, "where": [], "agg": "mean", "column": "b", "value": 3.0, "count": 2}` + "\n",
			[]string{"The average of b is 3 (over 2 values).", "not a language model"}},
		// Figures come from the output, never from the question.
		{"other figures", "[stdout]\n" + `ANALYST_RESULT {"task": 1, "type": "scalar", "rows": 5, "where": [], "agg": "mean", "column": "b", "value": 7.25, "count": 4}` + "\n",
			[]string{"The average of b is 7.25 (over 4 values)."}},
		{"task failed", "[stdout]\n" + `ANALYST_RESULT {"task": 1, "type": "error", "error": "KeyError: 'b'"}` + "\n",
			[]string{"Computation 1 failed: KeyError: 'b'."}},
		{"cell failed", "[error]\nTraceback (most recent call last):\n  File \"<cell>\", line 60, in <module>\nFileNotFoundError: [Errno 2] No such file or directory: '/home/user/d.csv'\n",
			[]string{"The analysis code failed, so I have no figures for it: FileNotFoundError: [Errno 2] No such file or directory: '/home/user/d.csv'"}},
		{"no result lines", "[stdout]\nsomething else\n", []string{"printed 0 of the 1 results I expected"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := answer(t, tc.output)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("got answer %q, want it to contain %q", got, w)
				}
			}
		})
	}

	t.Run("no steps left", func(t *testing.T) {
		p := params(scriptedmodel.AnalystModel, append(afterInspect, userMessage("You have no steps left: answer now from what you have found, without calling a tool.")))
		p.ToolChoice = responses.ResponseNewParamsToolChoiceUnion{OfToolChoiceMode: openai.Opt(responses.ToolChoiceOptionsNone)}
		resp, err := client.Responses.New(t.Context(), p)
		if err != nil {
			t.Fatal(err)
		}
		if calls := functionCalls(resp); len(calls) != 0 {
			t.Fatalf("got calls %+v with tool_choice none, want an answer", calls)
		}
		if got, want := resp.OutputText(), "I had no step left to compute an answer. What I know of d.csv: 2 rows"; !strings.Contains(got, want) {
			t.Errorf("got answer %q, want it to contain %q", got, want)
		}
	})

	t.Run("missing output", func(t *testing.T) {
		in := append(slices.Clone(afterInspect), responses.ResponseInputItemParamOfFunctionCall(c2.Arguments, c2.CallID, c2.Name))
		_, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, in))
		if e := apiError(t, err); e.StatusCode != 400 || !strings.Contains(e.Message, "No tool output found for function call call_2_1") {
			t.Errorf("got error %d %q, want 400 naming call_2_1", e.StatusCode, e.Message)
		}
	})
}

// TestAnalystReportsFailingCode runs the analysis code in real Python on a
// file that lacks the column the inspection saw; the answer says what failed.
func TestAnalystReportsFailingCode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Python")
	}
	_, _, client := setup(t, scriptedmodel.Config{})
	k := startKernel(t)
	if err := os.WriteFile(filepath.Join(k.home, "d.csv"), []byte("a,c\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The inspection as it was before the file changed.
	input, c2 := untilAnalysis(t, client)
	out, err := k.run(code(t, c2))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, answered(input, c2, out)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := resp.OutputText(), "Computation 1 failed: KeyError: 'b'"; !strings.Contains(got, want) {
		t.Errorf("got answer %q, want it to contain %q", got, want)
	}
}

// TestAnalystFollowUp checks that a later question in the same conversation
// is analysed from the earlier inspection, with fresh call ids.
func TestAnalystFollowUp(t *testing.T) {
	_, _, client := setup(t, scriptedmodel.Config{})
	input, c2 := untilAnalysis(t, client)
	input = append(answered(input, c2, `ANALYST_RESULT {"task": 1, "type": "scalar", "rows": 2, "where": [], "agg": "mean", "column": "b", "value": 3.0, "count": 2}`),
		responses.ResponseInputItemParamOfOutputMessage([]responses.ResponseOutputMessageContentUnionParam{{
			OfOutputText: &responses.ResponseOutputTextParam{Text: "The average of b is 3."}}}, "msg_1", responses.ResponseOutputMessageStatusCompleted),
		userMessage("And what is the total of column a?"))
	resp, err := client.Responses.New(t.Context(), params(scriptedmodel.AnalystModel, input))
	if err != nil {
		t.Fatal(err)
	}
	calls := functionCalls(resp)
	if len(calls) != 1 || calls[0].CallID != "call_3_1" {
		t.Fatalf("got calls %+v, want one call call_3_1", calls)
	}
	if c := code(t, calls[0]); !strings.Contains(c, `df["a"]`) || !strings.Contains(c, ".sum()") {
		t.Errorf("got follow-up code\n%s\nwant the total of column a", c)
	}
}

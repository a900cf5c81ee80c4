package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/api"
)

const conversationQueue = "starter-test-conversation"

// fakeConversation stands in for a conversation: each ask answers with its
// question and datasets, "reject me" is refused by the validator, and end
// returns a result that counts the turns.
func fakeConversation(ctx workflow.Context, in api.AnalysisInput) (*api.AnalysisResult, error) {
	turns, ended := 0, false
	p := api.Progress{Status: "waiting", MaxSteps: 10, MaxTurns: 50, Phase: "waiting for a question"}
	if err := workflow.SetQueryHandler(ctx, api.ProgressQuery, func() (api.Progress, error) { return p, nil }); err != nil {
		return nil, err
	}
	err := workflow.SetUpdateHandlerWithOptions(ctx, api.AskUpdate, func(ctx workflow.Context, q api.AskInput) (*api.TurnResult, error) {
		turns++
		p.Turn, p.Status, p.Phase = turns, "running", "model"
		if err := workflow.Sleep(ctx, 1500*time.Millisecond); err != nil {
			return nil, err
		}
		p.Status, p.Phase = "waiting", "waiting for a question"
		var got []string
		for _, d := range q.Datasets {
			got = append(got, d.Name+"="+d.S3Key)
		}
		return &api.TurnResult{Turn: turns, Status: api.StatusAnswered, StepsUsed: 2, CodeRuns: 1,
			Answer: fmt.Sprintf("turn %d: %s; datasets: %s", turns, q.Question, strings.Join(got, ", "))}, nil
	}, workflow.UpdateHandlerOptions{Validator: func(q api.AskInput) error {
		if q.Question == "reject me" {
			return fmt.Errorf("invalid ask: question: %q is refused", q.Question)
		}
		return nil
	}})
	if err != nil {
		return nil, err
	}
	if err := workflow.SetUpdateHandler(ctx, api.EndUpdate, func(workflow.Context) error { ended = true; return nil }); err != nil {
		return nil, err
	}
	if err := workflow.Await(ctx, func() bool { return ended }); err != nil {
		return nil, err
	}
	return &api.AnalysisResult{SchemaVersion: 1, Status: api.StatusAnswered, Answer: "last answer",
		Conversation: &api.ConversationSummary{Turns: turns, EndedBy: api.EndedByEnd, Runs: 1}}, nil
}

func TestAskAndEndAgainstRealServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	st := startStack(t)
	const id = "conversation-test-1"
	if _, err := st.client.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{ID: id, TaskQueue: conversationQueue},
		api.AnalysisWorkflowName, api.AnalysisInput{Conversation: &api.Conversation{}}); err != nil {
		t.Fatal(err)
	}
	key := prefix + "/inputs/" + id + "/sales.csv"

	out, errOut, err := runCLI(t, "ask", id, "And by product?", "--file", salesCSV)
	if err != nil {
		t.Fatalf("ask: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	if want := "turn 1: And by product?; datasets: sales.csv=" + key; !strings.Contains(out, "\n"+want+"\n") {
		t.Errorf("stdout lacks the answer %q:\n%s", want, out)
	}
	if !strings.Contains(out, "analysis "+id+" turn 1: answered after 2 steps, 1 code run") {
		t.Errorf("stdout lacks the turn's summary line:\n%s", out)
	}
	for _, want := range []string{"uploaded " + salesCSV + " to s3://", "turn 1/50 · step 0/10 · running"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q (upload and live progress):\n%s", want, errOut)
		}
	}

	_, _, err = runCLI(t, "ask", id, "reject me")
	if err == nil || !strings.Contains(err.Error(), `invalid ask: question: "reject me" is refused`) {
		t.Errorf("rejected ask: got error %v, want the validator's message", err)
	}

	out, errOut, err = runCLI(t, "end", id)
	if err != nil {
		t.Fatalf("end: %v\n%s", err, errOut)
	}
	if !strings.Contains(out, "\nlast answer\n") {
		t.Errorf("end printed no result:\n%s", out)
	}
}

// analyze --conversation starts a conversation whose first turn is the
// question (update-with-start) and prints that turn; ask and end go on.
func TestAnalyzeConversationAgainstRealServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	st := startStack(t)
	t.Setenv("TASK_QUEUE", conversationQueue)
	const id = "conversation-test-analyze"
	out, errOut, err := runCLI(t, "analyze", "--conversation", "--idle-timeout", "10m", "--max-turns", "3",
		"--question", "Total sales?", "--file", salesCSV, "--id", id, "--wait")
	if err != nil {
		t.Fatalf("analyze --conversation: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"started analysis " + id + " (run ",
		"analysis " + id + " turn 1: answered after 2 steps, 1 code run",
		"\nturn 1: Total sales?; datasets: \n",
		"ask more:  starter ask " + id + ` "..."` + "\n",
		"end it:    starter end " + id + "\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	// The workflow's input is the conversation with the uploaded dataset and
	// no question: the question was its first ask.
	it := st.client.GetWorkflowHistory(context.Background(), id, "", false, 0)
	ev, err := it.Next()
	if err != nil {
		t.Fatal(err)
	}
	var in api.AnalysisInput
	if err := converter.GetDefaultDataConverter().FromPayloads(ev.GetWorkflowExecutionStartedEventAttributes().GetInput(), &in); err != nil {
		t.Fatal(err)
	}
	if in.Question != "" || in.Conversation == nil || in.Conversation.IdleTimeout != "10m" || in.Conversation.MaxTurns != 3 ||
		len(in.Datasets) != 1 || in.Datasets[0].S3Key != prefix+"/inputs/"+id+"/sales.csv" {
		t.Errorf("workflow input = %+v (conversation %+v), want no question, the conversation settings and the uploaded dataset", in, in.Conversation)
	}

	out, errOut, err = runCLI(t, "ask", id, "And doubled?")
	if err != nil || !strings.Contains(out, "\nturn 2: And doubled?; datasets: \n") {
		t.Errorf("ask after analyze --conversation = %v, printed:\n%s\n%s", err, out, errOut)
	}
	if out, errOut, err = runCLI(t, "end", id); err != nil || !strings.Contains(out, "\nlast answer\n") {
		t.Errorf("end = %v, printed:\n%s\n%s", err, out, errOut)
	}

	// Without --wait it says how to go on; --json --wait prints the turn.
	out, _, err = runCLI(t, "analyze", "--conversation", "--question", "Quick?", "--id", id+"-2")
	if err != nil || !strings.Contains(out, "ask more:  starter ask "+id+"-2") {
		t.Errorf("analyze --conversation without --wait = %v, printed:\n%s", err, out)
	}
	out, _, err = runCLI(t, "analyze", "--conversation", "--question", "As JSON?", "--id", id+"-3", "--wait", "--json")
	var tr api.TurnResult
	if err != nil || json.Unmarshal([]byte(out), &tr) != nil || tr.Turn != 1 || tr.Answer != "turn 1: As JSON?; datasets: " {
		t.Errorf("analyze --conversation --wait --json = %v, printed:\n%s", err, out)
	}
	for _, wid := range []string{id + "-2", id + "-3"} {
		_, _, _ = runCLI(t, "end", wid)
	}
}

func TestConversationFlagsNeedConversation(t *testing.T) {
	for _, args := range [][]string{{"--idle-timeout", "5m"}, {"--max-turns", "3"}} {
		_, err := parseAnalyzeFlags(append([]string{"--question", "q"}, args...), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "--idle-timeout and --max-turns need --conversation") {
			t.Errorf("%v: got %v", args, err)
		}
	}
	o, err := parseAnalyzeFlags([]string{"--question", "q", "--conversation", "--max-turns", "0"}, io.Discard)
	if err != nil || !o.conversation {
		t.Fatalf("--conversation: %+v, %v", o, err)
	}
	in, _, err := buildInput(analyzeOptions{question: "q", conversation: true, idleTimeout: "soon"}, "id", "p")
	if err == nil || !strings.Contains(err.Error(), "conversation.idle_timeout") {
		t.Errorf("bad --idle-timeout: input %+v, error %v", in, err)
	}
}

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
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

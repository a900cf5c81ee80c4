package api_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
)

// Another service starts an analysis with package api and a Temporal
// client, nothing else of durable-analyst. It needs a running worker:
// TestExample runs the same code against one.
func Example() {
	c, err := client.Dial(client.Options{HostPort: client.DefaultHostPort, Namespace: "default"})
	if err != nil {
		log.Fatalln("dial temporal:", err)
	}
	defer c.Close()
	csv := "month,region,product,units,revenue\n2026-01,West,widget,3,300\n2026-01,East,widget,1,100\n"
	res, err := analyse(context.Background(), c, api.TaskQueue, "sales-2026-01", csv)
	if err != nil {
		log.Fatalln(err)
	}
	fmt.Println(res.Status, res.Answer)
	for _, ch := range res.Charts {
		fmt.Println("chart:", ch.URL)
	}
}

// analyse starts an analysis under a workflow id the caller chooses (a
// retried start joins the running analysis instead of starting a second)
// and waits for its result. A rejected input fails at once, with the type
// api.ErrTypeInvalidInput and a message that names every bad field.
func analyse(ctx context.Context, c client.Client, taskQueue, id, csv string) (api.AnalysisResult, error) {
	in := api.AnalysisInput{
		Question: "Which region had the highest revenue, and how did monthly revenue trend?",
		Datasets: []api.Dataset{{Name: "sales.csv", Content: csv}},
		MaxSteps: 5,
	}
	return run(ctx, c, taskQueue, id, in)
}

func run(ctx context.Context, c client.Client, taskQueue, id string, in api.AnalysisInput) (api.AnalysisResult, error) {
	wr, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: id, TaskQueue: taskQueue,
		WorkflowIDConflictPolicy: enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
	}, api.AnalysisWorkflowName, in)
	if err != nil {
		return api.AnalysisResult{}, fmt.Errorf("start analysis %s: %w", id, err)
	}
	var res api.AnalysisResult
	if err := wr.Get(ctx, &res); err != nil {
		var appErr *temporal.ApplicationError
		if errors.As(err, &appErr) && appErr.Type() == api.ErrTypeInvalidInput {
			return res, fmt.Errorf("analysis %s refused its input: %w", id, appErr)
		}
		return res, fmt.Errorf("analysis %s: %w", id, err)
	}
	return res, nil
}

// progress asks a running (or finished) analysis how far it is.
func progress(ctx context.Context, c client.Client, id string) (api.Progress, error) {
	v, err := c.QueryWorkflow(ctx, id, "", api.ProgressQuery)
	if err != nil {
		return api.Progress{}, fmt.Errorf("query %s: %w", id, err)
	}
	var p api.Progress
	return p, v.Get(&p)
}

// TestExample runs the example's code against a real worker. It runs when
// API_EXAMPLE_TEMPORAL_ADDRESS is set: internal/e2e's TestContractExample
// starts the stack and runs it as a process of its own, like another
// service.
func TestExample(t *testing.T) {
	addr := os.Getenv("API_EXAMPLE_TEMPORAL_ADDRESS")
	if addr == "" {
		t.Skip("API_EXAMPLE_TEMPORAL_ADDRESS is not set (internal/e2e TestContractExample sets it)")
	}
	c, err := client.Dial(client.Options{HostPort: addr, Namespace: os.Getenv("API_EXAMPLE_NAMESPACE")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	tq := os.Getenv("API_EXAMPLE_TASK_QUEUE")
	csv, err := os.ReadFile("../testdata/datasets/sales.csv")
	if err != nil {
		t.Fatal(err)
	}
	id := "contract-example-" + time.Now().Format("150405.000")

	res, err := analyse(ctx, c, tq, id, string(csv))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != api.StatusAnswered || !strings.Contains(res.Answer, "West") || len(res.Charts) != 1 {
		t.Errorf("got status %q, answer %q, %d charts; want answered, West, 1 chart", res.Status, res.Answer, len(res.Charts))
	}
	// The progress query answers on a closed analysis too.
	p, err := progress(ctx, c, id)
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != api.StatusAnswered || p.CodeRuns != res.CodeRuns {
		t.Errorf("got progress %+v; want answered with %d code runs", p, res.CodeRuns)
	}

	_, err = run(ctx, c, tq, id+"-bad", api.AnalysisInput{Question: " ", MaxSteps: 99})
	var appErr *temporal.ApplicationError
	if !errors.As(err, &appErr) || appErr.Type() != api.ErrTypeInvalidInput || appErr.NonRetryable() != true {
		t.Fatalf("got %v; want a non-retryable %s", err, api.ErrTypeInvalidInput)
	}
	for _, want := range []string{"question: must not be empty", "max_steps: 99, must be between 1 and 50"} {
		if !strings.Contains(appErr.Message(), want) {
			t.Errorf("got %q; want it to contain %q", appErr.Message(), want)
		}
	}
}

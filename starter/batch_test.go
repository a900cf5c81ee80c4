package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

func TestCheckItems(t *testing.T) {
	for _, tc := range []struct {
		name     string
		jsonl    string
		defaults api.BatchDefaults
		wantN    int
		wantErr  []string
	}{
		{name: "two items and blank lines", jsonl: "{\"question\": \"a\"}\n\n  \n{\"id\": \"x\", \"question\": \"b\", \"max_steps\": 3}\n", wantN: 2},
		{name: "no final newline", jsonl: `{"question": "a"}`, wantN: 1},
		{name: "empty", jsonl: "\n\n", wantErr: []string{"items.jsonl has no items"}},
		{name: "bad lines named by number", jsonl: "{\"question\": \"a\"}\nnope\n\n{\"question\": \"\"}\n{\"question\": \"q\", \"modle\": \"m\"}\n",
			wantErr: []string{"items.jsonl:2: not a JSON object", "items.jsonl:4: question: must not be empty", "items.jsonl:5: modle: unknown field"}},
		{name: "defaults are checked with the items", jsonl: `{"question": "a"}`, defaults: api.BatchDefaults{MaxSteps: 99},
			wantErr: []string{"defaults.max_steps: 99"}},
		{name: "many bad lines are cut", jsonl: strings.Repeat("[]\n", 9), wantErr: []string{"items.jsonl:5:", "… and 4 more bad lines"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n, err := checkItems(strings.NewReader(tc.jsonl), "items.jsonl", tc.defaults)
			if tc.wantErr == nil {
				if err != nil || n != tc.wantN {
					t.Fatalf("got %d, %v; want %d, nil", n, err, tc.wantN)
				}
				return
			}
			if err == nil {
				t.Fatalf("got %d items and no error, want an error with %q", n, tc.wantErr)
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestBatchFlags(t *testing.T) {
	var errOut strings.Builder
	if _, err := parseBatchFlags(nil, &errOut); err == nil || !strings.Contains(err.Error(), "--file is required") {
		t.Errorf("no --file: got %v, want --file is required", err)
	}
	o, err := parseBatchFlags([]string{"--file", "x.jsonl", "--concurrency", "3", "--wait"}, &errOut)
	if err != nil || o.file != "x.jsonl" || o.concurrency != 3 || !o.wait {
		t.Errorf("got %+v, %v", o, err)
	}
}

// startBatchWorker runs the real BatchAnalysisWorkflow and its activities,
// with fakeAnalysis for the items, on queue, points TASK_QUEUE at it and
// returns the bucket.
func startBatchWorker(t *testing.T, st *testStack, queue string) string {
	t.Helper()
	t.Setenv("TASK_QUEUE", queue)
	bucket := os.Getenv("S3_BUCKET")
	acts := &activities.Activities{S3: st.s3c, Presign: s3.NewPresignClient(st.s3c), Bucket: bucket, Prefix: prefix, ChartURLTTL: time.Hour}
	w := worker.New(st.client, queue, worker.Options{})
	w.RegisterWorkflowWithOptions(workflows.BatchAnalysisWorkflow, workflow.RegisterOptions{Name: api.BatchAnalysisWorkflowName})
	w.RegisterWorkflowWithOptions(fakeAnalysis, workflow.RegisterOptions{Name: api.AnalysisWorkflowName})
	workflows.RegisterActivities(w, acts)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Stop)
	return bucket
}

// TestBatchAgainstRealServers runs starter batch --wait against the real
// Temporal dev server and versitygw, with the real BatchAnalysisWorkflow
// and activities and fake analyses.
func TestBatchAgainstRealServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	st := startStack(t)
	bucket := startBatchWorker(t, st, "starter-test-batch")

	file := filepath.Join(t.TempDir(), "items.jsonl")
	items := "{\"id\": \"a\", \"question\": \"first\"}\n{\"question\": \"second\", \"max_steps\": 2}\n{\"id\": \"c\", \"question\": \"third\"}\n"
	if err := os.WriteFile(file, []byte(items), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, err := runCLI(t, "batch", "--file", file, "--concurrency", "2", "--id", "b-1", "--wait")
	if err != nil {
		t.Fatalf("starter batch: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"uploaded 3 items to s3://" + bucket + "/analyses/inputs/b-1/items.jsonl",
		"started batch b-1",
		"batch b-1: 3 items, 3 succeeded, 0 failed (1 run)",
		"report: s3://" + bucket + "/analyses/batches/b-1/report.json",
		"s3://" + bucket + "/analyses/batches/b-1/report.csv",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var rep batches.BatchReport
	if err := json.Unmarshal([]byte(httpGet(t, strings.TrimSpace(lines[len(lines)-1]))), &rep); err != nil {
		t.Fatalf("the report URL does not serve the report: %v", err)
	}
	if len(rep.Items) != 3 || rep.Items[0].ID != "a" || rep.Items[1].ID != "1" || !strings.Contains(rep.Items[1].Answer, "got: second") {
		t.Errorf("report items: got %+v", rep.Items)
	}

	// progress knows a batch from an analysis.
	out, _, err = runCLI(t, "progress", "b-1")
	if err != nil || !strings.Contains(out, "3/3 done · 3 succeeded · 0 failed · 0 running") {
		t.Errorf("progress of a batch: got %v:\n%s", err, out)
	}

	// The same --id again starts nothing.
	out, _, err = runCLI(t, "batch", "--file", file, "--id", "b-1")
	if err != nil || !strings.Contains(out, "batch b-1 already exists (completed); not starting it again") {
		t.Errorf("re-run: got %v:\n%s", err, out)
	}
	_, err = st.s3c.HeadObject(context.Background(), &s3.HeadObjectInput{Bucket: aws.String(bucket), Key: aws.String("analyses/batches/b-1/report.csv")})
	if err != nil {
		t.Errorf("CSV report: %v", err)
	}
}

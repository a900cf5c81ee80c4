package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"go.temporal.io/api/serviceerror"

	"github.com/durable-analyst/durable-analyst/api"
)

func TestScheduleFlagErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no id", []string{"--every", "1h", "analyze", "--question", "q"}, "--id is required"},
		{"id with a slash", []string{"--id", "a/b", "--every", "1h", "analyze", "--question", "q"}, `--id "a/b" must not contain`},
		{"no spec", []string{"--id", "s", "analyze", "--question", "q"}, "one of --every and --cron is required"},
		{"both specs", []string{"--id", "s", "--every", "1h", "--cron", "0 9 * * *", "analyze", "--question", "q"}, "--every and --cron exclude each other"},
		{"negative interval", []string{"--id", "s", "--every", "-1h", "analyze", "--question", "q"}, "--every -1h0m0s must be positive"},
		{"short cron", []string{"--id", "s", "--cron", "0 9", "analyze", "--question", "q"}, `--cron "0 9" needs five fields`},
		{"bad overlap", []string{"--id", "s", "--every", "1h", "--overlap", "allow-all", "analyze", "--question", "q"}, `--overlap "allow-all": want skip or buffer-one`},
		{"short catch-up window", []string{"--id", "s", "--every", "1h", "--catchup-window", "1s", "analyze", "--question", "q"}, "--catchup-window 1s is under"},
		{"no action", []string{"--id", "s", "--every", "1h"}, "say what to run"},
		{"unknown action", []string{"--id", "s", "--every", "1h", "chat"}, `unknown action "chat"`},
		{"action without question", []string{"--id", "s", "--every", "1h", "analyze"}, "--question is required"},
		{"action with --id", []string{"--id", "s", "--every", "1h", "analyze", "--question", "q", "--id", "x"}, "schedule create analyze: --id:"},
		{"action with --wait", []string{"--id", "s", "--every", "1h", "batch", "--file", "f", "--wait"}, "schedule create batch: --wait:"},
		{"batch with --report-key", []string{"--id", "s", "--every", "1h", "batch", "--file", "f", "--report-key", "r.json"}, "--report-key: every scheduled run"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr strings.Builder
			_, err := parseScheduleFlags(tt.args, &stderr)
			if err == nil {
				t.Fatalf("args %q: got no error, want one containing %q", tt.args, tt.wantErr)
			}
			if msg := err.Error() + "\n" + stderr.String(); !strings.Contains(msg, tt.wantErr) {
				t.Errorf("args %q: got error %q, want it to contain %q", tt.args, msg, tt.wantErr)
			}
		})
	}
}

func TestScheduleSpec(t *testing.T) {
	var stderr strings.Builder
	o, err := parseScheduleFlags([]string{"--id", "s", "--cron", "0 9 * * MON", "batch", "--file", "f", "--concurrency", "3"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if got := o.spec().CronExpressions; len(got) != 1 || got[0] != "0 9 * * MON" {
		t.Errorf("cron spec: got %q, want [0 9 * * MON]", got)
	}
	if o.kind != "batch" || o.batch.concurrency != 3 || o.overlap != "skip" || o.catchupWindow != defaultCatchupWindow {
		t.Errorf("options: got %+v, want batch, concurrency 3, skip and the default window", o)
	}
}

// waitFor polls cond until it holds or ctx ends; the deadline is only a
// guard against a hang, not an assertion on time.
func waitFor(t *testing.T, ctx context.Context, what string, cond func() (bool, error)) {
	t.Helper()
	for {
		ok, err := cond()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("gave up waiting: %s", what)
		case <-time.After(500 * time.Millisecond):
		}
	}
}

func TestScheduleAgainstRealServers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	st := startStack(t)
	bucket := startBatchWorker(t, st, "starter-test-schedule")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	sc := st.client.ScheduleClient()

	file := filepath.Join(t.TempDir(), "items.jsonl")
	if err := os.WriteFile(file, []byte("{\"id\": \"a\", \"question\": \"weekly\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// A batch every 5s runs twice, and each run writes its own report.
	out, errOut, err := runCLI(t, "schedule", "create", "--id", "weekly", "--every", "5s", "--catchup-window", "1m",
		"batch", "--file", file)
	if err != nil {
		t.Fatalf("schedule create: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	for _, want := range []string{
		"uploaded " + file + " to s3://" + bucket + "/analyses/inputs/weekly/items.jsonl\n",
		"created schedule weekly: batch every 5s, overlap skip, catch-up window 1m0s\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("create output lacks %q:\n%s", want, out)
		}
	}
	runs := map[string]string{} // workflow id -> report key, once completed
	h := sc.GetHandle(ctx, "weekly")
	waitFor(t, ctx, "two completed scheduled batches", func() (bool, error) {
		d, err := h.Describe(ctx)
		if err != nil {
			return false, err
		}
		for _, a := range d.Info.RecentActions {
			if a.StartWorkflowResult != nil {
				runs[a.StartWorkflowResult.WorkflowID] += ""
			}
		}
		done := 0
		for id, key := range runs {
			if key == "" {
				var res api.BatchResult
				if err := st.client.GetWorkflow(ctx, id, "").Get(ctx, &res); err != nil {
					return false, err
				}
				runs[id] = res.ReportKey
			}
			done++
		}
		return done >= 2, nil
	})
	keys := map[string]bool{}
	for id, key := range runs {
		if !strings.HasPrefix(id, "weekly-") {
			t.Errorf("scheduled run id %q, want weekly-<time>", id)
		}
		if keys[key] {
			t.Errorf("two runs share the report key %s: %v", key, runs)
		}
		keys[key] = true
		t.Logf("run %s wrote its report at %s", id, key)
		if !strings.HasPrefix(key, "analyses/batches/weekly-") {
			t.Errorf("report key of run %s: got %s, want analyses/batches/weekly-…", id, key)
		}
		if _, err := st.s3c.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)}); err != nil {
			t.Errorf("report of run %s at %s: %v", id, key, err)
		}
	}

	// list shows it.
	waitFor(t, ctx, "schedule list shows weekly", func() (bool, error) {
		out, _, err := runCLI(t, "schedule", "list")
		return strings.Contains(out, "weekly  "+api.BatchAnalysisWorkflowName), err
	})

	// delete stops it: the schedule is gone, so nothing can start a run.
	if out, _, err := runCLI(t, "schedule", "delete", "weekly"); err != nil || !strings.Contains(out, "deleted schedule weekly") {
		t.Fatalf("schedule delete: %v\n%s", err, out)
	}
	var nf *serviceerror.NotFound
	if _, err := h.Describe(ctx); !errors.As(err, &nf) {
		t.Errorf("describe after delete: got %v, want NotFound", err)
	}

	// trigger runs one now, on a paused hourly analysis schedule that would
	// not run by itself.
	out, errOut, err = runCLI(t, "schedule", "create", "--id", "hourly", "--every", "1h", "--paused",
		"analyze", "--question", "now please", "--file", salesCSV)
	if err != nil {
		t.Fatalf("schedule create: %v\n%s", err, errOut)
	}
	if out, _, err := runCLI(t, "schedule", "trigger", "hourly"); err != nil || !strings.Contains(out, "triggered schedule hourly") {
		t.Fatalf("schedule trigger: %v\n%s", err, out)
	}
	var triggered string
	waitFor(t, ctx, "the triggered run", func() (bool, error) {
		d, err := sc.GetHandle(ctx, "hourly").Describe(ctx)
		if err != nil || len(d.Info.RecentActions) == 0 {
			return false, err
		}
		triggered = d.Info.RecentActions[0].StartWorkflowResult.WorkflowID
		return true, nil
	})
	var res api.AnalysisResult
	if err := st.client.GetWorkflow(ctx, triggered, "").Get(ctx, &res); err != nil {
		t.Fatalf("triggered run %s: %v", triggered, err)
	}
	wantAnswer := "got: now please; datasets: sales.csv=analyses/inputs/hourly/sales.csv"
	if res.Answer != wantAnswer {
		t.Errorf("triggered run answered %q, want %q", res.Answer, wantAnswer)
	}

}

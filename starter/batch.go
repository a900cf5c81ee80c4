package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

const batchUsage = `Usage: starter batch --file items.jsonl [flags]

Starts a BatchAnalysisWorkflow over the items of a JSONL file, one analysis
per line:

  {"id": "north-q3", "question": "...", "datasets": [{"name": "sales.csv", "s3_key": "inputs/sales.csv"}]}

Each line takes the fields of an analysis input (question, datasets, model,
max_steps, system_prompt) and an optional id that names it in the report.
The file is checked here first, then uploaded to
s3://$S3_BUCKET/$S3_PREFIX/inputs/<workflow-id>/items.jsonl. The report goes
to $S3_PREFIX/batches/<workflow-id>/report.json and report.csv.

Re-running with the same --id does not start a second batch while one runs
or after one completed.

Examples:
  starter batch --file items.jsonl --concurrency 10 --wait
  starter batch --file items.jsonl --model gpt-4.1 --max-steps 8 --id q3-review
`

// batchOptions are the parsed flags of starter batch.
type batchOptions struct {
	file        string
	concurrency int
	itemsPerRun int
	model       string
	maxSteps    int
	reportKey   string
	id          string
	wait        bool
	json        bool
}

func parseBatchFlags(args []string, stderr io.Writer) (batchOptions, error) {
	var o batchOptions
	fs := newFlagSet("batch", batchUsage, stderr)
	fs.StringVar(&o.file, "file", "", "JSONL `file` of items, one analysis per line (required)")
	fs.IntVar(&o.concurrency, "concurrency", 0, fmt.Sprintf("analyses at once, 1..%d (0: %d)", api.MaxBatchConcurrency, api.DefaultBatchConcurrency))
	fs.IntVar(&o.itemsPerRun, "items-per-run", 0, fmt.Sprintf("items per workflow run before continue-as-new (0: %d)", api.DefaultItemsPerRun))
	fs.StringVar(&o.model, "model", "", "model for items that name none (default: the worker's)")
	fs.IntVar(&o.maxSteps, "max-steps", 0, "max_steps for items that set none")
	fs.StringVar(&o.reportKey, "report-key", "", "S3 `key` of the JSON report (default: $S3_PREFIX/batches/<id>/report.json)")
	fs.StringVar(&o.id, "id", "", "workflow `id` (default: batch-<timestamp>-<random>)")
	fs.BoolVar(&o.wait, "wait", false, "show the progress and print the totals and the report's location")
	fs.BoolVar(&o.json, "json", false, "print JSON (with --wait: the result; progress goes to stderr)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return o, err
	}
	if len(pos) > 0 {
		return o, fmt.Errorf("batch: unexpected argument %q (the items go in --file)", pos[0])
	}
	if o.file == "" {
		return o, errors.New("batch: --file is required")
	}
	return o, nil
}

// maxReportedLines is how many bad lines checkItems names.
const maxReportedLines = 5

// checkItems reads a JSONL file of batch items and checks each line as the
// worker will, after defaults. It returns the number of items, or an error
// naming the first bad lines by number.
func checkItems(r io.Reader, name string, d api.BatchDefaults) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	var errs []string
	n, lineNo := 0, 0
	for sc.Scan() {
		lineNo++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		n++
		// Validate the line as a one-item batch with the same defaults.
		var in api.BatchInput
		raw := fmt.Sprintf(`{"items": [%s]}`, line)
		if err := json.Unmarshal([]byte(raw), &in); err != nil || len(in.Items) != 1 {
			errs = append(errs, fmt.Sprintf("%s:%d: not a JSON object", name, lineNo))
			continue
		}
		in = api.BatchInput{Items: in.Items, Defaults: d}
		if err := validate.BatchInput(in); err != nil {
			msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "invalid input: "), "items[0]: ")
			errs = append(errs, fmt.Sprintf("%s:%d: %s", name, lineNo, msg))
		}
	}
	if err := sc.Err(); err != nil {
		return n, fmt.Errorf("read %s: %w", name, err)
	}
	if len(errs) > maxReportedLines {
		errs = append(errs[:maxReportedLines], fmt.Sprintf("… and %d more bad lines", len(errs)-maxReportedLines))
	}
	if len(errs) > 0 {
		return n, errors.New("bad items:\n  " + strings.Join(errs, "\n  "))
	}
	if n == 0 {
		return 0, fmt.Errorf("%s has no items", name)
	}
	return n, nil
}

// buildBatchInput turns the options into the workflow input, whose items
// file is uploaded under inputs/<id>/, and checks the items file as the
// worker will. It returns the input and the number of items.
func buildBatchInput(o batchOptions, id, prefix string) (api.BatchInput, int, error) {
	in := api.BatchInput{
		ItemsS3Key:  path.Join(prefix, "inputs", id, "items.jsonl"),
		Concurrency: o.concurrency, ItemsPerRun: o.itemsPerRun, ReportKey: o.reportKey,
		Defaults: api.BatchDefaults{Model: o.model, MaxSteps: o.maxSteps},
	}
	if err := validate.BatchInput(in); err != nil {
		return in, 0, err
	}
	f, err := os.Open(o.file)
	if err != nil {
		return in, 0, fmt.Errorf("--file: %w", err)
	}
	defer f.Close()
	n, err := checkItems(f, o.file, in.Defaults)
	return in, n, err
}

func runBatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseBatchFlags(args, stderr)
	if err != nil {
		return helpOK(err)
	}
	cfg, id, err := configAndID("batch", o.id)
	if err != nil {
		return err
	}
	in, n, err := buildBatchInput(o, id, cfg.S3Prefix)
	if err != nil {
		return err
	}
	s, err := newStore(ctx, cfg, "upload the batch items")
	if err != nil {
		return err
	}
	c, err := dialTemporal(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer c.Close()

	l := newLaunch("batch", id, o.id != "", o.json, o.wait, stdout, stderr)
	wait, err := l.run(ctx, c, cfg, fmt.Sprintf("watch it: .bin/temporal workflow query --workflow-id %s --type progress\n", id), func() (client.WorkflowRun, error) {
		if err := s.uploadFile(ctx, o.file, in.ItemsS3Key); err != nil {
			return nil, err
		}
		run, err := startWorkflow(ctx, c, cfg.TaskQueue, id, api.BatchAnalysisWorkflowName,
			fmt.Sprintf("batch of %d analyses from %s", n, path.Base(o.file)), in)
		if err == nil {
			l.say("uploaded %d items to s3://%s/%s\n", n, s.bucket, in.ItemsS3Key)
		}
		return run, err
	})
	if !wait || err != nil {
		return err
	}
	res, err := waitBatch(ctx, c, id, l.info)
	if err != nil {
		return err
	}
	if u, err := s.presignGet(ctx, res.ReportKey); err == nil {
		res.ReportURL = u // the stored one may have expired
	}
	if o.json {
		return writeJSON(stdout, res)
	}
	fmt.Fprintf(stdout, "batch %s: %d items, %d succeeded, %d failed (%s)\n", id, res.Total, res.Succeeded, res.Failed, plural(res.Runs, "run"))
	fmt.Fprintf(stdout, "report: s3://%s/%s\n        s3://%s/%s\n  %s\n", s.bucket, res.ReportKey, s.bucket, res.CSVKey, res.ReportURL)
	return nil
}

// waitBatch prints a progress line whenever the batch's progress changes
// and returns its result once it ends (following continue-as-new).
func waitBatch(ctx context.Context, c client.Client, id string, w io.Writer) (*api.BatchResult, error) {
	done := make(chan error, 1)
	var res api.BatchResult
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() { done <- c.GetWorkflow(gctx, id, "").Get(gctx, &res) }()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	last := ""
	for {
		select {
		case err := <-done:
			if err != nil {
				if ctx.Err() != nil {
					return nil, fmt.Errorf("stopped waiting; batch %s goes on", id)
				}
				return nil, fmt.Errorf("batch %s failed: %s", id, failureMessage(err))
			}
			return &res, nil
		case <-ctx.Done():
			return nil, fmt.Errorf("stopped waiting; batch %s goes on", id)
		case <-tick.C:
		}
		p, err := queryProgress[api.BatchProgress](gctx, c, id, id)
		if err != nil {
			continue // before the first workflow task, or between runs
		}
		if line := batchProgressLine(p); line != last {
			fmt.Fprintln(w, line)
			last = line
		}
	}
}

// batchProgressLine is one line such as
// "4/10 done · 3 succeeded · 1 failed · 2 running · run 1".
func batchProgressLine(p api.BatchProgress) string {
	return fmt.Sprintf("%d/%d done · %d succeeded · %d failed · %d running · run %d",
		p.Succeeded+p.Failed, p.Total, p.Succeeded, p.Failed, p.Running, p.Run)
}

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

const resultUsage = `Usage: starter result <workflow-id> [--json]

Prints the answer and the charts of a finished analysis, with fresh presigned
chart URLs (the stored ones may have expired), or its progress while it runs.
Exits 1 when the analysis failed.
`

const progressUsage = `Usage: starter progress <workflow-id>

Asks an analysis (or a batch) for its progress, once, and prints it. When
no worker answers within 5s (none runs, or the analysis has only just
started), it says so of a running analysis and exits 0.
`

// pollInterval is how often --wait asks for progress.
const pollInterval = time.Second

// queryTimeout bounds one progress query: with no worker polling, a query
// waits until the server gives up.
const queryTimeout = 5 * time.Second

// noWorkerHint is how long --wait goes without a progress answer before it
// says that perhaps no worker is running.
const noWorkerHint = 10 * time.Second

// parseIDArgs parses the flags of a subcommand whose one argument is a
// workflow id.
func parseIDArgs(fs *flag.FlagSet, args []string) (string, error) {
	pos, err := parseFlags(fs, args)
	if err != nil {
		return "", err
	}
	switch {
	case len(pos) == 0:
		return "", fmt.Errorf("%s: the workflow id is required (usage: starter %s <workflow-id>)", fs.Name(), fs.Name())
	case len(pos) > 1:
		return "", fmt.Errorf("%s: one workflow id expected, got %d arguments", fs.Name(), len(pos))
	}
	return pos[0], nil
}

// runningProgress is what starter result --json prints while the analysis runs.
type runningProgress struct {
	WorkflowID string        `json:"workflow_id"`
	Status     string        `json:"status"`
	Progress   *api.Progress `json:"progress,omitempty"`
}

func runResult(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd, err := openByID(ctx, "result", resultUsage, "print the result as JSON", args, stderr)
	if err != nil {
		return helpOK(err)
	}
	defer cmd.c.Close()
	c, id, cfg, asJSON := cmd.c, cmd.id, cmd.cfg, cmd.asJSON

	d, err := c.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return fmt.Errorf("look up analysis %s: %w", id, err)
	}
	if d.GetWorkflowExecutionInfo().GetStatus() == enums.WORKFLOW_EXECUTION_STATUS_RUNNING {
		p, qerr := analysisProgress(ctx, c, id)
		if asJSON {
			rp := runningProgress{WorkflowID: id, Status: "running"}
			if qerr == nil {
				rp.Progress = &p
			}
			return writeJSON(stdout, rp)
		}
		fmt.Fprintf(stdout, "analysis %s is still running\n", id)
		if qerr != nil {
			fmt.Fprintf(stdout, "progress: unknown (%v)\n", qerr)
		} else {
			fmt.Fprintf(stdout, "progress: %s\n", progressLine(p))
		}
		fmt.Fprintf(stdout, "ui: %s\n", cfg.uiLink(id))
		return nil
	}
	res, err := getResult(ctx, c.GetWorkflow(ctx, id, ""), id)
	if err != nil {
		return err
	}
	return printResult(ctx, cfg, id, res, asJSON, stdout, stderr)
}

func runProgress(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd, err := openByID(ctx, "progress", progressUsage, "", args, stderr)
	if err != nil {
		return helpOK(err)
	}
	defer cmd.c.Close()
	c, id := cmd.c, cmd.id
	desc, err := c.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return fmt.Errorf("describe %s: %w", id, err)
	}
	if desc.GetWorkflowExecutionInfo().GetType().GetName() == api.BatchAnalysisWorkflowName {
		bp, err := queryProgress[api.BatchProgress](ctx, c, id, "batch "+id)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, batchProgressLine(bp))
		return nil
	}
	p, err := analysisProgress(ctx, c, id)
	if err != nil && unanswered(err) && desc.GetWorkflowExecutionInfo().GetStatus() == enums.WORKFLOW_EXECUTION_STATUS_RUNNING {
		// A running analysis whose worker did not answer in time (none
		// polls, all are busy, or its first workflow task has not run
		// yet) has no progress to show; that is its state, not a failure.
		fmt.Fprintf(stdout, "analysis %s is running; no progress yet: no worker answered within %s (is a worker running?)\n", id, queryTimeout)
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, progressLine(p))
	return nil
}

// unanswered reports whether a query failed for want of an answer in time,
// rather than being refused: the deadline passed, or the workflow cannot
// take queries before its first workflow task.
func unanswered(err error) bool {
	var dl *serviceerror.DeadlineExceeded
	var nr *serviceerror.WorkflowNotReady
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &dl) || errors.As(err, &nr)
}

// analysisProgress asks an analysis for its progress. While the analysis
// waits in its pool's line, its own progress has the place the line gave
// it when it joined; the line's query has its place now, which replaces
// it (when the line cannot be asked, the analysis' own stays).
func analysisProgress(ctx context.Context, c client.Client, id string) (api.Progress, error) {
	p, err := queryProgress[api.Progress](ctx, c, id, id)
	if err != nil || p.SandboxLine == "" || p.SandboxAhead == nil {
		return p, err
	}
	qctx, cancel := context.WithTimeout(ctx, queryTimeout)
	defer cancel()
	var line struct {
		Queue []string `json:"queue"`
	}
	if v, err := c.QueryWorkflow(qctx, p.SandboxLine, "", api.SandboxLineQuery); err == nil && v.Get(&line) == nil {
		if i := slices.Index(line.Queue, id); i >= 0 {
			p.SandboxAhead, p.Phase = &i, fmt.Sprintf("%s (%d ahead)", api.PhaseWaitingForSandbox, i)
		}
	}
	return p, nil
}

// queryProgress asks a workflow for its progress: an api.Progress of
// an analysis, an api.BatchProgress of a batch. what names the
// workflow in errors.
func queryProgress[P any](ctx context.Context, c client.Client, id, what string) (P, error) {
	qctx, cancel := context.WithTimeout(ctx, queryTimeout)
	defer cancel()
	var p P
	v, err := c.QueryWorkflow(qctx, id, "", api.ProgressQuery)
	if err != nil {
		return p, fmt.Errorf("query the progress of %s: %w", what, err)
	}
	if err := v.Get(&p); err != nil {
		return p, fmt.Errorf("decode the progress of %s: %w", what, err)
	}
	return p, nil
}

// getResult waits for the run's result. A failed run becomes an error that
// leads with the failure's own message.
func getResult(ctx context.Context, run client.WorkflowRun, id string) (*api.AnalysisResult, error) {
	var res api.AnalysisResult
	if err := run.Get(ctx, &res); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("stopped waiting; analysis %s goes on (starter result %s)", id, id)
		}
		return nil, fmt.Errorf("analysis %s failed: %s", id, failureMessage(err))
	}
	return &res, nil
}

// failureMessage is the message of why a workflow failed and its error
// type, without the SDK's "workflow execution error (type..., runID...)"
// wrapper and the repeated text of the failure's causes.
func failureMessage(err error) string {
	var wee *temporal.WorkflowExecutionError
	if errors.As(err, &wee) && errors.Unwrap(wee) != nil {
		err = errors.Unwrap(wee)
	}
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) && appErr.Type() != "" {
		return fmt.Sprintf("%s (%s)", errtext.Message(err), appErr.Type())
	}
	return errtext.Message(err)
}

// waitResult follows the analysis: it prints a progress line to w whenever
// the progress changes, and returns the result once the analysis ends.
func waitResult(ctx context.Context, c client.Client, id string, w io.Writer) (*api.AnalysisResult, error) {
	type outcome struct {
		res *api.AnalysisResult
		err error
	}
	done := make(chan outcome, 1)
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		res, err := getResult(gctx, c.GetWorkflow(gctx, id, ""), id)
		done <- outcome{res, err}
	}()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	last, since, hinted := "", time.Now(), false
	for {
		select {
		case o := <-done:
			return o.res, o.err
		case <-ctx.Done():
			return nil, fmt.Errorf("stopped waiting; analysis %s goes on (starter result %s)", id, id)
		case <-tick.C:
		}
		p, err := analysisProgress(gctx, c, id)
		if err != nil {
			// Before the first workflow task, or with no worker, queries
			// fail; say so once, and keep waiting.
			if last == "" && !hinted && time.Since(since) > noWorkerHint {
				fmt.Fprintf(w, "no progress yet: is a worker running? (%v)\n", err)
				hinted = true
			}
			continue
		}
		if line := progressLine(p); line != last {
			fmt.Fprintln(w, line)
			last = line
		}
	}
}

// plural is "1 chart", "2 charts".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// progressLine is one line such as
// "step 2/10 · running · 1 code run · 0 charts · now: model".
func progressLine(p api.Progress) string {
	parts := []string{
		fmt.Sprintf("step %d/%d", p.Step, p.MaxSteps),
		p.Status,
		plural(p.CodeRuns, "code run"),
		plural(p.Charts, "chart"),
	}
	if p.Phase != "" {
		parts = append(parts, "now: "+p.Phase)
	}
	if p.Turn > 0 {
		parts = append([]string{fmt.Sprintf("turn %d/%d", p.Turn, p.MaxTurns)}, parts...)
	}
	return strings.Join(parts, " · ")
}

// printResult re-presigns the chart URLs and prints the result, as text or
// JSON. Without S3_BUCKET the stored URLs are kept, with a warning.
func printResult(ctx context.Context, cfg starterConfig, id string, res *api.AnalysisResult, asJSON bool, stdout, stderr io.Writer) error {
	bucket := ""
	if len(res.Charts) > 0 || len(res.Files) > 0 || res.Report != nil {
		s, err := newStore(ctx, cfg, "presign chart URLs")
		if err != nil {
			fmt.Fprintf(stderr, "warning: %v; showing the chart URLs stored with the result (they may have expired)\n", err)
		} else {
			bucket = s.bucket
			for i := range res.Charts {
				u, err := s.presignGet(ctx, res.Charts[i].Key)
				if err != nil {
					return err
				}
				res.Charts[i].URL = u
			}
			if err := presignOutputs(ctx, s, res); err != nil {
				return err
			}
		}
	}
	if asJSON {
		return writeJSON(stdout, res)
	}
	writeResult(stdout, id, res, bucket)
	return nil
}

// writeResult prints a result for people: a summary line, the answer, then
// each chart's location and URL. bucket may be "" (unknown).
func writeResult(w io.Writer, id string, res *api.AnalysisResult, bucket string) {
	fmt.Fprintf(w, "analysis %s: %s after %s, %s, %s, %d tokens\n", id, res.Status,
		plural(res.StepsUsed, "step"), plural(res.CodeRuns, "code run"), plural(len(res.Charts), "chart"), res.Usage.TotalTokens)
	if res.Status == api.StatusMaxSteps {
		fmt.Fprintln(w, "(the step limit ended the analysis before the model answered)")
	}
	answer := strings.TrimRight(res.Answer, "\n")
	if answer == "" {
		answer = "(no answer)"
	}
	fmt.Fprintf(w, "\n%s\n\n", answer)
	writeClaims(w, res)
	for _, ch := range res.Charts {
		if bucket != "" {
			fmt.Fprintf(w, "chart: s3://%s/%s\n", bucket, ch.Key)
		} else {
			fmt.Fprintf(w, "chart: %s\n", ch.Key)
		}
		if ch.URL != "" {
			fmt.Fprintf(w, "  %s\n", ch.URL)
		}
	}
	writeOutputs(w, res, bucket)
}

// writeClaims prints the answer check: how many figures were checked, and
// each unsupported one (nothing when the answer was not checked).
func writeClaims(w io.Writer, res *api.AnalysisResult) {
	if len(res.Claims) == 0 {
		return
	}
	fmt.Fprintf(w, "figures: %d checked against the cells' outputs, %d unsupported\n", len(res.Claims), res.Unsupported)
	for _, c := range res.Claims {
		if c.Supported {
			continue
		}
		if c.Label != "" {
			fmt.Fprintf(w, "  unsupported: %q (a cell printed it, but not for %q)\n", c.Text, c.Label)
		} else {
			fmt.Fprintf(w, "  unsupported: %q (no cell printed it)\n", c.Text)
		}
	}
	fmt.Fprintln(w)
}

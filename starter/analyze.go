package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/internal/clip"
)

const analyzeUsage = `Usage: starter analyze --question "..." [flags]

Starts an analysis. Each --file is uploaded to
s3://$S3_BUCKET/$S3_PREFIX/inputs/<workflow-id>/<name> first. A dataset flag
(--file, --s3-key, --url, --sql) may be followed by --name to set the file
name the analysis sees; it defaults to the base name of the file, key or URL
path, and to <source>.csv for --sql "<source>:<query>", a read-only query
against one of the worker's SQL sources (SQL_SOURCE_<NAME> on the worker).

Re-running with the same --id does not start a second analysis: a running or
completed one is reused (only a failed, cancelled or terminated one is run
again).

With --conversation the analysis stays open for follow-up questions: the
question is its first turn (with --wait, that turn's answer is printed),
"starter ask <workflow-id> ..." asks the next ones and "starter end
<workflow-id>" ends it (so do --idle-timeout without a question, and
--max-turns).

Examples:
  starter analyze --question "Which region sells most?" --file sales.csv --wait
  starter analyze --question "Which region sells most?" --file sales.csv --follow
  starter analyze --conversation --question "Total sales?" --file sales.csv --wait
  starter analyze --question "..." --s3-key data/2024.csv --name sales.csv
  starter analyze --question "..." --url https://example.com/d.csv --name d.csv
  starter analyze --question "..." --sql "warehouse:select region, amount from orders" --name orders.csv
`

// analyzeOptions are the parsed flags of starter analyze.
type analyzeOptions struct {
	question         string
	datasets         []datasetSpec
	model            string
	maxSteps         int
	systemPromptFile string
	verify           string
	id               string
	wait             bool
	// follow prints the analysis' events as they happen (starter follow),
	// then its result.
	follow bool
	json   bool
	// conversation keeps the analysis open for follow-ups (the input's
	// "conversation"); idleTimeout and maxTurns set it.
	conversation bool
	idleTimeout  string
	maxTurns     int
}

// datasetSpec is one dataset flag: exactly one of file, s3Key, url and
// sql.
type datasetSpec struct {
	file  string // local path, uploaded before the start
	s3Key string
	url   string
	sql   *api.SQLQuery
	name  string // set by --name; defaults to the base name
}

// flag returns how the dataset was given, for messages.
func (d datasetSpec) flag() string {
	switch {
	case d.file != "":
		return "--file " + d.file
	case d.s3Key != "":
		return "--s3-key " + d.s3Key
	case d.sql != nil:
		return "--sql " + d.sql.Source + ":…"
	default:
		return "--url " + d.url
	}
}

// parseAnalyzeFlags parses the flags of starter analyze.
func parseAnalyzeFlags(args []string, stderr io.Writer) (analyzeOptions, error) {
	var o analyzeOptions
	fs := newFlagSet("analyze", analyzeUsage, stderr)
	fs.StringVar(&o.question, "question", "", "what to find out from the data (required)")
	addDatasetFlags(fs, &o.datasets)
	fs.StringVar(&o.model, "model", "", "model to use instead of the worker's default")
	fs.IntVar(&o.maxSteps, "max-steps", 0, fmt.Sprintf("most model calls, 1..%d (0: the worker's default, %d)", api.MaxMaxSteps, api.DefaultMaxSteps))
	fs.StringVar(&o.systemPromptFile, "system-prompt-file", "", "`file` whose text replaces the built-in instructions")
	fs.StringVar(&o.verify, "verify", "", "figures of the answer that no cell printed: correct (ask the model once more; the default), flag or off")
	fs.StringVar(&o.id, "id", "", "workflow `id` (default: analysis-<timestamp>-<random>)")
	fs.BoolVar(&o.wait, "wait", false, "watch the progress and print the result")
	fs.BoolVar(&o.follow, "follow", false, "print the analysis as it runs (its cells' code and output, charts, the answer), then its result")
	fs.BoolVar(&o.json, "json", false, "print JSON (with --wait: the result; progress goes to stderr)")
	fs.BoolVar(&o.conversation, "conversation", false, "keep the analysis open for follow-up questions (starter ask, starter end)")
	fs.StringVar(&o.idleTimeout, "idle-timeout", "", fmt.Sprintf("with --conversation: end it after this `duration` without a question (default %s)", api.DefaultIdleTimeout))
	fs.IntVar(&o.maxTurns, "max-turns", 0, fmt.Sprintf("with --conversation: most questions, the first included (default %d)", api.DefaultMaxTurns))
	pos, err := parseFlags(fs, args)
	if err != nil {
		return o, err
	}
	if o.follow && (o.conversation || o.json) {
		return o, errors.New("analyze: --follow goes without --conversation and --json (follow a conversation with starter follow <workflow-id>)")
	}
	if !o.conversation && (o.idleTimeout != "" || o.maxTurns != 0) {
		return o, errors.New("analyze: --idle-timeout and --max-turns need --conversation")
	}
	if len(pos) > 0 {
		return o, fmt.Errorf("analyze: unexpected argument %q (the question goes in --question)", pos[0])
	}
	if strings.TrimSpace(o.question) == "" {
		return o, errors.New("analyze: --question is required")
	}
	return o, nil
}

// addDatasetFlags adds --file, --s3-key, --url and --name to fs; each
// dataset flag appends to ds.
func addDatasetFlags(fs *flag.FlagSet, ds *[]datasetSpec) {
	addDataset := func(set func(*datasetSpec, string)) func(string) error {
		return func(v string) error {
			if v == "" {
				return errors.New("must not be empty")
			}
			var d datasetSpec
			set(&d, v)
			*ds = append(*ds, d)
			return nil
		}
	}
	fs.Func("file", "local `file` to upload to S3 and analyse (repeatable)", addDataset(func(d *datasetSpec, v string) { d.file = v }))
	fs.Func("s3-key", "object `key` in S3_BUCKET to analyse (repeatable)", addDataset(func(d *datasetSpec, v string) { d.s3Key = v }))
	fs.Func("url", "http(s) `URL` of a file to analyse (repeatable)", addDataset(func(d *datasetSpec, v string) { d.url = v }))
	fs.Func("sql", "`source:query`, a read-only query against the worker's SQL source, staged as CSV (repeatable)", func(v string) error {
		source, query, ok := strings.Cut(v, ":")
		if !ok || strings.TrimSpace(source) == "" || strings.TrimSpace(query) == "" {
			return errors.New(`want "<source>:<query>", e.g. "warehouse:select region, amount from orders"`)
		}
		*ds = append(*ds, datasetSpec{sql: &api.SQLQuery{Source: strings.TrimSpace(source), Query: strings.TrimSpace(query)}})
		return nil
	})
	fs.Func("name", "file `name` in the sandbox of the dataset given just before", func(v string) error {
		if len(*ds) == 0 {
			return errors.New("must follow --file, --s3-key, --url or --sql")
		}
		last := &(*ds)[len(*ds)-1]
		if last.name != "" {
			return fmt.Errorf("%s already has the name %q", last.flag(), last.name)
		}
		last.name = v
		return nil
	})
}

// upload is a local file to put in S3 before the start.
type upload struct {
	path, key string
}

// buildInput turns the options into the workflow input and the uploads it
// relies on, and validates the input as the worker will.
func buildInput(o analyzeOptions, workflowID, prefix string) (api.AnalysisInput, []upload, error) {
	in := api.AnalysisInput{
		SchemaVersion: api.SchemaVersion,
		Question:      o.question,
		Model:         o.model,
		MaxSteps:      o.maxSteps,
		Verify:        o.verify,
	}
	if o.systemPromptFile != "" {
		b, err := os.ReadFile(o.systemPromptFile)
		if err != nil {
			return in, nil, fmt.Errorf("--system-prompt-file: %w", err)
		}
		in.SystemPrompt = string(b)
	}
	ds, ups, err := buildDatasets(o.datasets, workflowID, prefix)
	if err != nil {
		return in, nil, err
	}
	in.Datasets = ds
	if o.conversation {
		in.Conversation = &api.Conversation{IdleTimeout: o.idleTimeout, MaxTurns: o.maxTurns}
	}
	if err := validate.AnalysisInput(in); err != nil {
		return in, nil, err
	}
	return in, ups, nil
}

// buildDatasets turns dataset flags into datasets, and local files into
// the uploads they rely on.
func buildDatasets(specs []datasetSpec, workflowID, prefix string) ([]api.Dataset, []upload, error) {
	var out []api.Dataset
	var ups []upload
	for _, d := range specs {
		ds := api.Dataset{Name: d.name, S3Key: d.s3Key, URL: d.url, SQL: d.sql}
		switch {
		case d.file != "":
			st, err := os.Stat(d.file)
			if err != nil {
				return nil, nil, fmt.Errorf("--file: %w", err)
			}
			if !st.Mode().IsRegular() {
				return nil, nil, fmt.Errorf("--file: %s is not a regular file", d.file)
			}
			if ds.Name == "" {
				ds.Name = filepath.Base(d.file)
			}
			ds.S3Key = inputKey(prefix, workflowID, ds.Name)
			ups = append(ups, upload{path: d.file, key: ds.S3Key})
		case d.s3Key != "" && ds.Name == "":
			ds.Name = path.Base(d.s3Key)
		case d.sql != nil && ds.Name == "":
			ds.Name = d.sql.Source + ".csv"
		case d.url != "" && ds.Name == "":
			if u, err := url.Parse(d.url); err == nil && path.Base(u.Path) != "/" && path.Base(u.Path) != "." {
				ds.Name = path.Base(u.Path)
			}
		}
		out = append(out, ds)
	}
	return out, ups, nil
}

// inputKey is where an uploaded dataset lives in the bucket.
func inputKey(prefix, workflowID, name string) string {
	return path.Join(prefix, "inputs", workflowID, name)
}

// newWorkflowID returns <kind>-<UTC timestamp>-<6 random hex digits>, as
// analysis-20250304-050607-a1b2c3.
func newWorkflowID(kind string, now time.Time) string {
	b := make([]byte, 3)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	return kind + "-" + now.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b)
}

// truncate collapses the white space of s and cuts it to at most n bytes
// on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	return clip.String(strings.Join(strings.Fields(s), " "), n, "…")
}

// startInfo is what starter analyze and starter batch print with --json
// and without --wait.
type startInfo struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	UIURL      string `json:"ui_url"`
	// Started is false when an analysis with this id already existed.
	Started bool `json:"started"`
}

func runAnalyze(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseAnalyzeFlags(args, stderr)
	if err != nil {
		return helpOK(err)
	}
	cfg, id, err := configAndID("analysis", o.id)
	if err != nil {
		return err
	}
	in, ups, err := buildInput(o, id, cfg.S3Prefix)
	if err != nil {
		return err
	}
	s, err := uploadStore(ctx, cfg, ups)
	if err != nil {
		return err
	}
	c, err := dialTemporal(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer c.Close()

	l := newLaunch("analysis", id, o.id != "", o.json, o.wait || o.follow, stdout, stderr)
	if in.Conversation != nil {
		return launchConversation(ctx, c, cfg, l, s, ups, in, stdout, stderr)
	}
	wait, err := l.run(ctx, c, cfg, fmt.Sprintf("watch it: starter progress %s\nresult:   starter result %s\n", id, id), func() (client.WorkflowRun, error) {
		if err := s.uploadAll(ctx, ups, l.out()); err != nil {
			return nil, err
		}
		return startAnalysis(ctx, c, cfg.TaskQueue, id, in)
	})
	if !wait || err != nil {
		return err
	}
	if o.follow {
		if err := follow(ctx, c, id, 0, false, stdout); err != nil {
			return err
		}
	}
	res, err := waitResult(ctx, c, id, l.info)
	if err != nil {
		return err
	}
	return printResult(ctx, cfg, id, res, o.json, stdout, stderr)
}

// launchConversation starts a conversation whose first turn is the
// question: one update-with-start (the input without the question, then
// the ask Update with it), so the first turn comes back as a TurnResult
// like every later one. With --wait it prints that turn as starter ask does.
func launchConversation(ctx context.Context, c client.Client, cfg starterConfig, l *launch, s *store, ups []upload, in api.AnalysisInput, stdout, stderr io.Writer) error {
	first := api.AskInput{Question: in.Question}
	in.Question = ""
	var h client.WorkflowUpdateHandle
	next := fmt.Sprintf("ask more:  starter ask %s \"...\"\nend it:    starter end %s\n", l.id, l.id)
	wait, err := l.run(ctx, c, cfg, next, func() (client.WorkflowRun, error) {
		if err := s.uploadAll(ctx, ups, l.out()); err != nil {
			return nil, err
		}
		var err error
		if h, err = startConversation(ctx, c, cfg.TaskQueue, l.id, in, first); err != nil {
			return nil, err
		}
		return c.GetWorkflow(ctx, l.id, h.RunID()), nil
	})
	if !wait || err != nil || h == nil { // h == nil: an existing run was reused
		if err == nil && wait && h == nil {
			fmt.Fprint(l.info, next)
		}
		return err
	}
	tr, err := watchTurn(ctx, c, l.id, func(context.Context) (client.WorkflowUpdateHandle, error) { return h, nil }, l.info)
	if err != nil {
		return err
	}
	if l.json {
		return writeJSON(stdout, tr)
	}
	if err := printTurn(ctx, cfg, l.id, tr, stdout, stderr); err != nil {
		return err
	}
	fmt.Fprint(stdout, next)
	return nil
}

// startConversation starts AnalysisWorkflow as id with in (a conversation
// without a question) and asks first as its first turn, returning once the
// ask is accepted. Like startWorkflow, a running conversation with this id
// is reused: the question is then asked of it.
func startConversation(ctx context.Context, c client.Client, taskQueue, id string, in api.AnalysisInput, first api.AskInput) (client.WorkflowUpdateHandle, error) {
	op := c.NewWithStartWorkflowOperation(client.StartWorkflowOptions{
		ID:                       id,
		TaskQueue:                taskQueue,
		WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
		StaticSummary:            truncate(first.Question, api.MaxStaticSummaryBytes),
	}, api.AnalysisWorkflowName, in)
	h, err := c.UpdateWithStartWorkflow(ctx, client.UpdateWithStartWorkflowOptions{
		StartWorkflowOperation: op,
		UpdateOptions: client.UpdateWorkflowOptions{
			UpdateName: api.AskUpdate, Args: []any{first}, WaitForStage: client.WorkflowUpdateStageAccepted,
		},
	})
	if err != nil {
		return nil, fmt.Errorf("start conversation %s on task queue %s: %s", id, taskQueue, failureMessage(err))
	}
	return h, nil
}

// launch is what starter analyze and starter batch share once the input
// is ready: reuse or start the run, and say so. Messages go to info:
// stdout, or stderr under --json --wait so they do not spoil the JSON, and
// nowhere under --json alone, which prints only the startInfo.
type launch struct {
	kind       string // "analysis" or "batch", for messages
	id         string
	reuse      bool // --id was given: look for a run to reuse
	json, wait bool
	stdout     io.Writer
	info       io.Writer
}

func newLaunch(kind, id string, reuse, asJSON, wait bool, stdout, stderr io.Writer) *launch {
	l := &launch{kind: kind, id: id, reuse: reuse, json: asJSON, wait: wait, stdout: stdout, info: stdout}
	if asJSON && wait {
		l.info = stderr
	}
	return l
}

// say prints a message about the start, except under --json alone.
func (l *launch) say(format string, args ...any) {
	fmt.Fprintf(l.out(), format, args...)
}

// out is where l's messages go: info, or nowhere under --json alone.
func (l *launch) out() io.Writer {
	if !l.json || l.wait {
		return l.info
	}
	return io.Discard
}

// run calls start (which uploads what the run needs, then starts it),
// unless --id names an existing run that a start would reuse: then it says
// so and starts nothing, as this is a re-run of the same command. Then it
// prints the startInfo under --json alone, or the UI link and, without
// --wait, watch (how to follow the run). It reports whether to wait for
// the result.
func (l *launch) run(ctx context.Context, c client.Client, cfg starterConfig, watch string, start func() (client.WorkflowRun, error)) (wait bool, err error) {
	st := startInfo{WorkflowID: l.id, UIURL: cfg.uiLink(l.id)}
	existing := ""
	if l.reuse {
		if existing, st.RunID, err = reusableRun(ctx, c, l.id); err != nil {
			return false, err
		}
	}
	if existing != "" {
		l.say("%s %s already exists (%s); not starting it again\n", l.kind, l.id, existing)
	} else {
		run, err := start()
		if err != nil {
			return false, err
		}
		st.RunID, st.Started = run.GetRunID(), true
		l.say("started %s %s (run %s)\n", l.kind, l.id, st.RunID)
	}
	if l.json && !l.wait {
		return false, writeJSON(l.stdout, st)
	}
	fmt.Fprintf(l.info, "ui: %s\n", st.UIURL)
	if !l.wait {
		fmt.Fprint(l.info, watch)
	}
	return l.wait, nil
}

// startAnalysis starts AnalysisWorkflow as id; see startWorkflow.
func startAnalysis(ctx context.Context, c client.Client, taskQueue, id string, in api.AnalysisInput) (client.WorkflowRun, error) {
	return startWorkflow(ctx, c, taskQueue, id, api.AnalysisWorkflowName, in.Question, in)
}

// startWorkflow starts the workflow name as id, with summary (truncated)
// as its StaticSummary. Starting an id again is idempotent: a running
// workflow is reused, and so is a completed one (the SDK returns its run);
// only a failed, cancelled, terminated or timed-out one is run again.
func startWorkflow(ctx context.Context, c client.Client, taskQueue, id, name, summary string, in any) (client.WorkflowRun, error) {
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:                       id,
		TaskQueue:                taskQueue,
		WorkflowIDConflictPolicy: enums.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING,
		WorkflowIDReusePolicy:    enums.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE_FAILED_ONLY,
		StaticSummary:            truncate(summary, api.MaxStaticSummaryBytes),
	}, name, in)
	if err != nil {
		return nil, fmt.Errorf("start %s %s on task queue %s: %w", name, id, taskQueue, err)
	}
	return run, nil
}

// reusableRun returns the status ("running", "completed") and run id of an
// existing analysis with this id that a start would reuse rather than run
// again, or "" when there is none.
func reusableRun(ctx context.Context, c client.Client, id string) (status, runID string, err error) {
	d, err := c.DescribeWorkflowExecution(ctx, id, "")
	var nf *serviceerror.NotFound
	if errors.As(err, &nf) {
		return "", "", nil
	}
	if err != nil {
		return "", "", fmt.Errorf("look up analysis %s: %w", id, err)
	}
	info := d.GetWorkflowExecutionInfo()
	switch s := info.GetStatus(); s {
	case enums.WORKFLOW_EXECUTION_STATUS_RUNNING, enums.WORKFLOW_EXECUTION_STATUS_COMPLETED,
		enums.WORKFLOW_EXECUTION_STATUS_CONTINUED_AS_NEW:
		return statusName(s), info.GetExecution().GetRunId(), nil
	}
	return "", "", nil
}

// statusName is a workflow status in lower case ("running", "completed").
func statusName(s enums.WorkflowExecutionStatus) string {
	return strings.ToLower(s.String())
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

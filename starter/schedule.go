package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	enums "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
)

const scheduleUsage = `Usage:
  starter schedule create --id ID (--every DURATION | --cron EXPR) [flags] analyze|batch [their flags]
  starter schedule list
  starter schedule trigger <schedule-id>
  starter schedule delete <schedule-id>

create makes a Temporal Schedule that starts an analysis (the flags of
starter analyze) or a batch (the flags of starter batch) at each time of its
spec. Local files (analyze --file, batch --file) are uploaded once, to
s3://$S3_BUCKET/$S3_PREFIX/inputs/<schedule-id>/, and every run reads them.
Each run's workflow id is <schedule-id>-<scheduled time, RFC 3339>, so each
run has its own report ($S3_PREFIX/<workflow-id>/report.html for an
analysis, $S3_PREFIX/batches/<workflow-id>/report.json for a batch).

Overlap (--overlap): skip (default) drops a run whose time comes while the
previous run still runs; buffer-one starts it once the previous one ends
(at most one waits). Catch-up (--catchup-window, default 1h): runs missed
while the Temporal server was down are started when it is back if they
are no older than this; older ones are dropped.

trigger starts one run now, under the schedule's overlap policy.

Examples:
  starter schedule create --id weekly-sales --cron "0 9 * * MON" batch --file items.jsonl --concurrency 5
  starter schedule create --id hourly-check --every 1h analyze --question "Any anomalies today?" --s3-key data/today.csv
  starter schedule trigger weekly-sales
`

// Defaults of starter schedule create.
const (
	defaultCatchupWindow = time.Hour
	// minCatchupWindow is the Temporal server's own lower bound.
	minCatchupWindow = 10 * time.Second
)

// overlapPolicies are the --overlap values: the two that suit analyses.
// ALLOW_ALL would run two of the same analysis at once for nothing, and
// the cancel/terminate policies would throw away a run's work.
var overlapPolicies = map[string]enums.ScheduleOverlapPolicy{
	"skip":       enums.SCHEDULE_OVERLAP_POLICY_SKIP,
	"buffer-one": enums.SCHEDULE_OVERLAP_POLICY_BUFFER_ONE,
}

// scheduleOptions are the parsed flags of starter schedule create.
type scheduleOptions struct {
	id            string
	every         time.Duration
	cron          string
	overlap       string
	catchupWindow time.Duration
	paused        bool
	kind          string // "analyze" or "batch"
	analyze       analyzeOptions
	batch         batchOptions
}

func runSchedule(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, scheduleUsage)
		return errReported
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "create":
		return runScheduleCreate(ctx, rest, stdout, stderr)
	case "list":
		return runScheduleList(ctx, rest, stdout, stderr)
	case "trigger", "delete":
		return runScheduleOne(ctx, sub, rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, scheduleUsage)
		return nil
	default:
		fmt.Fprintf(stderr, "starter schedule: unknown command %q\n\n%s", sub, scheduleUsage)
		return errReported
	}
}

// parseScheduleFlags parses the schedule's own flags, then the action
// (analyze or batch) with that command's parser. Flags that make no sense
// for a schedule (--id, --wait, --json of the action, batch --report-key)
// are errors naming the flag.
func parseScheduleFlags(args []string, stderr io.Writer) (scheduleOptions, error) {
	var o scheduleOptions
	fs := newFlagSet("schedule create", scheduleUsage, stderr)
	fs.StringVar(&o.id, "id", "", "schedule `id` (required); runs are <id>-<scheduled time>")
	fs.DurationVar(&o.every, "every", 0, "run every `duration` (e.g. 1h, 168h)")
	fs.StringVar(&o.cron, "cron", "", "run at the times of a cron `expression` (UTC), e.g. \"0 9 * * MON\"")
	fs.StringVar(&o.overlap, "overlap", "skip", "when a run is due while the last still runs: skip or buffer-one")
	fs.DurationVar(&o.catchupWindow, "catchup-window", defaultCatchupWindow, "start runs missed during an outage if no older than this")
	fs.BoolVar(&o.paused, "paused", false, "create the schedule paused")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, errReported
	}
	switch {
	case o.id == "":
		return o, errors.New("schedule create: --id is required")
	case strings.ContainsAny(o.id, " \t\n/"):
		return o, fmt.Errorf("schedule create: --id %q must not contain spaces or slashes", o.id)
	case o.every == 0 && o.cron == "":
		return o, errors.New("schedule create: one of --every and --cron is required")
	case o.every != 0 && o.cron != "":
		return o, errors.New("schedule create: --every and --cron exclude each other")
	case o.every < 0:
		return o, fmt.Errorf("schedule create: --every %s must be positive", o.every)
	case o.cron != "" && len(strings.Fields(o.cron)) < 5:
		return o, fmt.Errorf("schedule create: --cron %q needs five fields (minute hour day-of-month month day-of-week)", o.cron)
	case o.catchupWindow < minCatchupWindow:
		return o, fmt.Errorf("schedule create: --catchup-window %s is under the server's minimum of %s", o.catchupWindow, minCatchupWindow)
	}
	if _, ok := overlapPolicies[o.overlap]; !ok {
		return o, fmt.Errorf("schedule create: --overlap %q: want skip or buffer-one", o.overlap)
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return o, errors.New("schedule create: say what to run: analyze [flags] or batch [flags] after the schedule's flags")
	}
	o.kind = rest[0]
	var err error
	switch o.kind {
	case "analyze":
		o.analyze, err = parseAnalyzeFlags(rest[1:], stderr)
		if err == nil {
			err = actionFlagErr(o.analyze.id, o.analyze.wait, o.analyze.json)
		}
	case "batch":
		o.batch, err = parseBatchFlags(rest[1:], stderr)
		if err == nil {
			err = actionFlagErr(o.batch.id, o.batch.wait, o.batch.json)
		}
		if err == nil && o.batch.reportKey != "" {
			err = errors.New("--report-key: every scheduled run writes its own report under its workflow id; drop the flag")
		}
	default:
		return o, fmt.Errorf("schedule create: unknown action %q: want analyze or batch", o.kind)
	}
	if err != nil && !errors.Is(err, errReported) && !errors.Is(err, flag.ErrHelp) {
		err = fmt.Errorf("schedule create %s: %w", o.kind, err)
	}
	return o, err
}

// actionFlagErr rejects the flags of analyze and batch that a schedule
// sets itself or cannot honour.
func actionFlagErr(id string, wait, asJSON bool) error {
	switch {
	case id != "":
		return errors.New("--id: a scheduled run's id is <schedule-id>-<time>; set the schedule's --id before the action")
	case wait:
		return errors.New("--wait: a schedule runs later; follow a run with starter progress <workflow-id>")
	case asJSON:
		return errors.New("--json: not available for schedule create")
	}
	return nil
}

// spec is the Temporal schedule spec of the options.
func (o scheduleOptions) spec() client.ScheduleSpec {
	if o.cron != "" {
		return client.ScheduleSpec{CronExpressions: []string{o.cron}}
	}
	return client.ScheduleSpec{Intervals: []client.ScheduleIntervalSpec{{Every: o.every}}}
}

func runScheduleCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseScheduleFlags(args, stderr)
	if err != nil {
		return helpOK(err)
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	// What the action needs: its input, and the files to upload once.
	var (
		name, summary string
		input         any
		ups           []upload
	)
	switch o.kind {
	case "analyze":
		in, u, err := buildInput(o.analyze, o.id, cfg.S3Prefix)
		if err != nil {
			return err
		}
		name, summary, input, ups = api.AnalysisWorkflowName, in.Question, in, u
	case "batch":
		in, n, err := buildBatchInput(o.batch, o.id, cfg.S3Prefix)
		if err != nil {
			return err
		}
		name, input = api.BatchAnalysisWorkflowName, in
		summary = fmt.Sprintf("scheduled batch of %d analyses from %s", n, path.Base(o.batch.file))
		ups = []upload{{path: o.batch.file, key: in.ItemsS3Key}}
	}
	c, err := dialTemporal(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer c.Close()
	if len(ups) > 0 {
		s, err := newStore(ctx, cfg, "upload the scheduled run's files")
		if err != nil {
			return err
		}
		if err := s.uploadAll(ctx, ups, stdout); err != nil {
			return err
		}
	}
	_, err = c.ScheduleClient().Create(ctx, client.ScheduleOptions{
		ID:   o.id,
		Spec: o.spec(),
		Action: &client.ScheduleWorkflowAction{
			ID: o.id, Workflow: name, Args: []any{input}, TaskQueue: cfg.TaskQueue,
			StaticSummary: truncate(summary, api.MaxStaticSummaryBytes),
		},
		Overlap:       overlapPolicies[o.overlap],
		CatchupWindow: o.catchupWindow,
		Paused:        o.paused,
	})
	if err != nil {
		return fmt.Errorf("create schedule %s: %w", o.id, err)
	}
	fmt.Fprintf(stdout, "created schedule %s: %s %s, overlap %s, catch-up window %s\n", o.id, o.kind, specText(o), o.overlap, o.catchupWindow)
	fmt.Fprintf(stdout, "runs are %s-<time>; run one now: starter schedule trigger %s\n", o.id, o.id)
	return nil
}

// specText says when a schedule runs, for messages.
func specText(o scheduleOptions) string {
	if o.cron != "" {
		return "at cron " + o.cron
	}
	return "every " + o.every.String()
}

func runScheduleList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("schedule list: unexpected argument %q", args[0])
	}
	_, c, err := connect(ctx, stderr)
	if err != nil {
		return err
	}
	defer c.Close()
	it, err := c.ScheduleClient().List(ctx, client.ScheduleListOptions{})
	if err != nil {
		return fmt.Errorf("list schedules: %w", err)
	}
	for it.HasNext() {
		e, err := it.Next()
		if err != nil {
			return fmt.Errorf("list schedules: %w", err)
		}
		fmt.Fprintln(stdout, scheduleLine(e))
	}
	return nil
}

// scheduleLine is one line of starter schedule list, such as
// "weekly-sales  BatchAnalysisWorkflow  next 2026-11-30T09:00:00Z  last weekly-sales-2026-11-23T09:00:00Z".
func scheduleLine(e *client.ScheduleListEntry) string {
	parts := []string{e.ID, e.WorkflowType.Name}
	if e.Paused {
		parts = append(parts, "paused")
	}
	if len(e.NextActionTimes) > 0 {
		parts = append(parts, "next "+e.NextActionTimes[0].UTC().Format(time.RFC3339))
	}
	if n := len(e.RecentActions); n > 0 && e.RecentActions[n-1].StartWorkflowResult != nil {
		parts = append(parts, "last "+e.RecentActions[n-1].StartWorkflowResult.WorkflowID)
	}
	return strings.Join(parts, "  ")
}

// runScheduleOne runs trigger or delete on one schedule.
func runScheduleOne(ctx context.Context, sub string, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		return fmt.Errorf("schedule %s: want exactly one schedule id, got %q", sub, args)
	}
	id := args[0]
	_, c, err := connect(ctx, stderr)
	if err != nil {
		return err
	}
	defer c.Close()
	h := c.ScheduleClient().GetHandle(ctx, id)
	if sub == "delete" {
		if err := h.Delete(ctx); err != nil {
			return fmt.Errorf("delete schedule %s: %w", id, err)
		}
		fmt.Fprintf(stdout, "deleted schedule %s (runs already started go on)\n", id)
		return nil
	}
	if err := h.Trigger(ctx, client.ScheduleTriggerOptions{}); err != nil {
		return fmt.Errorf("trigger schedule %s: %w", id, err)
	}
	fmt.Fprintf(stdout, "triggered schedule %s: a run starts now unless its overlap policy skips it\n", id)
	return nil
}

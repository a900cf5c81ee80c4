// Command starter starts, watches and fetches durable-analyst analyses.
//
//	starter analyze --question "..." [--file data.csv]... [--wait] [--json]
//	starter batch --file items.jsonl [--concurrency N] [--id ID] [--wait]
//	starter schedule create|list|trigger|delete ...
//	starter result <workflow-id> [--json]
//	starter progress <workflow-id>
//	starter follow <workflow-id> [--from N] [--json]
//	starter ask <workflow-id> "question" [--file data.csv]... [--json]
//	starter end <workflow-id> [--json]
//
// It reads the same environment as the worker (TEMPORAL_ADDRESS,
// TEMPORAL_NAMESPACE, TASK_QUEUE, S3_BUCKET, S3_ENDPOINT, S3_REGION,
// S3_PREFIX, S3_PATH_STYLE, CHART_URL_TTL) plus TEMPORAL_UI_URL; AWS
// credentials come from the SDK's default chain.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, errReported) {
			fmt.Fprintln(os.Stderr, "starter:", err)
		}
		os.Exit(1)
	}
}

// errReported is returned when the message has already been printed (a
// flag error with its usage text): main only sets the exit code.
var errReported = errors.New("reported")

const topUsage = `starter starts, watches and fetches durable-analyst analyses.

Usage:
  starter analyze --question "..." [flags]   start an analysis (see starter analyze -h)
  starter batch --file items.jsonl [flags]   start a batch of analyses (see starter batch -h)
  starter schedule create|list|trigger|delete  run analyses or batches on a schedule (see starter schedule -h)
  starter result <workflow-id> [--json]      print the result of an analysis
  starter progress <workflow-id>             print the progress of an analysis
  starter follow <workflow-id>               print an analysis as it runs (see starter follow -h)
  starter ask <workflow-id> "question"       ask a conversation a follow-up (see starter ask -h)
  starter end <workflow-id>                  end a conversation and print its result

Environment:
  TEMPORAL_ADDRESS (localhost:7233), TEMPORAL_NAMESPACE (default),
  TASK_QUEUE (analysis), TEMPORAL_UI_URL (http://localhost:8233),
  S3_BUCKET (needed to upload --file and to presign chart URLs), S3_ENDPOINT,
  S3_REGION (us-east-1), S3_PREFIX (analyses), S3_PATH_STYLE (false),
  CHART_URL_TTL (24h); AWS credentials from the SDK's default chain.
`

// run is the whole command; main only maps its error to the exit code.
func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, topUsage)
		return errReported
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cmd, rest := args[0], args[1:]
	ctx, endTrace, err := startTracing(ctx, cmd, stderr) // exports only when OTEL_* ask for it
	if err != nil {
		return err
	}
	defer endTrace()
	switch cmd {
	case "analyze":
		return runAnalyze(ctx, rest, stdout, stderr)
	case "batch":
		return runBatch(ctx, rest, stdout, stderr)
	case "schedule":
		return runSchedule(ctx, rest, stdout, stderr)
	case "result":
		return runResult(ctx, rest, stdout, stderr)
	case "progress":
		return runProgress(ctx, rest, stdout, stderr)
	case "follow":
		return runFollow(ctx, rest, stdout, stderr)
	case "ask":
		return runAsk(ctx, rest, stdout, stderr)
	case "end":
		return runEnd(ctx, rest, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, topUsage)
		return nil
	default:
		fmt.Fprintf(stderr, "starter: unknown command %q\n\n%s", cmd, topUsage)
		return errReported
	}
}

// parseFlags parses args with fs, allowing flags after positional
// arguments (starter result ID --json), and returns the positionals.
// -h prints the usage and returns flag.ErrHelp.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, errReported // the flag package printed it with the usage
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// newFlagSet makes a FlagSet that prints its usage (the synopsis, then the
// flags) to stderr.
func newFlagSet(name, synopsis string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, synopsis)
		fmt.Fprintln(stderr, "\nFlags:")
		fs.PrintDefaults()
	}
	return fs
}

// helpOK turns flag.ErrHelp into success: asking for help is not an error.
func helpOK(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

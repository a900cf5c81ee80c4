package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
)

const askUsage = `Usage: starter ask <workflow-id> "question" [flags]

Asks a conversation (an analysis started with "conversation" in its input)
a follow-up question, shows its progress, and prints that turn's answer and
chart links. Each --file is uploaded to
s3://$S3_BUCKET/$S3_PREFIX/inputs/<workflow-id>/<name> and staged into the
sandbox before the turn; names must be new to the conversation. A question
asked while another turn runs waits for it.

Examples:
  starter ask analysis-20250304-050607-a1b2c3 "And by product?"
  starter ask analysis-20250304-050607-a1b2c3 "Compare with 2023" --file sales-2023.csv
`

const endUsage = `Usage: starter end <workflow-id> [--json]

Ends a conversation (the "end" Update), waits for the analysis to finish
(a turn under way finishes first), and prints its result.
`

func runAsk(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("ask", askUsage, stderr)
	var specs []datasetSpec
	addDatasetFlags(fs, &specs)
	asJSON := fs.Bool("json", false, "print the turn's result as JSON (progress goes to stderr)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return helpOK(err)
	}
	if len(pos) != 2 {
		return fmt.Errorf(`ask: want a workflow id and a question (usage: starter ask <workflow-id> "question"), got %d arguments`, len(pos))
	}
	id, q := pos[0], api.AskInput{Question: pos[1]}
	if strings.TrimSpace(q.Question) == "" {
		return errors.New("ask: the question is empty")
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	var ups []upload
	if q.Datasets, ups, err = buildDatasets(specs, id, cfg.S3Prefix); err != nil {
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
	if err := s.uploadAll(ctx, ups, stderr); err != nil {
		return err
	}
	tr, err := askTurn(ctx, c, id, q, stderr)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, tr)
	}
	return printTurn(ctx, cfg, id, tr, stdout, stderr)
}

// printTurn prints one turn's answer and chart links.
func printTurn(ctx context.Context, cfg starterConfig, id string, tr *api.TurnResult, stdout, stderr io.Writer) error {
	res := &api.AnalysisResult{Status: tr.Status, Answer: tr.Answer, Charts: tr.Charts,
		StepsUsed: tr.StepsUsed, CodeRuns: tr.CodeRuns, Usage: tr.Usage}
	return printResult(ctx, cfg, fmt.Sprintf("%s turn %d", id, tr.Turn), res, false, stdout, stderr)
}

// askTurn sends the ask Update and prints the turn's progress to w until
// it is answered. A rejected ask comes back as the validator's message.
func askTurn(ctx context.Context, c client.Client, id string, q api.AskInput, w io.Writer) (*api.TurnResult, error) {
	return watchTurn(ctx, c, id, func(uctx context.Context) (client.WorkflowUpdateHandle, error) {
		return c.UpdateWorkflow(uctx, client.UpdateWorkflowOptions{
			WorkflowID: id, UpdateName: api.AskUpdate, Args: []any{q}, WaitForStage: client.WorkflowUpdateStageCompleted,
		})
	}, w)
}

// watchTurn gets the ask Update's handle from send, prints the turn's
// progress to w until the Update completes, and returns the turn.
func watchTurn(ctx context.Context, c client.Client, id string, send func(context.Context) (client.WorkflowUpdateHandle, error), w io.Writer) (*api.TurnResult, error) {
	type outcome struct {
		tr  *api.TurnResult
		err error
	}
	done := make(chan outcome, 1)
	uctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		h, err := send(uctx)
		var tr api.TurnResult
		if err == nil {
			err = h.Get(uctx, &tr)
		}
		done <- outcome{&tr, err}
	}()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	last := ""
	for {
		select {
		case o := <-done:
			if o.err != nil {
				if ctx.Err() != nil {
					return nil, fmt.Errorf("stopped waiting; the question may still be answered (starter progress %s)", id)
				}
				return nil, fmt.Errorf("ask %s: %s", id, failureMessage(o.err))
			}
			return o.tr, nil
		case <-ctx.Done():
			return nil, fmt.Errorf("stopped waiting; the question may still be answered (starter progress %s)", id)
		case <-tick.C:
		}
		if p, err := analysisProgress(uctx, c, id); err == nil {
			if line := progressLine(p); line != last {
				fmt.Fprintln(w, line)
				last = line
			}
		}
	}
}

func runEnd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd, err := openByID(ctx, "end", endUsage, "print the result as JSON", args, stderr)
	if err != nil {
		return helpOK(err)
	}
	defer cmd.c.Close()
	c, id := cmd.c, cmd.id
	h, err := c.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: id, UpdateName: api.EndUpdate, WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	if err == nil {
		err = h.Get(ctx, nil)
	}
	if err != nil {
		return fmt.Errorf("end %s: %s", id, failureMessage(err))
	}
	res, err := getResult(ctx, c.GetWorkflow(ctx, id, ""), id)
	if err != nil {
		return err
	}
	return printResult(ctx, cmd.cfg, id, res, cmd.asJSON, stdout, stderr)
}

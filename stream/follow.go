package stream

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
)

// Event is an event as a follower reads it, with its offset in the
// stream (At; StreamEvent.Offset is an output's offset within its cell).
type Event struct {
	api.StreamEvent
	At int64
}

// FollowOptions say where to start and how long a poll waits.
type FollowOptions struct {
	// From is the offset to read from; 0 is the start.
	From int64
	// Wait bounds each poll (default 30 s).
	Wait time.Duration
}

// Follow reads the stream of the analysis workflowID and calls fn with
// each event in order, once, until the analysis ends (its EventEnded, or
// the workflow closed and every event was read) or fn returns an error. It
// long-polls the stream's Update while the workflow runs (across its
// continue-as-new runs) and reads the rest with the stream's Query once it
// has closed. A poll from an offset the stream dropped continues from the
// offset it now starts at, and fn sees the gap in the offsets.
func Follow(ctx context.Context, c client.Client, workflowID string, opts FollowOptions, fn func(Event) error) error {
	wait := opts.Wait
	if wait <= 0 {
		wait = 30 * time.Second
	}
	from := opts.From
	// A closed analysis is read with the Query from the start: an Update
	// cannot reach it.
	live, err := isRunning(ctx, c, workflowID)
	if err != nil {
		return err
	}
	notReady := 0 // polls in a row refused while a workflow task was failed
	for {
		in := api.StreamPollInput{FromOffset: from, WaitSeconds: int(wait / time.Second)}
		var res api.StreamPollResult
		var err error
		if live {
			res, err = poll(ctx, c, workflowID, in, wait)
			if closedOrClosing(err) {
				live = false
				continue
			}
			// The analysis' last workflow task failed (a completion that
			// met new signals, a worker that died mid-task) and the server
			// refuses Updates until its next one: ask again, but not
			// forever, since a task that fails every time needs a person.
			if notReadyErr := (*serviceerror.WorkflowNotReady)(nil); errors.As(err, &notReadyErr) {
				if notReady++; notReady > notReadyPolls {
					return fmt.Errorf("follow %s: %d polls in a row met a failed workflow task (see the workflow in the Temporal UI): %w", workflowID, notReady, err)
				}
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(min(time.Duration(notReady)*notReadyPause, 10*notReadyPause)):
				}
				continue
			}
			if err == nil {
				notReady = 0
			}
		} else {
			res, err = read(ctx, c, workflowID, in)
		}
		if base, ok := truncatedAt(err); ok {
			from = base
			continue
		}
		if err != nil {
			return err
		}
		for _, it := range res.Items {
			ev, err := Decode(it.Data)
			if err != nil {
				return fmt.Errorf("stream of %s, offset %d: %w", workflowID, it.Offset, err)
			}
			if err := fn(Event{StreamEvent: ev, At: it.Offset}); err != nil {
				return err
			}
			if ev.Kind == api.EventEnded {
				return nil
			}
		}
		caughtUp := res.NextOffset == from && !res.MoreReady
		from = res.NextOffset
		if !live && caughtUp {
			// Every event read: done if the workflow has closed; a run
			// that refused the poll while it continued as new has a
			// successor to poll.
			running, err := isRunning(ctx, c, workflowID)
			if err != nil || !running {
				return err
			}
			live = true
		}
	}
}

// notReadyPolls bounds the polls in a row that a failed workflow task
// refuses (about a minute of retries) before Follow gives up; the pause
// before each grows by notReadyPause to ten of them.
const notReadyPolls = 60

var notReadyPause = 100 * time.Millisecond

// isRunning says whether the workflow's latest run is still running.
func isRunning(ctx context.Context, c client.Client, id string) (bool, error) {
	d, err := c.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return false, fmt.Errorf("describe %s: %w", id, err)
	}
	return d.GetWorkflowExecutionInfo().GetStatus() == enums.WORKFLOW_EXECUTION_STATUS_RUNNING, nil
}

// poll long-polls the stream's Update once.
func poll(ctx context.Context, c client.Client, id string, in api.StreamPollInput, wait time.Duration) (api.StreamPollResult, error) {
	var res api.StreamPollResult
	pctx, cancel := context.WithTimeout(ctx, wait+30*time.Second)
	defer cancel()
	h, err := c.UpdateWorkflow(pctx, client.UpdateWorkflowOptions{
		WorkflowID: id, UpdateName: api.StreamPollUpdate, Args: []any{in},
		WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	if err == nil {
		err = h.Get(pctx, &res)
	}
	if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return api.StreamPollResult{NextOffset: in.FromOffset}, nil // an idle poll: ask again
	}
	return res, err
}

// read reads the stream with its Query, which also answers once the
// workflow has closed.
func read(ctx context.Context, c client.Client, id string, in api.StreamPollInput) (api.StreamPollResult, error) {
	var res api.StreamPollResult
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for tries := 1; ; tries++ {
		v, err := c.QueryWorkflow(ctx, id, "", api.StreamReadQuery, in)
		// A query goes to any poller of the task queue; one that does not
		// run this workflow type (a worker of another service on the same
		// queue, an older build) says so, and another may answer.
		if err != nil && tries < 10 && strings.Contains(err.Error(), "unable to find workflow type") && ctx.Err() == nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		if err != nil {
			return res, fmt.Errorf("read the stream of %s: %w", id, err)
		}
		return res, v.Get(&res)
	}
}

// closedOrClosing says whether a poll failed because the workflow has
// closed or is closing (it refuses new polls then): the rest is read with
// the Query.
func closedOrClosing(err error) bool {
	if err == nil {
		return false
	}
	var notFound *serviceerror.NotFound
	if errors.As(err, &notFound) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "workflow execution already completed") || strings.Contains(msg, StreamClosing)
}

// StreamClosing is the reason a closing workflow gives for refusing a
// poll.
const StreamClosing = "the analysis is closing its stream"

// truncatedAt reads the offset the stream now starts at from a
// TruncatedOffset failure.
func truncatedAt(err error) (int64, bool) {
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) && appErr.Type() == api.ErrTypeTruncatedOffset {
		var base int64
		if appErr.Details(&base) == nil {
			return base, true
		}
	}
	// A Query's failure arrives as its message only.
	if err != nil {
		if m := truncatedRE.FindStringSubmatch(err.Error()); m != nil {
			base, perr := strconv.ParseInt(m[1], 10, 64)
			return base, perr == nil
		}
	}
	return 0, false
}

// truncatedRE finds the offset a TruncatedError's message gives.
var truncatedRE = regexp.MustCompile(`no longer in the stream: it now starts at offset (\d+)`)

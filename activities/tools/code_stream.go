package tools

import (
	"context"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/stream"
)

// cellPublisher is the publisher of a cell's output to its workflow's
// event stream (RunCodeInput.Stream), or nil when the cell does not
// stream. Its batches go by Signal to the very run that scheduled the
// cell, never to a later one.
func (a *Activities) cellPublisher(ctx context.Context, in RunCodeInput) *stream.Publisher {
	if !in.Stream || a.d.Temporal == nil || !activity.IsActivity(ctx) {
		return nil
	}
	info := activity.GetInfo(ctx)
	wf := info.WorkflowExecution
	send := func(ctx context.Context, batch api.StreamPublishInput) error {
		return a.d.Temporal.SignalWorkflow(ctx, wf.ID, wf.RunID, api.StreamPublishSignal, batch)
	}
	return stream.NewPublisher(send, stream.CellPublisherID(in.RunID, in.Step, in.Cell, info.Attempt), in.Step, in.Cell, a.d.StreamCellBytes)
}

// finishStream sends what of the cell's output the stream does not hold
// yet and reports whether the stream holds only its start. A send that
// failed loses the stream nothing the cell's record does not keep, so it
// is logged, not failed.
func (a *Activities) finishStream(ctx context.Context, pub *stream.Publisher, rec journal.Record) bool {
	if pub == nil {
		return false
	}
	cut, err := pub.Finish(ctx, rec.Stdout, rec.Stderr)
	if err != nil {
		a.d.Log().Warn("the event stream missed some of a cell's output; its record has it all",
			"step", rec.Step, "cell", rec.Cell, "error", err)
	}
	return cut
}

package workflows

import (
	"encoding/json"
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
	"github.com/durable-analyst/durable-analyst/stream"
)

// Poll waits: a subscriber's poll waits at most pollWait for an event
// unless it asks for less (or more, up to maxPollWait).
const (
	pollWait    = 30 * time.Second
	maxPollWait = 60 * time.Second
	// maxEventCode bounds the code an event shows of a cell.
	maxEventCode = 16 << 10
)

// events is an analysis' event stream (ChangeEventStream): the workflow's
// own events, appended as it goes, and the output of running cells, which
// RunCode publishes by Signal. Subscribers long-poll the stream's Update
// from an offset and read a closed analysis with its Query. A nil *events
// (a run begun before the change) does nothing.
type events struct {
	log     *stream.Log
	publish workflow.ReceiveChannel
	// closing: the run is ending or handing over to the next one; polls
	// are answered at once and new ones refused, so no poll holds the
	// run open.
	closing bool
}

// newEvents registers the stream's handlers; it must run before the
// workflow's first blocking call so that no publish or poll finds none.
// prior is the stream the run it continues carried.
func newEvents(ctx workflow.Context, prior *api.StreamState, limits stream.Limits) (*events, error) {
	if workflow.GetVersion(ctx, ChangeEventStream, workflow.DefaultVersion, 1) < 1 {
		return nil, nil
	}
	e := &events{log: stream.NewLog(prior, limits), publish: workflow.GetSignalChannel(ctx, api.StreamPublishSignal)}
	workflow.Go(ctx, func(ctx workflow.Context) {
		for {
			var in api.StreamPublishInput
			if !e.publish.Receive(ctx, &in) {
				return
			}
			e.log.Publish(in)
		}
	})
	if err := workflow.SetUpdateHandlerWithOptions(ctx, api.StreamPollUpdate, e.poll, workflow.UpdateHandlerOptions{
		Validator: func(api.StreamPollInput) error {
			if e.closing {
				return errors.New(stream.StreamClosing)
			}
			return nil
		},
		Description: "wait (wait_seconds, default 30) for the events after from_offset and return them",
	}); err != nil {
		return nil, err
	}
	if err := workflow.SetQueryHandlerWithOptions(ctx, api.StreamOffsetQuery, func() (int64, error) { return e.log.Next(), nil },
		workflow.QueryHandlerOptions{Description: "the offset the next event will have"}); err != nil {
		return nil, err
	}
	if err := workflow.SetQueryHandlerWithOptions(ctx, api.StreamReadQuery, e.read,
		workflow.QueryHandlerOptions{Description: "the events after from_offset, at once; answers after the analysis closed too"}); err != nil {
		return nil, err
	}
	return e, nil
}

// poll is the poll Update's handler: it waits for an event after the
// offset (or for the run to close), then answers as read does.
func (e *events) poll(ctx workflow.Context, in api.StreamPollInput) (api.StreamPollResult, error) {
	wait := pollWait
	if in.WaitSeconds > 0 {
		wait = min(time.Duration(in.WaitSeconds)*time.Second, maxPollWait)
	}
	if !e.closing && !e.log.Has(in.FromOffset) {
		if _, err := workflow.AwaitWithTimeout(ctx, wait, func() bool { return e.closing || e.log.Has(in.FromOffset) }); err != nil {
			return api.StreamPollResult{}, err
		}
	}
	return e.read(in)
}

// read answers a poll at once.
func (e *events) read(in api.StreamPollInput) (api.StreamPollResult, error) {
	res, err := e.log.Read(in)
	var trunc *stream.TruncatedError
	if errors.As(err, &trunc) {
		return res, temporal.NewApplicationErrorWithOptions(trunc.Error(), api.ErrTypeTruncatedOffset,
			temporal.ApplicationErrorOptions{NonRetryable: true, Details: []any{trunc.Base}})
	}
	return res, err
}

// add appends one of the workflow's own events, after the output that
// arrived before it (signals not yet taken are taken first, so a cell's
// output comes before its end).
func (e *events) add(ev api.StreamEvent) {
	if e == nil {
		return
	}
	e.take()
	_ = e.log.Append(ev) // an event is plain JSON: it always encodes
}

// take adds the publishes that arrived and were not taken yet.
func (e *events) take() {
	for {
		var in api.StreamPublishInput
		if !e.publish.ReceiveAsync(&in) {
			return
		}
		e.log.Publish(in)
	}
}

// on says whether the stream is on, so RunCode publishes its output.
func (e *events) on() bool { return e != nil }

// handOver stops serving polls before the run continues as new and
// returns what the next run continues with.
func (e *events) handOver() *api.StreamState {
	if e == nil {
		return nil
	}
	e.take()
	e.closing = true
	st := e.log.State()
	return &st
}

// end adds the last event (how the analysis ended), answers the polls
// that wait and refuses new ones, and waits for their handlers to finish,
// so the run closes with none pending. It runs after a cancellation too.
func (e *events) end(ctx workflow.Context, res *api.AnalysisResult, err error) {
	if e == nil {
		return
	}
	var can *workflow.ContinueAsNewError
	if errors.As(err, &can) {
		return
	}
	ev := api.StreamEvent{Kind: api.EventEnded}
	switch {
	case err != nil && temporal.IsCanceledError(err):
		ev.Status, ev.Error = api.StatusCancelled, errtext.Message(err)
	case err != nil:
		ev.Status, ev.Error = api.StatusFailed, errtext.Message(err)
	case res != nil:
		ev.Status = res.Status
	}
	e.add(ev)
	e.closing = true
	dctx, _ := workflow.NewDisconnectedContext(ctx)
	_ = workflow.Await(dctx, func() bool { return workflow.AllHandlersFinished(dctx) })
}

// cellStarted is the event of a tool call about to run: its code, or its
// arguments for a tool that runs no code.
func cellStarted(step, cell int, tool, arguments string) api.StreamEvent {
	code := arguments
	var args struct {
		Code  *string `json:"code"`
		Query *string `json:"query"`
	}
	if json.Unmarshal([]byte(arguments), &args) == nil {
		switch {
		case args.Code != nil:
			code = *args.Code
		case args.Query != nil:
			code = *args.Query
		}
	}
	if len(code) > maxEventCode {
		code = code[:maxEventCode] + "\n# … (cut: the cell's code is longer than the stream shows)"
	}
	return api.StreamEvent{Kind: api.EventCellStarted, Step: step, Cell: &cell, Tool: tool, Code: code}
}

// cellFinished adds the events of a tool call that ended: its end, then
// each chart and file it stored.
func (e *events) cellFinished(step, cell int, res tools.Result) {
	if e == nil {
		return
	}
	ev := api.StreamEvent{Kind: api.EventCellFinished, Step: step, Cell: &cell, OutputKey: res.OutputKey, StreamCut: res.StreamCut}
	if res.Error != nil {
		ev.Error = res.Error.Name + ": " + res.Error.Value
	}
	e.add(ev)
	for i := range res.Charts {
		e.add(api.StreamEvent{Kind: api.EventChart, Step: step, Cell: &cell, Chart: &res.Charts[i]})
	}
	for i := range res.Files {
		e.add(api.StreamEvent{Kind: api.EventFile, Step: step, Cell: &cell, File: &res.Files[i]})
	}
}

// modelReplied is the event of the model's reply.
func modelReplied(step int, r modelcall.CallModelResult) api.StreamEvent {
	ev := api.StreamEvent{Kind: api.EventModel, Step: step, Text: r.Answer}
	for _, tc := range r.ToolCalls {
		ev.Tools = append(ev.Tools, tc.Name)
	}
	return ev
}

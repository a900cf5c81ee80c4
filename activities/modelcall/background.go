package modelcall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

// Background model calls. A Responses API call made with background: true
// (and store: true) goes on being generated on the server whether or not a
// client waits for it. CallModel records the response's id in its
// heartbeat as soon as it has it and polls the response to its end; when
// the worker dies mid-call, the next attempt finds the id in the last
// attempt's heartbeat details and polls the same response instead of
// generating (and paying for) the turn again. Cancelling the analysis
// cancels the response on the server.

// modelHeartbeat is CallModel's heartbeat details in background mode.
type modelHeartbeat struct {
	Step       int    `json:"step"`
	ResponseID string `json:"response_id"`
}

// errNoBackground says the server refused background mode: the call is
// made again in the foreground.
var errNoBackground = errors.New("the model server refused background mode")

// backgroundMode reports whether Responses API calls run in background mode.
func (a *Activities) backgroundMode() bool {
	switch a.d.ModelBackground {
	case config.BackgroundOff:
		return false
	case config.BackgroundOn:
		return true
	}
	return !a.noBackground.Load()
}

// backgroundResponse gets step's response in background mode: it polls the
// response a previous attempt of this step created, or creates one.
func (a *Activities) backgroundResponse(ctx context.Context, params responses.ResponseNewParams, items []json.RawMessage, step int) (*responses.Response, error) {
	log := activity.GetLogger(ctx)
	if id := previousResponse(ctx, step); id != "" {
		resp, err := a.awaitResponse(ctx, id, step)
		var apiErr *openai.Error
		switch {
		case err == nil && resp.Status != responses.ResponseStatusCancelled:
			log.Info("resumed the model response of an earlier attempt", "step", step, "response_id", id)
			return resp, nil
		case err == nil:
			log.Info("the earlier attempt's model response was cancelled; creating another", "step", step, "response_id", id)
		case errors.As(err, &apiErr) && apiErr.StatusCode == 404:
			log.Info("the earlier attempt's model response is gone; creating another", "step", step, "response_id", id)
		default:
			return nil, err
		}
	}
	params.Background, params.Store = openai.Bool(true), openai.Bool(true)
	resp, err := a.d.Model.Responses.New(ctx, params, option.WithJSONSet("input", items))
	if err != nil {
		if a.d.ModelBackground != config.BackgroundOn && refusesBackground(err) {
			if !a.noBackground.Swap(true) {
				a.d.Logger.Warn("the model server refuses background mode (OPENAI_BACKGROUND=auto): model calls run in the foreground, so a worker that dies mid-call repeats the call",
					"error", fault.UpstreamDetail(err))
			}
			return nil, errNoBackground
		}
		return nil, err
	}
	// The first heartbeat of an attempt is sent at once, so the id is on
	// the server before the call can be lost.
	activity.RecordHeartbeat(ctx, modelHeartbeat{Step: step, ResponseID: resp.ID})
	if !waiting(resp.Status) {
		return resp, nil // done already (or the server answered in the foreground)
	}
	return a.awaitResponse(ctx, resp.ID, step)
}

// previousResponse is the id of step's response that a previous attempt
// recorded in its heartbeat, or "".
func previousResponse(ctx context.Context, step int) string {
	if !activity.HasHeartbeatDetails(ctx) {
		return ""
	}
	var hb modelHeartbeat
	if activity.GetHeartbeatDetails(ctx, &hb) != nil || hb.Step != step {
		return "" // e.g. a foreground attempt's "step N"
	}
	return hb.ResponseID
}

// awaitResponse waits until response id is no longer queued or in
// progress, heartbeating all along. It watches the response's event stream
// (GET /v1/responses/{id}?stream=true), which ends with the response, so a
// wait costs one request and the answer is seen when it is ready; against
// a server that cannot stream a stored response, it polls.
func (a *Activities) awaitResponse(ctx context.Context, id string, step int) (*responses.Response, error) {
	defer activities.HeartbeatWhile(ctx, modelHeartbeat{Step: step, ResponseID: id})()
	start := time.Now()
	for {
		resp, err := a.watchResponse(ctx, id)
		if err != nil {
			if ctx.Err() != nil {
				return nil, a.stopResponse(ctx, id)
			}
			return nil, err
		}
		if !waiting(resp.Status) {
			return resp, nil
		}
		// The stream ended early (or there is none): look again shortly.
		t := time.NewTimer(pollInterval(time.Since(start)))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, a.stopResponse(ctx, id)
		case <-t.C:
		}
	}
}

// watchResponse follows the response's event stream to its end event, or
// reads the response when there is no stream to follow.
func (a *Activities) watchResponse(ctx context.Context, id string) (*responses.Response, error) {
	if !a.noStreamWait.Load() {
		stream := a.d.Model.Responses.GetStreaming(ctx, id, responses.ResponseGetParams{}, option.WithQuery("stream", "true"))
		for stream.Next() {
			switch ev := stream.Current(); ev.Type {
			case "response.completed", "response.failed", "response.incomplete":
				resp := ev.Response
				_ = stream.Close()
				return &resp, nil
			}
		}
		err := stream.Err()
		_ = stream.Close()
		var apiErr *openai.Error
		if err != nil && ctx.Err() == nil && !(errors.As(err, &apiErr) && apiErr.StatusCode == 404) {
			if !a.noStreamWait.Swap(true) {
				a.d.Logger.Info("the model server does not stream stored responses: background calls are polled", "error", fault.UpstreamDetail(err))
			}
		}
	}
	return a.d.Model.Responses.Get(ctx, id, responses.ResponseGetParams{})
}

// pollInterval is the wait before looking at a response again: a
// twentieth of the time waited so far, between 25 ms and 1 s.
func pollInterval(waited time.Duration) time.Duration {
	return min(max(waited/20, 25*time.Millisecond), time.Second)
}

func waiting(s responses.ResponseStatus) bool {
	return s == responses.ResponseStatusQueued || s == responses.ResponseStatusInProgress
}

// stopResponse ends a wait whose context is done. When the activity was
// cancelled (the analysis was), the response is cancelled on the server;
// when the worker stops or the attempt timed out, it is left running for
// the next attempt to poll.
func (a *Activities) stopResponse(ctx context.Context, id string) error {
	err := ctx.Err()
	select {
	case <-activity.GetWorkerStopChannel(ctx):
		return err
	default:
	}
	if !errors.Is(err, context.Canceled) {
		return err
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if _, cerr := a.d.Model.Responses.Cancel(cctx, id); cerr != nil {
		activity.GetLogger(ctx).Warn("could not cancel the model response", "response_id", id, "error", fault.UpstreamDetail(cerr))
	} else {
		activity.GetLogger(ctx).Info("cancelled the model response", "response_id", id)
	}
	return err
}

// refusesBackground reports whether err is a server's refusal of the
// background or store parameters (a server without background mode).
func refusesBackground(err error) bool {
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || (apiErr.StatusCode != 400 && apiErr.StatusCode != 422) {
		return false
	}
	return apiErr.Param == "background" || apiErr.Param == "store" ||
		strings.Contains(strings.ToLower(apiErr.Message), "background")
}

// responseEnd maps a response that ended without an answer to the error
// types every other model failure has, with the server's own message.
func responseEnd(resp *responses.Response) error {
	switch resp.Status {
	case responses.ResponseStatusFailed:
		typ := api.ErrTypeBadRequest
		switch resp.Error.Code {
		case responses.ResponseErrorCodeServerError:
			typ = api.ErrTypeUnavailable
		case responses.ResponseErrorCodeRateLimitExceeded:
			typ = api.ErrTypeRateLimited
		}
		return fault.New(typ, fault.Bound(fault.Scrub(fmt.Sprintf("model response %s failed: %s (%s)",
			resp.ID, resp.Error.Message, resp.Error.Code))), nil, 0)
	case responses.ResponseStatusIncomplete:
		return fault.New(api.ErrTypeBadRequest, fault.Bound(fault.Scrub(fmt.Sprintf("model response %s is incomplete: %s",
			resp.ID, resp.IncompleteDetails.Reason))), nil, 0)
	case responses.ResponseStatusCancelled:
		return fault.New(api.ErrTypeCanceled, fmt.Sprintf("model response %s was cancelled on the model server", resp.ID), nil, 0)
	}
	return nil
}

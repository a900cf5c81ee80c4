package workflows

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// Names of the conversation's Updates and Signal (package api).
const ()

// MaxQueuedAsks is how many asks may wait for a turn (package api).

// Ways a conversation ends (ConversationSummary.EndedBy).
const ()

type ()

// conversation is the workflow's state of an open conversation. Asks are
// served one at a time in the order they were accepted: an ask that
// arrives while a turn runs waits (up to MaxQueuedAsks).
type conversation struct {
	idle, pauseAfter time.Duration
	maxTurns         int
	turnsPerRun      int
	state            api.ConversationState // counters carried across runs
	turnsThisRun     int

	accepted, served int  // tickets of asks
	busy             bool // a turn (or the first one, or a pause) is under way
	closed           bool
	endedBy          string
	err              error // the turn failure that ended the conversation
	canDue           bool  // continue-as-new is due: new asks are rejected
	datasetNames     map[string]bool
	datasetCount     int
}

// newConversation registers the conversation's handlers. It must run
// before the workflow's first blocking call, so an update-with-start finds
// them.
func newConversation(ctx workflow.Context, in api.AnalysisInput, ask func(workflow.Context, api.AskInput) (*api.TurnResult, error)) (*conversation, error) {
	c := &conversation{busy: true, datasetNames: map[string]bool{}, datasetCount: len(in.Datasets)}
	c.idle, c.pauseAfter, c.maxTurns = in.Conversation.Settings()
	c.turnsPerRun = in.Conversation.TurnsPerRun
	if in.Continued != nil {
		c.state = *in.Continued
	}
	c.state.Runs++
	for _, d := range in.Datasets {
		c.datasetNames[d.Name] = true
	}
	err := workflow.SetUpdateHandlerWithOptions(ctx, api.AskUpdate,
		func(ctx workflow.Context, q api.AskInput) (*api.TurnResult, error) {
			ticket := c.accepted
			c.accepted++
			defer func() { c.served++ }()
			if err := workflow.Await(ctx, func() bool { return c.closed || (!c.busy && c.served == ticket) }); err != nil {
				return nil, err
			}
			if c.closed {
				return nil, temporal.NewApplicationError(fmt.Sprintf("the conversation ended (%s) before this question's turn", c.endedBy), ErrTypeConversationClosed)
			}
			c.busy = true
			defer func() { c.busy = false }()
			for _, d := range q.Datasets {
				c.datasetNames[d.Name] = true
			}
			c.datasetCount += len(q.Datasets)
			r, err := ask(ctx, q)
			if err != nil {
				c.close("failed")
				c.err = err
			}
			return r, err
		},
		workflow.UpdateHandlerOptions{Validator: c.validateAsk, Description: "ask a follow-up question; returns that turn's answer"})
	if err != nil {
		return nil, err
	}
	end := func() { c.close(api.EndedByEnd) }
	if err := workflow.SetUpdateHandlerWithOptions(ctx, api.EndUpdate, func(workflow.Context) error { end(); return nil },
		workflow.UpdateHandlerOptions{Description: "end the conversation; the workflow then returns its result"}); err != nil {
		return nil, err
	}
	workflow.Go(ctx, func(ctx workflow.Context) {
		ch := workflow.GetSignalChannel(ctx, api.EndSignal)
		for ch.Receive(ctx, nil) {
			end()
		}
	})
	return c, nil
}

// ErrTypeConversationClosed is the error type of an ask the conversation
// could no longer answer.
const ErrTypeConversationClosed = "ConversationClosed"

func (c *conversation) close(by string) {
	if !c.closed {
		c.closed, c.endedBy = true, by
	}
}

// pending counts the asks accepted and not yet answered.
func (c *conversation) pending() int { return c.accepted - c.served }

// validateAsk rejects an ask before anything is written to history. It
// must not change state.
func (c *conversation) validateAsk(q api.AskInput) error {
	switch {
	case c.closed:
		return fmt.Errorf("the conversation has ended (%s); start a new analysis", c.endedBy)
	case c.canDue:
		return errors.New("the conversation is continuing as new; ask again in a moment")
	case c.state.Turns+c.pending() >= c.maxTurns:
		return fmt.Errorf("the conversation has reached max_turns (%d)", c.maxTurns)
	case c.pending() >= api.MaxQueuedAsks:
		return fmt.Errorf("%d questions are already waiting; ask again when one is answered", c.pending())
	}
	var errs []string
	if err := validate.AnalysisInput(api.AnalysisInput{Question: q.Question, Datasets: q.Datasets}); err != nil {
		errs = append(errs, strings.TrimPrefix(err.Error(), "invalid input: "))
	}
	for i, d := range q.Datasets {
		if c.datasetNames[d.Name] {
			errs = append(errs, fmt.Sprintf("datasets[%d].name: %q is already in the sandbox; pick a new name", i, d.Name))
		}
	}
	if n := c.datasetCount + len(q.Datasets); len(q.Datasets) > 0 && n > api.MaxDatasets {
		errs = append(errs, fmt.Sprintf("datasets: the conversation would have %d, at most %d", n, api.MaxDatasets))
	}
	if len(errs) > 0 {
		return errors.New("invalid ask: " + strings.Join(errs, "; "))
	}
	return nil
}

// idleActions are what the conversation's main loop does to the sandbox.
type idleActions struct {
	pause func() bool // pause the idle sandbox; false if it could not
	show  func(status, phase string)
}

// serve waits for asks until the conversation ends; it reports whether the
// workflow should continue as new instead of returning.
func (c *conversation) serve(ctx workflow.Context, do idleActions) (continueAsNew bool, err error) {
	c.busy = false
	for {
		if err := workflow.Await(ctx, func() bool { return c.closed || (!c.busy && c.pending() == 0) }); err != nil {
			return false, err
		}
		if c.closed {
			break
		}
		if c.state.Turns >= c.maxTurns {
			c.close(api.EndedByMaxTurns)
			break
		}
		if workflow.GetInfo(ctx).GetContinueAsNewSuggested() || (c.turnsPerRun > 0 && c.turnsThisRun >= c.turnsPerRun) {
			c.canDue = true
			if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
				return false, err
			}
			if !c.closed { // an end that came meanwhile ends it here
				return true, nil
			}
			break
		}
		do.show("waiting", "waiting for a question")
		mark := c.accepted
		woke := func() bool { return c.closed || c.accepted != mark }
		left := c.idle
		if c.pauseAfter > 0 && !c.state.Paused {
			ok, err := workflow.AwaitWithTimeout(ctx, c.pauseAfter, woke)
			if err != nil {
				return false, err
			}
			if ok {
				continue
			}
			c.busy = true
			if do.pause() {
				c.state.Pauses++
			}
			c.busy = false
			left -= c.pauseAfter
			do.show("paused", "waiting for a question (sandbox paused)")
		}
		ok, err := workflow.AwaitWithTimeout(ctx, left, woke)
		if err != nil {
			return false, err
		}
		if !ok {
			c.close(api.EndedByIdleTimeout)
		}
	}
	// The turn under way finishes; waiting asks wake and are refused.
	if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
		return false, err
	}
	return false, c.err
}

// turn runs one question of the conversation: it wakes the sandbox (or
// rebuilds it when it was lost while paused), stages the ask's datasets,
// runs the agent loop, and returns that turn's share of the result.
func (c *conversation) turn(ctx workflow.Context, sb *sandbox, res *api.AnalysisResult, q api.AskInput,
	run func(workflow.Context, string, []activities.StagedDataset) error) (*api.TurnResult, error) {
	c.state.Turns++
	c.turnsThisRun++
	if err := sb.wake(ctx); err != nil {
		return nil, failure(fmt.Sprintf("turn %d: resume sandbox", c.state.Turns), err)
	}
	staged, err := sb.stage(ctx, q.Datasets)
	if err != nil {
		return nil, failure(fmt.Sprintf("turn %d", c.state.Turns), err)
	}
	before := *res
	res.Status, res.Answer, res.Charts = "", "", []api.Chart{}
	if err := run(ctx, q.Question, staged); err != nil {
		return nil, err
	}
	return &api.TurnResult{
		Turn: c.state.Turns, Status: res.Status, Answer: res.Answer, Charts: res.Charts,
		StepsUsed: res.StepsUsed - before.StepsUsed, CodeRuns: res.CodeRuns - before.CodeRuns,
		Usage: api.Usage{
			InputTokens:  res.Usage.InputTokens - before.Usage.InputTokens,
			OutputTokens: res.Usage.OutputTokens - before.Usage.OutputTokens,
			TotalTokens:  res.Usage.TotalTokens - before.Usage.TotalTokens,
		},
		BudgetExhausted: res.BudgetExhausted, SandboxID: res.SandboxID, TranscriptKey: res.TranscriptKey,
	}, nil
}

// restore puts the counters an earlier run carried into the result.
func (c *conversation) restore(res *api.AnalysisResult) {
	st := c.state
	res.StepsUsed, res.CodeRuns, res.Usage, res.TranscriptKey = st.Steps, st.CodeRuns, st.Usage, st.TranscriptKey
	res.SandboxSeconds = st.SandboxSeconds
}

// summarise adds the conversation's summary to the result.
func (c *conversation) summarise(res *api.AnalysisResult) {
	res.Conversation = &api.ConversationSummary{Turns: c.state.Turns, EndedBy: c.endedBy, Runs: c.state.Runs, Pauses: c.state.Pauses}
	if c.state.Turns == 0 {
		res.Status = api.StatusEnded
	}
}

// next is the input of the run that continues this one: the original
// input with references and counters, no question.
func (c *conversation) next(ctx workflow.Context, input api.AnalysisInput, sb *sandbox, res *api.AnalysisResult) api.AnalysisInput {
	input.Question = ""
	input.Datasets = sb.datasets
	input.Continued = &api.ConversationState{
		SandboxID: sb.ref.SandboxID, Paused: sb.paused && !sb.lost, RunID: sb.runID,
		Generation: sb.generation, Rebuilds: sb.rebuilds, Cells: sb.cells,
		Turns: c.state.Turns, Runs: c.state.Runs, Pauses: c.state.Pauses,
		Steps: res.StepsUsed, CodeRuns: res.CodeRuns, Usage: res.Usage,
		SandboxSeconds: sb.seconds(ctx), TranscriptKey: res.TranscriptKey,
	}
	if sb.lost {
		// Let the next run's first turn find it gone and rebuild.
		input.Continued.Paused = true
	}
	return input
}

// resumedSandbox is the sandbox an earlier run of the conversation handed
// over.
func resumedSandbox(ctx workflow.Context, workflowID string, ds []api.Dataset, st api.ConversationState) *sandbox {
	sb := &sandbox{
		ref: activities.SandboxRef{SandboxID: st.SandboxID}, datasets: ds, workflowID: workflowID, runID: st.RunID,
		generation: st.Generation, rebuilds: st.Rebuilds, cells: st.Cells,
		spent: time.Duration(st.SandboxSeconds * float64(time.Second)), paused: st.Paused,
	}
	if !st.Paused {
		sb.since = workflow.Now(ctx)
	}
	return sb
}

// pause pauses the idle sandbox; paused time is not counted. A sandbox
// found gone is rebuilt by the next turn.
func (sb *sandbox) pause(ctx workflow.Context) bool {
	if sb.paused {
		return false
	}
	pctx := activityOptions(ctx, "pause idle sandbox", "kill")
	var r activities.PauseSandboxResult
	if err := workflow.ExecuteActivity(pctx, a.PauseSandbox, activities.PauseSandboxInput{SandboxID: sb.ref.SandboxID}).Get(ctx, &r); err != nil {
		workflow.GetLogger(ctx).Warn("pausing the idle sandbox failed; it stays running", "sandbox_id", sb.ref.SandboxID, "error", err)
		return false
	}
	sb.spent += workflow.Now(ctx).Sub(sb.since)
	sb.since = time.Time{}
	sb.paused, sb.lost = true, r.Gone
	return true
}

// wake resumes a paused sandbox through connect; when it is gone, it
// rebuilds it from the cell journal.
func (sb *sandbox) wake(ctx workflow.Context) error {
	if !sb.paused {
		return nil
	}
	if !sb.lost {
		rctx := activityOptions(ctx, "resume sandbox", "create")
		err := workflow.ExecuteActivity(rctx, a.ResumeSandbox, activities.ResumeSandboxInput{SandboxID: sb.ref.SandboxID}).Get(ctx, nil)
		var appErr *temporal.ApplicationError
		switch {
		case err == nil:
			sb.paused, sb.since = false, workflow.Now(ctx)
			return nil
		case !errors.As(err, &appErr) || appErr.Type() != api.ErrTypeSandboxLost:
			return err
		}
	}
	sb.paused, sb.lost = false, false
	return sb.rebuild(ctx)
}

// stage writes an ask's datasets into the sandbox; a rebuild stages them
// again.
func (sb *sandbox) stage(ctx workflow.Context, ds []api.Dataset) ([]activities.StagedDataset, error) {
	if len(ds) == 0 {
		return nil, nil
	}
	sctx := activityOptions(ctx, fmt.Sprintf("stage %d datasets", len(ds)), "stage")
	var staged []activities.StagedDataset
	if err := workflow.ExecuteActivity(sctx, a.StageDatasets, activities.StageDatasetsInput{
		SandboxID: sb.ref.SandboxID, Datasets: ds,
	}).Get(ctx, &staged); err != nil {
		return nil, fmt.Errorf("stage datasets: %w", err)
	}
	sb.datasets = append(sb.datasets, ds...)
	return staged, nil
}

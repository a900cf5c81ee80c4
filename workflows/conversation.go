package workflows

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// converse runs a conversation: the input's question (if any), then each
// asked question in turn on the same sandbox, until the conversation ends
// or continues as new.
func converse(ctx workflow.Context, a *analysis) (*api.AnalysisResult, error) {
	c, err := newConversation(ctx, a)
	if err != nil {
		return nil, err
	}
	c.tally = readTally(ctx)
	if err := a.start(ctx); err != nil {
		return nil, err
	}
	if st := a.in.Continued; st != nil {
		c.tally.resume(a.res, st)
	}
	defer a.finish(ctx)
	if a.in.Question != "" {
		if _, err := c.turn(ctx, api.AskInput{Question: a.in.Question}, true); err != nil {
			return nil, err
		}
	}
	can, err := c.serve(ctx)
	c.summarise()
	if err != nil {
		return nil, err
	}
	if can {
		a.keepSandbox = true
		return nil, workflow.NewContinueAsNewError(ctx, api.AnalysisWorkflowName, c.next(ctx))
	}
	// The conversation is over: its status is the result's, not api.StatusWaiting.
	a.show(ctx, a.res.Status, "done")
	return a.res, nil
}

// conversation is the workflow's state of an open conversation. Asks are
// served one at a time in the order they were accepted: an ask that
// arrives while a turn runs waits (up to MaxQueuedAsks).
type conversation struct {
	a                *analysis
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
	// tally counts steps, charts and files across turns or per turn
	// (ChangeConversationTotals).
	tally turnTally
	// stream is the event stream handed to the next run.
	stream *api.StreamState
}

// newConversation registers the conversation's handlers. It must run
// before the workflow's first blocking call, so an update-with-start finds
// them.
func newConversation(ctx workflow.Context, a *analysis) (*conversation, error) {
	in := a.in
	c := &conversation{a: a, busy: true, datasetNames: map[string]bool{}, datasetCount: len(in.Datasets)}
	c.idle, c.pauseAfter, c.maxTurns = in.Conversation.Settings()
	c.turnsPerRun = in.Conversation.TurnsPerRun
	if in.Continued != nil {
		c.state = *in.Continued
	}
	c.state.Runs++
	a.turn, a.maxTurns = c.state.Turns, c.maxTurns
	for _, d := range in.Datasets {
		c.datasetNames[d.Name] = true
	}
	if err := workflow.SetUpdateHandlerWithOptions(ctx, api.AskUpdate, c.ask,
		workflow.UpdateHandlerOptions{Validator: c.validateAsk, Description: "ask a follow-up question; returns that turn's answer"}); err != nil {
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

// ask is the handler of the ask update: it waits for its turn, then runs
// it.
func (c *conversation) ask(ctx workflow.Context, q api.AskInput) (*api.TurnResult, error) {
	ticket := c.accepted
	c.accepted++
	defer func() { c.served++ }()
	if err := workflow.Await(ctx, func() bool { return c.closed || (!c.busy && c.served == ticket) }); err != nil {
		return nil, err
	}
	if c.closed {
		return nil, temporal.NewApplicationError(fmt.Sprintf("the conversation ended (%s) before this question's turn", c.endedBy), api.ErrTypeConversationClosed)
	}
	c.busy = true
	defer func() { c.busy = false }()
	for _, d := range q.Datasets {
		c.datasetNames[d.Name] = true
	}
	c.datasetCount += len(q.Datasets)
	r, err := c.turn(ctx, q, false)
	if err != nil {
		c.close(api.EndedByFailed)
		c.err = err
	}
	return r, err
}

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

// serve waits for asks until the conversation ends; it reports whether the
// workflow should continue as new instead of returning. An idle sandbox is
// paused after pauseAfter.
func (c *conversation) serve(ctx workflow.Context) (continueAsNew bool, err error) {
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
			c.stream = c.a.events.handOver()
			if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
				return false, err
			}
			if !c.closed { // an end that came meanwhile ends it here
				return true, nil
			}
			break
		}
		c.a.show(ctx, api.StatusWaiting, "waiting for a question")
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
			if c.a.sb.pause(ctx) {
				c.state.Pauses++
			}
			c.busy = false
			left -= c.pauseAfter
			c.a.show(ctx, api.StatusPaused, "waiting for a question (sandbox paused)")
		}
		ok, err := workflow.AwaitWithTimeout(ctx, left, woke)
		if err != nil {
			return false, err
		}
		if !ok {
			c.close(api.EndedByIdleTimeout)
		}
	}
	// The turn under way finishes; waiting asks wake and are refused. With
	// an event stream, the polls' handlers finish when the stream ends
	// (events.end), after the result is known.
	done := func() bool { return workflow.AllHandlersFinished(ctx) }
	if c.a.events.on() {
		done = func() bool { return !c.busy && c.pending() == 0 }
	}
	if err := workflow.Await(ctx, done); err != nil {
		return false, err
	}
	return false, c.err
}

// turn answers one question: it wakes the sandbox (or rebuilds it when it
// was lost while paused), stages the ask's datasets, runs the agent loop,
// and returns that turn's share of the result. The model is told of the
// datasets staged for the question: the ask's, or for the input's question
// (first) those staged with the sandbox.
func (c *conversation) turn(ctx workflow.Context, q api.AskInput, first bool) (*api.TurnResult, error) {
	a, sb, res := c.a, c.a.sb, c.a.res
	c.state.Turns++
	c.turnsThisRun++
	a.turn = c.state.Turns
	a.events.add(api.StreamEvent{Kind: api.EventStarted, Turn: a.turn, Question: q.Question})
	if err := sb.wake(ctx); err != nil {
		return nil, failure(fmt.Sprintf("turn %d: resume sandbox", c.state.Turns), err)
	}
	staged, err := sb.stage(ctx, q.Datasets)
	if err != nil {
		return nil, failure(fmt.Sprintf("turn %d", c.state.Turns), err)
	}
	if first {
		staged = sb.staged
	}
	before := *res
	res.Status, res.Answer = "", ""
	c.tally.begin(a)
	if err := a.loop(ctx, q.Question, staged); err != nil {
		return nil, err
	}
	return &api.TurnResult{
		Turn: c.state.Turns, Status: res.Status, Answer: res.Answer, Charts: c.tally.turnCharts(res, &before),
		StepsUsed: res.StepsUsed - before.StepsUsed, CodeRuns: res.CodeRuns - before.CodeRuns,
		Usage: api.Usage{
			InputTokens:  res.Usage.InputTokens - before.Usage.InputTokens,
			OutputTokens: res.Usage.OutputTokens - before.Usage.OutputTokens,
			TotalTokens:  res.Usage.TotalTokens - before.Usage.TotalTokens,
		},
		BudgetExhausted: res.BudgetExhausted, SandboxID: res.SandboxID, TranscriptKey: res.TranscriptKey,
		Claims: res.Claims, Unsupported: res.Unsupported,
	}, nil
}

// summarise adds the conversation's summary to the result.
func (c *conversation) summarise() {
	res := c.a.res
	res.Conversation = &api.ConversationSummary{Turns: c.state.Turns, EndedBy: c.endedBy, Runs: c.state.Runs, Pauses: c.state.Pauses}
	if c.state.Turns == 0 {
		res.Status = api.StatusEnded
	}
}

// next is the input of the run that continues this one: the original
// input with references and counters, no question.
func (c *conversation) next(ctx workflow.Context) api.AnalysisInput {
	sb, res := c.a.sb, c.a.res
	input := c.a.input
	input.Question = ""
	input.Datasets = sb.datasets
	input.Continued = &api.ConversationState{
		SandboxID: sb.ref.SandboxID, Paused: sb.paused && !sb.lost, RunID: sb.runID,
		Generation: sb.generation, Rebuilds: sb.rebuilds, Cells: sb.cells,
		Turns: c.state.Turns, Runs: c.state.Runs, Pauses: c.state.Pauses,
		Steps: res.StepsUsed, CodeRuns: res.CodeRuns, Usage: res.Usage,
		SandboxSeconds: sb.seconds(ctx), TranscriptKey: res.TranscriptKey,
		SandboxLine: sb.line, LineAsks: sb.asks, Leased: sb.leased,
		Stream: c.stream,
	}
	c.tally.handOn(res, input.Continued)
	if sb.lost {
		// Let the next run's first turn find it gone and rebuild.
		input.Continued.Paused = true
	}
	return input
}

// turnTally is how a conversation counts across its turns. Its two live
// versions are whole types, chosen once per run (readTally).
type turnTally interface {
	// resume takes what the previous run carried over.
	resume(res *api.AnalysisResult, st *api.ConversationState)
	// begin readies the analysis for a turn.
	begin(a *analysis)
	// turnCharts are the charts of the turn that just ran.
	turnCharts(res, before *api.AnalysisResult) []api.Chart
	// handOn puts into the next run's state what it carries over.
	handOn(res *api.AnalysisResult, st *api.ConversationState)
}

// readTally is the tally of this run: across turns from
// ChangeConversationTotals on, per turn in runs begun before it.
func readTally(ctx workflow.Context) turnTally {
	if workflow.GetVersion(ctx, ChangeConversationTotals, workflow.DefaultVersion, 1) < 1 {
		return perTurn{}
	}
	return acrossTurns{}
}

// acrossTurns counts steps from the conversation's first turn and keeps
// every turn's charts and files, also across runs.
type acrossTurns struct{}

func (acrossTurns) resume(res *api.AnalysisResult, st *api.ConversationState) {
	res.Charts = append(res.Charts, st.Charts...)
	res.Files = append(res.Files, st.Files...)
}

func (acrossTurns) begin(a *analysis) { a.stepBase, a.step = a.res.StepsUsed, 0 }

func (acrossTurns) turnCharts(res, before *api.AnalysisResult) []api.Chart {
	return res.Charts[len(before.Charts):]
}

func (acrossTurns) handOn(res *api.AnalysisResult, st *api.ConversationState) {
	st.Charts = withoutURLs(res.Charts, func(c *api.Chart) { c.URL = "" })
	st.Files = withoutURLs(res.Files, func(f *api.OutputFile) { f.URL = "" })
}

// perTurn is the tally of runs begun before ChangeConversationTotals:
// progress counts steps per turn and the result lists the last turn's
// charts. Delete it with the change id.
type perTurn struct{}

func (perTurn) resume(*api.AnalysisResult, *api.ConversationState) {}

func (perTurn) begin(a *analysis) { a.res.Charts = []api.Chart{} }

func (perTurn) turnCharts(res, _ *api.AnalysisResult) []api.Chart { return res.Charts }

func (perTurn) handOn(*api.AnalysisResult, *api.ConversationState) {}

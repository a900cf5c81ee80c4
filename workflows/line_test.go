package workflows_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

const testLine = "sandbox-line-test"

// inLine makes the analysis' joins reach a line (JoinSandboxLine, a local
// activity) and records them and its leaves.
func (h *harness) inLine() (joins *[]time.Time, leaves *[]admission.LineRequest) {
	return h.inLineAnswered(sandboxes.JoinLineResult{Line: testLine})
}

// inLineAnswered is inLine with the line's answer to each join.
func (h *harness) inLineAnswered(answer sandboxes.JoinLineResult) (joins *[]time.Time, leaves *[]admission.LineRequest) {
	joins, leaves = &[]time.Time{}, &[]admission.LineRequest{}
	h.env.OnActivity(sandboxActs.JoinSandboxLine, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in sandboxes.JoinLineInput) (sandboxes.JoinLineResult, error) {
			*joins = append(*joins, h.env.Now())
			return answer, nil
		})
	h.env.OnSignalExternalWorkflow(mock.Anything, testLine, "", api.SignalSandboxLine, mock.Anything).Return(
		func(_, _, _, _ string, arg any) error {
			*leaves = append(*leaves, arg.(admission.LineRequest))
			return nil
		})
	return joins, leaves
}

// turnAt signals the analysis the line's answer after d.
func (h *harness) turnAt(d time.Duration, t admission.SandboxTurn) {
	h.env.RegisterDelayedCallback(func() { h.env.SignalWorkflow(api.SignalSandboxTurn, t) }, d)
}

// TestWaitsInThePoolsLine: an analysis joins its pool's line and creates
// its sandbox only when the line grants its turn; meanwhile its progress
// shows its place; an answer to another join is ignored; it leaves the
// line after the kill.
func TestWaitsInThePoolsLine(t *testing.T) {
	h := newHarness(t)
	joins, leaves := h.inLine()
	var asked []time.Time
	h.onCreate = func() { asked = append(asked, h.env.Now()) }
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x")}}, modelcall.CallModelResult{Answer: "a"})
	h.code(okOutput)
	var start time.Time
	h.env.RegisterDelayedCallback(func() { start = h.env.Now().Add(-time.Second) }, time.Second)
	h.turnAt(2*time.Second, admission.SandboxTurn{Ask: 1, Ahead: 3})
	var progress api.Progress
	h.env.RegisterDelayedCallback(func() {
		v, err := h.env.QueryWorkflow(api.ProgressQuery)
		require.NoError(t, err)
		require.NoError(t, v.Get(&progress))
	}, 3*time.Second)
	h.turnAt(4*time.Second, admission.SandboxTurn{Ask: 7, Granted: true}) // not this join's
	h.turnAt(30*time.Second, admission.SandboxTurn{Ask: 1, Granted: true})
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, api.StatusAnswered, res.Status)

	require.Len(t, *joins, 1)
	assert.Equal(t, "waiting for a sandbox (3 ahead)", progress.Phase)
	require.NotNil(t, progress.SandboxAhead)
	assert.Equal(t, 3, *progress.SandboxAhead)
	assert.Equal(t, testLine, progress.SandboxLine)
	require.Len(t, asked, 1)
	assert.Equal(t, 30*time.Second, asked[0].Sub(start).Round(time.Second), "the create came with the turn")
	require.Len(t, h.created, 1)
	assert.True(t, h.created[0].Leased, "the line decided; the worker's own bound must not")
	assert.False(t, h.created[0].WakeOnFree)
	assert.Equal(t, []string{"isandbox1"}, h.kills)
	require.Len(t, h.killInputs, 1)
	assert.Equal(t, testLine, h.killInputs[0].Line, "the kill gives the turn back as soon as the sandbox is gone")
	require.NotNil(t, h.killInputs[0].Leave)
	assert.Equal(t, 1, h.killInputs[0].Leave.Ask)
	require.Len(t, *leaves, 1)
	assert.Equal(t, admission.LineLeave, (*leaves)[0].Op)
	assert.NotEmpty(t, (*leaves)[0].WorkflowID)
	assert.Equal(t, 1, (*leaves)[0].Ask)
}

// TestLineSafetyNet: with no answer from the line, the analysis joins
// again after 5 to 10 minutes (a join again keeps its place).
func TestLineSafetyNet(t *testing.T) {
	h := newHarness(t)
	joins, _ := h.inLine()
	h.script(modelcall.CallModelResult{Answer: "a"})
	h.turnAt(25*time.Minute, admission.SandboxTurn{Ask: 1, Granted: true})
	_, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(*joins), 3, "joins by 25 minutes")
	for i := 1; i < len(*joins); i++ {
		d := (*joins)[i].Sub((*joins)[i-1])
		assert.GreaterOrEqual(t, d, 5*time.Minute, "join %d", i+1)
		assert.LessOrEqual(t, d, 10*time.Minute+time.Second, "join %d", i+1)
	}
}

// TestRebuildKeepsItsTurn: a lost sandbox is replaced under the turn the
// analysis holds: no second join, the line is left once.
func TestRebuildKeepsItsTurn(t *testing.T) {
	h := newHarness(t)
	joins, leaves := h.inLine()
	h.turnAt(time.Second, admission.SandboxTurn{Ask: 1, Granted: true})
	h.env.OnActivity(sandboxActs.RestoreSandbox, mock.Anything, mock.Anything).Return(sandboxes.RestoreSandboxResult{Replayed: 1}, nil)
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "x = 1")}},
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c2", "x + 1")}},
		modelcall.CallModelResult{Answer: "2"},
	)
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		if in.CallID == "c2" && in.SandboxID == "isandbox1" {
			return tools.RunCodeResult{}, temporal.NewNonRetryableApplicationError("gone", api.ErrTypeSandboxLost, nil)
		}
		return okOutput(in)
	})
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, "isandbox2", res.SandboxID)
	require.Len(t, h.created, 2)
	assert.True(t, h.created[1].Leased)
	assert.Len(t, *joins, 1, "the rebuild kept the turn")
	require.Len(t, h.killInputs, 2)
	assert.Empty(t, h.killInputs[0].Line, "the lost sandbox's kill keeps the turn for the rebuild")
	assert.Equal(t, testLine, h.killInputs[1].Line)
	assert.Len(t, *leaves, 1)
}

// TestCancelledWhileWaitingLeavesTheLine: an analysis cancelled while it
// waits leaves the queue, so the line does not grant it a turn.
func TestCancelledWhileWaitingLeavesTheLine(t *testing.T) {
	h := newHarness(t)
	_, leaves := h.inLine()
	h.script(modelcall.CallModelResult{Answer: "a"})
	h.turnAt(time.Second, admission.SandboxTurn{Ask: 1, Ahead: 40})
	h.env.RegisterDelayedCallback(h.env.CancelWorkflow, time.Minute)
	_, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.Error(t, err)
	assert.Empty(t, h.created)
	require.Len(t, *leaves, 1)
	assert.Equal(t, admission.LineLeave, (*leaves)[0].Op)
}

// lineHarness runs SandboxLineWorkflow with its signals to analyses
// recorded; signals to the ids in gone fail as to a closed workflow.
type lineHarness struct {
	env   *testsuite.TestWorkflowEnvironment
	turns map[string][]admission.SandboxTurn
	gone  map[string]bool
}

func newLineHarness() *lineHarness {
	var s testsuite.WorkflowTestSuite
	h := &lineHarness{env: s.NewTestWorkflowEnvironment(), turns: map[string][]admission.SandboxTurn{}, gone: map[string]bool{}}
	workflows.RegisterActivities(h.env, &activities.Activities{})
	h.env.OnSignalExternalWorkflow(mock.Anything, mock.Anything, mock.Anything, api.SignalSandboxTurn, mock.Anything).Return(
		func(_, id, _, _ string, arg any) error {
			if h.gone[id] {
				return errors.New("workflow execution already completed")
			}
			h.turns[id] = append(h.turns[id], arg.(admission.SandboxTurn))
			return nil
		})
	return h
}

// at sends the line a request after d.
func (h *lineHarness) at(d time.Duration, r admission.LineRequest) {
	h.env.RegisterDelayedCallback(func() { h.env.SignalWorkflow(api.SignalSandboxLine, r) }, d)
}

func join(id string, ask int) admission.LineRequest {
	return admission.LineRequest{Op: admission.LineJoin, WorkflowID: id, RunID: "run-" + id, Ask: ask}
}

func leave(id string, ask int) admission.LineRequest {
	return admission.LineRequest{Op: admission.LineLeave, WorkflowID: id, Ask: ask}
}

// status queries the line after d into s.
func (h *lineHarness) status(t *testing.T, d time.Duration, s *admission.LineStatus) {
	h.env.RegisterDelayedCallback(func() {
		v, err := h.env.QueryWorkflow(api.SandboxLineQuery)
		require.NoError(t, err)
		require.NoError(t, v.Get(s))
	}, d)
}

// TestLineGrantsInOrder: at capacity 2, the first two joins get a turn at
// once, the others are told their place and get theirs in order as turns
// are given back; a join again keeps its place; a stale leave (an earlier
// ask) ends nothing; a front join goes first.
func TestLineGrantsInOrder(t *testing.T) {
	h := newLineHarness()
	for i, id := range []string{"a", "b", "c", "d"} {
		h.at(time.Duration(i+1)*time.Second, join(id, 1))
	}
	h.at(5*time.Second, join("d", 1)) // again: same place
	h.at(6*time.Second, join("e", 1)) // behind d
	h.at(7*time.Second, admission.LineRequest{Op: admission.LineJoin, WorkflowID: "f", Ask: 1, Front: true})
	var mid, end admission.LineStatus
	h.status(t, 8*time.Second, &mid)
	h.at(10*time.Second, leave("a", 1)) // f's turn
	h.at(11*time.Second, join("b", 2))  // b resumes: keeps its turn as ask 2
	h.at(12*time.Second, leave("b", 1)) // stale: b holds ask 2
	h.at(13*time.Second, leave("f", 1)) // c's turn
	h.at(14*time.Second, leave("b", 2)) // d's turn
	h.status(t, 15*time.Second, &end)
	h.env.RegisterDelayedCallback(h.env.CancelWorkflow, time.Minute)
	h.env.ExecuteWorkflow(workflows.SandboxLineWorkflow, admission.LineState{Pool: "test", Capacity: 2})

	granted := func(id string) bool {
		for _, tr := range h.turns[id] {
			if tr.Granted {
				return true
			}
		}
		return false
	}
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Granted: true}}, h.turns["a"])
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Granted: true}, {Ask: 2, Granted: true}}, h.turns["b"])
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Ahead: 0}, {Ask: 1, Granted: true}}, h.turns["c"])
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Ahead: 1}, {Ask: 1, Ahead: 1}, {Ask: 1, Granted: true}}, h.turns["d"])
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Ahead: 2}}, h.turns["e"], "e waits still")
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Ahead: 0}, {Ask: 1, Granted: true}}, h.turns["f"])
	assert.True(t, granted("d"))
	assert.Equal(t, admission.LineStatus{Pool: "test", Capacity: 2, Holding: 2, Waiting: 4, Granted: 2, Queue: []string{"f", "c", "d", "e"}}, mid)
	assert.Equal(t, admission.LineStatus{Pool: "test", Capacity: 2, Holding: 2, Waiting: 1, Granted: 5, Queue: []string{"e"}}, end)
}

// TestLineTakesBackClosedTurns: a turn granted to an analysis that has
// closed goes to the next at once; one whose holder closed without
// leaving (terminated) is taken back at the next check of the holders.
func TestLineTakesBackClosedTurns(t *testing.T) {
	h := newLineHarness()
	h.gone["gone"] = true
	var checked [][]string
	h.env.OnActivity(sandboxActs.LineHoldersClosed, mock.Anything, mock.Anything).Return(
		func(_ context.Context, ids []string) ([]string, error) {
			checked = append(checked, ids)
			return []string{"terminated"}, nil
		})
	h.at(time.Second, join("terminated", 1))
	h.at(2*time.Second, join("gone", 1)) // closed by the time it is told its place
	h.at(3*time.Second, join("next", 1))
	var end admission.LineStatus
	h.status(t, 2*time.Minute, &end)
	h.env.RegisterDelayedCallback(h.env.CancelWorkflow, 3*time.Minute)
	h.env.ExecuteWorkflow(workflows.SandboxLineWorkflow, admission.LineState{Pool: "test", Capacity: 1})

	require.NotEmpty(t, checked, "the line never checked its holders")
	assert.Equal(t, []string{"terminated"}, checked[0])
	assert.Empty(t, h.turns["gone"], "told nothing: it had closed")
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Ahead: 0}, {Ask: 1, Granted: true}}, h.turns["next"],
		"gone lost its place when it could not be told it; the closed holder's turn went to next")
	assert.Equal(t, 1, end.Holding)
	assert.Equal(t, 0, end.Waiting)
}

// TestLineContinuesAsNewWithItsState: a line whose history is long
// continues as new with its holders, its queue and its count.
func TestLineContinuesAsNewWithItsState(t *testing.T) {
	h := newLineHarness()
	h.at(time.Second, join("a", 1))
	h.at(2*time.Second, join("b", 1))
	h.env.RegisterDelayedCallback(func() { h.env.SetContinueAsNewSuggested(true) }, 3*time.Second)
	h.at(4*time.Second, join("c", 1))
	h.env.ExecuteWorkflow(workflows.SandboxLineWorkflow, admission.LineState{Pool: "test", Capacity: 1})
	var can *workflow.ContinueAsNewError
	require.ErrorAs(t, h.env.GetWorkflowError(), &can)
	var next admission.LineState
	require.NoError(t, converter.GetDefaultDataConverter().FromPayloads(can.Input, &next))
	assert.Equal(t, admission.LineState{Pool: "test", Capacity: 1, Granted: 1,
		Holders: []admission.LineEntry{{WorkflowID: "a", RunID: "run-a", Ask: 1}},
		Waiting: []admission.LineEntry{{WorkflowID: "b", RunID: "run-b", Ask: 1}, {WorkflowID: "c", RunID: "run-c", Ask: 1}}}, next)
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Ahead: 1}}, h.turns["c"], "told before the line handed over")
}

// TestJoinAnsweredAtOnce: a join the line answers as an update needs no
// signal back: granted, the analysis creates at once; queued, it shows
// its place and waits for the turn's signal.
func TestJoinAnsweredAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name    string
		answer  sandboxes.JoinLineResult
		turnAt  time.Duration // 0: no signal
		wantAt  time.Duration
		wantPos string
	}{
		{"granted", sandboxes.JoinLineResult{Line: testLine, Answered: true, Granted: true}, 0, 0, ""},
		{"queued", sandboxes.JoinLineResult{Line: testLine, Answered: true, Ahead: 5}, 40 * time.Second, 40 * time.Second, "waiting for a sandbox (5 ahead)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			_, leaves := h.inLineAnswered(tc.answer)
			var asked []time.Time
			h.onCreate = func() { asked = append(asked, h.env.Now()) }
			h.script(modelcall.CallModelResult{Answer: "a"})
			start := h.env.Now()
			if tc.turnAt > 0 {
				h.turnAt(tc.turnAt, admission.SandboxTurn{Ask: 1, Granted: true})
			}
			phase := ""
			h.env.RegisterDelayedCallback(func() { phase = h.phase(t) }, 10*time.Second)
			_, err := h.run(t, api.AnalysisInput{Question: "q"})
			require.NoError(t, err)
			require.Len(t, asked, 1)
			assert.Equal(t, tc.wantAt, asked[0].Sub(start).Round(time.Second))
			if tc.wantPos != "" {
				assert.Equal(t, tc.wantPos, phase)
			}
			assert.Len(t, *leaves, 1)
		})
	}
}

// TestLineAnswersJoinsAsUpdates: the line answers a join asked as an
// update with the turn or the place, and signals nothing to that analysis
// then; its later turn still comes by signal.
func TestLineAnswersJoinsAsUpdates(t *testing.T) {
	h := newLineHarness()
	answers := map[string]admission.SandboxTurn{}
	update := func(d time.Duration, r admission.LineRequest) {
		h.env.RegisterDelayedCallback(func() {
			h.env.UpdateWorkflow(api.UpdateSandboxLineJoin, r.WorkflowID, &testsuite.TestUpdateCallback{
				OnAccept: func() {}, OnReject: func(err error) { t.Errorf("join %s rejected: %v", r.WorkflowID, err) },
				OnComplete: func(v any, err error) {
					require.NoError(t, err)
					answers[r.WorkflowID] = v.(admission.SandboxTurn)
				},
			}, r)
		}, d)
	}
	update(time.Second, join("a", 1))
	update(2*time.Second, join("b", 1))
	update(3*time.Second, join("a", 1)) // again: still its turn
	h.at(4*time.Second, leave("a", 1))  // b's turn, by signal
	h.env.RegisterDelayedCallback(h.env.CancelWorkflow, time.Minute)
	h.env.ExecuteWorkflow(workflows.SandboxLineWorkflow, admission.LineState{Pool: "test", Capacity: 1})

	assert.Equal(t, admission.SandboxTurn{Ask: 1, Granted: true}, answers["a"])
	assert.Equal(t, admission.SandboxTurn{Ask: 1, Ahead: 0}, answers["b"])
	assert.Empty(t, h.turns["a"], "a was answered by its update")
	assert.Equal(t, []admission.SandboxTurn{{Ask: 1, Granted: true}}, h.turns["b"])
}

// TestLineWakesOnUpdates: joins asked as updates alone wake the line's
// loop, so it continues as new when due even when no signal comes.
func TestLineWakesOnUpdates(t *testing.T) {
	h := newLineHarness()
	h.env.RegisterDelayedCallback(func() { h.env.SetContinueAsNewSuggested(true) }, time.Second)
	h.env.RegisterDelayedCallback(func() {
		h.env.UpdateWorkflow(api.UpdateSandboxLineJoin, "a", &testsuite.TestUpdateCallback{
			OnAccept: func() {}, OnReject: func(err error) { t.Errorf("rejected: %v", err) }, OnComplete: func(any, error) {},
		}, join("a", 1))
	}, 2*time.Second)
	h.env.RegisterDelayedCallback(h.env.CancelWorkflow, time.Hour)
	h.env.ExecuteWorkflow(workflows.SandboxLineWorkflow, admission.LineState{Pool: "test", Capacity: 1})
	var can *workflow.ContinueAsNewError
	require.ErrorAs(t, h.env.GetWorkflowError(), &can, "the update did not wake the line")
	var next admission.LineState
	require.NoError(t, converter.GetDefaultDataConverter().FromPayloads(can.Input, &next))
	assert.Equal(t, []admission.LineEntry{{WorkflowID: "a", RunID: "run-a", Ask: 1}}, next.Holders)
}

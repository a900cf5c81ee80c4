package workflows_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/mock"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

// verifyHarness: the cell prints a total; the model first answers with a
// figure no cell printed, then (when asked) with the printed one.
func verifyHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		return tools.RunCodeResult{Output: "[stdout]\ntotal revenue 161765.0\n"}, nil
	})
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "print(df.revenue.sum())")}},
		modelcall.CallModelResult{Answer: "Total revenue is $161,765, and West leads by $15,945."},
		modelcall.CallModelResult{Answer: "Total revenue is $161,765."},
	)
	return h
}

func TestVerifyCorrectAsksTheModelOnce(t *testing.T) {
	h := verifyHarness(t)
	res, err := h.run(t, api.AnalysisInput{Question: "total?"})
	require.NoError(t, err)
	require.Len(t, h.modelCalls, 3, "one more model call for the unsupported figure")
	msg := h.modelCalls[2].Question
	assert.Contains(t, msg, `"$15,945"`, "the correction names the unsupported figure")
	assert.NotContains(t, msg, "161,765", "the correction names only unsupported figures")
	assert.Equal(t, "Total revenue is $161,765.", res.Answer, "the result holds the revised answer")
	assert.Equal(t, 0, res.Unsupported)
	require.Len(t, res.Claims, 1)
	assert.True(t, res.Claims[0].Supported)
	assert.Equal(t, 3, res.StepsUsed, "the correction step counts in the steps")
	require.Len(t, h.verifies, 2, "both answers verified")
	require.Len(t, h.reports, 1)
	assert.Equal(t, res.Claims, h.reports[0].Claims, "the report shows the claims")
}

func TestVerifyFlagReturnsTheAnswerAsWritten(t *testing.T) {
	h := verifyHarness(t)
	res, err := h.run(t, api.AnalysisInput{Question: "total?", Verify: api.VerifyFlag})
	require.NoError(t, err)
	require.Len(t, h.modelCalls, 2)
	assert.True(t, strings.HasPrefix(res.Answer, "Total revenue is $161,765, and West"))
	assert.Equal(t, 1, res.Unsupported)
	require.Len(t, res.Claims, 2)
	assert.True(t, res.Claims[0].Supported)
	assert.False(t, res.Claims[1].Supported)
	assert.Equal(t, "$15,945", res.Claims[1].Text)
}

func TestVerifyOffChecksNothing(t *testing.T) {
	h := verifyHarness(t)
	res, err := h.run(t, api.AnalysisInput{Question: "total?", Verify: api.VerifyOff})
	require.NoError(t, err)
	assert.Empty(t, h.verifies)
	assert.Empty(t, res.Claims)
	assert.Len(t, h.modelCalls, 2)
}

// The correction step is a step: with none left, the answer is flagged.
func TestVerifyCorrectNeedsAStepLeft(t *testing.T) {
	h := verifyHarness(t)
	res, err := h.run(t, api.AnalysisInput{Question: "total?", MaxSteps: 2})
	require.NoError(t, err)
	assert.Len(t, h.modelCalls, 2)
	assert.Equal(t, 1, res.Unsupported)
}

// A conversation checks the answer of every turn; each turn's result
// carries its own claims.
func TestVerifyEveryConversationTurn(t *testing.T) {
	h := newHarness(t)
	h.env.OnActivity(modelActs.CallModel, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in modelcall.CallModelInput) (modelcall.CallModelResult, error) {
			h.modelCalls = append(h.modelCalls, in)
			if in.Question != "" {
				return modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall(fmt.Sprintf("c%d", in.Step), "print(1234.5)")}}, nil
			}
			if in.Step == 2 {
				return modelcall.CallModelResult{Answer: "The total is 1,234.5."}, nil
			}
			return modelcall.CallModelResult{Answer: "Twice that is 2,469."}, nil
		})
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		return tools.RunCodeResult{Output: "[stdout]\n1234.5\n"}, nil
	})
	h.pauses(nil)
	first := h.ask(0, "1", api.AskInput{Question: "total?"})
	second := h.ask(time.Second, "2", api.AskInput{Question: "twice?"})
	h.end(time.Minute)
	in := conversationInput("", api.Conversation{})
	in.Datasets, in.Verify = nil, api.VerifyFlag
	_, err := h.run(t, in)
	require.NoError(t, err)
	require.True(t, first.done && second.done)
	assert.Equal(t, 0, first.result.Unsupported)
	require.Len(t, first.result.Claims, 1)
	assert.True(t, first.result.Claims[0].Supported)
	assert.Equal(t, 1, second.result.Unsupported, "2,469 was printed by no cell")
	require.Len(t, second.result.Claims, 1)
	assert.Equal(t, "2,469", second.result.Claims[0].Text)
	assert.Len(t, h.verifies, 2)
}

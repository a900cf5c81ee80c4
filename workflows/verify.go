package workflows

import (
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/api"
)

// answerCheck is the state of one question's answer check: the question
// (its figures support an answer too), whether the model was already asked
// to correct its answer, and the message for that step.
type answerCheck struct {
	question   string
	asked      bool
	correction string
}

// verify checks the answer just given (ChangeVerifyAnswer): every figure
// traced to the cell output that printed it, the claims kept in the
// result. It returns true when the loop should go on: verify is "correct",
// a figure is unsupported, the model was not asked yet this question and a
// step is left (the step counts in max_steps, and the budget is checked
// as for any step). The check is an extra like the report: when it cannot
// run, the answer is returned unchecked and the log says why.
func (a *analysis) verify(ctx workflow.Context, check *answerCheck, final bool) bool {
	if a.in.Verify == api.VerifyOff || workflow.GetVersion(ctx, ChangeVerifyAnswer, workflow.DefaultVersion, 1) < 1 {
		return false
	}
	a.show(ctx, api.StatusRunning, "verifying")
	a.events.add(api.StreamEvent{Kind: api.EventVerifying, Step: a.stepBase + a.step})
	vctx := withActivity(ctx, outputs.VerifyAnswerName, "verify the answer's figures")
	var vr outputs.VerifyAnswerResult
	if err := workflow.ExecuteActivity(vctx, outActs.VerifyAnswer, outputs.VerifyAnswerInput{
		WorkflowID: a.id, Question: check.question, Answer: a.res.Answer, Cells: a.sb.cells,
	}).Get(ctx, &vr); err != nil {
		workflow.GetLogger(ctx).Error("the answer could not be verified; it is returned unchecked", "error", err)
		a.res.Claims, a.res.Unsupported = nil, 0
		return false
	}
	a.res.Claims, a.res.Unsupported = vr.Claims, vr.Unsupported
	if a.in.Verify != api.VerifyCorrect || vr.Unsupported == 0 || check.asked || final || a.step >= a.in.MaxSteps || a.spent(ctx) {
		return false
	}
	check.asked = true
	check.correction = outputs.CorrectionMessage(vr.Claims)
	return true
}

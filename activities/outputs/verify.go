package outputs

import (
	"context"
	"fmt"
	"strings"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/claims"
)

// VerifyAnswerInput names the answer to check and the cells whose outputs
// may support it; the outputs are read from the cell records in S3.
type VerifyAnswerInput struct {
	WorkflowID string        `json:"workflow_id"`
	Question   string        `json:"question,omitempty"`
	Answer     string        `json:"answer"`
	Cells      []api.CellRef `json:"cells,omitempty"`
}

// VerifyAnswerResult is the check of an answer.
type VerifyAnswerResult struct {
	Claims      []api.Claim `json:"claims"`
	Unsupported int         `json:"unsupported"`
}

// VerifyAnswerName is the name VerifyAnswer is registered under.
const VerifyAnswerName = "VerifyAnswer"

// VerifyAnswer matches each figure of the answer with the cell outputs
// that printed it (package claims). It reads what the cells printed from
// their records in S3 — the same text the model was shown — and never
// runs code again or calls the model.
func (a *Activities) VerifyAnswer(ctx context.Context, in VerifyAnswerInput) (VerifyAnswerResult, error) {
	defer activities.HeartbeatWhile(ctx, "verifying the answer")()
	srcs := make([]claims.Source, 0, len(in.Cells))
	for _, ref := range in.Cells {
		rec, err := journal.ReadRecord(ctx, a.d, in.WorkflowID, ref)
		if err != nil {
			return VerifyAnswerResult{}, err
		}
		srcs = append(srcs, claims.Source{Step: ref.Step, Cell: ref.Cell, Text: printedText(rec)})
	}
	return verifyResult(claims.Check(in.Answer, in.Question, srcs)), nil
}

// printedText is what a cell printed: its stdout and the text of its
// results, without the notes this worker adds about stored charts and
// files (their keys hold step and cell numbers, not figures of the data).
func printedText(rec journal.Record) string {
	var b strings.Builder
	b.WriteString(rec.Stdout)
	for _, r := range rec.Results {
		if strings.HasPrefix(r, "[chart ") || strings.HasPrefix(r, "[a chart could not") || (strings.HasPrefix(r, "[") && strings.Contains(r, " saved as ")) {
			continue
		}
		b.WriteString("\n\n")
		b.WriteString(r)
	}
	return b.String()
}

// verifyResult is the contract's form of a check, with at most
// api.MaxClaims claims listed (the unsupported first when some must go).
func verifyResult(r claims.Result) VerifyAnswerResult {
	out := VerifyAnswerResult{Claims: make([]api.Claim, 0, min(len(r.Claims), api.MaxClaims)), Unsupported: r.Unsupported}
	keep := r.Claims
	if len(keep) > api.MaxClaims {
		keep = nil
		for _, c := range r.Claims {
			if !c.Supported {
				keep = append(keep, c)
			}
		}
		for _, c := range r.Claims {
			if c.Supported && len(keep) < api.MaxClaims {
				keep = append(keep, c)
			}
		}
		keep = keep[:min(len(keep), api.MaxClaims)]
	}
	for _, c := range keep {
		ac := api.Claim{Text: c.Text, Value: c.Value, Supported: c.Supported, At: c.Start, FromQuestion: c.FromQuestion, Label: c.Label, Sources: []api.ClaimSource{}}
		for _, s := range c.Sources {
			ac.Sources = append(ac.Sources, api.ClaimSource{Step: s.Step, Cell: s.Cell})
		}
		out.Claims = append(out.Claims, ac)
	}
	return out
}

// CorrectionMessage is what the model is told when figures of its answer
// are unsupported: which ones, and to compute them in code or drop them.
func CorrectionMessage(cs []api.Claim) string {
	var figs []string
	for _, c := range cs {
		if c.Supported {
			continue
		}
		f := fmt.Sprintf("%q", c.Text)
		if c.Label != "" {
			f += fmt.Sprintf(" (a cell printed it, but not for %q)", c.Label)
		}
		figs = append(figs, f)
	}
	return fmt.Sprintf("[verify_answer] Your answer has figures that no cell printed: %s. "+
		"Every number in an answer must be printed by code you ran. Compute each of them with "+api.ToolExecutePython+" and print it, "+
		"or drop it from the answer; then answer again.", strings.Join(figs, ", "))
}

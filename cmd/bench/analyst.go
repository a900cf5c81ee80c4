package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/durable-analyst/durable-analyst/scriptedmodel/analysteval"
)

// analystScenario measures the offline analyst on the held-out corpus
// (testdata/analyst/<analysteval.HeldOut>: tables and questions it was not developed on,
// each with its expected figures computed by pandas apart from it): the
// share of questions answered correctly, the share where it answered a
// different question, and the share it honestly refused. It needs no
// servers beyond the scripted model it starts and /usr/bin/python3
// ($SCRIPTEDMODEL_PYTHON overrides it) with pandas and matplotlib.
func analystScenario(ctx context.Context, root string, r *report) error {
	c, err := analysteval.Load(filepath.Join(root, "testdata", "analyst", analysteval.HeldOut))
	if err != nil {
		return err
	}
	python := os.Getenv("SCRIPTEDMODEL_PYTHON")
	if python == "" {
		python = "/usr/bin/python3"
	}
	s, err := analysteval.Run(ctx, c, python, filepath.Join(root, "testdata", "scripts"))
	if err != nil {
		return err
	}
	n := len(s.Outcomes)
	of := fmt.Sprintf("of %d questions over %d tables in testdata/analyst/%s", n, len(c.Tables()), analysteval.HeldOut)
	correct, different, refused := 100*s.Rate(s.Correct), 100*s.Rate(s.Different), 100*s.Rate(s.Refusals)
	r.add(figure{Scenario: "analyst", Name: "offline analyst on the held-out corpus: answered correctly", Goal: "≥ 85%", Value: correct, Unit: "%",
		Measured: fmt.Sprintf("%.1f%% (%d %s)", correct, s.Correct, of), Met: ptr(s.Rate(s.Correct) >= 0.85)})
	r.add(figure{Scenario: "analyst", Name: "offline analyst on the held-out corpus: a different question answered", Goal: "≤ 2%", Value: different, Unit: "%",
		Measured: fmt.Sprintf("%.1f%% (%d %s)", different, s.Different, of), Met: ptr(s.Rate(s.Different) <= 0.02)})
	r.add(figure{Scenario: "analyst", Name: "offline analyst on the held-out corpus: honest refusals", Goal: "the rest", Value: refused, Unit: "%",
		Measured: fmt.Sprintf("%.1f%% (%d %s)", refused, s.Refusals, of)})
	var misses []map[string]string
	for _, o := range s.Outcomes {
		if o.Verdict != analysteval.Correct {
			misses = append(misses, map[string]string{"table": o.Table, "question": o.Question, "verdict": o.Verdict, "why": o.Why, "answer": o.Answer})
		}
	}
	r.details["analyst"] = map[string]any{"questions": n, "correct": s.Correct, "different": s.Different, "refused": s.Refusals, "misses": misses}
	return nil
}

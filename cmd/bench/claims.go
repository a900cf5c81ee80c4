package main

import (
	"fmt"
	"path/filepath"
	"syscall"
	"time"

	"github.com/durable-analyst/durable-analyst/claims"
)

// claimsScenario measures the answer check on its corpus (testdata/claims:
// answers written against real cell outputs, honest ones and ones with
// planted errors): recall on the planted errors, false flags on the
// correct figures, and the cost of checking one answer. It needs no
// servers: the check is pure.
func claimsScenario(root string, o options, r *report) error {
	cases, err := claims.LoadCorpus(filepath.Join(root, "testdata", "claims"))
	if err != nil {
		return err
	}
	s := claims.Evaluate(cases)
	passes := 200
	if o.smoke {
		passes = 2
	}
	cpu0, start := cpuTime(), time.Now()
	for range passes {
		for _, c := range cases {
			claims.Check(c.Answer, c.Question, c.Sources)
		}
	}
	n := time.Duration(passes * len(cases))
	perAnswer, cpuPerAnswer := time.Since(start)/n, (cpuTime()-cpu0)/n
	recall, flags := 100*s.Recall(), 100*s.FalseFlagRate()
	r.add(figure{Scenario: "claims", Name: "recall on planted errors", Goal: "≥ 95%", Value: recall, Unit: "%",
		Measured: fmt.Sprintf("%.1f%% (%d of %d planted errors flagged, %d answers)", recall, s.Caught, s.Planted, s.Answers), Met: ptr(s.Recall() >= 0.95)})
	r.add(figure{Scenario: "claims", Name: "false flags on correct figures", Goal: "≤ 2%", Value: flags, Unit: "%",
		Measured: fmt.Sprintf("%.1f%% (%d of %d correct figures flagged)", flags, s.FalseFlags, s.Correct), Met: ptr(s.FalseFlagRate() <= 0.02)})
	// CPU time is the figure: on a loaded machine the wall clock also
	// counts the time other processes held the core.
	us, wall := float64(cpuPerAnswer.Nanoseconds())/1e3, float64(perAnswer.Nanoseconds())/1e3
	r.add(figure{Scenario: "claims", Name: "cost per answer", Goal: "(reported)", Value: us, Unit: "µs",
		Measured: fmt.Sprintf("%.0f µs of CPU per answer (%.0f µs wall; %d checks of corpus answers; the activity adds reading the cell records)", us, wall, passes*len(cases))})
	r.details["claims"] = map[string]any{"missed": s.Missed, "flagged": s.Flagged, "by_kind": s.ByKind, "cpu_us_per_answer": us, "wall_us_per_answer": wall}
	return nil
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

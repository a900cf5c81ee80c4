package claims_test

import (
	"testing"

	"github.com/durable-analyst/durable-analyst/claims"
)

// Floors the corpus must keep (the goals of the feature).
const (
	minRecall       = 0.95
	maxFalseFlags   = 0.02
	minCorpusAnswer = 60
)

func loadCorpus(tb testing.TB) []claims.Case {
	cases, err := claims.LoadCorpus("../testdata/claims")
	if err != nil {
		tb.Fatal(err)
	}
	return cases
}

func TestCorpusFloors(t *testing.T) {
	s := claims.Evaluate(loadCorpus(t))
	t.Logf("%d answers: recall %d/%d = %.1f%%, false flags %d/%d = %.1f%%", s.Answers,
		s.Caught, s.Planted, 100*s.Recall(), s.FalseFlags, s.Correct, 100*s.FalseFlagRate())
	for _, m := range s.Missed {
		t.Logf("missed: %s", m)
	}
	for _, f := range s.Flagged {
		t.Logf("false flag: %s", f)
	}
	if s.Answers < minCorpusAnswer {
		t.Errorf("corpus has %d answers, want at least %d", s.Answers, minCorpusAnswer)
	}
	if s.Recall() < minRecall {
		t.Errorf("recall on planted errors %.3f, want at least %.2f", s.Recall(), minRecall)
	}
	if s.FalseFlagRate() > maxFalseFlags {
		t.Errorf("false flags on correct figures %.3f, want at most %.2f", s.FalseFlagRate(), maxFalseFlags)
	}
	for _, kind := range []string{"wrong_digit", "other_group", "wrong_percent", "invented_total", "derived_difference"} {
		if s.ByKind[kind][0] == 0 {
			t.Errorf("corpus plants no %s error", kind)
		}
	}
}

// BenchmarkCheckAnswer is the cost of checking one answer of the corpus.
func BenchmarkCheckAnswer(b *testing.B) {
	cases := loadCorpus(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := cases[i%len(cases)]
		claims.Check(c.Answer, c.Question, c.Sources)
	}
}

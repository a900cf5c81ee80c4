package claims

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// A corpus measures the checker: answers written against real cell
// outputs, some honest, some with planted errors. Each file of a corpus
// folder is one set of cell outputs with the answers written against it.

// CorpusFile is one file of a corpus.
type CorpusFile struct {
	Question string `json:"question"`
	Cells    []struct {
		Step   int    `json:"step"`
		Cell   int    `json:"cell"`
		Output string `json:"output"`
	} `json:"cells"`
	Answers []struct {
		Answer  string `json:"answer"`
		Planted []struct {
			Text string `json:"text"`
			Kind string `json:"kind"`
		} `json:"planted"`
	} `json:"answers"`
}

// Case is one (answer, cell outputs) pair of a corpus.
type Case struct {
	Name     string
	Question string
	Answer   string
	Sources  []Source
	// Planted are the figures (as written) that are wrong on purpose,
	// and the kind of each error.
	Planted map[string]string
}

// LoadCorpus reads every *.json file of dir.
func LoadCorpus(dir string) ([]Case, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []Case
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var cf CorpusFile
		if err := json.Unmarshal(b, &cf); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		var srcs []Source
		for _, c := range cf.Cells {
			srcs = append(srcs, Source{Step: c.Step, Cell: c.Cell, Text: c.Output})
		}
		for i, a := range cf.Answers {
			c := Case{Name: fmt.Sprintf("%s#%d", filepath.Base(f), i), Question: cf.Question, Answer: a.Answer, Sources: srcs, Planted: map[string]string{}}
			for _, p := range a.Planted {
				c.Planted[p.Text] = p.Kind
			}
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no corpus files", dir)
	}
	return out, nil
}

// Score is how well the checker did on a corpus.
type Score struct {
	Answers int
	// Planted errors, and how many were flagged unsupported.
	Planted, Caught int
	// Correct figures, and how many were flagged all the same.
	Correct, FalseFlags int
	// Missed and Flagged name the planted errors let through and the
	// correct figures flagged ("file#answer: figure").
	Missed, Flagged []string
	// ByKind counts planted errors and catches per kind of error.
	ByKind map[string][2]int
}

// Recall is the share of planted errors flagged.
func (s Score) Recall() float64 { return ratio(s.Caught, s.Planted) }

// FalseFlagRate is the share of correct figures flagged.
func (s Score) FalseFlagRate() float64 { return ratio(s.FalseFlags, s.Correct) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Evaluate checks every case. A planted figure the checker does not even
// see as a claim counts as missed.
func Evaluate(cases []Case) Score {
	s := Score{ByKind: map[string][2]int{}}
	for _, c := range cases {
		s.Answers++
		r := Check(c.Answer, c.Question, c.Sources)
		seen := map[string]bool{}
		for _, cl := range r.Claims {
			if kind, ok := c.Planted[cl.Text]; ok {
				seen[cl.Text] = true
				s.Planted++
				k := s.ByKind[kind]
				k[0]++
				if !cl.Supported {
					s.Caught++
					k[1]++
				} else {
					s.Missed = append(s.Missed, c.Name+": "+cl.Text)
				}
				s.ByKind[kind] = k
				continue
			}
			s.Correct++
			if !cl.Supported {
				s.FalseFlags++
				s.Flagged = append(s.Flagged, c.Name+": "+cl.Text)
			}
		}
		for text, kind := range c.Planted {
			if !seen[text] {
				s.Planted++
				k := s.ByKind[kind]
				k[0]++
				s.ByKind[kind] = k
				s.Missed = append(s.Missed, c.Name+": "+text+" (not read as a claim)")
			}
		}
	}
	sort.Strings(s.Missed)
	return s
}

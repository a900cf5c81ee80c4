package claims

import (
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Source is the printed output of one cell: its stdout and the text of
// its results (a DataFrame's text form, a value's repr).
type Source struct {
	Step, Cell int
	Text       string
}

// Ref names the cell that printed a figure.
type Ref struct{ Step, Cell int }

// Claim is one figure of an answer.
type Claim struct {
	// Text is the figure as written ("$50.2k", "47.8%").
	Text string
	// Start and End are its bytes in the answer.
	Start, End int
	// Value is what it stands for: 50200, 0.478.
	Value     float64
	Supported bool
	// FromQuestion is set when the question gave the figure.
	FromQuestion bool
	// Sources are the cells that printed it (at most MaxSources).
	Sources []Ref
	// Label is set when the figure was printed, but for another label
	// than the one the answer gives it (the label the answer names).
	Label string
}

// Result is the check of one answer.
type Result struct {
	Claims      []Claim
	Unsupported int
}

// MaxSources bounds the cells listed per claim.
const MaxSources = 3

// figure is a number a cell printed.
type figure struct {
	nat, raw float64 // value as it stands for; as printed (47.8 of "47.8%")
	percent  bool
	src      int
	// row are the words that name the figure on its line (the words
	// before it since the previous figure, else the whole line's); col
	// the column header above it in a table ("" elsewhere).
	row  []string
	col  string
	line int // the line of its source
	// record is set on a figure of a structured line (JSON, a list or
	// dict repr): its words are keys, not labels of parallel rows.
	record bool
}

// Check finds the claims of answer and matches each against the figures
// of sources and of question.
func Check(answer, question string, sources []Source) Result {
	figs, headings := figures(sources)
	sib := siblings(figs, headings)
	byNat := sortedBy(figs, func(f *figure) float64 { return math.Abs(f.nat) })
	byRaw := sortedBy(figs, func(f *figure) float64 { return math.Abs(f.raw) })
	var qfigs []figure
	for _, n := range scan(question, false) {
		qfigs = append(qfigs, figure{nat: n.value(), raw: n.raw, percent: n.percent, src: -1})
	}

	nums := scan(answer, true)
	var claims []number
	for _, n := range nums {
		if n.skip == "" {
			claims = append(claims, n)
		}
	}
	ctxs := contexts(answer, claims)
	res := Result{Claims: make([]Claim, 0, len(claims))}
	for k, n := range claims {
		c := Claim{Text: answer[n.start:n.end], Start: n.start, End: n.end, Value: n.value()}
		want := append(words(stripPossessive(ctxs[k].before), nil), words(stripPossessive(ctxs[k].after), nil)...)
		var matched []*figure
		lo, hi := window(n, answer)
		collect := func(sorted []*figure, key func(*figure) float64, ok func(*figure) bool) {
			i := sort.Search(len(sorted), func(i int) bool { return key(sorted[i]) >= lo })
			for ; i < len(sorted) && key(sorted[i]) <= hi; i++ {
				if ok(sorted[i]) {
					matched = append(matched, sorted[i])
				}
			}
		}
		signOK := func(v float64) bool { return !n.neg || v < 0 }
		collect(byNat, func(f *figure) float64 { return math.Abs(f.nat) }, func(f *figure) bool { return signOK(f.nat) })
		if n.percent {
			// 47.8% written, 47.8 printed.
			rlo, rhi := lo*100, hi*100
			i := sort.Search(len(byRaw), func(i int) bool { return math.Abs(byRaw[i].raw) >= rlo })
			for ; i < len(byRaw) && math.Abs(byRaw[i].raw) <= rhi; i++ {
				if f := byRaw[i]; !f.percent && signOK(f.raw) {
					matched = append(matched, f)
				}
			}
		} else {
			// 47.8 written, 47.8% printed.
			collect(byRaw, func(f *figure) float64 { return math.Abs(f.raw) }, func(f *figure) bool { return f.percent && signOK(f.raw) })
		}
		var good []*figure
		label := ""
		for _, f := range matched {
			if other := sib.conflict(f, want); other == "" {
				good = append(good, f)
			} else if label == "" {
				label = other
			}
		}
		switch {
		case len(good) > 0:
			c.Supported = true
			seen := map[Ref]bool{}
			sort.SliceStable(good, func(a, b int) bool { return good[a].src < good[b].src })
			for _, f := range good {
				r := Ref{sources[f.src].Step, sources[f.src].Cell}
				if !seen[r] && len(c.Sources) < MaxSources {
					seen[r] = true
					c.Sources = append(c.Sources, r)
				}
			}
		case inQuestion(qfigs, n, lo, hi):
			c.Supported, c.FromQuestion = true, true
		default:
			c.Label = label
			res.Unsupported++
		}
		res.Claims = append(res.Claims, c)
	}
	return res
}

// window is the range of absolute values a claim accepts: half a unit of
// its last written digit either side (of its significant digits after a
// hedge such as "about").
func window(n number, answer string) (lo, hi float64) {
	v := math.Abs(n.value())
	u := n.unit()
	if n.decimals == 0 && n.zeros > 0 && hedged(answer, n.start) {
		u *= math.Pow10(n.zeros)
	}
	slack := u/2 + v*1e-9 + 1e-12
	return v - slack, v + slack
}

var hedges = []string{"about", "around", "approximately", "approx", "roughly", "nearly", "almost", "over", "under",
	"some", "more than", "less than", "close to", "just over", "just under", "~", "≈", "circa", "ca"}

// hedged says the words before byte i make the number a round one.
func hedged(s string, i int) bool {
	head := strings.TrimRight(s[:i], " \u00a0")
	low := strings.ToLower(head[max(0, len(head)-16):])
	for _, h := range hedges {
		if strings.HasSuffix(low, h) {
			r, _ := utf8.DecodeLastRuneInString(strings.TrimSuffix(low, h))
			if !unicode.IsLetter(r) {
				return true
			}
		}
	}
	return false
}

func inQuestion(q []figure, n number, lo, hi float64) bool {
	for _, f := range q {
		if v := math.Abs(f.nat); v >= lo && v <= hi {
			return true
		}
	}
	return false
}

func sortedBy(figs []figure, key func(*figure) float64) []*figure {
	out := make([]*figure, len(figs))
	for i := range figs {
		out[i] = &figs[i]
	}
	sort.SliceStable(out, func(a, b int) bool { return key(out[a]) < key(out[b]) })
	return out
}

func overlaps(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

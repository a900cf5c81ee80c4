package claims

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Labels tell apart the figures a cell printed: the words on a figure's
// line, and the column header above it in a table. A label is
// discriminating when some figures have it and others do not (North and
// South, not "revenue" when every line says revenue); only those are
// compared with the words around a claim.

// genericWords never discriminate: they name measures, not groups, and
// answers say them in other words ("average" for "mean").
var genericWords = map[string]bool{
	"the": true, "of": true, "and": true, "in": true, "for": true, "to": true, "is": true, "was": true,
	"are": true, "were": true, "a": true, "an": true, "by": true, "per": true, "on": true, "at": true,
	"with": true, "from": true, "as": true, "it": true, "its": true, "that": true, "this": true,
	"avg":   true,
	"value": true, "values": true,
	"name": true, "dtype": true, "object": true, "int": true, "float": true, "rows": true, "row": true,
	"columns": true, "column": true, "index": true, "percent": true, "pct": true, "share": true,
	"rate": true, "ratio": true, "number": true, "amount": true, "length": true, "type": true,
	"had": true, "has": true, "have": true, "be": true, "or": true, "not": true, "no": true,
}

// words are the lower-cased words of s that can be labels: runs of letters
// and digits holding a letter, split at anything else (so north_east is
// two words).
func words(s string, keep func(string) bool) []string {
	var out []string
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += w
			continue
		}
		j, letter := i, false
		for j < len(s) {
			r, w := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			letter = letter || unicode.IsLetter(r)
			j += w
		}
		if letter && j-i > 1 && !unicode.IsDigit(r) {
			wd := strings.ToLower(s[i:j])
			if !genericWords[wd] && (keep == nil || keep(wd)) {
				out = append(out, wd)
			}
		}
		i = j
	}
	return out
}

// token is a word of a header line and its columns (runes).
type token struct {
	word       string
	start, end int
}

// figures are the numbers each source printed, with their labels, and
// the words of each source's lines without figures (its headings).
func figures(sources []Source) ([]figure, map[sibKey][]string) {
	var out []figure
	headings := map[sibKey][]string{}
	for si, src := range sources {
		var header []token
		lastHadFigures := true
		for li, line := range strings.Split(src.Text, "\n") {
			if strings.TrimSpace(line) == "" {
				header, lastHadFigures = nil, true
				continue
			}
			nums := scan(line, false)
			if len(nums) == 0 {
				for _, w := range words(line, nil) {
					headings[sibKey{src: si}] = append(headings[sibKey{src: si}], w)
				}
				toks := lineTokens(line)
				if lastHadFigures {
					header = toks
				} else {
					header = append(header, toks...)
				}
				lastHadFigures = false
				continue
			}
			lastHadFigures = true
			lineWords := sourceWords(line)
			if q := quantileLabels(line, nums); q != nil {
				// "0.50    127.2" (a quantile) or "50%   18.35" (describe).
				lineWords = append(lineWords, q...)
				nums = nums[1:]
			}
			record := strings.ContainsAny(line, "{[\"")
			prev := 0
			for _, n := range nums {
				row := sourceWords(line[prev:n.start])
				if len(row) == 0 {
					row = lineWords
				}
				prev = n.end
				f := figure{nat: n.value(), raw: n.raw, percent: n.percent, src: si, row: row, line: li, record: record}
				fs := utf8.RuneCountInString(line[:n.start])
				fe := fs + utf8.RuneCountInString(line[n.start:n.end])
				for _, t := range header {
					if t.start < fe && fs < t.end {
						f.col = t.word
					}
				}
				out = append(out, f)
			}
		}
	}
	return out, headings
}

var monthNames = [...][2]string{{"jan", "january"}, {"feb", "february"}, {"mar", "march"}, {"apr", "april"},
	{"may", "may"}, {"jun", "june"}, {"jul", "july"}, {"aug", "august"}, {"sep", "september"},
	{"oct", "october"}, {"nov", "november"}, {"dec", "december"}}

// sourceWords are the label words of printed text: its words, and the
// month of a date such as 2024-03 (the answer says "March").
func sourceWords(s string) []string {
	ws := words(s, nil)
	for i := 0; i+7 <= len(s); i++ {
		if isDigit(s[i]) && (i == 0 || !isDigit(s[i-1])) && i+4 < len(s) && isDigit(s[i+1]) && isDigit(s[i+2]) && isDigit(s[i+3]) &&
			s[i+4] == '-' && i+6 < len(s)+0 && isDigit(s[i+5]) && isDigit(s[i+6]) && (i+7 == len(s) || !isDigit(s[i+7])) {
			if m := int(s[i+5]-'0')*10 + int(s[i+6]-'0'); m >= 1 && m <= 12 {
				ws = append(ws, monthNames[m-1][0], monthNames[m-1][1])
			}
		}
	}
	return ws
}

// quantileLabels names a line that starts with a quantile and then holds
// a figure: "0.50 127.2" is the median, p50.
func quantileLabels(line string, nums []number) []string {
	if len(nums) < 2 || strings.TrimSpace(line[:nums[0].start]) != "" {
		return nil
	}
	q := nums[0].value()
	if q <= 0 || q >= 1 || (!nums[0].percent && nums[0].decimals == 0) {
		return nil
	}
	p := int(q*100 + 0.5)
	out := []string{"p" + strconv.Itoa(p), "q" + strconv.Itoa(p)}
	switch p {
	case 50:
		out = append(out, "median")
	case 25:
		out = append(out, "quartile", "lower")
	case 75:
		out = append(out, "quartile", "upper")
	}
	return out
}

// lineTokens are the whitespace-separated tokens of a header line.
func lineTokens(line string) []token {
	var out []token
	col, start := 0, -1
	var b strings.Builder
	flush := func() {
		if start >= 0 {
			out = append(out, token{b.String(), start, col})
			b.Reset()
			start = -1
		}
	}
	for _, r := range line {
		if unicode.IsSpace(r) {
			flush()
		} else {
			if start < 0 {
				start = col
			}
			b.WriteRune(r)
		}
		col++
	}
	flush()
	return out
}

// siblingIndex (keyed by source and column) finds, for a figure, the figures beside it: same cell,
// same column, another line (figures on one line, like the fields of a
// JSON record, describe one thing).
type siblingIndex struct {
	figs map[sibKey][]*figure
	// headings are the words of each source's lines without figures
	// ("revenue by region:", a table's header): they name measures, not
	// rows, so they tell no figures apart.
	headings map[sibKey][]string
}

type sibKey struct {
	src int
	col string
}

func siblings(figs []figure, headings map[sibKey][]string) siblingIndex {
	idx := siblingIndex{figs: map[sibKey][]*figure{}, headings: headings}
	for i := range figs {
		k := sibKey{figs[i].src, figs[i].col}
		idx.figs[k] = append(idx.figs[k], &figs[i])
	}
	return idx
}

// conflict returns a word of want that names a sibling of f rather than
// f itself ("South" when f is North's figure), or "". A word of want on
// f's own row settles it for f.
func (idx siblingIndex) conflict(f *figure, want []string) string {
	if len(want) == 0 || overlaps(f.row, want) {
		return ""
	}
	heads := idx.headings[sibKey{src: f.src}]
	for _, g := range idx.figs[sibKey{f.src, f.col}] {
		if g.line == f.line || g.record || overlaps(g.row, f.row) {
			continue
		}
		for _, w := range want {
			if w != f.col && contains(g.row, w) && !contains(heads, w) {
				return w
			}
		}
	}
	return ""
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// context is the text around a claim that may name what it is about.
type context struct{ before, after string }

// clauseBreaks split the text between two claims: what comes before the
// last break belongs to the claim on the left.
var clauseBreaks = []string{",", ";", "(", ")", " and ", " but ", " while ", " whereas ", " versus ", " vs ", " vs. ",
	" compared with ", " compared to ", " against ", " than ", " ahead of ", " behind ", " above ", " below ", " from ", " to "}

// contexts finds each claim's context: the text back to the previous claim
// (or the start of the sentence), and on to the next one.
func contexts(s string, claims []number) []context {
	out := make([]context, len(claims))
	for k, n := range claims {
		lo := sentenceStart(s, n.start)
		if k > 0 && claims[k-1].end > lo {
			between := s[claims[k-1].end:n.start]
			cut := lastBreak(between)
			if cut == 0 {
				// No break: the first word is the left figure's unit
				// ("43,625 units worth $6.71M").
				cut = firstWordEnd(between)
			}
			out[k].before = between[cut:]
			out[k-1].after = between[:firstBreak(between[:cut])]
		} else {
			before := s[lo:n.start]
			out[k].before = before[lastBreak(before):]
			if len(labelsOf(out[k].before)) == 0 {
				out[k].before = before
			}
		}
		if k == len(claims)-1 || claims[k+1].start > sentenceEnd(s, n.end) {
			after := s[n.end:sentenceEnd(s, n.end)]
			out[k].after = after[:firstBreak(after)]
		}
	}
	return out
}

// firstWordEnd is the end of the first word of s.
func firstWordEnd(s string) int {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	for i < len(s) && s[i] != ' ' {
		i++
	}
	return i
}

// firstBreak is where the first clause break of s starts (len(s) if none).
func firstBreak(s string) int {
	best := len(s)
	for _, b := range clauseBreaks {
		if i := strings.Index(s, b); i >= 0 && i < best {
			best = i
		}
	}
	return best
}

func lastBreak(s string) int {
	best := 0
	for _, b := range clauseBreaks {
		if i := strings.LastIndex(s, b); i >= 0 && i+len(b) > best {
			best = i + len(b)
		}
	}
	return best
}

// sentenceStart is where the sentence holding byte i starts.
func sentenceStart(s string, i int) int {
	for j := i - 1; j > 0; j-- {
		switch s[j] {
		case '\n':
			return j + 1
		case '.', '!', '?':
			if j+1 < len(s) && (s[j+1] == ' ' || s[j+1] == '\n') {
				return j + 1
			}
		}
	}
	return 0
}

// sentenceEnd is where the sentence holding byte i ends.
func sentenceEnd(s string, i int) int {
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\n':
			return j
		case '.', '!', '?':
			if j+1 >= len(s) || s[j+1] == ' ' || s[j+1] == '\n' {
				return j
			}
		}
	}
	return len(s)
}

// labelsOf are the words of text that may be labels.
func labelsOf(text string) []string { return words(stripPossessive(text), nil) }

func stripPossessive(s string) string {
	return strings.NewReplacer("'s ", " ", "’s ", " ", "'s,", ",", "’s,", ",").Replace(s + " ")
}

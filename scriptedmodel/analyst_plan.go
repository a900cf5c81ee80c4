package scriptedmodel

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// profile is what the analyst's first cell prints about one dataset (one
// JSON line each, see profileCode).
type profile struct {
	Path    string       `json:"path"`
	Name    string       `json:"name"`
	Rows    int          `json:"rows"`
	Cols    int          `json:"cols"`
	Error   string       `json:"error,omitempty"`
	Columns []colProfile `json:"columns"`
}

// colProfile describes one column. Kind is numeric, date, categorical or
// text (free text and identifiers: too many distinct values to group by).
type colProfile struct {
	Name    string   `json:"name"`
	Dtype   string   `json:"dtype"`
	Kind    string   `json:"kind"`
	Missing int      `json:"missing"`
	Unique  int      `json:"unique"`
	Values  []string `json:"values,omitempty"` // most frequent first (categorical)
	Min     any      `json:"min,omitempty"`
	Max     any      `json:"max,omitempty"`
	Mean    *float64 `json:"mean,omitempty"`
}

// Column kinds.
const (
	kindNumeric     = "numeric"
	kindDate        = "date"
	kindCategorical = "categorical"
	kindText        = "text"
)

// Task operations.
const (
	opScalar    = "scalar"     // one aggregate of a column
	opGroup     = "group"      // an aggregate per group, ranked or listed
	opExtreme   = "extreme"    // the row(s) with the highest/lowest value
	opSeries    = "series"     // an aggregate per period, in time order
	opCorr      = "corr"       // Pearson correlation of two numeric columns
	opCountRows = "count_rows" // how many rows
	opDistinct  = "distinct"   // how many distinct values a column has
	opSummary   = "summary"    // distribution of one numeric column
	opShare     = "share"      // the filtered rows' part of a total
	opOverview  = "overview"   // the dataset as a whole
)

// task is one computation the analyst's code makes.
type task struct {
	Op       string
	Agg      string // mean, sum, count, min, max, median
	Measure  string // numeric column the aggregate is of
	By       string // group column (opGroup)
	Time     string // time column (opSeries)
	TimeKind string // kind of the time column: date, numeric or categorical
	Freq     string // resampling for a date column: D, W, M, Q, Y or "" (as is)
	X, Y     string // opCorr
	Desc     bool   // rank highest first
	Ranked   bool   // the question asks for the highest/lowest
	N        int    // top N (0: all, within a bound)
	Filters  []filter
}

// filter keeps rows whose column equals one of the values the question names.
type filter struct {
	Column string
	Values []string
}

// String renders f as "region = West" or "region in North, South".
func (f filter) String() string {
	if len(f.Values) == 1 {
		return f.Column + " = " + f.Values[0]
	}
	return f.Column + " in " + strings.Join(f.Values, ", ")
}

// String renders t compactly, e.g. "group sum(revenue) by region desc";
// tests compare plans by it.
func (t task) String() string {
	var s string
	switch t.Op {
	case opScalar, opExtreme:
		s = fmt.Sprintf("%s %s(%s)", t.Op, t.Agg, t.Measure)
	case opGroup:
		s = fmt.Sprintf("group %s(%s) by %s", t.Agg, t.Measure, t.By)
		if t.Agg == "count" {
			s = "group count by " + t.By
		}
	case opSeries:
		s = fmt.Sprintf("series %s(%s) over %s", t.Agg, t.Measure, t.Time)
		if t.Freq != "" {
			s += "/" + t.Freq
		}
		if t.By != "" {
			s += " by " + t.By
		}
	case opCorr:
		s = fmt.Sprintf("corr %s %s", t.X, t.Y)
	case opCountRows:
		s = "count_rows"
	case opDistinct:
		s = "distinct " + t.By
	case opSummary:
		s = "summary " + t.Measure
	case opShare:
		s = "share " + t.Measure
		if t.Measure == "" {
			s = "share of rows"
		}
	default:
		s = t.Op
	}
	if t.Ranked {
		s += map[bool]string{true: " desc", false: " asc"}[t.Desc]
	}
	if t.N > 0 {
		s += " top " + strconv.Itoa(t.N)
	}
	for _, f := range t.Filters {
		s += fmt.Sprintf(" where %s=%s", f.Column, strings.Join(f.Values, "|"))
	}
	return s
}

// plan is what the analyst computes for a question.
type plan struct {
	Dataset  profile
	Tasks    []task
	Notes    []string // assumptions worth telling the user
	Unmapped bool     // the question matched no computation: Tasks is an overview
}

// String renders the plan's tasks joined by "; ".
func (p plan) String() string {
	parts := make([]string, len(p.Tasks))
	for i, t := range p.Tasks {
		parts[i] = t.String()
	}
	return strings.Join(parts, "; ")
}

// Vocabulary. Words are compared after lowercasing and singularising.
var (
	aggWords = map[string]string{
		"average": "mean", "avg": "mean", "mean": "mean",
		"total": "sum", "sum": "sum",
		"median": "median",
	}
	descWords = wordSet("highest", "most", "largest", "biggest", "top", "best", "greatest", "max", "maximum", "peak")
	ascWords  = wordSet("lowest", "least", "smallest", "fewest", "bottom", "worst", "min", "minimum", "cheapest")
	// commonWords ask for the most frequent value: a count per group.
	commonWords = wordSet("common", "frequent", "popular", "often")
	trendWords  = wordSet("trend", "trended", "trending", "monthly", "daily", "weekly", "yearly", "annual", "annually", "quarterly",
		"growth", "grow", "grew", "evolve", "evolved", "evolution", "timeline", "history", "seasonality", "seasonal")
	corrWords    = wordSet("correlation", "correlate", "correlated", "correlates", "relationship", "related", "relation", "association", "vs", "versus", "against")
	groupWords   = wordSet("by", "per", "each", "every", "across", "breakdown", "compare", "among", "between", "group")
	rowWords     = wordSet("row", "record", "entry", "entries", "line", "observation", "item", "transaction", "order", "case", "event")
	summaryWords = wordSet("distribution", "histogram", "spread", "range", "statistic", "stats")
	shareWords   = wordSet("share", "percentage", "percent", "proportion", "fraction")
	// comparatives rank only values the question names ("North or South").
	compDescWords = wordSet("higher", "more", "larger", "bigger", "better", "greater")
	compAscWords  = wordSet("lower", "less", "fewer", "smaller", "worse")
	overviewWords = wordSet("describe", "summary", "summarize", "summarise", "overview", "explore")
	freqWords     = map[string]string{"daily": "D", "day": "D", "weekly": "W", "week": "W", "monthly": "M", "month": "M",
		"quarterly": "Q", "quarter": "Q", "yearly": "Y", "annual": "Y", "annually": "Y", "year": "Y"}
	numberWords = map[string]int{"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twenty": 20}
	// stopWords name columns only when the question says "column X" or quotes them.
	stopWords = wordSet("a", "an", "the", "i", "of", "in", "on", "by", "for", "and", "or", "to", "is", "it", "at", "as", "be", "do", "if",
		"no", "so", "up", "we", "what", "which", "how", "many", "much", "all", "with", "from", "was", "are", "did", "does", "per", "each")
	// weakWords name columns only when the question names no other column:
	// "total" in "total revenue" is an aggregate, not the column total.
	weakWords = wordSet("average", "avg", "mean", "total", "sum", "median", "count", "number", "value", "max", "min", "amount")
	// intensive measures are averaged, not summed, when ranking groups.
	intensiveWord = regexp.MustCompile(`price|rate|ratio|percent|pct|score|rating|age|temp|avg|average|mean|margin|share|speed|per_|index|level|probability`)
	// measureHints rank numeric columns when the question names none, most
	// likely first.
	measureHints = []string{"revenue", "sales", "amount", "total", "profit", "income", "value", "spend", "cost", "price",
		"quantity", "units", "volume", "count", "score", "balance", "salary", "weight"}
	timeName = regexp.MustCompile(`(^|_| )(date|month|year|time|day|week|quarter|period|timestamp|datetime|yr|dt)($|_| )`)
	idName   = regexp.MustCompile(`(^|_| )(id|key|code|index|no|number)$|^id`)
	// clauseSep splits a question into its parts ("…, and how did … trend?").
	clauseSep = regexp.MustCompile(`[?;!]\s*|\.\s+|,\s*and\s+|\s+and\s+(?:how|what|which|when|where|who|is|are|does|did|do|also|show|plot)\b|\s+also\s+`)
)

func wordSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[singular(w)] = true
	}
	return m
}

// singular strips a plural ending so "regions" matches "region" and
// "categories" matches "category"; both sides of a comparison go through it.
func singular(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// words splits s into lowercase singular words: letters and digits, with
// camelCase and snake_case split apart ("unitPrice" → unit, price).
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, singular(strings.ToLower(string(cur))))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]) {
				flush()
			}
			cur = append(cur, r)
		case r == '.' && len(cur) > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i+1]) && unicode.IsDigit(cur[len(cur)-1]):
			cur = append(cur, r) // a decimal number stays one word
		default:
			flush()
		}
	}
	flush()
	return out
}

// clause is one part of a question, as words.
type clause struct {
	raw   string
	words []string
}

func (c clause) has(set map[string]bool) bool {
	return slices.ContainsFunc(c.words, func(w string) bool { return set[w] })
}

// mention is a column named in a clause, at a word position.
type mention struct {
	col  colProfile
	pos  int
	len  int  // words
	weak bool // the name is also a common word; used only when nothing else fits
}

// mentions finds the columns a clause names, longest names first so
// "unit price" wins over "unit", in the order they appear.
func mentions(c clause, cols []colProfile) []mention {
	type cand struct {
		col colProfile
		ws  []string
	}
	var cands []cand
	for _, col := range cols {
		if ws := words(col.Name); len(ws) > 0 {
			cands = append(cands, cand{col, ws})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return len(b.ws) - len(a.ws) })
	used := make([]bool, len(c.words))
	var out []mention
	for _, cd := range cands {
		for i := 0; i+len(cd.ws) <= len(c.words); i++ {
			if !slices.Equal(c.words[i:i+len(cd.ws)], cd.ws) || slices.Contains(used[i:i+len(cd.ws)], true) {
				continue
			}
			named := i > 0 && c.words[i-1] == "column" || quoted(c.raw, cd.col.Name)
			if len(cd.ws) == 1 && stopWords[cd.ws[0]] && !named {
				continue // "a" in "a region" is not column a
			}
			weak := len(cd.ws) == 1 && weakWords[cd.ws[0]] && !named
			for j := i; j < i+len(cd.ws); j++ {
				used[j] = true
			}
			out = append(out, mention{col: cd.col, pos: i, len: len(cd.ws), weak: weak})
			break
		}
	}
	slices.SortStableFunc(out, func(a, b mention) int { return a.pos - b.pos })
	return out
}

// quoted reports whether name appears in quotes or backticks in s.
func quoted(s, name string) bool {
	s = strings.ToLower(s)
	name = strings.ToLower(name)
	for _, q := range []string{`"`, `'`, "`", "“"} {
		closing := q
		if q == "“" {
			closing = "”"
		}
		if strings.Contains(s, q+name+closing) {
			return true
		}
	}
	return false
}

// isTime reports whether a column holds times: parsed dates, or a name
// like month or year.
func isTime(c colProfile) bool {
	return c.Kind == kindDate || timeName.MatchString(strings.ToLower(c.Name))
}

// isID reports whether a numeric column is an identifier, not a measure.
func isID(c colProfile) bool {
	return idName.MatchString(strings.ToLower(c.Name))
}

// planFor maps a question onto the best-matching dataset. It never fails:
// a question it cannot map gets an overview, with Unmapped set.
func planFor(question string, profiles []profile) plan {
	var loaded []profile
	for _, p := range profiles {
		if p.Error == "" && len(p.Columns) > 0 {
			loaded = append(loaded, p)
		}
	}
	if len(loaded) == 0 {
		return plan{Unmapped: true}
	}
	// The dataset whose columns the question names most; the first on a tie.
	whole := clause{raw: question, words: words(question)}
	best, bestN := loaded[0], -1
	for _, p := range loaded {
		if n := len(mentions(whole, p.Columns)); n > bestN {
			best, bestN = p, n
		}
	}
	pl := plan{Dataset: best}
	if len(loaded) > 1 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("I used %s, the dataset whose columns the question names most (of %d datasets).", best.Name, len(loaded)))
	}
	var prev *task
	for _, part := range clauseSep.Split(question, -1) {
		c := clause{raw: part, words: words(part)}
		if len(c.words) == 0 {
			continue
		}
		t, ok := taskFor(c, best, prev, &pl.Notes)
		if !ok {
			continue
		}
		pl.Tasks = append(pl.Tasks, t)
		prev = &pl.Tasks[len(pl.Tasks)-1]
	}
	if len(pl.Tasks) == 0 {
		pl.Unmapped = true
		pl.Tasks = []task{{Op: opOverview}}
	}
	return pl
}

// taskFor maps one clause; prev is the previous clause's task, whose
// measure a clause without one inherits ("… and how did it trend?").
func taskFor(c clause, p profile, prev *task, notes *[]string) (task, bool) {
	ms := mentions(c, p.Columns)
	filters := filtersFor(c, p)
	// "in the West region" names a value of region: a filter, not a group.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		return slices.ContainsFunc(filters, func(f filter) bool { return f.Column == m.col.Name })
	})
	var numeric, categorical, times []colProfile
	covered := make(map[int]bool)              // word positions that name a column
	for _, pass := range []bool{false, true} { // strong mentions, then weak ones of a kind none named
		strong := [3]int{len(times), len(numeric), len(categorical)}
		for _, m := range ms {
			if m.weak != pass {
				continue
			}
			if pass && (isTime(m.col) && strong[0] > 0 || !isTime(m.col) && m.col.Kind == kindNumeric && strong[1] > 0 ||
				!isTime(m.col) && m.col.Kind != kindNumeric && strong[2] > 0) {
				continue
			}
			for j := m.pos; j < m.pos+m.len; j++ {
				covered[j] = true
			}
			switch {
			case isTime(m.col):
				times = append(times, m.col)
			case m.col.Kind == kindNumeric:
				numeric = append(numeric, m.col)
			case m.col.Kind == kindCategorical || m.col.Kind == kindText:
				categorical = append(categorical, m.col)
			}
		}
	}
	agg := ""
	for i, w := range c.words {
		if a := aggWords[w]; a != "" && agg == "" && !covered[i] {
			agg = a
		}
	}
	// Two or more values of one column compare them: a group over those values.
	compare := ""
	for _, f := range filters {
		if len(f.Values) > 1 && compare == "" {
			compare = f.Column
		}
	}
	desc, asc := c.has(descWords), c.has(ascWords)
	if compare != "" {
		desc, asc = desc || c.has(compDescWords), asc || c.has(compAscWords)
	}
	ranked := desc || asc || c.has(commonWords)
	howMany := containsSeq(c.words, "how", "many") || containsSeq(c.words, "number", "of") || slices.Contains(c.words, "count")
	if (ranked || howMany) && agg == "" {
		// "the most orders" counts rows even when an order id column is named.
		numeric = slices.DeleteFunc(numeric, func(col colProfile) bool {
			ws := words(col.Name)
			return len(ws) == 1 && rowWords[ws[0]]
		})
	}
	for i, w := range c.words {
		if agg == "" && !ranked && covered[i] && aggWords[w] != "" {
			agg = aggWords[w] // "what is the total?" of a column named total
		}
	}
	trend := c.has(trendWords) || containsSeq(c.words, "over", "time") || containsSeq(c.words, "change", "over")
	n := topN(c.words)
	if n > 0 {
		ranked = true
	}
	t := task{Desc: !asc || desc && firstIndex(c.words, descWords) < firstIndex(c.words, ascWords), Filters: filters, N: n}
	if compare != "" && desc && asc {
		t.Desc = firstIndex(c.words, compDescWords) < firstIndex(c.words, compAscWords)
	}

	measure := func() (string, bool) {
		if len(numeric) > 0 {
			return numeric[0].Name, true
		}
		if prev != nil && prev.Measure != "" {
			return prev.Measure, true
		}
		if m := plausibleMeasure(p); m != "" {
			*notes = append(*notes, fmt.Sprintf("The question names no numeric column; I took %s.", m))
			return m, true
		}
		return "", false
	}
	aggFor := func(col string) string {
		if agg != "" {
			return agg
		}
		if intensiveWord.MatchString(strings.ToLower(col)) {
			return "mean"
		}
		return "sum"
	}

	switch {
	// A correlation: two numeric columns and a word that asks how they relate.
	case c.has(corrWords) && (len(numeric) >= 2 || slices.Contains(c.words, "correlation") || slices.Contains(c.words, "correlate") || slices.Contains(c.words, "correlated")):
		cols := append([]colProfile(nil), numeric...)
		for _, col := range p.Columns {
			if len(cols) >= 2 {
				break
			}
			if col.Kind == kindNumeric && !isID(col) && !isTime(col) && !slices.ContainsFunc(cols, func(x colProfile) bool { return x.Name == col.Name }) {
				cols = append(cols, col)
			}
		}
		if len(cols) < 2 {
			*notes = append(*notes, "A correlation needs two numeric columns; this dataset has fewer.")
			return task{}, false
		}
		return task{Op: opCorr, X: cols[0].Name, Y: cols[1].Name, Filters: filters}, true

	// A time series: a time column, and a word for change over time or a
	// "by month" without a ranking ("which month had the most" is a ranking).
	// A category named too splits the series ("monthly revenue by region").
	case len(times) > 0 && !ranked || trend && timeColumn(p) != nil && !ranked:
		tc := timeColumn(p)
		if len(times) > 0 {
			tc = &times[0]
		}
		t.Op, t.Time, t.Ranked, t.N = opSeries, tc.Name, false, 0
		if len(categorical) > 0 {
			t.By = categorical[0].Name
		}
		t.TimeKind = tc.Kind
		if tc.Kind == kindDate {
			for _, w := range c.words {
				if f := freqWords[w]; f != "" && !strings.EqualFold(w, tc.Name) {
					t.Freq = f
					break
				}
			}
			if t.Freq == "" {
				t.Freq = defaultFreq(*tc)
			}
		}
		m, ok := measure()
		if !ok || howMany && len(numeric) == 0 {
			t.Agg, t.Measure = "count", ""
			return t, true
		}
		t.Measure, t.Agg = m, aggFor(m)
		return t, true

	case trend && timeColumn(p) == nil && !ranked && agg == "":
		*notes = append(*notes, "The question asks about a trend, but no column holds dates, months or years.")
		return task{}, false

	// A correlation word without columns enough was handled above; a
	// distribution of one column.
	case c.has(summaryWords) && len(numeric) > 0:
		return task{Op: opSummary, Measure: numeric[0].Name, Filters: filters}, true

	// A part of a whole: "what share of revenue comes from the West".
	case c.has(shareWords) && len(filters) > 0 && compare == "":
		t := task{Op: opShare, Filters: filters}
		if len(numeric) > 0 {
			t.Measure = numeric[0].Name
		}
		return t, true

	// How many rows.
	case howMany && len(numeric) == 0 && len(categorical) == 0 && len(times) == 0 || howMany && c.has(rowWords) && len(categorical) == 0:
		return task{Op: opCountRows, Filters: filters}, true

	// A group: a categorical column named (or a time column in a ranking),
	// or "per …", "across …" with an aggregate and a plausible group.
	case len(categorical) > 0 || compare != "" || len(times) > 0 && ranked || (ranked || agg != "") && c.has(groupWords) && plausibleGroup(p, filters) != "":
		var by string
		switch {
		case len(categorical) > 0:
			by = categorical[0].Name
		case compare != "":
			by = compare
		case len(times) > 0:
			by = times[0].Name
		default:
			by = plausibleGroup(p, filters)
			*notes = append(*notes, fmt.Sprintf("The question names no column to group by; I grouped by %s.", by))
		}
		t.Op, t.By, t.Ranked = opGroup, by, ranked
		if len(numeric) == 0 && agg == "" {
			switch {
			case c.has(commonWords) || howMany && c.has(groupWords) || ranked && c.has(rowWords) || ranked && plausibleMeasure(p) == "":
				t.Agg = "count" // "most common product", "how many rows per region", "the most orders"
				return t, true
			case ranked:
				// "Which region sells most?": a ranking of the likeliest measure (measure() says which).
			case !c.has(groupWords) || howMany:
				return task{Op: opDistinct, By: by, Filters: filters}, true // "how many regions are there"
			}
		}
		m, ok := measure()
		if !ok {
			t.Agg = "count"
			return t, true
		}
		t.Measure, t.Agg = m, aggFor(m)
		return t, true

	// One figure of a numeric column.
	case agg != "" || ranked || howMany && len(numeric) > 0:
		m, ok := measure()
		if !ok {
			return task{Op: opCountRows, Filters: filters}, true
		}
		t.Measure = m
		switch {
		case agg != "":
			t.Op, t.Agg = opScalar, agg
		case howMany:
			t.Op, t.Agg = opScalar, "sum" // "how many units were sold"
		default:
			t.Op, t.Ranked = opExtreme, true
			t.Agg = map[bool]string{true: "max", false: "min"}[t.Desc]
		}
		if t.Op == opScalar {
			t.Ranked, t.N = false, 0
		}
		return t, true

	case c.has(overviewWords):
		return task{Op: opOverview}, true
	}
	return task{}, false
}

// filtersFor finds categorical values the clause names ("in the West").
func filtersFor(c clause, p profile) []filter {
	var out []filter
	for _, col := range p.Columns {
		if col.Kind != kindCategorical && col.Kind != kindDate {
			continue
		}
		for _, v := range col.Values {
			vw := words(v)
			if len([]rune(v)) >= 40 {
				continue // maybe cut short by the profile: it would match no row
			}
			if len(vw) == 0 || len(vw) == 1 && (len(vw[0]) < 2 || stopWords[vw[0]] || weakWords[vw[0]]) {
				continue // "total revenue" filters nothing, even where a row is labelled Total
			}
			if _, err := strconv.ParseFloat(v, 64); err == nil {
				continue // a bare number in a question is a quantity, not a value
			}
			if containsSeq(c.words, vw...) {
				if len(out) == 0 || out[len(out)-1].Column != col.Name {
					out = append(out, filter{Column: col.Name})
				}
				out[len(out)-1].Values = append(out[len(out)-1].Values, v)
			}
		}
	}
	return out
}

// plausibleMeasure is the numeric column a question most likely means when it
// names none: one whose name says money or amount, else the first that is
// not an identifier or a time.
func plausibleMeasure(p profile) string {
	var cands []string
	for _, c := range p.Columns {
		if c.Kind == kindNumeric && !isID(c) && !isTime(c) {
			cands = append(cands, c.Name)
		}
	}
	for _, h := range measureHints {
		for _, c := range cands {
			if strings.Contains(strings.ToLower(c), h) {
				return c
			}
		}
	}
	if len(cands) > 0 {
		return cands[0]
	}
	return ""
}

// plausibleGroup is the categorical column with the fewest distinct values
// above one that no filter pins, preferring earlier columns on a tie.
func plausibleGroup(p profile, filters []filter) string {
	best, bestU := "", 0
	for _, c := range p.Columns {
		if c.Kind != kindCategorical || c.Unique < 2 || isTime(c) || slices.ContainsFunc(filters, func(f filter) bool { return f.Column == c.Name }) {
			continue
		}
		if best == "" || c.Unique < bestU {
			best, bestU = c.Name, c.Unique
		}
	}
	return best
}

// timeColumn is the first column that holds times, preferring parsed dates.
func timeColumn(p profile) *colProfile {
	var byName *colProfile
	for i, c := range p.Columns {
		if c.Kind == kindDate {
			return &p.Columns[i]
		}
		if byName == nil && isTime(c) {
			byName = &p.Columns[i]
		}
	}
	return byName
}

// yearMonth matches dates that are months ("2024-03"); yearOf reads a date's year.
var (
	yearMonth = regexp.MustCompile(`^\d{4}[-/.]\d{1,2}$`)
	yearOf    = regexp.MustCompile(`^(\d{4})[-/.]|[-/.](\d{4})(\D|$)`)
)

// defaultFreq is how a date column is bucketed when the question does not
// say: by month when its values are months, by month or year when there are
// too many dates to plot one by one, else not at all.
func defaultFreq(c colProfile) string {
	lo, _ := c.Min.(string)
	hi, _ := c.Max.(string)
	if yearMonth.MatchString(lo) && yearMonth.MatchString(hi) {
		return "M"
	}
	if c.Unique <= 60 {
		return ""
	}
	year := func(s string) int {
		m := yearOf.FindStringSubmatch(s)
		if m == nil {
			return 0
		}
		y, _ := strconv.Atoi(m[1] + m[2])
		return y
	}
	if y0, y1 := year(lo), year(hi); y0 > 0 && y1-y0 >= 5 {
		return "Y"
	}
	return "M"
}

// topN reads "top 5", "5 highest", "bottom three".
func topN(ws []string) int {
	num := func(w string) int {
		if n, ok := numberWords[w]; ok {
			return n
		}
		if n, err := strconv.Atoi(w); err == nil && n > 0 && n <= 20 { // a bigger number is a quantity
			return n
		}
		return 0
	}
	for i, w := range ws {
		if (w == "top" || w == "bottom" || w == "first") && i+1 < len(ws) {
			if n := num(ws[i+1]); n > 0 {
				return n
			}
		}
		if (descWords[w] || ascWords[w]) && i > 0 {
			if n := num(ws[i-1]); n > 0 {
				return n
			}
		}
	}
	return 0
}

func containsSeq(ws []string, seq ...string) bool {
	for i := 0; i+len(seq) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(seq)], seq) {
			return true
		}
	}
	return false
}

func firstIndex(ws []string, set map[string]bool) int {
	for i, w := range ws {
		if set[w] {
			return i
		}
	}
	return len(ws)
}

package scriptedmodel

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// analystNote ends every answer, so no reader mistakes it for a model's.
const analystNote = "(Offline analyst: deterministic rules, not a language model. It answers only from the figures its pandas code printed; set OPENAI_API_KEY to use a language model.)"

// result is one line the analysis cell printed (see taskCode); fields are
// filled by task type.
type result struct {
	Task   int      `json:"task"`
	Type   string   `json:"type"`
	Rows   int      `json:"rows"`
	Where  []string `json:"where"`
	Error  string   `json:"error"`
	Agg    string   `json:"agg"`
	Column string   `json:"column"`
	By     string   `json:"by"`
	Cond   string   `json:"cond"` // a group share's condition
	Time   string   `json:"time"`
	Freq   string   `json:"freq"`
	Group  *string  `json:"group"` // the series' category value when split by By
	X, Y   string
	Over   string           `json:"over"` // the column whose total divides Column's
	Value  *float64         `json:"value"`
	Count  int              `json:"count"`
	Total  *float64         `json:"total"`
	Part   *float64         `json:"part"`
	Whole  *float64         `json:"whole"`
	Groups int              `json:"groups"`
	Ranked bool             `json:"ranked"`
	Row    []any            `json:"row"` // a group's single extreme value: [group, value]
	Values [][]any          `json:"values"`
	Top    []map[string]any `json:"top"`
	N      int              `json:"n"`
	Points [][]any          `json:"points"`
	First  []any            `json:"first"`
	Last   []any            `json:"last"`
	Max    []any            `json:"max"`
	Min    []any            `json:"min"`
	Slope  *float64         `json:"slope"`
	// ChangePct is the change from the first to the last point, in per
	// cent of the first, as the code printed it (the answer quotes it).
	ChangePct *float64            `json:"change_pct"`
	Mean      *float64            `json:"mean"`
	PerPeriod bool                `json:"per_period"` // the mean over the periods is the answer
	R         *float64            `json:"r"`
	Stats     map[string]*float64 `json:"stats"`
	Skew      *float64            `json:"skew"`
	// ColStats is an overview's mean, min and max per numeric column.
	ColStats map[string]map[string]*float64 `json:"colstats"`
	Cols     []struct {
		Name    string `json:"name"`
		Dtype   string `json:"dtype"`
		Missing int    `json:"missing"`
	} `json:"cols"`
}

// markedLines returns the JSON after marker on each line of out that starts with it.
func markedLines(out, marker string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimRight(l, "\r"), marker); ok {
			lines = append(lines, rest)
		}
	}
	return lines
}

// parseMarked decodes the JSON after marker on each line of out, keeping
// the values keep accepts; a line cut short by truncation is skipped.
func parseMarked[T any](out, marker string, keep func(T) bool) []T {
	var vs []T
	for _, l := range markedLines(out, marker) {
		var v T
		if json.Unmarshal([]byte(l), &v) == nil && keep(v) {
			vs = append(vs, v)
		}
	}
	return vs
}

func parseProfiles(out string) []profile {
	return parseMarked(out, profileMarker, func(p profile) bool { return p.Path != "" })
}

func parseResults(out string) []result {
	return parseMarked(out, resultMarker, func(r result) bool { return r.Task > 0 })
}

// answerText writes the answer from the analysis cell's output for plan pl.
func answerText(pl plan, out string) string {
	var b strings.Builder
	results := parseResults(out)
	switch {
	case pl.Unmapped && pl.Refusal != "":
		fmt.Fprintf(&b, "I cannot answer that question from the columns of %s: %s. %s\n\nHere is an overview of %s instead, with a chart.\n\n",
			pl.Dataset.Name, pl.Refusal, capabilitiesFor(pl.Dataset, nil), pl.Dataset.Name)
	case pl.Unmapped:
		why := ""
		if len(pl.Unmatched) > 0 {
			why = ": " + strings.Join(pl.Unmatched, "; ")
		}
		fmt.Fprintf(&b, "I could not map the question to a computation, so I cannot answer it from the columns of %s%s. %s\n\nHere is an overview of %s instead, with a chart.\n\n",
			pl.Dataset.Name, why, capabilitiesFor(pl.Dataset, nil), pl.Dataset.Name)
	}
	for _, r := range results {
		b.WriteString(sentence(r, pl.Dataset))
		b.WriteString("\n")
	}
	for _, d := range pl.Derived {
		fmt.Fprintf(&b, "\nNo column holds %s, so I computed it per row as `%s`.\n", d.Name, d.Formula)
	}
	if len(results) < len(pl.Tasks) {
		if e := cellError(out); e != "" {
			fmt.Fprintf(&b, "The analysis code failed, so I have no figures for it: %s\n", e)
		} else {
			fmt.Fprintf(&b, "The analysis code printed %d of the %d results I expected; its output was: %s\n", len(results), len(pl.Tasks), excerpt(out, 300))
		}
	}
	for _, n := range pl.Notes {
		b.WriteString("\n" + n)
	}
	return finish(b.String())
}

// finish trims text and appends the note that says what wrote it.
func finish(text string) string {
	return strings.TrimSpace(text) + "\n\n" + analystNote
}

// cellError is the last line of the error part of a cell's output, e.g.
// "KeyError: 'revenue'".
func cellError(out string) string {
	_, tb, ok := strings.Cut(out, "[error]\n")
	if !ok {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(tb), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "[") {
			return l
		}
	}
	return ""
}

// sentence states one result, naming its column and figure.
func sentence(r result, ds profile) string {
	where := ""
	if len(r.Where) > 0 {
		where = " where " + strings.Join(r.Where, " and ")
	}
	switch r.Type {
	case "error":
		return fmt.Sprintf("Computation %d failed: %s.", r.Task, r.Error)
	case opScalar, opShare:
		if r.Over != "" {
			return ratioSentence(r, where)
		}
	}
	switch r.Type {
	case opScalar:
		if r.Value == nil {
			return fmt.Sprintf("The %s of %s%s could not be computed: it has no numeric values in %d rows.", aggName(r.Agg), r.Column, where, r.Rows)
		}
		return fmt.Sprintf("The %s of %s%s is %s (over %s values).", aggName(r.Agg), r.Column, where, num(*r.Value), num(float64(r.Count)))
	case opSummary:
		s := func(k string) string {
			if v := r.Stats[k]; v != nil {
				return num(*v)
			}
			return "n/a"
		}
		spread := ""
		if lo, hi := r.Stats["min"], r.Stats["max"]; lo != nil && hi != nil {
			spread = " (a range of " + num(*hi-*lo) + ")" // "the spread between the heaviest and the lightest"
		}
		text := fmt.Sprintf("%s%s: mean %s, median %s, standard deviation %s, minimum %s, maximum %s%s, over %s values.",
			r.Column, where, s("mean"), s("50%"), s("std"), s("min"), s("max"), spread, s("count"))
		if r.Skew != nil && math.Abs(*r.Skew) > 1 {
			text += map[bool]string{true: " The distribution is skewed to the right.", false: " The distribution is skewed to the left."}[*r.Skew > 0]
		}
		return text
	case opExtreme:
		if len(r.Top) == 0 {
			return fmt.Sprintf("%s has no numeric values%s.", r.Column, where)
		}
		word := map[string]string{"max": "highest", "min": "lowest"}[r.Agg]
		if r.N <= 1 || len(r.Top) == 1 {
			return fmt.Sprintf("The %s %s%s is %s, in the row with %s.", word, r.Column, where, value(r.Top[0][r.Column]), rowText(r.Top[0], ds, r.Column))
		}
		parts := make([]string, 0, len(r.Top))
		for _, row := range r.Top {
			parts = append(parts, fmt.Sprintf("%s (%s)", value(row[r.Column]), rowText(row, ds, r.Column)))
		}
		return fmt.Sprintf("The %d rows with the %s %s%s: %s.", len(r.Top), word, r.Column, where, strings.Join(parts, "; "))
	case opGroup:
		// A filter on the group column itself ("North or South") shows in the list.
		var ws []string
		for _, w := range r.Where {
			if !strings.HasPrefix(w, r.By+" ") {
				ws = append(ws, w)
			}
		}
		where = ""
		if len(ws) > 0 {
			where = " where " + strings.Join(ws, " and ")
		}
		return groupSentence(r, where)
	case opSeries:
		return seriesSentence(r, where)
	case opCorr:
		if r.R == nil {
			return fmt.Sprintf("The correlation between %s and %s could not be computed from %d rows with both values.", r.X, r.Y, r.N)
		}
		return fmt.Sprintf("The correlation between %s and %s%s is r = %s over %d rows: %s.", r.X, r.Y, where, strconv.FormatFloat(*r.R, 'f', 3, 64), r.N, strength(*r.R))
	case opShare:
		if r.Value == nil {
			return fmt.Sprintf("The share%s could not be computed: the total is zero or empty.", where)
		}
		pct := strconv.FormatFloat(*r.Value, 'f', 1, 64) + "%"
		switch {
		case r.Cond != "" && r.Column == "" && where == "":
			return fmt.Sprintf("%s of %s rows (%s) have %s.", num(deref(r.Part, 0)), num(deref(r.Whole, 0)), pct, r.Cond)
		case r.Cond != "" && r.Column == "":
			return fmt.Sprintf("%s of the %s rows with %s (%s) have %s.", num(deref(r.Part, 0)), num(deref(r.Whole, 0)), strings.Join(r.Where, " and "), pct, r.Cond)
		case r.Cond != "":
			return fmt.Sprintf("Rows with %s account for %s of the total %s%s: %s of %s.", r.Cond, pct, r.Column, where, num(deref(r.Part, 0)), num(deref(r.Whole, 0)))
		}
		if r.Column == "" {
			return fmt.Sprintf("%s of %s rows (%s) have %s.", num(deref(r.Part, 0)), num(deref(r.Whole, 0)), pct, strings.Join(r.Where, " and "))
		}
		return fmt.Sprintf("Rows with %s account for %s of the total %s: %s of %s.", strings.Join(r.Where, " and "), pct, r.Column, num(deref(r.Part, 0)), num(deref(r.Whole, 0)))
	case opCountRows:
		if where == "" {
			return fmt.Sprintf("%s has %s rows.", ds.Name, num(deref(r.Value, 0)))
		}
		return fmt.Sprintf("%s of %s rows have %s.", num(deref(r.Value, 0)), num(deref(r.Total, 0)), strings.Join(r.Where, " and "))
	case opDistinct:
		parts := make([]string, 0, len(r.Values))
		for _, kv := range r.Values {
			parts = append(parts, fmt.Sprintf("%s (%s rows)", label(kv), value(kv[1])))
		}
		empty := ""
		if r.Count > 0 {
			empty = fmt.Sprintf("; %s rows leave it empty", num(float64(r.Count)))
			if r.Count == 1 {
				empty = "; 1 row leaves it empty"
			}
		}
		// "How many operatives came back non-negative": the people, and
		// the rows they are in, which a person may be in twice.
		rows := ""
		if where != "" && r.Total != nil {
			rows = fmt.Sprintf(", in %s rows", num(*r.Total))
		}
		return fmt.Sprintf("There are %s distinct values of %s%s%s (rows of each, most first: %s%s).", num(deref(r.Value, 0)), r.Column, where, rows, strings.Join(parts, ", "), empty)
	case opOverview:
		return overviewSentence(r, ds)
	}
	return ""
}

// ratioSentence states one column's total over another's: "The total of
// checkpoints_scanned is 93.8% of the total of checkpoints_total: 2,078
// of 2,216 (over 230 rows with both)."
func ratioSentence(r result, where string) string {
	if r.Value == nil {
		return fmt.Sprintf("The total of %s over the total of %s%s could not be computed: the total of %s is zero or empty.", r.Column, r.Over, where, r.Over)
	}
	part, whole := num(deref(r.Part, 0)), num(deref(r.Whole, 0))
	if r.Type == opShare {
		return fmt.Sprintf("The total of %s%s is %s of the total of %s: %s of %s (over %s rows with both).", r.Column, where, pct(*r.Value), r.Over, part, whole, num(float64(r.Count)))
	}
	return fmt.Sprintf("The total of %s over the total of %s%s is %s: %s / %s (over %s rows with both).", r.Column, r.Over, where, num(*r.Value), part, whole, num(float64(r.Count)))
}

func groupSentence(r result, where string) string {
	if len(r.Values) == 0 {
		return fmt.Sprintf("There are no rows%s to group by %s.", where, r.By)
	}
	what := r.Column
	unit := ""
	switch r.Agg {
	case "count":
		what = "rows"
	case "sum":
	case "share":
		what, unit = "share of rows with "+r.Cond, "%"
	default:
		what = aggName(r.Agg) + " " + r.Column
	}
	list := func(kvs [][]any) string {
		parts := make([]string, 0, len(kvs))
		for _, kv := range kvs {
			v := value(kv[1])
			if unit == "%" {
				v = pct(asFloat(kv[1]))
			}
			parts = append(parts, label(kv)+" "+v)
		}
		return strings.Join(parts, ", ")
	}
	desc := len(r.Values) < 2 || asFloat(r.Values[0][1]) >= asFloat(r.Values[len(r.Values)-1][1])
	word := map[bool]string{true: "highest", false: "lowest"}[desc]
	switch {
	case !r.Ranked:
		more := ""
		if r.Groups > len(r.Values) {
			more = fmt.Sprintf(" (the first %d of %d)", len(r.Values), r.Groups)
		}
		switch r.Agg {
		case "count":
			return fmt.Sprintf("Rows per %s%s%s: %s.", r.By, where, more, list(r.Values))
		case "share":
			return fmt.Sprintf("Share of rows with %s by %s%s%s: %s.", r.Cond, r.By, where, more, list(r.Values))
		}
		return fmt.Sprintf("%s by %s%s%s: %s.", capitalize(aggName(r.Agg)+" "+r.Column), r.By, where, more, list(r.Values))
	case r.N > 1:
		return fmt.Sprintf("The %s %d %s by %s%s: %s.", map[bool]string{true: "top", false: "bottom"}[desc], len(r.Values), plural(r.By), what, where, list(r.Values))
	}
	top := r.Values[0]
	var s string
	if r.Agg == "count" {
		s = fmt.Sprintf("%s is the %s %s%s: %s rows", topLabel(top), map[bool]string{true: "most common", false: "least common"}[desc], r.By, where, value(top[1]))
	} else {
		v := value(top[1])
		if unit == "%" {
			v = pct(asFloat(top[1]))
		}
		s = fmt.Sprintf("%s had the %s %s%s: %s", topLabel(top), word, what, where, v)
		if r.Agg == "sum" && r.Total != nil {
			s += fmt.Sprintf(" in total, of %s", num(*r.Total))
		}
	}
	s += fmt.Sprintf(" across %d %s", r.Groups, plural(r.By))
	if len(r.Values) > 1 {
		s += " (then " + list(r.Values[1:]) + ")"
	}
	if len(r.Row) == 2 {
		s += fmt.Sprintf(". The single %s %s is %s, in a row with %s %s", word, r.Column, value(r.Row[1]), r.By, label(r.Row))
	}
	return s + "."
}

func seriesSentence(r result, where string) string {
	if len(r.First) < 2 || len(r.Last) < 2 {
		return fmt.Sprintf("There are no values of %s over %s%s.", r.Column, r.Time, where)
	}
	what := aggName(r.Agg) + " " + r.Column
	if r.Agg == "count" {
		what = "The number of rows"
	} else {
		what = capitalize(what)
	}
	first, last := asFloat(r.First[1]), asFloat(r.Last[1])
	if r.Group != nil {
		where = fmt.Sprintf(" for %s %s", r.By, *r.Group) + where
	}
	s := fmt.Sprintf("%s per %s%s went from %s in %s to %s in %s", what, r.Time, where, value(r.First[1]), label(r.First), value(r.Last[1]), label(r.Last))
	if r.PerPeriod && r.Mean != nil {
		// "The average number of washes per day": the mean of the periods' figures leads.
		period := strings.TrimSuffix(periods(r.Freq, r.Time), "s")
		lead := fmt.Sprintf("On average there are %s rows per %s%s (over %d %s of %s). ", num(*r.Mean), period, where, r.N, periods(r.Freq, r.Time), r.Time)
		if r.Agg != "count" {
			lead = fmt.Sprintf("On average, the %s per %s%s is %s (over %d %s of %s). ", strings.ToLower(what[:1])+what[1:], period, where, num(*r.Mean), r.N, periods(r.Freq, r.Time), r.Time)
		}
		s = lead + s
	}
	switch {
	case r.ChangePct != nil:
		s += fmt.Sprintf(" (%+.1f%%)", *r.ChangePct)
	case first != 0:
		s += fmt.Sprintf(" (%+.1f%%)", (last-first)/math.Abs(first)*100)
	}
	trend := "no clear trend"
	if r.Slope != nil && r.Mean != nil && *r.Mean != 0 && r.N > 1 {
		rel := *r.Slope * float64(r.N-1) / math.Abs(*r.Mean)
		switch {
		case rel > 0.05:
			trend = "an upward trend"
		case rel < -0.05:
			trend = "a downward trend"
		default:
			trend = "a roughly flat trend"
		}
	}
	s += fmt.Sprintf(": %s over %d %s", trend, r.N, periods(r.Freq, r.Time))
	if len(r.Max) == 2 && len(r.Min) == 2 {
		s += fmt.Sprintf("; highest %s in %s, lowest %s in %s", value(r.Max[1]), label(r.Max), value(r.Min[1]), label(r.Min))
	}
	// A few periods are all stated: "the total weight by month" asks for each.
	if n := len(r.Points); n > 2 && n <= 12 {
		parts := make([]string, len(r.Points))
		for i, kv := range r.Points {
			parts[i] = label(kv) + " " + value(kv[1])
		}
		s += ". Each of the " + periods(r.Freq, r.Time) + ": " + strings.Join(parts, ", ")
	}
	return s + "."
}

func overviewSentence(r result, ds profile) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s has %s rows and %d columns:", ds.Name, num(float64(r.Rows)), len(r.Cols))
	var missing []string
	for i, c := range r.Cols {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s %s (%s)", sep, c.Name, c.Dtype)
		if c.Missing > 0 {
			missing = append(missing, fmt.Sprintf("%s %d", c.Name, c.Missing))
		}
	}
	b.WriteString(". Missing values: ")
	if len(missing) == 0 {
		b.WriteString("none.")
	} else {
		b.WriteString(strings.Join(missing, ", ") + ".")
	}
	var avgs []string
	for _, c := range r.Cols {
		if st, ok := r.ColStats[c.Name]; ok && st != nil {
			avgs = append(avgs, fmt.Sprintf("%s %s (from %s to %s)", c.Name, num(deref(st["mean"], math.NaN())), num(deref(st["min"], math.NaN())), num(deref(st["max"], math.NaN()))))
		}
	}
	if len(avgs) > 0 {
		b.WriteString(" Averages: " + strings.Join(avgs, "; ") + ".")
	}
	return b.String()
}

// rowText describes a row by its other columns, in the dataset's order.
func rowText(row map[string]any, ds profile, skip string) string {
	var parts []string
	for _, c := range ds.Columns {
		if v, ok := row[c.Name]; ok && c.Name != skip && len(parts) < 6 {
			parts = append(parts, c.Name+" "+value(v))
		}
	}
	return strings.Join(parts, ", ")
}

func aggName(agg string) string {
	if len(agg) > 1 && agg[0] == 'p' && isDigits(agg[1:]) {
		return ordinalName(agg[1:]) + " percentile"
	}
	switch agg {
	case "std":
		return "standard deviation"
	case "var":
		return "variance"
	case "iqr":
		return "interquartile range"
	case "nunique":
		return "number of distinct values of"
	case "mean":
		return "average"
	case "sum":
		return "total"
	case "min":
		return "minimum"
	case "max":
		return "maximum"
	}
	return agg
}

// ordinalName writes a number as an ordinal: 90 → 90th, 1 → 1st.
func ordinalName(n string) string {
	switch {
	case strings.HasSuffix(n, "11") || strings.HasSuffix(n, "12") || strings.HasSuffix(n, "13"):
		return n + "th"
	case strings.HasSuffix(n, "1"):
		return n + "st"
	case strings.HasSuffix(n, "2"):
		return n + "nd"
	case strings.HasSuffix(n, "3"):
		return n + "rd"
	}
	return n + "th"
}

// pct writes a percentage to one decimal.
func pct(v float64) string {
	return strconv.FormatFloat(v, 'f', 1, 64) + "%"
}

func strength(r float64) string {
	a := math.Abs(r)
	dir := map[bool]string{true: "positive", false: "negative"}[r > 0]
	switch {
	case a < 0.1:
		return "practically no linear relationship"
	case a < 0.3:
		return "a weak " + dir + " relationship"
	case a < 0.7:
		return "a moderate " + dir + " relationship"
	}
	return "a strong " + dir + " relationship"
}

func plural(w string) string {
	switch {
	case strings.HasSuffix(w, "s"):
		return w
	case strings.HasSuffix(w, "y") && !strings.HasSuffix(w, "ay") && !strings.HasSuffix(w, "ey"):
		return w[:len(w)-1] + "ies"
	}
	return w + "s"
}

// label is the first element of a [key, value] pair as text.
// topLabel is the label of a ranking's top group, with the month's name
// when the group is a month ("2024-08 (August)"): which month won is
// what the question asked.
func topLabel(kv []any) string {
	l := label(kv)
	if t, err := time.Parse("2006-01", l); err == nil && len(l) == 7 {
		return fmt.Sprintf("%s (%s)", l, t.Month())
	}
	return l
}

func label(kv []any) string {
	if len(kv) == 0 {
		return ""
	}
	return value(kv[0])
}

// value renders a JSON value: numbers through num, null as n/a.
func value(v any) string {
	switch x := v.(type) {
	case nil:
		return "n/a"
	case float64:
		return num(x)
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}

func asFloat(v any) float64 {
	if f, ok := v.(float64); ok {
		return f
	}
	return math.NaN()
}

// num renders a figure the way a person writes it: thousands separated,
// integers without decimals, others to two decimals (four significant
// digits below one).
func num(v float64) string {
	switch {
	case math.IsNaN(v):
		return "n/a"
	case math.IsInf(v, 0):
		return strconv.FormatFloat(v, 'f', -1, 64)
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return group(strconv.FormatFloat(v, 'f', 0, 64))
	case math.Abs(v) < 1:
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return group(s)
}

// group puts thousands separators into a decimal number's integer part.
func group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		return sign + b.String() + "." + frac
	}
	return sign + b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// periods names a series' periods: "months" when resampled by month or
// when the time column is called month.
func periods(freq, timeCol string) string {
	if p, ok := map[string]string{"D": "days", "W": "weeks", "M": "months", "Q": "quarters", "Y": "years"}[freq]; ok {
		return p
	}
	switch w := words(timeCol); {
	case len(w) == 1 && (w[0] == "month" || w[0] == "year" || w[0] == "day" || w[0] == "week" || w[0] == "quarter"):
		return plural(w[0])
	}
	return "periods"
}

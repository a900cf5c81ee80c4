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
	Agg      string  // mean, sum, count, min, max, median, std, var, range, iqr, pNN (a percentile), nunique, share
	Measure  string  // numeric column the aggregate is of (any column for nunique)
	By       string  // group column (opGroup)
	ByFreq   string  // opGroup over a date column: the period it groups by (D, W, M, Q, Y, weekday, hour)
	Cond     *filter // Agg share: the condition whose share of rows each group has
	Implied  bool    // the aggregate was not said: also report the single extreme row
	Time     string  // time column (opSeries)
	TimeKind string  // kind of the time column: date, numeric or categorical
	Freq     string  // resampling for a date column: D, W, M, Q, Y or "" (as is)
	// PerPeriod: the question asks for the average over the periods
	// ("the average number of washes per day"): the series' mean leads.
	PerPeriod bool
	X, Y      string // opCorr
	Desc      bool   // rank highest first
	Ranked    bool   // the question asks for the highest/lowest
	N         int    // top N (0: all, within a bound)
	Filters   []filter
	// Over is the column whose total Measure's total is divided by
	// (opShare: as a percentage; opScalar with Agg "ratio": as is).
	Over string
}

// filter keeps rows whose column equals one of the values the question
// names, whose date falls in a year or month, or whose number meets a
// condition.
type filter struct {
	Column string
	Values []string
	Part   string  // "year", "month", "weekday" (values "Saturday") or "day of the year" (values "10-15"): the values are of that part of a date column
	Op     string  // ">", ">=", "<", "<=", "==": a numeric condition on Num, instead of Values; opEmpty: no value; opFilled: a value
	Num    float64 // the condition's number
	Flag   bool    // the filter is a yes/no column's: the condition of a share
	at     []int   // word positions of the values in the clause
	flagAt []int   // of a yes/no column's filter: where its name is said
	// left: the values are all but those the clause leaves out
	// ("excluding planned works"), not values to compare.
	left bool
	// kinds: how many of the values were added as kinds of a value
	// named (GRANT_COND of "granted"), not named themselves.
	kinds int
}

// opEmpty keeps the rows where a column holds nothing: "reports not
// cleared yet" of DateCleared.
const opEmpty = "empty"

// opFilled keeps the rows where a column holds something: "faults that
// have a DNO reference" of DNO Ref.
const opFilled = "filled"

// String renders f as "region = West", "region in North, South",
// "year of order_date = 2024" or "delay_min > 15".
func (f filter) String() string {
	col := f.Column
	if f.Part != "" {
		col = f.Part + " of " + f.Column
	}
	switch {
	case f.Op == opEmpty:
		return col + " is empty"
	case f.Op == opFilled:
		return col + " is not empty"
	case f.Op != "":
		return col + " " + f.Op + " " + strconv.FormatFloat(f.Num, 'f', -1, 64)
	case len(f.Values) == 1:
		return col + " = " + f.Values[0]
	}
	return col + " in " + strings.Join(f.Values, ", ")
}

// String renders t compactly, e.g. "group sum(revenue) by region desc";
// tests compare plans by it.
func (t task) String() string {
	var s string
	switch t.Op {
	case opScalar, opExtreme:
		s = fmt.Sprintf("%s %s(%s)", t.Op, t.Agg, t.Measure)
		if t.Agg == "ratio" {
			s = fmt.Sprintf("scalar sum(%s) / sum(%s)", t.Measure, t.Over)
		}
	case opGroup:
		s = fmt.Sprintf("group %s(%s) by %s", t.Agg, t.Measure, t.By)
		switch {
		case t.Agg == "count":
			s = "group count by " + t.By
		case t.Agg == "share" && t.Cond != nil:
			s = fmt.Sprintf("group share(%s) by %s", t.Cond, t.By)
		}
		if t.ByFreq != "" {
			s += "/" + t.ByFreq
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
		if t.Over != "" {
			s = fmt.Sprintf("share sum(%s) of sum(%s)", t.Measure, t.Over)
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
		if f.Op != "" || f.Part != "" {
			s += " where " + strings.ReplaceAll(f.String(), " ", "")
			continue
		}
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
	// Refusal says why the question cannot be answered from these
	// columns (with Unmapped); empty when it simply matched nothing.
	Refusal string
	// Unmatched says which words of a question that matched nothing no
	// column holds.
	Unmatched []string
	// Derived are measures computed per row before the tasks run
	// (quantity × price), each stated in the answer.
	Derived []derived
	// question is the whole question, of which a clause is a part.
	question string
}

// derived is a measure the analyst computes from other columns.
type derived struct {
	Name    string // the new column
	Expr    string // pandas expression over data
	Formula string // how the answer states it
}

// addDerived adds a column the plan computes, once.
func (p *plan) addDerived(d derived) {
	if !slices.ContainsFunc(p.Derived, func(x derived) bool { return x.Name == d.Name }) {
		p.Derived = append(p.Derived, d)
	}
}

// derivedRatio reports whether name is a column the plan computes as one
// column over another.
func (p *plan) derivedRatio(name string) bool {
	return slices.ContainsFunc(p.Derived, func(x derived) bool { return x.Name == name && strings.Contains(x.Formula, " / ") })
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
		"average": "mean", "avg": "mean", "mean": "mean", "averaging": "mean", "averaged": "mean",
		"total": "sum", "sum": "sum",
		"median": "median",
	}
	descWords = wordSet("highest", "most", "largest", "biggest", "top", "best", "greatest", "max", "maximum", "peak", "leading")
	ascWords  = wordSet("lowest", "least", "smallest", "fewest", "bottom", "worst", "min", "minimum", "cheapest")
	// commonWords ask for the most frequent value: a count per group.
	commonWords = wordSet("common", "frequent", "popular", "often", "busiest")
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
	intensiveWord = regexp.MustCompile(`price|rate|ratio|percent|pct|score|rating|age|temp|avg|average|mean|margin|share|speed|per_|index|level|probability|ugm3|ug_m3|µg|ppm|ppb|concentration`)
	// notIntensive are words that end in "age" and are amounts, not ages,
	// and words that hold "ratio" or "rate" by chance ("duration").
	notIntensive = regexp.MustCompile(`usage|mileage|voltage|dosage|tonnage|acreage|wastage|shortage|postage|storage|footage|yardage|package|stage|leakage|breakage|spillage|coverage|duration|operation|generation|separation|iteration`)
	// measureHints rank numeric columns when the question names none, most
	// likely first.
	measureHints = []string{"revenue", "sales", "amount", "total", "profit", "income", "value", "spend", "cost", "price",
		"quantity", "units", "volume", "count", "score", "balance", "salary", "weight"}
	timeName = regexp.MustCompile(`(^|_| )(date|month|year|time|day|week|quarter|period|timestamp|datetime|yr|dt)($|_| )`)
	idName   = regexp.MustCompile(`(^|_| )(id|key|code|index|no|number)$|^id[_ ]`)
	// clauseSep splits a question into its parts ("…, and how did … trend?").
	initialDot = regexp.MustCompile(`\b([A-Za-z])\.\s`)
	clauseSep  = regexp.MustCompile(`[?;!]\s*|\.\s+|,\s*and\s+|\s+and\s+(?:how|what|which|when|where|who|is|are|does|did|do|also|show|plot)\b|\s+also\s+`)
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
	case sameInPlural[w]:
		return w // "species", "series"
	case w == "ups" || w == "ins":
		return w[:2] // "top-ups", "check-ins": the plural of a compound that ends in its particle
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case len(w) > 4 && (strings.HasSuffix(w, "sses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes")):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}

// usSpelling writes a British spelling as the American one, so that a
// question and a column name spelled apart still meet.
var usSpelling = map[string]string{"colour": "color", "flavour": "flavor", "labour": "labor", "behaviour": "behavior", "centre": "center", "programme": "program", "catalogue": "catalog", "neighbour": "neighbor"}

// sameInPlural are nouns whose plural is the singular.
var sameInPlural = map[string]bool{"species": true, "series": true, "sheep": true, "aircraft": true}

// words splits s into lowercase singular words: letters and digits, with
// camelCase and snake_case split apart ("unitPrice" → unit, price) and
// abbreviations written out ("qty" → quantity).
func words(s string) []string {
	return splitWords(s, true)
}

// splitWords is words, with abbreviations written out when expand is set.
func splitWords(s string, expand bool) []string {
	var out []string
	var cur []rune
	start := 0 // where cur starts in rs
	rs := []rune(s)
	flush := func() {
		if len(cur) > 0 {
			raw := string(cur)
			if m := moneyThousands.FindStringSubmatch(raw); m != nil && start > 0 && strings.ContainsRune("£$€", rs[start-1]) {
				v, _ := strconv.ParseFloat(m[1], 64)
				raw = strconv.FormatFloat(v*1000, 'f', -1, 64) // "£5k" is 5000
			}
			if n := len(cur); n > 2 && cur[n-1] == 's' && strings.ToUpper(string(cur[:n-1])) == string(cur[:n-1]) && unicode.IsLetter(cur[0]) {
				raw = string(cur[:n-1]) // "SKUs" is the plural of SKU
			}
			w := singular(strings.ToLower(raw))
			if us, ok := usSpelling[w]; ok {
				w = us // colour and color are one word
			}
			if a, ok := abbreviations[w]; ok && expand {
				out = append(out, strings.Fields(a)...)
			} else if m := periodNumber.FindStringSubmatch(w); m != nil && expand {
				out = append(out, abbreviations[m[1]], m[2]) // n_alive_yr1: "year 1"
			} else if rest, ok := strings.CutPrefix(w, "un"); ok && isParticiple(rest) {
				out = append(out, "not", rest) // "unpaid" is "not paid"
			} else {
				out = append(out, w)
			}
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]) && len(cur) > 1 {
				flush() // "unitPrice", but not the unit "kWh"
			}
			if unicode.IsUpper(r) && i > 1 && unicode.IsDigit(rs[i-1]) && unicode.IsLetter(rs[i-2]) && i+1 < len(rs) && unicode.IsLower(rs[i+1]) {
				flush() // "t1Fails", "co2Level"
			}
			if unicode.IsUpper(r) && len(cur) >= 2 && unicode.IsUpper(rs[i-1]) && i+2 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsLower(rs[i+2]) &&
				!slices.ContainsFunc(cur, unicode.IsLower) {
				flush() // "TTOReadyOnArrival": the capitals before a word are one word, not "SKUs"
			}
			// "closedWithin5WD": a number between a word in lower case and
			// one in capitals stands apart from both.
			if unicode.IsDigit(r) && len(cur) >= 3 && unicode.IsLower(rs[i-1]) && capitalAfterDigits(rs[i:]) ||
				unicode.IsUpper(r) && len(cur) > 0 && start > 0 && unicode.IsLower(rs[start-1]) && !slices.ContainsFunc(cur, func(d rune) bool { return !unicode.IsDigit(d) }) {
				flush()
			}
			if len(cur) == 0 {
				start = i
			}
			cur = append(cur, r)
		case r == '.' && len(cur) > 0 && i+1 < len(rs) && unicode.IsDigit(rs[i+1]) && unicode.IsDigit(cur[len(cur)-1]):
			cur = append(cur, r) // a decimal number stays one word
		case r == '-' && len(cur) == 0 && i+1 < len(rs) && unicode.IsDigit(rs[i+1]) && (i == 0 || unicode.IsSpace(rs[i-1]) || rs[i-1] == '('):
			cur = append(cur, r) // "-4.5" is a negative number
		case r == ',' && len(cur) > 0 && unicode.IsDigit(cur[len(cur)-1]) && thousands(rs[i+1:]):
			// "150,000" is one number
		case r == '/' && (len(cur) > 0 && unicode.IsLetter(cur[len(cur)-1]) || len(cur) == 0 && i > 0 && strings.ContainsRune("£$€", rs[i-1])) && i+1 < len(rs) && unicode.IsLetter(rs[i+1]):
			flush()
			out = append(out, "per") // Price/L, km/h, Rate (£/hr)
		default:
			flush()
		}
	}
	flush()
	if expand {
		out = unitPhrases(out)
	}
	return out
}

// capitalAfterDigits reports whether rs starts with digits and two
// capital letters follow them.
func capitalAfterDigits(rs []rune) bool {
	i := 0
	for i < len(rs) && unicode.IsDigit(rs[i]) {
		i++
	}
	return i > 0 && i+1 < len(rs) && unicode.IsUpper(rs[i]) && unicode.IsUpper(rs[i+1]) // "5WD", but not the "2Min" of greetedWithin2Min
}

// moneyThousands is a sum of money in thousands after its currency's
// sign: the 5k of "£5k".
var moneyThousands = regexp.MustCompile(`^(\d+(?:\.\d+)?)k$`)

// unitPer reports whether ws[i] is the "per" splitWords writes for the
// slash of a unit between two units ("km per h" of km/h).
func unitPer(ws []string, i int) bool {
	return ws[i] == "per" && i > 0 && i+1 < len(ws) && unitWords[ws[i-1]] && unitWords[ws[i+1]]
}

// periodNumber is an abbreviated period with its number: yr1, wk36.
var periodNumber = regexp.MustCompile(`^(yr|wk|mth|qtr)(\d+)$`)

// unitPhrase are units said in two words, and how column names write
// them: "cubic metres" is m3.
var unitPhrase = map[[2]string]string{{"cubic", "meter"}: "m3", {"cubic", "metre"}: "m3", {"square", "meter"}: "m2", {"square", "metre"}: "m2"}

// unitPhrases writes the two-word units of ws as column names do,
// "black and white" as not colour, "turned down" as not approved and
// "turned up to" as attended.
func unitPhrases(ws []string) []string {
	for i := 0; i+1 < len(ws); i++ {
		if u, ok := unitPhrase[[2]string{ws[i], ws[i+1]}]; ok {
			ws = slices.Replace(ws, i, i+2, u)
		}
		if i+1 < len(ws) && ws[i+1] == "grand" {
			// "Five grand", "10 grand": thousands, of money.
			v, err := strconv.ParseFloat(ws[i], 64)
			if n, ok := numberWords[ws[i]]; ok {
				v, err = float64(n), nil
			}
			if err == nil {
				ws = slices.Replace(ws, i, i+2, strconv.FormatFloat(v*1000, 'f', -1, 64))
			}
		}
		if i+1 >= len(ws) {
			break // a replacement ended the words
		}
		if i+2 < len(ws) && ws[i] == "black" && ws[i+1] == "and" && ws[i+2] == "white" {
			ws = slices.Replace(ws, i, i+3, "not", "color")
		}
		if ws[i] == "turned" && ws[i+1] == "down" {
			ws = slices.Replace(ws, i, i+2, "not", "approved") // "applicants who were turned down"
		}
		if wordSet("turned", "showed", "turn", "show")[ws[i]] && ws[i+1] == "up" && i+2 < len(ws) && ws[i+2] == "to" {
			ws = slices.Replace(ws, i, i+3, "attended") // "sessions the patient turned up to"
		} else if wordSet("turned", "showed")[ws[i]] && ws[i+1] == "up" {
			ws = slices.Replace(ws, i, i+2, "attended") // "delegates who turned up"
		}
	}
	return ws
}

// thousands reports whether rs starts with three digits and no fourth:
// the group after a thousands separator.
func thousands(rs []rune) bool {
	if len(rs) < 3 || len(rs) > 3 && unicode.IsDigit(rs[3]) {
		return false
	}
	return unicode.IsDigit(rs[0]) && unicode.IsDigit(rs[1]) && unicode.IsDigit(rs[2])
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
	len  int    // words
	weak bool   // the name is also a common word; used only when nothing else fits
	via  string // the question's word when it named the column by a synonym
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
	if c.Kind == kindDate {
		return true
	}
	// A number with a unit is a duration ("wait_time_min"), not a time.
	if c.Kind == kindNumeric && slices.ContainsFunc(colWords(c.Name), func(w string) bool { return unitWords[w] }) {
		return false
	}
	// So is a number of months or years: exam_interval_months, tenure_yrs.
	if c.Kind == kindNumeric && periodsRE.MatchString(c.Name) {
		return false
	}
	return timeName.MatchString(strings.ToLower(c.Name))
}

// periodsRE finds a plural of months or years in a column's name.
var periodsRE = regexp.MustCompile(`(?i)(^|[^a-z])(months|mths|years|yrs)([^a-z]|$)|[a-z](Months|Mths|Years|Yrs)([^a-z]|$)`)

// isID reports whether a numeric column is an identifier, not a measure.
func isID(c colProfile) bool {
	// "Candidate No.": the full stop ends an abbreviation, not the name.
	return idName.MatchString(strings.TrimRight(strings.ToLower(c.Name), ".")) || camelID.MatchString(c.Name)
}

// camelID ends a camelCase name that numbers its rows: diveNo, orderNum.
var camelID = regexp.MustCompile(`[a-z](No|Num|Nr|Id|ID)$`)

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
		if n := len(mentions(whole, p)); n > bestN {
			best, bestN = p, n
		}
	}
	pl := plan{Dataset: best, question: question}
	if len(loaded) > 1 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("I used %s, the dataset whose columns the question names most (of %d datasets).", best.Name, len(loaded)))
	}
	var prev *task
	var refusals []string
	unread := false // a clause with words no column holds
	// A clause that goes on from the one before ("how many customers
	// also booked ski school lessons") is part of one question with it:
	// when either cannot be read, neither answers it.
	lastUnread, lastAdded, dropped := false, false, false
	var untold []string // why each clause no column reads was not read
	// "E. coli" is no end of a sentence.
	for k, part := range clauseSep.Split(initialDot.ReplaceAllString(question, "$1 "), -1) {
		c := clause{raw: part, words: howLong(words(part))}
		if len(c.words) == 0 {
			continue
		}
		goesOn := k > 0 && !asksAnew(c)
		if prev != nil && (prev.Op == opScalar && (prev.Agg == "max" || prev.Agg == "min") && len(prev.Filters) == 0 || prev.Op == opExtreme) && whichOfRow(c, best, prev) {
			// "The loudest reading, and in which ward?": the row that holds it.
			if prev.Op == opScalar {
				prev.Op, prev.N, prev.Desc = opExtreme, 1, prev.Agg == "max"
			}
			continue
		}
		if prev != nil && (prev.Op == opExtreme || prev.Op == opGroup && prev.Ranked) && followUpMeasure(c, best, prev, &pl) {
			continue
		}
		unmatched, notes := len(pl.Unmatched), len(pl.Notes)
		t, refusal, ok := taskFor(c, best, prev, &pl)
		thisUnread := !ok && refusal == "" && len(pl.Unmatched) > unmatched
		if thisUnread && goesOn && lastAdded {
			pl.Tasks, dropped = pl.Tasks[:len(pl.Tasks)-1], true // the clause it goes on from asked less than the question
			prev = nil
			if len(pl.Tasks) > 0 {
				prev = &pl.Tasks[len(pl.Tasks)-1]
			}
		}
		skip := !thisUnread && lastUnread && goesOn
		lastAdded = false
		if thisUnread {
			untold = append(untold, pl.Unmatched[unmatched:]...)
		} else if lastUnread && ok && tellWords[c.words[0]] {
			// "How does organic matter change with depth? Give the
			// average at each depth.": the clause says what the one
			// before asks, in words the analyst reads.
			untold = untold[:len(untold)-1]
		}
		lastUnread = thisUnread
		unread = unread || thisUnread
		if refusal != "" {
			if !slices.Contains(refusals, refusal) {
				refusals = append(refusals, refusal) // a reason once, though two clauses give it
			}
			continue
		}
		if !ok || skip {
			continue
		}
		if len(pl.Tasks) == 0 && (len(refusals) > 0 || unread) && onlyHow(c, best) {
			// "How long does a radiography inspection take? Give the
			// median in minutes.": the clause says how to give the figure
			// the one before asks, which was refused.
			pl.Notes = pl.Notes[:notes]
			continue
		}
		pl.Tasks = append(pl.Tasks, t)
		prev = &pl.Tasks[len(pl.Tasks)-1]
		lastAdded = true
	}
	if len(pl.Tasks) > 0 || len(refusals) > 0 || dropped {
		// A part of the question no column holds is said, not skipped.
		refusals = append(refusals, untold...)
	}
	if len(pl.Tasks) == 0 {
		pl.Unmapped = true
		pl.Refusal = strings.Join(refusals, "; ")
		pl.Tasks = []task{{Op: opOverview}}
		pl.Derived = nil
	} else if len(refusals) > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("I cannot answer the rest of the question from the columns of %s: %s. %s", best.Name, strings.Join(refusals, "; "), capabilitiesFor(best, pl.Derived)))
	}
	return pl
}

// asksAnew reports whether a clause starts a question of its own: with a
// word that asks or tells, not a verb that goes on from the clause before.
func asksAnew(c clause) bool {
	return tellWords[c.words[0]] || wordSet("how", "what", "which", "who", "whose", "when", "where", "why", "is", "are", "was", "were", "do", "does", "did",
		"can", "could", "compare", "and", "in", "of", "for", "on", "per", "by", "excluding")[c.words[0]]
}

// tellWords start a clause that tells how to give an answer.
var tellWords = wordSet("give", "show", "list", "plot", "tell")

// onlyHow reports whether a clause names no column but by a unit: it
// says only how to give a figure ("give the median in minutes").
func onlyHow(c clause, p profile) bool {
	for _, m := range mentions(c, p) {
		if slices.ContainsFunc(c.words[m.pos:m.pos+m.len], func(w string) bool { return !unitWords[w] }) {
			return false
		}
	}
	return !slices.ContainsFunc(c.words, func(w string) bool { return !known(w) && !unitWords[w] && aggWords[w] == "" })
}

// whichOfRow reports whether a short clause after a highest or lowest
// value asks a column of the row that holds it: "and in which ward?",
// "on what date?".
func whichOfRow(c clause, p profile, prev *task) bool {
	if len(c.words) > 5 || !c.has(wordSet("which", "what", "where", "when", "who")) {
		return false
	}
	tmp := plan{Dataset: p}
	t, refusal, ok := taskFor(c, p, prev, &tmp)
	return ok && refusal == "" && t.Op == opDistinct && len(t.Filters) == 0 && len(tmp.Derived) == 0
}

// followUpMeasure reads a clause that asks a figure of the row the one
// before it found ("what was the single biggest pour, and how many cubic
// metres was it"): the figure is what ranks the rows. It changes prev and
// reports whether it did.
func followUpMeasure(c clause, p profile, prev *task, pl *plan) bool {
	// "And how much a year?" of a column that holds a year's figures.
	if n := len(c.words); n > 2 && prev.Measure != "" && freqWords[c.words[n-1]] != "" && freqWords[c.words[n-1]] == columnPeriod(prev.Measure) {
		k := n - 1
		if c.words[k-1] == "a" || c.words[k-1] == "per" {
			k--
		}
		c.words = c.words[:k]
	}
	// "And how much?" after a ranking asks the top's figure too.
	if !c.has(wordSet("it", "its", "that", "he", "she", "they", "him", "her")) && !(len(c.words) <= 3 && c.words[0] == "how" && prev.Op == opGroup) {
		// "and how many tonnes?" after a ranking of rows is read below.
		return false
	}
	if len(c.words) <= 2 && c.words[0] == "how" && prev.Op == opGroup && prev.Ranked {
		return true // "which month produced the most runs, and how many?": the ranking states the top's figure
	}
	tmp := plan{Dataset: p}
	t, refusal, ok := taskFor(c, p, prev, &tmp)
	if ok && refusal == "" && prev.Op == opGroup && prev.Agg == "count" && t.Op == opCountRows && len(t.Filters) == 0 {
		return true // "which school has the most appeals, and how many": the ranking counts them
	}
	if !ok || refusal != "" || t.Op != opScalar || t.Over != "" || len(t.Filters) > 0 || len(tmp.Derived) > 0 {
		return false
	}
	if prev.Op == opGroup && t.Measure == prev.Measure && (t.Agg == prev.Agg || t.Agg == "sum" && prev.Agg == "") {
		return true
	}
	if len(tmp.Notes) > 0 {
		return false
	}
	if prev.Op == opGroup {
		// "Which show grossed the most, and how much did it take": the
		// ranking states the top's figure; "which offence took the most
		// court time, and how many minutes was that": the figure ranks.
		switch {
		case prev.Agg == "count" && (t.Agg == "sum" || t.Agg == "mean"):
			prev.Agg, prev.Measure = t.Agg, t.Measure
			pl.Notes = append(pl.Notes, fmt.Sprintf("I ranked by the %s of %s, the figure the question asks of the top.", aggName(t.Agg), t.Measure))
			return true
		}
		return false
	}
	if t.Measure == prev.Measure {
		return false
	}
	guessed := "The question names no numeric column; I took " + prev.Measure + "."
	pl.Notes = slices.DeleteFunc(pl.Notes, func(n string) bool { return n == guessed })
	pl.Notes = append(pl.Notes, fmt.Sprintf("I ranked the rows by %s, the figure the question asks of the row it finds.", t.Measure))
	prev.Measure = t.Measure
	return true
}

// howLong reads "how long" as asking for a length: of time or of
// distance, whichever column the table has ("how long did the average
// wash take" of washing_hrs); "how tall" for a height, "how heavy" for a
// weight, and so on.
func howLong(ws []string) []string {
	for i := 0; i+1 < len(ws); i++ {
		// "The median time it takes": how long, not when.
		if ws[i] == "time" && slices.ContainsFunc(ws[i+1:min(i+3, len(ws))], func(w string) bool { return spendVerbs[w] }) {
			ws[i] = "duration"
		}
	}
	// "Events taking place": held, no takings.
	for i := 0; i+1 < len(ws); i++ {
		if wordSet("take", "takes", "took", "taken", "taking")[ws[i]] && ws[i+1] == "place" {
			ws = slices.Delete(ws, i, i+1)
			ws[i] = "held"
		}
	}
	// "What do the fees add up to": their total.
	for i := 0; i+2 < len(ws); i++ {
		if wordSet("add", "adds", "added")[ws[i]] && ws[i+1] == "up" && ws[i+2] == "to" {
			ws = slices.Delete(ws, i, i+2)
			ws[i] = "total"
		}
	}
	for i := 1; i < len(ws); i++ {
		if n, ok := howNouns[ws[i]]; ok && ws[i-1] == "how" {
			ws[i] = n
			// "How long does a plumber spend on site": time, not a length.
			if ws[i] == "length" && slices.ContainsFunc(ws[i+1:], func(w string) bool { return spendVerbs[w] }) {
				ws[i] = "duration"
			}
		}
	}
	return ws
}

// spendVerbs say that what "how long" asks is a time: "how long does a
// repair take", "how long did they wait".
var spendVerbs = wordSet("take", "takes", "took", "taken", "spend", "spends", "spent", "last", "lasts", "lasted", "wait", "waits", "waited", "stay", "stays", "stayed")

// howNouns are the measures "how <adjective>" asks for.
var howNouns = map[string]string{"long": "length", "tall": "height", "heavy": "weight", "old": "age", "far": "distance", "deep": "depth", "wide": "width"}

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
			if i+2 < len(ws) && wordSet("day", "week", "month", "quarter", "year", "hour")[ws[i+2]] {
				continue // "the first two weeks of October" are days, not the top two
			}
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

// intensive reports whether a column holds a figure that is averaged, not
// added up (a price, a rate, an age, a score, a concentration such as
// NO2_ugm3 or a reading in ppm), by its name; usageM3 is an amount.
func intensive(name string) bool {
	return intensiveWord.MatchString(notIntensive.ReplaceAllString(strings.ToLower(name), "_"))
}

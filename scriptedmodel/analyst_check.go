package scriptedmodel

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The analyst checks its reading of a clause against the clause before it
// answers. A plan that leaves out a word that changes the figure (a
// statistic, "a single", a verb that picks the rows) or that adds what the
// clause did not ask for (a grouping) answers another question. The check
// re-states the plan in words; it reads the clause again without a
// grouping nobody asked for, or with the filter a left-out verb says
// (won: result = W), and refuses, saying how it read the clause, when a
// word is still not accounted for.

// readingOf re-states a task in words: "the median of donor_age for each
// donor_id", "the number of rows for each team, highest first".
func readingOf(t task) string {
	var s string
	switch t.Op {
	case opCountRows:
		s = "the number of rows"
	case opDistinct:
		s = "the number of distinct values of " + t.By
	case opExtreme:
		s = fmt.Sprintf("the row with the %s %s", map[bool]string{true: "highest", false: "lowest"}[t.Desc], t.Measure)
	case opCorr:
		s = fmt.Sprintf("the correlation of %s and %s", t.X, t.Y)
	case opSummary:
		s = "the distribution of " + t.Measure
	case opShare:
		s = "the share of the rows"
		if t.Measure != "" {
			s = "the share of the total of " + t.Measure
		}
		if t.Over != "" {
			s = fmt.Sprintf("the total of %s as a share of the total of %s", t.Measure, t.Over)
		}
	case opScalar, opGroup, opSeries:
		s = aggPhrase(t)
		if t.Agg == "ratio" {
			s = fmt.Sprintf("the total of %s over the total of %s", t.Measure, t.Over)
		}
		switch {
		case t.Op == opGroup:
			s += " for each " + t.By
			if t.ByFreq != "" {
				s += " (in " + periods(t.ByFreq, t.By) + ")"
			}
		case t.Op == opSeries:
			s += " in each of the " + periods(t.Freq, t.Time)
			if t.By != "" {
				s += " and each " + t.By
			}
		}
	default:
		s = "an overview of the table"
	}
	if len(t.Filters) > 0 {
		fs := make([]string, len(t.Filters))
		for i, f := range t.Filters {
			fs[i] = f.String()
		}
		s += " where " + strings.Join(fs, " and ")
	}
	if t.Ranked && t.Op == opGroup {
		s += map[bool]string{true: ", highest first", false: ", lowest first"}[t.Desc]
	}
	return s
}

// aggPhrase names a task's aggregate of its measure: "the total of pax",
// "the number of rows".
func aggPhrase(t task) string {
	switch t.Agg {
	case "count", "":
		return "the number of rows"
	case "share":
		if t.Cond != nil {
			return "the share of rows with " + t.Cond.String()
		}
		return "the share of rows"
	case "nunique":
		return "the number of distinct values of " + t.Measure
	}
	return fmt.Sprintf("the %s of %s", aggName(t.Agg), t.Measure)
}

// outcomeVerbs pick the rows they are said of ("which team won the most
// matches" counts the matches won, not all of them); a count that no
// filter ties to the verb counts other rows. Each names the values of an
// outcome column that mean it (a result of W or L).
var outcomeVerbs = map[string][]string{
	"won": {"w", "win", "won", "winner", "victory"}, "win": {"w", "win", "won", "winner", "victory"},
	"beat": {"w", "win", "won", "winner", "victory"},
	"lost": {"l", "loss", "lost", "loser", "defeat"}, "lose": {"l", "loss", "lost", "loser", "defeat"},
	"failed": {"f", "fail", "failed"}, "fail": {"f", "fail", "failed"},
	"passed": {"p", "pass", "passed"},
	"missed": {"missed", "miss", "no-show"},
}

// outcomeFilter is the filter an outcome verb says: the value of one
// categorical column that means it ("won" of result = W).
func outcomeFilter(verb string, p profile) (filter, bool) {
	return oneValue(p, func(v string) bool { return slices.Contains(outcomeVerbs[verb], strings.ToLower(v)) })
}

// readingCheck is what checking a reading found: a grouping to read the
// clause without, a filter to read it with, or why the reading answers
// another question.
type readingCheck struct {
	drop    string // a column the plan groups by that the clause names only as its subject
	add     *filter
	at      int // the word the added filter accounts for
	refusal string
}

// checkReading compares a clause's plan with its words; guessed says the
// plan's measure is a guess (the clause names no numeric column).
func checkReading(c clause, p profile, rd clauseReading, t task, guessed bool) readingCheck {
	// A grouping the clause did not ask for: "the median age of donors",
	// "the most honey taken from a hive", "how many SMS does a subscriber
	// send": the column names whose rows the figure is of, not groups.
	if (t.Op == opGroup || t.Op == opSeries) && t.By != "" && t.ByFreq == "" &&
		slices.ContainsFunc(rd.categorical, func(col colProfile) bool { return col.Name == t.By }) {
		for _, m := range mentions(c, p) {
			// "How many parts were rejected" of PART_NO and QTY_REJ: the
			// things counted, not a breakdown.
			if m.col.Name == t.By && m.pos > 0 && (subjectWords[c.words[m.pos-1]] || c.words[m.pos-1] == "many" && t.Measure != "") && !asksGrouping(c, m.pos) {
				return readingCheck{drop: t.By}
			}
		}
	}
	// "The total we charged customers" of cust_type, "the average toll
	// paid by HGVs" of PAY_METHOD: the object of a verb, and a verb, are
	// no breakdown the clause asks for.
	if t.Op == opGroup && t.By != "" && t.ByFreq == "" && slices.ContainsFunc(rd.categorical, func(col colProfile) bool { return col.Name == t.By }) &&
		!c.has(commonWords) && !c.has(wordSet("which", "whose", "who", "each", "every", "per", "breakdown", "compare", "among", "between", "group")) {
		for _, m := range mentions(c, p) {
			// And "the kWh used by households" of household_id: the
			// passive's agent, where each is a row's own; but "acres
			// burned by cause" breaks down.
			agent := m.pos >= 2 && c.words[m.pos-1] == "by" && isPast(c.words[m.pos-2]) && isID(m.col)
			if m.col.Name == t.By && m.len == 1 && (m.pos > 0 && isPast(c.words[m.pos-1]) || isPast(c.words[m.pos]) && m.pos+1 < len(c.words) && c.words[m.pos+1] == "by" || agent) {
				return readingCheck{drop: t.By}
			}
		}
	}
	// Nor are the rows a value picks: "matinees compared with evening
	// shows" of showTitle.
	if t.Op == opGroup && t.By != "" && t.ByFreq == "" && slices.ContainsFunc(rd.categorical, func(col colProfile) bool { return col.Name == t.By }) {
		for _, m := range mentions(c, p) {
			if m.col.Name == t.By && m.len == 1 && m.pos > 0 && slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column != t.By && slices.Contains(f.at, m.pos-1) }) {
				return readingCheck{drop: t.By}
			}
		}
	}
	// "Course fees" of course_name and fee_amt: the name before the
	// measure says whose it is, not a breakdown.
	if t.Op == opGroup && t.By != "" && t.ByFreq == "" && slices.ContainsFunc(rd.categorical, func(col colProfile) bool { return col.Name == t.By }) && !asksGrouping(c, -1) {
		ms := mentions(c, p)
		for k, m := range ms {
			if m.col.Name == t.By && m.len == 1 && k+1 < len(ms) && ms[k+1].pos == m.pos+1 && ms[k+1].col.Name == t.Measure {
				return readingCheck{drop: t.By}
			}
		}
	}
	// "Who dumped the most waste" read as the most common WasteType: who
	// asks for people, and a breakdown by a column of things answers
	// which kind, another question.
	if len(c.words) > 0 && c.words[0] == "who" && (t.Op == opGroup || t.Op == opDistinct) && t.By != "" && t.ByFreq == "" {
		if col, ok := columnNamed(p, t.By); ok && !isPeople(col) {
			return readingCheck{refusal: fmt.Sprintf("it asks who, and I read it as %s, and %s names no people", readingOf(t), t.By)}
		}
	}
	// "Which volunteer put in the most hours" of volunteerCount: the
	// column counts volunteers, it names none of them.
	ms := mentions(c, p)
	for i := 0; i+1 < len(c.words); i++ {
		if c.words[i] != "which" {
			continue
		}
		counted := slices.IndexFunc(ms, func(m mention) bool {
			return m.pos == i+1 && m.col.Kind == kindNumeric && m.col.Name != t.By && !isID(m.col)
		})
		// But "which toll plaza" of PLAZA_CD: the noun goes on.
		// Nor "which tug went out as lead tug", grouped by Lead Tug: the
		// column the breakdown is by names each.
		if counted >= 0 && !slices.ContainsFunc(ms, func(m mention) bool { return (inSpan(i+1, m) || inSpan(i+2, m)) && m.col.Kind != kindNumeric }) &&
			!lastWordNames(c.words[i+1], t.By) {
			w := c.words[i+1]
			return readingCheck{refusal: fmt.Sprintf("it asks which %s, and no column names each %s (%s is a number of them)", w, w, ms[counted].col.Name)}
		}
	}
	// "Which vehicle used the most fuel" of Fuel Type: a mass after "the
	// most" is an amount, not the rows of a kind.
	if t.Op == opCountRows || t.Agg == "count" {
		for _, m := range ms {
			if m.len == 1 && m.pos > 0 && wordSet("most", "least", "much")[c.words[m.pos-1]] && m.col.Kind != kindNumeric && len(colWords(m.col.Name)) > 1 &&
				!writtenPlural(c.raw, c.words[m.pos]) && m.pos+1 == len(c.words) {
				return readingCheck{refusal: fmt.Sprintf("it asks for the most %s, an amount, and I read it as %s", c.words[m.pos], readingOf(t))}
			}
		}
	}
	// "Which consultant operated on the most patients": the rows counted
	// for each of some people are no other people.
	if by, ok := columnNamed(p, t.By); ok && isPeople(by) && t.Agg == "count" {
		for i, w := range c.words {
			if peopleWords[w] && !rd.covered[i] && i > 0 && wordSet("most", "fewest", "least", "many")[c.words[i-1]] && w != datasetEntity(p) && !slices.Contains(fileWords(p), w) &&
				!slices.ContainsFunc(colWords(by.Name), func(x string) bool { return sameWord(w, x) }) && !onePerRow(p, w) {
				many := map[string]string{"staff": "staff", "person": "people"}[w]
				if many == "" {
					many = plural(w)
				}
				return readingCheck{refusal: fmt.Sprintf("it counts %s, and no column names each %s, and I read it as %s", many, w, readingOf(t))}
			}
		}
	}
	// "The median number of visits per branch" counts rows; a guessed
	// measure's figure is another question's.
	if guessed && (containsSeq(c.words, "number", "of") || containsSeq(c.words, "how", "many")) {
		return readingCheck{refusal: fmt.Sprintf("it counts rows, and I read it as %s, a column it does not name", readingOf(t))}
	}
	// "In a single inspection": one row's figure, not a total or an average of many.
	for i, w := range c.words {
		if w != "single" || rd.covered[i] {
			continue
		}
		// But "the median cost of a single entry" is a statistic of the
		// rows, each a single one.
		perRow := t.Op == opScalar && wordSet("median", "mean")[t.Agg] && i > 1 && c.words[i-1] == "a" && wordSet("of", "for", "per")[c.words[i-2]]
		if !(t.Op == opExtreme || t.Implied || t.Agg == "max" || t.Agg == "min" || perRow) {
			return readingCheck{refusal: fmt.Sprintf("it asks about a single row, and I read it as %s, which combines many rows", readingOf(t))}
		}
	}
	// A statistic the clause says and the plan does not compute.
	if said := aggregateOf(c, maps.Clone(rd.covered)); said != "" && !aggregateKept(said, t) {
		return readingCheck{refusal: fmt.Sprintf("it asks for the %s, and I read it as %s", aggName(said), readingOf(t))}
	}
	// A share the plan does not compute: "shrink as a percentage of sales
	// for each store", read as the total of the one money column.
	for i, w := range c.words {
		if shareWords[w] && !rd.covered[i] && i+1 < len(c.words) && c.words[i+1] == "of" &&
			!(t.Op == opShare || t.Agg == "share" || t.Over != "" || t.Cond != nil || t.Op == opSeries && t.Agg != "sum" && t.Agg != "mean" || t.PerPeriod || t.Implied || strings.Contains(t.Measure, percentOfWords)) {
			return readingCheck{refusal: fmt.Sprintf("it asks for a share, and I read it as %s", readingOf(t))}
		}
	}
	// A count of rows that leaves out the verb that picks them.
	if t.Op == opCountRows || t.Agg == "count" || t.Op == opShare && t.Measure == "" {
		for i, w := range c.words {
			if outcomeVerbs[w] == nil || rd.covered[i] {
				continue
			}
			if f, ok := outcomeFilter(w, p); ok {
				return readingCheck{add: &f, at: i}
			}
			return readingCheck{refusal: unreadVerb(w, w, t)}
		}
		// "Of the quotes that went out, what percentage were accepted": a
		// relative clause whose verb nothing reads picks rows that are
		// not all of them.
		for i := 1; i+1 < len(c.words); i++ {
			w, v := c.words[i], c.words[i+1]
			if wordSet("that", "which", "who")[w] && !rd.covered[i+1] && isPast(v) && !passiveWords[v] && !wordSet("had", "has", "have", "did", "done")[v] &&
				!slices.ContainsFunc(dateColumns(p), func(col colProfile) bool { return datesEvent(col, v) }) {
				said := v
				if i+2 < len(c.words) && particles[c.words[i+2]] {
					said += " " + c.words[i+2] // "went out"
				}
				return readingCheck{refusal: unreadVerb(said, v, t)}
			}
		}
		// "How many parcels arrived damaged": the verb names the rows, the
		// past after it a state that picks some of them; after an
		// auxiliary ("were delivered", "had arrived") it is the verb.
		for i := 1; i < len(c.words); i++ {
			w, verb := c.words[i], c.words[i-1]
			if pastForm(w) && !rd.covered[i] && !rd.covered[i-1] && isPast(verb) && !passiveWords[verb] && !wordSet("had", "has", "have", "did", "done")[verb] {
				return readingCheck{refusal: unreadVerb(verb+" "+w, w, t)}
			}
		}
	}
	return readingCheck{}
}

// unreadVerb is the refusal of a count whose rows a verb picks that no
// column value reads: said is how the clause says it ("went out").
func unreadVerb(said, verb string, t task) string {
	return fmt.Sprintf("it counts the rows that %s, no column value I can tie to %q picks them, and I read it as %s", said, verb, readingOf(t))
}

// subjectWords before a column's name make it the subject of the figure,
// not a grouping: "a member", "of donors", "from a hive".
var subjectWords = wordSet("a", "an", "one", "of", "from", "all", "in")

// asksGrouping reports whether a clause asks for a breakdown or a ranking
// of groups in its own words ("what kind of" the column at pos); "by a
// member" (at pos) names who did it.
func asksGrouping(c clause, pos int) bool {
	if c.has(commonWords) || c.has(wordSet("which", "whose", "who", "distribution")) {
		return true
	}
	if kindOf(c.words, pos-2) {
		return true // "what kind of organizer ran the most cleanups"
	}
	for i, w := range c.words {
		// "across all events" is every row, not a breakdown.
		if acrossTheWhole(c, i) {
			continue // "across the portfolio": one whole
		}
		if unitPer(c.words, i) {
			continue // "faster than 32 km/h": a unit, not a breakdown
		}
		if groupWords[w] && !(i == pos-2 && (wordSet("a", "an", "one")[c.words[pos-1]] || w == "across" && c.words[pos-1] == "all")) && !(w == "across" && i+1 < len(c.words) && c.words[i+1] == "all") {
			return true
		}
	}
	return false
}

// aggregateKept reports whether a task computes the statistic its clause
// says: the same one, a total said of a count ("the total number of
// rows"), an average over periods, or an average ranking that also
// reports the single extreme.
func aggregateKept(said string, t task) bool {
	switch {
	case t.Agg == said, t.PerPeriod, t.Implied:
		return true
	case t.Over != "" && (said == "sum" || said == "mean"):
		return true // the total over a total is the overall average
	case said == "sum":
		return t.Op == opCountRows || t.Op == opDistinct || t.Op == opShare || t.Agg == "count" || t.Agg == "nunique" || t.Agg == "share"
	case t.Op == opSummary || t.Op == opCorr || t.Op == opOverview:
		return true
	}
	return false
}

// with is a copy of rd with the filter f, which accounts for word i.
func (rd clauseReading) with(f filter, i int) clauseReading {
	out := rd.clone()
	out.filters = append(out.filters, f)
	out.covered[i] = true
	return out
}

// without is a copy of rd that reads the column col as the clause's
// subject: no longer a grouping.
func (rd clauseReading) without(col string) clauseReading {
	out := rd.clone()
	out.categorical = slices.DeleteFunc(out.categorical, func(x colProfile) bool { return x.Name == col })
	return out
}

// clone copies a reading so that mapping it leaves the original as it was.
func (rd clauseReading) clone() clauseReading {
	out := rd
	out.numeric = slices.Clone(rd.numeric)
	out.categorical = slices.Clone(rd.categorical)
	out.times = slices.Clone(rd.times)
	out.filters = slices.Clone(rd.filters)
	out.covered = maps.Clone(rd.covered)
	return out
}

// lateCheck is the refusal of a reading that leaves out what the clause
// asks, checked once the clause's words are all known: money of no money
// (moneyMismatch), a unit counted as rows, a rate per a unit divided by
// nothing, a date compared with no date.
func lateCheck(c clause, p profile, rd clauseReading, t task) string {
	if r := moneyMismatch(c, p, rd, t); r != "" {
		return r
	}
	// "How many litres did we drop in May" counts litres, not rows.
	if k := askedUnit(c); k >= 0 && freqWords[c.words[k]] == "" && (t.Op == opCountRows || t.Op == opShare && t.Measure == "") {
		unit := c.words[k]
		if !strings.HasSuffix(unit, "s") {
			unit += "s"
		}
		return fmt.Sprintf("it asks how many %s, and I read it as %s", unit, readingOf(t))
	}
	// "Costing us the most per metre surveyed": a rate per a unit the
	// plan does not divide by.
	for i := 0; i+1 < len(c.words); i++ {
		u := c.words[i+1]
		if c.words[i] != "per" || rd.covered[i+1] || !unitWords[u] && !headWords[u] || t.Over != "" || t.PerPeriod || t.Op == opSeries || t.Measure == "" {
			continue
		}
		if col, ok := columnNamed(p, t.Measure); ok && !slices.Contains(colWords(col.Name), "per") {
			return fmt.Sprintf("it asks for a figure per %s, and I read it as %s, which divides by nothing", u, readingOf(t))
		}
	}
	// "Loaded between 12 and 18 May" read as all of May: a number the
	// reading leaves out.
	for i, w := range c.words {
		if rd.covered[i] || !isDigits(w) && ordinal(w) == 0 {
			continue
		}
		// But not the table's own period ("the 2024 harvest" of Grain
		// Intake - Harvest 2024.csv), nor "week 38" of a series of weeks.
		if slices.ContainsFunc(fileWords(p), func(f string) bool { return f == w || len(w) == 4 && strings.HasSuffix(f, w) }) || t.Op == opSeries && i > 0 && freqWords[c.words[i-1]] != "" {
			continue
		}
		if !usesNumber(t, w) {
			return fmt.Sprintf("it names %s, which I cannot tie to a column, a date or a count, and I read it as %s", w, readingOf(t))
		}
	}
	// "Finished after the date we promised": a date compared with no date
	// the plan reads.
	for i := 0; i+2 < len(c.words); i++ {
		if wordSet("after", "before")[c.words[i]] && c.words[i+1] == "the" && c.words[i+2] == "date" && !rd.covered[i+2] &&
			!slices.ContainsFunc(t.Filters, func(f filter) bool { return slices.Contains(f.at, i) || slices.Contains(f.at, i+2) }) {
			return fmt.Sprintf("it compares with a date (%s the date …) that I cannot tie to one of its columns, and I read it as %s", c.words[i], readingOf(t))
		}
	}
	return ""
}

// moneyMismatch is the refusal of a reading whose measure is no money
// when the clause asks for money: "how much did the herbicide cost" of
// herbicideL, "how much money does each item bring in" of unitsSold. A
// clause that asks how many ("how many cubic metres were billed") asks for
// the measure itself.
func moneyMismatch(c clause, p profile, rd clauseReading, t task) string {
	col, ok := columnNamed(p, t.Measure)
	counts := t.Op == opCountRows || t.Op == opDistinct || t.Agg == "count" || t.Agg == "nunique"
	howMany := containsSeq(c.words, "how", "many")
	// And the other way: "how many of the penalty fares have been paid"
	// counts fares, not the pounds of pf_value_gbp.
	if ok && inCurrency(col) && howMany && !c.has(currencyWords) && t.Over == "" && !counts {
		return fmt.Sprintf("it asks how many, and I read it as %s, a sum of money", readingOf(t))
	}
	w := asksMoney(c, rd.covered)
	if w == "" || !ok || howMany || counts {
		return ""
	}
	if moneyMeasure(col) && !(t.Agg == "sum" && priceRate(col)) || slices.ContainsFunc(colWords(col.Name), func(x string) bool { return sameWord(w, x) }) {
		return "" // "the cashback the cards earned" of cashbackEarned
	}
	if over, ok := columnNamed(p, t.Over); ok && moneyMeasure(over) {
		return ""
	}
	if moneyMeasure(col) {
		return fmt.Sprintf("it asks for money (%q), and I read it as %s, a total of prices per unit", w, readingOf(t))
	}
	return fmt.Sprintf("it asks for money (%q), and I read it as %s, which is not money", w, readingOf(t))
}

// priceRate reports whether a column of money is a price per unit, whose
// total is no sum of money: PRICE_GBP_MWH, Rate (£/h), rate_gbp_pn.
func priceRate(col colProfile) bool {
	ws := colWords(col.Name)
	for i, w := range ws {
		if currencyWords[w] && i+1 < len(ws) && !currencyWords[ws[i+1]] && !moneyName.MatchString(ws[i+1]) {
			return true
		}
	}
	return rateNamed(col) || strings.Contains(col.Name, "/")
}

// rateNamed reports whether a column's name says it is a rate: RATE_USD,
// rate_gbp_pn, Price per kg.
func rateNamed(col colProfile) bool {
	ws := colWords(col.Name)
	return slices.Contains(ws, "rate") || slices.Contains(ws, "per")
}

// moneyAsked are words that ask for a sum of money; spend and spent ask
// for time when a unit of time is in the clause ("hours spent on site").
// A clause's words are singular already ("fees" is fee).
var moneyAsked = wordSet("money", "cost", "spend", "spent", "owe", "owed", "billed", "revenue", "earn", "earned",
	"income", "takings", "turnover", "worth", "fee", "price", "fare")

// asksMoney is the first word of a clause, not read as a column, that asks
// for money, or "".
func asksMoney(c clause, covered map[int]bool) string {
	timed := c.has(wordSet("time", "hour", "minute", "day", "week", "duration", "length", "long"))
	for i, w := range c.words {
		if moneyAsked[w] && !covered[i] && !(timed && (w == "spend" || w == "spent")) {
			return w
		}
	}
	return ""
}

// inCurrency reports whether a column's name names a currency: pf_value_gbp, Fee (£).
func inCurrency(col colProfile) bool {
	return strings.ContainsAny(col.Name, "£$€¥") || slices.ContainsFunc(colWords(col.Name), func(w string) bool { return currencyWords[w] })
}

// moneyMeasure reports whether a column holds money: its name says so, or
// names a currency.
func moneyMeasure(col colProfile) bool {
	return moneyNamed(col.Name) || inCurrency(col)
}

// columnNamed is the profile's column of that name.
func columnNamed(p profile, name string) (colProfile, bool) {
	i := slices.IndexFunc(p.Columns, func(col colProfile) bool { return col.Name == name })
	if i < 0 {
		return colProfile{}, false
	}
	return p.Columns[i], true
}

// usesNumber reports whether a reading uses a number the clause writes:
// as its top N, a condition, a value or a percentile.
func usesNumber(t task, w string) bool {
	n := ordinal(w)
	if n == 0 {
		n, _ = strconv.Atoi(w)
	}
	if t.N == n || t.Agg == fmt.Sprintf("p%d", n) {
		return true
	}
	fs := slices.Clone(t.Filters)
	if t.Cond != nil {
		fs = append(fs, *t.Cond)
	}
	return slices.ContainsFunc(fs, func(f filter) bool {
		return f.Op != "" && f.Num == float64(n) || slices.ContainsFunc(f.Values, func(v string) bool { return v == strconv.Itoa(n) || strings.Contains(v, w) })
	})
}

// onePerRow reports whether a table's rows are each one of the people w
// names: a column not of numbers is of that one person (PAX_READY_TIME,
// the passenger's own time), not a count of them.
func onePerRow(p profile, w string) bool {
	return slices.ContainsFunc(p.Columns, func(col colProfile) bool {
		ws := colWords(col.Name)
		return col.Kind != kindNumeric && len(ws) >= 2 && sameWord(w, ws[0])
	})
}

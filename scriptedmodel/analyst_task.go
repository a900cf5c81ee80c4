package scriptedmodel

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// coreWords are a column name's words without its unit and qualifiers:
// "weight_kg" → weight, "customer_id" → customer; nil when nothing is left
// or nothing was taken away.
func coreWords(name string) []string {
	ws := colWords(name)
	var core []string
	for i, w := range ws {
		if i+2 == len(ws) && freqWords[w] != "" && isDigits(ws[i+1]) {
			break // n_alive_yr1: which year is a qualifier
		}
		if i > 0 && i+1 == len(ws) && (w == "quantity" || wordSet("reg", "registration", "plate", "serial", "tag", "sha", "hash", "uuid", "guid")[w]) {
			if len(core) == 0 && w != "quantity" {
				core = ws[:i] // "Meter Serial" is the meter, though a meter is also a unit
			}
			break // visits_qty is "the visits", vehicle_reg "the vehicle", Scaffold Tag "the scaffold"
		}
		// "WardFrom": the ward, where a preposition ends the name.
		if i > 0 && i+1 == len(ws) && wordSet("from", "to")[w] {
			break
		}
		// "exam_interval_months": a number of months, the interval.
		periods := i > 0 && i+1 == len(ws) && (w == "month" || w == "year") && periodsRE.MatchString(name)
		if !unitWords[w] && !qualifierWords[w] && !unitPer(ws, i) && !(i > 0 && i+1 == len(ws) && scaleRE.MatchString(w)) && !periods {
			core = append(core, w)
		}
	}
	if len(core) == 0 || len(core) == len(ws) {
		return nil
	}
	return core
}

// scaleRE is the scale a score's name ends with: staffKnowledge_1to5,
// rating_0to10.
var scaleRE = regexp.MustCompile(`^\d+to\d+$`)

// colWords are a column name's words as a question says them: a leading
// min or max is the minimum or maximum ("max_temp_c"), a trailing one
// the unit minutes ("ride_min"); a "Y/N" or "YN" says only that it is
// yes or no.
func colWords(name string) []string {
	ws := words(name)
	for i := 0; i+3 <= len(ws); i++ {
		if ws[i+1] == "per" && (ws[i] == "y" && ws[i+2] == "n" || ws[i] == "yes" && ws[i+2] == "no") {
			ws = slices.Delete(slices.Clone(ws), i, i+3) // "Financed (Y/N)" says how its values read
			break
		}
	}
	if len(ws) > 1 && ws[0] == "n" {
		ws = append([]string{"number"}, ws[1:]...) // n_planted
	}
	if strings.Contains(name, "%") && !slices.Contains(ws, "percent") {
		ws = append(slices.Clone(ws), "percent") // "Organic Matter %" is a percentage
	}
	if n := len(ws); n > 1 && ws[n-1] == "yn" {
		ws = ws[:n-1] // TRANSPORT_YN
	}
	if len(ws) > 1 && (ws[0] == "min" || ws[0] == "max") {
		ws = append([]string{map[string]string{"min": "minimum", "max": "maximum"}[ws[0]]}, ws[1:]...)
	}
	// "Temp" before a permit, staff or a contract is temporary
	// (s7TempPermit), not a temperature.
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "temperature" && wordSet("permit", "licence", "license", "staff", "worker", "contract", "post", "role", "closure", "accommodation", "address", "event")[ws[i+1]] {
			ws = slices.Clone(ws)
			ws[i] = "temporary"
		}
	}
	if n := len(ws); n > 1 && ws[n-1] == "minimum" {
		ws[n-1] = "minute"
	}
	for i := 1; i+1 < len(ws); i++ {
		if ws[i] == "minimum" && ws[i+1] == "per" {
			ws[i] = "minute" // pace_min_per_km
		}
	}
	// "hr" beside beats per minute is the heart rate, not hours (resting_hr_bpm).
	if slices.Contains(ws, "bpm") {
		if i := slices.Index(ws, "hour"); i >= 0 {
			ws = slices.Insert(slices.Delete(slices.Clone(ws), i, i+1), i, "heart", "rate")
		}
	}
	return ws
}

// sameWord compares a question word with a column word: equal, or equal
// without a past-tense ending ("returned" and "return").
func sameWord(q, c string) bool {
	if q == c || stem(q) == stem(c) || undouble(stem(q)) == undouble(stem(c)) {
		return true
	}
	// "slept" and sleep, "met" and meet; "approval" and approved,
	// "payment" and paid.
	if bq, bc := baseForm(q), baseForm(c); bq != "" && (bq == bc || bq == stem(c) || bq == c) || bc != "" && (bc == stem(q) || bc == q) {
		return true
	}
	// "scored" and score; "escalation" and escalated; "browsing" and browse.
	// But "be" is no bed ("yet to be let" of Beds); "90" is 90d.
	if (min(len(q), len(c)) >= 3 || isDigits(q) || isDigits(c)) && (strings.TrimSuffix(q, "d") == c || strings.TrimSuffix(c, "d") == q) || len(stem(q)) >= 5 && stem(q) != q && stem(q)+"e" == c || len(stem(c)) >= 5 && stem(c) != c && stem(c)+"e" == q {
		return true
	}
	if n, ok := strings.CutSuffix(q, "ation"); ok && len(n) > 2 && (c == n+"ated" || c == n+"ate") {
		return true
	}
	// "Biting" and bite: a short verb that drops its e before -ing (but a
	// rating is no rate).
	for _, ab := range [][2]string{{q, c}, {c, q}} {
		if n, ok := strings.CutSuffix(ab[0], "ing"); ok && len(n) == 3 && ab[1] == n+"e" && ab[0] != "rating" {
			return true
		}
	}
	// "submission" and submitted, "admission" and admit; "extension" and
	// extended.
	for _, ab := range [][2]string{{q, c}, {c, q}} {
		if n, ok := strings.CutSuffix(ab[0], "ssion"); ok && len(n) > 2 && strings.HasSuffix(n, "i") && (ab[1] == n+"t" || undouble(stem(ab[1])) == n+"t") {
			return true
		}
		if n, ok := strings.CutSuffix(ab[0], "nsion"); ok && len(n) > 2 && (ab[1] == n+"nd" || stem(ab[1]) == n+"nd") {
			return true
		}
	}
	// "consumed" and consumption, "borrow" and loan.
	if slices.Contains(nounsOf(q), c) || slices.Contains(nounsOf(c), q) {
		return true
	}
	// "expire" and expiry, "expiring" and expiry.
	if rq, rc := strings.TrimRight(stem(q), "ey"), strings.TrimRight(stem(c), "ey"); len(rq) >= 5 && rq == rc && (strings.HasSuffix(q, "y") || strings.HasSuffix(c, "y")) {
		return true
	}
	if abbreviates(c, q) || abbreviates(q, c) || slices.Contains(unitNames[c], q) || slices.Contains(unitNames[q], c) {
		return true // "liter" of Price/L
	}
	// One root: "delivered" and delivery; but a person is not what they do
	// ("inspector" and inspection).
	n := 0
	for n < len(q) && n < len(c) && q[n] == c[n] {
		n++
	}
	// The shared part may end in the e of "-er" ("observed" and observer).
	agent := func(w string) bool { return agentEndings[w[n:]] || w[n-1] == 'e' && agentEndings[w[n-1:]] }
	return n >= 6 && 4*n >= 3*min(len(q), len(c)) && !agent(q) && !agent(c)
}

// stateWords name a good state of a thing a yes/no column records
// ("sealOk", Custody Seal Intact), each with the words a question says
// for it and for the other state.
var stateWords = map[string]struct{ same, other []string }{
	"ok":           {[]string{"good", "okay", "fine", "sound"}, []string{"bad", "faulty", "poor", "broken", "damaged", "defective"}},
	"intact":       {[]string{"unbroken", "sound"}, []string{"broken", "damaged", "tampered", "missing"}},
	"valid":        {nil, []string{"invalid"}},
	"complete":     {nil, []string{"incomplete"}},
	"correct":      {nil, []string{"incorrect", "wrong"}},
	"safe":         {nil, []string{"unsafe"}},
	"clean":        {nil, []string{"dirty", "contaminated"}},
	"satisfactory": {nil, []string{"unsatisfactory"}},
	"present":      {nil, []string{"missing", "absent"}},
	"working":      {[]string{"functioning"}, []string{"broken", "faulty", "defective"}},
	"pass":         {[]string{"passed"}, []string{"fail", "failed", "failure"}},
}

// stateWord finds the word beside a yes/no column's mention that says
// which state it asks about, when the column is named for a good state
// the mention leaves out: the state, whether the word says the other
// one, and its position (-1 if there is none).
func stateWord(c clause, m mention) (string, bool, int) {
	cw := colWords(m.col.Name)
	if m.len >= len(cw) || slices.ContainsFunc(c.words, func(w string) bool { return w == cw[len(cw)-1] }) {
		return "", false, -1
	}
	state, ok := stateWords[cw[len(cw)-1]]
	if !ok {
		return "", false, -1
	}
	// Before the mention, or after it and the rest of the name it left
	// out ("the custody seal broken"), and a verb of being.
	after := m.pos + m.len
	for after < len(c.words) && slices.ContainsFunc(cw, func(w string) bool { return sameWord(c.words[after], w) }) {
		after++
	}
	if after < len(c.words) && wordSet("is", "was", "were", "are", "been")[c.words[after]] {
		after++
	}
	for _, at := range []int{m.pos - 1, after} {
		if at < 0 || at >= len(c.words) {
			continue
		}
		switch w := c.words[at]; {
		case slices.Contains(state.other, w):
			return cw[len(cw)-1], true, at
		case slices.Contains(state.same, w):
			return cw[len(cw)-1], false, at
		}
	}
	return "", false, -1
}

// agentEndings make a person of a root: "inspector", "attendee".
var agentEndings = wordSet("or", "er", "ee", "ist", "ant", "ent", "ian")

// formEndings make another form of a word, not what it abbreviates:
// "highest" of high.
var formEndings = wordSet("est", "ers", "ing", "ings", "ness", "ful", "less", "ish", "ist", "ies", "ier", "iest")

// abbreviates reports whether short is a common abbreviation of long that
// no list names: its first letters ("mag" of magnitude, "elev" of
// elevation), or its consonants in order ("bldg" of building, "mgr" of
// manager, "pts" of points). Short needs three letters and is no word the
// analyst knows ("per" is no percent); a prefix needs three letters more
// ("age" is not the start of agent, "card" not of cards), consonants two,
// and all of a verb's past.
func abbreviates(short, long string) bool {
	if _, adjective := adjectiveMeasures[long]; len(short) < 3 || len(long) < len(short)+2 || short[0] != long[0] || known(short) || groupWords[long] || corrWords[long] || adjective ||
		wordSet("which", "what", "where", "when", "whose")[long] { // "which" is no WCH
		return false // nor is "compare" what "comp" stands for, or "expensive" what EPS does
	}
	if strings.HasSuffix(long, "ied") && len(short) < len(long)-3 {
		return false // "carried" is a form of carry, not what "cars" stands for
	}
	if rest, ok := strings.CutPrefix(long, short); ok {
		// "highest" is a form of high, not what "high" stands for; a
		// "cardholder" holds a card, and is not what "card" stands for.
		agentTail := len(rest) >= 6 && slices.ContainsFunc([]string{"er", "ers", "or", "ors"}, func(e string) bool { return strings.HasSuffix(rest, e) })
		return len(rest) >= 3 && !formEndings[rest] && !agentTail
	}
	if strings.ContainsAny(short[1:], "aeiou") {
		return false
	}
	j, skipped := 1, 0
	for i := 1; i < len(long) && j < len(short); i++ {
		if long[i] == short[j] {
			j++
		} else if !strings.ContainsRune("aeiouy", rune(long[i])) {
			skipped++
		}
	}
	// A verb's past is written with all its consonants ("rcvd" of
	// received): "otd" leaves out the p and the r of operated.
	if skipped > 0 && strings.HasSuffix(long, "ed") {
		return false
	}
	// A plural's s that the question's singular lost: "pts" of point; but
	// a percent has no plural ("Pcs" is no percentage).
	return j == len(short) || j == len(short)-1 && short[j] == 's' && long != "percent"
}

func sameWords(qs, cs []string) bool {
	if len(qs) != len(cs) {
		return false
	}
	for i := range qs {
		if !sameWord(qs[i], cs[i]) {
			return false
		}
	}
	return true
}

// mentions finds the columns a clause names, in the order they appear. A
// column is named by its whole name (longest names first, so "unit price"
// wins over "unit"), else by its name without unit or qualifier
// ("discount" for discount_pct, "customer" for customer_id), else by the
// last word of its name when no other column ends so ("price" for
// unit_price), else by a synonym ("sales" for revenue).
func mentions(c clause, p profile) []mention {
	type cand struct {
		col       colProfile
		ws        []string
		level     int    // 0 whole name, 1 without unit or qualifier or in another order, 2 last word, 3 synonym
		via       string // the synonym
		anyOrder  bool
		afterAgg  bool // only right after an aggregate word
		exact     bool // the word as written, no other form of it
		afterKind bool // only after "kind of", "type of" ...
		asked     bool // only after "which", "what", "each", "per", "by", "every"
		plural    bool // only written in the plural, and not after "per"
		fit       int  // of a synonym: how many of its words the name holds, written out (2) or abbreviated (1)
	}
	entity := datasetEntity(p)
	nameWords := fileWords(p)
	heads, firsts := map[string]int{}, map[string]int{}
	for _, col := range p.Columns {
		if ws := colWords(col.Name); len(ws) > 0 {
			firsts[ws[0]]++
		}
		ws := colWords(col.Name)
		if core := coreWords(col.Name); core != nil {
			ws = core
		}
		if len(ws) > 0 {
			heads[ws[len(ws)-1]]++
		}
	}
	// The one numeric column measured in a unit of time is "the duration",
	// the one in kWh "the energy", and so on.
	var cands []cand
	for _, uc := range unitConcepts {
		if hit := unitHits(p, uc.units); len(hit) == 1 {
			ws := uc.words
			if ws[0] == "duration" {
				// "The total downtime" of Downtime Events.csv is its one
				// duration: the time its file is named for.
				for _, fw := range nameWords {
					if len(fw) > 5 && strings.HasSuffix(fw, "time") {
						ws = append(slices.Clone(ws), fw)
					}
				}
			}
			for _, w := range ws {
				// But "electricity" of a table whose Fuel is ELEC or GAS
				// names those rows, not the column in kWh.
				if _, ok := codeValue(w, p); ok {
					continue
				}
				cands = append(cands, cand{col: hit[0], ws: []string{w}, level: 3, via: w})
			}
		}
	}
	// "How many sheep" of Tally beside Sheep Class: the things a class
	// column is of, counted by the table's one count column.
	if things, count := countedThings(p); count != nil {
		cands = append(cands, cand{col: *count, ws: []string{things}, level: 3, via: things})
	}
	// The one numeric column in a unit is named by the unit: "the most
	// kilometres" of dist_km.
	for _, col := range p.Columns {
		if col.Kind != kindNumeric || isTime(col) {
			continue
		}
		for _, u := range words(col.Name) {
			// Not a period ("which hour of the day") nor a unit that is a common word.
			if unitWords[u] && !timeWords[u] && !wordSet("percent", "k", "thousand", "million", "mn", "bn", "s", "h", "m", "t", "c", "f", "l", "g")[u] &&
				unitColumn(p, u) != nil && unitColumn(p, u).Name == col.Name {
				cands = append(cands, cand{col: col, ws: []string{u}, level: 3, exact: true})
			}
			// A one-letter unit by its name: "the most tonnes" of yield_t.
			for _, name := range unitNames[u] {
				if unitColumn(p, u) != nil && unitColumn(p, u).Name == col.Name {
					cands = append(cands, cand{col: col, ws: []string{name}, level: 3})
				}
			}
		}
	}
	// "The average purchase size" of the one money column; "the median
	// booking value" of a row's total price.
	if mc := moneyColumn(p); mc != nil {
		if slices.ContainsFunc(colWords(mc.Name), func(w string) bool { return w == "total" || w == "amount" }) {
			for _, r := range append(slices.Sorted(maps.Keys(rowWords)), entity) {
				cands = append(cands, cand{col: *mc, ws: []string{r, "value"}, level: 1, via: r + " value"})
			}
		}
		// "The total dollar value booked", "the median booking value in
		// pounds": the value in the one column's currency.
		if i := slices.Index(c.words, "value"); i >= 0 && slices.ContainsFunc(c.words, func(w string) bool { return currencyWords[w] }) {
			cands = append(cands, cand{col: *mc, ws: []string{"value"}, level: 3, via: "value"})
		}
		for _, e := range slices.Sorted(maps.Keys(moneyEvents)) {
			for _, w := range []string{"size", "value", "amount"} {
				cands = append(cands, cand{col: *mc, ws: []string{e, w}, level: 1, via: e + " " + w})
			}
		}
	}
	for _, col := range p.Columns {
		ws := colWords(col.Name)
		if len(ws) == 0 {
			continue
		}
		if len(ws) > 1 {
			cands = append(cands, cand{col: col, ws: ws, level: 1, anyOrder: true})
		}
		cands = append(cands, cand{col: col, ws: ws})
		// A word of the name that is the initials of words the question
		// says: "quality control" of QC_PASS, "original gravity" of OG.
		for k, w := range ws {
			for _, phrase := range initialsOf(c.words, w) {
				cands = append(cands, cand{col: col, ws: slices.Concat(ws[:k], phrase, ws[k+1:]), level: 1, anyOrder: len(ws) > 1})
			}
		}
		core := coreWords(col.Name)
		bare := slices.DeleteFunc(slices.Clone(ws), func(w string) bool { return unitWords[w] }) // the name without its unit
		// "The value of orders" of order_value_gbp.
		if col.Kind == kindNumeric && len(bare) == 2 && wordSet("value", "amount")[bare[1]] {
			cands = append(cands, cand{col: col, ws: []string{bare[1], "of", bare[0]}, level: 1})
		}
		// "Amount (GBP)" is "the amount": a name that is a qualifier and a
		// unit.
		if core == nil && col.Kind == kindNumeric && len(bare) == 1 && len(ws) > 1 && qualifierWords[bare[0]] {
			cands = append(cands, cand{col: col, ws: bare, level: 1})
		}
		switch {
		case core != nil && len(core) == 1 && core[0] == "unit" && col.Kind == kindNumeric:
			// unit_amt is a price per unit: "units" is no name of it.
		case core != nil && !(len(core) == 1 && (core[0] == entity || col.Kind == kindNumeric && rowWords[core[0]] && !(entity != "" && slices.Contains(ws, "quantity")))):
			// A word for rows names no number ("the lines" of Line Total),
			// but a quantity of other things than the file's rows is
			// theirs: "items" of items_qty in a file of orders.
			// In any order: "the low estimate" of est_low_usd.
			cands = append(cands, cand{col: col, ws: core, level: 1, anyOrder: len(core) > 1})
		case core != nil && col.Kind == kindCategorical && len(core) == 1 && core[0] == entity && idSuffix[ws[len(ws)-1]] && p.Rows > 0 && col.Unique < p.Rows:
			// DOCKET_NO of SALES_DOCKETS, repeated on each line: "how
			// many dockets" counts its values, said as a noun ("ran" is
			// no run_id).
			cands = append(cands, cand{col: col, ws: core, level: 1, plural: true})
		case core != nil && col.Kind == kindCategorical && len(core) == 1 && core[0] == entity:
			// call_type of 911_calls.csv: "what kind of call", but "how many
			// calls" counts rows.
			cands = append(cands, cand{col: col, ws: core, level: 1, afterKind: true})
		case core != nil && col.Kind == kindNumeric:
			// output_kwh of solar_output.csv is "the median output", but
			// "how many outputs" counts rows; so does "the lines" of
			// Line Total.
			cands = append(cands, cand{col: col, ws: core, level: 1, afterAgg: true})
		}
		// "delivery time" of delivery_mins, "ride distance" of ride_km.
		for _, uc := range unitConcepts {
			if core != nil && col.Kind == kindNumeric && slices.ContainsFunc(ws, func(w string) bool { return uc.units[w] }) {
				for _, w := range append([]string{"time"}, uc.words...) {
					if w != "time" || uc.words[0] == "duration" {
						cands = append(cands, cand{col: col, ws: append(slices.Clone(core), w), level: 1})
						if n := len(core); n > 1 && (core[n-1] == "duration" || abbreviates(core[n-1], "duration")) {
							// "unload time" of unloadDurMin.
							cands = append(cands, cand{col: col, ws: append(slices.Clone(core[:n-1]), w), level: 1})
						}
					}
				}
			}
		}
		if core == nil {
			core = ws
		}
		// Not when a code qualifies it: "failed" is no T1 fail of t1Fails.
		codeWord := func(w string) bool {
			return strings.ContainsFunc(w, unicode.IsDigit) && strings.ContainsFunc(w, unicode.IsLetter)
		}
		// "How many cases" of QTY beside PRICE_PER_CASE_GBP: the unit the
		// quantity counts, not the price.
		if n := len(core); n > 1 && core[n-2] == "per" && col.Kind == kindNumeric {
			if qty := quantityColumn(p); qty != nil && qty.Name != col.Name && !unitWords[core[n-1]] && !timeWords[core[n-1]] && freqWords[core[n-1]] == "" {
				cands = append(cands, cand{col: *qty, ws: []string{core[n-1]}, level: 2, plural: true, via: core[n-1]})
			}
		}
		// Not a particle ("handled out on the stands" is no PAX OUT).
		if head := core[len(core)-1]; len(core) > 1 && heads[head] == 1 && core[len(core)-2] != "per" && !stopWords[head] && !weakWords[head] && !wordSet("in", "out", "on", "off", "up", "down")[head] && !(head == "rate" && core[len(core)-2] == "heart") && !slices.ContainsFunc(core[:len(core)-1], codeWord) &&
			!(freqWords[head] != "" && col.Kind == kindNumeric && dateColumn(p) != nil) { // "which month" of a table with dates is no termMonths
			_, flag := isFlag(col)
			// A yes/no column's last word picks rows only as written: "rested"
			// of woke_rested, but not "resting heart rate"; and not when it
			// is what the rows are ("orders" of rushOrder are all orders).
			// Nor after a preposition: "arrivals" are no TTOReadyOnArrival.
			if !(flag && (rowWords[head] || head == entity || slices.Contains(nameWords, head) || wordSet("on", "at", "in", "by", "before", "after")[core[len(core)-2]])) {
				cands = append(cands, cand{col: col, ws: []string{head}, level: 2, exact: flag})
			}
		}
		if n := len(core); n > 2 && core[n-2] == "heart" && core[n-1] == "rate" {
			cands = append(cands, cand{col: col, ws: []string{"heart", "rate"}, level: 2}) // "heart rate" of avg_hr_bpm
		}
		// "Which HP" of HP Model: the thing whose kind the column holds,
		// even where its word is also a unit.
		if thingsKind(col) && firsts[ws[0]] == 1 && !stopWords[ws[0]] && !rowWords[ws[0]] && ws[0] != entity {
			cands = append(cands, cand{col: col, ws: ws[:1], level: 2, asked: true})
		}
		// "Which destination" of destSite: a place named by what it is
		// to the rows.
		if col.Kind == kindCategorical && len(ws) == 2 && wordSet("site", "location", "place", "point", "name")[ws[1]] && firsts[ws[0]] == 1 && !stopWords[ws[0]] && !rowWords[ws[0]] && !entityWords[ws[0]] && ws[0] != entity {
			cands = append(cands, cand{col: col, ws: ws[:1], level: 2, asked: true})
		}
		// Its first word, when no other column starts so and the word is
		// a subject ("calories" of calories_burned); not when the rest is
		// another measure of it ("milk" is not Milk temp (°C)).
		if first := ws[0]; len(ws) > 1 && col.Kind == kindNumeric && !isTime(col) && firsts[first] == 1 && !stopWords[first] && !weakWords[first] && !qualifierWords[first] &&
			!(slices.ContainsFunc(ws[1:], func(w string) bool { return measureNouns[w] }) && !hintsMeasure(c, ws[1:], p)) && !slices.ContainsFunc(ws[1:], func(w string) bool { return chargeHeads[w] }) &&
			(!unitWords[first] || unitThing(ws)) && !rowWords[first] && !entityWords[first] && !statWords[first] && (freqWords[first] == "" || unitThing(ws)) && first != "unit" && first != entity {
			// A unit that is the thing (WEEKS_BOOKED) only in the
			// plural: "weeks times the fee", not "per hour".
			cands = append(cands, cand{col: col, ws: []string{first}, level: 2, exact: true, plural: unitThing(ws)})
		}
		// "Sixes" of a column called 6s.
		if m := digitsPlural.FindStringSubmatch(col.Name); m != nil && col.Kind == kindNumeric {
			for w, n := range numberWords {
				if strconv.Itoa(n) == m[1] {
					cands = append(cands, cand{col: col, ws: []string{w}, level: 1})
				}
			}
		}
		// A chemical symbol that starts a name: "potassium" of K (mg/l),
		// "phosphorus index" of P Index.
		for _, el := range elementNames {
			if sym := elementSymbols[el]; len(ws) > 1 && col.Kind == kindNumeric && strings.EqualFold(strings.Fields(col.Name)[0], sym) {
				cands = append(cands, cand{col: col, ws: append([]string{el}, ws[1:]...), level: 1, anyOrder: true}, cand{col: col, ws: []string{el}, level: 2, via: el})
			}
		}
		// A yes/no column's first word, when no other column starts so
		// ("packing" of Packing Service).
		if _, flag := isFlag(col); flag && len(ws) > 1 && firsts[ws[0]] == 1 && !stopWords[ws[0]] && !weakWords[ws[0]] && !qualifierWords[ws[0]] && !particles[ws[0]] &&
			!rowWords[ws[0]] && !entityWords[ws[0]] && ws[0] != entity && !isParticiple(ws[0]) {
			cands = append(cands, cand{col: col, ws: []string{ws[0]}, level: 2, exact: true})
		}
		// Its subject after "kind of": "which kind of merchant" of
		// merchantCategory.
		if n := len(ws); n > 1 && col.Kind == kindCategorical && subjectKinds[ws[n-1]] && firsts[ws[0]] == 1 {
			cands = append(cands, cand{col: col, ws: ws[:n-1], level: 2, afterKind: true})
		}
		// Its kind word, when no other column has it ("which method" of
		// paymentMethod).
		if last := ws[len(ws)-1]; len(ws) > 1 && col.Kind == kindCategorical && wordSet("type", "kind", "method", "mode", "status", "category")[last] &&
			!otherColumnSays(p, col, last) {
			cands = append(cands, cand{col: col, ws: []string{last}, level: 2, exact: true})
		}
		// A yes/no column's subject, when its name is the subject and a
		// participle ("nap" of nap_taken, "goal" of goal_met).
		if _, flag := isFlag(col); flag && len(ws) == 2 && firsts[ws[0]] == 1 && isParticiple(ws[1]) && !isParticiple(ws[0]) &&
			!stopWords[ws[0]] && !weakWords[ws[0]] && !qualifierWords[ws[0]] && !rowWords[ws[0]] && !entityWords[ws[0]] && ws[0] != entity {
			cands = append(cands, cand{col: col, ws: []string{ws[0]}, level: 2})
		}
		// A row's total ("Line Total", order_total) is its revenue.
		if col.Kind == kindNumeric && ws[len(ws)-1] == "total" && !slices.Contains(ws, "quantity") && !slices.ContainsFunc(ws, func(w string) bool { return unitWords[w] && !currencyWords[w] }) {
			for _, q := range []string{"revenue", "sale", "takings", "turnover"} {
				cands = append(cands, cand{col: col, ws: []string{q}, level: 3, via: q})
			}
		}
		for _, q := range synonymWords { // in order: a map's would differ from run to run
			if col.Kind == kindDate {
				break // "revenue" is no name of Sale Date
			}
			fit := 0
			for _, a := range synonyms[q] {
				for _, cw := range core {
					switch {
					case cw == singular(a):
						fit += 2
					case abbreviates(cw, singular(a)):
						fit++
					}
				}
			}
			if fit > 0 && !slices.Contains(core, q) {
				// "bill" of Total Charge (£) before Refuel Chg (£).
				cands = append(cands, cand{col: col, ws: []string{q}, level: 3, via: q, fit: fit})
			}
		}
	}
	// Of two columns a word names alike, the name before the number, and
	// the number before the kind: "which store" of Store No and Store Name
	// is the store's name, "how many different vehicles" of vehicle_type
	// and vehicle_reg counts registrations.
	idRank := func(cd cand) int {
		ws := colWords(cd.col.Name)
		switch last := ws[len(ws)-1]; {
		case len(ws) < 2:
			return 0
		case idNumber(last):
			return 1
		case wordSet("type", "kind", "category", "class", "group", "model", "make", "size", "status")[last]:
			return 2
		}
		return 0
	}
	// A name the clause writes as it is before one it abbreviates: "EPS"
	// of the column EPS, not of EXEMPT.
	verbatim := func(cd cand) int {
		for i := 0; i+len(cd.ws) <= len(c.words); i++ {
			if slices.Equal(c.words[i:i+len(cd.ws)], cd.ws) {
				return 0
			}
		}
		return 1
	}
	// Of the columns a synonym names, those that hold most of its words.
	cands = slices.DeleteFunc(cands, func(a cand) bool {
		return a.fit > 0 && slices.ContainsFunc(cands, func(b cand) bool { return b.via == a.via && b.fit > a.fit })
	})
	slices.SortStableFunc(cands, func(a, b cand) int {
		if a.level != b.level {
			return a.level - b.level
		}
		if len(a.ws) == len(b.ws) && slices.Equal(a.ws, b.ws) {
			return idRank(a) - idRank(b)
		}
		if sameWords(a.ws, b.ws) {
			return verbatim(a) - verbatim(b)
		}
		return len(b.ws) - len(a.ws)
	})
	used := make([]bool, len(c.words))
	named := map[string]bool{}
	spread := spreadWords(entity)
	var out []mention
	for _, cd := range cands {
		if named[cd.col.Name] {
			continue
		}
		for i := 0; i+len(cd.ws) <= len(c.words); i++ {
			span := len(cd.ws)
			ok := sameWords(c.words[i:i+span], cd.ws) && (!cd.exact || slices.Equal(c.words[i:i+span], cd.ws) || span == 1 && abbreviates(cd.ws[0], c.words[i]) && !otherColumnSays(p, cd.col, c.words[i])) ||
				cd.anyOrder && sameSet(c.words[i:i+span], cd.ws)
			if ok && cd.via != "" && span == 1 && abbreviates(c.words[i], cd.ws[0]) {
				// A question writes a word, not an abbreviation of another
				// word for a column: "head" is no short "headcount" (and
				// so not Staff Hours).
				ok = false
			}
			if ok && span == 1 && cd.col.Kind == kindNumeric && timeUnits[cd.ws[0]] && c.words[i] != cd.ws[0] && strings.HasSuffix(c.words[i], "ly") {
				ok = false // "the hourly rate" is a rate per hour, not Hrs
			}
			if ok && slices.ContainsFunc(c.words[i:i+span], func(q string) bool { return activityWord(q, nameWords, cd.ws) }) {
				ok = false // "screenings" of cinema_screenings.csv are its rows, not its screen column
			}
			if n := joinedSpan(c.words[i:], cd.ws); !ok && n > 0 {
				ok, span = true, n // "check in" of checkin, "X-ray taken" of xray_taken
			}
			if !ok && span >= 2 && cd.level <= 1 {
				// "payments were made by card" of paid_by_card, "meet her
				// goal" of goal_met: the name's words in any order, with
				// only auxiliaries, articles and pronouns between them.
				_, flag := isFlag(cd.col)
				if n := gappedSpan(c.words[i:], cd.ws, flag, nil, 2); n > 0 {
					ok, span = true, n
				}
				if n := gappedSpan(c.words[i:], cd.ws, false, spread, 5); !ok && n > 0 && len(cd.ws) >= 3 {
					ok, span = true, n // "downloads an episode gets in its first week" of downloadsFirstWeek
				}
			}
			if !ok && span >= 2 && i+span < len(c.words) && cd.level == 0 {
				// "years of experience" of years_experience
				for k := 1; k < span && !ok; k++ {
					gap := c.words[i+k]
					if (gap == "of" || gap == "the") && sameWords(append(slices.Clone(c.words[i:i+k]), c.words[i+k+1:i+span+1]...), cd.ws) {
						ok, span = true, span+1
					}
				}
			}
			if cw := colWords(cd.col.Name); ok && span == 1 && cd.level == 2 && cd.col.Kind == kindNumeric && len(cw) > 1 && cd.ws[0] == cw[0] && i+2 < len(c.words) && c.words[i+1] == "of" &&
				slices.ContainsFunc(cw[1:], func(w string) bool {
					return len(w) > 2 && !unitWords[w] && !timeWords[w] && freqWords[w] == "" && !stopWords[w]
				}) && !slices.ContainsFunc(cw[1:], func(w string) bool { return sameWord(c.words[i+2], w) }) {
				continue // "the length of stay" is no length overall (LOA_m)
			}
			if ok && span == 1 && i+1 < len(c.words) && idNumber(c.words[i+1]) && idRank(cd) == 2 {
				continue // "tag number" asks for the tag, not Tag Status
			}
			if ok && cd.afterKind && !(i >= 2 && kindOf(c.words, i-2)) {
				continue
			}
			if ok && cd.plural && (!writtenPlural(c.raw, c.words[i]) || i > 0 && c.words[i-1] == "per") {
				continue
			}
			if ok && cd.asked && !(i >= 1 && wordSet("which", "what", "each", "per", "by", "every")[c.words[i-1]]) {
				continue // "which heat pump" asks for the model; "the heat pumps are oversized" does not
			}
			if !ok || slices.Contains(used[i:i+span], true) || cd.afterAgg && (!c.has(corrWords) && (i == 0 || aggWords[c.words[i-1]] == "" && !wordSet("maximum", "minimum")[c.words[i-1]]) ||
				i+1 < len(c.words) && slices.ContainsFunc(p.Columns, func(o colProfile) bool {
					return o.Name != cd.col.Name && o.Kind == kindNumeric && slices.Contains(colWords(o.Name), c.words[i+1])
				})) { // "the median trip duration" is duration_min's, not trip_miles'
				continue
			}
			if span == 1 && cd.level >= 1 && isParticiple(c.words[i]) && i > 0 && used[i-1] && otherWordMissing(c, cd.col, cd.ws[0]) {
				continue // "the salt used" names the salt, not PLOUGH_USED
			}
			if span == 1 && cd.level >= 1 && isParticiple(c.words[i]) && i > 0 && passiveWords[c.words[i-1]] && (cd.col.Kind == kindNumeric && strings.HasSuffix(cd.ws[0], "ing") ||
				cd.col.Kind == kindNumeric && !slices.Contains([]string{c.words[i], strings.TrimSuffix(c.words[i], "ed"), strings.TrimSuffix(c.words[i], "d")}, cd.ws[0]) && slices.ContainsFunc(colWords(cd.col.Name), func(w string) bool { return timeUnits[w] }) || // "were inspected" of insp_min
				cd.col.Kind == kindNumeric && isParticiple(cd.ws[0]) && c.words[i-1] == "got" || otherWordMissing(c, cd.col, cd.ws[0])) {
				// "How many tonnes were picked" is the verb of the rows, not
				// the time spent picking (picking_hrs, insp_min) nor hand_picked, "which
				// machine got used the most" not kwh_used; but "were delayed by
				// more than 15 minutes" is delay_mins.
				continue
			}
			if _, flag := isFlag(cd.col); span == 1 && (cd.level >= 1 || c.words[i] != cd.ws[0]) && cd.col.Kind == kindCategorical && !flag && isParticiple(c.words[i]) && !isParticiple(cd.ws[0]) &&
				i > 0 && passiveWords[c.words[i-1]] {
				continue // "cycles were paid for by loyalty members", "samples were assayed", "jobs that are finished": the rows' verb, not pay_method, assay_type or a paint's Finish
			}
			if _, flag := isFlag(cd.col); span == 1 && cd.col.Kind != kindNumeric && i > 0 && wordSet("we", "they", "you")[c.words[i-1]] && !(flag && isParticiple(cd.ws[0])) {
				// "how many parts did we process": the verb, not a grouping
				// by process; but "what percentage did we save" of saved_yn
				// is the flag's own verb.
				continue
			}
			// "What did the electricians score" of Test Score %: after a
			// plural subject, the verb names the measure.
			verbMeasure := cd.col.Kind == kindNumeric && i > 2 && c.words[i-2] == "the" && writtenPlural(c.raw, c.words[i-1])
			if span == 1 && (cd.level == 2 || cd.col.Kind != kindNumeric) && afterAuxiliary(c.words, i) && !verbMeasure {
				// "How much did the shop bill": the subject, not days_in_shop;
				// "how many aces did the match winners serve": no grouping.
				continue
			}
			if cd.level == 3 && i+span < len(c.words) && (rowWords[c.words[i+span]] || entityWords[c.words[i+span]]) {
				continue // "how many sales lines": the rows, not the revenue
			}
			if span == 1 && c.words[i] == "rate" && slices.Contains(cd.ws, "rate") && i > 0 && slices.ContainsFunc(p.Columns, func(o colProfile) bool {
				_, flag := isFlag(o)
				return flag && slices.ContainsFunc(colWords(o.Name), func(w string) bool { return sameWord(c.words[i-1], w) })
			}) {
				continue // "the approval rate" of approved: the share of approved rows, not interestRatePct
			}
			if w := c.words[i]; span == 1 && strings.HasSuffix(w, "ly") && (freqWords[stem(w)] != "" || stem(w) == "night") && i+1 < len(c.words) &&
				slices.ContainsFunc(p.Columns, func(o colProfile) bool {
					return o.Name != cd.col.Name && o.Kind == kindNumeric && slices.ContainsFunc(colWords(o.Name), func(x string) bool { return sameWord(c.words[i+1], x) })
				}) {
				continue // "the nightly rate" of rate_gbp_pn is a rate per night, not the nights
			}
			if span == 1 && cd.level == 2 && c.words[i] == entity {
				continue // "money spent on repairs" of pothole_repairs.csv: the rows, not Days_to_Repair
			}
			if span == 1 && len(cd.ws) == 1 && cd.col.Kind == kindNumeric && i > 0 && wordSet("most", "fewest", "least", "many")[c.words[i-1]] &&
				slices.Contains(nameWords, c.words[i]) && writtenPlural(c.raw, c.words[i]) && cd.via == "" {
				continue // "approved the most loans" of loanApplications counts loans, not loanAmt (but "the most pigs" of PigBatches are its head sent)
			}
			if i == 0 && span == 1 && len(c.words) > 1 && wordSet("show", "list", "give", "tell", "plot", "chart", "find")[c.words[0]] && wordSet("me", "us", "the", "a", "all", "each", "every", "how", "what", "which")[c.words[1]] {
				continue // "Show me the gross" asks; it names no showTitle
			}
			byName := i > 0 && c.words[i-1] == "column" || quoted(c.raw, cd.col.Name)
			if len(cd.ws) == 1 && stopWords[cd.ws[0]] && !byName {
				continue // "a" in "a region" is not column a
			}
			weak := len(cd.ws) == 1 && weakWords[cd.ws[0]] && !byName
			start, end := i, i+span
			// The unit the column's name carries, said beside it
			// ("discount percentage"), and a word for a measure ("csat
			// score", "resolution time") belong to the mention.
			full := words(cd.col.Name)
			for end < len(c.words) && !used[end] && (unitWords[c.words[end]] && slices.Contains(full, c.words[end]) ||
				measureWords[c.words[end]] && cd.col.Kind == kindNumeric ||
				c.words[end] == "rate" && (slices.Contains(full, "percent") || strings.Contains(cd.col.Name, "%")) || // "scrap rate" of Scrap (%)
				c.words[end] == "time" && slices.ContainsFunc(full, func(w string) bool { return timeUnits[w] }) ||
				measuredAs(c.words[end], full)) {
				end++
			}
			for start > 0 && !used[start-1] && cd.col.Kind == kindNumeric && measuredAs(c.words[start-1], full) {
				start-- // "distance driven" of km_driven
			}
			for j := start; j < end; j++ {
				used[j] = true
			}
			named[cd.col.Name] = true
			out = append(out, mention{col: cd.col, pos: start, len: end - start, weak: weak, via: cd.via})
			break
		}
	}
	slices.SortStableFunc(out, func(a, b mention) int { return a.pos - b.pos })
	return out
}

// joinedSpan is how many words at the start of qs say the words of cs in
// order, where two of them written together make one ("check in" of
// checkin, "x ray" of xray); 0 if they do not, or need no joining.
func joinedSpan(qs, cs []string) int {
	j, joined := 0, false
	for _, cw := range cs {
		switch {
		case j < len(qs) && sameWord(qs[j], cw):
			j++
		case j+1 < len(qs) && qs[j]+qs[j+1] == cw:
			j, joined = j+2, true
		default:
			return 0
		}
	}
	if !joined {
		return 0
	}
	return j
}

// hintsMeasure reports whether the clause has an adjective that ranks by
// one of these measures: "the warmest the lab got" of lab_temp_c.
func hintsMeasure(c clause, measures []string, p profile) bool {
	for _, w := range c.words {
		if sup, ok := comparativeMeasures[w]; ok {
			w = sup
		}
		if a, ok := adjectiveMeasures[w]; ok && slices.ContainsFunc(a.hints, func(h string) bool { return slices.Contains(measures, h) }) {
			return true
		}
		// "What did we bill for parts" of Parts Cost: money asked of a
		// thing is its cost.
		if (moneyWords[w] || billWords[w]) && !slices.ContainsFunc(p.Columns, func(col colProfile) bool { return slices.Contains(colWords(col.Name), w) }) && slices.ContainsFunc(measures, func(m string) bool { return wordSet("cost", "price", "charge", "fee")[m] }) {
			return true
		}
	}
	return false
}

// billWords ask for money charged or paid.
var billWords = wordSet("bill", "billed", "charge", "charged", "pay", "paid", "cost", "costs")

// measureNouns name what a column measures of its subject: "milk temp"
// is a temperature, not milk.
var measureNouns = wordSet("temperature", "weight", "length", "height", "width", "depth", "duration", "rate", "speed", "percent",
	"price", "cost", "age", "ratio", "score", "rating", "distance", "level")

// unitThing reports whether a column's name is a unit and the verb of
// what was counted in it: WEEKS_BOOKED, Hours Worked, Miles Driven; the
// unit is then the thing ("weeks times the weekly fee").
func unitThing(ws []string) bool {
	return len(ws) == 2 && unitWords[ws[0]] && (isPast(ws[1]) || isParticiple(ws[1]))
}

// chargeHeads are the heads of a money column that is a charge on
// something rather than the thing itself: gift_aid_gbp is the aid on a
// gift, sales_tax the tax on sales.
var chargeHeads = wordSet("aid", "tax", "vat", "fee", "commission", "discount", "tip", "deposit", "refund", "surcharge", "levy", "duty", "rebate")

// initialsOf are the runs of question words whose first letters spell
// w, a short word of a column's name ("quality control" for qc): two to
// four letters, each word a word of content.
func initialsOf(qs []string, w string) [][]string {
	if len(w) < 2 || len(w) > 4 || strings.IndexFunc(w, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
		return nil
	}
	var out [][]string
	for i := 0; i+len(w) <= len(qs); i++ {
		run := qs[i : i+len(w)]
		spells := true
		for j, q := range run {
			spells = spells && len(q) >= 3 && !stopWords[q] && !fillerWords[q] && q[0] == w[j]
		}
		if spells {
			out = append(out, slices.Clone(run))
		}
	}
	return out
}

// qualifier reports whether a mention in c only qualifies the next one:
// "fuel stations" names the stations, so a category's one word right
// before another category's name is no column of its own.
func qualifier(c clause, m mention, ms []mention) bool {
	if _, flag := isFlag(m.col); flag {
		return false // "insured patients": the insured ones
	}
	if m.len == 1 && m.col.Kind == kindNumeric && len(colWords(m.col.Name)) > 1 && m.via == "" && !(m.pos > 0 && isDigits(c.words[m.pos-1])) {
		// "The biggest picking crew" of picking_hrs and crew_size: the
		// last noun of a compound is what it names; but "18-hole rounds"
		// are rounds of 18 holes.
		return namesNext(m, ms, func(o mention) bool {
			return o.col.Kind == kindNumeric && o.len == 1 && o.via == "" && len(colWords(o.col.Name)) > 1
		})
	}
	return m.len == 1 && m.col.Kind == kindCategorical && namesNext(m, ms, func(o mention) bool {
		_, flag := isFlag(o.col)
		return o.col.Kind == kindCategorical && !flag // not "house sold"
	})
}

// namesNext reports whether the word after m's starts a mention of
// another column that also satisfies ok: "room" before "attendant".
func namesNext(m mention, ms []mention, ok func(mention) bool) bool {
	return slices.ContainsFunc(ms, func(o mention) bool { return o.pos == m.pos+1 && o.col.Name != m.col.Name && ok(o) })
}

// activityWord reports whether q, a word of the file's name in -ing
// ("screening" of cinema_screenings.csv, "tutoring" of
// tutoring_sessions.csv), meets a column only through its root: the
// activity the table records is not the column named by the root
// (screen, tutor).
func activityWord(q string, nameWords, colWords []string) bool {
	return strings.HasSuffix(q, "ing") && slices.Contains(nameWords, q) && !slices.Contains(colWords, q)
}

// afterAuxiliary reports whether the word at i is the subject of a
// question's auxiliary: "did the shop", "does the match winner", "how
// many days do clients".
func afterAuxiliary(ws []string, i int) bool {
	aux := wordSet("did", "does", "do", "has", "have", "had")
	return i > 1 && ws[i-1] == "the" && aux[ws[i-2]] || i > 2 && ws[i-2] == "the" && aux[ws[i-3]] ||
		i > 2 && wordSet("do", "did")[ws[i-1]] && (wordSet("much", "long", "often")[ws[i-2]] || ws[i-3] == "many") // "how many days do clients take"
}

// otherWordMissing reports whether a yes/no column's name has a word
// besides w and its qualifiers that the clause does not say: "picked" alone
// is not hand_picked.
func otherWordMissing(c clause, col colProfile, w string) bool {
	if _, flag := isFlag(col); !flag {
		return false
	}
	return slices.ContainsFunc(colWords(col.Name), func(cw string) bool {
		return cw != w && !qualifierWords[cw] && !slices.ContainsFunc(c.words, func(q string) bool { return sameWord(q, cw) })
	})
}

// unitNames are the words a question says for a unit that a column's name
// writes as one letter.
var unitNames = map[string][]string{"t": {"tonne", "ton", "tonnage"}, "mt": {"tonne", "ton", "tonnage"}, "p": {"pence", "penny"}, "tonne": {"tonnage"}, "m": {"meter", "metre"}, "l": {"litre", "liter"}, "g": {"gram"}, "c": {"degree", "celsius"}, "f": {"fahrenheit"}}

// gapWords may stand between the words of a column's name in a question.
var gapWords = wordSet("a", "an", "the", "was", "were", "is", "are", "be", "been", "did", "do", "does", "has", "have", "had", "her", "his",
	"their", "its", "my", "our", "made", "we", "you", "they")

// gappedSpan is the length of the span at the start of qs that holds the
// words of cs in any order, with gap words (or extra ones) between them,
// at most maxGaps; 0 if none. The span starts and ends with a word of cs.
// A yes/no column's words may have "by" between them too ("picked by
// hand" of hand_picked), which elsewhere starts a breakdown.
func gappedSpan(qs, cs []string, flag bool, extra map[string]bool, maxGaps int) int {
	left := slices.Clone(cs)
	gaps := 0
	for j, q := range qs {
		// "applications were refused" is no appRef: a participle after
		// "were" is what became of the rows, not a word of the name it
		// only abbreviates.
		predicate := j > 0 && byAux[qs[j-1]]
		if k := slices.IndexFunc(left, func(c string) bool { return sameWord(q, c) && !(predicate && verbShortened(q, c)) }); k >= 0 {
			left = slices.Delete(left, k, k+1)
			if len(left) == 0 {
				if gaps == 0 {
					return 0 // contiguous: the other rules' match
				}
				return j + 1
			}
			continue
		}
		if j == 0 || !gapWords[q] && !extra[q] && !(flag && (q == "by" || q == "to" || q == "with")) || gaps == maxGaps {
			return 0
		}
		gaps++
	}
	return 0
}

// countedThings is the thing a table counts and its count column: sheep
// and Tally of a table with Sheep Class, a class column named for the
// thing, and one numeric column named as a count (tally, count,
// quantity, head).
func countedThings(p profile) (string, *colProfile) {
	var things string
	for _, col := range p.Columns {
		if ws := colWords(col.Name); col.Kind == kindCategorical && len(ws) == 2 && wordSet("class", "type", "kind", "category")[ws[1]] && len(ws[0]) > 2 && !known(ws[0]) {
			if things != "" {
				return "", nil
			}
			things = ws[0]
		}
	}
	// "How many pigs" of PigBatches with hd_sent and hd_condemned: the
	// thing the file is named for first, counted by its one column of
	// head that is not a loss.
	fromFile := things == ""
	if fw := fileWords(p); fromFile && len(fw) > 1 && len(fw[0]) > 2 && !known(fw[0]) && !isDigits(fw[0]) && fw[0] != datasetEntity(p) {
		things = fw[0]
	}
	var count *colProfile
	for i, col := range p.Columns {
		ws := colWords(col.Name)
		head := fromFile && len(ws) == 2 && ws[0] == "head" && isPast(ws[1]) && !wordSet("condemned", "rejected", "lost", "died", "culled", "dead")[ws[1]]
		if col.Kind == kindNumeric && (len(ws) == 1 && wordSet("tally", "count", "head", "headcount")[ws[0]] || head) {
			if count != nil {
				return "", nil
			}
			count = &p.Columns[i]
		}
	}
	if things == "" || count == nil || slices.ContainsFunc(p.Columns, func(col colProfile) bool {
		return slices.Contains(colWords(col.Name), things) && col.Kind == kindNumeric
	}) {
		return "", nil
	}
	return things, count
}

// tradeRows are words a trade says for the rows of a table whose file is
// named by one of the words given: a bunker delivery is a stem.
var tradeRows = map[string][]string{"stem": {"bunker", "bunkering"}}

// glossLeadRE finds "i.e." or "namely": what follows says again what came before.
var glossLeadRE = regexp.MustCompile(`(?i)\bi\.\s?e\.?|\bie\.|\bnamely\b`)

// pairInitials reads a code of two capitals, in a column of nothing else,
// as the initials of two words the clause says in order, with only small
// words between: "filled from our own bank staff" of Outcome = FB,
// "went unfilled" of UF (un- and filled). Only where one value of one
// such column is so said, and no filter keeps that column already.
func pairInitials(c clause, p profile, rd *clauseReading) {
	small := func(w string) bool { return stopWords[w] || determiners[w] || gapWords[w] || w == "own" || w == "from" }
	// A word the analyst reads otherwise ("average", "total", "warmest")
	// says no code; a past participle may ("filled").
	word := func(i int) bool {
		w := c.words[i]
		return !rd.covered[i] && len(w) >= 3 && !small(w) && (!known(w) || isParticiple(w)) && adjectiveMeasures[w].hints == nil
	}
	type hit struct {
		col, v string
		at     []int
	}
	var hits []hit
	for _, col := range p.Columns {
		if col.Kind != kindCategorical || len(col.Values) < 2 || slices.ContainsFunc(col.Values, func(v string) bool {
			return len(v) != 2 || strings.ToUpper(v) != v || !strings.ContainsFunc(v, unicode.IsLetter)
		}) ||
			slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == col.Name }) || isPeople(col) ||
			slices.ContainsFunc(colWords(col.Name), func(w string) bool { return wordSet("by", "staff", "user", "initials", "agent")[w] }) {
			continue // not of people, whose initials these would be (LOGGED_BY = TW)
		}
		for _, v := range col.Values {
			lv := strings.ToLower(v)
			for i, w := range c.words {
				// "Unfilled", which words() writes "not filled".
				if w == "not" && !rd.covered[i] && lv[0] == 'u' && i+1 < len(c.words) && strings.Contains(strings.ToLower(c.raw), "un"+c.words[i+1]) && c.words[i+1][0] == lv[1] && !rd.covered[i+1] {
					hits = append(hits, hit{col.Name, v, []int{i, i + 1}})
					continue
				}
				if !word(i) || w[0] != lv[0] || w == "not" {
					continue
				}
				for j := i + 1; j < len(c.words) && j <= i+4; j++ {
					if x := c.words[j]; word(j) && x[0] == lv[1] {
						hits = append(hits, hit{col.Name, v, []int{i, j}})
						break
					} else if !small(x) {
						break
					}
				}
			}
		}
	}
	if len(hits) != 1 {
		return
	}
	h := hits[0]
	rd.filters = append(rd.filters, filter{Column: h.col, Values: []string{h.v}, at: h.at[:1]})
	for j := h.at[0]; j <= h.at[1]; j++ {
		rd.covered[j] = true
	}
	rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", strings.Join(c.words[h.at[0]:h.at[1]+1], " "), h.col, h.v))
}

// shareOf reports whether ws[i] asks for a share ("what percentage of
// audits"), which no column in percent is named by: "… had 90%
// compliance" of COMPLIANCE_PCT.
func shareOf(ws []string, i int) bool {
	return shareWords[ws[i]] && i+1 < len(ws) && ws[i+1] == "of"
}

// verbShortened reports whether a verb's past form q matches the column
// word c only as what c could shorten: "refused" is no Ref of appRef.
func verbShortened(q, c string) bool {
	return isParticiple(q) && stem(q) != stem(c) && abbreviates(c, q)
}

// spreadWords may stand between the words of a long column name besides
// gapWords: the rows and a verb of having ("downloads an episode gets in
// its first week").
func spreadWords(entity string) map[string]bool {
	ws := wordSet("in", "its", "their", "get", "gets", "got", "on", "for", "per", "of", entity)
	maps.Copy(ws, entityWords)
	maps.Copy(ws, rowWords)
	return ws
}

// isParticiple reports whether w is a verb's past form: "returned", "met", "taken".
func isParticiple(w string) bool {
	if _, ok := irregularVerbs[w]; ok {
		return true
	}
	return len(w) > 4 && strings.HasSuffix(w, "ed") || shortParticiples[w]
}

// shortParticiples are past forms too short for the -ed rule.
var shortParticiples = wordSet("used", "owed", "sued", "tied", "died", "dyed", "done")

// sameSet compares words in any order: "late return" and returnedLate.
func sameSet(qs, cs []string) bool {
	left := slices.Clone(cs)
	for _, q := range qs {
		i := slices.IndexFunc(left, func(c string) bool { return sameWord(q, c) })
		if i < 0 {
			return false
		}
		left = slices.Delete(left, i, i+1)
	}
	return len(left) == 0
}

// measuredAs reports whether w names what a column with words full
// measures by its unit: "demand" of peak_kw.
func measuredAs(w string, full []string) bool {
	for _, alt := range synonyms[w] {
		if slices.Contains(full, singular(alt)) {
			return true // "star rating" of stars
		}
	}
	for _, uc := range unitConcepts {
		if slices.Contains(uc.words, w) && slices.ContainsFunc(full, func(f string) bool { return uc.units[f] }) {
			return true
		}
	}
	// "Wind speed" of Wind m/s: a length per a time.
	k := slices.Index(full, "per")
	return (w == "speed" || w == "velocity") && k > 0 && k+1 < len(full) && wordSet("m", "meter", "metre", "km", "mile", "ft", "foot")[full[k-1]] && timeUnits[full[k+1]]
}

// measureWords say that a column is a measure ("satisfaction score").
var measureWords = wordSet("score", "value", "amount", "level", "figure", "reading", "total", "content", "concentration")

// timeUnits are the units of a duration.
var timeUnits = wordSet("minute", "second", "hour", "day", "ms", "h", "s")

// datasetEntity is what a dataset's rows are, by its file name:
// "flights.csv" → flight; "" when the name has several words.
func datasetEntity(p profile) string {
	ws := fileWords(p)
	// Not a period or an export's word after it: washhouse_cycles_sep-nov,
	// 911_calls_q3_2025, bookshop_till_export_2024.
	numbered := false
	for len(ws) > 1 && (nameTail(ws[len(ws)-1]) || numbered && wordSet("week", "wk")[ws[len(ws)-1]]) {
		// "planogram_audits_wk14-26": the weeks' numbers, then the week.
		numbered = isDigits(ws[len(ws)-1])
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// nameTail reports whether a word that ends a file's name says when or
// how it was exported rather than what its rows are.
func nameTail(w string) bool {
	_, month := months[w]
	// "may2025", "wk14": a month or a week with its number.
	if m := monthNumber.FindStringSubmatch(w); m != nil {
		_, named := months[m[1]]
		month = month || named || wordSet("wk", "week", "w", "s")[m[1]] // and W24 of a winter season
	}
	return month || isDigits(w) || periodTail.MatchString(w) || exportWords[w]
}

// periodTail and exportWords end file names: a quarter, a half, a fiscal
// year or a version; how the file was made.
var (
	periodTail  = regexp.MustCompile(`^(q[1-4]|h[12]|fy\d+|v\d+)$`)
	monthNumber = regexp.MustCompile(`^([a-z]+)\d+$`)
	exportWords = wordSet("export", "extract", "dump", "raw", "clean", "final", "latest", "full", "report", "register", "log", "tracker")
)

// isFlag reports whether a column holds yes/no values, and which of its
// values mean yes.
func isFlag(c colProfile) (yes []string, ok bool) {
	truthy := wordSet("yes", "y", "true", "t", "1", "1.0")
	falsy := wordSet("no", "n", "false", "f", "0", "0.0")
	if c.Kind == kindNumeric {
		lo, hi := asFloat(c.Min), asFloat(c.Max)
		return nil, c.Unique <= 2 && lo == 0 && hi == 1
	}
	if c.Kind != kindCategorical || c.Unique > 2 || len(c.Values) == 0 {
		return nil, false
	}
	for _, v := range c.Values {
		lv := strings.ToLower(strings.TrimSpace(v))
		switch {
		case truthy[lv]:
			yes = append(yes, v)
		case !falsy[lv]:
			return nil, false
		}
	}
	return yes, len(yes) > 0 || c.Unique == 1
}

// clauseReading is what taskFor reads from a clause before it decides.
type clauseReading struct {
	numeric, categorical, times []colProfile
	filters                     []filter
	covered                     map[int]bool // word positions accounted for
	synonymNotes                []string
	// synonyms are the columns read from a word that is not their name,
	// each with that word: the answer must use them.
	synonyms  [][2]string
	ambiguous string // a value the question names is in several columns
	sameGrain bool   // "daily" of rows that are days: no grouping
}

// oneColumnPerValue keeps one filter for a value found in several columns
// ("LHR" in origin and dest): the column the question names, else the one
// its preposition points to ("from LHR": origin); otherwise the value is
// ambiguous.
func oneColumnPerValue(c clause, fs []filter, ms []mention) ([]filter, string) {
	fromWords := wordSet("origin", "source", "from", "departure", "sender", "start", "home")
	toWords := wordSet("destination", "to", "arrival", "target", "end", "recipient", "away")
	for i := 0; i < len(fs); i++ {
		for j := i + 1; j < len(fs); j++ {
			shared := -1
			for _, a := range fs[i].at {
				if slices.Contains(fs[j].at, a) {
					shared = a
				}
			}
			if shared < 0 {
				continue
			}
			score := func(f filter) int {
				ws := words(f.Column)
				s := 0
				if slices.ContainsFunc(ms, func(m mention) bool { return m.col.Name == f.Column }) {
					s += 2
				}
				if shared > 0 {
					prev := c.words[shared-1]
					if (prev == "from" || prev == "departed" || prev == "leaving") && slices.ContainsFunc(ws, func(w string) bool { return fromWords[w] }) ||
						(prev == "to" || prev == "into" || prev == "arriving") && slices.ContainsFunc(ws, func(w string) bool { return toWords[w] }) {
						s++
					}
				}
				return s
			}
			si, sj := score(fs[i]), score(fs[j])
			switch {
			case si > sj:
				fs = slices.Delete(fs, j, j+1)
				j--
			case sj > si:
				fs = slices.Delete(fs, i, i+1)
				i--
				j = len(fs)
			default:
				return fs, fmt.Sprintf("%q is a value of both %s and %s (name the column)", c.words[shared], fs[i].Column, fs[j].Column)
			}
		}
	}
	return fs, ""
}

// taskFor maps one clause; prev is the previous clause's task, whose
// measure a clause without one inherits ("… and how did it trend?"). It
// returns a refusal, saying why, when the clause asks what these columns
// cannot answer; ok is false when the clause asks nothing it knows.
func taskFor(c clause, p profile, prev *task, pl *plan) (t task, refusal string, ok bool) {
	c = nameCompounds(c, p)
	c = initialisms(c, p)
	c = ordinalValues(c, p)
	c = agedPeople(c, p)
	c = againstIt(c)
	c = gotBack(c, p)
	c = inOut(c, p)
	c = entityInName(c, p)
	if w := scopeWord(c, p); w != "" {
		return task{}, fmt.Sprintf("it asks for a cause, a prediction or advice (%q), and I only compute figures from the rows as they are", w), false
	}
	// "Per boat-night", "per person-day": a unit made of two, which only
	// a column counting it (or a product of two) would give.
	if m := compoundUnitRE.FindStringSubmatch(strings.ToLower(c.raw)); m != nil && !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
		cw := colWords(col.Name)
		return slices.ContainsFunc(cw, func(w string) bool { return sameWord(m[2], w) }) && slices.ContainsFunc(cw, func(w string) bool { return sameWord(m[3], w) })
	}) {
		return task{}, fmt.Sprintf("it asks for a figure per %s, and no column counts %ss", m[1], m[1]), false
	}
	rd := readClause(c, p, pl)
	if rd.ambiguous != "" {
		return task{}, rd.ambiguous, false
	}
	// "How many residents fell three times or more": the residents with
	// that many rows.
	if t, d, refusal, ok := repeatedRows(c, p, rd); ok {
		if refusal != "" {
			return task{}, refusal, false
		}
		pl.addDerived(d)
		return t, "", true
	}
	// A condition ("deeper than 100", "more than 3") that no column took
	// would be dropped: answering without it answers another question.
	for i := range c.words {
		if f, start, end, ok := conditionAfter(c.words, i); ok && start == i && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Op == f.Op && (x.Num == f.Num || rd.covered[end-1]) }) {
			return task{}, fmt.Sprintf("it sets a condition (%s) that I cannot tie to one of its columns", strings.Join(c.words[start:end], " ")), false
		}
	}
	// "Turns that took longer than their scheduled TAT": each row against
	// a column of its own, where the other side is no column read.
	for i := 0; i+3 < len(c.words); i++ {
		if !wordSet("longer", "shorter", "more", "less", "over", "under")[c.words[i]] || c.words[i+1] != "than" || !wordSet("their", "its", "the")[c.words[i+2]] || !rd.covered[i+3] {
			continue
		}
		if k := slices.IndexFunc(rd.numeric, func(col colProfile) bool {
			return slices.ContainsFunc(colWords(col.Name), func(w string) bool { return sameWord(c.words[i+3], w) })
		}); k >= 0 && len(rd.numeric) == 1 && i > 0 && wordSet("took", "take", "ran", "run", "lasted", "last", "were", "was")[c.words[i-1]] {
			return task{}, fmt.Sprintf("it compares each row with its own %s, and I cannot tie what it compares to a column", rd.numeric[k].Name), false
		}
	}
	// "Ewes that lost at least one lamb": a number of things no column
	// counts (Lambs Born less Lambs Alive), which no filter took. But "at
	// least one burst" of mains_bursts, "at least one assisted passenger"
	// are the rows.
	for i := 0; i+3 < len(c.words); i++ {
		n, word := numberWords[c.words[i+2]]
		if c.words[i] == "at" && c.words[i+1] == "least" && word && !rd.covered[i+3] && !rd.covered[i+2] && !namesRows(p, c.words[i+3]) && !(i+4 < len(c.words) && namesRows(p, c.words[i+4])) &&
			!slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Op != "" && x.Num == float64(n) }) {
			return task{}, fmt.Sprintf("it sets a condition (%s) that I cannot tie to one of its columns", strings.Join(c.words[i:i+4], " ")), false
		}
	}
	var soft []string
	unknown := unknownWords(c, rd.covered, p, &soft)
	var rowsNote string
	if len(unknown) == 2 {
		// "How many pick-ups are recorded": two words the analyst does not
		// know, written as one compound, may name the rows.
		if rc, ok := joinedCompound(c, unknown); ok {
			rrd := readClause(rc, p, pl)
			var rsoft []string
			if ru := unknownWords(rc, rrd.covered, p, &rsoft); len(ru) == 1 && rrd.ambiguous == "" && rowsNounAt(rc, ru[0], rrd, p) >= 0 {
				c, rd, soft, unknown = rc, rrd, rsoft, ru
			}
		}
	}
	rowsWord, rowsAt := "", -1
	switch {
	case len(unknown) == 1:
		rowsWord = unknown[0]
	case len(unknown) == 0 && len(soft) == 1 && soft[0] != datasetEntity(p) && writtenPlural(c.raw, soft[0]):
		rowsWord = soft[0] // "which make sold the most cars" of used_car_sales.csv, but not "the most milk"
	}
	if rowsWord != "" {
		// "How many earthquakes had a magnitude of at least 5" of
		// seismic_events.csv: the one word it does not know stands where
		// the rows are named, and nothing else names them.
		if at := rowsNounAt(c, rowsWord, rd, p); at >= 0 {
			rc := clause{raw: c.raw, words: slices.Clone(c.words)}
			rc.words[at] = "record"
			if rrd := readClause(rc, p, pl); rrd.ambiguous == "" {
				var rsoft []string
				if len(unknownWords(rc, rrd.covered, p, &rsoft)) == 0 {
					rowsNote = fmt.Sprintf("I read %q as what each row of %s is.", rowsWord, p.Name)
					if c.has(soldWords) && quantityColumn(p) != nil {
						rowsNote = fmt.Sprintf("I read %q as what was sold.", rowsWord)
					}
					c, rd, soft, unknown = rc, rrd, rsoft, nil
					rowsAt = at
				}
			}
		}
	}
	notes := len(pl.Notes)
	t, refusal, ok = mapClause(c, p, prev, pl, rd.clone())
	if ok && refusal == "" && t.Op == opDistinct && rowsAt > 0 && slices.ContainsFunc(c.words[max(0, rowsAt-3):rowsAt], func(w string) bool { return distinctWords[w] }) {
		// "How many different season-ticket holders sent in returns":
		// the different things are ones no column names, not the rows.
		pl.Notes = pl.Notes[:notes]
		return task{}, fmt.Sprintf("it asks how many different %s there are, and none of its columns names them", plural(rowsWord)), false
	}
	// Check the reading against the clause; read it again without a
	// grouping it did not ask for, or with the filter a verb it left out
	// says.
	for checked := 0; refusal == "" && ok && checked < 3; checked++ {
		guessed := slices.ContainsFunc(pl.Notes[notes:], func(n string) bool { return strings.HasPrefix(n, "The question names no numeric column") })
		chk := checkReading(c, p, rd, t, guessed)
		switch {
		case chk.drop != "":
			rd = rd.without(chk.drop)
		case chk.add != nil:
			rd = rd.with(*chk.add, chk.at)
		default:
			refusal = chk.refusal
		}
		if refusal != "" {
			break
		}
		pl.Notes = pl.Notes[:notes]
		t, refusal, ok = mapClause(c, p, prev, pl, rd.clone())
	}
	// "Which farm supplied the most milk" of milk_collections.csv: a mass
	// named after "the most" is an amount no column was found for, not a
	// count of rows.
	for _, w := range soft {
		i := slices.Index(c.words, w)
		next := i + 1 // "the most click and collect orders": past the name's other words
		for next+1 < len(c.words) && c.words[next] == "and" && slices.Contains(fileWords(p), c.words[next+1]) {
			next += 2
		}
		if ok && (t.Agg == "count" || t.Op == opCountRows) && i > 0 && wordSet("most", "least", "much")[c.words[i-1]] && !writtenPlural(c.raw, w) &&
			!(next < len(c.words) && (rowWords[c.words[next]] || entityWords[c.words[next]] || slices.Contains(fileWords(p), c.words[next]))) { // but "the most fly-tipping reports" counts reports
			unknown = append(unknown, w)
		}
	}
	if len(soft) > 0 && slices.ContainsFunc(pl.Notes[notes:], func(n string) bool { return strings.HasPrefix(n, "The question names no") }) &&
		!(ok && slices.Contains(pl.Notes[notes:], "The question names no numeric column; I took "+t.Measure+".") && moneyGuess(c, rd.covered, p)) {
		// "The average yield" of crop_yields.csv where no column reads as
		// yield: the guessed measure would answer another question. But
		// "the total sales across all jobs" of PrintJobs.csv asks for the
		// money, which the one money column holds.
		unknown = append(unknown, soft...)
	}
	if refusal == "" && ok {
		// A measure or a grouping the question does not name is a guess;
		// answering on a guess answers another question.
		for _, n := range pl.Notes[notes:] {
			switch {
			case strings.HasPrefix(n, "The question names no numeric column") && !moneyGuess(c, rd.covered, p):
				refusal = "it names no numeric column I can tie to its words, and I would only be guessing which one it means"
			case strings.HasPrefix(n, "The question names no column to group by"):
				refusal = "it asks for a breakdown, and names no column to break down by"
			}
		}
	}
	if ok && refusal == "" && len(unknown) == 0 {
		refusal = lateCheck(c, p, rd, t)
	}
	if ok && refusal == "" && len(unknown) == 0 && t.Over == "" && t.Measure != "" && !slices.ContainsFunc(pl.Derived, func(d derived) bool { return strings.Contains(t.Measure, d.Name) }) {
		// "The total of weeks times the weekly fee" read as the fee
		// alone: the formula the question spells is left out.
		if op := spelledOp(c); op != "" {
			refusal = fmt.Sprintf("it spells a formula (%s) that I cannot tie to two of its columns, and I read it as %s", op, readingOf(t))
		}
	}
	if ok && refusal == "" && (t.Over != "" || pl.derivedRatio(t.Measure)) && explicitRatio(c) {
		// "The average price per ticket, taking total gross over total
		// tickets sold": the formula the question gives says what its
		// words mean.
		unknown = nil
	}
	var inUnit string
	var unused [][2]string
	var unpaid [2]string
	if ok && refusal == "" && len(unknown) == 0 {
		inUnit, unused = moneyInUnit(c, t), unusedSynonyms(t, pl, rd.synonyms)
		unpaid = moneyUnanswered(t, pl, unused)
	}
	switch {
	case refusal != "":
		pl.Notes = pl.Notes[:notes]
		return t, refusal, false
	case len(unknown) > 0:
		// Answering without the words it does not know would answer
		// another question.
		pl.Notes = pl.Notes[:notes]
		if !ok {
			pl.Unmatched = append(pl.Unmatched, noColumnFor(unknown, p))
			return task{}, "", false
		}
		return task{}, noColumnFor(unknown, p), false
	case ok && inUnit != "":
		// "The longest hire in days" of dayRate_GBP: a rate in money is
		// no length of time.
		pl.Notes = pl.Notes[:notes]
		u := inUnit
		if writtenPlural(c.raw, u) {
			u = plural(u)
		}
		return task{}, fmt.Sprintf("it asks for a figure in %s, and %s is money", u, t.Measure), false
	case ok && unpaid != [2]string{}:
		// "What does a six-day hire cost on average" read "cost" as
		// priceEur and then measured days: the money the word asks for
		// is not in the answer.
		pl.Notes = pl.Notes[:notes]
		return task{}, fmt.Sprintf("it asks for money (%q, which I read as %s), and what I found to measure is not money", unpaid[0], unpaid[1]), false
	case ok:
		// A reading the answer does not use is not told: "the total
		// bonus paid" measures bonus_amt, whatever "paid" could have been.
		for _, u := range unused {
			rd.synonymNotes = slices.DeleteFunc(rd.synonymNotes, func(n string) bool { return n == columnNote(u[0], u[1]) })
		}
		pl.Notes = append(pl.Notes, rd.synonymNotes...)
		if rowsNote != "" {
			pl.Notes = append(pl.Notes, rowsNote)
		}
	}
	return t, "", ok
}

// columnNote tells that a word was read as a column not named by it.
func columnNote(word, col string) string {
	return fmt.Sprintf("I read %q as the column %s.", word, col)
}

// taskColumns are the columns t reads, and the expressions of the
// columns the plan derives for it.
func taskColumns(t task, pl *plan) []string {
	cols := []string{t.Measure, t.By, t.Time, t.X, t.Y, t.Over}
	for _, f := range t.Filters {
		cols = append(cols, f.Column)
	}
	if t.Cond != nil {
		cols = append(cols, t.Cond.Column)
	}
	for _, d := range pl.Derived {
		if slices.Contains(cols, d.Name) {
			cols = append(cols, d.Expr)
		}
	}
	return cols
}

// unusedSynonyms are the word-column pairs whose column t does not read,
// directly or through a column the plan derives.
func unusedSynonyms(t task, pl *plan, synonyms [][2]string) [][2]string {
	cols := taskColumns(t, pl)
	return slices.DeleteFunc(slices.Clone(synonyms), func(s [2]string) bool {
		return slices.ContainsFunc(cols, func(c string) bool { return c == s[1] || strings.Contains(c, strconv.Quote(s[1])) })
	})
}

// moneyUnanswered is the first of the unused pairs whose word asks for
// money, of a task that reads no column of money, or the zero pair.
func moneyUnanswered(t task, pl *plan, unused [][2]string) [2]string {
	cols := taskColumns(t, pl)
	for _, s := range unused {
		if costWords[s[0]] && moneyNamed(s[1]) && !slices.ContainsFunc(cols, func(c string) bool { return c != "" && moneyNamed(c) }) {
			return s
		}
	}
	return [2]string{}
}

// moneyInUnit is the unit a clause asks its figure in ("in days"), when
// the task measures a column of money (dayRate_GBP is money per day), or
// "".
func moneyInUnit(c clause, t task) string {
	if !inMoney(t.Measure) {
		return ""
	}
	for i := 0; i+1 < len(c.words); i++ {
		u := c.words[i+1]
		if _, ok := scaleOf(u); ok && c.words[i] == "in" && unitWords[u] && !currencyWords[u] && !rateUnit(c.words, i+1) {
			return u
		}
	}
	return ""
}

// inMoney reports whether a column's name says it holds money: a currency
// (dayRate_GBP, Price (£)) or a word only money is (salary, fare), whole.
func inMoney(name string) bool {
	return strings.ContainsAny(name, "£$€") || slices.ContainsFunc(colWords(name), func(w string) bool {
		return currencyWords[w] || wordSet("price", "cost", "fee", "fare", "revenue", "salary", "wage")[w]
	})
}

// madeExist are participles that make what their noun names exist: an
// appeal lodged is an appeal, a load rejected is a load either way.
var madeExist = wordSet("lodged", "made", "filed", "raised", "submitted", "issued", "requested", "logged", "recorded", "given", "taken", "offered", "placed", "opened", "received", "claimed", "booked")

// timesAsked reports whether a clause ranks by how many times ("which
// field was sprayed the most times"): a count of rows, whatever column
// its verb names.
func timesAsked(c clause) bool {
	ws := rawWords(c.raw)
	return slices.ContainsFunc(rangeOf(1, len(ws)), func(i int) bool {
		return ws[i] == "times" && wordSet("most", "fewest", "least")[ws[i-1]]
	})
}

// countedDate is the date column whose own noun "how many" counts ("how
// many nights" of Trap Night, "how many shoot days" of Shoot Day), or "":
// its name says what the date is of, so rows are not the nights.
func countedDate(c clause, p profile) string {
	i := slices.Index(c.words, "many")
	if i < 0 {
		return ""
	}
	if dc := dateColumns(p); workedDays(c, p) && len(dc) == 1 {
		return dc[0].Name
	}
	for _, tc := range dateColumns(p) {
		cw := colWords(tc.Name)
		if len(cw) < 2 {
			continue // a column named "night" dates rows that are nights: "how many nights were recorded" counts them
		}
		of := func(w string) bool { return slices.ContainsFunc(cw, func(x string) bool { return sameWord(w, x) }) }
		for j := i + 1; j < len(c.words) && of(c.words[j]); j++ {
			if wordSet("day", "night", "date", "evening", "morning", "shift")[c.words[j]] {
				return tc.Name
			}
		}
	}
	return ""
}

// workedDays reports "how many days did we shear" of shearing_tally.csv:
// the days the work the file is named for was done, not a time taken.
func workedDays(c clause, p profile) bool {
	h := indexSeq(c.words, "how", "many")
	if h < 0 {
		return false
	}
	// "How many days", or "how many different days".
	d := h + 2
	distinct := d+1 < len(c.words) && distinctWords[c.words[d]] && c.words[d+1] == "day"
	if distinct {
		d++
	}
	if d >= len(c.words) || c.words[d] != "day" {
		return false
	}
	names := fileWords(p)
	// "How many different days was there any dredging" of Dredge Trip Log.
	if distinct && slices.ContainsFunc(c.words[d+1:], func(w string) bool {
		return strings.HasSuffix(w, "ing") && slices.ContainsFunc(names, func(n string) bool { return len(n) > 4 && sameWord(w, n) })
	}) {
		return true
	}
	// "How many days did we shear" of shearing_tally.
	if d+3 >= len(c.words) || !wordSet("did", "do")[c.words[d+1]] || !subjectPronouns[c.words[d+2]] {
		return false
	}
	return slices.ContainsFunc(names, func(n string) bool { return len(n) > 4 && strings.HasSuffix(n, "ing") && stem(n) == c.words[d+3] })
}

// typeNamedOnly reports whether m names a column of kinds ("Property
// Type") by the thing alone, singular or with a clause of its own after
// it, with no word of kinds in the
// clause and nothing that asks which: the things, not their kinds.
func typeNamedOnly(c clause, m mention) bool {
	cw := colWords(m.col.Name)
	kinds := wordSet("type", "kind", "category", "class", "sort")
	// "The consents we granted": a plural the clause then says more of.
	// "Band 5 shifts filled from our bank": a participle after it says the same.
	relative := m.pos+1 < len(c.words) && (subjectPronouns[c.words[m.pos+1]] || wordSet("that", "which")[c.words[m.pos+1]] || isParticiple(c.words[m.pos+1]) && strings.HasSuffix(c.words[m.pos+1], "ed"))
	return len(cw) == 2 && m.len == 1 && kinds[cw[1]] && sameWord(c.words[m.pos], cw[0]) && (!writtenPlural(c.raw, c.words[m.pos]) || relative) &&
		!c.has(kinds) && !c.has(wordSet("which", "who", "each", "every", "per", "across", "breakdown", "compare", "among", "between", "common")) && (m.pos == 0 || !groupLeads[c.words[m.pos-1]])
}

// costWords ask what something cost.
var costWords = wordSet("cost", "price", "charge", "fee", "fare", "pay", "paid", "spend", "spent")

// rowsNounAt is where a clause names its rows by a word the analyst does
// not know, or -1: after "how many" or "number of" unless another subject
// follows ("how many calories did the hikers burn"); after "of" when a
// measure or a share comes before it ("the median depth of earthquakes",
// "what percentage of repairs"); after "each", "per", "a single", or "a"
// after for/to/does ("how long does a repair take"); after a value that
// picks them ("gearbox faults"); or after "the most" that ends a clause
// whose subject is a column or a period ("which region had the most
// earthquakes"). Nothing else in the clause may name rows (a word of the
// file's name may, as "in the survey"), and a word before a unit or a
// column qualifies it ("roaming minutes").
func rowsNounAt(c clause, w string, rd clauseReading, p profile) int {
	covered := rd.covered
	if _, irregular := irregularVerbs[w]; len(w) < 3 || stem(w) != w && !strings.HasSuffix(w, "ing") || irregular || strings.HasSuffix(w, "ment") && !moneyEvents[w] || strings.HasSuffix(w, "ied") {
		return -1 // a verb's past or an adverb; but "sightings" and "collisions" may be rows
	}
	entity := datasetEntity(p)
	nameWords := fileWords(p)
	if peopleWords[w] && w != entity && !slices.Contains(nameWords, w) {
		return -1 // "how many volunteers worked" of a table of vouchers: people are no rows of it
	}
	at := -1
	for i, x := range c.words {
		theTable := i > 1 && c.words[i-1] == "the" && wordSet("in", "of", "from")[c.words[i-2]] || // "recorded in the survey"
			i > 0 && c.words[i-1] == "at" && i+1 == len(c.words) // "rejected at intake": where, not what the rows are
		switch {
		case x == w:
			if at >= 0 {
				return -1
			}
			at = i
		case (rowWords[x] || entityWords[x] && x != "time" && x != "one") && !theTable && !covered[i]:
			return -1 // but "student moves", where Student is a value, names moves
		case (x == entity || slices.Contains(nameWords, x)) && !theTable && !covered[i]:
			return -1 // "how many cars were damaged by these potholes" of pothole_repairs.csv
		}
	}
	if at < 1 {
		return -1
	}
	prev := at - 1
	if wordSet("the", "our", "their", "all", "these", "those")[c.words[prev]] && prev > 0 {
		prev-- // "what percentage of our stoppages"
	}
	next := ""
	if at+1 < len(c.words) {
		next = c.words[at+1]
	}
	if next != "" && (unitWords[next] || covered[at+1] && !isParticiple(next)) {
		return -1 // "how many roaming minutes": a kind of minutes, not rows
	}
	if prev == at-1 && slices.ContainsFunc(rd.filters, func(f filter) bool {
		return slices.ContainsFunc(f.at, func(a int) bool {
			return a <= prev && !slices.ContainsFunc(rangeOf(a, prev+1), func(j int) bool { return !covered[j] })
		})
	}) {
		return at // "gearbox faults", "the winter wheat loads": the rows a value picks
	}
	if prev == at-1 && covered[prev] && prev > 0 && c.words[prev-1] == "many" {
		return at // "how many road collisions": the kind of the rows, then the rows
	}
	if w := c.words[prev]; prev > 0 && strings.HasSuffix(w, "est") && adjectiveMeasures[w].hints != nil && wordSet("the", "single", "a")[c.words[prev-1]] &&
		!c.has(wordSet("which", "who", "whose", "each", "every", "per", "by")) {
		return at // "the single longest stoppage": the row a measure ranks first; but not "which line had the longest stoppage"
	}
	switch c.words[prev] {
	case "many":
		if !wordSet("did", "does", "do", "will", "would", "can", "could", "should")[next] {
			return at
		}
		// "How many stoppages did it have", "did Line 2 have": what a row
		// of the group had, where "how many calories did the hikers burn"
		// has a subject of its own, and "how many subscribers does each
		// show have" asks what each has now.
		for k := at + 2; next == "did" && k < len(c.words) && (covered[k] || wordSet("it", "they", "that", "each", "the", "this")[c.words[k]]); k++ {
			if k+1 < len(c.words) && wordSet("have", "get", "see", "log", "record", "suffer")[c.words[k+1]] {
				return at // "how many stoppages did Line 2 have"
			}
		}
	case "of":
		// "how many of the crashes were fatal"
		if prev > 0 && (c.words[prev-1] == "number" || covered[prev-1] || shareWords[c.words[prev-1]] || c.words[prev-1] == "many") {
			return at
		}
	case "each", "every", "per", "single":
		if prev > 0 && c.words[prev-1] == "by" {
			return -1 // "the average score given by each supervisor" groups by something no column holds
		}
		return at // "the most spent on parts for a single repair"
	case "a", "an":
		// "how long does a repair take", "technicians sent to a job", but
		// not "which trail has a waterfall".
		if prev > 0 && wordSet("for", "to", "per", "does", "did", "do", "in", "on")[c.words[prev-1]] {
			return at
		}
	case "most", "fewest", "least":
		// The subject is a column or a period of the date ("which month").
		if q := slices.IndexFunc(c.words[:prev], func(x string) bool { return x == "which" || x == "what" }); q >= 0 && q+1 < prev &&
			(next == "" || next == "in" || next == "during" || at+2 == len(c.words) && isParticiple(next)) && (covered[q+1] || timeWords[c.words[q+1]] && dateColumn(p) != nil || kindOf(c.words, q+1) && covered[q+3]) {
			return at
		}
	}
	return -1
}

// currencyWords are units of money in a column's name.
var currencyWords = wordSet("usd", "eur", "gbp", "dollar", "euro", "pound")

// scopeWord is the first word of a clause that asks for a cause, a
// prediction or advice; a column's own word ("the most common cause" of a
// column called cause) asks for none.
func scopeWord(c clause, p profile) string {
	raw := strings.ToLower(c.raw)
	for i, w := range c.words {
		if !scopeWords[w] || strings.Contains(raw, w+"-") {
			continue // "next-day jobs" name a kind of job, not a prediction
		}
		if w == "caused" && i > 0 && !wordSet("what", "why", "who")[c.words[i-1]] && i+1 < len(c.words) && wordSet("a", "an")[c.words[i+1]] {
			continue // "what proportion caused a major injury": the falls that did, not what caused them
		}
		if i == rowsCause(c, p) {
			continue
		}
		if !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return slices.ContainsFunc(words(col.Name), func(cw string) bool { return sameWord(w, cw) }) // "fires caused by lightning" of cause
		}) {
			return w
		}
	}
	return ""
}

// weatherValues reads the weather a clause names as the values of a
// column of weather codes ("in freezing fog" of Precip = FZFG; "when it
// was snowing" of SN and -SN, light snow too): a word for the weather
// picks every code of it, and a word before it that one code says (light,
// freezing) only that code.
func weatherValues(c clause, p profile, rd *clauseReading) {
	for _, col := range p.Columns {
		if col.Kind != kindCategorical || slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == col.Name }) {
			continue
		}
		coded := map[string][]string{}
		for _, v := range col.Values {
			if ws := weatherWords(v); ws != nil {
				coded[v] = ws
			}
		}
		if len(coded) < 3 || 2*len(coded) < len(col.Values) {
			continue
		}
		f, codes := filter{Column: col.Name}, slices.Sorted(maps.Keys(coded)) // in order: a map's would differ from run to run
		for i, w := range c.words {
			if rd.covered[i] {
				continue
			}
			var vs []string
			for _, v := range codes {
				if ws := coded[v]; ws[len(ws)-1] == w || ws[len(ws)-1] == stem(w) {
					vs = append(vs, v)
				}
			}
			if len(vs) == 0 {
				continue
			}
			from := i
			// "Freezing fog": the word before that one code says.
			if i > 0 && !rd.covered[i-1] {
				if k := slices.IndexFunc(vs, func(v string) bool { ws := coded[v]; return len(ws) > 1 && ws[len(ws)-2] == c.words[i-1] }); k >= 0 {
					vs, from = []string{vs[k]}, i-1
				}
			}
			for _, v := range vs {
				if !slices.Contains(f.Values, v) {
					f.Values = append(f.Values, v)
				}
			}
			f.at = append(f.at, i)
			for j := from; j <= i; j++ {
				rd.covered[j] = true
			}
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", strings.Join(c.words[from:i+1], " "), col.Name, strings.Join(vs, ", ")))
		}
		if len(f.Values) > 0 {
			f.kinds = len(f.Values) - 1 // one weather, however many codes it has
			rd.filters = append(rd.filters, f)
		}
	}
}

// nameAbbreviates reports whether a file's name says what its rows are
// by a shortening of w: "nonconformances" of NCR_LOG.csv.
func nameAbbreviates(entity, w string) bool {
	return len(entity) >= 2 && len(entity) <= 4 && !known(entity) && len(w) > 6 && abbreviates(entity, w) && inOrder(entity, w)
}

// rowsCause is where a clause asks how much of a measure the rows' own
// work caused, a total: the "cause" of "how much delay did de-icing cause"
// of De-Icing Log.csv; -1 where it does not.
func rowsCause(c clause, p profile) int {
	i := slices.Index(c.words, "cause")
	d := slices.IndexFunc(c.words[:max(i, 0)], func(x string) bool { return wordSet("did", "does", "do")[x] })
	if d < 0 || d+1 >= i || !containsSeq(c.words, "how", "much") && !containsSeq(c.words, "how", "many") ||
		slices.ContainsFunc(c.words[d+1:i], func(x string) bool { return !slices.Contains(fileWords(p), x) }) {
		return -1
	}
	return i
}

// moneyGuess reports whether the likeliest measure of a question that
// names none is what it asks for: a column of money, where the question
// asks about money ("the total revenue", "how much did it raise", "which
// campaign raised the most money") or about the rows' amount ("the average
// donation" of donations.csv, "the largest claim amount").
func moneyGuess(c clause, covered map[int]bool, p profile) bool {
	m := plausibleMeasure(p)
	if m == "" || !moneyNameRaw(m) || countTotal(m) {
		return false
	}
	if uncoveredWord(c, covered, moneyWords, derivedWords, wordSet("money", "pay", "paid", "cost", "price", "fee", "charge", "fare")) != "" ||
		containsSeq(c.words, "how", "much") {
		return true
	}
	entity := datasetEntity(p)
	return slices.ContainsFunc(c.words, func(w string) bool { return w == entity || w == "amount" || moneyEvents[w] })
}

// takings reports whether the clause asks what money was taken, the
// takings: "what was taken in top-ups", "what did we take on the door",
// of a numeric column in a currency.
func takings(c clause, numeric []colProfile) bool {
	return len(numeric) > 0 && inCurrency(numeric[0]) && c.words[0] == "what" &&
		(containsSeq(c.words, "what", "was", "taken") || containsSeq(c.words, "what", "did", "we", "take"))
}

// partOfTotal is the part and the whole of a share asked of two numeric
// columns, or nil: the one said after "of" is the whole ("what
// percentage of the trees planted were still alive" is n_alive_yr1 of
// n_planted); one column said beside its total is the part ("what
// percentage of checkpoints were scanned" is checkpoints_scanned of
// checkpoints_total). Averages and rates have no total to divide.
func partOfTotal(c clause, numeric []colProfile, p profile) []colProfile {
	// BAYS_COMPLIANT beside BAYS_CHECKED: the things checked are the whole.
	whole := wordSet("total", "checked", "inspected", "tested", "audited", "examined", "surveyed")
	if len(numeric) == 1 {
		// checkpoints_scanned beside checkpoints_total: one name but the
		// word "total".
		ws := colWords(numeric[0].Name)
		for _, col := range p.Columns {
			cw := colWords(col.Name)
			other := slices.DeleteFunc(slices.Clone(cw), func(w string) bool { return slices.Contains(ws, w) })
			if col.Kind == kindNumeric && col.Name != numeric[0].Name && len(cw) == len(ws) && len(other) == 1 && whole[other[0]] && !slices.ContainsFunc(ws, func(w string) bool { return whole[w] }) {
				numeric = append(slices.Clone(numeric), col)
				break
			}
		}
	}
	if len(numeric) != 2 || slices.ContainsFunc(numeric, func(col colProfile) bool {
		return isID(col) || isTime(col) || intensive(col.Name)
	}) {
		return nil
	}
	first, second := numeric[0], numeric[1]
	if indexSeq(c.words, "as", "a", "percent", "of") >= 0 || indexSeq(c.words, "as", "a", "share", "of") >= 0 || indexSeq(c.words, "as", "a", "proportion", "of") >= 0 {
		return []colProfile{first, second} // "units sold as a percentage of units marked down"
	}
	total := func(col colProfile) bool {
		return slices.ContainsFunc(colWords(col.Name), func(w string) bool { return whole[w] })
	}
	switch {
	case total(first) && total(second):
		return nil
	case total(second):
		return []colProfile{first, second}
	case total(first) || slices.Contains(c.words, "of"):
		return []colProfile{second, first}
	}
	return nil
}

// totalsRatio reads a clause that asks for one column's total over
// another's: said outright ("total charges divided by total visits"), or
// a figure per another over all the rows ("litres of water per kg of
// fabric across all batches"). It returns the two columns, or "".
func totalsRatio(c clause, p profile) (num, den string) {
	before, after := -1, -1
	if i := indexSeq(c.words, "divided", "by"); i >= 0 {
		before, after = i, i+2
	} else if i := slices.Index(c.words, "over"); explicitRatio(c) && i > 0 {
		before, after = i, i+1 // "total tickets sold over total capacity"
	} else if i := slices.Index(c.words, "per"); i >= 0 && (slices.Contains(c.words, "overall") || containsSeq(c.words, "across", "all") || containsSeq(c.words, "in", "total") || slices.Contains(c.words, "altogether") ||
		wholePeriod(c) || (containsSeq(c.words, "how", "many") || containsSeq(c.words, "how", "much")) && !c.has(wordSet("each", "every", "average", "typical", "usually"))) { // "how many litres of fuel did we burn per tonne hauled"
		before, after = i, i+1
	}
	// "The average spend per head": the money over the people counted,
	// as a business counts it.
	if i := slices.Index(c.words, "per"); before < 0 && i >= 0 && i+1 < len(c.words) && headWords[c.words[i+1]] && peopleCount(p) != nil && !c.has(wordSet("each", "every", "which")) {
		before, after = i, i+1
	}
	if before < 0 {
		return "", ""
	}
	if headWords[c.words[after]] {
		if pc := peopleCount(p); pc != nil {
			for k := before - 1; k >= 0; k-- {
				ms := mentions(clause{raw: strings.Join(c.words[k:before], " "), words: c.words[k:before]}, p)
				if len(ms) > 0 && ms[0].col.Kind == kindNumeric && ms[0].col.Name != pc.Name && !isID(ms[0].col) {
					return ms[0].col.Name, pc.Name
				}
				// "Spend per head": the money the table takes.
				if mc := moneyColumn(p); k == before-1 && spendWords[c.words[k]] && mc != nil {
					return mc.Name, pc.Name
				}
			}
		}
	}
	// The columns each side names, each side read on its own: "charges
	// divided by visits" may name a column said before too.
	named := func(ws []string) []string {
		var out []string
		for _, m := range mentions(clause{raw: strings.Join(ws, " "), words: ws}, p) {
			if m.col.Kind == kindNumeric && !isID(m.col) && !isTime(m.col) && !intensive(m.col.Name) {
				out = append(out, m.col.Name)
			}
		}
		return out
	}
	// The column named nearest before the split: the shortest run of
	// words before it that names one.
	for k := before - 1; k >= 0; k-- {
		if a := named(c.words[k:before]); len(a) > 0 {
			if b := named(c.words[after:]); len(b) > 0 && b[0] != a[0] {
				return a[0], b[0]
			}
			break
		}
	}
	return "", ""
}

// perUnitOf is the column after "per hour of" ("miles per hour of
// platform time" of Platform Mins) in the unit said, converted from its
// own: a derived column when the units differ, or the column's name.
func perUnitOf(c clause, den string, p profile) (string, *derived) {
	i := slices.Index(c.words, "per")
	if i < 0 || i+2 >= len(c.words) || !unitWords[c.words[i+1]] || c.words[i+2] != "of" {
		return den, nil
	}
	k := slices.IndexFunc(p.Columns, func(col colProfile) bool { return col.Name == den })
	if k < 0 {
		return den, nil
	}
	col, factor := mentionedInUnit([]mention{{col: p.Columns[k]}}, c.words[i+1])
	if col == nil || factor == 1 {
		return den, nil
	}
	d := inUnit(den, c.words[i+1], factor)
	return "", &d
}

// inUnit is a numeric column in another unit: its values over factor, the
// values of unit in the column's ("Platform Mins in hours", factor 60).
func inUnit(col, unit string, factor float64) derived {
	plural := strings.TrimSuffix(unit, "s") + "s"
	f := strconv.FormatFloat(factor, 'f', -1, 64)
	return derived{Name: col + " in " + plural,
		Expr:    fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\") / %s", py(col), f),
		Formula: fmt.Sprintf("%s in %s = %s / %s", col, plural, col, f)}
}

// recordedWords after "no" and a column say that nothing was written in
// it: "no moisture reading", "no operator recorded".
var recordedWords = wordSet("reading", "recorded", "record", "value", "result", "entered", "entry", "logged", "given", "listed", "measurement")

// digitsPlural is a column named by a number in the plural: 4s, 6s.
var digitsPlural = regexp.MustCompile(`^(\d+)s$`)

// numberNounRE finds a number joined to a noun: "18-hole", "3-bed".
var numberNounRE = regexp.MustCompile(`\b(\d+)-([A-Za-z]+)\b`)

// daysBetween reads "days between the enquiry and the event" of a table
// with two date columns: the later column less the earlier, in days. It
// returns the derived column, where the clause says it and how many words
// say it. One of the two must be named by a word of its own name; the
// other is then the table's other date column.
func daysBetween(c clause, p profile) (derived, int, int, bool) {
	b := slices.Index(c.words, "between")
	// "How many days passed between death and burial": the days, and the
	// verb of their passing.
	passed := b >= 2 && wordSet("passed", "elapsed", "went", "pass", "elapse", "go")[c.words[b-1]] &&
		(c.words[b-2] == "day" || b >= 3 && c.words[b-2] == "that" && c.words[b-3] == "day") // "the days that passed between"
	// "How many calendar days were there between": the days, and that
	// they were.
	there := b
	for there >= 2 && wordSet("there", "were", "are", "was", "is", "been", "have", "has")[c.words[there-1]] {
		there--
	}
	if there < b && (there < 2 || c.words[there-1] != "day" || c.words[b-1] != "there") {
		there = b
	}
	if b < 1 || !wordSet("day", "time", "gap", "length", "duration")[c.words[there-1]] && !passed {
		return derived{}, 0, 0, false
	}
	dates := dateColumns(p)
	if len(dates) < 2 {
		return derived{}, 0, 0, false
	}
	var named []colProfile
	for _, col := range dates {
		own := eventWords(col.Name)
		if slices.ContainsFunc(c.words[b+1:], func(w string) bool { return slices.ContainsFunc(own, func(o string) bool { return sameWord(w, o) }) }) {
			named = append(named, col)
		}
	}
	switch {
	case len(named) == 1 && len(dates) == 2:
		named = dates
	case len(named) != 2:
		return derived{}, 0, 0, false
	}
	from, to := named[0], named[1]
	if fmt.Sprint(to.Min) < fmt.Sprint(from.Min) {
		from, to = to, from
	}
	// The words that say it run to the last that names a date column.
	end := b
	for j := b + 1; j < len(c.words); j++ {
		if slices.ContainsFunc(dates, func(col colProfile) bool {
			return slices.ContainsFunc(colWords(col.Name), func(o string) bool { return sameWord(c.words[j], o) })
		}) {
			end = j
		}
	}
	if end == b {
		return derived{}, 0, 0, false
	}
	// "The gap in days between": the words before the unit say it too.
	start := b - 1
	if start >= 2 && c.words[start] == "day" && c.words[start-1] == "in" && wordSet("time", "gap", "length", "duration", "interval", "delay", "wait")[c.words[start-2]] {
		start -= 2
	}
	return elapsedColumn(from, to, "days", ".dt.days"), start, end - start + 1, true
}

// datesInOrder reads "paid after their due date", "closed before the
// target date": two date columns named either side of "after" or
// "before", with only articles and pronouns between. It returns the
// derived yes/no column (1 where the order holds, on rows with both
// dates), the filter that keeps those rows, and the words it spans.
func datesInOrder(c clause, p profile, ms []mention) (derived, filter, int, int, bool) {
	for g, w := range c.words {
		if !wordSet("after", "before", "later", "earlier")[w] || g == 0 {
			continue
		}
		// The date after it: a date column's mention, past articles.
		k := slices.IndexFunc(ms, func(m mention) bool {
			return m.col.Kind == kindDate && m.pos > g && !slices.ContainsFunc(c.words[g+1:m.pos], func(x string) bool {
				return !wordSet("the", "their", "its", "than", "a", "his", "her")[x]
			})
		})
		if k < 0 {
			continue
		}
		b := ms[k]
		// The date before it: another date column whose event the verb
		// before says ("paid", "we pay" of Paid Date).
		from := -1
		var a colProfile
		for j := g - 1; j >= max(0, g-3) && from < 0; j-- {
			for _, col := range p.Columns {
				if col.Kind != kindDate || col.Name == b.col.Name {
					continue
				}
				if datesEvent(col, c.words[j]) {
					from, a = j, col
					break
				}
			}
		}
		if from < 0 {
			continue
		}
		op, word := "<", "before"
		if w == "after" || w == "later" {
			op, word = ">", "after"
		}
		name := fmt.Sprintf("%s %s %s", a.Name, word, b.col.Name)
		d := derived{Name: name,
			Expr:    fmt.Sprintf("(pd.to_datetime(data[%s], errors=\"coerce\") %s pd.to_datetime(data[%s], errors=\"coerce\")).astype(int)", py(a.Name), op, py(b.col.Name)),
			Formula: fmt.Sprintf("%s = 1 where %s is %s %s, else 0", name, a.Name, word, b.col.Name)}
		return d, filter{Column: name, Op: "==", Num: 1}, from, b.pos + b.len, true
	}
	return derived{}, filter{}, 0, 0, false
}

// elapsedColumn is the time from one date column to another, in unit,
// with the pandas that turns the difference into it (".dt.days").
//
// Days between a date with a time of day and a date without one are
// calendar days: a review on 4 July is 3 days after a fall at 11:14 on
// 1 July, not 2.53.
func elapsedColumn(from, to colProfile, unit, conv string) derived {
	name := fmt.Sprintf("%s from %s to %s", unit, from.Name, to.Name)
	of, formula := "", ""
	if unit == "days" && timeOfDay(from) != timeOfDay(to) {
		of, conv, formula = ".dt.normalize()", ".dt.days", ", the dates without their times of day"
	}
	return derived{Name: name,
		Expr:    fmt.Sprintf("(pd.to_datetime(data[%s], errors=\"coerce\")%s - pd.to_datetime(data[%s], errors=\"coerce\")%s)%s", py(to.Name), of, py(from.Name), of, conv),
		Formula: fmt.Sprintf("%s = %s - %s, in %s%s", name, to.Name, from.Name, unit, formula)}
}

// timeOfDay reports whether a date column holds times of day: its
// profile's first or last value has one.
func timeOfDay(col colProfile) bool {
	return strings.Contains(fmt.Sprint(col.Min)+fmt.Sprint(col.Max), ":")
}

// elapsedFromTo reads "how many hours ... from arrival to departure" of a
// table with arrival and departure times: the time from one date column
// to the other, in the unit the clause asks (hours, minutes, else days).
// It returns the derived column, where the span starts ("from"), how many
// words it takes, and where the unit is said.
func elapsedFromTo(c clause, p profile) (derived, int, int, int, bool) {
	f, t, ok := fromTo(c)
	if !ok {
		return derived{}, 0, 0, 0, false
	}
	dateAt := func(lo, hi int) *colProfile { return dateNamed(c.words[lo:min(hi, len(c.words))], p) }
	from, to := dateAt(f+1, t), dateAt(t+1, t+4)
	being := -1 // "to the letter being sent": the end said by its verb
	if k := slices.Index(c.words[t+1:min(t+4, len(c.words))], "being"); to == nil && k >= 0 && t+k+2 < len(c.words) {
		being = t + k + 2
		to = dateAt(being, being+1)
	}
	// "From tagging to repair" of Tag #, Date Found and Date Repaired: one
	// end named, the other in one word that names what the rows are, and
	// the table's other date that end. "From sampling to reporting" of a
	// table with no samples' column stays untied.
	if dates := dateColumns(p); len(dates) == 2 && (from == nil) != (to == nil) {
		other := func(named *colProfile) *colProfile {
			return &dates[slices.IndexFunc(dates, func(col colProfile) bool { return col.Name != named.Name })]
		}
		rows := func(w string) bool {
			return sameWord(w, datasetEntity(p)) || slices.ContainsFunc(p.Columns, func(col colProfile) bool {
				return col.Kind == kindText && slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return sameWord(w, cw) })
			})
		}
		switch {
		case from == nil && t == f+2 && rows(c.words[f+1]):
			from = other(to)
		case to == nil && t+2 <= len(c.words) && rows(c.words[t+1]) && (t+2 == len(c.words) || wordSet("on", "for", "in", "per", "across", "over", "and", "by")[c.words[t+2]]):
			to = other(from)
		}
	}
	if from == nil || to == nil || from.Name == to.Name {
		return derived{}, 0, 0, 0, false
	}
	end := t + 1
	for end < len(c.words) && end < t+4 && dateAt(end, end+1) != nil {
		end++
	}
	if being > 0 && to != nil {
		end = being + 1
	}
	unit, name, div := elapsedUnit(c.words, f, end, false)
	if unit < 0 {
		return derived{}, 0, 0, 0, false
	}
	return elapsedColumn(*from, *to, name, fmt.Sprintf(".dt.total_seconds() / %g", div)), f, end - f, unit, true
}

// fromTo finds a span "from A to B" in a clause: the positions of
// "from" and of the "to" one to three words after it.
func fromTo(c clause) (from, to int, ok bool) {
	f := slices.Index(c.words, "from")
	if f < 0 {
		return 0, 0, false
	}
	t := slices.Index(c.words[f:], "to")
	if t < 2 || t > 4 {
		return 0, 0, false
	}
	return f, f + t, true
}

// dateNamed is the date column the words name, whole before in part:
// "to let date" is Let Date, not Ready To Let.
func dateNamed(ws []string, p profile) *colProfile {
	var part *colProfile
	for i, col := range p.Columns {
		if col.Kind != kindDate {
			continue
		}
		own := eventWords(col.Name)
		said := func(o string) bool {
			return slices.ContainsFunc(ws, func(w string) bool { return sameWord(w, o) || eventNouns[w] == o })
		}
		if len(own) > 0 && !slices.ContainsFunc(own, func(o string) bool { return !said(o) }) {
			return &p.Columns[i]
		}
		// "Close-out", one word, of Closed Out.
		if len(own) == 2 && slices.ContainsFunc(ws, func(w string) bool {
			rest, ok := strings.CutSuffix(w, own[1])
			return ok && rest != "" && sameWord(rest, own[0])
		}) {
			return &p.Columns[i]
		}
		if part == nil && slices.ContainsFunc(own, said) {
			part = &p.Columns[i]
		}
	}
	return part
}

// eventNouns are nouns of an event whose date column is named by its
// verb's past: "from receipt to report" of Date Recd, "from receipt to
// decision" of RECEIVED and DECIDED.
var eventNouns = map[string]string{"receipt": "received", "arrival": "arrived", "departure": "departed", "dispatch": "dispatched",
	"decision": "decided", "completion": "completed", "submission": "submitted", "approval": "approved", "referral": "referred",
	"delivery": "delivered", "installation": "installed", "inspection": "inspected", "registration": "registered", "closure": "closed",
	"admission": "admitted"}

// untiedSpan is the refusal of a clause that asks for the time from one
// event to another ("the average number of days from receipt to
// report") when no reading tied both ends to date columns: any other
// column it names is not that time. It is "" for other clauses.
func untiedSpan(c clause) string {
	f, t, ok := fromTo(c)
	if !ok || t+1 >= len(c.words) {
		return ""
	}
	at, unit, _ := elapsedUnit(c.words, f, t+2, false)
	if at < 0 {
		return ""
	}
	return fmt.Sprintf("it asks for the %s from %s to %s, and I cannot tie both to date columns", unit, strings.Join(c.words[f+1:t], " "), c.words[t+1])
}

// dateColumns are p's columns of dates, in order.
func dateColumns(p profile) []colProfile {
	var out []colProfile
	for _, col := range p.Columns {
		if col.Kind == kindDate {
			out = append(out, col)
		}
	}
	return out
}

// datesEvent reports whether w says the event a date column dates: a
// form of its word or of its verb ("paid", "pay" of Paid Date).
func datesEvent(col colProfile, w string) bool {
	return slices.ContainsFunc(eventWords(col.Name), func(e string) bool {
		return sameWord(w, e) || verbOf(e) == verbOf(w) || eventNouns[w] != "" && sameWord(eventNouns[w], e)
	})
}

// elapsedAfter reads "how many days after the fall did the review
// happen": the time from the date of the event named after "after" to
// the table's other date column (the one date column besides it, or the
// one the clause names elsewhere), in the unit said before "after". It
// returns what elapsedFromTo does, and the other date column's name, whose
// mention before the span the caller takes as that end, not a breakdown.
func elapsedAfter(c clause, p profile) (derived, int, int, int, string, bool) {
	a := slices.Index(c.words, "after")
	if a < 1 || !wordSet("day", "hour", "minute")[c.words[a-1]] {
		return derived{}, 0, 0, 0, "", false
	}
	dates := dateColumns(p)
	end := a + 1
	for end < len(c.words) && (articles[c.words[end]] || wordSet("their", "its", "his", "her")[c.words[end]]) {
		end++
	}
	if end >= len(c.words) {
		return derived{}, 0, 0, 0, "", false
	}
	k := slices.IndexFunc(dates, func(col colProfile) bool { return datesEvent(col, c.words[end]) })
	if k < 0 {
		return derived{}, 0, 0, 0, "", false
	}
	end++
	to := -1
	if len(dates) == 2 {
		to = 1 - k
	} else {
		for i, col := range dates {
			if i != k && slices.ContainsFunc(c.words, func(w string) bool { return datesEvent(col, w) }) {
				if to >= 0 {
					return derived{}, 0, 0, 0, "", false
				}
				to = i
			}
		}
	}
	if to < 0 {
		return derived{}, 0, 0, 0, "", false
	}
	// "… did it happen", "was it done": the event itself, said again.
	if end+2 < len(c.words) && wordSet("did", "was", "were", "does", "do")[c.words[end]] && wordSet("it", "they", "this", "that")[c.words[end+1]] &&
		wordSet("happen", "occur", "take", "done", "held", "carried")[c.words[end+2]] {
		end += 3
		for end < len(c.words) && wordSet("place", "out")[c.words[end]] {
			end++
		}
	}
	unit, name, div := elapsedUnit(c.words, a, end, false)
	if unit != a-1 {
		return derived{}, 0, 0, 0, "", false
	}
	return elapsedColumn(dates[k], dates[to], name, fmt.Sprintf(".dt.total_seconds() / %g", div)), a, end - a, unit, dates[to].Name, true
}

// moneyIncluding reads "the total bill, including the late fees" of a
// table with two columns of money: the one the words after "including"
// ("plus", "with") name added to the other, row by row (a blank as 0),
// where the clause names the other or only money. It returns the derived
// column, where its words start and how many they are.
func moneyIncluding(c clause, p profile, ms []mention) (derived, int, int, bool) {
	i := slices.IndexFunc(c.words, func(w string) bool { return wordSet("including", "include", "includes", "plus", "inc", "incl")[w] })
	if i < 1 {
		return derived{}, 0, 0, false
	}
	var money []colProfile
	for _, col := range p.Columns {
		if col.Kind == kindNumeric && !isID(col) && inCurrency(col) {
			money = append(money, col)
		}
	}
	if len(money) != 2 {
		return derived{}, 0, 0, false
	}
	k := slices.IndexFunc(ms, func(m mention) bool {
		return m.pos > i && m.pos <= i+3 && m.col.Kind == kindNumeric && inCurrency(m.col) && !slices.ContainsFunc(c.words[i+1:m.pos], func(w string) bool { return !articles[w] && !wordSet("our", "their", "its", "all")[w] })
	})
	if k < 0 {
		return derived{}, 0, 0, false
	}
	added := ms[k].col
	base := money[0]
	if base.Name == added.Name {
		base = money[1]
	}
	// The other is named before, or only money is ("the total bill").
	if !slices.ContainsFunc(ms, func(m mention) bool { return m.pos < i && m.col.Name == base.Name }) && !slices.ContainsFunc(c.words[:i], func(w string) bool { return billWords[w] || moneyWords[w] }) {
		return derived{}, 0, 0, false
	}
	return sumColumns(base.Name, added.Name), i, ms[k].pos + ms[k].len - i, true
}

// sumColumns is two numeric columns added up, per row, a blank as 0.
func sumColumns(a, b string) derived {
	return derived{Name: a + " + " + b,
		Expr:    fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\").fillna(0) + pd.to_numeric(data[%s], errors=\"coerce\").fillna(0)", py(a), py(b)),
		Formula: fmt.Sprintf("%s + %s, per row", a, b)}
}

// oppositeEnds are the words that tell the two ends of a stay apart in
// the names of two date columns: GATE_IN_TS and GATE_OUT_TS, Start Time
// and End Time.
var oppositeEnds = map[string]string{"in": "out", "start": "end", "begin": "end", "arrival": "departure", "arrive": "depart",
	"on": "off", "open": "close", "opened": "closed", "checkin": "checkout", "started": "finished", "entry": "exit", "arrived": "left"}

// endWords are the words of oppositeEnds, either end.
var endWords = func() map[string]bool {
	m := map[string]bool{}
	for a, b := range oppositeEnds {
		m[a], m[b] = true, true
	}
	return m
}()

// stayWords ask for the time between the two ends of a stay: "the
// average turn time", "the longest any truck spent", "the dwell".
var stayWords = wordSet("time", "turnaround", "duration", "dwell", "spent", "spend", "stay", "stayed", "long", "longest", "shortest")

// pairedTimes reads "the average turn time in minutes" of a table whose
// only two date columns of one event's ends differ by in and out (start
// and end …) and that has no numeric column in a unit of time: the time
// from one end to the other, in the unit the clause asks (else days for
// "how long"; "which lane has the worst turn time, and what is it in
// minutes" says the unit in the question's next clause). Words of the two
// columns' names ("gate in to gate out") say the span too. It returns
// what elapsedFromTo does.
func pairedTimes(c clause, p profile, question string) (derived, int, int, int, bool) {
	if len(unitHits(p, unitConcepts[0].units)) > 0 {
		return derived{}, 0, 0, 0, false
	}
	dates := dateColumns(p)
	var from, to *colProfile
	for i := range dates {
		for j := range dates {
			a, b := eventWords(dates[i].Name), eventWords(dates[j].Name)
			if i == j || len(a) != len(b) || len(a) == 0 {
				continue
			}
			diff := -1
			for k := range a {
				if a[k] != b[k] {
					if diff >= 0 {
						diff = -2
						break
					}
					diff = k
				}
			}
			// "Hose Connected" and "Hose Disconnected": a word and its
			// undoing are the two ends too.
			if diff >= 0 && (oppositeEnds[a[diff]] == b[diff] || len(a[diff]) >= 4 && (b[diff] == "dis"+a[diff] || b[diff] == "un"+a[diff])) {
				if from != nil {
					return derived{}, 0, 0, 0, false // more than one pair: which is a guess
				}
				from, to = &dates[i], &dates[j]
			}
		}
	}
	if from == nil {
		return derived{}, 0, 0, 0, false
	}
	// The noun of the time if the clause says one ("the longest average
	// dwell time"), else its verb ("the longest any truck spent").
	k := slices.IndexFunc(c.words, func(w string) bool { return wordSet("time", "turnaround", "duration", "dwell")[w] })
	if k < 0 {
		k = slices.IndexFunc(c.words, func(w string) bool { return stayWords[w] })
	}
	if k < 0 {
		// "How long was the hose connected" (howLong has made it "how length").
		if k = indexSeq(c.words, "how", "length"); k >= 0 {
			k++
		}
	}
	if k < 0 {
		// "In the lounge for more than 4 hours": a condition on the time
		// between the two, said by its unit.
		k = slices.IndexFunc(rangeOf(2, len(c.words)), func(i int) bool {
			return wordSet("hour", "minute", "day")[c.words[i]] && isDigits(c.words[i-1]) && slices.Contains(c.words[max(0, i-5):i], "for")
		})
		if k >= 0 {
			k += 2
		}
	}
	if k < 0 || c.words[k] == "long" && (k == 0 || c.words[k-1] != "how") {
		return derived{}, 0, 0, 0, false
	}
	at, end := k, k+1
	// "Turn time", "dwell time": the word that says which time.
	if at > 0 && c.words[k] == "time" && !known(c.words[at-1]) {
		at--
	}
	// "Gate in to gate out": a name's words, "in" and "out" only after
	// another of them.
	names := slices.Concat(colWords(from.Name), colWords(to.Name))
	named := map[int]bool{}
	for i, w := range c.words {
		if !slices.Contains(names, w) || endWords[w] && !named[i-1] {
			continue
		}
		named[i] = true
		at, end = min(at, i), max(end, i+1)
		if i+2 < len(c.words) && c.words[i+1] == "to" && slices.Contains(names, c.words[i+2]) {
			end = i + 2
		}
	}
	unit, name, div := elapsedUnit(c.words, at, end, true)
	if unit < 0 {
		var said int
		if said, name, div = elapsedUnit(words(question), 0, 0, false); said < 0 {
			return derived{}, 0, 0, 0, false
		}
		unit = k
	}
	return elapsedColumn(*from, *to, name, fmt.Sprintf(".dt.total_seconds() / %g", div)), at, end - at, unit, true
}

// waitedFor reads a wait of a table whose rows are timed when someone
// was ready and when the next thing happened: "how many minutes did
// passengers wait for an agent from when they were ready" of
// PAX_READY_TIME and AGENT_ATTEND_TIME, the next time column after it.
// It returns what elapsedFromTo does; the span runs from the word of the
// wait to the last word of the two columns' names said after it.
func waitedFor(c clause, p profile) (derived, int, int, int, bool) {
	k := slices.IndexFunc(c.words, func(w string) bool { return waitWords[w] })
	start := slices.IndexFunc(p.Columns, func(col colProfile) bool {
		return col.Kind == kindDate && timeOfDay(col) && slices.Contains(eventWords(col.Name), "ready")
	})
	if k < 0 || start < 0 {
		return derived{}, 0, 0, 0, false
	}
	end := slices.IndexFunc(p.Columns[start+1:], func(col colProfile) bool { return col.Kind == kindDate && timeOfDay(col) })
	if end < 0 {
		return derived{}, 0, 0, 0, false
	}
	from, to := p.Columns[start], p.Columns[start+1+end]
	names := slices.Concat(eventWords(from.Name), eventWords(to.Name))
	last := k
	for i := k + 1; i < len(c.words); i++ {
		if slices.ContainsFunc(names, func(n string) bool { return sameWord(c.words[i], n) }) {
			last = i
		} else if !stopWords[c.words[i]] && !gapWords[c.words[i]] && !wordSet("when", "from", "for", "until", "till")[c.words[i]] {
			break
		}
	}
	unit, name, div := elapsedUnit(c.words, k, k+1, false)
	if unit < 0 {
		unit, name, div = k, "minutes", 60
	}
	return elapsedColumn(from, to, name, fmt.Sprintf(".dt.total_seconds() / %g", div)), k, last + 1 - k, unit, true
}

// waitWords say a wait.
var waitWords = wordSet("wait", "waited", "waiting")

// openingWords are the events that open a record: the date a snag was
// raised, a ticket opened, a claim received.
var openingWords = wordSet("raise", "raised", "open", "opened", "create", "created", "log", "logged", "report", "reported",
	"receive", "received", "submit", "submitted", "request", "requested", "lodge", "lodged", "start", "started")

// openingDate is the one date column other than dates[not] whose event
// opens a record ("Date Raised" beside "Date Closed"), else -1: how long
// it takes to close a snag runs from when it was raised.
func openingDate(dates []colProfile, not int) int {
	at := -1
	for i, col := range dates {
		if i == not || !slices.ContainsFunc(eventWords(col.Name), func(w string) bool { return openingWords[w] }) {
			continue
		}
		if at >= 0 {
			return -1
		}
		at = i
	}
	return at
}

// elapsedToVerb reads "how many days does it take us to pay an invoice",
// "the median time to close a case"
// of a table with an invoice date and a paid date: the time from the
// date of the thing named after the verb (else of what the rows are) to
// the date of the verb's event, in the unit asked (days when "how long").
// It returns what elapsedFromTo does.
func elapsedToVerb(c clause, p profile) (derived, int, int, int, bool) {
	tk := slices.IndexFunc(c.words, func(w string) bool { return wordSet("take", "takes", "took", "taken", "taking")[w] })
	if tk < 0 {
		// "The median time to close a case": the time, and the verb.
		tk = slices.IndexFunc(rangeOf(0, len(c.words)-1), func(i int) bool { return wordSet("time", "duration")[c.words[i]] && c.words[i+1] == "to" })
	}
	if tk < 0 {
		return derived{}, 0, 0, 0, false
	}
	to := slices.Index(c.words[tk:], "to")
	unitFrom := tk // where the unit may be said from: after the span
	if to > 3 && tk+to+1 < len(c.words) {
		// "Took more than 30 days to complete": a condition on the time,
		// in its unit, before the verb.
		if _, from, e, ok := conditionAfter(c.words, tk+1); !ok || from != tk+1 || e+1 != tk+to {
			return derived{}, 0, 0, 0, false
		}
		unitFrom = tk + to - 1
	} else if to < 0 || to > 3 || tk+to+1 >= len(c.words) {
		return derived{}, 0, 0, 0, false
	}
	v := tk + to + 1
	dates := dateColumns(p)
	k := slices.IndexFunc(dates, func(col colProfile) bool { return datesEvent(col, c.words[v]) })
	if k < 0 {
		return derived{}, 0, 0, 0, false
	}
	end, fromCol := v+1, -1
	for end < len(c.words) && articles[c.words[end]] {
		end++
	}
	if end < len(c.words) {
		fromCol = slices.IndexFunc(dates, func(col colProfile) bool { return col.Name != dates[k].Name && datesEvent(col, c.words[end]) })
		if fromCol >= 0 || c.words[end] == datasetEntity(p) {
			end++
		}
	}
	if fromCol < 0 {
		fromCol = slices.IndexFunc(dates, func(col colProfile) bool { return col.Name != dates[k].Name && datesEvent(col, datasetEntity(p)) })
	}
	if fromCol < 0 && len(dates) == 2 {
		fromCol = 1 - k
	}
	if fromCol < 0 {
		fromCol = openingDate(dates, k)
	}
	if fromCol < 0 {
		return derived{}, 0, 0, 0, false
	}
	unit, name, div := elapsedUnit(c.words, tk, end, true)
	if unitFrom > tk {
		unit, name, div = elapsedUnit(c.words, tk, unitFrom, true)
	}
	if unit < 0 {
		return derived{}, 0, 0, 0, false
	}
	return elapsedColumn(dates[fromCol], dates[k], name, fmt.Sprintf(".dt.total_seconds() / %g", div)), tk, end - tk, unit, true
}

// elapsedUnit is where ws, outside the span [from, to), says the unit a
// time between two dates is asked in, with the unit's name and seconds:
// hours, minutes, else days; and, when howLong, "how long" asks days. The
// position is -1 when it says none.
func elapsedUnit(ws []string, from, to int, howLong bool) (int, string, float64) {
	for i, w := range ws {
		switch {
		case i >= from && i < to:
		case w == "hour":
			return i, "hours", 3600
		case w == "minute":
			return i, "minutes", 60
		case w == "day" || howLong && wordSet("long", "length", "duration")[w] && i > 0 && ws[i-1] == "how":
			return i, "days", 86400
		}
	}
	return -1, "days", 86400
}

// eventWords are a date column's words without "date" or "time": the
// event it dates ("arrival" of arrivalTs, "enquiry" of enquiryDate).
func eventWords(name string) []string {
	return slices.DeleteFunc(colWords(name), func(w string) bool { return w == "date" || w == "time" || timeName.MatchString(w) })
}

// explicitRatio reports whether a clause spells out one total over
// another: "divided by", "total … over total …".
func explicitRatio(c clause) bool {
	i := slices.Index(c.words, "over")
	return containsSeq(c.words, "divided", "by") || i > 0 && i+1 < len(c.words) && slices.Contains(c.words[:i], "total") && slices.Contains(c.words[i+1:min(i+3, len(c.words))], "total")
}

// lessIsBetter reports whether the lower figures of a column are the
// better ones: a time taken, a delay, a wait, defects.
func lessIsBetter(col colProfile) bool {
	return slices.ContainsFunc(colWords(col.Name), func(w string) bool {
		return timeUnits[w] || wordSet("delay", "wait", "late", "lateness", "defect", "error", "reject", "rejected", "complaint", "elapsed")[w]
	})
}

// countTotal reports whether a column named a total counts things
// rather than money: checkpoints_total, not order_total.
func countTotal(name string) bool {
	ws := splitWords(name, false)
	return slices.Contains(ws, "total") && !moneyName.MatchString(strings.ReplaceAll(strings.ToLower(name), "total", "")) &&
		slices.ContainsFunc(strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) }), func(w string) bool {
			return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && w != "total"
		})
}

// moneyEvents are rows that are each a sum of money: "the average
// purchase", "the biggest payment", "purchases over 200".
var moneyEvents = wordSet("purchase", "payment", "transaction", "expense", "expenditure", "spending", "claim", "invoice", "donation")

// termWords name a stretch of time no date column divides by: "this
// term", "the season".
var termWords = wordSet("term", "season", "semester", "period", "summer", "winter", "spring", "autumn")

// exclusionAt is how many words at i say that what follows is left out
// ("excluding", "leaving out", "apart from"), or 0.
func exclusionAt(ws []string, i int) int {
	switch {
	case wordSet("excluding", "except", "excluded", "exclude")[ws[i]]:
		return 1
	case i+1 < len(ws) && (wordSet("leaving", "leave", "left")[ws[i]] && ws[i+1] == "out" || ws[i] == "apart" && ws[i+1] == "from" ||
		ws[i] == "other" && ws[i+1] == "than" || ws[i] == "not" && ws[i+1] == "counting"):
		return 2
	}
	return 0
}

// negatedAt says whether ws[i] negates the value at v: a negation with
// nothing but auxiliaries between ("not yet paid", "weren't ever paid",
// "unpaid", which words reads as "not paid").
func negatedAt(ws []string, i, v int) bool {
	if !negations[ws[i]] || v-i > 3 {
		return false
	}
	for _, w := range ws[i+1 : v] {
		if !wordSet("yet", "been", "be", "being", "ever", "currently", "still", "so", "far")[w] {
			return false
		}
	}
	return true
}

// askedUnit is where a clause asks for its figure in a unit, or -1:
// "how many hours did …", "… in days" at its end.
func askedUnit(c clause) int {
	ws := c.words
	aux := wordSet("did", "does", "do", "was", "were", "is", "are", "has", "have", "had")
	if len(ws) > 3 && ws[0] == "how" && ws[1] == "many" && (aux[ws[3]] || ws[3] == "of") { // "how many hours of downtime", "metres of weld"
		if _, ok := scaleOf(ws[2]); ok {
			return 2
		}
	}
	// "How many runner minutes did we burn", "how many man hours were
	// lost": a unit after the word that says what of.
	if len(ws) > 4 && ws[0] == "how" && ws[1] == "many" && aux[ws[4]] {
		if _, ok := scaleOf(ws[3]); ok {
			return 3
		}
	}
	if n := len(ws); n > 2 && ws[n-2] == "in" {
		if _, ok := scaleOf(ws[n-1]); ok {
			return n - 1
		}
	}
	// "…, how many hours is that?"
	if n := len(ws); n > 5 && ws[n-5] == "how" && ws[n-4] == "many" && aux[ws[n-2]] && wordSet("that", "it", "this")[ws[n-1]] {
		if _, ok := scaleOf(ws[n-3]); ok {
			return n - 3
		}
	}
	// "Which guard spent the most hours on patrol".
	for i := 1; i < len(ws); i++ {
		if _, ok := scaleOf(ws[i]); ok && wordSet("most", "fewest", "least", "more", "fewer")[ws[i-1]] {
			return i
		}
	}
	return -1
}

// moneyNumber reports whether the question writes the number v with a
// currency sign: "$50,000", "£250".
func moneyNumber(raw string, v float64) bool {
	for _, m := range moneyNumberRE.FindAllStringSubmatch(raw, -1) {
		if x, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64); err == nil && x == v {
			return true
		}
	}
	return false
}

var moneyNumberRE = regexp.MustCompile(`[$£€¥]\s?(\d[\d,]*(?:\.\d+)?)`)

// nameCompounds joins a hyphenated word the question splits where the
// file's name writes it as one: "weigh-ins" of Cattle Weighins.csv,
// "fly-tipping" and "fly-tips" of flytipping_reports.csv.
func nameCompounds(c clause, p profile) clause {
	nameWords := fileWords(p)
	for _, m := range compoundRE.FindAllStringSubmatch(c.raw, -1) {
		a, b := words(m[1]), words(m[2])
		if len(a) != 1 || len(b) != 1 {
			continue
		}
		// "Call-outs" is one noun: its "out" is no CASH_OUT_FLAG.
		if wordSet("out", "in", "off", "up")[b[0]] && !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			ws := colWords(col.Name)
			return slices.Contains(ws, a[0]) || slices.Contains(ws, a[0]+b[0]) || slices.Contains(nameWords, a[0]+b[0]) ||
				slices.ContainsFunc(col.Values, func(v string) bool { return indexSeq(words(v), a[0], b[0]) >= 0 }) // "a follow-up" of Follow-up
		}) {
			if i := indexSeq(c.words, a[0], b[0]); i >= 0 {
				c = clause{raw: c.raw, words: slices.Concat(c.words[:i], []string{a[0] + b[0]}, c.words[i+2:])}
			}
			continue
		}
		joined := singular(strings.ToLower(m[1] + m[2]))
		if !slices.ContainsFunc(nameWords, func(n string) bool {
			return n == joined || len(n) >= 6 && len(joined) >= 5 && strings.HasPrefix(n, joined[:5])
		}) {
			continue
		}
		if i := indexSeq(c.words, a[0], b[0]); i >= 0 {
			c = clause{raw: c.raw, words: slices.Concat(c.words[:i], []string{joined}, c.words[i+2:])}
		}
	}
	return c
}

// initialisms joins the words a column's name writes as their initials:
// "penalty fares" of pf_issued and pf_value_gbp. The initials must be no
// word the analyst knows, and stand first in the column's name. A value of
// a column of codes is read so too, from a hyphenated compound only:
// "same-day" of priority SD.
func initialisms(c clause, p profile) clause {
	type initials struct {
		short             string
		value, kind, file bool
		col               string // of a value: its column
	}
	var inis []initials
	for _, col := range p.Columns {
		if ws := colWords(col.Name); len(ws) >= 2 {
			// "Heat pump" of HP Model: a thing's kind, where hp is no unit.
			inis = append(inis, initials{short: ws[0], kind: thingsKind(col)})
		} else if _, flag := isFlag(col); flag && len(ws) == 1 {
			inis = append(inis, initials{short: ws[0]}) // "dangerous goods" of a yes/no DG
		}
		if col.Kind == kindCategorical && codeColumn(col) {
			for _, v := range col.Values {
				inis = append(inis, initials{short: strings.ToLower(v), value: true, col: col.Name})
			}
		}
	}
	// "Street light" of SL_FAULTS: the initials the file's name is
	// written in.
	// "Temporary event notices" of TENs_register: the same, in capitals,
	// even where they spell a word.
	for _, fw := range fileWords(p) {
		if len(fw) == 2 && !isDigits(fw) {
			inis = append(inis, initials{short: fw})
		} else if len(fw) == 3 && strings.Contains(p.Name, strings.ToUpper(fw)) {
			inis = append(inis, initials{short: fw, file: true})
		}
	}
	// "Drug and alcohol test" of D&A Test: two initials joined by "&"
	// stand for two words joined by "and".
	for _, col := range p.Columns {
		for _, m := range ampersandRE.FindAllStringSubmatch(col.Name, -1) {
			a, b := strings.ToLower(m[1]), strings.ToLower(m[2])
			for i := 0; i+2 < len(c.words); i++ {
				if c.words[i+1] == "and" && len(c.words[i]) > 2 && len(c.words[i+2]) > 2 && c.words[i][:1] == a && c.words[i+2][:1] == b && !spelledOut(c.words[i:i+3], p) {
					c = clause{raw: c.raw, words: slices.Concat(c.words[:i], []string{a, b}, c.words[i+3:])}
					break
				}
			}
		}
	}
	// "Food hygiene rating" of fhrs_rating (the food hygiene rating
	// scheme): initials of which the question says the first three, the
	// third the word of the column's name that follows them.
	for _, col := range p.Columns {
		ws := colWords(col.Name)
		if len(ws) < 2 || len(ws[0]) < 3 || len(ws[0]) > 4 || known(ws[0]) || strings.ContainsFunc(ws[0], func(r rune) bool { return r < 'a' || r > 'z' }) {
			continue
		}
		for i := 0; i+3 <= len(c.words); i++ {
			span := c.words[i : i+3]
			if span[2] != ws[1] || slices.ContainsFunc(span, func(w string) bool { return len(w) < 3 || stopWords[w] }) || span[0][:1]+span[1][:1]+span[2][:1] != ws[0][:3] {
				continue
			}
			c = clause{raw: c.raw, words: slices.Concat(c.words[:i], ws[:2], c.words[i+3:])}
			break
		}
	}
	// "Tonnes of dry solids" of TDS_t: a column's initials with "of"
	// after the first of the words they stand for.
	for _, col := range p.Columns {
		ws := colWords(col.Name)
		if len(ws) < 2 || len(ws[0]) != 3 || known(ws[0]) || strings.ContainsFunc(ws[0], func(r rune) bool { return r < 'a' || r > 'z' }) {
			continue
		}
		for i := 0; i+4 <= len(c.words); i++ {
			span := []string{c.words[i], c.words[i+2], c.words[i+3]}
			if c.words[i+1] != "of" || slices.ContainsFunc(span, func(w string) bool { return len(w) < 3 || stopWords[w] }) || span[0][:1]+span[1][:1]+span[2][:1] != ws[0] {
				continue
			}
			c = clause{raw: c.raw, words: slices.Concat(c.words[:i], ws[:1], c.words[i+4:])}
			break
		}
	}
	// "Shotgun certificate" of SGC, "firearm certificate" of FAC: a code
	// of two words, the first word's initial and letters of it in order,
	// then the second word's initial. Only where one value is so written.
	for i := 0; i+2 <= len(c.words); i++ {
		a, b := c.words[i], c.words[i+1]
		if len(a) < 4 || len(b) < 4 || stopWords[a] || stopWords[b] || fillerWords[a] || !strings.ContainsFunc(a+b, unicode.IsLetter) {
			continue
		}
		f, ok := oneValue(codeColumns(p), func(v string) bool {
			lv := strings.ToLower(v)
			n := len(lv)
			return shortCode(v) && n == 3 && lv[0] == a[0] && lv[n-1] == b[0] && inOrder(lv[1:n-1], a[1:])
		})
		// The second word is one of the column's own ("certificate" of
		// certType): "settled motor" is no STM of perilCode.
		if col, found := columnNamed(p, f.Column); !ok || !found || spelledOut([]string{a, b}, p) || !slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return sameWord(b, cw) }) {
			continue
		}
		// The code as the table writes it, which a short value needs.
		c = clause{raw: writtenRE([]string{a, b}).ReplaceAllLiteralString(c.raw, f.Values[0]), words: slices.Concat(c.words[:i], words(f.Values[0]), c.words[i+2:])}
		break
	}
	// "Section 7" of s7TempPermit: a word and a number, where a column's
	// name writes the word's initial before the number.
	for _, col := range p.Columns {
		for _, cw := range colWords(col.Name) {
			if len(cw) < 2 || cw[0] < 'a' || cw[0] > 'z' || !isDigits(cw[1:]) {
				continue
			}
			for i := 0; i+1 < len(c.words); i++ {
				if w := c.words[i]; len(w) >= 3 && w[0] == cw[0] && !stopWords[w] && c.words[i+1] == cw[1:] {
					c = clause{raw: c.raw, words: slices.Concat(c.words[:i], []string{cw}, c.words[i+2:])}
					break
				}
			}
		}
	}
	compounds := map[string]string{} // "same day": "same-day"
	for _, m := range compoundRE.FindAllStringSubmatch(c.raw, -1) {
		compounds[strings.Join(words(m[1]+" "+m[2]), " ")] = m[0]
	}
	for _, in := range inis {
		if len(in.short) < 2 || len(in.short) > 3 || known(in.short) && !(in.kind && unitWords[in.short]) && !in.file || strings.ContainsFunc(in.short, func(r rune) bool { return r < 'a' || r > 'z' }) {
			continue
		}
		for i := 0; i+len(in.short) <= len(c.words); i++ {
			span := c.words[i : i+len(in.short)]
			first := ""
			for _, w := range span {
				first += w[:1]
			}
			if first != in.short {
				continue
			}
			written, ok := compounds[strings.Join(span, " ")]
			if spelledOut(span, p) {
				continue // "Gift Aid" of gift_aid_gbp is that column, not ga_claim_batch
			}
			// A short word joined to the next by a hyphen is part of a
			// name: the n of "no-claims discount" (NCD_YRS).
			hyphened := func(k int) bool {
				return k+1 < len(span) && strings.Contains(strings.ToLower(c.raw), span[k]+"-"+span[k+1])
			}
			// "Hot works permits" of Permit Type = HW: a value's initials
			// said before a word of its column's name, as a hyphen would join them.
			named := in.value && i+len(span) < len(c.words) && slices.ContainsFunc(colWords(in.col), func(cw string) bool { return sameWord(c.words[i+len(span)], cw) })
			// But "for urgent letters" is no FU of LetterType: a small word
			// starts no code's words.
			// "Personal travel budget" of PTB, "road closures" of RC: words
			// the analyst knows nothing else by.
			unread := len(span) >= 2 && !slices.ContainsFunc(span, func(w string) bool { return len(w) < 4 || stopWords[w] || known(w) })
			if in.value && !ok && !unread && (!named || stopWords[span[0]]) ||
				!in.value && slices.ContainsFunc(rangeOf(0, len(span)), func(k int) bool {
					w := span[k]
					return (len(w) < 3 || known(w) && !entityWords[w] && !rowWords[w] && !(in.file && !stopWords[w] && !strings.HasSuffix(w, "ly") && !determiners[w])) && !hyphened(k)
				}) {
				continue
			}
			raw, joined := c.raw, []string{in.short}
			if in.value {
				// The code as the table writes it, which a short value needs.
				if !ok {
					written = writtenRE(span).FindString(raw)
				}
				raw = strings.Replace(raw, written, strings.ToUpper(in.short), 1)
				joined = words(strings.ToUpper(in.short))
			}
			c = clause{raw: raw, words: slices.Concat(c.words[:i], joined, c.words[i+len(in.short):])}
			break
		}
	}
	return c
}

// writtenRE finds words as a question wrote them, each with its ending
// and what stood between them: "shotgun certificates" of [shotgun
// certificate], "hot works" of [hot work].
func writtenRE(ws []string) *regexp.Regexp {
	quoted := make([]string, len(ws))
	for i, w := range ws {
		quoted[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`(?i)\b` + strings.Join(quoted, `\w*\W+`) + `\w*`)
}

// ampersandRE finds two initials joined by "&" in a column's name: D&A.
var ampersandRE = regexp.MustCompile(`\b([A-Za-z])\s?&\s?([A-Za-z])\b`)

// thingsKind reports whether a column holds the kind of a thing its
// first word names: HP Model, Meter Make, Boiler Type.
func thingsKind(col colProfile) bool {
	ws := colWords(col.Name)
	return col.Kind == kindCategorical && len(ws) == 2 && wordSet("model", "make", "brand", "type", "kind", "manufacturer")[ws[1]]
}

// spelledOut reports whether span is the first words of a column's name,
// written out.
func spelledOut(span []string, p profile) bool {
	return slices.ContainsFunc(p.Columns, func(col colProfile) bool {
		cw := colWords(col.Name)
		return len(cw) >= len(span) && !slices.ContainsFunc(rangeOf(0, len(span)), func(k int) bool { return !sameWord(span[k], cw[k]) })
	})
}

// subjectKinds end a category column's name after its subject:
// merchantCategory, call_type.
var subjectKinds = wordSet("type", "kind", "category", "class", "group")

// inverseAdjectives rank by a measure other than the column they stand
// before: "the fastest time" is the lowest time, "highest paid" ranks pay.
var inverseAdjectives = wordSet("paid", "fastest", "slowest")

// fileWords are the words of a table's file name: "flytipping",
// "report", "export" of flytipping_reports_export.csv.
func fileWords(p profile) []string {
	return words(strings.TrimSuffix(p.Name, filepath.Ext(p.Name)))
}

// rangeOf is the positions from, …, to-1.
func rangeOf(from, to int) []int {
	var out []int
	for j := from; j < to; j++ {
		out = append(out, j)
	}
	return out
}

// moneyColumn is the column the likeliest measure is when it holds
// money, or nil.
func moneyColumn(p profile) *colProfile {
	m := plausibleMeasure(p)
	var priced []int
	for i, col := range p.Columns {
		if col.Name == m && moneyNameRaw(m) && !countTotal(m) {
			return &p.Columns[i]
		}
		// RATE_USD, Total Price (£): a number in a currency.
		if col.Kind == kindNumeric && !isID(col) && inCurrency(col) {
			priced = append(priced, i)
		}
	}
	if len(priced) == 1 {
		return &p.Columns[priced[0]]
	}
	return nil
}

// moneyConditionColumn is the column a number written as money ("more
// than $100") is a condition on: the one money column, or the one column
// whose name says money (refund_amt).
func moneyConditionColumn(p profile) *colProfile {
	if mc := moneyColumn(p); mc != nil {
		return mc
	}
	var named []int
	for i, col := range p.Columns {
		if col.Kind == kindNumeric && !isID(col) && moneyNamed(col.Name) && !countTotal(col.Name) {
			named = append(named, i)
		}
	}
	if len(named) == 1 {
		return &p.Columns[named[0]]
	}
	return nil
}

// mapClause maps a clause whose words taskFor read into rd.
func mapClause(c clause, p profile, prev *task, pl *plan, rd clauseReading) (t task, refusal string, ok bool) {
	notes := &pl.Notes
	numeric, categorical, times, filters, covered := rd.numeric, rd.categorical, rd.times, rd.filters, rd.covered
	if !c.has(distinctWords) {
		// "What percentage of employees are remote": emp_id, one value per
		// row, names the rows, not groups of them.
		categorical = slices.DeleteFunc(slices.Clone(categorical), func(col colProfile) bool { return p.Rows > 0 && col.Unique >= p.Rows })
	}

	// "The average 100 m backstroke time": Distance (m) is the rows'
	// condition, the time is the measure.
	if measured := slices.DeleteFunc(slices.Clone(numeric), func(col colProfile) bool {
		return slices.ContainsFunc(filters, func(f filter) bool { return f.Column == col.Name && f.Op != "" && f.Op != opEmpty && f.Op != opFilled })
	}); len(measured) > 0 || containsSeq(c.words, "how", "many") && len(filters) > 0 && aggregateOf(c, covered) == "" {
		numeric = measured // "how many samples were acidic, with a pH below 5.5" counts them
	}
	agg := aggregateOf(c, covered)
	if agg == "" && (containsSeq(c.words, "how", "much") || takings(c, numeric)) {
		agg = "sum" // "how much did the campaign raise", "what was taken in top-ups"
	}
	// "How much compensation did we pay out" of caseType = COMP: an
	// amount of what is only a value of a column, which no column measures
	// (but "how much restricted income" is of the income).
	if i := indexSeq(c.words, "how", "much"); i >= 0 && i+2 < len(c.words) && len(numeric) == 0 && (i+3 == len(c.words) || gapWords[c.words[i+3]]) {
		if k := slices.IndexFunc(filters, func(f filter) bool { return slices.Contains(f.at, i+2) && f.Op == "" }); k >= 0 {
			return task{}, fmt.Sprintf("it asks how much %s, and %q is a value of %s that no column measures", c.words[i+2], filters[k].Values[0], filters[k].Column), false
		}
	}
	// Two or more values of one column compare them: a group over those values.
	compare := ""
	for _, f := range filters {
		// "What share were serious or fatal" asks for one share, not a comparison.
		// Nor does "for applications granted or refused, what was the
		// average time": the rows of either, asked for one figure.
		if len(f.Values)-f.kinds > 1 && f.Part == "" && compare == "" && !f.left && !(c.has(shareWords) && !c.has(groupWords)) && !eitherValue(c, f) {
			compare = f.Column
		}
	}
	// "On unfenced plots compared with fenced ones": both values of a
	// yes/no column, compared.
	if compare == "" && (c.has(wordSet("compare", "compared", "versus", "vs")) || containsSeq(c.words, "as", "opposed")) {
		if i := slices.IndexFunc(filters, func(f filter) bool { return f.Flag && f.Part == "" }); i >= 0 {
			compare = filters[i].Column
			filters = slices.Delete(slices.Clone(filters), i, i+1)
		}
	}
	desc, asc := uncoveredWord(c, covered, descWords) != "", uncoveredWord(c, covered, ascWords) != "" // "maximum temperature" of max_temp_c ranks nothing
	adjDesc := false
	for i, w := range c.words {
		a, ok := adjectiveMeasures[w]
		switch {
		case !ok || w == "paid": // "highest paid" ranks by "highest"
		case i > 0 && (c.words[i-1] == "most" || c.words[i-1] == "least"):
			// "The most acidic" is the lowest pH; "the least acidic" the highest.
			d := a.desc == (c.words[i-1] == "most")
			desc, asc, adjDesc = d, !d, d
		default:
			desc, asc, adjDesc = desc || a.desc, asc || !a.desc, a.desc
		}
	}
	if compare != "" {
		desc, asc = desc || c.has(compDescWords), asc || c.has(compAscWords)
	}
	ranked := desc || asc || c.has(commonWords) || c.has(wordSet("busiest"))
	howMany := containsSeq(c.words, "how", "many") || containsSeq(c.words, "number", "of") || slices.Contains(c.words, "count")
	// "The highest individual score" is one row's, not distinct values.
	distinct := slices.ContainsFunc(rangeOf(0, len(c.words)), func(i int) bool {
		// "total unique opens" of unique_opens is the column's.
		// Nor is "individual donors" of donor_type = Individual.
		return distinctWords[c.words[i]] && !(c.words[i] == "individual" && i > 0 && (descWords[c.words[i-1]] || ascWords[c.words[i-1]])) &&
			!slices.ContainsFunc(filters, func(f filter) bool { return slices.Contains(f.at, i) }) &&
			!(covered[i] && slices.ContainsFunc(numeric, func(col colProfile) bool { return slices.Contains(words(col.Name), c.words[i]) }))
	})
	share := uncoveredWord(c, covered, shareWords, rateWords) != "" || containsSeq(c.words, "how", "often")
	// "The average age of patients given CROS aids", "the median fill size":
	// an aggregate that ranks nothing, and a category named with no word
	// that groups by it, name what the rows are, not groups of them.
	if agg != "" && agg != "count" && !ranked && !howMany && !share && !distinct && compare == "" && len(categorical) > 0 && len(numeric) > 0 &&
		!c.has(groupWords) && !c.has(wordSet("which", "for", "split", "broken", "break")) && topN(c.words) == 0 {
		ms := mentions(c, p)
		categorical = slices.DeleteFunc(slices.Clone(categorical), func(col colProfile) bool {
			k := slices.IndexFunc(ms, func(m mention) bool { return m.col.Name == col.Name })
			return k >= 0 && (ms[k].pos == 0 || !groupLeads[c.words[ms[k].pos-1]])
		})
	}
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
	// "How many books did we sell", "which title sold the most copies":
	// the things sold are the quantity column's, not rows.
	// "How many business cards did we print": the things made, likewise.
	if q := quantityColumn(p); q != nil && len(numeric) == 0 && (howMany || ranked) && !distinct && !share && (agg == "" || agg == "sum") &&
		(c.has(soldWords) || c.has(madeWords) && !countsRowsNoun(c, p)) {
		numeric = append(numeric, *q)
		if agg == "" && !ranked {
			agg = "sum"
		}
		what := "sold"
		if !c.has(soldWords) {
			what = "made"
		}
		*notes = append(*notes, fmt.Sprintf("I counted what was %s by %s, not by rows.", what, q.Name))
	}
	trend := (uncoveredWord(c, covered, trendWords) != "" || containsSeq(c.words, "over", "time") || containsSeq(c.words, "change", "over")) && !rd.sameGrain
	n := topN(c.words)
	if n > 0 {
		ranked = true
	}
	t = task{Desc: !asc || desc && firstIndex(c.words, descWords) < firstIndex(c.words, ascWords), Filters: filters, N: n}
	if adjDesc || c.has(wordSet("busiest")) {
		t.Desc = true
	}
	if compare != "" && desc && asc {
		t.Desc = firstIndex(c.words, compDescWords) < firstIndex(c.words, compAscWords)
	}
	// "The fastest finish time" is the lowest duration.
	if w := firstWord(c.words, speedWords); w != "" && len(numeric) > 0 &&
		slices.ContainsFunc(colWords(numeric[0].Name), func(u string) bool { return timeUnits[u] }) {
		t.Desc, desc, asc = w == "slowest", w == "slowest", w != "slowest"
	}
	// "The best corrected time", "the worst delay": of a time or a delay,
	// less is better.
	if w := uncoveredWord(c, covered, wordSet("best", "worst")); w != "" && len(numeric) > 0 && lessIsBetter(numeric[0]) {
		t.Desc, desc, asc = w == "worst", w == "worst", w != "worst"
	}
	// An adjective that implies a measure ("the longest") ranks by it.
	if len(numeric) == 0 {
		for i, w := range c.words {
			// "Were acidic" says what rows are, not what ranks them.
			ranks := strings.HasSuffix(w, "est") || w == "paid" || i > 0 && wordSet("most", "least", "more", "less", "how")[c.words[i-1]]
			if a, ok := adjectiveMeasures[w]; ok && ranks {
				hints := a.hints
				if i+1 < len(c.words) && wordSet("longest", "shortest", "long", "short")[w] && wordSet("route", "trip", "journey", "drive", "ride", "walk", "hike", "commute", "run")[c.words[i+1]] {
					hints = append([]string{"distance", "km", "mile", "length"}, hints...) // "the longest routes" are the farthest
				}
				col := hintedColumn(p, hints)
				for _, u := range c.words {
					if unitWords[u] && unitColumn(p, u) != nil {
						col = unitColumn(p, u) // "the longest ride in kilometres"
					}
				}
				if col == nil && w == "paid" {
					continue // "paid in cash" is a verb
				}
				if d := unitHits(p, unitConcepts[0].units); col == nil && speedWords[w] && len(d) == 1 {
					// "The slowest to get round" of the one time taken
					// (RoundMins): the most time.
					numeric = append(numeric, d[0])
					t.Desc = w == "slowest"
					continue
				}
				if col == nil {
					return task{}, fmt.Sprintf("%q needs a column of %s, and it has none", w, strings.Join(a.hints[:min(2, len(a.hints))], " or ")), false
				}
				if b := boundSibling(*col, p, a.desc); b != nil {
					col = b // "the lightest single pack" of minWt_g beside meanWt_g
				}
				if o := outcomeSibling(*col, p); o != nil && c.has(actuallyWords) {
					col = o // "the longest session anyone actually ran": Hrs Used, not Hrs Booked
				}
				numeric = append(numeric, *col)
			}
		}
	} else if w := uncoveredWord(c, covered, wordSet("expensive", "cheapest", "cheaper", "pricier", "priciest", "costliest")); w != "" && len(numeric) == 1 && !moneyNameRaw(numeric[0].Name) {
		// "The most expensive plot to plant" ranks by money, not by what
		// the verb after it names.
		if col := hintedColumn(p, adjectiveMeasures["expensive"].hints); col != nil {
			numeric = []colProfile{*col}
		}
	}

	// Money asked of a table without money ("the total revenue" of clinic
	// visits) is not the likeliest numeric column.
	if len(numeric) == 0 && prev == nil {
		if w := uncoveredWord(c, covered, moneyWords, derivedWords); w != "" && w != "value" && w != "amount" {
			// "Which category of abuse was raised most often" of a table
			// without money: raised as reported.
			mc := moneyColumn(p)
			// "Which trade had the most jobs raised": raised after things
			// that are no money, or after "was", is reported too.
			i := slices.Index(c.words, w)
			afterThings := i > 0 && (passiveWords[c.words[i-1]] || writtenPlural(c.raw, c.words[i-1]) &&
				!wordSet("fund", "money", "donation", "pledge", "pound", "dollar", "euro", "cash", "amount", "sum")[c.words[i-1]])
			reported := (w == "raised" || w == "raise") && (mc == nil || w == "raised" && afterThings)
			if m := plausibleMeasure(p); (m == "" || !moneyNameRaw(m)) && !reported {
				if mc == nil {
					return task{}, fmt.Sprintf("none of its columns holds %q, and it has no quantity and price columns to compute it from", w), false
				}
				// Rate (£/h) is a price per unit: a sum of rates is no revenue.
				if rateNamed(*mc) {
					return task{}, fmt.Sprintf("none of its columns holds %q, and %s is a rate, not a sum of money", w, mc.Name), false
				}
				// "Which technician brought in the most revenue" of charge_gbp:
				// the one column in a currency.
				numeric = append(numeric, *mc)
				covered[slices.Index(c.words, w)] = true
				*notes = append(*notes, fmt.Sprintf("I read %q as %s, the one column of money.", w, mc.Name))
			}
		}
	}
	// Revenue asked where a column other than revenue is named ("total
	// revenue including delivery fees") is not that column.
	if w := uncoveredWord(c, covered, wordSet("revenue", "sale", "turnover", "income", "earning", "profit")); w != "" && len(numeric) > 0 {
		i := slices.Index(c.words, w)
		// "fee revenue": the word qualifies the money column beside it.
		beside := i > 0 && covered[i-1] && (moneyNameRaw(numeric[0].Name) || inCurrency(numeric[0])) // and "freight revenue" of Freight Amt (GBP)
		// "the average quantity per sale", "on a sale line"
		perRowWord := i > 0 && c.words[i-1] == "per" || i+1 < len(c.words) && (rowWords[c.words[i+1]] || entityWords[c.words[i+1]] && c.words[i+1] != w)
		if !beside && !perRowWord {
			return task{}, fmt.Sprintf("none of its columns holds %q", w), false
		}
		covered[i] = true
	}
	// "Who …" of a table with no column of people.
	if len(c.words) > 0 && c.words[0] == "who" && !slices.ContainsFunc(p.Columns, isPeople) {
		return task{}, "it asks who, and none of its columns names people", false
	}
	// "Who has delivered the most inductions" of Inducted By: the people
	// who did the act that the question's noun names.
	if len(c.words) > 0 && c.words[0] == "who" && ranked {
		if k := slices.IndexFunc(p.Columns, func(col colProfile) bool {
			ws := colWords(col.Name)
			return isPeople(col) && len(ws) == 2 && ws[1] == "by" && isParticiple(ws[0]) && slices.ContainsFunc(c.words[1:], func(w string) bool {
				return w != ws[0] && len(w) > 5 && len(ws[0]) > 5 && w[:5] == ws[0][:5]
			})
		}); k >= 0 {
			categorical = []colProfile{p.Columns[k]}
		}
	}
	// "Who slept the most": a ranking of the people the column names.
	if len(c.words) > 0 && c.words[0] == "who" && len(categorical) == 0 && ranked {
		// Not a column with a person per row: then the extreme row names them.
		if i := slices.IndexFunc(p.Columns, isPeople); i >= 0 && p.Columns[i].Unique < p.Rows {
			categorical = append(categorical, p.Columns[i])
		}
	}
	// "Which customer …" where no column names customers.
	for i, w := range c.words {
		if (w == "which" || w == "each" || w == "per") && i+1 < len(c.words) && !covered[i+1] && entityWords[c.words[i+1]] && !rowWords[c.words[i+1]] &&
			c.words[i+1] != datasetEntity(p) && !perRow(c, p) && !(len(times) > 0 && freqWords[c.words[i+1]] != "") {
			return task{}, fmt.Sprintf("none of its columns names each %s", c.words[i+1]), false
		}
		// "Which galaxy was observed most often" where galaxy is a value of
		// target_type: no column names each galaxy.
		if w != "which" || i+1 == len(c.words) || len(categorical) > 0 {
			continue
		}
		if k := slices.IndexFunc(filters, func(f filter) bool { return slices.Contains(f.at, i+1) }); k >= 0 {
			return task{}, fmt.Sprintf("it asks which %s, and no column names each %s (it is a value of %s)", c.words[i+1], c.words[i+1], filters[k].Column), false
		}
	}
	// "How many rounds were played" of HolesPlayed: the rows' verb, not a
	// measure to add up.
	// "How many patrols missed at least one checkpoint": a number of
	// checkpoints picks the patrols counted; adding them up would answer
	// another question.
	if howMany && agg == "" && len(numeric) == 1 && countsRowsNoun(c, p) {
		ms := slices.DeleteFunc(mentions(c, p), func(m mention) bool { return m.col.Name != numeric[0].Name || m.pos == 0 })
		switch {
		case slices.ContainsFunc(ms, func(m mention) bool {
			// But "how many parts were rejected" of Reject Qty: a quantity
			// of the things counted.
			if m.len != 1 || len(colWords(m.col.Name)) < 2 || slices.Contains(colWords(m.col.Name), "quantity") {
				return false
			}
			w := c.words[m.pos]
			// Or "how many manuscripts did we receive" of reviewsReceived,
			// "how many burst mains did we repair" of hrs_to_repair: the
			// verb alone after "did we", which names no measure.
			did := slices.ContainsFunc(c.words[:m.pos], func(x string) bool { return wordSet("did", "do", "does")[x] }) && !isPast(w)
			// Or "how many examinations found a dangerous defect" of
			// defects_count: one of them, said singular, picks the rows.
			k := m.pos - 1
			for k > 0 && covered[k] && slices.ContainsFunc(filters, func(f filter) bool { return slices.Contains(f.at, k) }) {
				k--
			}
			one := wordSet("a", "an")[c.words[k]] && !writtenPlural(c.raw, w)
			return isPast(w) && passiveWords[c.words[m.pos-1]] || did || one
		}):
			numeric = nil
		case slices.ContainsFunc(ms, func(m mention) bool {
			_, word := numberWords[c.words[m.pos-1]]
			return word || isDigits(c.words[m.pos-1])
		}):
			return task{}, fmt.Sprintf("it counts rows by a number of %s, and I cannot tell which rows that number picks", numeric[0].Name), false
		}
	}
	// "Total water divided by total fabric weight", "litres of water per
	// kg of fabric across all batches": one column's total over another's.
	if num, den := totalsRatio(c, p); num != "" && !ranked && len(times) == 0 && !c.has(wordSet("each", "every", "which")) {
		// "Miles per hour of platform time" of Platform Mins: the hours.
		if name, d := perUnitOf(c, den, p); d != nil {
			pl.addDerived(*d)
			den = d.Name
		} else {
			den = name
		}
		if c.has(shareWords) {
			return task{Op: opShare, Measure: num, Over: den, Filters: filters}, "", true // "what percentage of seats did we sell"
		}
		return task{Op: opScalar, Agg: "ratio", Measure: num, Over: den, Filters: filters}, "", true
	}
	// "Overall, what did we pay per cubic metre": the money's total over
	// the total of the column after "per".
	if mc := moneyColumn(p); mc != nil && len(numeric) == 1 && numeric[0].Name != mc.Name && (agg == "" || agg == "sum") && !ranked && len(categorical) == 0 && len(times) == 0 &&
		uncoveredWord(c, covered, wordSet("pay", "paid", "cost", "costs", "spend", "spent", "charge", "charged")) != "" && slices.ContainsFunc(rangeOf(0, len(c.words)-1), func(i int) bool { return c.words[i] == "per" && covered[i+1] }) &&
		!isID(numeric[0]) && !intensive(numeric[0].Name) {
		return task{Op: opScalar, Agg: "ratio", Measure: mc.Name, Over: numeric[0].Name, Filters: filters}, "", true
	}
	// "Which client did we bill the most money": money asked of a column
	// that holds none (hoursBilled) is the table's money column.
	// So is "how much did we spend on logs" of Logs (no.).
	// And "what does a 30-second spot cost" of DUR_SEC.
	if len(numeric) > 0 && (slices.Contains(c.words, "money") || c.has(spendWords) && containsSeq(c.words, "how", "much") || uncoveredWord(c, covered, wordSet("cost", "costs")) != "" && slices.ContainsFunc(filters, func(f filter) bool { return f.Column == numeric[0].Name })) &&
		!moneyNameRaw(numeric[0].Name) && !amountNamed(numeric[0].Name) {
		if mc := moneyColumn(p); mc != nil {
			*notes = append(*notes, fmt.Sprintf("It asks for money, so I took %s, not %s.", mc.Name, numeric[0].Name))
			numeric = append([]colProfile{{Name: mc.Name, Kind: kindNumeric}}, numeric[1:]...)
		}
	}
	fellBack := false
	measure := func() (string, bool) {
		if len(numeric) > 0 {
			return numeric[0].Name, true
		}
		if prev != nil && prev.Measure != "" {
			return prev.Measure, true
		}
		if m := plausibleMeasure(p); m != "" {
			// "Which artform received the most money" of AmountRequested
			// and AmountAwarded: what was received is the outcome.
			if col, ok := columnNamed(p, m); ok && c.has(doneWords) {
				if o := outcomeSibling(col, p); o != nil {
					m = o.Name
				}
			}
			fellBack = true
			*notes = append(*notes, fmt.Sprintf("The question names no numeric column; I took %s.", m))
			return m, true
		}
		return "", false
	}
	aggFor := func(col string) string {
		if agg != "" {
			return agg
		}
		if intensive(col) && !c.has(incomeWords) {
			return "mean" // but "brought in the most money" adds up the prices
		}
		return "sum"
	}
	// An aggregate of a column of text is no figure ("the average customer").
	if agg != "" && agg != "count" && len(numeric) == 0 && len(categorical) > 0 && !c.has(groupWords) && !ranked && !distinct {
		return task{}, fmt.Sprintf("%s holds text, not numbers, so it has no %s", categorical[0].Name, aggName(agg)), false
	}
	var partWhole []colProfile // a share of one column's total in another's
	if share {
		partWhole = partOfTotal(c, numeric, p)
	}
	// The word after "different" that nothing accounts for, if any.
	unnamed := slices.IndexFunc(rangeOf(0, len(c.words)-1), func(i int) bool { return distinctWords[c.words[i]] && unnamedNoun(c, p, covered, i+1) })

	switch {
	// A correlation: two numeric columns and a word that asks how they relate.
	case c.has(corrWords) && (len(numeric) >= 2 || slices.Contains(c.words, "correlation") || slices.Contains(c.words, "correlate") || slices.Contains(c.words, "correlated")):
		cols := append([]colProfile(nil), numeric...)
		if len(cols) < 2 && len(numeric) < 2 && slices.Contains(c.words, "correlation") && len(numeric) == 1 {
			return task{}, fmt.Sprintf("a correlation needs two numeric columns and the question names only %s", numeric[0].Name), false
		}
		for _, col := range p.Columns {
			if len(cols) >= 2 {
				break
			}
			if col.Kind == kindNumeric && !isID(col) && !isTime(col) && !slices.ContainsFunc(cols, func(x colProfile) bool { return x.Name == col.Name }) {
				cols = append(cols, col)
			}
		}
		if len(cols) < 2 {
			return task{}, "a correlation needs two numeric columns; this dataset has fewer", false
		}
		return task{Op: opCorr, X: cols[0].Name, Y: cols[1].Name, Filters: filters}, "", true

	// "How many distinct products were returned" where no column is the
	// product: counting rows would answer another question.
	case distinct && len(mentions(c, p)) == 0 && !c.has(wordSet("row", "record", "entry")) && !workedDays(c, p):
		return task{}, "it asks how many different values there are, and names no column that holds them", false

	// "How many different meters topped up" where no column is the
	// meter: the distinct values of the top-up would be another count.
	case distinct && unnamed >= 0:
		return task{}, fmt.Sprintf("none of its columns holds %q", c.words[unnamed+1]), false

	// How many different values a column has, overall or per group.
	case distinct && len(numeric)+len(categorical) > 0:
		col := firstMentioned(numeric, categorical)
		if by := otherCategory(categorical, col); by != "" && c.has(groupWords) {
			return task{Op: opGroup, Agg: "nunique", Measure: col, By: by, Filters: filters, Ranked: ranked, Desc: t.Desc, N: n}, "", true
		}
		return task{Op: opDistinct, By: identifierOf(p, col), Filters: filters}, "", true

	// "How many nights did we run the trap" of Trap Night: the nights
	// are the column's dates, one or more rows each.
	case howMany && !ranked && !share && len(numeric) == 0 && !c.has(groupWords) && !c.has(wordSet("which", "each", "every")) && countedDate(c, p) != "":
		return task{Op: opDistinct, By: countedDate(c, p), Filters: filters}, "", true

	// A share of rows per group: "the return rate by category".
	case share && len(filters) > 0 && (len(categorical) > 0 && (c.has(groupWords) || c.has(wordSet("which"))) || len(times) > 0 && ranked) && compare == "":
		cond, rest := splitCondition(filters)
		t.Op, t.Agg, t.Cond, t.Filters, t.Ranked = opGroup, "share", &cond, rest, ranked
		if len(categorical) > 0 {
			t.By = categorical[0].Name
		} else {
			t.By, t.ByFreq = times[0].Name, timeFreq(c, times[0], covered)
		}
		return t, "", true

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
			t.Freq = timeFreq(c, *tc, covered)
			if t.Freq == "" {
				t.Freq = defaultFreq(*tc)
			}
		}
		// "The average number of washes per day": the mean over the days
		// of each day's count (or total).
		t.PerPeriod = agg == "mean" && t.Freq != "" && t.By == "" && perPeriod(c)
		if agg == "median" && t.Freq != "" && slices.ContainsFunc(rangeOf(1, len(c.words)), func(i int) bool { return periodAdjectives[c.words[i]] && c.words[i-1] == "median" }) {
			// "The median monthly mileage": the median of the months'
			// totals, which a series of each month's median is not.
			return task{}, fmt.Sprintf("it asks for the median of the %s totals, and I compute a median over rows, or the mean over periods", c.words[slices.Index(c.words, "median")+1]), false
		}
		if t.PerPeriod && len(numeric) == 0 && !howMany && uncoveredWord(c, covered, moneyWords, derivedWords) == "" {
			return task{}, "it asks for an average per period, and names neither a count of rows nor a numeric column", false
		}
		if howMany && len(numeric) == 0 {
			t.Agg, t.Measure = "count", ""
			return t, "", true
		}
		m, ok := measure()
		if !ok {
			t.Agg, t.Measure = "count", ""
			return t, "", true
		}
		t.Measure, t.Agg = m, aggFor(m)
		if t.PerPeriod {
			t.Agg = "sum" // the average of daily totals
			if intensive(m) && uncoveredWord(c, covered, moneyWords, derivedWords) == "" {
				t.Agg = "mean" // the average of daily averages, but revenue is a total
			}
		}
		return t, "", true

	case trend && timeColumn(p) == nil && !ranked && agg == "":
		return task{}, "it asks about a trend, but no column holds dates, months or years", false

	// A distribution of one column.
	case c.has(summaryWords) && len(numeric) > 0 && agg == "":
		return task{Op: opSummary, Measure: numeric[0].Name, Filters: filters}, "", true

	// One column's total as a share of another's: "what percentage of
	// the trees planted were still alive".
	// "On average, the premium as a percentage of the vehicle's value":
	// the average of each row's percentage, not one total over another.
	case share && compare == "" && (agg == "mean" || agg == "median") && len(categorical) == 0 && partWhole != nil && asPercentOf(c):
		d := percentOf(partWhole[0].Name, partWhole[1].Name)
		pl.addDerived(d)
		return task{Op: opScalar, Agg: agg, Measure: d.Name, Filters: filters}, "", true
	case share && compare == "" && (agg == "" || agg == "sum") && !slices.ContainsFunc(categorical, func(col colProfile) bool { return !isID(col) }) && partWhole != nil:
		return task{Op: opShare, Measure: partWhole[0].Name, Over: partWhole[1].Name, Filters: filters}, "", true

	// A part of a whole: "what share of revenue comes from the West".
	case share && len(filters) > 0 && compare == "":
		t := task{Op: opShare, Filters: filters}
		if len(numeric) > 0 && !shareOfRows(c, p) {
			t.Measure = numeric[0].Name
		}
		if cond, rest, ok := laterCondition(c, filters); ok {
			// "Of the patients we fitted, what percentage were fitted
			// binaurally": of the fitted ones; "of the members made a
			// retention offer, what percentage did we save": of those
			// offered, whichever flags they are.
			t.Cond, t.Filters = &cond, rest
		} else if slices.ContainsFunc(filters, func(f filter) bool { return f.Flag }) {
			// "What percentage of Toys orders were returned": of the Toys orders.
			cond, rest := splitCondition(filters)
			t.Cond, t.Filters = &cond, rest
		}
		return t, "", true

	case share && len(filters) == 0 && compare == "" && agg == "" && len(categorical) == 0:
		return task{}, "it asks for a share, and names no value or condition of a column that picks the rows", false

	// How many rows.
	case howMany && len(numeric) == 0 && len(categorical) == 0 && len(times) == 0 || howMany && c.has(rowWords) && len(categorical) == 0 && len(numeric) == 0:
		return task{Op: opCountRows, Filters: filters}, "", true

	// A group: a categorical column named (or a time column in a ranking),
	// or "per …", "across …" with an aggregate and a plausible group.
	case len(categorical) > 0 || compare != "" || len(times) > 0 && ranked || (ranked || agg != "") && groupsByUnnamed(c, covered) && plausibleGroup(p, filters) != "" && !perRow(c, p):
		var by string
		switch {
		case len(categorical) > 0:
			by = groupColumn(c, p, categorical)
		case compare != "":
			by = compare
		case len(times) > 0:
			by = times[0].Name
			if times[0].Kind == kindDate {
				t.ByFreq = timeFreq(c, times[0], covered)
			}
			if wk := weekColumn(p); wk != nil && t.ByFreq == "W" {
				by, t.ByFreq = wk.Name, "" // "which week" of Week No: the weeks the table numbers
			}
		default:
			by = plausibleGroup(p, filters)
			*notes = append(*notes, fmt.Sprintf("The question names no column to group by; I grouped by %s.", by))
		}
		t.Op, t.By, t.Ranked = opGroup, by, ranked
		// "The most orders" ranks by how many; "the best reviews" by
		// something no column was found for.
		countRank := c.has(wordSet("most", "fewest", "least", "more", "fewer", "less")) || howMany || n > 0
		// But "the busiest week for units picked" ranks by the measure named.
		times := timesAsked(c)
		if (c.has(commonWords) || times) && agg == "" && !(len(numeric) > 0 && !c.has(wordSet("common", "frequent", "popular", "often")) && !times) {
			t.Agg = "count" // "borrowed most often" counts, whatever column "borrowed" names
			return t, "", true
		}
		if len(numeric) == 0 && agg == "" {
			switch {
			case c.has(commonWords) || c.has(wordSet("busiest")) || howMany && c.has(groupWords) || ranked && countRank && (c.has(rowWords) || c.has(entityWords) || slices.Contains(c.words, datasetEntity(p))) && !c.has(incomeWords) && !c.has(spendWords) && !wePaid(c) ||
				ranked && !c.has(moneyWords) && !wePaid(c) && (c.has(wordSet("most", "fewest", "least")) || plausibleMeasure(p) == ""):
				t.Agg = "count" // "most common product", "how many rows per region", "the most orders"
				return t, "", true
			case ranked:
				// "Which region sells most?": a ranking of the likeliest measure (measure() says which).
			case !c.has(groupWords) || howMany:
				if howMany && !distinct && !countedNoun(c, by, fileWords(p)) {
					// "How many road collisions were on roads with …": the
					// rows are counted, the category only named.
					return task{Op: opCountRows, Filters: filters}, "", true
				}
				return task{Op: opDistinct, By: identifierOf(p, by), Filters: filters}, "", true // "how many regions are there"
			}
		}
		m, ok := measure()
		if !ok {
			t.Agg = "count"
			return t, "", true
		}
		t.Measure, t.Agg = m, aggFor(m)
		// "Which sensor recorded the highest temperature": the question
		// says no aggregate, so the answer gives the highest average and
		// the single highest value.
		t.Implied = ranked && agg == "" && t.Agg == "mean"
		return t, "", true

	// One figure of a numeric column.
	case agg != "" || ranked || howMany && len(numeric) > 0:
		m, ok := measure()
		if !ok {
			return task{Op: opCountRows, Filters: filters}, "", true
		}
		if fellBack && agg != "" && agg != "sum" && agg != "mean" {
			return task{}, fmt.Sprintf("it asks for the %s of a column it does not name", aggName(agg)), false
		}
		t.Measure = m
		switch {
		case agg != "":
			t.Op, t.Agg = opScalar, agg
		case howMany && !(ranked && containsSeq(c.words, "number", "of")):
			t.Op, t.Agg = opScalar, "sum" // "how many units were sold"; but "the maximum number of steps" is the highest
		default:
			t.Op, t.Ranked = opExtreme, true
			t.Agg = map[bool]string{true: "max", false: "min"}[t.Desc]
		}
		if t.Op == opScalar {
			t.Ranked, t.N = false, 0
		}
		return t, "", true

	case c.has(overviewWords):
		return task{Op: opOverview}, "", true

	case len(numeric) > 0 && len(filters) > 0:
		return task{}, fmt.Sprintf("it names %s but no figure of it to compute (a total, an average, a median, a count)", numeric[0].Name), false
	}
	return task{}, "", false
}

// perPeriod reports "per day", "a week", "each month": a period the
// figure is per.
func perPeriod(c clause) bool {
	for i, w := range c.words {
		if i > 0 && freqWords[w] != "" && wordSet("per", "a", "each", "every")[c.words[i-1]] {
			return true
		}
		// "The average weekly mileage": the mean of the weeks' totals.
		if i > 0 && periodAdjectives[w] && wordSet("average", "mean", "typical")[c.words[i-1]] {
			return true
		}
	}
	return false
}

// periodAdjectives say a figure is a period's: "weekly mileage".
var periodAdjectives = wordSet("daily", "weekly", "monthly", "quarterly", "yearly", "annual")

// shareOfRows reports "the percentage of days", "the share of orders":
// a share of the rows, whatever measure the clause names besides.
func shareOfRows(c clause, p profile) bool {
	rows := func(j int) bool {
		for j+1 < len(c.words) && wordSet("all", "the", "our")[c.words[j]] {
			j++ // "what percentage of all applications received"
		}
		n := c.words[j]
		return rowWords[n] || entityWords[n] || freqWords[n] != "" || n == "night" || n == datasetEntity(p) || rowsID(p, n) ||
			slices.Contains(fileWords(p), n) && !moneyWords[n] && !slices.ContainsFunc(measureHints, func(h string) bool { return singular(h) == n }) || // but "share of sales" of sales.csv is of revenue
			thingsOfMeasure(c, p, n)
	}
	for i, w := range c.words {
		if (shareWords[w] || rateWords[w]) && i+2 < len(c.words) && c.words[i+1] == "of" {
			return rows(i + 2)
		}
	}
	// "Of the quotes that went out, what percentage have been accepted":
	// the share is of the things named first.
	if len(c.words) > 2 && c.words[0] == "of" && c.has(shareWords) {
		return rows(1)
	}
	return false
}

// thingsOfMeasure reports whether n, written in the plural, names the
// things a numeric column measures and not the measure: "quotes" of
// quoteValue_GBP, whose head is value; a share of them is of rows. But
// "fees" of Fee (£) is the money.
func thingsOfMeasure(c clause, p profile, n string) bool {
	if !writtenPlural(c.raw, n) {
		return false
	}
	for _, col := range p.Columns {
		ws := colWords(col.Name)
		for len(ws) > 0 && (unitWords[ws[len(ws)-1]] || currencyWords[ws[len(ws)-1]]) {
			ws = ws[:len(ws)-1] // quote value, not gbp
		}
		if len(ws) < 2 {
			continue
		}
		if col.Kind == kindNumeric && slices.Contains(ws[:len(ws)-1], n) && !sameWord(n, ws[len(ws)-1]) && measureHeads[ws[len(ws)-1]] {
			return true
		}
	}
	return false
}

// headWords after "per" ask for a figure per person: "spend per head".
var headWords = wordSet("head", "person", "cover", "guest", "diner")

// peopleCount is the one numeric column that counts the people a row
// served (covers, guests, pax, attendees), or nil.
func peopleCount(p profile) *colProfile {
	var found *colProfile
	for i, col := range p.Columns {
		ws := colWords(col.Name)
		if col.Kind != kindNumeric || len(ws) == 0 || !wordSet("cover", "guest", "pax", "diner", "attendee", "headcount", "visitor", "people", "person", "attendance")[ws[len(ws)-1]] {
			continue
		}
		if found != nil {
			return nil
		}
		found = &p.Columns[i]
	}
	return found
}

// headcountWords count people: "more than 300 people".
var headcountWords = wordSet("people", "person", "guest", "attendee", "visitor", "spectator", "participant", "delegate", "diner", "cover", "pax", "head")

// wholePeriod reports whether a clause says the table's own period as a
// whole: "across the month", "over the quarter".
func wholePeriod(c clause) bool {
	for i := 0; i+2 < len(c.words); i++ {
		if wordSet("across", "over", "throughout", "for")[c.words[i]] && c.words[i+1] == "the" && (freqWords[c.words[i+2]] != "" || termWords[c.words[i+2]]) && i+3 == len(c.words) {
			return true
		}
	}
	return false
}

// measureHeads end the names of columns that measure a thing named
// before them: quote value, order amount, job cost.
var measureHeads = wordSet("value", "amount", "cost", "price", "total", "size", "weight", "length", "duration")

// rowsID reports whether w names the rows by the column that identifies
// each: "plots" of plotId, one per row.
func rowsID(p profile, w string) bool {
	return slices.ContainsFunc(p.Columns, func(col colProfile) bool {
		cw := colWords(col.Name)
		return len(cw) == 2 && idNumber(cw[1]) && sameWord(w, cw[0]) && col.Unique == p.Rows && p.Rows > 0
	})
}

// splitCondition takes a share's condition from filters: the yes/no
// column's, else the last one.
func splitCondition(filters []filter) (filter, []filter) {
	i := slices.IndexFunc(filters, func(f filter) bool { return f.Flag })
	if i < 0 {
		i = len(filters) - 1
	}
	return filters[i], append(slices.Clone(filters[:i]), filters[i+1:]...)
}

// laterCondition is the condition of a share whose other filters say
// which rows it is a share of: the filter said last, after a verb or the
// share's word that follows the others ("of the patients fitted, what
// percentage were fitted binaurally", "what share of West orders were
// Toys"), and the rest. Filters said together ("West and Toys") are one
// condition.
func laterCondition(c clause, filters []filter) (filter, []filter, bool) {
	// Where each filter is said: its values, or a yes/no column's name.
	at := func(f filter) []int {
		if len(f.at) > 0 {
			return f.at
		}
		return f.flagAt
	}
	if len(filters) < 2 || slices.ContainsFunc(filters, func(f filter) bool { return len(at(f)) == 0 }) {
		return filter{}, nil, false
	}
	last := 0
	for i, f := range filters {
		if at(f)[0] > at(filters[last])[0] {
			last = i
		}
	}
	before := 0
	for i, f := range filters {
		if i != last {
			before = max(before, slices.Max(at(f)))
		}
	}
	if before >= at(filters[last])[0] {
		return filter{}, nil, false
	}
	between := c.words[before+1 : at(filters[last])[0]]
	if !slices.ContainsFunc(between, func(w string) bool {
		return byAux[w] || shareWords[w] || wordSet("had", "has", "have", "got", "went", "came", "turned", "ended")[w]
	}) {
		return filter{}, nil, false
	}
	return filters[last], append(slices.Clone(filters[:last]), filters[last+1:]...), true
}

// readClause finds the columns, values and conditions a clause names.
func readClause(c clause, p profile, pl *plan) clauseReading {
	rd := clauseReading{covered: make(map[int]bool)}
	ms := mentions(c, p)
	var early []filter // filters read before the rest; filtersFor's come first
	// "Night shift" of shift = N: a word before the name of a column of
	// single capital letters, one of which is its initial.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		if _, flag := isFlag(m.col); flag || m.len != 1 || m.pos == 0 || m.col.Kind != kindCategorical || len(m.col.Values) < 2 || rd.covered[m.pos-1] ||
			slices.ContainsFunc(m.col.Values, func(v string) bool { return len(v) > 2 || strings.ToUpper(v) != v }) ||
			!slices.ContainsFunc(m.col.Values, func(v string) bool { return len(v) == 1 }) {
			return false
		}
		w := c.words[m.pos-1]
		if len(w) < 3 || !strings.ContainsFunc(w, unicode.IsLetter) || fillerWords[w] || stopWords[w] || articles[w] || descWords[w] || ascWords[w] || commonWords[w] || groupWords[w] {
			return false
		}
		v := strings.ToUpper(w[:1])
		if !slices.Contains(m.col.Values, v) {
			return false
		}
		early = append(early, filter{Column: m.col.Name, Values: []string{v}})
		rd.covered[m.pos-1], rd.covered[m.pos] = true, true
		rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", w+" "+c.words[m.pos], m.col.Name, v))
		return true
	})
	// "Line 3" of line = L3, "bay 12" of Bay = B12: a column's word and a
	// number, where the column's values are its initial and numbers.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		e := m.pos + m.len
		if m.len != 1 || m.col.Kind != kindCategorical || e >= len(c.words) || !isDigits(c.words[e]) || rd.covered[e] {
			return false
		}
		v := strings.ToUpper(c.words[m.pos][:1]) + c.words[e]
		k := slices.IndexFunc(m.col.Values, func(x string) bool { return strings.EqualFold(x, v) })
		if k < 0 {
			return false
		}
		early = append(early, filter{Column: m.col.Name, Values: []string{m.col.Values[k]}})
		rd.covered[m.pos], rd.covered[e] = true, true
		rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", c.words[m.pos]+" "+c.words[e], m.col.Name, m.col.Values[k]))
		return true
	})
	// "Still waiting to be let", "yet to be reported" of Let Date,
	// Reported: the rows with no date for the event, and no value of
	// the event's word (Status = TYPED).
	var emptyAt []int
	for i := 0; i+3 < len(c.words); i++ {
		if !(c.words[i] == "waiting" || c.words[i] == "yet") || c.words[i+1] != "to" || c.words[i+2] != "be" {
			continue
		}
		dc := dateNamed(c.words[i+3:i+4], p)
		if dc == nil || dc.Missing == 0 {
			continue
		}
		early = append(early, filter{Column: dc.Name, Op: opEmpty})
		ms = slices.DeleteFunc(ms, func(m mention) bool { return m.pos+m.len > i && m.pos <= i+3 })
		for j := i; j <= i+3; j++ {
			rd.covered[j] = true
		}
		// "Still sitting in the queue waiting to be typed": the same.
		for j := i - 1; j >= 0 && wordSet("still", "sitting", "in", "the", "queue")[c.words[j]]; j-- {
			rd.covered[j] = true
		}
		emptyAt = append(emptyAt, i+3)
		rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as no %s.", strings.Join(c.words[i:i+4], " "), dc.Name))
	}
	// "Comprehensive cover" of COVER = COMP beside COMP_XS: a word that a
	// code of the column named next shortens is that code, not the
	// column whose name it also shortens.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		if m.len != 1 || m.pos+1 >= len(c.words) || slices.ContainsFunc(colWords(m.col.Name), func(w string) bool { return w == c.words[m.pos] }) {
			return false
		}
		f, ok := codeValue(c.words[m.pos], p)
		return ok && f.Column != m.col.Name && slices.ContainsFunc(colWords(f.Column), func(w string) bool { return sameWord(c.words[m.pos+1], w) })
	})
	named := slices.Clone(ms)
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		if qualifier(c, m, named) {
			rd.covered[m.pos] = true
			return true
		}
		return false
	})
	// "Which tug went out as lead tug" of Tugs and Lead Tug: the thing
	// asked for is the one the categorical column names, not the count
	// column named by the same word.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		if m.len != 1 || m.pos == 0 || c.words[m.pos-1] != "which" || m.col.Kind != kindNumeric {
			return false
		}
		return slices.ContainsFunc(ms, func(o mention) bool {
			return o.col.Kind == kindCategorical && o.pos > m.pos && lastWordNames(c.words[m.pos], o.col.Name)
		})
	})
	// "How many tug orders" of Ordered, a column of many clock times: the
	// things counted, not when (or by whom) they were ordered.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		cw := colWords(m.col.Name)
		return m.len == 1 && len(cw) == 1 && m.col.Kind == kindCategorical && len(m.col.Values) == 0 && isPast(cw[0]) && writtenPlural(c.raw, c.words[m.pos])
	})
	// "How many tug orders" of Tugs: a count column's word said singular
	// before a plural noun qualifies the things counted (and is no value
	// of Delay Code = TUG either).
	var qualifying []mention
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		e := m.pos + m.len
		if m.len != 1 || m.col.Kind != kindNumeric || e >= len(c.words) || writtenPlural(c.raw, c.words[m.pos]) || !writtenPlural(c.raw, c.words[e]) || m.pos > 0 && isNumberWord(c.words[m.pos-1]) ||
			!strings.HasSuffix(strings.ToLower(m.col.Name), "s") || slices.ContainsFunc(ms, func(o mention) bool { return inSpan(e, o) && o.col.Kind == kindNumeric }) {
			return false
		}
		rd.covered[m.pos] = true
		qualifying = append(qualifying, m)
		return true
	})
	// "How many interventions a day" of INTV_CODE in SCO_INTERVENTIONS:
	// the rows, counted, where the code column shortens their word.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		w := c.words[m.pos]
		return m.len == 1 && m.col.Kind == kindCategorical && m.pos >= 2 && c.words[m.pos-2] == "how" && c.words[m.pos-1] == "many" &&
			w == datasetEntity(p) && writtenPlural(c.raw, w) && !slices.Contains(colWords(m.col.Name), w)
	})
	// "How many cremated remains interments did we do" of Date of
	// Interment: the events counted, not a time to break them down by.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		if m.col.Kind != kindDate || m.len != 1 || !writtenPlural(c.raw, c.words[m.pos]) || !containsSeq(c.words[:m.pos], "how", "many") ||
			slices.ContainsFunc(c.words, func(w string) bool { return freqWords[w] != "" || trendWords[w] || groupWords[w] }) {
			return false
		}
		rd.covered[m.pos] = true
		return true
	})
	// "Across all four stores": every store together, no breakdown.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		j := m.pos - 1
		if j >= 0 && isNumberWord(c.words[j]) {
			j--
		}
		if j < 1 || c.words[j] != "all" || !wordSet("across", "over", "for")[c.words[j-1]] || m.col.Kind != kindCategorical || !writtenPlural(c.raw, c.words[m.pos]) {
			return false
		}
		for k := j - 1; k <= m.pos; k++ {
			rd.covered[k] = true
		}
		return true
	})
	// "Which return reason accounts for the most money": a verb, not
	// ACCOUNT_REF.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		e := m.pos + m.len
		return m.len == 1 && m.pos > 0 && e < len(c.words) && c.words[e] == "for" && slices.ContainsFunc(ms, func(o mention) bool { return inSpan(m.pos-1, o) }) &&
			containsSeq(rawWords(c.raw), c.words[m.pos]+"s", "for")
	})
	// "How much rent is in arrears": the column after "is in" holds the
	// figure; the one before says what it is of.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		e := m.pos + m.len
		if m.col.Kind != kindNumeric || e+2 >= len(c.words) || !byAux[c.words[e]] || c.words[e+1] != "in" {
			return false
		}
		if slices.ContainsFunc(ms, func(o mention) bool { return o.pos == e+2 && o.col.Kind == kindNumeric && o.col.Name != m.col.Name }) {
			for j := m.pos; j < e; j++ {
				rd.covered[j] = true
			}
			return true
		}
		return false
	})
	// "The strongest wind we raced in": what we did is no column (race_no).
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		_, irregular := irregularVerbs[c.words[m.pos]]
		if m.len != 1 || m.pos == 0 || !wordSet("we", "i", "they", "you")[c.words[m.pos-1]] || m.col.Kind == kindNumeric && !isID(m.col) || !(strings.HasSuffix(c.words[m.pos], "ed") || irregular) {
			return false
		}
		rd.covered[m.pos] = true
		return true
	})
	ms = nounVerbMentions(c, p, ms, rd.covered)
	// "The longest session anyone actually ran" of Hrs Booked and Hrs
	// Used: what was done, of a plan and its outcome.
	if c.has(actuallyWords) {
		for k, m := range ms {
			if o := outcomeSibling(m.col, p); o != nil {
				ms[k].col = *o
			}
		}
	}
	// "The total value of the penalty fares issued" of pf_issued and
	// pf_value_gbp: the value of what a column counts is the column of
	// the same things that holds their value.
	for k, m := range ms {
		v := m.pos - 2
		if v >= 0 && c.words[v+1] == "the" {
			v--
		}
		if v < 0 || c.words[v+1] != "of" && c.words[v+1] != "the" || !worthWords[c.words[v]] || rd.covered[v] || m.col.Kind != kindNumeric {
			continue
		}
		own := slices.DeleteFunc(colWords(m.col.Name), func(w string) bool { return unitWords[w] || isPast(w) })
		var worth []colProfile
		for _, o := range p.Columns {
			ow := colWords(o.Name)
			if o.Name != m.col.Name && o.Kind == kindNumeric && !isID(o) && slices.ContainsFunc(ow, func(w string) bool { return worthWords[w] }) &&
				len(own) > 0 && slices.ContainsFunc(own, func(w string) bool { return slices.Contains(ow, w) }) {
				worth = append(worth, o)
			}
		}
		if len(worth) == 1 {
			ms[k] = mention{col: worth[0], pos: v, len: m.pos + m.len - v}
			for j := v; j < m.pos+m.len; j++ {
				rd.covered[j] = true
			}
		}
	}
	// "How many hens died" of Hens Housed and Mortality: the verb's
	// column counts them; the noun only says what it counts.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		e := m.pos + m.len
		counted := m.len == 1 && m.pos > 0 && c.words[m.pos-1] == "many" && m.col.Kind == kindNumeric && len(colWords(m.col.Name)) > 1 &&
			slices.ContainsFunc(ms, func(o mention) bool {
				return o.pos == e && o.col.Kind == kindNumeric && o.via != "" && isPast(c.words[e])
			})
		if counted {
			rd.covered[m.pos] = true
		}
		return counted
	})
	// "The average length of a time entry in hours" of Hrs: the concept
	// of the column its unit already names.
	for i, w := range c.words {
		if !rd.covered[i] && slices.ContainsFunc(ms, func(m mention) bool { return m.col.Kind == kindNumeric && conceptOf(p, w) == m.col.Name }) {
			rd.covered[i] = true
		}
	}
	ms = rowMentions(c, p, ms, rd.covered)
	// "How much rent a year" of "Passing Rent (GBP pa)": the column is
	// already a year's, so the year is no period to group by.
	var perPeriodAt []int // "per year" of estAnnualCost_gbp: no ncYear either
	for _, m := range ms {
		if per := columnPeriod(m.col.Name); per != "" {
			for i, w := range c.words {
				if freqWords[w] == per {
					rd.covered[i] = true
					if i > 0 && c.words[i-1] == "per" {
						perPeriodAt = append(perPeriodAt, i)
					}
				}
			}
		}
	}
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		return m.len == 1 && slices.Contains(perPeriodAt, m.pos) && m.col.Kind != kindNumeric
	})
	all := append(slices.Clone(ms), qualifying...)
	rd.filters, rd.ambiguous = oneColumnPerValue(c, filtersFor(c, p, rd.covered, named), ms)
	rd.filters = dropMeasureValues(c, rd.filters, all)
	rd.filters = dropVerbValues(c, rd.filters)
	rd.filters = keepValues(rd.filters, func(f filter, k int) bool { return slices.Contains(emptyAt, f.at[k]) })
	for _, f := range early {
		if !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == f.Column }) {
			rd.filters = append(rd.filters, f)
		}
	}
	// "Of the applications we've made a decision on, what percentage were
	// approved": the share among the rows decided, of a column with a
	// pending value beside the one asked.
	if i := indexSeq(c.words, "made", "a", "decision"); i >= 0 && c.has(shareWords) {
		for k, f := range rd.filters {
			col, ok := columnNamed(p, f.Column)
			if !ok || f.Op != "" || f.left || len(f.Values) != 1 || col.Unique != len(col.Values) || !slices.ContainsFunc(col.Values, pendingValue) {
				continue
			}
			decided := slices.DeleteFunc(slices.Clone(col.Values), pendingValue)
			rd.filters = slices.Insert(rd.filters, k, filter{Column: f.Column, Values: decided, at: []int{i + 2}, left: true})
			for j := i; j < min(i+4, len(c.words)); j++ {
				if j < i+3 || c.words[j] == "on" {
					rd.covered[j] = true
				}
			}
			break
		}
	}
	// "Paid" of Payment Status = Paid and of Total Paid (£): the money
	// where the clause asks how much ("how much have delegates paid"), the
	// rows' condition where it does not ("of the delegates who have paid,
	// what percentage …").
	for _, m := range slices.Clone(ms) {
		k := slices.IndexFunc(rd.filters, func(f filter) bool { return len(f.Values) == 1 && f.Op == "" && slices.Contains(f.at, m.pos) })
		// Said twice ("when a case ended in a fine, how much was the
		// fine"), the word is both.
		if m.len != 1 || m.col.Kind != kindNumeric || k < 0 || rd.filters[k].Column == m.col.Name ||
			slices.ContainsFunc(rangeOf(0, len(c.words)), func(j int) bool { return j != m.pos && c.words[j] == c.words[m.pos] }) {
			continue
		}
		switch {
		case containsSeq(c.words, "how", "much") || slices.Contains(c.words, "money"):
			rd.filters = slices.Delete(rd.filters, k, k+1)
		case c.has(shareWords) || c.has(rateWords) || containsSeq(c.words, "how", "many"):
			ms = slices.DeleteFunc(ms, func(x mention) bool { return x.pos == m.pos && x.col.Name == m.col.Name })
		}
	}
	// "The first week of October" names days, not a column of weeks.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		return m.len == 1 && slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Part == "day" && len(f.at) > 0 && f.at[0] == m.pos-1 })
	})
	// "B2 or higher" of CEFR: the levels from B2 up, where the values are
	// levels a letter and a digit write (A1 … C2) and the profile lists
	// them all; where they have no order the analyst knows, a refusal.
	for k, f := range rd.filters {
		if len(f.at) == 0 || f.Part != "" || f.Op != "" || len(f.Values) != 1 {
			continue
		}
		j := f.at[0] + 1
		if j+1 >= len(c.words) || c.words[j] != "or" {
			continue
		}
		up, down := wordSet("higher", "above", "better", "over")[c.words[j+1]], wordSet("lower", "below", "worse", "under")[c.words[j+1]]
		if !up && !down {
			continue
		}
		col, ok := columnNamed(p, f.Column)
		if !ok || !levels(col) {
			if rd.ambiguous == "" {
				rd.ambiguous = fmt.Sprintf("it asks for %s or %s, and I know no order of the values of %s", f.Values[0], c.words[j+1], f.Column)
			}
			continue
		}
		rd.filters[k].Values = slices.DeleteFunc(slices.Sorted(slices.Values(col.Values)), func(v string) bool {
			return up && v < f.Values[0] || down && v > f.Values[0]
		})
		rd.covered[j], rd.covered[j+1] = true, true
	}
	// "Leaving out planned works" of a value: every other value, where the
	// profile lists them all.
	for k, f := range rd.filters {
		if len(f.at) == 0 || f.Part != "" {
			continue
		}
		others, known := otherValues(p, f)
		for j := max(0, f.at[0]-3); j < f.at[0]; j++ {
			n := exclusionAt(c.words, j)
			negated := n == 0 && negatedAt(c.words, j, f.at[0]) && !rd.covered[j]
			if negated {
				n = 1 // "invoices still unpaid", "not yet paid" of Status = Paid: the other statuses
				if !known && rd.ambiguous == "" {
					rd.ambiguous = fmt.Sprintf("it asks for the rows whose %s is not %s, and I do not know every other value of %s", f.Column, strings.Join(f.Values, " or "), f.Column)
				}
			}
			if n == 0 || !known {
				continue
			}
			if negated && turnedDownRE.MatchString(c.raw) {
				// "Applications we turned down": refused, a decision made,
				// not one still pending.
				others = slices.DeleteFunc(slices.Clone(others), pendingValue)
			}
			rd.filters[k].Values = others
			rd.filters[k].left = true
			for x := j; x < j+n; x++ {
				rd.covered[x] = true
			}
			break
		}
	}
	// "in the West region" names a value of region: a filter, not a group;
	// but "excluding the UK, which country" asks among the others.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		asked := m.pos > 0 && wordSet("which", "what", "each", "per", "by")[c.words[m.pos-1]]
		if !slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == m.col.Name && f.Part == "" && !(f.left && asked) }) {
			return false
		}
		for j := m.pos; j < m.pos+m.len; j++ {
			rd.covered[j] = true
		}
		return true
	})
	// "How many different people booked time": the one column of people.
	if people := slices.DeleteFunc(slices.Clone(p.Columns), func(col colProfile) bool { return !isPeople(col) }); len(people) == 1 {
		for i := 1; i < len(c.words); i++ {
			if wordSet("people", "person", "staff", "user")[c.words[i]] && distinctWords[c.words[i-1]] && !rd.covered[i] && !slices.ContainsFunc(ms, func(m mention) bool { return m.col.Name == people[0].Name || inSpan(i, m) }) {
				ms = append(ms, mention{col: people[0], pos: i, len: 1})
				slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
				rd.covered[i] = true
				// The verb of its name is said with it: "booked" of Booked By.
				for j := i + 1; j < len(c.words) && j <= i+2; j++ {
					if slices.ContainsFunc(colWords(people[0].Name), func(w string) bool { return sameWord(c.words[j], w) }) {
						rd.covered[j] = true
						ms = slices.DeleteFunc(ms, func(m mention) bool { return m.col.Name != people[0].Name && inSpan(j, m) })
					}
				}
			}
		}
	}
	// "Defects recorded on structures on the A614": a plural after a
	// preposition, in a clause that asks for no breakdown, says where
	// the rows are, not what to group them by.
	// "How many falls were logged across the homes" too: all of them.
	acrossThe := func(m mention) bool { return m.pos >= 2 && c.words[m.pos-1] == "the" && c.words[m.pos-2] == "across" }
	otherGroup := slices.ContainsFunc(rangeOf(0, len(c.words)), func(i int) bool {
		if i+1 < len(c.words) && c.words[i] == "between" {
			if _, month := months[c.words[i+1]]; month || isDigits(c.words[i+1]) {
				return false // "between July and December": a period
			}
		}
		return groupWords[c.words[i]] && !(c.words[i] == "across" && i+2 < len(c.words) && c.words[i+1] == "the" && writtenPlural(c.raw, c.words[i+2]))
	})
	if !otherGroup && !c.has(wordSet("which", "what", "who", "whose", "most", "least", "fewest", "highest", "lowest")) {
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			if m.col.Kind == kindNumeric || isTime(m.col) || m.len != 1 || m.pos == 0 || !wordSet("on", "at", "across", "from")[c.words[m.pos-1]] && !acrossThe(m) || !writtenPlural(c.raw, c.words[m.pos]) {
				return false
			}
			rd.covered[m.pos] = true
			return true
		})
	}
	// A yes/no column named outside a grouping picks its rows: "were
	// returned" keeps returned = yes, "not returned" the others.
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		yes, ok := isFlag(m.col)
		if !ok || groupedAt(c.words, m.pos) && !passiveBy(c.words, m.pos) {
			return false
		}
		if w := c.words[m.pos]; m.len == 1 && writtenPlural(c.raw, w) && !slices.ContainsFunc(colWords(m.col.Name), func(cw string) bool { return singular(cw) == w || stem(cw) == stem(w) }) {
			return true // "events" of REG_ENT: a plural names the rows counted, not the flag an abbreviation may be of
		}
		if e := m.pos + m.len; m.pos > 0 && wordSet("a", "an", "each", "every", "per")[c.words[m.pos-1]] && m.len < len(colWords(m.col.Name)) && e < len(c.words) && isPresentVerb(c.raw, c.words[e]) {
			// "the average tip a client leaves" of New Client: any client.
			for j := m.pos; j < m.pos+m.len; j++ {
				rd.covered[j] = true
			}
			return true
		}
		if cw := colWords(m.col.Name); m.len == 1 && len(cw) == 2 && sameWord(c.words[m.pos], cw[0]) && writtenPlural(c.raw, c.words[m.pos]) &&
			isParticiple(cw[1]) && !madeExist[cw[1]] && !slices.ContainsFunc(c.words, func(q string) bool { return sameWord(q, cw[1]) }) {
			// "How many loads went over the weighbridge" of load_rejected:
			// all the loads; the word that picks some is not said. But
			// "the most appeals" of appeal_lodged are the lodged ones.
			rd.covered[m.pos] = true
			return true
		}
		neg := false
		// "Don't have the requester's ID verified": further back, past a
		// have and whose it is.
		for j := max(0, m.pos-7); j < m.pos-3; j++ {
			neg = neg || negations[c.words[j]] && !slices.ContainsFunc(rangeOf(j+1, m.pos), func(k int) bool {
				return !wordSet("have", "has", "had", "got", "the", "a", "an", "their", "its", "his", "her", "s", "any")[c.words[k]] && c.words[k+1] != "s"
			})
		}
		for j := max(0, m.pos-3); j < m.pos; j++ {
			neg = neg || negations[c.words[j]]
			// "Leaving out planned works", "excluding refunded orders".
			if k := exclusionAt(c.words, j); k > 0 {
				neg = true
				for x := j; x < j+k; x++ {
					rd.covered[x] = true
				}
			}
		}
		// "A bad seal", "the custody seal broken" of sealOk, Custody
		// Seal Intact: a word for the other state, beside the part of
		// the name the question says, keeps the rows of the other value;
		// "a good seal" the rows of yes.
		if state, other, at := stateWord(c, m); at >= 0 {
			neg = neg != other
			rd.covered[at] = true
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s%s.", c.words[at], map[bool]string{true: "not ", false: ""}[other], state))
		}
		// "Ended in a fail" of Pass Y/N: the word of the other state
		// names the column, and keeps the rows of no.
		if cw := colWords(m.col.Name); m.len == 1 && len(cw) == 1 && slices.Contains(stateWords[cw[0]].other, c.words[m.pos]) {
			neg = !neg
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as not %s.", c.words[m.pos], cw[0]))
		}
		f := filter{Column: m.col.Name, Values: yes, Flag: true, flagAt: rangeOf(m.pos, m.pos+m.len)}
		if m.col.Kind == kindNumeric {
			f = filter{Column: m.col.Name, Op: "==", Num: 1, Flag: true, flagAt: rangeOf(m.pos, m.pos+m.len)}
			if neg {
				f.Num = 0
			}
		} else if neg {
			f.Values = slices.DeleteFunc(slices.Clone(m.col.Values), func(v string) bool { return slices.Contains(yes, v) })
		}
		if len(f.Values) == 0 && f.Op == "" {
			return false
		}
		rd.filters = append(rd.filters, f)
		for j := m.pos; j < m.pos+m.len; j++ {
			rd.covered[j] = true
		}
		return true
	})
	// A number beside a numeric column sets a condition: "delay of more
	// than 15", "more than 3 bedrooms", "with 2 bedrooms".
	ms = slices.DeleteFunc(ms, func(m mention) bool {
		if m.col.Kind != kindNumeric {
			return false
		}
		f, from, to, ok := conditionAfter(c.words, m.pos+m.len)
		if ok && to < len(c.words) && unitWords[c.words[to]] && !rateUnit(c.words, to) {
			// "a sea trial longer than an hour" of sea_trial_min: the value
			// in the column's unit, or no condition on it (but "km/h" is
			// a unit of its own).
			col, factor := mentionedInUnit([]mention{m}, c.words[to])
			if _, scaled := scaleOf(c.words[to]); col == nil && scaled {
				return false
			}
			if col != nil {
				if factor != 1 {
					rd.synonymNotes = append(rd.synonymNotes, convertedNote(c.words[to-1:to+1], f.Num*factor, col.Name))
				}
				f.Num *= factor
				to++
			}
		}
		if !ok {
			f, from, to, ok = conditionAround(c.words, m.pos, m.pos+m.len)
		}
		if !ok {
			f, from, to, ok = conditionBefore(c.words, m.pos)
		}
		// "A food hygiene rating of 5": that value, where the column holds it.
		if e := m.pos + m.len; !ok && m.pos > 0 && wordSet("a", "an")[c.words[m.pos-1]] && e+1 < len(c.words) && c.words[e] == "of" && (e+2 == len(c.words) || !unitWords[c.words[e+2]]) {
			if v, err := strconv.ParseFloat(c.words[e+1], 64); err == nil && v >= asFloat(m.col.Min) && v <= asFloat(m.col.Max) {
				f, from, to, ok = filter{Op: "==", Num: v, at: []int{m.pos}}, e, e+2, true // said where a share's condition may be
			}
		}
		if !ok && m.pos >= 2 && c.words[m.pos-1] == "in" && inCurrency(m.col) {
			// "Services that did more than 5000 in net sales": the sum, then
			// the money it is of.
			if f, from, to, ok = conditionBefore(c.words, m.pos-1); ok {
				to = m.pos
			}
		}
		if !ok {
			return false
		}
		f.Column = m.col.Name
		rd.filters = append(rd.filters, f)
		for j := m.pos; j < m.pos+m.len; j++ {
			rd.covered[j] = true
		}
		for j := from; j < to; j++ {
			rd.covered[j] = true
		}
		return true
	})
	// "How many orders had no discount", "the share of trips with a
	// delay": a numeric column after no/without is zero, after with/had a
	// above zero, when rows are counted or shared.
	// But "no moisture reading", "no operator recorded" of a column with
	// gaps keeps the rows where it is empty.
	if containsSeq(c.words, "how", "many") || c.has(shareWords) || c.has(rateWords) {
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			if isTime(m.col) || m.pos == 0 || m.col.Kind == kindDate {
				return false
			}
			next := ""
			if m.pos+m.len < len(c.words) {
				next = c.words[m.pos+m.len]
			}
			said := recordedWords[next] || m.len > 1 && recordedWords[c.words[m.pos+m.len-1]] // "moisture reading" may name the column
			if prev := c.words[m.pos-1]; (prev == "no" || prev == "without") && m.col.Missing > 0 && (m.col.Kind != kindNumeric || said) {
				rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: opEmpty})
				for j := m.pos - 1; j < m.pos+m.len; j++ {
					rd.covered[j] = true
				}
				if recordedWords[next] {
					rd.covered[m.pos+m.len] = true
				}
				return true
			}
			// "Faults that have a DNO reference" of a DNO Ref with gaps:
			// the rows where it holds one.
			// Not "a tenant break option": a word before another name.
			last := m.pos+m.len == len(c.words) || !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
				return slices.ContainsFunc(colWords(col.Name), func(w string) bool { return sameWord(c.words[m.pos+m.len], w) })
			})
			if m.pos >= 2 && wordSet("a", "an")[c.words[m.pos-1]] && wordSet("have", "has", "had", "with", "got")[c.words[m.pos-2]] && m.col.Missing > 0 && m.col.Kind != kindNumeric && last {
				rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: opFilled})
				for j := m.pos - 2; j < m.pos+m.len; j++ {
					rd.covered[j] = true
				}
				return true
			}
			if m.col.Kind != kindNumeric {
				return false
			}
			from, op := m.pos-1, ""
			switch prev := c.words[m.pos-1]; {
			case prev == "no" || prev == "without" || prev == "zero":
				op = "=="
			case prev == "with" || prev == "a" && m.pos >= 2 && wordSet("with", "had", "has", "have", "got", "get", "gets", "given", "received", "offered")[c.words[m.pos-2]] ||
				prev == "the" && m.pos >= 2 && wordSet("got", "received", "claimed")[c.words[m.pos-2]]: // "jobs that got the grant"
				op = ">"
				if prev == "a" || prev == "the" {
					from--
				}
			default:
				return false
			}
			rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: op, Num: 0})
			for j := from; j < m.pos+m.len; j++ {
				rd.covered[j] = true
			}
			return true
		})
	}
	// "Events expecting more than 300 people": a condition on the
	// table's one count of people, named by the people it counts.
	if pc := peopleCount(p); pc != nil && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == pc.Name }) {
		for i := range c.words {
			f, from, to, ok := conditionAfter(c.words, i)
			end := to + 1
			if !ok {
				if g, a, b, around := conditionAround(c.words, i+1, i+2); around {
					f, from, to, end, ok = g, a, i+1, b, true // "100 people or more"
				}
			}
			if !ok || from != i || to >= len(c.words) || !headcountWords[c.words[to]] || slices.ContainsFunc(rangeOf(from, end), func(j int) bool { return rd.covered[j] }) {
				continue
			}
			f.Column = pc.Name
			rd.filters = append(rd.filters, f)
			for j := from; j < end; j++ {
				rd.covered[j] = true
			}
			if from > 0 && (strings.HasSuffix(c.words[from-1], "ing") || isPast(c.words[from-1]) || wordSet("drew", "draw", "draws", "had", "has", "have", "seat", "seats", "host", "hosts", "attract", "attracts")[c.words[from-1]]) {
				rd.covered[from-1] = true // "expecting", "drew": how the count is of people
			}
			break
		}
	}
	// A comparative of a measure's adjective: "older than 10" of the age
	// column, "cheaper than 20" of the price.
	for i := 0; i+2 < len(c.words); i++ {
		sup, ok := comparativeMeasures[c.words[i]]
		if !ok || c.words[i+1] != "than" || rd.covered[i] {
			continue
		}
		v, n, ok := numberAt(c.words, i+2)
		col := hintedColumn(p, adjectiveMeasures[sup].hints)
		if !ok || col == nil || slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == col.Name }) ||
			i+2+n < len(c.words) && unitWords[c.words[i+2+n]] && unitNamesColumn(p, c.words[i+2+n]) {
			continue // "longer than 10 miles", "longer than an hour": the unit says which column
		}
		op := map[bool]string{true: ">", false: "<"}[adjectiveMeasures[sup].desc]
		rd.filters = append(rd.filters, filter{Column: col.Name, Op: op, Num: v})
		rd.covered[i], rd.covered[i+1], rd.covered[i+2] = true, true, true
		if i+3 < len(c.words) && timeWords[c.words[i+3]] {
			rd.covered[i+3] = true // "older than 10 years"
		}
	}
	// "Children under 18", "adults over 65": a condition on the people's
	// age, where one column holds ages.
	for i := 0; i+1 < len(c.words); i++ {
		if !ageNouns[c.words[i]] || rd.covered[i+1] {
			continue
		}
		f, from, to, ok := conditionAfter(c.words, i+1)
		col := hintedColumn(p, []string{"age"})
		if !ok || from != i+1 || col == nil || slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == col.Name }) {
			continue
		}
		f.Column = col.Name
		rd.filters = append(rd.filters, f)
		for j := i; j < to; j++ {
			rd.covered[j] = true
		}
		if to < len(c.words) && (c.words[to] == "year" || c.words[to] == "old") {
			rd.covered[to] = true // "under 18 years"
		}
	}
	// "Purchases over 200": a number said of rows that are each a sum of
	// money is a condition on the money.
	mc := moneyColumn(p)
	for i := 0; i+1 < len(c.words); i++ {
		if !moneyEvents[c.words[i]] || rd.covered[i+1] || mc == nil || slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == mc.Name }) {
			continue
		}
		f, from, to, ok := conditionAfter(c.words, i+1)
		if !ok || to < len(c.words) && unitWords[c.words[to]] && !currencyWords[c.words[to]] || slices.ContainsFunc(rangeOf(i+1, from), func(j int) bool { return rd.covered[j] }) {
			continue
		}
		f.Column = mc.Name
		rd.filters = append(rd.filters, f)
		rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as a condition on %s.", strings.Join(c.words[from:to], " "), mc.Name))
		for j := from; j < to; j++ {
			rd.covered[j] = true
		}
	}
	// "More than $50,000": a number written as money is a condition on
	// the one money column.
	mc = moneyConditionColumn(p)
	for i := range c.words {
		f, from, to, ok := conditionAfter(c.words, i)
		if !ok || from != i || rd.covered[to-1] || mc == nil || !moneyNumber(c.raw, f.Num) || slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == mc.Name }) ||
			slices.ContainsFunc(p.Columns, func(o colProfile) bool { // two columns of money: which one is a guess
				return o.Name != mc.Name && o.Kind == kindNumeric && !isID(o) && moneyName.MatchString(strings.Join(colWords(o.Name), " "))
			}) {
			continue
		}
		f.Column = mc.Name
		rd.filters = append(rd.filters, f)
		for j := from; j < to; j++ {
			rd.covered[j] = true
		}
	}
	// A condition in a column's unit: "longer than 10 miles".
	for i := range c.words {
		f, _, to, ok := conditionAfter(c.words, i)
		if _, err := strconv.ParseFloat(c.words[i], 64); !ok && err == nil && i > 0 && !rd.covered[i] && !wordSet("top", "bottom", "first", "last", "than", "per")[c.words[i-1]] { // "per 100 square metres" is a scale, not a size
			v, _ := strconv.ParseFloat(c.words[i], 64)
			f, to, ok = filter{Op: "==", Num: v}, i+1, true // "lasted 60 minutes"
		}
		// "Reached within 30 minutes": at most that long, and only of a
		// column the clause names; the one column in the unit may time
		// something else (Downtime (hrs) is not how soon an engineer came).
		within := ok && i > 0 && c.words[i-1] == "within"
		if within {
			f.Op = "<="
		}
		end := to
		if ok && (to >= len(c.words) || !unitWords[c.words[to]]) && to-3 > i && unitWords[c.words[to-3]] && c.words[to-2] == "or" {
			to -= 3 // "an hour or longer": the unit inside the condition
		}
		if !ok || to >= len(c.words) || !unitWords[c.words[to]] || rd.covered[to] {
			continue
		}
		col, factor := unitColumn(p, c.words[to]), 1.0
		if mc, mf := mentionedInUnit(ms, c.words[to]); mc != nil && !rateUnit(c.words, to) && (col == nil || !slices.ContainsFunc(ms, func(m mention) bool { return m.col.Name == col.Name })) {
			col, factor = mc, mf // "sea trials that lasted longer than an hour" of sea_trial_min, beside engine_hours
		}
		if col == nil && !rateUnit(c.words, to) {
			col, factor = convertedColumn(p, c.words[to]) // "longer than an hour" of duration_min
		}
		if within && col != nil && !slices.ContainsFunc(ms, func(m mention) bool { return m.col.Name == col.Name }) {
			continue
		}
		if col != nil && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == col.Name }) {
			if factor != 1 {
				rd.synonymNotes = append(rd.synonymNotes, convertedNote(c.words[to-1:to+1], f.Num*factor, col.Name))
			}
			f.Column, f.Num = col.Name, f.Num*factor
			ms = slices.DeleteFunc(ms, func(m mention) bool {
				if m.col.Name != col.Name || !countsRows(c) || aggregateOf(c, map[int]bool{}) != "" {
					return false
				}
				for j := m.pos; j < m.pos+m.len; j++ {
					rd.covered[j] = true // "sea trials" is the condition's column
				}
				return true
			})
			rd.filters = append(rd.filters, f)
			for j := i; j <= max(to, end-1); j++ {
				rd.covered[j] = true
			}
		}
	}
	// "18-hole rounds", "a 3-bed flat": a number joined to the word of a
	// numeric column with few values is that column's value.
	for _, nm := range numberNounRE.FindAllStringSubmatch(c.raw, -1) {
		v, _ := strconv.ParseFloat(nm[1], 64)
		w := words(nm[2])
		i := slices.IndexFunc(rangeOf(0, len(c.words)-1), func(k int) bool { return c.words[k] == nm[1] && len(w) == 1 && c.words[k+1] == w[0] })
		if i < 0 || rd.covered[i] {
			continue
		}
		k := slices.IndexFunc(ms, func(m mention) bool {
			return m.col.Kind == kindNumeric && m.col.Unique > 0 && m.col.Unique <= 30 && !isID(m.col) &&
				slices.ContainsFunc(colWords(m.col.Name), func(cw string) bool { return sameWord(w[0], cw) })
		})
		if k < 0 || slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == ms[k].col.Name }) {
			continue
		}
		rd.filters = append(rd.filters, filter{Column: ms[k].col.Name, Op: "==", Num: v, at: []int{i}})
		rd.covered[i], rd.covered[i+1] = true, true
		for j := ms[k].pos; j < ms[k].pos+ms[k].len; j++ {
			rd.covered[j] = true // "to play an 18-hole round": the column's words
		}
		ms = slices.Delete(ms, k, k+1)
	}
	// "Invoices we paid after their due date": one date column later (or
	// earlier) than another, row by row.
	if d, f, from, to, ok := datesInOrder(c, p, ms); ok {
		pl.addDerived(d)
		// "Were paid after": the verb names the date, not Status = Paid.
		rd.filters = slices.DeleteFunc(rd.filters, func(x filter) bool {
			return len(x.at) > 0 && !slices.ContainsFunc(x.at, func(a int) bool { return a < from || a >= to })
		})
		rd.filters = append(rd.filters, f)
		ms = slices.DeleteFunc(ms, func(m mention) bool { return m.pos >= from && m.pos < to })
		rd.times = slices.DeleteFunc(rd.times, func(x colProfile) bool { return x.Kind == kindDate })
		for j := from; j < to; j++ {
			rd.covered[j] = true
		}
	}
	// "The total bill, including the late fees": two columns of money
	// added, row by row.
	if d, at, span, ok := moneyIncluding(c, p, ms); ok {
		pl.addDerived(d)
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			if m.col.Kind != kindNumeric || !inCurrency(m.col) {
				return false
			}
			for j := m.pos; j < m.pos+m.len; j++ {
				rd.covered[j] = true // "the total bill": the sum's first part
			}
			return true
		})
		ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: at, len: 1})
		slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
		for j := at; j < at+span; j++ {
			rd.covered[j] = true
		}
	}
	// "The number of days between enquiry and event": one date column
	// subtracted from the other, in days.
	if d, at, span, ok := daysBetween(c, p); ok && !slices.ContainsFunc(ms, func(m mention) bool { return m.pos == at }) {
		pl.addDerived(d)
		ms = slices.DeleteFunc(ms, func(m mention) bool { return m.col.Kind == kindDate && m.pos > at })
		ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: at, len: 1})
		slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
		for j := at; j < at+span; j++ {
			rd.covered[j] = true
		}
		coverSpanNames(c, rd.covered)
	}
	d, at, span, unit, ok := elapsedFromTo(c, p)
	if !ok {
		d, at, span, unit, ok = elapsedToVerb(c, p)
	}
	var other string // "where a review was done, how many days after the fall": the review's date
	if !ok {
		d, at, span, unit, other, ok = elapsedAfter(c, p)
	}
	if !ok {
		d, at, span, unit, ok = pairedTimes(c, p, pl.question)
	}
	if !ok {
		d, at, span, unit, ok = waitedFor(c, p)
	}
	if !ok && rd.ambiguous == "" {
		rd.ambiguous = untiedSpan(c)
	}
	if ok && !slices.ContainsFunc(ms, func(m mention) bool { return m.pos == unit }) {
		pl.addDerived(d)
		// The span's words name its dates, not another column:
		// "from submission to first decision" is not firstDecision.
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			return (m.col.Kind == kindDate || m.col.Kind != kindNumeric && m.pos+m.len <= at+span) && m.pos > at && m.pos < at+span
		})
		// "… to making the decision" of decisionDate: the span's end,
		// said after it, groups nothing.
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			if m.col.Kind != kindCategorical || m.len != 1 || m.pos < at+span || m.pos > at+span+3 {
				return false
			}
			if slices.ContainsFunc(dateColumns(p), func(dc colProfile) bool {
				return strings.Contains(d.Expr, dc.Name) && slices.ContainsFunc(colWords(dc.Name), func(w string) bool { return sameWord(c.words[m.pos], w) })
			}) {
				for j := at + span; j <= m.pos; j++ {
					rd.covered[j] = true
				}
				return true
			}
			return false
		})
		// "More than an hour after the booked time": a condition on the
		// span, in its unit, not the span asked for.
		cond := false
		for s := max(0, unit-4); s < unit && !cond; s++ {
			if f, from, to, found := conditionAfter(c.words, s); found && from == s && to == unit && !slices.ContainsFunc(rangeOf(from, to), func(j int) bool { return rd.covered[j] }) {
				f.Column = d.Name
				rd.filters = append(rd.filters, f)
				for j := from; j < to; j++ {
					rd.covered[j] = true
				}
				cond = true
			}
		}
		if !cond {
			ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: unit, len: 1})
			slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
		}
		rd.covered[unit] = true
		for j := at; j < at+span; j++ {
			rd.covered[j] = true
		}
		coverSpanNames(c, rd.covered)
		// "From dictation to typed" of DictatedAt and TypedAt: the span's
		// end, not Status = TYPED.
		rd.filters = keepValues(rd.filters, func(f filter, k int) bool {
			i := f.at[k]
			return i > at && i < at+span && len(words(f.Values[k])) == 1 && slices.ContainsFunc(dateColumns(p), func(dc colProfile) bool {
				return slices.ContainsFunc(colWords(dc.Name), func(w string) bool { return sameWord(c.words[i], w) })
			})
		})
		// The later date named before the span is its end, not a time
		// to break it down by; "was done" with it says the rows have it.
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			if m.col.Name != other || m.pos >= at {
				return false
			}
			end := m.pos + m.len
			if end+1 < len(c.words) && passiveWords[c.words[end]] && wordSet("done", "held", "carried", "completed", "recorded")[c.words[end+1]] {
				end += 2
			}
			for j := m.pos; j < end; j++ {
				rd.covered[j] = true
			}
			return true
		})
		// "spend alongside, from arrival to departure": the span says
		// what the words before it mean.
		for j := at - 1; j >= max(0, at-2) && !known(c.words[j]) && !rd.covered[j]; j-- {
			rd.covered[j] = true
		}
	}
	// A speed no column holds: the distance column over the duration's hours.
	if i := slices.Index(c.words, "speed"); i >= 0 && !slices.ContainsFunc(ms, func(m mention) bool { return inSpan(i, m) }) {
		if d, ok := speedMeasure(p); ok {
			pl.addDerived(d)
			ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: i, len: 1})
			rd.covered[i] = true
		}
	}
	// "On days with downtime": with or without a numeric column that is
	// not the measure keeps rows where it is above zero, or zero.
	if nums := slices.DeleteFunc(slices.Clone(ms), func(m mention) bool { return m.col.Kind != kindNumeric }); len(nums) >= 2 {
		for _, m := range nums {
			if m.pos > 0 && (c.words[m.pos-1] == "with" || c.words[m.pos-1] == "without") && m.pos+m.len == len(c.words) {
				op := map[string]string{"with": ">", "without": "=="}[c.words[m.pos-1]]
				rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: op, Num: 0})
				ms = slices.DeleteFunc(ms, func(x mention) bool { return x.col.Name == m.col.Name })
				for j := m.pos - 1; j < m.pos+m.len; j++ {
					rd.covered[j] = true
				}
			}
		}
	}
	// "How many hours did the longest outage last", "the average stay in
	// days": the measure in the unit the question asks for, converted
	// from the column's.
	if at := askedUnit(c); at >= 0 && !rd.covered[at] && !workedDays(c, p) {
		u := c.words[at]
		var col *colProfile
		factor := 0.0
		if mc, f := mentionedInUnit(ms, u); mc != nil {
			col, factor = mc, f
		} else if !slices.ContainsFunc(ms, func(m mention) bool { return m.col.Kind == kindNumeric && !isID(m.col) }) && !(u == "pound" && (c.has(billWords) || c.has(costWords) || c.has(incomeWords))) {
			// But "how much did we pay producers, in pounds" asks for money, not a weight.
			col, factor = convertedColumn(p, u, c.words...)
		}
		if col != nil {
			rd.covered[at] = true
			if at > 0 && c.words[at-1] == "in" {
				rd.covered[at-1] = true
			}
			name := col.Name
			if factor != 1 {
				d := inUnit(col.Name, u, factor)
				pl.addDerived(d)
				name = d.Name
			}
			if k := slices.IndexFunc(ms, func(m mention) bool { return m.col.Name == col.Name }); k >= 0 {
				ms[k].col = colProfile{Name: name, Kind: kindNumeric}
			} else {
				ms = append(ms, mention{col: colProfile{Name: name, Kind: kindNumeric}, pos: at, len: 1})
				slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
			}
		}
	}
	// "Parts and labour together": two numeric columns added up, per row.
	if nums := slices.DeleteFunc(slices.Clone(ms), func(m mention) bool { return m.col.Kind != kindNumeric }); len(nums) == 2 {
		a, b := nums[0], nums[1]
		join := a.pos + a.len
		if join+1 == b.pos && wordSet("and", "plus")[c.words[join]] {
			if k := slices.IndexFunc(c.words, func(w string) bool { return wordSet("together", "combined", "plus")[w] }); k >= 0 || containsSeq(c.words, "sum", "of") {
				d := sumColumns(a.col.Name, b.col.Name)
				pl.addDerived(d)
				ms = slices.DeleteFunc(ms, func(m mention) bool { return m.col.Name == b.col.Name })
				ms[slices.IndexFunc(ms, func(m mention) bool { return m.col.Name == a.col.Name })] = mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: a.pos, len: b.pos + b.len - a.pos}
				for j := a.pos; j < b.pos+b.len; j++ {
					rd.covered[j] = true
				}
				if k >= 0 {
					rd.covered[k] = true
				}
			}
		}
	}
	// "Net weight times its price per tonne", "recipients minus
	// delivered": the formula the question gives, per row.
	spelled := false
	nums := slices.DeleteFunc(slices.Clone(ms), func(m mention) bool { return m.col.Kind != kindNumeric })
	for n := 0; n+1 < len(nums) && !spelled; n++ {
		a, b := nums[n], nums[n+1]
		d, ok := spelledFormula(c, a, b)
		if !ok {
			continue
		}
		spelled = true
		pl.addDerived(d)
		for j := a.pos; j < b.pos+b.len; j++ {
			rd.covered[j] = true
		}
		// What the formula computes is what the question named before
		// it: "the total value ..., taking", "how many emails bounced,
		// counting".
		k := slices.IndexFunc(c.words[:a.pos], func(w string) bool { return formulaLeads[w] })
		// "the biggest net shortfall in units (system quantity minus
		// counted quantity)": the brackets say what the words before mean.
		// So does a comma before it: "the total tuition, weeks times the
		// weekly fee".
		apposed := false
		for j, r := range c.raw {
			apposed = apposed || r == ',' && a.pos > 0 && len(words(c.raw[:j])) == a.pos
		}
		if o := strings.Index(c.raw, "("); k < 0 && (o >= 0 && a.pos > 0 && inSpan(len(words(c.raw[:o])), a) || apposed) {
			k = a.pos - 1
			for k > 0 && !rd.covered[k-1] && !wordSet("the", "a", "an", "most", "least", "biggest", "largest", "highest", "lowest", "smallest")[c.words[k-1]] && !descWords[c.words[k-1]] && !ascWords[c.words[k-1]] {
				k-- // back to the start of the words it explains
			}
		}
		lead := a.pos
		if k >= 0 {
			lead = k
			for j := 0; j < a.pos; j++ {
				if !known(c.words[j]) && !rd.covered[j] || derivedWords[c.words[j]] || j >= k { // "taking each load's": per row
					rd.covered[j] = true
				}
			}
		}
		// The formula's columns, and any named in the words it explains,
		// give way to it.
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			return m.col.Kind == kindNumeric && (m.pos >= a.pos && m.pos < b.pos+b.len || m.pos >= lead && m.pos < a.pos)
		})
		ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: a.pos, len: b.pos + b.len - a.pos})
		slices.SortStableFunc(ms, func(x, y mention) int { return x.pos - y.pos })
	}
	// "Volunteer hours": the people a row counts times the hours each
	// spent.
	if d, at, ok := personHours(c, p, ms); ok && !spelled {
		spelled = true
		pl.addDerived(d)
		ms = slices.DeleteFunc(ms, func(m mention) bool { return m.col.Kind == kindNumeric && (inSpan(at, m) || inSpan(at+1, m)) })
		ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: at, len: 2})
		rd.covered[at], rd.covered[at+1] = true, true
		slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
	}
	// "How many litres did we fall short of what the sites ordered": the
	// plan less its outcome (Ordered (L) − Delivered (L)).
	if d, at, end, ok := shortfall(c, p); ok && !spelled {
		spelled = true
		pl.addDerived(d)
		// "Short of what the sites ordered" says what the plan was: the
		// sites are no breakdown.
		ms = slices.DeleteFunc(ms, func(m mention) bool {
			return m.col.Kind == kindNumeric && strings.Contains(d.Expr, py(m.col.Name)) || m.pos > at && m.pos <= end
		})
		ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: at, len: 1})
		for j := at; j <= end; j++ {
			rd.covered[j] = true
		}
		rd.filters = slices.DeleteFunc(rd.filters, func(f filter) bool { // not "Short Del = Y": the shortfall is the figure
			return slices.Contains(f.at, at) || slices.ContainsFunc(colWords(f.Column), func(w string) bool { return strings.HasPrefix(c.words[at], w) })
		})
		slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
	}
	// A row's value ("order value", "sales") that no column holds:
	// quantity × price, less the discount.
	if !spelled {
		if d, at, ok := derivedMeasure(c, p, ms); ok {
			pl.addDerived(d)
			ms = slices.DeleteFunc(ms, func(m mention) bool { return m.col.Kind == kindNumeric && strings.Contains(d.Expr, py(m.col.Name)) })
			ms = append(ms, mention{col: colProfile{Name: d.Name, Kind: kindNumeric}, pos: at[0], len: 1})
			for _, j := range at {
				rd.covered[j] = true
			}
			slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
		}
	}
	var groupBy []colProfile                   // numeric columns with few values after "by"
	for _, pass := range []bool{false, true} { // strong mentions, then weak ones of a kind none named
		strong := [3]int{len(rd.times), len(rd.numeric), len(rd.categorical)}
		for _, m := range ms {
			if m.weak != pass {
				continue
			}
			if pass && (isTime(m.col) && strong[0] > 0 || !isTime(m.col) && m.col.Kind == kindNumeric && strong[1] > 0 ||
				!isTime(m.col) && m.col.Kind != kindNumeric && strong[2] > 0) {
				continue
			}
			for j := m.pos; j < m.pos+m.len; j++ {
				rd.covered[j] = true
			}
			if m.via != "" {
				rd.synonymNotes = append(rd.synonymNotes, columnNote(m.via, m.col.Name))
				rd.synonyms = append(rd.synonyms, [2]string{m.via, m.col.Name})
			}
			switch {
			case isTime(m.col) && m.col.Kind == kindNumeric && len(colWords(m.col.Name)) > 1 && aggregateOf(c, map[int]bool{}) != "":
				// "The median install year" of INSTALL_YR: a year each row
				// records, a figure to take the median of, not a time to
				// follow.
				rd.numeric = append(rd.numeric, m.col)
			case isTime(m.col):
				rd.times = append(rd.times, m.col)
			case m.col.Kind == kindNumeric && isID(m.col) && !(m.pos+m.len < len(c.words) && wordSet("number", "no")[c.words[m.pos+m.len]]):
				// "How many races were sailed" of race_no: the numbers name
				// the races; adding them up measures nothing.
				rd.categorical = append(rd.categorical, m.col)
			case m.col.Kind == kindNumeric && groupedAt(c.words, m.pos) && m.col.Unique > 0 && m.col.Unique <= 30:
				groupBy = append(groupBy, m.col)
				rd.numeric = append(rd.numeric, m.col)
			case m.col.Kind == kindNumeric && len(rd.numeric) > 0 && m.pos > 0 && c.words[m.pos-1] == "per" && containsSeq(colWords(rd.numeric[0].Name), "per", c.words[m.pos]):
				// "price per cubic metre" of Price/m3: the column is that rate.
				for j := m.pos - 1; j < m.pos+m.len; j++ {
					rd.covered[j] = true
				}
			case m.col.Kind == kindNumeric && m.pos > 0 && c.words[m.pos-1] == "per" && headWords[c.words[m.pos]]:
				// "Takings per head" for each venue: per person, a total
				// over a total (totalsRatio's), not a row's own ratio, nor
				// Staff Hours through "headcount".
				for j := m.pos; j < m.pos+m.len; j++ {
					delete(rd.covered, j)
				}
			case m.col.Kind == kindNumeric && len(rd.numeric) > 0 && m.pos > 0 && c.words[m.pos-1] == "per" ||
				m.col.Kind == kindNumeric && len(rd.numeric) > 0 && m.pos > 1 && c.words[m.pos-2] == "divided" && c.words[m.pos-1] == "by" && !slices.Contains(c.words, "total"):
				// "price per square foot", "rated output divided by heat
				// loss": one column over the other, per row (a total over
				// a total is totalsRatio's).
				if c.words[m.pos-1] == "by" {
					rd.covered[m.pos-2], rd.covered[m.pos-1] = true, true
				}
				d := ratio(rd.numeric[0].Name, m.col.Name)
				pl.addDerived(d)
				rd.numeric[0] = colProfile{Name: d.Name, Kind: kindNumeric}
			case m.col.Kind == kindNumeric:
				rd.numeric = append(rd.numeric, m.col)
			case m.col.Kind == kindCategorical && m.len == 1 && m.pos >= 2 && c.words[m.pos-1] == "the" && wordSet("on", "onto", "to", "into", "at", "from")[c.words[m.pos-2]] &&
				!c.has(groupWords) && !c.has(wordSet("which", "each", "every")) && p.Rows > 0 && m.col.Unique*3 > p.Rows:
				// "The credit that landed on the meter": each row's own
				// meter, one of many; no grouping by it.
			case m.col.Kind == kindCategorical && typeNamedOnly(c, m):
				// "The biggest property we assessed" of Property Type: a
				// property, not its type.
			case m.col.Kind == kindCategorical || m.col.Kind == kindText:
				rd.categorical = append(rd.categorical, m.col)
			}
		}
	}
	// A word of a column already named, said again ("the average seeing
	// in arcseconds" of seeing_arcsec, named by its unit first).
	for i, w := range c.words {
		if shareOf(c.words, i) {
			continue
		}
		if !rd.covered[i] && !stopWords[w] && !fillerWords[w] && len(w) > 2 && slices.ContainsFunc(all, func(m mention) bool {
			return slices.ContainsFunc(colWords(m.col.Name), func(cw string) bool { return sameWord(w, cw) && !verbShortened(w, cw) })
		}) {
			rd.covered[i] = true
		}
	}
	// "How do clients pay - which method is the most common": the
	// category right after "which" is the grouping.
	for _, m := range ms {
		if m.pos > 0 && wordSet("which", "what")[c.words[m.pos-1]] && m.col.Kind == kindCategorical {
			if k := slices.IndexFunc(rd.categorical, func(x colProfile) bool { return x.Name == m.col.Name }); k > 0 {
				rd.categorical = slices.Insert(slices.Delete(rd.categorical, k, k+1), 0, m.col)
			}
			break
		}
	}
	// A unit said anywhere of a column named ("duration in days") is that column's.
	for i, w := range c.words {
		if unitWords[w] && !shareOf(c.words, i) && slices.ContainsFunc(all, func(m mention) bool {
			return slices.ContainsFunc(colWords(m.col.Name), func(u string) bool { return sameUnit(w, u) })
		}) {
			rd.covered[i] = true
		}
	}
	// "The median time to answer a call, in seconds": a unit said at the
	// end picks the named column measured in it over one measured in
	// another unit of the same kind.
	if n := len(c.words); n >= 2 && c.words[n-2] == "in" && len(rd.numeric) > 1 {
		if said, ok := scaleOf(c.words[n-1]); ok {
			inUnit := func(col colProfile, same bool) bool {
				return slices.ContainsFunc(colWords(col.Name), func(u string) bool {
					x, ok := scaleOf(u)
					return ok && unitWords[u] && x.dim == said.dim && sameUnit(u, c.words[n-1]) == same
				})
			}
			if slices.ContainsFunc(rd.numeric, func(col colProfile) bool { return inUnit(col, true) }) {
				rd.numeric = slices.DeleteFunc(rd.numeric, func(col colProfile) bool { return inUnit(col, false) })
			}
		}
	}
	// A word of money after a column in a currency ("hammer price" of
	// hammer_usd) is that column's.
	for i, w := range c.words {
		if i > 0 && rd.covered[i-1] && !rd.covered[i] && wordSet("price", "cost", "amount", "value", "fee", "fare", "money")[w] &&
			slices.ContainsFunc(all, func(m mention) bool {
				return m.pos+m.len == i && slices.ContainsFunc(colWords(m.col.Name), func(u string) bool { return currencyWords[u] })
			}) {
			rd.covered[i] = true
		}
	}
	// "Average price by number of bedrooms": a numeric column with few
	// values groups when the clause names no category and has another
	// measure, or counts.
	if len(groupBy) > 0 && len(rd.categorical) == 0 && (len(rd.numeric) > 1 || containsSeq(c.words, "how", "many") || containsSeq(c.words, "number", "of", "row")) {
		g := groupBy[len(groupBy)-1]
		rd.categorical = append(rd.categorical, g)
		rd.numeric = slices.DeleteFunc(rd.numeric, func(x colProfile) bool { return x.Name == g.Name })
	}
	// "Fare per mile": one column over the one measured in miles.
	for i, w := range c.words {
		if w != "per" || i+1 >= len(c.words) || len(rd.numeric) == 0 || rd.covered[i+1] || !unitWords[c.words[i+1]] {
			continue
		}
		if col := unitColumn(p, c.words[i+1]); col != nil && col.Name != rd.numeric[0].Name {
			d := ratio(rd.numeric[0].Name, col.Name)
			pl.addDerived(d)
			rd.numeric[0] = colProfile{Name: d.Name, Kind: kindNumeric}
			rd.covered[i], rd.covered[i+1] = true, true
		}
	}
	// A period named with a date column and no column of that name:
	// "which month", "per week" group the date column by it; but "the
	// median daily rain" of daily rows is the median of the rows.
	// And "the median daily water use per house" of a row per house per
	// day is the median of the rows too.
	perKey, key := -1, ""
	if dc := dateColumn(p); dc != nil {
		if i := slices.Index(c.words, "per"); i >= 0 && i+1 < len(c.words) {
			for _, col := range panelKeys(p, *dc) {
				if slices.ContainsFunc(colWords(col.Name), func(w string) bool { return sameWord(c.words[i+1], w) }) {
					perKey, key = i, col.Name
				}
			}
		}
	}
	if dc := dateColumn(p); dc != nil && timeFreq(c, *dc, rd.covered) == "D" && dateOnly(*dc) && aggregateOf(c, maps.Clone(rd.covered)) != "" &&
		(!c.has(groupWords) || anyDay(c) && panel(p, *dc) || perKey >= 0 && c.has(wordSet("daily"))) && !c.has(wordSet("which")) && !c.has(descWords) && !c.has(ascWords) {
		rd.sameGrain = true
		if perKey >= 0 {
			rd.categorical = slices.DeleteFunc(rd.categorical, func(col colProfile) bool { return col.Name == key })
			rd.covered[perKey], rd.covered[perKey+1] = true, true
		}
		for i, w := range c.words {
			if w == "daily" || w == "day" {
				rd.covered[i] = true
			}
		}
	}
	// So is "the average monthly usage", or "on average, how much … in a
	// month", of rows that are months, even when the date column is
	// called month; but "the total per month" is a series.
	if dc := dateColumn(p); dc != nil && !rd.sameGrain && monthGrain(*dc) && slices.Contains([]string{"mean", "median"}, aggregateOf(c, maps.Clone(rd.covered))) &&
		(!c.has(groupWords) || containsSeq(c.words, "per", "month") && panel(p, *dc)) && !c.has(wordSet("which")) && !c.has(descWords) && !c.has(ascWords) {
		for i, w := range c.words {
			if w == "monthly" || w == "month" {
				rd.sameGrain = true
				rd.covered[i] = true
			}
		}
		if rd.sameGrain {
			rd.times = slices.DeleteFunc(rd.times, func(x colProfile) bool { return x.Name == dc.Name })
		}
	}
	// "The highest monthly gas reading" of rows that are months (and
	// "the lowest daily rainfall" of rows that are days): the extreme row.
	if dc := dateColumn(p); dc != nil && !rd.sameGrain && !c.has(wordSet("which")) && !c.has(groupWords) && (c.has(descWords) || c.has(ascWords)) {
		adj := map[string]string{"daily": "D", "monthly": "M"}
		for i, w := range c.words {
			if f := adj[w]; f != "" && !rd.covered[i] && (f == "D" && dateOnly(*dc) || f == "M" && monthGrain(*dc)) && timeFreq(c, *dc, rd.covered) == f {
				rd.sameGrain = true
				rd.covered[i] = true
			}
		}
	}
	// "In the quarter", "this year": the table's own period, not a
	// breakdown by it.
	for i, w := range c.words {
		if freqWords[w] == "" && !termWords[w] || rd.covered[i] || i < 2 {
			continue
		}
		if c.words[i-1] == "this" || c.words[i-1] == "the" && wordSet("in", "during", "over", "for", "across", "through", "of")[c.words[i-2]] && (termWords[w] || c.words[i-2] != "of") {
			rd.covered[i-1], rd.covered[i] = true, true
		}
		// "Over the half-year", "in the financial year", "this academic
		// year": the same, with a word of which period.
		if i >= 3 && periodKinds[c.words[i-1]] && !rd.covered[i-1] && (c.words[i-2] == "this" || c.words[i-2] == "the" && wordSet("in", "during", "over", "for", "across", "through")[c.words[i-3]]) {
			rd.covered[i-2], rd.covered[i-1], rd.covered[i] = true, true, true
		}
	}
	// "Calendar days": days, counted as every date counts.
	for i := 0; i+1 < len(c.words); i++ {
		if c.words[i] == "calendar" && c.words[i+1] == "day" && !rd.covered[i] {
			rd.covered[i] = true
		}
	}
	// A date named by the rows' verb or noun is no series over the dates
	// ("claims submitted without a receipt" of Date Submitted, "how many
	// reports were logged" of DateReported); after "not", its verb keeps
	// the rows with no date ("reports not cleared yet" of DateCleared).
	nameWords := fileWords(p)
	for _, m := range all {
		// "How many requests did we receive in 2024": the verb after "did
		// we", as its participle.
		didVerb := m.pos >= 2 && subjectPronouns[c.words[m.pos-1]] && wordSet("did", "do", "does")[c.words[m.pos-2]]
		// "How many leases expire" of Lease Expiry: the rows, and the verb of the column's noun.
		verb := m.len == 2 && !slices.Contains(words(m.col.Name), c.words[m.pos+1]) && writtenPlural(c.raw, c.words[m.pos])
		// "Jobs booked in during February" of Booked In, "faults reported
		// at the weekend" of Reported At: the verb and its particle.
		phrasal := m.len == 2 && wordSet("in", "out", "up", "off", "on", "at")[c.words[m.pos+1]] && (isParticiple(c.words[m.pos]) || didVerb)
		if m.col.Kind != kindDate || m.len != 1 && !verb && !phrasal || !isParticiple(c.words[m.pos]) && !slices.Contains(nameWords, c.words[m.pos]) && !didVerb && !verb {
			continue
		}
		neg := slices.ContainsFunc(c.words[max(0, m.pos-3):m.pos], func(w string) bool { return negations[w] })
		if neg && isParticiple(c.words[m.pos]) {
			rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: opEmpty})
			for j := max(0, m.pos-3); j <= m.pos; j++ {
				if negations[c.words[j]] || j == m.pos {
					rd.covered[j] = true
				}
			}
		}
		// "How many samples were reported" of a Reported date with gaps:
		// a row with no date had no such event, so the verb keeps the
		// rows that hold one.
		if !neg && isParticiple(c.words[m.pos]) && m.col.Missing > 0 && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == m.col.Name }) {
			rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: opFilled})
		}
		// "The median time on the floor" of Time On Floor (mins) asks
		// no time: a word of another column's name is that column's.
		asksWhen := slices.ContainsFunc(rangeOf(0, len(c.words)), func(i int) bool {
			// But "the average time from issue to close-out" is a span.
			return wordSet("when", "trend", "time", "change", "changed", "timeline")[c.words[i]] && !(c.words[i] == "time" && i+1 < len(c.words) && wordSet("from", "between")[c.words[i+1]]) &&
				!slices.ContainsFunc(all, func(o mention) bool { return o.col.Kind != kindDate && i >= o.pos && i < o.pos+o.len })
		})
		if timeFreq(c, m.col, rd.covered) == "" && !asksWhen {
			rd.times = slices.DeleteFunc(rd.times, func(x colProfile) bool { return x.Name == m.col.Name })
		}
	}
	// "Defects still open" of Date Closed: the rows it holds no date for.
	for i, w := range c.words {
		open := wordSet("open", "outstanding", "unresolved", "unclosed")[w]
		if rd.covered[i] || !open && !closingWords[w] {
			continue
		}
		k := slices.IndexFunc(p.Columns, func(col colProfile) bool {
			return col.Kind == kindDate && slices.ContainsFunc(eventWords(col.Name), func(e string) bool {
				return wordSet("closed", "close", "resolved", "cleared", "completed", "closure", "resolution")[e]
			}) && col.Missing > 0
		})
		if k >= 0 && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == p.Columns[k].Name }) {
			// "Faults that were fixed": the rows it holds a date for.
			f, note := filter{Column: p.Columns[k].Name, Op: opFilled, at: []int{i}}, fmt.Sprintf("I read %q as a date in %s.", w, p.Columns[k].Name)
			if open {
				f, note = filter{Column: p.Columns[k].Name, Op: opEmpty, at: []int{i}}, fmt.Sprintf("I read %q as no %s.", w, p.Columns[k].Name)
			}
			rd.filters = append(rd.filters, f)
			rd.covered[i] = true
			rd.synonymNotes = append(rd.synonymNotes, note)
			continue
		}
		// "Leaks still open" of a yes/no Repaired?: the rows of no;
		// "leaks fixed": the rows of yes.
		var flags []filter
		for _, col := range p.Columns {
			yes, flag := isFlag(col)
			if !flag || col.Kind != kindCategorical || len(yes) == 0 || !slices.ContainsFunc(colWords(col.Name), func(e string) bool { return closingWords[e] }) {
				continue
			}
			f := filter{Column: col.Name, Values: yes, Flag: true, at: []int{i}}
			if open {
				f.Values = slices.DeleteFunc(slices.Clone(col.Values), func(v string) bool { return slices.Contains(yes, v) })
			}
			flags = append(flags, f)
		}
		if len(flags) == 1 && len(flags[0].Values) > 0 && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == flags[0].Column }) {
			rd.filters = append(rd.filters, flags[0])
			rd.covered[i] = true
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s%s.", w, map[bool]string{true: "not ", false: ""}[open], flags[0].Column))
		}
	}
	// "Forward trades" of PRODUCT = FWD, "welds rejected" of result = REJ:
	// a code that shortens a word no column otherwise holds. The columns
	// named a code (Health Code; not Precip's FR, nor a status) hold the
	// codes of two letters a long word may start with.
	namedCodes := profile{Columns: slices.DeleteFunc(slices.Clone(codeColumns(p).Columns), func(col colProfile) bool {
		_, flag := isFlag(col)
		return flag || !slices.Contains(colWords(col.Name), "code")
	})}
	for i, w := range c.words {
		// But "dispatch events" of BESS_DISPATCH_LOG are its rows, not
		// MODE = DIS.
		if rd.covered[i] || slices.Contains(fileWords(p), w) {
			continue
		}
		f, ok := stateCode(w, p)
		switch {
		case ok:
		case len(w) < 5 || known(w) && !isParticiple(w):
			if known(w) && !entityWords[w] && !rowWords[w] {
				continue // "much" is no MCH, "many" no MAN
			}
			// "Flats", "houses" of Prop Type = FLT, HSE: a short or
			// common word, where the code spells every consonant of it.
			f, ok = skeletonValue(w, p)
		default:
			f, ok = codeValue(w, p)
			if !ok {
				f, ok = skeletonValue(w, p) // "blind" of BLND
			}
			if !ok && len(w) >= 6 && !known(w) && !slices.ContainsFunc([]int{i - 1, i + 1}, func(j int) bool { return j >= 0 && j < len(c.words) && wordSet("or", "and")[c.words[j]] }) {
				// "Pleurisy" of Health Code = PL: the one code of two
				// letters that starts a long word no column holds.
				f, ok = oneValue(namedCodes, func(v string) bool { return len(v) == 2 && strings.HasPrefix(w, strings.ToLower(v)) })
			}
		}
		if ok && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == f.Column }) {
			// "Non-negative" of NON-NEG, beside NEG: the value that says
			// "non" before the code.
			if i > 0 && c.words[i-1] == "non" && len(f.Values) == 1 {
				code := strings.ToLower(f.Values[0])
				col, _ := columnNamed(p, f.Column)
				if g, ok := columnValue(col, func(v string) bool {
					lv := strings.ToLower(v)
					return lv == "non-"+code || lv == "non"+code || lv == "non "+code
				}); ok {
					f.Values = g.Values
					rd.covered[i-1] = true
				}
			}
			f.at = []int{i}
			rd.filters = append(rd.filters, f)
			rd.covered[i] = true
			if i+1 < len(c.words) && slices.ContainsFunc(colWords(f.Column), func(cw string) bool { return sameWord(c.words[i+1], cw) }) {
				// "Dinner service" of SERVICE = DIN: the column says what
				// the value is, it groups nothing.
				rd.categorical = slices.DeleteFunc(rd.categorical, func(x colProfile) bool { return x.Name == f.Column })
			}
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", w, f.Column, f.Values[0]))
		}
	}
	// "D-poles" of RESULT = D: a capital code of a letter or two joined to
	// the noun it sorts, when it is the whole of one value of the table.
	for _, sm := range codeHyphen.FindAllStringSubmatch(c.raw, -1) {
		code, noun := sm[1], singular(strings.ToLower(sm[2]))
		i := slices.IndexFunc(rangeOf(0, len(c.words)-1), func(i int) bool {
			return c.words[i] == strings.ToLower(code) && sameWord(c.words[i+1], noun) && !rd.covered[i]
		})
		f, ok := oneValue(codeColumns(p), func(v string) bool { return v == code })
		if i < 0 || !ok || slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == f.Column }) {
			continue
		}
		f.at = []int{i}
		rd.filters = append(rd.filters, f)
		rd.covered[i] = true
		rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", code+"-"+sm[2], f.Column, code))
	}
	// "At York" of SITE = York Stonegate: a name written with a capital
	// that starts one value of the table, and only one.
	// "The UK", "the US" of United Kingdom, United States: the initials of
	// one value, written in capitals (US is then no pronoun).
	for i, w := range c.words {
		caps := len(w) <= 4 && capitalValue(c.raw, strings.ToUpper(w))
		if rd.covered[i] || !caps && (len(w) < 3 || known(w) || !capitalized(c.raw, w)) {
			continue
		}
		f, ok := oneValue(p, func(v string) bool {
			vw := words(v)
			return len(vw) > 1 && (vw[0] == w && !caps || caps && spellsInitials(w, vw)) && unicode.IsUpper([]rune(v)[0])
		})
		if ok && !slices.ContainsFunc(rd.filters, func(x filter) bool { return x.Column == f.Column }) {
			f.at = []int{i}
			rd.covered[i] = true
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", w, f.Column, f.Values[0]))
			// "Excluding the UK": every other value, where the profile
			// lists them all; else no answer.
			if j := slices.IndexFunc(rangeOf(max(0, i-3), i), func(j int) bool { return exclusionAt(c.words, j) > 0 }); j >= 0 {
				others, known := otherValues(p, f)
				if !known {
					rd.ambiguous = fmt.Sprintf("it leaves out %s of %s, and I do not know every other value of %s", f.Values[0], f.Column, f.Column)
					continue
				}
				j += max(0, i-3)
				for x := j; x < j+exclusionAt(c.words, j); x++ {
					rd.covered[x] = true
				}
				f.Values, f.left = others, true
			}
			rd.filters = append(rd.filters, f)
		}
	}
	// "Complex rather than routine" of Lift Cat = CPX: the other value of
	// the same column, said to set it aside, picks nothing more.
	for _, f := range rd.filters {
		if len(f.at) != 1 || len(f.Values) != 1 || f.Op != "" || f.Part != "" {
			continue
		}
		j := f.at[0] + 1
		n := 0
		switch {
		case j+1 < len(c.words) && (c.words[j] == "rather" && c.words[j+1] == "than" || c.words[j] == "instead" && c.words[j+1] == "of"):
			n = 2
		case j+2 < len(c.words) && c.words[j] == "as" && c.words[j+1] == "opposed" && c.words[j+2] == "to":
			n = 3
		}
		if n == 0 || j+n >= len(c.words) || rd.covered[j+n] {
			continue
		}
		w := c.words[j+n]
		g, ok := codeOf(w, p)
		if !ok {
			g, ok = oneValue(p, func(v string) bool { return strings.EqualFold(v, w) })
		}
		if ok && g.Column == f.Column && g.Values[0] != f.Values[0] {
			for k := j; k <= j+n; k++ {
				rd.covered[k] = true
			}
		}
	}
	// "When a gender preference was given" of Gender Pref with gaps: the
	// rows that hold one.
	for _, m := range mentions(c, p) {
		e := m.pos + m.len
		if m.pos >= 2 && articles[c.words[m.pos-1]] && wordSet("when", "where", "if")[c.words[m.pos-2]] && m.col.Missing > 0 && m.col.Kind != kindNumeric &&
			e+1 < len(c.words) && passiveWords[c.words[e]] && wordSet("given", "stated", "recorded", "specified", "provided", "noted", "entered", "listed", "logged")[c.words[e+1]] &&
			!slices.ContainsFunc(rangeOf(m.pos-2, e+2), func(j int) bool { return rd.covered[j] && (j < m.pos || j >= e) }) {
			rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: opFilled, at: []int{m.pos}})
			for j := m.pos - 2; j <= e+1; j++ {
				rd.covered[j] = true
			}
		}
	}
	// "Still waiting for a decision" of DECISION = PEND: the column's
	// value that says it has none yet.
	for i := 0; i+1 < len(c.words); i++ {
		j := i + 1
		switch {
		case c.words[i] == "waiting" && wordSet("for", "on")[c.words[j]]:
			j++
		case c.words[i] != "awaiting":
			continue
		}
		for j < len(c.words) && articles[c.words[j]] {
			j++
		}
		if j >= len(c.words) || rd.covered[i] {
			continue
		}
		k := slices.IndexFunc(p.Columns, func(col colProfile) bool {
			return col.Kind == kindCategorical && slices.ContainsFunc(colWords(col.Name), func(w string) bool { return sameWord(c.words[j], w) })
		})
		if k < 0 {
			continue
		}
		col := p.Columns[k]
		if f, ok := columnValue(col, pendingValue); ok {
			f.at = []int{i}
			rd.filters = append(rd.filters, f)
			for x := i; x <= j; x++ {
				rd.covered[x] = true
			}
		}
	}
	// "Granted or refused": two values of one column read apart are one
	// filter of both; a row holds only one.
	for i := 0; i < len(rd.filters); i++ {
		f := &rd.filters[i]
		if f.Op != "" || f.left || len(f.Values) == 0 {
			continue
		}
		for j := i + 1; j < len(rd.filters); j++ {
			g := rd.filters[j]
			if g.Column != f.Column || g.Part != f.Part || g.Op != "" || g.left || len(g.Values) == 0 {
				continue
			}
			for _, v := range g.Values {
				if !slices.Contains(f.Values, v) {
					f.Values = append(f.Values, v)
				}
			}
			f.at = append(f.at, g.at...)
			rd.filters = slices.Delete(rd.filters, j, j+1)
			j--
		}
	}
	// "Granted" of GRANT takes GRANT_COND too: a value written as another
	// and a qualifier after it is a kind of that value.
	for i := range rd.filters {
		f := &rd.filters[i]
		col, ok := columnNamed(p, f.Column)
		if !ok || f.Op != "" || f.left || f.Part != "" || f.Flag {
			continue
		}
		for _, v := range slices.Clone(f.Values) {
			for _, o := range col.Values {
				if len(o) > len(v)+1 && strings.HasPrefix(o, v) && strings.ContainsRune("_ -(", rune(o[len(v)])) && !slices.Contains(f.Values, o) {
					f.Values = append(f.Values, o)
					f.kinds++
				}
			}
		}
	}
	// "Orders worth more than £100": the verb of a condition on money.
	for i, w := range c.words {
		if w == "worth" && i+1 < len(c.words) && rd.covered[i+1] && slices.ContainsFunc(rd.filters, func(f filter) bool {
			col, ok := columnNamed(p, f.Column)
			return f.Op != "" && ok && (inCurrency(col) || moneyNameRaw(col.Name))
		}) {
			rd.covered[i] = true
		}
	}
	// "Container ship jobs" of vslType = CNT: the word after the value
	// names what the column gives the kind of (a ship is a vessel).
	for _, f := range rd.filters {
		if len(f.at) == 0 || f.Op != "" || f.Part != "" {
			continue
		}
		j := slices.Max(f.at) + 1
		col, ok := columnNamed(p, f.Column)
		ws := colWords(f.Column)
		if !ok || j >= len(c.words) || rd.covered[j] || len(ws) != 2 || !subjectKinds[ws[1]] && !thingsKind(col) {
			continue
		}
		if w := c.words[j]; sameWord(w, ws[0]) || slices.Contains(synonyms[w], ws[0]) {
			rd.covered[j] = true
		}
	}
	// "The biggest fish this season" of PERMIT_TYPE = SEASON: "this"
	// names the period the table covers, not a value.
	rd.filters = slices.DeleteFunc(rd.filters, func(f filter) bool {
		if f.Part != "" || len(f.at) != 1 || f.at[0] == 0 {
			return false
		}
		w := c.words[f.at[0]]
		return wordSet("this", "last", "next")[c.words[f.at[0]-1]] && (freqWords[w] != "" || wordSet("season", "term", "semester", "period")[w])
	})
	// "On a six-monthly examination cycle" of exam_interval_months: the
	// number of months of the one column that counts them.
	for i := 0; i+1 < len(c.words); i++ {
		n, ok := wordNumber(c.words[i])
		unit := map[string]string{"monthly": "month", "yearly": "year"}[c.words[i+1]]
		if !ok || unit == "" || rd.covered[i] || rd.covered[i+1] {
			continue
		}
		var cols []colProfile
		for _, col := range p.Columns {
			if cw := colWords(col.Name); col.Kind == kindNumeric && len(cw) > 1 && cw[len(cw)-1] == unit && periodsRE.MatchString(col.Name) {
				cols = append(cols, col)
			}
		}
		if len(cols) != 1 {
			continue
		}
		rd.filters = append(rd.filters, filter{Column: cols[0].Name, Op: "==", Num: n})
		rd.covered[i], rd.covered[i+1] = true, true
		for j := i + 2; j < min(i+4, len(c.words)); j++ {
			if wordSet("cycle", "interval", "schedule", "basis", "frequency", "regime")[c.words[j]] {
				rd.covered[j] = true
			}
		}
	}
	if len(rd.times) == 0 {
		if dc := eventDate(c, p); dc != nil && timeFreq(c, *dc, rd.covered) != "" {
			rd.times = append(rd.times, *dc)
		}
	}
	if i := rowsCause(c, p); i >= 0 {
		rd.covered[i] = true
	}
	weatherValues(c, p, &rd)
	said := mentions(c, p) // every column the clause names, for the post-steps below
	// "Without any CSCS card" of CSCS Card = None held: the column's value
	// that says there is none; where none does ("with no trade"), the rows
	// the column is empty in (none where it has no gaps), not every row.
	for _, m := range said {
		i := m.pos - 1
		for i >= 0 && wordSet("any", "a", "an")[c.words[i]] {
			i--
		}
		// "No independent surveyor": one word of no column between.
		if i >= 1 && !rd.covered[i] && wordSet("without", "no")[c.words[i-1]] && len(c.words[i]) > 3 && !stopWords[c.words[i]] &&
			!slices.ContainsFunc(said, func(o mention) bool { return o.pos <= i && i < o.pos+o.len }) {
			i--
		}
		if i < 0 || !wordSet("without", "no")[c.words[i]] || m.col.Kind == kindNumeric || m.col.Kind == kindDate ||
			slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == m.col.Name }) {
			continue
		}
		if _, flag := isFlag(m.col); flag {
			continue
		}
		f, ok := columnValue(m.col, func(v string) bool {
			vw := words(v)
			return len(vw) > 0 && wordSet("none", "no", "nil")[vw[0]]
		})
		if ok {
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", strings.Join(c.words[i:m.pos+m.len], " "), f.Column, f.Values[0]))
		} else {
			f = filter{Column: m.col.Name, Op: opEmpty}
		}
		f.at = []int{m.pos}
		rd.filters = append(rd.filters, f)
		rd.categorical = slices.DeleteFunc(rd.categorical, func(x colProfile) bool { return x.Name == m.col.Name })
		for j := i; j < m.pos+m.len; j++ {
			rd.covered[j] = true
		}
	}
	// "Which shipping line" of LINE: a word in -ing before the one word of
	// a column's name, where it names nothing of the table, says what
	// kind of line it is.
	for _, m := range said {
		if i := m.pos - 1; m.len == 1 && len(colWords(m.col.Name)) == 1 && m.col.Kind == kindCategorical && i >= 0 && !rd.covered[i] && rd.covered[m.pos] &&
			strings.HasSuffix(c.words[i], "ing") && len(c.words[i]) > 5 && !known(c.words[i]) && !slices.ContainsFunc(said, func(o mention) bool { return o.pos <= i && i < o.pos+o.len }) {
			rd.covered[i] = true
		}
	}
	// "The average annual turnover of the traders": what people the rows
	// are about earn, which a column of what they paid us is not.
	for i, w := range c.words {
		j := i + 1
		if j < len(c.words) && c.words[j] == "of" {
			j++
		}
		if !incomeWords[w] || j == i+1 || j+1 >= len(c.words) || c.words[j] != "the" || rd.ambiguous != "" {
			continue
		}
		if x := c.words[j+1]; writtenPlural(c.raw, x) && (peopleWords[x] || roleWord(x)) && !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return sameWord(cw, w) || slices.Contains(synonyms[w], cw) })
		}) {
			rd.ambiguous = fmt.Sprintf("it asks for the %s's own %s, and no column holds it", x, w)
		}
	}
	// "Over 10 mm/s of vibration": the last word, after a number, its
	// unit and "of", says what the unit measures, where it names nothing
	// else.
	if i := len(c.words) - 2; i >= 2 {
		if c.words[i] == "of" && rd.covered[i-1] && unitWords[c.words[i-1]] && !rd.covered[i+1] && !known(c.words[i+1]) &&
			slices.ContainsFunc(c.words[max(0, i-4):i-1], isDigits) &&
			!slices.ContainsFunc(said, func(m mention) bool { return m.pos <= i+1 && i+1 < m.pos+m.len }) {
			rd.covered[i], rd.covered[i+1] = true, true
		}
	}
	// "Shifts covered by agency" of AgencyName with gaps: the rows a
	// name is given for, where a participle before "by" says what was
	// done by one, not a breakdown by each.
	for _, m := range said {
		b := m.pos - 1
		if b >= 0 && articles[c.words[b]] {
			b--
		}
		if _, flag := isFlag(m.col); flag || b < 1 || c.words[b] != "by" || !isParticiple(c.words[b-1]) || m.col.Kind != kindCategorical || m.col.Missing == 0 ||
			c.has(wordSet("which", "each", "every", "per", "whichever")) || slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == m.col.Name }) {
			continue
		}
		rd.filters = append(rd.filters, filter{Column: m.col.Name, Op: opFilled, at: []int{m.pos}})
		rd.categorical = slices.DeleteFunc(rd.categorical, func(x colProfile) bool { return x.Name == m.col.Name })
		for j := b; j < m.pos+m.len; j++ {
			rd.covered[j] = true
		}
	}
	// "The average tally per run for a shearer": any one of them, not
	// each of them side by side.
	for _, m := range said {
		if m.pos >= 2 && wordSet("a", "an")[c.words[m.pos-1]] && c.words[m.pos-2] == "for" && m.pos+m.len == len(c.words) && m.col.Kind == kindCategorical &&
			len(rd.numeric) > 0 && !c.has(wordSet("which", "each", "every", "whichever", "compare", "compared", "versus", "vs")) {
			rd.categorical = slices.DeleteFunc(rd.categorical, func(x colProfile) bool { return x.Name == m.col.Name })
		}
	}
	// "More than 5 tonnes short of the nominated quantity": a condition
	// said just before "short" is on the shortfall, which then picks the
	// rows rather than being the figure asked for.
	if k := slices.IndexFunc(rd.numeric, func(x colProfile) bool { return strings.HasPrefix(x.Name, "shortfall (") }); k >= 0 {
		if at := slices.Index(c.words, "short"); at > 0 && rd.covered[at-1] && slices.ContainsFunc(c.words[max(0, at-4):at], isDigits) {
			d := pl.Derived[slices.IndexFunc(pl.Derived, func(d derived) bool { return d.Name == rd.numeric[k].Name })]
			for j, f := range rd.filters {
				if f.Op != "" && f.Op != opEmpty && f.Op != opFilled && strings.Contains(d.Expr, py(f.Column)) {
					rd.filters[j].Column = d.Name
					rd.numeric = slices.Delete(rd.numeric, k, k+1)
					break
				}
			}
		}
	}
	pairInitials(c, p, &rd)
	// "Down for patient transport" of TransportMode = PTS: a code of the
	// column named, whose first letters are the initials of the word
	// before its name and of its name's word.
	for _, m := range said {
		if m.pos == 0 || m.len != 1 || m.col.Kind != kindCategorical || !codeColumn(m.col) || rd.covered[m.pos-1] || len(c.words[m.pos-1]) < 3 || stopWords[c.words[m.pos-1]] ||
			slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == m.col.Name }) {
			continue
		}
		lead := strings.ToUpper(c.words[m.pos-1][:1] + c.words[m.pos][:1])
		if f, ok := columnValue(m.col, func(v string) bool { return len(v) >= 3 && len(v) <= 4 && strings.HasPrefix(v, lead) }); ok {
			f.at = []int{m.pos - 1}
			rd.filters = append(rd.filters, f)
			rd.categorical = slices.DeleteFunc(rd.categorical, func(x colProfile) bool { return x.Name == m.col.Name })
			rd.covered[m.pos-1], rd.covered[m.pos] = true, true
			rd.synonymNotes = append(rd.synonymNotes, fmt.Sprintf("I read %q as %s = %s.", c.words[m.pos-1]+" "+c.words[m.pos], f.Column, f.Values[0]))
			// "Patients waiting on patient transport": what they wait for.
			if j := m.pos - 2; j >= 1 && wordSet("on", "for")[c.words[j]] && waitWords[c.words[j-1]] {
				rd.covered[j-1], rd.covered[j] = true, true
			}
		}
	}
	// "How much did we pay producers in total": who was paid, all of them,
	// and the money the one money column holds.
	for _, m := range said {
		if m.pos == 0 || !wordSet("pay", "paid")[c.words[m.pos-1]] || !wePaid(c) || m.col.Kind != kindCategorical || !writtenPlural(c.raw, c.words[m.pos]) ||
			c.has(wordSet("which", "each", "every", "per", "by", "who")) || len(rd.numeric) > 0 {
			continue
		}
		if mc := moneyColumn(p); mc != nil {
			rd.categorical = slices.DeleteFunc(rd.categorical, func(x colProfile) bool { return x.Name == m.col.Name })
			rd.numeric = append(rd.numeric, *mc)
			for j := m.pos; j < m.pos+m.len; j++ {
				rd.covered[j] = true
			}
		}
	}
	// "How many different people issued permits" of Issued By: the
	// people a column names by what they did.
	for i := 0; i+1 < len(c.words); i++ {
		if !wordSet("people", "person", "staff", "officer", "manager", "supervisor")[c.words[i]] {
			continue
		}
		k := slices.IndexFunc(p.Columns, func(col colProfile) bool {
			cw := colWords(col.Name)
			return col.Kind == kindCategorical && len(cw) == 2 && cw[1] == "by" && sameWord(c.words[i+1], cw[0])
		})
		if k >= 0 && !slices.ContainsFunc(rd.categorical, func(x colProfile) bool { return x.Name == p.Columns[k].Name }) {
			rd.categorical = slices.Insert(rd.categorical, 0, p.Columns[k])
			rd.covered[i], rd.covered[i+1] = true, true
		}
	}
	// "How many hoggets did we get through" of Sheep Class = HGT: a kind
	// of the things the table counts, counted by its count column.
	if things, count := countedThings(p); count != nil && len(rd.numeric) == 0 {
		if i := indexSeq(c.words, "how", "many"); i >= 0 && i+2 < len(c.words) && slices.ContainsFunc(rd.filters, func(f filter) bool {
			col, _ := columnNamed(p, f.Column)
			return slices.Contains(f.at, i+2) && slices.Contains(colWords(col.Name), things)
		}) {
			rd.numeric = append(rd.numeric, *count)
		}
	}
	// "At the per-head rates" of Rate $/hd: the unit of the column named
	// after it, not a breakdown per head.
	for _, m := range said {
		cw := colWords(m.col.Name)
		k := slices.Index(cw, "per")
		if j := m.pos - 2; j >= 0 && k >= 0 && k+1 < len(cw) && c.words[j] == "per" && (sameWord(c.words[j+1], cw[k+1]) || len(cw[k+1]) == 2 && cw[k+1][0] == c.words[j+1][0] && inOrder(cw[k+1], c.words[j+1])) {
			rd.covered[j], rd.covered[j+1] = true, true
		}
	}
	// "Because of patient acuity, i.e. specials and enhanced obs": what
	// follows "i.e." says again what the word before it named.
	if glossLeadRE.MatchString(c.raw) {
		for _, seq := range [][]string{{"i", "e"}, {"ie"}, {"namely"}} {
			// Only after a value a filter keeps: "went volumetric, i.e.
			// their volume weight … came out above" says the condition.
			if i := indexSeq(c.words, seq...); i > 0 && slices.ContainsFunc(rd.filters, func(f filter) bool { return slices.Contains(f.at, i-1) }) {
				for j := i; j < len(c.words); j++ {
					rd.covered[j] = true
				}
			}
		}
	}
	// "What did agency cover cost us" of AgencyName with gaps: the name's
	// first word before a noun says the rows that have one.
	for _, col := range p.Columns {
		cw := colWords(col.Name)
		if col.Kind != kindCategorical || col.Missing == 0 || len(cw) != 2 || cw[1] != "name" || c.has(wordSet("which", "each", "every", "per", "by", "whose", "who")) ||
			slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == col.Name }) {
			continue
		}
		for i := 0; i+1 < len(c.words); i++ {
			if sameWord(c.words[i], cw[0]) && !rd.covered[i+1] && !stopWords[c.words[i+1]] && len(c.words[i+1]) > 3 && !costWords[c.words[i+1]] && !derivedWords[c.words[i+1]] {
				rd.filters = append(rd.filters, filter{Column: col.Name, Op: opFilled, at: []int{i}})
				rd.categorical = slices.DeleteFunc(rd.categorical, func(x colProfile) bool { return x.Name == col.Name })
				rd.covered[i], rd.covered[i+1] = true, true
				break
			}
		}
	}
	// "The most home visits" of homeVisitDate with gaps: the events a
	// date column dates, counted, are the rows that hold a date.
	for _, col := range p.Columns {
		ew := eventWords(col.Name)
		if col.Kind != kindDate || col.Missing == 0 || len(ew) == 0 || slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == col.Name }) {
			continue
		}
		for i := 0; i+len(ew) <= len(c.words); i++ {
			last := i + len(ew) - 1
			if sameWords(c.words[i:i+len(ew)], ew) && writtenPlural(c.raw, c.words[last]) && !slices.ContainsFunc(rangeOf(i, last+1), func(j int) bool { return rd.covered[j] }) &&
				i > 0 && wordSet("most", "many", "fewest", "least")[c.words[i-1]] {
				rd.filters = append(rd.filters, filter{Column: col.Name, Op: opFilled, at: []int{i}})
				rd.times = slices.DeleteFunc(rd.times, func(x colProfile) bool { return x.Name == col.Name })
				for j := i; j <= last; j++ {
					rd.covered[j] = true
				}
				break
			}
		}
	}
	// "New grant applications" of appType = GRANT: "new" says what the
	// value is, where no value of the table is new.
	if _, newValue := oneValue(p, func(v string) bool { return strings.EqualFold(v, "new") }); !newValue {
		for _, f := range rd.filters {
			for _, at := range f.at {
				if at > 0 && c.words[at-1] == "new" && f.Op == "" && !f.left {
					rd.covered[at-1] = true
				}
			}
		}
	}
	// "FAC applications (not the co-terminous ones)" of certType = FAC:
	// another code of the column already kept to one value, excluded, is
	// said already.
	for i := 0; i+1 < len(c.words); i++ {
		w := c.words[i] + c.words[i+1]
		if rd.covered[i] || rd.covered[i+1] || !strings.Contains(strings.ToLower(c.raw), c.words[i]+"-"+c.words[i+1]) || !slices.ContainsFunc(c.words[max(0, i-3):i], func(x string) bool { return negations[x] }) {
			continue
		}
		g, ok := oneValue(codeColumns(p), func(v string) bool { lv := strings.ToLower(v); return len(lv) >= 3 && strings.HasPrefix(w, lv) })
		if ok && slices.ContainsFunc(rd.filters, func(f filter) bool {
			return f.Column == g.Column && f.Op == "" && !f.left && !slices.Contains(f.Values, g.Values[0])
		}) {
			for j := max(0, i-3); j <= i+1; j++ {
				if negations[c.words[j]] || articles[c.words[j]] || j >= i {
					rd.covered[j] = true
				}
			}
			if i+2 < len(c.words) && wordSet("one", "ones")[c.words[i+2]] {
				rd.covered[i+2] = true
			}
		}
	}
	// "For the consents we granted … to the decision": a column kept to
	// one value groups nothing.
	rd.categorical = slices.DeleteFunc(rd.categorical, func(col colProfile) bool {
		return slices.ContainsFunc(rd.filters, func(f filter) bool { return f.Column == col.Name && f.Op == "" && !f.left && len(f.Values) == 1 })
	})
	// "The most temperature alarms" of SET_TEMP_C and ALARMS: of two
	// measures named one after the other, the last word is the thing
	// counted and the first says what kind of it.
	if len(rd.numeric) == 2 {
		a := slices.IndexFunc(said, func(m mention) bool { return m.col.Name == rd.numeric[0].Name })
		b := slices.IndexFunc(said, func(m mention) bool { return m.col.Name == rd.numeric[1].Name })
		if a >= 0 && b >= 0 && said[a].len == 1 && said[b].len == 1 && said[a].pos+1 == said[b].pos && writtenPlural(c.raw, c.words[said[b].pos]) && !writtenPlural(c.raw, c.words[said[a].pos]) {
			rd.numeric = rd.numeric[1:]
		}
	}
	// "Mandates that were only set up in 2025" of year of MANDATE_START:
	// the date's column named in the clause, by its other word.
	for _, f := range rd.filters {
		if f.Part == "" {
			continue
		}
		for j, w := range c.words {
			if !rd.covered[j] && len(w) > 3 && slices.ContainsFunc(colWords(f.Column), func(cw string) bool { return cw != "date" && sameWord(w, cw) }) {
				rd.covered[j] = true
			}
		}
	}
	// "R1 to R4" of Stand: every value from one to the other, of the
	// values a letter and a number write.
	for k, f := range rd.filters {
		if f.Op != "" || len(f.Values) != 2 || len(f.at) != 2 || f.at[1] != f.at[0]+2 || !wordSet("to", "through", "thru")[c.words[f.at[0]+1]] {
			continue
		}
		col, ok := columnNamed(p, f.Column)
		a, b := codeNumberRE.FindStringSubmatch(f.Values[0]), codeNumberRE.FindStringSubmatch(f.Values[1])
		if !ok || a == nil || b == nil || a[1] != b[1] || col.Unique != len(col.Values) {
			continue
		}
		lo, _ := strconv.Atoi(a[2])
		hi, _ := strconv.Atoi(b[2])
		var vs []string
		for _, v := range col.Values {
			if x := codeNumberRE.FindStringSubmatch(v); x != nil && x[1] == a[1] {
				if n, _ := strconv.Atoi(x[2]); n >= lo && n <= hi {
					vs = append(vs, v)
				}
			}
		}
		slices.Sort(vs)
		rd.filters[k].Values = vs
		rd.covered[f.at[0]+1] = true
	}
	// "Needed the deadline extended" of Extension: what the flag's verb
	// was done to, said between "the" and the verb.
	for _, f := range rd.filters {
		if !f.Flag || len(f.flagAt) != 1 {
			continue
		}
		if i := f.flagAt[0]; i >= 2 && !rd.covered[i-1] && wordSet("the", "their", "its")[c.words[i-2]] && isParticiple(c.words[i]) && !known(c.words[i-1]) {
			rd.covered[i-1] = true
		}
	}
	// "Held up because the pilot was late" of Delay Code = PIL: late is
	// what the delay's cause was.
	for _, f := range rd.filters {
		if !slices.Contains(colWords(f.Column), "delay") {
			continue
		}
		for _, i := range f.at {
			if i+2 < len(c.words) && byAux[c.words[i+1]] && c.words[i+2] == "late" {
				rd.covered[i+2] = true
			}
		}
	}
	return rd
}

// codeColumn reports whether every value a column lists is written in
// capitals: FWD, SPOT, SWAP.
func codeColumn(col colProfile) bool {
	return !slices.ContainsFunc(col.Values, func(v string) bool { return strings.ToUpper(v) != v })
}

// codeColumns is p with only its columns of codes: DPD among Evri and
// Royal Mail is a name, not a code.
func codeColumns(p profile) profile {
	return profile{Columns: slices.DeleteFunc(slices.Clone(p.Columns), func(col colProfile) bool { return !codeColumn(col) })}
}

// shortCode reports whether v is a code of three or four capital letters.
func shortCode(v string) bool {
	return len(v) >= 3 && len(v) <= 4 && strings.ToUpper(v) == v && !strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) })
}

// codeValue is the one value of the table written as a short capital
// code that shortens w: FWD of "forward", REJ of "rejected".
func codeValue(w string, p profile) (filter, bool) {
	code := func(w string) (filter, bool) {
		// "Urology" of URO beside URG: a code that starts the word first.
		if f, ok := oneValue(codeColumns(p), func(v string) bool { return shortCode(v) && strings.HasPrefix(w, strings.ToLower(v)) }); ok {
			return f, ok
		}
		return oneValue(codeColumns(p), func(v string) bool {
			lv := strings.ToLower(v)
			return shortCode(v) && (strings.HasPrefix(w, lv) || abbreviates(lv, w) && inOrder(lv, w))
		})
	}
	f, ok := code(w)
	// "Granted" of GRT: the code of the verb, where its past has a
	// consonant the code leaves out.
	if b := stem(w); !ok && strings.HasSuffix(w, "ed") && b != w && len(b) >= 4 {
		return code(b)
	}
	return f, ok
}

// pendingValue reports whether a value says that what a column records
// has not happened yet: PEND, Pending, Awaiting.
func pendingValue(v string) bool {
	lv := strings.ToLower(v)
	return strings.HasPrefix(lv, "pend") || strings.HasPrefix(lv, "await") || wordSet("pnd", "tbc", "tbd", "waiting")[lv]
}

// eitherValue reports whether a clause names a filter's values as one
// set of rows: joined by "or", with nothing that asks to set them side
// by side (which, each, compare, a comparative or a ranking).
func eitherValue(c clause, f filter) bool {
	at := slices.Sorted(slices.Values(f.at))
	if len(at) < 2 || c.has(wordSet("which", "whichever", "each", "every", "compare", "compared", "versus", "vs", "between", "by", "per")) ||
		c.has(compDescWords) || c.has(compAscWords) || c.has(descWords) || c.has(ascWords) {
		return false
	}
	return !slices.ContainsFunc(rangeOf(1, len(at)), func(k int) bool { return !slices.Contains(c.words[at[k-1]+1:at[k]], "or") })
}

// subjectPronouns stand before a clause's verb ("we paid", "did we
// attend"); determiners before its nouns ("this quarter", "our jobs").
var (
	subjectPronouns = wordSet("we", "they", "you", "i")
	determiners     = wordSet("this", "that", "these", "those", "our", "their", "its", "my", "your")
)

// speedWords rank by a speed, or by a time taken the other way round.
var speedWords = wordSet("fastest", "quickest", "slowest")

// wePaid reports whether a clause says what we paid ("which agency have
// we paid the most"): money paid out, where "trips were paid in cash"
// says how rows were paid.
func wePaid(c clause) bool {
	return slices.ContainsFunc(rangeOf(1, len(c.words)), func(i int) bool {
		return wordSet("paid", "pay")[c.words[i]] && subjectPronouns[c.words[i-1]]
	})
}

// coverSpanNames marks the words a clause names a span between two dates
// by ("our average turnaround in days from receipt to report", "the
// median notice we get between a request and the appointment") as read.
func coverSpanNames(c clause, covered map[int]bool) {
	for j, w := range c.words {
		if wordSet("turnaround", "lead", "lag", "gap", "interval", "wait", "notice")[w] {
			covered[j] = true
		}
	}
}

// closingWords say that a thing's work is done: a yes/no column named
// by one (Repaired?, is_resolved) holds no for the rows still open.
var closingWords = wordSet("repaired", "fixed", "resolved", "closed", "completed", "cleared", "rectified", "done")

// compoundUnitRE finds "per" and a unit joined from a thing and a time or
// a distance: "per boat-night", "per person-day", "per vehicle-mile".
var compoundUnitRE = regexp.MustCompile(`\bper\s+(([a-z]+)-(night|day|hour|week|month|year|mile|km|shift))s?\b`)

// otherColumnSays reports whether a column other than col has w among
// the words of its name: then w is that column's word, not an
// abbreviation of col's ("event" of EVENT_START, not ENT of REG_ENT).
func otherColumnSays(p profile, col colProfile, w string) bool {
	return slices.ContainsFunc(p.Columns, func(o colProfile) bool { return o.Name != col.Name && slices.Contains(colWords(o.Name), w) })
}

// stateCodes are the codes a status is often written in that are no
// shortening of the word a question says for it: a lift "completed" is
// DONE, a booking "cancelled" CXL, a leak "large" LGE, a pilotage act
// "inbound" IN.
var stateCodes = map[string][]string{
	"completed":     {"done", "fin", "fnd"},
	"complete":      {"done", "fin", "fnd"},
	"finished":      {"done", "cmp", "comp", "cmpl", "compl"},
	"cancelled":     {"cxl", "cnx", "x"},
	"canceled":      {"cxl", "cnx", "x"},
	"large":         {"lge", "lrg", "lg"},
	"small":         {"sml", "sm"},
	"medium":        {"med", "md"},
	"inbound":       {"in", "inb", "arr"},
	"incoming":      {"in", "inb", "arr"},
	"outbound":      {"out", "outb", "dep"},
	"outgoing":      {"out", "outb", "dep"},
	"transhipment":  {"ts", "tshp", "trans"},
	"transshipment": {"ts", "tshp", "trans"},
}

// stateCode is the one value of the table's code columns that stateCodes
// gives for w.
func stateCode(w string, p profile) (filter, bool) {
	codes, ok := stateCodes[w]
	if !ok {
		return filter{}, false
	}
	return oneValue(codeColumns(p), func(v string) bool { return slices.Contains(codes, strings.ToLower(v)) })
}

// codeOf is the one code value w says: by stateCodes, else as a
// shortening of it (codeValue).
func codeOf(w string, p profile) (filter, bool) {
	if f, ok := stateCode(w, p); ok {
		return f, true
	}
	return codeValue(w, p)
}

// codeHyphen is a capital code of one or two characters joined to a
// word: "D-poles", "A-boards".
var codeHyphen = regexp.MustCompile(`\b([A-Z][A-Z0-9]?)-([A-Za-z]{3,})`)

// skeletonValue is the one value of the table written as a capital code
// of three or four letters that keeps every consonant of w, in order, and
// starts as w does: FLT of "flat", HSE of "house".
func skeletonValue(w string, p profile) (filter, bool) {
	var cons []byte
	for i := 1; i < len(w); i++ {
		if !strings.ContainsRune("aeiouy", rune(w[i])) {
			cons = append(cons, w[i])
		}
	}
	if len(w) < 4 || len(cons) == 0 {
		return filter{}, false
	}
	return oneValue(codeColumns(p), func(v string) bool {
		lv := strings.ToLower(v)
		return shortCode(v) && lv[0] == w[0] && inOrder(lv, w) && inOrder(string(cons), lv[1:])
	})
}

// columnValue is oneValue over the one column col.
func columnValue(col colProfile, match func(v string) bool) (filter, bool) {
	return oneValue(profile{Columns: []colProfile{col}}, match)
}

// oneValue is the filter of the one value of a categorical column that
// match accepts, if exactly one does.
func oneValue(p profile, match func(v string) bool) (filter, bool) {
	var found []filter
	for _, col := range p.Columns {
		if col.Kind != kindCategorical {
			continue
		}
		for _, v := range col.Values {
			if match(v) {
				found = append(found, filter{Column: col.Name, Values: []string{v}})
			}
		}
	}
	if len(found) != 1 {
		return filter{}, false
	}
	return found[0], true
}

// inOrder reports whether every letter of short is in long, in order.
func inOrder(short, long string) bool {
	j := 0
	for i := 0; i < len(long) && j < len(short); i++ {
		if long[i] == short[j] {
			j++
		}
	}
	return j == len(short)
}

// rowMentions drops mentions that name the rows rather than a column's
// values, and marks their words as accounted for:
//   - a numeric column named only by words of the file's name ("parking"
//     of hours_parked in parking.csv, "washed" of washing_hrs in
//     car_wash.csv) when it qualifies the numeric column named after it
//     ("the average parking fee") or rows are counted ("how many vehicles
//     parked", "the number of washes");
//   - "how many vehicles", "the number of calls" of vehicle_type,
//     call_type: the kind of a thing counted is not a grouping;
//   - "how many nights", "the percentage of days" of a date column
//     holding days: the rows; and "the average sleep per night" of a
//     table with a row per night (and per person): no grouping.
func rowMentions(c clause, p profile, ms []mention, covered map[int]bool) []mention {
	nameWords := fileWords(p)
	agg := aggregateOf(c, map[int]bool{})
	howMany := containsSeq(c.words, "how", "many")
	nameOnly := func(m mention) bool {
		if m.col.Kind != kindNumeric || isTime(m.col) {
			return false
		}
		// "The number of firearms" of firearmsQty in firearmsLicensing:
		// a column that counts the things the file is named for.
		if slices.ContainsFunc(colWords(m.col.Name), func(w string) bool { return wordSet("qty", "quantity", "count", "cnt", "num", "number")[w] }) && !isParticiple(c.words[m.pos]) {
			return false
		}
		for j := m.pos; j < m.pos+m.len; j++ {
			if !slices.ContainsFunc(nameWords, func(n string) bool { return sameWord(c.words[j], n) }) {
				return false
			}
		}
		return true
	}
	// "parking fee": the name's word qualifies the numeric column right after it.
	qualifies := func(m mention) bool {
		return slices.ContainsFunc(ms, func(o mention) bool {
			return o.pos == m.pos+m.len && o.col.Kind == kindNumeric && !isTime(o.col) && !nameOnly(o)
		})
	}
	cover := func(m mention) {
		for j := m.pos; j < m.pos+m.len; j++ {
			covered[j] = true
		}
	}
	kindWords := wordSet("type", "kind", "category", "class", "status", "method", "mode")
	var qty *colProfile
	if !slices.ContainsFunc(ms, func(m mention) bool { return m.col.Kind == kindNumeric && !isTime(m.col) && !nameOnly(m) }) {
		for i, col := range p.Columns {
			if col.Kind == kindNumeric && slices.Contains(words(col.Name), "quantity") {
				qty = &p.Columns[i]
			}
		}
	}
	var extra []mention // the quantity, for the things sold
	kept := slices.DeleteFunc(ms, func(m mention) bool {
		prev := ""
		if m.pos > 0 {
			prev = c.words[m.pos-1]
		}
		switch {
		case nameOnly(m) && (qualifies(m) || prev == "per" || howMany && agg == "" || prev == "of" && m.pos >= 2 && c.words[m.pos-2] == "number"):
		case m.col.Kind != kindNumeric && !isTime(m.col) && (prev == "many" && howMany || prev == "of" && m.pos >= 2 && c.words[m.pos-2] == "number") && m.len == 1 &&
			slices.ContainsFunc(colWords(m.col.Name), func(w string) bool { return kindWords[w] }) && !c.has(distinctWords):
		case m.col.Kind == kindDate && dateOnly(m.col) && m.len == 1 && (prev == "many" || prev == "of"):
		case m.col.Kind == kindCategorical && m.len == 1 && wordSet("on", "in", "from", "across", "over")[prev] && writtenPlural(c.raw, c.words[m.pos]) && !kindWords[c.words[m.pos]] &&
			slices.ContainsFunc(colWords(m.col.Name), func(w string) bool { return kindWords[w] }):
			// "the attendance given on notices" of NOTICE_TYPE: the things
			// whose kind the column holds, every one of them.
		case m.col.Kind == kindCategorical && prev == "many" && howMany && m.len == 1 && m.pos+1 < len(c.words) && !c.has(distinctWords) &&
			slices.ContainsFunc(p.Columns, func(dc colProfile) bool {
				return dc.Kind == kindDate && isParticiple(c.words[m.pos+1]) && slices.ContainsFunc(colWords(dc.Name), func(w string) bool { return sameWord(c.words[m.pos+1], w) })
			}):
			// "How many vessels arrived" of arrivalTs: the arrivals, each a row.
		case m.col.Kind == kindDate && m.len == 1 && (c.words[m.pos] == "monthly" && monthGrain(m.col) || c.words[m.pos] == "daily" && dateOnly(m.col)) &&
			(c.has(descWords) || c.has(ascWords)) && !c.has(wordSet("which")) && !c.has(groupWords):
			// "The highest monthly reading" of billing_month, rows that are months: the extreme row.
		case m.col.Kind != kindNumeric && !isTime(m.col) && qty != nil && (prev == "many" && howMany || wordSet("most", "fewest", "least")[prev]) && c.has(soldWords) && !c.has(distinctWords):
			// "How many drinks were sold", "the store that sold the most
			// drinks": the quantity column's total, not rows or drinks.
			qm := m
			qm.col, qm.via = *qty, m.col.Name
			cover(m)
			extra = append(extra, qm)
		case m.col.Kind == kindCategorical && m.len == 1 && m.pos+1 < len(c.words) && !covered[m.pos+1] &&
			slices.ContainsFunc(rangeOf(0, len(nameWords)-1), func(k int) bool {
				return sameWord(c.words[m.pos], nameWords[k]) && sameWord(c.words[m.pos+1], nameWords[k+1])
			}):
			// "How many theatre sessions ran" of THEATRE_SESSIONS.csv: the
			// file's own name for its rows, not a breakdown by THEATRE.
		case m.col.Kind == kindDate && dateOnly(m.col) && m.len == 1 && prev == "per" && panel(p, m.col) && agg != "" &&
			!c.has(wordSet("which")) && !c.has(descWords) && !c.has(ascWords):
		default:
			return false
		}
		cover(m)
		return true
	})
	kept = append(kept, extra...)
	slices.SortStableFunc(kept, func(a, b mention) int { return a.pos - b.pos })
	return kept
}

// countedNoun reports whether the noun after "how many" or "number of"
// is a word of col's name: "how many regions" counts regions, "how many
// road collisions" collisions. Words of the file's name (nameWords) before
// it say which.
func countedNoun(c clause, col string, nameWords []string) bool {
	i := slices.Index(c.words, "many")
	if i < 0 {
		i = indexSeq(c.words, "number", "of") + 1
	}
	if i <= 0 || i+1 >= len(c.words) {
		return true
	}
	j := i + 1
	for j+1 < len(c.words) && articles[c.words[j]] {
		j++
	}
	named := func(k int) bool {
		return k < len(c.words) && slices.ContainsFunc(colWords(col), func(cw string) bool { return sameWord(c.words[k], cw) })
	}
	if !named(j) && named(j+1) && rowsNoun(c.words[j+1]) {
		j++ // "how many customer accounts" counts accounts
	}
	for k := j; k+1 < len(c.words) && !named(k) && slices.Contains(nameWords, c.words[k]); k++ {
		if named(k + 1) {
			j = k + 1 // "how many diffusion tube sites" of NO2_DiffusionTubes: the table's words say which sites
		}
	}
	if !named(j) {
		return false
	}
	for named(j + 1) {
		j++ // "how many job titles"
	}
	// The column's head, not a word that qualifies it: "how many bridge
	// inspections" of "Insp Type" counts inspections, not their types;
	// "how many customers" of customer_id counts customers.
	cw := colWords(col)
	head := len(cw) - 1
	if head > 0 && idSuffix[cw[head]] {
		head--
	}
	if !slices.ContainsFunc(cw[head:], func(w string) bool { return sameWord(c.words[j], w) }) {
		return false
	}
	// The column's words, and not ones that qualify the next: "road
	// collisions" counts collisions, "house-days" days.
	return j+1 == len(c.words) || !rowsNoun(c.words[j+1]) && freqWords[c.words[j+1]] == ""
}

// groupColumn is the categorical column a clause groups by: the one said
// after "each", "per", "by", "which" or "what" ("how many room credits
// did each attendant earn"), else the first that does not qualify the
// column named right after it ("which room attendant": Attendant, not
// Room No).
func groupColumn(c clause, p profile, categorical []colProfile) string {
	ms := mentions(c, p)
	at := func(name string) (mention, bool) {
		k := slices.IndexFunc(ms, func(m mention) bool { return m.col.Name == name })
		if k < 0 {
			return mention{}, false
		}
		return ms[k], true
	}
	for _, col := range categorical {
		if m, ok := at(col.Name); ok && m.pos > 0 && groupLeads[c.words[m.pos-1]] {
			if k := slices.IndexFunc(ms, func(x mention) bool { return x.pos == m.pos+m.len }); k < 0 || !slices.ContainsFunc(categorical, func(x colProfile) bool { return x.Name == ms[k].col.Name }) {
				return col.Name
			}
		}
	}
	for _, col := range categorical {
		if m, ok := at(col.Name); !ok || m.len > 1 || !namesNext(m, ms, func(mention) bool { return true }) {
			return col.Name
		}
	}
	return categorical[0].Name
}

// groupLeads are the words before the column a clause groups by.
var groupLeads = wordSet("each", "every", "per", "by", "which", "what")

// ordinalValues reads an ordinal before the name of a column of small
// whole numbers as its value: "on the third floor" of Floor is "on the
// floor 3", as the question would say it of the column.
func ordinalValues(c clause, p profile) clause {
	for i := 0; i+1 < len(c.words); i++ {
		n := ordinals[c.words[i]]
		if d := ordinal(c.words[i]); d > 0 {
			n = d // "3rd"
		}
		if n == 0 {
			continue
		}
		next := c.words[i+1]
		if freqWords[next] != "" || next == "half" {
			continue // "the first week of October" is a period, whatever column WEEKS holds
		}
		if slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			cw := colWords(col.Name)
			return col.Kind == kindNumeric && strings.HasPrefix(col.Dtype, "int") && col.Unique > 0 && col.Unique <= 50 && !isID(col) && !isTime(col) &&
				len(cw) == 1 && sameWord(cw[0], next)
		}) {
			ws := slices.Clone(c.words)
			ws[i], ws[i+1] = next, strconv.Itoa(n)
			c = clause{raw: c.raw, words: ws}
		}
	}
	return c
}

// timesSaid reads how many times a clause asks for, from word i: "three
// times or more", "3 or more times", "at least 3 times", "more than 3
// times", "more than once", "at least twice". It returns the comparison,
// the number and where the words end.
func timesSaid(ws []string, i int) (op string, n float64, end int, ok bool) {
	num := func(j int) (float64, bool) {
		if j >= len(ws) {
			return 0, false
		}
		v, ok := wordNumber(ws[j])
		return v, ok && v >= 1
	}
	at := func(j int, seq ...string) bool { return j+len(seq) <= len(ws) && slices.Equal(ws[j:j+len(seq)], seq) }
	times := func(j int) (float64, int, bool) { // "3 times", "once", "twice"
		if j < len(ws) && (ws[j] == "once" || ws[j] == "twice") {
			return map[string]float64{"once": 1, "twice": 2}[ws[j]], j + 1, true
		}
		if v, ok := num(j); ok && at(j+1, "time") {
			return v, j + 2, true
		}
		return 0, 0, false
	}
	switch {
	case at(i, "at", "least"):
		if v, e, ok := times(i + 2); ok {
			return ">=", v, e, true
		}
	case at(i, "more", "than"):
		if v, e, ok := times(i + 2); ok {
			return ">", v, e, true
		}
	}
	if v, e, ok := times(i); ok && at(e, "or", "more") {
		return ">=", v, e + 2, true
	}
	if v, ok := num(i); ok && at(i+1, "or", "more", "time") {
		return ">=", v, i + 4, true
	}
	return "", 0, 0, false
}

// repeatedRows reads "how many residents fell three times or more" of a
// table with a row per fall and a column of residents that repeats: how
// many residents have at least that many rows. Only the event may stand
// between the people and the times, and only the table's period after
// them. Said any other way, or with other conditions (the rows would
// have to be counted among those they keep), the times are refused
// rather than dropped; "at least once" is any row, and is left to the
// rest of the reading.
func repeatedRows(c clause, p profile, rd clauseReading) (task, derived, string, bool) {
	at, op, n, end := -1, "", 0.0, 0
	for i := range c.words {
		if o, v, e, ok := timesSaid(c.words, i); ok && !(o == ">=" && v == 1) {
			at, op, n, end = i, o, v, e
			break
		}
	}
	if at < 0 {
		return task{}, derived{}, "", false
	}
	said := strings.Replace(strings.Join(c.words[at:end], " "), " time", " times", 1) // the words are singular
	refuse := fmt.Sprintf("it counts what happened %s, and I cannot tell whose rows to count", said)
	h := indexSeq(c.words, "how", "many")
	if h >= 0 && h+3 < len(c.words) && c.words[h+2] == "of" && wordSet("the", "our", "these", "those")[c.words[h+3]] {
		h += 2 // "how many of the complainants"
	}
	var ent *mention
	for _, m := range mentions(c, p) {
		if h >= 0 && m.pos == h+2 && (m.col.Kind == kindCategorical || m.col.Kind == kindText) && m.col.Unique > 0 && m.col.Unique < p.Rows {
			ent = &m
			break
		}
	}
	if ent == nil || at-(ent.pos+ent.len) > 3 || slices.ContainsFunc(rangeOf(ent.pos+ent.len, at), func(i int) bool {
		// A column or a value is not only the event; a date's own verb is
		// ("columns reported" of Reported).
		return rd.covered[i] && !wordSet("have", "has", "had", "been", "were", "was")[c.words[i]] &&
			!slices.ContainsFunc(dateColumns(p), func(col colProfile) bool { return datesEvent(col, c.words[i]) })
	}) || slices.ContainsFunc(c.words[end:], func(w string) bool {
		// "in the quarter (repeat faults)": the table's period, its rows
		return !wordSet("in", "during", "over", "across", "the", "this", "whole", "period", "log", "export", "overall", "repeat", "repeated")[w] &&
			freqWords[w] == "" && !termWords[w] && !slices.Contains(fileWords(p), w)
	}) {
		return task{}, derived{}, refuse, true
	}
	if len(rd.filters) > 0 {
		return task{}, derived{}, fmt.Sprintf("it counts the %s with rows %s among the rows its conditions keep, and I count rows per %s only over the whole table", c.words[ent.pos], said, ent.col.Name), true
	}
	d := derived{Name: "rows per " + ent.col.Name,
		Expr:    fmt.Sprintf("data.groupby(%s)[%s].transform(\"size\")", py(ent.col.Name), py(ent.col.Name)),
		Formula: fmt.Sprintf("rows per %s = the number of rows with the row's %s", ent.col.Name, ent.col.Name)}
	return task{Op: opDistinct, By: ent.col.Name, Filters: []filter{{Column: d.Name, Op: op, Num: n}}}, d, "", true
}

// lastWordNames reports whether w is the last word of a name of several
// words: "tug" of Lead Tug.
func lastWordNames(w, name string) bool {
	cw := colWords(name)
	return len(cw) > 1 && sameWord(w, cw[len(cw)-1])
}

// inOut reads "departing passengers" as "passengers out" and "arriving
// passengers" as "passengers in", where a column is named so (PAX OUT,
// PAX IN).
func inOut(c clause, p profile) clause {
	for i := 0; i+1 < len(c.words); i++ {
		dir := map[string]string{"departing": "out", "outbound": "out", "arriving": "in", "inbound": "in"}[c.words[i]]
		if dir == "" || !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return slices.Equal(colWords(col.Name), []string{c.words[i+1], dir})
		}) {
			continue
		}
		ws := slices.Clone(c.words)
		ws[i], ws[i+1] = c.words[i+1], dir
		return clause{raw: c.raw, words: ws}
	}
	return c
}

// amountNamed reports whether a column is named an amount in no unit:
// RECOVERED_AMT, money where the table's money is.
func amountNamed(name string) bool {
	cw := colWords(name)
	return slices.Contains(cw, "amount") && !slices.ContainsFunc(cw, func(w string) bool { return unitWords[w] })
}

// gotBack reads "got back" as "recovered" where a column holds what was
// recovered: "how much money have we got back from re-presentations" of
// RECOVERED_AMT.
func gotBack(c clause, p profile) clause {
	if !slices.ContainsFunc(p.Columns, func(col colProfile) bool { return slices.Contains(colWords(col.Name), "recovered") }) {
		return c
	}
	for i := 0; i+1 < len(c.words); i++ {
		if wordSet("got", "get", "gets", "getting", "gotten")[c.words[i]] && c.words[i+1] == "back" {
			return clause{raw: c.raw, words: slices.Concat(c.words[:i], []string{"recovered"}, c.words[i+2:])}
		}
	}
	return c
}

// againstIt drops "against it" after a verb: "which trade has the most
// snags raised against it" counts the snags each trade has, and asks for
// no relation between two columns.
func againstIt(c clause) clause {
	for i := 1; i+1 < len(c.words); i++ {
		if c.words[i] == "against" && wordSet("it", "them", "him", "her")[c.words[i+1]] && (isParticiple(c.words[i-1]) || isPast(c.words[i-1])) {
			return clause{raw: c.raw, words: slices.Concat(c.words[:i], c.words[i+2:])}
		}
	}
	return c
}

// entityInName reads "late entry fees" of an entries table with a Late
// Fee column as that column: the word of what the rows are, said inside
// the name of one of their columns, says whose the column is.
func entityInName(c clause, p profile) clause {
	names := fileWords(p)
	for i := 1; i+1 < len(c.words); i++ {
		w := c.words[i]
		if !slices.ContainsFunc(names, func(n string) bool { return sameWord(w, n) }) {
			continue
		}
		// Not where a column holds the word with the next ("entry fee" of
		// Entry Fee); Entry Date is another column.
		if slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			cw := colWords(col.Name)
			return slices.ContainsFunc(cw, func(x string) bool { return sameWord(w, x) }) && slices.ContainsFunc(cw, func(x string) bool { return sameWord(c.words[i+1], x) })
		}) {
			continue
		}
		pair := []string{c.words[i-1], c.words[i+1]}
		if slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return slices.ContainsFunc([][]string{colWords(col.Name), coreWords(col.Name)}, func(cw []string) bool {
				return len(cw) == 2 && sameWord(pair[0], cw[0]) && sameWord(pair[1], cw[1])
			})
		}) {
			return clause{raw: c.raw, words: slices.Delete(slices.Clone(c.words), i, i+1)}
		}
	}
	return c
}

// agedPeople reads "drivers under 25" of a table with one column of ages
// (DRIVER_AGE) as "drivers aged under 25": people over or under a number
// are that old.
func agedPeople(c clause, p profile) clause {
	ages := 0
	for _, col := range p.Columns {
		if col.Kind == kindNumeric && slices.Contains(colWords(col.Name), "age") {
			ages++
		}
	}
	if ages != 1 {
		return c
	}
	for i := 0; i+2 < len(c.words); i++ {
		if !peopleWords[c.words[i]] || !wordSet("under", "over", "below", "above")[c.words[i+1]] {
			continue
		}
		if _, err := strconv.ParseFloat(c.words[i+2], 64); err != nil {
			continue
		}
		return clause{raw: c.raw, words: slices.Concat(c.words[:i+1], []string{"aged"}, c.words[i+1:])}
	}
	return c
}

// ordinals are the ordinals in words; ordinal reads them in digits (3rd).
var ordinals = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}

// identifierOf is the column that identifies what a name column names,
// when the table has one ("Structure ID" of "Structure Name"), else col:
// two things may share a name, never an identifier.
func identifierOf(p profile, col string) string {
	cw := colWords(col)
	if len(cw) < 2 || cw[len(cw)-1] != "name" {
		return col
	}
	for _, o := range p.Columns {
		ow := colWords(o.Name)
		if len(ow) == len(cw) && slices.Equal(ow[:len(ow)-1], cw[:len(cw)-1]) && idNumber(ow[len(ow)-1]) {
			return o.Name
		}
	}
	return col
}

// idSuffix are the last words of a name that identifies what the words
// before it name: customer_id, Structure No, Site Code.
var idSuffix = wordSet("id", "no", "num", "number", "nr", "code", "ref", "key", "name", "reg", "registration", "plate", "serial", "sha", "hash", "uuid", "guid")

// idNumber reports whether w is an idSuffix that numbers or codes what the
// words before it name, as a name does not: Structure ID, not Structure
// Name.
func idNumber(w string) bool { return idSuffix[w] && w != "name" }

// articles may stand between "how many" and what it counts.
var articles = wordSet("the", "a", "an", "of")

// rowsNoun reports whether w may name rows: a word for them, or a noun
// the analyst does not know.
func rowsNoun(w string) bool {
	return rowWords[w] || entityWords[w] || !known(w) && !isParticiple(w) && !strings.HasSuffix(w, "ly")
}

// quantityColumn is the table's one numeric column of quantity, or nil.
func quantityColumn(p profile) *colProfile {
	var found *colProfile
	for i, col := range p.Columns {
		if col.Kind == kindNumeric && slices.Contains(words(col.Name), "quantity") {
			if found != nil {
				return nil
			}
			found = &p.Columns[i]
		}
	}
	return found
}

// soldWords say that rows are sales of a quantity.
var soldWords = wordSet("sold", "sell", "sells", "bought", "buy", "ordered", "purchased")

// madeWords say that rows are runs that made a quantity: "how many
// business cards did we print".
var madeWords = wordSet("print", "printed", "make", "made", "produce", "produced", "manufacture", "manufactured", "bake", "baked", "brew", "brewed")

// namesRows reports whether w is a word for what the rows are: a word rows
// commonly are, the table's entity or a word of its file's name.
func namesRows(p profile, w string) bool {
	return rowWords[w] || entityWords[w] || w == datasetEntity(p) || slices.Contains(fileWords(p), w)
}

// countsRowsNoun reports whether what "how many" counts is what the rows
// are ("how many jobs were printed in colour"), not things they hold.
func countsRowsNoun(c clause, p profile) bool {
	i := slices.Index(c.words, "many")
	if i < 0 || i+1 >= len(c.words) {
		return true
	}
	j := i + 1
	for j+1 < len(c.words) && articles[c.words[j]] {
		j++
	}
	rows := func(w string) bool {
		return namesRows(p, w) || slices.ContainsFunc(fileWords(p), func(n string) bool {
			return len(n) >= 4 && strings.HasPrefix(w, n) // "examinations" of LOLER Exams
		})
	}
	// "How many thorough examinations": a word that says which kind, and
	// names no measure ("how many reminder messages" of REMINDERS_SENT).
	return rows(c.words[j]) || j+1 < len(c.words) && rows(c.words[j+1]) && !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
		return col.Kind == kindNumeric && slices.ContainsFunc(colWords(col.Name), func(w string) bool { return sameWord(c.words[j], w) })
	})
}

// conceptOf is the one numeric column measured in a unit of the concept
// w names ("length" of the one column in hours), or "".
func conceptOf(p profile, w string) string {
	if _, ok := codeValue(w, p); ok {
		return "" // "electricity" of Fuel = ELEC: those rows
	}
	for _, uc := range unitConcepts {
		if !slices.Contains(uc.words, w) {
			continue
		}
		if hit := unitHits(p, uc.units); len(hit) == 1 {
			return hit[0].Name
		}
	}
	return ""
}

// unitHits are the numeric columns measured in one of units: not "Flow
// (L/min)" nor "Rate (£/hr)", which are rates.
func unitHits(p profile, units map[string]bool) []colProfile {
	var hit []colProfile
	for _, col := range p.Columns {
		cw := colWords(col.Name)
		if col.Kind == kindNumeric && slices.ContainsFunc(rangeOf(0, len(cw)), func(k int) bool { return units[cw[k]] && (k == 0 || cw[k-1] != "per") }) {
			hit = append(hit, col)
		}
	}
	return hit
}

// nounVerbMentions reads a column named by a noun and a participle
// ("Units Picked") from the noun and the verb said apart: "which picker
// picked the most units", "how many units did the team pick". The
// column replaces a one-word mention of another column at either word
// ("picked" of Short Picks) and is said at the noun; the verb is
// covered, the words between are not ("the most" still ranks).
func nounVerbMentions(c clause, p profile, ms []mention, covered map[int]bool) []mention {
	for _, col := range p.Columns {
		ws := colWords(col.Name)
		if col.Kind != kindNumeric || len(ws) != 2 {
			continue
		}
		base, irregular := irregularVerbs[ws[1]]
		if ws[1] == "done" {
			base, irregular = "do", true // not in irregularVerbs: "do" is everywhere an auxiliary
		}
		if !pastForm(ws[1]) && !irregular || slices.ContainsFunc(ms, func(m mention) bool { return m.col.Name == col.Name }) {
			continue
		}
		// The verb, or the base of an irregular one that ends what the
		// clause asks: "how many cases did the Day Surgery Unit do
		// (compared with Main Theatres)" of CASES_DONE.
		ends := func(k int) bool {
			return k+1 == len(c.words) || wordSet("compared", "versus", "vs", "against", "in", "during")[c.words[k+1]]
		}
		verb := func(k int) bool {
			w := c.words[k]
			return !known(w) && (sameWord(w, ws[1]) || w+"ed" == ws[1] || w+"d" == ws[1] || stem(ws[1]) == w) || irregular && w == base && ends(k)
		}
		for i, w := range c.words {
			if !sameWord(w, ws[0]) || covered[i] {
				continue
			}
			j := slices.IndexFunc(rangeOf(0, len(c.words)), verb)
			if j < 0 || j == i || covered[j] || max(i, j)-min(i, j) > 4 && !(irregular && ends(j)) {
				continue
			}
			if slices.ContainsFunc(ms, func(m mention) bool { return (inSpan(i, m) || inSpan(j, m)) && m.len > 1 }) {
				continue
			}
			ms = slices.DeleteFunc(ms, func(m mention) bool { return inSpan(i, m) || inSpan(j, m) })
			ms = append(ms, mention{col: col, pos: i, len: 1})
			slices.SortStableFunc(ms, func(a, b mention) int { return a.pos - b.pos })
			covered[j] = true
			break
		}
	}
	return ms
}

// planWords and doneWords name a plan and what came of it, in two columns
// otherwise named alike: Hrs Booked and Hrs Used, CASES_BOOKED and CASES_DONE;
// actuallyWords in a clause ask for what came of it.
var (
	actuallyWords = wordSet("actually", "actual", "really")
	planWords     = wordSet("booked", "planned", "scheduled", "target", "estimated", "estimate", "quoted", "ordered", "requested", "expected", "nominated", "budget", "budgeted")
	doneWords     = wordSet("used", "actual", "done", "delivered", "achieved", "completed", "logged", "awarded", "received", "worked")
)

// outcomeSibling is the column of what came of col's plan, nil if col is
// no plan or has no such sibling.
func outcomeSibling(col colProfile, p profile) *colProfile {
	ws := colWords(col.Name)
	k := slices.IndexFunc(ws, func(w string) bool { return planWords[w] })
	if col.Kind != kindNumeric || k < 0 {
		return nil
	}
	var found []int
	for i, o := range p.Columns {
		ow := colWords(o.Name)
		// Qty (MT) beside Nominated Qty (MT): the same name without the plan's word.
		if o.Kind == kindNumeric && (len(ow) == len(ws) && doneWords[ow[k]] && slices.Equal(ow[:k], ws[:k]) && slices.Equal(ow[k+1:], ws[k+1:]) ||
			len(ws) > 1 && slices.Equal(ow, slices.Delete(slices.Clone(ws), k, k+1))) {
			found = append(found, i)
		}
	}
	if len(found) != 1 {
		return nil
	}
	return &p.Columns[found[0]]
}

// shortfall reads "fell short of", "the shortfall" of a table with a
// plan and its outcome named alike: the plan less the outcome, per row.
// at is the word "short" or "shortfall", end the last of the words that
// say what the plan was ("of what the sites ordered"), at if none.
func shortfall(c clause, p profile) (d derived, at, end int, ok bool) {
	at = slices.IndexFunc(rangeOf(0, len(c.words)), func(i int) bool {
		return wordSet("shortfall", "shortage")[c.words[i]] || c.words[i] == "short" && i+1 < len(c.words) && c.words[i+1] == "of"
	})
	if at < 0 {
		return derived{}, 0, 0, false
	}
	var plan, done *colProfile
	for i, col := range p.Columns {
		if o := outcomeSibling(col, p); o != nil {
			if plan != nil {
				return derived{}, 0, 0, false // two pairs: which one is a guess
			}
			plan, done = &p.Columns[i], o
		}
	}
	if plan == nil {
		return derived{}, 0, 0, false
	}
	end = at
	if c.words[at] == "short" {
		planned := colWords(plan.Name)
		if k := slices.IndexFunc(rangeOf(at+1, len(c.words)), func(j int) bool {
			return slices.ContainsFunc(planned, func(w string) bool { return planWords[w] && sameWord(c.words[j], w) })
		}); k >= 0 {
			end = at + 1 + k
		}
	}
	name := "shortfall (" + plan.Name + " − " + done.Name + ")"
	expr := fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\") - pd.to_numeric(data[%s], errors=\"coerce\")", py(plan.Name), py(done.Name))
	return derived{Name: name, Expr: expr, Formula: name + ", per row"}, at, end, true
}

// worthWords say a value in money: "the value of the fines issued".
var worthWords = wordSet("value", "worth")

// weekColumn is the column that numbers the table's weeks (Week No, and
// wk, which colWords writes as week), nil if none.
func weekColumn(p profile) *colProfile {
	for i, col := range p.Columns {
		ws := slices.DeleteFunc(colWords(col.Name), func(w string) bool { return qualifierWords[w] })
		if col.Kind == kindNumeric && len(ws) == 1 && ws[0] == "week" && asFloat(col.Min) >= 1 && asFloat(col.Max) <= 53 {
			return &p.Columns[i]
		}
	}
	return nil
}

// anyDay reports whether a clause asks for a figure of any one day: "per
// day", "on an average day", "the typical daily feed".
func anyDay(c clause) bool {
	return containsSeq(c.words, "per", "day") || slices.ContainsFunc(rangeOf(1, len(c.words)), func(i int) bool {
		return wordSet("day", "daily")[c.words[i]] && wordSet("average", "typical")[c.words[i-1]]
	})
}

// panel reports whether a table has a row per day of its date column, or
// per day and per value of another column (a user's day): then "per day"
// is per row.
func panel(p profile, dc colProfile) bool {
	return dc.Unique == p.Rows || len(panelKeys(p, dc)) > 0
}

// panelKeys are the columns that, with the date column dc, make a row:
// the house of a row per house per day.
func panelKeys(p profile, dc colProfile) []colProfile {
	return slices.DeleteFunc(slices.Clone(p.Columns), func(col colProfile) bool {
		return col.Kind == kindNumeric || col.Name == dc.Name || col.Unique <= 1 || dc.Unique*col.Unique != p.Rows
	})
}

// speedMeasure is distance per hour from the one distance column and the
// one duration column.
func speedMeasure(p profile) (derived, bool) {
	var dist, dur *colProfile
	var durUnit string
	for _, u := range []string{"km", "mile"} {
		if col := unitColumn(p, u); col != nil {
			dist = col
		}
	}
	for _, u := range []string{"minute", "hour", "second"} {
		if col := unitColumn(p, u); col != nil {
			dur, durUnit = col, u
		}
	}
	if dist == nil || dur == nil {
		return derived{}, false
	}
	div := map[string]string{"minute": " / 60", "hour": "", "second": " / 3600"}[durUnit]
	return derived{Name: "speed",
		Expr:    fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\") / (pd.to_numeric(data[%s], errors=\"coerce\")%s)", py(dist.Name), py(dur.Name), div),
		Formula: fmt.Sprintf("speed = %s / (%s%s)", dist.Name, dur.Name, div)}, true
}

// isPeople reports whether a column names people: an employee, a driver,
// a prescriber, the tech, Booked By, or a bare name.
func isPeople(col colProfile) bool {
	if col.Kind != kindCategorical && col.Kind != kindText {
		return false
	}
	ws := colWords(col.Name)
	return slices.Equal(ws, []string{"name"}) || slices.ContainsFunc(ws, roleWord) ||
		slices.Contains(ws, "name") && !slices.ContainsFunc(ws, func(w string) bool { return w != "name" && !wordSet("first", "last", "full", "given", "family")[w] })
}

// roleWord reports whether a word of a column's name is a person's role.
func roleWord(w string) bool {
	return peopleWords[w] || len(w) > 4 && (strings.HasSuffix(w, "er") || strings.HasSuffix(w, "or") || strings.HasSuffix(w, "ist")) && !thingsInEr[w]
}

// thingsInEr end like a role and are no people: a distribution centre,
// a litter type.
var thingsInEr = wordSet("center", "centre", "litter", "water", "number", "meter", "liter", "filter", "order", "letter", "quarter", "chapter",
	"trailer", "container", "paper", "border", "computer", "cluster", "register", "parameter", "weather", "river", "floor", "sector",
	"factor", "error", "color", "colour", "motor", "reactor", "monitor", "tractor", "elevator", "indicator", "vector", "corridor", "interior", "exterior")

// peopleWords name people by their role.
var peopleWords = wordSet("employee", "person", "customer", "member", "user", "patient", "student", "doctor", "agent", "staff", "guest",
	"client", "instructor", "author", "reviewer", "driver", "rider", "runner", "donor", "prescriber", "applicant", "owner", "manager",
	"participant", "volunteer", "tenant", "resident", "passenger", "candidate", "athlete", "player", "attendee", "subject",
	"tech", "technician", "officer", "nurse", "clerk", "cashier", "crew", "rep", "assignee", "surgeon", "vet", "coach", "pupil",
	"worker", "operative", "consultant", "clinician", "physician", "analyst", "attendant", "assistant", "accountant", "guard", "midwife",
	"chef", "pilot", "captain", "steward", "paramedic", "by")

// asPercentOf reports whether a clause says one figure "as a percentage
// of" (a share, a proportion of) another.
func asPercentOf(c clause) bool {
	return slices.ContainsFunc([]string{"percent", "share", "proportion"}, func(w string) bool { return indexSeq(c.words, "as", "a", w, "of") >= 0 })
}

// percentOfWords join the two columns' names in the name of percentOf's
// column.
const percentOfWords = " as a percentage of "

// percentOf is one column as a percentage of another, per row.
func percentOf(part, whole string) derived {
	name := part + percentOfWords + whole
	return derived{Name: name,
		Expr:    fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\") / pd.to_numeric(data[%s], errors=\"coerce\") * 100", py(part), py(whole)),
		Formula: fmt.Sprintf("%s = %s / %s × 100, per row", name, part, whole)}
}

// ratio is one column over another, per row.
func ratio(num, den string) derived {
	return derived{Name: num + " per " + den,
		Expr:    fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\") / pd.to_numeric(data[%s], errors=\"coerce\")", py(num), py(den)),
		Formula: fmt.Sprintf("%s per %s = %s / %s", num, den, num, den)}
}

// sameUnit compares units written differently: minute and min, km and kilometre.
func sameUnit(a, b string) bool {
	return normUnit(a) == normUnit(b)
}

// unitAliases are the other ways a unit is written.
var unitAliases = map[string]string{"hectare": "ha", "min": "minute", "kilometre": "km", "kilometer": "km", "sec": "second", "hr": "hour", "h": "hour", "mi": "mile",
	"m": "meter", "metre": "meter", "cm": "centimeter", "centimetre": "centimeter", "mm": "millimeter", "millimetre": "millimeter", "kg": "kilogram", "g": "gram", "l": "liter", "litre": "liter",
	"kts": "knot", "kt": "knot"}

// normUnit is the one way unitAliases write a unit.
func normUnit(u string) string {
	if x, ok := unitAliases[u]; ok {
		return x
	}
	return u
}

// unitColumn is the one numeric column measured in unit, nil if none or several.
func unitColumn(p profile, unit string) *colProfile {
	var found *colProfile
	for i, col := range p.Columns {
		cw := colWords(col.Name)
		// Not a rate's "per t" (price_usd_per_t is no mass).
		if col.Kind == kindNumeric && slices.ContainsFunc(rangeOf(0, len(cw)), func(k int) bool { return unitWords[cw[k]] && sameUnit(cw[k], unit) && (k == 0 || cw[k-1] != "per") }) {
			if found != nil {
				return nil
			}
			found = &p.Columns[i]
		}
	}
	return found
}

// unnamedNoun reports whether the word at i is one no column, no word
// the analyst knows and no word of the file's name accounts for.
func unnamedNoun(c clause, p profile, covered map[int]bool, i int) bool {
	return !countWordOf(c, covered, i) && !covered[i] && !known(c.words[i]) && !slices.Contains(fileWords(p), c.words[i]) && !glossed(c.words[i], c.raw, p)
}

// countWordOf reports "bits of", "pieces of" before a word read: "how
// many separate bits of kit" counts the kit.
func countWordOf(c clause, covered map[int]bool, i int) bool {
	return wordSet("bit", "piece")[c.words[i]] && i+2 < len(c.words) && c.words[i+1] == "of" && covered[i+2]
}

// firstMentioned is the first column of a distinct count: a categorical
// one before a numeric one.
func firstMentioned(numeric, categorical []colProfile) string {
	if len(categorical) > 0 {
		return categorical[0].Name
	}
	return numeric[0].Name
}

// otherCategory is a categorical column other than col, "" if none.
func otherCategory(cats []colProfile, col string) string {
	for _, c := range cats {
		if c.Name != col {
			return c.Name
		}
	}
	return ""
}

// groupsByUnnamed reports a grouping word followed by no column's name:
// "per category" where no column is called category.
func groupsByUnnamed(c clause, covered map[int]bool) bool {
	for i, w := range c.words {
		if !groupWords[w] || covered[i] { // "the 50+ age group" names age_group
			continue
		}
		if w == "by" && i > 1 && byAux[c.words[i-2]] && c.words[i-1] != "grouped" {
			continue // "customers were hit by outages": who or what did it
		}
		if w == "by" && i > 0 && wordSet("going", "judging")[c.words[i-1]] {
			continue // "going by the delivered tonnage": what to go on
		}
		if w == "by" && i > 0 && (isPast(c.words[i-1]) || isParticiple(c.words[i-1])) && i+1 < len(c.words) && wordSet("a", "an")[c.words[i+1]] {
			continue // "a calibration done by an external lab": who did it
		}
		j := i + 1
		for j < len(c.words) && wordSet("the", "each", "every", "a")[c.words[j]] {
			j++
		}
		if w == "across" && j+1 < len(c.words) && wordSet("my", "our", "all", "their")[c.words[j]] {
			continue // "across my dives": every row, not a breakdown
		}
		if acrossTheWhole(c, i) && !covered[i+2] || acrossParticle(c.words, i) {
			continue // "across the portfolio": one whole, not its parts; "put across in total"
		}
		if j == len(c.words) || !covered[j] {
			return true
		}
	}
	return false
}

// acrossParticle reports whether c.words[i] is an "across" that ends the
// clause or comes before a preposition: a verb's particle ("the tonnes we
// put across in total"), naming nothing to break down by.
func acrossParticle(ws []string, i int) bool {
	return ws[i] == "across" && (i+1 == len(ws) || wordSet("in", "to", "at", "on", "this", "last")[ws[i+1]])
}

// acrossTheWhole reports whether c.words[i] begins "across the X" or
// "throughout the X" that ends the clause, X in the singular: "across the
// portfolio" is one whole, not a breakdown ("across the regions" is one);
// so is "across the whole X" anywhere.
func acrossTheWhole(c clause, i int) bool {
	if i+3 < len(c.words) && wordSet("across", "throughout", "over")[c.words[i]] && c.words[i+1] == "the" && c.words[i+2] == "whole" {
		return true // "across the whole half year, how many hours …"
	}
	return i+3 == len(c.words) && wordSet("across", "throughout")[c.words[i]] && c.words[i+1] == "the" && !writtenPlural(c.raw, c.words[i+2])
}

// passiveBy reports "were by insured patients": a "by" after a form of
// "to be" names who did it, not a grouping.
func passiveBy(ws []string, pos int) bool {
	i := slices.Index(ws[:pos], "by")
	// "were paid for by loyalty members": a verb with its particle.
	return i > 0 && byAux[ws[i-1]] || i > 2 && particles[ws[i-1]] && isParticiple(ws[i-2]) && byAux[ws[i-3]]
}

// groupedAt reports whether the column named at word pos follows a
// grouping word: "by bedrooms", "for each number of bedrooms".
func groupedAt(ws []string, pos int) bool {
	for j := pos - 1; j >= 0 && j >= pos-4; j-- {
		switch {
		case ws[j] == "every" && j > 0 && wordSet("counting", "including")[ws[j-1]]:
			return false // "counting every bay we checked": all of them, not each apart
		case groupWords[ws[j]] && !wordSet("between", "among", "compare")[ws[j]]:
			return true
		case !wordSet("the", "number", "of", "count", "their", "its", "a")[ws[j]]:
			return false
		}
	}
	return false
}

// perRow reports "per order", "per screening" of screenings.csv and the
// like: per row, not per group.
func perRow(c clause, p profile) bool {
	entity := datasetEntity(p)
	for i, w := range c.words {
		if (w == "per" || w == "each" || w == "every") && i+1 < len(c.words) && (rowWords[c.words[i+1]] || entityWords[c.words[i+1]] || c.words[i+1] == entity) {
			return true
		}
	}
	return false
}

// timeFreq is the period a clause groups a date column by ("month",
// "weekly", "day of the week"), "" if it names none.
func timeFreq(c clause, dc colProfile, covered map[int]bool) string {
	if dc.Kind != kindDate {
		return ""
	}
	colWords := words(dc.Name)
	for i, w := range c.words {
		if covered[i] {
			continue // "days on market" is a column, not a period
		}
		if i > 0 && (c.words[i-1] == "many" || c.words[i-1] == "of") && freqWords[w] != "" {
			continue // "how many days", "the share of days": the rows
		}
		if i > 0 && c.words[i-1] == "per" && i+1 < len(c.words) && c.words[i+1] == "of" {
			continue // "miles per hour of platform time": a unit of a column, not a period
		}
		if i == len(c.words)-1 && i > 0 && c.words[i-1] == "in" && w != "day" {
			continue // "the longest session, in hours": a unit, not a period ("in the day" is one)
		}
		if i > 0 && covered[i-1] && (w == "day" || w == "week" || w == "night") {
			continue // "on match days", "training weeks": the days a value picks, not a period to group by
		}
		if _, n := numberWords[c.words[max(0, i-1)]]; i > 1 && (n || isDigits(c.words[i-1])) && wordSet("these", "those", "the", "over", "in")[c.words[i-2]] && freqWords[w] != "" {
			continue // "over these four weeks": the whole span, not a period to group by
		}
		if i > 0 && (c.words[i-1] == "whole" || c.words[i-1] == "half" && i > 1 && c.words[i-2] == "whole") {
			continue // "across the whole (half) year": all of it
		}
		switch {
		case w == "weekday" || w == "day" && containsSeq(c.words[i:], "day", "of", "the", "week"):
			return "weekday"
		case w == "hour" && !slices.Contains(colWords, "hour"):
			return "H"
		}
		if f := freqWords[w]; f != "" && !slices.Contains(colWords, w) {
			return f
		}
	}
	return ""
}

// columnPeriod is the period a numeric column's figures are for, by its
// name: "Y" for "Passing Rent (GBP pa)" or "annual_fee", "M" for
// "rent_pcm", "W" for "Rent pw £".
func columnPeriod(name string) string {
	for _, w := range words(name) {
		switch w {
		case "pa", "annum", "annual", "yearly":
			return "Y"
		case "pcm", "monthly":
			return "M"
		case "pw", "weekly":
			return "W" // "Rent pw £"
		}
	}
	return ""
}

// monthGrain reports whether a date column holds months ("2024-01").
func monthGrain(c colProfile) bool {
	lo, ok := c.Min.(string)
	if ok && monthRE.MatchString(lo) {
		return true
	}
	// Bills dated 2024-01-31, 2024-02-29, …: one date a month.
	hi, ok2 := c.Max.(string)
	if !ok || !ok2 || !dayRE.MatchString(lo) || !dayRE.MatchString(hi) || c.Unique < 2 {
		return false
	}
	var y1, m1, y2, m2 int
	fmt.Sscanf(lo[:7], "%d-%d", &y1, &m1)
	fmt.Sscanf(hi[:7], "%d-%d", &y2, &m2)
	return c.Unique <= (y2-y1)*12+m2-m1+1
}

var dayRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

var monthRE = regexp.MustCompile(`^\d{4}-\d{2}$`)

// dateOnly reports whether a date column holds days without times.
func dateOnly(c colProfile) bool {
	lo, _ := c.Min.(string)
	hi, _ := c.Max.(string)
	return len(lo) == 10 && len(hi) == 10
}

// dateColumn is the first column of parsed dates, nil if none.
func dateColumn(p profile) *colProfile {
	for i, c := range p.Columns {
		if c.Kind == kindDate {
			return &p.Columns[i]
		}
	}
	return nil
}

// boundSibling is the column that holds the highest (desc) or lowest
// single value of what col measures, where the table keeps one beside it:
// minWt_g of declaredWt_g or meanWt_g, "Max Load (t)" of "Load (t)".
func boundSibling(col colProfile, p profile, desc bool) *colProfile {
	bound := map[bool]string{true: "maximum", false: "minimum"}[desc]
	cw := colWords(col.Name)
	if cw[0] == bound {
		return nil
	}
	for i, o := range p.Columns {
		ow := colWords(o.Name)
		if o.Kind == kindNumeric && len(ow) > 1 && ow[0] == bound && (slices.Equal(ow[1:], cw) || len(cw) > 1 && slices.Equal(ow[1:], cw[1:])) {
			return &p.Columns[i]
		}
	}
	return nil
}

// hintedColumn is the first numeric column whose name holds one of hints.
func hintedColumn(p profile, hints []string) *colProfile {
	for _, h := range hints {
		for i, c := range p.Columns {
			if c.Kind == kindNumeric && !isID(c) && slices.Contains(words(c.Name), h) {
				return &p.Columns[i]
			}
		}
	}
	return nil
}

// aggregateOf reads the aggregate a clause asks for: average, total,
// median, a percentile, a quartile, the spread.
func aggregateOf(c clause, covered map[int]bool) string {
	ws := c.words
	for i, w := range ws {
		if covered[i] {
			continue
		}
		switch {
		case aggWords[w] != "":
			return aggWords[w]
		case adjectiveMeasures[w].hints != nil && (askedUnit(c) >= 0 || i+1 < len(ws) && covered[i+1] && !inverseAdjectives[w]) && !c.has(wordSet("which", "who", "whose")):
			// But "which was the most expensive plot" asks for the row.
			// "How many hours did the longest outage last": the largest
			// figure, in the unit asked; "the deepest dive" of maxDepthM.
			// But "the fastest time" is the lowest time, which the ranking
			// reads.
			return map[bool]string{true: "max", false: "min"}[adjectiveMeasures[w].desc]
		case w == "percentile":
			for _, j := range []int{i - 1, i + 1} {
				if j >= 0 && j < len(ws) {
					n := ordinal(ws[j])
					if v, err := strconv.Atoi(ws[j]); err == nil {
						n = v
					}
					if n > 0 && n < 100 {
						covered[j] = true
						return "p" + strconv.Itoa(n)
					}
				}
			}
		case len(w) > 1 && w[0] == 'p' && isDigits(w[1:]) && len(w) <= 3:
			return w
		case w == "quartile" && i > 0 && (ws[i-1] == "first" || ws[i-1] == "lower" || ws[i-1] == "1st"):
			return "p25"
		case w == "quartile" && i > 0 && (ws[i-1] == "third" || ws[i-1] == "upper" || ws[i-1] == "3rd"):
			return "p75"
		case w == "all" && i+1 < len(ws) && wordSet("these", "those", "the", "our", "of")[ws[i+1]] && c.has(worthWords):
			return "sum" // "what were all these deliveries worth"
		case w == "interquartile" || w == "iqr":
			return "iqr"
		case w == "stdev" || w == "deviation":
			return "std"
		case w == "variance":
			return "var"
		case w == "range" && !slices.Contains(ws, "distribution"):
			return "range"
		}
	}
	return ""
}

// uncoveredWord is the first word of the clause in one of sets that names no column.
func uncoveredWord(c clause, covered map[int]bool, sets ...map[string]bool) string {
	for i, w := range c.words {
		if covered[i] {
			continue
		}
		for _, set := range sets {
			if set[w] {
				return w
			}
		}
	}
	return ""
}

// moneyName matches column names that hold money.
var moneyName = regexp.MustCompile(`revenue|sales|amount|total|profit|income|value|spend|cost|price|fee|fare|salary|pay|wage|charge|refund`)

// moneyNameRaw reports whether a column's name says money as written.
func moneyNameRaw(name string) bool {
	return moneyName.MatchString(strings.ToLower(name))
}

// moneyNamed reports whether a column's name says money, written out or
// abbreviated (refund_amt).
func moneyNamed(name string) bool {
	return moneyNameRaw(name) || moneyName.MatchString(strings.Join(colWords(name), " "))
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// conditionAfter reads "more than 15", "at least 3", "under 20" starting
// at word from (after a few linking words), as a filter without a column.
func conditionAfter(ws []string, from int) (filter, int, int, bool) {
	for start := from; start < len(ws) && start <= from+3; start++ {
		for _, cmp := range conditionComparators {
			end := start + len(cmp.words)
			if end >= len(ws) || !slices.Equal(ws[start:end], cmp.words) {
				continue
			}
			v, n, ok := numberAt(ws, end)
			if !ok {
				continue
			}
			return filter{Op: cmp.op, Num: v}, start, end + n, true
		}
		// "60 mph or more", "3 or fewer"
		if v, n, ok := numberAt(ws, start); ok {
			k := start + n
			if k < len(ws) && unitWords[ws[k]] {
				k++
			}
			if k+1 < len(ws) && (ws[k] == "or" || ws[k] == "and") && orMore[ws[k+1]] != "" {
				return filter{Op: orMore[ws[k+1]], Num: v}, start, k + 2, true // "50 and over"
			}
		}
		if !wordSet("is", "was", "were", "are", "of", "by", "with", "that", "which", "had", "have", "has", "been", "in", "at")[ws[start]] {
			break
		}
	}
	return filter{}, 0, 0, false
}

// byAux and particles come before a passive's "by": "were by", "were
// paid for by".
var (
	byAux     = wordSet("was", "were", "is", "are", "been", "be")
	particles = wordSet("for", "out", "up", "off")
)

// orMore reads "or more", "or less" after a number.
var orMore = map[string]string{"more": ">=", "above": ">=", "over": ">=", "higher": ">=", "greater": ">=", "longer": ">=",
	"less": "<=", "fewer": "<=", "below": "<=", "under": "<=", "lower": "<=", "shorter": "<=", "better": ">="}

// numberAt reads the number at ws[i] and how many words it takes: digits,
// or "a", "an" or a number word before a unit ("an hour", "two days").
func numberAt(ws []string, i int) (float64, int, bool) {
	if i >= len(ws) {
		return 0, 0, false
	}
	if v, err := strconv.ParseFloat(ws[i], 64); err == nil {
		return v, 1, true
	}
	if v, ok := numberWords[ws[i]]; ok && i+2 < len(ws) && ws[i+1] == "or" && orMore[ws[i+2]] != "" {
		return float64(v), 1, true // "five or more"
	}
	if i+1 >= len(ws) || !unitWords[ws[i+1]] {
		return 0, 0, false
	}
	if v, ok := numberWords[ws[i]]; ok {
		return float64(v), 1, true
	}
	if ws[i] == "a" || ws[i] == "an" {
		return 1, 1, true
	}
	return 0, 0, false
}

// unitScale is what one of a unit is in its dimension's base unit, with
// the dimension: an hour is 60 minutes, a kilometre 1,000 metres.
var unitScale = map[string]unitSize{
	"second": {"time", 1}, "s": {"time", 1}, "minute": {"time", 60}, "hour": {"time", 3600}, "day": {"time", 86400}, "week": {"time", 604800}, "fortnight": {"time", 1209600},
	"ms": {"time", 0.001}, "meter": {"length", 1}, "km": {"length", 1000}, "mile": {"length", 1609.344}, "centimeter": {"length", 0.01},
	"millimeter": {"length", 0.001}, "foot": {"length", 0.3048}, "inch": {"length", 0.0254}, "gram": {"mass", 1}, "kilogram": {"mass", 1000},
	"lb": {"mass", 453.59237}, "pound": {"mass", 453.59237}, "t": {"mass", 1e6}, "mt": {"mass", 1e6}, "tonne": {"mass", 1e6}, "liter": {"volume", 1}, "ml": {"volume", 0.001},
}

// unitSize is a unit's dimension and its size in the dimension's base unit.
type unitSize struct {
	dim   string
	scale float64
}

// scaleOf is unitScale's entry for u, however u is written ("min", "kg").
func scaleOf(u string) (unitSize, bool) {
	x, ok := unitScale[normUnit(u)]
	return x, ok
}

// rateUnit reports whether the unit at i is the first of a rate ("km per
// h"), which is no length.
func rateUnit(ws []string, i int) bool {
	return i+1 < len(ws) && ws[i+1] == "per"
}

// convertedNote tells how a value said in another unit was read.
func convertedNote(said []string, v float64, col string) string {
	return fmt.Sprintf("I read %q as %s in the unit of %s.", strings.Join(said, " "), strconv.FormatFloat(v, 'f', -1, 64), col)
}

// mentionedInUnit is the one numeric column the clause names whose unit
// measures what unit does, with the factor from unit to it; nil if none
// or several.
func mentionedInUnit(ms []mention, unit string) (*colProfile, float64) {
	var p profile
	for _, m := range ms {
		if m.col.Kind == kindNumeric {
			p.Columns = append(p.Columns, m.col)
		}
	}
	if col := unitColumn(p, unit); col != nil {
		return col, 1
	}
	return convertedColumn(p, unit)
}

// unitNamesColumn reports whether unit picks one numeric column, in that
// unit or one it converts to.
func unitNamesColumn(p profile, unit string) bool {
	if unitColumn(p, unit) != nil {
		return true
	}
	col, _ := convertedColumn(p, unit)
	return col != nil
}

// convertedColumn is the one numeric column whose unit measures what unit
// does (minutes for an hour), with the factor that takes a value in unit
// to the column's unit; nil when none or several.
func convertedColumn(p profile, unit string, said ...string) (*colProfile, float64) {
	from, ok := scaleOf(unit)
	if !ok {
		return nil, 0
	}
	var found []int
	var factors []float64
	for i, col := range p.Columns {
		if col.Kind != kindNumeric || isID(col) {
			continue
		}
		cw := colWords(col.Name)
		for k, u := range cw {
			if k > 0 && wordSet("per", "first", "last", "next", "this")[cw[k-1]] || k+1 < len(cw) && cw[k+1] == "per" {
				continue // rate_gbp_pn, downloadsFirstWeek: a price per night, downloads in a week; kg/m3 a density
			}
			if u == "night" {
				u = "day" // a column of nights stayed counts days
			}
			if to, ok := scaleOf(u); ok && unitWords[u] && to.dim == from.dim && !slices.Contains(found, i) {
				found, factors = append(found, i), append(factors, from.scale/to.scale)
			}
		}
	}
	if len(found) > 1 {
		// "Metres of weld" of thk_mm, weld_len_mm and defect_len_mm: the
		// one whose other words the question says.
		var named []int
		for k, i := range found {
			if slices.ContainsFunc(colWords(p.Columns[i].Name), func(w string) bool {
				return !unitWords[w] && slices.ContainsFunc(said, func(q string) bool { return sameWord(q, w) })
			}) {
				named = append(named, k)
			}
		}
		if len(named) == 0 {
			// "How many tonnes" of Qty (MT) beside Nominated Qty (MT):
			// the amount that was, not the one planned.
			for k, i := range found {
				if !slices.ContainsFunc(colWords(p.Columns[i].Name), func(w string) bool { return planWords[w] }) {
					named = append(named, k)
				}
			}
		}
		if len(named) != 1 {
			return nil, 0
		}
		return &p.Columns[found[named[0]]], factors[named[0]]
	}
	if len(found) == 0 {
		return nil, 0
	}
	return &p.Columns[found[0]], factors[0]
}

// conditionAround reads a number just before the words from at to end
// and "or more" (or another of orMore) just after them: "three storeys
// or more", "100 people or more". It gives the condition and the words
// it spans.
func conditionAround(ws []string, at, end int) (filter, int, int, bool) {
	if at == 0 || end+1 >= len(ws) || !wordSet("or", "and")[ws[end]] || orMore[ws[end+1]] == "" {
		return filter{}, 0, 0, false
	}
	v, ok := wordNumber(ws[at-1])
	if !ok {
		return filter{}, 0, 0, false
	}
	return filter{Op: orMore[ws[end+1]], Num: v}, at - 1, end + 2, true
}

// isNumberWord reports whether w says a number: "8-car trains".
func isNumberWord(w string) bool {
	_, ok := wordNumber(w)
	return ok
}

// wordNumber is the number a word says: in digits, or as a number word
// ("three").
func wordNumber(w string) (float64, bool) {
	if n, ok := numberWords[w]; ok {
		return float64(n), true
	}
	v, err := strconv.ParseFloat(w, 64)
	return v, err == nil
}

// conditionBefore reads "more than 3" or a bare "2" just before word at.
func conditionBefore(ws []string, at int) (filter, int, int, bool) {
	if at == 0 {
		return filter{}, 0, 0, false
	}
	// "with five or more axles", "3 or fewer visits".
	for start := max(0, at-4); start < at-2; start++ {
		if f, from, to, ok := conditionAfter(ws[:at], start); ok && from == start && to == at && ws[to-2] == "or" {
			return f, from, to, true
		}
	}
	v, err := strconv.ParseFloat(ws[at-1], 64)
	if n, ok := numberWords[ws[at-1]]; ok && at >= 2 && wordSet("needed", "needing", "required", "requiring", "using", "with")[ws[at-2]] {
		return filter{Op: "==", Num: float64(n)}, at - 1, at, true // "a job that needed three tugs"
	}
	if err != nil {
		return filter{}, 0, 0, false
	}
	for _, cmp := range conditionComparators {
		start := at - 1 - len(cmp.words)
		if start >= 0 && slices.Equal(ws[start:at-1], cmp.words) {
			return filter{Op: cmp.op, Num: v}, start, at, true
		}
	}
	if at >= 2 && wordSet("top", "bottom", "first", "last")[ws[at-2]] {
		return filter{}, 0, 0, false // "top 3 products"
	}
	if at >= 2 && wordSet("with", "have", "has", "had", "of", "many")[ws[at-2]] {
		return filter{Op: "==", Num: v}, at - 1, at, true
	}
	return filter{}, 0, 0, false
}

// derivedMeasure builds a row's value from quantity and price (less the
// discount) when the clause asks for value, sales or revenue and no
// column holds it. at lists the word positions it accounts for.
func derivedMeasure(c clause, p profile, ms []mention) (derived, []int, bool) {
	at := -1
	for i, w := range c.words {
		covering := slices.IndexFunc(ms, func(m mention) bool { return inSpan(i, m) })
		// "per sale" is per row, "the number of sales" counts rows, "on a
		// sale line" names the rows.
		counted := i > 0 && (c.words[i-1] == "per" || c.words[i-1] == "many" || i > 1 && c.words[i-2] == "number" && c.words[i-1] == "of") ||
			i+1 < len(c.words) && (rowWords[c.words[i+1]] || entityWords[c.words[i+1]] && c.words[i+1] != w)
		if derivedWords[w] && covering < 0 && !counted {
			at = i
			break
		}
		// "The total cost" where the only cost is unit_cost: quantity ×
		// unit cost, not a sum of unit costs.
		if (w == "cost" || w == "price") && covering >= 0 && slices.Contains(c.words, "total") && (i == 0 || c.words[i-1] != "unit") &&
			slices.Contains(words(ms[covering].col.Name), "unit") {
			at = i
			break
		}
	}
	if at < 0 {
		return derived{}, nil, false
	}
	// A column that holds each row's amount of money is the spend or the
	// sales; computing them again from quantity and price would only
	// round differently.
	if mc := moneyColumn(p); mc != nil && c.words[at] != "value" && slices.ContainsFunc(colWords(mc.Name), func(w string) bool { return w == "amount" || w == "total" }) {
		return derived{}, nil, false
	}
	find := func(pred func(ws []string) bool) *colProfile {
		for i, col := range p.Columns {
			if col.Kind == kindNumeric && !isID(col) && pred(words(col.Name)) {
				return &p.Columns[i]
			}
		}
		return nil
	}
	qtyWords := func(ws []string) bool {
		// tickets_sold, items_sold: a count of things sold is a quantity.
		return slices.Contains(ws, "quantity") || slices.Equal(ws, []string{"unit"}) || len(ws) == 2 && ws[1] == "sold"
	}
	// Qty (MT) before Nominated Qty (MT): what was, not what was planned.
	qty := find(func(ws []string) bool {
		return qtyWords(ws) && !slices.ContainsFunc(ws, func(w string) bool { return planWords[w] })
	})
	if qty == nil {
		qty = find(qtyWords)
	}
	price := find(func(ws []string) bool {
		return slices.Contains(ws, "price") || slices.Contains(ws, "unit") && (slices.Contains(ws, "cost") || slices.Contains(ws, "amount") || slices.Contains(ws, "value"))
	})
	if qty == nil || price == nil {
		// A rate per unit and a count of those units: RatePerNight ×
		// nights, daily_rate × rental_days.
		qty, price = nil, nil
		periods := map[string]string{"daily": "day", "hourly": "hour", "nightly": "night", "weekly": "week", "monthly": "month"}
		for i, col := range p.Columns {
			ws := words(col.Name)
			unit := ""
			if k := slices.Index(ws, "per"); col.Kind == kindNumeric && k >= 0 && k+1 < len(ws) {
				unit = ws[k+1]
			}
			for _, w := range ws {
				// Rate (£/h): a rate in a unit of time.
				if (periods[w] != "" || rateUnits[w] != "") && col.Kind == kindNumeric && slices.ContainsFunc(ws, func(x string) bool { return x == "rate" || x == "price" || x == "fee" }) {
					unit = periods[w] + rateUnits[w]
				}
			}
			if unit == "" {
				continue
			}
			of := func(qs []string) bool {
				return slices.Equal(qs, []string{unit}) || slices.Contains(qs, unit) && len(qs) == 2
			}
			// Of Hrs Booked and Hrs Used, the one the clause names; named
			// neither, the one there is.
			if k := slices.IndexFunc(ms, func(m mention) bool { return m.col.Kind == kindNumeric && of(words(m.col.Name)) }); k >= 0 && ms[k].col.Name != col.Name {
				qty, price = &ms[k].col, &p.Columns[i]
			} else if q := find(of); q != nil && q.Name != col.Name && !slices.ContainsFunc(p.Columns, func(x colProfile) bool {
				return x.Name != q.Name && x.Kind == kindNumeric && !isID(x) && of(words(x.Name))
			}) {
				qty, price = q, &p.Columns[i]
			} else if _, count := countedThings(p); q == nil && count != nil && wordSet("hd", "head")[unit] {
				qty, price = count, &p.Columns[i] // Rate $/hd × Tally: a rate per head of the things the table counts
			}
		}
	}
	if qty == nil || price == nil {
		return derived{}, nil, false
	}
	name := c.words[at]
	positions := []int{at}
	switch {
	case name == "value" && at > 0 && (rowWords[c.words[at-1]] || entityWords[c.words[at-1]]):
		name = c.words[at-1] + " value"
		positions = append(positions, at-1)
	case name == "sale":
		name = "sales"
	case name == "spent":
		name = "spend"
	case name == "billed" || name == "owe" || name == "owed":
		name = "amount billed"
	case name == "cost" || name == "price":
		name = "total " + name
	}
	expr := fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\") * pd.to_numeric(data[%s], errors=\"coerce\")", py(qty.Name), py(price.Name))
	formula := fmt.Sprintf("%s = %s × %s", name, qty.Name, price.Name)
	disc := find(func(ws []string) bool {
		return slices.Contains(ws, "discount") || slices.Contains(ws, "markdown") && slices.Contains(ws, "percent")
	})
	gross := c.has(wordSet("gross", "undiscounted", "list")) || containsSeq(c.words, "before", "discount") ||
		containsSeq(c.words, "without", "discount") || containsSeq(c.words, "excluding", "discount")
	if disc != nil && !gross {
		if hi := asFloat(disc.Max); hi <= 1 {
			expr += fmt.Sprintf(" * (1 - pd.to_numeric(data[%s], errors=\"coerce\").fillna(0))", py(disc.Name))
			formula += fmt.Sprintf(" × (1 − %s)", disc.Name)
		} else {
			expr += fmt.Sprintf(" * (1 - pd.to_numeric(data[%s], errors=\"coerce\").fillna(0) / 100)", py(disc.Name))
			formula += fmt.Sprintf(" × (1 − %s / 100)", disc.Name)
		}
	}
	// The words that said which discount ("after discount") are accounted for.
	for i, w := range c.words {
		if w == "discount" && i > 0 && wordSet("after", "before", "without", "excluding", "net", "less", "including", "of")[c.words[i-1]] {
			positions = append(positions, i)
		}
	}
	return derived{Name: name, Expr: expr, Formula: formula}, positions, true
}

// personHours reads "volunteer hours" and "man days" where one column
// counts the people of a row and one other holds the time each spent:
// their product, in the unit the clause says. at is the people's word.
func personHours(c clause, p profile, ms []mention) (d derived, at int, ok bool) {
	counts := func(col colProfile) bool {
		return col.Kind == kindNumeric && !isID(col) && slices.ContainsFunc(colWords(col.Name), func(w string) bool { return peopleWords[w] || w == "people" || w == "headcount" })
	}
	for i := 0; i+1 < len(c.words); i++ {
		unit := c.words[i+1]
		if unit != "hour" && unit != "day" || slices.ContainsFunc(ms, func(m mention) bool { return inSpan(i, m) && inSpan(i+1, m) }) {
			continue // but "man hours" of man_hrs is that column
		}
		var who *colProfile
		if k := slices.IndexFunc(ms, func(m mention) bool { return m.pos == i && m.len == 1 && counts(m.col) }); k >= 0 {
			who = &ms[k].col
		} else if wordSet("man", "person", "people", "staff", "labour")[c.words[i]] {
			if all := slices.DeleteFunc(slices.Clone(p.Columns), func(col colProfile) bool { return !counts(col) }); len(all) == 1 {
				who = &all[0]
			}
		}
		if who == nil {
			continue
		}
		dur, factor := convertedColumn(p, unit)
		if dur == nil || dur.Name == who.Name {
			continue
		}
		name := c.words[i] + " " + unit + "s"
		expr := fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\") * pd.to_numeric(data[%s], errors=\"coerce\")", py(who.Name), py(dur.Name))
		formula := fmt.Sprintf("%s = %s × %s", name, who.Name, dur.Name)
		if factor != 1 {
			expr += fmt.Sprintf(" / %g", factor)
			formula += fmt.Sprintf(" / %g", factor)
		}
		return derived{Name: name, Expr: expr, Formula: formula}, i, true
	}
	return derived{}, 0, false
}

// rateUnits are the units of time a rate's name abbreviates: Rate (£/h).
var rateUnits = map[string]string{"h": "hour", "hr": "hour", "hour": "hour", "night": "night", "day": "day"}

// inSpan reports whether word position i falls within mention m.
func inSpan(i int, m mention) bool { return i >= m.pos && i < m.pos+m.len }

// formulaLeads introduce the formula a question spells out: "taking
// weight times price", "counting recipients minus delivered".
var formulaLeads = wordSet("taking", "counting", "computed", "calculated", "defined", "meaning", "ie")

// spelledFormula reads a formula of two numeric columns the clause spells
// out between them: "net weight times its price", "weight multiplied by
// the price", "recipients minus delivered".
func spelledFormula(c clause, a, b mention) (derived, bool) {
	between := c.words[a.pos+a.len : b.pos]
	between = slices.DeleteFunc(slices.Clone(between), func(w string) bool { return wordSet("its", "their", "the", "each", "by", "a")[w] })
	op := ""
	switch {
	case slices.Equal(between, []string{"time"}), slices.Equal(between, []string{"multiplied"}): // "times", singular
		op = "×"
	case slices.Equal(between, []string{"minus"}), slices.Equal(between, []string{"less"}):
		op = "−"
	default:
		return derived{}, false
	}
	x, y := fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\")", py(a.col.Name)), fmt.Sprintf("pd.to_numeric(data[%s], errors=\"coerce\")", py(b.col.Name))
	name := a.col.Name + " " + op + " " + b.col.Name
	expr := x + " * " + y
	if op == "−" {
		expr = x + " - " + y
	}
	return derived{Name: name, Expr: expr, Formula: name + ", per row"}, true
}

// spelledOp is the words of an operation of two measures the question
// spells ("weeks times the weekly fee", "income minus costs", "multiplied
// by", "divided by"), or "": not "how many times", "three times".
func spelledOp(c clause) string {
	raw := rawWords(c.raw)
	for i := 1; i+1 < len(raw); i++ {
		prev := raw[i-1]
		switch {
		case raw[i] == "times" && !isDigits(prev) && numberWords[prev] == 0 && !wordSet("many", "how", "several", "few", "multiple", "some", "more", "the", "at", "of")[prev] &&
			wordSet("the", "its", "their", "each", "a", "an", "his", "her")[raw[i+1]]: // not "peak times compare"
		case raw[i] == "minus" && !isDigits(raw[i+1]):
		case wordSet("multiplied", "divided")[raw[i]] && raw[i+1] == "by":
		default:
			continue
		}
		return strings.Join(raw[max(0, i-1):min(len(raw), i+4)], " ")
	}
	return ""
}

// asWritten is a whole number as pandas writes it in a numeric column:
// "2.0" of a column of floats.
func asWritten(col colProfile, digits string) string {
	if strings.HasPrefix(col.Dtype, "float") {
		return digits + ".0"
	}
	return digits
}

// sexCodes are the letters a column of sexes writes for the words.
var sexCodes = map[string]string{"female": "F", "male": "M", "woman": "F", "women": "F", "man": "M", "men": "M"}

// filtersFor finds what picks rows in a clause: values of a categorical
// column ("in the West"), a year or month of a date column ("in 2024", "in
// March"). It marks the words it used in covered.
func filtersFor(c clause, p profile, covered map[int]bool, named []mention) []filter {
	var out []filter
	// "Year 7", "bay 2": a number after the first word of a numeric column
	// of few values (or the last of two) is one of its values.
	for _, col := range p.Columns {
		cw := colWords(col.Name)
		if col.Kind != kindNumeric || isID(col) || col.Unique == 0 || col.Unique > 30 || len(cw) == 0 {
			continue
		}
		for i := 0; i+1 < len(c.words); i++ {
			v, err := strconv.ParseFloat(c.words[i+1], 64)
			// Or after its last word: "Schedule 2" of CD_SCHED.
			if covered[i] || covered[i+1] || !sameWord(c.words[i], cw[0]) && !(len(cw) == 2 && sameWord(c.words[i], cw[1])) || !isDigits(c.words[i+1]) || err != nil || v < asFloat(col.Min) || v > asFloat(col.Max) {
				continue
			}
			if len(out) == 0 || out[len(out)-1].Column != col.Name {
				out = append(out, filter{Column: col.Name})
			}
			out[len(out)-1].Values = append(out[len(out)-1].Values, asWritten(col, c.words[i+1]))
			out[len(out)-1].at = append(out[len(out)-1].at, i)
			covered[i], covered[i+1] = true, true
			// "grade 4 or 5": the values listed after it.
			for j := i + 2; j+1 < len(c.words) && wordSet("or", "and")[c.words[j]] && isDigits(c.words[j+1]); j += 2 {
				n, _ := strconv.ParseFloat(c.words[j+1], 64)
				if n < asFloat(col.Min) || n > asFloat(col.Max) {
					break
				}
				out[len(out)-1].Values = append(out[len(out)-1].Values, asWritten(col, c.words[j+1]))
				covered[j], covered[j+1] = true, true
			}
		}
	}
	// "Female donors" of a column of sexes written F and M.
	for _, col := range p.Columns {
		if col.Kind != kindCategorical || !slices.Contains(col.Values, "F") || !slices.Contains(col.Values, "M") {
			continue
		}
		for i, w := range c.words {
			if v := sexCodes[w]; v != "" && !covered[i] {
				out = append(out, filter{Column: col.Name, Values: []string{v}, at: []int{i}})
				covered[i] = true
			}
		}
	}
	for _, col := range p.Columns {
		if col.Kind != kindCategorical && col.Kind != kindDate {
			continue
		}
		for _, v := range col.Values {
			vw := words(v)
			if len([]rune(v)) >= 100 {
				continue // maybe cut short by the profile: it would match no row
			}
			if len(vw) == 0 || len(vw) == 1 && (len(vw[0]) < 2 || stopWords[vw[0]] || weakWords[vw[0]]) && !signedValue(c.raw, v) && !afterItsColumn(c, col, vw[0]) && !capitalValue(c.raw, v) {
				continue // "total revenue" filters nothing, even where a row is labelled Total
			}
			if _, err := strconv.ParseFloat(v, 64); err == nil {
				continue // a bare number in a question is a quantity, not a value
			}
			if j := letterNumber(c.words, v); j >= 0 {
				// "priority 1" of the value P1.
				out = append(out, filter{Column: col.Name, Values: []string{v}, at: []int{j}})
				covered[j], covered[j+1] = true, true
				continue
			}
			i := indexSeq(c.words, vw...)
			raw := splitWords(v, false)
			if n := len(vw); i < 0 && n >= 3 && wordSet("ltd", "limited", "plc", "inc", "llp", "llc", "co", "group")[vw[n-1]] {
				// "OpenFibre" of OpenFibre Ltd: a company without its suffix.
				if i = indexSeq(c.words, vw[:n-1]...); i >= 0 {
					vw, raw = vw[:n-1], raw[:len(raw)-1]
				}
			}
			if i < 0 && len(vw) == 2 && strings.ContainsAny(v, "_") {
				// "Low-income" of LOW_INC: a code of two words, the last
				// cut short.
				for k := 0; k+1 < len(c.words); k++ {
					if c.words[k] == vw[0] && len(vw[1]) >= 3 && c.words[k+1] != vw[1] && strings.HasPrefix(c.words[k+1], vw[1]) {
						i, raw = k, slices.Clone(c.words[k:k+2])
						break
					}
				}
			}
			if i < 0 && len(vw) == 2 && len(vw[0]) >= 4 {
				// "The payer has died" of PAYER DECEASED: the value's first
				// word, then a verb whose word the second is.
				for k := 0; k+2 < len(c.words); k++ {
					if j := k + 2; c.words[k] == vw[0] && (byAux[c.words[k+1]] || wordSet("has", "had", "have")[c.words[k+1]]) && slices.Contains(synonyms[c.words[j]], vw[1]) && !covered[j] {
						covered[k+1] = true
						out = append(out, filter{Column: col.Name, Values: []string{v}, at: []int{k}})
						covered[k], covered[j] = true, true
						break
					}
				}
			}
			if i < 0 && len(vw) == 2 && strings.ContainsAny(v, "-(,/") {
				// "Known theft" of the value "Theft - Known": a code's
				// kind and its qualifier, said the other way round.
				if i = indexSeq(c.words, vw[1], vw[0]); i >= 0 {
					raw = []string{raw[len(raw)-1], raw[0]}
				}
			}
			if i < 0 && slices.ContainsFunc(vw, func(w string) bool { return ordinal(w) > 0 }) {
				// "The second unit" of the value "2nd Unit".
				said := slices.Clone(c.words)
				for k, w := range said {
					if n, ok := ordinals[w]; ok {
						suffix, short := map[int]string{1: "st", 2: "nd", 3: "rd"}[n]
						if !short {
							suffix = "th"
						}
						said[k] = strconv.Itoa(n) + suffix
					}
				}
				i = indexSeq(said, vw...)
				if i >= 0 && !slices.ContainsFunc(rangeOf(i, i+len(vw)), func(k int) bool {
					return covered[k] || slices.ContainsFunc(named, func(m mention) bool { return m.col.Name != col.Name && inSpan(k, m) })
				}) {
					raw = slices.Clone(c.words[i : i+len(vw)])
				} else {
					i = -1 // but "the first-preference school" of first_pref_school names the column
				}
			}
			if i < 0 && len(vw) == 1 && strings.HasSuffix(vw[0], "ed") {
				// "In dispute" of the value Disputed.
				for k := 1; k < len(c.words); k++ {
					if w := c.words[k]; c.words[k-1] == "in" && len(w) > 3 && (w+"d" == vw[0] || w+"ed" == vw[0]) {
						i, raw = k, []string{w}
					}
				}
			}
			if i > 0 && wordSet("which", "each", "every", "per", "by", "what", "many")[c.words[i-1]] && len(vw) == 1 && (slices.Contains(colWords(col.Name), vw[0]) ||
				slices.ContainsFunc(named, func(m mention) bool { return m.col.Kind == kindCategorical && lastWordNames(vw[0], m.col.Name) })) {
				continue // "which station" of start_station, even where a station is called Station; "which tug … as lead tug"
			}
			if i >= 0 && indexSeq(splitWords(c.raw, false), raw...) >= 0 {
				if j := i + len(vw); j < len(c.words) && slices.Contains(colWords(col.Name), c.words[j]) {
					covered[j] = true // "Hoka shoes" of shoe_brand
				}
				if len(out) == 0 || out[len(out)-1].Column != col.Name {
					out = append(out, filter{Column: col.Name})
				}
				out[len(out)-1].Values = append(out[len(out)-1].Values, v)
				out[len(out)-1].at = append(out[len(out)-1].at, i)
				for j := i; j < i+len(vw); j++ {
					covered[j] = true
				}
			}
		}
	}
	out = dropInner(out)
	out = append(out, valueForms(c, p, covered, named)...)
	dc := eventDate(c, p)
	if dc == nil {
		// "In 2023" of a numeric year column.
		for _, col := range p.Columns {
			if col.Kind != kindNumeric || !slices.Equal(colWords(col.Name), []string{"year"}) {
				continue
			}
			for i, w := range c.words {
				if y, err := strconv.Atoi(w); err == nil && y >= 1900 && y <= 2100 && i > 0 && wordSet("in", "during", "for", "of", "since")[c.words[i-1]] {
					out = append(out, filter{Column: col.Name, Op: "==", Num: float64(y)})
					covered[i] = true
				}
			}
		}
		return out
	}
	// "Between January and March 2025": the months from one to the other.
	for i := 0; i+3 < len(c.words); i++ {
		m1, ok1 := months[c.words[i+1]]
		m2, ok2 := months[c.words[i+3]]
		if !wordSet("between", "from")[c.words[i]] || !ok1 || !ok2 || !wordSet("and", "to", "through", "until")[c.words[i+2]] || m1 > m2 || covered[i+1] || covered[i+3] {
			continue
		}
		out = append(out, filter{Column: dc.Name, Part: "month", Values: numberRange(m1, m2), at: []int{i + 1, i + 3}})
		for j := i; j <= i+3; j++ {
			covered[j] = true
		}
		if i+4 < len(c.words) {
			if y, err := strconv.Atoi(c.words[i+4]); err == nil && y >= 1900 && y <= 2100 {
				out = append(out, filter{Column: dc.Name, Part: "year", Values: []string{c.words[i+4]}})
				covered[i+4] = true
			}
		}
	}
	out = append(out, dayRanges(c, dc.Name, covered)...)
	// "The first week of October": its 1st to 7th days (the month is read
	// below).
	for i := 0; i+3 < len(c.words); i++ {
		n := map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4}[c.words[i]]
		if _, month := months[c.words[i+3]]; n == 0 || c.words[i+1] != "week" || c.words[i+2] != "of" || !month || covered[i] {
			continue
		}
		out = append(out, filter{Column: dc.Name, Part: "day", Values: numberRange(7*(n-1)+1, 7*n), at: []int{i}})
		for j := i; j <= i+2; j++ {
			covered[j] = true
		}
	}
	// "The second half of 2024": July to December of that year; "the
	// first half of the year": January to June.
	for i := 0; i+3 < len(c.words); i++ {
		y, err := strconv.Atoi(c.words[i+3])
		theYear := i+4 < len(c.words) && c.words[i+3] == "the" && c.words[i+4] == "year" && !covered[i+4]
		if !wordSet("first", "second")[c.words[i]] || c.words[i+1] != "half" || c.words[i+2] != "of" || !theYear && (err != nil || y < 1900 || y > 2100 || covered[i+3]) {
			continue
		}
		first := map[string]int{"first": 1, "second": 7}[c.words[i]]
		out = append(out, filter{Column: dc.Name, Part: "month", Values: numberRange(first, first+5), at: []int{i}}) // the year is read below
		for j := i; j <= i+2; j++ {
			covered[j] = true
		}
		if theYear {
			covered[i+3], covered[i+4] = true, true
		}
	}
	for i, w := range c.words {
		// "Over the weekend", "on weekends": Saturdays and Sundays.
		if w == "weekend" && !covered[i] {
			out = append(out, filter{Column: dc.Name, Part: "weekday", Values: []string{"Saturday", "Sunday"}, at: []int{i}})
			covered[i] = true
			continue
		}
		// "On a Saturday", "(Saturday or Sunday)": days of the week; a
		// day the weekend already names is said twice.
		if day := weekdayName(w); day != "" && !covered[i] {
			covered[i] = true
			k := slices.IndexFunc(out, func(f filter) bool { return f.Column == dc.Name && f.Part == "weekday" })
			switch {
			case k < 0:
				out = append(out, filter{Column: dc.Name, Part: "weekday", Values: []string{day}, at: []int{i}})
			case !slices.Contains(out[k].Values, day):
				out[k].Values = append(out[k].Values, day)
				out[k].at = append(out[k].at, i)
			}
			continue
		}
		// "on October 15", "on 15 October": a day of the year.
		if m, ok := months[w]; ok && i > 0 && len(w) > 3 {
			for _, d := range []int{i + 1, i - 1} {
				on := i - 1
				if d == i-1 {
					on = i - 2
				}
				if d < 0 || d >= len(c.words) || on < 0 || c.words[on] != "on" {
					continue
				}
				if day, err := strconv.Atoi(strings.TrimRight(c.words[d], "stndrh")); err == nil && day >= 1 && day <= 31 {
					out = append(out, filter{Column: dc.Name, Part: "day of the year", Values: []string{fmt.Sprintf("%02d-%02d", m, day)}})
					covered[i], covered[d] = true, true
					break
				}
			}
			if covered[i] {
				continue
			}
		}
		// "In the year 2024", "in calendar year 2024": the year's own words.
		before := i
		if y, err := strconv.Atoi(w); err == nil && y >= 1900 && y <= 2100 && i > 1 && c.words[i-1] == "year" {
			for before = i - 1; before > 0 && wordSet("year", "calendar", "the")[c.words[before-1]]; before-- {
			}
		}
		if before == 0 || !wordSet("in", "during", "for", "of", "since")[c.words[before-1]] {
			continue
		}
		if y, err := strconv.Atoi(w); err == nil && y >= 1900 && y <= 2100 {
			out = append(out, filter{Column: dc.Name, Part: "year", Values: []string{w}})
			for k := before; k <= i; k++ {
				covered[k] = true
			}
		} else if m, ok := months[w]; ok && !covered[i] && (w != "may" || i+1 == len(c.words) || c.words[i-1] == "in") {
			out = append(out, filter{Column: dc.Name, Part: "month", Values: []string{strconv.Itoa(m)}})
			covered[i] = true
			if y, err := strconv.Atoi(strings.Join(c.words[i+1:min(i+2, len(c.words))], "")); err == nil && y >= 1900 && y <= 2100 {
				out = append(out, filter{Column: dc.Name, Part: "year", Values: []string{c.words[i+1]}}) // "June 2025"
				covered[i+1] = true
			}
		}
	}
	// A year the first date column does not reach is another's: "booked
	// for June 2025" of enquiryDate (2023-2024) and eventDate (2025).
	for _, f := range out {
		if f.Column != dc.Name || f.Part != "year" {
			continue
		}
		when := f.Values[0]
		if k := slices.IndexFunc(out, func(g filter) bool { return g.Column == dc.Name && g.Part == "month" && len(g.Values) == 1 }); k >= 0 {
			m, _ := strconv.Atoi(out[k].Values[0])
			when = fmt.Sprintf("%s-%02d", when, m)
		}
		if inYears(*dc, when) {
			continue
		}
		for _, col := range p.Columns {
			if col.Kind == kindDate && col.Name != dc.Name && inYears(col, when) {
				for k := range out {
					if out[k].Column == dc.Name && out[k].Part != "" {
						out[k].Column = col.Name
					}
				}
				return out
			}
		}
	}
	return out
}

// dropMeasureValues drops a one-word value that a numeric column's whole
// name, said around it, holds: "how many reviews did we receive" of
// reviewsReceived is no filter of articleType = Review; nor is "the
// average wind speed" of Wind m/s one of Status = WIND. Nor is a word a
// count column is named by, counted or picked ("three tugs", "which tug"
// of Tugs) one of Delay Code = TUG, nor a word of the whole name of a
// categorical column ("lead tug" of Lead Tug).
func dropMeasureValues(c clause, fs []filter, ms []mention) []filter {
	return keepValues(fs, func(f filter, k int) bool {
		return len(words(f.Values[k])) == 1 && slices.ContainsFunc(ms, func(m mention) bool {
			if m.col.Name == f.Column || !inSpan(f.at[k], m) {
				return false
			}
			if m.col.Kind == kindCategorical {
				return m.len >= 2 && m.len >= len(colWords(m.col.Name)) // "lead tug" of Lead Tug, not Delay Code = TUG
			}
			if m.col.Kind != kindNumeric {
				return false
			}
			if m.len == 1 && len(colWords(m.col.Name)) == 1 {
				if m.pos > 0 {
					if _, counted := wordNumber(c.words[m.pos-1]); counted || c.words[m.pos-1] == "which" {
						return true
					}
				}
				// "How many tug orders": the value's own column unsaid.
				return !slices.ContainsFunc(ms, func(o mention) bool { return o.col.Name == f.Column })
			}
			return m.len >= 2 && (m.len >= len(colWords(m.col.Name)) || measuredAs(c.words[m.pos+m.len-1], words(m.col.Name)))
		})
	})
}

// dropVerbValues drops a one-word value said where the clause's verb
// stands: after "do", "does" or "did" and the plural its subject ends in,
// and before a preposition or the end ("which home port do most of our
// visitors sail in from" is no filter of boatType = Sail).
func dropVerbValues(c clause, fs []filter) []filter {
	return keepValues(fs, func(f filter, k int) bool {
		i := f.at[k]
		if len(words(f.Values[k])) != 1 || i < 2 || !writtenPlural(c.raw, c.words[i-1]) || i+1 < len(c.words) && !particles[c.words[i+1]] && !wordSet("in", "from", "to", "into", "at", "with", "on", "through")[c.words[i+1]] {
			return false
		}
		return slices.ContainsFunc(c.words[max(0, i-6):i-1], func(w string) bool { return wordSet("do", "does", "did")[w] })
	})
}

// keepValues drops the values of fs that drop picks, and a filter left
// with none. A filter whose values have no word each (a part of a date,
// a condition, "grade 4 or 5") is kept whole.
func keepValues(fs []filter, drop func(f filter, k int) bool) []filter {
	var out []filter
	for _, f := range fs {
		if f.Part != "" || f.Op != "" || len(f.at) != len(f.Values) {
			out = append(out, f)
			continue
		}
		g := f
		g.Values, g.at = nil, nil
		for k, v := range f.Values {
			if !drop(f, k) {
				g.Values = append(g.Values, v)
				g.at = append(g.at, f.at[k])
			}
		}
		if len(g.Values) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// valueForms reads a value named by another form of its word: "the
// failure rate" of STATUS = FAILED, "cancellations" of Cancelled. Only a
// word no column's name holds, and only when one value of one column
// has that form.
func valueForms(c clause, p profile, covered map[int]bool, named []mention) []filter {
	var out []filter
	for i, w := range c.words {
		if covered[i] || len(w) < 5 || stopWords[w] || weakWords[w] || slices.ContainsFunc(named, func(m mention) bool { return inSpan(i, m) }) {
			continue
		}
		if slices.ContainsFunc(p.Columns, func(col colProfile) bool { return col.Kind == kindDate && datesEvent(col, w) }) {
			continue // "how long to settle a bill" of Settled Date: the event a date is of, not Status = Settled
		}
		var hit []filter
		for _, col := range p.Columns {
			if col.Kind != kindCategorical || col.Unique > 12 {
				continue
			}
			for _, v := range col.Values {
				vw := words(v)
				if len(vw) != 1 || vw[0] == w || len(vw[0]) < 4 {
					continue
				}
				// "Stretcher" of STRETCH: the value is the word less an -er.
				if sameWord(w, vw[0]) || strings.TrimSuffix(w, "ure")+"ed" == vw[0] || tradeOf(w, vw[0]) || len(vw[0]) >= 5 && vw[0]+"er" == w {
					hit = append(hit, filter{Column: col.Name, Values: []string{v}, at: []int{i}})
				}
			}
		}
		if len(hit) == 1 {
			out = append(out, hit[0])
			covered[i] = true
		}
	}
	return out
}

// tradeOf reports whether w names the people of the trade v: the
// electricians of Electrical, the plumbers of Plumbing, the joiners of
// Joinery, the decorators of Decorating.
func tradeOf(w, v string) bool {
	if base, ok := strings.CutSuffix(w, "ician"); ok && len(base) >= 3 {
		return v == base+"ical" || v == base+"ics" || v == base+"ic"
	}
	for _, end := range []string{"er", "or"} {
		if base, ok := strings.CutSuffix(w, end); ok && len(base) >= 4 {
			return v == base+"ing" || v == base+"ery" || v == base+"ry" || v == base+"work"
		}
	}
	return false
}

// eventDate is the date column a clause's dates are of: the first one,
// unless the clause names only another's event ("how many drops arrived
// in May" of Load Date/Time and Arrive Date/Time).
func eventDate(c clause, p profile) *colProfile {
	dc := dateColumn(p)
	if dc == nil {
		return nil
	}
	named, many := -1, false
	for k, col := range p.Columns {
		if col.Kind != kindDate || !slices.ContainsFunc(c.words, func(w string) bool { return datesEvent(col, w) }) {
			continue
		}
		if col.Name == dc.Name || named >= 0 {
			many = true
			break
		}
		named = k
	}
	if many {
		// "Requests for appointments in April": of two dates named, the
		// one said right before the month or the year.
		for i := 0; i+2 < len(c.words); i++ {
			_, month := months[c.words[i+2]]
			if !wordSet("in", "during")[c.words[i+1]] || !month && !(isDigits(c.words[i+2]) && len(c.words[i+2]) == 4) {
				continue
			}
			if k := slices.IndexFunc(p.Columns, func(col colProfile) bool { return col.Kind == kindDate && datesEvent(col, c.words[i]) }); k >= 0 {
				return &p.Columns[k]
			}
		}
		return dc
	}
	if named < 0 {
		return dc
	}
	return &p.Columns[named]
}

// dayRanges reads the days of one month a clause names: "between the
// 12th and the 18th of May", "from 3 to 9 March", "12 May to 18 May",
// "the week commencing 10 February" (that day and the six after it),
// "the first two weeks of October". The
// days and the month are filters of the date column col; a range across
// two months is left unread.
func dayRanges(c clause, col string, covered map[int]bool) []filter {
	ws := c.words
	skip := func(j int, set map[string]bool) int {
		for j < len(ws) && set[ws[j]] {
			j++
		}
		return j
	}
	day := func(j int) int {
		if j >= len(ws) || covered[j] {
			return 0
		}
		d := ordinal(ws[j])
		if d == 0 && isDigits(ws[j]) {
			d, _ = strconv.Atoi(ws[j])
		}
		if d < 1 || d > 31 {
			return 0
		}
		return d
	}
	month := func(j int) int {
		if j >= len(ws) || covered[j] {
			return 0
		}
		return months[ws[j]]
	}
	var out []filter
	for i := 0; i < len(ws); i++ {
		var lo, hi, m, end int
		switch {
		case wordSet("between", "from")[ws[i]] || ws[i] == "of" && i > 0 && ws[i-1] == "week" && !covered[i-1]: // "the week of 10 to 16 March"
			j := skip(i+1, wordSet("the"))
			if lo = day(j); lo == 0 {
				continue
			}
			m1 := month(j + 1)
			if m1 > 0 {
				j++
			}
			if j+1 >= len(ws) || !wordSet("and", "to", "through", "until", "till")[ws[j+1]] {
				continue
			}
			j = skip(j+2, wordSet("the"))
			if hi = day(j); hi == 0 {
				continue
			}
			j = skip(j+1, wordSet("of"))
			if m = month(j); m == 0 || m1 > 0 && m1 != m || lo > hi {
				continue
			}
			end = j
		case ws[i] == "first" && i+3 < len(ws) && wordSet("day", "week")[ws[i+2]] && ws[i+3] == "of":
			// "The first two weeks of October", "the first 10 days of May".
			n, ok := numberWords[ws[i+1]]
			if !ok {
				n, _ = strconv.Atoi(ws[i+1])
			}
			if ws[i+2] == "week" {
				n *= 7
			}
			if m = month(i + 4); m == 0 || n < 1 || n > monthDays(m) {
				continue
			}
			lo, hi, end = 1, n, i+4
		case ws[i] == "week" && i+1 < len(ws) && wordSet("commencing", "beginning", "starting")[ws[i+1]]:
			j := skip(i+2, wordSet("the", "on"))
			if lo = day(j); lo == 0 {
				continue
			}
			j = skip(j+1, wordSet("of"))
			if m = month(j); m == 0 || lo+6 > monthDays(m) {
				continue
			}
			hi, end = lo+6, j
		default:
			continue
		}
		out = append(out, filter{Column: col, Part: "day", Values: numberRange(lo, hi), at: []int{i}},
			filter{Column: col, Part: "month", Values: []string{strconv.Itoa(m)}, at: []int{end}})
		for k := i; k <= end; k++ {
			covered[k] = true
		}
		if end+1 < len(ws) {
			if y, err := strconv.Atoi(ws[end+1]); err == nil && y >= 1900 && y <= 2100 {
				out = append(out, filter{Column: col, Part: "year", Values: []string{ws[end+1]}})
				covered[end+1] = true
			}
		}
		i = end
	}
	return out
}

// monthDays is the most days month m has (of a leap year).
func monthDays(m int) int {
	return time.Date(2024, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// dropInner drops a value the words of a longer value of another column
// hold: "still under review" is currentStatus = Under Review, not also
// articleType = Review.
func dropInner(fs []filter) []filter {
	type span struct {
		col    string
		lo, hi int
	}
	var spans []span
	for _, x := range fs {
		if x.Part != "" || x.Op != "" || len(x.at) != len(x.Values) {
			continue
		}
		for k, v := range x.Values {
			spans = append(spans, span{x.Column, x.at[k], x.at[k] + len(words(v))})
		}
	}
	return keepValues(fs, func(f filter, k int) bool {
		a := span{f.Column, f.at[k], f.at[k] + len(words(f.Values[k]))}
		return slices.ContainsFunc(spans, func(b span) bool {
			return a.col != b.col && b.lo <= a.lo && a.hi <= b.hi && b.hi-b.lo > a.hi-a.lo
		})
	})
}

// numberRange is lo to hi as filter values: the months or days of a range.
func numberRange(lo, hi int) []string {
	var vs []string
	for v := lo; v <= hi; v++ {
		vs = append(vs, strconv.Itoa(v))
	}
	return vs
}

// weekdayName is the day of the week w names ("saturday", "sat"), or "".
func weekdayName(w string) string {
	for _, d := range []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"} {
		if w == strings.ToLower(d) {
			return d
		}
	}
	return ""
}

// inYears reports whether a date column's dates reach into a year
// ("2025") or a month ("2025-06").
func inYears(col colProfile, when string) bool {
	lo, hi := fmt.Sprint(col.Min), fmt.Sprint(col.Max)
	n := len(when)
	return len(lo) >= n && len(hi) >= n && lo[:n] <= when && when <= hi[:n]
}

// letterNumber is where the clause says a value written as a letter and
// a number by a word with that letter and the number ("priority 1" of
// P1, "tier 2" of T2), or -1.
func letterNumber(ws []string, v string) int {
	if len(v) < 2 || !unicode.IsLetter(rune(v[0])) || !isDigits(v[1:]) {
		return -1
	}
	for j := 0; j+1 < len(ws); j++ {
		if len(ws[j]) >= 4 && ws[j][0] == byte(unicode.ToLower(rune(v[0]))) && ws[j+1] == v[1:] && !known(ws[j]) {
			return j
		}
	}
	return -1
}

// afterItsColumn reports whether the clause says the short value v right
// after its column's name: "a grade of C", "grade C".
func afterItsColumn(c clause, col colProfile, v string) bool {
	named := func(k int) bool {
		return k >= 0 && slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return sameWord(c.words[k], cw) })
	}
	for i, w := range c.words {
		if w == v && (named(i-1) || i >= 2 && c.words[i-1] == "of" && named(i-2)) {
			return true
		}
	}
	return false
}

// signedValue reports whether the question writes v, a short value with
// a sign ("O-", "A+"), as a word of its own: then it is that value, not
// the letter.
func signedValue(raw, v string) bool {
	if len(v) < 2 || strings.Trim(v, "+-") == v {
		return false
	}
	re := regexp.MustCompile(`(^|[\s"'(])` + regexp.QuoteMeta(v) + `($|[\s"'),.?!])`)
	return re.MatchString(raw)
}

// turnedDownRE finds "turned down", which words() writes "not approved".
var turnedDownRE = regexp.MustCompile(`(?i)\bturn(ed|s|ing)?\s+(\w+\s+)?down\b`)

// otherValues are the values of f's column other than f's, and whether
// the profile lists them all (else they are not known).
func otherValues(p profile, f filter) ([]string, bool) {
	col, ok := columnNamed(p, f.Column)
	if !ok || col.Unique != len(col.Values) {
		return nil, false
	}
	return slices.DeleteFunc(slices.Clone(col.Values), func(v string) bool { return slices.Contains(f.Values, v) }), true
}

// levels reports whether a column's values are levels written as a
// letter and a digit, of two letters or more (A1 … C2, not P1 … P4,
// where a higher priority is the lower number), all listed.
func levels(col colProfile) bool {
	letters := map[byte]bool{}
	for _, v := range col.Values {
		if len(v) != 2 || v[0] < 'A' || v[0] > 'Z' || v[1] < '0' || v[1] > '9' {
			return false
		}
		letters[v[0]] = true
	}
	return len(letters) > 1 && col.Unique == len(col.Values)
}

// spellsInitials reports whether w is the initials of a value's words:
// "uk" of United Kingdom.
func spellsInitials(w string, vw []string) bool {
	return len(vw) == len(w) && !slices.ContainsFunc(rangeOf(0, len(vw)), func(k int) bool { return vw[k][0] != w[k] })
}

// capitalized reports whether the question writes w, not at its start,
// with a capital: a name.
func capitalized(raw, w string) bool {
	fs := strings.FieldsFunc(raw, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' })
	return slices.ContainsFunc(fs[min(1, len(fs)):], func(f string) bool {
		return slices.Equal(words(f), []string{w}) && unicode.IsUpper([]rune(f)[0])
	})
}

// capitalValue reports whether a value written in capitals ("IT", "OR")
// stands in the question as written: the value, not the word "it".
func capitalValue(raw, v string) bool {
	if len(v) < 2 || strings.ToUpper(v) != v || strings.ToLower(v) == v {
		return false
	}
	return slices.Contains(strings.FieldsFunc(raw, func(r rune) bool { return !unicode.IsLetter(r) }), v)
}

func indexSeq(ws []string, seq ...string) int {
	for i := 0; i+len(seq) <= len(ws); i++ {
		if slices.Equal(ws[i:i+len(seq)], seq) {
			return i
		}
	}
	return -1
}

func firstWord(ws []string, set map[string]bool) string {
	for _, w := range ws {
		if set[w] {
			return w
		}
	}
	return ""
}

// unknownWords are the clause's words that name nothing the analyst
// knows: no column, value, operation or function word. Such a word may
// be what the question is about, so answering without it would answer
// another question.
func unknownWords(c clause, covered map[int]bool, p profile, soft *[]string) []string {
	entity := datasetEntity(p)
	nameWords := fileWords(p)
	var out []string
	// "The unpaids" of ARUDD Returns: the rows of a table of payments
	// that came back are what was not paid.
	unpaidRows := unpaidRE.MatchString(c.raw) && slices.ContainsFunc(nameWords, func(n string) bool { return wordSet("return", "arudd", "bounce", "reject", "unpaid")[n] }) && moneyColumn(p) != nil
	for i, w := range c.words {
		if unpaidRows && w == "paid" && i > 0 && c.words[i-1] == "not" {
			continue
		}
		if i > 0 && c.words[i-1] == "column" && !covered[i] {
			out = append(out, w) // "column b" where no column is called b
			continue
		}
		if _, irregular := irregularVerbs[w]; i > 0 && c.words[i-1] == "not" && !covered[i] && (isParticiple(w) || irregular) && !slices.Contains(out, w) {
			out = append(out, w) // "bookings not paid" where no column says paid: not all bookings
			continue
		}
		if _, month := months[w]; month && len(w) > 3 && !covered[i] && i > 0 && wordSet("in", "during", "for", "since")[c.words[i-1]] && dateColumn(p) == nil {
			out = append(out, w) // "dyed in February" of a table with no dates: not all batches
			continue
		}
		if a, ok := adjectiveMeasures[w]; ok && !covered[i] && !strings.HasSuffix(w, "est") && w != "paid" && !(i > 0 && wordSet("most", "least", "more", "less", "how")[c.words[i-1]]) &&
			!slices.ContainsFunc(rangeOf(0, len(c.words)), func(j int) bool { return covered[j] && slices.Contains(a.hints, c.words[j]) }) {
			out = append(out, w) // "samples that were acidic", with no pH condition: which ones is a guess
			continue
		}
		if covered[i] || known(w) || slices.Contains(out, w) {
			continue
		}
		if strings.HasSuffix(w, "ly") && i+1 < len(c.words) && covered[i+1] && slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			cw := colWords(col.Name)
			return slices.ContainsFunc(rangeOf(0, len(cw)-1), func(k int) bool { return cw[k] == "per" && cw[k+1] == stem(w) }) &&
				slices.ContainsFunc(cw, func(x string) bool { return sameWord(c.words[i+1], x) })
		}) {
			continue // "the nightly rate" of rate_gbp_pn, a rate per night
		}
		if w == "site" && i > 1 && c.words[i-1] == "on" && wordSet("attended", "arrived", "present")[c.words[i-2]] {
			continue // "turned up on site": there, where no column is a site
		}
		if afterAuxiliary(c.words, i) && slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			cw := colWords(col.Name)
			return col.Kind == kindCategorical && len(cw) == 1 && sameWord(w, cw[0])
		}) {
			continue // "how many sheep did the gangs shear" of Gang: who did what the rows count
		}
		if i+1 < len(c.words) && wordSet("counting", "including")[w] && wordSet("every", "all", "each")[c.words[i+1]] {
			continue // "counting every bay we checked": over which rows
		}
		if rows, ok := tradeRows[w]; ok && slices.ContainsFunc(nameWords, func(n string) bool { return slices.Contains(rows, n) }) {
			continue // "stems" of Bunker_Deliveries: the rows, as the trade says them
		}
		if w == "attendance" && i >= 2 && c.words[i-1] == "in" && covered[i-2] {
			continue // "no surveyor in attendance": there, or not
		}
		if i >= 2 && c.words[0] == "who" && wordSet("top", "best", "leading", "biggest", "busiest")[c.words[i-1]] && c.words[i-2] == "the" {
			continue // "who was the top gun": the person asked for, by their trade's name
		}
		if wordSet("put", "puts")[w] && slices.Contains(c.words[i+1:], "across") {
			continue // "which farm put the most sheep across", "tonnes we put across": delivered
		}
		if i > 0 && wordSet("we", "they", "you")[c.words[i-1]] && isPast(w) && c.has(commonWords) {
			continue // "which heat pump have we specified most often": the rows' verb, counted
		}
		if i > 0 && i+2 < len(c.words) && wordSet("which", "what")[c.words[i-1]] && c.words[i+1] == "or" && covered[i+2] ||
			i > 2 && wordSet("which", "what")[c.words[i-3]] && c.words[i-1] == "or" && covered[i-2] {
			continue // "which outlet or channel", "which channel or outlet": another name of the column named beside it
		}
		if i+1 < len(c.words) && wordSet("put", "puts", "putting")[w] && (wordSet("in", "through", "forward", "out", "down", "up")[c.words[i+1]] || c.words[i+1] == "on" && i+2 < len(c.words) && wordSet("hold", "stop", "standby")[c.words[i+2]]) || wordSet("stay", "stayed", "stays", "staying")[w] && c.has(wordSet("night", "day")) {
			continue // "which rig put in the most piles", "which engineer put out the most quotes", "litres of fluid we put down", "bumpers put up": did; "samples put on hold": the state named after; "how many nights does a pet stay": how long, in the nights asked
		}
		if wordSet("carry", "carried", "carries", "carrying")[w] && (i+1 < len(c.words) && c.words[i+1] == "out" || i+2 < len(c.words) && c.words[i+2] == "out" && covered[i+1]) {
			continue // "how many interments did we carry out": did
		}
		if wordSet("putting", "put", "puts")[w] && slices.Contains(c.words[i+1:min(i+5, len(c.words))], "through") {
			continue // "which board are we putting the most entries through": sending
		}
		if wordSet("long", "wide", "high", "tall", "deep")[w] && i > 0 && covered[i-1] && wordSet("metre", "meter", "m", "foot", "ft", "inch", "yard", "km", "cm", "mm", "mile")[c.words[i-1]] {
			continue // "ships more than 200 metres long": the size the condition's unit measures
		}
		if w == "thorough" && i+1 < len(c.words) && slices.ContainsFunc(nameWords, func(n string) bool {
			return sameWord(c.words[i+1], n) || stem(c.words[i+1]) == n || strings.HasPrefix(c.words[i+1], n)
		}) {
			continue // "thorough examinations" of LOLER Exams: what every row is
		}
		if wordSet("found", "find", "finds", "revealed", "showed", "identified")[w] && i > 0 && i+1 < len(c.words) && wordSet("a", "an", "any", "no")[c.words[i+1]] &&
			(c.words[i-1] == entity || slices.ContainsFunc(nameWords, func(n string) bool { return sameWord(c.words[i-1], n) || strings.HasPrefix(c.words[i-1], n) })) {
			continue // "how many examinations found a dangerous defect": had, of the rows
		}
		if slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			cw := colWords(col.Name)
			_, flag := isFlag(col)
			return flag && len(cw) == 2 && slices.Contains(cw, w) && slices.ContainsFunc(rangeOf(0, len(c.words)), func(j int) bool { return j != i && covered[j] && c.words[j] != w && slices.Contains(cw, c.words[j]) })
		}) {
			continue // "cc'd to the patient's GP" of CcGP: both its words, apart
		}
		if countWordOf(c, covered, i) {
			continue
		}
		if w == "slaughter" && i > 0 && c.words[i-1] == "for" && slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return wordSet("kill", "abattoir", "slaughter", "deadweight")[cw] })
		}) {
			continue // "pigs we sent for slaughter" of a table of kills: what every row was
		}
		if rowsID(p, w) && writtenPlural(c.raw, w) && i > 0 && c.words[i-1] == "the" && !c.has(descWords) && !c.has(ascWords) {
			continue // "what did the loads killed in May earn" of load_ref, one a row: the rows (a ranking of them reads them as rows already)
		}
		if isParticiple(w) && i > 0 && covered[i-1] && strings.Contains(strings.ToLower(c.raw), c.words[i-1]+"-"+w) {
			continue // "age-restricted interventions" of INTV_CODE = AGE: the value says which
		}
		if w == "half" && i > 0 && c.words[i-1] == "whole" && i+1 < len(c.words) && c.words[i+1] == "year" {
			continue // "across the whole half year": all the rows, as the whole year is
		}
		if i+1 < len(c.words) && c.words[i+1] == "up" && wordSet("add", "adds", "added", "adding")[w] {
			continue // "if you add up time on job": the total, which aggregateOf reads
		}
		if i+1 < len(c.words) && c.words[i+1] == "up" && wordSet("clock", "clocked", "clocking", "rack", "racked", "racking", "notch", "notched", "rang", "ring", "ran", "run", "running")[w] {
			continue // "the overtime the drivers clocked up": how it added up, not what
		}
		if w == entity || stem(w) == stem(entity) || nameAbbreviates(entity, w) {
			if soft != nil && !entityWords[w] && !rowWords[w] && !pastForm(w) {
				*soft = append(*soft, w) // "yield" of crop_yields.csv: what rows are, or a measure not found
			}
			continue
		}
		if slices.Contains(nameWords, w) || slices.ContainsFunc(nameWords, func(n string) bool {
			return len(w) >= 4 && (stem(n) == w || len(n) >= 4 && stem(w) == n) || slices.Contains(synonyms[w], n)
		}) || slices.ContainsFunc(nameWords, func(n string) bool { return len(n) >= 6 && len(w) >= 6 && n[:4] == w[:4] }) ||
			slices.ContainsFunc(nameWords, func(n string) bool { // "dye", "dyed" of DYEHOUSE: the first word of a compound
				// But not a word that starts a value ("wash" of washer in
				// washhouse_cycles): which rows it means is not the table.
				return slices.ContainsFunc([]string{stem(w), strings.TrimSuffix(w, "d")}, func(r string) bool {
					return len(r) >= 3 && len(n) >= len(r)+4 && strings.HasPrefix(n, r) && !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
						return slices.ContainsFunc(col.Values, func(v string) bool { return strings.HasPrefix(strings.ToLower(v), r) })
					})
				})
			}) ||
			slices.ContainsFunc(nameWords, func(n string) bool {
				return nounOfVerb[verbOf(w)] == n || len(n) > 3 && strings.HasSuffix(w, "ed") && stem(w) == n
			}) {
			// A word of the file's name ("clinic", "shipping" of
			// shipments.csv) is no column, but it is what the table is
			// about: harmless unless the question's measure was guessed.
			// Its verb ("claimed" of expense claims) names no measure.
			if soft != nil && !pastForm(w) {
				*soft = append(*soft, w)
			}
			continue
		}
		// A past tense that is the verb of the question ("fees collected",
		// "flights departed from"), not a kind of row ("returned orders").
		// But "which participant dreamed the most" asks for what the verb
		// says, and no column holds it.
		// But "how many orders were refunded" picks the rows it counts by
		// the verb, which ends it: without a column for it, the count is
		// of other rows.
		if (len(w) > 5 && strings.HasSuffix(w, "ed") || len(w) == 5 && strings.HasSuffix(w, "ed") && i > 0 && (byAux[c.words[i-1]] || covered[i-1] && i+1 == len(c.words)) || w == "began" || w == "begun") && (i == 0 || c.words[i-1] != "how") && (i+1 == len(c.words) || !entityWords[c.words[i+1]] && !rowWords[c.words[i+1]] && c.words[i+1] != entity || i > 0 && subjectPronouns[c.words[i-1]]) &&
			!rankedVerb(c.words[i+1:]) && !(i > 0 && passiveWords[c.words[i-1]] && untilNow(c.words[i+1:]) && countsRows(c) && !c.has(distinctWords)) { // "how many different organisations are represented": those there are
			continue
		}
		// "Which user walks the most steps": the verb of the measure named after it.
		// "Which tenant owes us the most in arrears": its object, then the measure after "in".
		if j := i + 1; i > 0 && (covered[i-1] || i >= 2 && slices.ContainsFunc(c.words[max(0, i-3):i-1], func(x string) bool { return x == "which" || x == "what" })) {
			if j < len(c.words) && wordSet("us", "me", "them", "you")[c.words[j]] {
				j++
			}
			if j+2 < len(c.words) && c.words[j] == "the" && (descWords[c.words[j+1]] || ascWords[c.words[j+1]]) && (covered[j+2] || j+3 < len(c.words) && wordSet("in", "of")[c.words[j+2]] && covered[j+3]) {
				continue
			}
		}
		if dc := dateColumn(p); dc != nil && slices.ContainsFunc(words(dc.Name), func(cw string) bool { return sameWord(w, cw) }) {
			continue // "listed" of listed_dt: the event the date is of
		}
		if conceptOfNamed(w, c, covered, p) {
			continue // "how long did the average wash take" of washing_hrs, named by "wash"
		}
		if i > 1 && c.words[i-1] == "the" && wordSet("did", "does", "do")[c.words[i-2]] && i+1 < len(c.words) && takeVerbs[c.words[i+1]] {
			continue // "how much did the practice bill": the business the table is of
		}
		if kindOf(c.words, i) && covered[i+2] {
			continue // "which way of paying" of payment_method
		}
		if glossed(w, c.raw, p) {
			continue // "the highest bitterness (IBU)": the column in brackets says what the word is
		}
		if i > 1 && subjectPronouns[c.words[i-1]] && wordSet("did", "do", "does", "have", "had")[c.words[i-2]] && outcomeVerbs[w] == nil &&
			(i+1 == len(c.words) || covered[i+1] || stopWords[c.words[i+1]]) {
			continue // "how many call-outs did we attend", "what did we bill": what the rows are is what we did
		}
		if i > 0 && c.words[i-1] == "how" && (w == "duration" || w == "length") && len(covered) > 0 && slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return col.Kind == kindNumeric && slices.ContainsFunc(colWords(col.Name), func(u string) bool { return unitConcepts[0].units[u] }) && slices.ContainsFunc(rangeOf(0, len(c.words)), func(j int) bool {
				return covered[j] && slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return sameWord(c.words[j], cw) })
			})
		}) {
			continue // "how long does a customer spend in the queue" of queue_min: the queue names the time
		}
		if billWords[w] && slices.ContainsFunc(c.words[max(0, i-3):i], func(x string) bool { return wordSet("did", "does", "do")[x] }) {
			continue // "how much did the practice bill in fees": the verb of the money asked for
		}
		if i >= 2 && wordSet("this", "the")[c.words[i-1]] && wordSet("in", "from", "on")[c.words[i-2]] && tableWords[w] {
			continue // "how many reactions are in this export": the table itself
		}
		if i >= 3 && wordSet("this", "the")[c.words[i-2]] && wordSet("in", "from", "on")[c.words[i-3]] && tableWords[w] && slices.Contains(fileWords(p), c.words[i-1]) {
			continue // "shearers on the tally sheets" of shearing_tally.csv: the same, by its file's name
		}
		// "The average tip a client leaves", "the days a bike stays in the
		// shop": the verb of the rows in a clause that names the measure.
		if i >= 2 && wordSet("a", "an", "each", "every")[c.words[i-2]] && (entityWords[c.words[i-1]] || rowWords[c.words[i-1]] || c.words[i-1] == entity) &&
			slices.ContainsFunc(rangeOf(0, i-2), func(j int) bool { return covered[j] }) && isPresentVerb(c.raw, w) {
			continue
		}
		if i >= 2 && acrossTheWhole(c, i-2) {
			continue // "across the portfolio": the whole the table is of
		}
		if headWords[w] && i > 0 && c.words[i-1] == "per" && peopleCount(p) != nil {
			continue // "spend per head" of a table with covers: per person served
		}
		if w == "part" && i > 0 && wordSet("take", "took", "taken", "taking", "takes")[c.words[i-1]] {
			continue // "how many helms took part": were there
		}
		if w == "size" && i > 0 && covered[i-1] {
			continue // "the median crowd size": how big the crowd was
		}
		if wordSet("processed", "analysed", "analyzed", "examined", "tested")[w] && i+1 == len(c.words) && i > 0 && byAux[c.words[i-1]] && !slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return sameWord(w, cw) })
		}) {
			continue // "how many returns were processed": every row the table holds
		}
		if w == "once" && i >= 2 && c.words[i-2] == "at" && c.words[i-1] == "least" {
			continue // "pupils who were off at least once": any row of theirs
		}
		if wordSet("difference", "differ", "differs")[w] && slices.Contains(c.words[i+1:], "between") {
			continue // "is there a difference in the average amount between cash and card": a comparison of the groups
		}
		if hedgeWords[w] && i+1 < len(c.words) && covered[i+1] {
			continue // "flagged as possible fraud" of flaggedFraud: the flag is the possibility
		}
		if _, irregular := irregularVerbs[w]; irregular && i > 0 && (rowWords[c.words[i-1]] || entityWords[c.words[i-1]] || c.words[i-1] == entity || slices.Contains(nameWords, c.words[i-1])) {
			j := i + 1
			for j < len(c.words) && articles[c.words[j]] {
				j++
			}
			if j < len(c.words) && covered[j] {
				continue // "how many checks found a bad seal": what the rows found is the condition named after the verb
			}
		}
		if i > 0 && covered[i-1] && slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			return measuredAs(w, words(col.Name)) && slices.ContainsFunc(colWords(col.Name), func(cw string) bool { return sameWord(c.words[i-1], cw) })
		}) {
			continue // "the wind speed" of Wind m/s, where "wind" also said a status
		}
		if agentOfVerb(c, i) {
			continue // "how many D-poles did the testers find", "how many checks have QA logged": who did what every row records
		}
		out = append(out, w)
	}
	return out
}

// agentOfVerb reports whether the clause's word i is who does its verb,
// between the auxiliary and the verb: "did the testers find", "do the
// techs spend", "have QA logged". A person named by a plural ("the
// testers") or by initials ("QA") is whoever did the work each row
// records; a word that qualifies them ("did the night crew do") is not.
func agentOfVerb(c clause, i int) bool {
	w := c.words[i]
	aux := wordSet("did", "do", "does", "have", "has", "had")
	person := len(w) > 4 && slices.ContainsFunc([]string{"er", "or", "ist", "ian"}, func(e string) bool { return strings.HasSuffix(w, e) })
	initials := slices.ContainsFunc(strings.Fields(c.raw), func(f string) bool {
		f = strings.Trim(f, ".,;:?!'\"")
		return len(f) >= 2 && len(f) <= 3 && strings.ToUpper(f) == f && strings.ToLower(f) == w
	})
	switch {
	case i > 1 && wordSet("the", "our")[c.words[i-1]] && aux[c.words[i-2]] && person:
	case i > 0 && aux[c.words[i-1]] && initials:
	default:
		return false
	}
	if i+1 >= len(c.words) {
		return false
	}
	next := c.words[i+1]
	return !entityWords[next] && !rowWords[next] && !stopWords[next] && next != "of"
}

// untilNow reports whether the words after a verb say only that it is
// so until now, or nothing: "so far", "to date", "yet".
func untilNow(rest []string) bool {
	return !slices.ContainsFunc(rest, func(w string) bool {
		return !wordSet("so", "far", "yet", "already", "to", "date", "now")[w]
	})
}

// isPast reports whether w is a verb's past: "charged", "paid", "used".
func isPast(w string) bool {
	_, irregular := irregularVerbs[w]
	return pastForm(w) || irregular || shortParticiples[w]
}

// pastForm reports whether w is a verb's past ("claimed"), which names
// no measure even where its root names the rows.
func pastForm(w string) bool {
	return strings.HasSuffix(w, "ed") && stem(w) != w
}

// hedgeWords say a flag or a label is a suspicion, not a finding.
var hedgeWords = wordSet("possible", "suspected", "potential", "likely", "probable", "suspicious", "alleged")

// glossRE finds a word with a name in brackets after it: "bitterness (IBU)".
var glossRE = regexp.MustCompile(`([\p{L}-]+)\s*\(([^()]{1,40})\)`)

// unpaidRE finds "unpaid" or "unpaids", which words() writes "not paid".
var unpaidRE = regexp.MustCompile(`(?i)\bunpaids?\b`)

// codeNumberRE reads a value written as letters and a number: R1, B12.
var codeNumberRE = regexp.MustCompile(`^([A-Za-z]+)(\d+)$`)

// glossLeadRE3 finds the last three words of a text.
var glossLeadRE3 = regexp.MustCompile(`(?:[\p{L}-]+\s+){0,2}[\p{L}-]+\s*$`)

// glossed reports whether the question writes a column's name in brackets
// right after w: the question's own gloss of its word.
func glossed(w, raw string, p profile) bool {
	for _, m := range glossRE.FindAllStringSubmatch(raw, -1) {
		ws := words(m[1])
		if len(ws) == 0 {
			continue
		}
		inside := strings.Fields(m[2])
		named := slices.ContainsFunc(p.Columns, func(col colProfile) bool {
			in, cw := words(m[2]), words(col.Name)
			return slices.Equal(cw, in) || len(in) == 1 && len(cw) == 1 && len(cw[0]) >= 3 && sameWord(in[0], cw[0]) // "(registrations)" of Reg
		})
		// "Sheffield (court code SHF)": the bracket names a value.
		valueCol := slices.IndexFunc(p.Columns, func(col colProfile) bool {
			return len(inside) > 0 && slices.ContainsFunc(col.Values, func(v string) bool { return v == inside[len(inside)-1] })
		})
		if ws[len(ws)-1] == w && (named || valueCol >= 0) {
			return true
		}
		// The words before that one: "ground power (GPU)", whose initials
		// start the column's name; "the remote stands (R1 to R4)", of the
		// column whose values the bracket names.
		lead := strings.Fields(strings.ToLower(glossLeadRE3.FindString(raw[:strings.Index(raw, m[0])+len(m[1])])))
		k := slices.Index(lead, w)
		if k < 0 || k == len(lead)-1 || known(w) {
			continue
		}
		initials := ""
		for _, x := range lead[k:] {
			initials += x[:1]
		}
		if named && len(initials) >= 2 && strings.HasPrefix(strings.ToLower(m[2]), initials) {
			return true
		}
		if valueCol >= 0 && slices.ContainsFunc(colWords(p.Columns[valueCol].Name), func(cw string) bool { return sameWord(singular(lead[len(lead)-1]), cw) }) {
			return true
		}
	}
	return false
}

// takeVerbs say what a business took in or sold, after its name.
var takeVerbs = wordSet("bill", "charge", "take", "earn", "make", "sell", "collect", "bring")

// writtenPlural reports whether raw says w in a plural: things that can
// be rows, not a mass ("cars", not "milk").
func writtenPlural(raw, w string) bool {
	return slices.ContainsFunc(rawWords(raw), func(q string) bool { return singular(q) == w && q != w })
}

// rawWords are raw's words as written, lower-cased: no singular, no
// expansion.
func rawWords(raw string) []string {
	return strings.FieldsFunc(strings.ToLower(raw), func(r rune) bool { return !unicode.IsLetter(r) })
}

// compoundRE finds words written with a hyphen: "pick-ups", "call-outs".
var compoundRE = regexp.MustCompile(`\b([A-Za-z]+)-([A-Za-z]+)\b`)

// joinedCompound is c with the two words of ws that the question writes
// as a hyphenated compound written as one ("pick-ups" → pickup).
func joinedCompound(c clause, ws []string) (clause, bool) {
	for _, m := range compoundRE.FindAllStringSubmatch(c.raw, -1) {
		a, b := words(m[1]), words(m[2])
		if len(a) != 1 || len(b) != 1 || !slices.Contains(ws, a[0]) || !slices.Contains(ws, b[0]) {
			continue
		}
		if i := indexSeq(c.words, a[0], b[0]); i >= 0 {
			return clause{raw: c.raw, words: slices.Concat(c.words[:i], []string{singular(strings.ToLower(m[1] + m[2]))}, c.words[i+2:])}, true
		}
	}
	return c, false
}

// kindOf reports whether the words at i say "kind of", "type of", "way
// of" and so on.
func kindOf(ws []string, i int) bool {
	return i >= 0 && i+2 < len(ws) && ws[i+1] == "of" && kindOfWords[ws[i]]
}

// kindOfWords come before "of" and the thing they sort: "what kind of".
var kindOfWords = wordSet("kind", "type", "sort", "category", "class", "way")

// nounOfVerb names the rows a verb makes where the noun is no form of it:
// "the selling price" of car_sales.csv is the price of its rows.
var nounOfVerb = map[string]string{"sell": "sale", "buy": "purchase", "lend": "loan", "fly": "flight", "bear": "birth", "die": "death"}

// verbNouns name a column's noun by the question's verb: "consumed" is
// consumption, "borrow" the loan. (Not "sell": a sale is a row, not the
// money of Line Total.)
var verbNouns = map[string]string{"consume": "consumption", "borrow": "loan"}

// nounsOf are the nouns verbNouns gives for a form of a verb: "consumed"
// consumption, "borrowing" loan.
func nounsOf(w string) []string {
	var out []string
	for _, b := range []string{w, strings.TrimSuffix(w, "d"), strings.TrimSuffix(w, "ed"), strings.TrimSuffix(w, "ing"), strings.TrimSuffix(w, "ing") + "e", strings.TrimSuffix(w, "s")} {
		if n := verbNouns[b]; n != "" {
			out = append(out, n)
		}
	}
	return out
}

// verbOf is the verb a word is a form of ("selling", "sold" → sell), or
// the word.
func verbOf(w string) string {
	if b, ok := irregularVerbs[w]; ok {
		return b
	}
	for _, end := range []string{"ing", "s"} {
		if b := strings.TrimSuffix(w, end); b != w && nounOfVerb[b] != "" {
			return b
		}
	}
	return w
}

// passiveWords come before a participle that says what happened to the rows.
var passiveWords = wordSet("was", "were", "is", "are", "been", "be", "get", "got", "being")

// countsRows reports whether a clause counts rows or asks for their share.
func countsRows(c clause) bool {
	return containsSeq(c.words, "how", "many") || containsSeq(c.words, "number", "of") || c.has(shareWords) || c.has(rateWords)
}

// conceptOfNamed reports whether w is what the one column in a unit
// measures ("length" of the one column in hours) and the clause names
// that column by another word.
func conceptOfNamed(w string, c clause, covered map[int]bool, p profile) bool {
	for _, uc := range unitConcepts {
		if !slices.Contains(uc.words, w) {
			continue
		}
		var hit []colProfile
		for _, col := range p.Columns {
			if col.Kind == kindNumeric && slices.ContainsFunc(words(col.Name), func(u string) bool { return uc.units[u] }) {
				hit = append(hit, col)
			}
		}
		if len(hit) != 1 {
			continue
		}
		for i, q := range c.words {
			if covered[i] && slices.ContainsFunc(colWords(hit[0].Name), func(cw string) bool { return !uc.units[cw] && sameWord(q, cw) }) {
				return true
			}
		}
	}
	return false
}

// rankedVerb reports whether the words after a verb rank by it alone:
// "(the) most", "the least often", to the end of the clause.
func rankedVerb(rest []string) bool {
	if len(rest) > 0 && rest[0] == "the" {
		rest = rest[1:]
	}
	if len(rest) == 0 || !wordSet("most", "least", "more", "less", "longest", "shortest")[rest[0]] {
		return false
	}
	for _, w := range rest[1:] {
		if !wordSet("often", "time", "overall", "in", "total", "on", "average", "over", "the", "this", "during")[w] && !termWords[w] {
			return false
		}
	}
	return true
}

// noColumnFor says which words no column matches, and which columns a
// word could mean when several do.
func noColumnFor(unknown []string, p profile) string {
	var amb []string
	for _, w := range unknown {
		var cols []string
		for _, col := range p.Columns {
			if slices.ContainsFunc(words(col.Name), func(cw string) bool { return sameWord(w, cw) }) {
				cols = append(cols, col.Name)
			}
		}
		if len(cols) > 1 {
			amb = append(amb, fmt.Sprintf("%q could be %s (name one)", w, strings.Join(cols, " or ")))
		}
	}
	if len(amb) > 0 {
		return strings.Join(amb, "; ")
	}
	q := make([]string, len(unknown))
	for i, w := range unknown {
		q[i] = strconv.Quote(w)
	}
	return fmt.Sprintf("none of its columns holds %s", strings.Join(q, ", "))
}

// capabilitiesFor lists what the analyst can answer from a dataset's columns.
func capabilitiesFor(p profile, ds []derived) string {
	var nums, cats, flags []string
	var date string
	for _, c := range p.Columns {
		_, flag := isFlag(c)
		switch {
		case flag:
			flags = append(flags, c.Name)
		case c.Kind == kindDate:
			if date == "" {
				date = c.Name
			}
		case c.Kind == kindNumeric && !isID(c) && !isTime(c):
			nums = append(nums, c.Name)
		case c.Kind == kindCategorical || c.Kind == kindText:
			cats = append(cats, c.Name)
		}
	}
	if d, _, ok := derivedMeasure(clause{words: []string{"value"}}, p, nil); ok && len(ds) == 0 {
		ds = append(ds, d)
	}
	var parts []string
	if len(nums) > 0 || len(ds) > 0 {
		s := "totals, averages, medians, percentiles, spreads, highest and lowest of " + strings.Join(nums, ", ")
		for _, d := range ds {
			s += fmt.Sprintf(" (and of a row's value, `%s`)", d.Formula)
		}
		parts = append(parts, s)
	}
	if len(cats) > 0 {
		parts = append(parts, "counts, distinct counts and breakdowns by "+strings.Join(cats, ", "))
	}
	if len(flags) > 0 {
		parts = append(parts, "counts and shares of rows that are or are not "+strings.Join(flags, ", "))
	}
	if date != "" {
		parts = append(parts, "all of these per day, week, month, quarter or year of "+date+", and trends over it")
	}
	if len(parts) == 0 {
		return "What I can answer from them: the number of rows."
	}
	return "What I can answer from them: " + strings.Join(parts, "; ") + "."
}

// tableWords name a table itself: "in this export", "in the file".
var tableWords = wordSet("export", "file", "extract", "sheet", "spreadsheet", "dataset", "table", "data", "log", "list", "register")

// isPresentVerb reports whether raw says w with a third-person "s" ("a
// client leaves", "a bike stays"): the verb of the noun before it.
func isPresentVerb(raw, w string) bool {
	return slices.ContainsFunc(rawWords(raw), func(q string) bool { return q == w+"s" || q == w+"es" })
}

// periodKinds say which period of its length a table's own period is:
// "the half year", "the financial year".
var periodKinds = wordSet("half", "financial", "fiscal", "academic", "school", "calendar", "whole", "full", "entire")

package analysteval

import (
	"fmt"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
)

// python is the interpreter the corpora run in; $SCRIPTEDMODEL_PYTHON
// overrides /usr/bin/python3. The test is skipped without pandas.
func python(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs Python")
	}
	py := os.Getenv("SCRIPTEDMODEL_PYTHON")
	if py == "" {
		py = "/usr/bin/python3"
	}
	if out, err := exec.Command(py, "-c", "import pandas, matplotlib").CombinedOutput(); err != nil {
		t.Skipf("%s cannot import pandas and matplotlib: %v: %s", py, err, out)
	}
	return py
}

// runCorpus runs a corpus and logs every answer that was not correct.
func runCorpus(t *testing.T, dir string) Score {
	t.Helper()
	c, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Run(t.Context(), c, python(t), "../../testdata/scripts")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range s.Outcomes {
		if o.Verdict != Correct || testing.Verbose() {
			t.Logf("%s: %s [%s]: %s; want %v\n  answer: %s", o.Verdict, o.Question, o.Table, o.Why, o.Want, o.Answer)
		}
	}
	t.Logf("%d questions: %d correct (%.1f%%), %d a different question answered (%.1f%%), %d refused (%.1f%%)",
		len(s.Outcomes), s.Correct, 100*s.Rate(s.Correct), s.Different, 100*s.Rate(s.Different), s.Refusals, 100*s.Rate(s.Refusals))
	return s
}

// TestCorpora holds the analyst to its goals on every corpus it has met:
// at least 85% correct, at most 2% answering a different question, the
// rest honest refusals. dev (orders, web sessions, listings) and dev2
// (questions written for the kinds of gap the held-out runs showed, on
// tables of their own) are what it was built on; round1 to round10,
// round13 to round15, round17, round19, round22, round26 and round47 to round52 were each written fresh as a held-out corpus, run
// once (their first-run figures are in BENCHMARKS.md), and then used to
// fix the general gaps they showed (round6 by their kind, through dev2),
// so a regression on any of them fails here. TestHeldOutCorpus measures
// the corpus none of the fixes has seen.
func TestCorpora(t *testing.T) {
	for _, dir := range []string{"dev", "dev2", "round1", "round2", "round3", "round4", "round5", "round6", "round7", "round8", "round9", "round10", "round13", "round14", "round15", "round17", "round19", "round22", "round26", "round47", "round48", "round49", "round50", "round51", "round52"} {
		t.Run(dir, func(t *testing.T) {
			s := runCorpus(t, "../../testdata/analyst/"+dir)
			if r := s.Rate(s.Correct); r < 0.85 {
				t.Errorf("got %.1f%% correct, want at least 85%%", 100*r)
			}
			if r := s.Rate(s.Different); r > 0.02 {
				t.Errorf("got %.1f%% answering a different question, want at most 2%%", 100*r)
			}
		})
	}
}

// TestCorporaBelowGoal holds the corpora that were held out, run once, and
// fixed only in part to the figures they reached: no regression, until
// they meet the goals and join TestCorpora. round11's first run was 38 /
// 4 / 28 of 70, after its general fixes 49 / 2 / 19 (52 / 2 / 16 after
// round14's and round15's); round12's 40 / 7 / 23, then 46 / 1 / 23 (51 /
// 1 / 18 after the later rounds'); round16's 42 / 6 / 22, then 48 / 1 / 21
// (49 / 1 / 20 after round17's). round18 to round21 were each run once and
// fixed in part: round18 32 / 9 / 29, then 48 / 4 / 18; round19 40 / 10 /
// 20, then 53 / 2 / 15; round20 34 / 6 / 30, then 37 / 5 / 28; round21 41 /
// 5 / 24, then 46 / 4 / 20. round22's fixes raised round11 to 53 / 2 / 15,
// round12 to 53 / 1 / 16, round19 to 55 / 2 / 13, round20 to 39 / 5 / 26
// and round21 to 48 / 3 / 19; the readings after them (best and worst of a
// time, dates like 05-03-2024, a rate's unit) round11 to 55 / 1 / 14,
// round19 to 56 / 1 / 13, round20 to 42 / 2 / 26 and round21 to 49 / 2 /
// 19. round23 and round24 were run once (32 / 8 / 30 and 38 / 11 / 21)
// and fixed in part (then 54 / 1 / 15 and 58 / 1 / 11), which raised
// round16 to 50 / 1 / 19, round18 to 52 / 2 / 16, round19 to 57 / 0 / 13
// and round20 to 44 / 1 / 25. round25 was run once (37 / 8 / 25, beside
// round26) and fixed in part (46 / 0 / 24), which
// raised round21 to 50 / 1 / 19. round26, held out beside it (41 / 4 /
// 25, twice), was then fixed (62 / 0 / 8) and joined TestCorpora; its
// fixes raised round12 to 54 / 1 / 15, round18 to 53 / 2 / 15 and round20
// to 45 / 1 / 24; round20's own (money said in words, monthly bills, the
// first week of a month) then to 55 / 0 / 15; the verb of a relative
// clause ("the average tip a client leaves"), "in this export" and a
// short past tense at the end ("swimmers raced") raised round16 to 51 / 1
// / 18 and round21 to 52 / 1 / 17; what the rows went through ("were
// processed", "took part"), "crowd size", "the strongest wind we raced
// in" and money conditions on refund_amt raised round11 to 56 / 1 / 13,
// round12 to 58 / 1 / 11, round19 to 59 / 0 / 11 and round24 to 59 / 1 /
// 10. round27 and round28 were run once (36 / 4 / 30 and 32 / 12 / 26);
// their answers to another question were then read (only those), and the
// readings they showed (a compound's last word, the head a distinct count
// counts, km/h, ordinals, "match days", a share of all applications,
// concentrations, "by each" of no column) raised them to 37 / 3 / 30 and
// 38 / 5 / 27. round29 was then read whole (39 / 11 / 20 before, 54 / 2
// / 14 after); round30 and round31 were run once (31 / 10 / 29 and 42 /
// 7 / 21) and fixed in part (41 / 4 / 25 and 54 / 1 / 15); their readings
// raised round11 to 57 / 1 / 12, round18 to 54 / 2 / 14, round19 to 61 /
// 0 / 9, round21 to 53 / 1 / 16 and round27 to 38 / 2 / 30. round32 and
// round33, held out beside them (33 / 6 / 31 and 30 / 11 / 29), were then
// read (their answers to another question only) and fixed in part (37 /
// 2 / 31 and 35 / 6 / 29); round34 and round35 were run once (27 / 4 / 39
// and 22 / 18 / 30) and fixed in part (34 / 2 / 34 and 27 / 8 / 35),
// which raised round21 to 54 / 1 / 15 and round29 to 55 / 2 / 13.
// round38 was run once (32 / 6 / 32) and read (its answers to another
// question and its refusals); the readings it and the earlier corpora
// showed (day ranges, the date of the verb's event, values by another
// form of their word, a noun and its participle said apart, an average
// day of a panel) raised it to 42 / 1 / 27, and round21 to 55 / 1 / 14,
// round27 to 40 / 1 / 29, round28 to 39 / 5 / 26, round30 to 42 / 3 /
// 25, round32 to 38 / 2 / 30, round33 to 36 / 5 / 29 and round35 to 30
// / 6 / 34. The readings from the answers still given to another question
// across these corpora (a week in a column of nights, volunteer hours,
// who asks for people, the value of what a column counts, a verb's
// column, did … do, actually, a shortfall, the weeks a table numbers)
// raised round11 to 58 / 0 / 12, round12 to 58 / 0 / 12, round18 to 55 /
// 1 / 14, round21 to 56 / 0 / 14, round27 to 41 / 0 / 29, round28 to 42
// / 2 / 26, round29 to 56 / 0 / 14, round30 to 45 / 0 / 25, round31 to
// 55 / 0 / 15, round32 to 39 / 1 / 30, round33 to 39 / 1 / 30 and
// round35 to 32 / 4 / 34; round19, at 61 / 0 / 9, meets the goals and
// joined TestCorpora. round40 was run once after them (41 / 5 / 24);
// its readings (a code a word shortens, a thing named before its serial
// or its kind, a charge on a thing, names that start one value, A
// divided by B per row, halves of a year) raised it to 55 / 0 / 15, and
// round27 to 42 / 0 / 28, round28 to 43 / 2 / 25 and round33 to 40 / 1 /
// 29. round42, written blind after those, ran first at 26 / 4 / 40; its
// readings (levels in order, a column that holds something, paid as
// money or as a condition, a name that starts with id, the money a
// column's thing brings in, a file's initials, a formula spelled and not
// read, a value's initials, the others of an exclusion) raised it to 34 /
// 0 / 36, round33 to 41 / 1 / 28 and round38 to 43 / 1 / 26. The
// held-out round36, round37, round39 and round41 (33 / 5 / 32, 27 / 12 /
// 31, 26 / 6 / 38 and 22 / 17 / 31, unchanged since each was written)
// were then read for the answers they gave to another question; the
// readings from them (a category named with nothing that groups by it,
// a yes/no column named by its noun alone, a column read and not used,
// a figure asked in days of money, "this season", the share of the rows
// a question names first, "the most times", the nights of Trap Night,
// a property of Property Type, a part no column holds that goes on from
// the part before) raised them to 34 / 4 / 32, 27 / 11 / 32, 27 / 4 / 39
// and 30 / 8 / 32, and round12 to 60 / 0 / 10; round43,
// written blind, was held out (37 / 9 / 24 at its first run and after
// those readings), then read whole once round44 was written blind to
// take its place; its readings (a time between dates asked in days to
// close, after an event or as a gap, a per-row percentage on average,
// "time" of a column's name, across the homes, the share of those a
// flag picks first, the month of the date a clause names, a score's
// scale, trades, a code before its column's name, a hyphened initial,
// people over an age, what a row caused, rows that repeat N times,
// "raised against it") raised it to 54 / 3 / 13, round31 to 56 / 0 / 14,
// round41 to 30 / 7 / 33 and round42 to 35 / 0 / 35. round44, written
// blind, was held out (29 / 6 / 35), then read whole once round45 was
// written blind to take its place; its readings (the table's own
// period with a word of which, calendar days, the days that passed
// between, put out and carry out, the rows' word inside a column's name,
// the ends of a stay in two date columns, "No." of an identifier,
// thousands said "grand" or "k", a condition on money said after the
// sum) raised it to 39 / 5 / 26, round28 to 44 / 2 / 24, round34 to 35 /
// 2 / 33, round35 to 33 / 4 / 33 and round41 to 31 / 7 / 32; the next
// (spend per head, "including" a second money column, a share of the
// things a measure is of, "so far" after the rows' verb, a relative
// clause nothing reads) raised it to 43 / 1 / 26. round45, written
// blind, was held out (32 / 6 / 32), then read whole once round46 was
// written blind to take its place; its readings (a verb that names a
// date with gaps, a word for the other state of a yes/no column, a
// column already per week, the column of the lowest single value, a
// code of a short word's consonants or joined by a hyphen, who did the
// work, the ends of a span named whole, "within" a time, "waiting to
// be", "line 3") raised it to 47 / 2 / 21, round31 to 57 / 0 / 13,
// round32 to 41 / 1 / 28, round35 to 34 / 3 / 33 and round39 to 29 / 3
// / 38; the next (a year a row records, a total per hour of a column in
// minutes, a shift by its initial, a code before a capital in a
// camelCase name) to 49 / 1 / 20, and round44 to 44 / 1 / 25. round46,
// written blind, was held out (39 / 6 / 25), then read whole once round47
// was written blind to take its place; its readings (a status in a code
// no shortening of the word gives, a yes/no column named for the work
// done, "A rather than B", a value where the verb stands, a plural that
// counts rows, a condition on the people a column counts, the days
// "there were" between, a condition on a span, a span's unnamed end, a
// place by what it is to the rows, a file's initials, a unit made of
// two, the unit a price is per, a speed in metres per second) raised it
// to 55 / 1 / 14, round11 to 59 / 0 / 11, round30 to 46 / 0 / 24 and
// round41 to 32 / 7 / 31. round47, written blind, was held out (40 / 7 /
// 23 at its first run, 39 / 8 / 23 after round46's readings), then read
// whole once round48 was written blind to take its place; its readings
// (a quantity of things other than the file's rows, a file's month with
// its year, a file's initials not taken from adverbs, a trade's
// abbreviations, a ship after a vessel type's value, inbound, a tag
// number before a tag's status, what we paid, the date said before a
// month, notice between two dates, the file's name joined by "and",
// basket value, the value of orders, worth, a number before a column
// and "or more", "waiting for" a decision, the nouns of dated events,
// "the year 2024", a column said to be given, two values as one set of
// rows, a value's kinds, the one time "slowest" can rank by, the verb
// after "we", a daypart's slot) raised it to 61 / 0 / 9, which meets the
// goals, so it is held to them in TestCorpora, and round28 to 45 / 2 /
// 23. round48, written blind, was held out (40 / 7 / 23 at its first
// run, 41 / 7 / 22 after round47's readings), then read whole once
// round49 was written blind to take its place; its readings (a register's
// or a log's rows, a winter season in a file's name, a fail of a pass
// flag, initials joined by "&", a "non-" code, who did the act the rows
// are named for, the column's value that says none, the verb that names
// a measure after a plural subject, a number and capitals in a camelCase
// name, working days, the time to close, what the rows' own work caused,
// weather codes, fluid of a column in litres, "put down", "add up to",
// trade words, the head of two measures named together, a shipping
// line, a value no column measures after "how much", a plural with its
// own clause after it, a code of a verb's past, a column kept to one
// value, initials of which three words are said, "a rating of 5", what
// people earn, the rows a person is in) raised it to 63 / 1 / 6, which
// meets the goals, so it is held to them in TestCorpora; round32 rose to
// 42 / 1 / 27 and round42 to 36 / 0 / 34. round49, written blind, was
// held out (35 / 8 / 27 at its first run, 36 / 7 / 27 after round48's
// readings), then read whole once round50 was written blind to take its
// place; its readings (a participle no column word shortens, a code of
// a word's letters and the next word's initial, a section's number, a
// temporary permit, a count column of the things a file names, "new"
// before a value, another code of a column excluded, "no" and one word
// before a column, which is no code, an airline, the people a row is
// of, a wait from a ready time, a code of every consonant, a word and its
// undoing, a night shift beside a long day, a passive "by" of a name
// given, the things a class column is of and their tally, a shearer,
// the table by its file's name, a put across, tonnes of a metric tonne
// column, a density, the amount done beside the one nominated, a
// shortfall's condition, the hourly rate, a plural with a participle
// after it, two initials of a code said apart, "i.e.", a name's word
// before a noun, the events a date column dates, worth and cost, going
// by, a rate per head, the days worked, a trade's rows, the top gun)
// raised it to 67 / 0 / 3, which meets the goals, so it is held to them
// in TestCorpora; round11 rose to 60 / 0 / 10, round12 to 61 / 0 / 9,
// round28 to 46 / 2 / 22, round30 to 47 / 0 / 23 and round37 to 31 / 8
// / 31. round50, written blind, was held out (39 / 5 / 26 at its first
// run and after round49's readings), then read whole once round51 was
// written blind to take its place; its readings (a stay from arrival to
// leaving, a name ending in "from", a code's initials before its
// column's word or of the word before its name, an acronym in camelCase,
// a share asked in percent, "or better", a part of a whole checked, a
// week range in a file's name, dates with two-digit years, a weight or
// money in pounds, pence, a code starting a long word, "stretcher", the
// days worked, initials around "of", the people a column names by what
// they did, an id repeated on lines) raised it to 61 / 0 / 9, which meets
// the goals, so it is held to them in TestCorpora; round21 rose to 58 /
// 0 / 12 and round34 to 37 / 2 / 31. round51, written blind, was held
// out (30 / 7 / 33 at its first run and after round50's readings), then
// read whole once round52 was written blind to take its place; its
// readings (a number of a count column's things, a word that is a count
// column's name and another column's code, a count column's word before
// the things counted, a participle column of many values, "add up", "how
// many hours is that", the whole half year, a delay's cause that was
// late, a length's "long", thorough examinations, a verb that found
// one, an n-monthly cycle, a number of months in a column's name, bits
// of kit, queued and waiting to be done, a span's end said by its verb
// and its column's word after it, a code before the letters, a code
// that starts a word before one that abbreviates it, a flag's words
// said apart, turned down beside pending, the share of those decided,
// families and pupils, three words' initials, an annual figure per
// year, a code's word cut short, a value's word said by its verb,
// "accounts for", "got back", an amount in no unit, the unpaids of a
// returns file, a date's column by its other word) raised it to 60 / 0
// / 10, which meets the goals, so it is held to them in TestCorpora;
// round25 rose to 47 / 0 / 23 and round36 to 35 / 3 / 32. round52,
// written blind, was held out (43 / 3 / 24 at its first run and after
// round51's readings), then read whole once round53 was written blind to
// take its place; its readings (a range of codes, a word glossed by the
// initials or the values in brackets after it, a particle that names no
// column, each row against its own figure, departing passengers, a
// negation further back, a condition on the time a verb took, an
// extension, an age-restricted kind, across all the stores, an average
// day, a company without its suffix, two unread words' initials, the
// things a file is named for counted by its head column, for slaughter,
// backfat, biting, the loads a row each, the events a date column dates,
// counted) raised it to 60 / 0 / 10, which meets the goals, so it is held
// to them in TestCorpora; round12 rose to 62 / 0 / 8, round23 to 55 / 1 /
// 14, round27 to 43 / 0 / 27 and round44 to 45 / 1 / 24.
func TestCorporaBelowGoal(t *testing.T) {
	for dir, floor := range map[string]struct{ correct, different int }{"round11": {60, 0}, "round12": {62, 0}, "round16": {51, 1},
		"round18": {55, 1}, "round20": {55, 0}, "round21": {58, 0}, "round23": {55, 1}, "round24": {59, 1}, "round25": {47, 0},
		"round27": {43, 0}, "round28": {46, 2}, "round29": {56, 0}, "round30": {47, 0}, "round31": {57, 0},
		"round32": {42, 1}, "round33": {41, 1}, "round34": {37, 2}, "round35": {34, 3}, "round36": {35, 3}, "round37": {31, 8},
		"round38": {43, 1}, "round39": {29, 3}, "round40": {55, 0}, "round41": {32, 7}, "round42": {36, 0}, "round43": {54, 3},
		"round44": {45, 1}, "round45": {49, 1}, "round46": {55, 1}} {
		t.Run(dir, func(t *testing.T) {
			s := runCorpus(t, "../../testdata/analyst/"+dir)
			assert.GreaterOrEqual(t, s.Correct, floor.correct, "correct answers")
			assert.LessOrEqual(t, s.Different, floor.different, "answers to a different question")
		})
	}
}

// TestHeldOutCorpus measures the analyst on the held-out corpus: tables
// and questions written after its last change, none of the tables it was
// developed on. It asks for the size the goals are measured on (at least
// 60 questions over at least 5 tables) and reports the three figures
// (cmd/bench's analyst scenario writes them to BENCHMARKS.md).
func TestHeldOutCorpus(t *testing.T) {
	c := mustLoad(t, "../../testdata/analyst/"+HeldOut)
	if n, tables := len(c.Items), len(c.Tables()); n < 60 || tables < 5 {
		t.Errorf("got %d questions over %d tables, want at least 60 over at least 5", n, tables)
	}
	runCorpus(t, "../../testdata/analyst/"+HeldOut)
}

func mustLoad(t *testing.T, dir string) Corpus {
	t.Helper()
	c, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestClassify checks the verdicts, so the goals above can fail.
func TestClassify(t *testing.T) {
	answerable := Item{Question: "What is the average price?", Expect: "df.price.mean()"}
	unanswerable := Item{Question: "What is the profit?", Refuse: "no cost column"}
	tests := []struct {
		item    Item
		answer  string
		want    []any
		verdict string
	}{
		{answerable, "The average of price is 1,234.57 (over 10 values).", []any{1234.5678}, Correct},
		{answerable, "The average of price is 1,234.6 (over 10 values).", []any{1234.5678}, Correct},
		{answerable, "The average of price is 1,235 (over 10 values).", []any{1234.5678}, Correct},
		{answerable, "The average of cost is 1,240.1 (over 10 values).", []any{1234.5678}, Different},
		{answerable, "West had the highest price: 12 (then East 10).", []any{"West", 12.0}, Correct},
		{answerable, "East had the highest price: 12 (then West 10).", []any{"North", 12.0}, Different},
		{answerable, "Zephyr is the most common team: 38 rows across 5 teams (then Ironclad 29, Nova 19).", []any{"Zephyr", 19.0}, Different},
		{answerable, "Zephyr had the highest wins: 19 in total, of 67 across 5 teams (then Vortex 18).", []any{"Zephyr", 19.0}, Correct},
		{answerable, "S5 had the highest average t: 23.21 (then S6 22.75). The single highest t is 28.9, in a row with sensor S5.", []any{"S5", 28.9}, Correct},
		{answerable, "Rows per dept: Dermatology 36, Pediatrics 36, Cardiology 34.", []any{"Pediatrics", "Dermatology", "Cardiology", 36.0, 36.0, 34.0}, Correct},
		{answerable, "Dr. Diaz is the most common prescriber: 49 rows across 4 prescribers (then Dr. Berg 46).", []any{"Dr. Diaz", 49.0}, Correct},
		{answerable, "Patel Group had the highest No. Samples: 460 in total, of 1,942 across 7 Research Groups (then Chen Lab 434).", []any{"Patel Group", 460.0}, Correct},
		{answerable, "Patel Group is first by No. Samples. Chen Lab had 460.", []any{"Patel Group", 460.0}, Different},
		{answerable, "Kingsbrook Park had the highest Est. Cost (£): 17,475 in total, of 38,140 across 3 Developments (then Meadow View 13,815).", []any{"Kingsbrook Park", 17475.0}, Correct},
		{answerable, "Kingsbrook Park is first by Est. Cost (£). Meadow View had 17,475.", []any{"Kingsbrook Park", 17475.0}, Different},
		{answerable, "H02 had the highest honey_kg: 97.3 in total (then H18 69.9).", []any{18.0}, Different},
		{answerable, "I cannot answer that question from the columns of t.csv: none of its columns holds \"price\".", []any{1234.5678}, Refusal},
		{unanswerable, "I cannot answer that question from the columns of t.csv: none of its columns holds \"profit\".", nil, Correct},
		{unanswerable, "The total of price is 1,234.", nil, Different},
	}
	for i, tc := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := classify(tc.item, tc.answer, tc.want); got.Verdict != tc.verdict {
				t.Errorf("classify(%q, want %v) = %s (%s), want %s", tc.answer, tc.want, got.Verdict, got.Why, tc.verdict)
			}
		})
	}
}

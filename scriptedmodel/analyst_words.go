package scriptedmodel

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// The analyst's vocabulary beyond the operations: how column names are
// read for their meaning, and which words of a question carry none.

// abbreviations are read as the word they stand for, in questions and in
// column names alike, so "qty" matches "quantity" and "discount_pct"
// matches "discount percentage".
var abbreviations = map[string]string{
	"pct": "percent", "percentage": "percent", "disc": "discount", "perc": "percent", "qty": "quantity", "quant": "quantity",
	"pn": "per night", "amt": "amount", "dt": "date", "avg": "average", "temp": "temperature", "dept": "department",
	"cust": "customer", "recd": "received", "rcvd": "received", "yr": "year", "yrs": "year", "mth": "month", "mths": "month", "mo": "month", "wk": "week", "qtr": "quarter",
	"hr": "hour", "hrs": "hour", "sec": "second", "secs": "second", "mins": "minute", "dur": "duration",
	"dist": "distance", "num": "number", "nbr": "number", "cnt": "count", "tot": "total", "val": "value",
	"emp": "employee", "loc": "location", "pax": "passenger", "dep": "departure", "arr": "arrival",
	"wt": "weight", "ht": "height", "addr": "address", "prod": "product", "cat": "category",
	"rev": "revenue", "std": "stdev", "stddev": "stdev", "sd": "stdev", "approx": "approximately",
	"max": "maximum", "min": "minimum", "kilometre": "km", "kilometer": "km", "kilo": "kg", "kilogram": "kg", "abv": "alcohol by volume", "ibu": "bitterness", "csat": "customer satisfaction", "nps": "net promoter score", "sqft": "square foot", "sqm": "square meter", "feet": "foot", "ft": "foot", "sq": "square",
	"elev": "elevation", "mag": "magnitude", "crit": "critical", "viol": "violation", "est": "estimate", "prem": "premium",
	"hb": "hemoglobin", "hgb": "hemoglobin", "v": "volt", "voltage": "volt", "kw": "kilowatt", "w": "watt", "dest": "destination", "orig": "origin", "desc": "description", "lat": "latitude", "lon": "longitude", "lng": "longitude",
	"appt": "appointment", "tonnage": "tonne", "centimetre": "cm", "centimeter": "cm", "millimetre": "mm", "millimeter": "mm", "kts": "knot",
	"cd": "code", "flg": "flag", "vol": "volume", "sp": "species", "nm": "name", "tech": "technician", "app": "application", "spp": "species", "svc": "service", "txn": "transaction", "trx": "transaction",
	"loa": "length overall", "gt": "gross tonnage", "vsl": "vessel", "stn": "station", "wd": "working day", "cntr": "container", "cxl": "cancel", "hd": "head",
}

// unitWords end column names to give the unit ("weight_kg",
// "discount_pct"); the rest of the name is what the column is about.
var unitWords = wordSet("kg", "g", "gram", "lb", "km", "mi", "mile", "m", "meter", "metre", "cm", "mm", "c", "f", "celsius", "fahrenheit",
	"usd", "eur", "gbp", "dollar", "euro", "pound", "percent", "minute", "min", "second", "s", "ms", "hour", "h", "day",
	"l", "ml", "litre", "liter", "kwh", "mph", "kmh", "kph", "bpm", "mmhg", "foot", "inch", "yard", "volt", "watt", "kilowatt",
	"k", "thousand", "million", "mn", "bn", "wm2", "ntu", "mg", "ha", "hectare", "acre", "tonne", "ton", "t", "mt", "pence", "m2", "m3", "mpa", "ppm", "db", "hpa", "psi", "rpm", "hz", "mah", "mb", "gb", "knot",
	"pa", "pcm", "hl", "square", "week", "fortnight")

// qualifierWords mark what kind of value a column holds about its subject
// ("customer_id", "is_returned"); the subject alone names the column.
var qualifierWords = wordSet("id", "name", "code", "no", "number", "is", "has", "was", "flag", "key", "ref", "amount", "value", "count", "total",
	"type", "kind", "method", "mode", "status", "title", "description")

// stem strips a past-tense ending, so "returned", "returns" and "return"
// meet; only long words, so "speed" stays.
func stem(w string) string {
	if len(w) > 5 && strings.HasSuffix(w, "ly") {
		return w[:len(w)-2] // remotely → remote
	}
	if len(w) > 4 && strings.HasSuffix(w, "ed") {
		return w[:len(w)-2]
	}
	if len(w) > 5 && strings.HasSuffix(w, "ing") {
		return undouble(w[:len(w)-3]) // hiring and hired, shipping and shipped
	}
	return w
}

// undouble drops a doubled final consonant: cancell → cancel (so
// "cancelled" meets "cancel" while "passed" still meets "pass").
func undouble(w string) string {
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiou", rune(w[n-1])) {
		return w[:n-1]
	}
	return w
}

// irregularVerbs are past forms that no ending rule takes back to the
// verb: "slept" is sleep, "met" is meet, "paid" is pay.
var irregularVerbs = map[string]string{
	"slept": "sleep", "woke": "wake", "woken": "wake", "met": "meet", "paid": "pay", "made": "make", "took": "take", "taken": "take",
	"ran": "run", "drove": "drive", "driven": "drive", "spent": "spend", "sold": "sell", "bought": "buy", "wrote": "write",
	"written": "write", "ate": "eat", "eaten": "eat", "flew": "fly", "flown": "fly", "rode": "ride", "ridden": "ride", "swam": "swim",
	"swum": "swim", "won": "win", "lost": "lose", "gave": "give", "given": "give", "held": "hold", "kept": "keep", "sent": "send",
	"grew": "grow", "grown": "grow", "seen": "see", "went": "go", "gone": "go", "came": "come", "chose": "choose", "chosen": "choose",
	"broke": "break", "broken": "break", "felt": "feel", "found": "find", "got": "get", "gotten": "get", "built": "build",
	"caught": "catch", "taught": "teach", "brought": "bring", "began": "begin", "begun": "begin", "spoke": "speak", "spoken": "speak",
	"drank": "drink", "drunk": "drink", "stood": "stand", "sat": "sit", "threw": "throw", "thrown": "throw", "wore": "wear",
	"worn": "wear", "sang": "sing", "sung": "sing", "lent": "lend", "fed": "feed", "fought": "fight", "heard": "hear", "told": "tell",
	"hid": "hide", "hidden": "hide", "shot": "shoot", "dove": "dive", "froze": "freeze", "frozen": "freeze", "stole": "steal", "stolen": "steal",
}

// A prefix makes a verb of its own from an irregular one, with the same
// past: "overran" is of overrun, "underwent" of undergo, "rebuilt" of
// rebuild.
func init() {
	for past, base := range maps.Clone(irregularVerbs) {
		for _, pre := range []string{"over", "under", "out", "mis", "re", "with"} {
			if _, ok := irregularVerbs[pre+past]; !ok && pre+past != "resent" { // resent is a word of its own
				irregularVerbs[pre+past] = pre + base
			}
		}
	}
}

// baseForm is the verb a word is a form of when no ending rule finds it:
// an irregular past ("slept" → sleep) or a noun made from the verb
// ("approval" → approv, as stem("approved"); "payment" → pay,
// "inspection" → inspect); "" when it is none.
func baseForm(w string) string {
	if b, ok := irregularVerbs[w]; ok {
		return b
	}
	switch {
	case len(w) > 6 && strings.HasSuffix(w, "ment"):
		return w[:len(w)-4] // payment → pay, shipment → ship
	case len(w) > 6 && strings.HasSuffix(w, "al") && !strings.HasSuffix(w, "ial"):
		return w[:len(w)-2] // approval → approv, arrival → arriv, renewal → renew
	case len(w) > 7 && strings.HasSuffix(w, "ion") && !strings.HasSuffix(w, "ation"):
		return w[:len(w)-3] // inspection → inspect, completion → complet
	}
	return ""
}

// unitConcepts are what a column measured in a unit is about: the one
// column in minutes is "the duration", the one in kWh "the energy used".
var unitConcepts = []struct {
	words []string
	units map[string]bool
}{
	{[]string{"duration", "length"}, wordSet("minute", "second", "hour", "day", "ms", "h", "s")},
	{[]string{"rainfall", "precipitation", "rain"}, wordSet("mm")},
	{[]string{"distance", "length"}, wordSet("mile", "mi", "km", "meter", "metre")},
	{[]string{"energy", "electricity", "consumption", "usage"}, wordSet("kwh", "wh", "mwh")},
	{[]string{"consumption", "usage", "volume", "fluid", "liquid"}, wordSet("m3", "litre", "liter", "l", "ml", "gallon")},
	{[]string{"power", "demand", "load"}, wordSet("kilowatt", "watt", "mw")},
	{[]string{"weight", "mass"}, wordSet("kg", "lb", "gram", "g")},
	{[]string{"temperature"}, wordSet("c", "f", "celsius", "fahrenheit")},
	{[]string{"voltage"}, wordSet("volt")},
	{[]string{"sound", "loudness"}, wordSet("db", "decibel")},
	{[]string{"area", "size", "floor", "floorspace"}, wordSet("acre", "hectare", "ha", "m2", "square", "sqm")},
	{[]string{"speed", "velocity"}, wordSet("kmh", "mph", "kph")},
}

// synonyms are words a question may use for a column that names the same
// thing differently; each maps to the words such a column may use.
var synonyms = map[string][]string{
	"revenue": {"sales", "turnover"}, "sale": {"revenue", "turnover"}, "turnover": {"revenue", "sales"},
	"basket": {"order"}, "slot": {"daypart"},
	"salary": {"pay", "wage", "compensation", "earning"}, "pay": {"salary", "wage"}, "wage": {"salary", "pay"},
	"earning": {"salary", "income"}, "income": {"salary", "earning"},
	"score": {"rating", "grade"}, "rating": {"score", "stars"}, "grade": {"score", "mark"},
	"fare": {"price", "fee"}, "fee": {"fare", "charge"}, "charge": {"fee", "rate"},
	"length": {"duration"}, "duration": {"length"}, "reading": {"value", "measurement"},
	"conversion": {"converted", "convert"}, "cancellation": {"cancelled", "canceled", "cancel"}, "return": {"returned"},
	"temperature": {"temperature"}, "headcount": {"staff"}, "unit": {"quantity"}, "mileage": {"mile"},
	"bill": {"total", "charge", "amount", "fee", "invoice"}, "payout": {"compensation", "refund", "payment"}, "audience": {"attendee", "attendance", "viewer", "visitor"},
	"attendance": {"attendee", "visitor"}, "cost": {"fee", "price", "charge", "fare"}, "price": {"fee", "charge", "fare", "rate"}, "area": {"zone", "region", "district"},
	"finish": {"completed", "complete"}, "complete": {"finished"}, "abroad": {"international", "overseas", "foreign"},
	"overseas": {"international", "foreign"}, "foreign": {"international", "overseas"}, "international": {"overseas", "foreign"},
	"hit": {"affected", "impacted"}, "affected": {"impacted"}, "impacted": {"affected"}, "format": {"mode"},
	"died": {"mortality", "death", "deceased"}, "death": {"mortality"}, "dead": {"mortality"}, "mile": {"mileage"}, "overtime": {"ot"},
	"train": {"rail"}, "rail": {"train"}, "crowd": {"attendance", "attendee", "spectator"}, "product": {"sku"}, "ship": {"vessel"}, "vessel": {"ship", "boat"}, "boat": {"vessel"},
	"medicine": {"drug", "medication"}, "medication": {"drug", "medicine"}, "drug": {"medicine", "medication"}, "haemoglobin": {"hemoglobin"},
	"venue":   {"premise", "location", "site"},
	"airline": {"carrier"}, "part": {"zone", "sector"}, "ground": {"site", "basis"}, "subbie": {"contractor", "subcontractor"}, "subcontractor": {"contractor"}, "officer": {"handler", "caseworker"}, "handler": {"officer"}, "secretary": {"typist"}, "kit": {"asset", "equipment"}, "backfat": {"p2"},
	"fail": {"pass"}, "failed": {"pass"}, "failure": {"pass"}, "box": {"container"},
	"location": {"site", "venue"}, "site": {"location"}, "appeal": {"campaign"}, "campaign": {"appeal"}, "attended": {"checked"},
}

// elementSymbols are the chemical symbols a column may be named by:
// "K (mg/l)" is the potassium, "P Index" the phosphorus index.
var elementSymbols = map[string]string{"potassium": "k", "magnesium": "mg", "phosphorus": "p", "nitrogen": "n", "calcium": "ca", "sodium": "na",
	"lead": "pb", "copper": "cu", "zinc": "zn", "iron": "fe", "sulphur": "s", "sulfur": "s", "nitrate": "no3", "phosphate": "po4"}

// elementNames are elementSymbols' words, sorted.
var elementNames = slices.Sorted(maps.Keys(elementSymbols))

// synonymWords are synonyms' question words, sorted.
var synonymWords = slices.Sorted(maps.Keys(synonyms))

// massHints name a column of weight: by its word, its unit, or a load.
var massHints = []string{"weight", "mass", "kg", "tonne", "t", "lb", "payload"}

// adjectiveMeasures are words that rank by a measure they imply: "the
// longest" ranks by a duration or distance.
var adjectiveMeasures = map[string]struct {
	desc  bool
	hints []string
}{
	"longest":  {true, []string{"duration", "length", "distance", "minute", "hour", "day", "time", "km", "mile"}},
	"shortest": {false, []string{"duration", "length", "distance", "minute", "hour", "day", "time", "km", "mile"}},
	"oldest":   {true, []string{"age"}}, "youngest": {false, []string{"age"}},
	"heaviest": {true, massHints}, "lightest": {false, massHints},
	"hottest": {true, []string{"temperature"}}, "coldest": {false, []string{"temperature"}}, "warmest": {true, []string{"temperature"}},
	"expensive": {true, []string{"price", "cost", "fare", "fee"}}, "cheapest": {false, []string{"price", "cost", "fare", "fee"}},
	"fastest": {true, []string{"speed"}}, "slowest": {false, []string{"speed"}},
	"wettest": {true, []string{"rain", "rainfall", "precipitation"}}, "driest": {false, []string{"rain", "rainfall", "precipitation"}},
	"farthest": {true, []string{"distance"}}, "furthest": {true, []string{"distance"}},
	"paid": {true, []string{"salary", "pay", "wage"}}, "tallest": {true, []string{"height"}},
	"deepest": {true, []string{"depth"}}, "shallowest": {false, []string{"depth"}},
	"acidic": {false, []string{"ph"}}, "alkaline": {true, []string{"ph"}},
	"strongest": {true, []string{"wind", "gust", "strength", "abv", "alcohol"}}, "weakest": {false, []string{"wind", "gust", "strength", "abv", "alcohol"}},
	"loudest": {true, []string{"db", "decibel", "noise", "sound"}}, "quietest": {false, []string{"db", "decibel", "noise", "sound"}},
}

// ageNouns name people by their age: "children under 18" is a condition
// on the age column.
var ageNouns = wordSet("child", "children", "kid", "minor", "adult", "teen", "teenager", "senior", "pensioner", "infant", "toddler")

// comparativeMeasures are the comparatives of adjectiveMeasures: "older
// than 10" is a condition on the age column.
var comparativeMeasures = map[string]string{"older": "oldest", "younger": "youngest", "heavier": "heaviest", "lighter": "lightest",
	"longer": "longest", "shorter": "shortest", "hotter": "hottest", "colder": "coldest", "warmer": "warmest", "cheaper": "cheapest",
	"taller": "tallest", "deeper": "deepest", "shallower": "shallowest"}

// incomeWords ask for money taken in: the prices added up, not averaged.
var incomeWords = wordSet("money", "revenue", "turnover", "income", "earn", "earned", "earns", "takings")

// spendWords ask for money paid out: "which kind of item did we spend
// the most money on" ranks by the money, not by the rows.
var spendWords = wordSet("spend", "spent", "spending", "expenditure")

// moneyWords say a ranking without a measure is about money ("which region
// sells most"), not about how many rows.
var moneyWords = wordSet("sell", "sells", "sold", "sale", "sales", "revenue", "earn", "earned", "earns", "spend", "spent", "spending", "expenditure", "money", "turnover", "income", "raise", "raised", "takings")

// derivedWords ask for a row's value when no column holds one: quantity ×
// price (× (1 − discount)).
var derivedWords = wordSet("value", "sales", "sale", "revenue", "turnover", "spend", "spent", "amount", "billed", "owe", "owed", "cost", "worth", "earn", "earned")

// scopeWords ask for what no computation on the table gives: causes,
// predictions, advice.
var scopeWords = wordSet("why", "predict", "prediction", "forecast", "will", "should", "recommend", "recommendation", "cause", "caused",
	"future", "next", "expect", "expected", "likely", "probability", "reason", "explain", "would")

// distinctWords ask how many different values a column has.
var distinctWords = wordSet("distinct", "unique", "different", "separate", "individual")

// negations flip a yes/no column ("not returned", "weren't delayed").
var negations = wordSet("not", "no", "never", "t", "non", "without", "un")

// comparators read a numeric condition ("more than 15", "at least 3").
var comparators = []struct {
	words []string
	op    string
}{
	{[]string{"more", "than"}, ">"}, {[]string{"greater", "than"}, ">"}, {[]string{"higher", "than"}, ">"}, {[]string{"longer", "than"}, ">"},
	{[]string{"larger", "than"}, ">"}, {[]string{"over"}, ">"}, {[]string{"above"}, ">"}, {[]string{"exceeding"}, ">"}, {[]string{"exceed"}, ">"},
	{[]string{"at", "least"}, ">="}, {[]string{"less", "than"}, "<"}, {[]string{"fewer", "than"}, "<"}, {[]string{"lower", "than"}, "<"},
	{[]string{"shorter", "than"}, "<"}, {[]string{"deeper", "than"}, ">"}, {[]string{"heavier", "than"}, ">"}, {[]string{"taller", "than"}, ">"},
	{[]string{"hotter", "than"}, ">"}, {[]string{"warmer", "than"}, ">"}, {[]string{"shallower", "than"}, "<"}, {[]string{"lighter", "than"}, "<"},
	{[]string{"colder", "than"}, "<"}, {[]string{"cooler", "than"}, "<"}, {[]string{"older", "than"}, ">"}, {[]string{"younger", "than"}, "<"}, {[]string{"cheaper", "than"}, "<"}, {[]string{"under"}, "<"}, {[]string{"below"}, "<"}, {[]string{"at", "most"}, "<="},
	{[]string{"before"}, "<"}, {[]string{"after"}, ">"},
}

// numberComparators read a condition only before a number ("stronger than
// 6.5% ABV"); without one ("ran faster than the others") they stay words
// the analyst does not know.
var numberComparators = []struct {
	words []string
	op    string
}{
	{[]string{"stronger", "than"}, ">"}, {[]string{"weaker", "than"}, "<"}, {[]string{"bigger", "than"}, ">"}, {[]string{"smaller", "than"}, "<"},
	{[]string{"faster", "than"}, ">"}, {[]string{"slower", "than"}, "<"}, {[]string{"wider", "than"}, ">"}, {[]string{"narrower", "than"}, "<"},
	{[]string{"later", "than"}, ">"}, {[]string{"earlier", "than"}, "<"}, {[]string{"wetter", "than"}, ">"}, {[]string{"drier", "than"}, "<"},
	{[]string{"louder", "than"}, ">"}, {[]string{"quieter", "than"}, "<"}, {[]string{"thicker", "than"}, ">"}, {[]string{"thinner", "than"}, "<"},
	{[]string{"pricier", "than"}, ">"}, {[]string{"dearer", "than"}, ">"}, {[]string{"busier", "than"}, ">"}, {[]string{"steeper", "than"}, ">"},
}

// conditionComparators are all the comparators a condition is read by.
var conditionComparators = append(slices.Clone(comparators), numberComparators...)

// months name the months of the year for a date filter ("in March").
var months = map[string]int{"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12}

// entityWords are what rows of a table commonly are ("how many patients",
// "flights per airline"): they count rows, and carry no column's meaning.
var entityWords = wordSet("employee", "staff", "worker", "person", "people", "patient", "visit", "appointment", "loan", "flight", "trip",
	"ride", "transaction", "purchase", "reading", "measurement", "sample", "student", "member", "user", "ticket", "booking", "shipment",
	"delivery", "call", "session", "game", "match", "claim", "incident", "sale", "customer", "client", "borrower", "passenger",
	"package", "parcel", "driver", "rider", "guest", "review", "ride", "reader", "visitor", "buyer", "seller", "vendor", "supplier",
	"request", "sample", "log", "donation", "candidate", "applicant", "runner", "participant", "athlete", "player", "team", "respondent", "prescription", "rental",
	"row", "record", "entry", "line", "observation", "item", "order", "case", "event", "time", "one", "thing", "data", "dataset", "table",
	"property", "house", "home", "apartment", "listing", "product", "account", "device", "unit", "job", "pupil", "family")

// fillerWords carry no meaning a column could hold: function words, the
// verbs questions are asked with, and politeness.
var fillerWords = wordSet("because", "while", "due", "still", "yet", "ended", "away", "back", "a", "an", "the", "i", "me", "my", "he", "him", "his", "she", "her", "hers", "himself", "herself", "themselves",
	"file", "filed", "submit", "submitted", "something", "anything", "anyone", "someone", "consume", "consumed", "create", "created", "we", "us", "our", "you", "your", "it", "its", "they", "them", "their", "there",
	"this", "that", "these", "those", "what", "which", "who", "whom", "whose", "where", "when", "how", "is", "are", "was", "were", "be", "been",
	"being", "am", "do", "does", "did", "done", "has", "have", "had", "having", "get", "got", "gotten", "give", "given", "make", "made", "take",
	"took", "taken", "see", "show", "list", "find", "compute", "calculate", "tell", "report", "display", "plot", "chart", "draw", "can", "could",
	"may", "might", "must", "please", "of", "in", "on", "at", "to", "for", "from", "with", "within", "into", "onto", "by", "about", "as", "than",
	"and", "or", "but", "if", "so", "then", "all", "any", "some", "each", "every", "both", "either", "also", "only", "just", "overall", "altogether",
	"total", "whole", "entire", "during", "over", "across", "per", "among", "between", "up", "out", "off", "ever", "currently", "typical",
	"typically", "usually", "generally", "roughly", "approximately", "exactly", "really", "actually", "value", "number", "amount", "count",
	"figure", "much", "many", "place", "placed", "record", "recorded", "log", "logged", "register", "registered", "happen", "happened",
	"occur", "occurred", "exist", "come", "came", "go", "went", "spend", "spent", "pay", "paid", "sell", "sold", "buy", "bought", "order",
	"ordered", "purchase", "purchased", "ask", "asked", "receive", "received", "issue", "issued", "borrow", "borrowed", "lend", "lent", "visit", "visited",
	"fly", "flew", "flown", "play", "played", "operate", "operated", "handle", "handled", "handling", "handles", "serve", "served", "treat", "treated", "see", "seen", "book", "booked",
	"measure", "measured", "observe", "observed", "earn", "earned", "work", "worked", "cost", "take", "last", "lasted", "there", "here",
	"column", "field", "variable", "one", "ones", "those", "such", "like", "same", "other", "own", "both", "s", "t", "ve", "re", "ll", "don", "doesn", "didn",
	"isn", "aren", "wasn", "weren", "haven", "hasn", "hadn", "couldn", "wouldn", "shouldn", "that", "whether", "do", "per", "versus", "vs", "respectively", "based", "according", "grouped",
	"broken", "break", "down", "split", "deal", "dealt", "sorted", "ranked", "rank", "ranking", "order", "descending", "ascending", "value", "level", "level",
	"give", "provide", "let", "know", "want", "need", "would", "like", "answer", "question", "overall", "now", "far", "so",
	"how", "often", "does", "each", "separately", "individually", "category", "type", "kind", "group", "time", "period",
	"receive", "send", "sent", "use", "used", "hold", "held", "contain", "include", "belong", "generate", "generated", "bring", "brought",
	"led", "single", "wrote", "took", "gave", "ran", "saw", "set", "reach", "reached", "achieve", "achieved", "hit", "written", "built", "shown", "gone", "run", "begun", "chosen", "driven", "eaten", "grown", "known", "ridden", "sold", "won", "lost",
	"using", "including", "excluding", "having", "being", "making", "taking", "going", "coming", "getting", "showing", "spending",
	"after", "before", "since", "until", "through", "throughout", "via", "net", "less", "including", "excluding", "without", "gross",
	"give", "across", "altogether", "combined", "together", "versus", "is", "are", "get", "got", "highest", "lowest")

// known reports whether a question word is accounted for without naming a
// column: the analyst's vocabulary, a function word, or a number.
func known(w string) bool {
	if _, err := strconv.ParseFloat(w, 64); err == nil {
		return true
	}
	if ordinal(w) > 0 || len(w) <= 1 {
		return true
	}
	for _, set := range []map[string]bool{fillerWords, entityWords, descWords, ascWords, commonWords, trendWords, corrWords, groupWords,
		rowWords, summaryWords, shareWords, compDescWords, compAscWords, overviewWords, stopWords, weakWords, distinctWords, negations,
		statWords, rateWords, moneyWords, timeWords, unitWords} {
		if set[w] {
			return true
		}
	}
	if _, ok := aggWords[w]; ok {
		return true
	}
	if _, ok := freqWords[w]; ok {
		return true
	}
	if _, ok := numberWords[w]; ok {
		return true
	}
	if _, ok := months[w]; ok {
		return true
	}
	if _, ok := adjectiveMeasures[w]; ok {
		return true
	}
	for _, c := range comparators {
		if len(c.words) == 1 && c.words[0] == w || c.words[0] == w {
			return true
		}
	}
	return false
}

// statWords ask for order statistics and spread.
var statWords = wordSet("percentile", "quartile", "interquartile", "iqr", "stdev", "standard", "deviation", "variance", "range",
	"first", "third", "upper", "lower", "minimum", "maximum", "earliest", "latest", "most", "recent")

// rateWords ask for a share of rows ("the return rate", "how often").
var rateWords = wordSet("rate", "ratio", "often", "frequency", "likelihood")

// timeWords are the parts of time a question may group by or ask about.
var timeWords = wordSet("weekday", "date", "when", "hour", "day", "week", "month", "quarter", "year")

// ordinal reads "90th", "25th", "1st" as a number; 0 if w is none.
func ordinal(w string) int {
	for _, suf := range []string{"th", "st", "nd", "rd"} {
		if d, ok := strings.CutSuffix(w, suf); ok {
			if n, err := strconv.Atoi(d); err == nil {
				return n
			}
		}
	}
	return 0
}

// weatherCodes are the codes of weather as observed that aviation's
// reports (METAR) and the logs kept beside them write: FZFG is freezing
// fog, -SN light snow, +RA heavy rain.
var weatherCodes = map[string]string{"ra": "rain", "sn": "snow", "dz": "drizzle", "fg": "fog", "br": "mist", "hz": "haze", "gr": "hail",
	"gs": "hail", "pl": "sleet", "sg": "snow", "ts": "thunderstorm", "sh": "shower", "fz": "freezing", "bl": "blowing"}

// weatherWords are the words a weather code stands for ("light snow" of
// -SN), the weather itself last; nil where v is no such code.
func weatherWords(v string) []string {
	lv := strings.ToLower(strings.TrimSpace(v))
	var out []string
	switch {
	case strings.HasPrefix(lv, "-"):
		out, lv = append(out, "light"), lv[1:]
	case strings.HasPrefix(lv, "+"):
		out, lv = append(out, "heavy"), lv[1:]
	}
	if len(lv) == 0 || len(lv)%2 != 0 || len(lv) > 6 {
		return nil
	}
	for i := 0; i < len(lv); i += 2 {
		w, ok := weatherCodes[lv[i:i+2]]
		if !ok {
			return nil
		}
		out = append(out, w)
	}
	return out
}

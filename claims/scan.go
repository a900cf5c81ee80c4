package claims

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// number is one number found in a text.
type number struct {
	start, end int // bytes of the whole figure: currency, sign, digits, suffix
	raw        float64
	decimals   int
	intDigits  int
	zeros      int // trailing zeros of the integer part (no decimals)
	sep        bool
	neg        bool
	currency   bool
	percent    bool
	scale      float64
	skip       string // why it is not a claim ("" when it is one)
}

// plain says the number is written bare: no separators, decimals,
// currency, percent or scale.
func (n number) plain() bool {
	return !n.sep && n.decimals == 0 && !n.currency && !n.percent && n.scale == 1
}

// value is what the number stands for: 47.8% is 0.478, 50.2k is 50200.
func (n number) value() float64 {
	v := n.raw * n.scale
	if n.percent {
		v /= 100
	}
	return v
}

// unit is the value of one step in the number's last written digit.
func (n number) unit() float64 {
	u := math.Pow10(-n.decimals) * n.scale
	if n.percent {
		u /= 100
	}
	return u
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// runeBefore is the rune ending at byte i of s (utf8.RuneError, 0 at the start).
func runeBefore(s string, i int) (rune, int) {
	if i <= 0 {
		return 0, 0
	}
	return utf8.DecodeLastRuneInString(s[:i])
}

func runeAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return 0, 0
	}
	return utf8.DecodeRuneInString(s[i:])
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

var currencyRunes = "$€£¥₹"

// suffixes after a number, with no space between ("50.2k") or one space
// ("4 million"); the bool says whether the space form is allowed.
var scaleWords = []struct {
	word  string
	scale float64
	space bool
}{
	{"thousand", 1e3, true}, {"million", 1e6, true}, {"billion", 1e9, true}, {"trillion", 1e12, true},
	{"bn", 1e9, true}, {"mn", 1e6, true}, {"k", 1e3, false}, {"K", 1e3, false},
	{"M", 1e6, false}, {"B", 1e9, false}, {"T", 1e12, false},
}

var percentWords = []string{"percentage points", "percentage point", "percent", "per cent", "pp", "pct"}

var currencyCodes = []string{"USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD"}

// referenceWords before a number make it a reference, not a figure.
var referenceWords = map[string]bool{
	"step": true, "steps": true, "cell": true, "cells": true, "chart": true, "charts": true,
	"figure": true, "fig": true, "table": true, "row": true, "rows": true, "line": true, "lines": true,
	"version": true, "page": true, "section": true, "item": true, "rank": true, "ranked": true,
	"no": true, "question": true, "turn": true, "column": true, "columns": true, "index": true,
	"attempt": true, "generation": true, "python": true,
}

var monthWords = map[string]bool{
	"jan": true, "january": true, "feb": true, "february": true, "mar": true, "march": true,
	"apr": true, "april": true, "may": true, "jun": true, "june": true, "jul": true, "july": true,
	"aug": true, "august": true, "sep": true, "sept": true, "september": true, "oct": true,
	"october": true, "nov": true, "november": true, "dec": true, "december": true,
}

// scan finds the numbers of s. With answer set it also decides which are
// claims (number.skip); a cell's output keeps every number as a figure.
func scan(s string, answer bool) []number {
	var out []number
	var excluded []span
	if answer {
		excluded = codeAndLinks(s)
	}
	ex := 0
	for i := 0; i < len(s); {
		for ex < len(excluded) && excluded[ex].end <= i {
			ex++
		}
		if ex < len(excluded) && excluded[ex].start <= i {
			i = excluded[ex].end
			continue
		}
		c := s[i]
		if !isDigit(c) && !(c == '.' && i+1 < len(s) && isDigit(s[i+1])) {
			i++
			continue
		}
		n, next := scanNumber(s, i, answer)
		if n.start >= 0 {
			out = append(out, n)
		}
		i = next
	}
	return out
}

// skipWord returns the end of the run of word runes (and dots between
// them) from i: an identifier such as v1.2.3 or step_3.
func skipWord(s string, i int) int {
	for i < len(s) {
		r, w := runeAt(s, i)
		if isWordRune(r) || (r == '.' && i+1 < len(s) && isDigit(s[i+1])) {
			i += w
			continue
		}
		break
	}
	return i
}

// scanNumber reads the number starting at byte i. It returns start -1 for
// text that is not a number (an identifier, a time) and where to go on.
func scanNumber(s string, i int, answer bool) (number, int) {
	none := number{start: -1}
	p, pw := runeBefore(s, i)
	pp, _ := runeBefore(s, i-pw)
	switch {
	case isWordRune(p):
		return none, skipWord(s, i)
	case p == '.' && unicode.IsLetter(pp), p == '-' && unicode.IsLetter(pp), p == '_':
		return none, skipWord(s, i)
	case (p == '/' || p == ':') && isWordRune(pp):
		return none, skipWord(s, i)
	}
	n := number{start: i, scale: 1}
	j := i
	var digits []byte
	for j < len(s) && isDigit(s[j]) {
		digits = append(digits, s[j])
		j++
	}
	for j+3 < len(s) && s[j] == ',' && isDigit(s[j+1]) && isDigit(s[j+2]) && isDigit(s[j+3]) && (j+4 >= len(s) || !isDigit(s[j+4])) && len(digits) > 0 {
		digits = append(digits, s[j+1:j+4]...)
		n.sep = true
		j += 4
	}
	n.intDigits = len(digits)
	for k := len(digits) - 1; k >= 0 && digits[k] == '0' && k > 0; k-- {
		n.zeros++
	}
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		digits = append(digits, '.')
		j++
		for j < len(s) && isDigit(s[j]) {
			digits = append(digits, s[j])
			n.decimals++
			j++
		}
	}
	if n.decimals > 0 {
		n.zeros = 0
	}
	exp := 0
	if j+1 < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			e, m := 0, k
			for m < len(s) && isDigit(s[m]) {
				e = e*10 + int(s[m]-'0')
				m++
			}
			if r, _ := runeAt(s, m); !unicode.IsLetter(r) {
				if s[j+1] == '-' {
					e = -e
				}
				exp, j = e, m
				n.decimals = max(0, n.decimals-e)
			}
		}
	}
	n.raw = parseDigits(digits) * math.Pow10(exp)
	n.end = j
	if math.IsInf(n.raw, 0) || math.IsNaN(n.raw) {
		return none, j
	}

	// Times, dates and fractions: 12:30, 2024-01-15, 3/4.
	if j+1 < len(s) && isDigit(s[j+1]) {
		switch s[j] {
		case ':', '/':
			return none, skipDate(s, j)
		case '-':
			if n.intDigits == 4 && !n.sep && n.decimals == 0 {
				return none, skipDate(s, j)
			}
		}
	}
	// Suffixes.
	r, w := runeAt(s, j)
	switch {
	case r == '%':
		n.percent, n.end = true, j+w
	case r == 'x' || r == '×':
		if r2, _ := runeAt(s, j+w); !isWordRune(r2) {
			n.end = j + w
		} else {
			return none, skipWord(s, i)
		}
	case unicode.IsLetter(r):
		matched := false
		for _, sw := range scaleWords {
			if strings.HasPrefix(s[j:], sw.word) {
				if r2, _ := runeAt(s, j+len(sw.word)); !isWordRune(r2) {
					n.scale, n.end, matched = sw.scale, j+len(sw.word), true
					break
				}
			}
		}
		if !matched {
			for _, pw := range []string{"pp", "pct"} {
				if strings.HasPrefix(s[j:], pw) {
					if r2, _ := runeAt(s, j+len(pw)); !isWordRune(r2) {
						n.percent, n.end, matched = true, j+len(pw), true
					}
				}
			}
		}
		if !matched {
			return none, skipWord(s, i)
		}
	case r == ' ' || r == '\u00a0':
		rest := s[j+w:]
		if strings.HasPrefix(rest, "%") {
			n.percent, n.end = true, j+w+1
			break
		}
		low := rest
		if len(low) > 20 {
			low = low[:20]
		}
		low = strings.ToLower(low)
		for _, pw := range percentWords {
			if strings.HasPrefix(low, pw) {
				if r2, _ := runeAt(rest, len(pw)); !isWordRune(r2) {
					n.percent, n.end = true, j+w+len(pw)
					break
				}
			}
		}
		if n.percent {
			break
		}
		for _, sw := range scaleWords {
			if sw.space && strings.HasPrefix(rest, sw.word) {
				if r2, _ := runeAt(rest, len(sw.word)); !isWordRune(r2) {
					n.scale, n.end = sw.scale, j+w+len(sw.word)
					break
				}
			}
		}
		for _, cc := range currencyCodes {
			if strings.HasPrefix(rest, cc) {
				if r2, _ := runeAt(rest, len(cc)); !isWordRune(r2) {
					n.currency = true
				}
			}
		}
	}
	if r, _ := runeAt(s, n.end); strings.ContainsRune(currencyRunes, r) {
		n.currency = true
	}

	// Currency and sign before the digits: "$5", "-$5", "$-5", "USD 5".
	k := i
	signAt := func() bool {
		if r, w := runeBefore(s, k); r == '-' || r == '−' {
			if r2, _ := runeBefore(s, k-w); !isWordRune(r2) && r2 != ')' && r2 != '.' && r2 != ',' {
				k -= w
				return true
			}
		}
		return false
	}
	n.neg = signAt()
	if r, w := runeBefore(s, k); !n.neg && r == '+' {
		if r2, _ := runeBefore(s, k-w); !isWordRune(r2) {
			k -= w
		}
	}
	if r, w := runeBefore(s, k); strings.ContainsRune(currencyRunes, r) {
		n.currency = true
		k -= w
		if !n.neg {
			n.neg = signAt()
			if r, w := runeBefore(s, k); !n.neg && r == '+' {
				if r2, _ := runeBefore(s, k-w); !isWordRune(r2) {
					k -= w
				}
			}
		}
	} else {
		for _, cc := range currencyCodes {
			if strings.HasSuffix(s[:k], cc+" ") || strings.HasSuffix(s[:k], cc) {
				if r2, _ := runeBefore(s, k-len(cc)-1); !isWordRune(r2) || strings.HasSuffix(s[:k], cc) {
					n.currency = true
				}
			}
		}
	}
	n.start = k
	if n.neg {
		n.raw = -n.raw
	}
	if answer {
		n.skip = skipReason(s, n)
	}
	return n, n.end
}

// skipDate skips a run of digits and date separators.
func skipDate(s string, j int) int {
	for j < len(s) && (isDigit(s[j]) || s[j] == ':' || s[j] == '/' || s[j] == '-' || s[j] == '.') {
		if !isDigit(s[j]) && (j+1 >= len(s) || !isDigit(s[j+1])) {
			break
		}
		j++
	}
	return j
}

func parseDigits(d []byte) float64 {
	v, _ := strconv.ParseFloat(string(d), 64)
	return v
}

// skipReason says why a number of an answer is not a claim.
func skipReason(s string, n number) string {
	v := math.Abs(n.raw)
	if n.plain() && !n.neg && n.intDigits == 4 && v >= 1900 && v <= 2100 {
		return "year"
	}
	prev := wordBefore(s, n.start)
	next := wordAfter(s, n.end)
	if r, _ := runeBefore(s, n.start); r == '#' {
		return "reference"
	}
	if referenceWords[prev] {
		return "reference"
	}
	if n.plain() && v <= 31 && (monthWords[prev] || monthWords[next]) {
		return "date"
	}
	if n.plain() && !n.neg && v <= 12 {
		return "count"
	}
	return ""
}

// wordBefore is the lower-cased word just before byte i (across spaces).
func wordBefore(s string, i int) string {
	j := i
	for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	k := j
	for k > 0 {
		r, w := runeBefore(s, k)
		if !unicode.IsLetter(r) && r != '.' {
			break
		}
		k -= w
	}
	return strings.TrimSuffix(strings.ToLower(s[k:j]), ".")
}

// wordAfter is the lower-cased word just after byte i.
func wordAfter(s string, i int) string {
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	k := j
	for k < len(s) {
		r, w := runeAt(s, k)
		if !unicode.IsLetter(r) {
			break
		}
		k += w
	}
	return strings.ToLower(s[j:k])
}

type span struct{ start, end int }

// codeAndLinks are the byte spans of an answer that hold code or links:
// fenced blocks, inline code, Markdown link targets and bare URLs.
func codeAndLinks(s string) []span {
	var out []span
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "```"):
			end := strings.Index(s[i+3:], "```")
			if end < 0 {
				out = append(out, span{i, len(s)})
				return out
			}
			out = append(out, span{i, i + 3 + end + 3})
			i += 3 + end + 3
		case s[i] == '`':
			end := strings.IndexAny(s[i+1:], "`\n")
			if end < 0 || s[i+1+end] != '`' {
				i++
				continue
			}
			out = append(out, span{i, i + 1 + end + 1})
			i += end + 2
		case strings.HasPrefix(s[i:], "]("):
			end := strings.IndexAny(s[i:], ")\n ")
			if end < 0 {
				end = len(s) - i
			}
			out = append(out, span{i, i + end})
			i += end
		case strings.HasPrefix(s[i:], "http://") || strings.HasPrefix(s[i:], "https://") || strings.HasPrefix(s[i:], "s3://"):
			end := strings.IndexAny(s[i:], " \n\t)>\"")
			if end < 0 {
				end = len(s) - i
			}
			out = append(out, span{i, i + end})
			i += end
		default:
			i++
		}
	}
	return out
}

package validate

import (
	"fmt"
	"net/url"
	"unicode/utf8"

	"github.com/durable-analyst/durable-analyst/api"
)

// The input-encoding rules: what encoding/json forgives and the worker must
// not (invalid UTF-8, which it silently turns into U+FFFD; a key given twice
// in one object, where the last silently wins), and dataset URL hosts that
// are not plain host names or IP addresses. Workflows apply them only to
// runs that began after they were added (see the Lenient functions).

// LenientAnalysisInput is AnalysisInput without the input-encoding rules,
// for workflow runs that began before them: their verdicts stay what they
// were, so their histories replay.
func LenientAnalysisInput(in api.AnalysisInput) error {
	return asError(check(schemas.analysis, in.Source(), in.Check(), in.DecodeStrict))
}

// LenientBatchItem is BatchItem without the input-encoding rules.
func LenientBatchItem(it api.BatchItem) error {
	return asError(check(schemas.item, it.Source(), it.Check(), it.DecodeStrict))
}

// LenientBatchInput is BatchInput without the input-encoding rules.
func LenientBatchInput(in api.BatchInput) error {
	return batchInput(in, false)
}

// strictRules are the input-encoding problems of src and of datasets
// (their URL hosts), fields under prefix ("" or "items[3]").
func strictRules(src []byte, prefix string, datasets []api.Dataset) []api.Problem {
	ps := rawProblems(src)
	for i, d := range datasets {
		if d.URL == "" {
			continue
		}
		u, err := url.Parse(d.URL)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			continue // the URL rule says so
		}
		if p := api.HostProblem(u.Hostname()); p != "" {
			ps = append(ps, api.Problem{Field: joinField(prefix, fmt.Sprintf("datasets[%d].url", i)), Message: p})
		}
	}
	return ps
}

// rawProblems finds invalid UTF-8 and repeated keys in a JSON document,
// naming the field as the worker does (datasets[0].name). It reports
// nothing for JSON that does not parse: the schema check says that.
func rawProblems(src []byte) []api.Problem {
	var ps []api.Problem
	named := map[string]bool{}
	add := func(field, msg string) {
		if !named[field] {
			named[field] = true
			ps = append(ps, api.Problem{Field: field, Message: msg})
		}
	}
	walkFields(src, func(t fieldToken) {
		switch _, isString := t.Tok.(string); {
		case t.Key && !utf8.Valid(t.Raw):
			add(t.Field, "the key is not valid UTF-8")
		case t.Key && t.Repeated:
			add(t.Field, "given twice in one object (a JSON key must not repeat)")
		case !t.Key && isString && !utf8.Valid(t.Raw):
			i := firstInvalid(t.Raw)
			add(t.Field, fmt.Sprintf("not valid UTF-8 (byte %#x at offset %d of the input)", t.Raw[i], int(t.Start)+i))
		}
	})
	return ps
}

// firstInvalid is the index of the first byte of b that is not part of a
// valid UTF-8 sequence (b holds one).
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

// Package validate checks inputs of durable-analyst the way the worker
// does: against the JSON Schemas of package api (the contract), plus the
// few rules a schema cannot say (api's Check methods). The error names
// every bad field. It imports api and a JSON Schema library, nothing else
// of the project, and is deterministic, so workflows run it too.
package validate

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/durable-analyst/durable-analyst/api"
)

// AnalysisInput checks an analysis input. Besides the schema and the
// rules, the JSON it came as must be valid UTF-8 without a key repeated in
// an object, and dataset URLs must name plain hosts (api.HostProblem).
func AnalysisInput(in api.AnalysisInput) error {
	rules := append(strictRules(in.Source(), "", in.Datasets), in.Check()...)
	return asError(check(schemas.analysis, in.Source(), rules, in.DecodeStrict))
}

// BatchItem checks one item of a batch (as read from a JSONL line, or
// inline) after the batch's defaults are applied.
func BatchItem(it api.BatchItem) error {
	rules := append(strictRules(it.Source(), "", it.Datasets), it.Check()...)
	return asError(check(schemas.item, it.Source(), rules, it.DecodeStrict))
}

// BatchInput checks a batch input, its inline items included.
func BatchInput(in api.BatchInput) error {
	return batchInput(in, true)
}

func batchInput(in api.BatchInput, strict bool) error {
	var rules []api.Problem
	if strict {
		rules = rawProblems(in.Source())
	}
	rules = append(rules, in.Check()...)
	if len(in.Items) <= api.MaxInlineItems {
		for i, it := range in.Items {
			item := fmt.Sprintf("items[%d]", i)
			if strict {
				rules = append(rules, strictRules(nil, item, it.Datasets)...)
			}
			for _, p := range it.Check() {
				rules = append(rules, api.Problem{Field: join(item, p.Field), Message: p.Message})
			}
		}
	}
	decode := func() *api.Problem {
		if p := in.DecodeStrict(); p != nil {
			return p
		}
		for i, it := range in.Items {
			if p := it.DecodeStrict(); p != nil {
				return &api.Problem{Field: join(fmt.Sprintf("items[%d]", i), p.Field), Message: p.Message}
			}
		}
		return nil
	}
	return asError(groupItems(check(schemas.batch, in.Source(), rules, decode)))
}

// schemas are the compiled schemas; docs the schema documents by URL, for
// what an error message needs beyond the error (x-messages, known fields).
var (
	schemas struct{ analysis, batch, item *jsonschema.Schema }
	docs    = map[string]any{}
	printer = message.NewPrinter(language.English)
)

func init() {
	c := jsonschema.NewCompiler()
	files, err := fs.Glob(api.Schemas, "schema/*.json")
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		b, err := fs.ReadFile(api.Schemas, f)
		if err != nil {
			panic(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			panic(fmt.Sprintf("%s: %v", f, err))
		}
		u := api.SchemaBaseURL + path.Base(f)
		docs[u] = doc
		if err := c.AddResource(u, doc); err != nil {
			panic(err)
		}
	}
	schemas.analysis = c.MustCompile(api.SchemaBaseURL + path.Base(api.AnalysisInputSchema))
	schemas.batch = c.MustCompile(api.SchemaBaseURL + path.Base(api.BatchInputSchema))
	schemas.item = c.MustCompile(api.SchemaBaseURL + path.Base(api.BatchInputSchema) + "#/$defs/item")
}

// check runs the schema over src, then merges its problems with the rules'
// (one message per field; a rule wins, as it is the more exact: bytes, not
// characters). Strict decoding is asked only when the schema found
// nothing: it rarely adds a problem, and says it less clearly.
func check(s *jsonschema.Schema, src []byte, rules []api.Problem, decode func() *api.Problem) []api.Problem {
	var found []ranked
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		return []api.Problem{{Message: fmt.Sprintf("input: not JSON: %v", err)}}
	}
	if err := s.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return []api.Problem{{Message: "input: " + err.Error()}}
		}
		found = translate(ve, inst, nil, 0)
	}
	if len(found) == 0 {
		if p := decode(); p != nil {
			found = append(found, ranked{Problem: *p})
		}
	}
	out := slices.Clone(rules)
	seen := map[string]bool{}
	for _, p := range rules {
		seen[p.Field] = true
	}
	slices.SortFunc(found, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.Field, b.Field), cmp.Compare(a.rank, b.rank), cmp.Compare(a.Message, b.Message))
	})
	for _, p := range found {
		if !seen[p.Field] {
			seen[p.Field] = true
			out = append(out, p.Problem)
		}
	}
	// In the order the fields come in the input (a missing field where
	// its object starts), so the message reads like the input.
	order := fieldOrder(src)
	pos := func(field string) int {
		for {
			if n, ok := order[field]; ok {
				return n
			}
			i := strings.LastIndexAny(field, ".[")
			if i < 0 {
				return 0
			}
			field = field[:i]
		}
	}
	slices.SortStableFunc(out, func(a, b api.Problem) int { return cmp.Compare(pos(a.Field), pos(b.Field)) })
	return out
}

// fieldOrder numbers the fields of a JSON document in the order they
// come, in the worker's notation (datasets[0].name).
func fieldOrder(src []byte) map[string]int {
	order := map[string]int{}
	walkFields(src, func(t fieldToken) {
		if _, ok := order[t.Field]; !ok && !t.Key {
			order[t.Field] = len(order) + 1
		}
	})
	return order
}

// fieldToken is one token of a JSON document with the field it belongs
// to, in the worker's notation (datasets[0].name).
type fieldToken struct {
	Field    string
	Tok      json.Token
	Raw      []byte // the token as written
	Start    int64  // its offset in the document
	Key      bool   // an object's key (Field is the field it names)
	Repeated bool   // a key given before in the same object
}

// walkFields calls visit with every key and every value of src (of an
// object or array: its opening), in order, until a token does not decode.
func walkFields(src []byte, visit func(fieldToken)) {
	// stack holds, per open object or array, its field name and, for an
	// array, the next index (-1 for an object).
	type level struct {
		field string
		next  int
		keys  map[string]bool // keys seen in an object
	}
	var stack []level
	key, expectKey := "", false
	name := func() string {
		top := stack[len(stack)-1]
		if top.next >= 0 {
			return fmt.Sprintf("%s[%d]", top.field, top.next)
		}
		if top.field == "" {
			return key
		}
		return top.field + "." + key
	}
	value := func() string { // the field a value just begun belongs to
		if len(stack) == 0 {
			return ""
		}
		f := name()
		if top := &stack[len(stack)-1]; top.next >= 0 {
			top.next++
		}
		return f
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return
		}
		t := fieldToken{Tok: tok, Raw: src[start:dec.InputOffset()], Start: start}
		if len(stack) > 0 && stack[len(stack)-1].next < 0 && expectKey {
			if s, ok := tok.(string); ok {
				key, expectKey = s, false
				top := &stack[len(stack)-1]
				t.Field, t.Key, t.Repeated = name(), true, top.keys[s]
				top.keys[s] = true
				visit(t)
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			t.Field = value()
			stack = append(stack, level{field: t.Field, next: -1, keys: map[string]bool{}})
			expectKey = true
		case json.Delim('['):
			t.Field = value()
			stack = append(stack, level{field: t.Field, next: 0})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			expectKey = len(stack) > 0 && stack[len(stack)-1].next < 0
			continue
		default:
			t.Field = value()
			expectKey = stack != nil && stack[len(stack)-1].next < 0
		}
		visit(t)
	}
}

var itemField = regexp.MustCompile(`^items\[\d+\]`)

// groupItems writes the problems of an inline item as one, "items[1]:
// question: ...; max_steps: ...", as the worker reports an item it read
// from S3.
func groupItems(ps []api.Problem) []api.Problem {
	var out []api.Problem
	for _, p := range ps {
		item := itemField.FindString(p.Field)
		if item == "" {
			out = append(out, p)
			continue
		}
		inner := api.Problem{Field: strings.TrimPrefix(strings.TrimPrefix(p.Field, item), "."), Message: p.Message}.String()
		if n := len(out); n > 0 && out[n-1].Field == item {
			out[n-1].Message += "; " + inner
			continue
		}
		out = append(out, api.Problem{Field: item, Message: inner})
	}
	return out
}

func asError(ps []api.Problem) error {
	if len(ps) == 0 {
		return nil
	}
	msgs := make([]string, len(ps))
	for i, p := range ps {
		msgs[i] = p.String()
	}
	return errors.New("invalid input: " + strings.Join(msgs, "; "))
}

func join(prefix, field string) string {
	if field == "" {
		return prefix
	}
	return prefix + "." + field
}

package validate

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/durable-analyst/durable-analyst/api"
)

// translate turns a schema error tree into one problem per bad value, in
// the worker's words: "max_steps: 51, must be between 1 and 50". A schema
// node may word an error of one of its keywords itself, in "x-messages"
// ({got} is the value); at the top level such a message stands alone (it
// names its fields).
//
// The library gathers errors in map order; translate's caller sorts them,
// and where a value has two, prefers the one found outside an anyOf or
// oneOf branch (rank 0), so the message never depends on that order.
func translate(e *jsonschema.ValidationError, inst any, out []ranked, rank int) []ranked {
	node := schemaNode(e.SchemaURL)
	val, field := locate(inst, e.InstanceLocation)
	add := func(field, msg string) {
		out = append(out, ranked{api.Problem{Field: field, Message: msg}, rank})
	}
	custom := func(keyword string) bool {
		msgs, _ := node["x-messages"].(map[string]any)
		msg, ok := msgs[keyword].(string)
		if !ok {
			return false
		}
		msg = strings.ReplaceAll(msg, "{got}", display(val))
		if field == "" {
			add("", msg)
		} else {
			add(field, msg)
		}
		return true
	}
	at := func(msg string) {
		if field == "" {
			add("", "input: "+msg)
		} else {
			add(field, msg)
		}
	}
	// say words an error of keyword: the schema's own words, or msg.
	say := func(keyword, msg string) {
		if !custom(keyword) {
			at(msg)
		}
	}
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		kw := e.ErrorKind.KeywordPath()[0]
		switch {
		case custom(kw):
		case len(e.Causes) > 0:
			// No branch fits: the first branch is the usual case, and
			// its errors say what is missing.
			out = translate(e.Causes[0], inst, out, rank+1)
		default:
			at(fmt.Sprintf("matches more than one of %s", kw))
		}
	case *kind.Not:
		say("not", "is not allowed here")
	case *kind.Type:
		say("type", fmt.Sprintf("got JSON %s, want %s", typeOf(val), want(k.Want)))
	case *kind.Required:
		if !custom("required") {
			for _, m := range k.Missing {
				add(joinField(field, m), "required")
			}
		}
	case *kind.AdditionalProperties:
		ps := slices.Sorted(slices.Values(k.Properties))
		for _, p := range ps {
			add(joinField(field, p), fmt.Sprintf("unknown field (known: %s)", strings.Join(known(e.SchemaURL), ", ")))
		}
	case *kind.FalseSchema:
		// unevaluatedProperties: false, reported at the field itself. A
		// subschema that failed leaves its fields unevaluated: those are
		// known fields with a problem of their own, reported elsewhere.
		parent := strings.TrimSuffix(e.SchemaURL, "/unevaluatedProperties")
		names := known(parent)
		name := e.InstanceLocation[len(e.InstanceLocation)-1]
		if !slices.Contains(names, name) {
			at(fmt.Sprintf("unknown field (known: %s)", strings.Join(names, ", ")))
		}
	case *kind.Minimum, *kind.Maximum:
		at(fmt.Sprintf("%s, must be %s", display(val), bounds(node)))
	case *kind.Enum:
		ws := make([]string, len(k.Want))
		for i, w := range k.Want {
			ws[i] = display(w)
		}
		say("enum", fmt.Sprintf("%s, must be one of %s", display(val), strings.Join(ws, ", ")))
	case *kind.Pattern:
		say("pattern", fmt.Sprintf("%q does not match %s", k.Got, k.Want))
	case *kind.MaxLength:
		say("maxLength", fmt.Sprintf("%d characters, at most %d", k.Got, k.Want))
	case *kind.MinLength:
		say("minLength", fmt.Sprintf("%d characters, at least %d", k.Got, k.Want))
	case *kind.MaxItems:
		say("maxItems", fmt.Sprintf("%d given, at most %d", k.Got, k.Want))
	case *kind.MinItems:
		say("minItems", fmt.Sprintf("%d given, at least %d", k.Got, k.Want))
	case *kind.Schema, *kind.Group, *kind.AllOf, *kind.Reference:
		for _, c := range e.Causes {
			out = translate(c, inst, out, rank)
		}
	default:
		at(e.ErrorKind.LocalizedString(printer))
	}
	return out
}

// ranked is a problem found by the schema, with its rank.
type ranked struct {
	api.Problem
	rank int
}

// locate returns the value at loc in inst, and its field name in the
// worker's notation: datasets[0].name.
func locate(inst any, loc []string) (any, string) {
	var b strings.Builder
	v := inst
	for _, tok := range loc {
		switch c := v.(type) {
		case []any:
			i, _ := strconv.Atoi(tok)
			fmt.Fprintf(&b, "[%s]", tok)
			if i >= 0 && i < len(c) {
				v = c[i]
			}
		case map[string]any:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(tok)
			v = c[tok]
		}
	}
	return v, b.String()
}

func joinField(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// schemaNode returns the schema object at an absolute schema location.
func schemaNode(loc string) map[string]any {
	base, frag, _ := strings.Cut(loc, "#")
	var v any = docs[base]
	for tok := range strings.SplitSeq(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		if u, err := url.PathUnescape(tok); err == nil {
			tok = u
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch c := v.(type) {
		case map[string]any:
			v = c[tok]
		case []any:
			i, _ := strconv.Atoi(tok)
			if i >= 0 && i < len(c) {
				v = c[i]
			}
		}
	}
	m, _ := v.(map[string]any)
	return m
}

// known lists the fields the schema object at loc defines, its $ref's
// included.
func known(loc string) []string {
	set := map[string]bool{}
	for range 3 {
		node := schemaNode(loc)
		props, _ := node["properties"].(map[string]any)
		for p := range maps.Keys(props) {
			set[p] = true
		}
		ref, _ := node["$ref"].(string)
		if ref == "" {
			break
		}
		base, _, _ := strings.Cut(loc, "#")
		if !strings.HasPrefix(ref, "#") {
			base = api.SchemaBaseURL + strings.Split(ref, "#")[0]
			ref = "#" + strings.SplitN(ref, "#", 2)[1]
		}
		loc = base + ref
	}
	return slices.Sorted(maps.Keys(set))
}

// bounds words a schema object's minimum and maximum.
func bounds(node map[string]any) string {
	lo, hasLo := node["minimum"]
	hi, hasHi := node["maximum"]
	switch {
	case hasLo && hasHi:
		return fmt.Sprintf("between %v and %v", lo, hi)
	case hasLo:
		return fmt.Sprintf("at least %v", lo)
	default:
		return fmt.Sprintf("at most %v", hi)
	}
}

// display shows a JSON value in a message: strings quoted, arrays by
// their length.
func display(v any) string {
	switch c := v.(type) {
	case string:
		return strconv.Quote(c)
	case []any:
		return strconv.Itoa(len(c))
	case nil:
		return "null"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func typeOf(v any) string {
	switch c := v.(type) {
	case json.Number:
		return "number " + c.String()
	case string:
		return "string"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

func want(types []string) string {
	var ws []string
	for _, t := range types {
		switch t {
		case "null":
			continue
		case "integer", "array", "object":
			ws = append(ws, "an "+t)
		default:
			ws = append(ws, "a "+t)
		}
	}
	return strings.Join(ws, " or ")
}

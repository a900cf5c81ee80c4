package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Decoding is lenient: a value of the wrong type leaves its field zero
// instead of failing, and the JSON is kept. A bad value typed into the
// Temporal UI then reaches the workflow, whose validation names every bad
// field in one non-retryable error, instead of failing decoding in the SDK
// (which would retry the workflow task over and over).

// analysisFields, batchItemFields and batchFields are the input types
// without their UnmarshalJSON methods.
type (
	analysisFields  AnalysisInput
	batchItemFields struct {
		ID string `json:"id"`
		analysisFields
	}
	batchFields BatchInput
)

// UnmarshalJSON decodes leniently and keeps the JSON for validation.
func (in *AnalysisInput) UnmarshalJSON(b []byte) error {
	var f analysisFields
	_ = json.Unmarshal(b, &f) // validation reports what did not fit
	*in = AnalysisInput(f)
	in.src = bytes.Clone(b)
	return nil
}

// UnmarshalJSON decodes leniently and keeps the JSON for validation.
func (it *BatchItem) UnmarshalJSON(b []byte) error {
	var f batchItemFields
	_ = json.Unmarshal(b, &f)
	*it = BatchItem{ID: f.ID, AnalysisInput: AnalysisInput(f.analysisFields)}
	it.src = bytes.Clone(b)
	return nil
}

// UnmarshalJSON decodes leniently and keeps the JSON for validation.
func (in *BatchInput) UnmarshalJSON(b []byte) error {
	var f batchFields
	_ = json.Unmarshal(b, &f)
	*in = BatchInput(f)
	in.src = bytes.Clone(b)
	return nil
}

// Source is the JSON document that validation checks: the JSON the input
// was decoded from, or its encoding when it was built in Go. A decoded
// input keeps the JSON it came as: validation of a value changed after
// decoding still judges what was sent (build a new value instead).
func (in AnalysisInput) Source() []byte {
	if in.src != nil {
		return in.src
	}
	b, _ := json.Marshal(analysisFields(in))
	return b
}

// Source is the JSON document that validation checks (see AnalysisInput).
func (it BatchItem) Source() []byte {
	if it.src != nil {
		return it.src
	}
	b, _ := json.Marshal(batchItemFields{ID: it.ID, analysisFields: analysisFields(it.AnalysisInput)})
	return b
}

// Source is the JSON document that validation checks (see AnalysisInput).
// A batch built in Go keeps the JSON of items that were decoded.
func (in BatchInput) Source() []byte {
	if in.src != nil {
		return in.src
	}
	items := make([]json.RawMessage, len(in.Items))
	for i, it := range in.Items {
		items[i] = it.Source()
	}
	b, _ := json.Marshal(struct {
		batchFields
		Items []json.RawMessage `json:"items,omitempty"`
	}{batchFields(in), items})
	return b
}

// has reports whether the input's JSON has the field, so an explicit zero
// (max_steps: 0) is told apart from an omitted field.
func (in AnalysisInput) has(field string) bool {
	var fields map[string]json.RawMessage
	_ = json.Unmarshal(in.src, &fields)
	_, ok := fields[field]
	return ok
}

// DecodeStrict reports the first way the input's JSON does not fit its Go
// types (an unknown field, 2.0 for an integer). The schema finds nearly
// all of them, with better messages; this catches the rest, so lenient
// decoding never drops a value silently.
func (in AnalysisInput) DecodeStrict() *Problem {
	return decodeStrict(in.Source(), &analysisFields{})
}

// DecodeStrict is AnalysisInput.DecodeStrict for an item.
func (it BatchItem) DecodeStrict() *Problem {
	return decodeStrict(it.Source(), &batchItemFields{})
}

// DecodeStrict is AnalysisInput.DecodeStrict for a batch. Its items decode
// leniently: each item's own DecodeStrict checks them.
func (in BatchInput) DecodeStrict() *Problem {
	return decodeStrict(in.Source(), &batchFields{})
}

func decodeStrict(src []byte, dst any) *Problem {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return &Problem{Field: te.Field, Message: fmt.Sprintf("got JSON %s, want %s", te.Value, jsonTypeName(te.Type.Kind().String()))}
	}
	return &Problem{Message: "input: " + err.Error()}
}

func jsonTypeName(kind string) string {
	switch kind {
	case "int", "int64", "int32":
		return "an integer"
	case "string":
		return "a string"
	case "slice":
		return "an array"
	case "struct", "map":
		return "an object"
	}
	return kind
}

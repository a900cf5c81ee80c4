package validate_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// verify takes one of three modes (or none: correct); anything else is
// refused by name, by the worker and by the published schema alike.
func TestVerifyMode(t *testing.T) {
	schema := compile(t, api.AnalysisInputSchema)
	for _, tc := range []struct {
		doc, err string
	}{
		{`{"question": "q"}`, ""},
		{`{"question": "q", "verify": null}`, ""},
		{`{"question": "q", "verify": "correct"}`, ""},
		{`{"question": "q", "verify": "flag"}`, ""},
		{`{"question": "q", "verify": "off"}`, ""},
		{`{"question": "q", "verify": "sometimes"}`, `verify: "sometimes" is not a verify mode (correct, flag or off)`},
		{`{"question": "q", "verify": true}`, `verify`},
	} {
		var in api.AnalysisInput
		require.NoError(t, json.Unmarshal([]byte(tc.doc), &in))
		err := validate.AnalysisInput(in)
		schemaErr := schema.Validate(decodeJSON(t, tc.doc))
		if tc.err == "" {
			assert.NoError(t, err, tc.doc)
			assert.NoError(t, schemaErr, tc.doc)
			continue
		}
		if assert.Error(t, err, tc.doc) {
			assert.Contains(t, err.Error(), tc.err)
		}
		assert.Error(t, schemaErr, tc.doc)
	}
	assert.Equal(t, api.VerifyCorrect, api.AnalysisInput{Question: "q"}.WithDefaults().Verify, "correct is the default")
}

// A batch's defaults may set verify for the items that set none; a mode
// that is none of the three is refused under its field's name.
func TestBatchDefaultsVerify(t *testing.T) {
	var in api.BatchInput
	require.NoError(t, json.Unmarshal([]byte(`{"items":[{"question":"q"}],"defaults":{"verify":"sometimes"}}`), &in))
	err := validate.BatchInput(in)
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), `defaults.verify: "sometimes" is not a verify mode (correct, flag or off)`)
	}

	require.NoError(t, json.Unmarshal([]byte(`{"items":[{"question":"q"},{"question":"r","verify":"off"}],"defaults":{"verify":"flag"}}`), &in))
	require.NoError(t, validate.BatchInput(in))
	assert.Equal(t, api.VerifyFlag, in.Defaults.Apply(in.Items[0]).Verify, "an item without verify takes the default")
	assert.Equal(t, api.VerifyOff, in.Defaults.Apply(in.Items[1]).Verify, "an item's own verify wins")
}

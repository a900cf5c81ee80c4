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

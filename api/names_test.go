package api_test

import (
	"encoding/json"
	"testing"

	"github.com/durable-analyst/durable-analyst/api"
)

// The result schema lists exactly the result statuses and the ways a
// conversation ends that the api package names, so a value added to one
// and not the other fails here.
func TestResultSchemaListsTheConstants(t *testing.T) {
	b, err := api.Schemas.ReadFile(api.AnalysisResultSchema)
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties struct {
			Status       struct{ Enum []string } `json:"status"`
			Conversation struct {
				Properties struct {
					EndedBy struct{ Enum []string } `json:"ended_by"`
				} `json:"properties"`
			} `json:"conversation"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(b, &schema); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field      string
		got, names []string
	}{
		{"status", schema.Properties.Status.Enum, []string{api.StatusAnswered, api.StatusMaxSteps, api.StatusBudget, api.StatusEnded}},
		{"conversation.ended_by", schema.Properties.Conversation.Properties.EndedBy.Enum,
			[]string{api.EndedByEnd, api.EndedByIdleTimeout, api.EndedByMaxTurns, api.EndedByFailed}},
	} {
		if len(tc.got) != len(tc.names) {
			t.Errorf("%s: the schema lists %q, api names %q", tc.field, tc.got, tc.names)
			continue
		}
		for i := range tc.got {
			if tc.got[i] != tc.names[i] {
				t.Errorf("%s: the schema lists %q, api names %q", tc.field, tc.got, tc.names)
				break
			}
		}
	}
}

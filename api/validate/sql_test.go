package validate_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// A dataset given by a SQL query: valid, and each bad form with its field
// and message.
func TestSQLDatasets(t *testing.T) {
	long := strings.Repeat("é", api.MaxSQLQueryBytes/2+1) // fewer characters than bytes
	for _, c := range []struct {
		input string
		want  []string // "" for valid
	}{
		{`{"question":"q","datasets":[{"name":"orders.csv","sql":{"source":"warehouse","query":"select 1"}}]}`, nil},
		{`{"question":"q","datasets":[{"name":"orders.csv","sql":null,"content":"a"}]}`, nil},
		{`{"question":"q","datasets":[{"name":"o.csv","content":"a","sql":{"source":"w","query":"select 1"}}]}`,
			[]string{"datasets[0]", "set exactly one of s3_key, url, content, sql"}},
		{`{"question":"q","datasets":[{"name":"o.csv","sql":{"source":"Warehouse","query":"select 1"}}]}`,
			[]string{"datasets[0].sql.source", "lower-case name"}},
		{`{"question":"q","datasets":[{"name":"o.csv","sql":{"source":"w","query":""}}]}`,
			[]string{"datasets[0].sql.query", "required"}},
		{`{"question":"q","datasets":[{"name":"o.csv","sql":{"source":"w"}}]}`,
			[]string{"datasets[0].sql", "query"}},
		{`{"question":"q","datasets":[{"name":"o.csv","sql":{"source":"w","query":"select 1","url":"postgres://u:p@h/d"}}]}`,
			[]string{"datasets[0].sql", "url"}},
		{`{"question":"q","datasets":[{"name":"o.csv","sql":{"source":"w","query":"` + long + `"}}]}`,
			[]string{"datasets[0].sql.query", "at most 16384"}},
	} {
		var in api.AnalysisInput
		if err := json.Unmarshal([]byte(c.input), &in); err != nil {
			t.Fatalf("decode %s: %v", c.input, err)
		}
		err := validate.AnalysisInput(in)
		if c.want == nil {
			if err != nil {
				t.Errorf("%s: got %v, want valid", c.input, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: valid, want an error with %q", c.input, c.want)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: got %q, want it to contain %q", c.input[:min(len(c.input), 120)], err, w)
			}
		}
	}
}

package validate_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// Workflows validate in workflow code, so the same input must get the same
// message every time, although the schema library gathers errors in map
// order (tools/workflowcheck.yaml relies on this test).
func TestDeterministic(t *testing.T) {
	analyses, batches := corpusCases()
	analyses = append(every(analyses, 5), `{"question":" ","max_steps":99,"model":"a b","budget":{"max_tokens":-1,"x":1},"datasets":[{"name":"../a","url":"ftp://x","y":2},{"name":"b"}],"z":3}`)
	batches = append(every(batches, 5), `{"items":[{"question":"","x":1},{"id":7,"max_steps":0}],"items_s3_key":"k","concurrency":0,"defaults":{"model":"a b","q":1},"zz":1}`)
	same := func(doc string, check func() error) {
		t.Helper()
		first := fmt.Sprint(check())
		for range 20 {
			if got := fmt.Sprint(check()); got != first {
				t.Fatalf("%s: got %q, then %q", doc, first, got)
			}
		}
	}
	for _, doc := range analyses {
		var in api.AnalysisInput
		require.NoError(t, json.Unmarshal([]byte(doc), &in))
		same(doc, func() error { return validate.AnalysisInput(in) })
	}
	for _, doc := range batches {
		var in api.BatchInput
		require.NoError(t, json.Unmarshal([]byte(doc), &in))
		same(doc, func() error { return validate.BatchInput(in) })
	}
}

func every(docs []string, n int) []string {
	var out []string
	for i := 0; i < len(docs); i += n {
		out = append(out, docs[i])
	}
	return out
}

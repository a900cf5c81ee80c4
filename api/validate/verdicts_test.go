package validate_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// The schema-driven validation accepts exactly the inputs the validation
// it replaced accepted (struct tags, known-field maps and hand-written
// checks), over thousands of inputs around every rule. testdata/
// verdicts.json lists the inputs that one accepted. This is what lets
// running batches (AUTO_UPGRADE), which validate each item in workflow
// code, replay on the new code without a GetVersion guard: no item changes
// its verdict.
func TestVerdictsUnchanged(t *testing.T) {
	b, err := os.ReadFile("testdata/verdicts.json")
	require.NoError(t, err)
	var golden struct {
		Analyses []string `json:"valid_analyses"`
		Batches  []string `json:"valid_batches"`
	}
	require.NoError(t, json.Unmarshal(b, &golden))
	valid := map[string]bool{}
	for _, d := range append(golden.Analyses, golden.Batches...) {
		valid[d] = true
	}
	analyses, batches := corpusCases()
	require.Len(t, analyses, 3232, "the corpus is the one the verdicts were taken on")
	require.Len(t, batches, 1361)
	check := func(doc string, err error) {
		t.Helper()
		if valid[doc] && err != nil {
			t.Errorf("%s: got %v, want valid", doc, err)
		}
		if !valid[doc] && err == nil {
			t.Errorf("%s: got valid, want an error", doc)
		}
	}
	// The input-encoding rules (valid UTF-8, no repeated key, plain URL
	// hosts) change no verdict of this corpus: its documents are encoded
	// by encoding/json and its one URL host is x.test. Workflow runs begun
	// before those rules validate with the Lenient functions
	// (workflows.ChangeStrictInput), so both must keep every verdict.
	for _, d := range analyses {
		var in api.AnalysisInput
		require.NoError(t, json.Unmarshal([]byte(d), &in))
		check(d, validate.AnalysisInput(in))
		check(d, validate.LenientAnalysisInput(in))
	}
	for _, d := range batches {
		var in api.BatchInput
		require.NoError(t, json.Unmarshal([]byte(d), &in))
		check(raisedCap(t, d, valid), validate.BatchInput(in))
		check(raisedCap(t, d, valid), validate.LenientBatchInput(in))
	}
}

// raisedCap accounts for the one intended change of verdict since the
// golden file was taken: the batch concurrency cap went from 50 to
// api.MaxBatchConcurrency. A batch whose concurrency lies above
// 50 and within the new cap is judged as the same batch at concurrency 50;
// running batches cannot hold such a value (it was refused), so no replay
// depends on it.
func raisedCap(t *testing.T, doc string, valid map[string]bool) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(doc), &m))
	c, ok := m["concurrency"].(float64)
	if !ok || c <= 50 || c > api.MaxBatchConcurrency || c != float64(int(c)) {
		return doc
	}
	m["concurrency"] = 50
	b, err := json.Marshal(m)
	require.NoError(t, err)
	if valid[string(b)] {
		return string(b)
	}
	return doc
}

// corpusCases builds inputs around the edges of every rule: each base input
// with one field set to each of many values (or removed). The verdicts of
// the validation these replaced are kept in testdata/verdicts.json.
func corpusCases() (analyses, batches []string) {
	values := []string{`null`, `""`, `" "`, `"\u00a0"`, `"\u000b"`, `"q"`, `"a.csv"`, `"in/a.csv"`, `"/abs"`, `"x//y"`, `"x/../y"`,
		`"https://x.test/a"`, `"http://a b/"`, `"file:///x"`, `"http://"`, `"30m"`, `"1s"`, `"0s"`, `"200h"`, `"soon"`, `"gpt-4.1"`, `"a b"`,
		`0`, `-1`, `1`, `2`, `2.0`, `1e1`, `2.5`, `50`, `51`, `500`, `1000`, `1001`, `10000`, `10001`, `86400`, `86401`, `100000000`, `100000001`,
		`true`, `[]`, `{}`, `[7]`, `[{"name":"b","content":"y"}]`, `[{"question":"q"}]`, `[{"question":""}]`, `{"max_tokens":1}`,
		`{"idle_timeout":"10m","pause_after":"10m"}`, `{"model":"m"}`, `{"max_steps":0}`, `"` + strings.Repeat("é", 4097) + `"`}
	const del = "<delete>"
	set := func(doc, path, v string) string {
		var m any
		if err := json.Unmarshal([]byte(doc), &m); err != nil {
			panic(err)
		}
		parts := strings.Split(path, ".")
		cur := m
		for _, p := range parts[:len(parts)-1] {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[p]
			case []any:
				cur = c[0]
			}
		}
		obj, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		last := parts[len(parts)-1]
		if v == del {
			delete(obj, last)
		} else {
			obj[last] = json.RawMessage(v)
		}
		b, err := json.Marshal(m)
		if err != nil {
			panic(err)
		}
		return string(b)
	}
	gen := func(bases, paths []string) []string {
		seen := map[string]bool{}
		var out []string
		for _, b := range bases {
			for _, p := range paths {
				for _, v := range append([]string{del}, values...) {
					if d := set(b, p, v); d != "" && !seen[d] {
						seen[d] = true
						out = append(out, d)
					}
				}
			}
		}
		return out
	}
	analyses = gen([]string{
		`{"question":"q"}`,
		`{"question":"q","datasets":[{"name":"a.csv","content":"x"}],"budget":{"max_tokens":5},"conversation":{"idle_timeout":"1h"}}`,
		`{"conversation":{},"continued":{"sandbox_id":"i"}}`,
		`{"question":"q","datasets":[{"name":"a.csv","s3_key":"in/a.csv","url":"https://x.test/a"}]}`,
	}, []string{"schema_version", "question", "datasets", "model", "max_steps", "system_prompt", "budget", "conversation", "continued", "x",
		"datasets.0.name", "datasets.0.s3_key", "datasets.0.url", "datasets.0.content", "datasets.0.path",
		"budget.max_tokens", "budget.max_sandbox_seconds", "budget.x",
		"conversation.idle_timeout", "conversation.max_turns", "conversation.pause_after", "conversation.turns_per_run", "conversation.x"})
	batches = gen([]string{
		`{"items":[{"question":"q","id":"a"}],"defaults":{"model":"m","max_steps":3}}`,
		`{"items_s3_key":"in/x.jsonl","concurrency":2,"items_per_run":3,"report_key":"r.json","state":{"next":1}}`,
	}, []string{"items", "items_s3_key", "concurrency", "report_key", "defaults", "items_per_run", "state", "x",
		"defaults.model", "defaults.max_steps", "defaults.system_prompt", "defaults.x",
		"items.0.id", "items.0.question", "items.0.max_steps", "items.0.model", "items.0.datasets", "items.0.x"})
	return analyses, batches
}

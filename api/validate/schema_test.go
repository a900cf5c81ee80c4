package validate_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
)

// compile compiles one embedded schema the way a caller in another
// language would: from the published files, by $id.
func compile(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	files, err := fs.Glob(api.Schemas, "schema/*.json")
	require.NoError(t, err)
	for _, f := range files {
		b, err := fs.ReadFile(api.Schemas, f)
		require.NoError(t, err)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		require.NoError(t, err, f)
		require.Equal(t, api.SchemaBaseURL+path.Base(f), doc.(map[string]any)["$id"], "%s: $id", f)
		require.NoError(t, c.AddResource(api.SchemaBaseURL+path.Base(f), doc))
	}
	s, err := c.Compile(api.SchemaBaseURL + path.Base(name))
	require.NoError(t, err)
	return s
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	require.NoError(t, err)
	return v
}

// A real result fits the published result schema, and the schema can say no.
func TestResultSchema(t *testing.T) {
	schema := compile(t, api.AnalysisResultSchema)
	res := api.AnalysisResult{
		SchemaVersion: 1, Status: api.StatusAnswered, Answer: "West",
		Charts:    []api.Chart{{Key: "analyses/w/step-2/0-0.png", URL: "http://x", Step: 2, Bytes: 10}},
		StepsUsed: 3, CodeRuns: 2, Usage: api.Usage{TotalTokens: 5}, SandboxID: "i1", TranscriptKey: "t",
		Files: []api.OutputFile{{Key: "analyses/w/step-2/files/cleaned.csv", URL: "http://x", Name: "cleaned.csv", Step: 2,
			Bytes: 30, ContentType: "text/csv; charset=utf-8", Origin: api.OriginOutputs}},
		Report: &api.Report{MarkdownKey: "analyses/w/report.md", HTMLKey: "analyses/w/report.html", MarkdownURL: "http://m", HTMLURL: "http://h"},
	}
	b, err := json.Marshal(res)
	require.NoError(t, err)
	assert.NoError(t, schema.Validate(decodeJSON(t, string(b))))
	for _, bad := range []struct{ from, to string }{
		{`"answered"`, `"done"`},
		{`"origin":"outputs"`, `"origin":"elsewhere"`},
		{`"content_type":"text/csv; charset=utf-8",`, ``},
		{`"html_key":"analyses/w/report.html",`, ``},
	} {
		broken := strings.Replace(string(b), bad.from, bad.to, 1)
		require.NotEqual(t, string(b), broken, "the case %q changes nothing", bad.from)
		assert.Error(t, schema.Validate(decodeJSON(t, broken)), "the schema accepts %s", broken)
	}
}

// The published input schemas, run by any validator, refuse what the
// worker refuses, except the few rules only the worker can check (Check):
// a caller in another language gets the same answer short of those.
func TestSchemasAloneAgreeWithTheWorker(t *testing.T) {
	analysis, batch := compile(t, api.AnalysisInputSchema), compile(t, api.BatchInputSchema)
	analyses, batches := corpusCases()
	for _, tc := range []struct {
		schema *jsonschema.Schema
		docs   []string
		worker func(doc string) (error, []api.Problem)
	}{
		{analysis, analyses, func(doc string) (error, []api.Problem) {
			var in api.AnalysisInput
			require.NoError(t, json.Unmarshal([]byte(doc), &in))
			return validate.AnalysisInput(in), append(in.Check(), ptrs(in.DecodeStrict())...)
		}},
		{batch, batches, func(doc string) (error, []api.Problem) {
			var in api.BatchInput
			require.NoError(t, json.Unmarshal([]byte(doc), &in))
			rules := append(in.Check(), ptrs(in.DecodeStrict())...)
			for _, it := range in.Items {
				rules = append(rules, append(it.Check(), ptrs(it.DecodeStrict())...)...)
			}
			return validate.BatchInput(in), rules
		}},
	} {
		for _, doc := range tc.docs {
			schemaErr := tc.schema.Validate(decodeJSON(t, doc))
			workerErr, rules := tc.worker(doc)
			switch {
			case schemaErr != nil && workerErr == nil:
				t.Errorf("%s: the schema refuses what the worker accepts: %v", doc, schemaErr)
			case schemaErr == nil && workerErr != nil && len(rules) == 0:
				t.Errorf("%s: the worker refuses what the schema accepts, and no rule of Check says why: %v", doc, workerErr)
			}
		}
	}
}

func ptrs(p *api.Problem) []api.Problem {
	if p == nil {
		return nil
	}
	return []api.Problem{*p}
}

package workflows_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/workflows"
)

func compileSchema(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.NewCompiler().Compile(path)
	require.NoError(t, err)
	return s
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(s))
	require.NoError(t, err)
	return v
}

// The published JSON Schema and the worker's validation agree on every
// input of the validation table, so other services can check inputs before
// they start a workflow.
func TestInputSchemaAgreesWithValidate(t *testing.T) {
	schema := compileSchema(t, "schema/analysis-input.v1.json")
	for _, tt := range inputCases {
		t.Run(tt.name, func(t *testing.T) {
			schemaErr := schema.Validate(decodeJSON(t, tt.json))
			var in workflows.AnalysisInput
			require.NoError(t, json.Unmarshal([]byte(tt.json), &in))
			goErr := in.Validate()
			if tt.want == "" {
				assert.NoError(t, schemaErr)
				assert.NoError(t, goErr)
				return
			}
			assert.Error(t, goErr)
			if !goOnlyCases[tt.name] {
				assert.Error(t, schemaErr, "the schema accepts what the worker refuses")
			}
		})
	}
}

// A real result fits the published result schema, and the schema can say no.
func TestResultSchema(t *testing.T) {
	schema := compileSchema(t, "schema/analysis-result.v1.json")
	res := workflows.AnalysisResult{
		SchemaVersion: 1, Status: workflows.StatusAnswered, Answer: "West",
		Charts:    []activities.Chart{{Key: "analyses/w/step-2/0-0.png", URL: "http://x", Step: 2, Bytes: 10}},
		StepsUsed: 3, CodeRuns: 2, Usage: activities.Usage{TotalTokens: 5}, SandboxID: "i1", TranscriptKey: "t",
		Files: []activities.OutputFile{{Key: "analyses/w/step-2/files/cleaned.csv", URL: "http://x", Name: "cleaned.csv", Step: 2,
			Bytes: 30, ContentType: "text/csv; charset=utf-8", Origin: activities.OriginOutputs}},
		Report: &activities.Report{MarkdownKey: "analyses/w/report.md", HTMLKey: "analyses/w/report.html", MarkdownURL: "http://m", HTMLURL: "http://h"},
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

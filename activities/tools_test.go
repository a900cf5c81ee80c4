package activities

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// execute_python and run_sql go to the model as the same bytes as before
// the table of tools (testdata/tools-offered.json, recorded from the code
// before it: the Responses tools, then the Chat Completions tools, without
// and with the SQL tools): scripted models and recorded histories depend
// on them. A tool added later leaves them as they are.
func TestToolsOfferedAsBefore(t *testing.T) {
	want, err := os.ReadFile("testdata/tools-offered.json")
	require.NoError(t, err)
	before := Tools
	t.Cleanup(func() { Tools = before })
	Tools = []Tool{ExecutePythonTool, RunSQLTool}
	var got []byte
	for _, sql := range []bool{false, true} {
		tr := transcript{SQLTool: sql}
		r, err := json.Marshal(tr.tools())
		require.NoError(t, err)
		c, err := json.Marshal(chatTools(tr))
		require.NoError(t, err)
		got = append(append(append(got, r...), '\n'), append(c, '\n')...)
	}
	assert.Equal(t, string(want), string(got))
}

// A row added to Tools is offered to the model by both APIs, with its
// name, description and schema, after the tools before it; a row that
// needs a SQL source only when the SQL tools are on.
func TestToolAddedIsOffered(t *testing.T) {
	before := Tools
	t.Cleanup(func() { Tools = before })
	row := Tool{Name: "count_rows", Description: "Count rows.", Signature: "path: string",
		Parameters: map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}}}
	sqlRow := Tool{Name: "explain_sql", Description: "Explain a query.", SQL: true, Parameters: map[string]any{"type": "object"}}
	Tools = append(slices.Clip(before), row, sqlRow)

	names := func(sql bool) (responses, chat []string) {
		tr := transcript{SQLTool: sql}
		for _, tool := range tr.tools() {
			responses = append(responses, tool.OfFunction.Name)
		}
		for _, tool := range chatTools(tr) {
			chat = append(chat, tool.OfFunction.Function.Name)
		}
		return responses, chat
	}
	r, c := names(false)
	assert.Equal(t, []string{"execute_python", "count_rows"}, r)
	assert.Equal(t, r, c)
	r, c = names(true)
	assert.Equal(t, []string{"execute_python", "run_sql", "count_rows", "explain_sql"}, r)
	assert.Equal(t, r, c)

	offered := transcript{}.tools()[1].OfFunction
	assert.Equal(t, "Count rows.", offered.Description.Value)
	assert.Equal(t, row.Parameters, offered.Parameters)
	assert.True(t, offered.Strict.Value)
}

// A call of a tool that is not on names the tools that are.
func TestUnknownTool(t *testing.T) {
	assert.Equal(t, `error: unknown tool "x"; the only tool is execute_python(code: string)`, UnknownTool("x", ToolsFor(false)))
	assert.Equal(t, `error: unknown tool "x"; the tools are execute_python(code: string) and run_sql(source, query, name: string)`, UnknownTool("x", ToolsFor(true)))
}

// Every row is whole: a name, a description, a schema, a parser, an
// activity and a phase; no two share a name.
func TestToolRowsAreWhole(t *testing.T) {
	seen := map[string]bool{}
	for _, tool := range Tools {
		assert.False(t, seen[tool.Name], "two rows named %s", tool.Name)
		seen[tool.Name] = true
		assert.NotEmpty(t, tool.Name)
		assert.NotEmpty(t, tool.Description, tool.Name)
		assert.NotEmpty(t, tool.Parameters, tool.Name)
		assert.NotEmpty(t, tool.Signature, tool.Name)
		assert.NotNil(t, tool.Parse, tool.Name)
		assert.NotEmpty(t, tool.Activity, tool.Name)
		assert.NotEmpty(t, tool.Phase, tool.Name)
		assert.False(t, strings.ContainsAny(tool.Name, " ()"), tool.Name)
	}
}

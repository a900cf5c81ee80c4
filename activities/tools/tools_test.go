package tools

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A call of a tool that is not on names the tools that are.
func TestUnknown(t *testing.T) {
	assert.Equal(t, `error: unknown tool "x"; the only tool is execute_python(code: string)`, Unknown("x", On(false)))
	assert.Equal(t, `error: unknown tool "x"; the tools are execute_python(code: string) and run_sql(source, query, name: string)`, Unknown("x", On(true)))
}

// Every row is whole: a name, a description, a schema, a parser, an
// activity and a phase; no two share a name.
func TestToolRowsAreWhole(t *testing.T) {
	seen := map[string]bool{}
	for _, tool := range Table {
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

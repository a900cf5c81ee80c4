package modelcall

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/activities/tools"
)

func TestEchoItem(t *testing.T) {
	for _, tt := range []struct {
		raw, want string
		ok        bool
	}{
		{`{"type":"function_call","id":"fc_1","call_id":"call_1","name":"execute_python","arguments":"{}","status":"completed"}`,
			`{"arguments":"{}","call_id":"call_1","name":"execute_python","status":"completed","type":"function_call"}`, true},
		{`{"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"hi"}]}`,
			`{"content":[{"type":"output_text","text":"hi"}],"role":"assistant","type":"message"}`, true},
		{`{"type":"reasoning","id":"rs_1","summary":[]}`, "", false},
		{``, "", false},
		{`not json`, "", false},
	} {
		got, ok := echoItem(tt.raw)
		assert.Equal(t, tt.ok, ok, tt.raw)
		if tt.ok {
			assert.JSONEq(t, tt.want, string(got))
		}
	}
}

func TestRunSQLOfferedOnlyWithSources(t *testing.T) {
	in := CallModelInput{SQLTool: true}
	assert.False(t, New(&activities.Activities{}).sqlTool(in), "no sources")
	s, err := sqlsource.New(map[string]string{"shop": "postgres://u:p@127.0.0.1:1/db"}, sqlsource.Limits{})
	require.NoError(t, err)
	assert.True(t, New(&activities.Activities{SQL: s}).sqlTool(in))
	assert.False(t, New(&activities.Activities{SQL: s}).sqlTool(CallModelInput{}), "a workflow that cannot run it")
	assert.Len(t, transcript{SQLTool: true}.tools(), 2)
	assert.Len(t, transcript{}.tools(), 1)
}

// execute_python and run_sql go to the model as the same bytes as before
// the table of tools (activities/testdata/tools-offered.json, recorded from the code
// before it: the Responses tools, then the Chat Completions tools, without
// and with the SQL tools): scripted models and recorded histories depend
// on them. A tool added later leaves them as they are.
func TestToolsOfferedAsBefore(t *testing.T) {
	want, err := os.ReadFile("../testdata/tools-offered.json")
	require.NoError(t, err)
	before := tools.Table
	t.Cleanup(func() { tools.Table = before })
	tools.Table = []tools.Tool{tools.ExecutePythonTool, tools.RunSQLTool}
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
	before := tools.Table
	t.Cleanup(func() { tools.Table = before })
	row := tools.Tool{Name: "count_rows", Description: "Count rows.", Signature: "path: string",
		Parameters: map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}}}
	sqlRow := tools.Tool{Name: "explain_sql", Description: "Explain a query.", SQL: true, Parameters: map[string]any{"type": "object"}}
	tools.Table = append(slices.Clip(before), row, sqlRow)

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

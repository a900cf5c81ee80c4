package tools

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
)

func TestRunSQLTool(t *testing.T) {
	a, db, r, sb := sqlEnv(t, sqlsource.Limits{MaxRows: 1000})
	run := func(in RunSQLInput) RunSQLResult {
		in.WorkflowID, in.RunID, in.SandboxID, in.Step = "wf-sql", "run-1", sb.ID, 1
		v, err := r.env.ExecuteActivity(RunSQLName, in)
		require.NoError(t, err)
		var res RunSQLResult
		require.NoError(t, v.Get(&res))
		return res
	}
	res := run(RunSQLInput{Cell: 0, CallID: "c0", Source: "shop", Name: "north", Query: "select id, amount from orders where region = 'north' order by id", OutputByRef: true})
	assert.False(t, res.Refused)
	assert.Equal(t, 40, res.Rows)
	assert.Equal(t, "/home/user/north.csv", res.Path)
	assert.Empty(t, res.Output, "by reference")
	text, err := OutputText(context.Background(), a, "wf-sql", Output{CallID: "c0", OutputKey: res.OutputKey})
	require.NoError(t, err)
	t.Log(text)
	assert.Contains(t, text, "40 rows")
	assert.Contains(t, text, "id (int4), amount (numeric)")
	assert.Contains(t, text, "id,amount\n3,3.00\n6,6.00")
	b, err := sb.Files().Read(context.Background(), "/home/user/north.csv")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "id,amount\n3,3.00\n"))

	// A sandbox rebuilt after a loss gets the result back from the
	// journal, before any cell is replayed.
	fresh, err := a.E2B.Create(context.Background(), e2b.CreateParams{Template: "code-interpreter-v1", Timeout: 5 * time.Minute})
	require.NoError(t, err)
	err = r.restore(sandboxes.RestoreSandboxInput{WorkflowID: "wf-sql", RunID: "run-1", SandboxID: fresh.ID})
	require.NoError(t, err)
	rb, err := fresh.Files().Read(context.Background(), "/home/user/north.csv")
	require.NoError(t, err)
	assert.Equal(t, string(b), string(rb), "the rebuilt sandbox has the same result")

	// The same call again (a retry) is answered from the journal.
	db.Exec(t, "ALTER TABLE orders RENAME TO orders_gone")
	again := run(RunSQLInput{Cell: 0, CallID: "c0", Source: "shop", Name: "north", Query: "select id, amount from orders where region = 'north' order by id"})
	assert.Equal(t, 40, again.Rows)
	assert.Contains(t, again.Output, "40 rows")

	// The model's mistakes come back to it as tool output.
	for _, c := range []struct {
		in   RunSQLInput
		want string
	}{
		{RunSQLInput{Cell: 1, CallID: "c1", Source: "shop", Name: "x", Query: "drop table events"}, "refused"},
		{RunSQLInput{Cell: 2, CallID: "c2", Source: "shop", Name: "x", Query: "select * from events"}, "row cap hit"},
		{RunSQLInput{Cell: 3, CallID: "c3", Source: "nope", Name: "x", Query: "select 1"}, `sql source "nope" is not configured`},
		{RunSQLInput{Cell: 4, CallID: "c4", Source: "shop", Name: "../etc/x", Query: "select 1"}, "plain file name"},
		{RunSQLInput{Cell: 5, CallID: "c5", Source: "shop", Name: "x", Query: "select nosuchcolumn from events"}, "SQLSTATE 42703"},
	} {
		res := run(c.in)
		assert.True(t, res.Refused, c.in.Query)
		assert.Contains(t, res.Output, c.want)
		t.Logf("%s → %s", c.in.Query, res.Output)
	}
	assert.EqualValues(t, 5000, db.QueryInt(t, "select count(*) from events"))
}

// A run_sql call on a refused source fails the activity with SourceRefused
// (the workflow fails the analysis with it) instead of handing the model
// a tool output; on the other source of the same worker it runs.
func TestRunSQLOnRefusedSource(t *testing.T) {
	a, db, r, sb := sqlEnv(t, sqlsource.Limits{})
	_, su := db.NewRole(t, "super", "ALTER ROLE {{role}} SUPERUSER;")
	s, err := sqlsource.New(map[string]string{"shop": db.URL, "admin": su}, sqlsource.Limits{})
	require.NoError(t, err)
	a.SQL = s
	in := RunSQLInput{WorkflowID: "wf-refused", RunID: "run-1", SandboxID: sb.ID, Step: 1, CallID: "c0", Source: "admin", Name: "x", Query: "select 1"}
	_, err = r.env.ExecuteActivity(RunSQLName, in)
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeSourceRefused, appErr.Type())
	assert.Contains(t, appErr.Message(), `sql source "admin" is refused`)
	in.Source, in.Cell, in.CallID = "shop", 1, "c1"
	v, err := r.env.ExecuteActivity(RunSQLName, in)
	require.NoError(t, err)
	var res RunSQLResult
	require.NoError(t, v.Get(&res))
	assert.False(t, res.Refused)
	assert.Equal(t, 1, res.Rows)
}

// sqlEnv is activities with the test database as source "shop", a real S3
// and a sandbox.
func sqlEnv(t *testing.T, limits sqlsource.Limits) (*activities.Activities, *sqltest.DB, *activityRunner, *e2b.Sandbox) {
	db := sqltest.Start(t)
	a, _, sb := outputsEnv(t)
	var err error
	a.SQL, err = sqlsource.New(map[string]string{"shop": db.URL}, limits)
	require.NoError(t, err)
	r, _ := newRunner(a)
	return a, db, r, sb
}

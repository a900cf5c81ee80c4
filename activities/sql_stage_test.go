package activities

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
)

func TestStageSQLDatasetOnce(t *testing.T) {
	a, db, r, sb := sqlEnv(t, sqlsource.Limits{})
	ds := api.Dataset{Name: "regions.csv", SQL: &api.SQLQuery{Source: "shop", Query: "select region, count(*) as n, sum(amount) as total from orders group by region order by region"}}
	in := StageDatasetsInput{SandboxID: sb.ID, Datasets: []api.Dataset{ds}}
	want := "region,n,total\nnorth,40,2460.00\nsouth,40,2380.00\nwest,40,2420.00\n"

	stage := func() []StagedDataset {
		v, err := r.env.ExecuteActivity(a.StageDatasets, in)
		require.NoError(t, err)
		var out []StagedDataset
		require.NoError(t, v.Get(&out))
		return out
	}
	out := stage()
	require.Len(t, out, 1)
	assert.Equal(t, "/home/user/regions.csv", out[0].Path)
	assert.EqualValues(t, len(want), out[0].Bytes)
	b, err := sb.Files().Read(context.Background(), "/home/user/regions.csv")
	require.NoError(t, err)
	assert.Equal(t, want, string(b))

	// The query cannot run any more; a retried staging (a new attempt
	// after a crash) stages the journaled result without running it.
	db.Exec(t, "ALTER TABLE orders RENAME TO orders_gone")
	require.NoError(t, sb.Files().Remove(context.Background(), "/home/user/regions.csv"))
	out = stage()
	b, err = sb.Files().Read(context.Background(), "/home/user/regions.csv")
	require.NoError(t, err)
	assert.Equal(t, want, string(b), "the retry staged the same result")

	// A query that fails, and a source the worker lacks: DatasetErrors
	// naming the dataset, not retried.
	for _, d := range []api.Dataset{
		{Name: "gone.csv", SQL: &api.SQLQuery{Source: "shop", Query: "select * from orders"}},
		{Name: "other.csv", SQL: &api.SQLQuery{Source: "warehouse", Query: "select 1"}},
		{Name: "wipe.csv", SQL: &api.SQLQuery{Source: "shop", Query: "delete from events"}},
	} {
		_, err := r.env.ExecuteActivity(a.StageDatasets, StageDatasetsInput{SandboxID: sb.ID, Datasets: []api.Dataset{d}})
		var appErr *temporal.ApplicationError
		require.ErrorAs(t, err, &appErr, d.Name)
		assert.Equal(t, api.ErrTypeDataset, appErr.Type(), "%s: %v", d.Name, err)
		assert.True(t, appErr.NonRetryable())
		assert.Contains(t, appErr.Message(), fmt.Sprintf("dataset %q", d.Name))
		t.Logf("%s: %s", d.Name, appErr.Message())
	}
	assert.EqualValues(t, 5000, db.QueryInt(t, "select count(*) from events"))
}

func TestRunSQLTool(t *testing.T) {
	a, db, r, sb := sqlEnv(t, sqlsource.Limits{MaxRows: 1000})
	run := func(in RunSQLInput) RunSQLResult {
		in.WorkflowID, in.RunID, in.SandboxID, in.Step = "wf-sql", "run-1", sb.ID, 1
		v, err := r.env.ExecuteActivity(a.RunSQL, in)
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
	text, err := a.ToolOutputText(context.Background(), "wf-sql", ToolOutput{CallID: "c0", OutputKey: res.OutputKey})
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
	_, err = r.env.ExecuteActivity(a.RestoreSandbox, RestoreSandboxInput{WorkflowID: "wf-sql", RunID: "run-1", SandboxID: fresh.ID})
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
	_, err = r.env.ExecuteActivity(a.RunSQL, in)
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr)
	assert.Equal(t, api.ErrTypeSourceRefused, appErr.Type())
	assert.Contains(t, appErr.Message(), `sql source "admin" is refused`)
	in.Source, in.Cell, in.CallID = "shop", 1, "c1"
	v, err := r.env.ExecuteActivity(a.RunSQL, in)
	require.NoError(t, err)
	var res RunSQLResult
	require.NoError(t, v.Get(&res))
	assert.False(t, res.Refused)
	assert.Equal(t, 1, res.Rows)
}

// sqlEnv is activities with the test database as source "shop", a real S3
// and a sandbox.
func sqlEnv(t *testing.T, limits sqlsource.Limits) (*Activities, *sqltest.DB, *activityRunner, *e2b.Sandbox) {
	db := sqltest.Start(t)
	a, _, sb := outputsEnv(t)
	var err error
	a.SQL, err = sqlsource.New(map[string]string{"shop": db.URL}, limits)
	require.NoError(t, err)
	r, _ := newRunner(a)
	return a, db, r, sb
}

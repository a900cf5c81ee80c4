package activities

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
)

func TestRunSQLOfferedOnlyWithSources(t *testing.T) {
	in := CallModelInput{SQLTool: true}
	assert.False(t, (&Activities{}).sqlTool(in), "no sources")
	s, err := NewSQLSources(map[string]string{"shop": "postgres://u:p@127.0.0.1:1/db"}, SQLLimits{})
	require.NoError(t, err)
	assert.True(t, (&Activities{SQL: s}).sqlTool(in))
	assert.False(t, (&Activities{SQL: s}).sqlTool(CallModelInput{}), "a workflow that cannot run it")
	assert.Len(t, transcript{SQLTool: true}.tools(), 2)
	assert.Len(t, transcript{}.tools(), 1)
}

func TestFirstWord(t *testing.T) {
	for q, want := range map[string]string{
		"select 1":                                   "select",
		"  SELECT 1":                                 "select",
		"(select 1) union (select 2)":                "select",
		"-- hi\nwith x as (select 1) table x":        "with",
		"/* a /* nested */ comment */ delete from t": "delete",
		"/* unclosed select":                         "",
		"-- only a comment":                          "",
		"values (1)":                                 "values",
		"set transaction read write; delete from t":  "set",
	} {
		assert.Equal(t, want, firstWord(q), "firstWord(%q)", q)
	}
}

// sqlSources are the test database as source "shop", with limits.
func sqlSources(t *testing.T, db *sqltest.DB, limits SQLLimits) *SQLSources {
	t.Helper()
	s, err := NewSQLSources(map[string]string{"shop": db.URL}, limits)
	require.NoError(t, err)
	return s
}

// writeAttempts are statements that would change the database; each must
// be refused, by the first-word check and, without it, by the database.
var writeAttempts = []string{
	"delete from orders",
	"drop table orders",
	"create table planted (a int)",
	"insert into orders values (999, 'x', 1, '2024-01-01', true, 'x')",
	"update orders set amount = 0",
	"copy orders to '/tmp/durable-analyst-orders.out'",
	"copy (select * from orders) to stdout",
	"select nextval('order_ids')",
	"set transaction read write; delete from orders",
	"commit; delete from orders",
	"do $$ begin delete from orders; end $$",
	"with d as (delete from orders returning *) select count(*) from d",
	"select 1; delete from orders",
	"select set_config('transaction_read_only', 'off', false)",
}

// The table, the sequence and the catalogue are as seeded.
func requireUnchanged(t *testing.T, db *sqltest.DB) {
	t.Helper()
	require.EqualValues(t, 120, db.QueryInt(t, "select count(*) from orders"), "orders lost rows")
	require.EqualValues(t, 7260, db.QueryInt(t, "select sum(amount)::bigint from orders"), "orders changed")
	require.EqualValues(t, 0, db.QueryInt(t, "select count(*) from pg_class where relname = 'planted'"), "a table was created")
	require.EqualValues(t, 0, db.QueryInt(t, "select case when is_called then 1 else 0 end from order_ids"), "the sequence advanced")
}

func TestSQLWritesAreRefused(t *testing.T) {
	db := sqltest.Start(t)
	s := sqlSources(t, db, SQLLimits{})
	ctx := context.Background()
	for _, q := range writeAttempts {
		_, err := s.query(ctx, "shop", q)
		var refused *QueryRefused
		require.ErrorAs(t, err, &refused, "query %q: got %v, want it refused", q, err)
		t.Logf("%-70q → %s", q, refused.Msg)
		requireUnchanged(t, db)
	}
	// Without the first-word check, the database alone refuses them: the
	// read-only transaction, the extended protocol and the session.
	for _, q := range append(writeAttempts, "set transaction read write", "set session characteristics as transaction read write") {
		res, err := s.runReadOnly(ctx, "shop", q)
		if strings.HasPrefix(q, "set ") && err != nil {
			t.Logf("database alone: %-60q → %v", q, err)
		}
		if err == nil {
			// Statements that return nothing are refused as such; none
			// may have written.
			t.Fatalf("database alone: %q ran (result %v)", q, res)
		}
		var refused *QueryRefused
		require.ErrorAs(t, err, &refused, "query %q: got %v", q, err)
		t.Logf("database alone: %-60q → %s", q, refused.Msg)
		requireUnchanged(t, db)
	}
}

func TestSQLResultAsCSV(t *testing.T) {
	db := sqltest.Start(t)
	s := sqlSources(t, db, SQLLimits{})
	res, err := s.query(context.Background(), "shop", "select id, region, amount, placed, paid, note from orders where id in (1, 10) order by id")
	require.NoError(t, err)
	assert.Equal(t, "id,region,amount,placed,paid,note\n1,south,1.00,2024-01-02,false,n1\n10,south,10.00,2024-01-11,true,\n", string(res.CSV))
	assert.Equal(t, 2, res.Rows)
	assert.Equal(t, []SQLColumn{{"id", "int4"}, {"region", "text"}, {"amount", "numeric"}, {"placed", "date"}, {"paid", "bool"}, {"note", "text"}}, res.Columns)

	schema, err := s.Schema(context.Background(), "shop")
	require.NoError(t, err)
	assert.Contains(t, schema, "public.orders(id integer, region text, amount numeric, placed date, paid boolean, note text)")
	assert.Contains(t, schema, "public.events(id bigint, kind text)")
}

func TestSQLStatementTimeout(t *testing.T) {
	db := sqltest.Start(t)
	s := sqlSources(t, db, SQLLimits{StatementTimeout: time.Second})
	_, err := s.query(context.Background(), "shop", "select pg_sleep(600)")
	var refused *QueryRefused
	require.ErrorAs(t, err, &refused)
	assert.Equal(t, "57014", refused.Code)
	assert.Contains(t, refused.Msg, "statement timeout")
	// The server is not still running it.
	assert.EqualValues(t, 0, db.QueryInt(t, "select count(*) from pg_stat_activity where query like 'select pg_sleep(600)%'"))
}

func TestSQLCapsAreReported(t *testing.T) {
	db := sqltest.Start(t)
	ctx := context.Background()
	s := sqlSources(t, db, SQLLimits{MaxRows: 1000})
	_, err := s.query(ctx, "shop", "select * from events")
	var refused *QueryRefused
	require.ErrorAs(t, err, &refused)
	assert.Contains(t, refused.Msg, "row cap hit")
	assert.Contains(t, refused.Msg, "1000 rows")
	res, err := s.query(ctx, "shop", "select * from events order by id limit 1000")
	require.NoError(t, err, "exactly the cap is not over it")
	assert.Equal(t, 1000, res.Rows)

	s = sqlSources(t, db, SQLLimits{MaxBytes: 4096})
	_, err = s.query(ctx, "shop", "select * from events")
	require.ErrorAs(t, err, &refused)
	assert.Contains(t, refused.Msg, "byte cap hit")
}

func TestSQLErrorsNeverShowTheURL(t *testing.T) {
	db := sqltest.Start(t)
	u, err := url.Parse(db.URL)
	require.NoError(t, err)
	pw, _ := u.User.Password()
	host, port, _ := net.SplitHostPort(u.Host)
	ctx := context.Background()

	bad := *u
	bad.User = url.UserPassword(u.User.Username(), "wrong-password-"+pw[:4])
	free, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := *u
	closed.Host = free.Addr().String()
	require.NoError(t, free.Close())
	nodb := *u
	nodb.Path = "/nosuchdb"

	for _, c := range []struct {
		name, url, typ string
		retryable      bool
	}{
		{"wrong password", bad.String(), api.ErrTypeAuth, false},
		{"nothing listening", closed.String(), api.ErrTypeUnavailable, true},
		{"no such database", nodb.String(), api.ErrTypeNotFound, false},
	} {
		s, err := NewSQLSources(map[string]string{"shop": c.url}, SQLLimits{})
		require.NoError(t, err)
		_, err = s.query(ctx, "shop", "select 1")
		var appErr *temporal.ApplicationError
		require.ErrorAs(t, err, &appErr, c.name)
		assert.Equal(t, c.typ, appErr.Type(), "%s: %v", c.name, err)
		assert.Equal(t, c.retryable, !appErr.NonRetryable(), c.name)
		msg := fmt.Sprintf("%v %+v", err, errors.Unwrap(err))
		t.Logf("%s: %s", c.name, appErr.Message())
		for _, secret := range []string{pw, "wrong-password", u.User.Username(), c.url, host + ":" + port, db.Name, "nosuchdb", closed.Host} {
			assert.NotContains(t, msg, secret, "%s: the error shows %q", c.name, secret)
		}
	}
	// A URL that cannot be parsed is not quoted either.
	_, err = NewSQLSources(map[string]string{"shop": "postgres://u:sekr3t-pw@host:notaport/db"}, SQLLimits{})
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "sekr3t-pw")
}

// sqlEnv is activities with the test database as source "shop", a real S3
// and a sandbox.
func sqlEnv(t *testing.T, limits SQLLimits) (*Activities, *sqltest.DB, *activityRunner, *e2b.Sandbox) {
	db := sqltest.Start(t)
	a, _, sb := outputsEnv(t)
	a.SQL = sqlSources(t, db, limits)
	r, _ := newRunner(a)
	return a, db, r, sb
}

func TestStageSQLDatasetOnce(t *testing.T) {
	a, db, r, sb := sqlEnv(t, SQLLimits{})
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
	a, db, r, sb := sqlEnv(t, SQLLimits{MaxRows: 1000})
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
	text, err := a.toolOutputText(context.Background(), "wf-sql", ToolOutput{CallID: "c0", OutputKey: res.OutputKey})
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

package sqlsource

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
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
)

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
func sqlSources(t *testing.T, db *sqltest.DB, limits Limits) *Sources {
	t.Helper()
	s, err := New(map[string]string{"shop": db.URL}, limits)
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
	s := sqlSources(t, db, Limits{})
	ctx := context.Background()
	for _, q := range writeAttempts {
		_, err := s.Query(ctx, "shop", q)
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
	s := sqlSources(t, db, Limits{})
	res, err := s.Query(context.Background(), "shop", "select id, region, amount, placed, paid, note from orders where id in (1, 10) order by id")
	require.NoError(t, err)
	assert.Equal(t, "id,region,amount,placed,paid,note\n1,south,1.00,2024-01-02,false,n1\n10,south,10.00,2024-01-11,true,\n", string(res.CSV))
	assert.Equal(t, 2, res.Rows)
	assert.Equal(t, []Column{{"id", "int4"}, {"region", "text"}, {"amount", "numeric"}, {"placed", "date"}, {"paid", "bool"}, {"note", "text"}}, res.Columns)

	schema, err := s.Schema(context.Background(), "shop")
	require.NoError(t, err)
	assert.Contains(t, schema, "public.orders(id integer, region text, amount numeric, placed date, paid boolean, note text)")
	assert.Contains(t, schema, "public.events(id bigint, kind text)")
}

func TestSQLStatementTimeout(t *testing.T) {
	db := sqltest.Start(t)
	s := sqlSources(t, db, Limits{StatementTimeout: time.Second})
	_, err := s.Query(context.Background(), "shop", "select pg_sleep(600)")
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
	s := sqlSources(t, db, Limits{MaxRows: 1000})
	_, err := s.Query(ctx, "shop", "select * from events")
	var refused *QueryRefused
	require.ErrorAs(t, err, &refused)
	assert.Contains(t, refused.Msg, "row cap hit")
	assert.Contains(t, refused.Msg, "1000 rows")
	res, err := s.Query(ctx, "shop", "select * from events order by id limit 1000")
	require.NoError(t, err, "exactly the cap is not over it")
	assert.Equal(t, 1000, res.Rows)

	s = sqlSources(t, db, Limits{MaxBytes: 4096})
	_, err = s.Query(ctx, "shop", "select * from events")
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
		s, err := New(map[string]string{"shop": c.url}, Limits{})
		require.NoError(t, err)
		_, err = s.Query(ctx, "shop", "select 1")
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
	_, err = New(map[string]string{"shop": "postgres://u:sekr3t-pw@host:notaport/db"}, Limits{})
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "sekr3t-pw")
}

package sqlsource

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
)

// victim is a session of another application on the test's server: a
// connection as the database's owner, idle, that the tests try to cancel
// or end. alive says whether it still answers.
type victim struct {
	conn *pgx.Conn
	pid  uint32
}

func newVictim(t *testing.T, db *sqltest.DB) *victim {
	t.Helper()
	cfg, err := pgx.ParseConfig(db.URL)
	require.NoError(t, err)
	cfg.RuntimeParams["application_name"] = "victim"
	conn, err := pgx.ConnectConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return &victim{conn: conn, pid: conn.PgConn().PID()}
}

func (v *victim) alive() bool {
	var one int
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return v.conn.QueryRow(ctx, "select 1").Scan(&one) == nil && one == 1
}

// sourceRefused asserts err is a non-retryable SourceRefused and returns
// its message.
func sourceRefused(t *testing.T, err error) string {
	t.Helper()
	var appErr *temporal.ApplicationError
	require.ErrorAs(t, err, &appErr, "got %v, want SourceRefused", err)
	require.Equal(t, api.ErrTypeSourceRefused, appErr.Type(), "%v", err)
	require.True(t, appErr.NonRetryable())
	return appErr.Message()
}

// fixes are the SQL statements a refusal gives, with <role> filled in.
func fixes(msg, role string) string {
	msg, _, _ = strings.Cut(msg, " (<role> is the user in")
	var out []string
	for _, part := range strings.Split(msg, "; ") {
		part = strings.TrimPrefix(part, "fix: ")
		if strings.HasPrefix(part, "REVOKE ") || strings.HasPrefix(part, "ALTER ROLE ") {
			out = append(out, strings.ReplaceAll(part, "<role>", role)+";")
		}
	}
	return strings.Join(out, "\n")
}

// A role that reaches the server's files, programs or other sessions is
// refused before its query is sent, with a message that names each
// privilege and the SQL that takes it away; that SQL makes it pass.
func TestSQLReachRefused(t *testing.T) {
	db := sqltest.Start(t)
	ctx := context.Background()
	v := newVictim(t, db)
	kill := "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'victim'"
	for _, c := range []struct {
		name, grants string
		want         []string
	}{
		{"superuser", "ALTER ROLE {{role}} SUPERUSER;", []string{"superuser: reaches every file", "fix: ALTER ROLE <role> NOSUPERUSER", "SQL_SOURCE_SHOP_ALLOW=superuser"}},
		{"read_files", "GRANT pg_read_server_files TO {{role}};", []string{"member of pg_read_server_files", "fix: REVOKE pg_read_server_files FROM <role>"}},
		{"write_files", "GRANT pg_write_server_files TO {{role}};", []string{"member of pg_write_server_files"}},
		{"program", "GRANT pg_execute_server_program TO {{role}};", []string{"member of pg_execute_server_program"}},
		{"signal", "GRANT pg_signal_backend TO {{role}};", []string{"member of pg_signal_backend: cancels and ends other roles' sessions", "SQL_SOURCE_SHOP_ALLOW=pg_signal_backend"}},
		{"monitor", "GRANT pg_monitor TO {{role}};", []string{"member of pg_read_all_settings", "member of pg_read_all_stats", "fix: REVOKE pg_monitor FROM <role>",
			"pg_ls_logdir(), ", "pg_ls_waldir(), which PostgreSQL keeps from PUBLIC (granted to pg_monitor); fix: REVOKE pg_monitor FROM <role>"}},
		{"noinherit", "ALTER ROLE {{role}} NOINHERIT; GRANT pg_read_server_files TO {{role}};", []string{"member of pg_read_server_files"}},
		{"function", "GRANT EXECUTE ON FUNCTION pg_read_file(text) TO {{role}}; GRANT EXECUTE ON FUNCTION lo_import(text) TO {{role}};", []string{
			"may execute pg_read_file(text), which PostgreSQL keeps from PUBLIC (granted to <role>); fix: REVOKE EXECUTE ON FUNCTION pg_read_file(text) FROM <role>",
			"may execute lo_import(text)", "SQL_SOURCE_SHOP_ALLOW=lo_import,pg_read_file"}},
		{"public_function", "GRANT EXECUTE ON FUNCTION pg_ls_dir(text) TO PUBLIC;", []string{"may execute pg_ls_dir(text), which PostgreSQL keeps from PUBLIC (granted to PUBLIC); fix: REVOKE EXECUTE ON FUNCTION pg_ls_dir(text) FROM PUBLIC"}},
		{"login_role", fmt.Sprintf("GRANT %s TO {{role}};", "temporal"), []string{"member of temporal, a role that logs in", "fix: REVOKE temporal FROM <role>", "SQL_SOURCE_SHOP_ALLOW=other_login_roles"}},
		{"createrole", "ALTER ROLE {{role}} CREATEROLE;", []string{"createrole: may create roles", "fix: ALTER ROLE <role> NOCREATEROLE"}},
		{"replication", "ALTER ROLE {{role}} REPLICATION;", []string{"replication: may create replication slots", "fix: ALTER ROLE <role> NOREPLICATION"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			role, u := db.NewRole(t, c.name, "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {{role}};\n"+c.grants)
			s, err := New(map[string]string{"shop": u}, Limits{})
			require.NoError(t, err)
			_, err = s.Query(ctx, "shop", kill)
			msg := sourceRefused(t, err)
			t.Log(msg)
			for _, w := range c.want {
				assert.Contains(t, msg, w)
			}
			assert.NotContains(t, msg, role, "the message shows the role's name")
			if c.name == "superuser" {
				assert.Equal(t, strings.TrimSpace(sqltest.DocBlock(t, "TestSQLReachRefused checks this text")), msg, "docs/sql.md shows this message")
			}
			assert.True(t, v.alive(), "the other session was ended")
			requireUnchanged(t, db)

			// The SQL the message gives takes the reach away.
			fix := fixes(msg, role)
			t.Logf("fix:\n%s", fix)
			db.Admin(t, fix)
			res, err := s.Query(ctx, "shop", "select count(*) from orders")
			require.NoError(t, err, "after the fix")
			assert.Equal(t, "count\n120\n", string(res.CSV))
			if c.name == "public_function" {
				// PUBLIC is the whole server's: leave it as initdb did.
				db.Admin(t, "REVOKE EXECUTE ON FUNCTION pg_ls_dir(text) FROM PUBLIC;")
			}
		})
	}
}

// A role is checked on every connection: a grant after the first query
// refuses the next one, its revocation lets the one after through. An
// allowance opens only what it names; the other sources are served.
func TestSQLReachCheckedOnEachConnection(t *testing.T) {
	db := sqltest.Start(t)
	ctx := context.Background()
	role, u := db.NewRole(t, "later", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {{role}};")
	_, su := db.NewRole(t, "super", "ALTER ROLE {{role}} SUPERUSER;")
	s, err := New(map[string]string{"shop": u, "admin": su}, Limits{})
	require.NoError(t, err)

	_, err = s.Query(ctx, "shop", "select 1")
	require.NoError(t, err)
	db.Admin(t, fmt.Sprintf("GRANT pg_read_server_files, pg_signal_backend TO %s;", role))
	_, err = s.Query(ctx, "shop", "select 1")
	msg := sourceRefused(t, err)
	assert.Contains(t, msg, "SQL_SOURCE_SHOP_ALLOW=pg_read_server_files,pg_signal_backend")

	// One privilege allowed: the other still refuses, and the message
	// keeps the allowed one in the variable it proposes.
	require.NoError(t, s.Allow("shop", []string{"pg_read_server_files"}))
	_, err = s.Query(ctx, "shop", "select 1")
	msg = sourceRefused(t, err)
	assert.NotContains(t, msg, "member of pg_read_server_files")
	assert.Contains(t, msg, "member of pg_signal_backend")
	assert.Contains(t, msg, "SQL_SOURCE_SHOP_ALLOW=pg_read_server_files,pg_signal_backend")
	require.NoError(t, s.Allow("shop", []string{"pg_read_server_files", "pg_signal_backend"}))
	_, err = s.Query(ctx, "shop", "select 1")
	require.NoError(t, err, "both allowed")

	db.Admin(t, fmt.Sprintf("REVOKE pg_read_server_files, pg_signal_backend FROM %s;", role))
	require.NoError(t, s.Allow("shop", nil))
	_, err = s.Query(ctx, "shop", "select 1")
	require.NoError(t, err, "revoked")

	// docs/sql.md's example of an allowance.
	db.Admin(t, fmt.Sprintf("GRANT pg_read_all_settings TO %s;", role))
	_, err = s.Query(ctx, "shop", "select 1")
	assert.Contains(t, sourceRefused(t, err), "SQL_SOURCE_SHOP_ALLOW=pg_read_all_settings (docs/sql.md)")
	require.NoError(t, s.Allow("shop", []string{"pg_read_all_settings"}))
	res, err := s.Query(ctx, "shop", "select current_setting('data_directory') <> '' as reads_it")
	require.NoError(t, err, "allowed")
	assert.Equal(t, "reads_it\ntrue\n", string(res.CSV), "what the allowance opens")
	db.Admin(t, fmt.Sprintf("REVOKE pg_read_all_settings FROM %s;", role))
	require.NoError(t, s.Allow("shop", nil))

	// The superuser source is refused, the other one still served; the
	// schema for the model says so too.
	_, err = s.Query(ctx, "admin", "select 1")
	assert.Contains(t, sourceRefused(t, err), `sql source "admin" is refused: its role can reach beyond its tables: superuser`)
	_, err = s.Schema(ctx, "admin")
	sourceRefused(t, err)
	_, err = s.Schema(ctx, "shop")
	require.NoError(t, err)
	require.NoError(t, s.Allow("admin", []string{"superuser"}))
	_, err = s.Query(ctx, "admin", "select 1")
	require.NoError(t, err, "the superuser allowed")

	// A check that cannot run refuses the source with PostgreSQL's reason.
	db.Admin(t, "REVOKE SELECT ON pg_init_privs FROM PUBLIC;")
	_, err = s.Query(ctx, "shop", "select 1")
	assert.Contains(t, sourceRefused(t, err), `sql source "shop" is refused: the check of its role's privileges failed: permission denied for table pg_init_privs (SQLSTATE 42501)`)
	db.Admin(t, "GRANT SELECT ON pg_init_privs TO PUBLIC;")
	_, err = s.Query(ctx, "shop", "select 1")
	require.NoError(t, err)

	for _, bad := range []struct {
		source string
		keys   []string
		want   string
	}{
		{"shop", []string{"pg_read_server_files; drop"}, `SQL_SOURCE_SHOP_ALLOW: "pg_read_server_files; drop" is not a privilege's name`},
		{"nope", []string{"superuser"}, `SQL_SOURCE_NOPE_ALLOW: there is no sql source "nope" (configured: admin, shop)`},
	} {
		err := s.Allow(bad.source, bad.keys)
		require.Error(t, err)
		assert.Contains(t, err.Error(), bad.want)
	}
}

// The role docs/sql.md recommends passes the check and reaches nothing
// beyond its tables: no server file, no other session, no lock or setting
// that outlives its query, no large object; the table, the catalogue and
// the other session are unchanged after each attempt.
func TestSQLRecommendedRoleReachesNothing(t *testing.T) {
	db := sqltest.Start(t)
	ctx := context.Background()
	setup := sqltest.DocBlock(t, "example: sql-admin")
	setup = regexp.MustCompile(`\banalyst\b`).ReplaceAllString(setup, "{{role}}")
	setup = regexp.MustCompile(`\bshop\b`).ReplaceAllString(setup, "{{db}}")
	setup = strings.ReplaceAll(setup, "'secret'", "'{{password}}'")
	_, u := db.Role(t, "analyst", setup)
	s, err := New(map[string]string{"shop": u}, Limits{StatementTimeout: 5 * time.Second})
	require.NoError(t, err)
	res, err := s.Query(ctx, "shop", "select sum(amount) from orders")
	require.NoError(t, err, "the recommended role passes the check")
	assert.Equal(t, "sum\n7260.00\n", string(res.CSV))

	v := newVictim(t, db)
	catalogue := func() int64 {
		return db.QueryInt(t, "select (select count(*) from pg_largeobject_metadata) * 1000000 + (select count(*) from pg_roles) * 1000 + (select count(*) from pg_class where relpersistence <> 't')")
	}
	before := catalogue()
	unchanged := func(q string) {
		t.Helper()
		assert.True(t, v.alive(), "%s: the other session was ended", q)
		assert.Equal(t, before, catalogue(), "%s: the catalogue changed", q)
		assert.EqualValues(t, 0, db.QueryInt(t, "select count(*) from pg_locks where locktype = 'advisory'"), "%s: an advisory lock outlived the query", q)
		requireUnchanged(t, db)
	}
	for _, q := range []string{
		"select pg_read_file('/etc/passwd')",
		"select pg_read_binary_file('/etc/passwd')",
		"select pg_ls_dir('.')",
		"select pg_stat_file('postgresql.conf')",
		"select lo_import('/etc/passwd')",
		"select lo_export(1, '/tmp/durable-analyst-lo.out')",
		"select lo_from_bytea(0, 'planted')",
		"select lo_create(0)",
		"select rolname, rolpassword from pg_authid",
		fmt.Sprintf("select pg_terminate_backend(%d)", v.pid),
		fmt.Sprintf("select pg_cancel_backend(%d)", v.pid),
		"select current_setting('data_directory')",
		"select query from pg_stat_activity where application_name = 'victim' and query <> '<insufficient privilege>'",
	} {
		res, err := s.Query(ctx, "shop", q)
		var refused *QueryRefused
		switch {
		case err == nil && strings.HasPrefix(q, "select query from pg_stat_activity"):
			// Allowed to run: another role's query text is hidden.
			assert.Equal(t, "query\n", string(res.CSV), "another session's query is visible")
		case err == nil && strings.HasPrefix(q, "select lo_"):
			// Large objects are rows of pg_largeobject: made in the
			// transaction, gone with its rollback (unchanged checks).
			t.Logf("%-60q → ran, rolled back: %s", q, strings.ReplaceAll(string(res.CSV), "\n", " "))
		case err == nil:
			t.Errorf("%q ran: %s", q, res.CSV)
		default:
			require.ErrorAs(t, err, &refused, "%q: %v", q, err)
			t.Logf("%-60q → %s", q, refused.Msg)
		}
		unchanged(q)
	}

	// What a query may leave in its session does not reach the next one.
	for _, c := range []struct{ q, next, want string }{
		{"select pg_advisory_lock(42)", "select pg_try_advisory_lock(42)::text as got", "got\ntrue\n"},
		{"select set_config('work_mem', '77MB', false)", "select current_setting('work_mem') as w", "w\n4MB\n"},
		{"select set_config('app.leak', 'x', false)", "select coalesce(current_setting('app.leak', true), '') as w", "w\n\n"},
		{"select count(*) from (select pg_advisory_lock(7), pg_advisory_lock_shared(8)) x", "select count(*) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()", "count\n0\n"},
	} {
		_, err := s.Query(ctx, "shop", c.q)
		require.NoError(t, err, c.q)
		unchanged(c.q)
		res, err := s.Query(ctx, "shop", c.next)
		require.NoError(t, err, c.next)
		assert.Equal(t, c.want, string(res.CSV), "after %q", c.q)
	}
}

// BenchmarkSQLQuery is one query as the worker runs it (connect, begin,
// the timeout, the privilege check, the query, rollback, DISCARD ALL,
// close); BenchmarkSQLReachCheck is the check alone on an open
// connection: what the check adds to every query.
func BenchmarkSQLQuery(b *testing.B) {
	db := sqltest.Start(b)
	_, u := db.NewRole(b, "bench", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {{role}};")
	s, err := New(map[string]string{"shop": u}, Limits{})
	require.NoError(b, err)
	for b.Loop() {
		if _, err := s.Query(context.Background(), "shop", "select 1"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSQLReachCheck(b *testing.B) {
	db := sqltest.Start(b)
	_, u := db.NewRole(b, "bench", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {{role}};")
	s, err := New(map[string]string{"shop": u}, Limits{})
	require.NoError(b, err)
	ctx := context.Background()
	cfg, _ := s.config("shop")
	conn, err := pgx.ConnectConfig(ctx, cfg.Copy())
	require.NoError(b, err)
	defer conn.Close(ctx)
	for b.Loop() {
		tx, err := conn.Begin(ctx)
		require.NoError(b, err)
		if err := s.checkReach(ctx, "shop", cfg, tx); err != nil {
			b.Fatal(err)
		}
		require.NoError(b, tx.Rollback(ctx))
	}
}

package devstack

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
)

// postgresDir returns a directory for a test's PostgreSQL that the postgres
// user can reach (t.TempDir's are private to root), removed at the end.
func postgresDir(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts PostgreSQL; skipped in -short mode")
	}
	if _, err := postgresBinDir(); err != nil {
		t.Skipf("PostgreSQL is not installed (make deps-cluster installs it): %v", err)
	}
	dir, err := os.MkdirTemp("", "durable-analyst-pg-*")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// psqlTCP runs sql as user over TCP with password, as Temporal connects.
func psqlTCP(ctx context.Context, p *Postgres, user, password, sql string) (string, error) {
	cmd := p.command(ctx, "psql", "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", p.Host, "-U", user, "-d", "postgres", "-c", sql)
	cmd.Env = append(cmd.Env, "PGPASSWORD="+password)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// TestPostgresKeepsDataAcrossRestarts starts PostgreSQL on a fresh
// directory, creates a database over TCP as the temporal role (as
// temporal-sql-tool does), stops it, starts a new server on the same
// directory (no second initdb) and finds the database; a wrong password is
// refused.
func TestPostgresKeepsDataAcrossRestarts(t *testing.T) {
	dir := postgresDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	pg, stop, err := StartPostgres(ctx, PostgresOptions{Dir: dir})
	if err != nil {
		t.Fatalf("StartPostgres: %v", err)
	}
	if out, err := psqlTCP(ctx, pg, pg.User, pg.Password, "CREATE DATABASE kept_across_restarts"); err != nil {
		stop()
		t.Fatalf("write as %s over TCP: %v\n%s", pg.User, err, out)
	}
	if out, err := psqlTCP(ctx, pg, pg.User, "wrong-password", "SELECT 1"); err == nil || !strings.Contains(out, "password authentication failed") {
		t.Errorf("wrong password: got err=%v output %q, want a password authentication failure", err, out)
	}
	if err := stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}

	pg2, stop2, err := StartPostgres(ctx, PostgresOptions{Dir: dir})
	if err != nil {
		t.Fatalf("StartPostgres again: %v", err)
	}
	defer stop2()
	if pg2.Password != pg.Password {
		t.Errorf("password after restart: got a new one, want the kept one")
	}
	out, err := psqlTCP(ctx, pg2, pg2.User, pg2.Password, "SELECT count(*) FROM pg_database WHERE datname = 'kept_across_restarts'")
	if err != nil || out != "1" {
		t.Errorf("databases named kept_across_restarts after restart: got %q, %v; want 1", out, err)
	}
}

// TestTemporalServerKeepsStateAcrossRestarts is make cluster run twice: the
// second start finds the databases (the schema steps are no-ops), the
// namespace and a workflow started by the first.
func TestTemporalServerKeepsStateAcrossRestarts(t *testing.T) {
	dir := postgresDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	start := func() (*TemporalServer, func()) {
		pg, stopPG, err := StartPostgres(ctx, PostgresOptions{Dir: dir + "/postgres"})
		if err != nil {
			t.Fatalf("StartPostgres: %v", err)
		}
		srv, stopServer, err := StartTemporalServer(ctx, ServerOptions{Postgres: pg, Dir: dir + "/temporal"})
		if err != nil {
			stopPG()
			t.Fatalf("StartTemporalServer: %v", err)
		}
		return srv, func() {
			if err := stopServer(); err != nil {
				t.Errorf("stop server: %v", err)
			}
			if err := stopPG(); err != nil {
				t.Errorf("stop postgres: %v", err)
			}
		}
	}

	srv, stop := start()
	c, err := srv.dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "kept-across-restarts", TaskQueue: "nobody-polls"}, "SomeWorkflow")
	c.Close()
	if err != nil {
		stop()
		t.Fatalf("start a workflow: %v", err)
	}
	stop()

	srv, stop = start()
	defer stop()
	c, err = srv.dial(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	desc, err := c.DescribeWorkflowExecution(ctx, "kept-across-restarts", "")
	if err != nil {
		t.Fatalf("describe the workflow after the restart: %v", err)
	}
	if got := desc.GetWorkflowExecutionInfo().GetExecution().GetRunId(); got != run.GetRunID() {
		t.Errorf("run id after restart: got %s, want %s", got, run.GetRunID())
	}
}

// TestPostgresRefusesASecondServer: a second start on a directory a live
// server holds fails with a message that says what to do, and leaves the
// first server running.
func TestPostgresRefusesASecondServer(t *testing.T) {
	dir := postgresDir(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	pg, stop, err := StartPostgres(ctx, PostgresOptions{Dir: dir})
	if err != nil {
		t.Fatalf("StartPostgres: %v", err)
	}
	defer stop()
	_, stop2, err := StartPostgres(ctx, PostgresOptions{Dir: dir})
	if err == nil {
		stop2()
		t.Fatal("second StartPostgres on the same directory: got no error")
	}
	if !strings.Contains(err.Error(), "already runs on") || !strings.Contains(err.Error(), "another make cluster") {
		t.Errorf("error = %q, want it to say a server already runs there", err)
	}
	if out, err := psqlTCP(ctx, pg, pg.User, pg.Password, "SELECT 1"); err != nil || out != "1" {
		t.Errorf("first server after the refused start: got %q, %v; want it answering", out, err)
	}
}

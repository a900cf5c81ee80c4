// Package sqltest starts a real PostgreSQL server (Debian's postgresql,
// through internal/devstack) for tests of SQL sources, with a database of
// small tables whose answers the tests know.
package sqltest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// DB is a database on a test's own PostgreSQL server.
type DB struct {
	// URL is a postgres:// URL of the database for the role that owns
	// its tables (it may write: read-only must come from the worker).
	URL  string
	Name string
	pg   *devstack.Postgres
}

// Seed creates the shop tables: orders (120 rows over three regions,
// amount = id), a sequence and a table big enough for row caps.
const Seed = `
CREATE TABLE orders (id integer PRIMARY KEY, region text NOT NULL, amount numeric(10,2) NOT NULL, placed date NOT NULL, paid boolean, note text);
INSERT INTO orders SELECT i, (ARRAY['north','south','west'])[1 + i % 3], i, DATE '2024-01-01' + i, i % 2 = 0, CASE WHEN i % 10 = 0 THEN NULL ELSE 'n' || i END FROM generate_series(1, 120) i;
CREATE SEQUENCE order_ids;
CREATE TABLE events (id bigint, kind text);
INSERT INTO events SELECT i, 'k' || (i % 7) FROM generate_series(1, 5000) i;
`

// server is the one PostgreSQL of the test binary: each Start makes its own
// database on it. It stops when the test binary exits (the server runs
// with a parent-death signal).
var server struct {
	sync.Mutex
	pg  *devstack.Postgres
	err error
	n   int
}

// Start creates a database with Seed in it on the test binary's PostgreSQL
// server (started on a free port on first use) and drops it when the test
// ends. It skips the test in -short mode and fails it when PostgreSQL is
// not installed.
func Start(t testing.TB) *DB {
	t.Helper()
	if testing.Short() {
		t.Skip("needs a real PostgreSQL; skipped in -short mode")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	server.Lock()
	if server.pg == nil && server.err == nil {
		server.pg, server.err = startServer(ctx)
	}
	pg, err := server.pg, server.err
	server.n++
	name := fmt.Sprintf("shop_%d", server.n)
	server.Unlock()
	if err != nil {
		t.Fatalf("start postgres: %v", err)
	}
	db := &DB{Name: name, pg: pg}
	admin := pgURL(pg, "postgres")
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to postgres: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+db.Name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if conn, err := pgx.Connect(ctx, admin); err == nil {
			_, _ = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+db.Name+" WITH (FORCE)")
			_ = conn.Close(ctx)
		}
	})
	db.URL = pgURL(pg, db.Name)
	db.Exec(t, Seed)
	return db
}

// startServer starts PostgreSQL in a new temporary directory.
func startServer(ctx context.Context) (*devstack.Postgres, error) {
	dir, err := os.MkdirTemp("", "sqltest-")
	if err != nil {
		return nil, err
	}
	// The server runs as the postgres user when we are root: let it in.
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	pg, _, err := devstack.StartPostgres(ctx, devstack.PostgresOptions{Dir: dir, LogDir: dir})
	return pg, err
}

// Exec runs sql (several statements may be given) on the database as its
// owner.
func (db *DB) Exec(t testing.TB, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, db.URL)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("exec %q: %v", sql, err)
	}
}

// QueryInt runs a query that returns one integer.
func (db *DB) QueryInt(t testing.TB, sql string) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, db.URL)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	var n int64
	if err := conn.QueryRow(ctx, sql).Scan(&n); err != nil {
		t.Fatalf("query %q: %v", sql, err)
	}
	return n
}

// Addr is the server's host:port.
func (db *DB) Addr() string { return db.pg.Addr() }

// url is a postgres:// URL of database as the temporal role.
func pgURL(pg *devstack.Postgres, database string) string {
	u := url.URL{Scheme: "postgres", User: url.UserPassword(pg.User, pg.Password),
		Host: pg.Host + ":" + strconv.Itoa(pg.Port), Path: "/" + database, RawQuery: "sslmode=disable"}
	return u.String()
}

// Package sqltest starts a real PostgreSQL server (Debian's postgresql,
// through internal/devstack) for tests of SQL sources, with a database of
// small tables whose answers the tests know.
package sqltest

import (
	"context"
	"crypto/rand"
	"fmt"
	neturl "net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
// database on it. Main stops it and removes its directory when the tests
// are done; a test binary killed first still takes the server with it (it
// runs with a parent-death signal).
var server struct {
	sync.Mutex
	pg   *devstack.Postgres
	stop func() error
	dir  string
	err  error
	n    int
}

// Main runs a package's tests, then stops the server they shared and
// removes its directory, so a test run leaves nothing behind. A package
// that uses Start calls it from TestMain:
//
//	func TestMain(m *testing.M) { sqltest.Main(m) }
func Main(m *testing.M) {
	code := m.Run()
	if err := Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "sqltest:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// Stop stops the server, if one was started, and removes its directory;
// a later Start starts a new one. For a TestMain that does more than Main.
func Stop() error {
	server.Lock()
	defer server.Unlock()
	var err error
	if server.stop != nil {
		err = server.stop()
	}
	if server.dir != "" {
		if rmErr := os.RemoveAll(server.dir); rmErr != nil && err == nil {
			err = fmt.Errorf("remove the PostgreSQL directory: %w", rmErr)
		}
	}
	server.pg, server.stop, server.dir, server.err = nil, nil, "", nil
	return err
}

// Start creates a database with Seed in it on the test binary's PostgreSQL
// server (started on a free port on first use) and drops it when the test
// ends. It skips the test in -short mode and fails it when PostgreSQL is
// not installed.
func Start(t testing.TB) *DB {
	t.Helper()
	return StartNamed(t, "")
}

// StartNamed is Start with the database's name (for an example that names
// it); "" picks a new one.
func StartNamed(t testing.TB, name string) *DB {
	t.Helper()
	if testing.Short() {
		t.Skip("needs a real PostgreSQL; skipped in -short mode")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	server.Lock()
	if server.pg == nil && server.err == nil {
		server.pg, server.stop, server.dir, server.err = startServer(ctx)
	}
	pg, err := server.pg, server.err
	server.n++
	if name == "" {
		name = fmt.Sprintf("shop_%d", server.n)
	}
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

// startServer starts PostgreSQL in a new temporary directory, which it
// returns for Stop to remove (also when the start failed).
func startServer(ctx context.Context) (*devstack.Postgres, func() error, string, error) {
	dir, err := os.MkdirTemp("", "sqltest-")
	if err != nil {
		return nil, nil, "", err
	}
	// The server runs as the postgres user when we are root: let it in.
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, nil, dir, err
	}
	pg, stop, err := devstack.StartPostgres(ctx, devstack.PostgresOptions{Dir: dir, LogDir: dir})
	return pg, stop, dir, err
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
	u := neturl.URL{Scheme: "postgres", User: neturl.UserPassword(pg.User, pg.Password),
		Host: pg.Host + ":" + strconv.Itoa(pg.Port), Path: "/" + database, RawQuery: "sslmode=disable"}
	return u.String()
}

// Admin runs sql (several statements may be given) on the database as the
// server's superuser: for what its owner may not do, such as making roles
// or granting predefined roles.
func (db *DB) Admin(t testing.TB, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := db.pg.Psql(ctx, db.Name, sql); err != nil {
		t.Fatalf("%v", err)
	}
}

// NewRole makes a login role named after the database (roles are the
// server's, not the database's) with a new password, then runs grants as
// the superuser; see Role.
func (db *DB) NewRole(t testing.TB, suffix, grants string) (role, url string) {
	t.Helper()
	return db.Role(t, suffix, "CREATE ROLE {{role}} LOGIN PASSWORD '{{password}}';\n"+grants)
}

// Role runs setup as the superuser, with {{role}} standing for a role name
// made of the database's and suffix, {{db}} for the database and
// {{password}} for a new password; setup creates the role. It returns the
// role's name and a URL of the database for it, and drops the role when
// the test ends.
func (db *DB) Role(t testing.TB, suffix, setup string) (role, url string) {
	t.Helper()
	role = db.Name + "_" + suffix
	password := rand.Text()
	db.DropRoleAtEnd(t, role)
	db.Admin(t, strings.NewReplacer("{{role}}", role, "{{db}}", db.Name, "{{password}}", password).Replace(setup))
	return role, db.URLFor(role, password)
}

// DropRoleAtEnd drops role when the test ends: its sessions first (a test
// may leave one), then what it owns or was granted in the database.
func (db *DB) DropRoleAtEnd(t testing.TB, role string) {
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_, _ = db.pg.Psql(ctx, db.Name, fmt.Sprintf("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '%[1]s';\nDROP OWNED BY %[1]s;\nDROP ROLE %[1]s;\n", role))
	})
}

// URLFor is a postgres:// URL of the database for role with password.
func (db *DB) URLFor(role, password string) string {
	u := neturl.URL{Scheme: "postgres", User: neturl.UserPassword(role, password),
		Host: db.pg.Host + ":" + strconv.Itoa(db.pg.Port), Path: "/" + db.Name, RawQuery: "sslmode=disable"}
	return u.String()
}

// DocBlock is the text of the first code block of docs/sql.md whose
// marker (the HTML comment on the line before it) contains marker.
func DocBlock(t testing.TB, marker string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(dir) == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = filepath.Dir(dir)
	}
	md, err := os.ReadFile(filepath.Join(dir, "docs", "sql.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(md), "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "<!--") || !strings.Contains(lines[i], marker) || !strings.HasPrefix(lines[i+1], "```") {
			continue
		}
		var block []string
		for _, l := range lines[i+2:] {
			if strings.HasPrefix(l, "```") {
				return strings.Join(block, "\n") + "\n"
			}
			block = append(block, l)
		}
	}
	t.Fatalf("docs/sql.md has no code block marked %q", marker)
	return ""
}

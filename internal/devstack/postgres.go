package devstack

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// PostgresOptions configures StartPostgres.
type PostgresOptions struct {
	// Dir keeps the database between runs: Dir/data is the data directory
	// (initdb'd on first use), Dir/temporal-password the password of the
	// "temporal" role. Required.
	Dir string
	// Port is the TCP port on 127.0.0.1; 0 picks a free one.
	Port int
	// LogDir and Logf as in Options.
	LogDir string
	Logf   func(format string, args ...any)
}

// Postgres is a PostgreSQL server of Debian's postgresql package (or any
// PostgreSQL whose initdb is found), listening on 127.0.0.1 only, with a
// "temporal" role that may create databases.
type Postgres struct {
	Host     string // 127.0.0.1
	Port     int
	User     string // the role Temporal connects as: "temporal"
	Password string
	Dir      string // the data directory

	bin    string   // PostgreSQL's bin directory
	asUser []string // setpriv prefix that runs a command as the postgres user, when root
	uid    int      // owner of the data directory, -1 when we are not root
	gid    int
	o      PostgresOptions
	proc   *Process
}

// Addr returns host:port.
func (p *Postgres) Addr() string { return net.JoinHostPort(p.Host, strconv.Itoa(p.Port)) }

// PostgresRole is the role Temporal's databases belong to.
const PostgresRole = "temporal"

// StartPostgres starts PostgreSQL on o.Dir, creating the database cluster on
// first use. Run as root, the server runs as the "postgres" system user (it
// refuses to run as root), which owns the data directory; otherwise as the
// current user. Local (socket) connections are only possible for the data
// directory's owner; TCP connections need a password. The returned func
// stops the server (fast shutdown) and keeps the data.
func StartPostgres(ctx context.Context, o PostgresOptions) (*Postgres, func() error, error) {
	if o.Dir == "" {
		return nil, nil, errors.New("start postgres: PostgresOptions.Dir is required")
	}
	bin, err := postgresBinDir()
	if err != nil {
		return nil, nil, err
	}
	port, err := portOrFree(o.Port)
	if err != nil {
		return nil, nil, err
	}
	dir, err := filepath.Abs(o.Dir)
	if err != nil {
		return nil, nil, fmt.Errorf("start postgres: %w", err)
	}
	p := &Postgres{Host: "127.0.0.1", Port: port, User: PostgresRole, Dir: filepath.Join(dir, "data"), bin: bin, uid: -1, gid: -1, o: o}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, nil, fmt.Errorf("start postgres: run as root, PostgreSQL needs the \"postgres\" system user (Debian's postgresql package creates it): %w", err)
		}
		p.uid, _ = strconv.Atoi(u.Uid)
		p.gid, _ = strconv.Atoi(u.Gid)
		p.asUser = []string{"setpriv", "--reuid=" + u.Uid, "--regid=" + u.Gid, "--init-groups", "--pdeathsig", "KILL", "--"}
	}
	// dir is traversable by the server's user; the data and the password
	// file are not readable by anyone else.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("start postgres: %w", err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("start postgres: %w", err)
	}
	if p.Password, err = ensureSecret(filepath.Join(dir, "temporal-password")); err != nil {
		return nil, nil, fmt.Errorf("start postgres: %w", err)
	}
	if err := p.initdb(ctx); err != nil {
		return nil, nil, err
	}
	if err := p.Restart(ctx); err != nil {
		return nil, nil, err
	}
	if err := p.ensureRole(ctx); err != nil {
		p.Stop()
		return nil, nil, err
	}
	p.logf("stack: PostgreSQL at %s (data in %s)", p.Addr(), p.Dir)
	return p, p.Stop, nil
}

func (p *Postgres) logf(format string, args ...any) {
	if p.o.Logf != nil {
		p.o.Logf(format, args...)
	}
}

// postgresBinDir finds PostgreSQL's server programs: $PG_BINDIR, the newest
// /usr/lib/postgresql/<major>/bin (Debian keeps them off PATH), or the
// directory of initdb on PATH.
func postgresBinDir() (string, error) {
	if d := os.Getenv("PG_BINDIR"); d != "" {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err != nil {
			return "", fmt.Errorf("PG_BINDIR: no initdb in %s: %w", d, err)
		}
		return d, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return pgMajor(dirs[i]) > pgMajor(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if path, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(path), nil
	}
	return "", errors.New("start postgres: PostgreSQL's initdb not found in /usr/lib/postgresql/*/bin or on PATH; install it with: apt-get install postgresql (or make deps-cluster), or set PG_BINDIR")
}

// PostgresInstalled returns nil when StartPostgres finds PostgreSQL's
// server programs, else the error that says how to install them.
func PostgresInstalled() error {
	_, err := postgresBinDir()
	return err
}

// pgMajor returns the major version in /usr/lib/postgresql/<major>/bin.
func pgMajor(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

// command returns a command running a PostgreSQL program as the server's user.
func (p *Postgres) command(ctx context.Context, prog string, args ...string) *exec.Cmd {
	argv := append(append(append([]string{}, p.asUser...), filepath.Join(p.bin, prog)), args...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	// The socket directory is the data directory, which only its owner may enter.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "LC_ALL=C.UTF-8", "PGHOST=" + p.Dir, "PGPORT=" + strconv.Itoa(p.Port)}
	cmd.Dir = "/"
	return cmd
}

// initdb creates the database cluster unless Dir holds one already.
func (p *Postgres) initdb(ctx context.Context) error {
	if _, err := os.Stat(filepath.Join(p.Dir, "PG_VERSION")); err == nil {
		return nil
	}
	if err := os.MkdirAll(p.Dir, 0o700); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	if p.uid >= 0 {
		if err := os.Chown(p.Dir, p.uid, p.gid); err != nil {
			return fmt.Errorf("start postgres: give %s to the postgres user: %w", p.Dir, err)
		}
	}
	p.logf("stack: creating a PostgreSQL database cluster in %s (initdb, once)", p.Dir)
	// Socket connections are trusted: the socket lives in the data
	// directory (mode 0700), so only its owner reaches it. TCP needs a
	// password.
	cmd := p.command(ctx, "initdb", "--pgdata", p.Dir, "--username", "postgres", "--encoding", "UTF8",
		"--locale", "C.UTF-8", "--auth-local", "trust", "--auth-host", "scram-sha-256")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("start postgres: initdb %s: %w\n%s", p.Dir, err, out)
	}
	return nil
}

// Restart starts the server after Stop, on the same port and data. It is
// a no-op while the server runs.
func (p *Postgres) Restart(ctx context.Context) error {
	if p.proc.running() {
		return nil
	}
	if err := p.checkNotRunning(); err != nil {
		return err
	}
	argv := append(append([]string{}, p.asUser...), filepath.Join(p.bin, "postgres"), "-D", p.Dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "port="+strconv.Itoa(p.Port),
		"-c", "unix_socket_directories="+p.Dir, "-c", "unix_socket_permissions=0700",
		// Temporal keeps up to maxConns per store and service; leave room.
		"-c", "max_connections=200")
	proc, err := StartProcess(ProcessConfig{
		Name: "postgres", Path: argv[0], Args: argv[1:],
		Env:    []string{"PATH=" + os.Getenv("PATH"), "LC_ALL=C.UTF-8"},
		Dir:    "/",
		LogDir: p.o.LogDir,
	})
	if err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	p.proc = proc
	// Ready when a query answers (it accepts TCP before it can serve).
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		err := p.command(wctx, "psql", "-X", "-q", "-U", "postgres", "-d", "postgres", "-c", "SELECT 1").Run()
		if err == nil {
			return nil
		}
		select {
		case <-proc.Done():
			return fmt.Errorf("start postgres: the server exited: %v\n%s", proc.Err(), proc.Output())
		case <-wctx.Done():
			p.Stop()
			return fmt.Errorf("start postgres on %s: not ready after a minute\n%s", p.Addr(), proc.Output())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// checkNotRunning refuses to start a second server on a data directory
// that a live server holds: another make cluster (or test) is using it.
// (A server whose starter died does not outlive it: it runs with a
// parent-death signal.) A stale lock of a dead server is PostgreSQL's own
// business: it removes it.
func (p *Postgres) checkNotRunning() error {
	b, err := os.ReadFile(filepath.Join(p.Dir, "postmaster.pid"))
	if err != nil {
		return nil
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil || pid <= 0 || syscall.Kill(pid, 0) != nil {
		return nil
	}
	comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
	if !bytes.HasPrefix(comm, []byte("postgres")) {
		return nil
	}
	return fmt.Errorf("start postgres: a PostgreSQL server (pid %d) already runs on %s — is another make cluster running? Stop it first (Ctrl-C there, or kill -INT %d)", pid, p.Dir, pid)
}

// ensureRole creates the temporal role, or sets its password to the one in
// Dir/temporal-password (so a lost file is healed, not fatal).
func (p *Postgres) ensureRole(ctx context.Context) error {
	// The password goes through stdin, not argv, so ps never shows it.
	sql := fmt.Sprintf(`SELECT 'CREATE ROLE %[1]s LOGIN CREATEDB' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '%[1]s') \gexec
ALTER ROLE %[1]s WITH LOGIN CREATEDB PASSWORD '%[2]s';
`, PostgresRole, p.Password)
	if _, err := p.Psql(ctx, "postgres", sql); err != nil {
		return fmt.Errorf("start postgres: create role %s: %w", PostgresRole, err)
	}
	return nil
}

// Psql runs sql (several statements may be given) with psql as the
// superuser "postgres" on database, through the server's own socket, and
// stops at the first error.
func (p *Postgres) Psql(ctx context.Context, database, sql string) ([]byte, error) {
	cmd := p.command(ctx, "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-U", "postgres", "-d", database, "-f", "-")
	cmd.Stdin = strings.NewReader(sql)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("psql as postgres on %s: %w: %s", database, err, bytes.TrimSpace(out))
	}
	return out, nil
}

// Stop stops the server with a fast shutdown (open sessions are ended,
// everything committed is kept), keeping its data for Restart.
func (p *Postgres) Stop() error {
	proc := p.proc
	if !proc.running() {
		return nil
	}
	_ = syscall.Kill(proc.Pid(), syscall.SIGINT)
	select {
	case <-proc.Done():
		return nil
	case <-time.After(30 * time.Second):
	}
	return proc.Stop(time.Second)
}

// ensureSecret returns the secret in path, writing a new random one there
// (mode 0600) first when the file does not exist.
func ensureSecret(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err == nil && len(bytes.TrimSpace(b)) > 0 {
		return string(bytes.TrimSpace(b)), nil
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	r := make([]byte, 24)
	if _, err := rand.Read(r); err != nil {
		return "", err
	}
	s := hex.EncodeToString(r)
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return "", err
	}
	return s, nil
}

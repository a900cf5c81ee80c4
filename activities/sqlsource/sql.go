// Package sqlsource is the SQL sources a worker may query: connections,
// read-only bounded queries, the least-reach check and the schema the
// model is told. A library: the run_sql activity and SQL datasets
// (activities/journal/query.go) use it.
//
// A query the worker runs against a configured database is bounded and
// read-only by construction, whoever wrote it:
//   - only a statement that starts with SELECT, WITH, VALUES or TABLE is
//     sent (comments and parentheses before it are skipped);
//   - it is sent with the extended query protocol (Parse/Bind/Execute of
//     an unnamed statement without parameters), with which PostgreSQL
//     refuses a string of several statements ("cannot insert multiple
//     commands into a prepared statement"), so "commit; delete …" never
//     reaches a second statement;
//   - it runs in a transaction begun READ ONLY on a session whose
//     default_transaction_read_only is on, after a first statement of
//     ours has taken the snapshot (so SET TRANSACTION READ WRITE is
//     refused too); the transaction is rolled back, the session
//     DISCARDed and the connection closed after every query, so nothing a
//     query sets outlives it;
//   - before the query, the role's reach beyond its tables is checked
//     (sql_reach.go): a role that can read the server's files or end
//     other sessions is refused;
//   - statement_timeout is set in the transaction, and the worker stops
//     reading at a row cap and a byte cap: a result over either is
//     refused with a message that says so, never cut short in silence.
//
// Connection URLs stay in the worker: errors are rebuilt from PostgreSQL's
// own message with the source's user, host, database and password
// replaced.
package sqlsource

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// Service names a SQL source in error messages.
const Service fault.Service = "sql"

// Limits bound every query.
type Limits struct {
	// StatementTimeout is PostgreSQL's statement_timeout for each query.
	StatementTimeout time.Duration
	// MaxRows and MaxBytes bound one result (rows, and bytes of its CSV).
	MaxRows  int
	MaxBytes int64
	// SchemaBytes bounds each source's schema description for the model.
	SchemaBytes int
}

// Default limits (config.SQL holds the same as its defaults).
const (
	DefaultSQLStatementTimeout = 30 * time.Second
	DefaultSQLMaxRows          = 100_000
	DefaultSQLMaxBytes         = 50 << 20
	DefaultSQLSchemaBytes      = 8 << 10
)

// Sources are the databases the worker may query, by name.
type Sources struct {
	byName map[string]*pgx.ConnConfig
	limits Limits
	// allow is the reach beyond its tables that each source's role is
	// allowed (Allow): keys of the privilege check.
	allow map[string][]string
}

// New parses the sources' URLs. An error names the source, not
// the URL.
func New(urls map[string]string, limits Limits) (*Sources, error) {
	if limits.StatementTimeout <= 0 {
		limits.StatementTimeout = DefaultSQLStatementTimeout
	}
	if limits.MaxRows <= 0 {
		limits.MaxRows = DefaultSQLMaxRows
	}
	if limits.MaxBytes <= 0 {
		limits.MaxBytes = DefaultSQLMaxBytes
	}
	if limits.SchemaBytes <= 0 {
		limits.SchemaBytes = DefaultSQLSchemaBytes
	}
	s := &Sources{byName: map[string]*pgx.ConnConfig{}, limits: limits}
	for name, u := range urls {
		cfg, err := pgx.ParseConfig(u)
		if err != nil {
			var pce *pgconn.ParseConfigError
			why := "cannot parse it"
			if errors.As(err, &pce) && pce.Unwrap() != nil {
				why = pce.Unwrap().Error()
			}
			return nil, fmt.Errorf("sql source %q: %s", name, scrubSQL(why, nil))
		}
		if cfg.ConnectTimeout == 0 {
			cfg.ConnectTimeout = 15 * time.Second
		}
		if cfg.RuntimeParams == nil {
			cfg.RuntimeParams = map[string]string{}
		}
		// A second line of defence behind BEGIN READ ONLY.
		cfg.RuntimeParams["default_transaction_read_only"] = "on"
		cfg.RuntimeParams["application_name"] = "durable-analyst"
		fault.RedactSecrets(u, cfg.Password)
		s.byName[name] = cfg
	}
	return s, nil
}

// Names lists the sources, sorted.
func (s *Sources) Names() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s.byName))
	for n := range s.byName {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// config is a source's connection settings.
func (s *Sources) config(name string) (*pgx.ConnConfig, bool) {
	if s == nil {
		return nil, false
	}
	c, ok := s.byName[name]
	return c, ok
}

// Has reports whether name is one of the sources.
func (s *Sources) Has(name string) bool {
	_, ok := s.byName[name]
	return ok
}

// Limits are the limits every query runs under.
func (s *Sources) Limits() Limits { return s.limits }

// Column is one column of a result.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Result is a query's result as CSV with a header row.
type Result struct {
	Columns []Column
	Rows    int
	CSV     []byte
}

// QueryRefused is a query that did not run to the end for a reason of its
// own: refused before it was sent, refused or failed by PostgreSQL, stopped
// by the timeout, or over a cap. Its message is for whoever wrote the
// query (the model as tool output, or a dataset's DatasetError).
type QueryRefused struct {
	Msg string
	// Code is PostgreSQL's SQLSTATE when the server refused it.
	Code string
}

func (e *QueryRefused) Error() string { return e.Msg }

// allowedFirstWords are the statements a query may be.
var allowedFirstWords = []string{"select", "with", "values", "table"}

// firstWord is the query's first keyword, lower case, after whitespace,
// comments and opening parentheses.
func firstWord(q string) string {
	for {
		q = strings.TrimLeftFunc(q, func(r rune) bool { return unicode.IsSpace(r) || r == '(' })
		switch {
		case strings.HasPrefix(q, "--"):
			i := strings.IndexByte(q, '\n')
			if i < 0 {
				return ""
			}
			q = q[i+1:]
		case strings.HasPrefix(q, "/*"):
			// Block comments nest in PostgreSQL.
			depth, i := 0, 0
			for i < len(q)-1 {
				if q[i] == '/' && q[i+1] == '*' {
					depth++
					i += 2
				} else if q[i] == '*' && q[i+1] == '/' {
					depth--
					i += 2
					if depth == 0 {
						break
					}
				} else {
					i++
				}
			}
			if depth != 0 {
				return ""
			}
			q = q[i:]
		default:
			end := strings.IndexFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && r != '_' })
			if end < 0 {
				end = len(q)
			}
			return strings.ToLower(q[:end])
		}
	}
}

// checkQuery refuses a query that is not a single read statement by its
// first word; the database's READ ONLY transaction and the extended
// protocol are what make it read-only, this makes the refusal clear.
func checkQuery(q string) error {
	if strings.TrimSpace(q) == "" {
		return &QueryRefused{Msg: "the query is empty"}
	}
	if len(q) > api.MaxSQLQueryBytes {
		return &QueryRefused{Msg: fmt.Sprintf("the query is %d bytes, at most %d", len(q), api.MaxSQLQueryBytes)}
	}
	w := firstWord(q)
	if !slices.Contains(allowedFirstWords, w) {
		if w == "" {
			w = "nothing"
		} else {
			w = strings.ToUpper(w)
		}
		return &QueryRefused{Msg: fmt.Sprintf("refused: only one read-only statement (SELECT, WITH … SELECT, VALUES or TABLE) may run; this one starts with %s", w)}
	}
	return nil
}

// Query runs q on source, read-only and bounded, and returns its result as
// CSV. A *QueryRefused is the query's own failure; other errors are
// classified (a connection failure is retryable Unavailable).
func (s *Sources) Query(ctx context.Context, source, q string) (*Result, error) {
	if err := checkQuery(q); err != nil {
		return nil, err
	}
	return s.runReadOnly(ctx, source, q)
}

// runReadOnly is query without the first-word check: what the database
// alone enforces (tests call it directly to prove it).
func (s *Sources) runReadOnly(ctx context.Context, source, q string) (*Result, error) {
	cfg, ok := s.byName[source]
	if !ok {
		return nil, fault.New(api.ErrTypeNotFound, fmt.Sprintf("sql source %q is not configured on this worker (configured: %s)", source, NamesOrNone(s.Names())), nil, 0)
	}
	// The server's timeout stops the statement; this one, a little
	// longer, stops a worker waiting on a server that does not answer.
	ctx, cancel := context.WithTimeout(ctx, s.limits.StatementTimeout+cfg.ConnectTimeout+30*time.Second)
	defer cancel()
	conn, err := pgx.ConnectConfig(ctx, cfg.Copy())
	if err != nil {
		return nil, connectError(source, cfg, err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead})
	if err != nil {
		return nil, sqlError(source, cfg, "begin a read-only transaction", err)
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = tx.Rollback(rctx)
		// What a query may leave in the session past its transaction
		// (session-level advisory locks, set_config(…, false), prepared
		// statements, temporary tables) is gone before the connection
		// is: not only once the server notices it closed.
		_, _ = conn.PgConn().Exec(rctx, "DISCARD ALL").ReadAll()
	}()
	// A statement of ours first: it sets the timeout and takes the
	// transaction's snapshot, after which its access mode cannot change.
	ms := strconv.FormatInt(s.limits.StatementTimeout.Milliseconds(), 10)
	if _, err := tx.Exec(ctx, "SELECT set_config('statement_timeout', $1, true)", ms); err != nil {
		return nil, sqlError(source, cfg, "set statement_timeout", err)
	}
	// Then what the role can reach beyond its tables, as it is now.
	if err := s.checkReach(ctx, source, cfg, tx); err != nil {
		return nil, err
	}

	// The extended protocol with one unnamed statement and no parameters:
	// PostgreSQL refuses several statements in it. Every column comes back
	// in PostgreSQL's text form.
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	rr := conn.PgConn().ExecParams(rctx, q, nil, nil, nil, nil)
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	fds := rr.FieldDescriptions()
	res := &Result{}
	header := make([]string, len(fds))
	bools := make([]bool, len(fds))
	for i, fd := range fds {
		header[i] = fd.Name
		res.Columns = append(res.Columns, Column{Name: fd.Name, Type: typeName(conn, fd.DataTypeOID)})
		bools[i] = fd.DataTypeOID == 16
	}
	if len(fds) > 0 {
		_ = w.Write(header)
	}
	var capHit error
	record := make([]string, len(fds))
	for rr.NextRow() {
		if res.Rows >= s.limits.MaxRows {
			capHit = &QueryRefused{Msg: fmt.Sprintf("row cap hit: the result has more than %d rows (SQL_MAX_ROWS), so nothing was staged; aggregate in SQL, filter, or add a LIMIT", s.limits.MaxRows)}
			break
		}
		for i, v := range rr.Values() {
			switch {
			case v == nil:
				record[i] = ""
			case bools[i] && string(v) == "t":
				record[i] = "true"
			case bools[i] && string(v) == "f":
				record[i] = "false"
			default:
				record[i] = string(v)
			}
		}
		_ = w.Write(record)
		res.Rows++
		if res.Rows%256 == 0 {
			w.Flush()
			if int64(buf.Len()) > s.limits.MaxBytes {
				break
			}
		}
	}
	w.Flush()
	if capHit == nil && int64(buf.Len()) > s.limits.MaxBytes {
		capHit = &QueryRefused{Msg: fmt.Sprintf("byte cap hit: the result is over %d bytes as CSV (SQL_MAX_BYTES), so nothing was staged; select fewer columns or rows, or aggregate in SQL", s.limits.MaxBytes)}
	}
	if capHit != nil {
		// Stop the query rather than read the rest of it: cancelling
		// closes the connection, which is not reused.
		stop()
		_, _ = rr.Close()
		return nil, capHit
	}
	if _, err := rr.Close(); err != nil {
		return nil, sqlError(source, cfg, "query", err)
	}
	if len(fds) == 0 {
		return nil, &QueryRefused{Msg: "the statement returned no columns; only a query that returns rows can be staged"}
	}
	res.CSV = buf.Bytes()
	return res, nil
}

// typeName is the name of a column's type as pgx knows it, else its OID.
func typeName(conn *pgx.Conn, oid uint32) string {
	if t, ok := conn.TypeMap().TypeForOID(oid); ok {
		return t.Name
	}
	return "oid " + strconv.FormatUint(uint64(oid), 10)
}

// sqlError maps an error of a connected session: PostgreSQL refusing or
// failing the query is the query's own failure (QueryRefused); a lost
// connection is retryable.
func sqlError(source string, cfg *pgx.ConnConfig, op string, err error) error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		msg := scrubSQL(pg.Message, cfg)
		if pg.Code == "57014" && strings.Contains(pg.Message, "statement timeout") {
			msg = "stopped by the statement timeout (SQL_STATEMENT_TIMEOUT): " + msg
		}
		if pg.Detail != "" {
			msg += " (" + scrubSQL(pg.Detail, cfg) + ")"
		}
		if pg.Hint != "" {
			msg += "; hint: " + scrubSQL(pg.Hint, cfg)
		}
		// Connection-class and shutdown errors are the server's, not the
		// query's.
		if strings.HasPrefix(pg.Code, "08") || pg.Code == "57P01" || pg.Code == "57P02" || pg.Code == "57P03" || strings.HasPrefix(pg.Code, "53") {
			return fault.New(api.ErrTypeUnavailable, fmt.Sprintf("sql source %q: %s: %s (SQLSTATE %s)", source, op, msg, pg.Code), nil, 0)
		}
		return &QueryRefused{Msg: fmt.Sprintf("%s (SQLSTATE %s)", msg, pg.Code), Code: pg.Code}
	}
	if errors.Is(err, context.Canceled) {
		return err
	}
	return fault.New(api.ErrTypeUnavailable, fmt.Sprintf("sql source %q: %s: %s", source, op, netMessage(err, cfg)), nil, 0)
}

// connectError maps a failed connect: refused credentials are AuthError,
// a missing database NotFound, anything else retryable Unavailable. The
// message never holds the URL, user, host or database.
func connectError(source string, cfg *pgx.ConnConfig, err error) error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		typ := api.ErrTypeUnavailable
		switch {
		case strings.HasPrefix(pg.Code, "28"):
			typ = api.ErrTypeAuth
		case pg.Code == "3D000":
			typ = api.ErrTypeNotFound
		}
		return fault.New(typ, fmt.Sprintf("sql source %q: connect: %s (SQLSTATE %s)", source, scrubSQL(pg.Message, cfg), pg.Code), nil, 0)
	}
	return fault.New(api.ErrTypeUnavailable, fmt.Sprintf("sql source %q: connect: %s", source, netMessage(err, cfg)), nil, 0)
}

// netMessage is a network error's explanation without addresses.
func netMessage(err error, cfg *pgx.ConnConfig) string {
	var op *net.OpError
	switch {
	case errors.As(err, &op) && op.Err != nil:
		return op.Op + ": " + scrubSQL(op.Err.Error(), cfg)
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	}
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) && ce.Unwrap() != nil {
		return scrubSQL(ce.Unwrap().Error(), cfg)
	}
	return scrubSQL(err.Error(), cfg)
}

// scrubSQL replaces a source's password, user, host and database in s,
// then whatever scrub finds.
func scrubSQL(s string, cfg *pgx.ConnConfig) string {
	if cfg != nil {
		for _, v := range []string{cfg.Password, cfg.User, cfg.Host, cfg.Database} {
			if len(v) >= 3 {
				s = strings.ReplaceAll(s, v, "***")
			}
		}
		if cfg.Port != 0 {
			s = strings.ReplaceAll(s, ":"+strconv.Itoa(int(cfg.Port)), ":***")
		}
	}
	return fault.Bound(s)
}

func NamesOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// Schema describes source's tables for the model: schema.table(column
// type, …), one table a line, bounded to SchemaBytes. Only what the
// source's role may see is listed.
func (s *Sources) Schema(ctx context.Context, source string) (string, error) {
	const q = `SELECT c.table_schema || '.' || c.table_name, string_agg(c.column_name || ' ' || c.data_type, ', ' ORDER BY c.ordinal_position)
FROM information_schema.columns c
WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema') AND c.table_schema NOT LIKE 'pg_toast%'
GROUP BY c.table_schema, c.table_name
ORDER BY 1`
	res, err := s.runReadOnly(ctx, source, q)
	if err != nil {
		return "", err
	}
	r := csv.NewReader(bytes.NewReader(res.CSV))
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		return "", fmt.Errorf("sql source %q: schema: unreadable result (%v)", source, err)
	}
	var b strings.Builder
	rows = rows[1:]
	for i, row := range rows {
		line := fmt.Sprintf("  %s(%s)\n", row[0], row[1])
		if b.Len()+len(line) > s.limits.SchemaBytes {
			fmt.Fprintf(&b, "  … %d more tables not shown\n", len(rows)-i)
			break
		}
		b.WriteString(line)
	}
	if len(rows) == 0 {
		b.WriteString("  (no tables visible to this source's role)\n")
	}
	return b.String(), nil
}

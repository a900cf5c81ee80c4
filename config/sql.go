package config

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"
)

// SQL holds the SQL sources the worker may query and the limits of every
// query. A source is read from SQL_SOURCE_<NAME> (a postgres:// URL) or
// SQL_SOURCE_<NAME>_FILE (a file holding one); workflow inputs name it by
// its lower-case name only, so the URL, which carries the credentials,
// stays in the worker's environment.
type SQL struct {
	// SQLStatementTimeout stops a query that runs longer
	// (PostgreSQL's statement_timeout, set in each query's transaction).
	SQLStatementTimeout time.Duration `envconfig:"SQL_STATEMENT_TIMEOUT" default:"30s"`
	// SQLMaxRows and SQLMaxBytes bound one result: a query that returns
	// more rows or more CSV bytes is refused, and says so.
	SQLMaxRows  int   `envconfig:"SQL_MAX_ROWS" default:"100000"`
	SQLMaxBytes int64 `envconfig:"SQL_MAX_BYTES" default:"52428800"`
	// SQLSchemaBytes bounds the description of each source's tables that
	// the model gets with the question.
	SQLSchemaBytes int `envconfig:"SQL_SCHEMA_BYTES" default:"8192"`

	// SQLSources maps a source's name to its URL (read by LoadSQLSources,
	// not by envconfig: the variable names are the sources' names).
	SQLSources map[string]Secret `ignored:"true"`
	// SQLSourceAllow maps a source's name to the reach beyond its tables
	// that its role is allowed (SQL_SOURCE_<NAME>_ALLOW, comma-separated
	// privilege names); without it such a role is refused.
	SQLSourceAllow map[string][]string `ignored:"true"`
}

// SQLSourcePrefix starts the name of every variable that configures a
// source.
const SQLSourcePrefix = "SQL_SOURCE_"

// sqlSourceName is what a source's name may be: it must be the same in an
// environment variable (upper case) and in an input (lower case).
var sqlSourceName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,62}$`)

// ValidSQLSourceName reports whether name can name a source.
func ValidSQLSourceName(name string) bool { return sqlSourceName.MatchString(name) }

// LoadSQLSources reads the sources from environ (os.Environ() when nil):
// SQL_SOURCE_<NAME>=<url> or SQL_SOURCE_<NAME>_FILE=<path>, and
// SQL_SOURCE_<NAME>_ALLOW=<privilege>,… for the reach beyond its tables
// that a source's role is allowed. Errors name the variable, never its
// value.
func LoadSQLSources(environ []string) (map[string]Secret, map[string][]string, error) {
	if environ == nil {
		environ = os.Environ()
	}
	type found struct {
		direct, file string
		allow        []string
		hasAllow     bool
	}
	byName := map[string]*found{}
	var errs []error
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(k, SQLSourcePrefix) {
			continue
		}
		rest := strings.TrimPrefix(k, SQLSourcePrefix)
		isFile := strings.HasSuffix(rest, "_FILE")
		isAllow := strings.HasSuffix(rest, "_ALLOW")
		if isFile {
			rest = strings.TrimSuffix(rest, "_FILE")
		}
		if isAllow {
			rest = strings.TrimSuffix(rest, "_ALLOW")
		}
		name := strings.ToLower(rest)
		if rest != strings.ToUpper(name) || !ValidSQLSourceName(name) {
			errs = append(errs, fmt.Errorf("%s: the source name %q must be a letter then letters, digits or _ (at most 63), in upper case", k, rest))
			continue
		}
		f := byName[name]
		if f == nil {
			f = &found{}
			byName[name] = f
		}
		switch {
		case isAllow:
			f.hasAllow = true
			for _, item := range strings.Split(v, ",") {
				if item = strings.TrimSpace(item); item != "" {
					f.allow = append(f.allow, strings.ToLower(item))
				}
			}
		case isFile:
			f.file = v
		default:
			f.direct = v
		}
	}
	out, allow := map[string]Secret{}, map[string][]string{}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		f := byName[name]
		v := SQLSourcePrefix + strings.ToUpper(name)
		dsn := f.direct
		switch {
		case f.hasAllow && f.direct == "" && f.file == "":
			errs = append(errs, fmt.Errorf("%s_ALLOW: there is no %s or %s_FILE for it to apply to", v, v, v))
			continue
		case f.hasAllow && len(f.allow) == 0:
			errs = append(errs, fmt.Errorf("%s_ALLOW: empty; list the privileges to accept, separated by commas, or leave it unset", v))
			continue
		case f.direct != "" && f.file != "":
			errs = append(errs, fmt.Errorf("%s and %s_FILE: set one, not both", v, v))
			continue
		case f.file != "":
			b, err := os.ReadFile(f.file)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s_FILE: %w", v, err))
				continue
			}
			dsn, v = strings.TrimSpace(string(b)), v+"_FILE"
		}
		if err := checkSQLURL(dsn); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", v, err))
			continue
		}
		out[name] = Secret(dsn)
		if f.hasAllow {
			allow[name] = f.allow
		}
	}
	if len(errs) > 0 {
		return nil, nil, joinOneLine(errs)
	}
	return out, allow, nil
}

// checkSQLURL checks that a source is a postgres URL without quoting it
// (it holds a password).
func checkSQLURL(dsn string) error {
	if dsn == "" {
		return errors.New("empty; want a postgres://user:password@host:port/database URL")
	}
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return errors.New("not a postgres://user:password@host:port/database URL (the value is not shown: it may hold a password)")
	}
	return nil
}

// validate checks the limits.
func (s SQL) validate() []error {
	var errs []error
	if s.SQLStatementTimeout < time.Second || s.SQLStatementTimeout > time.Hour {
		errs = append(errs, fmt.Errorf("SQL_STATEMENT_TIMEOUT: %s is outside 1s..1h", s.SQLStatementTimeout))
	}
	if s.SQLMaxRows < 1 || s.SQLMaxRows > 100_000_000 {
		errs = append(errs, fmt.Errorf("SQL_MAX_ROWS: %d is outside 1..100000000", s.SQLMaxRows))
	}
	if s.SQLMaxBytes < 1024 || s.SQLMaxBytes > 1<<30 {
		errs = append(errs, fmt.Errorf("SQL_MAX_BYTES: %d is outside 1024..1073741824", s.SQLMaxBytes))
	}
	if s.SQLSchemaBytes < 0 || s.SQLSchemaBytes > 1<<20 {
		errs = append(errs, fmt.Errorf("SQL_SCHEMA_BYTES: %d is outside 0..1048576", s.SQLSchemaBytes))
	}
	return errs
}

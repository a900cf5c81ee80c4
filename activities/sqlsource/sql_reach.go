package sqlsource

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// Least reach. READ ONLY and the rollback stop writes to tables, not what
// a function does outside the transaction: read a server file, run a
// program, end another session. Only the role's privileges stop those, so
// every connection first asks PostgreSQL, with its own privilege
// functions, what the source's role can reach beyond its tables, and a
// source whose role has any of it is refused (unless the source's
// SQL_SOURCE_<NAME>_ALLOW accepts it by name) before the query is sent.
// Each query opens its own connection, so a role changed since the last
// query is checked as it is now.

// reachRoles are the predefined roles that reach beyond the tables, with
// what each opens.
var reachRoles = map[string]string{
	"pg_read_server_files":      "reads any file the server may read (pg_read_file, COPY FROM a file, lo_import)",
	"pg_write_server_files":     "writes files as the server (COPY TO a file, lo_export)",
	"pg_execute_server_program": "runs programs on the server (COPY … PROGRAM)",
	"pg_signal_backend":         "cancels and ends other roles' sessions (pg_cancel_backend, pg_terminate_backend)",
	"pg_read_all_settings":      "reads every setting, among them the server's paths and files",
	"pg_read_all_stats":         "reads other sessions' queries and the server's statistics",
	"pg_write_all_data":         "may write every table (READ ONLY is then the only lock)",
	"pg_checkpoint":             "forces checkpoints (CHECKPOINT)",
}

// reachAttributes are the role attributes that reach beyond the tables.
var reachAttributes = map[string]struct{ what, off string }{
	"superuser":   {"reaches every file, program and session of the server", "NOSUPERUSER"},
	"replication": {"may create replication slots, which keep the server's WAL on its disk", "NOREPLICATION"},
	"createrole":  {"may create roles and grant them, itself included, the predefined roles above", "NOCREATEROLE"},
}

// otherLoginRoles is the key of membership in other roles that log in:
// such a member may SET ROLE to them, and cancel or end their sessions.
const otherLoginRoles = "other_login_roles"

// reachKeyRE is what an item of SQL_SOURCE_<NAME>_ALLOW may look like: a
// key of the check (an attribute, a predefined role, a function name, or
// other_login_roles).
var reachKeyRE = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// reachQuery lists what the connected role can reach beyond its tables:
// each row is a finding's key, its kind, what has it (the attribute's
// role, the role, or the function's signature and its grantee) and the
// roles granted to the user that lead to it (the user itself when it has
// it directly; PUBLIC for a function granted to all). Membership is MEMBER, not
// USAGE: a member without INHERIT may still SET ROLE. Functions are those
// that PostgreSQL itself keeps from PUBLIC (initdb's or an extension's
// initial privileges, in pg_init_privs) and that the role may now execute,
// through PUBLIC, itself or a role it is a member of.
const reachQuery = `WITH me AS (
  SELECT r.*, CASE WHEN r.rolname = current_user THEN current_user::text ELSE coalesce(
      (SELECT string_agg(g.rolname, ',' ORDER BY g.rolname) FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
        WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user) AND pg_has_role(m.roleid, r.oid, 'MEMBER')),
      -- a superuser is a member of every role, with no grant that says so
      current_user::text) END AS via
  FROM pg_roles r WHERE pg_has_role(current_user, r.oid, 'MEMBER'))
SELECT a.attr, 'attribute', me.rolname, me.via FROM me
  CROSS JOIN LATERAL (VALUES ('superuser', me.rolsuper), ('replication', me.rolreplication), ('createrole', me.rolcreaterole)) a(attr, has)
  WHERE a.has
UNION ALL
SELECT me.rolname, 'role', me.rolname, me.via FROM me WHERE me.rolname = ANY($1)
UNION ALL
SELECT $2, 'login', me.rolname, me.via FROM me WHERE me.rolcanlogin AND me.rolname <> current_user
UNION ALL
SELECT p.proname, 'function', p.oid::regprocedure::text || ' ' || coalesce(g.rolname, 'PUBLIC'), coalesce(g.via, 'PUBLIC')
  FROM pg_proc p
  JOIN pg_init_privs ip ON ip.objoid = p.oid AND ip.classoid = 'pg_proc'::regclass AND ip.objsubid = 0
  CROSS JOIN LATERAL aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) x
  LEFT JOIN me g ON g.oid = x.grantee
  WHERE x.privilege_type = 'EXECUTE' AND (x.grantee = 0 OR g.oid IS NOT NULL)
    AND NOT EXISTS (SELECT FROM aclexplode(ip.initprivs) i WHERE i.grantee = 0 AND i.privilege_type = 'EXECUTE')
ORDER BY 1, 2, 3, 4`

// reachFinding is one thing the role can reach: key is what
// SQL_SOURCE_<NAME>_ALLOW names to accept it.
type reachFinding struct {
	key, kind, what, via string
}

// checkReach asks PostgreSQL what the source's role can reach beyond its
// tables and refuses the source (SourceRefused, not retryable) when any of
// it is not allowed. It runs in the query's read-only transaction.
func (s *Sources) checkReach(ctx context.Context, source string, cfg *pgx.ConnConfig, tx pgx.Tx) error {
	roles := make([]string, 0, len(reachRoles))
	for r := range reachRoles {
		roles = append(roles, r)
	}
	rows, err := tx.Query(ctx, reachQuery, roles, otherLoginRoles)
	var findings []reachFinding
	if err == nil {
		findings, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (reachFinding, error) {
			var f reachFinding
			return f, r.Scan(&f.key, &f.kind, &f.what, &f.via)
		})
	}
	if err != nil {
		err = sqlError(source, cfg, "check the role's privileges", err)
		var refused *QueryRefused
		if errors.As(err, &refused) {
			// Not the query's failure: a source whose reach cannot be
			// known is refused (a lost connection is retried).
			return fault.New(api.ErrTypeSourceRefused, fmt.Sprintf("sql source %q is refused: the check of its role's privileges failed: %s; "+
				"the check needs PostgreSQL 10 or newer (pg_roles, pg_init_privs, pg_has_role)", source, refused.Msg), nil, 0)
		}
		return err
	}
	allowed := s.allow[source]
	var superuser []reachFinding
	for _, f := range findings {
		if f.key != "superuser" {
			continue
		}
		if f.what == cfg.User {
			// The role itself: it is a member of every role, so every
			// other superuser role is found too, and has everything else.
			superuser = []reachFinding{f}
			break
		}
		superuser = append(superuser, f)
	}
	if len(superuser) > 0 {
		// A superuser has everything else too: say only that.
		findings = superuser
	}
	var refused []reachFinding
	for _, f := range findings {
		if !slices.Contains(allowed, f.key) {
			refused = append(refused, f)
		}
	}
	if len(refused) == 0 {
		return nil
	}
	return fault.New(api.ErrTypeSourceRefused, reachMessage(source, cfg.User, refused, allowed), nil, 0)
}

// reachMessage says what the role can reach, with the SQL that takes each
// away, and how to accept it instead (with what is allowed already). The role itself is written <role>:
// its name is part of the source's credentials.
func reachMessage(source, user string, refused []reachFinding, allowed []string) string {
	role := func(name string) string {
		if name == user {
			return "<role>"
		}
		if len(user) >= 3 {
			name = strings.ReplaceAll(name, user, "<role>")
		}
		return name
	}
	// revoke takes away the memberships (comma-separated) that lead to it.
	revoke := func(via string) string {
		var out []string
		for _, g := range strings.Split(via, ",") {
			out = append(out, fmt.Sprintf("REVOKE %s FROM <role>", role(g)))
		}
		return strings.Join(out, "; ")
	}
	// Findings with the same fix are said together, and functions with
	// the same grantee in one list.
	type group struct {
		fix   string
		whats []string
		funcs map[string][]string // grantee → signatures
		order []string            // grantees, first seen first
	}
	var groups []*group
	byFix := map[string]*group{}
	keys := slices.Clone(allowed)
	for _, f := range refused {
		var what, fix, sig, grantee string
		switch f.kind {
		case "attribute":
			a := reachAttributes[f.key]
			what, fix = fmt.Sprintf("%s: %s", f.key, a.what), "ALTER ROLE <role> "+a.off
			if f.via != user {
				what, fix = fmt.Sprintf("%s (through %s): %s", f.key, role(f.what), a.what), revoke(f.via)
			}
		case "role":
			what, fix = fmt.Sprintf("member of %s: %s", f.key, reachRoles[f.key]), revoke(f.via)
		case "login":
			what = fmt.Sprintf("member of %s, a role that logs in: may act as it and cancel or end its sessions", role(f.what))
			fix = revoke(f.via)
		default: // a function: what is its signature and grantee
			sig, grantee, _ = strings.Cut(f.what, " ")
			fix = revoke(f.via)
			if f.via == user || f.via == "PUBLIC" {
				fix = fmt.Sprintf("REVOKE EXECUTE ON FUNCTION %s FROM %s", sig, role(f.via))
			}
		}
		g := byFix[fix]
		if g == nil {
			g = &group{fix: fix, funcs: map[string][]string{}}
			byFix[fix] = g
			groups = append(groups, g)
		}
		if what != "" {
			g.whats = append(g.whats, what)
		} else {
			if g.funcs[grantee] == nil {
				g.order = append(g.order, grantee)
			}
			g.funcs[grantee] = append(g.funcs[grantee], sig)
		}
		if !slices.Contains(keys, f.key) {
			keys = append(keys, f.key)
		}
	}
	var parts []string
	for _, g := range groups {
		for _, grantee := range g.order {
			g.whats = append(g.whats, fmt.Sprintf("may execute %s, which PostgreSQL keeps from PUBLIC (granted to %s)",
				strings.Join(g.funcs[grantee], ", "), role(grantee)))
		}
		parts = append(parts, fmt.Sprintf("%s; fix: %s", strings.Join(g.whats, "; "), g.fix))
	}
	v := SourceVar(source)
	return fmt.Sprintf("sql source %q is refused: its role can reach beyond its tables: %s (<role> is the user in %s). "+
		"To accept this reach, set %s_ALLOW=%s (docs/sql.md)",
		source, strings.Join(parts, "; "), v, v, strings.Join(keys, ","))
}

// SourceVar is the variable that configures source.
func SourceVar(source string) string { return "SQL_SOURCE_" + strings.ToUpper(source) }

// Allow accepts what source's role may reach beyond its tables, by the
// keys a refusal names (SQL_SOURCE_<NAME>_ALLOW): a role attribute
// (superuser, replication, createrole), a predefined role
// (pg_read_server_files, …), a function's name, or other_login_roles. A key
// that names nothing the role has opens nothing.
func (s *Sources) Allow(source string, keys []string) error {
	if _, ok := s.config(source); !ok {
		return fmt.Errorf("%s_ALLOW: there is no sql source %q (configured: %s)", SourceVar(source), source, NamesOrNone(s.Names()))
	}
	for _, k := range keys {
		if !reachKeyRE.MatchString(k) {
			return fmt.Errorf("%s_ALLOW: %q is not a privilege's name: give role attributes (superuser, replication, createrole), "+
				"predefined roles (pg_read_server_files, …), function names or %s, separated by commas", SourceVar(source), k, otherLoginRoles)
		}
	}
	if s.allow == nil {
		s.allow = map[string][]string{}
	}
	s.allow[source] = slices.Clone(keys)
	return nil
}

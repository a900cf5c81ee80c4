package devstack

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	mathrand "math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"text/template"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"google.golang.org/protobuf/types/known/durationpb"
)

// ServerOptions configures StartTemporalServer.
type ServerOptions struct {
	// Options: BinDir, TemporalPort (the frontend; 0 picks a free port),
	// LogDir and Logf are used.
	Options
	// Postgres holds the server's two databases (created on first use).
	Postgres *Postgres
	// Dir receives the server's config files; required.
	Dir string
	// Namespace is registered on first use; default "default".
	Namespace string
	// Retention of closed workflows in Namespace; default 72h.
	Retention time.Duration
}

// TemporalServer is a Temporal server — all four services in one process,
// the way Temporal's own binary runs them — on PostgreSQL, built from
// go.temporal.io/server at the version pinned in tools/cluster/go.mod.
type TemporalServer struct {
	Temporal

	o      ServerOptions
	bin    string
	config string
	ports  serverPorts

	mu   sync.Mutex
	proc *Process
}

// serverPorts are the server's ports, kept across restarts so that the
// membership rows a killed server left in the database name this server.
type serverPorts struct {
	Frontend, FrontendHTTP, FrontendMembership int
	History, HistoryMembership                 int
	Matching, MatchingMembership               int
	Worker, WorkerMembership                   int
}

// The databases of the default (history, tasks, namespaces) and the
// visibility (workflow lists and search) stores, and their schemas as the
// server's schema tool names them.
var serverDatabases = []struct{ name, schema string }{
	{"temporal", "postgresql/v12/temporal"},
	{"temporal_visibility", "postgresql/v12/visibility"},
}

// StartTemporalServer applies the server's schema to its databases with the
// server's own schema tool (temporal-sql-tool: create the database if
// missing, set up the versioning tables, update to the newest schema the
// pinned version ships — each step a no-op when already done), writes its
// config into o.Dir, starts it on 127.0.0.1, and registers the namespace if
// it is missing. The returned func stops the server.
func StartTemporalServer(ctx context.Context, o ServerOptions) (*TemporalServer, func() error, error) {
	if o.Postgres == nil || o.Dir == "" {
		return nil, nil, errors.New("start temporal server: ServerOptions.Postgres and Dir are required")
	}
	if o.Namespace == "" {
		o.Namespace = "default"
	}
	if o.Retention == 0 {
		o.Retention = 72 * time.Hour
	}
	sqlTool, err := Binary(ctx, o.Options, "temporal-sql-tool")
	if err != nil {
		return nil, nil, err
	}
	bin, err := Binary(ctx, o.Options, "temporal-server")
	if err != nil {
		return nil, nil, err
	}
	if err := setupSchema(ctx, o.Options, sqlTool, o.Postgres); err != nil {
		return nil, nil, err
	}
	s := &TemporalServer{o: o, bin: bin, config: filepath.Join(o.Dir, "temporal.yaml")}
	if err := s.choosePorts(); err != nil {
		return nil, nil, err
	}
	s.Address = net.JoinHostPort("127.0.0.1", strconv.Itoa(s.ports.Frontend))
	s.Namespace = o.Namespace
	if err := s.writeConfig(); err != nil {
		return nil, nil, err
	}
	if err := s.Restart(ctx); err != nil {
		return nil, nil, err
	}
	if err := s.ensureNamespaceAndSearchAttributes(ctx); err != nil {
		s.Stop()
		return nil, nil, err
	}
	o.logf("stack: Temporal server %s on PostgreSQL at %s (namespace %s, config %s)", s.Address, o.Postgres.Addr(), s.Namespace, s.config)
	return s, s.Stop, nil
}

// choosePorts picks the server's ports: o.TemporalPort for the frontend
// when set, else the ports of the last start on this Dir while they are
// free (a server that comes back on the same addresses is the same cluster
// member to the membership rows it left in the database, so it serves at
// once instead of waiting for them to expire), else free ones. It saves
// them in Dir/ports.json.
func (s *TemporalServer) choosePorts() error {
	if err := os.MkdirAll(s.o.Dir, 0o755); err != nil {
		return fmt.Errorf("start temporal server: %w", err)
	}
	path := filepath.Join(s.o.Dir, "ports.json")
	var last serverPorts
	if b, err := os.ReadFile(path); err == nil {
		_ = json.Unmarshal(b, &last)
	}
	pick := func(dst *int, prev int) error {
		if prev > 0 && prev < 32768 && PortFree(prev) {
			*dst = prev
			return nil
		}
		p, err := lowFreePort()
		*dst = p
		return err
	}
	pairs := []struct {
		dst  *int
		prev int
	}{
		{&s.ports.FrontendHTTP, last.FrontendHTTP}, {&s.ports.FrontendMembership, last.FrontendMembership},
		{&s.ports.History, last.History}, {&s.ports.HistoryMembership, last.HistoryMembership},
		{&s.ports.Matching, last.Matching}, {&s.ports.MatchingMembership, last.MatchingMembership},
		{&s.ports.Worker, last.Worker}, {&s.ports.WorkerMembership, last.WorkerMembership},
	}
	if s.o.TemporalPort != 0 {
		s.ports.Frontend = s.o.TemporalPort
	} else {
		pairs = append(pairs, struct {
			dst  *int
			prev int
		}{&s.ports.Frontend, last.Frontend})
	}
	for _, p := range pairs {
		if err := pick(p.dst, p.prev); err != nil {
			return err
		}
	}
	b, _ := json.Marshal(s.ports)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("start temporal server: %w", err)
	}
	return nil
}

// lowFreePort returns a free port on 127.0.0.1 below 32768: the server
// records its services' ports in PostgreSQL as smallint
// (cluster_membership.rpc_port), and Linux hands out ephemeral ports from
// 32768 up.
func lowFreePort() (int, error) {
	for range 200 {
		port := 20000 + mathrand.IntN(12000)
		if PortFree(port) {
			return port, nil
		}
	}
	return 0, errors.New("find a free port between 20000 and 32000: none found in 200 tries")
}

// setupSchema creates the server's databases and brings their schemas to
// the pinned server's version.
func setupSchema(ctx context.Context, o Options, tool string, pg *Postgres) error {
	for _, db := range serverDatabases {
		exists, err := pg.databaseExists(ctx, db.name)
		if err != nil {
			return err
		}
		steps := [][]string{
			{"setup-schema", "-v", "0.0"},
			{"update-schema", "--schema-name", db.schema},
		}
		if !exists {
			o.logf("stack: creating database %s with temporal-sql-tool", db.name)
			steps = append([][]string{{"create-database"}}, steps...)
		}
		for _, step := range steps {
			args := append([]string{"--plugin", "postgres12", "--endpoint", pg.Host, "--port", strconv.Itoa(pg.Port),
				"--user", pg.User, "--database", db.name}, step...)
			cmd := exec.CommandContext(ctx, tool, args...)
			// The password goes through the environment, not argv.
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "SQL_PASSWORD=" + pg.Password}
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("temporal-sql-tool %s on database %s: %w\n%s", strings.Join(step, " "), db.name, err, out)
			}
		}
	}
	return nil
}

// databaseExists reports whether PostgreSQL has a database called name.
func (p *Postgres) databaseExists(ctx context.Context, name string) (bool, error) {
	cmd := p.command(ctx, "psql", "-X", "-A", "-t", "-U", "postgres", "-d", "postgres", "-v", "name="+name,
		"-f", "-")
	cmd.Stdin = strings.NewReader("SELECT count(*) FROM pg_database WHERE datname = :'name';\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return false, fmt.Errorf("look up database %s: %w\n%s", name, err, out)
	}
	return strings.TrimSpace(string(out)) == "1", nil
}

// serverConfig is the server's static config: Postgres for both stores,
// every service on loopback, no archival, the dynamic config beside it.
var serverConfig = template.Must(template.New("temporal.yaml").Parse(`# Written by durable-analyst's internal/devstack at every start; edits are lost.
log:
  stdout: true
  level: warn
  format: console
persistence:
  defaultStore: default
  visibilityStore: visibility
  # Fixed for the life of a cluster: it cannot change once data exists.
  numHistoryShards: 4
  datastores:
{{- range $store, $db := .Databases }}
    {{ $store }}:
      sql:
        pluginName: postgres12
        databaseName: {{ $db }}
        connectAddr: "{{ $.Postgres.Addr }}"
        connectProtocol: tcp
        user: {{ $.Postgres.User }}
        password: "{{ $.Postgres.Password }}"
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: 1h
{{- end }}
global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: 127.0.0.1
services:
  frontend:
    rpc: {grpcPort: {{ .Ports.Frontend }}, httpPort: {{ .Ports.FrontendHTTP }}, membershipPort: {{ .Ports.FrontendMembership }}, bindOnIP: 127.0.0.1}
  history:
    rpc: {grpcPort: {{ .Ports.History }}, membershipPort: {{ .Ports.HistoryMembership }}, bindOnIP: 127.0.0.1}
  matching:
    rpc: {grpcPort: {{ .Ports.Matching }}, membershipPort: {{ .Ports.MatchingMembership }}, bindOnIP: 127.0.0.1}
  worker:
    rpc: {grpcPort: {{ .Ports.Worker }}, membershipPort: {{ .Ports.WorkerMembership }}, bindOnIP: 127.0.0.1}
clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: "127.0.0.1:{{ .Ports.Frontend }}"
dcRedirectionPolicy:
  policy: noop
dynamicConfigClient:
  filepath: "{{ .DynamicConfig }}"
  pollInterval: 10s
`))

// DynamicConfigFile is the server's dynamic config, shared with the
// docker-compose cluster profile: it turns on what the project uses.
const DynamicConfigFile = "tools/cluster/dynamicconfig.yaml"

// writeConfig writes temporal.yaml (mode 0600: it holds the database
// password) and dynamicconfig.yaml into the config directory.
func (s *TemporalServer) writeConfig() error {
	if err := os.MkdirAll(s.o.Dir, 0o755); err != nil {
		return fmt.Errorf("start temporal server: %w", err)
	}
	root, err := RepoRoot()
	if err != nil {
		return fmt.Errorf("start temporal server: %w", err)
	}
	dc := filepath.Join(root, DynamicConfigFile)
	if _, err := os.Stat(dc); err != nil {
		return fmt.Errorf("start temporal server: dynamic config: %w", err)
	}
	var b bytes.Buffer
	if err := serverConfig.Execute(&b, map[string]any{
		"Databases":     map[string]string{"default": serverDatabases[0].name, "visibility": serverDatabases[1].name},
		"Postgres":      s.o.Postgres,
		"Ports":         s.ports,
		"DynamicConfig": dc,
	}); err != nil {
		return fmt.Errorf("start temporal server: config: %w", err)
	}
	if err := os.WriteFile(s.config, b.Bytes(), 0o600); err != nil {
		return fmt.Errorf("start temporal server: %w", err)
	}
	return nil
}

// Restart starts the server after Stop or Kill, with the same ports and
// config; it returns once the frontend answers health checks. It is a no-op
// while the server runs.
func (s *TemporalServer) Restart(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc.running() {
		return nil
	}
	p, err := StartProcess(ProcessConfig{
		Name: "temporal-server", Path: s.bin,
		Args: []string{"--config-file", s.config, "--allow-no-auth", "start"},
		Env:  []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")},
		Dir:  s.o.Dir, LogDir: s.o.LogDir,
	})
	if err != nil {
		return fmt.Errorf("start temporal server: %w", err)
	}
	s.proc = p
	wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	c, err := s.dial(wctx)
	if err != nil {
		p.Stop(5 * time.Second)
		return fmt.Errorf("start temporal server: %w\n%s", err, p.Output())
	}
	defer c.Close()
	for {
		_, err := c.CheckHealth(wctx, &client.CheckHealthRequest{})
		if err == nil {
			return nil
		}
		select {
		case <-p.Done():
			return fmt.Errorf("start temporal server: it exited: %v\n%s", p.Err(), p.Output())
		case <-wctx.Done():
			p.Stop(5 * time.Second)
			return fmt.Errorf("start temporal server on %s: not healthy after 2 minutes: %v\n%s", s.Address, err, p.Output())
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// Stop stops the server gracefully (SIGTERM, then SIGKILL after 30s).
func (s *TemporalServer) Stop() error {
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if p == nil {
		return nil
	}
	return p.Stop(30 * time.Second)
}

// Kill kills the server with SIGKILL, as a crash would, and waits for it to
// be gone.
func (s *TemporalServer) Kill() {
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if p == nil {
		return
	}
	_ = syscall.Kill(-p.Pid(), syscall.SIGKILL)
	<-p.Done()
}

// Pid returns the server's process id, 0 before it starts.
func (s *TemporalServer) Pid() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == nil {
		return 0
	}
	return s.proc.Pid()
}

// Output returns the server's recent output.
func (s *TemporalServer) Output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == nil {
		return ""
	}
	return s.proc.Output()
}

// dial connects a quiet client; it does not wait for the server.
func (s *TemporalServer) dial(ctx context.Context) (client.Client, error) {
	return client.NewLazyClient(client.Options{
		HostPort: s.Address, Namespace: s.Namespace,
		Logger: tlog.NewStructuredLogger(slog.New(slog.DiscardHandler)),
	})
}

// ensureNamespaceAndSearchAttributes runs ensureNamespace and
// ensureSearchAttributes on one client.
func (s *TemporalServer) ensureNamespaceAndSearchAttributes(ctx context.Context) error {
	c, err := s.dial(ctx)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := s.ensureNamespace(ctx, c); err != nil {
		return err
	}
	return s.ensureSearchAttributes(ctx, c)
}

// ensureNamespace registers the namespace unless it exists, then waits
// until the frontend serves it (namespaces reach its cache a little later).
func (s *TemporalServer) ensureNamespace(ctx context.Context, c client.Client) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	svc := c.WorkflowService()
	_, err := svc.DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: s.Namespace})
	var nf *serviceerror.NamespaceNotFound
	if errors.As(err, &nf) {
		s.o.logf("stack: registering namespace %s (retention %s)", s.Namespace, s.o.Retention)
		_, err = svc.RegisterNamespace(ctx, &workflowservice.RegisterNamespaceRequest{
			Namespace:                        s.Namespace,
			WorkflowExecutionRetentionPeriod: durationpb.New(s.o.Retention),
		})
		var exists *serviceerror.NamespaceAlreadyExists
		if errors.As(err, &exists) {
			err = nil
		}
	}
	if err != nil {
		return fmt.Errorf("namespace %s: %w", s.Namespace, err)
	}
	for {
		_, err := svc.ListWorkflowExecutions(ctx, &workflowservice.ListWorkflowExecutionsRequest{Namespace: s.Namespace, PageSize: 1})
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("namespace %s is not served after registering it: %w", s.Namespace, err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// ensureSearchAttributes registers Options.SearchAttributes in the
// namespace; kept in the database, they are there after a restart.
func (s *TemporalServer) ensureSearchAttributes(ctx context.Context, c client.Client) error {
	if len(s.o.SearchAttributes) == 0 {
		return nil
	}
	if err := RegisterSearchAttributes(ctx, c, s.Namespace, s.o.SearchAttributes); err != nil {
		return err
	}
	s.o.logf("stack: search attributes of namespace %s registered", s.Namespace)
	return nil
}

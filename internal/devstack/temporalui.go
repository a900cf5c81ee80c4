package devstack

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// StartTemporalUI starts the Temporal Web UI server (temporalio/ui-server,
// the same version the pinned CLI embeds, built as a binary of its own) on
// 127.0.0.1:o.TemporalUIPort for the server at t, decoding payloads through
// o.UICodecEndpoint when set. The pinned CLI's UI serves only the dev server
// it starts, so a real server needs this one. It sets t.UIAddress; the
// returned func stops the UI. dir receives its config.
func StartTemporalUI(ctx context.Context, o Options, t *Temporal, dir string) (func() error, error) {
	bin, err := Binary(ctx, o, "temporal-ui-server")
	if err != nil {
		return nil, err
	}
	port, err := portOrFree(o.TemporalUIPort)
	if err != nil {
		return nil, err
	}
	cfgDir := filepath.Join(dir, "ui")
	if err := os.MkdirAll(cfgDir, 0o755); err != nil {
		return nil, fmt.Errorf("start temporal ui: %w", err)
	}
	// As the CLI configures its embedded UI: loopback, an insecure CSRF
	// cookie (plain http), the codec server when there is one.
	cfg := fmt.Sprintf(`# Written by durable-analyst's internal/devstack at every start; edits are lost.
temporalGrpcAddress: %q
host: 127.0.0.1
port: %d
enableUi: true
defaultNamespace: %q
hideLogs: true
notifyOnNewVersion: false
cors:
  cookieInsecure: true
codec:
  endpoint: %q
`, t.Address, port, t.Namespace, o.UICodecEndpoint)
	// 0600: the codec endpoint may carry the codec server's token.
	cfgFile := filepath.Join(cfgDir, "cluster.yaml")
	if err := os.WriteFile(cfgFile, []byte(cfg), 0o600); err != nil {
		return nil, fmt.Errorf("start temporal ui: %w", err)
	}
	if err := os.Chmod(cfgFile, 0o600); err != nil { // WriteFile keeps an older file's mode
		return nil, fmt.Errorf("start temporal ui: %w", err)
	}
	p, err := StartProcess(ProcessConfig{
		Name: "temporal-ui", Path: bin,
		Args: []string{"--root", dir, "--config", "ui", "--env", "cluster", "start"},
		Env:  []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")},
		Dir:  dir, LogDir: o.LogDir,
	})
	if err != nil {
		return nil, fmt.Errorf("start temporal ui: %w", err)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := waitTCP(wctx, addr, p.Done()); err != nil {
		p.Stop(time.Second)
		return nil, fmt.Errorf("start temporal ui: %w\n%s", err, p.Output())
	}
	t.UIAddress = "http://" + addr
	o.logf("stack: Temporal UI at %s", t.UIAddress)
	return func() error { return p.Stop(5 * time.Second) }, nil
}

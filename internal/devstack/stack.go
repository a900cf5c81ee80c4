package devstack

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
)

// ModulePath is the path of the main module, used to recognise the repository root.
const ModulePath = "github.com/durable-analyst/durable-analyst"

// Options configures the servers started by StartTemporal and StartS3.
// The zero value is usable.
type Options struct {
	// BinDir holds the tool binaries; default <repo root>/.bin. A missing
	// binary is built there from the tools module.
	BinDir string
	// TemporalPort is the frontend (gRPC) port; 0 picks a free port.
	TemporalPort int
	// TemporalUIPort is the Web UI port; 0 disables the UI.
	TemporalUIPort int
	// S3Port is the S3 port; 0 picks a free port.
	S3Port int
	// S3Bucket is the bucket created in the S3 server; default DefaultBucket.
	S3Bucket string
	// LogDir, when set, receives <server>.log with each server's output;
	// otherwise the output is kept in memory and shown only when a server fails.
	LogDir string
	// Logf receives progress lines (a build, a start); nil means silent.
	Logf func(format string, args ...any)
	// UICodecEndpoint, with the UI on, is the codec server the UI decodes
	// payloads through (--ui-codec-endpoint), e.g. http://127.0.0.1:8234.
	UICodecEndpoint string
	// TemporalDynamicConfig sets dynamic config values of the dev server
	// (--dynamic-config-value KEY=VALUE) over DevDynamicConfig, e.g.
	// "system.enableActivityEagerExecution": "false".
	TemporalDynamicConfig map[string]string
	// TemporalDBFile, when set, is the dev server's SQLite file
	// (--db-filename): workflows, histories and namespace settings survive
	// a restart of the server. Empty: an in-memory database.
	TemporalDBFile string
	// S3Dir, when set, holds the S3 server's objects and is kept when it
	// stops (make cluster); otherwise they live in a temporary directory
	// that is removed.
	S3Dir string
	// SearchAttributes are registered in the namespace at start (the dev
	// server's --search-attribute; on the Postgres-backed server, added
	// unless there). Empty: none.
	SearchAttributes []temporal.SearchAttributeKey
}

// DefaultBucket is the bucket StartS3 creates when Options.S3Bucket is empty.
const DefaultBucket = "durable-analyst"

func (o Options) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

// RepoRoot returns the root of the durable-analyst repository: the nearest
// directory, from the working directory up, whose go.mod declares ModulePath.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find repo root: %w", err)
	}
	for {
		if modulePath(filepath.Join(dir, "go.mod")) == ModulePath {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("find repo root: no go.mod for module %s above the working directory", ModulePath)
		}
		dir = parent
	}
}

// modulePath returns the module path declared in the go.mod file at path, or "".
func modulePath(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// FreePort returns a TCP port on 127.0.0.1 that nothing listens on.
//
// The port is left in TIME_WAIT by a connection closed from the listening
// side, so that Linux does not hand it out again for ":0" binds for a while,
// while an explicit bind (with SO_REUSEADDR, as Go does) still succeeds.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	addr := l.Addr().(*net.TCPAddr)
	c, err := net.DialTCP("tcp", nil, addr)
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer c.Close()
	s, err := l.Accept()
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	s.Close()
	return addr.Port, nil
}

// portOrFree returns port if it is not 0, else a free port.
func portOrFree(port int) (int, error) {
	if port != 0 {
		return port, nil
	}
	return FreePort()
}

// PortFree reports whether port can be bound on 127.0.0.1 right now.
func PortFree(port int) bool {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

// WaitTCP waits until addr accepts TCP connections or ctx is done.
func WaitTCP(ctx context.Context, addr string) error {
	return waitTCP(ctx, addr, nil)
}

// waitTCP is WaitTCP that also gives up when exited is closed (the server died).
func waitTCP(ctx context.Context, addr string, exited <-chan struct{}) error {
	var d net.Dialer
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		dctx, cancel := context.WithTimeout(ctx, time.Second)
		c, err := d.DialContext(dctx, "tcp", addr)
		cancel()
		if err == nil {
			c.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("wait for %s: %w (last error: %v)", addr, ctx.Err(), err)
		case <-exited:
			return fmt.Errorf("wait for %s: server exited", addr)
		case <-tick.C:
		}
	}
}

// binDir returns o.BinDir or <repo root>/.bin.
func (o Options) binDir() (string, error) {
	if o.BinDir != "" {
		return o.BinDir, nil
	}
	root, err := RepoRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, ".bin"), nil
}

// Binary returns the path of a pinned tool ("temporal", "versitygw",
// "workflowcheck") in the bin directory, building it first if it is missing.
func Binary(ctx context.Context, o Options, name string) (string, error) {
	dir, err := o.binDir()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	root, err := RepoRoot()
	if err != nil {
		return "", fmt.Errorf("build %s: %w", name, err)
	}
	o.logf("stack: %s is not in %s; building it with tools/build.sh (make tools / make cluster-tools; on a cold cache the Temporal CLI takes ~5 min, the Temporal server ~8-13 min)", name, dir)
	start := time.Now()
	cmd := exec.CommandContext(ctx, "bash", filepath.Join(root, "tools", "build.sh"), dir, name)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("build %s with tools/build.sh: %w\n%s", name, err, out)
	}
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("build %s: tools/build.sh succeeded but %s is missing", name, path)
	}
	o.logf("stack: built %s in %s", name, time.Since(start).Round(time.Second))
	return path, nil
}

// errStopped is returned by Process.Err when the process was stopped on purpose.
var errStopped = errors.New("stopped")

package devstack

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/testsuite"
)

// Temporal is a running Temporal dev server.
type Temporal struct {
	Address   string // frontend host:port
	Namespace string
	UIAddress string // http://host:port of the Web UI, "" without UI
}

// Env returns the environment variables that point the worker and the
// starter at this server: a plain connection, whatever the user's temporal
// CLI profile (TEMPORAL_CONFIG_FILE, TEMPORAL_PROFILE) or shell says about
// API keys and TLS.
func (t *Temporal) Env() []string {
	return []string{"TEMPORAL_ADDRESS=" + t.Address, "TEMPORAL_NAMESPACE=" + t.Namespace,
		"TEMPORAL_CONFIG_FILE=" + os.DevNull, "TEMPORAL_PROFILE=", "TEMPORAL_API_KEY=", "TEMPORAL_TLS=false"}
}

// DevDynamicConfig is the dev server's dynamic config unless Options say
// otherwise; tools/cluster/dynamicconfig.yaml sets the same for make
// cluster.
//   - Eager activity execution: a worker that completes a workflow task
//     runs the activity it schedules (when it has a free slot) without a
//     trip through the task queue; an analysis given its sandbox turn
//     starts its create at once (P9 measured the hop at 9-55% of the time
//     a slot was free while an analysis waited).
//   - Updates in flight per workflow: 1,000 instead of 10, so that a burst
//     of analyses joins the sandbox line at once instead of in tens, each
//     refused join waiting out the SDK's backoff (P9: the first sandboxes
//     of a burst of 120 took up to 7 s to be asked for).
var DevDynamicConfig = map[string]string{
	"system.enableActivityEagerExecution": "true",
	"history.maxInFlightUpdates":          "1000",
}

// StartTemporal starts the dev server of the pinned Temporal CLI on
// 127.0.0.1 with the "default" namespace and an in-memory database, or
// the SQLite file o.TemporalDBFile. The returned func stops it.
func StartTemporal(ctx context.Context, o Options) (*Temporal, func() error, error) {
	bin, err := Binary(ctx, o, "temporal")
	if err != nil {
		return nil, nil, err
	}
	port, err := portOrFree(o.TemporalPort)
	if err != nil {
		return nil, nil, err
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	t := &Temporal{Address: addr, Namespace: "default"}

	recent, out, closeOutput, err := openOutput("temporal", o.LogDir, false)
	if err != nil {
		return nil, nil, fmt.Errorf("start temporal: %w", err)
	}
	exe, removeWrapper, err := dieWithParent(bin)
	if err != nil {
		closeOutput()
		return nil, nil, fmt.Errorf("start temporal: %w", err)
	}
	// closeLog releases what the server no longer needs once it has exited.
	closeLog := func() {
		removeWrapper()
		closeOutput()
	}
	opts := testsuite.DevServerOptions{
		ExistingPath: exe,
		ClientOptions: &client.Options{
			HostPort:  addr,
			Namespace: t.Namespace,
			Logger:    tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))),
		},
		DBFilename: o.TemporalDBFile,
		LogLevel:   "warn",
		LogFormat:  "pretty",
		Stdout:     out,
		Stderr:     out,
	}
	if o.TemporalUIPort != 0 {
		opts.EnableUI = true
		opts.UIPort = strconv.Itoa(o.TemporalUIPort)
		opts.ExtraArgs = []string{"--ui-ip", "127.0.0.1"}
		if o.UICodecEndpoint != "" {
			opts.ExtraArgs = append(opts.ExtraArgs, "--ui-codec-endpoint", o.UICodecEndpoint)
		}
		t.UIAddress = "http://" + net.JoinHostPort("127.0.0.1", opts.UIPort)
	}
	dc := maps.Clone(DevDynamicConfig)
	maps.Copy(dc, o.TemporalDynamicConfig)
	for _, k := range slices.Sorted(maps.Keys(dc)) {
		opts.ExtraArgs = append(opts.ExtraArgs, "--dynamic-config-value", k+"="+dc[k])
	}
	opts.ExtraArgs = append(opts.ExtraArgs, searchAttributeArgs(o.SearchAttributes)...)
	// StartDevServer waits up to a minute for the frontend; bound it anyway.
	sctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	srv, err := testsuite.StartDevServer(sctx, opts)
	if err != nil {
		closeLog()
		return nil, nil, fmt.Errorf("start temporal dev server on %s: %w\n%s", addr, err, recent)
	}
	stop := func() error {
		defer closeLog()
		srv.Client().Close()
		done := make(chan error, 1)
		go func() { done <- srv.Stop() }()
		select {
		case err := <-done:
			// The server may have exited already: killed, or hit by a
			// terminal's Ctrl-C where setsid is missing.
			if err != nil && !isInterruptExit(err) && !errors.Is(err, os.ErrProcessDone) {
				return fmt.Errorf("stop temporal dev server: %w", err)
			}
			return nil
		case <-time.After(30 * time.Second):
			return fmt.Errorf("stop temporal dev server: still running after 30s")
		}
	}
	if o.TemporalDBFile != "" {
		o.logf("stack: Temporal dev server at %s (namespace %s, state in %s)", addr, t.Namespace, o.TemporalDBFile)
	} else {
		o.logf("stack: Temporal dev server at %s (namespace %s)", addr, t.Namespace)
	}
	return t, stop, nil
}

// isInterruptExit reports whether err is the exit of a process that was
// ended by the SIGINT that DevServer.Stop sends.
func isInterruptExit(err error) bool {
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		return false
	}
	ws, ok := exitErr.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGINT
}

// dieWithParent returns an executable that runs bin so that the kernel kills
// it when this process dies, in a session of its own: testsuite.StartDevServer
// gives no access to the process it starts, so without this a crashed or
// timed-out test would leave a dev server behind, and a Ctrl-C in a terminal
// would stop the server before the worker that uses it. It wraps bin with
// setsid(1) and setpriv(1) where they exist (Linux, util-linux), and returns
// bin itself elsewhere. cleanup removes the wrapper.
func dieWithParent(bin string) (exe string, cleanup func(), err error) {
	setsid, err1 := exec.LookPath("setsid")
	setpriv, err2 := exec.LookPath("setpriv")
	if err1 != nil || err2 != nil {
		return bin, func() {}, nil
	}
	dir, err := os.MkdirTemp("", "durable-analyst-temporal-*")
	if err != nil {
		return "", nil, err
	}
	// The shell is not a process group leader, so setsid execs in place and
	// the pid StartDevServer signals stays the server's.
	script := fmt.Sprintf("#!/bin/sh\nexec %s %s --pdeathsig KILL -- %s \"$@\"\n",
		shellQuote(setsid), shellQuote(setpriv), shellQuote(bin))
	exe = filepath.Join(dir, "temporal")
	if err := writeExecutable(exe, []byte(script)); err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	return exe, func() { os.RemoveAll(dir) }, nil
}

// writeExecutable writes an executable file while no other goroutine of this
// process can fork. A child forked while the file is open for writing holds
// that descriptor until it execs, and exec of the file fails with "text file
// busy" (ETXTBSY) in the meantime; tests start several servers at once, so
// this happened. os/exec forks under syscall.ForkLock's read lock, so holding
// the write lock from open to close keeps every fork out of that window.
func writeExecutable(path string, data []byte) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

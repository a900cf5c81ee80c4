package e2blocal_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/internal/latency"
)

// TestFakeKernelEmulatesTheJournal drives the fake kernel the way the
// worker's journal code does: a journaled cell before the bootstrap fails
// with NameError, the bootstrap installs the journal, the cell then runs and
// is journaled, and its retry gets DurableCellDone and the journal file.
// serveClient serves srv behind httptest (both closed at the end of the
// test) and returns an E2B client for it.
func serveClient(t *testing.T, srv *e2blocal.Server) *e2b.Client {
	t.Helper()
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); _ = srv.Close() })
	c, err := e2b.NewClient(e2b.WithAPIKey("k"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestFakeKernelEmulatesTheJournal(t *testing.T) {
	srv, err := e2blocal.New(e2blocal.Config{Python: "/nonexistent/python", Logger: slog.New(slog.DiscardHandler),
		Fake: &e2blocal.FakeKernel{Latency: latency.Fixed(10 * time.Millisecond), StdoutBytes: 2500, PNGs: 1}})
	if err != nil {
		t.Fatalf("New with a fake kernel must not need Python: %v", err)
	}
	c := serveClient(t, srv)
	ctx := context.Background()
	sb, err := c.Create(ctx, e2b.CreateParams{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	run := func(code string) *e2b.Execution {
		t.Helper()
		exec, err := sb.RunCode(ctx, code, nil)
		if err != nil {
			t.Fatalf("RunCode(%.40q): %v", code, err)
		}
		return exec
	}
	cell := "__da_begin(\"cabc123\", 600)\n# e2blocal-fake: stdout=1500 pngs=2\nprint('x')"

	exec := run(cell)
	if exec.Error == nil || exec.Error.Name != "NameError" || !strings.Contains(exec.Error.Value, "'__da_begin'") {
		t.Fatalf("cell before the bootstrap: got error %+v, want NameError about '__da_begin'", exec.Error)
	}
	if exec = run(`if "__da_begin" not in globals(): exec("...")`); exec.Error != nil {
		t.Fatalf("bootstrap: got error %+v, want none", exec.Error)
	}
	exec = run(cell)
	if exec.Error != nil {
		t.Fatalf("journaled cell: got error %+v", exec.Error)
	}
	if got := len(strings.Join(exec.Logs.Stdout, "")); got != 1500 {
		t.Errorf("stdout: got %d bytes, want 1500 (the directive's)", got)
	}
	pngs := 0
	for _, r := range exec.Results {
		if r.PNG != "" {
			pngs++
		}
	}
	if pngs != 2 {
		t.Errorf("got %d PNG results, want 2", pngs)
	}
	if exec = run(cell); exec.Error == nil || exec.Error.Name != "DurableCellDone" {
		t.Fatalf("retried cell: got error %+v, want DurableCellDone", exec.Error)
	}
	b, err := sb.Files().Read(ctx, "/home/user/.durable/cells/cabc123.done.json")
	if err != nil {
		t.Fatalf("read the journal entry: %v", err)
	}
	var rec struct {
		Stdout  string            `json:"stdout"`
		Results []json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(b, &rec); err != nil || len(rec.Stdout) != 1500 || len(rec.Results) != 2 {
		t.Errorf("journal entry: got %d stdout bytes and %d results (err %v), want 1500 and 2", len(rec.Stdout), len(rec.Results), err)
	}
	if _, err := sb.Files().Read(ctx, "/home/user/.durable/cells/cabc123.meta.json"); err != nil {
		t.Errorf("meta file: %v", err)
	}
	if exec = run("print(1)\n# e2blocal-fake: color=red"); exec.Error == nil || !strings.Contains(exec.Error.Value, "unknown key") {
		t.Errorf("bad directive: got error %+v, want one naming the unknown key", exec.Error)
	}
	if exec = run("print(1)"); exec.Error != nil || len(strings.Join(exec.Logs.Stdout, "")) != 2500 {
		t.Errorf("plain cell: got error %+v and %d stdout bytes, want none and the server's 2500", exec.Error, len(strings.Join(exec.Logs.Stdout, "")))
	}
}

// A fake kernel starts no Python: not for a cell, and not to warm a new
// sandbox's kernel (that cost Python processes per sandbox in the benchmarks
// that the fake kernel exists to avoid). The "interpreter" here is a script
// that leaves a mark when it runs.
func TestFakeKernelStartsNoPython(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "started")
	python := filepath.Join(dir, "python3")
	if err := os.WriteFile(python, []byte("#!/bin/sh\ntouch "+mark+"\nsleep 5\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	srv, err := e2blocal.New(e2blocal.Config{Python: python, Isolation: "none", Logger: slog.New(slog.DiscardHandler),
		Fake: &e2blocal.FakeKernel{Latency: latency.Fixed(50 * time.Millisecond)}})
	if err != nil {
		t.Fatal(err)
	}
	c := serveClient(t, srv)
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		sb, err := c.Create(ctx, e2b.CreateParams{Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sb.RunCode(ctx, "print(1)", nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(mark); err == nil {
		t.Fatal("the fake kernel started the Python interpreter; want no Python process at all")
	}
}

// TestFakeKernelLongCellSendsHeadersFirst: a cell longer than the client's
// wait for response headers still completes, as on a real kernel, which
// answers at once and streams the cell's lines as they come.
func TestFakeKernelLongCellSendsHeadersFirst(t *testing.T) {
	srv, err := e2blocal.New(e2blocal.Config{Logger: slog.New(slog.DiscardHandler),
		Fake: &e2blocal.FakeKernel{Latency: latency.Fixed(600 * time.Millisecond)}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); _ = srv.Close() })
	c, err := e2b.NewClient(e2b.WithAPIKey("k"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL),
		e2b.WithRequestTimeout(200*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sb, err := c.Create(ctx, e2b.CreateParams{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	exec, err := sb.RunCode(ctx, "print(1)", nil)
	if err != nil {
		t.Fatalf("got %v, want the 600 ms cell to finish despite a 200 ms wait for headers", err)
	}
	if exec.Error != nil {
		t.Fatalf("got error %s: %s, want none", exec.Error.Name, exec.Error.Value)
	}
}

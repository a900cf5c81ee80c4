package e2b

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// TestEnvdCodecsAgainstLocalServer drives the envd services (files, watch,
// commands) against e2blocal in both Connect codecs: JSON, what the
// official SDKs send, and binary protobuf. The content types seen by the
// server prove which codec went over the wire.
func TestEnvdCodecsAgainstLocalServer(t *testing.T) {
	for _, tc := range []struct {
		name        string
		binary      bool
		unary, strm string
	}{
		{"json", false, "application/json", "application/connect+json"},
		{"binary", true, "application/proto", "application/connect+proto"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			seen := map[string]string{} // RPC path -> content type
			c := localEnvdClient(t, e2blocal.Config{Logger: slog.New(slog.NewTextHandler(t.Output(), nil))}, tc.binary,
				func(h http.Handler) http.Handler {
					return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
						if strings.HasPrefix(r.URL.Path, "/process.") || strings.HasPrefix(r.URL.Path, "/filesystem.") {
							mu.Lock()
							seen[r.URL.Path] = r.Header.Get("Content-Type")
							mu.Unlock()
						}
						h.ServeHTTP(w, r)
					})
				})
			ctx := t.Context()
			sb, err := c.Create(ctx, CreateParams{Template: "base", Timeout: time.Minute})
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			t.Cleanup(func() { _, _ = c.Kill(context.WithoutCancel(ctx), sb.ID) })
			checkEnvdFiles(t, sb)
			checkEnvdCommands(t, sb)

			mu.Lock()
			defer mu.Unlock()
			for path, ct := range seen {
				want := tc.unary
				if strings.HasSuffix(path, "/Start") || strings.HasSuffix(path, "/Connect") || strings.HasSuffix(path, "/WatchDir") {
					want = tc.strm
				}
				if ct != want {
					t.Errorf("%s: got Content-Type %q, want %q", path, ct, want)
				}
			}
			if len(seen) != 12 {
				t.Errorf("got %d distinct RPCs (%v), want the 12 this test makes", len(seen), seen)
			}
		})
	}
}

func checkEnvdFiles(t *testing.T, sb *Sandbox) {
	ctx := t.Context()
	fs := sb.Files()
	if ok, err := fs.MakeDir(ctx, "/home/user/d/e"); !ok || err != nil {
		t.Fatalf("MakeDir: got %v, %v; want true", ok, err)
	}
	if ok, err := fs.MakeDir(ctx, "/home/user/d/e"); ok || err != nil {
		t.Errorf("MakeDir existing: got %v, %v; want false, nil", ok, err)
	}
	events := make(chan FilesystemEvent, 16)
	w, err := fs.WatchDir(ctx, "/home/user/d", &WatchOptions{OnEvent: func(ev FilesystemEvent) { events <- ev }, IncludeEntry: true})
	if err != nil {
		t.Fatalf("WatchDir: %v", err)
	}
	if _, err := fs.Write(ctx, "/home/user/d/a.txt", []byte("hello")); err != nil {
		t.Fatalf("Write: %v", err)
	}
	select {
	case ev := <-events:
		if ev.Name != "a.txt" || ev.Type != EventCreate || ev.Entry == nil || ev.Entry.Type != FileTypeFile {
			t.Errorf("watch event: got %+v, want create of a.txt with its entry", ev)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("no watch event within 10 s of the write")
	}
	w.Stop()
	if err := w.Wait(); err != nil {
		t.Errorf("watch Wait after Stop: %v", err)
	}
	info, err := fs.GetInfo(ctx, "/home/user/d/a.txt")
	if err != nil || info.Size != 5 || info.Type != FileTypeFile || info.ModifiedTime.IsZero() || info.Permissions == "" {
		t.Errorf("GetInfo: got %+v, %v; want a 5-byte file with a time and permissions", info, err)
	}
	if moved, err := fs.Rename(ctx, "/home/user/d/a.txt", "/home/user/d/e/b.txt"); err != nil || moved.Path != "/home/user/d/e/b.txt" {
		t.Errorf("Rename: got %+v, %v", moved, err)
	}
	entries, err := fs.List(ctx, "/home/user/d", 2)
	var names []string
	for _, e := range entries {
		names = append(names, e.Path)
	}
	if err != nil || !slices.Equal(names, []string{"/home/user/d/e", "/home/user/d/e/b.txt"}) {
		t.Errorf("List: got %v, %v; want the dir and the moved file", names, err)
	}
	if _, err := fs.GetInfo(ctx, "/home/user/missing"); !IsNotFound(err) {
		t.Errorf("GetInfo missing: got %v, want not found", err)
	}
	if err := fs.Remove(ctx, "/home/user/d"); err != nil {
		t.Errorf("Remove: %v", err)
	}
	if ok, err := fs.Exists(ctx, "/home/user/d"); ok || err != nil {
		t.Errorf("Exists after Remove: got %v, %v; want false", ok, err)
	}
}

func checkEnvdCommands(t *testing.T, sb *Sandbox) {
	ctx := t.Context()
	cmds := sb.Commands()
	res, err := cmds.Run(ctx, "echo hello; echo warn >&2", &CommandOptions{Envs: map[string]string{"A": "1"}})
	if err != nil || res.Stdout != "hello\n" || res.Stderr != "warn\n" {
		t.Errorf("Run: got %+v, %v", res, err)
	}
	var exitErr *CommandExitError
	if _, err := cmds.Run(ctx, "exit 3", nil); !errors.As(err, &exitErr) || exitErr.Result.ExitCode != 3 {
		t.Errorf("Run exit 3: got %v, want a CommandExitError with code 3", err)
	}
	h, err := cmds.Start(ctx, "cat", &CommandOptions{Stdin: true, Tag: "cat"})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	ps, err := cmds.List(ctx)
	if err != nil || !slices.ContainsFunc(ps, func(p ProcessInfo) bool { return p.PID == h.PID() && p.Tag == "cat" }) {
		t.Errorf("List: got %+v, %v; want pid %d tagged cat", ps, err, h.PID())
	}
	if err := h.SendStdin(ctx, "piped\n"); err != nil {
		t.Errorf("SendStdin: %v", err)
	}
	if err := h.CloseStdin(ctx); err != nil {
		t.Errorf("CloseStdin: %v", err)
	}
	if res, err := h.Wait(); err != nil || res.Stdout != "piped\n" {
		t.Errorf("cat: got %+v, %v; want stdout piped", res, err)
	}
	h, err = cmds.Start(ctx, "sleep 30", nil)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	attached, err := cmds.Connect(ctx, h.PID())
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	if ok, err := cmds.Kill(ctx, h.PID()); !ok || err != nil {
		t.Errorf("Kill: got %v, %v; want true", ok, err)
	}
	for _, w := range []*CommandHandle{h, attached} {
		if _, err := w.Wait(); !errors.As(err, &exitErr) || exitErr.Result.Error == "" {
			t.Errorf("Wait after Kill: got %v, want a CommandExitError with envd's error", err)
		}
	}
	if ok, err := cmds.Kill(ctx, h.PID()); ok || err != nil {
		t.Errorf("second Kill: got %v, %v; want false, nil", ok, err)
	}
}

// BenchmarkEnvdCommandOutput measures a command's output through envd's
// Start stream from e2blocal, in each codec: 4 MiB of stdout per run (JSON
// carries it base64-encoded, binary as raw bytes).
func BenchmarkEnvdCommandOutput(b *testing.B) {
	const size = 4 << 20
	for _, codec := range []struct {
		name   string
		binary bool
	}{{"json", false}, {"binary", true}} {
		b.Run(codec.name, func(b *testing.B) {
			c := localEnvdClient(b, e2blocal.Config{Isolation: "none", Logger: slog.New(slog.DiscardHandler)}, codec.binary, nil)
			sb, err := c.Create(b.Context(), CreateParams{Template: "base", Timeout: 10 * time.Minute})
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(size)
			for b.Loop() {
				res, err := sb.Commands().Run(b.Context(), "head -c 4194304 /dev/zero | tr '\\0' x", &CommandOptions{MaxOutputBytes: size})
				if err != nil || len(res.Stdout) != size {
					b.Fatalf("got %d bytes, %v; want %d", len(res.Stdout), err, size)
				}
			}
		})
	}
}

// localEnvdClient starts an e2blocal server from cfg (API key "k", the
// system python3) behind httptest, wrapped by wrap when it is not nil, and
// returns a client of it whose envd calls use the binary codec or JSON.
// Both stop when the test ends.
func localEnvdClient(tb testing.TB, cfg e2blocal.Config, binary bool, wrap func(http.Handler) http.Handler) *Client {
	tb.Helper()
	cfg.APIKey, cfg.Python = "k", "/usr/bin/python3"
	srv, err := e2blocal.New(cfg)
	if err != nil {
		tb.Fatalf("e2blocal.New: %v", err)
	}
	h := srv.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	hs := httptest.NewServer(h)
	tb.Cleanup(func() { hs.Close(); _ = srv.Close() })
	c, err := NewClient(WithAPIKey("k"), WithAPIURL(hs.URL), WithSandboxURL(hs.URL), WithDomain("local.invalid"), WithDebug(false))
	if err != nil {
		tb.Fatal(err)
	}
	c.envdBinary = binary
	return c
}

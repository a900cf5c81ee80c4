package e2b_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b"
)

// localSandbox creates a sandbox on an in-process e2blocal server (file and
// watch calls need no IPython).
func localSandbox(t *testing.T) *e2b.Sandbox {
	t.Helper()
	c := localClient(t, "watch")
	sb, err := c.Create(t.Context(), e2b.CreateParams{Template: e2b.CodeInterpreterTemplate, Timeout: time.Minute})
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	return sb
}

// eventLog collects watch events for a test to wait on.
type eventLog struct {
	mu     sync.Mutex
	events []e2b.FilesystemEvent
	seen   int // events already returned by next
}

func (l *eventLog) add(ev e2b.FilesystemEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, ev)
}

// next waits up to 5 s for n events beyond those already returned and
// returns them as "type name" strings; it fails the test if they don't come.
func (l *eventLog) next(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		l.mu.Lock()
		got := l.events[l.seen:]
		if len(got) >= n || time.Now().After(deadline) {
			l.seen = len(l.events)
			out := make([]string, len(got))
			for i, ev := range got {
				out[i] = string(ev.Type) + " " + ev.Name
			}
			l.mu.Unlock()
			if len(out) < n {
				t.Fatalf("got events %q within 5 s, want %d", out, n)
			}
			return out
		}
		l.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
}

// quiet checks that no event arrives for 400 ms (four polls of e2blocal).
func (l *eventLog) quiet(t *testing.T) {
	t.Helper()
	time.Sleep(400 * time.Millisecond)
	l.mu.Lock()
	defer l.mu.Unlock()
	if extra := l.events[l.seen:]; len(extra) > 0 {
		t.Errorf("got unexpected events %+v, want none", extra)
	}
}

func TestWatchDir(t *testing.T) {
	sb := localSandbox(t)
	ctx := t.Context()
	fs := sb.Files()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, content string) {
		t.Helper()
		_, err := fs.Write(ctx, p, []byte(content))
		must(err)
	}
	if _, err := fs.MakeDir(ctx, "/home/user/w"); err != nil {
		t.Fatal(err)
	}
	step := func(t *testing.T, log *eventLog, do func(), want ...string) {
		t.Helper()
		do()
		if got := log.next(t, len(want)); !slices.Equal(got, want) {
			t.Errorf("events: got %q, want %q", got, want)
		}
	}

	t.Run("not recursive", func(t *testing.T) {
		var log eventLog
		h, err := fs.WatchDir(ctx, "/home/user/w", &e2b.WatchOptions{OnEvent: log.add})
		if err != nil {
			t.Fatalf("WatchDir: %v", err)
		}
		step(t, &log, func() { write("/home/user/w/a.txt", "one") }, "create a.txt", "write a.txt")
		step(t, &log, func() { write("/home/user/w/a.txt", "two, longer") }, "write a.txt")
		_, err = fs.Rename(ctx, "/home/user/w/a.txt", "/home/user/w/b.txt")
		step(t, &log, func() { must(err) }, "rename a.txt", "create b.txt")
		step(t, &log, func() { must(fs.Remove(ctx, "/home/user/w/b.txt")) }, "remove b.txt")
		// A file in a new subdirectory: only the directory shows.
		step(t, &log, func() { write("/home/user/w/sub/c.txt", "c") }, "create sub")
		log.quiet(t)
		h.Stop()
		if err := h.Wait(); err != nil {
			t.Errorf("Wait after Stop: got %v, want nil", err)
		}
		write("/home/user/w/after-stop.txt", "x")
		log.quiet(t)
	})

	t.Run("recursive with entries", func(t *testing.T) {
		var log eventLog
		var mu sync.Mutex
		var entry *e2b.EntryInfo
		h, err := fs.WatchDir(ctx, "/home/user/w", &e2b.WatchOptions{Recursive: true, IncludeEntry: true, OnEvent: func(ev e2b.FilesystemEvent) {
			if ev.Type == e2b.EventWrite && ev.Name == "sub/d.txt" {
				mu.Lock()
				entry = ev.Entry
				mu.Unlock()
			}
			log.add(ev)
		}})
		if err != nil {
			t.Fatalf("WatchDir: %v", err)
		}
		defer h.Stop()
		step(t, &log, func() { write("/home/user/w/sub/d.txt", "four") }, "create sub/d.txt", "write sub/d.txt")
		mu.Lock()
		if entry == nil || entry.Path != "/home/user/w/sub/d.txt" || entry.Size != 4 || entry.Type != e2b.FileTypeFile {
			t.Errorf("entry of the write event: got %+v, want file /home/user/w/sub/d.txt of 4 bytes", entry)
		}
		mu.Unlock()
		// Children go before their directory.
		step(t, &log, func() { must(fs.Remove(ctx, "/home/user/w/sub")) }, "remove sub/d.txt", "remove sub/c.txt", "remove sub")
	})

	t.Run("timeout ends the watch", func(t *testing.T) {
		h, err := fs.WatchDir(ctx, "/home/user/w", &e2b.WatchOptions{Timeout: 300 * time.Millisecond})
		if err != nil {
			t.Fatalf("WatchDir: %v", err)
		}
		if err := h.Wait(); !e2b.IsTimeout(err) {
			t.Errorf("Wait: got %v, want a timeout", err)
		}
	})

	t.Run("cancelled context ends the watch", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		h, err := fs.WatchDir(cctx, "/home/user/w", nil)
		if err != nil {
			t.Fatalf("WatchDir: %v", err)
		}
		cancel()
		if err := h.Wait(); !errors.Is(err, context.Canceled) {
			t.Errorf("Wait: got %v, want context.Canceled", err)
		}
	})

	t.Run("killing the sandbox ends the watch", func(t *testing.T) {
		other := localSandbox(t)
		h, err := other.Files().WatchDir(ctx, "/home/user", nil)
		if err != nil {
			t.Fatalf("WatchDir: %v", err)
		}
		if _, err := other.Kill(ctx); err != nil {
			t.Fatalf("Kill: %v", err)
		}
		if err := h.Wait(); !e2b.IsSandboxGone(err) {
			t.Errorf("Wait: got %v, want a sandbox-gone error", err)
		}
	})

	t.Run("errors", func(t *testing.T) {
		write("/home/user/w/file.txt", "f")
		for _, tc := range []struct {
			path string
			kind e2b.ErrorKind
		}{
			{"/home/user/missing", e2b.KindNotFound},
			{"/home/user/w/file.txt", e2b.KindBadRequest},
			{"/etc", e2b.KindAuth},
		} {
			_, err := fs.WatchDir(ctx, tc.path, nil)
			var ae *e2b.APIError
			if !errors.As(err, &ae) || ae.Kind != tc.kind {
				t.Errorf("WatchDir(%s): got %v, want an *APIError of kind %v", tc.path, err, tc.kind)
			}
		}
	})
}

package e2blocal_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestWatchDirStream(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{})

	t.Run("start, keepalive, then the deadline", func(t *testing.T) {
		msgs, end := sb.serverStream(t, wire.ProcedureFilesystemWatchDir, wire.WatchDirRequest{Path: "/home/user"}, "1500")
		var got []string
		for _, m := range msgs {
			got = append(got, string(m))
		}
		want := []string{`{"start":{}}`, `{"keepalive":{}}`}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
			t.Errorf("messages: got %q, want %q", got, want)
		}
		if end.Error == nil || end.Error.Code != wire.CodeDeadlineExceeded {
			t.Errorf("end of stream: got %+v, want deadline_exceeded", end)
		}
	})

	h := sb.header(wire.EnvdPort)
	h["Content-Type"] = "application/octet-stream"
	if resp, b := do(t, "POST", base+"/files?path=/home/user/file.txt", strings.NewReader("x"), h); resp.StatusCode != http.StatusOK {
		t.Fatalf("upload: got %d %s, want 200", resp.StatusCode, b)
	}
	// Errors come in the end-stream message of a 200 answer, as connect-go sends them.
	for _, tc := range []struct{ path, code string }{
		{"/home/user/missing", wire.CodeNotFound},
		{"/etc", wire.CodePermissionDenied},
		{"/home/user/file.txt", wire.CodeInvalidArgument},
	} {
		t.Run(tc.path, func(t *testing.T) {
			msgs, end := sb.serverStream(t, wire.ProcedureFilesystemWatchDir, wire.WatchDirRequest{Path: tc.path}, "")
			if len(msgs) != 0 || end.Error == nil || end.Error.Code != tc.code {
				t.Errorf("got %d messages and end %+v, want none and %s", len(msgs), end, tc.code)
			}
		})
	}
}

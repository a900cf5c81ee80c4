package e2blocal_test

import (
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// watch calls filesystem.Filesystem/WatchDir with a 1 s keepalive and
// returns the messages and the stream's error.
func (sb sandbox) watch(t *testing.T, path, timeoutMs string, opts ...connect.ClientOption) ([]*filesystem.WatchDirResponse, error) {
	t.Helper()
	return receiveAll(streamRequest(&filesystem.WatchDirRequest{Path: path}, timeoutMs), sb.fs(opts...).WatchDir)
}

func TestWatchDirStream(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{})
	h := sb.header(wire.EnvdPort)
	h["Content-Type"] = "application/octet-stream"
	if resp, b := do(t, "POST", base+"/files?path=/home/user/file.txt", strings.NewReader("x"), h); resp.StatusCode != http.StatusOK {
		t.Fatalf("upload: got %d %s, want 200", resp.StatusCode, b)
	}
	for _, codec := range codecs {
		t.Run(codec.name+"/start, keepalive, then the deadline", func(t *testing.T) {
			msgs, err := sb.watch(t, "/home/user", "1500", codec.opts...)
			if len(msgs) != 2 || msgs[0].GetStart() == nil || msgs[1].GetKeepalive() == nil {
				t.Errorf("messages: got %v, want start and keepalive", msgs)
			}
			wantCode(t, "end of stream", err, connect.CodeDeadlineExceeded)
		})
		// Errors come in the end-stream message of a 200 answer, as connect-go sends them.
		for _, tc := range []struct {
			path string
			code connect.Code
		}{
			{"/home/user/missing", connect.CodeNotFound},
			{"/etc", connect.CodePermissionDenied},
			{"/home/user/file.txt", connect.CodeInvalidArgument},
		} {
			t.Run(codec.name+tc.path, func(t *testing.T) {
				msgs, err := sb.watch(t, tc.path, "", codec.opts...)
				if len(msgs) != 0 {
					t.Errorf("got %d messages, want none", len(msgs))
				}
				wantCode(t, "end of stream", err, tc.code)
			})
		}
	}
}

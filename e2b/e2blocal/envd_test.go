package e2blocal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem/filesystemconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process/processconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestEnvdHealth(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{})
	if resp, _ := do(t, "GET", base+"/health", nil, sb.header(wire.EnvdPort)); resp.StatusCode != http.StatusNoContent {
		t.Errorf("envd health: got %d, want 204", resp.StatusCode)
	}
	if resp, b := do(t, "GET", base+"/health", nil, sb.header(wire.CodeInterpreterPort)); resp.StatusCode != http.StatusOK || strings.TrimSpace(string(b)) != `"OK"` {
		t.Errorf("interpreter health: got %d %s, want 200 \"OK\"", resp.StatusCode, b)
	}
	h := sb.header(wire.EnvdPort)
	delete(h, wire.HeaderSandboxPort)
	if resp, _ := do(t, "GET", base+"/health", nil, h); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("only the id header: got %d, want 400", resp.StatusCode)
	}
	// The per-port host form "<port>-<id>.<domain>" routes without headers.
	req, _ := http.NewRequest("GET", base+"/health", nil)
	req.Host = "49983-" + sb.id + ".e2b.local"
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("host-routed envd health: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("host-routed envd health: got %d, want 204", resp.StatusCode)
	}
	h = sb.header(wire.EnvdPort)
	h[wire.HeaderSandboxID] = "inotthere"
	if resp, _ := do(t, "GET", base+"/health", nil, h); resp.StatusCode != http.StatusBadGateway {
		t.Errorf("unknown sandbox: got %d, want 502", resp.StatusCode)
	}
}

func TestFilesRoundTrip(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{})

	// Multipart, path in the part's filename, as the SDK's multi-file write sends it.
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, err := mw.CreatePart(textproto.MIMEHeader{
		"Content-Disposition": {`form-data; name="file"; filename="/home/user/data/a.csv"`},
		"Content-Type":        {"application/octet-stream"}})
	if err != nil {
		t.Fatal(err)
	}
	csv := "x,y\n1,2\n3,4\n"
	io.WriteString(part, csv)
	mw.Close()
	h := sb.header(wire.EnvdPort)
	h["Content-Type"] = mw.FormDataContentType()
	resp, b := do(t, "POST", base+"/files", &body, h)
	var up []wire.UploadedEntry
	if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &up) != nil || len(up) != 1 || up[0].Path != "/home/user/data/a.csv" || up[0].Name != "a.csv" {
		t.Fatalf("multipart upload: got %d %s, want one entry for /home/user/data/a.csv", resp.StatusCode, b)
	}

	// Octet-stream with a relative path.
	h = sb.header(wire.EnvdPort)
	h["Content-Type"] = "application/octet-stream"
	if resp, b := do(t, "POST", base+"/files?path=notes.txt", strings.NewReader("hello"), h); resp.StatusCode != http.StatusOK {
		t.Fatalf("octet-stream upload: got %d %s, want 200", resp.StatusCode, b)
	}

	tests := []struct {
		path, want string
		status     int
	}{
		{"/home/user/data/a.csv", csv, http.StatusOK},
		{"data/a.csv", csv, http.StatusOK},
		{"/home/user/notes.txt", "hello", http.StatusOK},
		{"/home/user/missing.txt", "", http.StatusNotFound},
		{"/home/user/data", "", http.StatusBadRequest},
		{"/etc/passwd", "", http.StatusForbidden},
		{"/home/user/../../etc/passwd", "", http.StatusForbidden},
	}
	for _, tc := range tests {
		resp, b := do(t, "GET", base+"/files?path="+tc.path, nil, sb.header(wire.EnvdPort))
		if resp.StatusCode != tc.status {
			t.Errorf("GET %s: got %d (%s), want %d", tc.path, resp.StatusCode, b, tc.status)
			continue
		}
		if tc.status == http.StatusOK && string(b) != tc.want {
			t.Errorf("GET %s: got %q, want %q", tc.path, b, tc.want)
		}
		var e wire.APIError
		if tc.status != http.StatusOK && (json.Unmarshal(b, &e) != nil || e.Code != tc.status) {
			t.Errorf("GET %s: error body %s, want JSON with code %d", tc.path, b, tc.status)
		}
	}

	// The kernel sees the uploaded file at its E2B path, and files it writes can be downloaded.
	lines := sb.run(t, "import pandas as pd\ndf = pd.read_csv('/home/user/data/a.csv')\ndf.to_csv('out.csv', index=False)\nint(df.y.sum())")
	if got := mainText(t, lines); got != "6" {
		t.Errorf("sum read in python: got %s, want 6", got)
	}
	if _, b := do(t, "GET", base+"/files?path=/home/user/out.csv", nil, sb.header(wire.EnvdPort)); string(b) != csv {
		t.Errorf("file written by python: got %q, want %q", b, csv)
	}
}

// codecs are the two Connect codecs envd serves: JSON (what the official
// SDKs send) and binary protobuf.
var codecs = []struct {
	name string
	opts []connect.ClientOption
}{
	{"json", []connect.ClientOption{connect.WithProtoJSON()}},
	{"binary", nil},
}

// routeTransport adds a sandbox's routing headers and access token.
type routeTransport map[string]string

func (h routeTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		if k != "Content-Type" {
			r.Header.Set(k, v)
		}
	}
	return http.DefaultTransport.RoundTrip(r)
}

func (sb sandbox) envdHTTP() *http.Client {
	return &http.Client{Transport: routeTransport(sb.header(wire.EnvdPort))}
}

// fs and proc are generated clients of the sandbox's envd services.
func (sb sandbox) fs(opts ...connect.ClientOption) filesystemconnect.FilesystemClient {
	return filesystemconnect.NewFilesystemClient(sb.envdHTTP(), sb.url, opts...)
}

func (sb sandbox) proc(opts ...connect.ClientOption) processconnect.ProcessClient {
	return processconnect.NewProcessClient(sb.envdHTTP(), sb.url, opts...)
}

// wantCode fails unless err is a Connect error with code want.
func wantCode(t *testing.T, what string, err error, want connect.Code) {
	t.Helper()
	if got := connect.CodeOf(err); err == nil || got != want {
		t.Errorf("%s: got %v, want %s", what, err, want)
	}
}

func TestFilesystemRPC(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	for _, codec := range codecs {
		t.Run(codec.name, func(t *testing.T) {
			ctx := context.Background()
			sb := create(t, base, map[string]any{})
			fs := sb.fs(codec.opts...)
			mk, err := fs.MakeDir(ctx, connect.NewRequest(&filesystem.MakeDirRequest{Path: "/home/user/d/e"}))
			if err != nil || mk.Msg.GetEntry().GetType() != filesystem.FileType_FILE_TYPE_DIRECTORY {
				t.Fatalf("MakeDir: got %v %v, want a directory", mk, err)
			}
			_, err = fs.MakeDir(ctx, connect.NewRequest(&filesystem.MakeDirRequest{Path: "d/e"}))
			wantCode(t, "MakeDir existing", err, connect.CodeAlreadyExists)
			h := sb.header(wire.EnvdPort)
			h["Content-Type"] = "application/octet-stream"
			do(t, "POST", base+"/files?path=/home/user/d/f.txt", strings.NewReader("12345"), h)
			mv, err := fs.Move(ctx, connect.NewRequest(&filesystem.MoveRequest{Source: "d/f.txt", Destination: "/home/user/d/e/g.txt"}))
			if err != nil || mv.Msg.GetEntry().GetPath() != "/home/user/d/e/g.txt" {
				t.Errorf("Move: got %v %v, want the new path", mv, err)
			}
			list, err := fs.ListDir(ctx, connect.NewRequest(&filesystem.ListDirRequest{Path: "/home/user/d", Depth: 2}))
			if err != nil {
				t.Fatalf("ListDir: %v", err)
			}
			var paths []string
			for _, e := range list.Msg.GetEntries() {
				paths = append(paths, e.GetPath())
			}
			if strings.Join(paths, ",") != "/home/user/d/e,/home/user/d/e/g.txt" {
				t.Errorf("ListDir: got %v, want [/home/user/d/e /home/user/d/e/g.txt]", paths)
			}
			st, err := fs.Stat(ctx, connect.NewRequest(&filesystem.StatRequest{Path: "d/e/g.txt"}))
			if e := st.Msg.GetEntry(); err != nil || e.GetSize() != 5 || e.GetName() != "g.txt" || e.GetModifiedTime().AsTime().IsZero() {
				t.Errorf("Stat: got %v %v, want size 5, name g.txt and a modified time", st, err)
			}
			if _, err := fs.Remove(ctx, connect.NewRequest(&filesystem.RemoveRequest{Path: "/home/user/d"})); err != nil {
				t.Errorf("Remove: %v", err)
			}
			_, err = fs.Stat(ctx, connect.NewRequest(&filesystem.StatRequest{Path: "/home/user/d"}))
			wantCode(t, "Stat removed", err, connect.CodeNotFound)
			bad := sb
			bad.token = "wrong"
			_, err = bad.fs(codec.opts...).Stat(ctx, connect.NewRequest(&filesystem.StatRequest{Path: "/home/user"}))
			wantCode(t, "wrong access token", err, connect.CodeUnauthenticated)
		})
	}
}

// start calls process.Process/Start with a 1 s keepalive and returns the
// events and the stream's error.
func (sb sandbox) start(t *testing.T, req *process.StartRequest, timeoutMs string, opts ...connect.ClientOption) ([]*process.ProcessEvent, error) {
	t.Helper()
	msgs, err := receiveAll(streamRequest(req, timeoutMs), sb.proc(opts...).Start)
	var events []*process.ProcessEvent
	for _, m := range msgs {
		events = append(events, m.GetEvent())
	}
	return events, err
}

// streamRequest is a stream request with the headers the SDKs send: a
// keepalive interval (1 s here) and, if given, the lifetime.
func streamRequest[T any](msg *T, timeoutMs string) *connect.Request[T] {
	req := connect.NewRequest(msg)
	req.Header().Set(wire.HeaderKeepalivePingInterval, "1")
	if timeoutMs != "" {
		req.Header().Set(wire.HeaderConnectTimeoutMs, timeoutMs)
	}
	return req
}

// receiveAll makes a server-streaming call and returns its messages and the
// stream's error.
func receiveAll[Req, Resp any](req *connect.Request[Req],
	call func(context.Context, *connect.Request[Req]) (*connect.ServerStreamForClient[Resp], error)) ([]*Resp, error) {
	st, err := call(context.Background(), req)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	var msgs []*Resp
	for st.Receive() {
		msgs = append(msgs, st.Msg())
	}
	return msgs, st.Err()
}

func TestProcessStart(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{"envVars": map[string]string{"SANDBOX_VAR": "sv"}})
	for _, codec := range codecs {
		t.Run(codec.name, func(t *testing.T) {
			events, err := sb.start(t, &process.StartRequest{Process: &process.ProcessConfig{
				Cmd: "/bin/bash", Args: []string{"-l", "-c", "echo hello $SANDBOX_VAR $CMD_VAR; pwd; echo warn >&2; sleep 1.5; exit 3"},
				Envs: map[string]string{"CMD_VAR": "cv"}}}, "", codec.opts...)
			if err != nil {
				t.Fatalf("end-stream error: %v", err)
			}
			if len(events) < 3 || events[0].GetStart().GetPid() == 0 {
				t.Fatalf("first event: got %v, want start with a pid", events)
			}
			last := events[len(events)-1].GetEnd()
			if last.GetExitCode() != 3 || !last.GetExited() || last.GetStatus() != "exit status 3" {
				t.Fatalf("last event: got %v, want end with exit code 3", events[len(events)-1])
			}
			var stdout, stderr string
			keepalives := 0
			for _, ev := range events {
				stdout += string(ev.GetData().GetStdout())
				stderr += string(ev.GetData().GetStderr())
				if ev.GetKeepalive() != nil {
					keepalives++
				}
			}
			if stdout != "hello sv cv\n/home/user\n" || stderr != "warn\n" {
				t.Errorf("output: got stdout %q stderr %q, want %q and %q", stdout, stderr, "hello sv cv\n/home/user\n", "warn\n")
			}
			if keepalives == 0 {
				t.Errorf("got no keepalive event in 1.5s of silence with Keepalive-Ping-Interval 1")
			}

			// Connect-Timeout-Ms is the process lifetime: the stream still ends with the end event.
			events, err = sb.start(t, &process.StartRequest{Process: &process.ProcessConfig{Cmd: "/bin/bash", Args: []string{"-c", "sleep 30"}}}, "500", codec.opts...)
			if err != nil {
				t.Fatalf("timed-out process: end-stream error %v, want none", err)
			}
			if last := events[len(events)-1].GetEnd(); last == nil || last.GetExited() || last.GetStatus() != "signal: killed" {
				t.Errorf("timed-out process end: got %v, want a signal end", events[len(events)-1])
			}
		})
	}
}

func TestNoIsolationMapsHome(t *testing.T) {
	srv, base := newServer(t, e2blocal.Config{Isolation: "none"})
	if srv.Isolated() {
		t.Fatal("Isolated: got true with isolation none")
	}
	t.Setenv("E2BLOCAL_TEST_SECRET", "leak-me")
	sb := create(t, base, map[string]any{})
	h := sb.header(wire.EnvdPort)
	h["Content-Type"] = "application/octet-stream"
	if resp, b := do(t, "POST", base+"/files?path=/home/user/in.txt", strings.NewReader("mapped"), h); resp.StatusCode != http.StatusOK {
		t.Fatalf("upload: got %d %s, want 200", resp.StatusCode, b)
	}
	// Python runs in the sandbox dir, so relative paths work; /home/user is not remapped there.
	if got := mainText(t, sb.run(t, "open('in.txt').read()")); got != "mapped" {
		t.Errorf("read uploaded file from python: got %q, want mapped", got)
	}
	if got := mainText(t, sb.run(t, "import os; 'E2BLOCAL_TEST_SECRET' in os.environ")); got != "False" {
		t.Errorf("server env visible to the kernel: got %s, want False", got)
	}
	events, _ := sb.start(t, &process.StartRequest{Process: &process.ProcessConfig{Cmd: "/bin/cat", Args: []string{"in.txt"}}}, "")
	var out string
	for _, ev := range events {
		out += string(ev.GetData().GetStdout())
	}
	if out != "mapped" {
		t.Errorf("command output: got %q, want mapped", out)
	}
}

package e2blocal_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
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

// unary calls an envd Connect unary procedure.
func (sb sandbox) unary(t *testing.T, proc string, req any, resp any) int {
	t.Helper()
	r, b := do(t, "POST", sb.url+proc, jsonBody(t, req), sb.header(wire.EnvdPort))
	if r.StatusCode == http.StatusOK && resp != nil {
		if err := json.Unmarshal(b, resp); err != nil {
			t.Fatalf("%s: decode %s: %v", proc, b, err)
		}
	}
	return r.StatusCode
}

func TestFilesystemRPC(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{})
	var entry wire.EntryResponse
	if st := sb.unary(t, wire.ProcedureFilesystemMakeDir, wire.PathRequest{Path: "/home/user/d/e"}, &entry); st != http.StatusOK || entry.Entry.Type != wire.FileTypeDirectory {
		t.Fatalf("MakeDir: got %d %+v, want 200 and a directory", st, entry)
	}
	if st := sb.unary(t, wire.ProcedureFilesystemMakeDir, wire.PathRequest{Path: "d/e"}, nil); st != http.StatusConflict {
		t.Errorf("MakeDir existing: got %d, want 409 (already_exists)", st)
	}
	h := sb.header(wire.EnvdPort)
	h["Content-Type"] = "application/octet-stream"
	do(t, "POST", base+"/files?path=/home/user/d/f.txt", strings.NewReader("12345"), h)
	if st := sb.unary(t, wire.ProcedureFilesystemMove, wire.MoveRequest{Source: "d/f.txt", Destination: "/home/user/d/e/g.txt"}, &entry); st != http.StatusOK || entry.Entry.Path != "/home/user/d/e/g.txt" {
		t.Errorf("Move: got %d %+v, want 200 and the new path", st, entry)
	}
	var list wire.ListDirResponse
	if st := sb.unary(t, wire.ProcedureFilesystemListDir, wire.ListDirRequest{Path: "/home/user/d", Depth: 2}, &list); st != http.StatusOK {
		t.Fatalf("ListDir: got %d, want 200", st)
	}
	var paths []string
	for _, e := range list.Entries {
		paths = append(paths, e.Path)
	}
	if strings.Join(paths, ",") != "/home/user/d/e,/home/user/d/e/g.txt" {
		t.Errorf("ListDir: got %v, want [/home/user/d/e /home/user/d/e/g.txt]", paths)
	}
	if st := sb.unary(t, wire.ProcedureFilesystemStat, wire.PathRequest{Path: "d/e/g.txt"}, &entry); st != http.StatusOK || entry.Entry.Size != 5 || entry.Entry.Name != "g.txt" {
		t.Errorf("Stat: got %d %+v, want size 5 and name g.txt", st, entry)
	}
	if st := sb.unary(t, wire.ProcedureFilesystemRemove, wire.PathRequest{Path: "/home/user/d"}, nil); st != http.StatusOK {
		t.Errorf("Remove: got %d, want 200", st)
	}
	if st := sb.unary(t, wire.ProcedureFilesystemStat, wire.PathRequest{Path: "/home/user/d"}, nil); st != http.StatusNotFound {
		t.Errorf("Stat removed: got %d, want 404", st)
	}
	bad := sb
	bad.token = "wrong"
	if st := bad.unary(t, wire.ProcedureFilesystemStat, wire.PathRequest{Path: "/home/user"}, nil); st != http.StatusUnauthorized {
		t.Errorf("wrong access token: got %d, want 401", st)
	}
}

// startProcess calls process.Process/Start and returns the decoded stream.
func (sb sandbox) startProcess(t *testing.T, req wire.StartRequest, timeoutMs string) ([]wire.ProcessEvent, wire.EndStream) {
	t.Helper()
	msgs, end := sb.serverStream(t, wire.ProcedureProcessStart, req, timeoutMs)
	var events []wire.ProcessEvent
	for _, m := range msgs {
		var ev wire.ProcessEventResponse
		if err := json.Unmarshal(m, &ev); err != nil {
			t.Fatalf("event %s: %v", m, err)
		}
		events = append(events, ev.Event)
	}
	return events, end
}

// serverStream makes a Connect server-streaming call with a 1 s keepalive
// and returns its data messages and end-stream message.
func (sb sandbox) serverStream(t *testing.T, procedure string, req any, timeoutMs string) ([]json.RawMessage, wire.EndStream) {
	t.Helper()
	msg, _ := json.Marshal(req)
	var body bytes.Buffer
	if err := wire.WriteEnvelope(&body, wire.FlagData, msg); err != nil {
		t.Fatal(err)
	}
	h := sb.header(wire.EnvdPort)
	h["Content-Type"] = wire.ContentTypeConnectJSON
	h[wire.HeaderConnectProtocolVersion] = "1"
	h[wire.HeaderKeepalivePingInterval] = "1"
	if timeoutMs != "" {
		h[wire.HeaderConnectTimeoutMs] = timeoutMs
	}
	resp, b := do(t, "POST", sb.url+procedure, &body, h)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != wire.ContentTypeConnectJSON {
		t.Fatalf("%s: got %d %q %s, want 200 %s", procedure, resp.StatusCode, resp.Header.Get("Content-Type"), b, wire.ContentTypeConnectJSON)
	}
	r := bytes.NewReader(b)
	var msgs []json.RawMessage
	for {
		flags, payload, err := wire.ReadEnvelope(r, 0)
		if err != nil {
			t.Fatalf("%s stream: %v (no end-stream envelope)", procedure, err)
		}
		if flags == wire.FlagEndStream {
			var end wire.EndStream
			if err := json.Unmarshal(payload, &end); err != nil {
				t.Fatalf("end-stream %s: %v", payload, err)
			}
			return msgs, end
		}
		msgs = append(msgs, payload)
	}
}

func TestProcessStart(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{"envVars": map[string]string{"SANDBOX_VAR": "sv"}})
	events, end := sb.startProcess(t, wire.StartRequest{Process: wire.ProcessConfig{
		Cmd: "/bin/bash", Args: []string{"-l", "-c", "echo hello $SANDBOX_VAR $CMD_VAR; pwd; echo warn >&2; sleep 1.5; exit 3"},
		Envs: map[string]string{"CMD_VAR": "cv"}}}, "")
	if end.Error != nil {
		t.Fatalf("end-stream error: %v", end.Error)
	}
	if len(events) < 3 || events[0].Start == nil || events[0].Start.PID == 0 {
		t.Fatalf("first event: got %+v, want start with a pid", events)
	}
	last := events[len(events)-1].End
	if last == nil || last.ExitCode != 3 || !last.Exited || last.Status != "exit status 3" {
		t.Fatalf("last event: got %+v, want end with exit code 3", events[len(events)-1])
	}
	var stdout, stderr string
	keepalives := 0
	for _, ev := range events {
		switch {
		case ev.Data != nil:
			stdout += string(ev.Data.Stdout)
			stderr += string(ev.Data.Stderr)
		case ev.Keepalive != nil:
			keepalives++
		}
	}
	if stdout != "hello sv cv\n/home/user\n" || stderr != "warn\n" {
		t.Errorf("output: got stdout %q stderr %q, want %q and %q", stdout, stderr, "hello sv cv\n/home/user\n", "warn\n")
	}
	if keepalives == 0 {
		t.Errorf("got no keepalive event in 1.5s of silence with Keepalive-Ping-Interval 1")
	}

	// Connect-Timeout-Ms is the process lifetime.
	start := time.Now()
	events, _ = sb.startProcess(t, wire.StartRequest{Process: wire.ProcessConfig{Cmd: "/bin/bash", Args: []string{"-c", "sleep 30"}}}, "500")
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("process with Connect-Timeout-Ms 500 ran %v", d)
	}
	if last := events[len(events)-1].End; last == nil || last.Exited {
		t.Errorf("timed-out process end: got %+v, want a signal end", events[len(events)-1])
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
	events, _ := sb.startProcess(t, wire.StartRequest{Process: wire.ProcessConfig{Cmd: "/bin/cat", Args: []string{"in.txt"}}}, "")
	var out string
	for _, ev := range events {
		if ev.Data != nil {
			out += string(ev.Data.Stdout)
		}
	}
	if out != "mapped" {
		t.Errorf("command output: got %q, want mapped", out)
	}
}

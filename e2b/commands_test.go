package e2b

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process/processconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestCommandsRun(t *testing.T) {
	f := setup(t)
	f.envd.HandleFunc("POST "+processconnect.ProcessStartProcedure, serveEnvdStream(t, "process_hello.connect", func(r *http.Request, req []byte) {
		testHeader(t, r, "Content-Type", "application/connect+json")
		testHeader(t, r, "Connect-Protocol-Version", "1")
		testHeader(t, r, "Connect-Timeout-Ms", "30000")
		testHeader(t, r, "Keepalive-Ping-Interval", "50")
		testHeader(t, r, "Authorization", "Basic cm9vdDo=")
		testHeader(t, r, wire.HeaderAccessToken, "envd-token")
		want := `{"process":{"cmd":"/bin/bash","args":["-l","-c","echo hello"],"envs":{"A":"1"},"cwd":"/tmp"},"stdin":false}`
		if string(req) != want {
			t.Errorf("start request:\n got %s\nwant %s", req, want)
		}
	}))
	var out []string
	res, err := f.sb.Commands().Run(context.Background(), "echo hello", &CommandOptions{
		Envs: map[string]string{"A": "1"}, Cwd: "/tmp", User: "root", Timeout: 30e9,
		OnStdout: func(s string) { out = append(out, s) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || res.Stdout != "hello\n" || res.Stderr != "warn\n" {
		t.Errorf("got %+v, want exit 0, stdout hello, stderr warn", res)
	}
	if strings.Join(out, "") != "hello\n" {
		t.Errorf("OnStdout got %q", out)
	}
}

func TestCommandsRunExitErrorAndSplitUTF8(t *testing.T) {
	f := setup(t)
	f.envd.HandleFunc("POST "+processconnect.ProcessStartProcedure, serveEnvdStream(t, "process_exit1_utf8.connect", func(r *http.Request, _ []byte) {
		testHeader(t, r, "Connect-Timeout-Ms", "60000")
		testHeader(t, r, "Authorization", "")
	}))
	var chunks []string
	res, err := f.sb.Commands().Run(context.Background(), "false", &CommandOptions{OnStdout: func(s string) { chunks = append(chunks, s) }})
	var exitErr *CommandExitError
	if !errors.As(err, &exitErr) {
		t.Fatalf("got %T %v, want *CommandExitError", err, err)
	}
	if res == nil || res != exitErr.Result {
		t.Errorf("Run must return the result with the exit error")
	}
	r := exitErr.Result
	if r.ExitCode != 1 || r.Stdout != "café\n" || r.Stderr != "boom\n" || r.Error != "exit status 1" {
		t.Errorf("got %+v", r)
	}
	if got := strings.Join(chunks, "|"); got != "caf|é\n" {
		t.Errorf("stdout chunks: got %q, want the split é delivered whole in the second chunk", got)
	}
	if !strings.Contains(err.Error(), "code 1") || !strings.Contains(err.Error(), "boom") {
		t.Errorf("error text %q should name the code and stderr", err)
	}
}

func TestCommandsConnectNotFound(t *testing.T) {
	f := setup(t)
	f.envd.HandleFunc("POST "+processconnect.ProcessConnectProcedure, serveEnvdStream(t, "process_not_found.connect", func(r *http.Request, req []byte) {
		if string(req) != `{"process":{"pid":99}}` {
			t.Errorf("connect request: got %s", req)
		}
	}))
	_, err := f.sb.Commands().Connect(context.Background(), 99)
	if !IsNotFound(err) || !strings.Contains(err.Error(), "pid 99") {
		t.Errorf("got %v, want not found naming pid 99", err)
	}
}

func TestCommandsStreamWithoutEnd(t *testing.T) {
	f := setup(t)
	f.envd.HandleFunc("POST "+processconnect.ProcessStartProcedure, serveEnvdStream(t, "process_cut.connect", nil))
	f.envd.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	h, err := f.sb.Commands().Start(context.Background(), "sleep 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	if h.PID() != 8 {
		t.Errorf("PID: got %d, want 8", h.PID())
	}
	if _, err := h.Wait(); !errors.Is(err, errBrokenStream) || !IsRetryable(err) {
		t.Errorf("Wait: got %v, want a retryable broken-stream error", err)
	}
}

func TestCommandsStreamHTTPError(t *testing.T) {
	f := setup(t)
	f.envd.HandleFunc("POST "+processconnect.ProcessStartProcedure, func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "unauthorized access, please provide a valid access token or method signing if supported"})
	})
	if _, err := f.sb.Commands().Run(context.Background(), "id", nil); !IsAuth(err) {
		t.Errorf("got %v, want an auth error", err)
	}
}

func TestCommandsUnaryCalls(t *testing.T) {
	f := setup(t)
	var reqs []string
	record := func(resp string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			testHeader(t, r, "Connect-Protocol-Version", "1")
			testHeader(t, r, "Content-Type", "application/json")
			reqs = append(reqs, r.URL.Path+" "+string(readBody(t, r)))
			writeRaw(w, resp)
		}
	}
	f.envd.HandleFunc("POST "+processconnect.ProcessListProcedure, record(`{"processes":[{"config":{"cmd":"/bin/bash","args":["-l"],"cwd":"/home/user"},"pid":42}]}`))
	f.envd.HandleFunc("POST "+processconnect.ProcessSendInputProcedure, record(`{}`))
	f.envd.HandleFunc("POST "+processconnect.ProcessSendSignalProcedure, func(w http.ResponseWriter, r *http.Request) {
		body := string(readBody(t, r))
		reqs = append(reqs, r.URL.Path+" "+body)
		if strings.Contains(body, `"pid":43`) {
			connectError(w, connect.CodeNotFound, "process not found")
			return
		}
		writeRaw(w, `{}`)
	})
	ctx := context.Background()
	cmds := f.sb.Commands()
	ps, err := cmds.List(ctx)
	if err != nil || len(ps) != 1 || ps[0].PID != 42 || ps[0].Cwd != "/home/user" {
		t.Fatalf("List: got %+v, %v", ps, err)
	}
	if err := cmds.SendStdin(ctx, 42, "abc"); err != nil {
		t.Fatal(err)
	}
	if ok, err := cmds.Kill(ctx, 42); !ok || err != nil {
		t.Errorf("Kill(42): got %v, %v", ok, err)
	}
	if ok, err := cmds.Kill(ctx, 43); ok || err != nil {
		t.Errorf("Kill(43): got %v, %v; want false, nil", ok, err)
	}
	want := []string{
		"/process.Process/List {}",
		`/process.Process/SendInput {"process":{"pid":42},"input":{"stdin":"YWJj"}}`,
		`/process.Process/SendSignal {"process":{"pid":42},"signal":"SIGNAL_SIGKILL"}`,
		`/process.Process/SendSignal {"process":{"pid":43},"signal":"SIGNAL_SIGKILL"}`,
	}
	if strings.Join(reqs, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n got %q\nwant %q", reqs, want)
	}
}

func TestUTF8Stream(t *testing.T) {
	tests := []struct {
		chunks []string
		want   []string
	}{
		{[]string{"ab", "c"}, []string{"ab", "c"}},
		{[]string{"caf\xc3", "\xa9!"}, []string{"caf", "é!"}},
		{[]string{"\xe2", "\x98", "\x95"}, []string{"", "", "☕"}},
		{[]string{"\xf0\x9f", "\x98\x80x"}, []string{"", "😀x"}},
		{[]string{"bad\xff", "ok"}, []string{"bad\uFFFD", "ok"}},
		{[]string{"end\xc3"}, []string{"end"}}, // flushed below
	}
	for _, tt := range tests {
		var d utf8Stream
		var got []string
		for _, c := range tt.chunks {
			got = append(got, d.decode([]byte(c)))
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("chunks %q: got %q, want %q", tt.chunks, got, tt.want)
		}
		if rest := d.flush(); tt.chunks[0] == "end\xc3" && rest != "\uFFFD" {
			t.Errorf("flush of a cut rune: got %q, want U+FFFD", rest)
		}
	}
}

func TestCommandsStartHandshakeTimeout(t *testing.T) {
	f := setup(t, WithRequestTimeout(100*time.Millisecond))
	f.envd.HandleFunc("POST "+processconnect.ProcessStartProcedure, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/connect+json")
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		<-r.Context().Done() // never send the start event
	})
	_, err := f.sb.Commands().Start(context.Background(), "sleep 100", nil)
	if !IsTimeout(err) {
		t.Errorf("got %v, want a timeout before the start event", err)
	}
}

package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestEnvelopeRoundTrip(t *testing.T) {
	frames := []struct {
		flags   byte
		payload string
	}{
		{FlagData, `{"event":{"start":{"pid":42}}}`},
		{FlagData, ``},
		{FlagData, strings.Repeat("x", 70000)},
		{FlagEndStream, `{}`},
	}
	var buf bytes.Buffer
	for _, f := range frames {
		if err := WriteEnvelope(&buf, f.flags, []byte(f.payload)); err != nil {
			t.Fatalf("WriteEnvelope: %v", err)
		}
	}
	for i, want := range frames {
		flags, payload, err := ReadEnvelope(&buf, 1<<20)
		if err != nil {
			t.Fatalf("frame %d: ReadEnvelope: %v", i, err)
		}
		if flags != want.flags || string(payload) != want.payload {
			t.Errorf("frame %d: got flags %d, %d bytes; want flags %d, %d bytes", i, flags, len(payload), want.flags, len(want.payload))
		}
	}
	if _, _, err := ReadEnvelope(&buf, 0); err != io.EOF {
		t.Errorf("after last frame: got %v, want io.EOF", err)
	}
}

func TestEnvelopeWireFormat(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteEnvelope(&buf, FlagEndStream, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.Bytes(), []byte{2, 0, 0, 0, 2, '{', '}'}; !bytes.Equal(got, want) {
		t.Errorf("got % x, want % x", got, want)
	}
}

func TestReadEnvelopeTruncated(t *testing.T) {
	var full bytes.Buffer
	if err := WriteEnvelope(&full, FlagData, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	for n := 1; n < full.Len(); n++ {
		_, _, err := ReadEnvelope(bytes.NewReader(full.Bytes()[:n]), 100)
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("cut at %d bytes: got %v, want io.ErrUnexpectedEOF", n, err)
		}
	}
}

func TestReadEnvelopeOversize(t *testing.T) {
	// The header claims 4 GiB; the reader must refuse before allocating.
	hdr := []byte{0, 0xff, 0xff, 0xff, 0xff}
	_, _, err := ReadEnvelope(bytes.NewReader(hdr), 1<<20)
	if !errors.Is(err, ErrFrameTooLarge) {
		t.Fatalf("got %v, want ErrFrameTooLarge", err)
	}
	var buf bytes.Buffer
	if err := WriteEnvelope(&buf, FlagData, make([]byte, 11)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadEnvelope(&buf, 10); !errors.Is(err, ErrFrameTooLarge) {
		t.Errorf("11 bytes with limit 10: got %v, want ErrFrameTooLarge", err)
	}
}

func FuzzReadEnvelope(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 2, '{', '}'})
	f.Add([]byte{2, 0, 0, 0, 0})
	f.Add([]byte{0, 0xff, 0xff, 0xff, 0xff, 1})
	f.Fuzz(func(t *testing.T, in []byte) {
		r := bytes.NewReader(in)
		for {
			flags, payload, err := ReadEnvelope(r, 1<<16)
			if err != nil {
				return
			}
			var buf bytes.Buffer
			if err := WriteEnvelope(&buf, flags, payload); err != nil {
				t.Fatal(err)
			}
			f2, p2, err := ReadEnvelope(&buf, 1<<16)
			if err != nil || f2 != flags || !bytes.Equal(p2, payload) {
				t.Fatalf("re-encoded frame does not round-trip: %v", err)
			}
		}
	})
}

func TestConnectCodeTables(t *testing.T) {
	tests := []struct {
		code   string
		status int
	}{
		{CodeInvalidArgument, 400}, {CodeUnauthenticated, 401}, {CodePermissionDenied, 403},
		{CodeNotFound, 404}, {CodeAlreadyExists, 409}, {CodeResourceExhausted, 429},
		{CodeCanceled, 499}, {CodeInternal, 500}, {CodeUnimplemented, 501},
		{CodeUnavailable, 503}, {CodeDeadlineExceeded, 504}, {"bogus", 500},
	}
	for _, tt := range tests {
		if got := HTTPStatus(tt.code); got != tt.status {
			t.Errorf("HTTPStatus(%q) = %d, want %d", tt.code, got, tt.status)
		}
	}
}

func TestEntryInfoJSON(t *testing.T) {
	in := `{"name":"a.txt","type":"FILE_TYPE_FILE","path":"/home/user/a.txt","size":"5","mode":420,
		"permissions":"-rw-r--r--","owner":"user","group":"user","modifiedTime":"2026-01-02T03:04:05Z"}`
	var e EntryInfo
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatal(err)
	}
	if e.Size != 5 || e.Type != FileTypeFile || e.Mode != 420 || e.ModifiedTime.Year() != 2026 {
		t.Errorf("got %+v", e)
	}
	out, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte(`"size":"5"`)) {
		t.Errorf("size not encoded as a string: %s", out)
	}
	// numbers and snake_case names are accepted too
	var e2 EntryInfo
	if err := json.Unmarshal([]byte(`{"size":7,"modified_time":"2026-01-02T03:04:05Z","symlink_target":"/x"}`), &e2); err != nil {
		t.Fatal(err)
	}
	if e2.Size != 7 || e2.SymlinkTarget == nil || *e2.SymlinkTarget != "/x" || !e2.ModifiedTime.Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) {
		t.Errorf("got %+v", e2)
	}
	if err := json.Unmarshal([]byte(`{"size":"x"}`), &e2); err == nil {
		t.Error("size \"x\": got nil error")
	}
}

func TestProcessEventJSON(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{`{"event":{"start":{"pid":42}}}`, "start 42"},
		{`{"event":{"data":{"stdout":"aGVsbG8K"}}}`, "stdout hello\n"},
		{`{"event":{"end":{"exitCode":3,"exited":true,"status":"exit status 3","error":"exit status 3"}}}`, "end 3"},
		{`{"event":{"end":{"exit_code":4}}}`, "end 4"},
		{`{"event":{"keepalive":{}}}`, "keepalive"},
	}
	for _, tt := range tests {
		var r ProcessEventResponse
		if err := json.Unmarshal([]byte(tt.in), &r); err != nil {
			t.Fatalf("%s: %v", tt.in, err)
		}
		var got string
		switch ev := r.Event; {
		case ev.Start != nil:
			got = "start " + strconv.Itoa(int(ev.Start.PID))
		case ev.Data != nil:
			got = "stdout " + string(ev.Data.Stdout)
		case ev.End != nil:
			got = "end " + strconv.Itoa(int(ev.End.ExitCode))
		case ev.Keepalive != nil:
			got = "keepalive"
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.in, got, tt.want)
		}
	}
	stdin := false
	cwd := "/tmp"
	b, _ := json.Marshal(StartRequest{Process: ProcessConfig{Cmd: "/bin/bash", Args: []string{"-l", "-c", "echo hello"}, Envs: map[string]string{"A": "1"}, Cwd: &cwd}, Stdin: &stdin})
	if want := `{"process":{"cmd":"/bin/bash","args":["-l","-c","echo hello"],"envs":{"A":"1"},"cwd":"/tmp"},"stdin":false}`; string(b) != want {
		t.Errorf("StartRequest:\n got %s\nwant %s", b, want)
	}
	b, _ = json.Marshal(SendInputRequest{Process: ProcessSelector{PID: 42}, Input: ProcessInput{Stdin: []byte("abc")}})
	if want := `{"process":{"pid":42},"input":{"stdin":"YWJj"}}`; string(b) != want {
		t.Errorf("SendInputRequest: got %s, want %s", b, want)
	}
	b, _ = json.Marshal(SendSignalRequest{Process: ProcessSelector{PID: 42}, Signal: SignalSIGKILL})
	if want := `{"process":{"pid":42},"signal":"SIGNAL_SIGKILL"}`; string(b) != want {
		t.Errorf("SendSignalRequest: got %s, want %s", b, want)
	}
}

func TestNewSandboxJSON(t *testing.T) {
	b, _ := json.Marshal(NewSandbox{TemplateID: "base"})
	if want := `{"templateID":"base"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	b, _ = json.Marshal(NewSandbox{TemplateID: "code-interpreter-v1", Metadata: map[string]string{"user": "abc"}, EnvVars: map[string]string{"FOO": "bar"}, Timeout: 120})
	if want := `{"templateID":"code-interpreter-v1","timeout":120,"metadata":{"user":"abc"},"envVars":{"FOO":"bar"}}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
	var s Sandbox
	in := `{"sandboxID":"i1","templateID":"t","clientID":"6532622b","envdVersion":"0.5.7","envdAccessToken":"tok","trafficAccessToken":null,"domain":null}`
	if err := json.Unmarshal([]byte(in), &s); err != nil || s.SandboxID != "i1" || s.EnvdAccessToken != "tok" || s.Domain != "" {
		t.Errorf("got %+v, %v", s, err)
	}
}

func TestLineScanner(t *testing.T) {
	long := strings.Repeat("a", 300)
	in := "one\r\n\n" + long + "\ntwo\n" + strings.Repeat("b", 150) + "\nthree"
	s := NewLineScanner(strings.NewReader(in), 200)
	var got []string
	for s.Scan() {
		got = append(got, string(s.Bytes()))
	}
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	want := []string{"one", "two", strings.Repeat("b", 150), "three"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	if n, b := s.Skipped(); n != 1 || b != 301 {
		t.Errorf("Skipped() = %d lines, %d bytes; want 1, 301", n, b)
	}
}

func TestLineScannerLongLinesWithSmallReads(t *testing.T) {
	// A 1 MiB line (a PNG in base64, say) must be returned whole even though
	// it is much larger than the reader's buffer.
	big := strings.Repeat("x", 1<<20)
	s := NewLineScanner(io.MultiReader(strings.NewReader(big[:1000]), strings.NewReader(big[1000:]+"\nend\n")), 2<<20)
	if !s.Scan() || len(s.Bytes()) != 1<<20 {
		t.Fatalf("first line: got %d bytes, want %d", len(s.Bytes()), 1<<20)
	}
	if !s.Scan() || string(s.Bytes()) != "end" {
		t.Fatalf("second line: got %q, want %q", s.Bytes(), "end")
	}
	if s.Scan() {
		t.Fatalf("unexpected third line %q", s.Bytes())
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("boom") }

func TestLineScannerReadError(t *testing.T) {
	s := NewLineScanner(io.MultiReader(strings.NewReader("a\n"), errReader{}), 0)
	if !s.Scan() || string(s.Bytes()) != "a" {
		t.Fatalf("got %q, want a", s.Bytes())
	}
	if s.Scan() || s.Err() == nil || s.Err().Error() != "boom" {
		t.Errorf("got err %v, want boom", s.Err())
	}
}

func TestLineJSON(t *testing.T) {
	in := `{"type": "result", "text": "<Figure>", "png": "iVBOR", "json": {"a": [1]}, "chart": {"type": "line"}, "extra": {}, "is_main_result": true}`
	var l Line
	if err := json.Unmarshal([]byte(in), &l); err != nil {
		t.Fatal(err)
	}
	if l.Type != LineResult || l.PNG != "iVBOR" || string(l.JSON) != `{"a": [1]}` || string(l.Chart) != `{"type": "line"}` || !l.IsMainResult || l.Extra == nil {
		t.Errorf("got %+v", l)
	}
}

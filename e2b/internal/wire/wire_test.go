package wire

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

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

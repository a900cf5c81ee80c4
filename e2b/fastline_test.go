package e2b

import (
	"encoding/json"
	"testing"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// FuzzParseOutputLine checks that whenever the fast path takes a line, it
// decodes it exactly as encoding/json does.
func FuzzParseOutputLine(f *testing.F) {
	for _, s := range []string{
		`{"type":"stdout","text":"hello\n","timestamp":"2026-08-21T10:00:00+00:00"}` + "\n",
		`{"type": "stderr", "text": "oops", "timestamp": "2026-08-21T10:00:00Z"}`,
		`{"type":"stdout","text":"a\"b\\c\/d\te\rf\bg\fh"}`,
		`{"type":"stdout","text":"caf\u00e9 \ud83d\ude00 \u2028"}`,
		"{\"type\":\"stdout\",\"text\":\"caf\xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80\"}",
		"{\"type\":\"stdout\",\"text\":\"bad \xff utf8\"}",
		"{\"type\":\"stdout\",\"text\":\"ctl \x01\"}",
		`{"type":"stdout","text":"bad \x escape"}`,
		`{"type":"stdout","text":"trailing \`,
		`{"type":"stdout"}`,
		`{"text":"no type"}`,
		`{"type":"stdout","text":"x","extra":1}`,
		`{"type":"stdout","text":"x","text":"y"}`,
		`{"Type":"stdout","TEXT":"x"}`,
		`{"type":"stdout","text":5}`,
		`{"type":"stdout","text":null}`,
		`{"type":"result","text":"x"}`,
		`{"type":"end_of_execution"}`,
		" \t{ \"type\" : \"stdout\" , \"text\" : \"x\" , \"timestamp\" : \"t\" } \r\n",
		`{"type":"stdout","text":"x"} {}`,
		`{"type":"stdout","text":"x",}`,
		`{"type":"stdout" "text":"x"}`,
		`{"type":"stdout","text":"x"`,
		`["type","stdout"]`,
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var scratch []byte
		got, ok := parseOutputLine(line, &scratch, true)
		var want wire.Line
		err := json.Unmarshal(line, &want)
		if !ok {
			if err == nil && (want.Type == wire.LineStdout || want.Type == wire.LineStderr) && isPlainLine(line) {
				t.Errorf("fast path declined a plain line %q", line)
			}
			return
		}
		if err != nil {
			t.Fatalf("fast path took %q, encoding/json rejects it: %v", line, err)
		}
		if got.Type != want.Type || got.Text != want.Text || got.Timestamp != want.Timestamp {
			t.Errorf("line %q: got %+v, want %+v", line, got, want)
		}
	})
}

// isPlainLine reports whether line is exactly what the E2B server sends for
// output, which the fast path must take: json.Marshal of the three fields.
func isPlainLine(line []byte) bool {
	var l wire.Line
	if json.Unmarshal(line, &l) != nil {
		return false
	}
	b, _ := json.Marshal(struct {
		Type      string `json:"type"`
		Text      string `json:"text"`
		Timestamp string `json:"timestamp"`
	}{l.Type, l.Text, l.Timestamp})
	return string(b) == string(line) && json.Valid(line) && !containsU(b)
}

// containsU reports whether b has a \u escape, which the fast path leaves to
// encoding/json.
func containsU(b []byte) bool {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '\\' {
			if b[i+1] == 'u' {
				return true
			}
			i++
		}
	}
	return false
}

func TestParseOutputLineTakesServerLines(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{`{"type": "stdout", "text": "hello\n", "timestamp": "2026-08-21T10:00:00+00:00"}` + "\n", true},
		{`{"type":"stderr","text":"a\"b\\c","timestamp":"t"}`, true},
		{`{"type":"stdout","text":"caf\u00e9"}`, false},
		{`{"type":"stdout","text":"x","extra":1}`, false},
		{`{"type":"result","text":"x"}`, false},
	} {
		var scratch []byte
		if _, got := parseOutputLine([]byte(tt.line), &scratch, true); got != tt.want {
			t.Errorf("parseOutputLine(%q): got ok %v, want %v", tt.line, got, tt.want)
		}
	}
}

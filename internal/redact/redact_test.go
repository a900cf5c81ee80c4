package redact_test

import (
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/internal/redact"
)

func TestString(t *testing.T) {
	redact.Add("configured-key-123", "short")
	for in, want := range map[string]string{
		"401: Incorrect API key provided: sk-abcdefghijkl":            "401: Incorrect API key provided: sk-[redacted]",
		"token configured-key-123 refused":                            "token [redacted] refused",
		"short stays: too short to be a secret":                       "short stays: too short to be a secret",
		"Authorization: Bearer abc.def-ghi":                           "Authorization: Bearer [redacted]",
		"e2b_0123456789abcdef sandbox":                                "e2b_[redacted] sandbox",
		"AKIAABCDEFGHIJKLMNOP denied":                                 "AKIA[redacted] denied",
		"password=hunter22; next":                                     "password=[redacted]; next",
		`GET https://bucket.s3/x.csv?X-Amz-Signature=abc&b=c: 403`:    `GET https://bucket.s3/x.csv?[redacted] 403`,
		`datasets[0].url: "ftp://user:pw@host/d.csv" is not an http`:  `datasets[0].url: "ftp://[redacted]@host/d.csv" is not an http`,
		`"https://u:p@example.com/a" and "s3://b/k?token=t" and more`: `"https://[redacted]@example.com/a" and "s3://b/k?[redacted]" and more`,
	} {
		if got := redact.String(in); got != want {
			t.Errorf("String(%q)\n got %q\nwant %q", in, got, want)
		}
	}
}

func TestLine(t *testing.T) {
	if got := redact.Line("a\n\tb   c", 100); got != "a b c" {
		t.Errorf("folded: %q", got)
	}
	long := strings.Repeat("é", 100) // 200 bytes
	got := redact.Line(long, 51)
	if len(got) > 51 || !strings.HasSuffix(got, redact.ClippedMarker) || !strings.HasPrefix(got, "éé") {
		t.Errorf("clipped to %d bytes: %q", len(got), got)
	}
	if strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("a character was cut in two: %q", got)
	}
}

package outputs

import (
	"testing"
)

func TestContentType(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string
	}{
		{"a.csv", "a,b", "text/csv; charset=utf-8"},
		{"A.XLSX", "PK", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
		{"t.html", "<table>", "text/html; charset=utf-8"},
		{"noext", "%PDF-1.4", "application/pdf"},
		{"data.bin", "\x00\x01", "application/octet-stream"},
	}
	for _, tt := range tests {
		if got := contentType(tt.name, []byte(tt.body)); got != tt.want {
			t.Errorf("contentType(%q): got %q, want %q", tt.name, got, tt.want)
		}
	}
}

// The report is written under deterministic keys: the Markdown links the
// charts and files and folds each step's code; the HTML embeds the charts,
// so it reads without the bucket; a retry stores the same two objects.

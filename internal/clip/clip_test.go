package clip_test

import (
	"testing"

	"github.com/durable-analyst/durable-analyst/internal/clip"
)

func TestPrefix(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abc", 3, "abc"},
		{"abcdef", 4, "abcd"},
		{"aé", 2, "a"}, // é is 2 bytes: never cut in two
		{"日本語", 7, "日本"},
		{"日本語", 2, ""},
		{"abc", 0, ""},
		{"abc", -1, ""},
	}
	for _, tt := range tests {
		if got := clip.Prefix(tt.s, tt.n); got != tt.want {
			t.Errorf("Prefix(%q, %d): got %q, want %q", tt.s, tt.n, got, tt.want)
		}
	}
}

func TestString(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"a long sentence", 9, "a long…"},
		{"ééééé", 7, "éé…"}, {"ééééé", 6, "é…"},
	}
	for _, tt := range tests {
		got := clip.String(tt.s, tt.n, "…")
		if got != tt.want || len(got) > tt.n {
			t.Errorf("String(%q, %d): got %q (%d bytes), want %q", tt.s, tt.n, got, len(got), tt.want)
		}
	}
}

package main

import (
	"slices"
	"strings"
	"testing"
)

func TestEnvironSetReplaces(t *testing.T) {
	tests := []struct {
		name string
		base []string
		set  []string
		want []string
	}{
		{"adds", []string{"A=1"}, []string{"B=2"}, []string{"A=1", "B=2"}},
		{"replaces in place", []string{"A=1", "B=2"}, []string{"A=3"}, []string{"A=3", "B=2"}},
		{"keeps = in values", nil, []string{"URL=http://x/?a=b"}, []string{"URL=http://x/?a=b"}},
		{"later wins", nil, []string{"A=1", "A=2"}, []string{"A=2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(tt.base)
			e.set(tt.set...)
			if got := e.list(); !slices.Equal(got, tt.want) {
				t.Errorf("list() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPrefixWriter(t *testing.T) {
	var out strings.Builder
	w := newPrefixWriter(&out, "worker | ")
	for _, chunk := range []string{"one\ntw", "o\n", "three"} {
		if n, err := w.Write([]byte(chunk)); err != nil || n != len(chunk) {
			t.Fatalf("Write(%q) = %d, %v; want %d, nil", chunk, n, err, len(chunk))
		}
	}
	if got, want := out.String(), "worker | one\nworker | two\n"; got != want {
		t.Errorf("output = %q, want %q (a partial line waits for its newline)", got, want)
	}
}

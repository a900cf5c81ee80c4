package retryafter

import (
	"net/http"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"2", 2 * time.Second, true},
		{" 2 ", 2 * time.Second, true},
		{"0.5", 500 * time.Millisecond, true},
		{"0", 0, true},
		{now.Add(10 * time.Second).Format(http.TimeFormat), 10 * time.Second, true},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0, true},
		{"", 0, false},
		{"soon", 0, false},
		{"-1", 0, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Parse(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFromResponse(t *testing.T) {
	if got := FromResponse(nil); got != 0 {
		t.Errorf("FromResponse(nil) = %v, want 0", got)
	}
	resp := &http.Response{Header: http.Header{"Retry-After": {"3"}}}
	if got := FromResponse(resp); got != 3*time.Second {
		t.Errorf("FromResponse(Retry-After: 3) = %v, want 3s", got)
	}
	if got := FromResponse(&http.Response{Header: http.Header{}}); got != 0 {
		t.Errorf("FromResponse(no header) = %v, want 0", got)
	}
}

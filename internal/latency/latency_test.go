package latency_test

import (
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/latency"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in       string
		str      string
		min, max time.Duration
		err      string
	}{
		{in: "", str: "0"},
		{in: "1.5s", str: "1.5s", min: 1500 * time.Millisecond, max: 1500 * time.Millisecond},
		{in: "uniform:1s-2s", str: "uniform:1s-2s", min: time.Second, max: 2 * time.Second},
		{in: "exp:100ms", str: "exp:100ms", min: 0, max: time.Second},
		{in: "fast", err: "invalid duration"},
		{in: "-1s", err: "negative"},
		{in: "uniform:2s-1s", err: "below min"},
		{in: "uniform:1s", err: "uniform:<min>-<max>"},
		{in: "normal:1s", err: `unknown distribution "normal"`},
	}
	for _, tt := range tests {
		d, err := latency.Parse(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Parse(%q): got error %v, want one containing %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := d.String(); got != tt.str {
			t.Errorf("Parse(%q).String(): got %q, want %q", tt.in, got, tt.str)
		}
		for range 200 {
			if s := d.Sample(); s < tt.min || s > tt.max {
				t.Fatalf("Parse(%q).Sample(): got %s, want within [%s, %s]", tt.in, s, tt.min, tt.max)
			}
		}
	}
}

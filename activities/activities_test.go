package activities

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFileKeyName(t *testing.T) {
	tests := []struct{ name, want string }{
		{"cleaned.csv", "cleaned.csv"},
		{"tables/top.html", "tables/top.html"},
		{"my report.xlsx", "my_report-" + "%s" + ".xlsx"},
		{"ünïcode", "_n_code-%s"},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		got := fileKeyName(tt.name)
		if strings.Contains(tt.want, "%s") {
			prefix, suffix, _ := strings.Cut(tt.want, "%s")
			assert.True(t, strings.HasPrefix(got, prefix) && strings.HasSuffix(got, suffix) && len(got) == len(prefix)+8+len(suffix),
				"fileKeyName(%q): got %q, want %q with an 8-digit hash", tt.name, got, tt.want)
		} else {
			assert.Equal(t, tt.want, got, "fileKeyName(%q)", tt.name)
		}
		assert.False(t, seen[got])
		seen[got] = true
	}
	assert.NotEqual(t, fileKeyName("a b.csv"), fileKeyName("a_b.csv"), "two names never share a key")
}

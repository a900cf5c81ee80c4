// Package clip cuts text to a byte bound without cutting a character in
// two. Workflow code uses it, so it stays deterministic and imports only
// the standard library.
package clip

import "unicode/utf8"

// Prefix is the longest prefix of s of at most n bytes that ends on a
// character boundary.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := max(n, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// String is s when it fits in n bytes, else its prefix followed by marker,
// the two together at most n bytes.
func String(s string, n int, marker string) string {
	if len(s) <= n {
		return s
	}
	return Prefix(s, n-len(marker)) + marker
}

// Package redact removes credentials from text that leaves the worker in
// plaintext: error messages in workflow histories, logs and reports.
//
// Add registers the credentials the process knows (model, E2B and S3 keys);
// String replaces them, and anything shaped like a credential (bearer
// tokens, sk-/e2b_ keys, AWS key ids, key=value secrets, a URL's user info
// and query), by "[redacted]". Line also folds the text onto one line and
// clips it to a bound.
package redact

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/durable-analyst/durable-analyst/internal/clip"
)

// ClippedMarker ends a text that Line cut to its bound.
const ClippedMarker = " …[clipped]"

// minSecretLen keeps a mistaken one- or two-letter "secret" from blanking
// every message; no real credential is that short.
const minSecretLen = 6

// secrets holds the configured credentials that a message must never carry,
// whichever client or server put them there.
var secrets struct {
	sync.RWMutex
	values []string
}

// Add registers credentials that String must replace. Values shorter than
// six bytes are ignored.
func Add(values ...string) {
	secrets.Lock()
	defer secrets.Unlock()
	for _, v := range values {
		if len(v) >= minSecretLen && !slices.Contains(secrets.values, v) {
			secrets.values = append(secrets.values, v)
		}
	}
}

// tokenPatterns find credentials by their shape, for keys that are not
// configured here (a gateway echoing a caller's key, a presigned URL).
var tokenPatterns = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`(?i)\b(bearer|basic)\s+[A-Za-z0-9._~+/=*-]+`), "$1 [redacted]"},
	{regexp.MustCompile(`\b(sk|rk|pk)-[A-Za-z0-9_*-]{6,}`), "$1-[redacted]"},
	{regexp.MustCompile(`\b(sk_)?e2b_[A-Za-z0-9_]{8,}`), "${1}e2b_[redacted]"},
	{regexp.MustCompile(`\b(AKIA|ASIA)[A-Z0-9]{16}\b`), "$1[redacted]"},
	{regexp.MustCompile(`(?i)\b(api[_-]?key|access[_-]?token|secret|password|x-amz-signature|x-amz-credential|x-amz-security-token)(["']?\s*[:=]\s*["']?)[^\s"'&,;]+`), "$1$2[redacted]"},
	// URLs of any scheme (a validation error quotes an ftp:// or s3://
	// URL as given) lose their user info and query (signatures, tokens).
	{regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@"'<>]+@`), "$1[redacted]@"},
	{regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.-]*://[^\s?#"'<>]*)\?[^\s"'<>]*`), "$1?[redacted]"},
}

// String removes registered secrets and anything shaped like a credential.
func String(s string) string {
	secrets.RLock()
	for _, v := range secrets.values {
		s = strings.ReplaceAll(s, v, "[redacted]")
	}
	secrets.RUnlock()
	for _, p := range tokenPatterns {
		s = p.re.ReplaceAllString(s, p.repl)
	}
	return s
}

// Line redacts s, folds it onto one line and clips it to n bytes (with
// ClippedMarker saying so), never cutting a character in two.
func Line(s string, n int) string {
	return clip.String(strings.Join(strings.Fields(strings.ToValidUTF8(String(s), "\uFFFD")), " "), n, ClippedMarker)
}

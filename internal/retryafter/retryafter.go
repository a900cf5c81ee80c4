// Package retryafter reads the Retry-After header (RFC 9110 §10.2.3), once,
// for every client in the project: the E2B client, the model client and
// plain dataset URLs all hand the same header to the same parser, so a
// server's "wait 2 s" means the same to each of them.
package retryafter

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Parse reads a Retry-After value given in seconds (a fraction is accepted:
// some model gateways send "1.5") or as an HTTP date, relative to now. A
// date in the past is a zero delay. ok is false for an empty, negative or
// unreadable value.
func Parse(v string, now time.Time) (d time.Duration, ok bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		return time.Duration(secs * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// FromResponse is the delay a response asks for, or 0 when it asks for none
// (or resp is nil).
func FromResponse(resp *http.Response) time.Duration {
	if resp == nil {
		return 0
	}
	d, _ := Parse(resp.Header.Get("Retry-After"), time.Now())
	return d
}

package api

import (
	"fmt"
	"net/netip"
	"strings"
)

// MaxHostBytes is the longest DNS name (RFC 1035), in bytes.
const MaxHostBytes = 253

// HostProblem says what is wrong with the host of a dataset URL (as
// url.URL.Hostname returns it), or "" when nothing is. A host is an IP
// address (dotted-decimal IPv4 or IPv6, without a zone) or a DNS name of at
// most MaxHostBytes bytes whose labels are 1-63 letters, digits and inner
// hyphens, without a trailing dot: "localhost." names the same host as
// "localhost" but slips past checks that compare names. An
// internationalised name is written in its ASCII (xn--) form. The worker
// checks hosts again when it fetches, each redirect hop included.
func HostProblem(host string) string {
	if host == "" {
		return "no host"
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		if ip.Zone() != "" {
			return "an IPv6 address with a zone is not allowed"
		}
		return ""
	}
	switch {
	case len(host) > MaxHostBytes:
		return fmt.Sprintf("host name of %d bytes, at most %d", len(host), MaxHostBytes)
	case strings.HasSuffix(host, "."):
		return fmt.Sprintf("host name %q ends with a dot; write it without", host)
	}
	labels := strings.Split(host, ".")
	for _, l := range labels {
		switch {
		case l == "":
			return fmt.Sprintf("host name %q has an empty label", host)
		case len(l) > 63:
			return fmt.Sprintf("host name %q has a label of %d bytes, at most 63", host, len(l))
		case strings.Trim(strings.ToLower(l), "abcdefghijklmnopqrstuvwxyz0123456789-") != "":
			return fmt.Sprintf("host name %q may hold only letters, digits, hyphens and dots (write an internationalised name in its xn-- form)", host)
		case l[0] == '-' || l[len(l)-1] == '-':
			return fmt.Sprintf("host name %q has a label that starts or ends with a hyphen", host)
		}
	}
	last := strings.ToLower(labels[len(labels)-1])
	if strings.Trim(last, "0123456789") == "" || (strings.HasPrefix(last, "0x") && strings.Trim(last[2:], "0123456789abcdef") == "") {
		return fmt.Sprintf("host %q is neither a host name nor an IP address in standard notation", host)
	}
	return ""
}

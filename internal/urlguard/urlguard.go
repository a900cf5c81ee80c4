// Package urlguard fetches URLs that untrusted input names (a dataset URL in
// a workflow input) without letting them reach the worker's own network: only
// http and https, a bounded number of redirects, and every connection, also
// each redirect hop, is checked at dial time against the address actually
// dialed, so DNS rebinding does not help. Loopback, private, link-local
// (cloud metadata), unspecified, multicast, CGNAT and other reserved
// addresses are refused unless an allowlist names the host or its network.
//
// Which addresses count as not public comes from code.dny.dev/ssrf, whose
// lists are generated from the IANA special-purpose registries.
package urlguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"syscall"
	"time"

	"code.dny.dev/ssrf"

	"github.com/durable-analyst/durable-analyst/api"
)

// EnvVar is the variable that holds the allowlist; refusals name it.
const EnvVar = "DATASET_URL_ALLOW"

// MaxRedirects is how many redirects a fetch follows.
const MaxRedirects = 5

// RefusedError says why a URL was not fetched. Nothing was sent to the
// refused address.
type RefusedError struct {
	// Host is the URL's host; empty when the refusal is not about a host.
	Host string
	// IP is the refused address; invalid when the refusal is not about an
	// address (a scheme, a redirect count, a malformed host).
	IP     netip.Addr
	Reason string
}

func (e *RefusedError) Error() string {
	if !e.IP.IsValid() {
		return e.Reason
	}
	if e.Host == "" || e.Host == e.IP.String() {
		return fmt.Sprintf("%s is %s; allow it with %s", e.IP, e.Reason, EnvVar)
	}
	return fmt.Sprintf("%s resolves to %s, %s; allow it with %s", e.Host, e.IP, e.Reason, EnvVar)
}

// Guard dials only addresses that are public or allowlisted. It is safe for
// concurrent use.
type Guard struct {
	allow    Allowlist
	deny     *ssrf.Guardian
	lookup   func(ctx context.Context, host string) ([]netip.Addr, error)
	checked  net.Dialer // dials a checked IP; its Control hook checks again at connect
	trusting net.Dialer // dials hosts the allowlist names, wherever they resolve
}

// Option configures a Guard.
type Option func(*Guard)

// WithLookup replaces DNS resolution (for tests: a name that resolves to a
// private address without a DNS server).
func WithLookup(f func(ctx context.Context, host string) ([]netip.Addr, error)) Option {
	return func(g *Guard) { g.lookup = f }
}

// New returns a Guard that refuses what allow does not allow.
func New(allow Allowlist, opts ...Option) *Guard {
	g := &Guard{allow: allow, deny: ssrf.New(ssrf.WithAnyPort())}
	g.lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
		return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}
	for _, o := range opts {
		o(g)
	}
	g.checked = net.Dialer{Timeout: 30 * time.Second, Control: g.control}
	g.trusting = net.Dialer{Timeout: 30 * time.Second}
	return g
}

// Client returns an HTTP client that dials through g, follows at most
// MaxRedirects redirects, refuses schemes other than http and https on
// every hop, and ignores proxies from the environment (HTTP_PROXY and
// friends): a proxy would dial on the client's behalf, where the check
// cannot see the address.
func (g *Guard) Client(timeout time.Duration) *http.Client {
	t := &http.Transport{
		Proxy:                 nil,
		DialContext:           g.DialContext,
		ForceAttemptHTTP2:     true,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: time.Minute,
		MaxIdleConns:          16,
		IdleConnTimeout:       90 * time.Second,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: schemeCheck{t},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > MaxRedirects {
				return &RefusedError{Reason: fmt.Sprintf("stopped after %d redirects", MaxRedirects)}
			}
			return nil
		},
	}
}

// schemeCheck refuses every request, first or redirected, that is not http
// or https.
type schemeCheck struct{ next http.RoundTripper }

func (s schemeCheck) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, &RefusedError{Reason: fmt.Sprintf("scheme %q is not allowed, only http and https", req.URL.Scheme)}
	}
	return s.next.RoundTrip(req)
}

// DialContext resolves addr's host, refuses addresses that are not allowed
// and dials the first allowed one that answers. A host the allowlist names
// is dialed wherever it resolves.
func (g *Guard) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	ips, err := g.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	trusted := g.allow.allowsHost(host)
	var refused *RefusedError
	var dialErr error
	for _, ip := range ips {
		d := &g.trusting
		if !trusted {
			if err := g.check(ip); err != nil {
				if refused == nil {
					refused = err
					refused.Host = host
				}
				continue
			}
			d = &g.checked
		}
		conn, err := d.DialContext(ctx, network, net.JoinHostPort(ip.String(), port))
		if err == nil {
			return conn, nil
		}
		dialErr = err
	}
	if dialErr != nil {
		// An allowed address failed to answer: that may pass, so it is not
		// reported as a refusal.
		return nil, dialErr
	}
	return nil, refused
}

// resolve turns a host into addresses. Numeric spellings other than
// dotted-decimal IPv4 and IPv6 (2130706433, 0177.0.0.1, 0x7f.1) are
// refused: resolvers disagree on what they mean.
func (g *Guard) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{ip.Unmap()}, nil
	}
	if numeric(host) {
		return nil, &RefusedError{Host: host, Reason: fmt.Sprintf(
			"host %q is an IP address in a non-standard notation (decimal, octal or hex); write it as a dotted-decimal IPv4 or an IPv6 address", host)}
	}
	// The contract's host rule, again at dial time: a redirect can name
	// any host, and "localhost." would dodge the allowlist's names.
	if p := api.HostProblem(host); p != "" {
		return nil, &RefusedError{Host: host, Reason: p}
	}
	ips, err := g.lookup(ctx, host)
	if err != nil {
		return nil, err
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("lookup %s: no addresses", host)
	}
	for i := range ips {
		ips[i] = ips[i].Unmap()
	}
	return ips, nil
}

// control is the dialer's last word: it sees the address the socket is
// about to connect to.
func (g *Guard) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("urlguard: cannot parse dialed address %q: %w", address, err)
	}
	if err := g.check(ap.Addr()); err != nil {
		return err
	}
	return nil
}

// check refuses an address that is not public, unless allowlisted.
func (g *Guard) check(ip netip.Addr) *RefusedError {
	ip = ip.WithZone("").Unmap()
	if g.allow.allowsIP(ip) {
		return nil
	}
	if err := g.deny.SafeAddr(ip); err != nil {
		return &RefusedError{IP: ip, Reason: describe(ip)}
	}
	return nil
}

var (
	cgnat     = netip.MustParsePrefix("100.64.0.0/10")
	broadcast = netip.MustParseAddr("255.255.255.255")
	metadata  = []netip.Addr{netip.MustParseAddr("169.254.169.254"), netip.MustParseAddr("fd00:ec2::254")}
)

// describe names the kind of a refused address for the error message.
func describe(ip netip.Addr) string {
	switch {
	case slices.Contains(metadata, ip):
		return "a cloud metadata address"
	case ip.IsUnspecified():
		return "an unspecified address"
	case ip.IsLoopback():
		return "a loopback address"
	case ip.IsLinkLocalUnicast():
		return "a link-local address"
	case ip.IsPrivate():
		return "a private address"
	case cgnat.Contains(ip):
		return "a shared (CGNAT) address"
	case ip == broadcast:
		return "a broadcast address"
	case ip.IsMulticast():
		return "a multicast address"
	}
	return "a reserved address, not publicly routable"
}

// numeric says whether a host that is not an IP address would still be read
// as one by some resolver: its last label is all digits or hex with 0x (no
// top-level domain is numeric).
func numeric(host string) bool {
	host = strings.TrimSuffix(host, ".")
	last := host[strings.LastIndexByte(host, '.')+1:]
	if l := strings.ToLower(last); strings.HasPrefix(l, "0x") {
		return strings.Trim(l[2:], "0123456789abcdef") == ""
	}
	return last != "" && strings.Trim(last, "0123456789") == ""
}

// Allowlist names the hosts and networks a fetch may reach although they
// are not public. The zero value allows nothing.
type Allowlist struct {
	hosts    []string
	prefixes []netip.Prefix
}

// ParseAllowlist reads a comma-separated list of host names, IP addresses
// and CIDRs (e.g. "data.internal,127.0.0.1,10.1.0.0/16"). The error is one
// line naming every bad item.
func ParseAllowlist(s string) (Allowlist, error) {
	var a Allowlist
	var bad []string
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.Contains(item, "://") {
			bad = append(bad, fmt.Sprintf("%q is not a host name, IP address or CIDR (no scheme, port or path)", item))
			continue
		}
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				bad = append(bad, fmt.Sprintf("%q is not a CIDR (%v)", item, err))
				continue
			}
			if p.Addr().Is4In6() {
				p = netip.PrefixFrom(p.Addr().Unmap(), max(p.Bits()-96, 0))
			}
			a.prefixes = append(a.prefixes, p.Masked())
			continue
		}
		if ip, err := netip.ParseAddr(item); err == nil && ip.Zone() == "" {
			ip = ip.Unmap()
			a.prefixes = append(a.prefixes, netip.PrefixFrom(ip, ip.BitLen()))
			continue
		}
		name := normalHost(item)
		if !hostName(name) || numeric(name) {
			bad = append(bad, fmt.Sprintf("%q is not a host name, IP address or CIDR", item))
			continue
		}
		a.hosts = append(a.hosts, name)
	}
	if len(bad) > 0 {
		return Allowlist{}, errors.New(strings.Join(bad, "; "))
	}
	return a, nil
}

func (a Allowlist) allowsHost(host string) bool {
	return len(a.hosts) > 0 && slices.Contains(a.hosts, normalHost(host))
}

func (a Allowlist) allowsIP(ip netip.Addr) bool {
	return slices.ContainsFunc(a.prefixes, func(p netip.Prefix) bool { return p.Contains(ip) })
}

func normalHost(h string) string { return strings.TrimSuffix(strings.ToLower(h), ".") }

// hostName says whether s is a syntactically valid DNS name.
func hostName(s string) bool {
	if s == "" || len(s) > 253 {
		return false
	}
	for label := range strings.SplitSeq(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		if strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			return false
		}
	}
	return true
}

// Redact shortens a URL for messages and logs: no user info, the query
// elided, at most max bytes.
func Redact(raw string, max int) string {
	var s string
	if u, err := url.Parse(raw); err == nil {
		query := u.RawQuery != "" || u.ForceQuery
		u.User, u.RawQuery, u.ForceQuery, u.Fragment, u.RawFragment = nil, "", false, "", ""
		s = u.String()
		if query {
			s += "?…"
		}
	} else {
		// Unparsable: cut by hand.
		s, _, _ = strings.Cut(raw, "#")
		var query bool
		s, _, query = strings.Cut(s, "?")
		if scheme, rest, ok := strings.Cut(s, "://"); ok {
			authority, path, _ := strings.Cut(rest, "/")
			if i := strings.LastIndexByte(authority, '@'); i >= 0 {
				authority = authority[i+1:]
			}
			s = scheme + "://" + authority
			if path != "" || strings.Contains(rest, "/") {
				s += "/" + path
			}
		}
		if query {
			s += "?…"
		}
	}
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8Start(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

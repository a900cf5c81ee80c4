package urlguard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestParseAllowlist(t *testing.T) {
	tests := []struct {
		in        string
		wantErr   string // "" means valid
		allowed   []string
		refused   []string
		hostAllow []string
	}{
		{in: ""},
		{in: " , "},
		{in: "127.0.0.1", allowed: []string{"127.0.0.1"}, refused: []string{"127.0.0.2", "::1"}},
		{in: "10.1.0.0/16, fd00::/8", allowed: []string{"10.1.200.3", "fd00::1"}, refused: []string{"10.2.0.1", "fc00::1"}},
		{in: "10.1.2.3/8", allowed: []string{"10.9.9.9"}}, // host bits are masked
		{in: "::ffff:127.0.0.1", allowed: []string{"127.0.0.1"}},
		{in: "::ffff:10.0.0.0/104", allowed: []string{"10.200.0.1"}, refused: []string{"11.0.0.1"}},
		{in: "Data.Internal., localhost", hostAllow: []string{"data.internal", "DATA.internal.", "localhost"}},
		{in: "10.0.0.0/33", wantErr: `"10.0.0.0/33" is not a CIDR`},
		{in: "localhost:8080", wantErr: `"localhost:8080" is not a host name, IP address or CIDR`},
		{in: "http://x", wantErr: `"http://x" is not a host name`},
		{in: "2130706433", wantErr: `"2130706433" is not a host name`},
		{in: "a b, ok.example, -bad.example", wantErr: `"a b" is not a host name, IP address or CIDR; "-bad.example" is not`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			a, err := ParseAllowlist(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseAllowlist(%q): got error %v, want one containing %q", tt.in, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseAllowlist(%q): got error %v, want none", tt.in, err)
			}
			for _, s := range tt.allowed {
				if !a.allowsIP(netip.MustParseAddr(s).Unmap()) {
					t.Errorf("ParseAllowlist(%q) does not allow %s, want allowed", tt.in, s)
				}
			}
			for _, s := range tt.refused {
				if a.allowsIP(netip.MustParseAddr(s)) {
					t.Errorf("ParseAllowlist(%q) allows %s, want refused", tt.in, s)
				}
			}
			for _, h := range tt.hostAllow {
				if !a.allowsHost(h) {
					t.Errorf("ParseAllowlist(%q) does not allow host %s, want allowed", tt.in, h)
				}
			}
			if a.allowsHost("other.example") {
				t.Errorf("ParseAllowlist(%q) allows host other.example, want refused", tt.in)
			}
		})
	}
}

// The dialer's Control hook checks the address the socket connects to, so
// even a caller that skips DialContext's checks cannot reach a refused
// address: no connection is made.
func TestControlHookRefusesAtConnect(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	g := New(Allowlist{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	conn, err := g.checked.DialContext(ctx, "tcp", ln.Addr().String())
	var refused *RefusedError
	if !errors.As(err, &refused) {
		if conn != nil {
			conn.Close()
		}
		t.Fatalf("dial %s through the checked dialer: got %v, want a RefusedError", ln.Addr(), err)
	}
	if got, want := refused.Error(), "127.0.0.1 is a loopback address"; !strings.Contains(got, want) {
		t.Errorf("got %q, want it to contain %q", got, want)
	}

	// The first connection the listener sees is this one: the refused dial
	// never connected.
	ok, err := g.trusting.DialContext(ctx, "tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer ok.Close()
	if _, err := ok.Write([]byte("ok")); err != nil {
		t.Fatal(err)
	}
	first, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	b := make([]byte, 2)
	if _, err := io.ReadFull(first, b); err != nil || string(b) != "ok" {
		t.Errorf("first accepted connection read %q, %v; want %q from the allowed dial", b, err, "ok")
	}
}

// DNS rebinding: a name that resolved to an allowed address for one
// connection and to loopback for the next is refused on the next. Every
// connection is checked after its own lookup, against the address dialed.
func TestRebindingIsCheckedOnEveryConnection(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2: %v", err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close") // the next request dials again
		fmt.Fprint(w, "data")
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	defer srv.Close()

	var lookups atomic.Int64
	lookup := func(_ context.Context, host string) ([]netip.Addr, error) {
		if lookups.Add(1) == 1 {
			return []netip.Addr{netip.MustParseAddr("127.0.0.2")}, nil
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	allow, err := ParseAllowlist("127.0.0.2")
	if err != nil {
		t.Fatal(err)
	}
	c := New(allow, WithLookup(lookup)).Client(10 * time.Second)
	u := fmt.Sprintf("http://rebind.example:%d/", ln.Addr().(*net.TCPAddr).Port)

	resp, err := c.Get(u)
	if err != nil {
		t.Fatalf("first GET: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "data" {
		t.Fatalf("first GET: got %q, want %q", b, "data")
	}

	_, err = c.Get(u)
	var refused *RefusedError
	if !errors.As(err, &refused) {
		t.Fatalf("second GET after rebinding: got %v, want a RefusedError", err)
	}
	if got, want := refused.Error(), "rebind.example resolves to 127.0.0.1, a loopback address"; !strings.Contains(got, want) {
		t.Errorf("got %q, want it to contain %q", got, want)
	}
	if n := lookups.Load(); n != 2 {
		t.Errorf("got %d lookups, want 2 (one per connection)", n)
	}
}

// A proxy from the environment would dial on the client's behalf, out of
// the guard's sight: the client must not use one.
func TestClientIgnoresEnvironmentProxy(t *testing.T) {
	c := New(Allowlist{}).Client(time.Second)
	sc, ok := c.Transport.(schemeCheck)
	if !ok {
		t.Fatalf("got transport %T, want schemeCheck", c.Transport)
	}
	tr, ok := sc.next.(*http.Transport)
	if !ok {
		t.Fatalf("got inner transport %T, want *http.Transport", sc.next)
	}
	if tr.Proxy != nil {
		t.Error("the transport has a Proxy func, want none (HTTP_PROXY must not bypass the guard)")
	}
	if tr.DialContext == nil {
		t.Error("the transport has no DialContext, want the guard's")
	}
}

func TestRedact(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 100)
	tests := []struct{ in, want string }{
		{"https://example.com/a.csv", "https://example.com/a.csv"},
		{"https://user:pw@example.com/a.csv?X-Amz-Signature=abc#frag", "https://example.com/a.csv?…"},
		{long, long[:40] + "…"},
		{"http://u:pw@[::1/x.csv?sig=1#f", "http://[::1/x.csv?…"},
		{"http://[::1?sig=1", "http://[::1?…"},
		{"http://h/" + strings.Repeat("é", 30), "http://h/%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%…"},
		{"http://[::1/a" + strings.Repeat("é", 30), "http://[::1/a" + strings.Repeat("é", 13) + "…"}, // cut on a rune boundary
	}
	for _, tt := range tests {
		if got := Redact(tt.in, 40); got != tt.want {
			t.Errorf("Redact(%q): got %q, want %q", tt.in, got, tt.want)
		}
	}
}

// BenchmarkCheck is the cost the guard adds to every connection: one
// address check (allowlist, then the IANA deny lists).
func BenchmarkCheck(b *testing.B) {
	allow, err := ParseAllowlist("data.internal,10.1.0.0/16")
	if err != nil {
		b.Fatal(err)
	}
	g := New(allow)
	for _, ip := range []string{"93.184.215.14", "127.0.0.1", "2606:4700::1111"} {
		addr := netip.MustParseAddr(ip)
		b.Run(ip, func(b *testing.B) {
			for b.Loop() {
				_ = g.check(addr)
			}
		})
	}
}

// BenchmarkFetch compares a GET on a new connection through the guarded
// client (allowlisted loopback) with a plain http.Client.
func BenchmarkFetch(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close")
		fmt.Fprint(w, "a,b\n1,2\n")
	}))
	defer srv.Close()
	allow, err := ParseAllowlist("127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		hc   *http.Client
	}{
		{"guarded", New(allow).Client(10 * time.Second)},
		{"plain", &http.Client{Timeout: 10 * time.Second}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				resp, err := c.hc.Get(srv.URL)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		})
	}
}

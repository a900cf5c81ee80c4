package sandboxes

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/urlguard"
)

// TestFetchURLGuard: dataset URLs that reach loopback, private, link-local
// or other non-public addresses — directly, through DNS, through a numeric
// spelling or through a redirect — are refused before anything is sent
// there, as a non-retryable DatasetError that names the dataset and the
// reason; allowlisted hosts and networks are fetched. "Public" hosts are
// simulated by a lookup hook plus a host allowlist entry, so no internet is
// needed.
func TestFetchURLGuard(t *testing.T) {
	const body = "region,revenue\nWest,10\n"
	var dataHits atomic.Int64
	data := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		dataHits.Add(1)
		w.Header().Set("Content-Type", "text/html") // not trusted: the bytes are the file
		fmt.Fprint(w, body)
	}))
	t.Cleanup(data.Close)
	dataPort := data.Listener.Addr().(*net.TCPAddr).Port
	local := fmt.Sprintf("http://127.0.0.1:%d", dataPort)

	// redirects: /to?u=X redirects to X; /hops/n redirects n more times,
	// then to the data server.
	redir := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u := r.URL.Query().Get("u"); u != "" {
			http.Redirect(w, r, u, http.StatusFound)
			return
		}
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/hops/"))
		if n == 0 {
			http.Redirect(w, r, fmt.Sprintf("http://public.example:%d/data.csv", dataPort), http.StatusFound)
			return
		}
		http.Redirect(w, r, fmt.Sprintf("/hops/%d", n-1), http.StatusFound)
	}))
	t.Cleanup(redir.Close)
	public := fmt.Sprintf("http://public.example:%d", redir.Listener.Addr().(*net.TCPAddr).Port)

	lookup := func(ctx context.Context, host string) ([]netip.Addr, error) {
		switch host {
		case "public.example": // stands for a public host; allowlisted by name below
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		case "internal.example":
			return []netip.Addr{netip.MustParseAddr("10.0.0.7")}, nil
		case "metadata.example":
			return []netip.Addr{netip.MustParseAddr("fd00:ec2::254")}, nil
		}
		return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}

	tests := []struct {
		name  string
		url   string
		allow string
		want  string // in the error; "" means the fetch succeeds
		limit int64  // MaxDatasetBytes; 0 means 1 MiB
	}{
		{"loopback", local + "/data.csv?sig=s3cr3t", "", "127.0.0.1 is a loopback address; allow it with DATASET_URL_ALLOW", 0},
		{"localhost", fmt.Sprintf("http://localhost:%d/data.csv", dataPort), "", "localhost resolves to", 0},
		{"IPv6 loopback", fmt.Sprintf("http://[::1]:%d/", dataPort), "", "::1 is a loopback address", 0},
		{"10/8", "http://10.1.2.3/data.csv", "", "10.1.2.3 is a private address", 0},
		{"172.16/12", "http://172.16.5.4:8080/data.csv", "", "172.16.5.4 is a private address", 0},
		{"192.168/16", "https://192.168.0.10/data.csv", "", "192.168.0.10 is a private address", 0},
		{"cloud metadata", "http://169.254.169.254/latest/meta-data/iam/", "", "169.254.169.254 is a cloud metadata address", 0},
		{"IPv6 cloud metadata", "http://[fd00:ec2::254]/latest/", "", "fd00:ec2::254 is a cloud metadata address", 0},
		{"name resolving to metadata", "http://metadata.example/", "", "metadata.example resolves to fd00:ec2::254, a cloud metadata address", 0},
		{"link-local", "http://169.254.10.1/", "", "a link-local address", 0},
		{"IPv6 unique local", "http://[fd12::1]/", "", "fd12::1 is a private address", 0},
		{"CGNAT", "http://100.64.1.1/", "", "100.64.1.1 is a shared (CGNAT) address", 0},
		{"unspecified", fmt.Sprintf("http://0.0.0.0:%d/data.csv", dataPort), "", "0.0.0.0 is an unspecified address", 0},
		{"multicast", "http://224.0.0.1/", "", "224.0.0.1 is a multicast address", 0},
		{"broadcast", "http://255.255.255.255/", "", "255.255.255.255 is a broadcast address", 0},
		{"name resolving to private", "http://internal.example/data.csv", "", "internal.example resolves to 10.0.0.7, a private address", 0},
		{"decimal IP", fmt.Sprintf("http://2130706433:%d/", dataPort), "", "non-standard notation", 0},
		{"octal IP", fmt.Sprintf("http://0177.0.0.1:%d/", dataPort), "", "non-standard notation", 0},
		{"hex IP", fmt.Sprintf("http://0x7f.0.0.1:%d/", dataPort), "", "non-standard notation", 0},
		{"IPv4-mapped IPv6", fmt.Sprintf("http://[::ffff:127.0.0.1]:%d/data.csv", dataPort), "", "127.0.0.1, a loopback address", 0},
		{"public redirecting to loopback", public + "/to?u=" + local + "/data.csv", "public.example",
			"redirected to " + local + "/data.csv: 127.0.0.1 is a loopback address", 0},
		{"public redirecting to a private name", public + "/to?u=http://internal.example/x", "public.example",
			"redirected to http://internal.example/x: internal.example resolves to 10.0.0.7", 0},
		{"public redirecting to file", public + "/to?u=file:///etc/passwd", "public.example", `scheme "file" is not allowed`, 0},
		{"file scheme", "file:///etc/passwd", "", `scheme "file" is not allowed, only http and https`, 0},
		{"ftp scheme", "ftp://example.com/data.csv", "", `scheme "ftp" is not allowed`, 0},
		{"too many redirects", public + "/hops/5", "public.example", "stopped after 5 redirects", 0},
		{"five redirects are followed", public + "/hops/4", "public.example", "", 0},
		{"allowlisted CIDR", local + "/data.csv", "10.0.0.0/8, 127.0.0.0/8", "", 0},
		{"allowlisted IP, mapped spelling", fmt.Sprintf("http://[::ffff:127.0.0.1]:%d/data.csv", dataPort), "127.0.0.1", "", 0},
		{"allowlisted host", fmt.Sprintf("http://localhost:%d/data.csv", dataPort), "localhost", "", 0},
		{"allowlist is not a wildcard", "http://10.0.0.8/", "127.0.0.1,10.0.0.7,internal.example", "10.0.0.8 is a private address", 0},
		{"malformed", "http://[::1/x.csv?sig=s3cr3t", "", "bad url http://[::1/x.csv?…: missing ']' in host", 0},
		{"size still bounded", local + "/data.csv", "127.0.0.1", "over the limit of 8 bytes", 8},
		{"trailing dot dodging the allowlist", fmt.Sprintf("http://localhost.:%d/data.csv", dataPort), "localhost", `host name "localhost." ends with a dot`, 0},
		{"500-byte host", "http://" + strings.Repeat("a", 62) + strings.Repeat(".aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 7) + ".test/x.csv", "", "host name of 508 bytes, at most 253", 0},
		{"public redirecting to a trailing-dot host", public + "/to?u=http://public.example./x", "public.example", `redirected to http://public.example./x: host name "public.example." ends with a dot`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			allow, err := urlguard.ParseAllowlist(tt.allow)
			if err != nil {
				t.Fatalf("allowlist %q: %v", tt.allow, err)
			}
			limit := tt.limit
			if limit == 0 {
				limit = 1 << 20
			}
			a := New(&activities.Activities{HTTP: urlguard.New(allow, urlguard.WithLookup(lookup)).Client(10 * time.Second), MaxDatasetBytes: limit})
			before := dataHits.Load()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			got, err := a.fetchURL(ctx, api.Dataset{Name: "x.csv", URL: tt.url})

			if tt.want == "" {
				if err != nil {
					t.Fatalf("fetch %s: got error %v, want the file", tt.url, err)
				}
				if string(got) != body {
					t.Errorf("fetch %s: got %q, want %q", tt.url, got, body)
				}
				return
			}
			if err == nil {
				t.Fatalf("fetch %s: got %d bytes, want an error containing %q", tt.url, len(got), tt.want)
			}
			var appErr *temporal.ApplicationError
			if !errors.As(err, &appErr) {
				t.Fatalf("got %T %v, want an ApplicationError", err, err)
			}
			if appErr.Type() != api.ErrTypeDataset || !appErr.NonRetryable() {
				t.Errorf("got type %q non-retryable %v, want %q non-retryable", appErr.Type(), appErr.NonRetryable(), api.ErrTypeDataset)
			}
			msg := appErr.Error()
			t.Log(msg)
			if !strings.Contains(msg, `dataset "x.csv": `) || !strings.Contains(msg, tt.want) {
				t.Errorf("got message %q, want it to name the dataset and contain %q", msg, tt.want)
			}
			if strings.Contains(msg, "s3cr3t") {
				t.Errorf("got message %q, want the query left out", msg)
			}
			if n := dataHits.Load() - before; n != 0 && tt.limit == 0 {
				t.Errorf("the data server got %d requests, want none", n)
			}
		})
	}
}

// TestFetchURLBounds: a server that drips bytes fails on the minimum rate,
// one that sends fast enough but never ends fails on the total deadline,
// both as non-retryable DatasetErrors naming the dataset; a host that does
// not exist is retried once (Unavailable), then is a DatasetError.
func TestFetchURLBounds(t *testing.T) {
	drip := func(every time.Duration, chunk int) *httptest.Server {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/csv")
			w.WriteHeader(http.StatusOK)
			for {
				if _, err := w.Write([]byte(strings.Repeat("x", chunk))); err != nil {
					return
				}
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
					return
				case <-time.After(every):
				}
			}
		}))
		t.Cleanup(srv.Close)
		return srv
	}
	slow := drip(500*time.Millisecond, 1)        // 2 bytes/s
	endless := drip(20*time.Millisecond, 10<<10) // ~500 KB/s, never ends
	allow, err := urlguard.ParseAllowlist("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, url, want, typ string
		timeout              time.Duration
		minRate              int64
	}{
		{"slow drip", slow.URL + "/d.csv", "too slow: ", api.ErrTypeDataset, time.Minute, 1024},
		{"endless", endless.URL + "/d.csv", "not finished within 2s (DATASET_FETCH_TIMEOUT)", api.ErrTypeDataset, 2 * time.Second, 1024},
		{"no such host, first attempt", "http://no-such-host.invalid/d.csv", `no such host "no-such-host.invalid" (tried once more before giving up)`, api.ErrTypeUnavailable, 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := New(&activities.Activities{HTTP: urlguard.New(allow).Client(0), MaxDatasetBytes: 1 << 30,
				FetchTimeout: tt.timeout, FetchMinRate: tt.minRate, FetchRateWindow: time.Second})
			_, err := a.fetchURL(context.Background(), api.Dataset{Name: "d.csv", URL: tt.url})
			var appErr *temporal.ApplicationError
			if !errors.As(err, &appErr) {
				t.Fatalf("got %T %v, want an ApplicationError", err, err)
			}
			t.Log(appErr.Error())
			if appErr.Type() != tt.typ || appErr.NonRetryable() != (tt.typ == api.ErrTypeDataset) {
				t.Errorf("got type %q non-retryable %v, want %q", appErr.Type(), appErr.NonRetryable(), tt.typ)
			}
			if msg := appErr.Error(); !strings.Contains(msg, `dataset "d.csv": `) || !strings.Contains(msg, tt.want) {
				t.Errorf("got %q, want it to name the dataset and contain %q", msg, tt.want)
			}
		})
	}
}

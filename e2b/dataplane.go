package e2b

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// sharedHostDomains are the domains whose envd traffic goes to the shared
// host sandbox.{domain}, routed by headers (docs/e2b-protocol.md §3.2).
var sharedHostDomains = map[string]bool{"e2b.app": true, "e2b.dev": true, "e2b.pro": true, "e2b-staging.dev": true}

// baseURL returns the base URL of one of the sandbox's ports.
func (s *Sandbox) baseURL(port int) string {
	c := s.client
	switch {
	case c.sandboxURL != "":
		return c.sandboxURL
	case c.debug:
		return "http://localhost:" + strconv.Itoa(port)
	case port == wire.EnvdPort && sharedHostDomains[s.Domain]:
		return "https://sandbox." + s.Domain
	default:
		return "https://" + s.Host(port)
	}
}

// Host returns the public host name of a port of the sandbox, without
// scheme: {port}-{id}.{domain}.
func (s *Sandbox) Host(port int) string {
	return strconv.Itoa(port) + "-" + s.ID + "." + s.Domain
}

// dataRequest returns a request to a sandbox port with the routing headers,
// plus the access token if withToken.
func (s *Sandbox) dataRequest(op, method string, port int, path string, withToken bool) *request {
	h := http.Header{}
	h.Set(wire.HeaderSandboxID, s.ID)
	h.Set(wire.HeaderSandboxPort, strconv.Itoa(port))
	if withToken && s.accessToken != "" {
		h.Set(wire.HeaderAccessToken, s.accessToken)
	}
	if s.trafficToken != "" && port != wire.EnvdPort {
		h.Set(wire.HeaderTrafficToken, s.trafficToken)
	}
	return &request{op: op, method: method, url: s.baseURL(port) + path, header: h}
}

// IsRunning probes envd's /health: true on 2xx, false on 502 (the proxy's
// answer for a sandbox that is gone), an error otherwise.
func (s *Sandbox) IsRunning(ctx context.Context) (bool, error) {
	r := s.dataRequest("check sandbox health", http.MethodGet, wire.EnvdPort, "/health", false)
	r.idempotent = true
	_, _, err := s.client.do(ctx, r)
	if err == nil {
		return true, nil
	}
	if ae, ok := asAPIError(err); ok && ae.StatusCode == http.StatusBadGateway {
		return false, nil
	}
	return false, err
}

// goneAfterDrop turns a dropped data-plane connection into a sandbox-gone
// error when a quick health probe says the sandbox is no longer running;
// otherwise it returns err unchanged.
func (s *Sandbox) goneAfterDrop(ctx context.Context, op string, err error) error {
	if err == nil || ctx.Err() != nil {
		return err
	}
	if _, ok := asAPIError(err); ok {
		return err
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if running, perr := s.IsRunning(pctx); perr == nil && !running {
		return &APIError{Kind: KindSandboxGone, Op: op, Message: "the sandbox was killed while the request was in progress (likely its timeout expired)"}
	}
	return err
}

// streamError is the error of a stream read under ctx that failed with err:
// the context's error once ctx is done, else err as goneAfterDrop sees it.
func (s *Sandbox) streamError(ctx context.Context, op string, err error) error {
	err = s.goneAfterDrop(ctx, op, err)
	if ctx.Err() != nil {
		return fmt.Errorf("e2b: %s: %w", op, ctx.Err())
	}
	return err
}

// userAuth returns the Basic authorization value that selects a user in
// envd, or "" for the default user.
func userAuth(user string) string {
	if user == "" {
		return ""
	}
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"))
}

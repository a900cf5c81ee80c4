package e2b

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// sharedHostDomains are the domains whose envd traffic goes to the shared
// host sandbox.{domain}, routed by headers (protocol doc §3.2).
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

// rpc makes a unary Connect call to envd with JSON in and out.
func (s *Sandbox) rpc(ctx context.Context, op, procedure string, idempotent bool, in, out any) error {
	r := s.dataRequest(op, http.MethodPost, wire.EnvdPort, procedure, true)
	if err := r.setJSON(in); err != nil {
		return err
	}
	r.idempotent = idempotent
	r.header.Set(wire.HeaderConnectProtocolVersion, "1")
	_, body, err := s.client.do(ctx, r)
	if err != nil {
		return err
	}
	return decodeJSON(op, body, out)
}

// maxEnvelope bounds one message of an envd stream (output chunks are at
// most 32 KiB before base64).
const maxEnvelope = 16 << 20

// rpcStream opens a server-streaming Connect call to envd. timeout > 0 is
// sent as Connect-Timeout-Ms (envd uses it as the process lifetime).
func (s *Sandbox) rpcStream(ctx context.Context, op, procedure string, in any, timeout time.Duration, user string) (*connectStream, error) {
	b, err := json.Marshal(in)
	if err != nil {
		return nil, fmt.Errorf("e2b: %s: encode request: %w", op, err)
	}
	var env bytes.Buffer
	if err := wire.WriteEnvelope(&env, wire.FlagData, b); err != nil {
		return nil, fmt.Errorf("e2b: %s: %w", op, err)
	}
	r := s.dataRequest(op, http.MethodPost, wire.EnvdPort, procedure, true)
	r.body = env.Bytes()
	r.stream = true
	r.ok = []int{http.StatusOK}
	r.header.Set("Content-Type", wire.ContentTypeConnectJSON)
	r.header.Set(wire.HeaderConnectProtocolVersion, "1")
	r.header.Set(wire.HeaderKeepalivePingInterval, "50")
	if timeout > 0 {
		r.header.Set(wire.HeaderConnectTimeoutMs, strconv.FormatInt(timeout.Milliseconds(), 10))
	}
	if a := userAuth(user); a != "" {
		r.header.Set("Authorization", a)
	}
	resp, _, err := s.client.do(ctx, r)
	if err != nil {
		return nil, err
	}
	if ct := resp.Header.Get("Content-Type"); !hasMediaType(ct, wire.ContentTypeConnectJSON) {
		resp.Body.Close()
		return nil, &APIError{StatusCode: resp.StatusCode, Kind: KindServer, Op: op, Message: "unexpected content type " + strconv.Quote(ct)}
	}
	return &connectStream{op: op, body: resp.Body}, nil
}

// openStream opens a server stream with rpcStream and reads its first
// message into first, within the client's request timeout (the handshake;
// what names it in the timeout error). An unavailable error, or a dropped
// connection to a sandbox that is no longer running, means the sandbox is
// gone.
func (s *Sandbox) openStream(ctx context.Context, op, procedure string, in any, timeout time.Duration, user, what string, first any) (*connectStream, error) {
	st, err := s.rpcStream(ctx, op, procedure, in, timeout, user)
	if err != nil {
		return nil, err
	}
	var timedOut atomic.Bool
	if rt := s.client.requestTimeout; rt > 0 {
		t := time.AfterFunc(rt, func() { timedOut.Store(true); st.Close() })
		defer t.Stop()
	}
	if err := st.next(first); err != nil {
		st.Close()
		if timedOut.Load() {
			return nil, timeoutError(op, s.client.requestTimeout, what)
		}
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("e2b: %s: stream ended before its start event", op)
		}
		if ae, ok := asAPIError(err); ok && ae.Code == wire.CodeUnavailable {
			ae.Kind = KindSandboxGone
			ae.Message = "sandbox is probably not running anymore: " + ae.Message
		}
		return nil, s.goneAfterDrop(ctx, op, err)
	}
	return st, nil
}

func hasMediaType(ct, want string) bool {
	return len(ct) >= len(want) && ct[:len(want)] == want && (len(ct) == len(want) || ct[len(want)] == ';' || ct[len(want)] == ' ')
}

// connectStream reads the envelopes of a Connect server stream.
type connectStream struct {
	op   string
	body io.ReadCloser
	done bool
}

// errMissingEnd is returned when a stream ends without its end-stream
// message, which Connect treats as an error.
var errMissingEnd = errors.New("stream ended without an end-stream message")

// next decodes the next data message into v. It returns io.EOF after a
// successful end-stream message, and the stream's error otherwise.
func (cs *connectStream) next(v any) error {
	if cs.done {
		return io.EOF
	}
	flags, payload, err := wire.ReadEnvelope(cs.body, maxEnvelope)
	if err != nil {
		cs.done = true
		if errors.Is(err, io.EOF) {
			err = errMissingEnd
		}
		return fmt.Errorf("e2b: %s: %w", cs.op, err)
	}
	switch {
	case flags&wire.FlagEndStream != 0:
		cs.done = true
		var end wire.EndStream
		if len(payload) > 0 {
			if err := json.Unmarshal(payload, &end); err != nil {
				return fmt.Errorf("e2b: %s: decode end of stream: %w", cs.op, err)
			}
		}
		if end.Error != nil {
			return newConnectError(cs.op, end.Error)
		}
		return io.EOF
	case flags&wire.FlagCompressed != 0:
		cs.done = true
		return fmt.Errorf("e2b: %s: compressed stream messages are not supported", cs.op)
	}
	if err := json.Unmarshal(payload, v); err != nil {
		cs.done = true
		return fmt.Errorf("e2b: %s: decode stream message: %w", cs.op, err)
	}
	return nil
}

func (cs *connectStream) Close() error { return cs.body.Close() }

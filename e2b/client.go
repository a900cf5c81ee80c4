package e2b

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// Version is the version of this client, sent in the User-Agent header.
const Version = "0.1.0"

const (
	defaultDomain         = "e2b.app"
	defaultRetries        = 2
	maxRetries            = 2
	defaultRequestTimeout = 60 * time.Second
	debugAPIURL           = "http://localhost:3000"
	// maxRetryWait is the longest Retry-After the client waits out itself;
	// longer waits are left to the caller (see RetryAfter).
	maxRetryWait = 30 * time.Second
	// maxResponseBody bounds unary response bodies read into memory.
	maxResponseBody = 64 << 20
)

// Client talks to the E2B control-plane API and, through the Sandbox values
// it returns, to each sandbox's data plane. It is safe for concurrent use.
type Client struct {
	apiKey         string
	apiURL         string // without trailing slash
	domain         string
	sandboxURL     string // E2B_SANDBOX_URL override, without trailing slash
	debug          bool
	httpClient     *http.Client
	retries        int
	requestTimeout time.Duration
	userAgent      string
	// envdBinary makes envd calls use the binary protobuf codec instead of
	// JSON (what the SDKs send); the tests run both against e2blocal.
	envdBinary bool

	// sleep waits between retries; tests replace it to observe the waits.
	sleep func(ctx context.Context, d time.Duration) error
}

// Option configures a Client. Options win over environment variables.
type Option func(*settings)

type settings struct {
	apiKey, domain, apiURL, sandboxURL *string
	debug                              *bool
	httpClient                         *http.Client
	retries                            *int
	requestTimeout                     *time.Duration
}

// WithAPIKey sets the API key (default: $E2B_API_KEY).
func WithAPIKey(key string) Option { return func(s *settings) { s.apiKey = &key } }

// WithDomain sets the E2B domain (default: $E2B_DOMAIN, else e2b.app).
func WithDomain(d string) Option { return func(s *settings) { s.domain = &d } }

// WithAPIURL sets the control-plane base URL (default: $E2B_API_URL, else
// https://api.{domain}).
func WithAPIURL(u string) Option { return func(s *settings) { s.apiURL = &u } }

// WithSandboxURL sends every data-plane request to one base URL, routing
// with the E2b-Sandbox-Id and E2b-Sandbox-Port headers (default:
// $E2B_SANDBOX_URL). Local E2B-compatible servers are reached this way.
func WithSandboxURL(u string) Option { return func(s *settings) { s.sandboxURL = &u } }

// WithDebug turns debug mode on or off (default: $E2B_DEBUG == "true"). In
// debug mode no API key is needed, Create and Connect make no API call and
// the data plane is http://localhost:{port}.
func WithDebug(on bool) Option { return func(s *settings) { s.debug = &on } }

// WithHTTPClient sets the HTTP client (default: a client without timeout;
// the per-request timeout is WithRequestTimeout).
func WithHTTPClient(c *http.Client) Option { return func(s *settings) { s.httpClient = c } }

// WithRetries sets how many times an idempotent call is retried after a
// 429, 502, 503, 504 or a connection error: 0, 1 or 2 (the default).
func WithRetries(n int) Option { return func(s *settings) { s.retries = &n } }

// WithRequestTimeout bounds each HTTP attempt of a unary call, and the wait
// for response headers of a streaming call (default 60s; 0 disables). It is
// unrelated to a sandbox's lifetime (CreateParams.Timeout).
func WithRequestTimeout(d time.Duration) Option { return func(s *settings) { s.requestTimeout = &d } }

// NewClient returns a client configured from options, then the environment
// variables E2B_API_KEY, E2B_DOMAIN, E2B_API_URL, E2B_SANDBOX_URL and
// E2B_DEBUG, then defaults.
func NewClient(opts ...Option) (*Client, error) {
	var s settings
	for _, o := range opts {
		o(&s)
	}
	pick := func(opt *string, env string) string {
		if opt != nil {
			return *opt
		}
		return os.Getenv(env)
	}
	c := &Client{
		apiKey:         pick(s.apiKey, "E2B_API_KEY"),
		domain:         pick(s.domain, "E2B_DOMAIN"),
		apiURL:         strings.TrimRight(pick(s.apiURL, "E2B_API_URL"), "/"),
		sandboxURL:     strings.TrimRight(pick(s.sandboxURL, "E2B_SANDBOX_URL"), "/"),
		debug:          strings.EqualFold(os.Getenv("E2B_DEBUG"), "true"),
		httpClient:     s.httpClient,
		retries:        defaultRetries,
		requestTimeout: defaultRequestTimeout,
		userAgent:      "e2b-go/" + Version,
		sleep:          sleepCtx,
	}
	if s.debug != nil {
		c.debug = *s.debug
	}
	if s.retries != nil {
		if *s.retries < 0 || *s.retries > maxRetries {
			return nil, fmt.Errorf("e2b: retries must be between 0 and %d, got %d", maxRetries, *s.retries)
		}
		c.retries = *s.retries
	}
	if s.requestTimeout != nil {
		if *s.requestTimeout < 0 {
			return nil, fmt.Errorf("e2b: request timeout must not be negative, got %s", *s.requestTimeout)
		}
		c.requestTimeout = *s.requestTimeout
	}
	if c.domain == "" {
		c.domain = defaultDomain
	}
	if c.apiURL == "" {
		c.apiURL = "https://api." + c.domain
		if c.debug {
			c.apiURL = debugAPIURL
		}
	}
	if c.httpClient == nil {
		c.httpClient = &http.Client{}
	}
	if c.apiKey == "" && !c.debug {
		return nil, errors.New("e2b: no API key: set E2B_API_KEY or use WithAPIKey")
	}
	return c, nil
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// backoff returns the jittered wait before retry number attempt (0-based):
// half of 250ms*2^attempt plus a random part of the other half.
func backoff(attempt int) time.Duration {
	d := 250 * time.Millisecond << attempt
	return d/2 + rand.N(d/2+1)
}

// request describes one logical HTTP call, possibly sent several times.
type request struct {
	op         string // for errors: "create sandbox"
	method     string
	url        string
	header     http.Header
	body       []byte // sent identically on every attempt
	idempotent bool   // retried on 429/502/503/504 and connection errors
	stream     bool   // the caller reads the body; the timeout covers headers only
	// ok lists the accepted statuses; empty means any 2xx.
	ok []int
}

// jsonRequest returns a request with v (if non-nil) encoded as its JSON body.
func jsonRequest(op, method, url string, v any) (*request, error) {
	r := &request{op: op, method: method, url: url, header: http.Header{}}
	if v != nil {
		if err := r.setJSON(v); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// setJSON encodes v as the request's JSON body.
func (r *request) setJSON(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("e2b: %s: encode request: %w", r.op, err)
	}
	r.body = b
	r.header.Set("Content-Type", wire.ContentTypeJSON)
	return nil
}

// decodeJSON decodes a response body into out, unless out is nil or the
// body is empty.
func decodeJSON(op string, body []byte, out any) error {
	if out == nil || len(bytes.TrimSpace(body)) == 0 {
		return nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("e2b: %s: decode response: %w", op, err)
	}
	return nil
}

var errRequestTimeout = errors.New("request timeout")

// timeoutError is the APIError for a client-side deadline.
func timeoutError(op string, d time.Duration, what string) *APIError {
	return &APIError{Kind: KindTimeout, Op: op, Message: fmt.Sprintf("%s did not complete within %s", what, d)}
}

// do sends r, retrying idempotent requests, and returns the successful
// response. For stream requests the body is left open (the caller must close
// it); otherwise it has been read into the returned byte slice.
func (c *Client) do(ctx context.Context, r *request) (*http.Response, []byte, error) {
	for attempt := 0; ; attempt++ {
		resp, body, err := c.attempt(ctx, r)
		if err == nil {
			return resp, body, nil
		}
		if !r.idempotent || attempt >= c.retries || ctx.Err() != nil {
			return nil, nil, err
		}
		var wait time.Duration
		if ae, ok := asAPIError(err); ok {
			switch ae.StatusCode {
			case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			default:
				return nil, nil, err
			}
			wait = ae.RetryAfter
			if wait > maxRetryWait {
				return nil, nil, err
			}
		}
		if wait == 0 {
			wait = backoff(attempt)
		}
		if err := c.sleep(ctx, wait); err != nil {
			return nil, nil, fmt.Errorf("e2b: %s: %w", r.op, err)
		}
	}
}

// attempt sends r once.
func (c *Client) attempt(ctx context.Context, r *request) (*http.Response, []byte, error) {
	actx, cancel := context.WithCancelCause(ctx)
	var timer *time.Timer
	if c.requestTimeout > 0 {
		timer = time.AfterFunc(c.requestTimeout, func() { cancel(errRequestTimeout) })
	}
	fail := func(err error) (*http.Response, []byte, error) {
		if timer != nil {
			timer.Stop()
		}
		timedOut := errors.Is(context.Cause(actx), errRequestTimeout)
		cancel(nil)
		if timedOut {
			return nil, nil, timeoutError(r.op, c.requestTimeout, "request")
		}
		if ctx.Err() != nil {
			return nil, nil, fmt.Errorf("e2b: %s: %w", r.op, ctx.Err())
		}
		return nil, nil, err
	}
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(actx, r.method, r.url, body)
	if err != nil {
		cancel(nil)
		return nil, nil, fmt.Errorf("e2b: %s: %w", r.op, err)
	}
	for k, v := range r.header {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", c.userAgent)
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fail(fmt.Errorf("e2b: %s: %w", r.op, err))
	}
	if !statusOK(resp.StatusCode, r.ok) {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		resp.Body.Close()
		return fail(newResponseError(r.op, resp, b))
	}
	if r.stream {
		if timer != nil && !timer.Stop() {
			resp.Body.Close()
			return fail(timeoutError(r.op, c.requestTimeout, "request"))
		}
		resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
		return resp, nil, nil
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBody+1))
	resp.Body.Close()
	if err != nil {
		return fail(fmt.Errorf("e2b: %s: read response: %w", r.op, err))
	}
	if len(b) > maxResponseBody {
		return fail(fmt.Errorf("e2b: %s: response larger than %d bytes", r.op, maxResponseBody))
	}
	if timer != nil {
		timer.Stop()
	}
	cancel(nil)
	return resp, b, nil
}

func statusOK(status int, ok []int) bool {
	if len(ok) == 0 {
		return status >= 200 && status < 300
	}
	for _, s := range ok {
		if s == status {
			return true
		}
	}
	return false
}

// cancelOnClose releases a request's context when its body is closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelCauseFunc
}

func (c *cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel(nil)
	return err
}

// api sends a control-plane request and decodes a JSON answer into out
// (if out is non-nil and the answer has a body).
func (c *Client) api(ctx context.Context, r *request, out any) (*http.Response, error) {
	r.url = c.apiURL + r.url
	r.header.Set(wire.HeaderAPIKey, c.apiKey)
	resp, body, err := c.do(ctx, r)
	if err != nil {
		return nil, err
	}
	if err := decodeJSON(r.op, body, out); err != nil {
		return nil, err
	}
	return resp, nil
}

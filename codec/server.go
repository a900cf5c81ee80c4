package codec

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"

	commonpb "go.temporal.io/api/common/v1"
	"google.golang.org/protobuf/encoding/protojson"
)

// Default bounds of the codec server (ServerOptions). Temporal itself
// refuses payloads over 2 MB (blob size limit) and gRPC messages over
// 4 MB, so a real payload never needs more than DefaultMaxPayloadBytes.
const (
	// DefaultMaxRequestBytes bounds one /encode or /decode request body.
	DefaultMaxRequestBytes = 4 << 20
	// DefaultMaxPayloadBytes bounds what one payload may decode to.
	DefaultMaxPayloadBytes = 4 << 20
	// DefaultMaxDecodedBytes bounds what all payloads of one request may
	// decode to together.
	DefaultMaxDecodedBytes = 16 << 20
	// DefaultInflation: a request may decode to at most this many times
	// its body size (or one DefaultMaxPayloadBytes payload, if that is
	// more), so memory follows what the client sent, not what it asked for.
	DefaultInflation = 8
	// DefaultMaxConcurrent requests are decoded at once; more wait.
	DefaultMaxConcurrent = 4
)

// ServerOptions configures NewHandler.
type ServerOptions struct {
	// Origins are the exact browser origins (scheme://host:port) of the
	// Temporal UI that may call the codec server; none means no CORS
	// headers, so only the CLI and other non-browser clients can use it.
	Origins []string
	// Hosts are the Host header values (host or host:port) the server
	// answers; a request naming another host is refused (a defence against
	// DNS rebinding). None means any host.
	Hosts []string
	// Token, when set, must come on every /encode and /decode request,
	// either as "Authorization: Bearer <token>" (the temporal CLI's
	// --codec-auth) or as the last path segment before /encode or /decode
	// (an endpoint http://host:port/<token> for the Temporal UI, which
	// cannot send a header of its own without a login).
	Token string
	// MaxRequestBytes bounds a request body; 0 means DefaultMaxRequestBytes.
	MaxRequestBytes int64
	// MaxPayloadBytes bounds one decoded payload; 0 means
	// DefaultMaxPayloadBytes.
	MaxPayloadBytes int64
	// MaxDecodedBytes bounds all decoded payloads of one request; 0 means
	// DefaultMaxDecodedBytes.
	MaxDecodedBytes int64
	// Inflation bounds decoded bytes per body byte; 0 means
	// DefaultInflation.
	Inflation int64
	// MaxConcurrent bounds requests served at once; 0 means
	// DefaultMaxConcurrent.
	MaxConcurrent int
}

func (o *ServerOptions) defaults() {
	if o.MaxRequestBytes <= 0 {
		o.MaxRequestBytes = DefaultMaxRequestBytes
	}
	if o.MaxPayloadBytes <= 0 {
		o.MaxPayloadBytes = DefaultMaxPayloadBytes
	}
	if o.MaxDecodedBytes <= 0 {
		o.MaxDecodedBytes = DefaultMaxDecodedBytes
	}
	if o.Inflation <= 0 {
		o.Inflation = DefaultInflation
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = DefaultMaxConcurrent
	}
}

// budget is what a request with a body of n bytes may decode to in total.
func (o *ServerOptions) budget(n int64) int64 {
	return min(o.MaxDecodedBytes, max(o.MaxPayloadBytes, o.Inflation*n))
}

// NewHandler serves c as the codec server the Temporal UI and CLI expect:
// POST /encode and POST /decode with a JSON Payloads body (any path prefix,
// e.g. /{namespace}/decode, works too). Browsers get CORS headers for the
// configured origins; OPTIONS preflights are answered before the token
// check, because browsers send them without credentials. Decoding is
// bounded (see ServerOptions): a request that would inflate beyond its
// bounds gets 413 and costs no more memory than the bounds.
func NewHandler(c *Codec, o ServerOptions) http.Handler {
	o.defaults()
	sem := make(chan struct{}, o.MaxConcurrent)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(o.Hosts) > 0 && !hostAllowed(r.Host, o.Hosts) {
			http.Error(w, fmt.Sprintf("codec server: host %q is not served here", r.Host), http.StatusMisdirectedRequest)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && slices.Contains(o.Origins, origin) {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Credentials", "true")
			h.Set("Access-Control-Allow-Methods", "POST, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Content-Type, Authorization, X-Namespace")
			h.Set("Access-Control-Max-Age", "600")
			h.Add("Vary", "Origin")
		}
		if r.Method == http.MethodOptions {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST, OPTIONS")
			http.Error(w, "codec server: use POST /encode or POST /decode", http.StatusMethodNotAllowed)
			return
		}
		prefix, op := splitOp(r.URL.Path)
		if op == "" {
			http.Error(w, "codec server: use POST /encode or POST /decode", http.StatusNotFound)
			return
		}
		if o.Token != "" && !bearerMatches(r.Header.Get("Authorization"), o.Token) && !pathTokenMatches(prefix, o.Token) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="codec"`)
			http.Error(w, "codec server: missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		select {
		case sem <- struct{}{}:
			defer func() { <-sem }()
		case <-r.Context().Done():
			return
		}
		serve(w, r, c, &o, op)
	})
}

// serve reads, encodes or decodes and answers one request.
func serve(w http.ResponseWriter, r *http.Request, c *Codec, o *ServerOptions, op string) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, o.MaxRequestBytes))
	if err != nil {
		if mbe := (*http.MaxBytesError)(nil); errors.As(err, &mbe) {
			http.Error(w, fmt.Sprintf("codec server: request body too large (limit %d bytes)", o.MaxRequestBytes), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "codec server: read request: "+err.Error(), http.StatusBadRequest)
		return
	}
	var in commonpb.Payloads
	if err := protojson.Unmarshal(body, &in); err != nil {
		http.Error(w, "codec server: request is not JSON Payloads: "+err.Error(), http.StatusBadRequest)
		return
	}
	var out []*commonpb.Payload
	if op == "encode" {
		out, err = c.Encode(in.Payloads)
	} else {
		budget := o.budget(int64(len(body)))
		body = nil // what is left to hold is the parsed request
		out, err = c.DecodeWithin(in.Payloads, o.MaxPayloadBytes, budget)
		if errors.Is(err, ErrTooLarge) {
			http.Error(w, fmt.Sprintf("codec server: %v (per payload %d bytes; per request %d bytes for this body)", err, o.MaxPayloadBytes, budget), http.StatusRequestEntityTooLarge)
			return
		}
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	resp, err := protojson.Marshal(&commonpb.Payloads{Payloads: out})
	if err != nil {
		http.Error(w, "codec server: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(resp)
}

// splitOp splits ".../<prefix>/encode" into the prefix and "encode" (or
// "decode"); op is "" for any other path.
func splitOp(path string) (prefix, op string) {
	for _, s := range []string{"encode", "decode"} {
		if p, ok := strings.CutSuffix(path, "/"+s); ok {
			return p, s
		}
	}
	return "", ""
}

// hostAllowed reports whether the Host header host is one of allowed
// (compared without case; an entry without a port allows any port).
func hostAllowed(host string, allowed []string) bool {
	for _, a := range allowed {
		if strings.EqualFold(host, a) {
			return true
		}
		if _, _, err := net.SplitHostPort(a); err != nil { // a bare host name
			if h, _, err := net.SplitHostPort(host); err == nil && strings.EqualFold(h, strings.Trim(a, "[]")) {
				return true
			}
		}
	}
	return false
}

// bearerMatches compares an Authorization header with the token in
// constant time.
func bearerMatches(header, token string) bool {
	got, ok := strings.CutPrefix(header, "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(token)) == 1
}

// pathTokenMatches compares the last segment of the path prefix with the
// token in constant time.
func pathTokenMatches(prefix, token string) bool {
	seg := prefix[strings.LastIndex(prefix, "/")+1:]
	return seg != "" && subtle.ConstantTimeCompare([]byte(seg), []byte(token)) == 1
}

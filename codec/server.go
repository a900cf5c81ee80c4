package codec

import (
	"crypto/subtle"
	"net/http"
	"slices"
	"strings"

	"go.temporal.io/sdk/converter"
)

// DefaultMaxRequestBytes bounds one /encode or /decode request body: a
// history page the UI decodes at once stays well below it.
const DefaultMaxRequestBytes = 8 << 20

// ServerOptions configures NewHandler.
type ServerOptions struct {
	// Origins are the exact browser origins (scheme://host:port) of the
	// Temporal UI that may call the codec server; none means no CORS
	// headers, so only the CLI and other non-browser clients can use it.
	Origins []string
	// Token, when set, must come as "Authorization: Bearer <token>" on
	// every /encode and /decode request.
	Token string
	// MaxRequestBytes bounds a request body; 0 means DefaultMaxRequestBytes.
	MaxRequestBytes int64
}

// NewHandler serves c as the codec server the Temporal UI and CLI expect:
// POST /encode and POST /decode with a JSON Payloads body (any path prefix,
// e.g. /{namespace}/decode, works too). Browsers get CORS headers for the
// configured origins; OPTIONS preflights are answered before the token
// check, because browsers send them without credentials.
func NewHandler(c converter.PayloadCodec, o ServerOptions) http.Handler {
	if o.MaxRequestBytes <= 0 {
		o.MaxRequestBytes = DefaultMaxRequestBytes
	}
	inner := converter.NewPayloadCodecHTTPHandler(c)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
		if !strings.HasSuffix(r.URL.Path, "/encode") && !strings.HasSuffix(r.URL.Path, "/decode") {
			http.Error(w, "codec server: use POST /encode or POST /decode", http.StatusNotFound)
			return
		}
		if o.Token != "" && !bearerMatches(r.Header.Get("Authorization"), o.Token) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="codec"`)
			http.Error(w, "codec server: missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, o.MaxRequestBytes)
		inner.ServeHTTP(w, r)
	})
}

// bearerMatches compares an Authorization header with the token in
// constant time.
func bearerMatches(header, token string) bool {
	got, ok := strings.CutPrefix(header, "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(token)) == 1
}

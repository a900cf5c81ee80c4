package e2b

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem/filesystemconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process/processconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// envd's Connect-RPC services are called through the clients connect-go
// generates from e2b/internal/envd/proto. Their HTTP goes through
// envdTransport, which sends it with the client's own machinery (routing
// headers, access token, User-Agent, request timeout, retries of idempotent
// calls and the typed APIError of a non-Connect error answer), so envd calls
// behave like every other call of this package.

// maxEnvdMessage bounds one message from envd (output chunks are at most
// 32 KiB).
const maxEnvdMessage = 16 << 20

// callKey carries the per-call settings from a Connect call to envdTransport.
type callKey struct{}

// envdCall says how envdTransport sends one Connect call.
type envdCall struct {
	op         string        // for errors: "list directory /x"
	idempotent bool          // a unary call that may be retried
	stream     bool          // a server stream: the body stays open
	lifetime   time.Duration // streams: Connect-Timeout-Ms, envd's process/watch lifetime; <= 0 = none
}

// envdTransport is the connect.HTTPClient of a sandbox's envd clients.
type envdTransport struct{ sb *Sandbox }

// Do sends a request connect-go built, through Client.do.
func (t envdTransport) Do(req *http.Request) (*http.Response, error) {
	call, _ := req.Context().Value(callKey{}).(envdCall)
	var body []byte
	if req.Body != nil {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, transportError{fmt.Errorf("e2b: %s: read request: %w", call.op, err)}
		}
		body = b
	}
	r := t.sb.dataRequest(call.op, req.Method, wire.EnvdPort, "", true)
	r.url = req.URL.String() // connect-go's: the envd base URL and the procedure
	for k, v := range req.Header {
		if r.header.Get(k) == "" {
			r.header[k] = v
		}
	}
	// The lifetime goes to envd exactly as asked (the SDKs send their
	// timeoutMs), never derived from ctx's deadline as connect-go would.
	r.header.Del(wire.HeaderConnectTimeoutMs)
	if call.lifetime > 0 {
		r.header.Set(wire.HeaderConnectTimeoutMs, strconv.FormatInt(call.lifetime.Milliseconds(), 10))
	}
	r.body = body
	r.idempotent = call.idempotent
	r.stream = call.stream
	r.ok = []int{http.StatusOK}
	resp, b, err := t.sb.client.do(req.Context(), r)
	if err != nil {
		return nil, transportError{err}
	}
	if !call.stream {
		resp.Body = io.NopCloser(bytes.NewReader(b))
		resp.ContentLength = int64(len(b))
	}
	return resp, nil
}

// transportError marks an error of envdTransport, which connect-go wraps:
// envdError hands it back unwrapped.
type transportError struct{ err error }

func (e transportError) Error() string { return e.err.Error() }
func (e transportError) Unwrap() error { return e.err }

// errBrokenStream marks a Connect call that failed without an answer from
// envd: a cut connection, a stream without its end-stream message, a
// malformed message. It is retryable, and worth a health probe.
var errBrokenStream = errors.New("envd call broken")

// envdError turns the error of a Connect call into this package's errors:
// the transport's own error as it was, envd's Connect error as an APIError,
// anything connect-go saw go wrong on the wire as errBrokenStream.
func envdError(op string, err error) error {
	if err == nil {
		return nil
	}
	var te transportError
	if errors.As(err, &te) {
		return te.err
	}
	var ce *connect.Error
	if !errors.As(err, &ce) || !connect.IsWireError(ce) {
		return fmt.Errorf("e2b: %s: %w: %w", op, errBrokenStream, err)
	}
	return &APIError{StatusCode: connectStatus(ce.Code()), Kind: kindForConnectCode(ce.Code()), Code: ce.Code().String(), Message: ce.Message(), Op: op}
}

// clientOptions are the connect-go options of the envd clients: JSON like
// the SDKs (binary when the client is told), no compression (the SDKs ask
// for none and envd's chunks are small).
func (s *Sandbox) clientOptions() []connect.ClientOption {
	opts := []connect.ClientOption{connect.WithReadMaxBytes(maxEnvdMessage), connect.WithAcceptCompression("gzip", nil, nil)}
	if !s.client.envdBinary {
		opts = append(opts, connect.WithProtoJSON())
	}
	return opts
}

// envdClients makes the sandbox's envd clients once: making one costs
// ~35 µs and 135 allocations, too much to repeat on every call.
func (s *Sandbox) envdClients() {
	s.envdOnce.Do(func() {
		url, opts := s.baseURL(wire.EnvdPort), s.clientOptions()
		s.fsClient = filesystemconnect.NewFilesystemClient(envdTransport{s}, url, opts...)
		s.psClient = processconnect.NewProcessClient(envdTransport{s}, url, opts...)
	})
}

// filesystem returns the client of envd's filesystem service.
func (s *Sandbox) filesystem() filesystemconnect.FilesystemClient {
	s.envdClients()
	return s.fsClient
}

// process returns the client of envd's process service.
func (s *Sandbox) process() processconnect.ProcessClient {
	s.envdClients()
	return s.psClient
}

// unary makes a unary envd call: f with ctx carrying the call's settings.
func unary[Req, Resp any](ctx context.Context, op string, idempotent bool, msg *Req,
	f func(context.Context, *connect.Request[Req]) (*connect.Response[Resp], error)) (*Resp, error) {
	ctx = context.WithValue(ctx, callKey{}, envdCall{op: op, idempotent: idempotent})
	resp, err := f(ctx, connect.NewRequest(msg))
	if err != nil {
		return nil, envdError(op, err)
	}
	return resp.Msg, nil
}

// envdStream is an open server stream of envd.
type envdStream[T any] struct {
	op     string
	st     *connect.ServerStreamForClient[T]
	cancel context.CancelFunc
	once   sync.Once
}

// openStream opens a server stream and reads its first message within the
// client's request timeout (the handshake; what names it in the timeout
// error). An unavailable error, or a dropped connection to a sandbox that
// is no longer running, means the sandbox is gone. lifetime > 0 is sent as
// Connect-Timeout-Ms; user selects the envd user.
func openStream[Req, Resp any](ctx context.Context, s *Sandbox, op string, msg *Req, lifetime time.Duration, user, what string,
	f func(context.Context, *connect.Request[Req]) (*connect.ServerStreamForClient[Resp], error)) (*envdStream[Resp], *Resp, error) {
	sctx, cancel := context.WithCancel(context.WithValue(ctx, callKey{}, envdCall{op: op, stream: true, lifetime: lifetime}))
	req := connect.NewRequest(msg)
	req.Header().Set(wire.HeaderKeepalivePingInterval, "50")
	if a := userAuth(user); a != "" {
		req.Header().Set("Authorization", a)
	}
	var timedOut atomic.Bool
	var timer *time.Timer
	if rt := s.client.requestTimeout; rt > 0 {
		timer = time.AfterFunc(rt, func() { timedOut.Store(true); cancel() })
	}
	st, err := f(sctx, req)
	if err == nil && !st.Receive() {
		err = st.Err()
		if err == nil {
			err = errors.New("stream ended before its start event")
		}
	}
	if timer != nil && !timer.Stop() {
		timedOut.Store(true) // fired after the start event: the stream is cancelled anyway
	}
	if err != nil || timedOut.Load() {
		cancel()
		if st != nil {
			_ = st.Close()
		}
		if timedOut.Load() {
			return nil, nil, timeoutError(op, s.client.requestTimeout, what)
		}
		err = envdError(op, err)
		if ae, ok := asAPIError(err); ok && ae.Code == connect.CodeUnavailable.String() { // already KindSandboxGone
			ae.Message = "sandbox is probably not running anymore: " + ae.Message
		}
		return nil, nil, s.goneAfterDrop(ctx, op, err)
	}
	return &envdStream[Resp]{op: op, st: st, cancel: cancel}, st.Msg(), nil
}

// next returns the next message, or io.EOF after a successful end of
// stream, or the stream's error.
func (es *envdStream[T]) next() (*T, error) {
	if es.st.Receive() {
		return es.st.Msg(), nil
	}
	if err := es.st.Err(); err != nil {
		return nil, envdError(es.op, err)
	}
	return nil, io.EOF
}

// stop ends the stream from any goroutine: a pending next returns.
func (es *envdStream[T]) stop() { es.cancel() }

// close releases the stream; call it from the goroutine that reads it.
func (es *envdStream[T]) close() {
	es.once.Do(func() {
		es.cancel()
		_ = es.st.Close()
	})
}

package activities

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"

	"github.com/openai/openai-go/v3/option"
)

// maxErrorBody bounds the error body normalizeErrorBody reads.
const maxErrorBody = 64 << 10

// normalizeErrorBody is a model client middleware for OpenAI-compatible
// servers that answer an error with {"error": "text"} instead of OpenAI's
// {"error": {"message": …}}: openai-go cannot decode that and returns a
// JSON error without the status, which fault.Classify would retry as a network
// fault. The body is rewritten to OpenAI's shape, keeping the server's text.
func NormalizeErrorBody(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	resp, err := next(req)
	if err != nil || resp.StatusCode < 400 || resp.Body == nil {
		return resp, err
	}
	head, rerr := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	if rerr != nil {
		_ = resp.Body.Close()
		return nil, rerr
	}
	var body struct {
		Error json.RawMessage `json:"error"`
	}
	var text string
	if len(head) < maxErrorBody && json.Unmarshal(head, &body) == nil && json.Unmarshal(body.Error, &text) == nil {
		_ = resp.Body.Close()
		b, _ := json.Marshal(map[string]map[string]string{"error": {"message": text}}) // strings: cannot fail
		resp.Body = io.NopCloser(bytes.NewReader(b))
		resp.ContentLength = int64(len(b))
		resp.Header.Set("Content-Length", strconv.Itoa(len(b)))
		return resp, nil
	}
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
	return resp, nil
}

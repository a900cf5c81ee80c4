package fault

import (
	"bytes"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/aws/smithy-go"
	"github.com/openai/openai-go/v3"

	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/redact"
)

// Bounds of the text an error carries into a workflow history: the message
// people read in the UI, the CLI and the batch report, and the client's own
// error text kept as its cause.
const (
	MaxErrorMessageBytes = 500
	maxCauseBytes        = 1000
	// maxBodyPeek bounds how much of a non-JSON error body is read for its
	// explanation.
	maxBodyPeek = 4 << 10
)

// clippedMarker ends a message that was cut to its bound.
const clippedMarker = redact.ClippedMarker

// upstreamDetail says what the remote side answered, in its own words:
// "404 model_not_found: The model `x` does not exist …" for a model server,
// "404 not_found: Sandbox …" for E2B, "404 NoSuchKey: The specified key does
// not exist." for S3. Other errors give their own text.
func UpstreamDetail(err error) string {
	var oaiErr *openai.Error
	if errors.As(err, &oaiErr) {
		return modelDetail(oaiErr)
	}
	var e2bErr *e2b.APIError
	if errors.As(err, &e2bErr) {
		return joinDetail(e2bErr.StatusCode, cmp.Or(e2bErr.Code, string(e2bErr.Kind)), e2bErr.Message)
	}
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		var status interface{ HTTPStatusCode() int }
		code := 0
		if errors.As(err, &status) {
			code = status.HTTPStatusCode()
		}
		return joinDetail(code, apiErr.ErrorCode(), apiErr.ErrorMessage())
	}
	return err.Error()
}

// modelDetail reads the explanation of an OpenAI-style error: the parsed
// {"error":{"message","code","type"}} when the server sent one, else the
// start of the body (a gateway's text or HTML page), else the status text.
func modelDetail(e *openai.Error) string {
	msg := e.Message
	if msg == "" {
		msg = peekBody(e.Response)
	}
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	code := e.Code
	if code == strconv.Itoa(e.StatusCode) {
		code = "" // llama.cpp's server repeats the status as its code
	}
	return joinDetail(e.StatusCode, cmp.Or(code, e.Type), msg)
}

// joinDetail writes "<status> <code>: <message>", leaving out what is empty.
func joinDetail(status int, code, msg string) string {
	var parts []string
	if status != 0 {
		parts = append(parts, strconv.Itoa(status))
	}
	if code != "" {
		parts = append(parts, code)
	}
	head := strings.Join(parts, " ")
	switch {
	case head == "":
		return msg
	case msg == "" || msg == code:
		return head
	}
	return head + ": " + msg
}

// peekBody reads the start of an error response's body and puts it back, so
// a second reader (a metrics hook, a retry dump) sees it whole.
func peekBody(resp *http.Response) string {
	if resp == nil || resp.Body == nil {
		return ""
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, maxBodyPeek))
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(b), resp.Body), resp.Body}
	return strings.TrimSpace(string(b))
}

// responseDetail is the explanation in an error response from a plain HTTP
// server (a dataset URL): "<status>: <message>" with the message from an S3
// XML error (<Code>, <Message>: an expired presigned URL says so), a JSON
// "message"/"error", or a text/plain body. An HTML page says nothing a
// person would read in a one-line message, so it is left out.
func ResponseDetail(resp *http.Response) string {
	body := peekBody(resp)
	var xmlErr struct {
		Code    string `xml:"Code"`
		Message string `xml:"Message"`
	}
	var jsonErr struct {
		Message string          `json:"message"`
		Error   json.RawMessage `json:"error"`
	}
	msg := ""
	ct := resp.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(body, "<?xml") || strings.HasPrefix(body, "<Error>"):
		if xml.Unmarshal([]byte(body), &xmlErr) == nil {
			msg = joinDetail(0, xmlErr.Code, xmlErr.Message)
		}
	case json.Unmarshal([]byte(body), &jsonErr) == nil:
		var nested struct {
			Message string `json:"message"`
		}
		var text string
		switch {
		case jsonErr.Message != "":
			msg = jsonErr.Message
		case json.Unmarshal(jsonErr.Error, &text) == nil:
			msg = text
		case json.Unmarshal(jsonErr.Error, &nested) == nil:
			msg = nested.Message
		}
	case strings.HasPrefix(ct, "text/plain"):
		msg = body
	}
	return joinDetail(0, resp.Status, msg)
}

// upstreamError is the cause attached to a classified error: the client's
// error text, scrubbed and bounded, as Temporal stores it in the history.
// It answers errors.Is and errors.As for the client's error but does not
// Unwrap to it, because Temporal writes the Error() of every unwrapped
// layer into the history, unscrubbed.
type upstreamError struct {
	err  error
	text string
}

func (e *upstreamError) Error() string        { return e.text }
func (e *upstreamError) Is(target error) bool { return errors.Is(e.err, target) }
func (e *upstreamError) As(target any) bool   { return errors.As(e.err, target) }

// RedactSecrets adds credentials that error messages must never show; every
// message built by Classify has them replaced by "[redacted]".
func RedactSecrets(values ...string) { redact.Add(values...) }

// scrub removes configured secrets and anything shaped like a credential.
func Scrub(s string) string { return redact.String(s) }

// boundMessage is the message of a classified error: scrubbed, on one line,
// at most MaxErrorMessageBytes.
func Bound(s string) string { return BoundText(s, MaxErrorMessageBytes) }

// boundText scrubs s, folds it onto one line and clips it to n bytes (with
// a marker saying so), never cutting a character in two.
func BoundText(s string, n int) string { return redact.Line(s, n) }

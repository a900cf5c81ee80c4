package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/codec"
)

// PayloadCodec returns the payload codec for PAYLOAD_KEYS or
// PAYLOAD_KEY_FILE, or nil when neither is set (payloads are then stored in
// plaintext). The error names the variable and never shows key material.
func (t Temporal) PayloadCodec() (*codec.Codec, error) {
	var name, text string
	switch {
	case t.PayloadKeys != "" && t.PayloadKeyFile != "":
		return nil, errors.New("PAYLOAD_KEYS, PAYLOAD_KEY_FILE: set one, not both")
	case t.PayloadKeys != "":
		name, text = "PAYLOAD_KEYS", t.PayloadKeys.Reveal()
	case t.PayloadKeyFile != "":
		b, err := os.ReadFile(t.PayloadKeyFile)
		if err != nil {
			// The path error names the file, not its contents.
			return nil, fmt.Errorf("PAYLOAD_KEY_FILE: %w", err)
		}
		name, text = "PAYLOAD_KEY_FILE "+t.PayloadKeyFile, string(b)
	default:
		return nil, nil
	}
	keys, err := codec.ParseKeys(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return codec.New(keys...)
}

// setPayloadCodec puts the codec into o when keys are configured, with its
// failure converter: a failure's stack trace and details are encrypted; its
// message, already redacted and bounded, stays readable in the UI and the
// temporal CLI unless encryptMessages (ENCRYPT_FAILURE_MESSAGES) says to
// encrypt it too. Any client with the codec reads failures as usual.
func setPayloadCodec(o *client.Options, c *codec.Codec, encryptMessages bool) {
	if c == nil {
		return
	}
	o.DataConverter = c.DataConverter()
	o.FailureConverter = c.FailureConverter(encryptMessages)
}

// CodecServer configures the codec server the worker serves to the Temporal
// UI and CLI, so they show payloads decrypted.
type CodecServer struct {
	// CodecServerAddr is the host:port to serve /encode and /decode on;
	// empty turns the codec server off.
	CodecServerAddr string `envconfig:"CODEC_SERVER_ADDR"`
	// CodecServerOrigins are the exact browser origins of the Temporal UI
	// (e.g. http://127.0.0.1:8233) allowed by CORS.
	CodecServerOrigins []string `envconfig:"CODEC_SERVER_ORIGINS"`
	// CodecServerToken, when set, is the bearer token every request must
	// carry.
	CodecServerToken Secret `envconfig:"CODEC_SERVER_TOKEN"`
}

// validate checks the codec server settings against the keys in t.
func (s CodecServer) validate(t Temporal) []error {
	if s.CodecServerAddr == "" {
		return nil
	}
	var errs []error
	if t.PayloadKeys == "" && t.PayloadKeyFile == "" {
		errs = append(errs, errors.New("CODEC_SERVER_ADDR: set, but there is no codec to serve (set PAYLOAD_KEYS or PAYLOAD_KEY_FILE)"))
	}
	if _, _, err := net.SplitHostPort(s.CodecServerAddr); err != nil {
		errs = append(errs, fmt.Errorf("CODEC_SERVER_ADDR: %q is not host:port", s.CodecServerAddr))
	}
	for _, o := range s.CodecServerOrigins {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			errs = append(errs, fmt.Errorf("CODEC_SERVER_ORIGINS: %q is not an origin like http://127.0.0.1:8233", o))
		}
	}
	return errs
}

// Origins are the configured UI origins without a trailing slash.
func (s CodecServer) Origins() []string {
	out := make([]string, 0, len(s.CodecServerOrigins))
	for _, o := range s.CodecServerOrigins {
		out = append(out, strings.TrimRight(o, "/"))
	}
	return out
}

// Loopback reports whether the codec server listens on loopback only.
func (s CodecServer) Loopback() bool {
	host, _, err := net.SplitHostPort(s.CodecServerAddr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

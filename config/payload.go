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
	// CodecServerTokenFile names a file holding the token instead (its
	// first line), so the token stays out of the process environment.
	CodecServerTokenFile string `envconfig:"CODEC_SERVER_TOKEN_FILE"`
	// CodecServerHosts are the Host header values the codec server
	// answers (DNS-rebinding defence). Unset: derived from
	// CODEC_SERVER_ADDR when it names one address (for loopback also
	// localhost); required when it listens on all interfaces.
	CodecServerHosts []string `envconfig:"CODEC_SERVER_HOSTS"`
	// Bounds of one request: its body, one decoded payload, and all of
	// its decoded payloads together (see codec.ServerOptions).
	CodecServerMaxRequestBytes int64 `envconfig:"CODEC_SERVER_MAX_REQUEST_BYTES" default:"4194304"`
	CodecServerMaxPayloadBytes int64 `envconfig:"CODEC_SERVER_MAX_PAYLOAD_BYTES" default:"4194304"`
	CodecServerMaxDecodedBytes int64 `envconfig:"CODEC_SERVER_MAX_DECODED_BYTES" default:"16777216"`
}

// CodecServerOptions are the codec.ServerOptions of these settings: the
// token (read from CODEC_SERVER_TOKEN_FILE when set), the allowed hosts
// and the bounds.
func (s CodecServer) CodecServerOptions() (codec.ServerOptions, error) {
	token := s.CodecServerToken.Reveal()
	if s.CodecServerTokenFile != "" {
		b, err := os.ReadFile(s.CodecServerTokenFile)
		if err != nil {
			return codec.ServerOptions{}, fmt.Errorf("CODEC_SERVER_TOKEN_FILE: %w", err)
		}
		token, _, _ = strings.Cut(string(b), "\n")
		if token = strings.TrimSpace(token); token == "" {
			return codec.ServerOptions{}, fmt.Errorf("CODEC_SERVER_TOKEN_FILE %s: empty", s.CodecServerTokenFile)
		}
	}
	hosts, err := s.Hosts()
	if err != nil {
		return codec.ServerOptions{}, err
	}
	return codec.ServerOptions{
		Origins: s.Origins(), Hosts: hosts, Token: token,
		MaxRequestBytes: s.CodecServerMaxRequestBytes, MaxPayloadBytes: s.CodecServerMaxPayloadBytes,
		MaxDecodedBytes: s.CodecServerMaxDecodedBytes,
	}, nil
}

// Hosts are the Host header values the codec server answers:
// CODEC_SERVER_HOSTS, or, unset, the listen address (with localhost and
// [::1] for loopback).
func (s CodecServer) Hosts() ([]string, error) {
	if len(s.CodecServerHosts) > 0 {
		return s.CodecServerHosts, nil
	}
	host, port, err := net.SplitHostPort(s.CodecServerAddr)
	if err != nil {
		return nil, fmt.Errorf("CODEC_SERVER_ADDR: %q is not host:port", s.CodecServerAddr)
	}
	ip := net.ParseIP(host)
	if host == "" || (ip != nil && ip.IsUnspecified()) {
		return nil, fmt.Errorf("CODEC_SERVER_HOSTS: required when CODEC_SERVER_ADDR (%s) listens on all interfaces: list the host:port names clients use, e.g. codec.example.com:8081", s.CodecServerAddr)
	}
	hosts := []string{net.JoinHostPort(host, port)}
	if s.Loopback() {
		for _, h := range []string{"127.0.0.1", "localhost", "::1"} {
			if h != host {
				hosts = append(hosts, net.JoinHostPort(h, port))
			}
		}
	}
	return hosts, nil
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
		return append(errs, fmt.Errorf("CODEC_SERVER_ADDR: %q is not host:port", s.CodecServerAddr))
	}
	if s.CodecServerToken != "" && s.CodecServerTokenFile != "" {
		errs = append(errs, errors.New("CODEC_SERVER_TOKEN, CODEC_SERVER_TOKEN_FILE: set one, not both"))
	}
	for _, b := range []struct {
		name string
		v    int64
	}{
		{"CODEC_SERVER_MAX_REQUEST_BYTES", s.CodecServerMaxRequestBytes},
		{"CODEC_SERVER_MAX_PAYLOAD_BYTES", s.CodecServerMaxPayloadBytes},
		{"CODEC_SERVER_MAX_DECODED_BYTES", s.CodecServerMaxDecodedBytes},
	} {
		if b.v < 0 || b.v > 1<<30 {
			errs = append(errs, fmt.Errorf("%s: %d is outside 0..1073741824 (0: the default)", b.name, b.v))
		}
	}
	if _, err := s.CodecServerOptions(); err != nil {
		errs = append(errs, err)
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

// CodecOnly is the configuration of a process that serves only the codec
// server (worker -codec-only): the payload keys and the server settings.
type CodecOnly struct {
	Temporal
	CodecServer
	LogLevel  string `envconfig:"LOG_LEVEL" default:"info"`
	LogFormat string `envconfig:"LOG_FORMAT" default:"text"`
}

// LoadCodecOnly reads a CodecOnly from the environment; CODEC_SERVER_ADDR
// and the payload keys are required.
func LoadCodecOnly() (CodecOnly, error) {
	var c CodecOnly
	if err := Process(&c); err != nil {
		return CodecOnly{}, err
	}
	var errs []error
	if c.CodecServerAddr == "" {
		errs = append(errs, errors.New("CODEC_SERVER_ADDR: required by -codec-only"))
	}
	if _, err := c.PayloadCodec(); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, c.CodecServer.validate(c.Temporal)...)
	if err := joinOneLine(errs); err != nil {
		return CodecOnly{}, err
	}
	return c, nil
}

package wire

import (
	"crypto/sha256"
	"encoding/base64"
)

// Ports of the sandbox services.
const (
	EnvdPort            = 49983 // envd: filesystem, processes, /files, /health
	CodeInterpreterPort = 49999 // the code interpreter's /execute and /contexts
)

// HTTP headers of the E2B protocol.
const (
	HeaderAPIKey                = "X-API-KEY"
	HeaderSandboxID             = "E2b-Sandbox-Id"
	HeaderSandboxPort           = "E2b-Sandbox-Port"
	HeaderAccessToken           = "X-Access-Token"
	HeaderTrafficToken          = "E2B-Traffic-Access-Token"
	HeaderNextToken             = "X-Next-Token"
	HeaderTotalRunning          = "X-Total-Running"
	HeaderConnectTimeoutMs      = "Connect-Timeout-Ms"
	HeaderKeepalivePingInterval = "Keepalive-Ping-Interval"
)

// ContentTypeJSON is the content type of JSON bodies.
const ContentTypeJSON = "application/json"

// The messages of envd's Connect-RPC services are generated from
// e2b/internal/envd/proto (package e2b/internal/envd/...).

// UploadedEntry is one element of the JSON array POST /files answers with.
type UploadedEntry struct {
	Path     string            `json:"path"`
	Name     string            `json:"name"`
	Type     string            `json:"type"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// FileSignature is envd's signature of a /files URL: "v1_" and the
// unpadded standard base64 of sha256("<path>:<read|write>:<user>:<token>"),
// with ":<expiry>" appended when the URL expires (expiry is the
// signature_expiration query value as sent, "" for none).
func FileSignature(path, operation, user, token, expiry string) string {
	s := path + ":" + operation + ":" + user + ":" + token
	if expiry != "" {
		s += ":" + expiry
	}
	sum := sha256.Sum256([]byte(s))
	return "v1_" + base64.RawStdEncoding.EncodeToString(sum[:])
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// preferredCodec is the codec server's port when it is free.
const preferredCodec = 8234

// encryption is how the dev stack encrypts payloads.
type encryption struct {
	// Env holds PAYLOAD_KEY_FILE (unless the user set keys), for the
	// worker and the starter.
	Env []string
	// CodecEnv holds the codec server's settings (address, UI origins,
	// token file), for the codec server process (worker -codec-only).
	CodecEnv []string
	// URL is the codec server's address, for the CLI's --codec-endpoint.
	URL string
	// Endpoint is the UI's codec endpoint (--ui-codec-endpoint): URL with
	// the token as its last path segment, because the UI sends no header
	// of its own without a login.
	Endpoint string
	// KeyFile is the generated key file, "" when the user brought keys.
	KeyFile string
	// TokenFile holds the codec server's token (generated once, mode 0600).
	TokenFile string
}

// setupEncryption turns payload encryption on for the dev stack: with the
// keys in the user's PAYLOAD_KEYS / PAYLOAD_KEY_FILE when set, else with a
// local key generated once into runDir/payload-keys (mode 0600; .run/ is
// ignored by git). The codec server (worker -codec-only, a process of its
// own) listens on a loopback port, answers only loopback Host names, sends
// CORS headers for the UI's origins, and refuses requests without the token
// in runDir/codec-token (also generated once, mode 0600): the CLI sends it
// with --codec-auth, the UI as the last path segment of its endpoint.
func setupEncryption(runDir string, uiPort int) (encryption, error) {
	var enc encryption
	if os.Getenv("PAYLOAD_KEYS") == "" && os.Getenv("PAYLOAD_KEY_FILE") == "" {
		path, err := ensureKeyFile(filepath.Join(runDir, "payload-keys"))
		if err != nil {
			return enc, err
		}
		enc.KeyFile = path
		enc.Env = append(enc.Env, "PAYLOAD_KEY_FILE="+path)
	}
	port := preferredCodec
	if !devstack.PortFree(port) {
		p, err := devstack.FreePort()
		if err != nil {
			return enc, fmt.Errorf("codec server port: %w", err)
		}
		port = p
	}
	tokenFile := filepath.Join(runDir, "codec-token")
	token, err := ensureTokenFile(tokenFile)
	if err != nil {
		return enc, err
	}
	enc.TokenFile = tokenFile
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	enc.URL = "http://" + addr
	enc.Endpoint = enc.URL + "/" + token
	enc.CodecEnv = append(enc.CodecEnv, "CODEC_SERVER_ADDR="+addr, "CODEC_SERVER_TOKEN_FILE="+tokenFile)
	if uiPort != 0 {
		ui := strconv.Itoa(uiPort)
		enc.CodecEnv = append(enc.CodecEnv, "CODEC_SERVER_ORIGINS=http://127.0.0.1:"+ui+",http://localhost:"+ui)
	}
	return enc, nil
}

// ensureTokenFile returns the token in path, writing a new random one
// there first (mode 0600) when the file does not exist.
func ensureTokenFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err == nil {
		if tok := strings.TrimSpace(string(b)); tok != "" {
			return tok, nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("codec token file: %w", err)
	}
	tok := "codec-" + randomHex()
	if err := os.WriteFile(path, []byte(tok+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("codec token file: %w", err)
	}
	return tok, nil
}

// startCodecServer runs the codec server as a process of its own (the
// worker binary with -codec-only), so abuse of it or its failure never
// takes the worker's activities down; it returns once the port answers.
func startCodecServer(ctx context.Context, enc encryption, bin, root, logDir string, env []string, out io.Writer) (*devstack.Process, error) {
	p, err := devstack.StartProcess(devstack.ProcessConfig{
		Name: "codec", Path: filepath.Join(bin, "worker"), Args: []string{"-codec-only"},
		Env: append(slices.Clip(env), enc.CodecEnv...), Dir: root, Output: out, LogDir: logDir,
	})
	if err != nil {
		return nil, err
	}
	host := strings.TrimPrefix(enc.URL, "http://")
	deadline := time.Now().Add(30 * time.Second)
	for {
		d := net.Dialer{Timeout: time.Second}
		if c, err := d.DialContext(ctx, "tcp", host); err == nil {
			c.Close()
			return p, nil
		}
		select {
		case <-p.Done():
			return nil, fmt.Errorf("codec server stopped: %v\n%s", p.Err(), p.Output())
		case <-ctx.Done():
			p.Stop(time.Second)
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.Stop(time.Second)
			return nil, fmt.Errorf("codec server: %s does not answer after 30s\n%s", host, p.Output())
		}
	}
}

// ensureKeyFile returns path, writing a new random key there first when the
// file does not exist.
func ensureKeyFile(path string) (string, error) {
	if _, err := os.Stat(path); err == nil {
		return path, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("payload key file: %w", err)
	}
	k, err := codec.GenerateKey("local-" + time.Now().UTC().Format("20060102"))
	if err != nil {
		return "", err
	}
	text := "# payload encryption key of the local dev stack (make run / make demo), generated " +
		time.Now().UTC().Format(time.RFC3339) + ".\n# The first key encrypts; keys below it only decrypt.\n" + k.Format() + "\n"
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		return "", fmt.Errorf("payload key file: %w", err)
	}
	return path, nil
}

// printEncryption tells the user how payloads are stored and how to read
// them from another shell.
func printEncryption(w io.Writer, enc encryption) {
	if enc.Endpoint == "" {
		fmt.Fprintf(w, "Payloads are stored in plaintext (-plaintext).\n\n")
		return
	}
	keys := "your PAYLOAD_KEYS / PAYLOAD_KEY_FILE"
	export := ""
	if enc.KeyFile != "" {
		keys = enc.KeyFile + " (generated; keep it to read these histories)"
		export = "  export PAYLOAD_KEY_FILE=" + enc.KeyFile + "   # for the starter\n"
	}
	fmt.Fprintf(w, `Payloads are encrypted with %s.
The UI decodes them through the codec server at %s (its own process; token in %s); for the CLI:
%s  .bin/temporal workflow show --workflow-id <id> --codec-endpoint %s --codec-auth "Bearer $(cat %s)"

`, keys, enc.URL, enc.TokenFile, export, enc.URL, enc.TokenFile)
}

// codecEnv is what the codec server process needs of the stack's
// environment: the payload keys and the basics, none of the worker's
// model, E2B or S3 credentials.
func codecEnv(env *environ) []string {
	var out []string
	for _, kv := range env.list() {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == "PATH", name == "HOME", strings.HasPrefix(name, "PAYLOAD_KEY"), strings.HasPrefix(name, "LOG_"):
			out = append(out, kv)
		}
	}
	return out
}

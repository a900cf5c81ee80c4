package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// preferredCodec is the codec server's port when it is free.
const preferredCodec = 8234

// encryption is how the dev stack encrypts payloads.
type encryption struct {
	// Env holds PAYLOAD_KEY_FILE (unless the user set keys) and the codec
	// server settings, for the worker and the starter.
	Env []string
	// Endpoint is the codec server's URL, for --ui-codec-endpoint.
	Endpoint string
	// KeyFile is the generated key file, "" when the user brought keys.
	KeyFile string
}

// setupEncryption turns payload encryption on for the dev stack: with the
// keys in the user's PAYLOAD_KEYS / PAYLOAD_KEY_FILE when set, else with a
// local key generated once into runDir/payload-keys (mode 0600; .run/ is
// ignored by git). The worker serves the codec on a loopback port, with CORS
// for the UI's origins; it needs no token because it listens on loopback
// only, and the dev server's UI has no login whose token it could pass.
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
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	enc.Endpoint = "http://" + addr
	enc.Env = append(enc.Env, "CODEC_SERVER_ADDR="+addr)
	if uiPort != 0 {
		ui := strconv.Itoa(uiPort)
		enc.Env = append(enc.Env, "CODEC_SERVER_ORIGINS=http://127.0.0.1:"+ui+",http://localhost:"+ui)
	}
	return enc, nil
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
The UI decodes them through the codec server at %s; for the CLI:
%s  .bin/temporal workflow show --workflow-id <id> --codec-endpoint %s

`, keys, enc.Endpoint, export, enc.Endpoint)
}

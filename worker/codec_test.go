package main

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/config"
)

func TestStartupSaysWhetherPayloadsAreEncrypted(t *testing.T) {
	k, err := codec.GenerateKey("k-2026")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, keys, want string
	}{
		{"no keys", "", "payloads are stored in plaintext"},
		{"keys", k.Format(), "payload encryption on"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			var cfg config.Worker
			cfg.PayloadKeys = config.Secret(tc.keys)
			c, err := cfg.PayloadCodec()
			if err != nil {
				t.Fatal(err)
			}
			logPayloadEncryption(c, slog.New(slog.NewTextHandler(&buf, nil)))
			if !strings.Contains(buf.String(), tc.want) {
				t.Fatalf("got log %q, want %q", buf.String(), tc.want)
			}
			if tc.keys != "" && strings.Contains(buf.String(), strings.TrimPrefix(tc.keys, "k-2026=")) {
				t.Fatal("the log shows key material")
			}
		})
	}
}

// The worker serves the codec on CODEC_SERVER_ADDR, with the token and the
// UI origin from its configuration.
func TestWorkerServesTheCodec(t *testing.T) {
	k, err := codec.GenerateKey("k-2026")
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var cfg config.Worker
	cfg.PayloadKeys, cfg.CodecServerAddr, cfg.CodecServerToken = config.Secret(k.Format()), addr, "tok"
	cfg.CodecServerOrigins = []string{"http://127.0.0.1:8233"}
	c, err := cfg.PayloadCodec()
	if err != nil {
		t.Fatal(err)
	}
	stop, err := startCodecServer(cfg.CodecServer, c, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	for _, tc := range []struct {
		auth   string
		status int
	}{{"", http.StatusUnauthorized}, {"Bearer tok", http.StatusOK}} {
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/encode", strings.NewReader(`{"payloads":[{"metadata":{"encoding":"anNvbi9wbGFpbg=="},"data":"IngiCg=="}]}`))
		req.Header.Set("Origin", "http://127.0.0.1:8233")
		if tc.auth != "" {
			req.Header.Set("Authorization", tc.auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Fatalf("auth %q: got %d %s, want %d", tc.auth, resp.StatusCode, body, tc.status)
		}
		if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "http://127.0.0.1:8233" {
			t.Fatalf("Access-Control-Allow-Origin: got %q", got)
		}
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/config"
)

// logPayloadEncryption says once at start-up whether payloads are encrypted
// (c is the configured codec, nil when off), naming key ids only (never key
// material).
func logPayloadEncryption(c *codec.Codec, logger *slog.Logger) {
	if c == nil {
		logger.Warn("payload encryption is off: workflow inputs, results and activity payloads are stored in plaintext in Temporal; set PAYLOAD_KEYS or PAYLOAD_KEY_FILE to encrypt them")
		return
	}
	logger.Info("payload encryption on", "active_key_id", c.ActiveKeyID(), "key_ids", c.KeyIDs())
}

// startCodecServer serves the payload codec on CODEC_SERVER_ADDR for the
// Temporal UI and CLI, until stop. It does nothing when the address is
// empty. c is the configured payload codec (cfg.PayloadCodec).
func startCodecServer(cfg config.Worker, c *codec.Codec, logger *slog.Logger) (stop func(), err error) {
	if cfg.CodecServerAddr == "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", cfg.CodecServerAddr)
	if err != nil {
		return nil, fmt.Errorf("CODEC_SERVER_ADDR: listen on %s: %w", cfg.CodecServerAddr, err)
	}
	h := codec.NewHandler(c, codec.ServerOptions{Origins: cfg.Origins(), Token: cfg.CodecServerToken.Reveal()})
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: time.Minute}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("codec server stopped", "error", err)
		}
	}()
	if cfg.CodecServerToken == "" && !cfg.Loopback() {
		logger.Warn("the codec server decrypts for anyone who reaches it: set CODEC_SERVER_TOKEN or keep CODEC_SERVER_ADDR on loopback", "addr", ln.Addr().String())
	}
	logger.Info("codec server listening", "addr", ln.Addr().String(), "origins", cfg.Origins(), "token", cfg.CodecServerToken != "")
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}

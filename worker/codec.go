package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
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
func startCodecServer(cfg config.CodecServer, c *codec.Codec, logger *slog.Logger) (stop func(), err error) {
	if cfg.CodecServerAddr == "" {
		return func() {}, nil
	}
	so, err := cfg.CodecServerOptions()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.CodecServerAddr)
	if err != nil {
		return nil, fmt.Errorf("CODEC_SERVER_ADDR: listen on %s: %w", cfg.CodecServerAddr, err)
	}
	h := codec.NewHandler(c, so)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute, WriteTimeout: time.Minute}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("codec server stopped", "error", err)
		}
	}()
	if so.Token == "" {
		logger.Warn("the codec server decrypts for anyone who reaches it: set CODEC_SERVER_TOKEN or CODEC_SERVER_TOKEN_FILE", "addr", ln.Addr().String())
	}
	logger.Info("codec server listening", "addr", ln.Addr().String(), "origins", so.Origins, "hosts", so.Hosts, "token", so.Token != "",
		"max_request_bytes", so.MaxRequestBytes, "max_payload_bytes", so.MaxPayloadBytes, "max_decoded_bytes", so.MaxDecodedBytes)
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}

// runCodecOnly serves only the codec server (worker -codec-only) until ctx
// ends: no Temporal connection, no activities, so abuse of the codec
// server cannot take running activities down with it.
func runCodecOnly() error {
	cfg, err := config.LoadCodecOnly()
	if err != nil {
		return err
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	logger := newLoggerFor(cfg.LogLevel, cfg.LogFormat)
	slog.SetDefault(logger)
	c, err := cfg.PayloadCodec()
	if err != nil {
		return err
	}
	logPayloadEncryption(c, logger)
	stop, err := startCodecServer(cfg.CodecServer, c, logger)
	if err != nil {
		return err
	}
	<-ctx.Done()
	logger.Info("stopping codec server")
	stop()
	return nil
}

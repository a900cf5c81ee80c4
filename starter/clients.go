package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"os"
	"path/filepath"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/durable-analyst/durable-analyst/internal/tracing"
)

// dialTemporal connects to the Temporal frontend. The SDK's own log lines go
// to stderr at warn level, so they never mix with the output.
func dialTemporal(ctx context.Context, cfg starterConfig, stderr io.Writer) (client.Client, error) {
	dctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	opts, err := cfg.Temporal.ClientOptions()
	if err != nil {
		return nil, err
	}
	opts.Logger = tlog.NewStructuredLogger(logger)
	trace, err := tracing.Interceptor() // carries the trace into the workflows it starts
	if err != nil {
		return nil, err
	}
	opts.Interceptors = append(opts.Interceptors, trace)
	c, err := client.DialContext(dctx, opts)
	if err != nil {
		return nil, fmt.Errorf("connect to Temporal at %s (TEMPORAL_ADDRESS), namespace %s: %w", cfg.TemporalAddress, cfg.TemporalNamespace, err)
	}
	return c, nil
}

// connect loads the configuration and dials Temporal.
func connect(ctx context.Context, stderr io.Writer) (starterConfig, client.Client, error) {
	cfg, err := loadConfig()
	if err != nil {
		return cfg, nil, err
	}
	c, err := dialTemporal(ctx, cfg, stderr)
	return cfg, c, err
}

// byID is a subcommand about one existing workflow (result, progress,
// end) once its preamble has run; close c when done.
type byID struct {
	id     string
	asJSON bool
	cfg    starterConfig
	c      client.Client
}

// openByID is the preamble of a subcommand about one workflow: its flags
// (with --json when jsonHelp is not empty), the workflow id, the
// configuration, the Temporal client. -h returns flag.ErrHelp.
func openByID(ctx context.Context, name, usage, jsonHelp string, args []string, stderr io.Writer) (*byID, error) {
	fs := newFlagSet(name, usage, stderr)
	asJSON := new(bool)
	if jsonHelp != "" {
		asJSON = fs.Bool("json", false, jsonHelp)
	}
	id, err := parseIDArgs(fs, args)
	if err != nil {
		return nil, err
	}
	cfg, c, err := connect(ctx, stderr)
	if err != nil {
		return nil, err
	}
	return &byID{id: id, asJSON: *asJSON, cfg: cfg, c: c}, nil
}

// configAndID is the preamble of a subcommand that starts a workflow
// (analyze, batch): the configuration and the workflow id, given or new.
func configAndID(kind, given string) (starterConfig, string, error) {
	cfg, err := loadConfig()
	if err != nil {
		return cfg, "", err
	}
	if given == "" {
		given = newWorkflowID(kind, time.Now())
	}
	return cfg, given, nil
}

// store is the starter's view of the S3 bucket: upload inputs, presign charts.
type store struct {
	bucket  string
	ttl     time.Duration
	client  *s3.Client
	presign *s3.PresignClient
}

// newStore builds an S3 client with the SDK's default credential chain.
// purpose says what needs the bucket, for the error when S3_BUCKET is unset.
func newStore(ctx context.Context, cfg starterConfig, purpose string) (*store, error) {
	if err := cfg.requireBucket(purpose); err != nil {
		return nil, err
	}
	c, err := cfg.S3.NewClient(ctx, tracing.S3Option)
	if err != nil {
		return nil, err
	}
	return &store{bucket: cfg.S3Bucket, ttl: cfg.ChartURLTTL, client: c, presign: cfg.S3.NewPresignClient(c)}, nil
}

// uploadAll uploads each file in ups and reports each one on w.
func (s *store) uploadAll(ctx context.Context, ups []upload, w io.Writer) error {
	for _, u := range ups {
		if err := s.uploadFile(ctx, u.path, u.key); err != nil {
			return err
		}
		fmt.Fprintf(w, "uploaded %s to s3://%s/%s\n", u.path, s.bucket, u.key)
	}
	return nil
}

// uploadFile puts the local file at path under key.
func (s *store) uploadFile(ctx context.Context, path, key string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("upload %s: %w", path, err)
	}
	defer f.Close()
	contentType := mime.TypeByExtension(filepath.Ext(path))
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	if _, err := s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:      aws.String(s.bucket),
		Key:         aws.String(key),
		Body:        f,
		ContentType: aws.String(contentType),
	}); err != nil {
		return fmt.Errorf("upload %s to s3://%s/%s: %w", path, s.bucket, key, err)
	}
	return nil
}

// presignGet returns a time-limited GET URL for key.
func (s *store) presignGet(ctx context.Context, key string) (string, error) {
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)},
		s3.WithPresignExpires(s.ttl))
	if err != nil {
		return "", fmt.Errorf("presign s3://%s/%s: %w", s.bucket, key, err)
	}
	return req.URL, nil
}

// uploadStore is the store that --file uploads go to, or nil when there
// are none (so S3_BUCKET is needed only then).
func uploadStore(ctx context.Context, cfg starterConfig, ups []upload) (*store, error) {
	if len(ups) == 0 {
		return nil, nil
	}
	return newStore(ctx, cfg, "upload --file datasets")
}

package devstack

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
)

// Fixed credentials of the local S3 server. They guard nothing but a
// loopback server with throw-away data.
const (
	S3AccessKey = "durable-analyst-local"
	S3SecretKey = "durable-analyst-local-secret"
	S3Region    = "us-east-1"
)

// S3 is a versitygw S3 server with a posix backend in a temporary directory.
type S3 struct {
	Endpoint  string // http://127.0.0.1:PORT
	Region    string
	Bucket    string
	AccessKey string
	SecretKey string
	Dir       string // the temporary directory holding objects and their metadata

	opts Options
	bin  string
	addr string

	mu   sync.Mutex
	proc *Process
}

// StartS3 starts versitygw on 127.0.0.1 and creates the bucket. The returned
// func stops the server and removes its directory.
func StartS3(ctx context.Context, o Options) (*S3, func() error, error) {
	bin, err := Binary(ctx, o, "versitygw")
	if err != nil {
		return nil, nil, err
	}
	port, err := portOrFree(o.S3Port)
	if err != nil {
		return nil, nil, err
	}
	dir, keep := o.S3Dir, o.S3Dir != ""
	if keep {
		err = os.MkdirAll(dir, 0o755)
	} else {
		dir, err = os.MkdirTemp("", "durable-analyst-s3-*")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("start s3: %w", err)
	}
	for _, sub := range []string{"data", "meta"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			if !keep {
				os.RemoveAll(dir)
			}
			return nil, nil, fmt.Errorf("start s3: %w", err)
		}
	}
	bucket := o.S3Bucket
	if bucket == "" {
		bucket = DefaultBucket
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	s := &S3{
		Endpoint:  "http://" + addr,
		Region:    S3Region,
		Bucket:    bucket,
		AccessKey: S3AccessKey,
		SecretKey: S3SecretKey,
		Dir:       dir,
		opts:      o,
		bin:       bin,
		addr:      addr,
	}
	stop := func() error {
		err := s.Stop()
		if keep {
			return err
		}
		if rmErr := os.RemoveAll(dir); rmErr != nil && err == nil {
			err = fmt.Errorf("remove s3 data: %w", rmErr)
		}
		return err
	}
	if err := s.Restart(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	c, err := s.Client(ctx)
	if err != nil {
		stop()
		return nil, nil, err
	}
	if err := createBucket(ctx, c, bucket); err != nil {
		stop()
		return nil, nil, fmt.Errorf("start s3: create bucket %q: %w\n%s", bucket, err, s.output())
	}
	o.logf("stack: S3 (versitygw) at %s, bucket %s, data in %s", s.Endpoint, bucket, dir)
	return s, stop, nil
}

// createBucket creates bucket, retrying briefly while the server warms up.
func createBucket(ctx context.Context, c *s3.Client, bucket string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for {
		_, err := c.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(bucket)})
		var apiErr smithy.APIError
		switch {
		case err == nil:
			return nil
		case errors.As(err, &apiErr) && apiErr.ErrorCode() == "BucketAlreadyOwnedByYou":
			return nil
		case errors.As(err, &apiErr):
			return err // the server answered: retrying won't help
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Restart starts the server again after Stop, on the same port and with the
// same data. It is a no-op while the server runs.
func (s *S3) Restart(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc != nil {
		select {
		case <-s.proc.Done():
		default:
			return nil
		}
	}
	p, err := StartProcess(ProcessConfig{
		Name: "versitygw",
		Path: s.bin,
		Args: []string{
			"--access", s.AccessKey, "--secret", s.SecretKey,
			"--region", s.Region, "--port", s.addr, "--quiet",
			"posix", "--sidecar", filepath.Join(s.Dir, "meta"), filepath.Join(s.Dir, "data"),
		},
		// versitygw reads its root credentials from the environment too;
		// give it none of ours.
		Env:    []string{"PATH=" + os.Getenv("PATH"), "HOME=" + s.Dir},
		LogDir: s.opts.LogDir,
	})
	if err != nil {
		return fmt.Errorf("start s3: %w", err)
	}
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := waitTCP(wctx, s.addr, p.Done()); err != nil {
		p.Stop(time.Second)
		return fmt.Errorf("start s3: %w\n%s", err, p.Output())
	}
	s.proc = p
	return nil
}

// Stop stops the server, keeping its data for Restart.
func (s *S3) Stop() error {
	s.mu.Lock()
	p := s.proc
	s.mu.Unlock()
	if p == nil {
		return nil
	}
	return p.Stop(5 * time.Second)
}

// output returns the server's recent output, for error messages.
func (s *S3) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.proc == nil {
		return ""
	}
	return s.proc.Output()
}

// Client returns an S3 client for the server, with path-style addressing.
func (s *S3) Client(ctx context.Context) (*s3.Client, error) {
	return s3.New(s3.Options{
		Region:       s.Region,
		BaseEndpoint: aws.String(s.Endpoint),
		UsePathStyle: true,
		Credentials:  credentials.NewStaticCredentialsProvider(s.AccessKey, s.SecretKey, ""),
	}), nil
}

// Env returns the environment variables that point the worker and the
// starter at this server.
func (s *S3) Env() []string {
	return []string{
		"S3_BUCKET=" + s.Bucket,
		"S3_ENDPOINT=" + s.Endpoint,
		"S3_REGION=" + s.Region,
		"S3_PATH_STYLE=true",
		"AWS_ACCESS_KEY_ID=" + s.AccessKey,
		"AWS_SECRET_ACCESS_KEY=" + s.SecretKey,
	}
}

// Package s3test starts a real S3 server (versitygw, as the dev stack
// runs it) on 127.0.0.1 for a test, and stops it when the test ends.
package s3test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// Start starts the server for t and returns a client of it and its
// bucket. It skips t under -short.
func Start(t testing.TB) (*s3.Client, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts an S3 server")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	srv, stop, err := devstack.StartS3(ctx, devstack.Options{})
	require.NoError(t, err, "start versitygw")
	t.Cleanup(func() { _ = stop() })
	s3c, err := srv.Client(ctx)
	require.NoError(t, err)
	return s3c, srv.Bucket
}

// Package acttest holds what the activities' tests share: a sandbox on a
// local E2B server running real Python, a bucket on a real S3 server, and
// an activity environment whose metrics can be read back. It imports no package of the activities, so
// each of them, the shared one included, can use it in its own tests.
package acttest

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"sort"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/require"
	"github.com/uber-go/tally/v4"
	sdktally "go.temporal.io/sdk/contrib/tally"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/internal/s3test"
)

// LocalSandbox starts a local E2B server and one sandbox on it.
func LocalSandbox(t *testing.T) (*e2blocal.Server, *e2b.Client, *e2b.Sandbox) {
	t.Helper()
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	srv, err := e2blocal.New(e2blocal.Config{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	c, err := e2b.NewClient(e2b.WithAPIKey("local"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL))
	require.NoError(t, err)
	sb, err := c.Create(context.Background(), e2b.CreateParams{Template: "code-interpreter-v1", Timeout: 5 * time.Minute})
	require.NoError(t, err)
	return srv, c, sb
}

// MetricsEnv is an activity test environment whose metrics handler
// records into a tally test scope.
func MetricsEnv() (*testsuite.TestActivityEnvironment, tally.TestScope) {
	scope := tally.NewTestScope("", nil)
	var s testsuite.WorkflowTestSuite
	s.SetMetricsHandler(sdktally.NewMetricsHandler(scope))
	return s.NewTestActivityEnvironment(), scope
}

// Counters sums a test scope's counters by name, over tags that include
// the given ones.
func Counters(scope tally.TestScope, tags map[string]string) map[string]int64 {
	out := map[string]int64{}
	for _, c := range scope.Snapshot().Counters() {
		if includes(c.Tags(), tags) {
			out[c.Name()] += c.Value()
		}
	}
	return out
}

func includes(have, want map[string]string) bool {
	for k, v := range want {
		if have[k] != v {
			return false
		}
	}
	return true
}

// CheckCounters fails t for each counter of want that got does not match.
func CheckCounters(t *testing.T, got map[string]int64, want map[string]int64) {
	t.Helper()
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s = %d, want %d", name, got[name], w)
		}
	}
}

// Store is a bucket on a real S3 server (s3test).
type Store struct {
	Client  *s3.Client
	Presign *s3.PresignClient
	Bucket  string
}

// S3 starts a real S3 server with one bucket.
func S3(t *testing.T) Store {
	t.Helper()
	c, bucket := s3test.Start(t)
	return Store{Client: c, Presign: s3.NewPresignClient(c), Bucket: bucket}
}

// Keys lists every object under prefix.
func (s Store) Keys(t *testing.T, prefix string) []string {
	t.Helper()
	out, err := s.Client.ListObjectsV2(context.Background(), &s3.ListObjectsV2Input{
		Bucket: aws.String(s.Bucket), Prefix: aws.String(prefix)})
	require.NoError(t, err)
	var ks []string
	for _, o := range out.Contents {
		ks = append(ks, *o.Key)
	}
	sort.Strings(ks)
	return ks
}

// Object reads an object and its content type.
func (s Store) Object(t *testing.T, key string) (string, string) {
	t.Helper()
	out, err := s.Client.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(s.Bucket), Key: aws.String(key)})
	require.NoError(t, err, "get %s", key)
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	require.NoError(t, err)
	return string(b), aws.ToString(out.ContentType)
}

// Logger logs to the test's output.
func Logger(t *testing.T) *slog.Logger { return slog.New(slog.NewTextHandler(t.Output(), nil)) }

// Execute runs activity fn with in in env and decodes its result.
func Execute[Out any](env *testsuite.TestActivityEnvironment, fn, in any) (Out, error) {
	var out Out
	v, err := env.ExecuteActivity(fn, in)
	if err != nil {
		return out, err
	}
	return out, v.Get(&out)
}

// Parts are a sandbox on a local E2B server and a bucket on a real S3
// server: what a test of the activities that run cells stands on.
type Parts struct {
	Server  *e2blocal.Server
	E2B     *e2b.Client
	Sandbox *e2b.Sandbox
	Store
}

// Start starts the parts, or skips t under -short.
func Start(t *testing.T) Parts {
	t.Helper()
	if testing.Short() {
		t.Skip("starts an S3 server and a sandbox")
	}
	srv, c, sb := LocalSandbox(t)
	return Parts{Server: srv, E2B: c, Sandbox: sb, Store: S3(t)}
}

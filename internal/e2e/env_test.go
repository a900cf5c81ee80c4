// Package e2e drives durable-analyst end to end on real parts: the Temporal
// dev server, versitygw, the local E2B server running Python, and the
// scripted model server, with the worker's real activities.
package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/require"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// Recognisable fake credentials: the secrets test searches for them.
const (
	fakeOpenAIKey = "sk-fake-OPENAI-d1a5e7c0ffee"
	fakeE2BKey    = "e2b_fake_E2B_5ecre7_b0b"
)

// shared servers, started once for the package.
var shared struct {
	once     sync.Once
	err      error
	temporal *devstack.Temporal
	s3       *devstack.S3
	stops    []func() error
}

func TestMain(m *testing.M) {
	var err error
	if builtDir, err = os.MkdirTemp("", "durable-analyst-e2e-bin-"); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		os.Exit(1)
	}
	code := m.Run()
	for i := len(shared.stops) - 1; i >= 0; i-- {
		_ = shared.stops[i]()
	}
	if err := sqltest.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
	}
	_ = os.RemoveAll(builtDir)
	os.Exit(code)
}

func startShared(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test on real servers; skipped in -short mode")
	}
	shared.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
		defer cancel()
		o := devstack.Options{Logf: func(f string, a ...any) { fmt.Fprintf(os.Stderr, "e2e: "+f+"\n", a...) },
			SearchAttributes: workflows.SearchAttributes}
		tmp, stop, err := devstack.StartTemporal(ctx, o)
		if err != nil {
			shared.err = err
			return
		}
		shared.temporal = tmp
		shared.stops = append(shared.stops, stop)
		s3srv, stop, err := devstack.StartS3(ctx, o)
		if err != nil {
			shared.err = err
			return
		}
		shared.s3 = s3srv
		shared.stops = append(shared.stops, stop)
	})
	require.NoError(t, shared.err, "start the real servers")
}

// env is one test's world: shared Temporal and S3, and its own local E2B
// server, scripted model server, worker and task queue.
type env struct {
	t         *testing.T
	Temporal  client.Client
	S3        *s3.Client
	Bucket    string
	E2B       *e2blocal.Server
	E2BURL    string
	Model     *scriptedmodel.Server
	ModelURL  string
	TaskQueue string
	Config    config.Worker
	Logs      *syncBuffer
	worker    worker.Worker
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func repoPathErr() (string, error) { return devstack.RepoRoot() }

func repoPath(t *testing.T, rel string) string {
	root, err := devstack.RepoRoot()
	require.NoError(t, err)
	return filepath.Join(root, rel)
}

// serve serves h on a free 127.0.0.1 port until the test ends.
func serve(t *testing.T, h http.Handler) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	})
	return "http://" + ln.Addr().String()
}

// newEnv starts a test's world. Each option changes the worker's
// configuration before it is checked; the env's Temporal client is built from
// the same configuration (so PAYLOAD_KEYS there gives worker and client the
// codec).
func newEnv(t *testing.T, options ...func(*config.Worker)) *env {
	t.Helper()
	startShared(t)
	ctx := context.Background()
	e := &env{t: t, Bucket: shared.s3.Bucket, Logs: &syncBuffer{}}
	e.TaskQueue = "e2e-" + strings.ToLower(strings.NewReplacer("/", "-", "_", "-").Replace(t.Name()))

	logger := slog.New(slog.NewTextHandler(io.MultiWriter(e.Logs, testWriter{t}), &slog.HandlerOptions{Level: slog.LevelInfo}))

	var err error
	e.E2B, err = e2blocal.New(e2blocal.Config{APIKey: fakeE2BKey, Logger: logger})
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.E2B.Close() })
	e.E2BURL = serve(t, e.E2B.Handler())

	e.Model, err = scriptedmodel.New(scriptedmodel.Config{ScriptDir: repoPath(t, "testdata/scripts"), DefaultScript: "sales-chart", APIKey: fakeOpenAIKey, Logger: logger})
	require.NoError(t, err)
	e.ModelURL = serve(t, e.Model.Handler()) + "/v1"

	// The worker's configuration, as the worker reads it from its env.
	t.Setenv("AWS_ACCESS_KEY_ID", shared.s3.AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", shared.s3.SecretKey)
	e.Config = config.Worker{
		Temporal: config.Temporal{TemporalAddress: shared.temporal.Address, TemporalNamespace: shared.temporal.Namespace, TaskQueue: e.TaskQueue},
		S3: config.S3{S3Bucket: shared.s3.Bucket, S3Endpoint: shared.s3.Endpoint, S3Region: shared.s3.Region, S3Prefix: "analyses", S3PathStyle: true,
			ChartURLTTL: time.Hour},
		OpenAIAPIKey: fakeOpenAIKey, OpenAIBaseURL: e.ModelURL, OpenAIModel: "script:sales-chart", OpenAIMaxRetries: 0,
		E2BAPIKey: fakeE2BKey, E2BDomain: "e2b.app", E2BAPIURL: e.E2BURL, E2BSandboxURL: e.E2BURL, E2BTemplate: "code-interpreter-v1",
		SandboxTimeout: 5 * time.Minute, MaxSandboxes: 20, SandboxCapacity: 20, // MAX_SANDBOXES' and SANDBOX_CAPACITY's defaults
		MaxOutputBytes: 8192, MaxDatasetBytes: 100 << 20, LogLevel: "info", LogFormat: "text",
	}
	for _, o := range options {
		o(&e.Config)
	}
	require.NoError(t, e.Config.Validate())

	acts, err := activities.New(ctx, e.Config, logger)
	require.NoError(t, err)
	e.S3 = acts.S3

	copts, err := e.Config.Temporal.ClientOptions()
	require.NoError(t, err)
	copts.Logger = tlog.NewStructuredLogger(logger)
	e.Temporal, err = client.Dial(copts)
	require.NoError(t, err)
	t.Cleanup(e.Temporal.Close)
	acts.Temporal = e.Temporal
	e.worker = worker.New(e.Temporal, e.TaskQueue, worker.Options{})
	workflows.Register(e.worker, acts)
	require.NoError(t, e.worker.Start())
	t.Cleanup(e.worker.Stop)
	lw, err := workflows.StartLineWorker(e.Temporal, acts, worker.Options{})
	require.NoError(t, err)
	t.Cleanup(lw.Stop)
	// As the worker's main does: the line runs, with this capacity.
	require.NoError(t, sandboxes.EnsureSandboxLine(ctx, acts, e.TaskQueue, logger))
	endLineAtCleanup(t, e.Temporal, e.Config)
	return e
}

// poolLine is the workflow id of the line of cfg's pool.
func poolLine(cfg config.Worker) string {
	return admission.LineWorkflowID(activities.SandboxPool(cfg))
}

// useE2B points cfg at a local E2B server the test serves on a URL of its
// own (through a proxy that watches or slows it), and ends that pool's
// line when the test ends.
func (e *env) useE2B(cfg *config.Worker, url string) {
	cfg.E2BAPIURL, cfg.E2BSandboxURL = url, url
	endLineAtCleanup(e.t, e.Temporal, *cfg)
}

// endLineAtCleanup ends the line of cfg's pool when the test ends. A
// pool is named by its E2B URL, so a later test whose local E2B server
// gets the same port would otherwise join this test's line, still running
// on the shared Temporal server, with its holders and its count of turns.
func endLineAtCleanup(t *testing.T, c client.Client, cfg config.Worker) {
	id := poolLine(cfg)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err := c.TerminateWorkflow(ctx, id, "", "e2e: the test that used this pool ended")
		var nf *serviceerror.NotFound
		if err != nil && !errors.As(err, &nf) {
			t.Logf("ending the sandbox line %s: %v", id, err)
		}
	})
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	if testing.Verbose() {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

// upload puts a local file into the bucket and returns its key.
func (e *env) upload(path, key string) string {
	b, err := os.ReadFile(path)
	require.NoError(e.t, err)
	_, err = e.S3.PutObject(context.Background(), &s3.PutObjectInput{Bucket: aws.String(e.Bucket), Key: aws.String(key), Body: strings.NewReader(string(b))})
	require.NoError(e.t, err)
	return key
}

// start starts an analysis and returns its run.
func (e *env) start(id string, input any) client.WorkflowRun {
	run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: e.TaskQueue, WorkflowExecutionTimeout: 10 * time.Minute,
	}, api.AnalysisWorkflowName, input)
	require.NoError(e.t, err)
	return run
}

func (e *env) getObject(key string) []byte {
	out, err := e.S3.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(e.Bucket), Key: aws.String(key)})
	require.NoError(e.t, err, "get s3://%s/%s", e.Bucket, key)
	defer out.Body.Close()
	b, err := io.ReadAll(out.Body)
	require.NoError(e.t, err)
	return b
}

// listKeys lists the keys under prefix.
func (e *env) listKeys(prefix string) []string {
	var keys []string
	p := s3.NewListObjectsV2Paginator(e.S3, &s3.ListObjectsV2Input{Bucket: aws.String(e.Bucket), Prefix: aws.String(prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(context.Background())
		require.NoError(e.t, err)
		for _, o := range page.Contents {
			keys = append(keys, *o.Key)
		}
	}
	return keys
}

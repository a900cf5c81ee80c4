package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/internal/latency"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// Fake credentials of the stand-ins; nothing real is ever used.
const (
	benchOpenAIKey = "sk-bench-not-a-key"
	benchE2BKey    = "e2b_bench_not_a_key"
)

// env is the real stack a benchmark runs on: the Temporal dev server and
// versitygw from internal/devstack, the local E2B server with its fake kernel
// and the scripted model with latencies, all on loopback; the worker runs
// as a child process (this binary in worker mode) so its memory and
// goroutines are its own.
type env struct {
	opts     options
	log      *slog.Logger
	logDir   string
	temporal *devstack.Temporal
	s3       *devstack.S3
	e2b      *e2blocal.Server
	fake     *e2blocal.FakeKernel // the E2B server's kernel
	e2bURL   string
	modelURL string
	model    *scriptedmodel.Server
	client   client.Client
	cfg      config.Worker // the worker's configuration (also the loop's)
	acts     *activities.Activities
	S3       *s3.Client
	counts   *requestCounts
	stops    []func() error

	// temporalPID is the Temporal server's process where the bench started
	// it itself (P9's cluster); 0: the dev server, found by its address.
	temporalPID int
}

// startEnv starts every server. scripts are written to a temporary script
// dir; latencies maps a model name to its turn latency.
func startEnv(ctx context.Context, o options, scripts map[string]scriptSpec) (*env, error) {
	e := &env{opts: o, counts: &requestCounts{}, fake: &e2blocal.FakeKernel{StdoutBytes: 100}}
	var err error
	if e.logDir, err = os.MkdirTemp("", "durable-analyst-bench-"); err != nil {
		return nil, err
	}
	logFile, err := os.Create(filepath.Join(e.logDir, "bench.log"))
	if err != nil {
		return nil, err
	}
	e.stops = append(e.stops, logFile.Close)
	e.log = slog.New(slog.NewTextHandler(logFile, &slog.HandlerOptions{Level: slog.LevelWarn}))
	so := devstack.Options{LogDir: e.logDir, Logf: o.logf}
	t, stop, err := devstack.StartTemporal(ctx, so)
	if err != nil {
		return nil, err
	}
	e.temporal, e.stops = t, append(e.stops, stop)
	s, stop, err := devstack.StartS3(ctx, so)
	if err != nil {
		e.close()
		return nil, err
	}
	e.s3, e.stops = s, append(e.stops, stop)

	e.e2b, err = e2blocal.New(e2blocal.Config{APIKey: benchE2BKey, Logger: e.log, Root: filepath.Join(e.logDir, "sandboxes"),
		DefaultTimeout: 10 * time.Minute, Fake: e.fake})
	if err != nil {
		e.close()
		return nil, err
	}
	e.stops = append(e.stops, e.e2b.Close)
	if e.e2bURL, err = e.serve(count(e.e2b.Handler(), &e.counts.execute, isFakeCell)); err != nil {
		e.close()
		return nil, err
	}

	dir := filepath.Join(e.logDir, "scripts")
	lat := scriptedmodel.Latency{ByModel: map[string]latency.Dist{}}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		e.close()
		return nil, err
	}
	for name, sc := range scripts {
		b, _ := json.Marshal(sc.file())
		if err := os.WriteFile(filepath.Join(dir, name+".json"), b, 0o644); err != nil {
			e.close()
			return nil, err
		}
		lat.ByModel[scriptedmodel.ModelPrefix+name] = latency.Fixed(sc.modelLatency)
	}
	model, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: dir, APIKey: benchOpenAIKey, Logger: e.log})
	if err != nil {
		e.close()
		return nil, err
	}
	e.model = model
	isPost := func(r *http.Request) bool { return r.Method == http.MethodPost }
	url, err := e.serve(count(scriptedmodel.WithLatency(model.Handler(), lat), &e.counts.model, isPost))
	if err != nil {
		e.close()
		return nil, err
	}
	e.modelURL = url + "/v1"

	// The worker's and the loop's S3 client read the keys from the
	// environment, as in production.
	os.Setenv("AWS_ACCESS_KEY_ID", e.s3.AccessKey)
	os.Setenv("AWS_SECRET_ACCESS_KEY", e.s3.SecretKey)
	if e.cfg, err = loadConfig(e.workerEnv("bench", 0, 0)); err != nil {
		e.close()
		return nil, err
	}
	if e.acts, err = activities.New(ctx, e.cfg, e.log); err != nil {
		e.close()
		return nil, err
	}
	e.S3 = e.acts.S3
	if e.client, err = client.Dial(client.Options{HostPort: t.Address, Namespace: t.Namespace,
		Logger: tlog.NewStructuredLogger(e.log)}); err != nil {
		e.close()
		return nil, err
	}
	e.stops = append(e.stops, func() error { e.client.Close(); return nil })
	return e, nil
}

// serve serves h on a free loopback port until the env closes.
func (e *env) serve(h http.Handler) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	e.stops = append(e.stops, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if srv.Shutdown(ctx) != nil {
			return srv.Close()
		}
		return nil
	})
	return "http://" + ln.Addr().String(), nil
}

// close stops everything, newest first.
func (e *env) close() {
	for i := len(e.stops) - 1; i >= 0; i-- {
		if err := e.stops[i](); err != nil {
			e.opts.logf("bench: stop: %v", err)
		}
	}
	e.stops = nil
	if !e.opts.keepLogs {
		_ = os.RemoveAll(e.logDir)
	}
}

// workerEnv is the worker's environment: the variables the real worker
// reads (docs/configuration.md), pointing at this stack.
func (e *env) workerEnv(taskQueue string, maxActivities, maxWorkflowTasks int) map[string]string {
	return map[string]string{
		"TEMPORAL_ADDRESS": e.temporal.Address, "TEMPORAL_NAMESPACE": e.temporal.Namespace, "TASK_QUEUE": taskQueue,
		"OPENAI_API_KEY": benchOpenAIKey, "OPENAI_BASE_URL": e.modelURL, "OPENAI_MODEL": "script:p1", "OPENAI_MAX_RETRIES": "0",
		"E2B_API_KEY": benchE2BKey, "E2B_API_URL": e.e2bURL, "E2B_SANDBOX_URL": e.e2bURL,
		"S3_BUCKET": e.s3.Bucket, "S3_ENDPOINT": e.s3.Endpoint, "S3_REGION": e.s3.Region, "S3_PATH_STYLE": "true",
		"AWS_ACCESS_KEY_ID": e.s3.AccessKey, "AWS_SECRET_ACCESS_KEY": e.s3.SecretKey,
		"SANDBOX_TIMEOUT": "10m", "SWEEP_INTERVAL": "0", "LOG_LEVEL": "warn",
		"MAX_CONCURRENT_ACTIVITIES": strconv.Itoa(maxActivities), "MAX_CONCURRENT_WORKFLOW_TASKS": strconv.Itoa(maxWorkflowTasks),
	}
}

// workerProc is a worker child process and its stats endpoint.
type workerProc struct {
	cmd    *exec.Cmd
	stats  string        // http://addr/stats
	exited chan struct{} // closed once the process has exited
	err    error         // how it exited; set before exited is closed
}

// startWorker starts this binary in worker mode on taskQueue.
func (e *env) startWorker(ctx context.Context, taskQueue string, maxActivities, maxWorkflowTasks int, pollers string) (*workerProc, error) {
	return e.startWorkerEnv(ctx, taskQueue, maxActivities, maxWorkflowTasks, pollers, nil)
}

// startWorkerEnv is startWorker with extra (or replaced) worker variables.
func (e *env) startWorkerEnv(ctx context.Context, taskQueue string, maxActivities, maxWorkflowTasks int, pollers string, extra map[string]string) (*workerProc, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	port, err := devstack.FreePort()
	if err != nil {
		return nil, err
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), workerModeEnv+"=1", statsAddrEnv+"="+addr)
	vars := e.workerEnv(taskQueue, maxActivities, maxWorkflowTasks)
	for k, v := range extra {
		vars[k] = v
	}
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	// The bench's poller settings: "default" is the SDK's (2 of each).
	switch pollers {
	case "":
	case "default":
		cmd.Env = append(cmd.Env, "TASK_POLLERS=2")
	default:
		cmd.Env = append(cmd.Env, "TASK_POLLERS="+pollers)
	}
	logf, err := os.OpenFile(filepath.Join(e.logDir, "worker-"+taskQueue+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start worker: %w", err)
	}
	w := &workerProc{cmd: cmd, stats: "http://" + addr + "/stats", exited: make(chan struct{})}
	go func() { w.err = cmd.Wait(); logf.Close(); close(w.exited) }()
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		if _, err := w.sample(); err == nil {
			return w, nil
		}
		select {
		case <-w.exited:
			b, _ := os.ReadFile(logf.Name())
			return nil, fmt.Errorf("worker exited during start-up: %v\n%s", w.err, tail(string(b), 2000))
		case <-wctx.Done():
			w.stop()
			return nil, fmt.Errorf("worker not ready after a minute")
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// stop stops the worker with SIGTERM, as an operator would, and SIGKILLs
// it after 40 s. A worker that has exited already (killed) is left as it
// is, so every path may stop what it started.
func (w *workerProc) stop() {
	if w == nil {
		return
	}
	_ = w.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-w.exited:
	case <-time.After(40 * time.Second):
		w.kill()
	}
}

// kill SIGKILLs the worker and returns once it has exited.
func (w *workerProc) kill() {
	_ = w.cmd.Process.Kill()
	<-w.exited
}

// sample reads the worker's current stats.
func (w *workerProc) sample() (workerStats, error) {
	var s workerStats
	hc := http.Client{Timeout: 5 * time.Second}
	resp, err := hc.Get(w.stats)
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return s, err
	}
	return s, json.Unmarshal(b, &s)
}

// profile fetches a CPU profile of the worker for d into path.
func (w *workerProc) profile(d time.Duration, path string) error {
	url := strings.TrimSuffix(w.stats, "/stats") + "/debug/pprof/profile?seconds=" + strconv.Itoa(int(d.Seconds()))
	hc := http.Client{Timeout: d + 30*time.Second}
	resp, err := hc.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// loadConfig reads the worker configuration from vars the way the worker
// does (config.Load), through this process's environment.
func loadConfig(vars map[string]string) (config.Worker, error) {
	for k, v := range vars {
		if err := os.Setenv(k, v); err != nil {
			return config.Worker{}, err
		}
	}
	return config.Load()
}

// Command devstack runs durable-analyst on one machine with no accounts:
// the Temporal dev server (with its Web UI), a versitygw S3 server, and —
// when E2B_API_KEY / OPENAI_API_KEY are not set — the local E2B server and
// the local model server answering as the offline analyst (rule-based, not a
// language model), then the worker. `make run` runs it until Ctrl-C;
// `make demo` (-demo) also starts one analysis with the starter, prints the
// answer and exits with the starter's status. `make cluster` (-cluster, see
// cluster.go) runs a Temporal server on PostgreSQL and several workers.
//
// Everything listens on 127.0.0.1. Server logs go to .run/ in the repository.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
	"github.com/durable-analyst/durable-analyst/workflows"
)

const (
	taskQueue      = "analysis"
	demoQuestion   = "Which region had the highest revenue, and how did monthly revenue trend?"
	demoDataset    = "testdata/datasets/sales.csv"
	preferredFront = 7233
	preferredUI    = 8233
	preferredS3    = 7070
)

// demoModel answers offline: the rule-based analyst, which analyses any
// table (the scripts stay for tests, as script:<name>).
const demoModel = scriptedmodel.AnalystModel

var (
	workerCount = flag.Int("workers", workersDefault(), "how many worker processes to run on the task queue, each restarted when it dies (default: $WORKERS, else 2)")
	stateDir    = flag.String("dir", "", "where make run keeps its state and logs (default .run in the repository; with -cluster .run/cluster)")
	buildDir    = flag.String("bin", "", "where the worker and starter are built (default .bin in the repository)")
)

// workersDefault is $WORKERS when it is a number, else 2.
func workersDefault() int {
	if n, err := strconv.Atoi(os.Getenv("WORKERS")); err == nil {
		return n
	}
	return 2
}

func main() {
	demo := flag.Bool("demo", false, "start one analysis of "+demoDataset+", print the answer and exit with the starter's status")
	plaintext := flag.Bool("plaintext", false, "store payloads in plaintext (no generated key, no codec server)")
	flag.Parse()
	if *workerCount < 1 || *workerCount > 64 {
		fmt.Fprintf(os.Stderr, "devstack: -workers (or WORKERS): %d, want 1..64\n", *workerCount)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	var code int
	var err error
	if *clusterMode {
		code, err = runCluster(ctx, *plaintext)
	} else {
		code, err = run(ctx, *demo, *plaintext)
	}
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "devstack:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// run starts everything, then waits for Ctrl-C (or runs the demo), and stops
// everything in reverse order. It returns the exit code for the process.
func run(ctx context.Context, demo, plaintext bool) (code int, err error) {
	root, err := devstack.RepoRoot()
	if err != nil {
		return 1, err
	}
	runDir := *stateDir
	if runDir == "" {
		runDir = filepath.Join(root, ".run")
	}
	if runDir, err = filepath.Abs(runDir); err != nil {
		return 1, err
	}
	if err := os.MkdirAll(runDir, 0o755); err != nil {
		return 1, err
	}
	say := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "devstack: "+format+"\n", args...) }

	// Stop functions, run in reverse order on the way out.
	var stops []func() error
	defer func() {
		say("stopping")
		for _, stop := range slices.Backward(stops) {
			if serr := stop(); serr != nil {
				say("%v", serr)
			}
		}
	}()

	opts := devstack.Options{
		TemporalPort:   preferPort("Temporal frontend", preferredFront, say),
		TemporalUIPort: preferPort("Temporal UI", preferredUI, say),
		S3Port:         preferPort("S3", preferredS3, say),
		LogDir:         runDir,
		Logf:           say,
		// Registered for the filters of the UI's workflow list.
		SearchAttributes: workflows.SearchAttributes,
	}
	if !demo {
		// make run keeps its state: a restart continues every analysis
		// and keeps every result (histories in Temporal's SQLite file,
		// charts and reports in S3's directory). make demo starts empty.
		opts.TemporalDBFile = filepath.Join(runDir, "temporal.db")
		opts.S3Dir = filepath.Join(runDir, "s3")
	}
	var enc encryption
	if !plaintext {
		if enc, err = setupEncryption(runDir, opts.TemporalUIPort); err != nil {
			return 1, err
		}
		opts.UICodecEndpoint = enc.Endpoint
	}
	temporal, stopTemporal, err := devstack.StartTemporal(ctx, opts)
	if err != nil {
		return 1, err
	}
	stops = append(stops, stopTemporal)
	svc, err := startServices(ctx, root, runDir, opts, temporal, enc)
	stops = append(stops, svc.stops...)
	if err != nil {
		return 1, err
	}
	s3srv, env, e2bURL, modelURL := svc.s3, svc.env, svc.e2bURL, svc.modelURL

	bin := binDir(root)
	say("building ./worker and ./starter into %s", bin)
	if err := goBuild(ctx, root, bin, "./worker", "./starter"); err != nil {
		return 1, err
	}
	versioningEnv(env, filepath.Join(bin, "worker"))

	workerOut := func(name string) io.Writer { return newPrefixWriter(os.Stderr, name+" | ") }
	codecOut := io.Writer(newPrefixWriter(os.Stderr, "codec  | "))
	if demo {
		workerOut, codecOut = nil, nil // the demo shows the starter; the logs are in the state directory
	}
	if enc.URL != "" {
		cs, err := startCodecServer(ctx, enc, bin, root, runDir, codecEnv(env), codecOut)
		if err != nil {
			return 1, err
		}
		stops = append(stops, func() error { return cs.Stop(5 * time.Second) })
		go func() {
			<-cs.Done()
			if ctx.Err() == nil {
				say("the codec server stopped (%v); the workers go on, the UI shows payloads encrypted (log: %s)", cs.Err(), filepath.Join(runDir, "codec.log"))
			}
		}()
	}
	workers, err := startWorkers(ctx, *workerCount, filepath.Join(bin, "worker"), env, root, runDir, workerOut, say)
	if err != nil {
		return 1, err
	}
	stops = append(stops, func() error { return workers.Stop(15 * time.Second) })
	if err := waitForPollers(ctx, temporal, workers); err != nil {
		return 1, err
	}
	if v, err := waitForCurrentVersion(ctx, temporal, env, say); err != nil {
		return 1, err
	} else if v != "" {
		say("worker deployment version %s is current", v)
	}

	if err := ensureNexusEndpoint(ctx, temporal, say); err != nil {
		return 1, err
	}

	printBanner(os.Stdout, temporal, s3srv, e2bURL, modelURL, runDir)
	state := "kept in " + runDir + " (Temporal: temporal.db, S3: s3/); make run again continues where this one stopped"
	if demo {
		state = "in memory and a temporary directory (make demo); gone when it exits"
	}
	fmt.Fprintf(os.Stdout, "  workers            %d processes on task queue %q, restarted when one dies (logs: %s/worker-N.log)\n  state              %s\n\n",
		workers.N(), taskQueue, runDir, state)
	printEncryption(os.Stdout, enc)

	if demo {
		return runDemo(ctx, root, bin, env)
	}
	say("running; press Ctrl-C to stop")
	<-ctx.Done()
	say("Ctrl-C: stopping the workers, then the servers")
	return 0, nil
}

// preferPort returns port when it is free, else 0 (a free port), saying so.
func preferPort(what string, port int, say func(string, ...any)) int {
	if devstack.PortFree(port) {
		return port
	}
	say("port %d for the %s is busy; using a free port instead", port, what)
	return 0
}

// startLocalE2B serves the local E2B-compatible sandbox server on a loopback
// port and returns its URL, a fresh API key and its capacity (-1: none).
func startLocalE2B(runDir string) (url, key string, capacity int, stop func() error, err error) {
	logger, closeLog, err := fileLogger(filepath.Join(runDir, "e2blocal.log"))
	if err != nil {
		return "", "", 0, nil, err
	}
	key = "e2b_local_" + randomHex()
	lim, maxSandboxes, err := e2blocal.LimitsFromEnv()
	if err != nil {
		closeLog()
		return "", "", 0, nil, fmt.Errorf("local E2B server: %w", err)
	}
	srv, err := e2blocal.New(e2blocal.Config{APIKey: key, Logger: logger, Limits: lim, MaxSandboxes: maxSandboxes})
	if err != nil {
		closeLog()
		return "", "", 0, nil, fmt.Errorf("start local E2B server: %w", err)
	}
	url, stopHTTP, err := serve("local E2B server", srv.Handler())
	if err != nil {
		srv.Close()
		closeLog()
		return "", "", 0, nil, err
	}
	if !srv.Isolated() {
		fmt.Fprintln(os.Stderr, "devstack: WARNING: bubblewrap is not available; sandboxes run as plain processes without isolation (apt-get install bubblewrap)")
	}
	capacity, _ = srv.Capacity()
	return url, key, capacity, func() error {
		defer closeLog()
		return errors.Join(stopHTTP(), srv.Close())
	}, nil
}

// startScriptedModel serves the scripted OpenAI-compatible model on a
// loopback port and returns its URL (without /v1) and a fresh API key.
func startScriptedModel(root, runDir string) (url, key string, stop func() error, err error) {
	logger, closeLog, err := fileLogger(filepath.Join(runDir, "scriptedmodel.log"))
	if err != nil {
		return "", "", nil, err
	}
	key = "sk-local-" + randomHex()
	srv, err := scriptedmodel.New(scriptedmodel.Config{
		ScriptDir:     filepath.Join(root, "testdata", "scripts"),
		DefaultScript: demoModel,
		APIKey:        key,
		Logger:        logger,
	})
	if err != nil {
		closeLog()
		return "", "", nil, fmt.Errorf("start scripted model: %w", err)
	}
	url, stopHTTP, err := serve("scripted model", srv.Handler())
	if err != nil {
		closeLog()
		return "", "", nil, err
	}
	return url, key, func() error {
		defer closeLog()
		return stopHTTP()
	}, nil
}

// serve serves h on a free 127.0.0.1 port and returns its http:// URL.
func serve(what string, h http.Handler) (string, func() error, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, fmt.Errorf("listen for the %s: %w", what, err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(l)
	return "http://" + l.Addr().String(), func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := hs.Shutdown(ctx); err != nil {
			hs.Close()
			return fmt.Errorf("stop the %s: %w", what, err)
		}
		return nil
	}, nil
}

// fileLogger returns a text logger that writes to path.
func fileLogger(path string) (*slog.Logger, func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return slog.New(slog.NewTextHandler(f, nil)), func() { f.Close() }, nil
}

func randomHex() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// goBuild builds pkgs into dir.
func goBuild(ctx context.Context, root, dir string, pkgs ...string) error {
	cmd := exec.CommandContext(ctx, "go", append([]string{"build", "-o", dir + "/"}, pkgs...)...)
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w", strings.Join(pkgs, " "), err)
	}
	return nil
}

// printBanner tells the user where everything is and how to start analyses.
func printBanner(w io.Writer, t *devstack.Temporal, s *devstack.S3, e2bURL, modelURL, runDir string) {
	fmt.Fprintf(w, `
durable-analyst is running
  Temporal UI        %s
  Temporal frontend  %s (namespace %s, task queue %s)
  S3                 %s (bucket %s, data in %s)
  E2B                %s
  model              %s
  logs               %s

To use the starter from another shell:
  export TEMPORAL_ADDRESS=%s TEMPORAL_NAMESPACE=%s
  export S3_ENDPOINT=%s S3_BUCKET=%s S3_REGION=%s S3_PATH_STYLE=true
  export AWS_ACCESS_KEY_ID=%s AWS_SECRET_ACCESS_KEY=%s
  .bin/starter analyze --question %q --file %s --wait

`, orNone(t.UIAddress), t.Address, t.Namespace, taskQueue, s.Endpoint, s.Bucket, s.Dir, e2bURL, modelURL, runDir,
		t.Address, t.Namespace, s.Endpoint, s.Bucket, s.Region, s.AccessKey, s.SecretKey, demoQuestion, demoDataset)
}

func orNone(s string) string {
	if s == "" {
		return "(disabled)"
	}
	return s
}

// runDemo runs one analysis with the starter and returns its exit code.
func runDemo(ctx context.Context, root, bin string, env *environ) (int, error) {
	args := []string{"analyze", "--question", demoQuestion, "--file", demoDataset, "--wait"}
	fmt.Fprintf(os.Stderr, "devstack: .bin/starter %s\n", strings.Join(quoteAll(args), " "))
	cmd := exec.CommandContext(ctx, filepath.Join(bin, "starter"), args...)
	cmd.Dir = root
	cmd.Env = env.list()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, os.Stdout, os.Stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return exitErr.ExitCode(), fmt.Errorf("starter failed with status %d (workers' logs: .run/worker-N.log)", exitErr.ExitCode())
	default:
		return 1, fmt.Errorf("run the starter: %w", err)
	}
}

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, " ,?'\"") {
			a = fmt.Sprintf("%q", a)
		}
		out[i] = a
	}
	return out
}

// binDir is -bin or <root>/.bin.
func binDir(root string) string {
	if *buildDir != "" {
		if abs, err := filepath.Abs(*buildDir); err == nil {
			return abs
		}
		return *buildDir
	}
	return filepath.Join(root, ".bin")
}

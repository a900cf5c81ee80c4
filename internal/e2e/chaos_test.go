package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

var chaosFull = flag.Bool("chaos.full", false, "run the full chaos test: 10 analyses, at least 20 worker kills")

// inflight counts requests in flight that match a filter, optionally
// slowing them so a kill can land while they run.
type inflight struct {
	n     atomic.Int64
	match func(*http.Request) bool
	delay time.Duration
}

func (f *inflight) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !f.match(r) {
			h.ServeHTTP(w, r)
			return
		}
		f.n.Add(1)
		defer f.n.Add(-1)
		if f.delay > 0 {
			time.Sleep(f.delay)
		}
		h.ServeHTTP(w, r)
	})
}

// waitFor waits up to d for at least one request in flight.
func (f *inflight) waitFor(d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if f.n.Load() > 0 {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// workerEnv is the environment a worker process reads its config from.
func workerEnv(c config.Worker) []string {
	env := []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"TEMPORAL_ADDRESS=" + c.TemporalAddress, "TEMPORAL_NAMESPACE=" + c.TemporalNamespace, "TASK_QUEUE=" + c.TaskQueue,
		"TEMPORAL_CONFIG_FILE=" + os.DevNull, // not the test user's temporal CLI profile
		"OPENAI_API_KEY=" + c.OpenAIAPIKey.Reveal(), "OPENAI_BASE_URL=" + c.OpenAIBaseURL, "OPENAI_MODEL=" + c.OpenAIModel,
		"OPENAI_MAX_RETRIES=" + strconv.Itoa(c.OpenAIMaxRetries),
		"E2B_API_KEY=" + c.E2BAPIKey.Reveal(), "E2B_API_URL=" + c.E2BAPIURL, "E2B_SANDBOX_URL=" + c.E2BSandboxURL,
		"E2B_TEMPLATE=" + c.E2BTemplate,
		"S3_BUCKET=" + c.S3Bucket, "S3_ENDPOINT=" + c.S3Endpoint, "S3_REGION=" + c.S3Region, "S3_PREFIX=" + c.S3Prefix,
		"S3_PATH_STYLE=" + strconv.FormatBool(c.S3PathStyle),
		"AWS_ACCESS_KEY_ID=" + shared.s3.AccessKey, "AWS_SECRET_ACCESS_KEY=" + shared.s3.SecretKey,
		"LOG_LEVEL=info", "SANDBOX_CAPACITY=" + strconv.Itoa(c.SandboxCapacity),
	}
	if c.SandboxPool != "" {
		env = append(env, "SANDBOX_POOL="+c.SandboxPool)
	}
	if c.OpenAIBackground != "" {
		env = append(env, "OPENAI_BACKGROUND="+c.OpenAIBackground)
	}
	return env
}

// builtDir holds the programs the tests build: TestMain makes it before
// the tests and removes it after them.
var builtDir string

// builtPath is where the tests build the program name.
func builtPath(name string) (string, error) {
	if builtDir == "" {
		return "", errors.New("no directory for built programs: TestMain makes it")
	}
	return filepath.Join(builtDir, name), nil
}

// buildWorker builds the worker binary once per test binary.
var buildWorker = sync.OnceValues(func() (string, error) {
	root, err := repoPathErr()
	if err != nil {
		return "", err
	}
	out, err := builtPath("worker")
	if err != nil {
		return "", err
	}
	cmd := exec.Command("go", "build", "-o", out, "./worker")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./worker: %v\n%s", err, b)
	}
	return out, nil
})

// The chaos test: several analyses that each run four cells (two of them
// draw charts) while the worker process is killed with SIGKILL again and
// again, mid-cell and mid-upload among other moments, and restarted. Every
// analysis must finish with the right answer, every cell must have run
// exactly once (each cell increments a counter in the sandbox and the next
// model turn checks it), the charts in S3 must be exactly the ones drawn,
// and no sandbox may be left.
func TestChaosWorkerKills(t *testing.T) {
	analyses, targetKills := 3, 6
	if *chaosFull {
		analyses, targetKills = 10, 24
	}
	if testing.Short() {
		t.Skip("chaos test skipped in -short mode")
	}
	e := newEnv(t)

	// Slow chart, file and report uploads and watch cells, so kills can land in them.
	cells := &inflight{match: func(r *http.Request) bool {
		return r.Header.Get("E2b-Sandbox-Port") == "49999" && r.URL.Path == "/execute"
	}}
	uploads := &inflight{delay: 300 * time.Millisecond, match: func(r *http.Request) bool {
		return r.Method == http.MethodPut && (strings.HasSuffix(r.URL.Path, ".png") || strings.Contains(r.URL.Path, "/files/") ||
			strings.HasSuffix(r.URL.Path, "/report.md") || strings.HasSuffix(r.URL.Path, "/report.html"))
	}}
	e2bURL := serve(t, cells.wrap(e.E2B.Handler()))
	s3Target, err := url.Parse(shared.s3.Endpoint)
	require.NoError(t, err)
	s3URL := serve(t, uploads.wrap(httputil.NewSingleHostReverseProxy(s3Target)))

	cfg := e.Config
	cfg.TaskQueue = "chaos-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	cfg.S3Endpoint = s3URL
	e.useE2B(&cfg, e2bURL)
	cfg.OpenAIModel = "script:chaos-counter"
	worker := startWorkerProcess(t, workerEnv(cfg))

	// Start the analyses.
	runs := make([]client.WorkflowRun, analyses)
	prefix := "chaos-" + time.Now().Format("150405")
	for i := range runs {
		r, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
			ID: fmt.Sprintf("%s-%02d", prefix, i), TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 15 * time.Minute,
		}, api.AnalysisWorkflowName, api.AnalysisInput{
			Question: fmt.Sprintf("chaos analysis %d: count the cells", i), Model: "script:chaos-counter",
		})
		require.NoError(t, err)
		runs[i] = r
	}
	done := make(chan struct{})
	var finished sync.WaitGroup
	results := make([]api.AnalysisResult, analyses)
	errs := make([]error, analyses)
	for i, r := range runs {
		finished.Add(1)
		go func() {
			defer finished.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 14*time.Minute)
			defer cancel()
			errs[i] = r.Get(ctx, &results[i])
		}()
	}
	go func() { finished.Wait(); close(done) }()

	// The killer: SIGKILL at random moments, some while a cell runs, some
	// while a chart uploads; restart at once.
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	var kills, midCell, midUpload int
	start := time.Now()
killing:
	for kills < targetKills {
		select {
		case <-done:
			break killing
		case <-time.After(time.Duration(200+rng.IntN(1300)) * time.Millisecond):
		}
		switch kills % 3 {
		case 1:
			if cells.waitFor(25 * time.Second) {
				midCell++
			}
		case 2:
			if uploads.waitFor(25 * time.Second) {
				midUpload++
			}
		}
		worker.kill9()
		kills++
		time.Sleep(time.Duration(rng.IntN(300)) * time.Millisecond)
		worker.start()
	}
	killPhase := time.Since(start)
	<-done
	total := time.Since(start)

	// Every analysis finished with the scripted answer; the script's
	// expects already refused any turn whose counter was off.
	for i := range runs {
		require.NoError(t, errs[i], "analysis %d", i)
		assert.Equal(t, api.StatusAnswered, results[i].Status, "analysis %d", i)
		assert.Equal(t, "done", results[i].Answer, "analysis %d", i)
		assert.Equal(t, 4, results[i].CodeRuns, "analysis %d", i)
	}

	// Each cell's stored output shows the counter it saw: 1, 2, 3, 4.
	duplicates := 0
	for i, r := range runs {
		for step := 1; step <= 4; step++ {
			var rec struct {
				Stdout string `json:"stdout"`
			}
			require.NoError(t, json.Unmarshal(e.getObject(fmt.Sprintf("analyses/%s/step-%d/0-output.json", r.GetID(), step)), &rec))
			if !strings.Contains(rec.Stdout, fmt.Sprintf("step %d: counter=%d", step, step)) {
				duplicates++
				t.Errorf("analysis %d step %d: stdout %q, want counter=%d", i, step, rec.Stdout, step)
			}
		}
		// Exactly the charts drawn (steps 2 and 4), none twice.
		var pngs []string
		for _, k := range e.listKeys("analyses/" + r.GetID() + "/") {
			if strings.HasSuffix(k, ".png") {
				pngs = append(pngs, strings.TrimPrefix(k, "analyses/"+r.GetID()+"/"))
			}
		}
		sort.Strings(pngs)
		assert.Equal(t, []string{"step-2/0-0.png", "step-4/0-0.png"}, pngs, "analysis %d charts", i)
		assert.Len(t, results[i].Charts, 2)
		checkChaosOutputs(t, e, r.GetID(), &results[i])
	}

	// No sandbox leaks.
	leaks := 0
	if !assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 30*time.Second, 100*time.Millisecond) {
		leaks = len(e.E2B.Sandboxes())
	}
	rebuilds := 0
	for _, r := range runs {
		if p, err := e.progress(r.GetID()); err == nil {
			rebuilds += p.Rebuilds
		}
	}
	for _, line := range strings.Split(worker.Logs.String(), "\n") {
		if strings.Contains(line, "lost") || strings.Contains(line, "Lost") {
			t.Logf("worker: %s", line)
		}
	}
	t.Logf("chaos: analyses=%d kills=%d (mid-cell %d, mid-upload %d) restarts=%d rebuilds=%d duplicates=%d leaks=%d kill-phase=%s total=%s",
		analyses, kills, midCell, midUpload, kills, rebuilds, duplicates, leaks, killPhase.Round(time.Second), total.Round(time.Second))
	fmt.Printf("CHAOS FIGURES: analyses=%d kills=%d mid-cell=%d mid-upload=%d restarts=%d duplicates=%d leaks=%d total=%s\n",
		analyses, kills, midCell, midUpload, kills, duplicates, leaks, total.Round(time.Second))
	assert.GreaterOrEqual(t, kills, targetKills/2, "the analyses finished before enough kills landed")
	// Worker deaths alone never cost a sandbox: no cell may be replayed.
	assert.Zero(t, rebuilds, "a worker crash made an analysis rebuild its sandbox")
}

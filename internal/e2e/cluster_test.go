package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// startCluster starts PostgreSQL and the Temporal server on it (the pinned
// go.temporal.io/server, schema by temporal-sql-tool), as make cluster
// does, in a directory removed at the end of the test.
func startCluster(t *testing.T) (*devstack.Postgres, *devstack.TemporalServer) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end test on a Temporal cluster; skipped in -short mode")
	}
	dir, err := os.MkdirTemp("", "durable-analyst-cluster-*")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	// The postgres user must reach its data directory below this one.
	require.NoError(t, os.Chmod(dir, 0o755))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	logf := func(f string, a ...any) { fmt.Fprintf(os.Stderr, "e2e: "+f+"\n", a...) }
	pg, stopPG, err := devstack.StartPostgres(ctx, devstack.PostgresOptions{Dir: dir + "/postgres", Logf: logf})
	require.NoError(t, err, "start PostgreSQL (make deps-cluster installs Debian's postgresql)")
	t.Cleanup(func() { _ = stopPG() })
	srv, stopServer, err := devstack.StartTemporalServer(ctx, devstack.ServerOptions{
		Options: devstack.Options{Logf: logf, SearchAttributes: workflows.SearchAttributes}, Postgres: pg, Dir: dir + "/temporal",
	})
	require.NoError(t, err, "start the Temporal server on PostgreSQL")
	t.Cleanup(func() { _ = stopServer() })
	return pg, srv
}

// clusterWorker is one worker process (the real binary) that can be
// killed and started again.
type clusterWorker struct {
	name string
	bin  string
	env  []string
	logs *syncBuffer

	mu  sync.Mutex
	cmd *exec.Cmd
}

func (w *clusterWorker) start(t *testing.T) {
	cmd := exec.Command(w.bin)
	cmd.Env = w.env
	cmd.Stdout, cmd.Stderr = w.logs, w.logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start(), "start %s", w.name)
	w.mu.Lock()
	w.cmd = cmd
	w.mu.Unlock()
}

// kill sends SIGKILL, as a crash would, and reaps the process.
func (w *clusterWorker) kill() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cmd == nil || w.cmd.ProcessState != nil {
		return
	}
	_ = w.cmd.Process.Signal(syscall.SIGKILL)
	_ = w.cmd.Wait()
}

// TestClusterBatchSurvivesWorkerKillAndServerRestart runs analyses and a
// batch on the PostgreSQL-backed Temporal server with two worker processes
// on one task queue. While cells run, one worker is killed with SIGKILL;
// then the Temporal server itself is killed and restarted (its state is in
// PostgreSQL), and the killed worker comes back. Everything must complete;
// every cell ran exactly once (each cell increments a counter in its
// sandbox and the next model turn checks it; the stored outputs show the
// counters); every chart is stored once; every batch item is in the report;
// no sandbox is left.
func TestClusterBatchSurvivesWorkerKillAndServerRestart(t *testing.T) {
	_, srv := startCluster(t)
	e := newEnv(t, func(c *config.Worker) {
		c.TemporalAddress, c.TemporalNamespace = srv.Address, srv.Namespace
	})
	bin, err := buildWorker()
	require.NoError(t, err)

	// Watch cells and slow them, so the kill lands while cells run on
	// both workers.
	cells := &inflight{delay: 500 * time.Millisecond, match: func(r *http.Request) bool {
		return r.Header.Get("E2b-Sandbox-Port") == "49999" && r.URL.Path == "/execute"
	}}
	e2bURL := serve(t, cells.wrap(e.E2B.Handler()))
	cfg := e.Config
	cfg.TaskQueue = "cluster-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	e.useE2B(&cfg, e2bURL)
	cfg.OpenAIModel = "script:chaos-counter"
	env := workerEnv(cfg)
	workers := make([]*clusterWorker, 2)
	for i := range workers {
		workers[i] = &clusterWorker{name: fmt.Sprintf("worker-%d", i+1), bin: bin, env: env, logs: &syncBuffer{}}
		workers[i].start(t)
		t.Cleanup(workers[i].kill)
	}

	// Three analyses and a batch of six (three at a time, continuing as
	// new after three), all with the counting script.
	const analyses, items = 3, 6
	prefix := testID("cluster")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	var runs []client.WorkflowRun
	for i := range analyses {
		r, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
			ID: fmt.Sprintf("%s-%d", prefix, i), TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 14 * time.Minute,
		}, api.AnalysisWorkflowName, api.AnalysisInput{
			Question: fmt.Sprintf("cluster analysis %d: count the cells", i), Model: "script:chaos-counter",
		})
		require.NoError(t, err)
		runs = append(runs, r)
	}
	var jsonl strings.Builder
	for i := range items {
		b, err := json.Marshal(map[string]any{"id": fmt.Sprintf("item-%d", i), "question": fmt.Sprintf("cluster batch item %d: count the cells", i)})
		require.NoError(t, err)
		jsonl.Write(append(b, '\n'))
	}
	itemsKey := "inputs/" + prefix + "/items.jsonl"
	_, err = e.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(e.Bucket), Key: aws.String(itemsKey), Body: strings.NewReader(jsonl.String())})
	require.NoError(t, err)
	batchID := prefix + "-batch"
	batch, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: batchID, TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 14 * time.Minute,
	}, api.BatchAnalysisWorkflowName, api.BatchInput{
		ItemsS3Key: itemsKey, Concurrency: 3, ItemsPerRun: 3,
		Defaults: api.BatchDefaults{Model: "script:chaos-counter"},
	})
	require.NoError(t, err)

	// Mid-batch: kill a worker while a cell runs, then crash and restart
	// the server, then bring the worker back.
	victim, busyID := busyWorker(t, ctx, e.Temporal, workers, runs)
	victim.kill()
	t.Logf("killed %s (SIGKILL) while it ran a cell of %s", victim.name, busyID)
	require.True(t, cells.waitFor(3*time.Minute), "no cell ran after the kill")
	// The server goes down mid-batch, not after it.
	desc, err := e.Temporal.DescribeWorkflowExecution(ctx, batchID, "")
	require.NoError(t, err)
	require.Equal(t, enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING, desc.GetWorkflowExecutionInfo().GetStatus(), "batch status when the server is killed")
	srv.Kill()
	t.Logf("killed the Temporal server (SIGKILL)")
	require.NoError(t, srv.Restart(ctx), "restart the Temporal server on the same PostgreSQL")
	t.Logf("restarted the Temporal server")
	victim.start(t)

	// Everything completes.
	results := make([]api.AnalysisResult, analyses)
	for i, r := range runs {
		require.NoError(t, r.Get(ctx, &results[i]), "analysis %d", i)
	}
	var res api.BatchResult
	require.NoError(t, batch.Get(ctx, &res), "batch")

	// The analyses: the scripted answer after four cells.
	var ids []string
	for i, r := range runs {
		assert.Equal(t, api.StatusAnswered, results[i].Status, "analysis %d", i)
		assert.Equal(t, "done", results[i].Answer, "analysis %d", i)
		assert.Equal(t, 4, results[i].CodeRuns, "analysis %d", i)
		ids = append(ids, r.GetID())
	}
	// The batch: every item answered and reported, none lost or doubled.
	assert.Equal(t, items, res.Total)
	assert.Equal(t, items, res.Succeeded, "succeeded items")
	assert.Zero(t, res.Failed, "failed items")
	var rep batches.BatchReport
	require.NoError(t, json.Unmarshal(e.getObject(res.ReportKey), &rep))
	require.Len(t, rep.Items, items, "report rows")
	for i, it := range rep.Items {
		assert.Equal(t, fmt.Sprintf("item-%d", i), it.ID, "report row %d", i)
		assert.Equal(t, api.StatusAnswered, it.Status, "item %d: %s", i, it.Error)
		assert.Equal(t, "done", it.Answer, "item %d", i)
		ids = append(ids, it.WorkflowID)
	}
	// The search attributes registered on the PostgreSQL-backed server:
	// BatchId finds exactly the batch's items.
	itemIDs := slices.Sorted(slices.Values(ids[analyses:]))
	assert.Equal(t, itemIDs, listIDs(t, e, fmt.Sprintf(`BatchId = %q AND WorkflowType = %q`, batchID, api.AnalysisWorkflowName), items), "items by BatchId")

	// No cell ran twice: each stored cell output shows the counter it saw
	// (1, 2, 3, 4), and the charts are exactly the two drawn.
	for _, id := range ids {
		prefix := e.storedPrefix(id)
		for step := 1; step <= 4; step++ {
			var rec struct {
				Stdout string `json:"stdout"`
			}
			require.NoError(t, json.Unmarshal(e.getObject(fmt.Sprintf("%sstep-%d/0-output.json", prefix, step)), &rec), "%s step %d", id, step)
			assert.Contains(t, rec.Stdout, fmt.Sprintf("step %d: counter=%d", step, step), "%s step %d ran more than once", id, step)
		}
		var pngs []string
		for _, k := range e.listKeys(prefix) {
			if strings.HasSuffix(k, ".png") {
				pngs = append(pngs, strings.TrimPrefix(k, prefix))
			}
		}
		sort.Strings(pngs)
		assert.Equal(t, []string{"step-2/0-0.png", "step-4/0-0.png"}, pngs, "%s charts", id)
	}

	// No sandbox leaks, and no analysis had to rebuild its sandbox.
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 30*time.Second, 100*time.Millisecond, "sandboxes left")
	rebuilds := 0
	for _, id := range ids[:analyses] {
		p, err := e.progress(id)
		require.NoError(t, err, "progress of %s", id) // a failed query must not count as zero rebuilds
		rebuilds += p.Rebuilds
	}
	assert.Zero(t, rebuilds, "a worker or server crash made an analysis rebuild its sandbox")
	// The cell the killed worker ran was run again by an attempt on a live
	// worker (and, by the counters above, not run twice in the sandbox).
	retried := 0
	iter := e.Temporal.GetWorkflowHistory(ctx, busyID, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for iter.HasNext() {
		ev, err := iter.Next()
		require.NoError(t, err)
		if a := ev.GetActivityTaskStartedEventAttributes(); a != nil && a.GetAttempt() > 1 {
			retried++
		}
	}
	assert.Positive(t, retried, "activities of %s retried after its worker was killed", busyID)
	t.Logf("cluster: %d analyses + batch of %d on PostgreSQL, 2 workers, 1 worker SIGKILL mid-cell, 1 server SIGKILL+restart: all completed; %d retried activities in %s",
		analyses, items, retried, busyID)
}

// storedPrefix returns the S3 prefix ("analyses/<segment>/") under which
// the workflow id stored its cells. An id with characters unsafe in keys
// (a batch item's "<batch>/<n>") is stored as the id with those replaced
// and a hash appended; there must be exactly one such prefix.
func (e *env) storedPrefix(id string) string {
	if !strings.Contains(id, "/") {
		return "analyses/" + id + "/"
	}
	base := "analyses/" + strings.ReplaceAll(id, "/", "_") + "-"
	seen := map[string]bool{}
	for _, k := range e.listKeys(base) {
		rest := strings.TrimPrefix(k, base)
		if i := strings.Index(rest, "/"); i > 0 {
			seen[base+rest[:i+1]] = true
		}
	}
	require.Len(e.t, seen, 1, "stored prefixes of workflow %s under %s", id, base)
	for p := range seen {
		return p
	}
	return ""
}

// busyWorker waits until one of the analyses has a cell (RunCode) started
// on one of the workers, as the server's pending activities show, and
// returns that worker and the analysis.
func busyWorker(t *testing.T, ctx context.Context, c client.Client, workers []*clusterWorker, runs []client.WorkflowRun) (*clusterWorker, string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		for _, r := range runs {
			desc, err := c.DescribeWorkflowExecution(ctx, r.GetID(), "")
			if err != nil {
				continue
			}
			for _, pa := range desc.GetPendingActivities() {
				if pa.GetActivityType().GetName() != "RunCode" || pa.GetState() != enumspb.PENDING_ACTIVITY_STATE_STARTED {
					continue
				}
				for _, w := range workers {
					w.mu.Lock()
					pid := w.cmd.Process.Pid
					w.mu.Unlock()
					if strings.HasPrefix(pa.GetLastWorkerIdentity(), strconv.Itoa(pid)+"@") {
						return w, r.GetID()
					}
				}
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no worker ran a cell of the analyses within 3 minutes")
	return nil, ""
}

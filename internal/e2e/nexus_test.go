package e2e

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/operatorservice/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/nexus"
)

// nexusCallerNamespace is the second namespace the Nexus tests call from.
const nexusCallerNamespace = "e2e-nexus-callers"

// nexusCall is the input of a caller workflow: the endpoint and the
// operation's input.
type nexusCall[I any] struct {
	Endpoint string `json:"endpoint"`
	Input    I      `json:"input"`
}

// nexusCaller is another team's workflow in another namespace: it runs the
// operation op through a Nexus endpoint and returns its typed result.
func nexusCaller[I, O any](op string) func(workflow.Context, nexusCall[I]) (O, error) {
	return func(ctx workflow.Context, in nexusCall[I]) (O, error) {
		c := workflow.NewNexusClient(in.Endpoint, api.NexusService)
		fut := c.ExecuteOperation(ctx, op, in.Input, workflow.NexusOperationOptions{ScheduleToCloseTimeout: 10 * time.Minute})
		var res O
		err := fut.Get(ctx, &res)
		return res, err
	}
}

// sandboxKills counts the E2B kill requests (DELETE /sandboxes/{id}) by
// sandbox id.
func sandboxKills(r *http.Request) (string, bool) {
	id, ok := strings.CutPrefix(r.URL.Path, "/sandboxes/")
	return id, ok && r.Method == http.MethodDelete
}

// callerClient registers namespace ns (unless it exists) and returns a
// client of it once the frontend knows it (a namespace just registered is
// unknown until the frontend's namespace cache refreshes).
func callerClient(t *testing.T, e *env, ns string) client.Client {
	t.Helper()
	ctx := runCtx(t, 2*time.Minute)
	_, err := e.Temporal.WorkflowService().RegisterNamespace(ctx, &workflowservice.RegisterNamespaceRequest{
		Namespace: ns, WorkflowExecutionRetentionPeriod: durationpb.New(24 * time.Hour),
	})
	var exists *serviceerror.NamespaceAlreadyExists
	if err != nil && !errors.As(err, &exists) {
		require.NoError(t, err, "register namespace %s", ns)
	}
	c, err := client.Dial(client.Options{HostPort: shared.temporal.Address, Namespace: ns, Logger: tlog.NewStructuredLogger(e.testLogger())})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	require.Eventually(t, func() bool {
		_, err := c.DescribeTaskQueue(ctx, "probe", enumspb.TASK_QUEUE_TYPE_WORKFLOW)
		var nf *serviceerror.NamespaceNotFound
		if errors.As(err, &nf) {
			return false
		}
		require.NoError(t, err)
		return true
	}, time.Minute, 250*time.Millisecond, "namespace %s never became usable", ns)
	return c
}

// readmeCallerNamespace is the caller's namespace in docs/contract.md's Nexus
// example.
const readmeCallerNamespace = "analytics"

// serveReadmeNexus sets up what docs/contract.md's Nexus example needs, as make
// run does: the worker's Nexus service on task queue analysis (a second
// worker that has only the service, beside the env's), the endpoint
// workflows.NexusEndpoint, and the caller's namespace.
func (e *env) serveReadmeNexus() {
	t := e.t
	t.Helper()
	w := worker.New(e.Temporal, api.TaskQueue, worker.Options{})
	require.NoError(t, nexus.Register(w))
	require.NoError(t, w.Start())
	t.Cleanup(w.Stop)
	require.NoError(t, nexus.EnsureEndpoint(runCtx(t, time.Minute), e.Temporal.OperatorService(),
		api.NexusEndpoint, e.Config.Temporal.TemporalNamespace, api.TaskQueue))
	callerClient(t, e, readmeCallerNamespace)
}

// TestNexusService: a workflow in a second namespace runs an analysis
// through a Nexus endpoint that targets the worker process's task queue
// and gets its typed result; cancelling such a caller cancels the analysis,
// whose sandbox is killed.
func TestNexusService(t *testing.T) {
	e := newEnv(t)
	kills := &callCounter{n: map[string]int{}, key: sandboxKills}
	e2bURL := serve(t, kills.wrap(e.E2B.Handler()))
	cfg := e.Config
	cfg.TaskQueue = "nexus-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	e.useE2B(&cfg, e2bURL)
	startWorkerProcess(t, workerEnv(cfg)) // the real worker registers the service

	// The endpoint, made twice (idempotent) and repointed (updated back).
	ctx := runCtx(t, 8*time.Minute)
	op := e.Temporal.OperatorService()
	endpoint := "e2e-nexus-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	require.NoError(t, nexus.EnsureEndpoint(ctx, op, endpoint, shared.temporal.Namespace, "elsewhere"))
	for range 2 {
		require.NoError(t, nexus.EnsureEndpoint(ctx, op, endpoint, shared.temporal.Namespace, cfg.TaskQueue))
	}
	list, err := op.ListNexusEndpoints(ctx, &operatorservice.ListNexusEndpointsRequest{Name: endpoint})
	require.NoError(t, err)
	require.Len(t, list.GetEndpoints(), 1, "one endpoint of that name")
	got := list.GetEndpoints()[0].GetSpec().GetTarget().GetWorker()
	assert.Equal(t, cfg.TaskQueue, got.GetTaskQueue(), "the endpoint routes to the worker's task queue")

	// The caller's own worker, in the second namespace.
	cc := callerClient(t, e, nexusCallerNamespace)
	callerQueue := "nexus-caller-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	cw := worker.New(cc, callerQueue, worker.Options{})
	cw.RegisterWorkflowWithOptions(nexusCaller[api.AnalysisInput, api.AnalysisResult](api.NexusAnalyzeOperation),
		workflow.RegisterOptions{Name: "NexusCaller"})
	cw.RegisterWorkflowWithOptions(nexusCaller[api.BatchInput, api.BatchResult](api.NexusAnalyzeBatchOperation),
		workflow.RegisterOptions{Name: "NexusBatchCaller"})
	require.NoError(t, cw.Start())
	t.Cleanup(cw.Stop)
	startCaller := func(t *testing.T, id string, in api.AnalysisInput) client.WorkflowRun {
		t.Helper()
		run, err := cc.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: callerQueue}, "NexusCaller",
			nexusCall[api.AnalysisInput]{Endpoint: endpoint, Input: in})
		require.NoError(t, err)
		return run
	}

	// analysisOf finds the analysis a caller's operation started, through
	// the link on the caller's NexusOperationStarted event, and checks that
	// its id was derived from the Nexus request id.
	analysisOf := func(t *testing.T, callerID string) string {
		t.Helper()
		var id string
		require.Eventually(t, func() bool {
			it := cc.GetWorkflowHistory(ctx, callerID, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
			for it.HasNext() {
				ev, err := it.Next()
				require.NoError(t, err)
				if ev.GetEventType() != enumspb.EVENT_TYPE_NEXUS_OPERATION_STARTED {
					continue
				}
				for _, l := range ev.GetLinks() {
					if we := l.GetWorkflowEvent(); we != nil {
						assert.Equal(t, shared.temporal.Namespace, we.GetNamespace())
						id = we.GetWorkflowId()
					}
				}
			}
			return id != ""
		}, time.Minute, 100*time.Millisecond, "the caller's operation never started")
		assert.True(t, strings.HasPrefix(id, "nexus-analysis-"), "got workflow id %q, want nexus-analysis-<request id>", id)
		return id
	}
	status := func(t *testing.T, id string) enumspb.WorkflowExecutionStatus {
		t.Helper()
		d, err := e.Temporal.DescribeWorkflowExecution(ctx, id, "")
		require.NoError(t, err)
		return d.GetWorkflowExecutionInfo().GetStatus()
	}

	t.Run("result", func(t *testing.T) {
		key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e/nexus-sales.csv")
		callerID := testID("nexus-caller")
		run := startCaller(t, callerID, api.AnalysisInput{
			Question: "Which region had the highest revenue, and how did monthly revenue trend?",
			Datasets: []api.Dataset{{Name: "sales.csv", S3Key: key}},
			Model:    "script:sales-chart",
		})
		id := analysisOf(t, callerID) // fails within a minute when the operation never starts
		var res api.AnalysisResult
		require.NoError(t, run.Get(ctx, &res))
		assert.Equal(t, api.StatusAnswered, res.Status)
		assert.Contains(t, res.Answer, "West had the highest revenue")
		assert.Equal(t, 3, res.StepsUsed)
		assert.Equal(t, 2, res.CodeRuns)

		assert.Equal(t, enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED, status(t, id))
		require.Len(t, res.Charts, 1)
		assert.Equal(t, "analyses/"+id+"/step-2/0-0.png", res.Charts[0].Key, "the chart is the analysis' own")
		assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 30*time.Second, 100*time.Millisecond)
		assert.Equal(t, 1, kills.get(res.SandboxID), "kills of sandbox %s", res.SandboxID)
	})

	t.Run("batch", func(t *testing.T) {
		run, err := cc.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: testID("nexus-batch-caller"), TaskQueue: callerQueue},
			"NexusBatchCaller", nexusCall[api.BatchInput]{Endpoint: endpoint, Input: api.BatchInput{Items: []api.BatchItem{
				{ID: "a", AnalysisInput: api.AnalysisInput{Question: "What is the sum of 0..9?", Model: "script:quick-sum"}},
				{ID: "b", AnalysisInput: api.AnalysisInput{Question: "And again?", Model: "script:quick-sum"}},
			}}})
		require.NoError(t, err)
		var res api.BatchResult
		require.NoError(t, run.Get(ctx, &res))
		assert.Equal(t, 2, res.Total)
		assert.Equal(t, 2, res.Succeeded)
		assert.Contains(t, res.ReportKey, "/nexus-batch-", "the report lies under the batch's request-id workflow id")
		assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 30*time.Second, 100*time.Millisecond)
	})

	t.Run("cancel", func(t *testing.T) {
		// A conversation stays open after its first answer, its sandbox
		// alive, until it is ended or cancelled.
		callerID := testID("nexus-caller-cancel")
		run := startCaller(t, callerID, api.AnalysisInput{
			Question: "What are total sales?", Model: "script:conversation",
			Datasets:     []api.Dataset{{Name: "sales.csv", Content: salesCSV}},
			Conversation: &api.Conversation{IdleTimeout: "5m", PauseAfter: "0s"},
		})
		id := analysisOf(t, callerID)
		p := e.waitProgress(id, func(p api.Progress) bool { return p.Turn == 1 && p.Status == "waiting" })
		require.NotEmpty(t, p.SandboxID)
		require.Equal(t, []string{p.SandboxID}, e.E2B.Sandboxes(), "the analysis' sandbox runs")

		require.NoError(t, cc.CancelWorkflow(ctx, callerID, ""))
		err := run.Get(ctx, nil)
		var canceled *temporal.CanceledError
		require.ErrorAs(t, err, &canceled, "the caller ends cancelled")
		assert.Equal(t, enumspb.WORKFLOW_EXECUTION_STATUS_CANCELED, status(t, id), "the cancel reached the analysis")
		assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 30*time.Second, 100*time.Millisecond,
			"the analysis' sandbox is killed")
		assert.Equal(t, 1, kills.get(p.SandboxID), "kills of sandbox %s", p.SandboxID)
	})
}

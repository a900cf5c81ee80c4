package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/versioning"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// TestRollingUpgrade rolls a new worker version out under running work, on
// the real dev server with real Worker Deployments. Version A runs the
// released code; version B runs a change to BatchAnalysisWorkflow (store
// each item's summary at once) guarded by GetVersion. A batch (4 items, 2
// per run) and two analyses start on A; item 0 finishes there, the rest
// wait in their model calls until B has started and been made current.
// A is kept until its pinned analyses are done, then stopped. Every
// execution completes; none meets a non-determinism error; the analyses
// and items 0 and 1 ran only on A; the batch moved to B mid-run, kept the
// old behaviour for the rest of that run (its history had passed the
// change point on A) and took B's change after continue-as-new, whose
// items ran on B. Run 2 cannot replay on A's code: the change breaks
// executions unless versioned.
//
// The operator's part of the rollout — see B, ramp it, take the ramp back,
// make it current, watch A drain — is done with the temporal CLI commands
// of docs/production.md, run verbatim (rollout blocks), and each one's
// effect is checked through the SDK.
func TestRollingUpgrade(t *testing.T) {
	steps := rolloutBlocks(t, docBlocks(t))
	if t.Failed() {
		t.FailNow()
	}
	e := newEnv(t)
	ctx := context.Background()
	deployment := "e2e-rolling-" + time.Now().Format("150405000") // no '.': Temporal reserves it
	tq := e.TaskQueue + "-versioned"                              // newEnv's unversioned worker polls e.TaskQueue
	vA := worker.WorkerDeploymentVersion{DeploymentName: deployment, BuildID: "build-a"}
	vB := worker.WorkerDeploymentVersion{DeploymentName: deployment, BuildID: "build-b"}

	// Model calls go through a gate the test opens once B is current, so
	// the upgrade lands while everything started on A is still running.
	// Item 0 passes at once, so it finishes on A before the upgrade.
	gate := &modelGate{open: make(chan struct{}), next: e.Model.Handler(),
		pass: func(body []byte) bool { return strings.Contains(string(body), "(item 0)") }}
	cfg := e.Config
	cfg.OpenAIBaseURL = serve(t, gate) + "/v1"
	acts, err := activities.New(ctx, cfg, slog.New(slog.NewTextHandler(io.MultiWriter(e.Logs, testWriter{t}), nil)))
	require.NoError(t, err)
	acts.Temporal = e.Temporal
	start := func(v worker.WorkerDeploymentVersion, o workflows.Options) func() {
		w := worker.New(e.Temporal, tq, worker.Options{DeploymentOptions: worker.DeploymentOptions{UseVersioning: true, Version: v}})
		workflows.RegisterWithOptions(w, acts, o)
		require.NoError(t, w.Start())
		var once sync.Once
		stop := func() { once.Do(w.Stop) }
		t.Cleanup(stop)
		return stop
	}
	setCurrent := func(v worker.WorkerDeploymentVersion, onlyIfUnset, want bool) {
		set, err := versioning.SetCurrent(runCtx(t, time.Minute), e.Temporal, v, onlyIfUnset)
		require.NoError(t, err)
		require.Equal(t, want, set, "version %s set current (only if unset: %v)", v.BuildID, onlyIfUnset)
	}
	defer gate.release() // a failed test must not leave requests held

	// A new deployment: A makes itself current, as a worker with
	// TEMPORAL_SET_CURRENT_IF_UNSET does.
	stopA := start(vA, workflows.Options{})
	setCurrent(vA, true, true)

	// The work, all started while A is current.
	ds := []api.Dataset{{Name: "notes.txt", Content: "rolling upgrade"}}
	item := func(i int) api.BatchItem {
		return api.BatchItem{ID: fmt.Sprintf("item-%d", i), AnalysisInput: api.AnalysisInput{
			Question: fmt.Sprintf("Sum 0..9 (item %d)", i), Model: "script:quick-sum", Datasets: ds}}
	}
	batchID := testID("e2e-rolling-batch")
	batch, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: batchID, TaskQueue: tq, WorkflowExecutionTimeout: 10 * time.Minute},
		api.BatchAnalysisWorkflowName, api.BatchInput{Items: []api.BatchItem{item(0), item(1), item(2), item(3)}, Concurrency: 2, ItemsPerRun: 2})
	require.NoError(t, err)
	firstRun := batch.GetRunID()
	var analyses []client.WorkflowRun
	for i := range 2 {
		run, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
			ID: testID(fmt.Sprintf("e2e-rolling-analysis-%d", i)), TaskQueue: tq, WorkflowExecutionTimeout: 10 * time.Minute,
		}, api.AnalysisWorkflowName, api.AnalysisInput{Question: fmt.Sprintf("Sum 0..9 (analysis %d)", i), Model: "script:quick-sum", Datasets: ds})
		require.NoError(t, err)
		analyses = append(analyses, run)
	}
	// Item 1 and both analyses wait in their first model call; item 0 is
	// done and the batch has taken its result on A.
	pollUntil(t, 3*time.Minute, "3 held model calls", func() bool { return gate.held.Load() >= 3 })
	var item0 api.AnalysisResult
	require.NoError(t, e.Temporal.GetWorkflow(ctx, batchID+"/0", "").Get(runCtx(t, 3*time.Minute), &item0))
	pollUntil(t, time.Minute, "the batch to take item 0's result on A", func() bool {
		child := false
		for _, ev := range e.events(batchID, firstRun) {
			child = child || ev.GetChildWorkflowExecutionCompletedEventAttributes() != nil
			if child && ev.GetWorkflowTaskCompletedEventAttributes() != nil {
				return true
			}
		}
		return false
	})

	// Roll out B: start its workers; the operator sees B, ramps it, takes
	// the ramp back and makes B current, with the documented commands.
	// B, started with TEMPORAL_SET_CURRENT_IF_UNSET, would leave A current.
	start(vB, workflows.Options{FlushEachItem: true})
	setCurrent(vB, true, false)
	rollout := func(step string) string {
		out, err := e.runRolloutStep(t, steps[step], deployment, vA.BuildID, vB.BuildID)
		// The server has answered "Worker Deployment not found" to a set
		// command a second after describe showed the deployment (once in
		// many runs); docs/production.md says to run it again, and so
		// does the test, twice at most.
		for try := 0; try < 2 && err != nil && strings.Contains(out, "Worker Deployment not found"); try++ {
			time.Sleep(time.Second)
			out, err = e.runRolloutStep(t, steps[step], deployment, vA.BuildID, vB.BuildID)
		}
		require.NoError(t, err, "%s (rollout %s):\n%s", steps[step].where(), step, out)
		return out
	}
	routing := func() client.WorkerDeploymentRoutingConfig {
		d, err := e.Temporal.WorkerDeploymentClient().GetHandle(deployment).Describe(runCtx(t, time.Minute), client.WorkerDeploymentDescribeOptions{})
		require.NoError(t, err)
		return d.Info.RoutingConfig
	}
	// As the docs say: wait until the describe commands show version B
	// with the task queue as a workflow and an activity queue.
	pollUntil(t, time.Minute, "the rollout's describe commands to show version B with both task queue types", func() bool {
		out, err := e.runRolloutStep(t, steps["describe"], deployment, vA.BuildID, vB.BuildID)
		_, queues, _ := strings.Cut(out, "Task Queues:")
		return err == nil && strings.Contains(out, vB.BuildID) &&
			regexp.MustCompile(`(?m)^\s*`+regexp.QuoteMeta(tq)+`\s+workflow\s*$`).MatchString(queues) &&
			regexp.MustCompile(`(?m)^\s*`+regexp.QuoteMeta(tq)+`\s+activity\s*$`).MatchString(queues)
	})
	rollout("ramp")
	r := routing()
	require.NotNil(t, r.RampingVersion, "after the ramp command")
	assert.Equal(t, vB, *r.RampingVersion, "ramping version after the ramp command")
	assert.InDelta(t, 10, r.RampingVersionPercentage, 0.001, "ramping percentage after the ramp command")
	rollout("unramp")
	assert.Nil(t, routing().RampingVersion, "ramping version after the unramp command")
	rollout("current")
	r = routing()
	require.NotNil(t, r.CurrentVersion, "after the current command")
	assert.Equal(t, vB, *r.CurrentVersion, "current version after the current command")
	gate.release()

	// Keep A until its pinned work drains, as production would, then stop it.
	pinnedOnA := []client.WorkflowRun{analyses[0], analyses[1],
		e.Temporal.GetWorkflow(ctx, batchID+"/0", ""), e.Temporal.GetWorkflow(ctx, batchID+"/1", "")}
	for _, run := range pinnedOnA {
		var res api.AnalysisResult
		require.NoError(t, run.Get(runCtx(t, 5*time.Minute), &res), "pinned analysis %s", run.GetID())
		assert.Equal(t, "The sum is 45.", res.Answer, "analysis %s", run.GetID())
	}
	descA, err := e.Temporal.WorkerDeploymentClient().GetHandle(deployment).DescribeVersion(ctx, client.WorkerDeploymentDescribeVersionOptions{BuildID: vA.BuildID})
	require.NoError(t, err)
	require.NotNil(t, descA.Info.DrainageInfo, "version A has no drainage info after B became current")
	st := descA.Info.DrainageInfo.DrainageStatus
	assert.True(t, st == client.WorkerDeploymentVersionDrainageStatusDraining || st == client.WorkerDeploymentVersionDrainageStatusDrained,
		"version A: got drainage status %d, want draining (1) or drained (2) once B is current", st)
	// The operator's view of the same: the drain command names version A and
	// its drainage status.
	drain := strings.ToLower(rollout("drain"))
	assert.Contains(t, drain, vA.BuildID, "the drain command's output names version A")
	assert.True(t, strings.Contains(drain, "draining") || strings.Contains(drain, "drained"),
		"the drain command's output shows a drainage status:\n%s", drain)
	stopA()

	var res api.BatchResult
	if err := batch.Get(runCtx(t, 5*time.Minute), &res); err != nil {
		noNonDeterminism(t, "batch, last run", e.events(batchID, "")) // the likely cause
		require.NoError(t, err)
	}
	assert.Equal(t, api.BatchResult{Total: 4, Succeeded: 4, ReportKey: res.ReportKey, CSVKey: res.CSVKey, ReportURL: res.ReportURL, Runs: 2}, res)

	// Every history: no non-determinism; pinned work only on A.
	for _, run := range pinnedOnA {
		evs := e.events(run.GetID(), "")
		noNonDeterminism(t, run.GetID(), evs)
		assert.Equal(t, map[string]int{"build-a/Pinned": workflowTasks(evs)}, ranOn(evs), "%s ran only on A, pinned", run.GetID())
	}
	for _, id := range []string{batchID + "/2", batchID + "/3"} {
		evs := e.events(id, "")
		noNonDeterminism(t, id, evs)
		assert.Equal(t, map[string]int{"build-b/Pinned": workflowTasks(evs)}, ranOn(evs), "%s (started by the batch after the upgrade) ran only on B", id)
	}
	// The batch: run 1 began on A and moved to B, where the change took
	// effect (its marker, a chunk per item); run 2 ran on B throughout.
	run1 := e.events(batchID, firstRun)
	next := ""
	for _, ev := range run1 {
		if a := ev.GetWorkflowExecutionContinuedAsNewEventAttributes(); a != nil {
			next = a.GetNewExecutionRunId()
		}
	}
	require.NotEmpty(t, next, "batch run 1 did not continue as new")
	run2 := e.events(batchID, next)
	for i, tc := range []struct {
		evs             []*historypb.HistoryEvent
		markers, chunks int
	}{{run1, 0, 1}, {run2, 1, 2}} {
		noNonDeterminism(t, fmt.Sprintf("batch run %d", i+1), tc.evs)
		assert.Equal(t, tc.markers, versionMarkers(tc.evs, workflows.ChangeFlushEachItem), "batch run %d: version markers of %s", i+1, workflows.ChangeFlushEachItem)
		assert.Equal(t, tc.chunks, scheduledActivities(tc.evs, "AppendBatchResults"), "batch run %d: results chunks stored", i+1)
	}
	on1 := ranOn(run1)
	assert.Positive(t, on1["build-a/AutoUpgrade"], "batch run 1 began on A: %v", on1)
	assert.Positive(t, on1["build-b/AutoUpgrade"], "batch run 1 moved to B: %v", on1)
	assert.Len(t, on1, 2, "batch run 1 ran on: %v", on1)
	assert.Equal(t, map[string]int{"build-b/AutoUpgrade": workflowTasks(run2)}, ranOn(run2), "batch run 2 ran only on B")

	// Replays of the batch's runs: run 1 (A, then B) on B's code; run 2
	// (B's change) on B's code, and on A's, which must fail. (B's code
	// without its guard failing on kept batch histories is proved by the
	// replay gate, TestReplayGateFailsOnUnguardedChange in workflows.)
	for _, tc := range []struct {
		name    string
		runID   string
		evs     []*historypb.HistoryEvent
		o       workflows.Options
		wantErr bool
	}{
		{"run 1 on B", firstRun, run1, workflows.Options{FlushEachItem: true}, false},
		{"run 2 on B", next, run2, workflows.Options{FlushEachItem: true}, false},
		{"run 2 on A", next, run2, workflows.Options{}, true},
	} {
		r := worker.NewWorkflowReplayer()
		workflows.RegisterWorkflows(r, tc.o)
		err := r.ReplayWorkflowHistoryWithOptions(nil, &historypb.History{Events: tc.evs}, worker.ReplayWorkflowHistoryOptions{
			OriginalExecution: workflow.Execution{ID: batchID, RunID: tc.runID}})
		if tc.wantErr {
			require.Error(t, err, "replay of %s", tc.name)
			assert.Contains(t, err.Error(), "[TMPRL1100]", "replay of %s", tc.name)
		} else {
			assert.NoError(t, err, "replay of %s", tc.name)
		}
	}
}

// modelGate holds model calls (POSTs) until open is closed, counting those
// it held; a call whose body pass accepts goes through at once.
type modelGate struct {
	open      chan struct{}
	closeOnce sync.Once
	held      atomic.Int32
	next      http.Handler
	pass      func(body []byte) bool
}

func (g *modelGate) release() { g.closeOnce.Do(func() { close(g.open) }) }

func (g *modelGate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		// Reading a (background) response is not a model call.
		g.next.ServeHTTP(w, r)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	select {
	case <-g.open:
	default:
		if g.pass(body) {
			break
		}
		g.held.Add(1)
		select {
		case <-g.open:
		case <-r.Context().Done():
			return
		}
	}
	g.next.ServeHTTP(w, r)
}

// ranOn counts a run's completed workflow tasks by "build-id/Behavior".
func ranOn(evs []*historypb.HistoryEvent) map[string]int {
	out := map[string]int{}
	for _, ev := range evs {
		if a := ev.GetWorkflowTaskCompletedEventAttributes(); a != nil {
			b := a.GetVersioningBehavior().String() // Pinned, AutoUpgrade
			out[a.GetDeploymentVersion().GetBuildId()+"/"+b]++
		}
	}
	return out
}

func workflowTasks(evs []*historypb.HistoryEvent) int {
	n := 0
	for _, ev := range evs {
		if ev.GetEventType() == enumspb.EVENT_TYPE_WORKFLOW_TASK_COMPLETED {
			n++
		}
	}
	return n
}

// noNonDeterminism fails if a workflow task of the run failed on a
// non-determinism error.
func noNonDeterminism(t *testing.T, what string, evs []*historypb.HistoryEvent) {
	t.Helper()
	for _, ev := range evs {
		if a := ev.GetWorkflowTaskFailedEventAttributes(); a != nil {
			assert.False(t, a.GetCause() == enumspb.WORKFLOW_TASK_FAILED_CAUSE_NON_DETERMINISTIC_ERROR ||
				strings.Contains(a.GetFailure().GetMessage(), "TMPRL1100"),
				"%s: workflow task failed on non-determinism: %s", what, a.GetFailure().GetMessage())
		}
	}
}

// versionMarkers counts the GetVersion markers of changeID in a run.
func versionMarkers(evs []*historypb.HistoryEvent, changeID string) int {
	n := 0
	for _, ev := range evs {
		if a := ev.GetMarkerRecordedEventAttributes(); a != nil && a.GetMarkerName() == "Version" &&
			strings.Contains(string(a.GetDetails()["change-id"].GetPayloads()[0].GetData()), changeID) {
			n++
		}
	}
	return n
}

// scheduledActivities counts the activities of a type scheduled in a run.
func scheduledActivities(evs []*historypb.HistoryEvent, name string) int {
	n := 0
	for _, ev := range evs {
		if a := ev.GetActivityTaskScheduledEventAttributes(); a != nil && a.GetActivityType().GetName() == name {
			n++
		}
	}
	return n
}

// runRolloutStep runs a rollout command of the docs verbatim under bash
// -euo pipefail, with the pinned temporal CLI first on the PATH, pointed at
// the test's server through TEMPORAL_ADDRESS and TEMPORAL_NAMESPACE, and
// DEPLOYMENT, OLD and NEW set as the docs describe. It returns the combined
// output.
func (e *env) runRolloutStep(t *testing.T, b docBlock, deployment, oldBuild, newBuild string) (string, error) {
	cmd := exec.CommandContext(runCtx(t, time.Minute), "bash", "-euo", "pipefail", "-c", b.Text)
	cmd.Env = append(os.Environ(),
		"PATH="+repoPath(t, ".bin")+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TEMPORAL_ADDRESS="+e.Config.Temporal.TemporalAddress,
		"TEMPORAL_NAMESPACE="+e.Config.Temporal.TemporalNamespace,
		"TEMPORAL_CONFIG_FILE="+os.DevNull, // not the test user's temporal CLI profile
		"DEPLOYMENT="+deployment, "OLD="+oldBuild, "NEW="+newBuild,
	)
	cmd.Stdin = nil // no terminal: the CLI cannot ask for confirmation
	out, err := cmd.CombinedOutput()
	t.Logf("%s: %s\n%s", b.where(), strings.TrimSpace(b.Text), out)
	return string(out), err
}

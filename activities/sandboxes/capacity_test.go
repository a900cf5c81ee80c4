package sandboxes_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
)

// createErr runs CreateSandbox and returns its ApplicationError.
func createErr(t *testing.T, a *sandboxes.Activities, in sandboxes.CreateSandboxInput) *temporal.ApplicationError {
	t.Helper()
	var s testsuite.WorkflowTestSuite
	env := s.NewTestActivityEnvironment()
	a.Register(env)
	_, err := env.ExecuteActivity(a.CreateSandbox, in)
	require.Error(t, err)
	var appErr *temporal.ApplicationError
	require.True(t, errors.As(err, &appErr), "got %v, want an ApplicationError", err)
	return appErr
}

// A create over the local server's capacity is E2B's 429: a caller that
// waits itself (ReportCapacity) gets SandboxCapacity with E2B's message,
// which no retry policy retries; a caller from before gets the retryable
// RateLimited error it always got.
func TestCreateOverCapacity(t *testing.T) {
	srv, c, _ := localSandbox(t) // holds one sandbox
	srv.SetMaxSandboxes(1)
	d := &activities.Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute}
	a := sandboxes.New(d)

	e := createErr(t, a, sandboxes.CreateSandboxInput{WorkflowID: "wf-full", RunID: "r", Generation: 1, ReportCapacity: true})
	assert.Equal(t, api.ErrTypeSandboxCapacity, e.Type())
	assert.True(t, e.NonRetryable())
	assert.Equal(t, temporal.ApplicationErrorCategoryBenign, e.Category(), "a wait for a sandbox is logged at DEBUG, not as an activity error")
	assert.Contains(t, e.Message(), "maximum number of concurrent E2B sandboxes (1)")
	assert.Contains(t, fault.NonRetryableTypes(), api.ErrTypeSandboxCapacity)

	var refusal admission.CapacityRefusal
	require.NoError(t, e.Details(&refusal))
	assert.False(t, refusal.Queued, "a worker without a queue queues no one")

	e = createErr(t, a, sandboxes.CreateSandboxInput{WorkflowID: "wf-full", RunID: "r", Generation: 1})
	assert.Equal(t, api.ErrTypeRateLimited, e.Type())
	assert.False(t, e.NonRetryable())

	// Asked to be woken, the analysis is queued and told so.
	d.Waiters = admission.NewSandboxWaiters(0)
	e = createErr(t, a, sandboxes.CreateSandboxInput{WorkflowID: "wf-full", RunID: "r", Generation: 1, ReportCapacity: true, WakeOnFree: true})
	require.NoError(t, e.Details(&refusal))
	assert.True(t, refusal.Queued)
	assert.Equal(t, 1, d.Waiters.Len())
}

// The worker's own bound: a second live sandbox waits without reaching
// E2B; a kill frees the slot; a sandbox killed behind the worker's back is
// noticed from E2B's list.
func TestWorkerMaxSandboxes(t *testing.T) {
	srv, c, _ := localSandbox(t)
	d := &activities.Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute, Sandboxes: admission.NewSandboxLeases(1)}
	a := sandboxes.New(d)
	var s testsuite.WorkflowTestSuite
	env := s.NewTestActivityEnvironment()
	a.Register(env)
	create := func(wf string) (sandboxes.SandboxRef, error) {
		v, err := env.ExecuteActivity(a.CreateSandbox, sandboxes.CreateSandboxInput{WorkflowID: wf, RunID: "r", Generation: 1, ReportCapacity: true})
		if err != nil {
			return sandboxes.SandboxRef{}, err
		}
		var ref sandboxes.SandboxRef
		require.NoError(t, v.Get(&ref))
		return ref, nil
	}
	first, err := create("wf-1")
	require.NoError(t, err)
	before := len(srv.Sandboxes())
	_, err = create("wf-2")
	var appErr *temporal.ApplicationError
	require.True(t, errors.As(err, &appErr), "got %v", err)
	assert.Equal(t, api.ErrTypeSandboxCapacity, appErr.Type())
	assert.Contains(t, appErr.Message(), "MAX_SANDBOXES (1)")
	assert.Equal(t, temporal.ApplicationErrorCategoryBenign, appErr.Category())
	assert.Len(t, srv.Sandboxes(), before, "the refused create reached E2B")

	_, err = env.ExecuteActivity(a.KillSandbox, sandboxes.KillSandboxInput{SandboxID: first.SandboxID})
	require.NoError(t, err)
	second, err := create("wf-2")
	require.NoError(t, err)

	// Killed elsewhere: the full worker asks E2B and sees it gone.
	require.NoError(t, srv.KillSandbox(second.SandboxID))
	d.Sandboxes.SetResyncEvery(0)
	_, err = create("wf-3")
	require.NoError(t, err)
}

// A held sandbox refuses creates of other analyses, with the reason, but
// not a rebuild (generation 2), which replaces a sandbox its analysis
// just lost; the analysis it is held for gets it.
func TestCreateRespectsHold(t *testing.T) {
	srv, c, _ := localSandbox(t)
	srv.SetMaxSandboxes(-1)
	d := &activities.Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute, Waiters: admission.NewSandboxWaiters(time.Minute)}
	a := sandboxes.New(d)
	require.True(t, d.Waiters.Wait("wf-first", "r", false, time.Now()).Queued)
	_, ok := d.Waiters.Next(time.Now())
	require.True(t, ok)

	e := createErr(t, a, sandboxes.CreateSandboxInput{WorkflowID: "wf-new", RunID: "r", Generation: 1, ReportCapacity: true, WakeOnFree: true})
	assert.Equal(t, api.ErrTypeSandboxCapacity, e.Type())
	assert.Contains(t, e.Message(), "held for an analysis that has waited longer")
	assert.Equal(t, 1, d.Waiters.Len(), "the newcomer waits in line")

	var s testsuite.WorkflowTestSuite
	env := s.NewTestActivityEnvironment()
	a.Register(env)
	_, err := env.ExecuteActivity(a.CreateSandbox, sandboxes.CreateSandboxInput{WorkflowID: "wf-rebuild", RunID: "r", Generation: 2, ReportCapacity: true, WakeOnFree: true})
	require.NoError(t, err, "a rebuild is not held back")
	_, err = env.ExecuteActivity(a.CreateSandbox, sandboxes.CreateSandboxInput{WorkflowID: "wf-first", RunID: "r", Generation: 1, ReportCapacity: true, WakeOnFree: true})
	require.NoError(t, err, "the analysis the sandbox is held for")
	_, err = env.ExecuteActivity(a.CreateSandbox, sandboxes.CreateSandboxInput{WorkflowID: "wf-new", RunID: "r", Generation: 1, ReportCapacity: true, WakeOnFree: true})
	require.NoError(t, err, "the hold is used: the next in line may create")
	assert.Zero(t, d.Waiters.Len())
}

// AdmitSandbox runs as a local activity: it queues an analysis the line
// would only refuse and lets a rebuild through.
func TestAdmitSandbox(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	d := &activities.Activities{Waiters: admission.NewSandboxWaiters(0), Sandboxes: admission.NewSandboxLeases(1)}
	a := sandboxes.New(d)
	_, done := d.Sandboxes.Acquire(context.Background(), nil)
	done("sb-1") // the worker holds its bound
	env := s.NewTestActivityEnvironment()
	a.Register(env)

	v, err := env.ExecuteLocalActivity(a.AdmitSandbox, sandboxes.AdmitSandboxInput{WorkflowID: "wf", RunID: "run", Generation: 1})
	require.NoError(t, err)
	var adm sandboxes.Admission
	require.NoError(t, v.Get(&adm))
	assert.Equal(t, sandboxes.Admission{Wait: true, Refusal: admission.CapacityRefusal{Queued: true, Position: 1}}, adm)
	assert.Equal(t, 1, d.Waiters.Len())

	v, err = env.ExecuteLocalActivity(a.AdmitSandbox, sandboxes.AdmitSandboxInput{WorkflowID: "wf2", RunID: "run", Generation: 2})
	require.NoError(t, err)
	var rebuild sandboxes.Admission
	require.NoError(t, v.Get(&rebuild))
	assert.Equal(t, sandboxes.Admission{}, rebuild, "a rebuild is not held back")
	assert.Equal(t, 1, d.Waiters.Len())
}

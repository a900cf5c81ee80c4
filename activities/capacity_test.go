package activities

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// createErr runs CreateSandbox and returns its ApplicationError.
func createErr(t *testing.T, a *Activities, in CreateSandboxInput) *temporal.ApplicationError {
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
	a := &Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute}

	e := createErr(t, a, CreateSandboxInput{WorkflowID: "wf-full", RunID: "r", Generation: 1, ReportCapacity: true})
	assert.Equal(t, api.ErrTypeSandboxCapacity, e.Type())
	assert.True(t, e.NonRetryable())
	assert.Equal(t, temporal.ApplicationErrorCategoryBenign, e.Category(), "a wait for a sandbox is logged at DEBUG, not as an activity error")
	assert.Contains(t, e.Message(), "maximum number of concurrent E2B sandboxes (1)")
	assert.Contains(t, fault.NonRetryableTypes(), api.ErrTypeSandboxCapacity)

	var refusal CapacityRefusal
	require.NoError(t, e.Details(&refusal))
	assert.False(t, refusal.Queued, "a worker without a queue queues no one")

	e = createErr(t, a, CreateSandboxInput{WorkflowID: "wf-full", RunID: "r", Generation: 1})
	assert.Equal(t, api.ErrTypeRateLimited, e.Type())
	assert.False(t, e.NonRetryable())

	// Asked to be woken, the analysis is queued and told so.
	a.Waiters = NewSandboxWaiters(0)
	e = createErr(t, a, CreateSandboxInput{WorkflowID: "wf-full", RunID: "r", Generation: 1, ReportCapacity: true, WakeOnFree: true})
	require.NoError(t, e.Details(&refusal))
	assert.True(t, refusal.Queued)
	assert.Equal(t, 1, a.Waiters.Len())
}

// The worker's own bound: a second live sandbox waits without reaching
// E2B; a kill frees the slot; a sandbox killed behind the worker's back is
// noticed from E2B's list.
func TestWorkerMaxSandboxes(t *testing.T) {
	srv, c, _ := localSandbox(t)
	a := &Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute, Sandboxes: NewSandboxLeases(1)}
	var s testsuite.WorkflowTestSuite
	env := s.NewTestActivityEnvironment()
	a.Register(env)
	create := func(wf string) (SandboxRef, error) {
		v, err := env.ExecuteActivity(a.CreateSandbox, CreateSandboxInput{WorkflowID: wf, RunID: "r", Generation: 1, ReportCapacity: true})
		if err != nil {
			return SandboxRef{}, err
		}
		var ref SandboxRef
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

	_, err = env.ExecuteActivity(a.KillSandbox, KillSandboxInput{SandboxID: first.SandboxID})
	require.NoError(t, err)
	second, err := create("wf-2")
	require.NoError(t, err)

	// Killed elsewhere: the full worker asks E2B and sees it gone.
	require.NoError(t, srv.KillSandbox(second.SandboxID))
	a.Sandboxes.resyncAfter = 0
	_, err = create("wf-3")
	require.NoError(t, err)
}

package sandboxes_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// A CreateSandbox whose response was lost (the worker died after E2B made
// the sandbox) is retried: the retry must find that sandbox, not leak a
// second one. A new generation is a new sandbox.
func TestCreateSandboxReusesTheSandboxOfALostResponse(t *testing.T) {
	srv, c, _ := localSandbox(t)
	before := len(srv.Sandboxes())
	d := &activities.Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute}
	a := sandboxes.New(d)
	var s testsuite.WorkflowTestSuite
	env := s.NewTestActivityEnvironment()
	a.Register(env)
	in := sandboxes.CreateSandboxInput{WorkflowID: "wf-reuse", RunID: "run-1", Generation: 1}

	v, err := env.ExecuteActivity(a.CreateSandbox, in)
	require.NoError(t, err)
	var first sandboxes.SandboxRef
	require.NoError(t, v.Get(&first))
	assert.False(t, first.Reused)

	v, err = env.ExecuteActivity(a.CreateSandbox, in)
	require.NoError(t, err)
	var retry sandboxes.SandboxRef
	require.NoError(t, v.Get(&retry))
	assert.Equal(t, first.SandboxID, retry.SandboxID)
	assert.True(t, retry.Reused)
	assert.Len(t, srv.Sandboxes(), before+1, "no second sandbox")

	in.Generation = 2
	v, err = env.ExecuteActivity(a.CreateSandbox, in)
	require.NoError(t, err)
	var next sandboxes.SandboxRef
	require.NoError(t, v.Get(&next))
	assert.NotEqual(t, first.SandboxID, next.SandboxID)

	info, err := c.GetInfo(context.Background(), first.SandboxID)
	require.NoError(t, err)
	assert.Equal(t, map[string]string{activities.MetaWorkflowID: "wf-reuse", activities.MetaRunID: "run-1", activities.MetaGeneration: "1", activities.MetaNamespace: "default-test-namespace"}, info.Metadata)
}

// localSandbox starts a local E2B server and one sandbox on it.
func localSandbox(t *testing.T) (*e2blocal.Server, *e2b.Client, *e2b.Sandbox) {
	return acttest.LocalSandbox(t)
}

// Creating and killing are counted: a reused sandbox and a sandbox
// already gone included.
func TestSandboxMetrics(t *testing.T) {
	_, c, _ := localSandbox(t)
	a := sandboxes.New(&activities.Activities{E2B: c, Template: "code-interpreter-v1", SandboxTimeout: time.Minute})
	env, scope := acttest.MetricsEnv()
	a.Register(env)
	in := sandboxes.CreateSandboxInput{WorkflowID: "wf-metrics", RunID: "run-1", Generation: 1}
	var ref sandboxes.SandboxRef
	for range 2 { // the second finds the first's sandbox
		v, err := env.ExecuteActivity(a.CreateSandbox, in)
		require.NoError(t, err)
		require.NoError(t, v.Get(&ref))
	}
	for range 2 { // the second finds it gone
		_, err := env.ExecuteActivity(a.KillSandbox, sandboxes.KillSandboxInput{SandboxID: ref.SandboxID})
		require.NoError(t, err)
	}
	acttest.CheckCounters(t, acttest.Counters(scope, nil), map[string]int64{
		activities.MetricSandboxesCreated: 1, activities.MetricSandboxesReused: 1, activities.MetricSandboxesKilled: 1,
	})
}

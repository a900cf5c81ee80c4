package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
)

// progress queries an analysis' progress.
func (e *env) progress(id string) (api.Progress, error) {
	var p api.Progress
	v, err := e.Temporal.QueryWorkflow(context.Background(), id, "", api.ProgressQuery)
	if err != nil {
		return p, err
	}
	return p, v.Get(&p)
}

// waitProgress polls until cond holds for the analysis' progress.
func (e *env) waitProgress(id string, cond func(api.Progress) bool) api.Progress {
	var last api.Progress
	require.Eventually(e.t, func() bool {
		p, err := e.progress(id)
		if err != nil {
			return false
		}
		last = p
		return cond(p)
	}, 2*time.Minute, 50*time.Millisecond, "progress never got there; last %+v", last)
	return last
}

// A sandbox killed from outside mid-analysis is replaced: the new one gets
// the datasets and the replayed cells, and the analysis finishes with the
// right counter (the script's expects check it at every step).
func TestSandboxLossIsRebuilt(t *testing.T) {
	e := newEnv(t)
	id := "e2e-rebuild-" + time.Now().Format("150405.000")
	run := e.start(id, api.AnalysisInput{
		Question: "count cells (rebuild)",
		Model:    "script:chaos-counter",
		Datasets: []api.Dataset{{Name: "notes.txt", Content: "hello"}},
	})
	p := e.waitProgress(id, func(p api.Progress) bool { return p.CodeRuns >= 2 })
	lost := p.SandboxID
	require.NoError(t, e.E2B.KillSandbox(lost), "evict the sandbox")

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.NotEqual(t, lost, res.SandboxID, "a new sandbox finished the analysis")
	assert.Equal(t, 4, res.CodeRuns)
	assert.Len(t, res.Charts, 2)
	for _, c := range res.Charts {
		assert.NotEmpty(t, e.getObject(c.Key))
	}
	checkChaosOutputs(t, e, id, &res)
	saveHistory(t, e, run.GetID(), run.GetRunID(), "analysis-rebuild.json")
	end, err := e.progress(id)
	require.NoError(t, err)
	assert.Equal(t, 1, end.Rebuilds)
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 10*time.Second, 100*time.Millisecond)
}

// A kernel that dies mid-analysis (the sandbox lives, its state does not)
// is treated like a lost sandbox, never continued in an empty kernel.
func TestKernelLossIsRebuilt(t *testing.T) {
	e := newEnv(t)
	id := "e2e-kernel-" + time.Now().Format("150405.000")
	run := e.start(id, api.AnalysisInput{Question: "count cells (kernel)", Model: "script:chaos-counter"})
	p := e.waitProgress(id, func(p api.Progress) bool { return p.CodeRuns >= 1 })
	require.NoError(t, e.E2B.KillKernel(p.SandboxID))

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.NotEqual(t, p.SandboxID, res.SandboxID)
	assert.Equal(t, 4, res.CodeRuns)
	checkChaosOutputs(t, e, id, &res)
}

package workflows_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/workflows"
)

// Histories recorded from real runs (UPDATE_HISTORIES=1 go test
// ./internal/e2e -run 'TestAnalysisEndToEnd|TestSandboxLossIsRebuilt')
// must replay against today's workflow code: a change that would break
// running workflows fails here.
func TestReplayRecordedHistories(t *testing.T) {
	files, err := filepath.Glob("testdata/histories/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no recorded histories")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r := worker.NewWorkflowReplayer()
			r.RegisterWorkflowWithOptions(workflows.AnalysisWorkflow, workflow.RegisterOptions{Name: workflows.AnalysisWorkflowName})
			require.NoError(t, r.ReplayWorkflowHistoryFromJSONFile(nil, f))
		})
	}
}

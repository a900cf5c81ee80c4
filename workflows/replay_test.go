package workflows_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/workflows"
)

// Histories recorded from real runs (UPDATE_HISTORIES=1 go test
// ./internal/e2e -run 'TestAnalysisEndToEnd|TestSandboxLossIsRebuilt|TestBatchEndToEnd')
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
			r.RegisterWorkflowWithOptions(workflows.BatchAnalysisWorkflow, workflow.RegisterOptions{Name: workflows.BatchAnalysisWorkflowName})
			h, err := client.HistoryFromJSON(openFile(t, f), client.HistoryJSONOptions{})
			require.NoError(t, err)
			var ids struct {
				WorkflowID string `json:"workflow_id"`
				RunID      string `json:"run_id"`
			}
			require.NoError(t, json.NewDecoder(openFile(t, strings.TrimSuffix(f, ".json")+".meta")).Decode(&ids))
			require.NoError(t, r.ReplayWorkflowHistoryWithOptions(nil, h, worker.ReplayWorkflowHistoryOptions{
				OriginalExecution: workflow.Execution{ID: ids.WorkflowID, RunID: ids.RunID},
			}))
		})
	}
}

func openFile(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

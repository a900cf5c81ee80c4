package workflows_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/workflows"
)

// The replay gate. Histories recorded from real runs on the dev server are
// kept under testdata/histories: the first set at the top, later ones in a
// directory per recording (`make histories` writes
// testdata/histories/<date>-<revision>/ and never overwrites). Each must
// replay against today's code and against every change being rolled out
// behind its GetVersion guard: a change that would break a running
// execution fails `make test`.
var variants = map[string]workflows.Options{
	"released":        {},
	"flush-each-item": {FlushEachItem: true},
}

func TestReplayRecordedHistories(t *testing.T) {
	files := histories(t, "testdata/histories")
	for name, o := range variants {
		for _, f := range files {
			t.Run(name+"/"+strings.TrimPrefix(f, "testdata/histories/"), func(t *testing.T) {
				require.NoError(t, replay(t, o, f))
			})
		}
	}
}

// The gate can fail: the same change without its GetVersion guard (store
// each item's summary at once) breaks the kept batch histories, where the
// released code stored summaries only when a run ended.
func TestReplayGateFailsOnUnguardedChange(t *testing.T) {
	unguarded := workflows.Unguarded(workflows.Options{FlushEachItem: true})
	checked := 0
	for _, f := range histories(t, "testdata/histories") {
		if !strings.Contains(filepath.Base(f), "batch") {
			continue
		}
		checked++
		t.Run(strings.TrimPrefix(f, "testdata/histories/"), func(t *testing.T) {
			err := replay(t, unguarded, f)
			require.Error(t, err, "an unguarded change replayed cleanly")
			assert.Contains(t, err.Error(), "[TMPRL1100]", "want the SDK's non-determinism error")
		})
	}
	require.Positive(t, checked, "no batch history kept")
}

// Deliberately broken histories (testdata/broken-histories, each a kept
// history with one event changed, as its .meta says) must fail the gate
// with a non-determinism error, never replay cleanly.
func TestReplayGateFailsOnBrokenHistories(t *testing.T) {
	files := histories(t, "testdata/broken-histories")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			err := replay(t, workflows.Options{}, f)
			require.Error(t, err, "a broken history replayed cleanly")
			assert.Contains(t, err.Error(), "[TMPRL1100]", "want the SDK's non-determinism error")
		})
	}
}

// histories lists the *.json histories under dir, subdirectories included.
func histories(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	require.NoError(t, filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
			files = append(files, path)
		}
		return err
	}))
	require.NotEmpty(t, files, "no histories in %s", dir)
	return files
}

// replay replays the history in path (with the ids in its .meta file)
// against the workflows registered with o.
func replay(t *testing.T, o workflows.Options, path string) error {
	t.Helper()
	r := worker.NewWorkflowReplayer()
	workflows.RegisterWorkflows(r, o)
	h, err := client.HistoryFromJSON(openFile(t, path), client.HistoryJSONOptions{})
	require.NoError(t, err)
	var ids struct {
		WorkflowID string `json:"workflow_id"`
		RunID      string `json:"run_id"`
	}
	require.NoError(t, json.NewDecoder(openFile(t, strings.TrimSuffix(path, ".json")+".meta")).Decode(&ids))
	return r.ReplayWorkflowHistoryWithOptions(nil, h, worker.ReplayWorkflowHistoryOptions{
		OriginalExecution: workflow.Execution{ID: ids.WorkflowID, RunID: ids.RunID},
	})
}

func openFile(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

package e2e

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	commonpb "go.temporal.io/api/common/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/durable-analyst/durable-analyst/api"
)

// maxPayloadBytes is the bound on any one payload in an analysis' history.
const maxPayloadBytes = 64 << 10

// runAnalysis starts an analysis on e's worker and waits up to 5 minutes
// for its result.
func runAnalysis(t *testing.T, e *env, id string, in api.AnalysisInput) (client.WorkflowRun, api.AnalysisResult) {
	t.Helper()
	run := e.start(id, in)
	var res api.AnalysisResult
	require.NoError(t, run.Get(runCtx(t, 5*time.Minute), &res))
	return run, res
}

func TestAnalysisEndToEnd(t *testing.T) {
	e := newEnv(t)
	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e/sales.csv")
	run, res := runAnalysis(t, e, "e2e-sales-"+time.Now().Format("150405.000"), api.AnalysisInput{
		Question: "Which region had the highest revenue, and how did monthly revenue trend?",
		Datasets: []api.Dataset{{Name: "sales.csv", S3Key: key}},
		Model:    "script:sales-chart",
	})

	assert.Equal(t, api.StatusAnswered, res.Status)
	assert.Contains(t, res.Answer, "West had the highest revenue")
	assert.Equal(t, 3, res.StepsUsed)
	assert.Equal(t, 2, res.CodeRuns, "at least two code steps")
	assert.Positive(t, res.Usage.TotalTokens)
	assert.NotEmpty(t, res.SandboxID)

	// The chart is a real PNG in S3 under the deterministic key.
	require.Len(t, res.Charts, 1)
	ch := res.Charts[0]
	assert.Equal(t, "analyses/"+run.GetID()+"/step-2/0-0.png", ch.Key)
	pngBytes := e.getObject(ch.Key)
	if dir := os.Getenv("E2E_SAVE_CHARTS"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "sales-chart.png"), pngBytes, 0o644))
	}
	img, err := png.Decode(bytes.NewReader(pngBytes))
	require.NoError(t, err, "the chart decodes as a PNG")
	assert.Greater(t, img.Bounds().Dx(), 100)
	assert.Contains(t, ch.URL, "X-Amz-Signature", "a presigned URL")

	// The transcript and cell outputs are in S3 too.
	transcript := e.getObject(res.TranscriptKey)
	var tr map[string]any
	require.NoError(t, json.Unmarshal(transcript, &tr))
	assert.NotEmpty(t, tr["items"])
	// The model was told what the chart shows, from E2B's chart data.
	assert.Contains(t, string(transcript), `bar chart \"Revenue by region, 2024-01 to 2024-10\", 4 elements`)

	// Small history: no PNG bytes, no payload over 64 KB.
	checkHistory(t, e, run.GetID(), run.GetRunID())
	checkToolOutputsByReference(t, e, run.GetID(), run.GetRunID())
	saveHistory(t, e, run.GetID(), run.GetRunID(), "analysis-sales-chart.json")

	// No sandbox leaks: the deferred kill ran.
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 10*time.Second, 100*time.Millisecond,
		"sandboxes left: %v", e.E2B.Sandboxes())
}

// checkHistory fetches the history from the server and checks the
// small-history invariant: no payload over 64 KB, no PNG bytes.
func checkHistory(t *testing.T, e *env, id, runID string) {
	t.Helper()
	evs := e.events(id, runID)
	size, payloads := 0, 0
	for _, ev := range evs {
		size += proto.Size(ev)
		for _, p := range payloadsOf(ev) {
			payloads++
			assert.LessOrEqual(t, len(p), maxPayloadBytes, "event %d (%s) carries a payload of %d bytes", ev.EventId, ev.EventType, len(p))
			assert.False(t, bytes.Contains(p, []byte("\x89PNG")), "event %d holds PNG bytes", ev.EventId)
			assert.False(t, bytes.Contains(p, []byte("iVBORw0KGgo")), "event %d holds base64 PNG", ev.EventId)
		}
	}
	require.NotZero(t, payloads, "the check saw no payload at all")
	t.Logf("history: %d events, %d payloads, %d bytes", len(evs), payloads, size)
}

// payloadsOf returns the data of every payload in an event, wherever in
// the event it sits.
func payloadsOf(ev *historypb.HistoryEvent) [][]byte {
	var out [][]byte
	var walk func(m protoreflect.Message)
	walk = func(m protoreflect.Message) {
		if p, ok := m.Interface().(*commonpb.Payload); ok {
			out = append(out, p.GetData())
			return
		}
		m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
			switch {
			case fd.IsList() && fd.Message() != nil:
				for i := 0; i < v.List().Len(); i++ {
					walk(v.List().Get(i).Message())
				}
			case fd.IsMap() && fd.MapValue().Message() != nil:
				v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
					walk(mv.Message())
					return true
				})
			case fd.Message() != nil && !fd.IsList() && !fd.IsMap():
				walk(v.Message())
			}
			return true
		})
	}
	walk(ev.ProtoReflect())
	return out
}

// saveHistory writes the history to
// workflows/testdata/histories/$HISTORIES_DIR/<name> when
// UPDATE_HISTORIES=1 (`make histories` sets both), for the replay gate in
// package workflows. Kept histories are never overwritten: old ones must
// go on replaying after a release.
func saveHistory(t *testing.T, e *env, id, runID, name string) {
	t.Helper()
	if os.Getenv("UPDATE_HISTORIES") != "1" {
		return
	}
	dir := os.Getenv("HISTORIES_DIR")
	require.True(t, dir != "" && filepath.IsLocal(dir), "HISTORIES_DIR: %q, want a new directory name under workflows/testdata/histories (make histories sets it)", dir)
	h := historypb.History{Events: e.events(id, runID)}
	b, err := protojson.MarshalOptions{Indent: "  "}.Marshal(&h)
	require.NoError(t, err)
	path := repoPath(t, filepath.Join("workflows/testdata/histories", dir, name))
	_, err = os.Stat(path)
	require.True(t, os.IsNotExist(err), "%s exists: kept histories are never overwritten (record into a new HISTORIES_DIR)", path)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	// The replayer needs the original ids: child workflow ids derive from them.
	meta, err := json.Marshal(map[string]string{"workflow_id": id, "run_id": runID})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(strings.TrimSuffix(path, ".json")+".meta", meta, 0o644))
	t.Logf("wrote %s (%d events)", path, len(h.Events))
}

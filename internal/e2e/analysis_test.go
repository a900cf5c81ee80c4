package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/durable-analyst/durable-analyst/workflows"
)

// maxPayloadBytes is the bound on any one payload in an analysis' history.
const maxPayloadBytes = 64 << 10

func TestAnalysisEndToEnd(t *testing.T) {
	e := newEnv(t)
	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e/sales.csv")
	run := e.start("e2e-sales-"+time.Now().Format("150405.000"), workflows.AnalysisInput{
		Question: "Which region had the highest revenue, and how did monthly revenue trend?",
		Datasets: []workflows.Dataset{{Name: "sales.csv", S3Key: key}},
		Model:    "script:sales-chart",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var res workflows.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))

	assert.Equal(t, workflows.StatusAnswered, res.Status)
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
	saveHistory(t, e, run.GetID(), run.GetRunID(), "analysis-sales-chart.json")

	// No sandbox leaks: the deferred kill ran.
	assert.Eventually(t, func() bool { return len(e.E2B.Sandboxes()) == 0 }, 10*time.Second, 100*time.Millisecond,
		"sandboxes left: %v", e.E2B.Sandboxes())
}

// checkHistory fetches the history from the server and checks the
// small-history invariant. It returns the history's JSON.
func checkHistory(t *testing.T, e *env, id, runID string) string {
	t.Helper()
	it := e.Temporal.GetWorkflowHistory(context.Background(), id, runID, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	var all strings.Builder
	events := 0
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		events++
		for _, p := range payloadsOf(ev) {
			assert.LessOrEqual(t, len(p), maxPayloadBytes, "event %d (%s) carries a payload of %d bytes", ev.EventId, ev.EventType, len(p))
			assert.False(t, bytes.Contains(p, []byte("\x89PNG")), "event %d holds PNG bytes", ev.EventId)
			assert.False(t, bytes.Contains(p, []byte("iVBORw0KGgo")), "event %d holds base64 PNG", ev.EventId)
		}
		b, err := protojson.Marshal(ev)
		require.NoError(t, err)
		all.Write(b)
		all.WriteByte('\n')
	}
	t.Logf("history: %d events, %d bytes as JSON", events, all.Len())
	return all.String()
}

// payloadsOf returns the data of every payload in an event.
func payloadsOf(ev *historypb.HistoryEvent) [][]byte {
	var out [][]byte
	var walk func(m any)
	b, _ := protojson.Marshal(ev)
	// Walk the JSON: payload data is base64 in "data" fields.
	var v any
	_ = json.Unmarshal(b, &v)
	walk = func(m any) {
		switch x := m.(type) {
		case map[string]any:
			if d, ok := x["data"].(string); ok {
				if _, hasMeta := x["metadata"]; hasMeta {
					if raw, err := decodeB64(d); err == nil {
						out = append(out, raw)
					}
				}
			}
			for _, v := range x {
				walk(v)
			}
		case []any:
			for _, v := range x {
				walk(v)
			}
		}
	}
	walk(v)
	return out
}

// saveHistory writes the history to workflows/testdata/histories/<name>
// when UPDATE_HISTORIES=1, for the replay tests in package workflows.
func saveHistory(t *testing.T, e *env, id, runID, name string) {
	t.Helper()
	if os.Getenv("UPDATE_HISTORIES") != "1" {
		return
	}
	it := e.Temporal.GetWorkflowHistory(context.Background(), id, runID, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	var h historypb.History
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		h.Events = append(h.Events, ev)
	}
	b, err := protojson.MarshalOptions{Indent: "  "}.Marshal(&h)
	require.NoError(t, err)
	path := repoPath(t, filepath.Join("workflows/testdata/histories", name))
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	// The replayer needs the original ids: child workflow ids derive from them.
	meta, err := json.Marshal(map[string]string{"workflow_id": id, "run_id": runID})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(strings.TrimSuffix(path, ".json")+".meta", meta, 0o644))
	t.Logf("wrote %s (%d events)", path, len(h.Events))
}

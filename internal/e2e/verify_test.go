package e2e

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/api"
)

// The answer check on the real stack: the scripted model first answers
// with a difference it worked out in its head (202.75, which no cell
// printed). With verify=flag the answer comes back as written and that
// figure is marked unsupported; with the default (correct) the worker asks
// the model once, the model computes the figure in a cell, and the revised
// answer's figures are all supported.
func TestVerifyAnswerFigures(t *testing.T) {
	e := newEnv(t)
	claim := func(res api.AnalysisResult, text string) api.Claim {
		t.Helper()
		for _, c := range res.Claims {
			if c.Text == text {
				return c
			}
		}
		t.Fatalf("no claim %q in %+v", text, res.Claims)
		return api.Claim{}
	}

	t.Run("flag", func(t *testing.T) {
		t.Parallel()
		run := e.start(testID("verify-flag"), api.AnalysisInput{Question: "Total, and largest minus smallest?", Model: "script:verify-figures", Verify: api.VerifyFlag})
		var res api.AnalysisResult
		require.NoError(t, run.Get(runCtx(t, 5*time.Minute), &res))
		t.Logf("answer: %s; claims: %+v", res.Answer, res.Claims)
		assert.Equal(t, api.StatusAnswered, res.Status)
		assert.Equal(t, 2, res.StepsUsed, "flag asks the model nothing more")
		assert.GreaterOrEqual(t, res.Unsupported, 1)
		diff := claim(res, "202.75")
		assert.False(t, diff.Supported, "202.75 was printed by no cell")
		assert.Equal(t, 202.75, diff.Value)
		total := claim(res, "519.75")
		assert.True(t, total.Supported)
		assert.Equal(t, []api.ClaimSource{{Step: 1, Cell: 0}}, total.Sources, "the total was printed by step 1, cell 0")
		require.NotNil(t, res.Report)
		md := string(e.getObject(res.Report.MarkdownKey))
		assert.Contains(t, md, "202.75 **(unsupported)**")
		assert.Contains(t, md, "### Unsupported figures")
		saveHistory(t, e, run.GetID(), run.GetRunID(), "analysis-verify-flag.json")
	})

	// A batch's defaults.verify reaches the items that set none, and each
	// item's summary counts its unsupported figures.
	t.Run("batch", func(t *testing.T) {
		t.Parallel()
		run, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
			ID: testID("verify-batch"), TaskQueue: e.TaskQueue, WorkflowExecutionTimeout: 10 * time.Minute,
		}, api.BatchAnalysisWorkflowName, api.BatchInput{
			Items:    []api.BatchItem{{ID: "flagged", AnalysisInput: api.AnalysisInput{Question: "Total, and largest minus smallest?"}}},
			Defaults: api.BatchDefaults{Model: "script:verify-figures", Verify: api.VerifyFlag},
		})
		require.NoError(t, err)
		var res api.BatchResult
		require.NoError(t, run.Get(runCtx(t, 5*time.Minute), &res))
		var rep batches.BatchReport
		require.NoError(t, json.Unmarshal(e.getObject(res.ReportKey), &rep))
		require.Len(t, rep.Items, 1)
		it := rep.Items[0]
		assert.Equal(t, api.StatusAnswered, it.Status, it.Error)
		assert.Equal(t, 2, it.Steps, "flag (the batch's default) asks the model nothing more")
		assert.GreaterOrEqual(t, it.Unsupported, 1, "the summary counts the unsupported figure")
		rows, err := csv.NewReader(strings.NewReader(string(e.getObject(res.CSVKey)))).ReadAll()
		require.NoError(t, err)
		require.Len(t, rows, 2)
		col := slices.Index(rows[0], "unsupported")
		require.GreaterOrEqual(t, col, 0, "CSV header %v", rows[0])
		assert.Equal(t, strconv.Itoa(it.Unsupported), rows[1][col], "the CSV's unsupported column")
	})

	t.Run("correct", func(t *testing.T) {
		t.Parallel()
		run := e.start(testID("verify-correct"), api.AnalysisInput{Question: "Total, and largest minus smallest?", Model: "script:verify-figures"})
		var res api.AnalysisResult
		require.NoError(t, run.Get(runCtx(t, 5*time.Minute), &res))
		t.Logf("answer: %s; claims: %+v", res.Answer, res.Claims)
		assert.Equal(t, api.StatusAnswered, res.Status)
		assert.Equal(t, 4, res.StepsUsed, "answer, the correction step's cell, the revised answer")
		assert.Equal(t, 0, res.Unsupported)
		require.NotEmpty(t, res.Claims)
		for _, c := range res.Claims {
			assert.True(t, c.Supported, "claim %q", c.Text)
		}
		assert.Equal(t, []api.ClaimSource{{Step: 3, Cell: 0}}, claim(res, "202.75").Sources, "the revised answer's difference was printed by step 3")
		// The model was asked once, by name of the figure.
		var tr struct {
			Items []json.RawMessage `json:"items"`
		}
		require.NoError(t, json.Unmarshal(e.getObject(res.TranscriptKey), &tr))
		asked := 0
		for _, it := range tr.Items {
			if strings.Contains(string(it), "[verify_answer]") {
				asked++
				assert.Contains(t, string(it), `202.75`)
			}
		}
		assert.Equal(t, 1, asked, "the model is asked once")
		saveHistory(t, e, run.GetID(), run.GetRunID(), "analysis-verify-correct.json")
	})
}

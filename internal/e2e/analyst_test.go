package e2e

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// TestOfflineAnalystEndToEnd runs analyses on the real stack with the
// worker's model set to the offline analyst, as `make run` does without an
// OPENAI_API_KEY: each answer must carry the figure Python computed, and each
// analysis must store a real PNG chart.
func TestOfflineAnalystEndToEnd(t *testing.T) {
	e := newEnv(t)
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel })
	salesKey := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-analyst/sales.csv")
	// An Excel file, written by pandas (with python3-openpyxl, as the sandbox reads it).
	xlsx := filepath.Join(t.TempDir(), "orders.xlsx")
	out, err := exec.Command("/usr/bin/python3", "-c", `import sys, pandas as pd; pd.DataFrame({"order": [1, 2, 3, 4, 5], `+
		`"category": ["Books", "Toys", "Books", "Books", "Toys"], "quantity": [1, 5, 2, 3, 7]}).to_excel(sys.argv[1], index=False)`, xlsx).CombinedOutput()
	require.NoError(t, err, "write %s (is python3-openpyxl installed?): %s", xlsx, out)
	xlsxKey := e.upload(xlsx, "inputs/e2e-analyst/orders.xlsx")

	tests := []struct {
		name       string
		input      string // the workflow input as JSON, as typed into the Temporal UI
		want       []string
		wantCharts int
	}{
		{
			name:  "readme UI example",
			input: `{"question": "What is the average of column b?", "datasets": [{"name": "d.csv", "content": "a,b\n1,2\n3,4\n"}]}`,
			want:  []string{"The average of b is 3 (over 2 values)."}, wantCharts: 1,
		},
		{
			name:  "highest revenue",
			input: `{"question": "Which region had the highest revenue?", "datasets": [{"name": "sales.csv", "s3_key": "` + salesKey + `"}]}`,
			want:  []string{"West had the highest revenue: 48,630 in total, of 161,765 across 4 regions"}, wantCharts: 1,
		},
		{
			name:  "demo question",
			input: `{"question": "Which region had the highest revenue, and how did monthly revenue trend?", "datasets": [{"name": "sales.csv", "s3_key": "` + salesKey + `"}]}`,
			want: []string{"West had the highest revenue", "Total revenue per month went from 15,140 in 2024-01 to 21,865 in 2024-10",
				"an upward trend"}, wantCharts: 2,
		},
		{
			name: "tsv group average",
			input: `{"question": "What is the average salary by department?", "datasets": [{"name": "people.tsv", "content": ` +
				`"name\tdepartment\tsalary\nAnn\tSales\t52000\nBob\tSales\t61000\nCid\tIT\t70000\nDee\tIT\t82000\nEve\tHR\t48000\nFay\tIT\t75000\n"}]}`,
			want: []string{"Average salary by department: IT 75,666.67, Sales 56,500, HR 48,000."}, wantCharts: 1,
		},
		{
			name: "json median",
			input: `{"question": "What is the median price?", "datasets": [{"name": "products.json", "content": ` +
				`"[{\"product\":\"pen\",\"price\":1.5},{\"product\":\"desk\",\"price\":180},{\"product\":\"lamp\",\"price\":35}]"}]}`,
			want: []string{"The median of price is 35 (over 3 values)."}, wantCharts: 1,
		},
		{
			name:  "xlsx group total",
			input: `{"question": "What is the total quantity per category?", "datasets": [{"name": "orders.xlsx", "s3_key": "` + xlsxKey + `"}]}`,
			want:  []string{"Total quantity by category: Toys 12, Books 6."}, wantCharts: 1,
		},
		{
			name:  "correlation",
			input: `{"question": "Is there a correlation between units and revenue?", "datasets": [{"name": "sales.csv", "s3_key": "` + salesKey + `"}]}`,
			want:  []string{"The correlation between units and revenue is r = 0."}, wantCharts: 1,
		},
		{
			name:  "unmapped question",
			input: `{"question": "Tell me a joke", "datasets": [{"name": "sales.csv", "s3_key": "` + salesKey + `"}]}`,
			want:  []string{"I could not map the question", "sales.csv has 40 rows and 5 columns"}, wantCharts: 1,
		},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var input map[string]any
			require.NoError(t, json.Unmarshal([]byte(tc.input), &input), "the test's input is JSON")
			run := e.start(testID("analyst-"+strings.ReplaceAll(tc.name, " ", "-")), input)
			var res api.AnalysisResult
			require.NoError(t, run.Get(runCtx(t, 5*time.Minute), &res), "analysis %d", i)

			t.Logf("answer: %s", res.Answer)
			assert.Equal(t, api.StatusAnswered, res.Status)
			assert.Equal(t, 3, res.StepsUsed, "inspect, compute, answer")
			for _, w := range tc.want {
				assert.Contains(t, res.Answer, w)
			}
			assert.Contains(t, res.Answer, "not a language model")
			// The offline analyst passes its own check: every figure it
			// writes was printed by its code.
			assert.Zero(t, res.Unsupported, "unsupported figures: %+v", res.Claims)
			require.Len(t, res.Charts, tc.wantCharts)
			for _, ch := range res.Charts {
				assert.Equal(t, 2, ch.Step, "charts come from the computing step")
				img, err := png.Decode(bytes.NewReader(e.getObject(ch.Key)))
				require.NoError(t, err, "chart %s decodes as a PNG", ch.Key)
				assert.Greater(t, img.Bounds().Dx(), 100)
			}
		})
	}
}

package activities

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
)

// VerifyAnswer reads what the cells printed from their records (the code
// is not run again) and traces each figure; the report marks them.
func TestVerifyAnswerReadsTheCellRecords(t *testing.T) {
	a, _, sb := outputsEnv(t)
	r, _ := newRunner(a)
	code := "import pandas as pd\ndf = pd.DataFrame({'region': ['North', 'South'], 'revenue': [50196.72, 38410.05]})\nprint(df)\ndf.revenue.sum()"
	_, err := r.run(RunCodeInput{WorkflowID: "wf-ver", RunID: "r1", SandboxID: sb.ID, Step: 2, Cell: 0, CallID: "c1", Code: code})
	require.NoError(t, err)
	cells := []api.CellRef{{Step: 2, Cell: 0, CallID: "c1"}}
	answer := "North earned $50,197 (50.2k), South 38,410.05; together 88.6k. South trails by $11,786.67."
	v, err := r.env.ExecuteActivity(a.VerifyAnswer, VerifyAnswerInput{WorkflowID: "wf-ver", Answer: answer, Cells: cells})
	require.NoError(t, err)
	var res VerifyAnswerResult
	require.NoError(t, v.Get(&res))
	var got []string
	for _, c := range res.Claims {
		mark := "ok"
		if !c.Supported {
			mark = "unsupported"
		}
		got = append(got, c.Text+" "+mark)
		assert.Equal(t, c.Text, answer[c.At:c.At+len(c.Text)], "offset of %s", c.Text)
		if c.Supported {
			assert.Equal(t, []api.ClaimSource{{Step: 2, Cell: 0}}, c.Sources, "sources of %s", c.Text)
		}
	}
	assert.Equal(t, []string{"$50,197 ok", "50.2k ok", "38,410.05 ok", "88.6k ok", "$11,786.67 unsupported"}, got)
	assert.Equal(t, 1, res.Unsupported)

	in := WriteReportInput{WorkflowID: "wf-ver", Question: "Revenue by region?", Status: "answered", Answer: answer,
		Cells: cells, StepsUsed: 3, CodeRuns: 1, Claims: res.Claims, Unsupported: res.Unsupported}
	rv, err := r.env.ExecuteActivity(a.WriteReport, in)
	require.NoError(t, err)
	var rep api.Report
	require.NoError(t, rv.Get(&rep))
	md, _ := object(t, a, rep.MarkdownKey)
	for _, s := range []string{
		"North earned $50,197[^f1] (50.2k[^f2])", "$11,786.67 **(unsupported)**[^f5]",
		"[^f1]: $50,197 — printed by step 2, cell 0 ([output](#step-2-cell-0))",
		"### Unsupported figures", "- **$11,786.67** — unsupported: no cell printed this figure",
		"_5 figures checked against the cells' outputs; 1 unsupported._",
	} {
		assert.Contains(t, md, s)
	}
	page, _ := object(t, a, rep.HTMLKey)
	for _, s := range []string{
		`$50,197<sup><a href="#step-2-cell-0">[2.0]</a></sup>`, `<mark class="claim" title="unsupported: no cell printed this figure">$11,786.67</mark>`,
		`<li><mark>$11,786.67</mark></li>`, `<details id="step-2-cell-0">`,
	} {
		assert.Contains(t, page, s)
	}
}

package outputs_test

import (
	"encoding/base64"
	"html"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// reportEnv runs cells (RunCode) and the outputs' activities on a local
// sandbox running Python and a real S3 server.
func reportEnv(t *testing.T) (*activities.Activities, *testsuite.TestActivityEnvironment, *e2b.Sandbox) {
	p := acttest.Start(t)
	a := &activities.Activities{E2B: p.E2B, SandboxTimeout: 5 * time.Minute, MaxOutputBytes: 8192,
		S3: p.Client, Presign: p.Presign, Bucket: p.Bucket, Prefix: "analyses", ChartURLTTL: time.Hour}
	env, _ := acttest.MetricsEnv()
	tools.New(a).Register(env)
	outputs.New(a).Register(env)
	return a, env, p.Sandbox
}

func store(a *activities.Activities) acttest.Store {
	return acttest.Store{Client: a.S3, Bucket: a.Bucket}
}

func TestWriteReport(t *testing.T) {
	a, env, sb := reportEnv(t)
	code := "import matplotlib.pyplot as plt\nplt.bar(['West', 'East'], [3, 1])\nplt.show()\nopen('outputs/cleaned.csv', 'w').write('a,b\\n1,2\\n')\nprint('```')"
	res, err := acttest.Execute[tools.RunCodeResult](env, tools.RunCodeName, tools.RunCodeInput{WorkflowID: "wf-rep", RunID: "r1", SandboxID: sb.ID, Step: 1, CallID: "c1", Code: code})
	require.NoError(t, err)
	require.Len(t, res.Charts, 1)
	require.Len(t, res.Files, 1)
	// As the workflow sends them: without URLs.
	chart, file := res.Charts[0], res.Files[0]
	chart.URL, file.URL = "", ""
	in := outputs.WriteReportInput{WorkflowID: "wf-rep", Question: "Which region <b>sells</b> most?", Status: "answered",
		Answer: "West, with 3.", Charts: []api.Chart{chart}, Files: []api.OutputFile{file}, Cells: []api.CellRef{{Step: 1, CallID: "c1"}},
		StepsUsed: 2, CodeRuns: 1, Usage: api.Usage{TotalTokens: 99}}

	var rep api.Report
	for range 2 {
		v, err := env.ExecuteActivity(outputs.WriteReportName, in)
		require.NoError(t, err)
		require.NoError(t, v.Get(&rep))
	}
	assert.Equal(t, "analyses/wf-rep/report.md", rep.MarkdownKey)
	assert.Equal(t, "analyses/wf-rep/report.html", rep.HTMLKey)
	assert.NotEmpty(t, rep.MarkdownURL)
	assert.NotEmpty(t, rep.HTMLURL)

	md, ctype := store(a).Object(t, rep.MarkdownKey)
	assert.Equal(t, "text/markdown; charset=utf-8", ctype)
	for _, s := range []string{
		"> Which region <b>sells</b> most?", "West, with 3.", "![step 1, cell 0, chart 0](<http", "/analyses/wf-rep/step-1/0-0.png?X-Amz-",
		"[cleaned.csv](<http", "/analyses/wf-rep/step-1/files/cleaned.csv?X-Amz-", "`analyses/wf-rep/step-1/files/cleaned.csv`",
		"<details id=\"step-1-cell-0\">\n<summary>Step 1, cell 0: 5 lines of Python</summary>", "````python\n" + code + "\n````",
	} {
		assert.Contains(t, md, s)
	}
	page, ctype := store(a).Object(t, rep.HTMLKey)
	assert.Equal(t, "text/html; charset=utf-8", ctype)
	png, _ := store(a).Object(t, res.Charts[0].Key)
	for _, s := range []string{
		"Which region &lt;b&gt;sells&lt;/b&gt; most?", `<details id="step-1-cell-0"><summary>Step 1, cell 0</summary>`,
		`/analyses/wf-rep/step-1/files/cleaned.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&amp;`,
	} {
		assert.Contains(t, page, s)
	}
	assert.NotContains(t, page, "<b>sells", "the question is escaped")
	assert.Contains(t, html.UnescapeString(page), `src="data:image/png;base64,`+base64.StdEncoding.EncodeToString([]byte(png))+`"`, "the chart is embedded")
	assert.Equal(t, []string{
		"analyses/wf-rep/report.html", "analyses/wf-rep/report.md", "analyses/wf-rep/step-1/0-0.png",
		"analyses/wf-rep/step-1/0-output.json", "analyses/wf-rep/step-1/files/cleaned.csv",
	}, store(a).Keys(t, "analyses/wf-rep/"))
}

// VerifyAnswer reads what the cells printed from their records (the code
// is not run again) and traces each figure; the report marks them.
func TestVerifyAnswerReadsTheCellRecords(t *testing.T) {
	a, env, sb := reportEnv(t)
	code := "import pandas as pd\ndf = pd.DataFrame({'region': ['North', 'South'], 'revenue': [50196.72, 38410.05]})\nprint(df)\ndf.revenue.sum()"
	_, err := acttest.Execute[tools.RunCodeResult](env, tools.RunCodeName, tools.RunCodeInput{WorkflowID: "wf-ver", RunID: "r1", SandboxID: sb.ID, Step: 2, Cell: 0, CallID: "c1", Code: code})
	require.NoError(t, err)
	cells := []api.CellRef{{Step: 2, Cell: 0, CallID: "c1"}}
	answer := "North earned $50,197 (50.2k), South 38,410.05; together 88.6k. South trails by $11,786.67."
	v, err := env.ExecuteActivity(outputs.VerifyAnswerName, outputs.VerifyAnswerInput{WorkflowID: "wf-ver", Answer: answer, Cells: cells})
	require.NoError(t, err)
	var res outputs.VerifyAnswerResult
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

	in := outputs.WriteReportInput{WorkflowID: "wf-ver", Question: "Revenue by region?", Status: "answered", Answer: answer,
		Cells: cells, StepsUsed: 3, CodeRuns: 1, Claims: res.Claims, Unsupported: res.Unsupported}
	rv, err := env.ExecuteActivity(outputs.WriteReportName, in)
	require.NoError(t, err)
	var rep api.Report
	require.NoError(t, rv.Get(&rep))
	md, _ := store(a).Object(t, rep.MarkdownKey)
	for _, s := range []string{
		"North earned $50,197[^f1] (50.2k[^f2])", "$11,786.67 **(unsupported)**[^f5]",
		"[^f1]: $50,197 — printed by step 2, cell 0 ([output](#step-2-cell-0))",
		"### Unsupported figures", "- **$11,786.67** — unsupported: no cell printed this figure",
		"_5 figures checked against the cells' outputs; 1 unsupported._",
	} {
		assert.Contains(t, md, s)
	}
	page, _ := store(a).Object(t, rep.HTMLKey)
	for _, s := range []string{
		`$50,197<sup><a href="#step-2-cell-0">[2.0]</a></sup>`, `<mark class="claim" title="unsupported: no cell printed this figure">$11,786.67</mark>`,
		`<li><mark>$11,786.67</mark></li>`, `<details id="step-2-cell-0">`,
	} {
		assert.Contains(t, page, s)
	}
}

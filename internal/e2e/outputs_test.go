package e2e

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
)

// TestOutputsAndReports runs the outputs-report script on the real stack:
// the files the code writes under outputs/, its SVG and HTML results and
// the Markdown and HTML reports are in S3, once each, and in the result.
func TestOutputsAndReports(t *testing.T) {
	e := newEnv(t)
	key := e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-outputs/sales.csv")
	id := "e2e-outputs-" + time.Now().Format("150405.000")
	run, res := runAnalysis(t, e, id, api.AnalysisInput{
		Question: "Clean the sales data, then tell me which region had the highest revenue.",
		Datasets: []api.Dataset{{Name: "sales.csv", S3Key: key}},
		Model:    "script:outputs-report",
	})
	require.Equal(t, api.StatusAnswered, res.Status)
	checkOutputs(t, e, id, &res)
	checkHistory(t, e, id, run.GetRunID())
	saveHistory(t, e, id, run.GetRunID(), "analysis-outputs.json")
}

// checkOutputs checks what the outputs-report script leaves in S3 and in
// the result, exactly: no object missing, none extra.
func checkOutputs(t *testing.T, e *env, id string, res *api.AnalysisResult) {
	t.Helper()
	p := "analyses/" + id + "/"
	type file struct{ key, name, ctype, origin string }
	var got []file
	for _, f := range res.Files {
		got = append(got, file{f.Key, f.Name, f.ContentType, f.Origin})
	}
	assert.Equal(t, []file{
		{p + "step-1/0-0.html", "0-0.html", "text/html; charset=utf-8", api.OriginDisplay},
		{p + "step-1/files/cleaned.csv", "cleaned.csv", "text/csv; charset=utf-8", api.OriginOutputs},
		{p + "step-1/files/cleaned.xlsx", "cleaned.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", api.OriginOutputs},
		{p + "step-2/0-0.svg", "0-0.svg", "image/svg+xml", api.OriginDisplay},
		{p + "step-2/files/revenue_by_region.html", "revenue_by_region.html", "text/html; charset=utf-8", api.OriginOutputs},
	}, got)
	require.Len(t, res.Charts, 1)
	assert.Equal(t, p+"step-2/0-0.png", res.Charts[0].Key)
	require.NotNil(t, res.Report, "the result names the report")
	assert.Equal(t, p+"report.md", res.Report.MarkdownKey)
	assert.Equal(t, p+"report.html", res.Report.HTMLKey)

	// Exactly these objects, besides the transcripts.
	var stored []string
	for _, k := range e.listKeys(p) {
		if !strings.HasPrefix(k, p+"transcript/") {
			stored = append(stored, strings.TrimPrefix(k, p))
		}
	}
	slices.Sort(stored)
	assert.Equal(t, []string{
		"report.html", "report.md",
		"step-1/0-0.html", "step-1/0-output.json", "step-1/files/cleaned.csv", "step-1/files/cleaned.xlsx",
		"step-2/0-0.png", "step-2/0-0.svg", "step-2/0-output.json", "step-2/files/revenue_by_region.html",
	}, stored)

	// The files hold what the code wrote, and their URLs work.
	rows, err := csv.NewReader(strings.NewReader(string(e.getObject(p + "step-1/files/cleaned.csv")))).ReadAll()
	require.NoError(t, err)
	assert.Len(t, rows, 41, "header and 40 rows")
	assert.Equal(t, []string{"month", "region", "product", "units", "revenue"}, rows[0])
	assert.Contains(t, string(e.getObject(p+"step-2/files/revenue_by_region.html")), "<td>West</td>")
	xlsx := e.getObject(p + "step-1/files/cleaned.xlsx")
	assert.True(t, bytes.HasPrefix(xlsx, []byte("PK\x03\x04")), "an XLSX is a zip")
	assert.Contains(t, string(e.getObject(p+"step-1/0-0.html")), "<table")
	assert.Contains(t, string(e.getObject(p+"step-2/0-0.svg")), "<svg")
	for _, f := range res.Files {
		assert.Equal(t, f.Bytes, int64(len(e.getObject(f.Key))), f.Key)
		assert.Equal(t, string(e.getObject(f.Key)), httpGet(t, f.URL), "presigned URL of %s", f.Key)
	}

	// The model was told what was stored.
	transcript := string(e.getObject(res.TranscriptKey))
	for _, s := range []string{
		"outputs/cleaned.csv saved as " + p + "step-1/files/cleaned.csv", "HTML result 0-0.html saved as " + p + "step-1/0-0.html",
		"outputs/revenue_by_region.html saved as", "SVG result 0-0.svg saved as " + p + "step-2/0-0.svg",
	} {
		assert.Contains(t, transcript, s)
	}

	// The reports: the Markdown links everything and folds the code; the
	// HTML embeds the chart.
	md := httpGet(t, res.Report.MarkdownURL)
	for _, s := range []string{
		"Clean the sales data", "West had the highest revenue", p + "step-2/0-0.png", p + "step-1/files/cleaned.csv",
		p + "step-2/files/revenue_by_region.html", `<details id="step-1-cell-0">`, "$48,630.00[^f1]", "printed by step 1, cell 0", "```python\nimport os",
	} {
		assert.Contains(t, md, s)
	}
	page := httpGet(t, res.Report.HTMLURL)
	assert.Contains(t, page, `<img src="data:image/png;base64,`)
	assert.Contains(t, page, "West had the highest revenue")
}

func httpGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s: %s", url, b)
	return string(b)
}

// checkChaosOutputs checks the files and reports of a chaos-counter
// analysis: each step's cells.csv once, with the log as that step left
// it, and both reports, in S3 and in the result.
func checkChaosOutputs(t *testing.T, e *env, id string, res *api.AnalysisResult) {
	t.Helper()
	p := "analyses/" + id + "/"
	var files, stored []string
	for _, f := range res.Files {
		files = append(files, strings.TrimPrefix(f.Key, p))
	}
	for _, k := range e.listKeys(p) {
		if strings.Contains(k, "/files/") || strings.HasPrefix(k, p+"report.") {
			stored = append(stored, strings.TrimPrefix(k, p))
		}
	}
	slices.Sort(stored)
	want := []string{"step-1/files/cells.csv", "step-2/files/cells.csv", "step-3/files/cells.csv", "step-4/files/cells.csv"}
	assert.Equal(t, want, files, "%s: files in the result", id)
	assert.Equal(t, append([]string{"report.html", "report.md"}, want...), stored, "%s: files and reports in S3", id)
	log := ""
	for step := 1; step <= 4; step++ {
		log += fmt.Sprintf("step %d\n", step)
		assert.Equal(t, log, string(e.getObject(p+want[step-1])), "%s: %s", id, want[step-1])
	}
	if assert.NotNil(t, res.Report, "%s: report", id) {
		md := string(e.getObject(res.Report.MarkdownKey))
		assert.Equal(t, 4, strings.Count(md, "<details id="), "%s: one folded block per cell", id)
		assert.Contains(t, string(e.getObject(res.Report.HTMLKey)), "data:image/png;base64,")
	}
}

package tools

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/uber-go/tally/v4"
	"go.temporal.io/sdk/testsuite"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/outputs"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// outputsEnv is the shared dependencies on a local E2B server running
// Python and a real S3 server (versitygw), with one sandbox.
func outputsEnv(t *testing.T) (*activities.Activities, *e2b.Client, *e2b.Sandbox) {
	p := acttest.Start(t)
	a := &activities.Activities{E2B: p.E2B, SandboxTimeout: 5 * time.Minute, MaxOutputBytes: 8192, Logger: acttest.Logger(t),
		S3: p.Client, Presign: p.Presign, Bucket: p.Bucket, Prefix: "analyses", ChartURLTTL: time.Hour}
	return a, p.E2B, p.Sandbox
}

// activityRunner runs RunCode, RunSQL and RestoreSandbox as activities
// (they heartbeat), counting metrics in scope.
type activityRunner struct {
	env *testsuite.TestActivityEnvironment
}

func newRunner(a *activities.Activities) (*activityRunner, tally.TestScope) {
	env, scope := acttest.MetricsEnv()
	New(a).Register(env)
	sandboxes.New(a).Register(env)
	return &activityRunner{env: env}, scope
}

func (r *activityRunner) run(in RunCodeInput) (RunCodeResult, error) {
	return acttest.Execute[RunCodeResult](r.env, RunCodeName, in)
}

func (r *activityRunner) restore(in sandboxes.RestoreSandboxInput) error {
	_, err := acttest.Execute[sandboxes.RestoreSandboxResult](r.env, sandboxes.RestoreSandboxName, in)
	return err
}

func store(a *activities.Activities) acttest.Store {
	return acttest.Store{Client: a.S3, Bucket: a.Bucket}
}

// keys lists every object under the workflow's prefix.
func keys(t *testing.T, a *activities.Activities, workflowID string) []string {
	return store(a).Keys(t, a.WorkflowPrefix(workflowID)+"/")
}

func object(t *testing.T, a *activities.Activities, key string) (string, string) {
	return store(a).Object(t, key)
}

// outputsCell writes two files under outputs/ (one in a subfolder), a
// symlink that must be ignored, a file outside outputs/, and displays an
// HTML table and an SVG.
const outputsCell = `import os, pandas as pd
from IPython.display import SVG, display
df = pd.DataFrame({"region": ["West", "East"], "revenue": [3, 1]})
df.to_csv("outputs/cleaned.csv", index=False)
os.makedirs("outputs/tables", exist_ok=True)
open("outputs/tables/top.html", "w").write(df.to_html())
os.symlink("/etc/hostname", "outputs/link.txt")
open("not-an-output.txt", "w").write("x")
display(SVG('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'))
df`

func TestRunCodeStoresOutputFilesOnce(t *testing.T) {
	a, c, sb := outputsEnv(t)
	ctx := context.Background()
	r, scope := newRunner(a)
	in := RunCodeInput{WorkflowID: "wf-out", RunID: "r1", SandboxID: sb.ID, Step: 1, Cell: 0, CallID: "call-1", Code: outputsCell}

	res, err := r.run(in)
	require.NoError(t, err)
	require.Nil(t, res.Error, "%s", res.Output)

	type file struct{ key, name, ctype, origin string }
	var got []file
	for _, f := range res.Files {
		got = append(got, file{f.Key, f.Name, f.ContentType, f.Origin})
		assert.Equal(t, 1, f.Step)
		assert.NotEmpty(t, f.URL, "presigned")
	}
	want := []file{
		{"analyses/wf-out/step-1/0-0.svg", "0-0.svg", "image/svg+xml", api.OriginDisplay},
		{"analyses/wf-out/step-1/0-0.html", "0-0.html", "text/html; charset=utf-8", api.OriginDisplay},
		{"analyses/wf-out/step-1/files/cleaned.csv", "cleaned.csv", "text/csv; charset=utf-8", api.OriginOutputs},
		{"analyses/wf-out/step-1/files/tables/top.html", "tables/top.html", "text/html; charset=utf-8", api.OriginOutputs},
	}
	assert.Equal(t, want, got)

	csv, ctype := object(t, a, "analyses/wf-out/step-1/files/cleaned.csv")
	assert.Equal(t, "region,revenue\nWest,3\nEast,1\n", csv)
	assert.Equal(t, "text/csv; charset=utf-8", ctype)
	html, _ := object(t, a, "analyses/wf-out/step-1/0-0.html")
	assert.Contains(t, html, "<table")
	svg, _ := object(t, a, "analyses/wf-out/step-1/0-0.svg")
	assert.Contains(t, svg, "<rect")
	for _, f := range res.Files {
		body, _ := object(t, a, f.Key)
		assert.Equal(t, f.Bytes, int64(len(body)), f.Key)
		resp, err := http.Get(f.URL)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, "presigned URL of %s", f.Key)
	}
	for _, s := range []string{"outputs/cleaned.csv saved as analyses/wf-out/step-1/files/cleaned.csv", "HTML result 0-0.html saved", "SVG result 0-0.svg saved", "West"} {
		assert.Contains(t, res.Output, s, "the model is told")
	}
	assert.NotContains(t, res.Output, "link.txt")
	stored := keys(t, a, "wf-out")

	// A retry (the worker died after the cell) returns the same files and
	// stores nothing new.
	again, err := r.run(in)
	require.NoError(t, err)
	assert.Equal(t, stripURLs(res.Files), stripURLs(again.Files))
	assert.Equal(t, stored, keys(t, a, "wf-out"))

	// The next cell rewrites cleaned.csv with the same bytes and writes a
	// new file: only the new one is stored.
	res2, err := r.run(RunCodeInput{WorkflowID: "wf-out", RunID: "r1", SandboxID: sb.ID, Step: 2, Cell: 0, CallID: "call-2",
		Code: "df.to_csv('outputs/cleaned.csv', index=False)\nopen('outputs/summary.txt', 'w').write('West leads')\nNone"})
	require.NoError(t, err)
	require.Len(t, res2.Files, 1, "%+v", res2.Files)
	assert.Equal(t, "analyses/wf-out/step-2/files/summary.txt", res2.Files[0].Key)
	assert.Equal(t, "text/plain; charset=utf-8", res2.Files[0].ContentType)
	assert.Equal(t, int64(len("West leads")), res2.Files[0].Bytes)

	// A changed file is stored again, under the new step.
	res3, err := r.run(RunCodeInput{WorkflowID: "wf-out", RunID: "r1", SandboxID: sb.ID, Step: 3, Cell: 0, CallID: "call-3",
		Code: "df['revenue'] = df['revenue'] * 2\ndf.to_csv('outputs/cleaned.csv', index=False)"})
	require.NoError(t, err)
	require.Len(t, res3.Files, 1)
	body, _ := object(t, a, "analyses/wf-out/step-3/files/cleaned.csv")
	assert.Equal(t, "region,revenue\nWest,6\nEast,2\n", body)
	stored = keys(t, a, "wf-out")

	// A rebuilt sandbox replays the journal of cells and uploads nothing:
	// the files stored so far are removed first, and must not come back.
	for _, k := range stored {
		if strings.Contains(k, "/files/") || strings.HasSuffix(k, ".svg") || strings.HasSuffix(k, ".html") {
			_, err := a.S3.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(a.Bucket), Key: aws.String(k)})
			require.NoError(t, err)
		}
	}
	stored = keys(t, a, "wf-out")
	sb2, err := c.Create(ctx, e2b.CreateParams{Template: "code-interpreter-v1", Timeout: 5 * time.Minute})
	require.NoError(t, err)
	defer func() { _, _ = sb2.Kill(context.Background()) }()
	err = r.restore(sandboxes.RestoreSandboxInput{WorkflowID: "wf-out", RunID: "r1", SandboxID: sb2.ID, Cells: []api.CellRef{
		{Step: 1, Cell: 0, CallID: "call-1"}, {Step: 2, Cell: 0, CallID: "call-2"}, {Step: 3, Cell: 0, CallID: "call-3"}}})
	require.NoError(t, err)
	assert.Equal(t, stored, keys(t, a, "wf-out"), "the rebuild stored nothing")
	b, err := sb2.Files().Read(ctx, outputs.OutputsDir+"/cleaned.csv")
	require.NoError(t, err)
	assert.Equal(t, "region,revenue\nWest,6\nEast,2\n", string(b), "the rebuilt sandbox has the files again")

	// The next cell after the rebuild stores only what it changes.
	res4, err := r.run(RunCodeInput{WorkflowID: "wf-out", RunID: "r1", SandboxID: sb2.ID, Step: 4, Cell: 0, CallID: "call-4",
		Code: "open('outputs/after.txt', 'w').write('after')"})
	require.NoError(t, err)
	require.Len(t, res4.Files, 1)
	assert.Equal(t, "after.txt", res4.Files[0].Name)
	// 4 files of step 1 (twice: the retry stores the same keys again),
	// then one each in steps 2, 3 and 4.
	acttest.CheckCounters(t, acttest.Counters(scope, map[string]string{"activity_type": "RunCode"}), map[string]int64{outputs.MetricFilesStored: 11})
}

func stripURLs(fs []api.OutputFile) []api.OutputFile {
	out := make([]api.OutputFile, len(fs))
	for i, f := range fs {
		f.URL = ""
		out[i] = f
	}
	return out
}

func TestRunCodeBoundsOutputFiles(t *testing.T) {
	a, _, sb := outputsEnv(t)
	a.MaxOutputFiles, a.MaxOutputFilesBytes = 3, 1000
	r, _ := newRunner(a)
	res, err := r.run(RunCodeInput{WorkflowID: "wf-bound", RunID: "r1", SandboxID: sb.ID, Step: 1, CallID: "c",
		Code: `for i in range(5):
    open(f"outputs/f{i}.txt", "w").write("x" * 100)
open("outputs/big.bin", "wb").write(b"\0" * 2000)`})
	require.NoError(t, err)
	var names []string
	for _, f := range res.Files {
		names = append(names, f.Name)
	}
	assert.Equal(t, []string{"f0.txt", "f1.txt", "f2.txt"}, names)
	assert.Equal(t, []string{
		"analyses/wf-bound/step-1/0-output.json",
		"analyses/wf-bound/step-1/files/f0.txt", "analyses/wf-bound/step-1/files/f1.txt", "analyses/wf-bound/step-1/files/f2.txt",
	}, keys(t, a, "wf-bound"))
	for _, s := range []string{
		"outputs/big.bin: not stored, 2000 bytes would pass the limit of 1000 bytes per cell",
		"outputs/f3.txt: not stored, a cell keeps at most 3 files",
		"outputs/f4.txt: not stored, a cell keeps at most 3 files",
	} {
		assert.Contains(t, res.Output, s)
	}
}

func TestChartSummary(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{`{"type":"bar","title":"Revenue by region","elements":[{},{},{},{}]}`, `: bar chart "Revenue by region", 4 elements`},
		{`{"type":"line","title":null,"elements":[{}]}`, `: line chart, 1 elements`},
		{`{}`, ""},
		{``, ""},
		{`not json`, ""},
	} {
		assert.Equal(t, tt.want, chartSummary([]byte(tt.raw)), "chart %s", tt.raw)
	}
}

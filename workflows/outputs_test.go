package workflows_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
)

func outFile(step, cell int, name string) api.OutputFile {
	return api.OutputFile{Key: fmt.Sprintf("analyses/w/step-%d/files/%s", step, name), Name: name, Step: step, Cell: cell,
		Bytes: 10, ContentType: "text/csv", Origin: api.OriginOutputs}
}

// Files of every cell reach the result (a same-key file of a later cell
// replaces the earlier entry), and the report is written once at the end,
// with the question, answer, charts, files and every cell that ran.
func TestFilesAndReportInResult(t *testing.T) {
	h := newHarness(t)
	h.script(
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c1", "a"), pyCall("c2", "b")}},
		modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c3", "c")}},
		modelcall.CallModelResult{Answer: "West"},
	)
	h.code(func(in tools.RunCodeInput) (tools.RunCodeResult, error) {
		switch in.CallID {
		case "c1":
			return tools.RunCodeResult{Output: "ok", Files: []api.OutputFile{outFile(1, 0, "cleaned.csv")},
				Charts: []api.Chart{{Key: "analyses/w/step-1/0-0.png", URL: "http://presigned", Step: 1}}}, nil
		case "c2":
			f := outFile(1, 1, "cleaned.csv")
			f.Bytes = 20
			return tools.RunCodeResult{Output: "ok", Files: []api.OutputFile{f}}, nil
		}
		return tools.RunCodeResult{Output: "ok", Files: []api.OutputFile{outFile(2, 0, "cleaned.csv"), outFile(2, 0, "t.html")}}, nil
	})
	res, err := h.run(t, api.AnalysisInput{Question: "Which region?"})
	require.NoError(t, err)
	v, err := h.env.QueryWorkflow(api.ProgressQuery)
	require.NoError(t, err)
	var p api.Progress
	require.NoError(t, v.Get(&p))
	assert.Equal(t, 3, p.Files, "progress counts the files")

	var got []string
	for _, f := range res.Files {
		got = append(got, f.Key)
	}
	assert.Equal(t, []string{"analyses/w/step-1/files/cleaned.csv", "analyses/w/step-2/files/cleaned.csv", "analyses/w/step-2/files/t.html"}, got)
	assert.Equal(t, int64(20), res.Files[0].Bytes, "the later cell's entry replaced the earlier one")

	require.Len(t, h.reports, 1, "one report")
	rep := h.reports[0]
	assert.Equal(t, "Which region?", rep.Question)
	assert.Equal(t, "West", rep.Answer)
	assert.Equal(t, api.StatusAnswered, rep.Status)
	assert.Equal(t, []api.Chart{{Key: "analyses/w/step-1/0-0.png", Step: 1}}, rep.Charts, "no URLs in the report's input")
	assert.Equal(t, "http://presigned", res.Charts[0].URL, "the result keeps its URLs")
	assert.Equal(t, res.Files, rep.Files)
	assert.Equal(t, []api.CellRef{{Step: 1, Cell: 0, CallID: "c1"}, {Step: 1, Cell: 1, CallID: "c2"}, {Step: 2, Cell: 0, CallID: "c3"}}, rep.Cells)
	require.NotNil(t, res.Report)
	assert.Equal(t, "analyses/default-test-workflow-id/report.md", res.Report.MarkdownKey)
	assert.Equal(t, "analyses/default-test-workflow-id/report.html", res.Report.HTMLKey)
}

// An analysis that runs out of steps gets its report too.
func TestReportOnMaxSteps(t *testing.T) {
	h := newHarness(t)
	h.script(modelcall.CallModelResult{ToolCalls: []tools.Call{pyCall("c", "x")}})
	h.code(okOutput)
	res, err := h.run(t, api.AnalysisInput{Question: "q", MaxSteps: 2})
	require.NoError(t, err)
	assert.Equal(t, api.StatusMaxSteps, res.Status)
	require.Len(t, h.reports, 1)
	assert.Equal(t, api.StatusMaxSteps, h.reports[0].Status)
	assert.NotNil(t, res.Report)
}

// A report that cannot be written does not cost the user the answer.
func TestReportFailureKeepsTheAnswer(t *testing.T) {
	h := newHarness(t)
	h.reportErr = temporal.NewNonRetryableApplicationError("s3 says no", api.ErrTypeBadRequest, nil)
	h.script(modelcall.CallModelResult{Answer: "42"})
	res, err := h.run(t, api.AnalysisInput{Question: "q"})
	require.NoError(t, err)
	assert.Equal(t, "42", res.Answer)
	assert.Nil(t, res.Report)
	assert.Len(t, h.kills, 1, "the sandbox is still killed")
}

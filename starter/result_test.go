package main

import (
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/api"
)

func TestProgressLine(t *testing.T) {
	tests := []struct {
		p    api.Progress
		want string
	}{
		{api.Progress{Status: "running", Step: 2, MaxSteps: 10, CodeRuns: 1, Phase: "model"},
			"step 2/10 · running · 1 code run · 0 charts · now: model"},
		{api.Progress{Status: "answered", Step: 3, MaxSteps: 10, CodeRuns: 2, Charts: 1},
			"step 3/10 · answered · 2 code runs · 1 chart"},
	}
	for _, tt := range tests {
		if got := progressLine(tt.p); got != tt.want {
			t.Errorf("progressLine(%+v) = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestWriteResult(t *testing.T) {
	res := &api.AnalysisResult{
		Status: api.StatusAnswered, Answer: "North sells most.\n", StepsUsed: 3, CodeRuns: 2,
		Usage: api.Usage{TotalTokens: 1234},
		Charts: []api.Chart{
			{Key: "analyses/wf-1/charts/step-2-cell-0-0.png", URL: "http://s3/presigned"},
			{Key: "analyses/wf-1/charts/step-2-cell-0-1.png"},
		},
	}
	tests := []struct {
		name   string
		res    *api.AnalysisResult
		bucket string
		want   string
	}{
		{"with bucket", res, "b", `analysis wf-1: answered after 3 steps, 2 code runs, 2 charts, 1234 tokens

North sells most.

chart: s3://b/analyses/wf-1/charts/step-2-cell-0-0.png
  http://s3/presigned
chart: s3://b/analyses/wf-1/charts/step-2-cell-0-1.png
`},
		{"without bucket", res, "", `analysis wf-1: answered after 3 steps, 2 code runs, 2 charts, 1234 tokens

North sells most.

chart: analyses/wf-1/charts/step-2-cell-0-0.png
  http://s3/presigned
chart: analyses/wf-1/charts/step-2-cell-0-1.png
`},
		{"files and report", &api.AnalysisResult{Status: api.StatusAnswered, Answer: "West", StepsUsed: 2, CodeRuns: 1,
			Files:  []api.OutputFile{{Key: "analyses/wf-1/step-1/files/cleaned.csv", URL: "http://s3/csv", Step: 1, Bytes: 30, ContentType: "text/csv; charset=utf-8"}},
			Report: &api.Report{MarkdownKey: "analyses/wf-1/report.md", HTMLKey: "analyses/wf-1/report.html", MarkdownURL: "http://s3/md", HTMLURL: "http://s3/html"}},
			"b", `analysis wf-1: answered after 2 steps, 1 code run, 0 charts, 0 tokens

West

file (step 1, 30 bytes, text/csv; charset=utf-8): s3://b/analyses/wf-1/step-1/files/cleaned.csv
  http://s3/csv
report (markdown): s3://b/analyses/wf-1/report.md
  http://s3/md
report (html): s3://b/analyses/wf-1/report.html
  http://s3/html
`},
		{"checked figures", &api.AnalysisResult{Status: api.StatusAnswered, Answer: "Total 519.75, gap 202.75.", StepsUsed: 2, CodeRuns: 1,
			Claims: []api.Claim{{Text: "519.75", Supported: true}, {Text: "202.75"}}, Unsupported: 1},
			"b", `analysis wf-1: answered after 2 steps, 1 code run, 0 charts, 0 tokens

Total 519.75, gap 202.75.

figures: 2 checked against the cells' outputs, 1 unsupported
  unsupported: "202.75" (no cell printed it)

`},
		{"step limit, no answer", &api.AnalysisResult{Status: api.StatusMaxSteps, StepsUsed: 1}, "b",
			`analysis wf-1: max_steps after 1 step, 0 code runs, 0 charts, 0 tokens
(the step limit ended the analysis before the model answered)

(no answer)

`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			writeResult(&b, "wf-1", tt.res, tt.bucket)
			if b.String() != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), tt.want)
			}
		})
	}
}

package outputs

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"html/template"
	"strings"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
)

// maxEmbedBytes bounds the chart bytes one HTML report embeds; charts past
// it are linked instead, so a report stays a file one can mail.
const maxEmbedBytes = 20 << 20

// WriteReportInput is what a report shows. The code of each step is read
// from the cell records in S3, so it never enters the history again.
type WriteReportInput struct {
	WorkflowID string           `json:"workflow_id"`
	Question   string           `json:"question"`
	Status     string           `json:"status"`
	Answer     string           `json:"answer"`
	Charts     []api.Chart      `json:"charts,omitempty"`
	Files      []api.OutputFile `json:"files,omitempty"`
	Cells      []api.CellRef    `json:"cells,omitempty"`
	StepsUsed  int              `json:"steps_used"`
	CodeRuns   int              `json:"code_runs"`
	Usage      api.Usage        `json:"usage"`
	// Claims are the checked figures of the answer (none when unchecked).
	Claims      []api.Claim `json:"claims,omitempty"`
	Unsupported int         `json:"unsupported,omitempty"`
}

// Report is where an analysis' report lies: Markdown and a self-contained
// HTML version, with presigned URLs (valid CHART_URL_TTL).

// reportStep is one cell as the report shows it.
type reportStep struct {
	Step, Cell int
	Code       string
	Error      string
}

// reportChart is a chart with what the HTML report shows of it.
type reportChart struct {
	api.Chart
	// Src is a data: URI (embedded) or the presigned URL (linked).
	Src template.URL
}

// WriteReportName is the name WriteReport is registered under.
const WriteReportName = "WriteReport"

// WriteReport writes the analysis' report to S3 under deterministic keys
// (a retry overwrites the same two objects): a Markdown file that links the
// charts and files, and an HTML version that embeds the charts as data
// URIs, so it can be forwarded and read without access to the bucket and
// after the presigned URLs expire. Files and HTML tables are linked, not
// inlined: they can be large, and HTML a cell produced is not ours to run
// in a reader's browser.
func (a *Activities) WriteReport(ctx context.Context, in WriteReportInput) (api.Report, error) {
	defer activities.HeartbeatWhile(ctx, "writing the report")()
	var rep api.Report
	rep.MarkdownKey, rep.HTMLKey = a.d.ReportKeys(in.WorkflowID)
	// The workflow sends no URLs (they would only fill its history); the
	// report's links are presigned now, valid for CHART_URL_TTL from here.
	for i := range in.Charts {
		if err := a.d.PresignInto(ctx, in.Charts[i].Key, &in.Charts[i].URL); err != nil {
			return rep, err
		}
	}
	for i := range in.Files {
		if err := a.d.PresignInto(ctx, in.Files[i].Key, &in.Files[i].URL); err != nil {
			return rep, err
		}
	}
	var steps []reportStep
	for _, ref := range in.Cells {
		rec, err := journal.ReadRecord(ctx, a.d, in.WorkflowID, ref)
		if err != nil {
			return rep, err
		}
		s := reportStep{Step: ref.Step, Cell: ref.Cell, Code: rec.Code}
		if rec.Error != nil {
			s.Error = rec.Error.Name + ": " + rec.Error.Value
		}
		steps = append(steps, s)
		activity.RecordHeartbeat(ctx, len(steps))
	}

	if err := a.d.PutObject(ctx, rep.MarkdownKey, "text/markdown; charset=utf-8", []byte(reportMarkdown(in, steps))); err != nil {
		return rep, fault.Classify(fault.ServiceStorage, "upload "+rep.MarkdownKey, err)
	}
	charts := make([]reportChart, len(in.Charts))
	embedded := 0
	for i, ch := range in.Charts {
		charts[i] = reportChart{Chart: ch, Src: template.URL(ch.URL)}
		if embedded+ch.Bytes > maxEmbedBytes {
			continue
		}
		img, err := a.d.GetObject(ctx, a.d.Bucket, ch.Key, maxEmbedBytes)
		if err != nil {
			return rep, fault.Classify(fault.ServiceStorage, "read chart "+ch.Key, err)
		}
		embedded += len(img)
		charts[i].Src = template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(img))
	}
	var page bytes.Buffer
	if err := reportHTML.Execute(&page, map[string]any{"In": in, "Charts": charts, "Steps": steps,
		"Answer": markedAnswerHTML(in), "Unsupported": unsupportedClaims(in.Claims)}); err != nil {
		return rep, fmt.Errorf("render the html report: %w", err)
	}
	if err := a.d.PutObject(ctx, rep.HTMLKey, "text/html; charset=utf-8", page.Bytes()); err != nil {
		return rep, fault.Classify(fault.ServiceStorage, "upload "+rep.HTMLKey, err)
	}
	if err := a.d.PresignInto(ctx, rep.MarkdownKey, &rep.MarkdownURL); err != nil {
		return rep, err
	}
	if err := a.d.PresignInto(ctx, rep.HTMLKey, &rep.HTMLURL); err != nil {
		return rep, err
	}
	return rep, nil
}

// reportMarkdown renders the Markdown report.
func reportMarkdown(in WriteReportInput, steps []reportStep) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Analysis %s\n\n", mdEscape(in.WorkflowID))
	fmt.Fprintf(&b, "## Question\n\n%s\n\n", quote(in.Question))
	answer, notes := markedAnswerMarkdown(in)
	fmt.Fprintf(&b, "## Answer\n\n%s\n\n", strings.TrimSpace(answer))
	b.WriteString(notes)
	fmt.Fprintf(&b, "_Status: %s; %d steps, %d code runs, %d tokens._\n\n", in.Status, in.StepsUsed, in.CodeRuns, in.Usage.TotalTokens)
	if len(in.Charts) > 0 {
		b.WriteString("## Charts\n\n")
		for _, ch := range in.Charts {
			fmt.Fprintf(&b, "![step %d, cell %d, chart %d](%s)  \n`%s` (%d bytes)\n\n", ch.Step, ch.Cell, ch.Index, mdURL(ch.URL, ch.Key), ch.Key, ch.Bytes)
		}
	}
	if len(in.Files) > 0 {
		b.WriteString("## Files\n\n| file | step | bytes | type | key |\n| --- | --- | --- | --- | --- |\n")
		for _, f := range in.Files {
			fmt.Fprintf(&b, "| [%s](%s) | %d | %d | %s | `%s` |\n", mdEscape(f.Name), mdURL(f.URL, f.Key), f.Step, f.Bytes, f.ContentType, f.Key)
		}
		b.WriteString("\n")
	}
	if len(steps) > 0 {
		b.WriteString("## Steps\n\n")
		for _, s := range steps {
			fmt.Fprintf(&b, "<details id=\"step-%d-cell-%d\">\n<summary>Step %d, cell %d: %d lines of Python", s.Step, s.Cell, s.Step, s.Cell, strings.Count(strings.TrimRight(s.Code, "\n"), "\n")+1)
			if s.Error != "" {
				fmt.Fprintf(&b, " (raised %s)", template.HTMLEscapeString(firstLine(s.Error)))
			}
			fence := codeFence(s.Code)
			fmt.Fprintf(&b, "</summary>\n\n%spython\n%s\n%s\n\n</details>\n\n", fence, strings.TrimRight(s.Code, "\n"), fence)
		}
	}
	b.WriteString("Links are presigned URLs and expire; the keys name the objects in the bucket.\n")
	return b.String()
}

// codeFence is a backtick fence longer than any run of backticks in code.
func codeFence(code string) string {
	longest, run := 0, 0
	for _, r := range code {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return strings.Repeat("`", max(3, longest+1))
}

// quote renders text as a Markdown block quote.
func quote(s string) string {
	return "> " + strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n> ")
}

// mdURL is a link target: the URL, or the key when there is no URL.
func mdURL(url, key string) string {
	if url == "" {
		url = key
	}
	return "<" + strings.NewReplacer("<", "%3C", ">", "%3E", " ", "%20").Replace(url) + ">"
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, "|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;")

func mdEscape(s string) string { return mdEscaper.Replace(s) }

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

var reportHTML = template.Must(template.New("report").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Analysis {{.In.WorkflowID}}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
blockquote{margin:0;padding:.5rem 1rem;border-left:4px solid #ccc;background:#f7f7f7;white-space:pre-wrap}
.answer{white-space:pre-wrap}
figure{margin:1.5rem 0}img{max-width:100%;height:auto;border:1px solid #eee}
figcaption,.meta{color:#666;font-size:.9rem}code{font-size:.9em}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left}
pre{background:#f5f5f5;padding:1rem;overflow:auto}
.claim{text-decoration:underline dotted}.claim sup{font-size:.7em}mark{background:#ffd9d9}
.unsupported{border-left:4px solid #d33;padding:.25rem 1rem;background:#fff5f5}details{margin:.5rem 0}summary{cursor:pointer}
</style></head><body>
<h1>Analysis <code>{{.In.WorkflowID}}</code></h1>
<h2>Question</h2>
<blockquote>{{.In.Question}}</blockquote>
<h2>Answer</h2>
<div class="answer">{{.Answer}}</div>
{{- if .In.Claims}}
<p class="meta">{{len .In.Claims}} figures checked against the cells' outputs; {{.In.Unsupported}} unsupported.</p>
{{- end}}
{{- if .Unsupported}}
<div class="unsupported"><h3>Unsupported figures</h3><p>No cell of this analysis printed these figures:</p><ul>
{{- range .Unsupported}}<li><mark>{{.Text}}</mark>{{if .Label}} (printed, but not for “{{.Label}}”){{end}}</li>{{end}}
</ul></div>
{{- end}}
<p class="meta">Status: {{.In.Status}}; {{.In.StepsUsed}} steps, {{.In.CodeRuns}} code runs, {{.In.Usage.TotalTokens}} tokens.</p>
{{- if .Charts}}
<h2>Charts</h2>
{{- range .Charts}}
<figure><img src="{{.Src}}" alt="step {{.Step}}, cell {{.Cell}}, chart {{.Index}}">
<figcaption>step {{.Step}}, cell {{.Cell}}, chart {{.Index}} — <code>{{.Key}}</code></figcaption></figure>
{{- end}}
{{- end}}
{{- if .In.Files}}
<h2>Files</h2>
<table><tr><th>file</th><th>step</th><th>bytes</th><th>type</th><th>key</th></tr>
{{- range .In.Files}}
<tr><td>{{if .URL}}<a href="{{.URL}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}</td><td>{{.Step}}</td><td>{{.Bytes}}</td><td>{{.ContentType}}</td><td><code>{{.Key}}</code></td></tr>
{{- end}}
</table>
{{- end}}
{{- if .Steps}}
<h2>Steps</h2>
{{- range .Steps}}
<details id="step-{{.Step}}-cell-{{.Cell}}"><summary>Step {{.Step}}, cell {{.Cell}}{{if .Error}} (raised {{.Error}}){{end}}</summary>
<pre><code>{{.Code}}</code></pre></details>
{{- end}}
{{- end}}
<p class="meta">Charts are embedded in this page; file links are presigned URLs and expire, the keys name the objects in the bucket.</p>
</body></html>
`))

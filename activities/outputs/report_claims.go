package outputs

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/durable-analyst/durable-analyst/api"
)

// The report marks each checked figure of the answer: a supported one
// with the cells that printed it (a link to the step below), an
// unsupported one visibly, and lists the unsupported ones again under the
// answer.

// placedClaims are the claims whose offsets point at their text in
// answer, in order, without overlaps: the ones the report can mark.
func placedClaims(answer string, cs []api.Claim) []api.Claim {
	var out []api.Claim
	end := 0
	for _, c := range cs {
		if c.At < end || c.At+len(c.Text) > len(answer) || answer[c.At:c.At+len(c.Text)] != c.Text {
			continue
		}
		out = append(out, c)
		end = c.At + len(c.Text)
	}
	return out
}

func unsupportedClaims(cs []api.Claim) []api.Claim {
	var out []api.Claim
	for _, c := range cs {
		if !c.Supported {
			out = append(out, c)
		}
	}
	return out
}

// claimNote says where a figure came from, in words.
func claimNote(c api.Claim) string {
	switch {
	case c.FromQuestion:
		return "given in the question"
	case !c.Supported && c.Label != "":
		return fmt.Sprintf("unsupported: a cell printed this figure, but not for %q", c.Label)
	case !c.Supported:
		return "unsupported: no cell printed this figure"
	}
	var at []string
	for _, s := range c.Sources {
		at = append(at, fmt.Sprintf("step %d, cell %d", s.Step, s.Cell))
	}
	return "printed by " + strings.Join(at, "; ")
}

// markedAnswerMarkdown is the answer with a footnote after each checked
// figure, and the footnotes and the list of unsupported figures to print
// after it.
func markedAnswerMarkdown(in WriteReportInput) (string, string) {
	cs := placedClaims(in.Answer, in.Claims)
	if len(in.Claims) == 0 {
		return in.Answer, ""
	}
	var b, notes strings.Builder
	last := 0
	for i, c := range cs {
		b.WriteString(in.Answer[last : c.At+len(c.Text)])
		last = c.At + len(c.Text)
		if c.Supported {
			fmt.Fprintf(&b, "[^f%d]", i+1)
		} else {
			fmt.Fprintf(&b, " **(unsupported)**[^f%d]", i+1)
		}
		note := claimNote(c)
		if c.Supported && len(c.Sources) > 0 {
			note += fmt.Sprintf(" ([output](#step-%d-cell-%d))", c.Sources[0].Step, c.Sources[0].Cell)
		}
		fmt.Fprintf(&notes, "[^f%d]: %s — %s\n", i+1, mdEscape(c.Text), note)
	}
	b.WriteString(in.Answer[last:])
	var tail strings.Builder
	fmt.Fprintf(&tail, "_%d figures checked against the cells' outputs; %d unsupported._\n\n", len(in.Claims), in.Unsupported)
	if un := unsupportedClaims(in.Claims); len(un) > 0 {
		tail.WriteString("### Unsupported figures\n\nNo cell of this analysis printed these figures:\n\n")
		for _, c := range un {
			fmt.Fprintf(&tail, "- **%s** — %s\n", mdEscape(c.Text), claimNote(c))
		}
		tail.WriteString("\n")
	}
	if notes.Len() > 0 {
		tail.WriteString(notes.String())
		tail.WriteString("\n")
	}
	return b.String(), tail.String()
}

// markedAnswerHTML is the answer, escaped, with each checked figure
// wrapped: a supported one links to the output of its first cell, an
// unsupported one is highlighted.
func markedAnswerHTML(in WriteReportInput) template.HTML {
	esc := template.HTMLEscapeString
	var b strings.Builder
	last := 0
	for _, c := range placedClaims(in.Answer, in.Claims) {
		b.WriteString(esc(in.Answer[last:c.At]))
		last = c.At + len(c.Text)
		note := esc(claimNote(c))
		switch {
		case c.Supported && len(c.Sources) > 0:
			s := c.Sources[0]
			fmt.Fprintf(&b, `<span class="claim" title="%s">%s<sup><a href="#step-%d-cell-%d">[%d.%d]</a></sup></span>`,
				note, esc(c.Text), s.Step, s.Cell, s.Step, s.Cell)
		case c.Supported:
			fmt.Fprintf(&b, `<span class="claim" title="%s">%s</span>`, note, esc(c.Text))
		default:
			fmt.Fprintf(&b, `<mark class="claim" title="%s">%s</mark><sup>unsupported</sup>`, note, esc(c.Text))
		}
	}
	b.WriteString(esc(in.Answer[last:]))
	return template.HTML(b.String())
}

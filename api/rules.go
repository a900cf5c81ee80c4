package api

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Problem is one bad field of an input.
type Problem struct {
	// Field is where the problem is, like "datasets[0].name" ("" for the
	// input as a whole).
	Field   string
	Message string
}

func (p Problem) String() string {
	if p.Field == "" {
		return p.Message
	}
	return p.Field + ": " + p.Message
}

// Check applies the rules of an input that its JSON Schema cannot say:
// limits in bytes (a schema counts characters), object keys and URLs that
// the worker can use, unique dataset names, durations and their order.
// Everything else is the schema's: package api/validate runs both.
func (in AnalysisInput) Check() []Problem {
	var ps []Problem
	add := func(field, format string, args ...any) {
		ps = append(ps, Problem{Field: field, Message: fmt.Sprintf(format, args...)})
	}
	if len(in.Question) > MaxQuestionBytes {
		add("question", "%d bytes, at most %d", len(in.Question), MaxQuestionBytes)
	}
	if len(in.SystemPrompt) > MaxSystemPromptBytes {
		add("system_prompt", "%d bytes, at most %d", len(in.SystemPrompt), MaxSystemPromptBytes)
	}
	seen := map[string]int{}
	for i, d := range in.Datasets {
		f := fmt.Sprintf("datasets[%d]", i)
		if j, dup := seen[d.Name]; dup && d.Name != "" {
			add(f+".name", "%q is also the name of datasets[%d]", d.Name, j)
		} else if !dup {
			seen[d.Name] = i
		}
		if p := checkObjectKey(f+".s3_key", d.S3Key); p != nil {
			ps = append(ps, *p)
		}
		if d.URL != "" {
			u, err := url.Parse(d.URL)
			switch {
			case len(d.URL) > MaxURLBytes:
				add(f+".url", "%d bytes, at most %d", len(d.URL), MaxURLBytes)
			case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
				add(f+".url", "%q is not an http(s) URL", d.URL)
			}
		}
		if d.SQL != nil && len(d.SQL.Query) > MaxSQLQueryBytes {
			add(f+".sql.query", "%d bytes, at most %d", len(d.SQL.Query), MaxSQLQueryBytes)
		}
		if len(d.Content) > MaxInlineBytes {
			add(f+".content", "%d bytes inline, at most %d (upload larger files to S3 and use s3_key)", len(d.Content), MaxInlineBytes)
		}
	}
	if c := in.Conversation; c != nil {
		idle := DefaultIdleTimeout
		if c.IdleTimeout != "" {
			d, err := time.ParseDuration(c.IdleTimeout)
			switch {
			case err != nil:
				add("conversation.idle_timeout", "%q is not a duration like \"30m\"", c.IdleTimeout)
			case d < MinIdleTimeout || d > MaxIdleTimeout:
				add("conversation.idle_timeout", "%s, must be between %s and %s", d, MinIdleTimeout, MaxIdleTimeout)
			default:
				idle = d
			}
		}
		if c.PauseAfter != "" {
			d, err := time.ParseDuration(c.PauseAfter)
			switch {
			case err != nil:
				add("conversation.pause_after", "%q is not a duration like \"5m\"", c.PauseAfter)
			case d < 0 || d >= idle:
				add("conversation.pause_after", "%s, must be at least 0s and less than idle_timeout (%s)", d, idle)
			}
		}
	}
	return ps
}

// Check is AnalysisInput.Check for an item: its id, then its analysis.
func (it BatchItem) Check() []Problem {
	var ps []Problem
	if len(it.ID) > MaxItemIDBytes || strings.ContainsAny(it.ID, "\x00\r\n") {
		ps = append(ps, Problem{Field: "id", Message: fmt.Sprintf("at most %d bytes on one line", MaxItemIDBytes)})
	}
	return append(ps, it.AnalysisInput.Check()...)
}

// Check is AnalysisInput.Check for a batch; its items have their own.
func (in BatchInput) Check() []Problem {
	var ps []Problem
	for _, p := range []*Problem{
		checkObjectKey("items_s3_key", in.ItemsS3Key),
		checkObjectKey("report_key", in.ReportKey),
	} {
		if p != nil {
			ps = append(ps, *p)
		}
	}
	if n := len(in.Defaults.SystemPrompt); n > MaxSystemPromptBytes {
		ps = append(ps, Problem{Field: "defaults.system_prompt", Message: fmt.Sprintf("%d bytes, at most %d", n, MaxSystemPromptBytes)})
	}
	return ps
}

// checkObjectKey refuses a key that cannot be an S3 key of ours: too long,
// absolute, with empty or ".." segments, or with control characters.
func checkObjectKey(field, k string) *Problem {
	switch {
	case k == "":
		return nil
	case len(k) > MaxS3KeyBytes:
		return &Problem{Field: field, Message: fmt.Sprintf("%d bytes, at most %d", len(k), MaxS3KeyBytes)}
	case strings.HasPrefix(k, "/") || strings.Contains(k, "//") ||
		strings.Contains("/"+k+"/", "/../") || strings.ContainsAny(k, "\x00\r\n"):
		return &Problem{Field: field, Message: fmt.Sprintf("%q is not a valid object key", k)}
	}
	return nil
}

package workflows

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/durable-analyst/durable-analyst/activities"
)

// SchemaVersion is the version of the AnalysisInput / AnalysisResult JSON.
// A change that breaks callers bumps it.
const SchemaVersion = 1

// Limits on the input. They keep the workflow history small: inline dataset
// content is part of the input and so of the history.
const (
	DefaultMaxSteps      = 10
	MaxMaxSteps          = 50
	MaxQuestionBytes     = 8 << 10
	MaxSystemPromptBytes = 16 << 10
	MaxDatasets          = 20
	MaxInlineBytes       = 64 << 10
	MaxS3KeyBytes        = 1024
	MaxURLBytes          = 2048
)

// AnalysisInput is the input of AnalysisWorkflow. Only question is
// required; every other field has a default.
type AnalysisInput struct {
	// SchemaVersion is 1 (or omitted).
	SchemaVersion int `json:"schema_version,omitempty"`
	// Question is what to find out from the data.
	Question string `json:"question"`
	// Datasets are written into the sandbox's /home/user/<name>.
	Datasets []Dataset `json:"datasets,omitempty"`
	// Model overrides the worker's default model.
	Model string `json:"model,omitempty"`
	// MaxSteps bounds the model calls (default 10, at most 50).
	MaxSteps int `json:"max_steps,omitempty"`
	// SystemPrompt replaces the built-in data-analysis instructions.
	SystemPrompt string `json:"system_prompt,omitempty"`
	// Budget bounds tokens and sandbox time (no limit when omitted).
	Budget *Budget `json:"budget,omitempty"`
	// Conversation keeps the analysis open for follow-up questions (the
	// "ask" Update) after its first answer. Question may then be empty:
	// the first ask is the first turn.
	Conversation *Conversation `json:"conversation,omitempty"`
	// Continued is set by the workflow itself when a conversation
	// continues as new; never set it by hand.
	Continued *ConversationState `json:"continued,omitempty"`

	// decodeErr keeps a JSON decoding error so that the workflow can fail
	// with a clear, non-retryable error naming the field, instead of the
	// SDK failing the workflow task over and over.
	decodeErr error
	// present records which fields the JSON carried, so an explicit zero
	// (max_steps: 0) is told apart from an omitted field.
	present map[string]bool
}

// Budget is one limit across what an analysis spends: model tokens and
// sandbox lifetime. Zero means no limit. When either is spent, the model
// gets one last call without tools to answer from what it has found (that
// call may go over the token limit by one response).
type Budget struct {
	// MaxTokens bounds input + output tokens over all model calls.
	MaxTokens int64 `json:"max_tokens,omitempty"`
	// MaxSandboxSeconds bounds the seconds the analysis keeps sandboxes
	// alive, over all of them (a rebuilt sandbox adds its time).
	MaxSandboxSeconds int64 `json:"max_sandbox_seconds,omitempty"`
}

// Budget limits.
const (
	MaxBudgetTokens         = 100_000_000
	MaxBudgetSandboxSeconds = 24 * 60 * 60
)

// Dataset is one file for the analysis. Exactly one of s3_key, url and
// content is set.
type Dataset = activities.Dataset

// AnalysisResult is the result of AnalysisWorkflow.
type AnalysisResult struct {
	SchemaVersion int `json:"schema_version"`
	// Status is "answered", or "max_steps" when the step limit ended the
	// loop before the model answered (Answer is then the model's best
	// answer when asked to conclude, or empty).
	Status    string             `json:"status"`
	Answer    string             `json:"answer"`
	Charts    []activities.Chart `json:"charts"`
	StepsUsed int                `json:"steps_used"`
	CodeRuns  int                `json:"code_runs"`
	Usage     activities.Usage   `json:"usage"`
	// SandboxSeconds is how long the analysis kept sandboxes alive.
	SandboxSeconds float64 `json:"sandbox_seconds"`
	// BudgetExhausted is set when the budget ended the loop.
	BudgetExhausted bool   `json:"budget_exhausted,omitempty"`
	SandboxID       string `json:"sandbox_id"`
	TranscriptKey   string `json:"transcript_key"`
	// Files are the files the code wrote under /home/user/outputs and the
	// SVG/HTML results it displayed, as stored in S3 (a later cell's file
	// of the same key replaces the earlier entry).
	Files []activities.OutputFile `json:"files,omitempty"`
	// Report is where the Markdown and HTML reports of the analysis lie
	// (absent on histories from before reports, or when writing failed).
	Report *activities.Report `json:"report,omitempty"`
	// Conversation summarises the turns of a conversation (nil when
	// one-shot). Answer, Status and Charts are then the last turn's.
	Conversation *ConversationSummary `json:"conversation,omitempty"`
}

// Result statuses.
const (
	StatusAnswered = "answered"
	StatusMaxSteps = "max_steps"
	StatusBudget   = "budget"
	// StatusEnded is a conversation that ended before any question.
	StatusEnded = "ended"
)

var knownFields = map[string]bool{
	"schema_version": true, "question": true, "datasets": true,
	"model": true, "max_steps": true, "system_prompt": true, "budget": true,
	"conversation": true, "continued": true,
}

var knownBudgetFields = map[string]bool{"max_tokens": true, "max_sandbox_seconds": true}

var knownDatasetFields = map[string]bool{"name": true, "s3_key": true, "url": true, "content": true}

// UnmarshalJSON decodes leniently: a bad value does not fail decoding, it
// is kept and reported by Validate with the name of the field.
func (in *AnalysisInput) UnmarshalJSON(b []byte) error {
	type plain AnalysisInput
	var p plain
	present, err := decodeStrict(b, knownFields, &p, checkNestedFields)
	*in = AnalysisInput(p)
	in.present, in.decodeErr = present, err
	return nil
}

// checkNestedFields names unknown fields inside datasets and budget, before
// strict decoding would report them without their place.
func checkNestedFields(k string, v json.RawMessage) error {
	switch k {
	case "budget":
		var fields map[string]json.RawMessage
		if json.Unmarshal(v, &fields) == nil {
			if err := unknownField("budget.", fields, knownBudgetFields); err != nil {
				return err
			}
		}
	case "conversation":
		var fields map[string]json.RawMessage
		if json.Unmarshal(v, &fields) == nil {
			if err := unknownField("conversation.", fields, knownConversationFields); err != nil {
				return err
			}
		}
	case "datasets":
		var items []map[string]json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for i, it := range items {
				if err := unknownField(fmt.Sprintf("datasets[%d].", i), it, knownDatasetFields); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// unknownField reports the first field of obj (in name order) that known
// lacks, with the known names.
func unknownField(prefix string, obj map[string]json.RawMessage, known map[string]bool) error {
	for _, f := range sortedKeys(obj) {
		if !known[f] {
			return fmt.Errorf("%s%s: unknown field (known: %s)", prefix, f, strings.Join(sortedKeys(known), ", "))
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// decodeStrict decodes the JSON object b into dst field by field: unknown
// fields and ill-typed values are collected into one error naming them.
// check, if set, looks into a field's raw value before it is decoded.
func decodeStrict(b []byte, known map[string]bool, dst any, check func(k string, v json.RawMessage) error) (map[string]bool, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("input: not a JSON object: %v", err)
	}
	present := map[string]bool{}
	var errs []string
	for _, k := range sortedKeys(raw) {
		if !known[k] {
			errs = append(errs, unknownField("", map[string]json.RawMessage{k: nil}, known).Error())
			continue
		}
		present[k] = true
		if check != nil {
			if err := check(k, raw[k]); err != nil {
				errs = append(errs, err.Error())
				continue
			}
		}
		// Decode the one field through a one-key object, so the struct's
		// own json tags do the work and the error names the field.
		obj, _ := json.Marshal(map[string]json.RawMessage{k: raw[k]})
		dec := json.NewDecoder(bytes.NewReader(obj))
		dec.DisallowUnknownFields()
		if err := dec.Decode(dst); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				errs = append(errs, fmt.Sprintf("%s: got JSON %s, want %s", cmp.Or(te.Field, k), te.Value, jsonTypeName(te.Type.Kind().String())))
			} else {
				errs = append(errs, fmt.Sprintf("%s: %v", k, err))
			}
		}
	}
	if len(errs) > 0 {
		return present, errors.New(strings.Join(errs, "; "))
	}
	return present, nil
}

func jsonTypeName(kind string) string {
	switch kind {
	case "int", "int64", "int32":
		return "an integer"
	case "string":
		return "a string"
	case "slice":
		return "an array"
	case "struct", "map":
		return "an object"
	}
	return kind
}

var (
	datasetNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)
	modelRE       = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$`)
)

// Validate checks the input and returns an error naming every bad field.
func (in AnalysisInput) Validate() error {
	var errs []string
	add := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if in.decodeErr != nil {
		errs = append(errs, in.decodeErr.Error())
	}
	if in.SchemaVersion != 0 && in.SchemaVersion != SchemaVersion {
		add("schema_version: %d is not supported (this worker speaks %d)", in.SchemaVersion, SchemaVersion)
	}
	// A field whose JSON did not decode is reported once, by decodeErr.
	undecoded := func(field string) bool {
		return in.decodeErr != nil && strings.Contains(in.decodeErr.Error(), field+":")
	}
	switch {
	case undecoded("question"):
	case in.Conversation != nil && in.Question == "":
		// A conversation may open without a question: the first ask is
		// its first turn.
	case strings.TrimSpace(in.Question) == "" && !in.present["question"]:
		add("question: required")
	case strings.TrimSpace(in.Question) == "":
		add("question: must not be empty")
	case len(in.Question) > MaxQuestionBytes:
		add("question: %d bytes, at most %d", len(in.Question), MaxQuestionBytes)
	}
	switch {
	case undecoded("max_steps"):
	case in.MaxSteps < 0 || in.MaxSteps > MaxMaxSteps || (in.present["max_steps"] && in.MaxSteps == 0):
		add("max_steps: %d, must be between 1 and %d", in.MaxSteps, MaxMaxSteps)
	}
	if b := in.Budget; b != nil && !undecoded("budget") {
		if b.MaxTokens < 0 || b.MaxTokens > MaxBudgetTokens {
			add("budget.max_tokens: %d, must be between 0 (no limit) and %d", b.MaxTokens, MaxBudgetTokens)
		}
		if b.MaxSandboxSeconds < 0 || b.MaxSandboxSeconds > MaxBudgetSandboxSeconds {
			add("budget.max_sandbox_seconds: %d, must be between 0 (no limit) and %d", b.MaxSandboxSeconds, MaxBudgetSandboxSeconds)
		}
	}
	if in.Model != "" && !modelRE.MatchString(in.Model) {
		add("model: %q is not a model name", in.Model)
	}
	if len(in.SystemPrompt) > MaxSystemPromptBytes {
		add("system_prompt: %d bytes, at most %d", len(in.SystemPrompt), MaxSystemPromptBytes)
	}
	if len(in.Datasets) > MaxDatasets {
		add("datasets: %d given, at most %d", len(in.Datasets), MaxDatasets)
	}
	seen := map[string]int{}
	for i, d := range in.Datasets {
		f := fmt.Sprintf("datasets[%d]", i)
		switch {
		case d.Name == "":
			add("%s.name: required", f)
		case !datasetNameRE.MatchString(d.Name):
			add("%s.name: %q must be a plain file name (letters, digits, . _ -)", f, d.Name)
		default:
			if j, dup := seen[d.Name]; dup {
				add("%s.name: %q is also the name of datasets[%d]", f, d.Name, j)
			}
			seen[d.Name] = i
		}
		n := 0
		for _, s := range []string{d.S3Key, d.URL, d.Content} {
			if s != "" {
				n++
			}
		}
		if n != 1 {
			add("%s: set exactly one of s3_key, url, content (got %d)", f, n)
		}
		if d.S3Key != "" {
			switch {
			case len(d.S3Key) > MaxS3KeyBytes:
				add("%s.s3_key: %d bytes, at most %d", f, len(d.S3Key), MaxS3KeyBytes)
			case strings.HasPrefix(d.S3Key, "/") || strings.Contains(d.S3Key, "//") ||
				strings.Contains("/"+d.S3Key+"/", "/../") || strings.ContainsAny(d.S3Key, "\x00\r\n"):
				add("%s.s3_key: %q is not a valid object key", f, d.S3Key)
			}
		}
		if d.URL != "" {
			u, err := url.Parse(d.URL)
			switch {
			case len(d.URL) > MaxURLBytes:
				add("%s.url: %d bytes, at most %d", f, len(d.URL), MaxURLBytes)
			case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
				add("%s.url: %q is not an http(s) URL", f, d.URL)
			}
		}
		if len(d.Content) > MaxInlineBytes {
			add("%s.content: %d bytes inline, at most %d (upload larger files to S3 and use s3_key)", f, len(d.Content), MaxInlineBytes)
		}
	}
	if !undecoded("conversation") {
		errs = append(errs, in.Conversation.validate()...)
	}
	if in.Continued != nil && in.Conversation == nil {
		add("continued: only a conversation continues as new")
	}
	if len(errs) == 0 {
		return nil
	}
	return errors.New("invalid input: " + strings.Join(errs, "; "))
}

// withDefaults fills every optional field.
func (in AnalysisInput) withDefaults() AnalysisInput {
	if in.MaxSteps == 0 {
		in.MaxSteps = DefaultMaxSteps
	}
	if in.SchemaVersion == 0 {
		in.SchemaVersion = SchemaVersion
	}
	return in
}

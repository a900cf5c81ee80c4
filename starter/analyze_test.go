package main

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

const salesCSV = "../testdata/datasets/sales.csv"

func TestBuildInput(t *testing.T) {
	prompt := filepath.Join(t.TempDir(), "prompt.txt")
	if err := os.WriteFile(prompt, []byte("be brief"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		args        []string
		want        api.AnalysisInput
		wantUploads []upload
	}{
		{
			name: "question only",
			args: []string{"--question", "why?"},
			want: api.AnalysisInput{SchemaVersion: 1, Question: "why?"},
		},
		{
			name: "file is uploaded under the workflow id and named by its base name",
			args: []string{"--question", "q", "--file", salesCSV},
			want: api.AnalysisInput{SchemaVersion: 1, Question: "q", Datasets: []api.Dataset{
				{Name: "sales.csv", S3Key: "pre/inputs/wf-1/sales.csv"},
			}},
			wantUploads: []upload{{path: salesCSV, key: "pre/inputs/wf-1/sales.csv"}},
		},
		{
			name: "--name renames a file, its key follows",
			args: []string{"--question", "q", "--file", salesCSV, "--name", "s.csv"},
			want: api.AnalysisInput{SchemaVersion: 1, Question: "q", Datasets: []api.Dataset{
				{Name: "s.csv", S3Key: "pre/inputs/wf-1/s.csv"},
			}},
			wantUploads: []upload{{path: salesCSV, key: "pre/inputs/wf-1/s.csv"}},
		},
		{
			name: "s3 key and url with and without --name",
			args: []string{"--question", "q",
				"--s3-key", "data/2024/x.csv", "--name", "sales.csv",
				"--s3-key", "data/y.parquet",
				"--url", "https://example.com/files/d.json?sig=1",
				"--url", "https://example.com/export", "--name", "e.csv"},
			want: api.AnalysisInput{SchemaVersion: 1, Question: "q", Datasets: []api.Dataset{
				{Name: "sales.csv", S3Key: "data/2024/x.csv"},
				{Name: "y.parquet", S3Key: "data/y.parquet"},
				{Name: "d.json", URL: "https://example.com/files/d.json?sig=1"},
				{Name: "e.csv", URL: "https://example.com/export"},
			}},
		},
		{
			name: "sql datasets: named after the source, or by --name",
			args: []string{"--question", "q",
				"--sql", "warehouse: select region, sum(amount) from orders group by 1",
				"--sql", "shop:select * from t where note = 'a:b'", "--name", "t.csv"},
			want: api.AnalysisInput{SchemaVersion: 1, Question: "q", Datasets: []api.Dataset{
				{Name: "warehouse.csv", SQL: &api.SQLQuery{Source: "warehouse", Query: "select region, sum(amount) from orders group by 1"}},
				{Name: "t.csv", SQL: &api.SQLQuery{Source: "shop", Query: "select * from t where note = 'a:b'"}},
			}},
		},
		{
			name: "verify mode",
			args: []string{"--question", "q", "--verify", "flag"},
			want: api.AnalysisInput{SchemaVersion: 1, Question: "q", Verify: "flag"},
		},
		{
			name: "model, max steps, system prompt",
			args: []string{"--question", "q", "--model", "gpt-4.1", "--max-steps", "3", "--system-prompt-file", prompt},
			want: api.AnalysisInput{SchemaVersion: 1, Question: "q", Model: "gpt-4.1", MaxSteps: 3, SystemPrompt: "be brief"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseAnalyzeFlags(tt.args, io.Discard)
			if err != nil {
				t.Fatalf("parseAnalyzeFlags(%q): %v", tt.args, err)
			}
			in, ups, err := buildInput(o, "wf-1", "pre")
			if err != nil {
				t.Fatalf("buildInput: %v", err)
			}
			if !reflect.DeepEqual(in, tt.want) {
				t.Errorf("input:\n got %+v\nwant %+v", in, tt.want)
			}
			if !reflect.DeepEqual(ups, tt.wantUploads) {
				t.Errorf("uploads: got %+v, want %+v", ups, tt.wantUploads)
			}
		})
	}
}

func TestAnalyzeFlagErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string // a substring of the error of parsing or building
	}{
		{"missing question", []string{"--file", salesCSV}, "--question is required"},
		{"blank question", []string{"--question", "  "}, "--question is required"},
		{"name before any dataset", []string{"--question", "q", "--name", "x.csv"}, "must follow --file, --s3-key, --url or --sql"},
		{"sql without a source", []string{"--question", "q", "--sql", "select 1"}, `want "<source>:<query>"`},
		{"sql without a query", []string{"--question", "q", "--sql", "warehouse: "}, `want "<source>:<query>"`},
		{"sql source not a name", []string{"--question", "q", "--sql", "Ware House:select 1"}, "datasets[0].sql.source"},
		{"bad verify mode", []string{"--question", "q", "--verify", "sometimes"}, `verify: "sometimes" is not a verify mode`},
		{"two names for one dataset", []string{"--question", "q", "--s3-key", "k", "--name", "a", "--name", "b"}, `already has the name "a"`},
		{"unknown flag", []string{"--question", "q", "--bogus"}, "flag provided but not defined: -bogus"},
		{"stray argument", []string{"--question", "q", "extra"}, `unexpected argument "extra"`},
		{"missing file", []string{"--question", "q", "--file", "no/such.csv"}, "--file: stat no/such.csv"},
		{"directory as file", []string{"--question", "q", "--file", "."}, "not a regular file"},
		{"missing prompt file", []string{"--question", "q", "--system-prompt-file", "no/such.txt"}, "--system-prompt-file:"},
		{"bad dataset name", []string{"--question", "q", "--s3-key", "k", "--name", "my file.csv"}, "datasets[0].name"},
		{"duplicate names", []string{"--question", "q", "--s3-key", "a/x.csv", "--s3-key", "b/x.csv"}, `datasets[1].name: "x.csv" is also the name of datasets[0]`},
		{"bad s3 key", []string{"--question", "q", "--s3-key", "/abs/x.csv"}, "datasets[0].s3_key"},
		{"bad url", []string{"--question", "q", "--url", "ftp://h/x.csv"}, "datasets[0].url"},
		{"url without a file name", []string{"--question", "q", "--url", "https://example.com/"}, "datasets[0].name: required"},
		{"too many steps", []string{"--question", "q", "--max-steps", "99"}, "max_steps: 99"},
		{"bad model", []string{"--question", "q", "--model", "no spaces"}, "model:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr strings.Builder
			o, err := parseAnalyzeFlags(tt.args, &stderr)
			if err == nil {
				_, _, err = buildInput(o, "wf-1", "analyses")
			}
			if err == nil {
				t.Fatalf("args %q: got no error, want one containing %q", tt.args, tt.wantErr)
			}
			// Flag errors are printed with the usage; the rest are returned.
			if msg := err.Error() + "\n" + stderr.String(); !strings.Contains(msg, tt.wantErr) {
				t.Errorf("args %q: got error %q, want it to contain %q", tt.args, msg, tt.wantErr)
			}
		})
	}
}

// TestAnalyzeRejectsBeforeConnecting checks that a bad input fails before
// anything is dialled: TEMPORAL_ADDRESS points nowhere reachable.
func TestAnalyzeRejectsBeforeConnecting(t *testing.T) {
	t.Setenv("TEMPORAL_ADDRESS", "127.0.0.1:1")
	var out, errOut strings.Builder
	err := run([]string{"analyze", "--question", "q", "--max-steps", "51"}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "max_steps: 51") {
		t.Errorf("got error %v, want one naming max_steps", err)
	}
	if out.Len() != 0 {
		t.Errorf("stdout = %q, want nothing", out.String())
	}
}

func TestAnalyzeFileNeedsBucket(t *testing.T) {
	t.Setenv("TEMPORAL_ADDRESS", "127.0.0.1:1")
	t.Setenv("S3_BUCKET", "")
	var out, errOut strings.Builder
	err := run([]string{"analyze", "--question", "q", "--file", salesCSV}, &out, &errOut)
	if want := "S3_BUCKET: required to upload --file datasets but not set"; err == nil || err.Error() != want {
		t.Errorf("got error %v, want %q", err, want)
	}
}

func TestHelpIsNotAnError(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"analyze", "-h"}, {"result", "--help"}, {"progress", "-h"}} {
		var out, errOut strings.Builder
		if err := run(args, &out, &errOut); err != nil {
			t.Errorf("run(%q) = %v, want nil", args, err)
		}
		if !strings.Contains(out.String()+errOut.String(), "Usage") {
			t.Errorf("run(%q) printed %q, want the usage", args, out.String()+errOut.String())
		}
	}
}

func TestCommandErrors(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{nil, "reported"},
		{[]string{"frobnicate"}, "reported"},
		{[]string{"result"}, "workflow id is required"},
		{[]string{"result", "a", "b"}, "one workflow id expected, got 2"},
		{[]string{"progress"}, "workflow id is required"},
	}
	for _, tt := range tests {
		var out, errOut strings.Builder
		err := run(tt.args, &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("run(%q) = %v, want an error containing %q", tt.args, err, tt.wantErr)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	tests := []struct {
		env     map[string]string
		wantErr string
	}{
		{map[string]string{"CHART_URL_TTL": "0s"}, "CHART_URL_TTL: 0s is outside"},
		{map[string]string{"CHART_URL_TTL": "soon"}, `CHART_URL_TTL: cannot parse "soon"`},
		{map[string]string{"S3_ENDPOINT": "localhost:9000"}, `S3_ENDPOINT: "localhost:9000" is not an http(s) URL`},
		{map[string]string{"S3_PATH_STYLE": "maybe"}, "S3_PATH_STYLE: cannot parse"},
		{map[string]string{"S3_PREFIX": "/abs"}, "S3_PREFIX:"},
	}
	for _, tt := range tests {
		for k, v := range tt.env {
			t.Setenv(k, v)
		}
		_, err := loadConfig()
		if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
			t.Errorf("env %v: loadConfig error = %v, want one containing %q", tt.env, err, tt.wantErr)
		}
		for k := range tt.env {
			os.Unsetenv(k)
		}
	}
}

func TestConfigRequireBucketAndUILink(t *testing.T) {
	c := starterConfig{TemporalUIURL: "http://localhost:8233/", Temporal: config.Temporal{TemporalNamespace: "default"}}
	if err := c.requireBucket("upload --file datasets"); err == nil || err.Error() != "S3_BUCKET: required to upload --file datasets but not set" {
		t.Errorf("requireBucket = %v, want the S3_BUCKET message", err)
	}
	if got, want := c.uiLink("analysis 1/x"), "http://localhost:8233/namespaces/default/workflows/analysis%201%2Fx"; got != want {
		t.Errorf("uiLink = %q, want %q", got, want)
	}
}

func TestNewWorkflowID(t *testing.T) {
	now := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	a, b := newWorkflowID("analysis", now), newWorkflowID("analysis", now)
	if !strings.HasPrefix(a, "analysis-20250304-050607-") || len(a) != len("analysis-20250304-050607-")+6 {
		t.Errorf("newWorkflowID = %q, want analysis-20250304-050607-<6 hex>", a)
	}
	if a == b {
		t.Errorf("two ids at the same instant are both %q, want them to differ", a)
	}
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"line one\n  line two", 100, "line one line two"},
		{"abcdefghij", 8, "abcde…"},
		{"ééééé", 8, "éé…"}, // never cuts inside a rune
	}
	for _, tt := range tests {
		if got := truncate(tt.in, tt.n); got != tt.want {
			t.Errorf("truncate(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// The code blocks of README.md and of every docs/*.md are checked by
// TestREADMEExamples. Each fenced or indented code block must be preceded (as
// the last non-blank line before it) by one marker comment, which GitHub does
// not render:
//
//	<!-- example: analysis-input expect="…" -->  JSON input, run as an AnalysisWorkflow on task queue
//	                                              analysis; the answer must contain each expect
//	<!-- example: analysis-input validate-only="why" -->  checked by the input schema and the
//	                                              worker's validation, not run
//	<!-- example: failure input='{…}' -->         the input is run; each line of the block must be
//	                                              in the failure's message
//	<!-- example: result-json -->                 decoded strictly into AnalysisResult and checked by
//	                                              the result schema
//	<!-- example: file NAME -->                   the block is the file NAME in the shell examples'
//	                                              working directory
//	<!-- example: shell expect="…" -->            run verbatim by bash -euo pipefail in a directory
//	                                              with testdata/, .bin/ and the example files, with
//	                                              the stack's TEMPORAL_*/S3_*/E2B_* in the
//	                                              environment and starter and temporal on the PATH
//	<!-- example: go [client=temporal] [print=VAR] expect="…" -->  statements compiled and run
//	                                              in a main with ctx (and c, a Temporal client, with
//	                                              client=temporal); every err is checked; VAR is
//	                                              printed with %+v
//	<!-- example: rollout STEP -->                a Worker Deployment command (docs/production.md),
//	                                              run verbatim by TestRollingUpgrade against the dev
//	                                              server with DEPLOYMENT, OLD and NEW set; STEP is
//	                                              one of rolloutSteps, each exactly once
//	<!-- not-run: reason -->                      cannot run in a test; the reason says why and
//	                                              what checks it instead
//
// A block without a marker fails the test, so no page can gain an example
// nobody runs.

// readmeBlock is one code block of a markdown file.
type readmeBlock struct {
	Line   int    // 1-based line of the fence, or of an indented block's first line
	Marker string // the marker comment's text between "<!--" and "-->", trimmed; "" if none
	Text   string // the block's content, indentation removed
}

var (
	listItemRE = regexp.MustCompile(`^(\s*)([-*+]|\d+[.)])(\s+)\S`)
	fenceRE    = regexp.MustCompile("^(\\s*)(```+|~~~+)")
	commentRE  = regexp.MustCompile(`^\s*<!--(.*)-->\s*$`)
)

func indentOf(line string) int {
	n := 0
	for _, r := range line {
		switch r {
		case ' ':
			n++
		case '\t':
			n += 4 - n%4
		default:
			return n
		}
	}
	return n
}

// readmeBlocks finds the fenced and indented code blocks of a markdown text,
// including those inside list items, and the marker comment before each.
// It is a line scanner for the README's CommonMark, not a full parser: when
// it errs, it errs towards seeing a block (which then needs a marker).
func readmeBlocks(md string) []readmeBlock {
	lines := strings.Split(md, "\n")
	var (
		blocks     []readmeBlock
		cur        *readmeBlock
		fence      string // the open fence's characters, "" when none is open
		fenceInd   int
		indented   bool // inside an indented block
		codeInd    int  // indentation an indented block's lines start at
		listInd    int  // content column of the innermost open list item
		prevBlank  = true
		prevMarker string // text of the last non-blank line if it was a comment
		prevIsCmt  bool
	)
	closeBlock := func() {
		if cur != nil {
			cur.Text = strings.TrimRight(cur.Text, "\n") + "\n"
			blocks = append(blocks, *cur)
			cur = nil
		}
		indented = false
	}
	for i, line := range lines {
		if fence != "" {
			if m := fenceRE.FindStringSubmatch(line); m != nil && strings.HasPrefix(m[2], fence) && strings.TrimSpace(line[len(m[0]):]) == "" {
				closeBlock()
				fence = ""
				prevBlank, prevIsCmt, prevMarker = false, false, ""
				continue
			}
			cur.Text += strings.TrimPrefix(line, strings.Repeat(" ", min(fenceInd, indentOf(line)))) + "\n"
			continue
		}
		if strings.TrimSpace(line) == "" {
			if indented {
				cur.Text += "\n"
			}
			prevBlank = true
			continue
		}
		ind := indentOf(line)
		if indented {
			if ind >= codeInd {
				cur.Text += line[min(len(line), codeInd):] + "\n"
				prevBlank = false
				continue
			}
			closeBlock()
		}
		if m := fenceRE.FindStringSubmatch(line); m != nil && len(m[1]) <= listInd+3 {
			fence, fenceInd = m[2][:3], len(m[1])
			cur = &readmeBlock{Line: i + 1}
			if prevIsCmt {
				cur.Marker = prevMarker
			}
			continue
		}
		if ind >= listInd+4 && (prevBlank || prevIsCmt) {
			indented, codeInd = true, listInd+4
			cur = &readmeBlock{Line: i + 1, Text: line[codeInd:] + "\n"}
			if prevIsCmt {
				cur.Marker = prevMarker
			}
			prevBlank, prevIsCmt = false, false
			continue
		}
		if m := listItemRE.FindStringSubmatch(line); m != nil {
			listInd = len(m[1]) + len(m[2]) + len(m[3])
		} else if prevBlank && ind < listInd {
			listInd = 0 // a paragraph outside the list ends it
		}
		prevBlank = false
		if m := commentRE.FindStringSubmatch(line); m != nil {
			prevIsCmt, prevMarker = true, strings.TrimSpace(m[1])
		} else {
			prevIsCmt, prevMarker = false, ""
		}
	}
	if fence != "" || indented {
		closeBlock()
	}
	return blocks
}

func TestReadmeBlocks(t *testing.T) {
	md := strings.Join([]string{
		"# t",
		"<!-- example: shell -->",
		"```sh",
		"echo a",
		"```",
		"",
		"text",
		"",
		"    indented one",
		"",
		"1. item",
		"   continued",
		"",
		"   <!-- not-run: list -->",
		"",
		"       in the list",
		"",
		"   ```json",
		"   {}",
		"   ```",
		"",
		"   - nested",
		"",
		"     nested paragraph, not code",
		"",
		"after the list",
		"",
		"<!-- example: file a.txt -->",
		"~~~",
		"x",
		"~~~",
	}, "\n")
	got := readmeBlocks(md)
	want := []readmeBlock{
		{Line: 3, Marker: "example: shell", Text: "echo a\n"},
		{Line: 9, Text: "indented one\n"},
		{Line: 16, Marker: "not-run: list", Text: "in the list\n"},
		{Line: 18, Text: "{}\n"},
		{Line: 29, Marker: "example: file a.txt", Text: "x\n"},
	}
	assert.Equal(t, want, got)
}

// readmeMarker is a parsed marker comment.
type readmeMarker struct {
	Kind   string            // analysis-input, failure, result-json, file, shell, go, rollout, or not-run
	Arg    string            // file name of a file; the step of rollout; the reason of not-run
	Attrs  map[string]string // key="value" and key=value attributes
	Expect []string          // every expect="…"
}

var attrRE = regexp.MustCompile(`([a-z-]+)=(?:"([^"]*)"|'([^']*)'|(\S+))`)

// parseReadmeMarker parses a marker's text; an error says what is wrong.
func parseReadmeMarker(s string) (readmeMarker, error) {
	if reason, ok := strings.CutPrefix(s, "not-run:"); ok {
		if strings.TrimSpace(reason) == "" {
			return readmeMarker{}, fmt.Errorf("not-run needs a reason")
		}
		return readmeMarker{Kind: "not-run", Arg: strings.TrimSpace(reason)}, nil
	}
	rest, ok := strings.CutPrefix(s, "example:")
	if !ok {
		return readmeMarker{}, fmt.Errorf("no marker (want <!-- example: KIND … --> or <!-- not-run: reason -->)")
	}
	rest = strings.TrimSpace(rest)
	kind, rest, _ := strings.Cut(rest, " ")
	m := readmeMarker{Kind: kind, Attrs: map[string]string{}}
	for _, a := range attrRE.FindAllStringSubmatch(rest, -1) {
		v := a[2] + a[3] + a[4]
		if a[1] == "expect" {
			m.Expect = append(m.Expect, v)
		} else {
			m.Attrs[a[1]] = v
		}
	}
	leftover := strings.TrimSpace(attrRE.ReplaceAllString(rest, ""))
	switch kind {
	case "file":
		if leftover == "" || strings.ContainsAny(leftover, "/ ") {
			return m, fmt.Errorf("file needs one plain file name, got %q", leftover)
		}
		m.Arg = leftover
		return m, nil
	case "rollout":
		if !slices.Contains(rolloutSteps, leftover) {
			return m, fmt.Errorf("rollout needs one step of %s, got %q", strings.Join(rolloutSteps, ", "), leftover)
		}
		if len(m.Attrs) > 0 || len(m.Expect) > 0 {
			return m, fmt.Errorf("rollout takes no attributes (TestRollingUpgrade checks each step's effect)")
		}
		m.Arg = leftover
		return m, nil
	case "analysis-input":
		if len(m.Expect) == 0 && m.Attrs["validate-only"] == "" {
			return m, fmt.Errorf(`analysis-input needs expect="…" (a part of the answer) or validate-only="reason"`)
		}
	case "failure":
		if m.Attrs["input"] == "" {
			return m, fmt.Errorf(`failure needs input='…' (the workflow input whose failure the block shows)`)
		}
	case "result-json", "shell", "go", "sql-admin":
	default:
		return m, fmt.Errorf("unknown kind %q (want analysis-input, failure, result-json, file, shell, go, rollout, sql-admin)", kind)
	}
	if leftover != "" {
		return m, fmt.Errorf("%s: unexpected %q", kind, leftover)
	}
	known := map[string][]string{"analysis-input": {"validate-only"}, "failure": {"input"}, "go": {"client", "print"}}[kind]
	for a := range m.Attrs {
		if !slices.Contains(known, a) {
			return m, fmt.Errorf("%s: unknown attribute %q (known: expect %s)", kind, a, strings.Join(known, " "))
		}
	}
	if c := m.Attrs["client"]; c != "" && c != "temporal" {
		return m, fmt.Errorf(`go: client=%q, want client=temporal or none`, c)
	}
	return m, nil
}

func TestParseReadmeMarker(t *testing.T) {
	tests := []struct {
		marker  string
		want    readmeMarker
		wantErr string
	}{
		{marker: `example: shell expect="a b" expect=c`, want: readmeMarker{Kind: "shell", Attrs: map[string]string{}, Expect: []string{"a b", "c"}}},
		{marker: `example: go client=temporal print=res`, want: readmeMarker{Kind: "go", Attrs: map[string]string{"client": "temporal", "print": "res"}}},
		{marker: `example: file items.jsonl`, want: readmeMarker{Kind: "file", Arg: "items.jsonl", Attrs: map[string]string{}}},
		{marker: `not-run: needs the cloud`, want: readmeMarker{Kind: "not-run", Arg: "needs the cloud"}},
		{marker: ``, wantErr: "no marker"},
		{marker: `prettier-ignore`, wantErr: "no marker"},
		{marker: `not-run:`, wantErr: "not-run needs a reason"},
		{marker: `example: sql`, wantErr: `unknown kind "sql"`},
		{marker: `example: sql-admin`, want: readmeMarker{Kind: "sql-admin", Attrs: map[string]string{}}},
		{marker: `example: sql-admin as=postgres`, wantErr: `sql-admin: unknown attribute "as"`},
		{marker: `example: analysis-input`, wantErr: `analysis-input needs expect=`},
		{marker: `example: file a/b.txt`, wantErr: `file needs one plain file name, got "a/b.txt"`},
		{marker: `example: shell expcet="x"`, wantErr: `shell: unknown attribute "expcet"`},
		{marker: `example: failure input='{"question": "q"}'`, want: readmeMarker{Kind: "failure", Attrs: map[string]string{"input": `{"question": "q"}`}}},
		{marker: `example: failure`, wantErr: "failure needs input="},
		{marker: `example: go client=e2b`, wantErr: `go: client="e2b"`},
		{marker: `example: rollout drain`, want: readmeMarker{Kind: "rollout", Arg: "drain", Attrs: map[string]string{}}},
		{marker: `example: rollout rollback`, wantErr: `rollout needs one step of`},
		{marker: `example: rollout ramp expect="x"`, wantErr: `rollout takes no attributes`},
	}
	for _, tt := range tests {
		got, err := parseReadmeMarker(tt.marker)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("parseReadmeMarker(%q): got error %v, want one containing %q", tt.marker, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseReadmeMarker(%q): %v", tt.marker, err)
			continue
		}
		assert.Equal(t, tt.want, got, "parseReadmeMarker(%q)", tt.marker)
	}
}

// docBlock is a code block of one of the documentation files with its
// parsed marker.
type docBlock struct {
	readmeBlock
	File   string // path relative to the repository root: README.md, docs/x.md
	Marker readmeMarker
}

// where names the block in messages: docs/x.md:12.
func (b docBlock) where() string { return fmt.Sprintf("%s:%d", b.File, b.readmeBlock.Line) }

// name is the block's subtest name: docs-x.md-line-12-shell.
func (b docBlock) name() string {
	return fmt.Sprintf("%s-line-%d-%s", strings.ReplaceAll(b.File, "/", "-"), b.readmeBlock.Line, b.Marker.Kind)
}

// docFiles are the files whose examples are checked: README.md and every
// docs/*.md, relative to the repository root.
func docFiles(t *testing.T) []string {
	pages, err := filepath.Glob(repoPath(t, "docs/*.md"))
	require.NoError(t, err)
	files := []string{"README.md"}
	for _, p := range pages {
		files = append(files, "docs/"+filepath.Base(p))
	}
	slices.Sort(files[1:])
	return files
}

// docBlocks returns the code blocks of every documentation file with their
// markers; a block with a missing or malformed marker fails t.
func docBlocks(t *testing.T) []docBlock {
	var all []docBlock
	for _, f := range docFiles(t) {
		md, err := os.ReadFile(repoPath(t, f))
		require.NoError(t, err)
		blocks := readmeBlocks(string(md))
		if f == "README.md" {
			require.NotEmpty(t, blocks, "README.md has code blocks")
		}
		for _, b := range blocks {
			m, err := parseReadmeMarker(sqlSourceAttr.ReplaceAllString(b.Marker, ""))
			if err != nil {
				t.Errorf("%s:%d: code block %q…: %v", f, b.Line, firstLine(b.Text), err)
			}
			if sqlSourceAttr.MatchString(b.Marker) {
				// It needs a PostgreSQL source: TestSQLDocExamples runs it.
				m = readmeMarker{Kind: "not-run", Arg: "an example of a SQL source; TestSQLDocExamples runs it against a real PostgreSQL"}
			}
			all = append(all, docBlock{readmeBlock: b, File: f, Marker: m})
		}
	}
	return all
}

// rolloutSteps are the Worker Deployment commands of docs/production.md's
// versioned rollout, in the order TestRollingUpgrade runs them.
var rolloutSteps = []string{"describe", "ramp", "unramp", "current", "drain"}

// rolloutBlocks returns the command of each rollout step, checking that every
// step is there exactly once.
func rolloutBlocks(t *testing.T, blocks []docBlock) map[string]docBlock {
	steps := map[string]docBlock{}
	for _, b := range blocks {
		if b.Marker.Kind != "rollout" {
			continue
		}
		if prev, ok := steps[b.Marker.Arg]; ok {
			t.Errorf("%s: rollout step %q again (first at %s)", b.where(), b.Marker.Arg, prev.where())
		}
		steps[b.Marker.Arg] = b
	}
	for _, s := range rolloutSteps {
		if _, ok := steps[s]; !ok {
			t.Errorf("no <!-- example: rollout %s --> block in README.md or docs/*.md", s)
		}
	}
	return steps
}

// TestREADMEExamples runs every example of README.md and docs/*.md on the
// real stack as `make run` sets it up offline: the worker on task queue
// analysis with the offline analyst (any model name that names no script),
// the local E2B server and versitygw with testdata/datasets/sales.csv at
// inputs/sales.csv. Rollout commands are run by TestRollingUpgrade; here
// only their presence is checked.
func TestREADMEExamples(t *testing.T) {
	blocks := docBlocks(t)
	rolloutBlocks(t, blocks)
	if t.Failed() {
		t.FailNow()
	}

	// Checks that need no servers.
	for _, b := range blocks {
		m := b.Marker
		switch {
		case m.Kind == "result-json":
			t.Run(b.name(), func(t *testing.T) { checkReadmeResult(t, b.Text) })
		case m.Kind == "analysis-input":
			t.Run(b.name()+"-valid", func(t *testing.T) { checkReadmeInput(t, b.Text) })
		case m.Kind == "rollout":
			t.Logf("%s: run by TestRollingUpgrade (rollout step %s)", b.where(), m.Arg)
		case m.Kind == "not-run":
			t.Logf("%s: not run: %s", b.where(), m.Arg)
		}
	}

	e := newReadmeEnv(t)
	work := e.readmeWorkDir(blocks)
	for _, b := range blocks {
		m := b.Marker
		id := fmt.Sprintf("readme-%s-%d", strings.ReplaceAll(strings.TrimSuffix(filepath.Base(b.File), ".md"), "_", "-"), b.readmeBlock.Line)
		switch {
		case m.Kind == "analysis-input" && m.Attrs["validate-only"] == "":
			t.Run(b.name(), func(t *testing.T) {
				t.Parallel()
				var in map[string]any
				require.NoError(t, json.Unmarshal([]byte(b.Text), &in))
				run, err := e.Temporal.ExecuteWorkflow(runCtx(t, time.Minute), readmeStartOptions(id),
					api.AnalysisWorkflowName, in)
				require.NoError(t, err)
				var res api.AnalysisResult
				require.NoError(t, run.Get(runCtx(t, 5*time.Minute), &res))
				t.Logf("answer: %s", res.Answer)
				assert.Equal(t, api.StatusAnswered, res.Status)
				if in["verify"] != api.VerifyFlag {
					// The offline analyst, and any example the worker
					// corrects, ends with every figure printed by a cell.
					assert.Zero(t, res.Unsupported, "figures of the answer no cell printed: %+v", res.Claims)
				}
				for _, want := range m.Expect {
					assert.Contains(t, res.Answer, want, b.where())
				}
			})
		case m.Kind == "failure":
			t.Run(b.name(), func(t *testing.T) {
				t.Parallel()
				var in map[string]any
				require.NoError(t, json.Unmarshal([]byte(m.Attrs["input"]), &in), "input='…' is JSON")
				run, err := e.Temporal.ExecuteWorkflow(runCtx(t, time.Minute), readmeStartOptions(id),
					api.AnalysisWorkflowName, in)
				require.NoError(t, err)
				err = run.Get(runCtx(t, 5*time.Minute), nil)
				require.Error(t, err, "the analysis fails")
				for _, line := range strings.Split(strings.TrimSpace(b.Text), "\n") {
					assert.Contains(t, err.Error(), line, b.where())
				}
			})
		case m.Kind == "shell":
			t.Run(b.name(), func(t *testing.T) {
				t.Parallel()
				out := e.runReadmeShell(t, work, b.Text)
				for _, want := range m.Expect {
					assert.Contains(t, out, want, "output of %s", b.where())
				}
			})
		case m.Kind == "go":
			t.Run(b.name(), func(t *testing.T) {
				t.Parallel()
				out := e.runReadmeGo(t, b)
				for _, want := range m.Expect {
					assert.Contains(t, out, want, "output of %s", b.where())
				}
			})
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// checkReadmeInput checks an input example the way a start would: strict
// decoding (unknown fields refused) and the worker's validation, which
// runs the published schema.
func checkReadmeInput(t *testing.T, text string) {
	var in api.AnalysisInput
	require.NoError(t, json.Unmarshal([]byte(text), &in), "decode as AnalysisInput")
	require.NoError(t, validate.AnalysisInput(in), "the worker's validation, the input schema included")
}

// checkReadmeResult decodes a result example strictly into AnalysisResult
// and checks it against the published result schema.
func checkReadmeResult(t *testing.T, text string) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	var res api.AnalysisResult
	require.NoError(t, dec.Decode(&res), "decode strictly as AnalysisResult")
	schema, err := jsonschema.NewCompiler().Compile(repoPath(t, "api/schema/analysis-result.v1.json"))
	require.NoError(t, err)
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	require.NoError(t, err)
	require.NoError(t, schema.Validate(v))
}

// readmeEnv is the stack the README's examples talk to.
type readmeEnv struct {
	*env
	starterDir string // holds the built starter
}

// newReadmeEnv starts the world as `make run` does offline: a model server
// with no default script (the offline analyst answers every model that names
// no script), the worker's default model offline-analyst, task queue
// analysis, and sales.csv at inputs/sales.csv.
func newReadmeEnv(t *testing.T) *readmeEnv {
	e := newEnv(t)
	m, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: repoPath(t, "testdata/scripts"), APIKey: fakeOpenAIKey, Logger: e.testLogger()})
	require.NoError(t, err)
	modelURL := serve(t, m.Handler()) + "/v1"
	e.TaskQueue = api.TaskQueue
	e.replaceWorker(func(c *config.Worker) {
		c.Temporal.TaskQueue = api.TaskQueue
		c.OpenAIBaseURL = modelURL
		c.OpenAIModel = scriptedmodel.AnalystModel
	})
	e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/sales.csv")
	e.serveReadmeNexus()
	t.Cleanup(func() { e.waitReadmeWorkflows(t) })
	return &readmeEnv{env: e}
}

func readmeStartOptions(id string) client.StartWorkflowOptions {
	return client.StartWorkflowOptions{ID: id + "-" + time.Now().Format("150405.000"), TaskQueue: api.TaskQueue, WorkflowExecutionTimeout: 10 * time.Minute}
}

// readmeEnviron is the environment of the shell and Go examples: the
// variables the starter, the temporal CLI and the E2B client read.
func (e *readmeEnv) readmeEnviron(extra ...string) []string {
	env := append(os.Environ(),
		"TEMPORAL_ADDRESS="+e.Config.Temporal.TemporalAddress,
		"TEMPORAL_NAMESPACE="+e.Config.Temporal.TemporalNamespace,
		"TEMPORAL_CONFIG_FILE="+os.DevNull, // not the test user's temporal CLI profile
		"TASK_QUEUE="+api.TaskQueue,
		"S3_BUCKET="+e.Bucket,
		"S3_ENDPOINT="+e.Config.S3.S3Endpoint,
		"S3_REGION="+e.Config.S3.S3Region,
		"S3_PATH_STYLE=true",
		"E2B_API_KEY="+fakeE2BKey,
		"E2B_API_URL="+e.E2BURL,
		"E2B_SANDBOX_URL="+e.E2BURL,
	)
	return append(env, extra...)
}

// readmeWorkDir makes the shell examples' working directory: links to the
// checkout's testdata and .bin, and the pages' example files (one block per
// file name); and builds the starter onto the PATH used there.
func (e *readmeEnv) readmeWorkDir(blocks []docBlock) string {
	t := e.t
	dir := t.TempDir()
	for _, name := range []string{"testdata", ".bin"} {
		require.NoError(t, os.Symlink(repoPath(t, name), filepath.Join(dir, name)))
	}
	files := map[string]string{}
	for _, b := range blocks {
		if b.Marker.Kind != "file" {
			continue
		}
		if prev, ok := files[b.Marker.Arg]; ok {
			require.Failf(t, "example file defined twice", "%s: file %s is already defined at %s", b.where(), b.Marker.Arg, prev)
		}
		files[b.Marker.Arg] = b.where()
		require.NoError(t, os.WriteFile(filepath.Join(dir, b.Marker.Arg), []byte(b.Text), 0o644), b.where())
	}
	e.starterDir = t.TempDir()
	cmd := exec.Command("go", "build", "-o", filepath.Join(e.starterDir, "starter"), "./starter")
	cmd.Dir = repoPath(t, ".")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "build the starter: %s", out)
	return dir
}

// runReadmeShell runs a shell example in dir; env adds to (and overrides)
// the examples' environment.
func (e *readmeEnv) runReadmeShell(t *testing.T, dir, script string, env ...string) string {
	ctx := runCtx(t, 5*time.Minute)
	cmd := exec.CommandContext(ctx, "bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = dir
	sep := string(os.PathListSeparator)
	cmd.Env = e.readmeEnviron(append([]string{"PATH=" + e.starterDir + sep + repoPath(t, ".bin") + sep + os.Getenv("PATH")}, env...)...)
	out, err := cmd.CombinedOutput()
	t.Logf("output:\n%s", out)
	require.NoError(t, err, "run:\n%s", script)
	return string(out)
}

// readmeGoPrelude imports what the pages' Go examples use; each is used once
// so that an example need not use all.
const readmeGoPrelude = `package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/api/validate"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/stream"
)

var (
	_ = fmt.Sprint
	_ = time.Second
	_ = enumspb.WORKFLOW_ID_CONFLICT_POLICY_USE_EXISTING
	_ = client.Dial
	_ = e2b.NewClient
	_ = api.TaskQueue
	_ = validate.AnalysisInput
	_ = os.Getenv
	_ = log.Fatal
	_ = worker.New
	_ = workflow.NewNexusClient
	_ = stream.Follow
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
`

const readmeGoTemporalClient = `	c, err := client.Dial(client.Options{HostPort: os.Getenv("TEMPORAL_ADDRESS"), Namespace: os.Getenv("TEMPORAL_NAMESPACE")})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
`

// readmeGoProgram wraps a Go example into a program: after every
// statement that assigns err comes a check, every variable the example
// declares is used, and the variable named by print= is printed.
func readmeGoProgram(snippet string, m readmeMarker) ([]byte, error) {
	src := readmeGoPrelude
	if m.Attrs["client"] == "temporal" {
		src += readmeGoTemporalClient
	}
	src += snippet + "}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	var main *ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "main" {
			main = fd
		}
	}
	check, err := parser.ParseExpr(`func() { if err != nil { log.Fatalf("%+v", err) } }`)
	if err != nil {
		return nil, err
	}
	checkStmt := check.(*ast.FuncLit).Body.List[0]
	var body []ast.Stmt
	var declared []string
	for _, s := range main.Body.List {
		body = append(body, s)
		switch s := s.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				if s.Tok == token.DEFINE && id.Name != "_" {
					declared = append(declared, id.Name)
				}
				if id.Name == "err" {
					body = append(body, checkStmt)
				}
			}
		case *ast.DeclStmt:
			if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, sp := range g.Specs {
					for _, n := range sp.(*ast.ValueSpec).Names {
						declared = append(declared, n.Name)
					}
				}
			}
		}
	}
	for _, name := range declared {
		use := "_ = " + name
		if name == m.Attrs["print"] {
			use = fmt.Sprintf("fmt.Printf(\"%s = %%+v\\n\", %s)", name, name)
		}
		e, err := parser.ParseExpr("func() { " + use + " }")
		if err != nil {
			return nil, err
		}
		body = append(body, e.(*ast.FuncLit).Body.List[0])
	}
	main.Body.List = body
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// runReadmeGo builds a Go example as a main package of this module (through
// an overlay, so nothing is written into the checkout) and runs it.
func (e *readmeEnv) runReadmeGo(t *testing.T, b docBlock) string {
	prog, err := readmeGoProgram(b.Text, b.Marker)
	require.NoError(t, err, "%s: wrap the example into a program", b.where())
	tmp := t.TempDir()
	mainFile := filepath.Join(tmp, "main.go")
	require.NoError(t, os.WriteFile(mainFile, prog, 0o644))
	pkgDir := repoPath(t, "internal/e2e/"+strings.ReplaceAll(b.name(), ".", "-"))
	overlay, err := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(pkgDir, "main.go"): mainFile}})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "overlay.json"), overlay, 0o644))
	bin := filepath.Join(tmp, "example")
	build := exec.Command("go", "build", "-overlay", filepath.Join(tmp, "overlay.json"), "-o", bin, "./"+filepath.Base(pkgDir))
	build.Dir = filepath.Dir(pkgDir)
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s: build the example:\n%s\nprogram:\n%s", b.where(), out, prog)

	cmd := exec.CommandContext(runCtx(t, 5*time.Minute), bin)
	cmd.Env = e.readmeEnviron()
	out, err = cmd.CombinedOutput()
	t.Logf("output:\n%s", out)
	require.NoError(t, err, "%s: run the example; program:\n%s", b.where(), prog)
	return string(out)
}

// waitReadmeWorkflows waits for the workflows the examples left running on
// task queue analysis (starts without --wait), so that their sandboxes end
// before the worker stops.
func (e *env) waitReadmeWorkflows(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	for {
		resp, err := e.Temporal.ListWorkflow(ctx, &workflowservice.ListWorkflowExecutionsRequest{
			Query: fmt.Sprintf("TaskQueue = '%s' AND ExecutionStatus = 'Running'", api.TaskQueue),
		})
		if err != nil {
			t.Logf("list the examples' running workflows: %v", err)
			return
		}
		if len(resp.GetExecutions()) == 0 {
			return
		}
		if ctx.Err() != nil {
			t.Logf("%d workflows of the examples still run", len(resp.GetExecutions()))
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
}

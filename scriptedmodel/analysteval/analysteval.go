// Package analysteval measures the offline analyst on a corpus of tables
// and questions: each question is asked end to end (the analyst's model
// server over HTTP, its code run by real Python) and its answer is
// classified as correct, a different question answered, or an honest
// refusal. The expected figures are computed apart from the analyst, by a
// pandas expression written with each question.
//
// A corpus is a folder of tables and a questions.json:
//
//	{"questions": [
//	  {"table": "visits.csv", "question": "What is the average wait?", "expect": "df['wait_min'].mean()"},
//	  {"table": "visits.csv", "question": "What did the visits cost?", "refuse": "no column holds a cost"}
//	]}
//
// expect is evaluated with df = pd.read_csv(table); its value (a number,
// a string, or a list of them) must all appear in the answer. A question
// with refuse is one the table cannot answer: refusing it is correct.
package analysteval

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// HeldOut is the folder under testdata/analyst of the held-out corpus:
// tables and questions written blind and never read for a fix, which
// TestHeldOutCorpus and cmd/bench's analyst scenario measure.
const HeldOut = "round53"

// Item is one question of a corpus.
type Item struct {
	Table    string `json:"table"`
	Question string `json:"question"`
	// Expect is a pandas expression over df (the table) whose value the
	// answer must carry.
	Expect string `json:"expect,omitempty"`
	// Refuse says why the table cannot answer the question.
	Refuse string `json:"refuse,omitempty"`
}

// Corpus is a folder's tables and questions.
type Corpus struct {
	Dir   string
	Items []Item
}

// Load reads dir/questions.json and checks that every table exists and
// every question has exactly one of expect and refuse.
func Load(dir string) (Corpus, error) {
	b, err := os.ReadFile(filepath.Join(dir, "questions.json"))
	if err != nil {
		return Corpus{}, err
	}
	var f struct {
		Questions []Item `json:"questions"`
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Corpus{}, fmt.Errorf("%s: %w", filepath.Join(dir, "questions.json"), err)
	}
	for i, it := range f.Questions {
		if (it.Expect == "") == (it.Refuse == "") {
			return Corpus{}, fmt.Errorf("question %d (%q): give exactly one of expect and refuse", i+1, it.Question)
		}
		if _, err := os.Stat(filepath.Join(dir, it.Table)); err != nil {
			return Corpus{}, fmt.Errorf("question %d: %w", i+1, err)
		}
	}
	return Corpus{Dir: dir, Items: f.Questions}, nil
}

// Tables lists the corpus' tables, each once.
func (c Corpus) Tables() []string {
	var ts []string
	seen := map[string]bool{}
	for _, it := range c.Items {
		if !seen[it.Table] {
			seen[it.Table] = true
			ts = append(ts, it.Table)
		}
	}
	return ts
}

// Verdicts of an answer.
const (
	Correct   = "correct"
	Different = "different question"
	Refusal   = "refusal"
)

// Outcome is one question's answer and its verdict.
type Outcome struct {
	Item
	Answer  string
	Want    []string // the expected values, as text
	Verdict string
	Why     string // what was missing, for a verdict other than correct
}

// Score is a corpus' outcomes.
type Score struct {
	Outcomes                     []Outcome
	Correct, Different, Refusals int
}

// Rate is n over all questions.
func (s Score) Rate(n int) float64 {
	if len(s.Outcomes) == 0 {
		return 0
	}
	return float64(n) / float64(len(s.Outcomes))
}

// Run asks every question of c of the offline analyst (served from a
// scriptedmodel server on loopback with scriptDir's scripts) and runs its
// code in python, then classifies each answer.
func Run(ctx context.Context, c Corpus, python, scriptDir string) (Score, error) {
	want, err := expectations(ctx, c, python)
	if err != nil {
		return Score{}, err
	}
	srv, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: scriptDir})
	if err != nil {
		return Score{}, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return Score{}, err
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln) //nolint:errcheck // ends with Close
	defer hs.Close()
	client := openai.NewClient(option.WithBaseURL("http://"+ln.Addr().String()+"/v1"), option.WithAPIKey("unused"), option.WithMaxRetries(0))

	home, err := os.MkdirTemp("", "analysteval-")
	if err != nil {
		return Score{}, err
	}
	defer os.RemoveAll(home)
	for _, t := range c.Tables() {
		b, err := os.ReadFile(filepath.Join(c.Dir, t))
		if err != nil {
			return Score{}, err
		}
		if err := os.WriteFile(filepath.Join(home, t), b, 0o644); err != nil {
			return Score{}, err
		}
	}
	k, err := StartKernel(python, home, filepath.Join(home, ".mpl"))
	if err != nil {
		return Score{}, err
	}
	defer k.Close() //nolint:errcheck // the outcomes are what counts

	var s Score
	for i, it := range c.Items {
		answer, err := ask(ctx, client, k, it)
		if err != nil {
			return s, fmt.Errorf("question %d (%q): %w", i+1, it.Question, err)
		}
		o := classify(it, answer, want[i])
		switch o.Verdict {
		case Correct:
			s.Correct++
		case Refusal:
			s.Refusals++
		default:
			s.Different++
		}
		s.Outcomes = append(s.Outcomes, o)
	}
	return s, nil
}

// refused reports whether an answer says it cannot answer the question.
func refused(answer string) bool {
	return strings.Contains(answer, "cannot answer")
}

// classify judges an answer: a refusal is correct for a question the
// table cannot answer and a refusal otherwise; an answer is correct when
// it carries every expected value.
func classify(it Item, answer string, want []any) Outcome {
	o := Outcome{Item: it, Answer: answer}
	for _, w := range want {
		o.Want = append(o.Want, fmt.Sprint(w))
	}
	switch {
	case it.Refuse != "" && refused(answer):
		o.Verdict = Correct
	case it.Refuse != "":
		o.Verdict, o.Why = Different, "answered a question the table cannot answer ("+it.Refuse+")"
	case refused(answer):
		o.Verdict, o.Why = Refusal, "refused"
	default:
		o.Verdict = Correct
		text := answer
		for i, w := range want {
			if i == 1 && len(want) == 2 {
				// A label and its figure ("Zephyr", 19): the figure must
				// be the label's, not another group's further on.
				text = labelled(answer, want[0])
			}
			if !carries(text, w) {
				o.Verdict, o.Why = Different, fmt.Sprintf("lacks %v", w)
				if i > 0 {
					o.Why += fmt.Sprintf(" beside %v", want[0])
				}
				break
			}
		}
	}
	return o
}

// labelled is what answer says of label: its sentences that name the
// label, without their "(then …)" lists of the other groups. It is the
// whole answer when label is no string or is not in it.
func labelled(answer string, label any) string {
	l, ok := label.(string)
	if !ok || !strings.Contains(strings.ToLower(answer), strings.ToLower(l)) {
		return answer
	}
	// The label may hold a full stop ("Dr. Diaz"): it is one word here.
	const mark = "\x00label\x00"
	marked := regexp.MustCompile(`(?i)`+regexp.QuoteMeta(l)).ReplaceAllLiteralString(answer, mark)
	var parts []string
	// "No. Samples" is one column's name, not the end of a sentence.
	marked = abbreviation.ReplaceAllString(marked, "$1\x01 ")
	for _, sent := range sentenceSep.Split(marked, -1) {
		sent = strings.ReplaceAll(sent, "\x01", ".")
		if i := strings.Index(sent, " (then"); i >= 0 {
			sent = sent[:i]
		}
		if strings.Contains(sent, mark) {
			parts = append(parts, strings.ReplaceAll(sent, mark, l))
		}
	}
	return strings.Join(parts, " | ")
}

// abbreviation finds the abbreviations whose full stop ends no sentence:
// a capital and one or two small letters, as column names write them
// ("No. Samples", "Est. Cost (£)", "Ref. Date"), and titles.
var abbreviation = regexp.MustCompile(`\b([A-Z][a-z]{1,2}|Mrs)\.\s`)

// sentenceSep splits an answer into its sentences and clauses.
var sentenceSep = regexp.MustCompile(`\.\s+|;\s+|\n+`)

// numberRE finds the numbers of an answer, with thousands separators.
var numberRE = regexp.MustCompile(`-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?`)

// carries reports whether answer states w: a string as written (any case),
// a number as some figure of the answer that rounds to it at the
// figure's own precision (a figure, not digits of a name such as H18).
func carries(answer string, w any) bool {
	switch v := w.(type) {
	case string:
		return strings.Contains(strings.ToLower(answer), strings.ToLower(v))
	case float64:
		for _, at := range numberRE.FindAllStringIndex(answer, -1) {
			m := answer[at[0]:at[1]]
			if at[0] > 0 {
				// Not a number but part of a name or a date: H18, S003, 2025-04.
				if r, _ := utf8.DecodeLastRuneInString(answer[:at[0]]); unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
					continue
				}
			}
			f, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
			if err != nil {
				continue
			}
			decimals := 0
			if _, frac, ok := strings.Cut(m, "."); ok {
				decimals = len(frac)
			}
			if math.Abs(f-v) <= 0.5*math.Pow(10, -float64(decimals))+1e-9 {
				return true
			}
		}
	}
	return false
}

// expectPy evaluates each (table, expression) pair with pandas and prints
// one JSON list of values per pair.
const expectPy = `
import json, sys
import pandas as pd
frames = {}
out = []
for job in json.load(sys.stdin):
    if job["table"] not in frames:
        frames[job["table"]] = pd.read_csv(job["table"])
    df = frames[job["table"]].copy()
    v = eval(job["expect"], {"pd": pd, "df": df})
    if isinstance(v, (pd.Series, pd.Index)):
        v = v.tolist()
    if not isinstance(v, (list, tuple)):
        v = [v]
    vals = []
    for x in v:
        if hasattr(x, "item"):
            x = x.item()
        vals.append(x if isinstance(x, (int, float, str)) else str(x))
    out.append(vals)
print(json.dumps(out))
`

// expectations computes every question's expected values, apart from the
// analyst's code.
func expectations(ctx context.Context, c Corpus, python string) ([][]any, error) {
	type job struct {
		Table  string `json:"table"`
		Expect string `json:"expect"`
	}
	var jobs []job
	for _, it := range c.Items {
		if it.Expect != "" {
			jobs = append(jobs, job{filepath.Join(c.Dir, it.Table), it.Expect})
		}
	}
	in, _ := json.Marshal(jobs) // strings always encode
	cmd := exec.CommandContext(ctx, python, "-c", expectPy)
	cmd.Stdin = strings.NewReader(string(in))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("expected values: %w: %s", err, stderr.String())
	}
	var vals [][]any
	if err := json.Unmarshal(out, &vals); err != nil {
		return nil, fmt.Errorf("expected values: %w", err)
	}
	want := make([][]any, len(c.Items))
	j := 0
	for i, it := range c.Items {
		if it.Expect != "" {
			want[i] = vals[j]
			j++
		}
	}
	return want, nil
}

// ask runs the agent loop for one question, as the worker does: the
// first message lists the dataset, every call's code runs in the kernel.
func ask(ctx context.Context, client openai.Client, k *Kernel, it Item) (string, error) {
	fi, err := os.Stat(filepath.Join(k.Home, it.Table))
	if err != nil {
		return "", err
	}
	msg := fmt.Sprintf("%s\n\nDatasets in the sandbox:\n- /home/user/%s (%d bytes)\n", it.Question, it.Table, fi.Size())
	input := responses.ResponseInputParam{responses.ResponseInputItemParamOfMessage(msg, responses.EasyInputMessageRoleUser)}
	tool := responses.ToolParamOfFunction(scriptedmodel.ToolExecutePython, map[string]any{
		"type": "object", "properties": map[string]any{"code": map[string]any{"type": "string"}}, "required": []string{"code"},
	}, false)
	for range 5 {
		resp, err := client.Responses.New(ctx, responses.ResponseNewParams{
			Model:        scriptedmodel.AnalystModel,
			Instructions: param.NewOpt("You are a data analyst."),
			Tools:        []responses.ToolUnionParam{tool},
			Input:        responses.ResponseNewParamsInputUnion{OfInputItemList: input},
		})
		if err != nil {
			return "", err
		}
		var calls []responses.ResponseFunctionToolCall
		for _, o := range resp.Output {
			if o.Type == "function_call" {
				calls = append(calls, o.AsFunctionCall())
			}
		}
		if len(calls) == 0 {
			return resp.OutputText(), nil
		}
		for _, c := range calls {
			var args struct {
				Code string `json:"code"`
			}
			if err := json.Unmarshal([]byte(c.Arguments), &args); err != nil {
				return "", fmt.Errorf("call %s: %w", c.CallID, err)
			}
			out, _, err := k.Run(args.Code)
			if err != nil {
				return "", err
			}
			item := responses.ResponseInputItemParamOfFunctionCallOutput(out)
			item.OfFunctionCallOutput.CallID = param.NewOpt(c.CallID)
			input = append(input, responses.ResponseInputItemParamOfFunctionCall(c.Arguments, c.CallID, c.Name), item)
		}
	}
	return "", errors.New("no answer within 5 steps")
}

// kernelPy runs cells in one shared namespace, like a Jupyter kernel: one
// JSON line {"code"} in, one JSON line {"output", "charts"} out, where
// charts counts the figures the cell left open (saved as PNGs, then closed).
const kernelPy = `
import contextlib, io, json, os, sys, traceback
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
ns = {"__name__": "__main__"}
saved = 0
for line in sys.stdin:
    cell = json.loads(line)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        try:
            exec(compile(cell["code"], "<cell>", "exec"), ns)
        except Exception:
            traceback.print_exc()
    charts = 0
    for num in plt.get_fignums():
        plt.figure(num).savefig("chart-%d.png" % saved)
        saved += 1
        charts += 1
    plt.close("all")
    print(json.dumps({"output": buf.getvalue(), "charts": charts}), flush=True)
`

// Kernel is a Python process standing in for the sandbox's kernel: its
// /home/user is a folder of the host (Home), where it saves its charts.
type Kernel struct {
	Home string
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
}

// StartKernel starts python as a kernel in home.
func StartKernel(python, home, mplConfigDir string) (*Kernel, error) {
	cmd := exec.Command(python, "-c", kernelPy)
	cmd.Dir = home
	cmd.Env = append(os.Environ(), "MPLCONFIGDIR="+mplConfigDir)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", python, err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	return &Kernel{Home: home, cmd: cmd, in: in, out: sc}, nil
}

// Run executes code with /home/user mapped to Home, and returns what it
// printed and how many charts it drew.
func (k *Kernel) Run(code string) (output string, charts int, _ error) {
	line, _ := json.Marshal(map[string]string{"code": strings.ReplaceAll(code, "/home/user", k.Home)}) // strings always encode
	if _, err := fmt.Fprintf(k.in, "%s\n", line); err != nil {
		return "", 0, fmt.Errorf("send cell: %w", err)
	}
	if !k.out.Scan() {
		return "", 0, fmt.Errorf("python kernel stopped: %v", k.out.Err())
	}
	var res struct {
		Output string
		Charts int
	}
	if err := json.Unmarshal(k.out.Bytes(), &res); err != nil {
		return "", 0, fmt.Errorf("decode kernel answer: %w", err)
	}
	return res.Output, res.Charts, nil
}

// Close ends the kernel and waits for it.
func (k *Kernel) Close() error {
	k.in.Close()
	return k.cmd.Wait()
}

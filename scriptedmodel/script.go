package scriptedmodel

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/durable-analyst/durable-analyst/api"
)

// The tools the worker offers, by their names in the contract: a call
// with "code" is sent to ToolExecutePython, one with "sql" to ToolRunSQL.
const (
	ToolExecutePython = api.ToolExecutePython
	ToolRunSQL        = api.ToolRunSQL
)

// script is one loaded and validated script file.
type script struct {
	name        string
	description string
	turns       []turn
	analyst     bool // the offline analyst (analyst.go): turns are computed, not scripted
}

// turn is one scripted model answer: tool calls, or a final message.
type turn struct {
	calls  []call
	text   string
	usage  *usageSpec
	fault  *fault
	expect *expect
}

// call is one function call the model makes in a turn.
type call struct {
	name      string
	arguments string // sent verbatim
}

// fault describes how often and how a turn fails before it is answered.
type fault struct {
	status     int
	retryAfter string
	message    string
	stall      time.Duration
	times      int
}

// expect checks the tool outputs that answer the previous turn.
type expect struct {
	contains    []string
	notContains []string
	matches     []*regexp.Regexp
}

// usageSpec is the token usage a turn reports instead of the estimate.
type usageSpec struct {
	InputTokens     int64 `json:"input_tokens"`
	OutputTokens    int64 `json:"output_tokens"`
	CachedTokens    int64 `json:"cached_tokens"`
	ReasoningTokens int64 `json:"reasoning_tokens"`
}

// lines is a JSON string, or an array of strings joined with newlines.
type lines string

func (l *lines) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*l = lines(s)
		return nil
	}
	var parts []string
	if err := json.Unmarshal(data, &parts); err != nil {
		return errors.New("want a string or an array of strings (lines)")
	}
	*l = lines(strings.Join(parts, "\n"))
	return nil
}

// The file format; see the package documentation.
type (
	scriptFile struct {
		Description string            `json:"description"`
		Turns       []json.RawMessage `json:"turns"`
	}
	turnFile struct {
		Calls  []json.RawMessage `json:"calls"`
		Text   *lines            `json:"text"`
		Usage  *usageSpec        `json:"usage"`
		Fault  *faultFile        `json:"fault"`
		Expect *expectFile       `json:"expect"`
	}
	callFile struct {
		Code      *lines   `json:"code"`
		SQL       *sqlCall `json:"sql"`
		Name      string   `json:"name"`
		Arguments *string  `json:"arguments"`
	}
	// sqlCall is the arguments of a run_sql call.
	sqlCall struct {
		Source string `json:"source"`
		Query  lines  `json:"query"`
		Name   string `json:"name"`
	}
	faultFile struct {
		Status     int    `json:"status"`
		RetryAfter string `json:"retry_after"`
		Message    string `json:"message"`
		Stall      string `json:"stall"`
		Times      int    `json:"times"`
	}
	expectFile struct {
		OutputContains    []string `json:"output_contains"`
		OutputNotContains []string `json:"output_not_contains"`
		OutputMatches     []string `json:"output_matches"`
	}
)

// loadScripts loads every *.json file in dir, keyed by script name.
func loadScripts(dir string) (map[string]*script, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("list scripts in %s: %w", dir, err)
	}
	if len(paths) == 0 {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("script dir: %w", err)
		}
		return nil, fmt.Errorf("no *.json scripts in %s", dir)
	}
	scripts := make(map[string]*script, len(paths))
	for _, p := range paths {
		sc, err := loadScript(p)
		if err != nil {
			return nil, err
		}
		scripts[sc.name] = sc
	}
	return scripts, nil
}

// loadScript reads and validates one script file; errors name the file and
// the 1-based turn.
func loadScript(path string) (*script, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read script: %w", err)
	}
	name := strings.TrimSuffix(filepath.Base(path), ".json")
	sc, err := parseScript(name, data)
	if err != nil {
		return nil, fmt.Errorf("script %s: %w", path, err)
	}
	return sc, nil
}

func parseScript(name string, data []byte) (*script, error) {
	var f scriptFile
	if err := decodeStrict(data, &f); err != nil {
		return nil, err
	}
	if len(f.Turns) == 0 {
		return nil, errors.New("no turns")
	}
	sc := &script{name: name, description: f.Description}
	for i, raw := range f.Turns {
		n := i + 1
		t, err := parseTurn(raw, n, len(f.Turns))
		if err != nil {
			return nil, fmt.Errorf("turn %d: %w", n, err)
		}
		sc.turns = append(sc.turns, t)
	}
	return sc, nil
}

func parseTurn(raw json.RawMessage, n, last int) (turn, error) {
	var f turnFile
	if err := decodeStrict(raw, &f); err != nil {
		return turn{}, err
	}
	var t turn
	switch {
	case f.Text != nil && len(f.Calls) > 0:
		return t, errors.New(`has both "text" and "calls"; a turn is one or the other`)
	case f.Text != nil:
		// A message before the last turn answers one question of a
		// conversation; the next user message opens the next turn.
		if *f.Text == "" {
			return t, errors.New(`"text" is empty`)
		}
		t.text = string(*f.Text)
	case len(f.Calls) > 0:
		if n == last {
			return t, errors.New(`the last turn must be a final message ("text"), not "calls"`)
		}
		for j, raw := range f.Calls {
			c, err := parseCall(raw)
			if err != nil {
				return t, fmt.Errorf("call %d: %w", j+1, err)
			}
			t.calls = append(t.calls, c)
		}
	default:
		return t, errors.New(`needs "calls" or "text"`)
	}
	if f.Usage != nil {
		u := *f.Usage
		if u.InputTokens < 0 || u.OutputTokens < 0 || u.CachedTokens < 0 || u.ReasoningTokens < 0 {
			return t, errors.New("usage: token counts must not be negative")
		}
		t.usage = &u
	}
	if f.Fault != nil {
		ft, err := parseFault(*f.Fault)
		if err != nil {
			return t, fmt.Errorf("fault: %w", err)
		}
		t.fault = ft
	}
	if f.Expect != nil {
		if n == 1 {
			return t, errors.New(`expect: the first turn has no previous tool output to check`)
		}
		ex, err := parseExpect(*f.Expect)
		if err != nil {
			return t, fmt.Errorf("expect: %w", err)
		}
		t.expect = ex
	}
	return t, nil
}

func parseCall(raw json.RawMessage) (call, error) {
	var f callFile
	if err := decodeStrict(raw, &f); err != nil {
		return call{}, err
	}
	name := f.Name
	if name == "" {
		name = ToolExecutePython
	}
	if f.SQL != nil {
		if f.Code != nil || f.Arguments != nil || f.Name != "" {
			return call{}, errors.New(`"sql" goes alone: it is the run_sql call's arguments`)
		}
		if f.SQL.Source == "" || f.SQL.Query == "" || f.SQL.Name == "" {
			return call{}, errors.New(`"sql" needs "source", "query" and "name"`)
		}
		args, err := json.Marshal(map[string]string{"source": f.SQL.Source, "query": string(f.SQL.Query), "name": f.SQL.Name})
		if err != nil {
			return call{}, fmt.Errorf("encode arguments: %w", err)
		}
		return call{name: ToolRunSQL, arguments: string(args)}, nil
	}
	switch {
	case f.Code != nil && f.Arguments != nil:
		return call{}, errors.New(`has both "code" and "arguments"`)
	case f.Code != nil:
		if name != ToolExecutePython {
			return call{}, fmt.Errorf(`"code" is only for %s; use "arguments" for tool %q`, ToolExecutePython, name)
		}
		if strings.TrimSpace(string(*f.Code)) == "" {
			return call{}, errors.New(`"code" is empty`)
		}
		args, err := json.Marshal(map[string]string{"code": string(*f.Code)})
		if err != nil {
			return call{}, fmt.Errorf("encode arguments: %w", err)
		}
		return call{name: name, arguments: string(args)}, nil
	case f.Arguments != nil:
		return call{name: name, arguments: *f.Arguments}, nil
	default:
		return call{}, errors.New(`needs "code" or "arguments"`)
	}
}

func parseFault(f faultFile) (*fault, error) {
	ft := &fault{status: f.Status, retryAfter: f.RetryAfter, message: f.Message, times: f.Times}
	if f.Status != 0 && (f.Status < 400 || f.Status > 599) {
		return nil, fmt.Errorf("status %d is not an HTTP error status (400-599)", f.Status)
	}
	if f.Stall != "" {
		d, err := time.ParseDuration(f.Stall)
		if err != nil {
			return nil, fmt.Errorf("stall: %w", err)
		}
		if d <= 0 {
			return nil, fmt.Errorf("stall %s must be positive", f.Stall)
		}
		ft.stall = d
	}
	if ft.status == 0 && ft.stall == 0 {
		return nil, errors.New(`needs "status" or "stall"`)
	}
	if f.RetryAfter != "" && ft.status == 0 {
		return nil, errors.New(`"retry_after" needs a "status"`)
	}
	switch {
	case f.Times < 0:
		return nil, fmt.Errorf("times %d must not be negative", f.Times)
	case f.Times == 0:
		ft.times = 1
	}
	return ft, nil
}

func parseExpect(f expectFile) (*expect, error) {
	ex := &expect{contains: f.OutputContains, notContains: f.OutputNotContains}
	if len(f.OutputContains)+len(f.OutputNotContains)+len(f.OutputMatches) == 0 {
		return nil, errors.New("checks nothing")
	}
	for _, p := range f.OutputMatches {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("output_matches: %w", err)
		}
		ex.matches = append(ex.matches, re)
	}
	return ex, nil
}

// check returns an error naming the first check the output fails.
func (ex *expect) check(output string) error {
	for _, s := range ex.contains {
		if !strings.Contains(output, s) {
			return fmt.Errorf("tool output does not contain %q", s)
		}
	}
	for _, s := range ex.notContains {
		if strings.Contains(output, s) {
			return fmt.Errorf("tool output contains %q", s)
		}
	}
	for _, re := range ex.matches {
		if !re.MatchString(output) {
			return fmt.Errorf("tool output does not match %q", re)
		}
	}
	return nil
}

// decodeStrict decodes data into v, rejecting unknown fields and trailing data.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// scriptNames returns the names of the scripts in sorted order.
func scriptNames(scripts map[string]*script) []string {
	names := make([]string, 0, len(scripts))
	for n := range scripts {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

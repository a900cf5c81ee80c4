package scriptedmodel_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

func TestEveryScriptLoadsAndIsListed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(scriptDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("got scripts %v (err %v), want some in %s", files, err, scriptDir)
	}
	_, _, client := setup(t, scriptedmodel.Config{DefaultScript: "sales-chart"})
	var got []string
	iter := client.Models.ListAutoPaging(t.Context())
	for iter.Next() {
		got = append(got, iter.Current().ID)
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{scriptedmodel.AnalystModel} // built in, beside the scripts
	for _, f := range files {
		want = append(want, "script:"+strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("got models %v, want %v", got, want)
	}
	m, err := client.Models.Get(t.Context(), "script:flaky")
	if err != nil || m.ID != "script:flaky" {
		t.Errorf("GET model: got %v, %v, want script:flaky", m, err)
	}
}

func TestMalformedScripts(t *testing.T) {
	const valid = `{"turns":[{"calls":[{"code":"print(1)"}]},{"text":"done"}]}`
	tests := []struct {
		name string
		body string
		want string // the error must name the file and this
	}{
		{"not JSON", `{"turns": [`, "unexpected EOF"},
		{"no turns", `{"turns": []}`, "no turns"},
		{"unknown field", `{"turns":[{"calls":[{"code":"print(1)"}]},{"txt":"done"}]}`, `turn 2: json: unknown field "txt"`},
		{"empty turn", `{"turns":[{},{"text":"done"}]}`, `turn 1: needs "calls" or "text"`},
		{"text and calls", `{"turns":[{"text":"a","calls":[{"code":"x"}]}]}`, `turn 1: has both`},
		{"ends with calls", `{"turns":[{"calls":[{"code":"x"}]}]}`, "turn 1: the last turn must be a final message"},
		{"call without code", `{"turns":[{"calls":[{"name":"execute_python"}]},{"text":"d"}]}`, `turn 1: call 1: needs "code" or "arguments"`},
		{"code and arguments", `{"turns":[{"calls":[{"code":"x","arguments":"{}"}]},{"text":"d"}]}`, `turn 1: call 1: has both`},
		{"code for another tool", `{"turns":[{"calls":[{"name":"sql","code":"x"}]},{"text":"d"}]}`, `turn 1: call 1: "code" is only for execute_python`},
		{"code not a string", `{"turns":[{"calls":[{"code":7}]},{"text":"d"}]}`, `turn 1: call 1`},
		{"bad status", `{"turns":[{"fault":{"status":200},"calls":[{"code":"x"}]},{"text":"d"}]}`, "turn 1: fault: status 200"},
		{"bad stall", `{"turns":[{"fault":{"stall":"soon"},"calls":[{"code":"x"}]},{"text":"d"}]}`, "turn 1: fault: stall"},
		{"fault does nothing", `{"turns":[{"fault":{"times":2},"calls":[{"code":"x"}]},{"text":"d"}]}`, `turn 1: fault: needs "status" or "stall"`},
		{"expect on first turn", `{"turns":[{"expect":{"output_contains":["x"]},"calls":[{"code":"x"}]},{"text":"d"}]}`, "turn 1: expect: the first turn"},
		{"bad regexp", `{"turns":[{"calls":[{"code":"x"}]},{"expect":{"output_matches":["("]},"text":"d"}]}`, "turn 2: expect: output_matches"},
		{"sql with code", `{"turns":[{"calls":[{"code":"x","sql":{"source":"s","query":"select 1","name":"n"}}]},{"text":"d"}]}`, `turn 1: call 1: "sql" goes alone`},
		{"sql without name", `{"turns":[{"calls":[{"sql":{"source":"s","query":"select 1"}}]},{"text":"d"}]}`, `turn 1: call 1: "sql" needs "source", "query" and "name"`},
		{"negative usage", `{"turns":[{"calls":[{"code":"x"}]},{"usage":{"input_tokens":-1},"text":"d"}]}`, "turn 2: usage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeScripts(t, map[string]string{"good": valid, "broken": tc.body})
			_, err := scriptedmodel.New(scriptedmodel.Config{ScriptDir: dir})
			if err == nil {
				t.Fatal("got no error, want one")
			}
			if msg := err.Error(); !strings.Contains(msg, "broken.json") || !strings.Contains(msg, tc.want) {
				t.Errorf("got %q, want it to name broken.json and contain %q", msg, tc.want)
			}
		})
	}
}

func TestNewConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  scriptedmodel.Config
		want string
	}{
		{"no dir", scriptedmodel.Config{}, "ScriptDir is empty"},
		{"missing dir", scriptedmodel.Config{ScriptDir: filepath.Join(t.TempDir(), "nope")}, "no such file"},
		{"empty dir", scriptedmodel.Config{ScriptDir: t.TempDir()}, "no *.json scripts"},
		{"unknown default", scriptedmodel.Config{ScriptDir: scriptDir, DefaultScript: "nope"}, `default script "nope"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := scriptedmodel.New(tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

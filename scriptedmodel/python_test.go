package scriptedmodel_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
	"github.com/durable-analyst/durable-analyst/scriptedmodel/analysteval"
)

// kernel is a Python process standing in for the sandbox's kernel
// (analysteval's); its /home/user is a temporary directory.
type kernel struct {
	*analysteval.Kernel
	home   string
	charts int
}

// startKernel starts the kernel or skips the test when Python lacks pandas
// or matplotlib. $SCRIPTEDMODEL_PYTHON overrides /usr/bin/python3.
func startKernel(t *testing.T) *kernel {
	t.Helper()
	python := os.Getenv("SCRIPTEDMODEL_PYTHON")
	if python == "" {
		python = "/usr/bin/python3"
	}
	if out, err := exec.Command(python, "-c", "import pandas, matplotlib").CombinedOutput(); err != nil {
		t.Skipf("%s cannot import pandas and matplotlib: %v: %s", python, err, out)
	}
	home := t.TempDir()
	data, err := os.ReadFile("../testdata/datasets/sales.csv")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "sales.csv"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	k, err := analysteval.StartKernel(python, home, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := k.Close(); err != nil {
			t.Errorf("python kernel: %v", err)
		}
	})
	return &kernel{Kernel: k, home: home}
}

// run executes code with /home/user mapped to the kernel's directory and
// counts its charts.
func (k *kernel) run(code string) (string, error) {
	out, charts, err := k.Run(code)
	k.charts += charts
	return out, err
}

// tool answers a call the way the agent does: bad arguments and unknown
// tools become error text for the model, code runs in the kernel.
func (k *kernel) tool(t *testing.T) toolRunner {
	return func(call responses.ResponseFunctionToolCall) string {
		if call.Name != scriptedmodel.ToolExecutePython {
			return fmt.Sprintf("error: unknown tool %q; the only tool is execute_python", call.Name)
		}
		var args struct {
			Code string `json:"code"`
		}
		if err := json.Unmarshal([]byte(call.Arguments), &args); err != nil {
			return "error: invalid JSON in execute_python arguments: " + err.Error()
		}
		out, err := k.run(args.Code)
		if err != nil {
			t.Errorf("call %s: %v", call.CallID, err)
		}
		return out
	}
}

// TestScriptsRunInPython plays every script against real Python, so each
// cell must run and each expect must hold for the output it really gives.
func TestScriptsRunInPython(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Python")
	}
	tests := []struct {
		script     string
		wantText   string
		wantCharts int
		wantFiles  map[string]string // file in /home/user → content
	}{
		{script: "sales-chart", wantText: "West had the highest revenue", wantCharts: 1},
		{script: "error-recovery", wantText: "$161,765.00"},
		{script: "bad-tool", wantText: "the answer is 42"},
		{script: "flaky", wantText: "ran once each"},
		{script: "flaky-switch", wantText: "ran once each"},
		{script: "stall", wantText: "Answered after"},
		{script: "long-run", wantText: "The sum is 299."},
		{script: "quick-sum", wantText: "The sum is 45."},
		// Its first answer (the one run here) quotes a difference no cell
		// printed; internal/e2e's answer check runs the correction turns.
		{script: "verify-figures", wantText: "202.75 more than the smallest"},
		{script: "slow-turn", wantText: "Six times seven is 42."},
		{script: "outage", wantText: "x + 1 is 42."},
		{script: "outputs-report", wantText: "West had the highest revenue", wantCharts: 1, wantFiles: map[string]string{
			"outputs/revenue_by_region.html": "<table border=\"1\" class=\"dataframe\">\n  <thead>\n    <tr style=\"text-align: right;\">\n      <th>region</th>\n      <th>revenue</th>\n    </tr>\n  </thead>\n  <tbody>\n    <tr>\n      <td>West</td>\n      <td>48630.0</td>\n    </tr>\n    <tr>\n      <td>North</td>\n      <td>43175.0</td>\n    </tr>\n    <tr>\n      <td>East</td>\n      <td>37275.0</td>\n    </tr>\n    <tr>\n      <td>South</td>\n      <td>32685.0</td>\n    </tr>\n  </tbody>\n</table>",
		}},
		{script: "long-cell", wantText: "done", wantFiles: map[string]string{"runs.log": "run\n"}},
		{script: "streamed-cell", wantText: "done", wantCharts: 1},
		{script: "chaos-counter", wantText: "done", wantCharts: 2, wantFiles: map[string]string{
			"counter.txt":       "4",
			"cells.log":         "step 1\nstep 2\nstep 3\nstep 4\n",
			"outputs/cells.csv": "step 1\nstep 2\nstep 3\nstep 4\n",
		}},
	}
	files, err := filepath.Glob(filepath.Join(scriptDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The conversation script answers follow-ups: internal/e2e's
	// conversation test runs it in Python on the local sandbox server.
	files = slices.DeleteFunc(files, func(f string) bool { return filepath.Base(f) == "conversation.json" })
	if len(files) != len(tests) {
		t.Errorf("got %d scripts in %s, want %d: give each new script a case here", len(files), scriptDir, len(tests))
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			t.Parallel()
			// Client retries and per-attempt timeouts carry the agent
			// through the faults and the stall.
			_, _, client := setup(t, scriptedmodel.Config{}, option.WithMaxRetries(3))
			k := startKernel(t)
			tr, err := runConversation(t.Context(), client, "script:"+tc.script, k.tool(t), 5*time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if got := tr.responses[len(tr.responses)-1].OutputText(); !strings.Contains(got, tc.wantText) {
				t.Errorf("got final text %q, want it to contain %q", got, tc.wantText)
			}
			if k.charts != tc.wantCharts {
				t.Errorf("got %d charts, want %d", k.charts, tc.wantCharts)
			}
			for name, want := range tc.wantFiles {
				got, err := os.ReadFile(filepath.Join(k.home, name))
				if err != nil || string(got) != want {
					t.Errorf("%s: got %q (err %v), want %q", name, got, err, want)
				}
			}
		})
	}
}

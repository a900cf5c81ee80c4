package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	// The bench starts its worker by running its own executable, which
	// here is the test binary.
	if os.Getenv(workerModeEnv) != "" {
		if err := runWorker(); err != nil {
			fmt.Fprintln(os.Stderr, "bench worker:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestSmoke runs every scenario at its smoke size on the real stack and
// checks that the harness produced sane, non-zero figures. It asserts no
// timing: only that each figure exists and is a positive number.
func TestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real stack; skipped in -short mode")
	}
	dir := t.TempDir()
	md, js := filepath.Join(dir, "BENCHMARKS.md"), filepath.Join(dir, "results.json")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := run(ctx, []string{"-smoke", "-out", md, "-json", js}); err != nil {
		t.Fatalf("bench -smoke: %v", err)
	}
	var res struct {
		Figures []figure       `json:"figures"`
		Details map[string]any `json:"details"`
		Errors  []string       `json:"errors"`
	}
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatalf("results JSON: %v", err)
	}
	if len(res.Errors) > 0 {
		t.Errorf("got errors %q, want none", res.Errors)
	}
	got := map[string]int{}
	for _, f := range res.Figures {
		got[f.Scenario]++
		// A figure bounded from above ("≤ 2%"), or a share of what is left
		// ("the rest"), may be zero.
		if !(f.Value > 0 || f.Value == 0 && (strings.HasPrefix(f.Goal, "≤") || f.Goal == "the rest")) || f.Measured == "" || f.Goal == "" {
			t.Errorf("figure %s %q: got value %v, measured %q, goal %q; want a positive value and both texts", f.Scenario, f.Name, f.Value, f.Measured, f.Goal)
		}
	}
	for sc, want := range map[string]int{"P1": 3, "P2": 1, "P3": 1, "P4": 3, "P7": 3, "P9": 1, "P10": 2, "P11": 2, "P12": 1, "micro": 2, "analyst": 3} {
		if got[sc] < want {
			t.Errorf("scenario %s: got %d figures, want at least %d", sc, got[sc], want)
		}
	}
	for _, sc := range []string{"p1", "p2", "p3", "p4", "p9", "p12"} {
		if res.Details[sc] == nil {
			t.Errorf("details of %s missing from the JSON", sc)
		}
	}
	text, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| scenario | figure | goal | measured |", "P1", "P4", "Load average", "Smoke sizes"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
}

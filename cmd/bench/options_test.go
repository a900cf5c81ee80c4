package main

import (
	"strings"
	"testing"
)

// TestP9ClusterOptions: P9's runs on make cluster are on by default (4
// workers, 300 analyses), small in -smoke, off with 0, and checked.
func TestP9ClusterOptions(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		workers, n int
		err        string
	}{
		{args: nil, workers: 4, n: 300},
		{args: []string{"-smoke"}, workers: 2, n: 4},
		{args: []string{"-smoke", "-p9-cluster-workers", "3"}, workers: 3, n: 4},
		{args: []string{"-p9-cluster-workers", "0"}, workers: 0, n: 300},
		{args: []string{"-p9-sizes", "", "-p9-kill", "0"}, workers: 4, n: 300},
		{args: []string{"-p9-sizes", "", "-p9-kill", "0", "-p9-cluster-workers", "0"}, err: "P9 would run nothing"},
		{args: []string{"-p9-cluster-workers", "9"}, err: "-p9-cluster-workers 9"},
		{args: []string{"-p9-cluster-n", "0"}, err: "-p9-cluster-n 0"},
	} {
		o, err := parseOptions(tc.args)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parseOptions(%q): got error %v, want one with %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseOptions(%q): %v", tc.args, err)
			continue
		}
		if o.p9ClusterWorkers != tc.workers || o.p9ClusterN != tc.n {
			t.Errorf("parseOptions(%q): got %d workers, %d analyses on the cluster, want %d, %d", tc.args, o.p9ClusterWorkers, o.p9ClusterN, tc.workers, tc.n)
		}
	}
}

// TestCommandShowsEmptyValues: the report's command runs again as it was.
func TestCommandShowsEmptyValues(t *testing.T) {
	o, err := parseOptions([]string{"-only", "p9", "-p9-sizes", "", "-p9-kill", "0"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `go run ./cmd/bench -only p9 -p9-sizes "" -p9-kill 0`; o.command != want {
		t.Errorf("got command %q, want %q", o.command, want)
	}
}

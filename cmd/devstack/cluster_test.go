package main

import (
	"slices"
	"testing"
)

// TestEnvironUnset: the second and later cluster workers get the first
// one's environment without its listeners.
func TestEnvironUnset(t *testing.T) {
	e := newEnv([]string{"A=1", "CODEC_SERVER_ADDR=127.0.0.1:8234", "B=2", "METRICS_ADDR=:9090"})
	e.unset("CODEC_SERVER_ADDR", "METRICS_ADDR", "NOT_SET")
	if got, want := e.list(), []string{"A=1", "B=2"}; !slices.Equal(got, want) {
		t.Errorf("list() = %q, want %q", got, want)
	}
	e.set("CODEC_SERVER_ADDR=x")
	if got, want := e.list(), []string{"A=1", "B=2", "CODEC_SERVER_ADDR=x"}; !slices.Equal(got, want) {
		t.Errorf("after set again: list() = %q, want %q", got, want)
	}
}

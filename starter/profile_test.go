package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnalyzeWithTemporalProfile: the starter finds the dev server through a
// temporal CLI config file and profile alone (no TEMPORAL_ADDRESS), as a
// user's `temporal env`/config set-up would; a profile that is named but
// missing stops it with a message naming the file and profile.
func TestAnalyzeWithTemporalProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	startStack(t)
	addr := os.Getenv("TEMPORAL_ADDRESS")
	file := filepath.Join(t.TempDir(), "temporal.toml")
	toml := fmt.Sprintf("[profile.default]\naddress = \"127.0.0.1:1\"\n\n[profile.local]\naddress = %q\nnamespace = \"default\"\n", addr)
	if err := os.WriteFile(file, []byte(toml), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TEMPORAL_CONFIG_FILE", file)
	for _, k := range []string{"TEMPORAL_ADDRESS", "TEMPORAL_NAMESPACE", "TEMPORAL_TLS", "TEMPORAL_API_KEY"} {
		t.Setenv(k, "")
		os.Unsetenv(k) // unset, not empty: an empty variable overrides the profile
	}

	t.Setenv("TEMPORAL_PROFILE", "local")
	out, errOut, err := runCLI(t, "analyze", "--question", "From a profile?", "--id", "analysis-profile-1", "--wait")
	if err != nil {
		t.Fatalf("analyze with TEMPORAL_PROFILE=local: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
	if want := "got: From a profile?"; !strings.Contains(out, want) {
		t.Errorf("stdout lacks %q:\n%s", want, out)
	}

	t.Setenv("TEMPORAL_PROFILE", "staging")
	_, _, err = runCLI(t, "progress", "analysis-profile-1")
	want := fmt.Sprintf(`TEMPORAL_CONFIG_FILE %s, TEMPORAL_PROFILE "staging": unable to find profile staging`, file)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got error %v, want one containing %q", err, want)
	}
}

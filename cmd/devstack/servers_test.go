package main

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// TestLocalServersRequireTheirKeys checks the wiring devstack hands to the
// worker: each local stand-in answers on its URL with the generated key and
// refuses requests without it.
func TestLocalServersRequireTheirKeys(t *testing.T) {
	root, err := devstack.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	runDir := t.TempDir()
	modelURL, modelKey, stopModel, err := startScriptedModel(root, runDir)
	if err != nil {
		t.Fatalf("startScriptedModel: %v", err)
	}
	defer stopModel()
	e2bURL, e2bKey, _, stopE2B, err := startLocalE2B(runDir)
	if err != nil {
		t.Fatalf("startLocalE2B: %v", err)
	}
	defer stopE2B()

	tests := []struct {
		name       string
		url        string
		header     string
		value      string
		wantStatus int
	}{
		{"model with key", modelURL + "/v1/models", "Authorization", "Bearer " + modelKey, http.StatusOK},
		{"model without key", modelURL + "/v1/models", "", "", http.StatusUnauthorized},
		{"demo model is served", modelURL + "/v1/models/" + demoModel, "Authorization", "Bearer " + modelKey, http.StatusOK},
		{"e2b with key", e2bURL + "/sandboxes", "X-API-KEY", e2bKey, http.StatusOK},
		{"e2b without key", e2bURL + "/sandboxes", "", "", http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, tt.url, nil)
			if err != nil {
				t.Fatal(err)
			}
			if tt.header != "" {
				req.Header.Set(tt.header, tt.value)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatalf("GET %s: %v", tt.url, err)
			}
			resp.Body.Close()
			if resp.StatusCode != tt.wantStatus {
				t.Errorf("GET %s: status %d, want %d", tt.url, resp.StatusCode, tt.wantStatus)
			}
		})
	}
	for _, name := range []string{"scriptedmodel.log", "e2blocal.log"} {
		if _, err := os.Stat(filepath.Join(runDir, name)); err != nil {
			t.Errorf("server log: %v", err)
		}
	}
}

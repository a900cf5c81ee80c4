package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The starter only starts, watches and fetches workflows: it links the
// contract, the Temporal client, the codec and S3 (for outputs), never the
// worker's side (model client, E2B client, activities, workflow code).
func TestStarterLinksNoWorkerClients(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps ./starter: %v\n%s", err, out)
	}
	const mod = "github.com/durable-analyst/durable-analyst/"
	forbidden := []string{"github.com/openai/openai-go", mod + "e2b", mod + "activities", mod + "workflows", mod + "scriptedmodel"}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps ./starter listed %d packages; want the real list", len(deps))
	}
	for _, p := range deps {
		for _, f := range forbidden {
			if p == f || strings.HasPrefix(p, f+"/") {
				t.Errorf("starter depends on %s; it must not link %s", p, f)
			}
		}
	}
}

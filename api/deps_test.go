package api_test

import (
	"os/exec"
	"strings"
	"testing"
)

// nonStandardDeps lists the packages pkg depends on (itself included) that
// are not in the standard library.
func nonStandardDeps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
	}
	return strings.Fields(string(out))
}

// The contract links nothing but the standard library, so a service that
// starts analyses does not link the worker's model, S3 and sandbox clients.
func TestContractIsStandardLibraryOnly(t *testing.T) {
	const self = "github.com/durable-analyst/durable-analyst/api"
	for _, p := range nonStandardDeps(t, self) {
		if p != self {
			t.Errorf("api depends on %s; want the standard library only", p)
		}
	}
}

// Validation adds a JSON Schema library (and its text package), nothing
// else: no other package of the project, no Temporal SDK.
func TestValidateDependsOnTheSchemaLibraryOnly(t *testing.T) {
	allowed := []string{
		"github.com/durable-analyst/durable-analyst/api",
		"github.com/santhosh-tekuri/jsonschema/v6",
		"golang.org/x/text/",
	}
	for _, p := range nonStandardDeps(t, "github.com/durable-analyst/durable-analyst/api/validate") {
		ok := false
		for _, a := range allowed {
			ok = ok || p == a || strings.HasPrefix(p, a) || strings.HasPrefix(p, a+"/")
		}
		if !ok {
			t.Errorf("api/validate depends on %s", p)
		}
	}
}

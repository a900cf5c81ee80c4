package layers_test

import (
	"os/exec"
	"strings"
	"testing"
)

const mod = "github.com/durable-analyst/durable-analyst/"

// allowed lists, for each package (a path, or a folder ending in "/"),
// the packages of this module it may import outside tests; a folder
// ending in "/" allows everything under it. The first match wins, so
// the narrower rows come first. docs/architecture.md explains each row.
var allowed = []struct {
	pkg string
	may []string
	why string
}{
	{"api", nil, "the contract: standard library only"},
	{"api/validate", []string{"api"}, "validation of the contract"},
	{"codec", []string{"internal/"}, "payload encryption, usable by any client"},
	{"claims", nil, "the answer check: pure, standard library only"},
	// Dev-stack tooling and end-to-end tests drive the whole product.
	{"internal/devstack", []string{"internal/"}, "dev-stack tooling; its tests may import more"},
	{"internal/e2e", []string{""}, "end-to-end tests"},
	{"internal/sqltest", []string{"internal/devstack"}, "a real PostgreSQL for tests of SQL sources"},
	{"internal/s3test", []string{"internal/devstack"}, "a real S3 server for tests"},
	{"internal/", []string{"api", "internal/"}, "small shared helpers: of this module only the contract and each other"},
	{"config", []string{"codec", "internal/"}, "worker and starter configuration"},
	{"e2b/", []string{"e2b/", "internal/"}, "the E2B client and the local E2B server"},
	{"e2b", []string{"e2b/", "internal/"}, "the E2B client"},
	{"scriptedmodel/analysteval", []string{"scriptedmodel", "api", "internal/"}, "the offline analyst's corpus runner"},
	{"scriptedmodel", []string{"api", "internal/"}, "the local model server: the contract's tool names"},
	{"stream", []string{"api"}, "the event stream: the workflow's log, the cell's publisher, the caller's follower"},
	{"activities/fault", []string{"api", "e2b", "internal/"}, "the one classification of the activities' failures"},
	{"activities/sqlsource", []string{"api", "activities/fault"}, "the SQL sources: a library"},
	{"activities/admission", []string{"e2b"}, "admission's state and messages: the worker's leases and queue, the pool's line (a library)"},
	{"activities/acttest", []string{"e2b", "e2b/", "internal/"}, "what the activities' tests share: a local sandbox, a real S3, metrics read back"},
	{"activities/journal", []string{"activities", "activities/fault", "activities/sqlsource", "api", "e2b"}, "what sandboxes, code runs and outputs share: the connection, the cell journal and record, the query journal"},
	{"activities/outputs", []string{"activities", "activities/fault", "activities/journal", "api", "claims", "e2b"}, "a cell's stored outputs, the report and the answer check"},
	{"activities/sandboxes", []string{"activities", "activities/admission", "activities/fault", "activities/journal", "activities/sqlsource", "api", "e2b", "internal/"}, "a sandbox's life from create to kill, admission's activities, and the sweep"},
	{"activities/tools", []string{"activities", "activities/fault", "activities/journal", "activities/outputs", "activities/sqlsource", "api", "e2b", "internal/", "stream"}, "the table of tools and the activities that run the calls"},
	{"activities/modelcall", []string{"activities", "activities/fault", "activities/sandboxes", "activities/tools", "api", "config", "internal/"}, "the model's activity"},
	{"activities/batches", []string{"activities", "activities/fault", "api", "internal/"}, "the batch's activities"},
	{"activities", []string{"api", "config", "e2b", "internal/", "activities/admission", "activities/fault", "activities/sqlsource"}, "the shared dependencies, storage, registration"},
	{"workflows", []string{"activities", "activities/", "api", "api/validate", "internal/", "stream"}, "deterministic workflow code"},
	{"nexus", []string{"api", "workflows"}, "the Nexus service"},
	{"starter", []string{"api", "api/validate", "config", "codec", "internal/", "stream"}, "the CLI: never the worker's side"},
	// Mains wire everything together.
	{"worker", []string{""}, "the worker's main"},
	{"worker/setup", []string{"activities", "activities/sandboxes", "api", "internal/"}, "what a worker sets up beside its activities"},
	{"cmd/", []string{""}, "tools' mains"},
}

func rule(pkg string) (may []string, ok bool) {
	for _, r := range allowed {
		if pkg == r.pkg || (strings.HasSuffix(r.pkg, "/") && strings.HasPrefix(pkg, r.pkg)) {
			return r.may, true
		}
	}
	return nil, false
}

func permits(may []string, imp string) bool {
	for _, m := range may {
		if imp == m || (m == "" || strings.HasSuffix(m, "/")) && strings.HasPrefix(imp, m) {
			return true
		}
	}
	return false
}

// Every package of the module has a row, and imports only what its row
// allows: the layers of docs/architecture.md, with no loop between them.
func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", mod+"...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 10 {
		t.Fatalf("go list listed %d packages; want the module's", len(lines))
	}
	for _, line := range lines {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		may, ok := rule(pkg)
		if !ok {
			t.Errorf("package %s has no row in the import rules; add one (and to docs/architecture.md)", pkg)
			continue
		}
		for _, imp := range f[1:] {
			if !strings.HasPrefix(imp, mod) {
				continue
			}
			if imp = strings.TrimPrefix(imp, mod); !permits(may, imp) {
				t.Errorf("%s imports %s; its rule allows %q", pkg, imp, may)
			}
		}
	}
}

// The rules can fail: a row checks what it should.
func TestRulesRefuse(t *testing.T) {
	for _, tc := range []struct{ pkg, imp string }{
		{"api", "internal/clip"},
		{"internal/clip", "workflows"},
		{"workflows", "e2b"},
		{"starter", "activities"},
		{"activities", "workflows"},
		{"activities", "activities/journal"},
		{"activities/journal", "activities/tools"},
		{"activities/outputs", "activities/tools"},
		{"activities/admission", "activities"},
		{"internal/tracing", "config"},
		{"internal/urlguard", "activities"},
	} {
		may, ok := rule(tc.pkg)
		if !ok || permits(may, tc.imp) {
			t.Errorf("%s may import %s; the rules should refuse it", tc.pkg, tc.imp)
		}
	}
	if may, _ := rule("internal/errtext"); permits(may, "api/validate") {
		t.Error("an internal helper may import api/validate")
	}
}

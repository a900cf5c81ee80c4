package e2blocal_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// TestOfficialJSSDK runs testdata/e2blocal/sdk-smoke.mjs with the official
// E2B JS SDKs against the server. It needs node and a directory whose
// node_modules holds e2b@2.51.0 and @e2b/code-interpreter@2.8.0, named by
// E2BLOCAL_JS_SDK_DIR (npm install e2b@2.51.0 @e2b/code-interpreter@2.8.0).
func TestOfficialJSSDK(t *testing.T) {
	dir := os.Getenv("E2BLOCAL_JS_SDK_DIR")
	if dir == "" {
		t.Skip("set E2BLOCAL_JS_SDK_DIR to a directory with node_modules/e2b and node_modules/@e2b/code-interpreter")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("node not found: %v", err)
	}
	script, err := os.ReadFile("../../testdata/e2blocal/sdk-smoke.mjs")
	if err != nil {
		t.Fatal(err)
	}
	// Node resolves packages next to the script, so it runs from the SDK dir.
	path := filepath.Join(dir, "e2blocal-sdk-smoke-"+strings.ToLower(t.Name())+".mjs")
	if err := os.WriteFile(path, script, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(path) })

	srv, url := newServer(t, e2blocal.Config{APIKey: "sdk-key"})
	cmd := exec.Command(node, path)
	cmd.Env = append(os.Environ(), "E2B_API_URL="+url, "E2B_SANDBOX_URL="+url, "E2B_API_KEY=sdk-key")
	cmd.WaitDelay = time.Second
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "SDK SMOKE OK") {
		t.Fatalf("sdk-smoke.mjs: %v\n%s", err, out)
	}
	if ids := srv.Sandboxes(); len(ids) != 0 {
		t.Errorf("sandboxes left after the SDK run: %v", ids)
	}
}

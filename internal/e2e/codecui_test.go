package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// chromiumPath is Debian's chromium, which .ci/run installs.
const chromiumPath = "/usr/bin/chromium"

// TestCodecUI drives the Temporal dev server's Web UI in Chromium
// (playwright-core from testdata/codecui) with the codec endpoint set the
// way `make run` sets it: the page of an encrypted analysis shows its
// decoded input, and an analysis started from the UI's "Start Workflow"
// form runs on the encrypted worker.
func TestCodecUI(t *testing.T) {
	startShared(t)
	node, dir := uiCheckTools(t)

	// The codec server, as the worker serves it, counting what the UI asks.
	key := newKey(t, "e2e-ui")
	c, err := codec.New(key)
	require.NoError(t, err)
	uiPort, err := devstack.FreePort()
	require.NoError(t, err)
	uiOrigin := "http://127.0.0.1:" + strconv.Itoa(uiPort)
	calls := &callCounter{n: map[string]int{}, key: postsByPathSuffix}
	// With a token and loopback Hosts, as make run serves it; the UI
	// carries the token as the endpoint's last path segment.
	const token = "codec-e2e-ui-token"
	codecURL := serve(t, calls.wrap(codec.NewHandler(c, codec.ServerOptions{Origins: []string{uiOrigin}, Hosts: []string{"127.0.0.1", "localhost"}, Token: token}))) + "/" + token

	// A dev server of its own, with the UI pointed at the codec server.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	tmp, stop, err := devstack.StartTemporal(ctx, devstack.Options{TemporalUIPort: uiPort, UICodecEndpoint: codecURL})
	require.NoError(t, err)
	t.Cleanup(func() { _ = stop() })

	e := newEnv(t, withPayloadKeys(key.Format()), func(c *config.Worker) { c.TemporalAddress = tmp.Address })
	in, _ := codecInput(t)
	marker := "ui-marker-" + strconv.FormatInt(time.Now().UnixNano()%1e9, 36)
	in.Question += " " + marker
	id := testID("e2e-codec-ui")
	run := e.start(id, in)
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))

	// The form's input: plain JSON typed by hand, as a user would.
	formIn, err := json.Marshal(map[string]any{
		"question": "Which region had the highest revenue? (started from the UI form)",
		"datasets": []map[string]string{{"name": "sales.csv", "content": in.Datasets[0].Content}},
		"model":    "script:sales-chart",
	})
	require.NoError(t, err)
	formID := id + "-form"

	cmd := exec.CommandContext(ctx, node, "ui-check.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "UI_URL="+tmp.UIAddress, "NAMESPACE="+tmp.Namespace, "WORKFLOW_ID="+id, "RUN_ID="+run.GetRunID(),
		"MARKER="+marker, "FORM_WORKFLOW_ID="+formID, "TASK_QUEUE="+e.TaskQueue, "WORKFLOW_TYPE="+api.AnalysisWorkflowName,
		"FORM_INPUT="+string(formIn), "CHROMIUM="+chromiumPath, "SCREENSHOT_DIR="+t.TempDir(),
		"TMPDIR="+chromiumTemp(t))
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	require.NoError(t, err, "the UI check failed:\n%s", out)

	// The form's workflow runs on the encrypted worker and answers.
	var formRes api.AnalysisResult
	require.NoError(t, e.Temporal.GetWorkflow(ctx, formID, "").Get(ctx, &formRes))
	assert.Contains(t, formRes.Answer, "West had the highest revenue")
	// The UI decoded through the codec server (and, for the form,
	// encoded its input through it).
	assert.Positive(t, calls.get("/decode"), "the UI never called /decode")
	t.Logf("codec server calls from the UI: %v", calls.snapshot())
}

// chromiumTemp is a TMPDIR for Chromium that the test removes: Chromium
// leaves a pulse-* directory in its TMPDIR, and its SingletonSocket path
// there must stay within a socket path's 108 bytes, which t.TempDir()
// under a test's long name can pass.
func chromiumTemp(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "ui")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// uiCheckTools finds node and Chromium for a UI check and installs
// testdata/codecui's packages; it returns node and that directory.
func uiCheckTools(t *testing.T) (node, dir string) {
	t.Helper()
	node, errNode := exec.LookPath("node")
	npm, errNpm := exec.LookPath("npm")
	if _, err := os.Stat(chromiumPath); err != nil || errNode != nil || errNpm != nil {
		// make test installs chromium (tools/system-deps.sh test), so in CI a
		// missing browser is a set-up bug, not a reason to skip.
		if os.Getenv("CI") != "" {
			t.Fatalf("needs %s, node and npm; make test installs chromium (tools/system-deps.sh test)", chromiumPath)
		}
		t.Skipf("needs %s, node and npm (make deps-test installs chromium)", chromiumPath)
	}
	dir = repoPath(t, "testdata/codecui")
	npmCI(t, npm, dir)
	return node, dir
}

// npmCI installs testdata/codecui's pinned packages when node_modules is
// missing or older than package-lock.json.
func npmCI(t *testing.T, npm, dir string) {
	t.Helper()
	lock, err := os.Stat(filepath.Join(dir, "package-lock.json"))
	require.NoError(t, err)
	if st, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err == nil && !st.ModTime().Before(lock.ModTime()) {
		return
	}
	cmd := exec.Command(npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "npm ci in %s:\n%s", dir, out)
}

// callCounter counts the requests key picks, by the key it gives them.
type callCounter struct {
	mu  sync.Mutex
	n   map[string]int
	key func(*http.Request) (string, bool)
}

// postsByPathSuffix picks POSTs, keyed by their path's last segment
// (/encode, /decode).
func postsByPathSuffix(r *http.Request) (string, bool) {
	return r.URL.Path[strings.LastIndex(r.URL.Path, "/"):], r.Method == http.MethodPost
}

func (c *callCounter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if k, ok := c.key(r); ok {
			c.mu.Lock()
			c.n[k]++
			c.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	})
}

func (c *callCounter) get(path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[path]
}

func (c *callCounter) snapshot() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, v := range c.n {
		out[k] = v
	}
	return out
}

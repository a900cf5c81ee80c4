package e2blocal_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestCreateResponse(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	resp, b := do(t, "POST", base+"/v2/sandboxes", strings.NewReader(`{"templateID":"base"}`), nil)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: got %d (%s), want 201", resp.StatusCode, b)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	id, _ := m["sandboxID"].(string)
	if len(id) != 21 || id[0] != 'i' || strings.Trim(id, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
		t.Errorf("sandboxID: got %q, want i + 20 [a-z0-9]", id)
	}
	for k, want := range map[string]any{"clientID": "6532622b", "envdVersion": "0.6.13", "domain": nil, "templateID": "base"} {
		if got, ok := m[k]; !ok || got != want {
			t.Errorf("%s: got %v (present %v), want %v", k, got, ok, want)
		}
	}
	if tok, _ := m["envdAccessToken"].(string); tok == "" {
		t.Errorf("envdAccessToken: got none, want one")
	}
}

func TestLifecycle(t *testing.T) {
	srv, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{"timeout": 60})
	sb.run(t, "z = 7")
	mustSandboxPIDs(t, sb.id) // the sandbox has live processes
	steps := []struct {
		method, path, body string
		want               int
	}{
		{"POST", "/sandboxes/" + sb.id + "/timeout", `{"timeout":120}`, http.StatusNoContent},
		{"POST", "/sandboxes/" + sb.id + "/timeout", `{"timeout":0}`, http.StatusBadRequest},
		{"POST", "/sandboxes/" + sb.id + "/timeout", `{"timeout":100000}`, http.StatusBadRequest},
		{"POST", "/sandboxes/" + sb.id + "/refreshes", `{"duration":10}`, http.StatusNoContent},
		{"POST", "/v2/sandboxes/" + sb.id + "/connect", `{}`, http.StatusOK},
		{"POST", "/sandboxes/" + sb.id + "/pause", `{}`, http.StatusNoContent},
		{"POST", "/sandboxes/" + sb.id + "/pause", `{}`, http.StatusConflict},
		{"POST", "/v2/sandboxes/" + sb.id + "/connect", `{"timeout":30}`, http.StatusCreated},
		{"GET", "/sandboxes/" + sb.id, ``, http.StatusOK},
		{"DELETE", "/sandboxes/" + sb.id, ``, http.StatusNoContent},
		{"DELETE", "/sandboxes/" + sb.id, ``, http.StatusNotFound},
		{"GET", "/sandboxes/" + sb.id, ``, http.StatusNotFound},
		{"POST", "/v2/sandboxes/" + sb.id + "/connect", `{}`, http.StatusNotFound},
	}
	for _, st := range steps {
		if st.method == "GET" && st.want == http.StatusOK {
			// After resume, memory survived the pause.
			if got := mainText(t, sb.run(t, "z")); got != "7" {
				t.Errorf("after pause and resume: got z=%s, want 7", got)
			}
		}
		resp, b := do(t, st.method, base+st.path, strings.NewReader(st.body), nil)
		if resp.StatusCode != st.want {
			t.Fatalf("%s %s %s: got %d (%s), want %d", st.method, st.path, st.body, resp.StatusCode, b, st.want)
		}
		if st.want >= 400 {
			var e wire.APIError
			if err := json.Unmarshal(b, &e); err != nil || e.Code != st.want || e.Message == "" {
				t.Errorf("%s %s: error body %s, want {code:%d,message}", st.method, st.path, b, st.want)
			}
		}
	}
	if !eventually(5*time.Second, func() bool { return len(sandboxPIDs(t, sb.id)) == 0 }) {
		t.Errorf("processes of killed sandbox still alive: %v", sandboxPIDs(t, sb.id))
	}
	resp, _ := do(t, "POST", base+"/execute", strings.NewReader(`{"code":"1"}`), sb.header(wire.CodeInterpreterPort))
	if resp.StatusCode != http.StatusBadGateway {
		t.Errorf("execute after kill: got %d, want 502", resp.StatusCode)
	}
	if ids := srv.Sandboxes(); len(ids) != 0 {
		t.Errorf("Sandboxes after kill: got %v, want none", ids)
	}
}

func TestKillSandboxFaultInjection(t *testing.T) {
	srv, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{})
	sb.run(t, "1")
	if len(sandboxPIDs(t, sb.id)) == 0 {
		t.Fatalf("no host process found for sandbox %s", sb.id)
	}
	resp, b := do(t, "GET", base+"/_local/sandboxes/"+sb.id+"/exec-count", nil, nil)
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(b)) != `{"execCount":1}` {
		t.Errorf("exec-count: got %d %s, want 200 {\"execCount\":1}", resp.StatusCode, b)
	}
	resp, _ = do(t, "POST", base+"/_local/sandboxes/"+sb.id+"/kill", nil, nil)
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("_local kill: got %d, want 204", resp.StatusCode)
	}
	if pids := sandboxPIDs(t, sb.id); len(pids) != 0 {
		t.Errorf("processes of killed sandbox still alive: %v", pids)
	}
	if resp, _ := do(t, "GET", base+"/sandboxes/"+sb.id, nil, nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("info after kill: got %d, want 404", resp.StatusCode)
	}
	if err := srv.KillSandbox(sb.id); err == nil {
		t.Errorf("second KillSandbox: got nil error, want not found")
	}
}

func TestTimeoutExpiry(t *testing.T) {
	srv, base := newServer(t, e2blocal.Config{})
	killed := create(t, base, map[string]any{"timeout": 1})
	paused := create(t, base, map[string]any{"timeout": 1, "autoPause": true})
	resumable := create(t, base, map[string]any{"timeout": 60, "autoPause": true, "autoResume": map[string]any{"enabled": true}})
	resumable.run(t, "w = 3")
	if resp, _ := do(t, "POST", base+"/sandboxes/"+resumable.id+"/timeout", strings.NewReader(`{"timeout":1}`), nil); resp.StatusCode != http.StatusNoContent {
		t.Fatalf("set timeout: got %d, want 204", resp.StatusCode)
	}
	if !eventually(5*time.Second, func() bool { return !slices.Contains(srv.Sandboxes(), killed.id) }) {
		t.Fatalf("sandbox with timeout 1s still alive after 5s")
	}
	if resp, _ := do(t, "GET", base+"/sandboxes/"+killed.id, nil, nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("expired sandbox info: got %d, want 404", resp.StatusCode)
	}
	var d wire.SandboxDetail
	if !eventually(5*time.Second, func() bool {
		_, b := do(t, "GET", base+"/sandboxes/"+paused.id, nil, nil)
		return json.Unmarshal(b, &d) == nil && d.State == "paused"
	}) {
		t.Errorf("autoPause sandbox: got state %q, want paused", d.State)
	}
	if resp, _ := do(t, "POST", base+"/execute", strings.NewReader(`{"code":"1"}`), paused.header(wire.CodeInterpreterPort)); resp.StatusCode != http.StatusBadGateway {
		t.Errorf("execute in paused sandbox: got %d, want 502", resp.StatusCode)
	}
	if !eventually(5*time.Second, func() bool {
		_, b := do(t, "GET", base+"/sandboxes/"+resumable.id, nil, nil)
		return json.Unmarshal(b, &d) == nil && d.State == "paused"
	}) {
		t.Fatalf("autoResume sandbox: got state %q, want paused", d.State)
	}
	if got := mainText(t, resumable.run(t, "w")); got != "3" {
		t.Errorf("after auto-resume: got w=%s, want 3", got)
	}
}

func TestList(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	want := map[string]bool{}
	for i := range 3 {
		meta := map[string]any{"job": "a", "k y": "v&w"}
		if i == 2 {
			meta["job"] = "b"
		}
		sb := create(t, base, map[string]any{"metadata": meta})
		if i < 2 {
			want[sb.id] = true
		}
	}
	// The SDK escapes each key and value, joins them, and the query encoding escapes the whole again.
	filter := url.QueryEscape("job") + "=" + url.QueryEscape("a") + "&" + url.QueryEscape("k y") + "=" + url.QueryEscape("v&w")
	q := url.Values{"metadata": {url.QueryEscape(filter)}, "limit": {"1"}}
	got := map[string]bool{}
	pages := 0
	for {
		resp, b := do(t, "GET", base+"/v2/sandboxes?"+q.Encode(), nil, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("list: got %d (%s), want 200", resp.StatusCode, b)
		}
		if got := resp.Header.Get(wire.HeaderTotalRunning); got != "2" {
			t.Errorf("X-Total-Running: got %q, want 2", got)
		}
		var page []wire.ListedSandbox
		if err := json.Unmarshal(b, &page); err != nil {
			t.Fatal(err)
		}
		pages++
		for _, l := range page {
			got[l.SandboxID] = true
		}
		next := resp.Header.Get(wire.HeaderNextToken)
		if next == "" {
			break
		}
		if pages > 5 {
			t.Fatal("pagination does not end")
		}
		q.Set("nextToken", next)
	}
	if len(got) != len(want) || pages != 2 {
		t.Errorf("listed: got %v in %d pages, want %v in 2 pages", got, pages, want)
	}
	for id := range want {
		if !got[id] {
			t.Errorf("listed: missing %s", id)
		}
	}

	bad := []string{"limit=0", "limit=101", "order=up", "state=dead", "metadata=" + url.QueryEscape(url.QueryEscape("novalue"))}
	for _, qs := range bad {
		if resp, _ := do(t, "GET", base+"/v2/sandboxes?"+qs, nil, nil); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("list ?%s: got %d, want 400", qs, resp.StatusCode)
		}
	}

	resp, b := do(t, "GET", base+"/v2/sandboxes?order=asc", nil, nil)
	var all []wire.ListedSandbox
	if err := json.Unmarshal(b, &all); err != nil || resp.StatusCode != http.StatusOK || len(all) != 3 {
		t.Fatalf("list asc: got %d %s, want 3 sandboxes", resp.StatusCode, b)
	}
	if !sort.SliceIsSorted(all, func(i, j int) bool { return all[i].StartedAt.Before(all[j].StartedAt) }) {
		t.Errorf("list asc: not in ascending start order")
	}
}

func TestAPIKey(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{APIKey: "secret-key"})
	resp, b := do(t, "GET", base+"/v2/sandboxes", nil, nil)
	var e wire.APIError
	if resp.StatusCode != http.StatusUnauthorized || json.Unmarshal(b, &e) != nil || e.Code != 401 {
		t.Errorf("without key: got %d %s, want 401 JSON", resp.StatusCode, b)
	}
	if resp, _ := do(t, "GET", base+"/v2/sandboxes", nil, map[string]string{"X-API-KEY": "secret-key"}); resp.StatusCode != http.StatusOK {
		t.Errorf("with key: got %d, want 200", resp.StatusCode)
	}
}

// A kill answers once the sandbox's processes are gone; its disk and dirs
// go after the answer, and are gone when the server has closed.
func TestKillCleansUpAfterItsAnswer(t *testing.T) {
	root := t.TempDir()
	// The sandboxes' own users must reach their dirs under it.
	for _, dir := range []string{filepath.Dir(root), root} {
		if err := os.Chmod(dir, 0o711); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := e2blocal.New(e2blocal.Config{Python: python, Root: root, Logger: slog.New(slog.NewTextHandler(t.Output(), nil))})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if err := pythonCheck(); err != nil {
		t.Skipf("%s lacks the code interpreter's packages: %v", python, err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	for range 3 {
		sb := create(t, hs.URL, map[string]any{})
		sb.run(t, "open('/home/user/f.txt', 'w').write('x' * 100000)")
		if resp, b := do(t, "DELETE", hs.URL+"/sandboxes/"+sb.id, nil, nil); resp.StatusCode != http.StatusNoContent {
			t.Fatalf("kill: got %d %s, want 204", resp.StatusCode, b)
		}
		if pids := sandboxPIDs(t, sb.id); len(pids) != 0 {
			t.Errorf("processes of the killed sandbox %s still alive after the kill's answer: %v", sb.id, pids)
		}
		if _, running := srv.Capacity(); running != 0 {
			t.Errorf("running after the kill: %d, want 0", running)
		}
	}
	if err := srv.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	left, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range left {
		names = append(names, e.Name())
	}
	if len(names) != 0 {
		t.Errorf("left under the server's root after Close: %v", names)
	}
}

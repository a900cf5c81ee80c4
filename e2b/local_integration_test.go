//go:build integration

package e2b_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// TestAgainstLocalServer drives the client against the local E2B-compatible
// server, which runs the code in a real IPython kernel:
//
//	go test -tags integration -run TestAgainstLocalServer ./e2b/
func TestAgainstLocalServer(t *testing.T) {
	const python = "/usr/bin/python3"
	if out, err := exec.Command(python, "-c", "import IPython, pandas, matplotlib").CombinedOutput(); err != nil {
		t.Skipf("%s lacks IPython/pandas/matplotlib: %v: %s", python, err, out)
	}
	srv, err := e2blocal.New(e2blocal.Config{APIKey: "k", Python: python})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	c, err := e2b.NewClient(e2b.WithAPIKey("k"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	meta := map[string]string{"workflow": "wf 1&2"}
	sb, err := c.Create(ctx, e2b.CreateParams{Template: e2b.CodeInterpreterTemplate, Timeout: time.Minute, Metadata: meta})
	if err != nil {
		t.Fatal(err)
	}

	ex, err := sb.RunCode(ctx, "import matplotlib.pyplot as plt\nprint('hello')\nplt.plot([1, 2, 3], [1, 4, 9])\nplt.show()\n2 + 2", nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(ex.Logs.Stdout, "") != "hello\n" || ex.Text() != "4" || ex.Error != nil {
		t.Errorf("RunCode: stdout %q, text %q, error %v", ex.Logs.Stdout, ex.Text(), ex.Error)
	}
	pngs := 0
	for _, r := range ex.Results {
		if r.PNG != "" {
			pngs++
		}
	}
	if pngs != 1 {
		t.Errorf("got %d PNG results, want 1", pngs)
	}
	if ex, err := sb.RunCode(ctx, "undefined_name", nil); err != nil || ex.Error == nil || ex.Error.Name != "NameError" {
		t.Errorf("error in code: got %+v, %v", ex, err)
	}

	res, err := sb.Commands().Run(ctx, `echo hi; echo warn >&2; printf 'caf\xc3\xa9'`, nil)
	if err != nil || res.Stdout != "hi\ncafé" || res.Stderr != "warn\n" {
		t.Errorf("command: got %+v, %v", res, err)
	}
	var exitErr *e2b.CommandExitError
	if _, err := sb.Commands().Run(ctx, "exit 3", nil); !errors.As(err, &exitErr) || exitErr.Result.ExitCode != 3 {
		t.Errorf("exit 3: got %v", err)
	}

	fs := sb.Files()
	if _, err := fs.Write(ctx, "/home/user/x/data.csv", []byte("a,b\n1,2\n")); err != nil {
		t.Fatal(err)
	}
	if b, err := fs.Read(ctx, "/home/user/x/data.csv"); err != nil || string(b) != "a,b\n1,2\n" {
		t.Errorf("read back: got %q, %v", b, err)
	}
	if l, err := fs.List(ctx, "/home/user/x", 1); err != nil || len(l) != 1 || l[0].Size != 8 {
		t.Errorf("list: got %+v, %v", l, err)
	}
	if ok, err := fs.Exists(ctx, "/home/user/nope"); ok || err != nil {
		t.Errorf("exists: got %v, %v", ok, err)
	}

	var found []string
	for info, err := range c.List(ctx, e2b.ListParams{Metadata: meta}) {
		if err != nil {
			t.Fatal(err)
		}
		found = append(found, info.ID)
	}
	if len(found) != 1 || found[0] != sb.ID {
		t.Errorf("list by metadata: got %v, want [%s]", found, sb.ID)
	}

	if ok, err := sb.Kill(ctx); !ok || err != nil {
		t.Fatalf("kill: got %v, %v", ok, err)
	}
	if _, err := sb.RunCode(ctx, "1", nil); !e2b.IsSandboxGone(err) {
		t.Errorf("RunCode after kill: got %v, want sandbox gone", err)
	}
	if _, err := c.Connect(ctx, sb.ID, 0); !e2b.IsSandboxGone(err) {
		t.Errorf("Connect after kill: got %v, want sandbox gone", err)
	}
}

package e2blocal_test

import (
	"strings"
	"testing"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// TestTracebackJoinedLikeE2B checks the error line's traceback is the
// IPython frames joined with "" as E2B's code-interpreter server does, so a
// model sees the same text locally as in E2B cloud.
func TestTracebackJoinedLikeE2B(t *testing.T) {
	_, url := newServer(t, e2blocal.Config{})
	sb := create(t, url, map[string]any{})
	errs := ofType(sb.run(t, "undefined_name_xyz"), "error")
	if len(errs) != 1 {
		t.Fatalf("errors: got %d, want 1", len(errs))
	}
	const rule = "---------------------------------------------------------------------------"
	const want = rule + "NameError                                 Traceback (most recent call last)Cell In "
	tb, _ := errs[0]["traceback"].(string)
	if !strings.HasPrefix(tb, want) {
		t.Errorf("traceback: got %q, want it to start with %q", tb, want)
	}
	if end := "----> 1 undefined_name_xyz\nNameError: name 'undefined_name_xyz' is not defined"; !strings.HasSuffix(tb, end) {
		t.Errorf("traceback: got %q, want it to end with %q", tb, end)
	}
}

package sandboxes_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/uber-go/tally/v4"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/api/workflowservice/v1"
	sdktally "go.temporal.io/sdk/contrib/tally"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// fakeDescriber answers DescribeWorkflowExecution from a table keyed by
// "workflowID/runID"; a missing key is NotFound.
type fakeDescriber struct {
	mu       sync.Mutex
	statuses map[string]enumspb.WorkflowExecutionStatus
	errs     map[string]error
	calls    []string
}

func (f *fakeDescriber) DescribeWorkflowExecution(_ context.Context, id, runID string) (*workflowservice.DescribeWorkflowExecutionResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	key := id + "/" + runID
	f.calls = append(f.calls, key)
	if err := f.errs[key]; err != nil {
		return nil, err
	}
	st, ok := f.statuses[key]
	if !ok {
		return nil, serviceerror.NewNotFound("workflow execution not found")
	}
	return &workflowservice.DescribeWorkflowExecutionResponse{
		WorkflowExecutionInfo: &workflowpb.WorkflowExecutionInfo{Status: st},
	}, nil
}

func testLogger(t *testing.T) *slog.Logger { return slog.New(slog.NewTextHandler(t.Output(), nil)) }

// newLocalE2B starts an in-process e2blocal server on 127.0.0.1 and returns
// it with a client.
func newLocalE2B(t *testing.T) (*e2blocal.Server, *e2b.Client, string) {
	t.Helper()
	const python = "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		t.Skipf("no %s for the local E2B server: %v", python, err)
	}
	// Twelve sandboxes, more than the default capacity on a small host.
	srv, err := e2blocal.New(e2blocal.Config{APIKey: "k", Root: t.TempDir(), Python: python, Isolation: "none", Logger: testLogger(t), MaxSandboxes: -1})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.Close()
		if err := srv.Close(); err != nil {
			t.Errorf("close local E2B server: %v", err)
		}
	})
	c, err := e2b.NewClient(e2b.WithAPIKey("k"), e2b.WithAPIURL(hs.URL), e2b.WithSandboxURL(hs.URL))
	if err != nil {
		t.Fatal(err)
	}
	return srv, c, hs.URL
}

func TestSweepOnce(t *testing.T) {
	srv, c, _ := newLocalE2B(t)
	ctx := context.Background()

	// Each sandbox names a workflow run in its metadata (or not at all).
	boxes := []struct {
		name     string
		meta     map[string]string
		wantKill bool
	}{
		{"running", map[string]string{activities.MetaWorkflowID: "wf-running", activities.MetaRunID: "r1"}, false},
		{"completed", map[string]string{activities.MetaWorkflowID: "wf-completed", activities.MetaRunID: "r1"}, true},
		{"terminated", map[string]string{activities.MetaWorkflowID: "wf-terminated", activities.MetaRunID: "r1"}, true},
		{"timed out", map[string]string{activities.MetaWorkflowID: "wf-timedout", activities.MetaRunID: "r1"}, true},
		{"continued as new", map[string]string{activities.MetaWorkflowID: "wf-can", activities.MetaRunID: "r1"}, true},
		{"not found", map[string]string{activities.MetaWorkflowID: "wf-gone", activities.MetaRunID: "r1"}, true},
		{"describe fails", map[string]string{activities.MetaWorkflowID: "wf-unavailable", activities.MetaRunID: "r1"}, false},
		{"unspecified status", map[string]string{activities.MetaWorkflowID: "wf-unspecified", activities.MetaRunID: "r1"}, false},
		{"other namespace", map[string]string{activities.MetaWorkflowID: "wf-gone", activities.MetaRunID: "r1", activities.MetaNamespace: "other"}, false},
		{"same namespace", map[string]string{activities.MetaWorkflowID: "wf-gone", activities.MetaRunID: "r1", activities.MetaNamespace: "default"}, true},
		{"not ours", map[string]string{"owner": "someone else"}, false},
		{"no metadata", nil, false},
	}
	fake := &fakeDescriber{
		statuses: map[string]enumspb.WorkflowExecutionStatus{
			"wf-running/r1":     enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING,
			"wf-completed/r1":   enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED,
			"wf-terminated/r1":  enumspb.WORKFLOW_EXECUTION_STATUS_TERMINATED,
			"wf-timedout/r1":    enumspb.WORKFLOW_EXECUTION_STATUS_TIMED_OUT,
			"wf-can/r1":         enumspb.WORKFLOW_EXECUTION_STATUS_CONTINUED_AS_NEW,
			"wf-unspecified/r1": enumspb.WORKFLOW_EXECUTION_STATUS_UNSPECIFIED,
		},
		errs: map[string]error{"wf-unavailable/r1": serviceerror.NewUnavailable("frontend is down")},
	}
	ids := make(map[string]string, len(boxes)) // name -> sandbox id
	for _, b := range boxes {
		sb, err := c.Create(ctx, e2b.CreateParams{Template: e2b.CodeInterpreterTemplate, Timeout: time.Minute, Metadata: b.meta})
		if err != nil {
			t.Fatalf("create sandbox %q: %v", b.name, err)
		}
		ids[b.name] = sb.ID
	}

	// Within the grace period nothing is touched, not even described.
	young := &sandboxes.Sweeper{E2B: c, Temporal: fake, Namespace: "default", Grace: time.Hour, Logger: testLogger(t)}
	killed, err := young.SweepOnce(ctx)
	if err != nil || len(killed) != 0 {
		t.Fatalf("sweep with 1h grace: killed %v, err %v; want nothing", killed, err)
	}
	if len(fake.calls) != 0 {
		t.Errorf("sweep with 1h grace described %v, want no calls", fake.calls)
	}
	if got := len(srv.Sandboxes()); got != len(boxes) {
		t.Fatalf("after sweep with 1h grace: %d sandboxes, want %d", got, len(boxes))
	}

	s := &sandboxes.Sweeper{E2B: c, Temporal: fake, Namespace: "default", Logger: testLogger(t)}
	killed, err = s.SweepOnce(ctx)
	var unavailable *serviceerror.Unavailable
	if !errors.As(err, &unavailable) {
		t.Errorf("sweep error: got %v, want the Unavailable of the failed describe", err)
	}
	if err == nil || !containsAll(err.Error(), "wf-unavailable", ids["describe fails"], "wf-unspecified") {
		t.Errorf("sweep error %q does not name the workflows and sandbox that failed", err)
	}
	live := srv.Sandboxes()
	for _, b := range boxes {
		id := ids[b.name]
		if got := slices.Contains(killed, id); got != b.wantKill {
			t.Errorf("%s: reported killed = %v, want %v", b.name, got, b.wantKill)
		}
		if alive := slices.Contains(live, id); alive == b.wantKill {
			t.Errorf("%s: alive after sweep = %v, want %v", b.name, alive, !b.wantKill)
		}
	}

	// A second sweep finds nothing more to kill.
	killed, _ = s.SweepOnce(ctx)
	if len(killed) != 0 {
		t.Errorf("second sweep killed %v, want nothing", killed)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func TestSweepListError(t *testing.T) {
	_, _, url := newLocalE2B(t)
	bad, err := e2b.NewClient(e2b.WithAPIKey("wrong"), e2b.WithAPIURL(url), e2b.WithSandboxURL(url))
	if err != nil {
		t.Fatal(err)
	}
	s := &sandboxes.Sweeper{E2B: bad, Temporal: &fakeDescriber{}, Logger: testLogger(t)}
	killed, err := s.SweepOnce(context.Background())
	if err == nil || !e2b.IsAuth(err) || len(killed) != 0 {
		t.Fatalf("sweep with a wrong E2B key: killed %v, err %v; want an auth error and nothing killed", killed, err)
	}
}

type notFound struct{}

func (notFound) DescribeWorkflowExecution(context.Context, string, string) (*workflowservice.DescribeWorkflowExecutionResponse, error) {
	return nil, serviceerror.NewNotFound("workflow execution not found")
}

func TestSweeperMetrics(t *testing.T) {
	_, c, _ := acttest.LocalSandbox(t)
	ctx := context.Background()
	for _, id := range []string{"wf-gone-1", "wf-gone-2"} {
		_, err := c.Create(ctx, e2b.CreateParams{Template: "code-interpreter-v1", Timeout: time.Minute,
			Metadata: map[string]string{activities.MetaWorkflowID: id, activities.MetaRunID: "r"}})
		require.NoError(t, err)
	}
	scope := tally.NewTestScope("", nil)
	s := &sandboxes.Sweeper{E2B: c, Temporal: notFound{}, Metrics: sdktally.NewMetricsHandler(scope)}
	killed, err := s.SweepOnce(ctx)
	require.NoError(t, err)
	require.Len(t, killed, 2)
	acttest.CheckCounters(t, acttest.Counters(scope, nil), map[string]int64{activities.MetricSweeperKilled: 2})

	// Without a handler the sweeper counts nothing and works the same.
	_, err = (&sandboxes.Sweeper{E2B: c, Temporal: notFound{}}).SweepOnce(ctx)
	require.NoError(t, err)
}

package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.temporal.io/api/operatorservice/v1"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// TestEnsureNexusEndpoint runs what make run does on a real dev server,
// twice (a second make run against the same server must not fail), and
// checks the endpoint routes to the worker's namespace and task queue.
func TestEnsureNexusEndpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server; skipped in -short mode")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	tmp, stop, err := devstack.StartTemporal(ctx, devstack.Options{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	var said []string
	say := func(f string, a ...any) { said = append(said, f) }
	for i := range 2 {
		if err := ensureNexusEndpoint(ctx, tmp, say); err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
	}
	c, err := dialQuiet(ctx, tmp)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	resp, err := c.OperatorService().ListNexusEndpoints(ctx, &operatorservice.ListNexusEndpointsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(resp.GetEndpoints()); n != 1 {
		t.Fatalf("got %d endpoints, want 1", n)
	}
	spec := resp.GetEndpoints()[0].GetSpec()
	w := spec.GetTarget().GetWorker()
	if spec.GetName() != api.NexusEndpoint || w.GetNamespace() != tmp.Namespace || w.GetTaskQueue() != taskQueue {
		t.Errorf("got endpoint %s → %s/%s, want %s → %s/%s", spec.GetName(), w.GetNamespace(), w.GetTaskQueue(),
			api.NexusEndpoint, tmp.Namespace, taskQueue)
	}
	if len(said) != 2 || !strings.HasPrefix(said[0], "Nexus endpoint") {
		t.Errorf("got %q said, want the endpoint announced on each run", said)
	}
}

package nexus

import (
	"context"
	"errors"
	"testing"

	"github.com/nexus-rpc/sdk-go/nexus"
	enumspb "go.temporal.io/api/enums/v1"

	"github.com/durable-analyst/durable-analyst/api"
)

func TestStartOptions(t *testing.T) {
	tests := []struct {
		name, prefix, requestID string
		wantID                  string
		wantBadRequest          bool
	}{
		{name: "analysis", prefix: analysisIDPrefix, requestID: "5f0c", wantID: "nexus-analysis-5f0c"},
		{name: "batch", prefix: batchIDPrefix, requestID: "5f0c", wantID: "nexus-batch-5f0c"},
		{name: "no request id", prefix: analysisIDPrefix, wantBadRequest: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			get := startOptions[api.AnalysisInput](tt.prefix)
			o, err := get(context.Background(), api.AnalysisInput{}, nexus.StartOperationOptions{RequestID: tt.requestID})
			if tt.wantBadRequest {
				var he *nexus.HandlerError
				if !errors.As(err, &he) || he.Type != nexus.HandlerErrorTypeBadRequest {
					t.Fatalf("got error %v, want a BadRequest handler error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if o.ID != tt.wantID {
				t.Errorf("got workflow id %q, want %q", o.ID, tt.wantID)
			}
			if o.WorkflowIDReusePolicy != enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE {
				t.Errorf("got reuse policy %v, want REJECT_DUPLICATE (an id is one operation's)", o.WorkflowIDReusePolicy)
			}
			// Same request id (a retried start), same workflow id.
			again, _ := get(context.Background(), api.AnalysisInput{Question: "other"}, nexus.StartOperationOptions{RequestID: tt.requestID})
			if again.ID != o.ID {
				t.Errorf("retried start: got workflow id %q, want %q", again.ID, o.ID)
			}
		})
	}
}

func TestNewOperations(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != api.NexusService {
		t.Errorf("got service %q, want %q", s.Name, api.NexusService)
	}
	for _, op := range []string{api.NexusAnalyzeOperation, api.NexusAnalyzeBatchOperation} {
		if s.Operation(op) == nil {
			t.Errorf("service %s has no operation %q", s.Name, op)
		}
	}
}

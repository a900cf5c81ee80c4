package nexus

import (
	"context"
	"fmt"

	nexuspb "go.temporal.io/api/nexus/v1"
	"go.temporal.io/api/operatorservice/v1"
	"google.golang.org/grpc"
)

// EndpointOperator is the part of the Temporal operator API EnsureEndpoint
// uses (client.Client.OperatorService() has it).
type EndpointOperator interface {
	ListNexusEndpoints(ctx context.Context, in *operatorservice.ListNexusEndpointsRequest, opts ...grpc.CallOption) (*operatorservice.ListNexusEndpointsResponse, error)
	CreateNexusEndpoint(ctx context.Context, in *operatorservice.CreateNexusEndpointRequest, opts ...grpc.CallOption) (*operatorservice.CreateNexusEndpointResponse, error)
	UpdateNexusEndpoint(ctx context.Context, in *operatorservice.UpdateNexusEndpointRequest, opts ...grpc.CallOption) (*operatorservice.UpdateNexusEndpointResponse, error)
}

// EnsureEndpoint makes the Nexus endpoint name route to the worker task
// queue taskQueue of namespace, as
//
//	temporal operator nexus endpoint create --name NAME \
//	  --target-namespace NAMESPACE --target-task-queue TASK_QUEUE
//
// does, but idempotently: an endpoint of that name that already routes
// there is kept, one that routes elsewhere is updated.
func EnsureEndpoint(ctx context.Context, op EndpointOperator, name, namespace, taskQueue string) error {
	spec := &nexuspb.EndpointSpec{
		Name: name,
		Target: &nexuspb.EndpointTarget{Variant: &nexuspb.EndpointTarget_Worker_{
			Worker: &nexuspb.EndpointTarget_Worker{Namespace: namespace, TaskQueue: taskQueue},
		}},
	}
	list, err := op.ListNexusEndpoints(ctx, &operatorservice.ListNexusEndpointsRequest{Name: name})
	if err != nil {
		return fmt.Errorf("nexus endpoint %s: list: %w", name, err)
	}
	for _, ep := range list.GetEndpoints() {
		if ep.GetSpec().GetName() != name {
			continue
		}
		w := ep.GetSpec().GetTarget().GetWorker()
		if w.GetNamespace() == namespace && w.GetTaskQueue() == taskQueue {
			return nil
		}
		if _, err := op.UpdateNexusEndpoint(ctx, &operatorservice.UpdateNexusEndpointRequest{
			Id: ep.GetId(), Version: ep.GetVersion(), Spec: spec,
		}); err != nil {
			return fmt.Errorf("nexus endpoint %s: update target to %s/%s: %w", name, namespace, taskQueue, err)
		}
		return nil
	}
	if _, err := op.CreateNexusEndpoint(ctx, &operatorservice.CreateNexusEndpointRequest{Spec: spec}); err != nil {
		return fmt.Errorf("nexus endpoint %s: create (target %s/%s): %w", name, namespace, taskQueue, err)
	}
	return nil
}

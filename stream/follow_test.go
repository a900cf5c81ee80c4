package stream

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	workflowpb "go.temporal.io/api/workflow/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
)

// notReadyClient is a Temporal client whose analysis is running and whose
// stream's Update is refused as the server refuses it while the last
// workflow task has failed, refusals times, then answered with answer.
type notReadyClient struct {
	client.Client
	refusals int
	polls    int
	answer   api.StreamPollResult
}

func (c *notReadyClient) DescribeWorkflowExecution(context.Context, string, string) (*workflowservice.DescribeWorkflowExecutionResponse, error) {
	return &workflowservice.DescribeWorkflowExecutionResponse{WorkflowExecutionInfo: &workflowpb.WorkflowExecutionInfo{
		Status: enums.WORKFLOW_EXECUTION_STATUS_RUNNING,
	}}, nil
}

func (c *notReadyClient) UpdateWorkflow(context.Context, client.UpdateWorkflowOptions) (client.WorkflowUpdateHandle, error) {
	c.polls++
	if c.polls <= c.refusals {
		return nil, serviceerror.NewWorkflowNotReady("Unable to perform workflow execution update due to Workflow Task in failed state.")
	}
	return answered{c.answer}, nil
}

type answered struct{ res api.StreamPollResult }

func (answered) WorkflowID() string { return "" }
func (answered) RunID() string      { return "" }
func (answered) UpdateID() string   { return "" }
func (a answered) Get(_ context.Context, v any) error {
	*v.(*api.StreamPollResult) = a.res
	return nil
}

// TestFollowWaitsOutAFailedWorkflowTask: a poll that meets a failed
// workflow task (the server's WorkflowNotReady) is asked again until the
// next task answers it; one that keeps failing ends the follow with the
// server's own message.
func TestFollowWaitsOutAFailedWorkflowTask(t *testing.T) {
	defer func(p time.Duration) { notReadyPause = p }(notReadyPause)
	notReadyPause = time.Millisecond
	ended, err := Encode(api.StreamEvent{Kind: api.EventEnded, Status: "answered"})
	require.NoError(t, err)
	c := &notReadyClient{refusals: 3, answer: api.StreamPollResult{Items: []api.StreamItem{{Offset: 0, Data: ended}}, NextOffset: 1}}
	var got []Event
	require.NoError(t, Follow(context.Background(), c, "a-1", FollowOptions{}, func(ev Event) error {
		got = append(got, ev)
		return nil
	}))
	assert.Equal(t, 4, c.polls, "three refused polls and the one answered")
	require.Len(t, got, 1)
	assert.Equal(t, api.EventEnded, got[0].Kind)

	stuck := &notReadyClient{refusals: 1 << 30}
	err = Follow(context.Background(), stuck, "a-2", FollowOptions{}, func(Event) error { return nil })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Workflow Task in failed state")
	assert.Equal(t, notReadyPolls+1, stuck.polls)
}

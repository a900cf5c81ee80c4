package e2e

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"google.golang.org/protobuf/proto"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
)

// Small history: a long analysis (24 code steps, each printing 3 KB) must
// not grow its history per step as it goes — the conversation lives in S3,
// not in activity inputs. Bytes per step are measured between CallModel
// schedules on the history fetched from the server.
func TestHistoryBytesPerStepDoNotGrow(t *testing.T) { checkBytesPerStep(t, newEnv(t)) }

// TestHistoryBytesPerStepDoNotGrowChat: the same with the worker on Chat
// Completions, whose conversation lives in S3 too.
func TestHistoryBytesPerStepDoNotGrowChat(t *testing.T) {
	e := newEnv(t)
	e.useAPI(config.OpenAIAPIChat)
	checkBytesPerStep(t, e)
}

// checkBytesPerStep runs the long analysis on e's worker and measures its
// history per step.
func checkBytesPerStep(t *testing.T, e *env) {
	id := "e2e-long-" + time.Now().Format("150405.000")
	run := e.start(id, api.AnalysisInput{Question: "sum the steps", Model: "script:long-run", MaxSteps: 30})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	require.Equal(t, "The sum is 299.", res.Answer)
	require.Equal(t, 25, res.StepsUsed)

	var perStep, streamed []int
	total := 0
	for _, ev := range e.events(id, run.GetRunID()) {
		if ev.EventType == enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED &&
			ev.GetActivityTaskScheduledEventAttributes().GetActivityType().GetName() == "CallModel" {
			perStep = append(perStep, 0)
			streamed = append(streamed, 0)
		}
		n := proto.Size(ev)
		total += n
		if len(perStep) > 0 {
			perStep[len(perStep)-1] += n
			// The event stream's batches: at most STREAM_CELL_BYTES of
			// each output stream of a cell, by design (docs/stream.md),
			// with the workflow task each batch may cost (~600 bytes).
			if ev.EventType == enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED &&
				ev.GetWorkflowExecutionSignaledEventAttributes().GetSignalName() == api.StreamPublishSignal {
				streamed[len(streamed)-1] += n + 600
			}
		}
	}
	require.Len(t, perStep, 25)
	// Steps 3..24 do the same work (step 2 still carries step 1's small
	// output): the last must cost what the third did.
	// The event stream's batches are one to three a step, as the cell's
	// output meets the batching, so a step's size moves by a batch and its
	// workflow task (500-600 bytes, 10% of a step) from step to step, and
	// the medians of six steps can differ by one: compare the medians of
	// steps 3-8 and 19-24 with 10% and one batch to spare. A conversation
	// carried in the history would add at least its 3 KB outputs a step.
	first, last := median(perStep[2:8]), median(perStep[18:24])
	t.Logf("history: %d bytes in all; bytes per step: %v; of them the event stream's (with ~600 bytes a batch): %v", total, perStep, streamed)
	// Less is no growth.
	assert.LessOrEqual(t, float64(last), float64(first)*1.1+600,
		"bytes per step grew from %d (median of steps 3-8) to %d (median of steps 19-24)", first, last)
	last = perStep[len(perStep)-2]
	// Each cell prints 3 KB: a step holds less than one copy of it, as
	// the text for the model goes by key (workflows.ChangeToolOutputRefs);
	// the event stream holds its first KB, once.
	lastStreamed := streamed[len(streamed)-2]
	assert.Positive(t, lastStreamed, "the step published no output to the event stream")
	// STREAM_CELL_BYTES (1 KB, ~1.4 KB as base64) of output, in one to
	// three batches, each with its workflow task.
	assert.Less(t, lastStreamed, 5000, "step 24's event stream batches hold %d bytes: more than STREAM_CELL_BYTES and a few batches", lastStreamed)
	assert.Less(t, last-lastStreamed, 3000, "step 24 holds %d bytes besides its event stream: its 3 KB output is in the history", last-lastStreamed)
	assert.Less(t, total, 1<<20, "a 25-step analysis stays far below Temporal's 50 MB history limit")
	checkHistory(t, e, id, run.GetRunID())
}

// median is the middle of ns (the upper one of an even count).
func median(ns []int) int {
	s := slices.Clone(ns)
	slices.Sort(s)
	return s[len(s)/2]
}

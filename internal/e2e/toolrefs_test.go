package e2e

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/activities/tools"
)

// checkToolOutputsByReference checks a finished analysis of the
// sales-chart script: a cell's text for the model goes from RunCode to
// CallModel as the key of the cell record in S3
// (workflows.ChangeToolOutputRefs), so the history holds it nowhere, and
// the model — as the scripted server recorded each request — received
// exactly the text RunCode made.
func checkToolOutputsByReference(t *testing.T, e *env, id, runID string) {
	t.Helper()
	// What the history holds: RunCode inputs ask for the text by
	// reference, results carry keys, CallModel inputs pass the keys on.
	evs := e.events(id, runID)
	var history []byte
	keys := map[string]string{} // call id -> cell record key
	sched := map[int64]tools.RunCodeInput{}
	for _, ev := range evs {
		for _, p := range payloadsOf(ev) {
			history = append(history, p...)
		}
		if at := ev.GetActivityTaskScheduledEventAttributes(); at != nil {
			data := at.GetInput().GetPayloads()[0].GetData()
			switch at.GetActivityType().GetName() {
			case tools.RunCodeName:
				var in tools.RunCodeInput
				require.NoError(t, json.Unmarshal(data, &in))
				assert.True(t, in.OutputByRef, "RunCode of call %s asks for the text by reference", in.CallID)
				sched[ev.GetEventId()] = in
			case modelcall.CallModelName:
				var in modelcall.CallModelInput
				require.NoError(t, json.Unmarshal(data, &in))
				for _, o := range in.ToolOutputs {
					assert.Empty(t, o.Output, "step %d: tool output %s carries text", in.Step, o.CallID)
					assert.Equal(t, keys[o.CallID], o.OutputKey, "step %d: tool output %s", in.Step, o.CallID)
				}
			}
		}
		if at := ev.GetActivityTaskCompletedEventAttributes(); at != nil {
			in, ok := sched[at.GetScheduledEventId()]
			if !ok {
				continue
			}
			var rr tools.RunCodeResult
			require.NoError(t, json.Unmarshal(at.GetResult().GetPayloads()[0].GetData(), &rr))
			assert.Empty(t, rr.Output, "RunCode of call %s returned text", in.CallID)
			require.NotEmpty(t, rr.OutputKey)
			keys[in.CallID] = rr.OutputKey
		}
	}
	require.Len(t, keys, 2)

	// What the model received: the text in each cell record, exactly.
	received := map[string]string{}
	for _, r := range e.Model.Requests() {
		for callID, text := range r.ToolOutputs {
			received[callID] = text
		}
	}
	require.Len(t, received, 2, "the model received the output of both cells")
	for callID, k := range keys {
		var rec struct {
			ModelOutput string `json:"model_output"`
		}
		require.NoError(t, json.Unmarshal(e.getObject(k), &rec))
		require.NotEmpty(t, rec.ModelOutput, "cell record %s", k)
		if received[callID] != rec.ModelOutput {
			t.Errorf("call %s: the model received\n%q\nwant the cell record's text\n%q", callID, received[callID], rec.ModelOutput)
		}
	}
	// The stdout of the chart cell reached the model, and is nowhere in
	// the history (the code that printed it is, so search the printed values).
	for _, s := range []string{"top region: West", "48630.0"} {
		found := false
		for _, text := range received {
			found = found || bytes.Contains([]byte(text), []byte(s))
		}
		assert.True(t, found, "the model received %q", s)
		assert.False(t, bytes.Contains(history, []byte(s)), "the history holds the cell output %q", s)
	}
}

package tools

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
)

// TestToolOutputByReference: the text for the model is the same whether it
// goes inline or by reference. Inline, RunCode returns modelOutput of the
// cell record it stores; with OutputByRef it returns no text, and the text
// CallModel reads back under OutputKey is modelOutput of that record too —
// also when it was cut to MaxOutputBytes. A key outside the analysis's
// prefix is refused.
func TestToolOutputByReference(t *testing.T) {
	a, _, sb := outputsEnv(t)
	a.MaxOutputBytes = 1024 // so the 5,000-byte stdout is cut
	r, _ := newRunner(a)
	ctx := context.Background()
	const code = "print('x' * 5000)\nimport matplotlib.pyplot as plt\nplt.plot([1, 2]); plt.show()\n1/0"
	rendered := func(key string) string {
		var rec journal.Record
		require.NoError(t, a.GetJSON(ctx, key, &rec))
		rec.ModelOutput = ""
		text, _ := journal.ModelOutput(rec, a.MaxOutputBytes)
		return text
	}

	inline, err := r.run(RunCodeInput{WorkflowID: "wf-ref", RunID: "r1", SandboxID: sb.ID, Step: 1, Cell: 0, CallID: "c1", Code: code})
	require.NoError(t, err)
	require.True(t, inline.Truncated, "the stdout is cut: %q", inline.Output)
	require.Contains(t, inline.Output, "ZeroDivisionError")
	require.Len(t, inline.Charts, 1)
	if want := rendered(inline.OutputKey); inline.Output != want {
		t.Errorf("inline text:\ngot  %q\nwant %q", inline.Output, want)
	}

	byRef, err := r.run(RunCodeInput{WorkflowID: "wf-ref", RunID: "r1", SandboxID: sb.ID, Step: 2, Cell: 0, CallID: "c2", Code: code, OutputByRef: true})
	require.NoError(t, err)
	if byRef.Output != "" {
		t.Errorf("output with output_by_ref: got %d bytes of text, want none", len(byRef.Output))
	}
	require.Equal(t, "analyses/wf-ref/step-2/0-output.json", byRef.OutputKey)
	require.Len(t, byRef.Charts, 1, "charts still come back by key")
	require.True(t, byRef.Truncated)

	got, err := OutputText(ctx, a, "wf-ref", Output{CallID: "c2", OutputKey: byRef.OutputKey})
	require.NoError(t, err)
	require.Contains(t, got, "ZeroDivisionError")
	if want := rendered(byRef.OutputKey); got != want {
		t.Errorf("text read by key:\ngot  %q\nwant %q", got, want)
	}
	text, err := OutputText(ctx, a, "wf-ref", Output{CallID: "c3", Output: "inline"})
	require.NoError(t, err)
	require.Equal(t, "inline", text)

	for _, key := range []string{"analyses/other-wf/step-1/0-output.json", "analyses/wf-ref-2/step-1/0-output.json", "secret.json"} {
		_, err := OutputText(ctx, a, "wf-ref", Output{CallID: "c4", OutputKey: key})
		var appErr *temporal.ApplicationError
		if !errors.As(err, &appErr) || appErr.Type() != api.ErrTypeBadRequest || !appErr.NonRetryable() {
			t.Errorf("key %q of another analysis: got %v, want a non-retryable %s", key, err, api.ErrTypeBadRequest)
		}
	}
	_, err = OutputText(ctx, a, "wf-ref", Output{CallID: "c5", OutputKey: "analyses/wf-ref/step-9/0-output.json"})
	var appErr *temporal.ApplicationError
	if !errors.As(err, &appErr) || appErr.Type() != api.ErrTypeNotFound {
		t.Errorf("a missing cell record: got %v, want a %s error", err, api.ErrTypeNotFound)
	}
}

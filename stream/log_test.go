package stream_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/stream"
)

func events(t *testing.T, res api.StreamPollResult) []stream.Event {
	t.Helper()
	var out []stream.Event
	for _, it := range res.Items {
		ev, err := stream.Decode(it.Data)
		require.NoError(t, err)
		out = append(out, stream.Event{StreamEvent: ev, At: it.Offset})
	}
	return out
}

func output(step, cell int, streamName string, offset int, text string) api.StreamPublishEntry {
	data, err := stream.Encode(api.StreamEvent{Kind: api.EventOutput, Step: step, Cell: &cell, Stream: streamName, Offset: offset, Text: text})
	if err != nil {
		panic(err)
	}
	return api.StreamPublishEntry{Topic: api.StreamTopic, Data: data}
}

func TestLogOffsetsGrowAndReadsResume(t *testing.T) {
	l := stream.NewLog(nil, stream.DefaultLimits)
	require.NoError(t, l.Append(api.StreamEvent{Kind: api.EventStarted, Question: "q"}))
	require.NoError(t, l.Append(api.StreamEvent{Kind: api.EventStep, Step: 1}))
	res, err := l.Read(api.StreamPollInput{})
	require.NoError(t, err)
	evs := events(t, res)
	require.Len(t, evs, 2)
	assert.Equal(t, api.EventStarted, evs[0].Kind)
	assert.Equal(t, int64(1), evs[1].At)
	assert.Equal(t, int64(2), res.NextOffset)
	assert.False(t, l.Has(2))

	require.NoError(t, l.Append(api.StreamEvent{Kind: api.EventAnswer, Text: "42"}))
	res, err = l.Read(api.StreamPollInput{FromOffset: res.NextOffset})
	require.NoError(t, err)
	evs = events(t, res)
	require.Len(t, evs, 1)
	assert.Equal(t, "42", evs[0].Text)
	assert.Equal(t, int64(2), evs[0].At)

	res, err = l.Read(api.StreamPollInput{FromOffset: 3, Topics: []string{"other"}})
	require.NoError(t, err)
	assert.Empty(t, res.Items)
	assert.Equal(t, int64(3), res.NextOffset)
}

// A batch is taken once per publisher and sequence; a cell's output is
// held once whatever attempt sends it, however the pieces overlap.
func TestLogTakesEachOutputOnce(t *testing.T) {
	l := stream.NewLog(nil, stream.DefaultLimits)
	first := api.StreamPublishInput{PublisherID: "cell/r/1/0/1", Sequence: 1, Items: []api.StreamPublishEntry{output(1, 0, "stdout", 0, "line 1\n")}}
	assert.Equal(t, 1, l.Publish(first))
	assert.Equal(t, 0, l.Publish(first), "the same batch again")
	assert.Equal(t, 1, l.Publish(api.StreamPublishInput{PublisherID: "cell/r/1/0/1", Sequence: 2,
		Items: []api.StreamPublishEntry{output(1, 0, "stdout", 7, "line 2\n")}}))
	// The retried attempt reads the cell from its journal and sends it
	// all, from the start: only the third line is new.
	assert.Equal(t, 1, l.Publish(api.StreamPublishInput{PublisherID: "cell/r/1/0/2", Sequence: 1,
		Items: []api.StreamPublishEntry{output(1, 0, "stdout", 0, "line 1\nline 2\nline 3\n"), output(1, 0, "stderr", 0, "warn\n")}})-1)
	// A re-run after a rebuild repeats what the stream holds: nothing.
	assert.Equal(t, 0, l.Publish(api.StreamPublishInput{PublisherID: "cell/r/1/0/3", Sequence: 1,
		Items: []api.StreamPublishEntry{output(1, 0, "stdout", 0, "line 1\nline 2\n")}}))

	res, err := l.Read(api.StreamPollInput{})
	require.NoError(t, err)
	var stdout, stderr strings.Builder
	for _, ev := range events(t, res) {
		if ev.Stream == "stderr" {
			stderr.WriteString(ev.Text)
		} else {
			assert.Equal(t, stdout.Len(), ev.Offset, "each piece starts where the last ended")
			stdout.WriteString(ev.Text)
		}
	}
	assert.Equal(t, "line 1\nline 2\nline 3\n", stdout.String())
	assert.Equal(t, "warn\n", stderr.String())
}

// Beyond its window the log drops its oldest events; a read from before
// the new start fails with the offset to go on from, a read from 0 starts
// there.
func TestLogDropsTheOldestAndSaysWhereItStarts(t *testing.T) {
	l := stream.NewLog(nil, stream.Limits{MaxItems: 3})
	for i := 1; i <= 5; i++ {
		require.NoError(t, l.Append(api.StreamEvent{Kind: api.EventStep, Step: i}))
	}
	assert.Equal(t, int64(2), l.Base())
	_, err := l.Read(api.StreamPollInput{FromOffset: 1})
	var trunc *stream.TruncatedError
	require.True(t, errors.As(err, &trunc))
	assert.Equal(t, int64(2), trunc.Base)
	assert.Contains(t, err.Error(), "now starts at offset 2")
	res, err := l.Read(api.StreamPollInput{FromOffset: 0})
	require.NoError(t, err)
	evs := events(t, res)
	require.Len(t, evs, 3)
	assert.Equal(t, 3, evs[0].Step)
	assert.Equal(t, int64(2), evs[0].At)
}

// A poll's answer is cut to its byte bound; MoreReady says to poll again.
func TestLogCutsALargeAnswer(t *testing.T) {
	l := stream.NewLog(nil, stream.Limits{MaxPollBytes: 600})
	for i := 0; i < 4; i++ {
		require.NoError(t, l.Append(api.StreamEvent{Kind: api.EventModel, Text: strings.Repeat("x", 200)}))
	}
	res, err := l.Read(api.StreamPollInput{})
	require.NoError(t, err)
	require.NotEmpty(t, res.Items)
	require.Less(t, len(res.Items), 4)
	assert.True(t, res.MoreReady)
	n := len(res.Items)
	for res.MoreReady {
		res, err = l.Read(api.StreamPollInput{FromOffset: res.NextOffset})
		require.NoError(t, err)
		n += len(res.Items)
	}
	assert.Equal(t, 4, n)
}

// The next run continues the stream: offsets go on, the newest events are
// there, other publishers' sequences still de-duplicate.
func TestLogContinuesInTheNextRun(t *testing.T) {
	l := stream.NewLog(nil, stream.Limits{CarryBytes: 500})
	for i := 1; i <= 10; i++ {
		require.NoError(t, l.Append(api.StreamEvent{Kind: api.EventStep, Step: i}))
	}
	ext := api.StreamPublishInput{PublisherID: "svc", Sequence: 4, Items: []api.StreamPublishEntry{output(9, 0, "stdout", 0, "x")}}
	assert.Equal(t, 1, l.Publish(ext))
	st := l.State()
	assert.Greater(t, st.BaseOffset, int64(0), "the carried log is cut to its bytes")
	next := stream.NewLog(&st, stream.DefaultLimits)
	assert.Equal(t, l.Next(), next.Next())
	assert.Equal(t, 0, next.Publish(ext), "a batch taken before continue-as-new is not taken again")
	require.NoError(t, next.Append(api.StreamEvent{Kind: api.EventAnswer}))
	res, err := next.Read(api.StreamPollInput{FromOffset: l.Next()})
	require.NoError(t, err)
	require.Len(t, res.Items, 1)
	assert.Equal(t, l.Next(), res.Items[0].Offset)
}

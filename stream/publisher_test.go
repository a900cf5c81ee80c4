package stream_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/stream"
)

// sink is a workflow's log behind a publisher's Signal.
type sink struct {
	mu      sync.Mutex
	log     *stream.Log
	batches int
	at      []time.Time
}

func (s *sink) send(_ context.Context, in api.StreamPublishInput) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log.Publish(in)
	s.batches++
	s.at = append(s.at, time.Now())
	return nil
}

func (s *sink) stdout(t *testing.T) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	res, err := s.log.Read(api.StreamPollInput{})
	require.NoError(t, err)
	var b strings.Builder
	for _, ev := range events(t, res) {
		if ev.Stream == "stdout" {
			b.WriteString(ev.Text)
		}
	}
	return b.String()
}

// A line is sent as it is printed, not when the cell ends.
func TestPublisherSendsWhileTheCellRuns(t *testing.T) {
	s := &sink{log: stream.NewLog(nil, stream.DefaultLimits)}
	p := stream.NewPublisher(s.send, "cell/r/1/0/1", 1, 0, 0)
	p.Start(context.Background())
	p.Write("stdout", "first\n")
	require.Eventually(t, func() bool { return s.stdout(t) == "first\n" }, 2*time.Second, 5*time.Millisecond)
	p.Write("stdout", "second\n")
	cut, err := p.Finish(context.Background(), "first\nsecond\nthird\n", "")
	require.NoError(t, err)
	assert.False(t, cut)
	assert.Equal(t, "first\nsecond\nthird\n", s.stdout(t))
}

// Output beyond the budget is not sent, and Finish says the stream holds
// only the start; the cut falls on a character boundary.
func TestPublisherKeepsToItsBudget(t *testing.T) {
	s := &sink{log: stream.NewLog(nil, stream.DefaultLimits)}
	p := stream.NewPublisher(s.send, "cell/r/1/0/1", 1, 0, 10)
	p.Start(context.Background())
	p.Write("stdout", "ééééééé") // 14 bytes
	cut, err := p.Finish(context.Background(), "ééééééé\nmore", "")
	require.NoError(t, err)
	assert.True(t, cut)
	assert.Equal(t, "ééééé", s.stdout(t))
}

// A crash mid-cell: the first attempt sent part of the output, the retry
// reads the whole from the journal and sends it; the stream holds it once.
func TestPublisherRetryRepeatsNothing(t *testing.T) {
	s := &sink{log: stream.NewLog(nil, stream.DefaultLimits)}
	first := stream.NewPublisher(s.send, "cell/r/2/1/1", 2, 1, 0)
	first.Start(context.Background())
	first.Write("stdout", "a\n")
	first.Write("stdout", "b\n")
	require.Eventually(t, func() bool { return s.stdout(t) == "a\nb\n" }, 2*time.Second, 5*time.Millisecond)
	first.Close() // the worker died

	retry := stream.NewPublisher(s.send, "cell/r/2/1/2", 2, 1, 0)
	_, err := retry.Finish(context.Background(), "a\nb\nc\n", "")
	require.NoError(t, err)
	assert.Equal(t, "a\nb\nc\n", s.stdout(t))
}

// Batches are spaced: a cell that prints a line every millisecond sends a
// handful of batches, not one per line.
func TestPublisherBatches(t *testing.T) {
	s := &sink{log: stream.NewLog(nil, stream.DefaultLimits)}
	p := stream.NewPublisher(s.send, "cell/r/1/0/1", 1, 0, 1<<20)
	p.Start(context.Background())
	var all strings.Builder
	for i := 0; i < 300; i++ {
		line := strings.Repeat("y", 10) + "\n"
		all.WriteString(line)
		p.Write("stdout", line)
		time.Sleep(time.Millisecond)
	}
	_, err := p.Finish(context.Background(), all.String(), "")
	require.NoError(t, err)
	assert.Equal(t, all.String(), s.stdout(t))
	assert.Less(t, s.batches, 30, "300 lines in ~0.3 s")
}

// A cell that ends while its first batch is on its way: Finish waits for
// that batch instead of cancelling it, so nothing printed is lost.
func TestPublisherFinishWaitsForTheBatchOnItsWay(t *testing.T) {
	s := &sink{log: stream.NewLog(nil, stream.DefaultLimits)}
	slow := func(ctx context.Context, in api.StreamPublishInput) error {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		return s.send(ctx, in)
	}
	p := stream.NewPublisher(slow, "cell/r/1/0/1", 1, 0, 0)
	p.Start(context.Background())
	p.Write("stdout", "all at once\n")
	time.Sleep(10 * time.Millisecond) // the batch is on its way
	_, err := p.Finish(context.Background(), "all at once\n", "")
	require.NoError(t, err)
	assert.Equal(t, "all at once\n", s.stdout(t))
}

// A batch that failed is sent again by Finish.
func TestPublisherResendsAFailedBatch(t *testing.T) {
	s := &sink{log: stream.NewLog(nil, stream.DefaultLimits)}
	fails := 1
	flaky := func(ctx context.Context, in api.StreamPublishInput) error {
		if fails > 0 {
			fails--
			return errors.New("unavailable")
		}
		return s.send(ctx, in)
	}
	p := stream.NewPublisher(flaky, "cell/r/1/0/1", 1, 0, 0)
	p.Start(context.Background())
	p.Write("stdout", "one\n")
	time.Sleep(50 * time.Millisecond)
	_, err := p.Finish(context.Background(), "one\ntwo\n", "")
	require.NoError(t, err)
	assert.Equal(t, "one\ntwo\n", s.stdout(t))
}

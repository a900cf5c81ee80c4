package stream

import (
	"context"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/durable-analyst/durable-analyst/api"
)

// SendFunc delivers one batch to the workflow (the publish Signal).
type SendFunc func(ctx context.Context, in api.StreamPublishInput) error

// DefaultCellBytes is how much of each of a cell's output streams (stdout,
// stderr) the stream holds by default; the rest is in the cell's record in
// S3. Every byte published lands in the workflow's history, so the bound
// keeps a step's history small whatever a cell prints (BENCHMARKS.md, P2).
const DefaultCellBytes = 1024

// MinInterval spaces a publisher's batches: output printed while a batch
// is on its way goes in the next one, at most one batch per interval.
const MinInterval = 150 * time.Millisecond

// Publisher sends a running cell's output to its workflow's stream as it
// prints: the first line at once, then in batches. It holds at most Budget
// bytes of each output stream of the cell; Finish sends what the cell
// printed that was not sent yet (all of it when the cell's output came from
// the journal), so the stream holds the same start of the output however
// the cell ran. The workflow drops what it already holds (Log.Publish), so
// a retried attempt repeats nothing.
type Publisher struct {
	send       SendFunc
	id         string
	step, cell int
	budget     int

	mu       sync.Mutex
	pending  []api.StreamEvent
	queued   map[string]int // bytes queued of each stream, this attempt
	cut      bool
	seq      int64
	err      error
	wake     chan struct{}
	quit     chan struct{} // closed by Finish: stop after the batch on its way
	stopped  chan struct{}
	stop     context.CancelFunc
	stopOnce sync.Once
}

// NewPublisher makes the publisher of one cell's attempt; id names it
// (CellPublisherPrefix, the cell and the attempt) for the workflow's
// de-duplication of batches. budget <= 0 means DefaultCellBytes.
func NewPublisher(send SendFunc, id string, step, cell, budget int) *Publisher {
	if budget <= 0 {
		budget = DefaultCellBytes
	}
	return &Publisher{send: send, id: id, step: step, cell: cell, budget: budget,
		queued: map[string]int{}, wake: make(chan struct{}, 1), quit: make(chan struct{}), stopped: make(chan struct{})}
}

// CellPublisherID is the publisher id of a cell's attempt.
func CellPublisherID(workflowRunID string, step, cell int, attempt int32) string {
	return fmt.Sprintf("%s%s/%d/%d/%d", CellPublisherPrefix, workflowRunID, step, cell, attempt)
}

// Start runs the sender until Finish.
func (p *Publisher) Start(ctx context.Context) {
	ctx, p.stop = context.WithCancel(ctx)
	go func() {
		defer close(p.stopped)
		for {
			select {
			case <-ctx.Done():
				return
			case <-p.quit:
				return
			case <-p.wake:
			}
			start := time.Now()
			p.flush(ctx)
			select {
			case <-ctx.Done():
				return
			case <-p.quit:
				return
			case <-time.After(MinInterval - time.Since(start)):
			}
		}
	}()
}

// Close stops the sender at once, without sending what is pending (the
// cell failed). A nil Publisher does nothing.
func (p *Publisher) Close() {
	if p == nil {
		return
	}
	p.stopOnce.Do(func() {
		if p.stop != nil {
			p.stop()
			<-p.stopped
		}
	})
}

// drain stops the sender after the batch it is sending, if any.
func (p *Publisher) drain() {
	p.stopOnce.Do(func() {
		if p.stop != nil {
			close(p.quit)
			<-p.stopped
			p.stop()
		}
	})
}

// Write queues output the cell printed on stream ("stdout" or "stderr"),
// within the budget.
func (p *Publisher) Write(stream, text string) {
	p.mu.Lock()
	added := p.queue(stream, text)
	p.mu.Unlock()
	if added {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

// queue adds text at the stream's queued offset, cut at the budget on a
// rune boundary. The caller holds mu.
func (p *Publisher) queue(stream, text string) bool {
	at := p.queued[stream]
	room := p.budget - at
	if len(text) > room {
		p.cut = true
		for room > 0 && !utf8.RuneStart(text[room]) {
			room--
		}
		text = text[:max(room, 0)]
	}
	if text == "" {
		return false
	}
	cell := p.cell
	p.pending = append(p.pending, api.StreamEvent{Kind: api.EventOutput, Step: p.step, Cell: &cell, Stream: stream, Offset: at, Text: text})
	p.queued[stream] = at + len(text)
	return true
}

// flush sends what is pending as one batch.
func (p *Publisher) flush(ctx context.Context) {
	p.mu.Lock()
	evs := p.pending
	p.pending = nil
	p.mu.Unlock()
	if len(evs) == 0 {
		return
	}
	in := api.StreamPublishInput{PublisherID: p.id}
	for _, ev := range evs {
		data, err := Encode(ev)
		if err != nil {
			p.fail(err)
			return
		}
		in.Items = append(in.Items, api.StreamPublishEntry{Topic: api.StreamTopic, Data: data})
	}
	p.mu.Lock()
	p.seq++
	in.Sequence = p.seq
	p.mu.Unlock()
	if err := p.send(ctx, in); err != nil {
		// Put them back: the next batch (Finish's at the latest) tries
		// again, under a new sequence.
		p.mu.Lock()
		p.pending = append(evs, p.pending...)
		p.mu.Unlock()
		p.fail(err)
	}
}

func (p *Publisher) fail(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		p.err = err
	}
}

// Finish stops the sender and sends what of the cell's whole output
// (stdout, stderr) was not queued yet, within the budget. It returns
// whether the stream holds less than the cell printed, and the first error
// of a send: the stream then misses output, which the cell's record still
// has.
func (p *Publisher) Finish(ctx context.Context, stdout, stderr string) (cut bool, err error) {
	p.drain()
	p.mu.Lock()
	p.err = nil // a batch that failed is pending again and is sent now
	p.mu.Unlock()
	p.mu.Lock()
	for _, s := range []struct{ name, text string }{{"stdout", stdout}, {"stderr", stderr}} {
		if at := p.queued[s.name]; len(s.text) > at {
			p.queue(s.name, s.text[at:])
		}
	}
	p.mu.Unlock()
	p.flush(ctx)
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cut, p.err
}

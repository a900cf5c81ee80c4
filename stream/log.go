package stream

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/durable-analyst/durable-analyst/api"
)

// Limits bound what a Log keeps and answers.
type Limits struct {
	// MaxItems and MaxBytes bound the log: beyond either, the oldest items
	// are dropped and the stream starts later (polls from before get
	// ErrTypeTruncatedOffset).
	MaxItems int
	MaxBytes int
	// MaxPollBytes bounds one poll's answer; the rest is MoreReady.
	MaxPollBytes int
	// CarryBytes bounds the newest items carried to the next run.
	CarryBytes int
}

// DefaultLimits are the workflows' limits unless the worker sets others
// (STREAM_MAX_EVENTS, STREAM_MAX_BYTES).
var DefaultLimits = Limits{MaxItems: 20_000, MaxBytes: 8 << 20, MaxPollBytes: 1 << 20, CarryBytes: 256 << 10}

// WithWindow is the default limits with another window: at most maxItems
// events and maxBytes bytes held (0 keeps the default).
func WithWindow(maxItems, maxBytes int) Limits {
	l := DefaultLimits
	if maxItems > 0 {
		l.MaxItems = maxItems
	}
	if maxBytes > 0 {
		l.MaxBytes = maxBytes
	}
	return l
}

// Log is a workflow's stream: the items it holds, the offset of the first,
// the last batch taken from each publisher, and how much output of each
// cell it holds. It does no I/O and reads no clock, so workflow code keeps
// it; everything it holds comes from the workflow's history.
type Log struct {
	limits     Limits
	items      []api.StreamPublishEntry
	bytes      int
	base       int64
	publishers map[string]int64
	// cellPublishers are the publishers of running cells, kept apart as
	// the next run does not carry them.
	cellPublishers map[string]int64
	cells          map[string]int
}

// NewLog starts a log, or continues the one a previous run carried.
func NewLog(prior *api.StreamState, limits Limits) *Log {
	l := &Log{limits: limits, publishers: map[string]int64{}, cellPublishers: map[string]int64{}, cells: map[string]int{}}
	if prior != nil {
		l.items, l.base = slices.Clone(prior.Log), prior.BaseOffset
		for _, it := range l.items {
			l.bytes += itemBytes(it)
		}
		if prior.Publishers != nil {
			l.publishers = maps.Clone(prior.Publishers)
		}
	}
	return l
}

// Next is the offset the next item will have.
func (l *Log) Next() int64 { return l.base + int64(len(l.items)) }

// Base is the offset of the first item the log still holds.
func (l *Log) Base() int64 { return l.base }

// Append adds an event of the workflow's own.
func (l *Log) Append(ev api.StreamEvent) error {
	data, err := Encode(ev)
	if err != nil {
		return err
	}
	l.add(api.StreamPublishEntry{Topic: api.StreamTopic, Data: data})
	return nil
}

// Publish takes a publisher's batch: dropped whole when its sequence is
// not above the last one taken from that publisher; else each item is
// added, except that the output of a cell is trimmed to what the log does
// not hold yet (a retried or re-run cell publishes its output again, from
// the start). It returns how many items it added.
func (l *Log) Publish(in api.StreamPublishInput) int {
	if in.PublisherID != "" {
		seen := l.publishers
		if strings.HasPrefix(in.PublisherID, CellPublisherPrefix) {
			seen = l.cellPublishers
		}
		if last, ok := seen[in.PublisherID]; ok && in.Sequence <= last {
			return 0
		}
		seen[in.PublisherID] = in.Sequence
	}
	added := 0
	for _, it := range in.Items {
		if it.Topic == api.StreamTopic {
			ev, err := Decode(it.Data)
			if err == nil && ev.Kind == api.EventOutput {
				var keep bool
				if it, keep = l.trimOutput(ev); !keep {
					continue
				}
			}
		}
		l.add(it)
		added++
	}
	return added
}

// trimOutput cuts from an output event what the log already holds of its
// cell's stream, and says whether anything is left.
func (l *Log) trimOutput(ev api.StreamEvent) (api.StreamPublishEntry, bool) {
	cell := 0
	if ev.Cell != nil {
		cell = *ev.Cell
	}
	key := fmt.Sprintf("%d/%d/%s", ev.Step, cell, ev.Stream)
	held := l.cells[key]
	end := ev.Offset + len(ev.Text)
	if end <= held {
		return api.StreamPublishEntry{}, false
	}
	if ev.Offset < held {
		ev.Text = strings.ToValidUTF8(ev.Text[held-ev.Offset:], string(utf8.RuneError))
		ev.Offset = held
	}
	l.cells[key] = end
	data, err := Encode(ev)
	if err != nil {
		return api.StreamPublishEntry{}, false
	}
	return api.StreamPublishEntry{Topic: api.StreamTopic, Data: data}, true
}

// add appends an item and drops the oldest beyond the limits.
func (l *Log) add(it api.StreamPublishEntry) {
	l.items = append(l.items, it)
	l.bytes += itemBytes(it)
	drop := 0
	for len(l.items)-drop > 1 && ((l.limits.MaxItems > 0 && len(l.items)-drop > l.limits.MaxItems) ||
		(l.limits.MaxBytes > 0 && l.bytes > l.limits.MaxBytes)) {
		l.bytes -= itemBytes(l.items[drop])
		drop++
	}
	if drop > 0 {
		l.items = slices.Delete(l.items, 0, drop)
		l.base += int64(drop)
	}
}

// CellPublisherPrefix starts the publisher id of a running cell's output.
const CellPublisherPrefix = "cell/"

func itemBytes(it api.StreamPublishEntry) int { return len(it.Topic) + len(it.Data) + 16 }

// TruncatedError is a read from before the offset the log now starts at.
type TruncatedError struct{ From, Base int64 }

func (e *TruncatedError) Error() string {
	return fmt.Sprintf("offset %d is no longer in the stream: it now starts at offset %d (older events were dropped); read from %d", e.From, e.Base, e.Base)
}

// Read answers a poll at once: the items from in.FromOffset on (offset 0
// means from the first item held), of in.Topics, cut at MaxPollBytes.
func (l *Log) Read(in api.StreamPollInput) (api.StreamPollResult, error) {
	from := in.FromOffset
	if from < l.base {
		if from != 0 {
			return api.StreamPollResult{}, &TruncatedError{From: from, Base: l.base}
		}
		from = l.base
	}
	res := api.StreamPollResult{Items: []api.StreamItem{}, NextOffset: max(from, l.Next())}
	size := 0
	for i := from - l.base; i < int64(len(l.items)); i++ {
		it := l.items[i]
		if len(in.Topics) > 0 && !slices.Contains(in.Topics, it.Topic) {
			continue
		}
		n := itemBytes(it)
		if l.limits.MaxPollBytes > 0 && size+n > l.limits.MaxPollBytes && len(res.Items) > 0 {
			res.NextOffset, res.MoreReady = l.base+i, true
			break
		}
		size += n
		res.Items = append(res.Items, api.StreamItem{Topic: it.Topic, Data: it.Data, Offset: l.base + i})
	}
	return res, nil
}

// Has says whether a poll from offset has anything to read now.
func (l *Log) Has(from int64) bool { return l.Next() > max(from, l.base) }

// State is what the next run continues with: the newest items within
// CarryBytes (the stream then starts later) and the sequences of the
// publishers other than cells (a cell's publisher ends with its activity,
// before the run does, and its output is de-duplicated by offset).
func (l *Log) State() api.StreamState {
	st := api.StreamState{BaseOffset: l.base, Publishers: maps.Clone(l.publishers)}
	start, size := len(l.items), 0
	for start > 0 && (l.limits.CarryBytes <= 0 || size+itemBytes(l.items[start-1]) <= l.limits.CarryBytes) {
		start--
		size += itemBytes(l.items[start])
	}
	st.Log = slices.Clone(l.items[start:])
	st.BaseOffset = l.base + int64(start)
	return st
}

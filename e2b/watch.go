package e2b

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem"
)

const defaultWatchTimeout = 60 * time.Second

// FilesystemEventType is the kind of a FilesystemEvent.
type FilesystemEventType string

// Filesystem event types.
const (
	EventCreate FilesystemEventType = "create"
	EventWrite  FilesystemEventType = "write"
	EventRemove FilesystemEventType = "remove"
	EventRename FilesystemEventType = "rename"
	EventChmod  FilesystemEventType = "chmod"
)

// FilesystemEvent is one change in a watched directory.
type FilesystemEvent struct {
	// Name is the path relative to the watched directory ("sub/a.txt" in a
	// recursive watch).
	Name string
	Type FilesystemEventType
	// Entry describes the file when WatchOptions.IncludeEntry is set and
	// the file still exists (envd >= 0.6.3).
	Entry *EntryInfo
}

// WatchOptions are the options of Filesystem.WatchDir.
type WatchOptions struct {
	// OnEvent receives the events in order, on the handle's goroutine; a
	// slow callback holds back the next events.
	OnEvent func(FilesystemEvent)
	// Recursive also reports changes in subdirectories (envd >= 0.1.4).
	Recursive bool
	// IncludeEntry fills FilesystemEvent.Entry (envd >= 0.6.3).
	IncludeEntry bool
	// Timeout is how long envd keeps the watch (default 60 s, like the
	// SDKs; < 0 means no limit). WatchHandle.Wait then reports a timeout.
	Timeout time.Duration
	// User whose permissions apply ("" = the sandbox's default user).
	User string
}

var eventTypes = map[filesystem.EventType]FilesystemEventType{
	filesystem.EventType_EVENT_TYPE_CREATE: EventCreate,
	filesystem.EventType_EVENT_TYPE_WRITE:  EventWrite,
	filesystem.EventType_EVENT_TYPE_REMOVE: EventRemove,
	filesystem.EventType_EVENT_TYPE_RENAME: EventRename,
	filesystem.EventType_EVENT_TYPE_CHMOD:  EventChmod,
}

// WatchDir watches a directory (filesystem.Filesystem/WatchDir) and returns
// once envd has started the watch, so changes made after it returns are
// reported to opts.OnEvent. ctx governs the watch: cancelling it stops it.
// A missing path gives a not-found error, a file an invalid-argument one.
func (f *Filesystem) WatchDir(ctx context.Context, path string, opts *WatchOptions) (*WatchHandle, error) {
	var o WatchOptions
	if opts != nil {
		o = *opts
	}
	op := "watch directory " + path
	// Like the SDKs, check the envd version only when the sandbox reported one.
	known := f.sb.EnvdVersion != ""
	if o.Recursive && known && versionLess(f.sb.EnvdVersion, "0.1.4") {
		return nil, fmt.Errorf("e2b: %s: recursive watching needs envd 0.1.4 or later, the sandbox has %s", op, f.sb.EnvdVersion)
	}
	if o.IncludeEntry && known && versionLess(f.sb.EnvdVersion, "0.6.3") {
		return nil, fmt.Errorf("e2b: %s: entries in watch events need envd 0.6.3 or later, the sandbox has %s", op, f.sb.EnvdVersion)
	}
	timeout := o.Timeout
	if timeout == 0 {
		timeout = defaultWatchTimeout
	}
	req := &filesystem.WatchDirRequest{Path: path, Recursive: o.Recursive, IncludeEntry: o.IncludeEntry}
	st, first, err := openStream(ctx, f.sb, op, req, timeout, o.User, "watch start", f.sb.filesystem().WatchDir)
	if err != nil {
		return nil, err
	}
	if first.GetStart() == nil {
		st.close()
		return nil, fmt.Errorf("e2b: %s: first stream event is not start", op)
	}
	h := &WatchHandle{op: op, sb: f.sb, stream: st, onEvent: o.OnEvent, done: make(chan struct{})}
	go h.read(ctx)
	return h, nil
}

// WatchHandle is a running directory watch.
type WatchHandle struct {
	op      string
	sb      *Sandbox
	stream  *envdStream[filesystem.WatchDirResponse]
	onEvent func(FilesystemEvent)

	stopped atomic.Bool
	stop    sync.Once
	done    chan struct{}
	err     error
}

// Stop ends the watch; it may be called from OnEvent. Events that arrive
// after it are dropped, though one already being delivered may still reach
// OnEvent after Stop returns.
func (h *WatchHandle) Stop() {
	h.stop.Do(func() {
		h.stopped.Store(true)
		h.stream.stop()
	})
}

// Wait blocks until the watch ends and returns why: nil after Stop, the
// context's error, a timeout (IsTimeout) when WatchOptions.Timeout passed,
// or the stream's error.
func (h *WatchHandle) Wait() error {
	<-h.done
	return h.err
}

// read delivers the stream's events until it ends.
func (h *WatchHandle) read(ctx context.Context) {
	defer close(h.done)
	defer h.stream.close()
	defer h.Stop()
	for {
		msg, err := h.stream.next()
		if h.stopped.Load() {
			return
		}
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			// envd ends a watch at its timeout with deadline_exceeded (KindTimeout).
			h.err = h.sb.streamError(ctx, h.op, err)
			return
		}
		fev := msg.GetFilesystem()
		if fev == nil || h.onEvent == nil {
			continue // keepalive
		}
		typ, ok := eventTypes[fev.GetType()]
		if !ok {
			continue // an event type this client does not know, as the SDKs skip it
		}
		ev := FilesystemEvent{Name: fev.GetName(), Type: typ}
		if fev.GetEntry() != nil {
			e := entryFromWire(fev.GetEntry())
			ev.Entry = &e
		}
		h.onEvent(ev)
	}
}

package e2blocal

import (
	"cmp"
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"slices"
	"syscall"
	"time"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem"
)

// watchPollInterval is how often a WatchDir stream compares its directory
// with the previous look. envd uses inotify; e2blocal polls, which is
// portable and needs no dependency, so its events are coarser:
//   - changes within one interval are reported together, ordered by kind
//     (renames, removes, creates, writes, chmods) and then by name;
//   - a file that appears with content gives CREATE then WRITE, as inotify
//     reports a create and a write; later writes give one WRITE per interval
//     in which the size or modification time changed;
//   - a rename inside the watched tree (same inode under a new name) gives
//     RENAME for the old name and CREATE for the new one, as envd does;
//   - CHMOD means the permission bits changed (not owner or times).
//
// A scan that takes long stretches the interval to 4 times its duration, so
// watching a huge tree cannot eat a core.
const watchPollInterval = 100 * time.Millisecond

// watchEntry is what a scan remembers of a directory entry.
type watchEntry struct {
	dir     bool
	size    int64
	mtime   time.Time
	perm    fs.FileMode
	dev     uint64
	ino     uint64
	hasNode bool // dev and ino are known
}

func newWatchEntry(fi fs.FileInfo) watchEntry {
	e := watchEntry{dir: fi.IsDir(), size: fi.Size(), mtime: fi.ModTime(), perm: fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		e.dev, e.ino, e.hasNode = uint64(st.Dev), st.Ino, true
	}
	return e
}

// sameNode reports whether a and b are the same file (inode) of the same kind.
func (a watchEntry) sameNode(b watchEntry) bool {
	return a.hasNode && b.hasNode && a.dev == b.dev && a.ino == b.ino && a.dir == b.dir
}

// scanWatched lists the entries under rel by name relative to rel: its
// children, or with recursive every descendant (symlinks are not followed).
func scanWatched(root *os.Root, rel string, recursive bool) (map[string]watchEntry, error) {
	out := map[string]watchEntry{}
	var walk func(dir, prefix string) error
	walk = func(dir, prefix string) error {
		des, err := readDir(root, dir)
		if err != nil {
			return err
		}
		for _, de := range des {
			fi, err := de.Info()
			if err != nil {
				continue // gone meanwhile
			}
			name := path.Join(prefix, de.Name())
			e := newWatchEntry(fi)
			out[name] = e
			if recursive && e.dir {
				// A subdirectory that vanishes mid-scan only loses its children.
				_ = walk(path.Join(dir, de.Name()), name)
			}
		}
		return nil
	}
	if err := walk(rel, ""); err != nil {
		return nil, err
	}
	return out, nil
}

// watchDiff turns two scans into filesystem events (see watchPollInterval).
func watchDiff(prev, next map[string]watchEntry) []*filesystem.FilesystemEvent {
	type named struct {
		name string
		e    watchEntry
	}
	var gone, added []named
	for name, e := range prev {
		if _, ok := next[name]; !ok {
			gone = append(gone, named{name, e})
		}
	}
	for name, e := range next {
		if p, ok := prev[name]; !ok || (e.hasNode && !p.sameNode(e)) {
			added = append(added, named{name, e})
		}
	}
	byName := func(a, b named) int { return cmp.Compare(a.name, b.name) }
	slices.SortFunc(gone, byName)
	slices.SortFunc(added, byName)

	var renames, removes, creates, writes, chmods []*filesystem.FilesystemEvent
	ev := func(name string, t filesystem.EventType) *filesystem.FilesystemEvent {
		return &filesystem.FilesystemEvent{Name: name, Type: t}
	}
	renamed := map[string]bool{}
	for _, a := range added {
		i := slices.IndexFunc(gone, func(g named) bool { return !renamed[g.name] && g.e.sameNode(a.e) })
		if i >= 0 {
			renamed[gone[i].name] = true
			renames = append(renames, ev(gone[i].name, filesystem.EventType_EVENT_TYPE_RENAME), ev(a.name, filesystem.EventType_EVENT_TYPE_CREATE))
			continue
		}
		creates = append(creates, ev(a.name, filesystem.EventType_EVENT_TYPE_CREATE))
		if !a.e.dir && a.e.size > 0 {
			creates = append(creates, ev(a.name, filesystem.EventType_EVENT_TYPE_WRITE))
		}
	}
	// Children go before their directory, as a recursive delete removes them.
	for _, g := range slices.Backward(gone) {
		if !renamed[g.name] {
			removes = append(removes, ev(g.name, filesystem.EventType_EVENT_TYPE_REMOVE))
		}
	}
	names := make([]string, 0, len(next))
	for name := range next {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		e, p := next[name], prev[name]
		if _, existed := prev[name]; !existed || (e.hasNode && !p.sameNode(e)) {
			continue
		}
		if !e.dir && (e.size != p.size || !e.mtime.Equal(p.mtime)) {
			writes = append(writes, ev(name, filesystem.EventType_EVENT_TYPE_WRITE))
		}
		if e.perm != p.perm {
			chmods = append(chmods, ev(name, filesystem.EventType_EVENT_TYPE_CHMOD))
		}
	}
	return slices.Concat(renames, removes, creates, writes, chmods)
}

// WatchDir sends a start event, then the changes under the directory, with
// keepalives, until the client goes, the Connect-Timeout-Ms lifetime passes
// or the sandbox is killed. Errors are sent in the end-stream message with
// status 200, as connect-go does for envd.
func (fsService) WatchDir(ctx context.Context, creq *connect.Request[filesystem.WatchDirRequest], st *connect.ServerStream[filesystem.WatchDirResponse]) error {
	sb := sandboxFrom(ctx)
	req := creq.Msg
	f, err := sb.resolve(req.GetPath())
	if err != nil {
		return fsErr(err, "watch dir")
	}
	defer f.root.Close()
	if fi, err := f.root.Stat(f.rel); errors.Is(err, fs.ErrNotExist) {
		return connectErr(connect.CodeNotFound, "path %s not found", f.vpath)
	} else if err != nil {
		return fsErr(err, "watch dir")
	} else if !fi.IsDir() {
		return connectErr(connect.CodeInvalidArgument, "path %s not a directory", f.vpath)
	}
	prev, err := scanWatched(f.root, f.rel, req.GetRecursive())
	if err != nil {
		return fsErr(err, "watch dir")
	}
	if err := st.Send(&filesystem.WatchDirResponse{Event: &filesystem.WatchDirResponse_Start{Start: &filesystem.WatchDirResponse_StartEvent{}}}); err != nil {
		return err
	}
	var deadline <-chan time.Time
	if d := lifetime(ctx); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		deadline = t.C
	}
	every := keepaliveInterval(creq.Header())
	keepalive := time.NewTimer(every)
	defer keepalive.Stop()
	poll := time.NewTimer(watchPollInterval)
	defer poll.Stop()
	watching := true
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-deadline:
			return connectErr(connect.CodeDeadlineExceeded, "the watch reached its timeout")
		case <-keepalive.C:
			if err := st.Send(&filesystem.WatchDirResponse{Event: &filesystem.WatchDirResponse_Keepalive{Keepalive: &filesystem.WatchDirResponse_KeepAlive{}}}); err != nil {
				return err
			}
			keepalive.Reset(every)
		case <-poll.C:
			if sb.gone() {
				// The sandbox was killed: reset the connection, as a dying E2B sandbox does.
				panic(http.ErrAbortHandler)
			}
			if !watching {
				continue // the directory itself was removed; inotify goes quiet too
			}
			began := time.Now()
			next, err := scanWatched(f.root, f.rel, req.GetRecursive())
			if err != nil {
				next, watching = map[string]watchEntry{}, false
			}
			evs := watchDiff(prev, next)
			if !watching {
				evs = append(evs, &filesystem.FilesystemEvent{Name: ".", Type: filesystem.EventType_EVENT_TYPE_REMOVE})
			}
			prev = next
			for _, ev := range evs {
				if req.GetIncludeEntry() && ev.Type != filesystem.EventType_EVENT_TYPE_REMOVE && ev.Type != filesystem.EventType_EVENT_TYPE_RENAME {
					if e, err := sb.entryInfo(f.root, path.Join(f.rel, ev.Name), path.Join(f.vpath, ev.Name)); err == nil {
						ev.Entry = e
					}
				}
				if err := st.Send(&filesystem.WatchDirResponse{Event: &filesystem.WatchDirResponse_Filesystem{Filesystem: ev}}); err != nil {
					return err
				}
			}
			if len(evs) > 0 {
				keepalive.Reset(every)
			}
			poll.Reset(max(watchPollInterval, 4*time.Since(began)))
		}
	}
}

package e2blocal

import (
	"cmp"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"slices"
	"syscall"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
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
func watchDiff(prev, next map[string]watchEntry) []wire.FilesystemEvent {
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

	var renames, removes, creates, writes, chmods []wire.FilesystemEvent
	ev := func(name string, t wire.EventType) wire.FilesystemEvent {
		return wire.FilesystemEvent{Name: name, Type: t}
	}
	renamed := map[string]bool{}
	for _, a := range added {
		i := slices.IndexFunc(gone, func(g named) bool { return !renamed[g.name] && g.e.sameNode(a.e) })
		if i >= 0 {
			renamed[gone[i].name] = true
			renames = append(renames, ev(gone[i].name, wire.EventTypeRename), ev(a.name, wire.EventTypeCreate))
			continue
		}
		creates = append(creates, ev(a.name, wire.EventTypeCreate))
		if !a.e.dir && a.e.size > 0 {
			creates = append(creates, ev(a.name, wire.EventTypeWrite))
		}
	}
	// Children go before their directory, as a recursive delete removes them.
	for _, g := range slices.Backward(gone) {
		if !renamed[g.name] {
			removes = append(removes, ev(g.name, wire.EventTypeRemove))
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
			writes = append(writes, ev(name, wire.EventTypeWrite))
		}
		if e.perm != p.perm {
			chmods = append(chmods, ev(name, wire.EventTypeChmod))
		}
	}
	return slices.Concat(renames, removes, creates, writes, chmods)
}

// handleWatchDir serves filesystem.Filesystem/WatchDir: a start event, then
// the changes under the directory, with keepalives, until the client goes,
// the Connect-Timeout-Ms deadline passes or the sandbox is killed. Errors are
// sent in the end-stream message with status 200, as connect-go does.
func (s *Server) handleWatchDir(w http.ResponseWriter, r *http.Request) {
	sb := sandboxFrom(r.Context())
	var req wire.WatchDirRequest
	if err := readStreamRequest(r, &req); err != nil {
		writeConnectError(w, connectErr(wire.CodeInvalidArgument, "decode request: %v", err))
		return
	}
	st := newConnectStream(w)
	f, err := sb.resolve(req.Path)
	if err != nil {
		st.close(fsErr(err, "watch dir"))
		return
	}
	defer f.root.Close()
	if fi, err := f.root.Stat(f.rel); errors.Is(err, fs.ErrNotExist) {
		st.close(connectErr(wire.CodeNotFound, "path %s not found", f.vpath))
		return
	} else if err != nil {
		st.close(fsErr(err, "watch dir"))
		return
	} else if !fi.IsDir() {
		st.close(connectErr(wire.CodeInvalidArgument, "path %s not a directory", f.vpath))
		return
	}
	prev, err := scanWatched(f.root, f.rel, req.Recursive)
	if err != nil {
		st.close(fsErr(err, "watch dir"))
		return
	}
	if st.send(wire.WatchDirResponse{Start: &struct{}{}}) != nil {
		return
	}
	var deadline <-chan time.Time
	if d := connectTimeout(r); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		deadline = t.C
	}
	every := keepaliveInterval(r)
	keepalive := time.NewTimer(every)
	defer keepalive.Stop()
	poll := time.NewTimer(watchPollInterval)
	defer poll.Stop()
	watching := true
	for {
		select {
		case <-r.Context().Done():
			return
		case <-deadline:
			st.close(connectErr(wire.CodeDeadlineExceeded, "the watch reached its timeout"))
			return
		case <-keepalive.C:
			if st.send(wire.WatchDirResponse{Keepalive: &struct{}{}}) != nil {
				return
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
			next, err := scanWatched(f.root, f.rel, req.Recursive)
			if err != nil {
				next, watching = map[string]watchEntry{}, false
			}
			evs := watchDiff(prev, next)
			if !watching {
				evs = append(evs, wire.FilesystemEvent{Name: ".", Type: wire.EventTypeRemove})
			}
			prev = next
			for _, ev := range evs {
				if req.IncludeEntry && ev.Type != wire.EventTypeRemove && ev.Type != wire.EventTypeRename {
					if e, err := sb.entryInfo(f.root, path.Join(f.rel, ev.Name), path.Join(f.vpath, ev.Name)); err == nil {
						ev.Entry = &e
					}
				}
				if st.send(wire.WatchDirResponse{Filesystem: &ev}) != nil {
					return
				}
			}
			if len(evs) > 0 {
				keepalive.Reset(every)
			}
			poll.Reset(max(watchPollInterval, 4*time.Since(began)))
		}
	}
}

package e2blocal

import (
	"slices"
	"testing"
	"time"
)

func TestWatchDiff(t *testing.T) {
	t0 := time.Unix(1000, 0)
	file := func(ino uint64, size int64) watchEntry {
		return watchEntry{size: size, mtime: t0, perm: 0o644, dev: 1, ino: ino, hasNode: true}
	}
	dir := func(ino uint64) watchEntry {
		return watchEntry{dir: true, mtime: t0, perm: 0o755, dev: 1, ino: ino, hasNode: true}
	}
	touched := func(e watchEntry) watchEntry { e.mtime = e.mtime.Add(time.Second); return e }
	chmodded := func(e watchEntry) watchEntry { e.perm = 0o600; return e }
	type m = map[string]watchEntry

	tests := []struct {
		name       string
		prev, next m
		want       []string
	}{
		{"nothing changed", m{"a": file(1, 3)}, m{"a": file(1, 3)}, nil},
		{"new empty file", m{}, m{"a": file(1, 0)}, []string{"CREATE a"}},
		{"new file with content", m{}, m{"a": file(1, 3)}, []string{"CREATE a", "WRITE a"}},
		{"new directory", m{}, m{"d": dir(1)}, []string{"CREATE d"}},
		{"same size, new mtime", m{"a": file(1, 3)}, m{"a": touched(file(1, 3))}, []string{"WRITE a"}},
		{"directory mtime is not a write", m{"d": dir(1)}, m{"d": touched(dir(1))}, nil},
		{"chmod", m{"a": file(1, 3)}, m{"a": chmodded(file(1, 3))}, []string{"CHMOD a"}},
		{"rename", m{"a": file(1, 3)}, m{"b": file(1, 3)}, []string{"RENAME a", "CREATE b"}},
		{"rename over an existing file", m{"a": file(1, 3), "b": file(2, 5)}, m{"b": file(1, 3)}, []string{"RENAME a", "CREATE b"}},
		{"remove children before their directory", m{"d": dir(1), "d/x": file(2, 1), "d/y": file(3, 1)}, m{},
			[]string{"REMOVE d/y", "REMOVE d/x", "REMOVE d"}},
		{"replaced by a new file", m{"a": file(1, 3)}, m{"a": file(9, 3)}, []string{"CREATE a", "WRITE a"}},
		{"kinds in order", m{"old": file(1, 1), "w": file(2, 1), "gone": file(3, 1)}, m{"new": file(1, 1), "w": file(2, 2), "add": file(4, 0)},
			[]string{"RENAME old", "CREATE new", "REMOVE gone", "CREATE add", "WRITE w"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, ev := range watchDiff(tc.prev, tc.next) {
				got = append(got, ev.Type.String()[len("EVENT_TYPE_"):]+" "+ev.Name)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

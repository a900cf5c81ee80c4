package layers_test

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The map of files in docs/architecture.md ("The files") names every file
// of activities/ and workflows/ that is not a test, and every name in it is
// a file there: the one map stays the map.
func TestFileMapIsWhole(t *testing.T) {
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	patterns := fileMap(string(doc))
	for _, dir := range []string{"activities", "workflows"} {
		if len(patterns[dir]) == 0 {
			t.Fatalf("docs/architecture.md has no table of %s/ under \"## The files\"", dir)
		}
		var names []string // the files of dir and its subfolders, as paths below dir
		err := filepath.WalkDir("../../"+dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				if err == nil && d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return err
			}
			rel, _ := filepath.Rel("../../"+dir, p)
			names = append(names, filepath.ToSlash(rel))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		used := map[string]bool{}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") || !(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".py")) {
				continue
			}
			found := false
			for _, p := range patterns[dir] {
				if ok, _ := path.Match(p, name); ok {
					found, used[p] = true, true
				}
			}
			if !found {
				t.Errorf("%s/%s is not in the map of files in docs/architecture.md", dir, name)
			}
		}
		for _, p := range patterns[dir] {
			if !used[p] {
				t.Errorf("the map of files names %s/%s, which matches no file", dir, p)
			}
		}
	}
}

// fileMap reads the tables under "## The files": for each folder of a
// table's header ("| `activities/` | … |"), the file names and patterns
// quoted in the first column of its rows.
func fileMap(doc string) map[string][]string {
	_, section, _ := strings.Cut(doc, "\n## The files\n")
	section, _, _ = strings.Cut(section, "\n## ")
	header := regexp.MustCompile("^\\| `([a-z]+)/` \\|")
	quoted := regexp.MustCompile("`([^`]+)`")
	out := map[string][]string{}
	dir := ""
	for _, line := range strings.Split(section, "\n") {
		if m := header.FindStringSubmatch(line); m != nil {
			dir = m[1]
			continue
		}
		cells := strings.Split(line, "|")
		if dir == "" || len(cells) < 3 {
			continue
		}
		for _, m := range quoted.FindAllStringSubmatch(cells[1], -1) {
			out[dir] = append(out[dir], m[1])
		}
	}
	return out
}

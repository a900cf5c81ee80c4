package e2blocal

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/durable-analyst/durable-analyst/internal/latency"
)

// FakeKernel makes /execute answer without starting Python, so benchmarks
// can run thousands of sandboxes on a few cores while the worker still
// speaks the real protocols (control plane, envd files, /execute stream).
// Every cell takes Latency and prints StdoutBytes of stdout in 1,000-byte
// lines and shows PNGs charts (a ~30 KB PNG each). A cell may override
// these with a comment line
//
//	# e2blocal-fake: latency=1s stdout=1048576 pngs=5
//
// It emulates what the worker's cell journal (activities/journal/code_journal.py) does
// in a real kernel, as seen from outside:
//   - a kernel starts without the journal: a cell beginning with
//     __da_begin("<id>", <timeout>) fails with NameError until the
//     bootstrap cell (`if "__da_begin" not in globals(): exec(...)`) has run
//     in that context; the bootstrap writes /home/user/.durable/kernel.json;
//   - a journaled cell whose /home/user/.durable/cells/<id>.done.json
//     exists fails with DurableCellDone (its retry then reads the file);
//     otherwise it writes <id>.started, runs, and writes <id>.done.json
//     (stdout, results with their PNGs, names) and <id>.meta.json, as the
//     journal does;
//   - a client that disconnects does not stop the cell (the journal ignores
//     the interrupt), so a retry finds it done.
//
// Not emulated: Python semantics (the code is not run: no variables, no
// errors in the user's code, no files it would write), kernel restarts and
// cell timeouts. Contexts made by POST /contexts start no process. The
// journal flag of every context is kept until the server closes (a few
// bytes each).
type FakeKernel struct {
	Latency     latency.Dist
	StdoutBytes int
	PNGs        int

	mu     sync.Mutex
	states map[*execContext]*fakeState
	runs   atomic.Int64 // cells run (not refused for a missing journal or as done already)
}

// Runs is how many cells the fake kernel has run: an /execute refused
// because the context has no journal yet, or because the cell is done
// already, does not count.
func (f *FakeKernel) Runs() int64 { return f.runs.Load() }

// fakeState is what a fake kernel remembers per context.
type fakeState struct {
	installed bool
	count     int
}

var (
	fakeBeginRE     = regexp.MustCompile(`(?m)^__da_begin\("([A-Za-z0-9_-]+)", (\d+)\)\s*$`)
	fakeDirectiveRE = regexp.MustCompile(`(?m)^#\s*e2blocal-fake:(.*)$`)
)

// fakeBootstrapPrefix starts the worker's journal bootstrap cell.
const fakeBootstrapPrefix = `if "__da_begin" not in globals():`

// fakeCell is one cell's configured outputs.
type fakeCell struct {
	latency time.Duration
	stdout  int
	pngs    int
}

// cell reads the cell's directive, falling back to the server's settings.
func (f *FakeKernel) cell(code string) (fakeCell, error) {
	c := fakeCell{stdout: f.StdoutBytes, pngs: f.PNGs}
	lat := f.Latency // sampled once, after any override
	var fields []string
	if m := fakeDirectiveRE.FindStringSubmatch(code); m != nil {
		fields = strings.Fields(m[1])
	}
	for _, kv := range fields {
		k, v, _ := strings.Cut(kv, "=")
		var err error
		switch k {
		case "latency":
			lat, err = latency.Parse(v)
		case "stdout":
			c.stdout, err = strconv.Atoi(v)
		case "pngs":
			c.pngs, err = strconv.Atoi(v)
		default:
			err = fmt.Errorf("unknown key (want latency, stdout or pngs)")
		}
		if err != nil {
			return c, fmt.Errorf("e2blocal-fake directive %q: %v", kv, err)
		}
	}
	c.latency = lat.Sample()
	return c, nil
}

func (f *FakeKernel) state(c *execContext) *fakeState {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.states == nil {
		f.states = map[*execContext]*fakeState{}
	}
	st := f.states[c]
	if st == nil {
		st = &fakeState{}
		f.states[c] = st
	}
	return st
}

// fakePNG is the chart every fake cell shows: noise, so it does not
// compress below a real chart's size.
var fakePNG = func() string {
	img := image.NewGray(image.Rect(0, 0, 180, 160))
	x := uint32(2463534242)
	for i := range img.Pix {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		img.Pix[i] = uint8(x)
	}
	img.Set(0, 0, color.Gray{Y: 0})
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return base64.StdEncoding.EncodeToString(b.Bytes())
}()

// fakeExecute answers one /execute in context c (whose turn the caller
// holds) as the journaled kernel would.
func (s *Server) fakeExecute(w http.ResponseWriter, c *execContext, code string) {
	f := s.cfg.Fake
	st := f.state(c)
	cellDir := filepath.Join(c.sb.hostHome, ".durable", "cells")
	var lines [][]byte
	add := func(v any) {
		b, _ := json.Marshal(v)
		lines = append(lines, append(b, '\n'))
	}
	fail := func(name, value string) {
		lines = append(lines, errorLine(name, value, fmt.Sprintf("---------------------------------------------------------------------------\n%s\nCell In [%d], line 1\n%s: %s", name, st.count, name, value)))
	}
	st.count++
	started := false // the header and first lines are out
	sb := c.sb
	sb.execCount.Add(1)
	add(map[string]any{"type": "number_of_executions", "execution_count": st.count})

	begin := fakeBeginRE.FindStringSubmatch(code)
	switch {
	case strings.HasPrefix(code, fakeBootstrapPrefix):
		if !st.installed {
			if err := os.MkdirAll(cellDir, 0o755); err != nil {
				fail("OSError", err.Error())
				break
			}
			_ = os.WriteFile(filepath.Join(c.sb.hostHome, ".durable", "kernel.json"), []byte(`{"token": "fake"}`), 0o644)
			st.installed = true
		}
	case begin != nil && !st.installed:
		fail("NameError", "name '__da_begin' is not defined")
	case begin != nil && exists(filepath.Join(cellDir, begin[1]+".done.json")):
		fail("DurableCellDone", begin[1])
	default:
		cell, err := f.cell(code)
		if err != nil {
			fail("SyntaxError", err.Error())
			break
		}
		f.runs.Add(1)
		id := ""
		if begin != nil {
			id = begin[1]
			_ = os.WriteFile(filepath.Join(cellDir, id+".started"), []byte("fake"), 0o644)
		}
		// Like the journal, a client that goes away does not stop the cell.
		if cell.latency > 0 {
			// A real kernel answers with headers and its first line at
			// once; held back, a long cell would run into the client's
			// wait for response headers (e2b's request timeout, 60 s).
			sendLines(w, lines)
			lines, started = nil, true
			time.Sleep(cell.latency)
		}
		rec := map[string]any{"id": id, "stderr": "", "error": nil, "names": []string{}}
		var stdout strings.Builder
		chunk := strings.Repeat("x", 999) + "\n"
		for n := cell.stdout; n > 0; n -= len(chunk) {
			part := chunk[:min(n, len(chunk))]
			stdout.WriteString(part)
			add(map[string]any{"type": "stdout", "text": part, "timestamp": time.Now().UTC().Format("2006-01-02T15:04:05.000000+00:00")})
		}
		var results []any
		for range cell.pngs {
			add(map[string]any{"type": "result", "text": "<Figure size 640x480 with 1 Axes>", "png": fakePNG, "extra": map[string]any{}, "is_main_result": false})
			results = append(results, map[string]any{"main": false, "data": map[string]string{"text/plain": "<Figure size 640x480 with 1 Axes>", "image/png": fakePNG}})
		}
		rec["stdout"], rec["results"] = stdout.String(), results
		if id != "" {
			if err := writeJSONFile(filepath.Join(cellDir, id+".done.json"), rec); err != nil {
				fail("OSError", err.Error())
				break
			}
			_ = writeJSONFile(filepath.Join(cellDir, id+".meta.json"), map[string]any{"names": []string{}, "error": nil})
			_ = os.Remove(filepath.Join(cellDir, id+".started"))
		}
	}
	lines = append(lines, lineEnd)
	if !started {
		w.WriteHeader(http.StatusOK)
	}
	sendLines(w, lines)
}

// sendLines writes lines of the /execute stream and flushes them.
func sendLines(w http.ResponseWriter, lines [][]byte) {
	for _, l := range lines {
		if _, err := w.Write(l); err != nil {
			return
		}
	}
	_ = http.NewResponseController(w).Flush()
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// writeJSONFile writes v to path through a temporary file, as the journal does.
func writeJSONFile(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

package e2blocal_test

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/e2blocal"
)

// procState is the state letter of /proc/<pid>/stat ("" once the process
// is gone).
func procState(pid string) string {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return ""
	}
	// pid (comm) state ...; comm may hold spaces, so cut after the last ")".
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+3 > len(s) {
		return ""
	}
	return s[i+2 : i+3]
}

// A paused sandbox uses no CPU, as on E2B: every process of it is stopped
// (state T) until connect resumes it, and then runs on with its memory.
func TestPauseStopsEveryProcess(t *testing.T) {
	_, base := newServer(t, e2blocal.Config{})
	sb := create(t, base, map[string]any{"timeout": 60})
	sb.run(t, "import threading, time\nticks = 0\ndef spin():\n    global ticks\n    while True:\n        ticks += 1\n        time.sleep(0.01)\nthreading.Thread(target=spin, daemon=True).start()")
	pids := mustSandboxPIDs(t, sb.id)
	if resp, b := do(t, "POST", base+"/sandboxes/"+sb.id+"/pause", strings.NewReader(`{}`), nil); resp.StatusCode != http.StatusNoContent {
		t.Fatalf("pause: got %d (%s), want 204", resp.StatusCode, b)
	}
	stopped := func() bool {
		for _, p := range pids {
			if st := procState(p); st != "T" && st != "t" && st != "" {
				return false
			}
		}
		return true
	}
	if !eventually(5*time.Second, stopped) {
		for _, p := range pids {
			t.Errorf("paused sandbox: process %s has state %q, want T (stopped)", p, procState(p))
		}
	}
	if resp, b := do(t, "POST", base+"/v2/sandboxes/"+sb.id+"/connect", strings.NewReader(`{"timeout":30}`), nil); resp.StatusCode != http.StatusCreated {
		t.Fatalf("connect: got %d (%s), want 201 (resumed)", resp.StatusCode, b)
	}
	for _, p := range pids {
		if st := procState(p); st == "T" {
			t.Errorf("resumed sandbox: process %s is still stopped", p)
		}
	}
	if got := mainText(t, sb.run(t, "ticks > 0")); got != "True" {
		t.Errorf("after resume: got ticks > 0 = %s, want True (state kept)", got)
	}
}

// BenchmarkResumeAfterPause measures connect on a paused sandbox: the
// resume latency a conversation's next question pays on the local server.
func BenchmarkResumeAfterPause(b *testing.B) {
	_, base := newServer(b, e2blocal.Config{})
	sb := create(b, base, map[string]any{"timeout": 300})
	sb.run(b, "x = 1")
	var total time.Duration
	for b.Loop() {
		b.StopTimer()
		if resp, body := do(b, "POST", base+"/sandboxes/"+sb.id+"/pause", strings.NewReader(`{}`), nil); resp.StatusCode != http.StatusNoContent {
			b.Fatalf("pause: got %d (%s)", resp.StatusCode, body)
		}
		b.StartTimer()
		start := time.Now()
		if resp, body := do(b, "POST", base+"/v2/sandboxes/"+sb.id+"/connect", strings.NewReader(`{"timeout":300}`), nil); resp.StatusCode != http.StatusCreated {
			b.Fatalf("connect: got %d (%s)", resp.StatusCode, body)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Microseconds())/float64(b.N), "µs/resume")
}

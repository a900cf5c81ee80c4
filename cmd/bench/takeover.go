package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// requestCounts counts the stand-ins' requests: model calls and cell runs
// (the E2B server's /execute), so scale-out can show nothing ran twice.
type requestCounts struct{ model, execute atomic.Int64 }

// isFakeCell reports whether r runs a benchmark cell (one with the fake
// kernel's directive), not the journal's own small cells.
func isFakeCell(r *http.Request) bool {
	if !strings.HasSuffix(r.URL.Path, "/execute") || r.Body == nil {
		return false
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	r.Body.Close()
	r.Body = io.NopCloser(bytes.NewReader(b))
	return err == nil && bytes.Contains(b, []byte("e2blocal-fake:"))
}

// count wraps h and counts its requests into n when match says so.
func count(h http.Handler, n *atomic.Int64, match func(*http.Request) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if match(r) {
			n.Add(1)
		}
		h.ServeHTTP(w, r)
	})
}

// waitRunning polls the workflow until an activity of type act has
// started, and returns the pid of the worker running it (from the SDK's
// default identity, "<pid>@<host>@").
func (e *env) waitRunning(ctx context.Context, id, act string) (int, error) {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		d, err := e.client.DescribeWorkflowExecution(ctx, id, "")
		if err != nil {
			return 0, err
		}
		for _, p := range d.GetPendingActivities() {
			if p.GetActivityType().GetName() == act && p.GetState() == enumspb.PENDING_ACTIVITY_STATE_STARTED {
				pid, err := strconv.Atoi(strings.SplitN(p.GetLastWorkerIdentity(), "@", 2)[0])
				if err != nil {
					return 0, fmt.Errorf("worker identity %q: %w", p.GetLastWorkerIdentity(), err)
				}
				return pid, nil
			}
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return 0, fmt.Errorf("%s: no %s started within 2 minutes", id, act)
}

// p7 measures takeover after kill -9: two workers, SIGKILL the one running
// a long cell, and time the kill to the next attempt's start in the
// history. Then the heartbeat load of many analyses in long cells.
func (e *env) p7(ctx context.Context, r *report) error {
	o := e.opts
	const tq = "bench-p7"
	var ws []*workerProc
	defer func() {
		for _, w := range ws {
			w.stop()
		}
	}()
	for range 2 {
		w, err := e.startWorker(ctx, tq, 0, 0, "")
		if err != nil {
			return err
		}
		ws = append(ws, w)
	}
	var takeovers []time.Duration
	var rows []string
	for i := range o.p7Reps {
		id := fmt.Sprintf("p7-%d", i)
		run, err := e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq, WorkflowExecutionTimeout: 10 * time.Minute},
			api.AnalysisWorkflowName, api.AnalysisInput{Question: "benchmark " + id, Model: "script:p7", MaxSteps: 2})
		if err != nil {
			return fmt.Errorf("start %s: %w", id, err)
		}
		pid, err := e.waitRunning(ctx, id, tools.RunCodeName)
		if err != nil {
			return err
		}
		// Let the cell heartbeat for a while; each kill lands at another
		// point between two heartbeats (killPhase).
		time.Sleep(o.p7Kill + e.killPhase(i))
		killed, slot, err := killWorker(ws, pid)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		var res api.AnalysisResult
		if err := run.Get(ctx, &res); err != nil {
			return fmt.Errorf("%s after the kill: %w", id, err)
		}
		next, by, err := e.nextAttempt(ctx, id, tools.RunCodeName)
		if err != nil {
			return err
		}
		d := next.Sub(killed)
		takeovers = append(takeovers, d)
		rows = append(rows, fmt.Sprintf("%s (attempt 2 on %s)", round(d), by))
		o.logf("bench: P7 kill %d: SIGKILL → next attempt %s", i+1, round(d))
		// Replace the killed worker for the next repetition.
		if ws[slot], err = e.startWorker(ctx, tq, 0, 0, ""); err != nil {
			return err
		}
	}
	worst := takeovers[0]
	for _, d := range takeovers {
		worst = max(worst, d)
	}
	r.add(figure{Scenario: "P7", Name: fmt.Sprintf("takeover after kill -9: SIGKILL of the worker in a %s cell → the cell's next attempt started on the other worker (heartbeat timeout %s, every %s; kills spread over one heartbeat interval)", o.p7Cell, workflows.HeartbeatTimeout, round(e.hbInterval())),
		Goal: "≤ 5 s", Value: worst.Seconds(), Unit: "s", Met: ptr(worst <= 5*time.Second),
		Measured: fmt.Sprintf("worst %s, median %s over %d kills: %s", round(worst), round(median(takeovers)), len(takeovers), strings.Join(rows, ", "))})
	details := map[string]any{"takeover_ms": ms(takeovers), "heartbeat_timeout_ms": workflows.HeartbeatTimeout.Milliseconds(), "heartbeat_throttle_ms": e.cfg.HeartbeatThrottle.Milliseconds()}
	r.details["p7"] = details
	for _, w := range ws {
		w.stop()
	}
	ws = nil
	if err := e.p7Analysis(ctx, r, details); err != nil {
		return err
	}
	return e.p7Load(ctx, r, details)
}

// hbInterval is how often a running activity's heartbeat reaches the
// server: a third of the heartbeat timeout, or the throttle when longer.
func (e *env) hbInterval() time.Duration {
	return max(e.cfg.HeartbeatThrottle, workflows.HeartbeatTimeout/3)
}

// killPhase spreads the kills of a P7 series over one heartbeat interval,
// so that the worst one is near the worst case (a kill just after a
// heartbeat reached the server).
func (e *env) killPhase(i int) time.Duration {
	return time.Duration(i) * e.hbInterval() / time.Duration(e.opts.p7Reps)
}

// p7Analysis measures takeover at the analysis: SIGKILL of the worker that
// runs a cell and that ran the analysis' workflow tasks (so the workflow's
// sticky queue is the dead worker's) → the analysis' next workflow task
// completed on the other worker. The cell ends soon after the kill, while
// no worker runs it, so what is measured is the takeover, not the cell:
// the retried attempt finds the outcome in the journal and completes, and
// the workflow task that follows must reach a live worker.
func (e *env) p7Analysis(ctx context.Context, r *report, details map[string]any) error {
	o := e.opts
	const tq = "bench-p7-analysis"
	// The sole worker runs the analysis' workflow tasks and its cell; the
	// second one starts once the cell runs.
	a, err := e.startWorker(ctx, tq, 0, 0, "")
	if err != nil {
		return err
	}
	var b *workerProc
	defer func() {
		a.stop()
		if b != nil {
			b.stop()
		}
	}()
	var takeovers []time.Duration
	var rows []string
	stickyTimeouts, late := 0, 0
	for i := 0; i < o.p7Reps; i++ {
		id := fmt.Sprintf("p7-analysis-%d-%d", i, late)
		run, err := e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq, WorkflowExecutionTimeout: 10 * time.Minute},
			api.AnalysisWorkflowName, api.AnalysisInput{Question: "benchmark " + id, Model: "script:p7short", MaxSteps: 2})
		if err != nil {
			return fmt.Errorf("start %s: %w", id, err)
		}
		pid, err := e.waitRunning(ctx, id, tools.RunCodeName)
		if err != nil {
			return err
		}
		if pid != a.cmd.Process.Pid {
			return fmt.Errorf("%s: the cell runs on pid %d, not on the only worker (%d)", id, pid, a.cmd.Process.Pid)
		}
		started, err := e.cellStarted(ctx, id)
		if err != nil {
			return err
		}
		if b, err = e.startWorker(ctx, tq, 0, 0, ""); err != nil {
			return err
		}
		if err := e.waitPolling(ctx, tq, b.cmd.Process.Pid); err != nil {
			return err
		}
		killAt := started.Add(o.p7Kill + e.killPhase(i))
		if time.Now().After(killAt) {
			// Starting the second worker took longer than the kill's
			// moment in the cell (a loaded machine): the cell may be over
			// before the kill, and nothing would be taken over. Let this
			// analysis end and try the repetition again.
			if late++; late > 3 {
				return fmt.Errorf("%s: the second worker polled only %s after the cell started, past the kill's moment (%s), %d times", id, round(time.Since(started)), o.p7Kill+e.killPhase(i), late)
			}
			o.logf("bench: P7 analysis kill %d: the second worker was ready too late for the kill; repeating", i+1)
			if err := run.Get(ctx, nil); err != nil {
				return fmt.Errorf("%s: %w", id, err)
			}
			a, b = b, a // the new worker runs the next try alone
			b.stop()
			b = nil
			i--
			continue
		}
		time.Sleep(time.Until(killAt))
		killed := time.Now()
		a.kill()
		if err := run.Get(ctx, nil); err != nil {
			return fmt.Errorf("%s after the kill: %w", id, err)
		}
		next, by, timedOut, err := e.nextWorkflowTask(ctx, id, killed)
		if err != nil {
			return err
		}
		attempt2, _, err := e.nextAttempt(ctx, id, tools.RunCodeName)
		if err != nil {
			return err
		}
		if !strings.HasPrefix(by, strconv.Itoa(b.cmd.Process.Pid)+"@") {
			return fmt.Errorf("%s: the workflow task after the kill completed on %s, not on the surviving worker (pid %d)", id, by, b.cmd.Process.Pid)
		}
		d := next.Sub(killed)
		takeovers = append(takeovers, d)
		row := fmt.Sprintf("%s (cell's attempt 2 at %s", round(d), round(attempt2.Sub(killed)))
		if timedOut > 0 {
			stickyTimeouts++
			row += fmt.Sprintf(", %d workflow task timed out on the dead worker's sticky queue", timedOut)
		}
		rows = append(rows, row+")")
		o.logf("bench: P7 analysis kill %d: SIGKILL → next workflow task completed %s", i+1, rows[len(rows)-1])
		// The survivor runs the next analysis alone; a new worker joins it.
		a, b = b, nil
	}
	worst := takeovers[0]
	for _, d := range takeovers {
		worst = max(worst, d)
	}
	r.add(figure{Scenario: "P7", Name: fmt.Sprintf("takeover at the analysis: SIGKILL of the worker running the cell and holding the workflow (its sticky queue) → the analysis' next workflow task completed on the other worker (heartbeat timeout %s, every %s; kills spread over one heartbeat interval)", workflows.HeartbeatTimeout, round(e.hbInterval())),
		Goal: "≤ 5 s", Value: worst.Seconds(), Unit: "s", Met: ptr(worst <= 5*time.Second),
		Measured: fmt.Sprintf("worst %s, median %s over %d kills: %s", round(worst), round(median(takeovers)), len(takeovers), strings.Join(rows, ", "))})
	details["analysis_takeover_ms"] = ms(takeovers)
	details["analysis_sticky_timeouts"] = stickyTimeouts
	return nil
}

// cellStarted returns when the running RunCode attempt of the workflow started.
func (e *env) cellStarted(ctx context.Context, id string) (time.Time, error) {
	d, err := e.client.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return time.Time{}, err
	}
	for _, p := range d.GetPendingActivities() {
		if p.GetActivityType().GetName() == tools.RunCodeName && p.GetLastStartedTime() != nil {
			return p.GetLastStartedTime().AsTime(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%s: no running %s", id, tools.RunCodeName)
}

// waitPolling waits until the worker with pid polls the task queue for
// workflow and for activity tasks.
func (e *env) waitPolling(ctx context.Context, tq string, pid int) error {
	prefix := strconv.Itoa(pid) + "@"
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		polls := 0
		for _, typ := range []enumspb.TaskQueueType{enumspb.TASK_QUEUE_TYPE_WORKFLOW, enumspb.TASK_QUEUE_TYPE_ACTIVITY} {
			resp, err := e.client.DescribeTaskQueue(ctx, tq, typ)
			if err != nil {
				return err
			}
			for _, p := range resp.GetPollers() {
				if strings.HasPrefix(p.GetIdentity(), prefix) {
					polls++
					break
				}
			}
		}
		if polls == 2 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("worker %d does not poll %s within a minute", pid, tq)
}

// nextWorkflowTask finds the first workflow task completed after t, the
// identity of the worker that completed it, and how many workflow tasks
// timed out between t and it.
func (e *env) nextWorkflowTask(ctx context.Context, id string, t time.Time) (time.Time, string, int, error) {
	timedOut := 0
	it := e.client.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		if err != nil {
			return time.Time{}, "", 0, err
		}
		if ev.GetEventTime().AsTime().Before(t) {
			continue
		}
		if ev.GetWorkflowTaskTimedOutEventAttributes() != nil {
			timedOut++
		}
		if a := ev.GetWorkflowTaskCompletedEventAttributes(); a != nil {
			return ev.GetEventTime().AsTime(), a.GetIdentity(), timedOut, nil
		}
	}
	return time.Time{}, "", 0, fmt.Errorf("%s: no workflow task completed after the kill", id)
}

// nextAttempt finds the start of the second attempt of act in the history
// (the started event of a retried activity carries its attempt) and the
// identity of the worker that ran it.
func (e *env) nextAttempt(ctx context.Context, id, act string) (time.Time, string, error) {
	types := map[int64]string{}
	it := e.client.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		if err != nil {
			return time.Time{}, "", err
		}
		if a := ev.GetActivityTaskScheduledEventAttributes(); a != nil {
			types[ev.GetEventId()] = a.GetActivityType().GetName()
		}
		if a := ev.GetActivityTaskStartedEventAttributes(); a != nil && types[a.GetScheduledEventId()] == act && a.GetAttempt() >= 2 {
			return ev.GetEventTime().AsTime(), a.GetIdentity(), nil
		}
	}
	return time.Time{}, "", fmt.Errorf("%s: %w of %s in the history", id, errNoRetry, act)
}

// errNoRetry: an activity ran in one attempt.
var errNoRetry = errors.New("no second attempt")

// p7Load runs many analyses that sit in a long cell at once on one worker
// and measures the heartbeat RPCs they send and the server's CPU.
func (e *env) p7Load(ctx context.Context, r *report, details map[string]any) error {
	o := e.opts
	const tq = "bench-p7-load"
	w, err := e.startWorker(ctx, tq, max(o.maxActivities, o.p7LoadN+50), o.maxWorkflowTasks, "")
	if err != nil {
		return err
	}
	defer w.stop()
	type sample struct {
		at       time.Time
		hb       int64
		temporal time.Duration
	}
	var (
		mu      sync.Mutex
		samples []sample
	)
	tpid := serverPID("temporal", e.temporal.Address)
	stop := make(chan struct{})
	var sampled sync.WaitGroup
	sampled.Add(1)
	go func() {
		defer sampled.Done()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			if s, err := w.sample(); err == nil {
				mu.Lock()
				samples = append(samples, sample{at: time.Now(), hb: s.Heartbeats, temporal: procCPU(tpid)})
				mu.Unlock()
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	o.logf("bench: P7 heartbeat load: %d analyses in %s cells", o.p7LoadN, o.p7LoadCell)
	start := time.Now()
	errs := make(chan error, o.p7LoadN)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 32)
	for i := range o.p7LoadN {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("p7-load-%d", i)
			sem <- struct{}{}
			run, err := e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq, WorkflowExecutionTimeout: 30 * time.Minute},
				api.AnalysisWorkflowName, api.AnalysisInput{Question: "benchmark " + id, Model: "script:p7load", MaxSteps: 2})
			<-sem
			if err != nil {
				errs <- err
				return
			}
			if err := run.Get(ctx, nil); err != nil {
				errs <- fmt.Errorf("%s: %w", id, err)
			}
		}()
	}
	wg.Wait()
	wall := time.Since(start)
	close(stop)
	sampled.Wait()
	close(errs)
	failed := 0
	var firstErr error
	for err := range errs {
		failed++
		firstErr = cmp.Or(firstErr, err)
	}
	// The busiest 10 s (or the whole run when shorter) of heartbeats.
	win := min(10, len(samples)-1)
	best, bestCPU := 0.0, 0.0
	for i := 0; i+win < len(samples) && win > 0; i++ {
		a, b := samples[i], samples[i+win]
		secs := b.at.Sub(a.at).Seconds()
		if rate := float64(b.hb-a.hb) / secs; rate > best {
			best, bestCPU = rate, (b.temporal-a.temporal).Seconds()/secs
		}
	}
	total := int64(0)
	if len(samples) > 0 {
		total = samples[len(samples)-1].hb
	}
	// Timeouts of live attempts: a retried RunCode in a sample of the
	// histories means a heartbeat came too late.
	retried, checked := 0, 0
	for i := 0; i < o.p7LoadN; i += max(1, o.p7LoadN/100) {
		_, _, err := e.nextAttempt(ctx, fmt.Sprintf("p7-load-%d", i), tools.RunCodeName)
		switch {
		case err == nil:
			retried++
		case !errors.Is(err, errNoRetry):
			continue // not known: not counted as checked
		}
		checked++
	}
	expected := float64(o.p7LoadN) / e.hbInterval().Seconds()
	measured := fmt.Sprintf("%.0f heartbeat RPCs/s in the busiest %d s (%d analyses each in a %s cell; expected ≤ %.0f/s at one per %s per cell), Temporal server %.0f%% of a core meanwhile; %d heartbeats in all over %s; %d of %d sampled analyses had a cell retried (a live attempt timed out)",
		best, win, o.p7LoadN, o.p7LoadCell, expected, round(e.cfg.HeartbeatThrottle), 100*bestCPU, total, round(wall), retried, checked)
	if failed > 0 {
		measured += fmt.Sprintf("; **%d of %d failed**, first: %v", failed, o.p7LoadN, firstErr)
	}
	r.add(figure{Scenario: "P7", Name: fmt.Sprintf("heartbeat load: %d analyses in long cells on one worker", o.p7LoadN),
		Goal: "no flood: server keeps up, no live attempt timed out", Value: best, Unit: "RPC/s",
		Met: ptr(failed == 0 && retried == 0), Measured: measured})
	details["load"] = map[string]any{"analyses": o.p7LoadN, "peak_heartbeats_per_s": best, "temporal_cores_at_peak": bestCPU,
		"heartbeats": total, "wall_ms": wall.Milliseconds(), "retried_sampled": retried, "sampled": checked, "failed": failed}
	if failed > 0 {
		return fmt.Errorf("heartbeat load: %d of %d analyses failed, first: %w", failed, o.p7LoadN, firstErr)
	}
	return nil
}

// scaleOut runs the P4 batch on 1, 2 and 3 workers of one task queue; with
// more than one it SIGKILLs the last worker once 40% of the items are done.
// It checks that the report lists every item once, answered, that every
// item stored its outputs, and counts the stand-ins' requests.
func (e *env) scaleOut(ctx context.Context, r *report) error {
	o := e.opts
	key, err := e.uploadItems(ctx, "bench/scale/items.jsonl", o.scaleItems)
	if err != nil {
		return err
	}
	details := map[string]any{}
	r.details["scale"] = details
	var rows []string
	var firstThr float64
	allOK := true
	for _, n := range o.scaleWorkers {
		tq := fmt.Sprintf("bench-scale-%d", n)
		var ws []*workerProc
		stopAll := func() {
			for _, w := range ws {
				w.stop()
			}
		}
		for range n {
			w, err := e.startWorker(ctx, tq, o.maxActivities, o.maxWorkflowTasks, "")
			if err != nil {
				stopAll()
				return err
			}
			ws = append(ws, w)
		}
		id := fmt.Sprintf("scale-%d", n)
		model0, exec0 := e.counts.model.Load(), e.counts.execute.Load()
		start := time.Now()
		run, err := e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq}, api.BatchAnalysisWorkflowName,
			api.BatchInput{ItemsS3Key: key, Concurrency: o.scaleConc, Defaults: api.BatchDefaults{Model: "script:p4", MaxSteps: 3}})
		if err != nil {
			stopAll()
			return fmt.Errorf("start batch on %d workers: %w", n, err)
		}
		killedAt := ""
		if n > 1 {
			// Kill the last worker once 40% of the items are done.
			for {
				v, err := e.client.QueryWorkflow(ctx, id, "", api.ProgressQuery)
				if err == nil {
					var p api.BatchProgress
					if v.Get(&p) == nil && p.Total > 0 && (p.Succeeded+p.Failed)*10 >= p.Total*4 {
						ws[n-1].kill()
						killedAt = fmt.Sprintf("worker %d of %d SIGKILLed at %d of %d items done (%s)", n, n, p.Succeeded+p.Failed, p.Total, round(time.Since(start)))
						ws = ws[:n-1]
						break
					}
				}
				select {
				case <-ctx.Done():
					stopAll()
					return ctx.Err()
				case <-time.After(100 * time.Millisecond):
				}
			}
		}
		var res api.BatchResult
		err = run.Get(ctx, &res)
		wall := time.Since(start)
		stopAll()
		if err != nil {
			return fmt.Errorf("batch on %d workers: %w", n, err)
		}
		modelN, execN := e.counts.model.Load()-model0, e.counts.execute.Load()-exec0
		problems, err := e.checkBatch(ctx, res, id)
		if err != nil {
			return err
		}
		thr := float64(o.scaleItems) / wall.Seconds()
		if firstThr == 0 {
			firstThr = thr
		}
		row := fmt.Sprintf("%d worker(s): %.1f items/s (%.2f× one worker), wall %s; model requests %d (%d expected), cell requests %d (%d expected: the journal's probe and the cell; more are retries the journal answers)",
			n, thr, thr/firstThr, round(wall), modelN, 2*o.scaleItems, execN, 2*o.scaleItems)
		if killedAt != "" {
			row += "; " + killedAt
		}
		if len(problems) > 0 {
			allOK = false
			row += "; **" + strings.Join(problems, "; ") + "**"
		} else {
			row += "; report: every item once, answered; every item's report in S3"
		}
		rows = append(rows, row)
		o.logf("bench: scale-out %s", row)
		details[strconv.Itoa(n)] = map[string]any{"wall_ms": wall.Milliseconds(), "items_per_s": thr, "model_requests": modelN,
			"cell_runs": execN, "killed": killedAt, "problems": problems, "runs": res.Runs}
	}
	r.add(figure{Scenario: "scale-out", Name: fmt.Sprintf("batch of %d items at concurrency %d on %v worker processes, the last one SIGKILLed mid-run", o.scaleItems, o.scaleConc, o.scaleWorkers),
		Goal: "nothing lost or duplicated; throughput reported", Value: firstThr, Unit: "items/s (1 worker)", Met: ptr(allOK),
		Measured: strings.Join(rows, " · ")})
	return nil
}

// uploadItems writes n benchmark items as JSONL under key.
func (e *env) uploadItems(ctx context.Context, key string, n int) (string, error) {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"id": "i%d", "question": "benchmark item %d"}`+"\n", i, i)
	}
	if _, err := e.S3.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(e.s3.Bucket), Key: aws.String(key),
		Body: strings.NewReader(b.String())}); err != nil {
		return "", fmt.Errorf("upload items: %w", err)
	}
	return key, nil
}

// checkBatch reads the batch's JSON report and the S3 keys of its items:
// every item once and answered, and every item's outputs stored.
func (e *env) checkBatch(ctx context.Context, res api.BatchResult, batchID string) ([]string, error) {
	var problems []string
	if res.Succeeded != res.Total || res.Failed != 0 {
		problems = append(problems, fmt.Sprintf("%d of %d succeeded, %d failed", res.Succeeded, res.Total, res.Failed))
	}
	obj, err := e.S3.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(e.s3.Bucket), Key: aws.String(res.ReportKey)})
	if err != nil {
		return nil, fmt.Errorf("report %s: %w", res.ReportKey, err)
	}
	b, err := io.ReadAll(obj.Body)
	obj.Body.Close()
	if err != nil {
		return nil, err
	}
	var rep struct {
		Items []api.BatchItemResult `json:"items"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("report %s: %w", res.ReportKey, err)
	}
	seen := map[int]int{}
	for _, it := range rep.Items {
		seen[it.Index]++
		if it.Status != api.StatusAnswered {
			problems = append(problems, fmt.Sprintf("item %d %s: %s", it.Index, it.Status, it.Error))
		}
	}
	for i := range res.Total {
		if seen[i] != 1 {
			problems = append(problems, fmt.Sprintf("item %d in the report %d times", i, seen[i]))
		}
	}
	if len(rep.Items) != res.Total {
		problems = append(problems, fmt.Sprintf("report has %d rows, want %d", len(rep.Items), res.Total))
	}
	// Every item stored its report (its last write, after its cell
	// output); keys are deterministic, so a re-run overwrites, it cannot
	// add a second copy.
	prefix := strings.Trim(e.cfg.S3Prefix, "/") + "/" + batchID + "_"
	stored := map[string]bool{}
	p := s3.NewListObjectsV2Paginator(e.S3, &s3.ListObjectsV2Input{Bucket: aws.String(e.s3.Bucket), Prefix: aws.String(prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", prefix, err)
		}
		for _, o := range page.Contents {
			stored[aws.ToString(o.Key)] = true
		}
	}
	missing := 0
	for _, it := range rep.Items {
		if it.ReportKey == "" || !stored[it.ReportKey] {
			missing++
		}
	}
	if missing > 0 {
		problems = append(problems, fmt.Sprintf("%d items' reports missing under %s", missing, prefix))
	}
	if len(problems) > 5 {
		problems = append(problems[:5], fmt.Sprintf("and %d more", len(problems)-5))
	}
	return problems, nil
}

// killWorker SIGKILLs the worker of ws with process id pid (the one a
// workflow's activity runs on) and waits until it is gone; it returns the
// moment of the kill and the worker's index in ws, for its replacement.
func killWorker(ws []*workerProc, pid int) (time.Time, int, error) {
	for i, w := range ws {
		if w.cmd.Process.Pid != pid {
			continue
		}
		killed := time.Now()
		w.kill()
		return killed, i, nil
	}
	return time.Time{}, 0, fmt.Errorf("the activity runs on pid %d, not one of the bench's workers", pid)
}

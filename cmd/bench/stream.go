package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/stream"
)

// p12Code is the streamed cell: lines printed every so often, each with the
// time it was printed.
func p12Code(lines int, every time.Duration) []string {
	return []string{
		"import time",
		fmt.Sprintf("for i in range(%d):", lines),
		"    print(f\"line {i} at {time.time():.4f}\", flush=True)",
		fmt.Sprintf("    time.sleep(%.3f)", every.Seconds()),
	}
}

// p12Delays follows one analysis and returns, for each line its cell
// printed, the time from the print to the follower having it.
func (e *env) p12Follow(ctx context.Context, id string) ([]time.Duration, error) {
	var delays []time.Duration
	err := stream.Follow(ctx, e.client, id, stream.FollowOptions{Wait: 20 * time.Second}, func(ev stream.Event) error {
		if ev.Kind != api.EventOutput {
			return nil
		}
		now := time.Now()
		for _, line := range strings.Split(strings.TrimSpace(ev.Text), "\n") {
			var n int
			var printed float64
			if _, err := fmt.Sscanf(line, "line %d at %f", &n, &printed); err == nil {
				delays = append(delays, now.Sub(time.UnixMicro(int64(printed*1e6))))
			}
		}
		return nil
	})
	return delays, err
}

// p12Load runs analyses at once, each followed by followers, and returns
// every print-to-follower delay and where the CPU went.
func (e *env) p12Load(ctx context.Context, tq, prefix string, analyses, followers int, pids []int) ([]time.Duration, cpuSplit, time.Duration, error) {
	meter := newCPUMeter(e.temporal.Address, e.s3.Endpoint, pids...)
	start := time.Now()
	var mu sync.Mutex
	var all []time.Duration
	var firstErr error
	var wg sync.WaitGroup
	for i := range analyses {
		id := fmt.Sprintf("%s-%d-%d", prefix, i, start.UnixNano())
		run, err := e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq, WorkflowExecutionTimeout: 30 * time.Minute},
			api.AnalysisWorkflowName, api.AnalysisInput{Question: "stream " + id, Model: "script:p12", MaxSteps: 3})
		if err != nil {
			return nil, cpuSplit{}, 0, fmt.Errorf("start %s: %w", id, err)
		}
		for range followers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d, err := e.p12Follow(ctx, id)
				mu.Lock()
				defer mu.Unlock()
				all = append(all, d...)
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("follow %s: %w", id, err)
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var res api.AnalysisResult
			err := run.Get(ctx, &res)
			mu.Lock()
			defer mu.Unlock()
			if err == nil && res.Status != api.StatusAnswered {
				err = fmt.Errorf("status %s", res.Status)
			}
			if err != nil && firstErr == nil {
				firstErr = fmt.Errorf("analysis %s: %w", id, err)
			}
		}()
	}
	wg.Wait()
	return all, meter.stop(), time.Since(start), firstErr
}

// p12 measures the event stream: how soon a line a cell prints reaches a
// follower, with one follower, with many followers of one analysis, and
// with many analyses followed at once, on make run's default of two
// workers and real Python; and the Temporal server's share of the CPU.
func (e *env) p12(ctx context.Context, r *report) error {
	o := e.opts
	srv, url, done, err := e.realSandboxes("p12")
	if err != nil {
		return err
	}
	defer done()
	capacity, _ := srv.Capacity()
	const tq = "bench-p12"
	vars := map[string]string{"E2B_API_URL": url, "E2B_SANDBOX_URL": url, "SANDBOX_CAPACITY": strconv.Itoa(capacity), "SANDBOX_POOL": "bench-p12"}
	var ws []*workerProc
	defer func() { stopAll(ws) }()
	var pids []int
	for range 2 {
		w, err := e.startWorkerEnv(ctx, tq, 0, 0, "", vars)
		if err != nil {
			return err
		}
		ws = append(ws, w)
		pids = append(pids, w.cmd.Process.Pid)
	}
	type load struct {
		name                string
		analyses, followers int
	}
	var rows []string
	var p95One time.Duration
	details := map[string]any{"capacity": capacity, "lines_per_cell": o.p12Lines, "every_ms": o.p12Every.Milliseconds()}
	for i, l := range []load{{"1 analysis, 1 follower", 1, 1}, {fmt.Sprintf("1 analysis, %d followers", o.p12Followers), 1, o.p12Followers},
		{fmt.Sprintf("%d analyses at once, 1 follower each", o.p12Analyses), o.p12Analyses, 1}} {
		delays, cpu, wall, err := e.p12Load(ctx, tq, fmt.Sprintf("p12-%d", i), l.analyses, l.followers, pids)
		if err != nil {
			return fmt.Errorf("%s: %w", l.name, err)
		}
		if len(delays) == 0 {
			return fmt.Errorf("%s: no line reached a follower", l.name)
		}
		slices.Sort(delays)
		q := func(p float64) time.Duration { return delays[min(len(delays)-1, int(p*float64(len(delays))))] }
		if i == 0 {
			p95One = q(0.95)
		}
		temporalShare := 0.0
		if cpu.Machine > 0 {
			temporalShare = cpu.Temporal.Seconds() / cpu.Machine.Seconds()
		}
		row := fmt.Sprintf("%s: print to follower p50 %s, p95 %s, max %s over %d lines; wall %s; Temporal %.0f%% of the busy CPU (%s)",
			l.name, round(q(0.5)), round(q(0.95)), round(delays[len(delays)-1]), len(delays), round(wall), 100*temporalShare, cpu)
		rows = append(rows, row)
		o.logf("bench: P12 %s", row)
		details[fmt.Sprintf("load_%d", i)] = map[string]any{"name": l.name, "p50_ms": q(0.5).Milliseconds(), "p95_ms": q(0.95).Milliseconds(),
			"max_ms": delays[len(delays)-1].Milliseconds(), "lines": len(delays), "wall_ms": wall.Milliseconds(), "cpu": cpu, "temporal_share": temporalShare}
	}
	r.details["p12"] = details
	r.add(figure{Scenario: "P12", Name: fmt.Sprintf("event stream: a line printed in a cell (real Python) to a follower, 2 workers, capacity %d", capacity),
		Goal: "p95 ≤ 1 s with one follower", Value: p95One.Seconds() * 1000, Unit: "ms", Met: ptr(p95One <= time.Second),
		Measured: strings.Join(rows, "; ")})
	return nil
}

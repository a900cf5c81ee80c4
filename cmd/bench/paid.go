package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/modelcall"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// p10 measures a model call across a crash: SIGKILL of the worker running
// a long model call (background mode, the default), N times. It counts the
// generations of the turn in flight at the kill (the scripted model counts
// them per turn: each is a billed generation) and times the kill to the
// call's next attempt starting on the other worker.
func (e *env) p10(ctx context.Context, r *report) error {
	o := e.opts
	const tq = "bench-p10"
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
	worstGen := 0
	for i := range o.p10Reps {
		id := fmt.Sprintf("p10-%d-%d", i, time.Now().UnixNano())
		before := e.model.Generations("p10", 1)
		run, err := e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq, WorkflowExecutionTimeout: 10 * time.Minute},
			api.AnalysisWorkflowName, api.AnalysisInput{Question: "benchmark " + id, Model: "script:p10", MaxSteps: 2})
		if err != nil {
			return fmt.Errorf("start %s: %w", id, err)
		}
		pid, err := e.waitRunning(ctx, id, modelcall.CallModelName)
		if err != nil {
			return err
		}
		time.Sleep(o.p10Kill)
		killed, slot, err := killWorker(ws, pid)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		var res api.AnalysisResult
		if err := run.Get(ctx, &res); err != nil {
			return fmt.Errorf("%s after the kill: %w", id, err)
		}
		gens := e.model.Generations("p10", 1) - before
		worstGen = max(worstGen, gens)
		next, by, err := e.nextAttempt(ctx, id, modelcall.CallModelName)
		if err != nil {
			return err
		}
		d := next.Sub(killed)
		takeovers = append(takeovers, d)
		rows = append(rows, fmt.Sprintf("%s, %d generation(s) (attempt 2 on %s)", round(d), gens, by))
		o.logf("bench: P10 kill %d: SIGKILL → next attempt %s, turn generated %d time(s)", i+1, round(d), gens)
		if ws[slot], err = e.startWorker(ctx, tq, 0, 0, ""); err != nil {
			return err
		}
	}
	worst := takeovers[0]
	for _, d := range takeovers {
		worst = max(worst, d)
	}
	r.add(figure{Scenario: "P10", Name: fmt.Sprintf("model call across a crash: generations of the turn in flight when the worker was SIGKILLed %s into a %s call (background mode)", o.p10Kill, o.p10Model),
		Goal: "exactly 1", Value: float64(worstGen), Unit: "generations", Met: ptr(worstGen == 1),
		Measured: fmt.Sprintf("at most %d over %d kills", worstGen, len(takeovers))})
	r.add(figure{Scenario: "P10", Name: "model call across a crash: SIGKILL → the call's next attempt started on the other worker, polling the same response",
		Goal: "≤ 5 s", Value: worst.Seconds(), Unit: "s", Met: ptr(worst <= 5*time.Second),
		Measured: fmt.Sprintf("worst %s, median %s: %s", round(worst), round(median(takeovers)), strings.Join(rows, "; "))})
	r.details["p10"] = map[string]any{"takeover_ms": ms(takeovers), "worst_generations": worstGen}
	return nil
}

// p11 measures an outage of every worker longer than the sandbox timeout:
// one analysis (5 s model turns), its only worker stopped (SIGKILL) during
// the model turn after the first cell,
// kept down until the sandbox has paused at its timeout and
// p11OutageFactor × the timeout has passed, then a worker started. The
// analysis must end on the same sandbox with no cell run again.
func (e *env) p11(ctx context.Context, r *report) error {
	o := e.opts
	const tq = "bench-p11"
	timeout := map[string]string{"SANDBOX_TIMEOUT": o.p11Timeout.String()}
	w, err := e.startWorkerEnv(ctx, tq, 0, 0, "", timeout)
	if err != nil {
		return err
	}
	defer func() { w.stop() }()
	id := fmt.Sprintf("p11-%d", time.Now().UnixNano())
	before := e.fake.Runs()
	run, err := e.client.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: tq, WorkflowExecutionTimeout: 15 * time.Minute},
		api.AnalysisWorkflowName, api.AnalysisInput{Question: "benchmark " + id, Model: "script:p11", MaxSteps: 4})
	if err != nil {
		return fmt.Errorf("start %s: %w", id, err)
	}
	// The first cell has run once the model is asked for turn 2.
	for e.model.Generations("p11", 2) == 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	var p api.Progress
	if v, err := e.client.QueryWorkflow(ctx, id, "", api.ProgressQuery); err != nil {
		return fmt.Errorf("%s: progress: %w", id, err)
	} else if err := v.Get(&p); err != nil {
		return err
	}
	w.kill()
	killed := time.Now()
	sandbox := p.SandboxID
	var paused time.Duration
	for paused == 0 {
		info, err := e.acts.E2B.GetInfo(ctx, sandbox)
		if err != nil {
			return fmt.Errorf("%s: sandbox %s during the outage: %w", id, sandbox, err)
		}
		if info.State == e2b.StatePaused {
			paused = time.Since(killed)
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	if rest := time.Duration(o.p11OutageFactor*float64(o.p11Timeout)) - time.Since(killed); rest > 0 {
		time.Sleep(rest)
	}
	outage := time.Since(killed)
	restarted := time.Now()
	if w, err = e.startWorkerEnv(ctx, tq, 0, 0, "", timeout); err != nil {
		return err
	}
	var res api.AnalysisResult
	if err := run.Get(ctx, &res); err != nil {
		return fmt.Errorf("%s after the outage: %w", id, err)
	}
	resumed := time.Since(restarted)
	cells := e.fake.Runs() - before
	same := res.SandboxID == sandbox
	o.logf("bench: P11 outage %s (paused after %s): done %s after the restart, %d cells run, same sandbox %v", round(outage), round(paused), round(resumed), cells, same)
	r.add(figure{Scenario: "P11", Name: fmt.Sprintf("every worker down %s (SANDBOX_TIMEOUT %s, the sandbox paused after %s), then one started: cells run in all", round(outage), o.p11Timeout, round(paused)),
		Goal: "2 (each cell once), same sandbox", Value: float64(cells), Unit: "cells run", Met: ptr(cells == 2 && same),
		Measured: fmt.Sprintf("%d cells run for a 2-cell analysis (%d again), same sandbox: %v", cells, cells-2, same)})
	r.add(figure{Scenario: "P11", Name: "every worker down past the sandbox timeout: worker start → the analysis' answer (resume included)",
		Goal: "reported (it includes the model turn in flight at the stop)", Value: resumed.Seconds(), Unit: "s", Measured: round(resumed).String()})
	r.details["p11"] = map[string]any{"outage_ms": outage.Milliseconds(), "paused_after_ms": paused.Milliseconds(),
		"resume_to_answer_ms": resumed.Milliseconds(), "cells": cells, "same_sandbox": same}
	return nil
}

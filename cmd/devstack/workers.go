package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	taskqueuepb "go.temporal.io/api/taskqueue/v1"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// startWorkers runs n worker processes of bin on the task queue, under one
// supervisor (make run and make cluster alike): a worker that dies, for
// whatever reason, is started again after a backoff, with the reason
// logged, and the stack keeps running. Only worker 1 serves the codec and
// the metrics (one listener per address); while it restarts, the UI cannot
// decode for a second or so. out, when not nil, returns where a worker's
// output goes besides its log file.
func startWorkers(ctx context.Context, n int, bin string, env *environ, root, logDir string, out func(name string) io.Writer, say func(string, ...any)) (*devstack.Supervisor, error) {
	return devstack.Supervise(devstack.SupervisorConfig{
		Name: "worker",
		N:    n,
		Logf: say,
		Config: func(i int) devstack.ProcessConfig {
			wenv := newEnv(env.list())
			if i > 1 {
				wenv.unset("METRICS_ADDR")
			}
			c := devstack.ProcessConfig{Path: bin, Env: wenv.list(), Dir: root, LogDir: logDir}
			if out != nil {
				c.Output = out("worker-" + strconv.Itoa(i))
			}
			return c
		},
	})
}

// waitForPollers waits until every worker process polls the task queue
// (the SDK's default identity starts with the process id), or a minute
// passes. A worker that dies meanwhile is restarted by the supervisor and
// waited for in turn.
func waitForPollers(ctx context.Context, t *devstack.Temporal, workers *devstack.Supervisor) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	c, err := dialQuiet(ctx, t)
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		procs := workers.Processes()
		missing := workers.N() - len(procs)
		var last []string
		if resp, err := c.DescribeTaskQueue(ctx, taskQueue, enumspb.TASK_QUEUE_TYPE_WORKFLOW); err == nil {
			for _, w := range procs {
				if !slices.ContainsFunc(resp.GetPollers(), func(p *taskqueuepb.PollerInfo) bool {
					return strings.HasPrefix(p.GetIdentity(), strconv.Itoa(w.Pid())+"@")
				}) {
					missing++
					last = append(last, w.Output())
				}
			}
		} else {
			missing = workers.N()
		}
		if missing == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%d of %d workers do not poll task queue %q: %w\nlast output of one:\n%s", missing, workers.N(), taskQueue, ctx.Err(), strings.Join(last[:min(1, len(last))], ""))
		case <-time.After(200 * time.Millisecond):
		}
	}
}

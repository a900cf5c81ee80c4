package config

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"go.temporal.io/sdk/worker"
)

// Tuning holds the knobs that size one worker for many analyses in flight
// (bench/notes.md, P3). The defaults are what the benchmark chose.
type Tuning struct {
	// TaskPollers is "autoscale" (the SDK's poller autoscaling, which
	// adds pollers while tasks are waiting, up to MaxTaskPollers) or a fixed
	// number of workflow and of activity task pollers (the SDK's default
	// is 2 each).
	TaskPollers string `envconfig:"TASK_POLLERS" default:"autoscale"`
	// MaxTaskPollers bounds each kind of poller under autoscaling.
	MaxTaskPollers int `envconfig:"MAX_TASK_POLLERS" default:"100"`
	// StickyCacheSize is how many workflows the worker keeps in memory
	// between their tasks (process-wide; the SDK's default is 10,000).
	StickyCacheSize int `envconfig:"STICKY_CACHE_SIZE" default:"10000"`
	// HTTPMaxIdleConnsPerHost is how many idle connections the E2B and
	// model clients keep per host. Go's default of 2 makes every call
	// beyond the second open (and TLS-handshake) a new connection when
	// hundreds of activities call the same host.
	HTTPMaxIdleConnsPerHost int `envconfig:"HTTP_MAX_IDLE_CONNS_PER_HOST" default:"100"`
	// HeartbeatThrottle is the least time between two heartbeat RPCs of
	// one activity (the SDK's MaxHeartbeatThrottleInterval). The SDK sends
	// an activity's first heartbeat at once and batches later ones for
	// 0.8 × its heartbeat timeout, at most this long. The workflows' 4 s
	// timeout and the activities' heartbeats every 4/3 s (a third of it)
	// need at most 4/3 s here for heartbeats to reach the server as often
	// as they are sent, so a live attempt survives two late ones; up to
	// 3.2 s sends fewer RPCs (each activity one per throttle) with less
	// slack before the server times a live attempt out.
	HeartbeatThrottle time.Duration `envconfig:"HEARTBEAT_THROTTLE" default:"1333ms"`
}

// Autoscale reports whether the pollers scale themselves.
func (t Tuning) Autoscale() bool { return t.TaskPollers == "autoscale" }

func (t Tuning) validate() []error {
	var errs []error
	if !t.Autoscale() {
		// 0 (a Worker built in code) keeps the SDK's default.
		if n, err := strconv.Atoi(t.TaskPollers); t.TaskPollers != "" && (err != nil || n < 2 || n > 1000) {
			errs = append(errs, fmt.Errorf("TASK_POLLERS: %q, want autoscale or a number in 2..1000", t.TaskPollers))
		}
	}
	if t.MaxTaskPollers < 0 || t.MaxTaskPollers == 1 || t.MaxTaskPollers > 1000 {
		errs = append(errs, fmt.Errorf("MAX_TASK_POLLERS: %d is outside 2..1000 (0: the SDK's default)", t.MaxTaskPollers))
	}
	if t.StickyCacheSize < 0 || t.StickyCacheSize > 1_000_000 {
		errs = append(errs, fmt.Errorf("STICKY_CACHE_SIZE: %d is outside 0..1000000", t.StickyCacheSize))
	}
	if t.HeartbeatThrottle < 0 || (t.HeartbeatThrottle > 0 && t.HeartbeatThrottle < 100*time.Millisecond) || t.HeartbeatThrottle > time.Minute {
		errs = append(errs, fmt.Errorf("HEARTBEAT_THROTTLE: %s is outside 100ms..1m", t.HeartbeatThrottle))
	}
	if t.HTTPMaxIdleConnsPerHost < 0 || t.HTTPMaxIdleConnsPerHost > 10_000 {
		errs = append(errs, fmt.Errorf("HTTP_MAX_IDLE_CONNS_PER_HOST: %d is outside 0..10000", t.HTTPMaxIdleConnsPerHost))
	}
	return errs
}

// Apply sets the pollers and the heartbeat throttle on o, and the
// process-wide sticky cache size; call it once, before the worker starts.
// Zero values (a Worker built in code) keep the SDK's defaults.
func (t Tuning) Apply(o *worker.Options) {
	o.MaxHeartbeatThrottleInterval = t.HeartbeatThrottle
	if t.StickyCacheSize > 0 {
		worker.SetStickyWorkflowCacheSize(t.StickyCacheSize)
	}
	if t.Autoscale() {
		auto := worker.PollerBehaviorAutoscalingOptions{MaximumNumberOfPollers: t.MaxTaskPollers}
		o.WorkflowTaskPollerBehavior = worker.NewPollerBehaviorAutoscaling(auto)
		o.ActivityTaskPollerBehavior = worker.NewPollerBehaviorAutoscaling(auto)
		return
	}
	if n, err := strconv.Atoi(t.TaskPollers); err == nil && n > 0 {
		o.MaxConcurrentWorkflowTaskPollers, o.MaxConcurrentActivityTaskPollers = n, n
	}
}

// Transport is the base HTTP transport of the E2B and model clients: Go's
// default transport with HTTPMaxIdleConnsPerHost idle connections per host.
func (t Tuning) Transport() http.RoundTripper {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	if t.HTTPMaxIdleConnsPerHost > 0 {
		tr.MaxIdleConnsPerHost = t.HTTPMaxIdleConnsPerHost
		tr.MaxIdleConns = 0 // no limit across hosts
	}
	return tr
}

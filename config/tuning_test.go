package config_test

import (
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/worker"

	"github.com/durable-analyst/durable-analyst/config"
)

func TestTuningValidation(t *testing.T) {
	for _, tc := range []struct {
		key, val, want string // want: the error; "" for valid
	}{
		{"TASK_POLLERS", "autoscale", ""},
		{"TASK_POLLERS", "8", ""},
		{"TASK_POLLERS", "1", `TASK_POLLERS: "1", want autoscale or a number in 2..1000`},
		{"TASK_POLLERS", "lots", `TASK_POLLERS: "lots", want autoscale or a number in 2..1000`},
		{"MAX_TASK_POLLERS", "1", "MAX_TASK_POLLERS: 1 is outside 2..1000 (0: the SDK's default)"},
		{"MAX_TASK_POLLERS", "5000", "MAX_TASK_POLLERS: 5000 is outside 2..1000 (0: the SDK's default)"},
		{"STICKY_CACHE_SIZE", "-1", "STICKY_CACHE_SIZE: -1 is outside 0..1000000"},
		{"HEARTBEAT_THROTTLE", "3s", ""},
		{"HEARTBEAT_THROTTLE", "10ms", "HEARTBEAT_THROTTLE: 10ms is outside 100ms..1m"},
		{"HEARTBEAT_THROTTLE", "2m", "HEARTBEAT_THROTTLE: 2m0s is outside 100ms..1m"},
		{"HTTP_MAX_IDLE_CONNS_PER_HOST", "-3", "HTTP_MAX_IDLE_CONNS_PER_HOST: -3 is outside 0..10000"},
		{"HTTP_MAX_IDLE_CONNS_PER_HOST", "many", "HTTP_MAX_IDLE_CONNS_PER_HOST: cannot parse"},
	} {
		t.Run(tc.key+"="+tc.val, func(t *testing.T) {
			setBase(t)
			t.Setenv(tc.key, tc.val)
			_, err := config.Load()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want)):
				t.Errorf("got %v, want an error starting %q", err, tc.want)
			}
		})
	}
}

func TestTuningDefaults(t *testing.T) {
	setBase(t)
	c, err := config.Load()
	if err != nil {
		t.Fatal(err)
	}
	var o worker.Options
	c.Tuning.Apply(&o)
	if o.WorkflowTaskPollerBehavior == nil || o.ActivityTaskPollerBehavior == nil {
		t.Errorf("got poller behaviors %v, %v; want autoscaling by default", o.WorkflowTaskPollerBehavior, o.ActivityTaskPollerBehavior)
	}
	if want := 1333 * time.Millisecond; o.MaxHeartbeatThrottleInterval != want {
		t.Errorf("got heartbeat throttle %s, want %s", o.MaxHeartbeatThrottleInterval, want)
	}
	t.Setenv("TASK_POLLERS", "6")
	if c, err = config.Load(); err != nil {
		t.Fatal(err)
	}
	o = worker.Options{}
	c.Tuning.Apply(&o)
	if o.WorkflowTaskPollerBehavior != nil || o.MaxConcurrentWorkflowTaskPollers != 6 || o.MaxConcurrentActivityTaskPollers != 6 {
		t.Errorf("got %d/%d fixed pollers (behavior %v), want 6/6", o.MaxConcurrentWorkflowTaskPollers, o.MaxConcurrentActivityTaskPollers, o.WorkflowTaskPollerBehavior)
	}
}

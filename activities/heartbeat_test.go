package activities

import (
	"testing"
	"time"
)

func TestHeartbeatInterval(t *testing.T) {
	for _, tc := range []struct{ timeout, want time.Duration }{
		{4 * time.Second, 4 * time.Second / 3},
		{time.Minute, 20 * time.Second},
		{0, 2 * time.Second},
		{150 * time.Millisecond, 100 * time.Millisecond},
	} {
		if got := heartbeatInterval(tc.timeout); got != tc.want {
			t.Errorf("heartbeat timeout %s: got every %s, want %s", tc.timeout, got, tc.want)
		}
	}
}

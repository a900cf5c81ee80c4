package activities

import (
	"context"
	"time"

	"go.temporal.io/sdk/activity"
)

// HeartbeatWhile heartbeats every third of the activity's heartbeat
// timeout until the returned func is called, so a dead worker is noticed
// within the heartbeat timeout rather than the activity's whole timeout,
// and a live one survives two late heartbeats.
func HeartbeatWhile(ctx context.Context, details any) func() {
	hctx, cancel := context.WithCancel(ctx)
	every := heartbeatInterval(activity.GetInfo(ctx).HeartbeatTimeout)
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-hctx.Done():
				return
			case <-t.C:
				activity.RecordHeartbeat(ctx, details)
			}
		}
	}()
	return cancel
}

// heartbeatInterval is a third of the heartbeat timeout (2 s without
// one), at least 100 ms.
func heartbeatInterval(timeout time.Duration) time.Duration {
	if timeout <= 0 {
		return 2 * time.Second
	}
	return max(timeout/3, 100*time.Millisecond)
}

// Retried reports whether an earlier attempt of this activity may have
// done its work: a later attempt, or one that carries heartbeat details.
func Retried(ctx context.Context) bool {
	return activity.IsActivity(ctx) && (activity.GetInfo(ctx).Attempt > 1 || activity.HasHeartbeatDetails(ctx))
}

// Attempt is the activity's attempt number, 1 outside an activity.
func Attempt(ctx context.Context) int32 {
	if !activity.IsActivity(ctx) {
		return 1
	}
	return activity.GetInfo(ctx).Attempt
}

package workflows_test

import (
	"testing"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/tools"
	"github.com/durable-analyst/durable-analyst/workflows"
)

// Every activity has a row in the one table of activity options, and
// every row names an activity: a typo would leave an activity without
// options (its workflow task fails) and a row without use. The activity
// of a tool may go without one: it runs with the options of a cell.
func TestEveryActivityHasOptions(t *testing.T) {
	acts := registered{}
	workflows.RegisterActivities(acts, &activities.Activities{})
	// CheckSearchAttributes, AdmitSandbox and JoinSandboxLine run as local
	// activities, with their own options.
	delete(acts, "CheckSearchAttributes")
	delete(acts, "AdmitSandbox")
	delete(acts, "JoinSandboxLine")
	for _, tool := range tools.Table {
		if _, ok := workflows.ActivityOptionsByName[tool.Activity]; !ok {
			delete(acts, tool.Activity)
		}
	}
	if len(acts) < 10 {
		t.Fatalf("found %d activities; want the real list", len(acts))
	}
	for name := range acts {
		if _, ok := workflows.ActivityOptionsByName[name]; !ok {
			t.Errorf("activity %s has no row in activityOptionsByName", name)
		}
	}
	for name, o := range workflows.ActivityOptionsByName {
		if !acts[name] {
			t.Errorf("row %s names no activity", name)
		}
		if o.StartToCloseTimeout <= 0 || o.RetryPolicy == nil {
			t.Errorf("row %s: start-to-close %v, retry policy %v; want both", name, o.StartToCloseTimeout, o.RetryPolicy)
		}
	}
}

// registered records the names of the activities registered on it.
type registered map[string]bool

func (r registered) RegisterActivityWithOptions(_ any, o activity.RegisterOptions) { r[o.Name] = true }

package activities

import "go.temporal.io/sdk/activity"

// Registry is where activities are registered: a worker, or a test's
// environment.
type Registry interface {
	RegisterActivityWithOptions(a any, options activity.RegisterOptions)
}

// RegisterNamed registers each activity of byName under its name, the name
// on the wire (a constant beside the activity). A subsystem's activities
// are registered by name, never as a struct, so that no exported method of
// the shared dependencies becomes an activity by accident.
func RegisterNamed(r Registry, byName map[string]any) {
	for name, fn := range byName {
		r.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}
}

// Register registers the activity that stays here, CheckSearchAttributes.
func (a *Activities) Register(r Registry) {
	RegisterNamed(r, map[string]any{
		CheckSearchAttributesName: a.CheckSearchAttributes,
	})
}

// Package modelcall holds CallModel, the model's turn: the Responses API
// and Chat Completions, the tools offered from tools.Table, trimming
// the conversation to fit, and model calls in background mode.
package modelcall

import (
	"sync/atomic"

	"github.com/durable-analyst/durable-analyst/activities"
)

// Activities are the model's activities, over the worker's shared
// dependencies (the model client, S3 for transcripts, the SQL sources
// whose schemas the model is told).
type Activities struct {
	d *activities.Activities
	// noBackground is set once a server refused background mode under auto.
	noBackground atomic.Bool
	// noStreamWait is set once a server could not stream a stored response.
	noStreamWait atomic.Bool
}

// New builds the model's activities on d.
func New(d *activities.Activities) *Activities { return &Activities{d: d} }

// Register registers the model's activities on r under their names.
func (a *Activities) Register(r activities.Registry) {
	activities.RegisterNamed(r, map[string]any{CallModelName: a.CallModel})
}

package modelcall

import (
	"context"
	"fmt"
	"strings"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// describeSources is the schema of every source for the model's first
// message; a source that cannot be described says why instead.
func (a *Activities) describeSources(ctx context.Context) string {
	if a.d.SQL == nil || len(a.d.SQL.Names()) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\nSQL sources you can query with " + api.ToolRunSQL + " (read-only; results are staged as CSV):\n")
	for _, n := range a.d.SQL.Names() {
		desc, err := a.d.SQL.Schema(ctx, n)
		if err != nil {
			fmt.Fprintf(&b, "- %s: its tables could not be listed: %s\n", n, errtext.Message(err))
			continue
		}
		fmt.Fprintf(&b, "- %s (PostgreSQL):\n%s", n, desc)
	}
	return b.String()
}

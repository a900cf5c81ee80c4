package sandboxes

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
)

// RestoreSandboxInput replays the journal of cells into a new sandbox.
type RestoreSandboxInput struct {
	WorkflowID string        `json:"workflow_id"`
	RunID      string        `json:"run_id"`
	SandboxID  string        `json:"sandbox_id"`
	Cells      []api.CellRef `json:"cells"`
}

// RestoreSandboxResult says what the replay rebuilt.
type RestoreSandboxResult struct {
	Replayed int `json:"replayed"`
	// Names is how many global names of the lost kernel were checked to
	// exist again.
	Names int `json:"names"`
}

// RestoreSandboxName is the name RestoreSandbox is registered under.
const RestoreSandboxName = "RestoreSandbox"

// RestoreSandbox rebuilds the kernel state of a lost sandbox in a new one:
// it replays, in order, the code of every cell that ran (read from the cell
// records in S3), without uploading charts again, then checks that every
// global name the lost kernel had exists again. It fails loudly, with
// ErrTypeRebuild, rather than let the analysis go on in a kernel that
// lacks what earlier cells built.
func (a *Activities) RestoreSandbox(ctx context.Context, in RestoreSandboxInput) (RestoreSandboxResult, error) {
	sb, err := journal.Connect(ctx, a.d, in.SandboxID)
	if err != nil {
		return RestoreSandboxResult{}, err
	}
	defer activities.HeartbeatWhile(ctx, "restoring")()
	// Results of run_sql that earlier cells may read come back from the
	// query journal first, without querying again.
	if err := journal.Restage(ctx, a.d, sb, in.WorkflowID); err != nil {
		return RestoreSandboxResult{}, err
	}
	var res RestoreSandboxResult
	var lastNames []string
	for i, ref := range in.Cells {
		rec, err := journal.ReadRecord(ctx, a.d, in.WorkflowID, ref)
		if err != nil {
			return res, err
		}
		id := journal.CellID(in.WorkflowID, in.RunID, ref.Step, ref.Cell, ref.CallID)
		exec, err := journal.Run(ctx, a.d, sb, id, rec.Code, nil)
		if err != nil {
			return res, err
		}
		if exec.Error != nil && rec.Error == nil {
			return res, fault.New(api.ErrTypeRebuild,
				fmt.Sprintf("rebuild: step %d cell %d ran before but fails on replay: %s: %s", ref.Step, ref.Cell, exec.Error.Name, exec.Error.Value), nil, 0)
		}
		res.Replayed = i + 1
		if len(rec.Names) > 0 {
			lastNames = rec.Names
		}
		activity.RecordHeartbeat(ctx, res.Replayed)
	}
	if len(in.Cells) == 0 {
		return res, nil
	}
	last := in.Cells[len(in.Cells)-1]
	have, err := journal.Names(ctx, sb, journal.CellID(in.WorkflowID, in.RunID, last.Step, last.Cell, last.CallID))
	if err != nil {
		return res, fault.Classify(fault.ServiceSandbox, "read kernel names", err)
	}
	if missing := missingNames(lastNames, have); len(missing) > 0 {
		return res, fault.New(api.ErrTypeRebuild,
			fmt.Sprintf("rebuild: the new kernel lacks names the lost one had: %s", strings.Join(missing, ", ")), nil, 0)
	}
	res.Names = len(lastNames)
	a.d.Log().Info("sandbox rebuilt from the cell journal", "sandbox_id", in.SandboxID, "cells", res.Replayed, "names", res.Names)
	return res, nil
}

func missingNames(want, have []string) []string {
	set := make(map[string]bool, len(have))
	for _, n := range have {
		set[n] = true
	}
	var missing []string
	for _, n := range want {
		if !set[n] {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	return missing
}

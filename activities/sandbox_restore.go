package activities

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// RestoreSandboxName is the name RestoreSandbox is registered under.
const RestoreSandboxName = "RestoreSandbox"

// RestoreSandbox rebuilds the kernel state of a lost sandbox in a new one:
// it replays, in order, the code of every cell that ran (read from the cell
// records in S3), without uploading charts again, then checks that every
// global name the lost kernel had exists again. It fails loudly, with
// ErrTypeRebuild, rather than let the analysis go on in a kernel that
// lacks what earlier cells built.
func (a *Activities) RestoreSandbox(ctx context.Context, in RestoreSandboxInput) (RestoreSandboxResult, error) {
	sb, err := a.connect(ctx, in.SandboxID)
	if err != nil {
		return RestoreSandboxResult{}, err
	}
	defer HeartbeatWhile(ctx, "restoring")()
	// Results of run_sql that earlier cells may read come back from the
	// query journal first, without querying again.
	if err := a.restageQueries(ctx, sb, in.WorkflowID); err != nil {
		return RestoreSandboxResult{}, err
	}
	var res RestoreSandboxResult
	var lastNames []string
	for i, ref := range in.Cells {
		var rec cellRecord
		key := a.outputKey(in.WorkflowID, ref.Step, ref.Cell)
		if err := a.GetJSON(ctx, key, &rec); err != nil {
			return res, fault.Classify(fault.ServiceStorage, "read cell record "+key, err)
		}
		id := cellID(RunCodeInput{WorkflowID: in.WorkflowID, RunID: in.RunID, Step: ref.Step, Cell: ref.Cell, CallID: ref.CallID})
		exec, err := a.runJournaled(ctx, sb, id, rec.Code, a.codeTimeout())
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
	have, err := a.cellNames(ctx, sb, cellID(RunCodeInput{WorkflowID: in.WorkflowID, RunID: in.RunID, Step: last.Step, Cell: last.Cell, CallID: last.CallID}))
	if err != nil {
		return res, fault.Classify(fault.ServiceSandbox, "read kernel names", err)
	}
	if missing := missingNames(lastNames, have); len(missing) > 0 {
		return res, fault.New(api.ErrTypeRebuild,
			fmt.Sprintf("rebuild: the new kernel lacks names the lost one had: %s", strings.Join(missing, ", ")), nil, 0)
	}
	res.Names = len(lastNames)
	a.Log().Info("sandbox rebuilt from the cell journal", "sandbox_id", in.SandboxID, "cells", res.Replayed, "names", res.Names)
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

func (a *Activities) codeTimeout() time.Duration {
	if a.CodeTimeout > 0 {
		return a.CodeTimeout
	}
	return defaultCodeTimeout
}

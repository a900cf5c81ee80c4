package sandboxes

import (
	"context"
	"errors"
	"fmt"
	"path"

	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// stageSQLDataset stages a dataset given by a query, once per analysis:
// a retried staging takes the journaled result instead of querying again.
// Every failure names the dataset; the query's own is a DatasetError.
func (a *Activities) stageSQLDataset(ctx context.Context, sb *e2b.Sandbox, d api.Dataset) (StagedDataset, error) {
	p := path.Join(activities.HomeDir, d.Name)
	workflowID := ""
	if activity.IsActivity(ctx) {
		workflowID = activity.GetInfo(ctx).WorkflowExecution.ID
	}
	if !a.d.SQL.Has(d.SQL.Source) {
		return StagedDataset{}, fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: sql source %q is not configured on this worker (configured: %s)",
			d.Name, d.SQL.Source, sqlsource.NamesOrNone(a.d.SQL.Names())), nil, 0)
	}
	id := journal.QueryID(workflowID, "dataset", d.Name, d.SQL.Source, d.SQL.Query)
	st, err := journal.StageQuery(ctx, a.d, journal.SandboxWriter(sb, p), workflowID, id, d.SQL.Source, p, d.SQL.Query)
	if err != nil {
		var refused *sqlsource.QueryRefused
		if errors.As(err, &refused) {
			return StagedDataset{}, fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: query on sql source %q: %s", d.Name, d.SQL.Source, refused.Msg), nil, 0)
		}
		return StagedDataset{}, datasetError(d, err)
	}
	// Unknown source: a DatasetError too (datasetError keeps NotFound).
	return StagedDataset{Name: d.Name, Path: p, Bytes: st.Rec.Bytes, Preview: preview(st.CSV)}, nil
}

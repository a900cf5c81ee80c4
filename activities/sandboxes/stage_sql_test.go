package sandboxes_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/sandboxes"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
)

func TestStageSQLDatasetOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL, an S3 server and a sandbox")
	}
	db := sqltest.Start(t)
	_, c, sb := acttest.LocalSandbox(t)
	s3 := acttest.S3(t)
	sql, err := sqlsource.New(map[string]string{"shop": db.URL}, sqlsource.Limits{})
	require.NoError(t, err)
	a := sandboxes.New(&activities.Activities{E2B: c, SandboxTimeout: 5 * time.Minute, S3: s3.Client, Bucket: s3.Bucket, SQL: sql})
	env, _ := acttest.MetricsEnv()
	a.Register(env)
	ds := api.Dataset{Name: "regions.csv", SQL: &api.SQLQuery{Source: "shop", Query: "select region, count(*) as n, sum(amount) as total from orders group by region order by region"}}
	in := sandboxes.StageDatasetsInput{SandboxID: sb.ID, Datasets: []api.Dataset{ds}}
	want := "region,n,total\nnorth,40,2460.00\nsouth,40,2380.00\nwest,40,2420.00\n"

	stage := func() []sandboxes.StagedDataset {
		out, err := acttest.Execute[[]sandboxes.StagedDataset](env, sandboxes.StageDatasetsName, in)
		require.NoError(t, err)
		return out
	}
	out := stage()
	require.Len(t, out, 1)
	assert.Equal(t, "/home/user/regions.csv", out[0].Path)
	assert.EqualValues(t, len(want), out[0].Bytes)
	b, err := sb.Files().Read(context.Background(), "/home/user/regions.csv")
	require.NoError(t, err)
	assert.Equal(t, want, string(b))

	// The query cannot run any more; a retried staging (a new attempt
	// after a crash) stages the journaled result without running it.
	db.Exec(t, "ALTER TABLE orders RENAME TO orders_gone")
	require.NoError(t, sb.Files().Remove(context.Background(), "/home/user/regions.csv"))
	stage()
	b, err = sb.Files().Read(context.Background(), "/home/user/regions.csv")
	require.NoError(t, err)
	assert.Equal(t, want, string(b), "the retry staged the same result")

	// A query that fails, and a source the worker lacks: DatasetErrors
	// naming the dataset, not retried.
	for _, d := range []api.Dataset{
		{Name: "gone.csv", SQL: &api.SQLQuery{Source: "shop", Query: "select * from orders"}},
		{Name: "other.csv", SQL: &api.SQLQuery{Source: "warehouse", Query: "select 1"}},
		{Name: "wipe.csv", SQL: &api.SQLQuery{Source: "shop", Query: "delete from events"}},
	} {
		_, err := env.ExecuteActivity(sandboxes.StageDatasetsName, sandboxes.StageDatasetsInput{SandboxID: sb.ID, Datasets: []api.Dataset{d}})
		var appErr *temporal.ApplicationError
		require.ErrorAs(t, err, &appErr, d.Name)
		assert.Equal(t, api.ErrTypeDataset, appErr.Type(), "%s: %v", d.Name, err)
		assert.True(t, appErr.NonRetryable())
		assert.Contains(t, appErr.Message(), fmt.Sprintf("dataset %q", d.Name))
		t.Logf("%s: %s", d.Name, appErr.Message())
	}
	assert.EqualValues(t, 5000, db.QueryInt(t, "select count(*) from events"))
}

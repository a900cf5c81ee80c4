package batches_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/acttest"
	"github.com/durable-analyst/durable-analyst/activities/batches"
	"github.com/durable-analyst/durable-analyst/api"
)

// batchS3 starts versitygw on 127.0.0.1 for the test and returns the
// batch's activities on it, and its bucket.
func batchS3(t *testing.T) (*batches.Activities, acttest.Store) {
	st := acttest.S3(t)
	return batches.New(&activities.Activities{S3: st.Client, Presign: st.Presign, Bucket: st.Bucket, Prefix: "analyses", ChartURLTTL: time.Hour}), st
}

func put(t *testing.T, st acttest.Store, key, body string) {
	t.Helper()
	_, err := st.Client.PutObject(context.Background(), &s3.PutObjectInput{Bucket: aws.String(st.Bucket), Key: aws.String(key), Body: strings.NewReader(body)})
	require.NoError(t, err)
}

func get(t *testing.T, st acttest.Store, key string) string {
	body, _ := st.Object(t, key)
	return body
}

func TestBatchItemsAreReadInPages(t *testing.T) {
	acts, st := batchS3(t)
	ctx := context.Background()
	// 23 items, with blank lines, CRLF, a bad line, an over-long line and
	// no newline at the end.
	var lines []string
	for i := range 23 {
		switch i {
		case 4:
			lines = append(lines, "not json")
		case 9:
			lines = append(lines, `{"question": "`+strings.Repeat("x", batches.MaxBatchLineBytes)+`"}`)
		default:
			lines = append(lines, fmt.Sprintf(`{"id": "i%d", "question": "q%d"}`, i, i))
		}
		if i%5 == 0 {
			lines = append(lines, "", "  ")
		}
	}
	body := strings.Join(lines, "\n")
	body = strings.Replace(body, "q7\"}\n", "q7\"}\r\n", 1)
	put(t, st, "in/items.jsonl", body)

	plan, err := acts.PlanBatch(ctx, batches.PlanBatchInput{BatchID: "b/1", ItemsKey: "in/items.jsonl"})
	require.NoError(t, err)
	assert.Equal(t, 23, plan.Total, "items counted")
	assert.True(t, strings.HasPrefix(plan.ReportKey, "analyses/batches/b_1-"), "report key %s", plan.ReportKey)
	assert.True(t, strings.HasSuffix(plan.ReportKey, "/report.json") && strings.HasSuffix(plan.CSVKey, "/report.csv"), "keys %s %s", plan.ReportKey, plan.CSVKey)

	for _, limit := range []int{1, 4, 7, 23, 500} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			var got []batches.BatchLine
			in := batches.ReadBatchItemsInput{Key: "in/items.jsonl", Limit: limit}
			for pages := 0; ; pages++ {
				require.Less(t, pages, 30, "too many pages")
				res, err := acts.ReadBatchItems(ctx, in)
				require.NoError(t, err)
				require.NotEmpty(t, res.Items, "page at offset %d", in.Offset)
				assert.LessOrEqual(t, len(res.Items), limit)
				got = append(got, res.Items...)
				last := res.Items[len(res.Items)-1]
				in.Offset, in.Index = last.Next, last.Index+1
				if res.EOF {
					break
				}
			}
			require.Len(t, got, 23)
			for i, l := range got {
				assert.Equal(t, i, l.Index)
				switch i {
				case 4:
					assert.Equal(t, "item 4 is not a JSON object", l.Error)
				case 9:
					assert.Contains(t, l.Error, "over 262144 bytes")
					assert.Empty(t, l.Item)
				default:
					assert.Empty(t, l.Error, "item %d", i)
					var it struct{ ID, Question string }
					require.NoError(t, json.Unmarshal(l.Item, &it), "item %d: %s", i, l.Item)
					assert.Equal(t, fmt.Sprintf("i%d", i), it.ID)
					assert.Equal(t, fmt.Sprintf("q%d", i), it.Question)
				}
			}
			// A read at the very end is empty, not an error.
			res, err := acts.ReadBatchItems(ctx, in)
			require.NoError(t, err)
			assert.Empty(t, res.Items)
			assert.True(t, res.EOF)
		})
	}

	t.Run("missing object", func(t *testing.T) {
		_, err := acts.PlanBatch(ctx, batches.PlanBatchInput{BatchID: "b", ItemsKey: "in/nope.jsonl"})
		var appErr *temporal.ApplicationError
		require.ErrorAs(t, err, &appErr)
		assert.Equal(t, api.ErrTypeNotFound, appErr.Type())
		assert.Contains(t, err.Error(), "in/nope.jsonl")
	})
}

func TestBatchReportMergesChunksInItemOrder(t *testing.T) {
	acts, st := batchS3(t)
	ctx := context.Background()
	chunks := [][]api.BatchItemResult{
		{{Index: 2, ID: "c", Status: "answered", Answer: "a, \"quoted\"\nline", Charts: 1, Steps: 2, Tokens: 30}},
		{{Index: 0, ID: "a", Status: "failed", ErrorType: "NotFound", Error: "no model"}, {Index: 1, ID: "b", Status: "max_steps", Steps: 5}},
	}
	for i, c := range chunks {
		key, err := acts.AppendBatchResults(ctx, batches.AppendBatchResultsInput{BatchID: "batch-7", Chunk: i + 1, Results: c})
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("analyses/batches/batch-7/results/chunk-%06d.json", i+1), key)
	}
	totals := api.BatchTotals{Total: 3, Succeeded: 2, Failed: 1, Tokens: 30}
	res, err := acts.WriteBatchReport(ctx, batches.WriteBatchReportInput{BatchID: "batch-7", ReportKey: "out/r.json", CSVKey: "out/r.csv", Chunks: 2, Totals: totals})
	require.NoError(t, err)
	assert.Equal(t, 3, res.Items)
	assert.Contains(t, res.ReportURL, "out/r.json")

	var rep batches.BatchReport
	require.NoError(t, json.Unmarshal([]byte(get(t, st, "out/r.json")), &rep))
	assert.Equal(t, "batch-7", rep.BatchID)
	assert.Equal(t, totals, rep.Totals)
	require.Len(t, rep.Items, 3)
	for i, it := range rep.Items {
		assert.Equal(t, i, it.Index)
	}
	rows, err := csv.NewReader(strings.NewReader(get(t, st, "out/r.csv"))).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 4)
	assert.Equal(t, batches.ReportCSVHeader, rows[0])
	assert.Equal(t, []string{"0", "a", "failed", "", "0", "0", "0", "NotFound", "no model", "", "", "0"}, rows[1])
	assert.Equal(t, "a, \"quoted\"\nline", rows[3][3], "answer survives CSV quoting")

	t.Run("missing chunk", func(t *testing.T) {
		_, err := acts.WriteBatchReport(ctx, batches.WriteBatchReportInput{BatchID: "batch-7", ReportKey: "out/r.json", CSVKey: "out/r.csv", Chunks: 3})
		var appErr *temporal.ApplicationError
		require.ErrorAs(t, err, &appErr)
		assert.Equal(t, api.ErrTypeNotFound, appErr.Type())
		assert.Contains(t, err.Error(), "chunk-000003.json")
	})
}

package batches

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
)

// Batch limits. They keep each activity payload, and so each history
// event of a batch, small.
const (
	// MaxBatchLineBytes bounds one JSONL line of a batch's items; a longer
	// line is reported as a failed item, not read.
	MaxBatchLineBytes = 256 << 10
	// MaxBatchPageBytes bounds the items one ReadBatchItems returns (a page
	// always holds at least one item).
	MaxBatchPageBytes = 256 << 10
	// MaxBatchPageItems bounds the items one ReadBatchItems returns.
	MaxBatchPageItems = 100
	// maxBatchChunkBytes bounds one stored chunk of results.
	maxBatchChunkBytes = 16 << 20
)

// BatchItemResult is the summary of one batch item: all a batch keeps of an
// analysis. Status is "answered" or "max_steps" (the analysis ran) or
// "failed".

// BatchTotals counts a batch's items.

// BatchReport is the JSON report of a batch, stored in S3.
type BatchReport struct {
	BatchID string                `json:"batch_id"`
	Items   []api.BatchItemResult `json:"items"`
	Totals  api.BatchTotals       `json:"totals"`
}

// PlanBatchInput names a batch, where its items are (ItemsKey, or "" for
// inline items) and where its report goes ("" for the default).
type PlanBatchInput struct {
	BatchID   string `json:"batch_id"`
	ItemsKey  string `json:"items_key,omitempty"`
	ReportKey string `json:"report_key,omitempty"`
}

// PlanBatchResult is where a batch's report goes and, for items in S3,
// how many there are.
type PlanBatchResult struct {
	ReportKey string `json:"report_key"`
	CSVKey    string `json:"csv_key"`
	// Total is the number of items in ItemsKey (0 for inline items).
	Total int `json:"total"`
}

// ReadBatchItemsInput asks for the items of a JSONL object from a byte
// offset on. Index is the index of the item that starts at Offset.
type ReadBatchItemsInput struct {
	Key    string `json:"key"`
	Offset int64  `json:"offset"`
	Index  int    `json:"index"`
	Limit  int    `json:"limit"`
}

// BatchLine is one item line of a JSONL object: its JSON, or why it cannot
// be used. Next is the byte offset of the line after it.
type BatchLine struct {
	Index int             `json:"index"`
	Next  int64           `json:"next"`
	Item  json.RawMessage `json:"item,omitempty"`
	Error string          `json:"error,omitempty"`
}

// ReadBatchItemsResult is one page of items. EOF is true when the object
// has no items after this page.
type ReadBatchItemsResult struct {
	Items []BatchLine `json:"items"`
	EOF   bool        `json:"eof"`
}

// AppendBatchResultsInput is one chunk of item summaries to store.
type AppendBatchResultsInput struct {
	BatchID string                `json:"batch_id"`
	Chunk   int                   `json:"chunk"`
	Results []api.BatchItemResult `json:"results"`
}

// WriteBatchReportInput asks for the report of a batch from its Chunks
// stored chunks (numbered 1..Chunks).
type WriteBatchReportInput struct {
	BatchID   string          `json:"batch_id"`
	ReportKey string          `json:"report_key"`
	CSVKey    string          `json:"csv_key"`
	Chunks    int             `json:"chunks"`
	Totals    api.BatchTotals `json:"totals"`
}

// WriteBatchReportResult says where the report is and how many items it
// lists.
type WriteBatchReportResult struct {
	ReportKey string `json:"report_key"`
	CSVKey    string `json:"csv_key"`
	ReportURL string `json:"report_url,omitempty"`
	Items     int    `json:"items"`
}

// batchPrefix is the S3 prefix of everything a batch stores.
func (a *Activities) batchPrefix(batchID string) string {
	p := strings.Trim(a.d.Prefix, "/")
	if p != "" {
		p += "/"
	}
	return p + "batches/" + activities.KeySegment(batchID)
}

// batchChunkKey is where the n-th chunk of a batch's results is stored.
func (a *Activities) batchChunkKey(batchID string, n int) string {
	return fmt.Sprintf("%s/results/chunk-%06d.json", a.batchPrefix(batchID), n)
}

// csvKeyFor is the CSV report next to a JSON report: report.json ->
// report.csv, anything else gets ".csv" appended.
func csvKeyFor(reportKey string) string {
	return strings.TrimSuffix(reportKey, ".json") + ".csv"
}

// PlanBatchName is the name PlanBatch is registered under.
const PlanBatchName = "PlanBatch"

// PlanBatch resolves a batch's report keys and counts the items of
// ItemsKey. A missing items object fails at once (NotFound), before any
// item starts.
func (a *Activities) PlanBatch(ctx context.Context, in PlanBatchInput) (PlanBatchResult, error) {
	res := PlanBatchResult{ReportKey: in.ReportKey}
	if res.ReportKey == "" {
		res.ReportKey = a.batchPrefix(in.BatchID) + "/report.json"
	}
	res.CSVKey = csvKeyFor(res.ReportKey)
	if in.ItemsKey == "" {
		return res, nil
	}
	body, err := a.openBatchItems(ctx, in.ItemsKey, 0)
	if err != nil {
		return res, err
	}
	defer body.Close()
	n, err := eachLine(bufio.NewReader(body), 0, func([]byte, bool, int64) bool { return true })
	if err != nil {
		return res, fault.Classify(fault.ServiceStorage, "count the items of "+in.ItemsKey, err)
	}
	res.Total = n
	return res, nil
}

// ReadBatchItemsName is the name ReadBatchItems is registered under.
const ReadBatchItemsName = "ReadBatchItems"

// ReadBatchItems reads up to Limit items (at most MaxBatchPageItems and
// MaxBatchPageBytes) of the JSONL object Key, from byte Offset on. Blank
// lines are skipped; a line that is too long or not a JSON object is
// returned with an Error, so it fails as one item and not as the batch.
func (a *Activities) ReadBatchItems(ctx context.Context, in ReadBatchItemsInput) (ReadBatchItemsResult, error) {
	limit := min(max(in.Limit, 1), MaxBatchPageItems)
	body, err := a.openBatchItems(ctx, in.Key, in.Offset)
	if err != nil {
		return ReadBatchItemsResult{}, err
	}
	defer body.Close()
	res := ReadBatchItemsResult{Items: []BatchLine{}}
	pageBytes := 0
	index := in.Index
	full, more := false, false
	_, err = eachLine(bufio.NewReader(body), in.Offset, func(line []byte, tooLong bool, next int64) bool {
		if full {
			more = true // there is a line after the full page
			return false
		}
		bl := BatchLine{Index: index, Next: next}
		switch {
		case tooLong:
			bl.Error = fmt.Sprintf("line of item %d is over %d bytes", index, MaxBatchLineBytes)
		case !json.Valid(line) || line[0] != '{':
			bl.Error = fmt.Sprintf("item %d is not a JSON object", index)
		default:
			bl.Item = json.RawMessage(bytes.Clone(line))
		}
		res.Items = append(res.Items, bl)
		pageBytes += len(bl.Item) + len(bl.Error)
		index++
		full = len(res.Items) >= limit || pageBytes >= MaxBatchPageBytes
		return true
	})
	if err != nil {
		return ReadBatchItemsResult{}, fault.Classify(fault.ServiceStorage, "read the items of "+in.Key, err)
	}
	res.EOF = !more
	return res, nil
}

// openBatchItems opens the items object from byte offset on.
func (a *Activities) openBatchItems(ctx context.Context, key string, offset int64) (io.ReadCloser, error) {
	get := &s3.GetObjectInput{Bucket: aws.String(a.d.Bucket), Key: aws.String(key)}
	if offset > 0 {
		get.Range = aws.String(fmt.Sprintf("bytes=%d-", offset))
	}
	out, err := a.d.S3.GetObject(ctx, get)
	var apiErr smithy.APIError
	if offset > 0 && errors.As(err, &apiErr) && apiErr.ErrorCode() == "InvalidRange" {
		return io.NopCloser(strings.NewReader("")), nil // offset is at the end
	}
	if err != nil {
		return nil, fault.Classify(fault.ServiceStorage, fmt.Sprintf("read the items of s3://%s/%s", a.d.Bucket, key), err)
	}
	return out.Body, nil
}

// eachLine calls fn for every non-blank line of r, which starts at byte
// offset, with the line's text without the line end (nil when it is over
// MaxBatchLineBytes) and the offset after it, until fn returns false. It returns the number of lines fn accepted.
func eachLine(r *bufio.Reader, offset int64, fn func(line []byte, tooLong bool, next int64) bool) (int, error) {
	n := 0
	var buf []byte
	for {
		buf = buf[:0]
		tooLong := false
		var err error
		for {
			var frag []byte
			frag, err = r.ReadSlice('\n')
			offset += int64(len(frag))
			if !tooLong {
				if len(buf)+len(frag) > MaxBatchLineBytes+2 { // +2: the line end
					tooLong, buf = true, buf[:0]
				} else {
					buf = append(buf, frag...)
				}
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return n, err
		}
		line := bytes.TrimSpace(buf)
		if len(line) > 0 || tooLong {
			if tooLong {
				line = nil
			}
			if !fn(line, tooLong, offset) {
				return n, nil
			}
			n++
		}
		if errors.Is(err, io.EOF) {
			return n, nil
		}
	}
}

// AppendBatchResultsName is the name AppendBatchResults is registered under.
const AppendBatchResultsName = "AppendBatchResults"

// AppendBatchResults stores one chunk of item summaries under a key made
// from the batch id and the chunk number, so a retry overwrites it.
func (a *Activities) AppendBatchResults(ctx context.Context, in AppendBatchResultsInput) (string, error) {
	key := a.batchChunkKey(in.BatchID, in.Chunk)
	if err := a.d.PutJSON(ctx, key, in.Results); err != nil {
		return "", fault.Classify(fault.ServiceStorage, "store batch results "+key, err)
	}
	return key, nil
}

// WriteBatchReportName is the name WriteBatchReport is registered under.
const WriteBatchReportName = "WriteBatchReport"

// WriteBatchReport merges the stored chunks into the report: JSON at
// ReportKey ({batch_id, items in item order, totals}) and CSV at CSVKey.
func (a *Activities) WriteBatchReport(ctx context.Context, in WriteBatchReportInput) (WriteBatchReportResult, error) {
	byIndex := map[int]api.BatchItemResult{}
	for n := 1; n <= in.Chunks; n++ {
		key := a.batchChunkKey(in.BatchID, n)
		b, err := a.d.GetObject(ctx, a.d.Bucket, key, maxBatchChunkBytes)
		if err != nil {
			return WriteBatchReportResult{}, fault.Classify(fault.ServiceStorage, "read batch results "+key, err)
		}
		var chunk []api.BatchItemResult
		if err := json.Unmarshal(b, &chunk); err != nil {
			return WriteBatchReportResult{}, fault.Classify(fault.ServiceStorage, "decode batch results "+key, err)
		}
		for _, r := range chunk {
			byIndex[r.Index] = r // a re-stored item keeps its last summary
		}
	}
	rep := BatchReport{BatchID: in.BatchID, Items: make([]api.BatchItemResult, 0, len(byIndex)), Totals: in.Totals}
	for _, r := range byIndex {
		rep.Items = append(rep.Items, r)
	}
	sort.Slice(rep.Items, func(i, j int) bool { return rep.Items[i].Index < rep.Items[j].Index })

	if err := a.d.PutJSON(ctx, in.ReportKey, rep); err != nil {
		return WriteBatchReportResult{}, fault.Classify(fault.ServiceStorage, "store batch report "+in.ReportKey, err)
	}
	csvBytes, err := reportCSV(rep.Items)
	if err != nil {
		return WriteBatchReportResult{}, err
	}
	if err := a.d.PutObject(ctx, in.CSVKey, "text/csv", csvBytes); err != nil {
		return WriteBatchReportResult{}, fault.Classify(fault.ServiceStorage, "store batch report "+in.CSVKey, err)
	}
	res := WriteBatchReportResult{ReportKey: in.ReportKey, CSVKey: in.CSVKey, Items: len(rep.Items)}
	if res.ReportURL, err = a.d.PresignGet(ctx, in.ReportKey); err != nil {
		return res, fault.Classify(fault.ServiceStorage, "presign "+in.ReportKey, err)
	}
	return res, nil
}

// ReportCSVHeader is the header row of a batch's CSV report.
var ReportCSVHeader = []string{"index", "id", "status", "answer", "charts", "steps", "tokens", "error_type", "error", "workflow_id", "report_key", "unsupported"}

// reportCSV renders item summaries as CSV, one row per item.
func reportCSV(items []api.BatchItemResult) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(ReportCSVHeader)
	for _, r := range items {
		_ = w.Write([]string{
			strconv.Itoa(r.Index), r.ID, r.Status, r.Answer, strconv.Itoa(r.Charts), strconv.Itoa(r.Steps),
			strconv.FormatInt(r.Tokens, 10), r.ErrorType, r.Error, r.WorkflowID, r.ReportKey, strconv.Itoa(r.Unsupported),
		})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return nil, fmt.Errorf("render the CSV report: %w", err)
	}
	return b.Bytes(), nil
}

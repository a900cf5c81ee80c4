package journal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// The query journal: a SQL result staged into a sandbox (by run_sql, or
// as a dataset) is kept in S3 beside its record, so a retry after a crash
// and a rebuilt sandbox stage that result again instead of querying again.

// SandboxWriter writes a file into the sandbox at p.
func SandboxWriter(sb *e2b.Sandbox, p string) func(context.Context, []byte) error {
	return func(ctx context.Context, b []byte) error {
		if _, err := sb.Files().Write(ctx, p, b); err != nil {
			return fault.Classify(fault.ServiceSandbox, "write "+p, err)
		}
		return nil
	}
}

// Restage writes every query result journaled for the workflow into a new
// sandbox, at the path it had in the lost one.
func Restage(ctx context.Context, d *activities.Activities, sb *e2b.Sandbox, workflowID string) error {
	if d.S3 == nil {
		return nil
	}
	prefix := d.SQLKey(workflowID, "", "")
	pages := s3.NewListObjectsV2Paginator(d.S3, &s3.ListObjectsV2Input{Bucket: aws.String(d.Bucket), Prefix: aws.String(prefix)})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return fault.Classify(fault.ServiceStorage, "list query journal "+prefix, err)
		}
		for _, o := range page.Contents {
			key := aws.ToString(o.Key)
			if !strings.HasSuffix(key, ".json") {
				continue
			}
			var rec QueryRecord
			if err := d.GetJSON(ctx, key, &rec); err != nil {
				return fault.Classify(fault.ServiceStorage, "read query journal "+key, err)
			}
			b, err := d.GetObject(ctx, d.Bucket, rec.CSVKey, rec.Bytes)
			if err != nil {
				return fault.Classify(fault.ServiceStorage, "read journaled result "+rec.CSVKey, err)
			}
			if err := SandboxWriter(sb, rec.Path)(ctx, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// QueryRecord is the journal entry of a query whose result was staged:
// with the result itself in S3 beside it, a retry after a crash (or a
// rebuilt sandbox) stages that result again instead of running the query
// again.
type QueryRecord struct {
	Source      string             `json:"source"`
	Path        string             `json:"path"`
	QuerySHA256 string             `json:"query_sha256"`
	Rows        int                `json:"rows"`
	Bytes       int64              `json:"bytes"`
	SHA256      string             `json:"sha256"`
	Columns     []sqlsource.Column `json:"columns"`
	CSVKey      string             `json:"csv_key"`
}

// QueryID names a staged query: the same inputs always name the same entry.
func QueryID(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return "q" + hex.EncodeToString(sum[:12])
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// Staged is a query's result as staged into a sandbox.
type Staged struct {
	Rec         QueryRecord
	CSV         []byte
	FromJournal bool
}

// StageQuery runs a query once per id and writes its result into the
// sandbox at path: a journal entry in S3 (the result and its record)
// means it already ran, and its result is staged again from S3. A
// *QueryRefused is the query's own failure.
func StageQuery(ctx context.Context, d *activities.Activities, write func(context.Context, []byte) error, workflowID, id, source, path, query string) (*Staged, error) {
	if d.SQL == nil || len(d.SQL.Names()) == 0 {
		return nil, fault.New(api.ErrTypeNotFound, fmt.Sprintf("sql source %q: this worker has no SQL sources (set SQL_SOURCE_<NAME>)", source), nil, 0)
	}
	recKey := d.SQLKey(workflowID, id, ".json")
	var rec QueryRecord
	err := d.GetJSON(ctx, recKey, &rec)
	switch {
	case err == nil && rec.QuerySHA256 == sha256Hex([]byte(query)):
		b, err := d.GetObject(ctx, d.Bucket, rec.CSVKey, rec.Bytes)
		if err != nil {
			return nil, fault.Classify(fault.ServiceStorage, "read journaled result "+rec.CSVKey, err)
		}
		if sha256Hex(b) != rec.SHA256 {
			return nil, fault.New(api.ErrTypeStorage, fmt.Sprintf("journaled result %s does not match its record's sha256", rec.CSVKey), nil, 0)
		}
		if err := write(ctx, b); err != nil {
			return nil, err
		}
		activities.Count(ctx, activities.MetricSQLFromJournal, 1)
		d.Log().Info("query already ran; staged its journaled result", "source", source, "path", path, "rows", rec.Rows)
		return &Staged{Rec: rec, CSV: b, FromJournal: true}, nil
	case err != nil && !activities.IsNoSuchKey(err):
		return nil, fault.Classify(fault.ServiceStorage, "read query journal "+recKey, err)
	}
	res, err := d.SQL.Query(ctx, source, query)
	if err != nil {
		return nil, err
	}
	activities.Count(ctx, activities.MetricSQLQueries, 1)
	rec = QueryRecord{
		Source: source, Path: path, QuerySHA256: sha256Hex([]byte(query)), Rows: res.Rows,
		Bytes: int64(len(res.CSV)), SHA256: sha256Hex(res.CSV), Columns: res.Columns,
		CSVKey: d.SQLKey(workflowID, id, ".csv"),
	}
	if err := d.PutObject(ctx, rec.CSVKey, "text/csv", res.CSV); err != nil {
		return nil, fault.Classify(fault.ServiceStorage, "store query result", err)
	}
	if err := d.PutJSON(ctx, recKey, rec); err != nil {
		return nil, fault.Classify(fault.ServiceStorage, "store query journal", err)
	}
	if err := write(ctx, res.CSV); err != nil {
		return nil, err
	}
	d.Log().Info("query staged", "source", source, "path", path, "rows", rec.Rows, "bytes", rec.Bytes)
	return &Staged{Rec: rec, CSV: res.CSV}, nil
}

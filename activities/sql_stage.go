package activities

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"
	"go.temporal.io/sdk/activity"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/errtext"
)

// sqlNameRE is a run_sql result's name: a plain file name without .csv.
var sqlNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$`)

// CheckSQLName says what is wrong with a run_sql result name ("" if
// nothing).
func CheckSQLName(name string) string {
	if !sqlNameRE.MatchString(strings.TrimSuffix(name, ".csv")) {
		return fmt.Sprintf("name %q must be a plain file name (a letter or digit, then letters, digits, _ or -; at most 100), without a directory", name)
	}
	return ""
}

// previewRows is how many rows of a result the model sees.
const previewRows = 5

// stageSQLDataset stages a dataset given by a query, once per analysis:
// a retried staging takes the journaled result instead of querying again.
// Every failure names the dataset; the query's own is a DatasetError.
func (a *Activities) stageSQLDataset(ctx context.Context, sb *e2b.Sandbox, d api.Dataset) (StagedDataset, error) {
	p := path.Join(HomeDir, d.Name)
	workflowID := ""
	if activity.IsActivity(ctx) {
		workflowID = activity.GetInfo(ctx).WorkflowExecution.ID
	}
	if !a.SQL.Has(d.SQL.Source) {
		return StagedDataset{}, fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: sql source %q is not configured on this worker (configured: %s)",
			d.Name, d.SQL.Source, sqlsource.NamesOrNone(a.SQL.Names())), nil, 0)
	}
	id := sqlID(workflowID, "dataset", d.Name, d.SQL.Source, d.SQL.Query)
	st, err := a.stageQuery(ctx, a.sandboxWriter(sb, p), workflowID, id, d.SQL.Source, p, d.SQL.Query)
	if err != nil {
		var refused *sqlsource.QueryRefused
		if errors.As(err, &refused) {
			return StagedDataset{}, fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: query on sql source %q: %s", d.Name, d.SQL.Source, refused.Msg), nil, 0)
		}
		return StagedDataset{}, datasetError(d, err)
	}
	// Unknown source: a DatasetError too (datasetError keeps NotFound).
	return StagedDataset{Name: d.Name, Path: p, Bytes: st.rec.Bytes, Preview: preview(st.csv)}, nil
}

// sandboxWriter writes a file into the sandbox at p.
func (a *Activities) sandboxWriter(sb *e2b.Sandbox, p string) func(context.Context, []byte) error {
	return func(ctx context.Context, b []byte) error {
		if _, err := sb.Files().Write(ctx, p, b); err != nil {
			return fault.Classify(fault.ServiceSandbox, "write "+p, err)
		}
		return nil
	}
}

// RunSQLName is the name RunSQL is registered under.
const RunSQLName = "RunSQL"

// RunSQL runs the model's run_sql call: the query, read-only and bounded,
// on the named source, its result staged at /home/user/<name>.csv, once
// (a retry stages the journaled result). A query that is refused or fails
// is a result for the model, like a failed cell; a connection failure is
// retried. The text for the model is stored as a cell record, so the
// history holds only its key.
func (a *Activities) RunSQL(ctx context.Context, in RunSQLInput) (RunSQLResult, error) {
	if in.WorkflowID == "" || in.Step < 1 {
		return RunSQLResult{}, fault.New(api.ErrTypeBadRequest, "run sql: workflow_id and step >= 1 are required", nil, 0)
	}
	name := strings.TrimSuffix(in.Name, ".csv")
	var text string
	res := RunSQLResult{OutputKey: a.outputKey(in.WorkflowID, in.Step, in.Cell)}
	if problem := CheckSQLName(in.Name); problem != "" {
		text, res.Refused = "error: "+problem, true
	} else {
		sb, err := a.connect(ctx, in.SandboxID)
		if err != nil {
			return RunSQLResult{}, err
		}
		defer HeartbeatWhile(ctx, fmt.Sprintf("step %d cell %d: sql", in.Step, in.Cell))()
		p := path.Join(HomeDir, name+".csv")
		id := sqlID(in.WorkflowID, in.RunID, fmt.Sprint(in.Step), fmt.Sprint(in.Cell), in.CallID)
		st, err := a.stageQuery(ctx, a.sandboxWriter(sb, p), in.WorkflowID, id, in.Source, p, in.Query)
		var refused *sqlsource.QueryRefused
		var appErr interface{ Type() string }
		switch {
		case errors.As(err, &refused):
			text, res.Refused = "error: the query was not run to the end: "+refused.Msg, true
		case err != nil && errors.As(err, &appErr) && appErr.Type() == api.ErrTypeNotFound:
			// An unknown source is the model's mistake.
			text, res.Refused = "error: "+errtext.Message(err), true
		case err != nil:
			return RunSQLResult{}, err
		default:
			res.Path, res.Rows, res.Bytes = p, st.rec.Rows, st.rec.Bytes
			text = sqlToolText(st)
		}
	}
	rec := cellRecord{
		Step: in.Step, Cell: in.Cell, CallID: in.CallID,
		Code:        fmt.Sprintf("-- %s(source=%q, name=%q)\n%s", api.ToolRunSQL, in.Source, in.Name, in.Query),
		ModelOutput: text,
	}
	if res.Refused {
		rec.Error = &CodeError{Name: "QueryRefused", Value: text}
	}
	if err := a.PutJSON(ctx, res.OutputKey, rec); err != nil {
		return RunSQLResult{}, fault.Classify(fault.ServiceStorage, "store run_sql output", err)
	}
	if !in.OutputByRef {
		res.Output = text
	}
	return res, nil
}

// sqlToolText is what the model reads of a staged result.
func sqlToolText(st *stagedQuery) string {
	var b strings.Builder
	fmt.Fprintf(&b, "staged %s: %d rows, %d bytes of CSV with a header row (NULL is an empty field)\ncolumns:", st.rec.Path, st.rec.Rows, st.rec.Bytes)
	for _, c := range st.rec.Columns {
		fmt.Fprintf(&b, " %s (%s),", c.Name, c.Type)
	}
	s := strings.TrimSuffix(b.String(), ",")
	return fmt.Sprintf("%s\nfirst rows:\n%s\nload it with pandas.read_csv(%q)", s, csvHead(st.csv, previewRows+1), st.rec.Path)
}

// describeSources is the schema of every source for the model's first
// message; a source that cannot be described says why instead.
func (a *Activities) DescribeSources(ctx context.Context) string {
	if a.SQL == nil || len(a.SQL.Names()) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n\nSQL sources you can query with " + api.ToolRunSQL + " (read-only; results are staged as CSV):\n")
	for _, n := range a.SQL.Names() {
		desc, err := a.SQL.Schema(ctx, n)
		if err != nil {
			fmt.Fprintf(&b, "- %s: its tables could not be listed: %s\n", n, errtext.Message(err))
			continue
		}
		fmt.Fprintf(&b, "- %s (PostgreSQL):\n%s", n, desc)
	}
	return b.String()
}

// restageQueries writes every query result journaled for the workflow
// into a new sandbox, at the path it had in the lost one.
func (a *Activities) restageQueries(ctx context.Context, sb *e2b.Sandbox, workflowID string) error {
	if a.S3 == nil {
		return nil
	}
	prefix := a.sqlKey(workflowID, "", "")
	pages := s3.NewListObjectsV2Paginator(a.S3, &s3.ListObjectsV2Input{Bucket: aws.String(a.Bucket), Prefix: aws.String(prefix)})
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
			var rec sqlRecord
			if err := a.GetJSON(ctx, key, &rec); err != nil {
				return fault.Classify(fault.ServiceStorage, "read query journal "+key, err)
			}
			b, err := a.GetObject(ctx, a.Bucket, rec.CSVKey, rec.Bytes)
			if err != nil {
				return fault.Classify(fault.ServiceStorage, "read journaled result "+rec.CSVKey, err)
			}
			if err := a.sandboxWriter(sb, rec.Path)(ctx, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// sqlRecord is the journal entry of a query whose result was staged: with
// the result itself in S3 beside it, a retry after a crash (or a rebuilt
// sandbox) stages that result again instead of running the query again.
type sqlRecord struct {
	Source      string             `json:"source"`
	Path        string             `json:"path"`
	QuerySHA256 string             `json:"query_sha256"`
	Rows        int                `json:"rows"`
	Bytes       int64              `json:"bytes"`
	SHA256      string             `json:"sha256"`
	Columns     []sqlsource.Column `json:"columns"`
	CSVKey      string             `json:"csv_key"`
}

// sqlKey is where the journal keeps query id's record (.json) or result
// (.csv).
func (a *Activities) sqlKey(workflowID, id, ext string) string {
	return fmt.Sprintf("%s/sql/%s%s", a.workflowPrefix(workflowID), id, ext)
}

// sqlID names a staged query: the same inputs always name the same entry.
func sqlID(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return "q" + hex.EncodeToString(sum[:12])
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// stagedQuery is a query's result as staged into a sandbox.
type stagedQuery struct {
	rec         sqlRecord
	csv         []byte
	fromJournal bool
}

// stageQuery runs a query once per id and writes its result into the
// sandbox at path: a journal entry in S3 (the result and its record)
// means it already ran, and its result is staged again from S3. A
// *QueryRefused is the query's own failure.
func (a *Activities) stageQuery(ctx context.Context, write func(context.Context, []byte) error, workflowID, id, source, path, query string) (*stagedQuery, error) {
	if a.SQL == nil || len(a.SQL.Names()) == 0 {
		return nil, fault.New(api.ErrTypeNotFound, fmt.Sprintf("sql source %q: this worker has no SQL sources (set SQL_SOURCE_<NAME>)", source), nil, 0)
	}
	recKey := a.sqlKey(workflowID, id, ".json")
	var rec sqlRecord
	err := a.GetJSON(ctx, recKey, &rec)
	switch {
	case err == nil && rec.QuerySHA256 == sha256Hex([]byte(query)):
		b, err := a.GetObject(ctx, a.Bucket, rec.CSVKey, rec.Bytes)
		if err != nil {
			return nil, fault.Classify(fault.ServiceStorage, "read journaled result "+rec.CSVKey, err)
		}
		if sha256Hex(b) != rec.SHA256 {
			return nil, fault.New(api.ErrTypeStorage, fmt.Sprintf("journaled result %s does not match its record's sha256", rec.CSVKey), nil, 0)
		}
		if err := write(ctx, b); err != nil {
			return nil, err
		}
		count(ctx, MetricSQLFromJournal, 1)
		a.Log().Info("query already ran; staged its journaled result", "source", source, "path", path, "rows", rec.Rows)
		return &stagedQuery{rec: rec, csv: b, fromJournal: true}, nil
	case err != nil && !isNoSuchKey(err):
		return nil, fault.Classify(fault.ServiceStorage, "read query journal "+recKey, err)
	}
	res, err := a.SQL.Query(ctx, source, query)
	if err != nil {
		return nil, err
	}
	count(ctx, MetricSQLQueries, 1)
	rec = sqlRecord{
		Source: source, Path: path, QuerySHA256: sha256Hex([]byte(query)), Rows: res.Rows,
		Bytes: int64(len(res.CSV)), SHA256: sha256Hex(res.CSV), Columns: res.Columns,
		CSVKey: a.sqlKey(workflowID, id, ".csv"),
	}
	if err := a.PutObject(ctx, rec.CSVKey, "text/csv", res.CSV); err != nil {
		return nil, fault.Classify(fault.ServiceStorage, "store query result", err)
	}
	if err := a.PutJSON(ctx, recKey, rec); err != nil {
		return nil, fault.Classify(fault.ServiceStorage, "store query journal", err)
	}
	if err := write(ctx, res.CSV); err != nil {
		return nil, err
	}
	a.Log().Info("query staged", "source", source, "path", path, "rows", rec.Rows, "bytes", rec.Bytes)
	return &stagedQuery{rec: rec, csv: res.CSV}, nil
}

// isNoSuchKey tells an S3 error that says the key does not exist.
func isNoSuchKey(err error) bool {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		switch ae.ErrorCode() {
		case "NoSuchKey", "NotFound":
			return true
		}
	}
	return false
}

// csvHead is the first n lines of a CSV (the header and n-1 rows), each
// clipped, for the model.
func csvHead(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	for i, l := range lines {
		if len(l) > 300 {
			lines[i] = l[:300] + "…"
		}
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

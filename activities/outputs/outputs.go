// Package outputs holds what a cell hands back besides its text, and what
// an analysis hands back at its end: the files and display results of a
// cell stored in S3 (RunCode stores them through Store), the report
// (WriteReport) and the answer check (VerifyAnswer).
package outputs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// Activities are the outputs' activities (WriteReport, VerifyAnswer) and
// the storage of a cell's outputs, over the worker's shared dependencies
// (S3 and its limits).
type Activities struct {
	d *activities.Activities
}

// New builds the outputs' activities on d.
func New(d *activities.Activities) *Activities { return &Activities{d: d} }

// Register registers the outputs' activities on r under their names.
func (a *Activities) Register(r activities.Registry) {
	activities.RegisterNamed(r, map[string]any{
		WriteReportName:  a.WriteReport,
		VerifyAnswerName: a.VerifyAnswer,
	})
}

// CellAt names the cell whose outputs are stored.
type CellAt struct {
	WorkflowID string
	Step, Cell int
}

// Files a cell writes under OutputsDir are kept in S3: the journal (in the
// kernel) lists the files that are new or changed when the cell ends, with
// their size and SHA-256, in the cell's meta record; RunCode reads that
// list — from a fresh run and from a retry alike — and uploads each file
// under a deterministic key. So a retry stores the same objects again
// (same keys, same bytes) rather than new ones, and a sandbox rebuilt by
// replaying the journal (RestoreSandbox) uploads nothing.

// OutputsDir is where the model's code writes files it wants to hand back.
const OutputsDir = activities.HomeDir + "/outputs"

// Defaults of the output file limits, per cell.
const (
	DefaultMaxOutputFiles      = 20
	DefaultMaxOutputFilesBytes = 50 << 20
)

// Metrics of stored files (outputs and display results).
const (
	MetricFilesStored = "durable_analyst_files_stored"
	MetricFileBytes   = "durable_analyst_file_bytes"
)

func (a *Activities) maxOutputFiles() int {
	if a.d.MaxOutputFiles > 0 {
		return a.d.MaxOutputFiles
	}
	return DefaultMaxOutputFiles
}

func (a *Activities) maxOutputFilesBytes() int64 {
	if a.d.MaxOutputFilesBytes > 0 {
		return a.d.MaxOutputFilesBytes
	}
	return DefaultMaxOutputFilesBytes
}

// StoreFiles uploads the files the journal listed for a cell, within the
// per-cell limits, and returns them with notes for the model about the
// ones it left out.
func (a *Activities) StoreFiles(ctx context.Context, sb *e2b.Sandbox, in CellAt, files []journal.File) ([]api.OutputFile, []string, error) {
	var (
		out   []api.OutputFile
		notes []string
		total int64
	)
	maxFiles, maxBytes := a.maxOutputFiles(), a.maxOutputFilesBytes()
	for _, f := range files {
		switch {
		case len(out) >= maxFiles:
			notes = append(notes, fmt.Sprintf("outputs/%s: not stored, a cell keeps at most %d files", f.Name, maxFiles))
			continue
		case total+f.Bytes > maxBytes:
			notes = append(notes, fmt.Sprintf("outputs/%s: not stored, %d bytes would pass the limit of %d bytes per cell", f.Name, f.Bytes, maxBytes))
			continue
		}
		body, err := a.readOutputFile(ctx, sb, f.Name, maxBytes-total)
		if e2b.IsNotFound(err) {
			notes = append(notes, fmt.Sprintf("outputs/%s: not stored, it was removed before it could be read", f.Name))
			continue
		}
		if errors.Is(err, errGrew) {
			notes = append(notes, fmt.Sprintf("outputs/%s: not stored, it grew past the limit of %d bytes per cell after the cell ended", f.Name, maxBytes))
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		if sum := sha256.Sum256(body); hex.EncodeToString(sum[:]) != f.SHA256 {
			// Something (a thread the cell started) kept writing after the
			// cell ended: the bytes read now are the ones kept.
			a.d.Log().Warn("output file changed after its cell ended", "file", f.Name, "step", in.Step, "cell", in.Cell)
		}
		of := api.OutputFile{
			Key: a.d.FileKey(in.WorkflowID, in.Step, f.Name), Name: f.Name, Step: in.Step, Cell: in.Cell,
			Bytes: int64(len(body)), ContentType: contentType(f.Name, body), Origin: api.OriginOutputs,
		}
		if err := a.storeFile(ctx, &of, body); err != nil {
			return nil, nil, err
		}
		total += of.Bytes
		out = append(out, of)
	}
	return out, notes, nil
}

// errGrew says a file grew past the limit between the journal's listing
// and its upload (something kept writing after the cell ended).
var errGrew = errors.New("the file grew past the limit after its cell ended")

// StoreChart uploads the i-th PNG of a cell and returns it as a chart.
func (a *Activities) StoreChart(ctx context.Context, in CellAt, i int, img []byte) (api.Chart, error) {
	ch := api.Chart{Key: a.d.ChartKey(in.WorkflowID, in.Step, in.Cell, i), Step: in.Step, Cell: in.Cell, Index: i, Bytes: len(img)}
	if err := a.d.PutObject(ctx, ch.Key, "image/png", img); err != nil {
		return ch, fault.Classify(fault.ServiceStorage, "upload chart "+ch.Key, err)
	}
	if err := a.d.PresignInto(ctx, ch.Key, &ch.URL); err != nil {
		return ch, err
	}
	activities.Count(ctx, activities.MetricChartsStored, 1)
	activities.Count(ctx, activities.MetricChartBytes, int64(ch.Bytes))
	return ch, nil
}

// readOutputFile reads a file under OutputsDir, refusing more than limit
// bytes (the file may have grown since the journal listed it).
func (a *Activities) readOutputFile(ctx context.Context, sb *e2b.Sandbox, name string, limit int64) ([]byte, error) {
	p := OutputsDir + "/" + name
	rc, err := sb.Files().ReadStream(ctx, p)
	if e2b.IsNotFound(err) {
		return nil, err
	}
	if err != nil {
		return nil, fault.Classify(fault.ServiceSandbox, "read "+p, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, fault.Classify(fault.ServiceSandbox, "read "+p, err)
	}
	if int64(len(b)) > limit {
		return nil, errGrew
	}
	return b, nil
}

// storeFile uploads body under f.Key and presigns its URL.
func (a *Activities) storeFile(ctx context.Context, f *api.OutputFile, body []byte) error {
	if err := a.d.PutObject(ctx, f.Key, f.ContentType, body); err != nil {
		return fault.Classify(fault.ServiceStorage, "upload "+f.Key, err)
	}
	if err := a.d.PresignInto(ctx, f.Key, &f.URL); err != nil {
		return err
	}
	activities.Count(ctx, MetricFilesStored, 1)
	activities.Count(ctx, MetricFileBytes, f.Bytes)
	return nil
}

// StoreDisplay uploads the SVG and HTML forms of a cell's display result
// r, numbering each kind within the cell (svgs, htmls), and returns what it
// stored.
func (a *Activities) StoreDisplay(ctx context.Context, in CellAt, r e2b.Result, svgs, htmls *int) ([]api.OutputFile, error) {
	var out []api.OutputFile
	for _, d := range []struct {
		body, ext, ctype string
		n                *int
	}{
		{r.SVG, "svg", "image/svg+xml", svgs},
		{r.HTML, "html", "text/html; charset=utf-8", htmls},
	} {
		if d.body == "" {
			continue
		}
		name := fmt.Sprintf("%d-%d.%s", in.Cell, *d.n, d.ext)
		*d.n++
		f := api.OutputFile{
			Key: a.d.DisplayKey(in.WorkflowID, in.Step, name), Name: name,
			Step: in.Step, Cell: in.Cell, Bytes: int64(len(d.body)), ContentType: d.ctype, Origin: api.OriginDisplay,
		}
		if err := a.storeFile(ctx, &f, []byte(d.body)); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// contentTypes are the types of common analysis outputs, fixed here so a
// key's type does not depend on the worker machine's mime.types.
var contentTypes = map[string]string{
	".csv": "text/csv; charset=utf-8", ".tsv": "text/tab-separated-values; charset=utf-8",
	".txt": "text/plain; charset=utf-8", ".md": "text/markdown; charset=utf-8",
	".json": "application/json", ".jsonl": "application/jsonl", ".ndjson": "application/x-ndjson",
	".html": "text/html; charset=utf-8", ".htm": "text/html; charset=utf-8",
	".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".gif": "image/gif", ".webp": "image/webp", ".pdf": "application/pdf",
	".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".xls":  "application/vnd.ms-excel", ".parquet": "application/vnd.apache.parquet",
	".zip": "application/zip", ".gz": "application/gzip", ".xml": "application/xml",
	".pkl": "application/octet-stream", ".feather": "application/octet-stream",
}

// contentType is the type of a file by its extension, else by sniffing.
func contentType(name string, body []byte) string {
	if t, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return http.DetectContentType(body)
}

// FileNotes tell the model what was stored.
func FileNotes(files []api.OutputFile) []string {
	var notes []string
	for _, f := range files {
		what := "outputs/" + f.Name
		if f.Origin == api.OriginDisplay {
			what = strings.ToUpper(path.Ext(f.Name)[1:]) + " result " + f.Name
		}
		notes = append(notes, fmt.Sprintf("%s saved as %s (%d bytes, %s)", what, f.Key, f.Bytes, f.ContentType))
	}
	return notes
}

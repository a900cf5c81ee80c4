package activities

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// Files a cell writes under OutputsDir are kept in S3: the journal (in the
// kernel) lists the files that are new or changed when the cell ends, with
// their size and SHA-256, in the cell's meta record; RunCode reads that
// list — from a fresh run and from a retry alike — and uploads each file
// under a deterministic key. So a retry stores the same objects again
// (same keys, same bytes) rather than new ones, and a sandbox rebuilt by
// replaying the journal (RestoreSandbox) uploads nothing.

// OutputsDir is where the model's code writes files it wants to hand back.
const OutputsDir = HomeDir + "/outputs"

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

// OutputFile is one file an analysis produced, stored in S3.

// journalFile is a file the journal saw change in a cell.
type journalFile struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// cellMeta is the small record the journal writes beside a cell's outputs.
type cellMeta struct {
	Names []string      `json:"names"`
	Files []journalFile `json:"files"`
}

// cellMetaPath is where the journal keeps cell id's meta record.
func cellMetaPath(id string) string { return cellPath(id, ".meta.json") }

// readCellMeta reads a cell's meta record. A cell Python could not even
// compile never reached the journal and has none: that is no files, not
// an error.
func (a *Activities) readCellMeta(ctx context.Context, sb *e2b.Sandbox, id string) (cellMeta, error) {
	var meta cellMeta
	b, err := sb.Files().Read(ctx, cellMetaPath(id))
	if e2b.IsNotFound(err) {
		return meta, nil
	}
	if err != nil {
		return meta, fault.Classify(fault.ServiceSandbox, "read the journal of cell "+id, err)
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return meta, fmt.Errorf("journal of cell %s: %w", id, err)
	}
	return meta, nil
}

func (a *Activities) maxOutputFiles() int {
	if a.MaxOutputFiles > 0 {
		return a.MaxOutputFiles
	}
	return DefaultMaxOutputFiles
}

func (a *Activities) maxOutputFilesBytes() int64 {
	if a.MaxOutputFilesBytes > 0 {
		return a.MaxOutputFilesBytes
	}
	return DefaultMaxOutputFilesBytes
}

// storeOutputFiles uploads the files the journal listed for a cell, within
// the per-cell limits, and returns them with notes for the model about
// the ones it left out.
func (a *Activities) storeOutputFiles(ctx context.Context, sb *e2b.Sandbox, in RunCodeInput, files []journalFile) ([]api.OutputFile, []string, error) {
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
			a.Log().Warn("output file changed after its cell ended", "file", f.Name, "step", in.Step, "cell", in.Cell)
		}
		of := api.OutputFile{
			Key: a.fileKey(in.WorkflowID, in.Step, f.Name), Name: f.Name, Step: in.Step, Cell: in.Cell,
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
	if err := a.PutObject(ctx, f.Key, f.ContentType, body); err != nil {
		return fault.Classify(fault.ServiceStorage, "upload "+f.Key, err)
	}
	if err := a.presignInto(ctx, f.Key, &f.URL); err != nil {
		return err
	}
	count(ctx, MetricFilesStored, 1)
	count(ctx, MetricFileBytes, f.Bytes)
	return nil
}

// storeDisplay uploads the SVG and HTML forms of a cell's display result
// r, numbering each kind within the cell (svgs, htmls), and returns what it
// stored.
func (a *Activities) storeDisplay(ctx context.Context, in RunCodeInput, r e2b.Result, svgs, htmls *int) ([]api.OutputFile, error) {
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
			Key: fmt.Sprintf("%s/step-%d/%s", a.workflowPrefix(in.WorkflowID), in.Step, name), Name: name,
			Step: in.Step, Cell: in.Cell, Bytes: int64(len(d.body)), ContentType: d.ctype, Origin: api.OriginDisplay,
		}
		if err := a.storeFile(ctx, &f, []byte(d.body)); err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// fileKey is the deterministic key of a file a cell wrote:
// <prefix>/<workflowID>/step-<n>/files/<name>.
func (a *Activities) fileKey(workflowID string, step int, name string) string {
	return fmt.Sprintf("%s/step-%d/files/%s", a.workflowPrefix(workflowID), step, fileKeyName(name))
}

// fileKeyName makes a relative path safe as the tail of a key: each
// segment keeps letters, digits and ._=- ; a segment that had to change
// gets a short hash of the original before its extension, so two names
// never share a key.
func fileKeyName(name string) string {
	segs := strings.Split(name, "/")
	for i, s := range segs {
		safe := unsafeKeyChars.ReplaceAllString(s, "_")
		if safe == s && s != "." && s != ".." && s != "" {
			continue
		}
		sum := sha256.Sum256([]byte(s))
		ext := path.Ext(safe)
		if len(ext) > 10 || ext == safe {
			ext = ""
		}
		base := strings.TrimSuffix(safe, ext)
		if len(base) > 64 {
			base = base[:64]
		}
		segs[i] = base + "-" + hex.EncodeToString(sum[:4]) + ext
	}
	return strings.Join(segs, "/")
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

// fileNotes tell the model what was stored.
func fileNotes(files []api.OutputFile) []string {
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

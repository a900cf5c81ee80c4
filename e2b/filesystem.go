package e2b

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// FileType is the type of a filesystem entry.
type FileType string

// File types.
const (
	FileTypeFile    FileType = "file"
	FileTypeDir     FileType = "dir"
	FileTypeSymlink FileType = "symlink"
)

// EntryInfo describes a file or directory in the sandbox. Entries returned
// by Write only carry Name, Path and Type.
type EntryInfo struct {
	Name          string
	Path          string
	Type          FileType
	Size          int64
	Mode          uint32
	Permissions   string
	Owner, Group  string
	ModifiedTime  time.Time
	SymlinkTarget string
	Metadata      map[string]string
}

func entryFromWire(w *filesystem.EntryInfo) EntryInfo {
	e := EntryInfo{Name: w.GetName(), Path: w.GetPath(), Type: fileTypes[w.GetType()], Size: w.GetSize(), Mode: w.GetMode(),
		Permissions: w.GetPermissions(), Owner: w.GetOwner(), Group: w.GetGroup(), SymlinkTarget: w.GetSymlinkTarget(), Metadata: w.GetMetadata()}
	if w.GetModifiedTime() != nil {
		e.ModifiedTime = w.GetModifiedTime().AsTime()
	}
	return e
}

// fileTypes maps envd's file types; an unspecified one maps to "".
var fileTypes = map[filesystem.FileType]FileType{
	filesystem.FileType_FILE_TYPE_FILE:      FileTypeFile,
	filesystem.FileType_FILE_TYPE_DIRECTORY: FileTypeDir,
	filesystem.FileType_FILE_TYPE_SYMLINK:   FileTypeSymlink,
}

// Filesystem reads and writes files in a sandbox through envd.
type Filesystem struct {
	sb *Sandbox
}

// Files returns the sandbox's filesystem. Relative paths resolve against
// the default user's home directory.
func (s *Sandbox) Files() *Filesystem { return &Filesystem{sb: s} }

// WriteEntry is one file of Filesystem.WriteFiles.
type WriteEntry struct {
	Path string
	Data []byte
}

// ReadStream opens a file for reading (GET /files). The caller must close
// the reader. The request timeout covers only the response headers.
func (f *Filesystem) ReadStream(ctx context.Context, path string) (io.ReadCloser, error) {
	r := f.sb.dataRequest("read file "+path, http.MethodGet, wire.EnvdPort, "/files?path="+url.QueryEscape(path), true)
	r.idempotent = true
	r.stream = true
	resp, _, err := f.sb.client.do(ctx, r)
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// Read returns the whole content of a file. Use ReadStream for large files.
func (f *Filesystem) Read(ctx context.Context, path string) ([]byte, error) {
	rc, err := f.ReadStream(ctx, path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		return nil, fmt.Errorf("e2b: read file %s: %w", path, err)
	}
	return b, nil
}

// Write creates or overwrites a file, creating parent directories
// (POST /files).
func (f *Filesystem) Write(ctx context.Context, path string, data []byte) (EntryInfo, error) {
	op := "write file " + path
	var r *request
	if versionLess(f.sb.EnvdVersion, "0.5.7") {
		var err error
		if r, err = f.multipartRequest(op, "?path="+url.QueryEscape(path), []WriteEntry{{Path: path, Data: data}}); err != nil {
			return EntryInfo{}, err
		}
	} else {
		r = f.sb.dataRequest(op, http.MethodPost, wire.EnvdPort, "/files?path="+url.QueryEscape(path), true)
		r.body = data
		r.header.Set("Content-Type", "application/octet-stream")
	}
	entries, err := f.upload(ctx, r)
	if err != nil {
		return EntryInfo{}, err
	}
	if len(entries) == 0 {
		return EntryInfo{}, fmt.Errorf("e2b: %s: the server listed no written file", op)
	}
	return entries[0], nil
}

// WriteFiles writes several files in one multipart upload.
func (f *Filesystem) WriteFiles(ctx context.Context, files []WriteEntry) ([]EntryInfo, error) {
	if len(files) == 0 {
		return nil, nil
	}
	r, err := f.multipartRequest(fmt.Sprintf("write %d files", len(files)), "", files)
	if err != nil {
		return nil, err
	}
	return f.upload(ctx, r)
}

// multipartRequest builds an upload with one part named "file" per entry,
// whose file name carries the destination path.
func (f *Filesystem) multipartRequest(op, query string, files []WriteEntry) (*request, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, e := range files {
		if e.Path == "" {
			return nil, fmt.Errorf("e2b: %s: empty path", op)
		}
		w, err := mw.CreateFormFile("file", e.Path)
		if err != nil {
			return nil, fmt.Errorf("e2b: %s: %w", op, err)
		}
		if _, err := w.Write(e.Data); err != nil {
			return nil, fmt.Errorf("e2b: %s: %w", op, err)
		}
	}
	if err := mw.Close(); err != nil {
		return nil, fmt.Errorf("e2b: %s: %w", op, err)
	}
	r := f.sb.dataRequest(op, http.MethodPost, wire.EnvdPort, "/files"+query, true)
	r.body = body.Bytes()
	r.header.Set("Content-Type", mw.FormDataContentType())
	return r, nil
}

func (f *Filesystem) upload(ctx context.Context, r *request) ([]EntryInfo, error) {
	_, body, err := f.sb.client.do(ctx, r)
	if err != nil {
		return nil, err
	}
	var up []wire.UploadedEntry
	if err := json.Unmarshal(body, &up); err != nil {
		return nil, fmt.Errorf("e2b: %s: decode response: %w", r.op, err)
	}
	out := make([]EntryInfo, len(up))
	for i, u := range up {
		out[i] = EntryInfo{Name: u.Name, Path: u.Path, Type: FileType(u.Type), Metadata: u.Metadata}
	}
	return out, nil
}

// List lists a directory to the given depth (depth <= 0 means 1).
func (f *Filesystem) List(ctx context.Context, path string, depth int) ([]EntryInfo, error) {
	depth = max(depth, 1)
	out, err := unary(ctx, "list directory "+path, true, &filesystem.ListDirRequest{Path: path, Depth: uint32(depth)}, f.sb.filesystem().ListDir)
	if err != nil {
		return nil, err
	}
	entries := make([]EntryInfo, 0, len(out.Entries))
	for _, w := range out.Entries {
		if e := entryFromWire(w); e.Type != "" {
			entries = append(entries, e)
		}
	}
	return entries, nil
}

// GetInfo describes a file or directory.
func (f *Filesystem) GetInfo(ctx context.Context, path string) (EntryInfo, error) {
	out, err := unary(ctx, "stat "+path, true, &filesystem.StatRequest{Path: path}, f.sb.filesystem().Stat)
	if err != nil {
		return EntryInfo{}, err
	}
	return entryFromWire(out.GetEntry()), nil
}

// Exists reports whether path exists.
func (f *Filesystem) Exists(ctx context.Context, path string) (bool, error) {
	_, err := f.GetInfo(ctx, path)
	if IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// MakeDir creates a directory and its parents. It reports false, nil when
// the directory already exists.
func (f *Filesystem) MakeDir(ctx context.Context, path string) (bool, error) {
	_, err := unary(ctx, "make directory "+path, false, &filesystem.MakeDirRequest{Path: path}, f.sb.filesystem().MakeDir)
	if hasKind(err, KindConflict) {
		return false, nil
	}
	return err == nil, err
}

// Rename moves oldPath to newPath.
func (f *Filesystem) Rename(ctx context.Context, oldPath, newPath string) (EntryInfo, error) {
	out, err := unary(ctx, "rename "+oldPath, false, &filesystem.MoveRequest{Source: oldPath, Destination: newPath}, f.sb.filesystem().Move)
	if err != nil {
		return EntryInfo{}, err
	}
	return entryFromWire(out.GetEntry()), nil
}

// Remove deletes a file or a directory recursively; a missing path is not
// an error.
func (f *Filesystem) Remove(ctx context.Context, path string) error {
	_, err := unary(ctx, "remove "+path, true, &filesystem.RemoveRequest{Path: path}, f.sb.filesystem().Remove)
	if IsNotFound(err) {
		return nil
	}
	return err
}

// DownloadURL returns a URL that reads path without the access token header
// (envd checks the signature instead), for handing to another program. A
// zero expiry makes a signature without expiration. With WithSandboxURL the
// URL points at the override and still needs the routing headers.
func (f *Filesystem) DownloadURL(path string, expiry time.Duration) string {
	return f.signedURL(path, "read", expiry, time.Now())
}

// UploadURL returns a URL that accepts a POST upload to path, like
// DownloadURL.
func (f *Filesystem) UploadURL(path string, expiry time.Duration) string {
	return f.signedURL(path, "write", expiry, time.Now())
}

func (f *Filesystem) signedURL(path, operation string, expiry time.Duration, now time.Time) string {
	base := "https://" + f.sb.Host(wire.EnvdPort)
	if f.sb.client.sandboxURL != "" || f.sb.client.debug {
		base = f.sb.baseURL(wire.EnvdPort)
	}
	q := url.Values{"path": {path}}
	if f.sb.accessToken != "" {
		var exp int64
		if expiry > 0 {
			exp = now.Add(expiry).Unix()
		}
		q.Set("signature", fileSignature(path, operation, "", f.sb.accessToken, exp))
		if exp > 0 {
			q.Set("signature_expiration", strconv.FormatInt(exp, 10))
		}
	}
	return base + "/files?" + q.Encode()
}

// fileSignature signs a /files URL like envd checks it; expiry 0 = none.
func fileSignature(path, operation, user, token string, expiry int64) string {
	exp := ""
	if expiry > 0 {
		exp = strconv.FormatInt(expiry, 10)
	}
	return wire.FileSignature(path, operation, user, token, exp)
}

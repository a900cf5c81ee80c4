package e2blocal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"os/user"
	"path"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem/filesystemconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process/processconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// maxRequestMessage bounds a Connect request message.
const maxRequestMessage = 16 << 20

func (s *Server) envdRoutes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.HandleFunc("GET /files", s.handleDownload)
	mux.HandleFunc("POST /files", s.handleUpload)
	mux.Handle("GET /envs", requireToken(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sb := sandboxFrom(r.Context())
		sb.mu.Lock()
		defer sb.mu.Unlock()
		writeJSON(w, http.StatusOK, sb.envVars)
	})))
	// connect-go serves both codecs (JSON, as the SDKs send, and binary).
	opts := connect.WithReadMaxBytes(maxRequestMessage)
	for _, route := range []func() (string, http.Handler){
		func() (string, http.Handler) { return filesystemconnect.NewFilesystemHandler(fsService{s}, opts) },
		func() (string, http.Handler) { return processconnect.NewProcessHandler(processService{s}, opts) },
	} {
		prefix, h := route()
		mux.Handle("POST "+prefix, requireToken(streamLifetime(h)))
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeJSONError(w, http.StatusNotFound, "no route %s %s", r.Method, r.URL.Path)
	})
	return mux
}

// fsService serves filesystem.Filesystem.
type fsService struct{ s *Server }

// processService serves process.Process.
type processService struct{ s *Server }

// requireToken enforces envd's X-Access-Token check.
func requireToken(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sb := sandboxFrom(r.Context())
		if sb.token != "" && r.Header.Get(wire.HeaderAccessToken) != sb.token {
			writeJSONError(w, http.StatusUnauthorized,
				"unauthorized access, please provide a valid access token or method signing if supported")
			return
		}
		h.ServeHTTP(w, r)
	})
}

type lifetimeKey struct{}

// streamLifetime takes Connect-Timeout-Ms out of connect-go's hands: envd
// uses it as the lifetime of the process or watch, which then ends with its
// own events (a killed process's end event, a watch's deadline_exceeded),
// where connect-go would cut the stream at the deadline first.
func streamLifetime(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.Header.Get(wire.HeaderConnectTimeoutMs); v != "" {
			r.Header.Del(wire.HeaderConnectTimeoutMs)
			if ms, err := strconv.ParseInt(v, 10, 64); err == nil && ms > 0 {
				r = r.WithContext(context.WithValue(r.Context(), lifetimeKey{}, time.Duration(ms)*time.Millisecond))
			}
		}
		h.ServeHTTP(w, r)
	})
}

// lifetime is the Connect-Timeout-Ms of the call; 0 means none.
func lifetime(ctx context.Context) time.Duration {
	d, _ := ctx.Value(lifetimeKey{}).(time.Duration)
	return d
}

// connectErr builds a Connect error.
func connectErr(code connect.Code, format string, args ...any) *connect.Error {
	return connect.NewError(code, fmt.Errorf(format, args...))
}

// fsErr maps a file-system error to a Connect error.
func fsErr(err error, what string) *connect.Error {
	switch {
	case errors.Is(err, errOutside):
		return connectErr(connect.CodePermissionDenied, "%s: %v", what, err)
	case errors.Is(err, fs.ErrNotExist):
		return connectErr(connect.CodeNotFound, "%s: %v", what, err)
	case errors.Is(err, fs.ErrExist):
		return connectErr(connect.CodeAlreadyExists, "%s: %v", what, err)
	case errors.Is(err, fs.ErrPermission):
		return connectErr(connect.CodePermissionDenied, "%s: %v", what, err)
	}
	return connectErr(connect.CodeInternal, "%s: %v", what, err)
}

// fileRef is a resolved sandbox path.
type fileRef struct {
	root  *os.Root
	rel   string // relative to root, slash-separated; "." for the mount
	vpath string // the clean sandbox path
}

// resolve opens the mount holding sandbox path p; close the root when done.
func (sb *sandbox) resolve(p string) (fileRef, error) {
	dir, rel, err := sb.mount(p)
	if err != nil {
		return fileRef{}, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return fileRef{}, fmt.Errorf("open sandbox mount: %w", err)
	}
	return fileRef{root: root, rel: rel, vpath: cleanPath(p)}, nil
}

var (
	namesMu sync.Mutex
	names   = map[string]string{}
)

// idName returns the user or group name of a numeric id, or the id itself.
func idName(id uint32, group bool) string {
	key := strconv.FormatBool(group) + ":" + strconv.FormatUint(uint64(id), 10)
	namesMu.Lock()
	defer namesMu.Unlock()
	if n, ok := names[key]; ok {
		return n
	}
	n := strconv.FormatUint(uint64(id), 10)
	if group {
		if g, err := user.LookupGroupId(n); err == nil {
			n = g.Name
		}
	} else if u, err := user.LookupId(n); err == nil {
		n = u.Username
	}
	names[key] = n
	return n
}

// ownerName names a file owner as the sandbox sees it: its own host uid is
// "user", as in E2B; others are looked up on the host.
func (sb *sandbox) ownerName(id uint32, group bool) string {
	if sb.srv.iso.bwrap && int64(id) == int64(sb.hostUser()) {
		return sandboxUser
	}
	return idName(id, group)
}

// hostUser is the host uid (and gid) the sandbox's processes run as.
func (sb *sandbox) hostUser() int {
	if sb.uid >= 0 {
		return sb.uid
	}
	return os.Getuid()
}

// own gives rel to the sandbox's user, so files the file API writes are the
// user's to change, as in E2B. A no-op unless sandboxes have their own uid.
func (sb *sandbox) own(root *os.Root, rel string) error {
	if sb.uid < 0 {
		return nil
	}
	return root.Lchown(rel, sb.uid, sb.uid)
}

// mkdirAll makes dir rel of root and its missing parents (0755), each owned
// by the sandbox's user.
func (sb *sandbox) mkdirAll(root *os.Root, rel string) error {
	if sb.uid < 0 {
		return root.MkdirAll(rel, 0o755)
	}
	dir := "."
	for part := range strings.SplitSeq(rel, "/") {
		if part == "" || part == "." {
			continue
		}
		dir = path.Join(dir, part)
		err := root.Mkdir(dir, 0o755)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil {
			err = sb.own(root, dir)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// entryInfo describes rel (sandbox path vpath) without following a final symlink.
func (sb *sandbox) entryInfo(root *os.Root, rel, vpath string) (*filesystem.EntryInfo, error) {
	fi, err := root.Lstat(rel)
	if err != nil {
		return nil, err
	}
	e := &filesystem.EntryInfo{Name: path.Base(vpath), Type: filesystem.FileType_FILE_TYPE_FILE, Path: vpath, Size: fi.Size(),
		Mode: uint32(fi.Mode().Perm()), Permissions: fi.Mode().String(), ModifiedTime: timestamppb.New(fi.ModTime())}
	switch {
	case fi.IsDir():
		e.Type = filesystem.FileType_FILE_TYPE_DIRECTORY
	case fi.Mode()&fs.ModeSymlink != 0:
		e.Type = filesystem.FileType_FILE_TYPE_SYMLINK
		if t, err := root.Readlink(rel); err == nil {
			e.SymlinkTarget = &t
		}
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		e.Owner, e.Group = sb.ownerName(st.Uid, false), sb.ownerName(st.Gid, true)
	}
	return e, nil
}

func (fsService) Stat(ctx context.Context, req *connect.Request[filesystem.StatRequest]) (*connect.Response[filesystem.StatResponse], error) {
	sb := sandboxFrom(ctx)
	f, err := sb.resolve(req.Msg.GetPath())
	if err != nil {
		return nil, fsErr(err, "stat")
	}
	defer f.root.Close()
	e, err := sb.entryInfo(f.root, f.rel, f.vpath)
	if err != nil {
		return nil, fsErr(err, "stat")
	}
	return connect.NewResponse(&filesystem.StatResponse{Entry: e}), nil
}

func (fsService) MakeDir(ctx context.Context, req *connect.Request[filesystem.MakeDirRequest]) (*connect.Response[filesystem.MakeDirResponse], error) {
	sb := sandboxFrom(ctx)
	f, err := sb.resolve(req.Msg.GetPath())
	if err != nil {
		return nil, fsErr(err, "make dir")
	}
	defer f.root.Close()
	if _, err := f.root.Lstat(f.rel); err == nil {
		return nil, connectErr(connect.CodeAlreadyExists, "directory %s already exists", f.vpath)
	}
	if err := sb.mkdirAll(f.root, f.rel); err != nil {
		return nil, fsErr(err, "make dir")
	}
	e, err := sb.entryInfo(f.root, f.rel, f.vpath)
	if err != nil {
		return nil, fsErr(err, "make dir")
	}
	return connect.NewResponse(&filesystem.MakeDirResponse{Entry: e}), nil
}

func (fsService) Move(ctx context.Context, req *connect.Request[filesystem.MoveRequest]) (*connect.Response[filesystem.MoveResponse], error) {
	sb := sandboxFrom(ctx)
	src, err := sb.resolve(req.Msg.GetSource())
	if err != nil {
		return nil, fsErr(err, "move")
	}
	defer src.root.Close()
	dst, err := sb.resolve(req.Msg.GetDestination())
	if err != nil {
		return nil, fsErr(err, "move")
	}
	defer dst.root.Close()
	if src.root.Name() != dst.root.Name() {
		return nil, connectErr(connect.CodeInvalidArgument, "move %s to %s: moving between /home/user and /tmp is not supported here", src.vpath, dst.vpath)
	}
	if err := sb.mkdirAll(src.root, path.Dir(dst.rel)); err != nil {
		return nil, fsErr(err, "move")
	}
	if err := src.root.Rename(src.rel, dst.rel); err != nil {
		return nil, fsErr(err, "move")
	}
	e, err := sb.entryInfo(dst.root, dst.rel, dst.vpath)
	if err != nil {
		return nil, fsErr(err, "move")
	}
	return connect.NewResponse(&filesystem.MoveResponse{Entry: e}), nil
}

func (fsService) ListDir(ctx context.Context, req *connect.Request[filesystem.ListDirRequest]) (*connect.Response[filesystem.ListDirResponse], error) {
	sb := sandboxFrom(ctx)
	f, err := sb.resolve(req.Msg.GetPath())
	if err != nil {
		return nil, fsErr(err, "list dir")
	}
	defer f.root.Close()
	depth := max(int(req.Msg.GetDepth()), 1)
	if fi, err := f.root.Stat(f.rel); err != nil {
		return nil, fsErr(err, "list dir")
	} else if !fi.IsDir() {
		return nil, connectErr(connect.CodeInvalidArgument, "list dir: %s is not a directory", f.vpath)
	}
	resp := &filesystem.ListDirResponse{}
	var walk func(rel, vpath string, level int) error
	walk = func(rel, vpath string, level int) error {
		des, err := readDir(f.root, rel)
		if err != nil {
			return err
		}
		for _, de := range des {
			crel, cpath := path.Join(rel, de.Name()), path.Join(vpath, de.Name())
			e, err := sb.entryInfo(f.root, crel, cpath)
			if err != nil {
				continue // gone meanwhile
			}
			resp.Entries = append(resp.Entries, e)
			if e.Type == filesystem.FileType_FILE_TYPE_DIRECTORY && level < depth {
				if err := walk(crel, cpath, level+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(f.rel, f.vpath, 1); err != nil {
		return nil, fsErr(err, "list dir")
	}
	return connect.NewResponse(resp), nil
}

// readDir lists directory rel of root.
func readDir(root *os.Root, rel string) ([]fs.DirEntry, error) {
	d, err := root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.ReadDir(-1)
}

func (fsService) Remove(ctx context.Context, req *connect.Request[filesystem.RemoveRequest]) (*connect.Response[filesystem.RemoveResponse], error) {
	sb := sandboxFrom(ctx)
	f, err := sb.resolve(req.Msg.GetPath())
	if err != nil {
		return nil, fsErr(err, "remove")
	}
	defer f.root.Close()
	if f.rel == "." {
		return nil, connectErr(connect.CodePermissionDenied, "remove %s: cannot remove a sandbox mount", f.vpath)
	}
	if err := f.root.RemoveAll(f.rel); err != nil {
		return nil, fsErr(err, "remove")
	}
	return connect.NewResponse(&filesystem.RemoveResponse{}), nil
}

// fileAuth checks /files access: a matching X-Access-Token, or a valid
// signature for the path and operation.
func fileAuth(r *http.Request, sb *sandbox, op string) error {
	if sb.token == "" {
		return nil
	}
	if tok := r.Header.Get(wire.HeaderAccessToken); tok != "" {
		if tok != sb.token {
			return errors.New("invalid access token")
		}
		return nil
	}
	q := r.URL.Query()
	sig := q.Get("signature")
	if sig == "" {
		return errors.New("unauthorized access, please provide a valid access token or method signing if supported")
	}
	exp := q.Get("signature_expiration")
	if exp != "" {
		n, err := strconv.ParseInt(exp, 10, 64)
		if err != nil || time.Now().Unix() > n {
			return errors.New("signature is expired or invalid")
		}
	}
	if sig != wire.FileSignature(q.Get("path"), op, q.Get("username"), sb.token, exp) {
		return errors.New("invalid signature")
	}
	return nil
}

// fileStatus maps a file error to the /files HTTP status.
func fileStatus(err error) int {
	switch {
	case errors.Is(err, errOutside), errors.Is(err, fs.ErrPermission):
		return http.StatusForbidden
	case errors.Is(err, fs.ErrNotExist):
		return http.StatusNotFound
	}
	return http.StatusInternalServerError
}

func (s *Server) handleDownload(w http.ResponseWriter, r *http.Request) {
	sb := sandboxFrom(r.Context())
	if err := fileAuth(r, sb, "read"); err != nil {
		writeJSONError(w, http.StatusUnauthorized, "%v", err)
		return
	}
	p := r.URL.Query().Get("path")
	if p == "" {
		writeJSONError(w, http.StatusBadRequest, "path is required")
		return
	}
	f, err := sb.resolve(p)
	if err != nil {
		writeJSONError(w, fileStatus(err), "%v", err)
		return
	}
	defer f.root.Close()
	file, err := f.root.Open(f.rel)
	if err != nil {
		writeJSONError(w, fileStatus(err), "file %s: %v", f.vpath, err)
		return
	}
	defer file.Close()
	fi, err := file.Stat()
	if err != nil {
		writeJSONError(w, http.StatusInternalServerError, "stat %s: %v", f.vpath, err)
		return
	}
	if fi.IsDir() {
		writeJSONError(w, http.StatusBadRequest, "path %s is a directory", f.vpath)
		return
	}
	w.Header().Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": path.Base(f.vpath)}))
	http.ServeContent(w, r, path.Base(f.vpath), fi.ModTime(), file)
}

func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	sb := sandboxFrom(r.Context())
	if err := fileAuth(r, sb, "write"); err != nil {
		writeJSONError(w, http.StatusUnauthorized, "%v", err)
		return
	}
	qpath := r.URL.Query().Get("path")
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var written []wire.UploadedEntry
	if ct != "multipart/form-data" {
		if qpath == "" {
			writeJSONError(w, http.StatusBadRequest, "path is required for a %s upload", ct)
			return
		}
		e, status, err := sb.writeFile(qpath, r.Body)
		if err != nil {
			writeJSONError(w, status, "%v", err)
			return
		}
		writeJSON(w, http.StatusOK, []wire.UploadedEntry{e})
		return
	}
	mr, err := r.MultipartReader()
	if err != nil {
		writeJSONError(w, http.StatusBadRequest, "read multipart body: %v", err)
		return
	}
	seen := map[string]bool{}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			writeJSONError(w, http.StatusBadRequest, "read multipart body: %v", err)
			return
		}
		if part.FormName() != "file" {
			continue
		}
		p := qpath
		if p == "" {
			// The SDK puts the full path in the filename; Part.FileName keeps only its base.
			_, params, _ := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
			p = params["filename"]
		}
		if p == "" {
			writeJSONError(w, http.StatusBadRequest, "file part without a path")
			return
		}
		if seen[cleanPath(p)] {
			writeJSONError(w, http.StatusBadRequest, "path %s given twice", cleanPath(p))
			return
		}
		seen[cleanPath(p)] = true
		e, status, err := sb.writeFile(p, part)
		if err != nil {
			writeJSONError(w, status, "%v", err)
			return
		}
		written = append(written, e)
	}
	if written == nil {
		written = []wire.UploadedEntry{}
	}
	writeJSON(w, http.StatusOK, written)
}

// writeFile creates or replaces sandbox file p (and its parents) with body.
func (sb *sandbox) writeFile(p string, body io.Reader) (wire.UploadedEntry, int, error) {
	f, err := sb.resolve(p)
	if err != nil {
		return wire.UploadedEntry{}, fileStatus(err), err
	}
	defer f.root.Close()
	if f.rel == "." {
		return wire.UploadedEntry{}, http.StatusBadRequest, fmt.Errorf("path %s is a directory", f.vpath)
	}
	if err := sb.mkdirAll(f.root, path.Dir(f.rel)); err != nil {
		return wire.UploadedEntry{}, fileStatus(err), fmt.Errorf("make parent of %s: %w", f.vpath, err)
	}
	if fi, err := f.root.Stat(f.rel); err == nil && fi.IsDir() {
		return wire.UploadedEntry{}, http.StatusBadRequest, fmt.Errorf("path %s is a directory", f.vpath)
	}
	file, err := f.root.OpenFile(f.rel, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return wire.UploadedEntry{}, fileStatus(err), fmt.Errorf("create %s: %w", f.vpath, err)
	}
	if err := sb.own(f.root, f.rel); err != nil {
		_ = file.Close()
		return wire.UploadedEntry{}, fileStatus(err), fmt.Errorf("give %s to the sandbox user: %w", f.vpath, err)
	}
	_, err = io.Copy(file, body)
	if cerr := file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		status := http.StatusInternalServerError
		if errors.Is(err, syscall.ENOSPC) {
			status = http.StatusInsufficientStorage
		}
		return wire.UploadedEntry{}, status, fmt.Errorf("write %s: %w", f.vpath, err)
	}
	return wire.UploadedEntry{Path: f.vpath, Name: path.Base(f.vpath), Type: "file"}, 0, nil
}

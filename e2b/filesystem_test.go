package e2b

import (
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem/filesystemconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

func TestFilesReadWrite(t *testing.T) {
	f := setup(t)
	files := map[string]string{"/home/user/a.txt": "hello"}
	f.envd.HandleFunc("GET /files", func(w http.ResponseWriter, r *http.Request) {
		testHeader(t, r, wire.HeaderAccessToken, "envd-token")
		data, ok := files[r.URL.Query().Get("path")]
		if !ok {
			apiError(w, http.StatusNotFound, "path not found")
			return
		}
		_, _ = io.WriteString(w, data)
	})
	f.envd.HandleFunc("POST /files", func(w http.ResponseWriter, r *http.Request) {
		testHeader(t, r, wire.HeaderAccessToken, "envd-token")
		var written []wire.UploadedEntry
		mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		switch mt {
		case "application/octet-stream":
			p := r.URL.Query().Get("path")
			files[p] = string(readBody(t, r))
			written = append(written, wire.UploadedEntry{Path: p, Name: p[strings.LastIndex(p, "/")+1:], Type: "file"})
		case "multipart/form-data":
			mr := multipart.NewReader(r.Body, params["boundary"])
			for {
				part, err := mr.NextPart()
				if err != nil {
					break
				}
				_, dp, _ := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
				if part.FormName() != "file" {
					t.Errorf("part named %q, want file", part.FormName())
				}
				b, _ := io.ReadAll(part)
				files[dp["filename"]] = string(b)
				written = append(written, wire.UploadedEntry{Path: dp["filename"], Type: "file"})
			}
		default:
			t.Errorf("upload content type %q", mt)
		}
		writeJSON(w, http.StatusOK, written)
	})
	ctx := context.Background()
	fs := f.sb.Files()
	got, err := fs.Read(ctx, "/home/user/a.txt")
	if err != nil || string(got) != "hello" {
		t.Fatalf("Read: got %q, %v", got, err)
	}
	if _, err := fs.Read(ctx, "/nope"); !IsNotFound(err) || IsSandboxGone(err) {
		t.Errorf("Read missing: got %v, want not found (and not sandbox gone)", err)
	}
	e, err := fs.Write(ctx, "/home/user/b.csv", []byte("x,y\n1,2\n"))
	if err != nil || e.Path != "/home/user/b.csv" || e.Name != "b.csv" || e.Type != FileTypeFile {
		t.Fatalf("Write: got %+v, %v", e, err)
	}
	if files["/home/user/b.csv"] != "x,y\n1,2\n" {
		t.Errorf("server got %q", files["/home/user/b.csv"])
	}
	entries, err := fs.WriteFiles(ctx, []WriteEntry{{Path: "/d/one.txt", Data: []byte("1")}, {Path: "/d/two.txt", Data: []byte("2")}})
	if err != nil || len(entries) != 2 || files["/d/one.txt"] != "1" || files["/d/two.txt"] != "2" {
		t.Errorf("WriteFiles: got %+v, %v; files %v", entries, err, files)
	}
	// envd older than 0.5.7 only takes multipart uploads.
	old := f.client.newSandbox(wire.Sandbox{SandboxID: "iold", EnvdVersion: "0.5.0", EnvdAccessToken: "envd-token"})
	if _, err := old.Files().Write(ctx, "/old.txt", []byte("o")); err != nil || files["/old.txt"] != "o" {
		t.Errorf("multipart Write: %v, files %v", err, files)
	}
}

func TestFilesRPCs(t *testing.T) {
	f := setup(t)
	mtime := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	// proto3 JSON as envd sends it: int64 as a string, enums by name, RFC 3339 times.
	entry := `{"name":"a.txt","type":"FILE_TYPE_FILE","path":"/home/user/a.txt","size":"5","mode":420,"permissions":"-rw-r--r--","modifiedTime":"2026-01-02T03:04:05Z"}`
	f.envd.HandleFunc("POST "+filesystemconnect.FilesystemStatProcedure, func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(string(readBody(t, r)), "missing") {
			connectError(w, connect.CodeNotFound, "file not found")
			return
		}
		writeRaw(w, `{"entry":`+entry+`}`)
	})
	f.envd.HandleFunc("POST "+filesystemconnect.FilesystemListDirProcedure, func(w http.ResponseWriter, r *http.Request) {
		if got := string(readBody(t, r)); got != `{"path":"/home/user","depth":1}` {
			t.Errorf("ListDir request: got %s", got)
		}
		writeRaw(w, `{"entries":[`+entry+`,{"name":"d","type":"FILE_TYPE_DIRECTORY"},{"name":"odd"}]}`)
	})
	f.envd.HandleFunc("POST "+filesystemconnect.FilesystemMakeDirProcedure, func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(string(readBody(t, r)), "exists") {
			connectError(w, connect.CodeAlreadyExists, "directory exists")
			return
		}
		writeRaw(w, `{}`)
	})
	f.envd.HandleFunc("POST "+filesystemconnect.FilesystemMoveProcedure, func(w http.ResponseWriter, r *http.Request) {
		if got := string(readBody(t, r)); got != `{"source":"/a","destination":"/b"}` {
			t.Errorf("Move request: got %s", got)
		}
		writeRaw(w, `{"entry":{"name":"b","path":"/b","type":"FILE_TYPE_FILE"}}`)
	})
	f.envd.HandleFunc("POST "+filesystemconnect.FilesystemRemoveProcedure, func(w http.ResponseWriter, r *http.Request) {
		writeRaw(w, `{}`)
	})
	ctx := context.Background()
	fs := f.sb.Files()
	info, err := fs.GetInfo(ctx, "/home/user/a.txt")
	if err != nil || info.Size != 5 || info.Type != FileTypeFile || !info.ModifiedTime.Equal(mtime) || info.Permissions != "-rw-r--r--" {
		t.Errorf("GetInfo: got %+v, %v", info, err)
	}
	for path, want := range map[string]bool{"/home/user/a.txt": true, "/missing": false} {
		if got, err := fs.Exists(ctx, path); got != want || err != nil {
			t.Errorf("Exists(%s): got %v, %v; want %v", path, got, err, want)
		}
	}
	list, err := fs.List(ctx, "/home/user", 0)
	if err != nil || len(list) != 2 || list[1].Type != FileTypeDir {
		t.Errorf("List: got %+v, %v (entries without a type must be skipped)", list, err)
	}
	if ok, err := fs.MakeDir(ctx, "/new"); !ok || err != nil {
		t.Errorf("MakeDir new: got %v, %v", ok, err)
	}
	if ok, err := fs.MakeDir(ctx, "/exists"); ok || err != nil {
		t.Errorf("MakeDir existing: got %v, %v; want false, nil", ok, err)
	}
	if e, err := fs.Rename(ctx, "/a", "/b"); err != nil || e.Path != "/b" {
		t.Errorf("Rename: got %+v, %v", e, err)
	}
	if err := fs.Remove(ctx, "/b"); err != nil {
		t.Errorf("Remove: %v", err)
	}
}

func TestSignedURLs(t *testing.T) {
	c := &Client{domain: "e2b.app"}
	sb := c.newSandbox(wire.Sandbox{SandboxID: "iabc", EnvdAccessToken: "tok"})
	now := time.Unix(1700000000, 0)
	got := sb.Files().signedURL("/home/user/a b.txt", "read", time.Minute, now)
	// signature anchored below against sha256sum output
	want := "https://49983-iabc.e2b.app/files?path=%2Fhome%2Fuser%2Fa+b.txt&signature=" +
		url.QueryEscape(fileSignature("/home/user/a b.txt", "read", "", "tok", 1700000060)) + "&signature_expiration=1700000060"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// printf "p:write::t" | sha256sum | xxd -r -p | base64
	if sig := fileSignature("p", "write", "", "t", 0); sig != "v1_/ccR877iESRqhOPQkMMHbKWLN/A1F1V4A2LmPMuVcMI" {
		t.Errorf("fileSignature: got %s", sig)
	}
}

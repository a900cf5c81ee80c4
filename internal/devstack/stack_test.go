package devstack_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

func TestRepoRoot(t *testing.T) {
	root, err := devstack.RepoRoot()
	if err != nil {
		t.Fatalf("RepoRoot: %v", err)
	}
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatalf("read go.mod at repo root: %v", err)
	}
	if want := "module " + devstack.ModulePath + "\n"; !strings.HasPrefix(string(b), want) {
		t.Errorf("go.mod at %s starts with %q, want %q", root, firstLine(b), want)
	}
}

func firstLine(b []byte) string {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return string(line)
}

func TestFreePort(t *testing.T) {
	port, err := devstack.FreePort()
	if err != nil {
		t.Fatalf("FreePort: %v", err)
	}
	if port <= 0 || port > 65535 {
		t.Fatalf("FreePort = %d, want a port number", port)
	}
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		t.Fatalf("listen on the free port %d: %v", port, err)
	}
	defer l.Close()
	if devstack.PortFree(port) {
		t.Errorf("PortFree(%d) = true while listening on it, want false", port)
	}
}

func TestWaitTCP(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	open := l.Addr().String()
	closedPort, err := devstack.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	tests := []struct {
		name    string
		addr    string
		wantErr bool
	}{
		{"listening", open, false},
		{"nothing listens", net.JoinHostPort("127.0.0.1", strconv.Itoa(closedPort)), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			err := devstack.WaitTCP(ctx, tt.addr)
			if (err != nil) != tt.wantErr {
				t.Errorf("WaitTCP(%s) = %v, want error: %v", tt.addr, err, tt.wantErr)
			}
		})
	}
}

func TestProcessStopKillsGroup(t *testing.T) {
	// A shell that ignores SIGTERM and has a child: Stop must still end both.
	p, err := devstack.StartProcess(devstack.ProcessConfig{
		Name: "sh",
		Path: "/bin/sh",
		Args: []string{"-c", `trap "" TERM; sleep 60 & echo started; wait`},
	})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(p.Output(), "started") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	if err := p.Stop(200 * time.Millisecond); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Stop took %s, want about the 200ms grace", d)
	}
	// The orphaned sleep is reaped by init some time after it dies, so
	// look for live (not zombie) members of the group for a while.
	var live []string
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if live = liveGroupMembers(t, p.Pid()); len(live) == 0 {
			break
		}
	}
	if len(live) > 0 {
		t.Errorf("process group %d after Stop has live members %v, want none", p.Pid(), live)
	}
	if err := p.Err(); err != nil {
		t.Errorf("Err after Stop = %v, want nil", err)
	}
}

func TestProcessExitIsReported(t *testing.T) {
	p, err := devstack.StartProcess(devstack.ProcessConfig{Name: "false", Path: "/bin/sh", Args: []string{"-c", "echo oops; exit 3"}})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("process did not exit")
	}
	if got := p.ExitCode(); got != 3 {
		t.Errorf("ExitCode = %d, want 3", got)
	}
	if p.Err() == nil {
		t.Error("Err = nil for an unexpected exit, want an error")
	}
	if got := p.Output(); got != "oops\n" {
		t.Errorf("Output = %q, want %q", got, "oops\n")
	}
}

func TestS3PutGetRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts versitygw")
	}
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	srv, stop, err := devstack.StartS3(ctx, devstack.Options{S3Bucket: "stack-test", Logf: t.Logf})
	if err != nil {
		t.Fatalf("StartS3: %v", err)
	}
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	if !strings.HasPrefix(srv.Endpoint, "http://127.0.0.1:") {
		t.Errorf("Endpoint = %q, want http://127.0.0.1:PORT", srv.Endpoint)
	}
	c, err := srv.Client(ctx)
	if err != nil {
		t.Fatal(err)
	}
	const key, body = "runs/wf-1/step-1/cell-0.png", "not really a png"
	if _, err := c.PutObject(ctx, &s3.PutObjectInput{
		Bucket: aws.String(srv.Bucket), Key: aws.String(key),
		Body: strings.NewReader(body), ContentType: aws.String("image/png"),
	}); err != nil {
		t.Fatalf("PutObject: %v", err)
	}
	check := func(when string) {
		t.Helper()
		out, err := c.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(srv.Bucket), Key: aws.String(key)})
		if err != nil {
			t.Fatalf("GetObject %s: %v", when, err)
		}
		defer out.Body.Close()
		got, err := io.ReadAll(out.Body)
		if err != nil {
			t.Fatalf("read object %s: %v", when, err)
		}
		if string(got) != body {
			t.Errorf("object %s = %q, want %q", when, got, body)
		}
		if ct := aws.ToString(out.ContentType); ct != "image/png" {
			t.Errorf("content type %s = %q, want image/png", when, ct)
		}
	}
	check("after put")

	if err := srv.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	sctx, scancel := context.WithTimeout(ctx, 2*time.Second)
	_, err = c.GetObject(sctx, &s3.GetObjectInput{Bucket: aws.String(srv.Bucket), Key: aws.String(key)})
	scancel()
	if err == nil {
		t.Fatal("GetObject while stopped succeeded, want an error")
	}
	if err := srv.Restart(ctx); err != nil {
		t.Fatalf("Restart: %v", err)
	}
	check("after restart")

	stopped = true
	if err := stop(); err != nil {
		t.Errorf("stop: %v", err)
	}
	if _, err := os.Stat(srv.Dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("data dir %s after stop: stat = %v, want not exist", srv.Dir, err)
	}
}

func TestTemporalDescribeNamespace(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server")
	}
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	srv, stop, err := devstack.StartTemporal(ctx, devstack.Options{Logf: t.Logf})
	if err != nil {
		t.Fatalf("StartTemporal: %v", err)
	}
	defer func() {
		if err := stop(); err != nil {
			t.Errorf("stop: %v", err)
		}
	}()
	if !strings.HasPrefix(srv.Address, "127.0.0.1:") {
		t.Errorf("Address = %q, want 127.0.0.1:PORT", srv.Address)
	}
	c, err := client.DialContext(ctx, client.Options{HostPort: srv.Address, Namespace: srv.Namespace})
	if err != nil {
		t.Fatalf("dial %s: %v", srv.Address, err)
	}
	defer c.Close()
	ns, err := c.WorkflowService().DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: srv.Namespace})
	if err != nil {
		t.Fatalf("DescribeNamespace: %v", err)
	}
	if got := ns.GetNamespaceInfo().GetName(); got != "default" {
		t.Errorf("namespace = %q, want default", got)
	}
}

// liveGroupMembers returns "pid state" of the processes in process group pgid
// that are not zombies, read from /proc.
func liveGroupMembers(t *testing.T, pgid int) []string {
	t.Helper()
	if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
		return nil
	}
	stats, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		t.Fatal(err)
	}
	var live []string
	for _, path := range stats {
		b, err := os.ReadFile(path)
		if err != nil {
			continue // exited meanwhile
		}
		// pid (comm) state ppid pgrp ...; comm may hold spaces, so split after ')'.
		_, rest, ok := strings.Cut(string(b), ") ")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) < 3 || f[2] != strconv.Itoa(pgid) || f[0] == "Z" {
			continue
		}
		live = append(live, filepath.Base(filepath.Dir(path))+" "+f[0])
	}
	return live
}

func TestBinaryBuildsMissingTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds workflowcheck")
	}
	dir := t.TempDir()
	var logged []string
	o := devstack.Options{BinDir: dir, Logf: func(format string, args ...any) { logged = append(logged, format) }}
	path, err := devstack.Binary(context.Background(), o, "workflowcheck")
	if err != nil {
		t.Fatalf("Binary: %v", err)
	}
	if want := filepath.Join(dir, "workflowcheck"); path != want {
		t.Errorf("Binary path = %q, want %q", path, want)
	}
	stamp, err := os.ReadFile(filepath.Join(dir, "workflowcheck.version"))
	if err != nil {
		t.Fatalf("version stamp: %v", err)
	}
	if !strings.HasPrefix(string(stamp), "go.temporal.io/sdk/contrib/tools/workflowcheck v") {
		t.Errorf("version stamp = %q, want the module and its pinned version", stamp)
	}
	if len(logged) == 0 {
		t.Error("Binary built a tool without a log line, want one that says so")
	}
	// A second call finds the binary and builds nothing.
	logged = nil
	if _, err := devstack.Binary(context.Background(), o, "workflowcheck"); err != nil {
		t.Fatalf("second Binary: %v", err)
	}
	if len(logged) != 0 {
		t.Errorf("second Binary logged %q, want no build", logged)
	}
}

// TestHelperProcess is not a test: TestServersDieWithTheirParent runs the
// test binary with STACK_TEST_HELPER=1 to get a parent it can kill.
func TestHelperProcess(t *testing.T) {
	if os.Getenv("STACK_TEST_HELPER") != "1" {
		t.Skip("helper process for TestServersDieWithTheirParent")
	}
	ctx := context.Background()
	tsrv, _, err := devstack.StartTemporal(ctx, devstack.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s3srv, _, err := devstack.StartS3(ctx, devstack.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("addrs %s %s\n", tsrv.Address, strings.TrimPrefix(s3srv.Endpoint, "http://"))
	select {} // until killed
}

func TestServersDieWithTheirParent(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the Temporal dev server and versitygw")
	}
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	// The helper is killed, so it cannot remove what it made: its
	// temporary files go in a directory this test removes.
	cmd.Env = append(os.Environ(), "STACK_TEST_HELPER=1", "TMPDIR="+t.TempDir())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var addrs []string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "addrs "); ok {
			addrs = strings.Fields(rest)
			break
		}
	}
	if len(addrs) != 2 {
		t.Fatalf("helper printed no addresses (scan error: %v)", sc.Err())
	}
	for _, addr := range addrs {
		if c, err := net.Dial("tcp", addr); err != nil {
			t.Fatalf("server at %s before the kill: %v", addr, err)
		} else {
			c.Close()
		}
	}

	// Let start-up logging settle first: a server that writes to the pipe of
	// its dead parent gets SIGPIPE and dies anyway, which would hide a leak.
	time.Sleep(3 * time.Second)
	cmd.Process.Kill() // as a crash or a go test timeout would
	cmd.Wait()

	for _, addr := range addrs {
		deadline := time.Now().Add(15 * time.Second)
		for {
			c, err := net.DialTimeout("tcp", addr, time.Second)
			if err != nil {
				break // gone
			}
			c.Close()
			if time.Now().After(deadline) {
				t.Errorf("server at %s still accepts connections 15s after its parent was killed", addr)
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

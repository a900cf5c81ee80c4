//go:build linux

package main

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	commonpb "go.temporal.io/api/common/v1"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/durable-analyst/durable-analyst/codec"
)

// TestCodecOnlyRefusesBombsWithoutMemory builds the worker binary, runs it
// as `worker -codec-only`, and sends it decompression bombs: 60 payloads of
// 5 MiB of zeros (9.6 KB each encrypted, ~300 GB asked for across the
// requests). Each is refused with 413, a legitimate request still works
// afterwards, and the process' peak RSS (VmHWM) grows by less than 50 MB.
func TestCodecOnlyRefusesBombsWithoutMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the worker binary")
	}
	bin := filepath.Join(t.TempDir(), "worker")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	k, err := codec.GenerateKey("k-rss")
	if err != nil {
		t.Fatal(err)
	}
	c, err := codec.New(k)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var logs bytes.Buffer
	cmd := exec.Command(bin, "-codec-only")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "PAYLOAD_KEYS=" + k.Format(), "CODEC_SERVER_ADDR=" + addr, "CODEC_SERVER_TOKEN=tok"}
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		<-exited
		if t.Failed() {
			t.Logf("codec server log:\n%s", logs.String())
		}
	})

	post := func(ps []*commonpb.Payload) (int, string) {
		t.Helper()
		body, err := protojson.Marshal(&commonpb.Payloads{Payloads: ps})
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/decode", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer tok")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(out)
	}
	encode := func(data []byte) *commonpb.Payload {
		out, err := c.Encode([]*commonpb.Payload{{Metadata: map[string][]byte{"encoding": []byte("binary/plain")}, Data: data}})
		if err != nil {
			t.Fatal(err)
		}
		return out[0]
	}
	small := encode([]byte(strings.Repeat("a legitimate payload ", 100)))

	// Up, and warm: a legitimate request answers.
	deadline := time.Now().Add(time.Minute)
	for {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			conn.Close()
			break
		}
		select {
		case <-exited:
			t.Fatalf("codec server exited: %s", logs.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("codec server did not start: %v", err)
		}
	}
	if status, body := post([]*commonpb.Payload{small}); status != http.StatusOK {
		t.Fatalf("legitimate request: %d %s", status, body)
	}
	before := procStatusKB(t, cmd.Process.Pid, "VmHWM")

	bomb := slices.Repeat([]*commonpb.Payload{encode(make([]byte, 5<<20))}, 60)
	bombBody, _ := protojson.Marshal(&commonpb.Payloads{Payloads: bomb})
	var wg sync.WaitGroup
	statuses := make([]int, 16)
	for i := range statuses { // 16 bombs, 4 at a time (the server's concurrency bound)
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], _ = post(bomb)
		}()
		if i%4 == 3 {
			wg.Wait()
		}
	}
	wg.Wait()
	for i, s := range statuses {
		if s != http.StatusRequestEntityTooLarge {
			t.Errorf("bomb %d: status %d, want 413", i, s)
		}
	}
	if status, body := post([]*commonpb.Payload{small}); status != http.StatusOK {
		t.Fatalf("legitimate request after the bombs: %d %s", status, body)
	}
	after := procStatusKB(t, cmd.Process.Pid, "VmHWM")
	growth := after - before
	t.Logf("codec-only process peak RSS: %d KB before, %d KB after 16 bombs of %d bytes each asking for %d MiB; growth %d KB",
		before, after, len(bombBody), 60*5, growth)
	if growth >= 50<<10 {
		t.Fatalf("peak RSS grew by %d KB, want < 50 MB", growth)
	}
}

// procStatusKB reads a "<field>: N kB" line of /proc/<pid>/status.
func procStatusKB(t *testing.T, pid int, field string) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("/proc/%d/status has no %s", pid, field)
	return 0
}

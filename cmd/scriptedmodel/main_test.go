package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRunServesAndStops(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	stdoutR, stdoutW := io.Pipe()
	env := map[string]string{"SCRIPTEDMODEL_API_KEY": "sk-cmd-test"}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-scripts", "../../testdata/scripts", "-log-level", "warn"},
			func(k string) string { return env[k] }, stdoutW, io.Discard)
		stdoutW.Close()
	}()

	line, err := bufio.NewReader(stdoutR).ReadString('\n')
	if err != nil {
		t.Fatalf("read the first stdout line: %v", err)
	}
	baseURL, ok := strings.CutPrefix(strings.TrimSpace(line), "OPENAI_BASE_URL=http://127.0.0.1:")
	if !ok || !strings.HasSuffix(baseURL, "/v1") {
		t.Fatalf("got first line %q, want OPENAI_BASE_URL=http://127.0.0.1:PORT/v1", line)
	}
	go io.Copy(io.Discard, stdoutR)

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSpace(strings.TrimPrefix(line, "OPENAI_BASE_URL="))+"/models", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sk-cmd-test")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var list struct{ Data []struct{ ID string } }
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK || len(list.Data) == 0 {
		t.Fatalf("GET /models: got %d, %d models, err %v; want 200 with the scripts", resp.StatusCode, len(list.Data), err)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("run: got %v, want a clean stop", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop within 10s of cancellation")
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing script dir", []string{"-scripts", "/nonexistent/scripts"}, "no such file"},
		{"unknown default", []string{"-scripts", "../../testdata/scripts", "-default", "nope"}, `default script "nope"`},
		{"bad log level", []string{"-log-level", "loud"}, "-log-level"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := run(t.Context(), tc.args, func(string) string { return "" }, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

package main

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	commonpb "go.temporal.io/api/common/v1"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/internal/devstack"
)

// TestCodecServerAsMakeRunStartsIt sets up encryption as make run does,
// starts the codec server process (worker -codec-only) with that wiring and
// checks who gets an answer: requests without the token are refused, the
// CLI's bearer token and the UI's endpoint (token in the path) work, and a
// foreign Host is refused even with the token.
func TestCodecServerAsMakeRunStartsIt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the worker binary")
	}
	root, err := devstack.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PAYLOAD_KEYS", "")
	t.Setenv("PAYLOAD_KEY_FILE", "")
	os.Unsetenv("PAYLOAD_KEYS")
	os.Unsetenv("PAYLOAD_KEY_FILE")
	runDir := t.TempDir()
	uiPort, err := devstack.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	enc, err := setupEncryption(runDir, uiPort)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{enc.KeyFile, enc.TokenFile} {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", f, st.Mode().Perm())
		}
	}
	again, err := setupEncryption(runDir, uiPort)
	if err != nil {
		t.Fatal(err)
	}
	if again.Endpoint[strings.LastIndex(again.Endpoint, "/"):] != enc.Endpoint[strings.LastIndex(enc.Endpoint, "/"):] {
		t.Error("a second start made a new token; it should reuse the one in .run/")
	}
	b, err := os.ReadFile(enc.TokenFile)
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(string(b))
	if !strings.HasSuffix(enc.Endpoint, "/"+token) {
		t.Fatalf("UI endpoint %q does not carry the token", enc.Endpoint)
	}

	// The banner's CLI line sends the token from its file; the banner
	// never shows the token itself.
	var banner strings.Builder
	printEncryption(&banner, enc)
	if want := `--codec-endpoint ` + enc.URL + ` --codec-auth "Bearer $(cat ` + enc.TokenFile + `)"`; !strings.Contains(banner.String(), want) {
		t.Errorf("banner:\n%s\nwant the CLI line %s", banner.String(), want)
	}
	if strings.Contains(banner.String(), token) {
		t.Errorf("the banner shows the token:\n%s", banner.String())
	}

	bin := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := goBuild(ctx, root, bin, "./worker"); err != nil {
		t.Fatal(err)
	}
	env := newEnv(os.Environ())
	env.set(enc.Env...)
	p, err := startCodecServer(ctx, enc, bin, root, runDir, codecEnv(env), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop(5 * time.Second)

	// A payload to decode, encrypted with the generated key.
	keys, err := os.ReadFile(enc.KeyFile)
	if err != nil {
		t.Fatal(err)
	}
	ks, err := codec.ParseKeys(string(keys))
	if err != nil {
		t.Fatal(err)
	}
	c, err := codec.New(ks...)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := c.DataConverter().ToPayload("secret question")
	if err != nil {
		t.Fatal(err)
	}
	bodyBytes, err := protojson.Marshal(&commonpb.Payloads{Payloads: []*commonpb.Payload{pl}})
	if err != nil {
		t.Fatal(err)
	}
	body := string(bodyBytes)
	b64 := base64.StdEncoding.EncodeToString
	ui := "http://127.0.0.1:" + strconv.Itoa(uiPort)
	host := strings.TrimPrefix(enc.URL, "http://")
	_, port, _ := strings.Cut(host, ":")

	for _, tc := range []struct {
		name, url, host, auth string
		want                  int
	}{
		{"no token", enc.URL + "/decode", "", "", http.StatusUnauthorized},
		{"wrong token", enc.URL + "/decode", "", "Bearer codec-wrong", http.StatusUnauthorized},
		{"CLI: --codec-auth bearer token", enc.URL + "/decode", "", "Bearer " + token, http.StatusOK},
		{"UI: token in the endpoint", enc.Endpoint + "/decode", "", "", http.StatusOK},
		{"UI: localhost", strings.Replace(enc.Endpoint, "127.0.0.1", "localhost", 1) + "/decode", "", "", http.StatusOK},
		{"foreign Host (DNS rebinding)", enc.URL + "/decode", "attacker.example:" + port, "Bearer " + token, http.StatusMisdirectedRequest},
		{"trailing-dot Host", enc.URL + "/decode", "localhost.:" + port, "Bearer " + token, http.StatusMisdirectedRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, tc.url, strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if tc.host != "" {
				req.Host = tc.host
			}
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			req.Header.Set("Origin", ui)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, got, tc.want)
			}
			if tc.want == http.StatusOK && !strings.Contains(string(got), b64([]byte(`"secret question"`))) {
				t.Fatalf("decoded body %s does not hold the plaintext", got)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(runDir, "codec.log")); err != nil {
		t.Errorf("codec server log: %v", err)
	}
}

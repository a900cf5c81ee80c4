package config_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/config"
)

func setBase(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-test-openai-123")
	t.Setenv("E2B_API_KEY", "e2b_test_456")
	t.Setenv("S3_BUCKET", "bucket")
	t.Setenv("TEMPORAL_API_KEY", "tmprl-secret-789")
	noTemporalProfile(t)
}

// noTemporalProfile points TEMPORAL_CONFIG_FILE at a file that does not
// exist, so the test's user's temporal CLI set-up plays no part.
func noTemporalProfile(t *testing.T) {
	t.Setenv("TEMPORAL_CONFIG_FILE", filepath.Join(t.TempDir(), "none.toml"))
	t.Setenv("TEMPORAL_PROFILE", "")
}

func TestLoadDefaults(t *testing.T) {
	setBase(t)
	c, err := config.Load()
	require.NoError(t, err)
	assert.Equal(t, "localhost:7233", c.TemporalAddress)
	assert.Equal(t, "default", c.TemporalNamespace)
	assert.Equal(t, "analysis", c.TaskQueue)
	assert.Equal(t, "gpt-4.1-mini", c.OpenAIModel)
	assert.Equal(t, "e2b.app", c.E2BDomain)
	assert.Equal(t, "code-interpreter-v1", c.E2BTemplate)
	assert.Equal(t, 24*time.Hour, c.ChartURLTTL)
	assert.Equal(t, 30*time.Second, c.WorkerStopTimeout)
	assert.Zero(t, c.MaxConcurrentActivities)
	assert.Equal(t, 5*time.Minute, c.SweepInterval)
	assert.Equal(t, "sk-test-openai-123", c.OpenAIAPIKey.Reveal())
}

func TestLoadErrorsNameTheVariable(t *testing.T) {
	tests := []struct {
		name, key, val, want string
	}{
		{"missing openai key", "OPENAI_API_KEY", "", "OPENAI_API_KEY: required"},
		{"missing e2b key", "E2B_API_KEY", "", "E2B_API_KEY: required"},
		{"missing bucket", "S3_BUCKET", "", "S3_BUCKET: required"},
		{"bad bool", "S3_PATH_STYLE", "maybe", "S3_PATH_STYLE: cannot parse"},
		{"bad duration", "CHART_URL_TTL", "soon", "CHART_URL_TTL: cannot parse"},
		{"ttl too long", "CHART_URL_TTL", "200h", "CHART_URL_TTL:"},
		{"bad url", "OPENAI_BASE_URL", "localhost:8080", "OPENAI_BASE_URL:"},
		{"bad sandbox url", "E2B_SANDBOX_URL", "ftp://x", "E2B_SANDBOX_URL:"},
		{"bad int", "MAX_OUTPUT_BYTES", "lots", "MAX_OUTPUT_BYTES: cannot parse"},
		{"small output", "MAX_OUTPUT_BYTES", "10", "MAX_OUTPUT_BYTES:"},
		{"too many output files", "MAX_OUTPUT_FILES", "5000", "MAX_OUTPUT_FILES: 5000 is outside 0..1000 (0: the default, 20)"},
		{"negative output bytes", "MAX_OUTPUT_FILES_BYTES", "-1", "MAX_OUTPUT_FILES_BYTES: -1 is outside"},
		{"bad log format", "LOG_FORMAT", "xml", "LOG_FORMAT:"},
		{"bad sandbox timeout", "SANDBOX_TIMEOUT", "1s", "SANDBOX_TIMEOUT:"},
		{"negative max sandboxes", "MAX_SANDBOXES", "-1", "MAX_SANDBOXES:"},
		{"stop timeout too long", "WORKER_STOP_TIMEOUT", "2h", "WORKER_STOP_TIMEOUT:"},
		{"negative activities", "MAX_CONCURRENT_ACTIVITIES", "-1", "MAX_CONCURRENT_ACTIVITIES:"},
		{"bad workflow tasks", "MAX_CONCURRENT_WORKFLOW_TASKS", "many", "MAX_CONCURRENT_WORKFLOW_TASKS: cannot parse"},
		{"bad sweep interval", "SWEEP_INTERVAL", "often", "SWEEP_INTERVAL: cannot parse"},
		{"sweep too often", "SWEEP_INTERVAL", "1s", "SWEEP_INTERVAL:"},
		{"negative sweep interval", "SWEEP_INTERVAL", "-5m", "SWEEP_INTERVAL:"},
		{"bad dataset allowlist", "DATASET_URL_ALLOW", "127.0.0.1, 10.0.0.0/33, http://x", `DATASET_URL_ALLOW: "10.0.0.0/33" is not a CIDR`},
		{"allowlist with a port", "DATASET_URL_ALLOW", "localhost:8080", `DATASET_URL_ALLOW: "localhost:8080" is not a host name`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setBase(t)
			t.Setenv(tt.key, tt.val)
			_, err := config.Load()
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tt.want), "got %q, want prefix %q", err, tt.want)
			assert.NotContains(t, err.Error(), "\n")
		})
	}
}

func TestSweepIntervalZeroDisables(t *testing.T) {
	setBase(t)
	t.Setenv("SWEEP_INTERVAL", "0")
	c, err := config.Load()
	require.NoError(t, err)
	assert.Equal(t, time.Duration(0), c.SweepInterval)
}

func TestSecretsNeverPrint(t *testing.T) {
	setBase(t)
	c, err := config.Load()
	require.NoError(t, err)
	js, err := json.Marshal(c)
	require.NoError(t, err)
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c), string(js)} {
		assert.NotContains(t, s, "sk-test-openai-123")
		assert.NotContains(t, s, "e2b_test_456")
		assert.NotContains(t, s, "tmprl-secret-789")
	}
}

func TestPresignedURLsUseThePublicEndpoint(t *testing.T) {
	t.Setenv("AWS_ACCESS_KEY_ID", "k")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s")
	ctx := context.Background()
	for _, tt := range []struct{ public, wantHost string }{
		{"", "s3:7070"},
		{"http://127.0.0.1:7070", "127.0.0.1:7070"},
	} {
		c := config.S3{S3Bucket: "b", S3Endpoint: "http://s3:7070", S3PublicEndpoint: tt.public, S3Region: "us-east-1", S3PathStyle: true, ChartURLTTL: time.Hour}
		client, err := c.NewClient(ctx)
		require.NoError(t, err)
		req, err := c.NewPresignClient(client).PresignGetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("b"), Key: aws.String("k.png")})
		require.NoError(t, err)
		u, err := url.Parse(req.URL)
		require.NoError(t, err)
		assert.Equal(t, tt.wantHost, u.Host, "public endpoint %q", tt.public)
	}
}

func writeCert(t *testing.T) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "worker"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	kder, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "c.pem"), filepath.Join(dir, "k.pem")
	require.NoError(t, os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600))
	require.NoError(t, os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600))
	return certFile, keyFile
}

func TestTemporalClientOptions(t *testing.T) {
	base := config.Temporal{TemporalAddress: "ns.acct.tmprl.cloud:7233", TemporalNamespace: "ns.acct", TaskQueue: "analysis"}

	o, err := base.ClientOptions()
	require.NoError(t, err)
	assert.Equal(t, "ns.acct.tmprl.cloud:7233", o.HostPort)
	assert.Equal(t, "ns.acct", o.Namespace)
	assert.Nil(t, o.ConnectionOptions.TLS, "a dev server needs no TLS")
	assert.Nil(t, o.Credentials)

	withKey := base
	withKey.TemporalAPIKey = "tmprl-key"
	o, err = withKey.ClientOptions()
	require.NoError(t, err)
	assert.NotNil(t, o.ConnectionOptions.TLS, "an API key goes over TLS")
	assert.NotNil(t, o.Credentials)

	cert, key := writeCert(t)
	mtls := base
	mtls.TemporalTLS = &config.TLS{ClientCertPath: cert, ClientKeyPath: key, ServerName: "ns.acct.tmprl.cloud"}
	o, err = mtls.ClientOptions()
	require.NoError(t, err)
	require.NotNil(t, o.ConnectionOptions.TLS)
	assert.Len(t, o.ConnectionOptions.TLS.Certificates, 1)
	assert.Equal(t, "ns.acct.tmprl.cloud", o.ConnectionOptions.TLS.ServerName)

	broken := base
	broken.TemporalTLS = &config.TLS{ClientCertPath: cert, ClientKeyPath: cert}
	_, err = broken.ClientOptions()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "TEMPORAL_TLS_CLIENT_CERT_*/TEMPORAL_TLS_CLIENT_KEY_*")

	half := base
	half.TemporalTLS = &config.TLS{ClientCertPath: cert}
	assert.Contains(t, fmt.Sprint(half.Validate()), "set both the client certificate and its key, or neither")

	keyOff := withKey
	keyOff.TemporalTLS = &config.TLS{Disabled: true}
	o, err = keyOff.ClientOptions()
	require.NoError(t, err)
	assert.Nil(t, o.ConnectionOptions.TLS, "TLS disabled explicitly, even with an API key (a local proxy)")
}

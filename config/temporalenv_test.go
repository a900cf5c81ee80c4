package config_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/config"
)

// temporalOnly is the smallest config that embeds config.Temporal, as the
// starter's does.
type temporalOnly struct{ config.Temporal }

// TestTemporalProfile: the connection settings come from the temporal CLI's
// config file (the profile TEMPORAL_PROFILE names, else "default") with the
// standard TEMPORAL_* variables over it.
func TestTemporalProfile(t *testing.T) {
	cert, key := writeCert(t)
	certPEM, err := os.ReadFile(cert)
	require.NoError(t, err)
	toml := fmt.Sprintf(`
[profile.default]
address = "file.example:7233"
namespace = "from-file"

[profile.prod]
address = "prod.acct.tmprl.cloud:7233"
namespace = "prod.acct"
grpc_meta = { x-team = "data" }
some_future_key = "ignored"

[profile.prod.tls]
client_cert_path = %q
client_key_path = %q
server_ca_cert_data = '''
%s'''
server_name = "prod.acct.tmprl.cloud"

[profile.cloud]
address = "cloud.example:7233"
namespace = "cloud"
api_key = "tmprl-file-key-42"
`, cert, key, certPEM)
	file := filepath.Join(t.TempDir(), "temporal.toml")
	require.NoError(t, os.WriteFile(file, []byte(toml), 0o600))

	tests := []struct {
		name          string
		file          string // TEMPORAL_CONFIG_FILE; "" = a file that does not exist
		env           map[string]string
		wantAddr      string
		wantNamespace string
		wantTLS       bool
		wantCerts     int
		wantAPIKey    bool
		wantHeaders   map[string]string
		wantErr       string
	}{
		{name: "no file: the CLI's defaults", wantAddr: "localhost:7233", wantNamespace: "default"},
		{name: "no file, env only", env: map[string]string{"TEMPORAL_ADDRESS": "temporal:7233", "TEMPORAL_NAMESPACE": "ns"},
			wantAddr: "temporal:7233", wantNamespace: "ns"},
		{name: "default profile", file: file, wantAddr: "file.example:7233", wantNamespace: "from-file"},
		{name: "env over the profile", file: file, env: map[string]string{"TEMPORAL_NAMESPACE": "from-env"},
			wantAddr: "file.example:7233", wantNamespace: "from-env"},
		{name: "mTLS profile", file: file, env: map[string]string{"TEMPORAL_PROFILE": "prod"},
			wantAddr: "prod.acct.tmprl.cloud:7233", wantNamespace: "prod.acct", wantTLS: true, wantCerts: 1,
			wantHeaders: map[string]string{"x-team": "data"}},
		{name: "API key profile: TLS on", file: file, env: map[string]string{"TEMPORAL_PROFILE": "cloud"},
			wantAddr: "cloud.example:7233", wantNamespace: "cloud", wantTLS: true, wantAPIKey: true},
		{name: "API key, TLS off explicitly", file: file, env: map[string]string{"TEMPORAL_PROFILE": "cloud", "TEMPORAL_TLS": "false"},
			wantAddr: "cloud.example:7233", wantNamespace: "cloud", wantAPIKey: true},
		{name: "API key from env, header from env", env: map[string]string{"TEMPORAL_API_KEY": "k", "TEMPORAL_GRPC_META_X_TEAM": "ops"},
			wantAddr: "localhost:7233", wantNamespace: "default", wantTLS: true, wantAPIKey: true, wantHeaders: map[string]string{"x-team": "ops"}},
		{name: "named profile missing", file: file, env: map[string]string{"TEMPORAL_PROFILE": "staging"},
			wantErr: `TEMPORAL_CONFIG_FILE ` + file + `, TEMPORAL_PROFILE "staging": unable to find profile staging`},
		{name: "half a client certificate", env: map[string]string{"TEMPORAL_TLS_CLIENT_CERT_PATH": cert},
			wantErr: "set both the client certificate and its key, or neither"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			noTemporalProfile(t)
			if tt.file != "" {
				t.Setenv("TEMPORAL_CONFIG_FILE", tt.file)
			}
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			var c temporalOnly
			err := config.Process(&c)
			if err == nil {
				err = config.JoinErrors(c.Validate())
			}
			if tt.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			o, err := c.ClientOptions()
			require.NoError(t, err)
			assert.Equal(t, tt.wantAddr, o.HostPort)
			assert.Equal(t, tt.wantNamespace, o.Namespace)
			if tt.wantTLS {
				require.NotNil(t, o.ConnectionOptions.TLS, "got no TLS, want TLS")
				assert.Len(t, o.ConnectionOptions.TLS.Certificates, tt.wantCerts)
			} else {
				assert.Nil(t, o.ConnectionOptions.TLS, "got TLS, want none")
			}
			assert.Equal(t, tt.wantAPIKey, o.Credentials != nil, "API key credentials")
			if tt.wantHeaders != nil {
				require.NotNil(t, o.HeadersProvider)
				h, err := o.HeadersProvider.GetHeaders(context.Background())
				require.NoError(t, err)
				assert.Equal(t, tt.wantHeaders, h)
			}
		})
	}
}

func TestTemporalProfileMalformedFile(t *testing.T) {
	noTemporalProfile(t)
	file := filepath.Join(t.TempDir(), "temporal.toml")
	require.NoError(t, os.WriteFile(file, []byte("[profile.default\naddress = 1"), 0o600))
	t.Setenv("TEMPORAL_CONFIG_FILE", file)
	var c temporalOnly
	err := config.Process(&c)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "TEMPORAL_CONFIG_FILE "+file)
	assert.Contains(t, err.Error(), "failed parsing config")
}

// The API key and a client key given as data never show when the config
// is printed.
func TestTemporalSecretsDoNotPrint(t *testing.T) {
	noTemporalProfile(t)
	t.Setenv("TEMPORAL_API_KEY", "tmprl-api-key-SECRET")
	t.Setenv("TEMPORAL_TLS_CLIENT_CERT_DATA", "cert")
	t.Setenv("TEMPORAL_TLS_CLIENT_KEY_DATA", "-----BEGIN PRIVATE KEY-----SECRET")
	t.Setenv("TEMPORAL_GRPC_META_AUTHORIZATION", "Bearer SECRET")
	var c temporalOnly
	require.NoError(t, config.Process(&c))
	for _, format := range []string{"%v", "%+v", "%#v"} {
		out := fmt.Sprintf(format, c) + fmt.Sprintf(format, c.TemporalTLS) + fmt.Sprintf(format, c.TemporalGRPCMeta)
		if strings.Contains(out, "SECRET") {
			t.Errorf("%s of the config shows a secret: %s", format, out)
		}
	}
}

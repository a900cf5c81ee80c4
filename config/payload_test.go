package config_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/config"
)

func testKeys(t *testing.T, ids ...string) string {
	t.Helper()
	var entries []string
	for _, id := range ids {
		k, err := codec.GenerateKey(id)
		require.NoError(t, err)
		entries = append(entries, k.Format())
	}
	return strings.Join(entries, ",")
}

func TestPayloadKeyErrorsNameTheVariable(t *testing.T) {
	good := testKeys(t, "k1")
	missingFile := filepath.Join(t.TempDir(), "nope")
	badFile := filepath.Join(t.TempDir(), "keys")
	require.NoError(t, os.WriteFile(badFile, []byte("# only a comment\n"), 0o600))
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"both", map[string]string{"PAYLOAD_KEYS": good, "PAYLOAD_KEY_FILE": badFile}, "PAYLOAD_KEYS, PAYLOAD_KEY_FILE: set one, not both"},
		{"short key", map[string]string{"PAYLOAD_KEYS": "k1=c2hvcnQ="}, `PAYLOAD_KEYS: key "k1": 5 bytes, want 32`},
		{"not base64", map[string]string{"PAYLOAD_KEYS": "k1=???"}, `PAYLOAD_KEYS: key "k1": not standard base64`},
		{"missing file", map[string]string{"PAYLOAD_KEY_FILE": missingFile}, "PAYLOAD_KEY_FILE: open " + missingFile},
		{"empty file", map[string]string{"PAYLOAD_KEY_FILE": badFile}, "PAYLOAD_KEY_FILE " + badFile + ": no keys"},
		{"codec server without keys", map[string]string{"CODEC_SERVER_ADDR": "127.0.0.1:8081"}, "CODEC_SERVER_ADDR: set, but there is no codec"},
		{"codec server bad addr", map[string]string{"PAYLOAD_KEYS": good, "CODEC_SERVER_ADDR": "8081"}, `CODEC_SERVER_ADDR: "8081" is not host:port`},
		{"bad origin", map[string]string{"PAYLOAD_KEYS": good, "CODEC_SERVER_ADDR": "127.0.0.1:8081", "CODEC_SERVER_ORIGINS": "127.0.0.1:8233"}, "CODEC_SERVER_ORIGINS:"},
		{"all interfaces without hosts", map[string]string{"PAYLOAD_KEYS": good, "CODEC_SERVER_ADDR": ":8081"}, "CODEC_SERVER_HOSTS: required when CODEC_SERVER_ADDR (:8081) listens on all interfaces"},
		{"token twice", map[string]string{"PAYLOAD_KEYS": good, "CODEC_SERVER_ADDR": "127.0.0.1:8081", "CODEC_SERVER_TOKEN": "t", "CODEC_SERVER_TOKEN_FILE": badFile}, "CODEC_SERVER_TOKEN, CODEC_SERVER_TOKEN_FILE: set one, not both"},
		{"missing token file", map[string]string{"PAYLOAD_KEYS": good, "CODEC_SERVER_ADDR": "127.0.0.1:8081", "CODEC_SERVER_TOKEN_FILE": missingFile}, "CODEC_SERVER_TOKEN_FILE: open " + missingFile},
		{"negative bound", map[string]string{"PAYLOAD_KEYS": good, "CODEC_SERVER_ADDR": "127.0.0.1:8081", "CODEC_SERVER_MAX_PAYLOAD_BYTES": "-1"}, "CODEC_SERVER_MAX_PAYLOAD_BYTES: -1 is outside"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setBase(t)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			_, err := config.Load()
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tt.want), "got %q, want prefix %q", err, tt.want)
			assert.NotContains(t, err.Error(), "\n")
			assert.NotContains(t, err.Error(), strings.TrimPrefix(good, "k1="), "the error shows key material")
		})
	}
}

func TestPayloadKeysFromEnvAndFile(t *testing.T) {
	keys := testKeys(t, "new", "old")
	file := filepath.Join(t.TempDir(), "keys")
	require.NoError(t, os.WriteFile(file, []byte("# rotated today\n"+strings.ReplaceAll(keys, ",", "\n")+"\n"), 0o600))
	for name, env := range map[string][2]string{"env": {"PAYLOAD_KEYS", keys}, "file": {"PAYLOAD_KEY_FILE", file}} {
		t.Run(name, func(t *testing.T) {
			setBase(t)
			t.Setenv(env[0], env[1])
			t.Setenv("CODEC_SERVER_ADDR", "127.0.0.1:8081")
			t.Setenv("CODEC_SERVER_ORIGINS", "http://127.0.0.1:8233/,http://localhost:8233")
			c, err := config.Load()
			require.NoError(t, err)
			pc, err := c.PayloadCodec()
			require.NoError(t, err)
			assert.Equal(t, "new", pc.ActiveKeyID())
			assert.Equal(t, []string{"new", "old"}, pc.KeyIDs())
			assert.Equal(t, []string{"http://127.0.0.1:8233", "http://localhost:8233"}, c.Origins())
			assert.True(t, c.Loopback())

			o, err := c.Temporal.ClientOptions()
			require.NoError(t, err)
			require.NotNil(t, o.DataConverter, "a client with keys gets the codec")
			require.NotNil(t, o.FailureConverter, "a client with keys encodes failures")
			p, err := o.DataConverter.ToPayload("secret question")
			require.NoError(t, err)
			assert.Equal(t, codec.Encoding, string(p.Metadata["encoding"]))

			js, err := json.Marshal(c)
			require.NoError(t, err)
			for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%#v", c), string(js)} {
				assert.NotContains(t, s, strings.Split(strings.Split(keys, ",")[0], "=")[1], "the config prints key material")
			}
		})
	}
}

func TestNoKeysNoCodec(t *testing.T) {
	setBase(t)
	c, err := config.Load()
	require.NoError(t, err)
	pc, err := c.PayloadCodec()
	require.NoError(t, err)
	assert.Nil(t, pc)
	o, err := c.Temporal.ClientOptions()
	require.NoError(t, err)
	assert.Nil(t, o.DataConverter)
	assert.Nil(t, o.FailureConverter)
}

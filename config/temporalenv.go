package config

import (
	"cmp"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"

	"go.temporal.io/sdk/contrib/envconfig"
)

// Defaults of the connection settings, those of the temporal CLI.
const (
	DefaultTemporalAddress   = "localhost:7233"
	DefaultTemporalNamespace = "default"
)

// temporalHolder is a config struct that embeds Temporal.
type temporalHolder interface{ temporal() *Temporal }

func (t *Temporal) temporal() *Temporal { return t }

// loadConnection reads the connection settings the way the temporal CLI and
// the SDKs' envconfig do, so that a user's CLI set-up works unchanged: the
// profile TEMPORAL_PROFILE (default "default"; a profile that is named but
// missing is an error) of the TOML file TEMPORAL_CONFIG_FILE (default
// <user config dir>/temporalio/temporal.toml, which may be missing), then
// TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_API_KEY, TEMPORAL_TLS,
// TEMPORAL_TLS_* and TEMPORAL_GRPC_META_* over it. A profile's codec
// settings are not used: payloads are encrypted locally (PAYLOAD_KEYS).
// env nil means the process environment.
func (t *Temporal) loadConnection(env envconfig.EnvLookup) error {
	if env == nil {
		env = envconfig.EnvLookupOS
	}
	p, err := envconfig.LoadClientConfigProfile(envconfig.LoadClientConfigProfileOptions{EnvLookup: env})
	if err != nil {
		file, _ := env.LookupEnv("TEMPORAL_CONFIG_FILE")
		if file == "" {
			file, _ = envconfig.DefaultConfigFilePath()
		}
		profile, _ := env.LookupEnv("TEMPORAL_PROFILE")
		return fmt.Errorf("TEMPORAL_CONFIG_FILE %s, TEMPORAL_PROFILE %q: %w", file, cmp.Or(profile, envconfig.DefaultConfigFileProfile), err)
	}
	t.TemporalAddress = cmp.Or(p.Address, DefaultTemporalAddress)
	t.TemporalNamespace = cmp.Or(p.Namespace, DefaultTemporalNamespace)
	t.TemporalAPIKey = Secret(p.APIKey)
	t.TemporalTLS = (*TLS)(p.TLS)
	t.TemporalGRPCMeta = p.GRPCMeta
	return nil
}

// TLS are the Temporal client's TLS settings as a temporal CLI profile
// holds them. It prints without the client key.
type TLS envconfig.ClientConfigTLS

// String shows the settings without key material.
func (c *TLS) String() string {
	if c == nil {
		return "<nil>"
	}
	return fmt.Sprintf("{Disabled:%t ClientCertPath:%q ClientKeyPath:%q ClientKeyData:%s ServerCACertPath:%q ServerName:%q DisableHostVerification:%t}",
		c.Disabled, c.ClientCertPath, c.ClientKeyPath, Secret(c.ClientKeyData), c.ServerCACertPath, c.ServerName, c.DisableHostVerification)
}

// GoString is String, for %#v.
func (c *TLS) GoString() string { return c.String() }

// validate checks what can be checked without reading files.
func (c *TLS) validate() []error {
	if c == nil {
		return nil
	}
	var errs []error
	for _, pair := range []struct {
		what       string
		path, data bool
		vars       string
	}{
		{"client certificate", c.ClientCertPath != "", len(c.ClientCertData) > 0, "TEMPORAL_TLS_CLIENT_CERT_PATH, TEMPORAL_TLS_CLIENT_CERT_DATA"},
		{"client key", c.ClientKeyPath != "", len(c.ClientKeyData) > 0, "TEMPORAL_TLS_CLIENT_KEY_PATH, TEMPORAL_TLS_CLIENT_KEY_DATA"},
		{"server CA certificate", c.ServerCACertPath != "", len(c.ServerCACertData) > 0, "TEMPORAL_TLS_SERVER_CA_CERT_PATH, TEMPORAL_TLS_SERVER_CA_CERT_DATA"},
	} {
		if pair.path && pair.data {
			errs = append(errs, fmt.Errorf("%s: %s given as a path and as data; set one", pair.vars, pair.what))
		}
	}
	hasCert := c.ClientCertPath != "" || len(c.ClientCertData) > 0
	hasKey := c.ClientKeyPath != "" || len(c.ClientKeyData) > 0
	if hasCert != hasKey {
		errs = append(errs, errors.New("TEMPORAL_TLS_CLIENT_CERT_*, TEMPORAL_TLS_CLIENT_KEY_*: set both the client certificate and its key, or neither"))
	}
	return errs
}

// config is the tls.Config of these settings: nil without TLS. TLS is on
// when settings are present and not disabled, or with an API key unless
// disabled explicitly (as the SDKs' envconfig decides).
func (c *TLS) config(apiKey bool) (*tls.Config, error) {
	if c == nil {
		if apiKey {
			return &tls.Config{MinVersion: tls.VersionTLS12}, nil
		}
		return nil, nil
	}
	if c.Disabled {
		return nil, nil
	}
	if errs := c.validate(); len(errs) > 0 {
		return nil, joinOneLine(errs)
	}
	conf := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: c.ServerName, InsecureSkipVerify: c.DisableHostVerification} //nolint:gosec // only when the user asks for it
	certPEM, keyPEM := c.ClientCertData, c.ClientKeyData
	if c.ClientCertPath != "" {
		var err error
		if certPEM, err = os.ReadFile(c.ClientCertPath); err != nil {
			return nil, fmt.Errorf("TEMPORAL_TLS_CLIENT_CERT_PATH: %w", err)
		}
		if keyPEM, err = os.ReadFile(c.ClientKeyPath); err != nil {
			return nil, fmt.Errorf("TEMPORAL_TLS_CLIENT_KEY_PATH: %w", err)
		}
	}
	if len(certPEM) > 0 {
		cert, err := tls.X509KeyPair(certPEM, keyPEM)
		if err != nil {
			return nil, fmt.Errorf("TEMPORAL_TLS_CLIENT_CERT_*/TEMPORAL_TLS_CLIENT_KEY_*: %w", err)
		}
		conf.Certificates = []tls.Certificate{cert}
	}
	caPEM := c.ServerCACertData
	if c.ServerCACertPath != "" {
		var err error
		if caPEM, err = os.ReadFile(c.ServerCACertPath); err != nil {
			return nil, fmt.Errorf("TEMPORAL_TLS_SERVER_CA_CERT_PATH: %w", err)
		}
	}
	if len(caPEM) > 0 {
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(caPEM) {
			return nil, errors.New("TEMPORAL_TLS_SERVER_CA_CERT_*: no PEM certificate in it")
		}
		conf.RootCAs = pool
	}
	return conf, nil
}

// Headers are gRPC headers (a profile's grpc_meta, TEMPORAL_GRPC_META_*).
// They may carry credentials, so they print as their names only.
type Headers map[string]string

// String shows the header names.
func (h Headers) String() string { return fmt.Sprint(slices.Sorted(maps.Keys(h))) }

// GoString is String, for %#v.
func (h Headers) GoString() string { return h.String() }

// fixedHeaders sends the same gRPC headers with every call.
type fixedHeaders map[string]string

func (h fixedHeaders) GetHeaders(context.Context) (map[string]string, error) { return h, nil }

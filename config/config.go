// Package config holds the worker's configuration: one struct read from the
// environment with envconfig. Secrets are typed so that printing the struct
// (or logging it) never shows them.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/kelseyhightower/envconfig"
)

// Secret is a credential read from the environment. Its String and
// GoString methods mask the value, so it cannot leak through fmt or slog.
type Secret string

// String masks the secret.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "[redacted]"
}

// GoString masks the secret for %#v.
func (s Secret) GoString() string { return s.String() }

// MarshalText masks the secret in JSON and text encoders.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Reveal returns the secret itself, for handing to a client library.
func (s Secret) Reveal() string { return string(s) }

// Worker is the worker's whole configuration.
type Worker struct {
	TemporalAddress   string `envconfig:"TEMPORAL_ADDRESS" default:"localhost:7233"`
	TemporalNamespace string `envconfig:"TEMPORAL_NAMESPACE" default:"default"`
	TaskQueue         string `envconfig:"TASK_QUEUE" default:"analysis"`

	OpenAIAPIKey  Secret `envconfig:"OPENAI_API_KEY" required:"true"`
	OpenAIBaseURL string `envconfig:"OPENAI_BASE_URL"`
	OpenAIModel   string `envconfig:"OPENAI_MODEL" default:"gpt-4.1-mini"`
	// OpenAIMaxRetries is the client-level retry count; the activity retry
	// policy does the rest, so keep it small.
	OpenAIMaxRetries int `envconfig:"OPENAI_MAX_RETRIES" default:"1"`

	E2BAPIKey     Secret `envconfig:"E2B_API_KEY" required:"true"`
	E2BDomain     string `envconfig:"E2B_DOMAIN" default:"e2b.app"`
	E2BAPIURL     string `envconfig:"E2B_API_URL"`
	E2BSandboxURL string `envconfig:"E2B_SANDBOX_URL"`
	E2BTemplate   string `envconfig:"E2B_TEMPLATE" default:"code-interpreter-v1"`
	// SandboxTimeout is the sandbox lifetime set at create and renewed on
	// every step, so an idle sandbox of a dead workflow expires on its own.
	SandboxTimeout time.Duration `envconfig:"SANDBOX_TIMEOUT" default:"10m"`

	S3Bucket    string        `envconfig:"S3_BUCKET" required:"true"`
	S3Endpoint  string        `envconfig:"S3_ENDPOINT"`
	S3Region    string        `envconfig:"S3_REGION" default:"us-east-1"`
	S3Prefix    string        `envconfig:"S3_PREFIX" default:"analyses"`
	S3PathStyle bool          `envconfig:"S3_PATH_STYLE" default:"false"`
	ChartURLTTL time.Duration `envconfig:"CHART_URL_TTL" default:"24h"`

	// MaxOutputBytes caps the stdout/stderr text of one cell that is handed
	// back to the model (the whole output is kept in S3).
	MaxOutputBytes int `envconfig:"MAX_OUTPUT_BYTES" default:"8192"`
	// MaxDatasetBytes caps one staged dataset.
	MaxDatasetBytes int64 `envconfig:"MAX_DATASET_BYTES" default:"104857600"`

	// SweepInterval is how often the worker looks for sandboxes whose
	// workflow closed without killing them (e.g. it was terminated) and
	// kills them; it also sweeps once at start-up. 0 disables the sweeper.
	SweepInterval time.Duration `envconfig:"SWEEP_INTERVAL" default:"5m"`

	LogLevel    string `envconfig:"LOG_LEVEL" default:"info"`
	LogFormat   string `envconfig:"LOG_FORMAT" default:"text"`
	MetricsAddr string `envconfig:"METRICS_ADDR"`
}

// Load reads the worker configuration from the environment. The error is one
// line that names the variable that is missing or malformed.
func Load() (Worker, error) {
	var c Worker
	if err := envconfig.Process("", &c); err != nil {
		return Worker{}, oneLine(err)
	}
	if err := c.Validate(); err != nil {
		return Worker{}, err
	}
	return c, nil
}

// Validate checks values that envconfig cannot check by type.
func (c Worker) Validate() error {
	var errs []error
	// envconfig accepts a required variable that is set but empty; an
	// empty key or bucket is as missing as an unset one.
	for _, r := range []struct{ name, val string }{
		{"OPENAI_API_KEY", c.OpenAIAPIKey.Reveal()},
		{"E2B_API_KEY", c.E2BAPIKey.Reveal()},
		{"S3_BUCKET", c.S3Bucket},
	} {
		if strings.TrimSpace(r.val) == "" {
			errs = append(errs, fmt.Errorf("%s: required but not set", r.name))
		}
	}
	for _, u := range []struct{ name, val string }{
		{"OPENAI_BASE_URL", c.OpenAIBaseURL},
		{"E2B_API_URL", c.E2BAPIURL},
		{"E2B_SANDBOX_URL", c.E2BSandboxURL},
		{"S3_ENDPOINT", c.S3Endpoint},
	} {
		if u.val == "" {
			continue
		}
		p, err := url.Parse(u.val)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			errs = append(errs, fmt.Errorf("%s: %q is not an http(s) URL", u.name, u.val))
		}
	}
	if c.SandboxTimeout < 30*time.Second || c.SandboxTimeout > 24*time.Hour {
		errs = append(errs, fmt.Errorf("SANDBOX_TIMEOUT: %s is outside 30s..24h", c.SandboxTimeout))
	}
	if c.ChartURLTTL <= 0 || c.ChartURLTTL > 7*24*time.Hour {
		errs = append(errs, fmt.Errorf("CHART_URL_TTL: %s is outside (0, 168h] (S3 presigned URLs last at most 7 days)", c.ChartURLTTL))
	}
	if c.MaxOutputBytes < 256 {
		errs = append(errs, fmt.Errorf("MAX_OUTPUT_BYTES: %d is below 256", c.MaxOutputBytes))
	}
	if c.MaxDatasetBytes <= 0 {
		errs = append(errs, fmt.Errorf("MAX_DATASET_BYTES: %d must be positive", c.MaxDatasetBytes))
	}
	if strings.Contains(c.S3Prefix, "//") || strings.HasPrefix(c.S3Prefix, "/") {
		errs = append(errs, fmt.Errorf("S3_PREFIX: %q must not start with / or contain //", c.S3Prefix))
	}
	if c.SweepInterval != 0 && (c.SweepInterval < 10*time.Second || c.SweepInterval > 24*time.Hour) {
		errs = append(errs, fmt.Errorf("SWEEP_INTERVAL: %s is outside 10s..24h (0 disables the sweeper)", c.SweepInterval))
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		errs = append(errs, fmt.Errorf("LOG_FORMAT: %q is not text or json", c.LogFormat))
	}
	if c.OpenAIMaxRetries < 0 || c.OpenAIMaxRetries > 2 {
		errs = append(errs, fmt.Errorf("OPENAI_MAX_RETRIES: %d is outside 0..2", c.OpenAIMaxRetries))
	}
	return joinOneLine(errs)
}

// joinOneLine joins errors with "; " so start-up fails with one line.
func joinOneLine(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return errors.New(strings.Join(msgs, "; "))
}

// oneLine turns envconfig's errors into one line that leads with the
// variable's name.
func oneLine(err error) error {
	var pe *envconfig.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: cannot parse %q as %s", pe.KeyName, pe.Value, pe.TypeName)
	}
	msg := err.Error()
	// envconfig says "required key X missing value".
	if strings.HasPrefix(msg, "required key ") {
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "required key "), " missing value")
		return fmt.Errorf("%s: required but not set", name)
	}
	return err
}

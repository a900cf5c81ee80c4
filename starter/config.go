package main

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/kelseyhightower/envconfig"
)

// starterConfig is the starter's environment. It shares the variable names
// of the worker's config.Worker but needs none of its model or sandbox keys.
type starterConfig struct {
	TemporalAddress   string `envconfig:"TEMPORAL_ADDRESS" default:"localhost:7233"`
	TemporalNamespace string `envconfig:"TEMPORAL_NAMESPACE" default:"default"`
	TaskQueue         string `envconfig:"TASK_QUEUE" default:"analysis"`
	TemporalUIURL     string `envconfig:"TEMPORAL_UI_URL" default:"http://localhost:8233"`

	// S3Bucket is needed only to upload --file datasets and to presign
	// chart URLs; see requireBucket.
	S3Bucket    string        `envconfig:"S3_BUCKET"`
	S3Endpoint  string        `envconfig:"S3_ENDPOINT"`
	S3Region    string        `envconfig:"S3_REGION" default:"us-east-1"`
	S3Prefix    string        `envconfig:"S3_PREFIX" default:"analyses"`
	S3PathStyle bool          `envconfig:"S3_PATH_STYLE" default:"false"`
	ChartURLTTL time.Duration `envconfig:"CHART_URL_TTL" default:"24h"`
}

// loadConfig reads the environment. The error is one line naming every bad
// variable.
func loadConfig() (starterConfig, error) {
	var c starterConfig
	if err := envconfig.Process("", &c); err != nil {
		var pe *envconfig.ParseError
		if errors.As(err, &pe) {
			return starterConfig{}, fmt.Errorf("%s: cannot parse %q as %s", pe.KeyName, pe.Value, pe.TypeName)
		}
		return starterConfig{}, err
	}
	return c, c.validate()
}

// validate checks what envconfig cannot check by type.
func (c starterConfig) validate() error {
	var errs []string
	for _, u := range []struct{ name, val string }{
		{"S3_ENDPOINT", c.S3Endpoint},
		{"TEMPORAL_UI_URL", c.TemporalUIURL},
	} {
		if u.val == "" {
			continue
		}
		p, err := url.Parse(u.val)
		if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			errs = append(errs, fmt.Sprintf("%s: %q is not an http(s) URL", u.name, u.val))
		}
	}
	if strings.TrimSpace(c.TemporalAddress) == "" {
		errs = append(errs, "TEMPORAL_ADDRESS: must not be empty")
	}
	if strings.TrimSpace(c.TaskQueue) == "" {
		errs = append(errs, "TASK_QUEUE: must not be empty")
	}
	if c.ChartURLTTL <= 0 || c.ChartURLTTL > 7*24*time.Hour {
		errs = append(errs, fmt.Sprintf("CHART_URL_TTL: %s is outside (0, 168h] (S3 presigned URLs last at most 7 days)", c.ChartURLTTL))
	}
	if strings.Contains(c.S3Prefix, "//") || strings.HasPrefix(c.S3Prefix, "/") {
		errs = append(errs, fmt.Sprintf("S3_PREFIX: %q must not start with / or contain //", c.S3Prefix))
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// requireBucket reports a missing S3_BUCKET, saying what needed it.
func (c starterConfig) requireBucket(purpose string) error {
	if strings.TrimSpace(c.S3Bucket) == "" {
		return fmt.Errorf("S3_BUCKET: required to %s but not set", purpose)
	}
	return nil
}

// uiLink is the Temporal Web UI page of a workflow.
func (c starterConfig) uiLink(workflowID string) string {
	return fmt.Sprintf("%s/namespaces/%s/workflows/%s",
		strings.TrimRight(c.TemporalUIURL, "/"), url.PathEscape(c.TemporalNamespace), url.PathEscape(workflowID))
}

package main

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/durable-analyst/durable-analyst/config"
)

// starterConfig is the starter's environment. It shares the variable names
// of the worker's config.Worker but needs none of its model or sandbox keys.
type starterConfig struct {
	config.Temporal
	// S3Bucket is needed only to upload --file datasets and to presign
	// chart URLs; see requireBucket.
	config.S3
	TemporalUIURL string `envconfig:"TEMPORAL_UI_URL" default:"http://localhost:8233"`
}

// loadConfig reads the environment. The error is one line naming every bad
// variable.
func loadConfig() (starterConfig, error) {
	var c starterConfig
	if err := config.Process(&c); err != nil {
		return starterConfig{}, err
	}
	return c, c.validate()
}

// validate checks what envconfig cannot check by type.
func (c starterConfig) validate() error {
	errs := append(c.Temporal.Validate(), c.S3.Validate()...)
	if c.TemporalUIURL != "" {
		if u, err := url.Parse(c.TemporalUIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Errorf("TEMPORAL_UI_URL: %q is not an http(s) URL", c.TemporalUIURL))
		}
	}
	return config.JoinErrors(errs)
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

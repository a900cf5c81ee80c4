package main

import (
	"strings"
	"testing"
	"time"

	"github.com/durable-analyst/durable-analyst/config"
)

// A worker started without its configuration stops at once with one line
// that names every missing variable, and never echoes a secret.
func TestStartupErrorsNameTheVariables(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	t.Setenv("E2B_API_KEY", "e2b_visible_secret")
	t.Setenv("S3_BUCKET", "")
	t.Setenv("CHART_URL_TTL", "forever")
	err := run()
	if err == nil {
		t.Fatal("run() = nil, want a configuration error")
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error spans several lines: %q", msg)
	}
	if !strings.Contains(msg, "CHART_URL_TTL") {
		t.Errorf("got %q, want it to name CHART_URL_TTL", msg)
	}
	if strings.Contains(msg, "e2b_visible_secret") {
		t.Errorf("the error shows a secret: %q", msg)
	}

	t.Setenv("CHART_URL_TTL", "1h")
	err = run()
	if err == nil {
		t.Fatal("run() = nil, want a configuration error")
	}
	for _, want := range []string{"OPENAI_API_KEY: required but not set", "S3_BUCKET: required but not set"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %q, want it to contain %q", err, want)
		}
	}
}

func TestWorkerOptionsFollowTheConfig(t *testing.T) {
	var cfg config.Worker
	cfg.WorkerStopTimeout, cfg.MaxConcurrentActivities, cfg.MaxConcurrentWorkflowTasks = 45*time.Second, 7, 3
	o := workerOptions(cfg)
	if o.WorkerStopTimeout != 45*time.Second || o.MaxConcurrentActivityExecutionSize != 7 || o.MaxConcurrentWorkflowTaskExecutionSize != 3 {
		t.Errorf("got %+v, want stop timeout 45s, 7 activities, 3 workflow tasks", o)
	}
}

func TestDeploymentOptionsFollowTheConfig(t *testing.T) {
	var cfg config.Worker
	cfg.DeploymentName, cfg.BuildID = "durable-analyst", "0bfafbc8e2e7"
	if o := workerOptions(cfg).DeploymentOptions; o.UseVersioning || o.Version.BuildID != "" {
		t.Errorf("versioning off: got %+v, want no deployment options", o)
	}
	cfg.WorkerVersioning = true
	o := workerOptions(cfg).DeploymentOptions
	if !o.UseVersioning || o.Version.DeploymentName != "durable-analyst" || o.Version.BuildID != "0bfafbc8e2e7" {
		t.Errorf("versioning on: got %+v, want durable-analyst/0bfafbc8e2e7 with UseVersioning", o)
	}
}

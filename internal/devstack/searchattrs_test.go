package devstack

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/durable-analyst/durable-analyst/workflows"
)

// The dev server is started with every search attribute the workflows
// upsert, under the type the CLI spells.
func TestSearchAttributeArgs(t *testing.T) {
	got := searchAttributeArgs(workflows.SearchAttributes)
	want := []string{
		"--search-attribute", "AnalysisStatus=Keyword", "--search-attribute", "AnalysisModel=Keyword",
		"--search-attribute", "AnalysisSteps=Int", "--search-attribute", "BatchId=Keyword",
	}
	if !slices.Equal(got, want) {
		t.Errorf("searchAttributeArgs: got %q, want %q", got, want)
	}
}

// docker-compose.yml registers the same search attributes: on the dev
// server (cloud and offline profiles) and in the cluster profile's
// namespace step. The file spells them out; this keeps it in step with
// workflows.SearchAttributes.
func TestComposeRegistersSearchAttributes(t *testing.T) {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "docker-compose.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Services map[string]struct {
			Command []string `yaml:"command"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal(b, &f); err != nil {
		t.Fatalf("parse docker-compose.yml: %v", err)
	}
	dev := strings.Join(f.Services["temporal"].Command, " ")
	cluster := strings.Join(f.Services["temporal-namespace"].Command, " ")
	for _, k := range workflows.SearchAttributes {
		pair := k.GetName() + "=" + typeName(k.GetValueType())
		if !strings.Contains(dev, "--search-attribute "+pair) {
			t.Errorf("service temporal: command %q lacks --search-attribute %s", dev, pair)
		}
		if !strings.Contains(cluster, pair) {
			t.Errorf("service temporal-namespace: command lacks %s", pair)
		}
	}
	if !strings.Contains(cluster, "temporal operator search-attribute create") {
		t.Errorf("service temporal-namespace: no `temporal operator search-attribute create` in %q", cluster)
	}
}

package devstack

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestDevDynamicConfigEverywhere: the dynamic config that make run's dev
// server gets (DevDynamicConfig) is make cluster's too
// (tools/cluster/dynamicconfig.yaml) and the compose dev server's
// (docker-compose.yml), so that the three stacks admit sandboxes alike.
func TestDevDynamicConfigEverywhere(t *testing.T) {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(root, "tools", "cluster", "dynamicconfig.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cluster map[string][]struct {
		Value any `yaml:"value"`
	}
	if err := yaml.Unmarshal(raw, &cluster); err != nil {
		t.Fatalf("tools/cluster/dynamicconfig.yaml: %v", err)
	}
	compose, err := os.ReadFile(filepath.Join(root, "docker-compose.yml"))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range DevDynamicConfig {
		if vs := cluster[k]; len(vs) != 1 || fmt.Sprint(vs[0].Value) != v {
			t.Errorf("tools/cluster/dynamicconfig.yaml: %s is %v, want %s as on make run", k, vs, v)
		}
		if !strings.Contains(string(compose), "--dynamic-config-value, "+k+"="+v) {
			t.Errorf("docker-compose.yml: the dev server lacks --dynamic-config-value %s=%s", k, v)
		}
	}
}

package devstack

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// composeFile is what `docker-compose config` prints, as far as the tests
// read it.
type composeFile struct {
	Services map[string]struct {
		Image       string            `yaml:"image"`
		Profiles    []string          `yaml:"profiles"`
		Environment map[string]string `yaml:"environment"`
		Ports       []string          `yaml:"ports"`
		Volumes     []string          `yaml:"volumes"`
		DependsOn   map[string]struct {
			Condition string `yaml:"condition"`
		} `yaml:"depends_on"`
		Deploy struct {
			Replicas int `yaml:"replicas"`
		} `yaml:"deploy"`
		Networks map[string]struct {
			Aliases []string `yaml:"aliases"`
		} `yaml:"networks"`
	} `yaml:"services"`
	Volumes map[string]any `yaml:"volumes"`
}

// composeConfig runs Debian's docker-compose (v1) `config` on the
// repository's docker-compose.yml with extra environment, and parses it.
// It skips when docker-compose is not installed (CI machines may lack it).
func composeConfig(t *testing.T, env ...string) composeFile {
	t.Helper()
	bin, err := exec.LookPath("docker-compose")
	if err != nil {
		t.Skip("docker-compose is not installed (apt-get install docker-compose); the compose file is not validated")
	}
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--profile", "cluster", "config")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("docker-compose --profile cluster config: %v\n%s", err, stderr)
	}
	var f composeFile
	if err := yaml.Unmarshal(out, &f); err != nil {
		t.Fatalf("parse docker-compose config output: %v", err)
	}
	return f
}

// TestComposeClusterProfile validates docker-compose.yml with
// docker-compose and checks the cluster profile has make cluster's shape:
// PostgreSQL with a kept volume, the schema applied by the server's schema
// tool before the server starts, the UI, N worker replicas reaching the
// server by the name the workers use, S3, and only loopback ports.
func TestComposeClusterProfile(t *testing.T) {
	f := composeConfig(t)
	root, _ := RepoRoot()

	for _, name := range []string{"postgresql", "temporal-schema", "temporal-server", "temporal-namespace", "temporal-ui", "worker-cluster", "s3", "s3-init", "e2blocal", "scriptedmodel"} {
		s, ok := f.Services[name]
		if !ok {
			t.Errorf("service %s: missing", name)
			continue
		}
		if len(s.Profiles) > 0 && !slices.Contains(s.Profiles, "cluster") {
			t.Errorf("service %s: profiles %v, want it in the cluster profile", name, s.Profiles)
		}
	}
	if dev := f.Services["temporal"]; slices.Contains(dev.Profiles, "cluster") || len(dev.Profiles) == 0 {
		t.Errorf("dev server profiles %v: it must not start with the cluster profile (both publish 7233)", dev.Profiles)
	}

	pg := f.Services["postgresql"]
	if !slices.ContainsFunc(pg.Volumes, func(v string) bool { return strings.HasPrefix(v, "postgres-data:/var/lib/postgresql/data") }) {
		t.Errorf("postgresql volumes %v, want the named volume postgres-data on /var/lib/postgresql/data (data kept)", pg.Volumes)
	}
	if _, ok := f.Volumes["postgres-data"]; !ok {
		t.Errorf("volumes %v: postgres-data not declared", f.Volumes)
	}

	deps := []struct{ service, on, condition string }{
		{"temporal-schema", "postgresql", "service_healthy"},
		{"temporal-server", "temporal-schema", "service_completed_successfully"},
		{"temporal-namespace", "temporal-server", "service_healthy"},
		{"worker-cluster", "temporal-namespace", "service_completed_successfully"},
		{"worker-cluster", "s3-init", "service_completed_successfully"},
	}
	for _, d := range deps {
		if got := f.Services[d.service].DependsOn[d.on].Condition; got != d.condition {
			t.Errorf("%s depends on %s: got condition %q, want %q", d.service, d.on, got, d.condition)
		}
	}

	server := f.Services["temporal-server"]
	if got := server.Environment["DB"]; got != "postgres12" {
		t.Errorf("temporal-server DB = %q, want postgres12", got)
	}
	if admin := f.Services["temporal-schema"].Image; strings.TrimPrefix(server.Image, "temporalio/server:") != strings.TrimPrefix(admin, "temporalio/admin-tools:") {
		t.Errorf("server image %s and schema tool image %s: want the same version", server.Image, admin)
	}
	if !slices.Contains(server.Networks["default"].Aliases, "temporal") {
		t.Errorf("temporal-server aliases %v, want temporal (the workers' TEMPORAL_ADDRESS host)", server.Networks["default"].Aliases)
	}
	// The same dynamic config as make cluster's server.
	wantDC := filepath.Join(root, DynamicConfigFile) + ":" + server.Environment["DYNAMIC_CONFIG_FILE_PATH"]
	if !slices.ContainsFunc(server.Volumes, func(v string) bool { return strings.HasPrefix(v, wantDC) }) {
		t.Errorf("temporal-server volumes %v, want %s mounted", server.Volumes, wantDC)
	}

	w := f.Services["worker-cluster"]
	if w.Deploy.Replicas != 2 {
		t.Errorf("worker-cluster replicas = %d, want 2 by default", w.Deploy.Replicas)
	}
	if got := w.Environment["TEMPORAL_ADDRESS"]; got != "temporal:7233" {
		t.Errorf("worker-cluster TEMPORAL_ADDRESS = %q, want temporal:7233", got)
	}
	if len(w.Ports) > 0 {
		t.Errorf("worker-cluster ports %v: replicas cannot share published ports", w.Ports)
	}

	for name, s := range f.Services {
		for _, p := range s.Ports {
			if !strings.HasPrefix(p, "127.0.0.1:") {
				t.Errorf("service %s publishes %s: want 127.0.0.1 only", name, p)
			}
		}
	}
}

// TestComposeWorkersScale checks that WORKERS sets the worker replicas.
func TestComposeWorkersScale(t *testing.T) {
	f := composeConfig(t, "WORKERS=5")
	if got := f.Services["worker-cluster"].Deploy.Replicas; got != 5 {
		t.Errorf("WORKERS=5: worker-cluster replicas = %d, want 5", got)
	}
}

package config_test

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/config"
)

func TestBuildIDFromBinary(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		s := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}}
		if modified != "" {
			s = append(s, debug.BuildSetting{Key: "vcs.modified", Value: modified})
		}
		return s
	}
	tests := []struct {
		name     string
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"clean checkout", "(devel)", vcs("0bfafbc8e2e7a1b2c3d4e5f60718293a4b5c6d7e", "false"), "0bfafbc8e2e7"},
		{"uncommitted changes", "(devel)", vcs("0bfafbc8e2e7a1b2c3d4e5f60718293a4b5c6d7e", "true"), "0bfafbc8e2e7-dirty"},
		{"short revision kept whole", "(devel)", vcs("abc123", ""), "abc123"},
		{"go install at a version", "v1.4.0", nil, "v1.4.0"},
		{"revision wins over version", "v1.4.0", vcs("0bfafbc8e2e7a1b2", "false"), "0bfafbc8e2e7"},
		{"go run or no .git", "(devel)", nil, ""},
		{"no version at all", "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/durable-analyst/durable-analyst", Version: tt.version}, Settings: tt.settings}
			if got := config.BuildIDFromBinary(info); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestVersioningSettings(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string // "" = valid
	}{
		{"off by default", nil, ""},
		{"on with a build id", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true", "TEMPORAL_BUILD_ID": "v7"}, ""},
		{"on with bootstrap", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true", "TEMPORAL_BUILD_ID": "v7", "TEMPORAL_SET_CURRENT_IF_UNSET": "true"}, ""},
		// A test binary carries no VCS revision, so the build id must be given.
		{"on without a build id", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true"}, "TEMPORAL_BUILD_ID: required with TEMPORAL_WORKER_VERSIONING=true"},
		{"empty deployment", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true", "TEMPORAL_BUILD_ID": "v7", "TEMPORAL_DEPLOYMENT_NAME": " "}, "TEMPORAL_DEPLOYMENT_NAME: must not be empty"},
		{"deployment with a dot", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true", "TEMPORAL_BUILD_ID": "v7", "TEMPORAL_DEPLOYMENT_NAME": "analyst.prod"}, "TEMPORAL_DEPLOYMENT_NAME: \"analyst.prod\" must not contain '.'"},
		{"reserved build id", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true", "TEMPORAL_BUILD_ID": "__unversioned__"}, "TEMPORAL_BUILD_ID: \"__unversioned__\" is reserved"},
		{"build id with a space", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true", "TEMPORAL_BUILD_ID": "v 7"}, `TEMPORAL_BUILD_ID: "v 7" must be at most 255 bytes without spaces`},
		{"build id too long", map[string]string{"TEMPORAL_WORKER_VERSIONING": "true", "TEMPORAL_BUILD_ID": strings.Repeat("b", 256)}, "TEMPORAL_BUILD_ID:"},
		{"bootstrap without versioning", map[string]string{"TEMPORAL_SET_CURRENT_IF_UNSET": "true"}, "TEMPORAL_SET_CURRENT_IF_UNSET: needs TEMPORAL_WORKER_VERSIONING=true"},
		{"bad bool", map[string]string{"TEMPORAL_WORKER_VERSIONING": "yes please"}, "TEMPORAL_WORKER_VERSIONING: cannot parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setBase(t)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			c, err := config.Load()
			if tt.want == "" {
				require.NoError(t, err)
				assert.Equal(t, "durable-analyst", c.DeploymentName)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

package config

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// maxVersionPartBytes bounds a deployment name or build id (Temporal's
// limit on identifiers is far larger; these show up in the UI and CLI).
const maxVersionPartBytes = 255

// BuildIDFromBinary derives a build id from the VCS information the Go
// toolchain stamps into a binary built inside a git checkout: the first 12
// hex digits of the revision, with "-dirty" when the tree had uncommitted
// changes; else the module version of a `go install …@vX.Y.Z` build; else
// "" (go run, go test, a build without .git), which Validate refuses
// when versioning is on, because two different builds must never share
// a build id.
func BuildIDFromBinary(info *debug.BuildInfo) string {
	var rev string
	var dirty bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "-dirty"
		}
		return rev
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	return ""
}

// validateVersioning checks the Worker Versioning settings.
func (c Worker) validateVersioning() []error {
	var errs []error
	if !c.WorkerVersioning {
		if c.SetCurrentIfUnset {
			errs = append(errs, fmt.Errorf("TEMPORAL_SET_CURRENT_IF_UNSET: needs TEMPORAL_WORKER_VERSIONING=true"))
		}
		return errs
	}
	for _, v := range []struct{ name, val string }{
		{"TEMPORAL_DEPLOYMENT_NAME", c.DeploymentName},
		{"TEMPORAL_BUILD_ID", c.BuildID},
	} {
		switch {
		case v.val == "" && v.name == "TEMPORAL_BUILD_ID":
			errs = append(errs, fmt.Errorf("TEMPORAL_BUILD_ID: required with TEMPORAL_WORKER_VERSIONING=true when the binary carries no VCS revision (built by go run, without .git, or with -buildvcs=false)"))
		case strings.TrimSpace(v.val) == "":
			errs = append(errs, fmt.Errorf("%s: must not be empty with TEMPORAL_WORKER_VERSIONING=true", v.name))
		case v.name == "TEMPORAL_DEPLOYMENT_NAME" && strings.Contains(v.val, "."):
			errs = append(errs, fmt.Errorf("TEMPORAL_DEPLOYMENT_NAME: %q must not contain '.' (Temporal reserves it as the version separator)", v.val))
		case v.val == "__unversioned__":
			errs = append(errs, fmt.Errorf("%s: %q is reserved by Temporal", v.name, v.val))
		case len(v.val) > maxVersionPartBytes || strings.ContainsAny(v.val, " \t\r\n\x00"):
			errs = append(errs, fmt.Errorf("%s: %q must be at most %d bytes without spaces", v.name, v.val, maxVersionPartBytes))
		}
	}
	return errs
}

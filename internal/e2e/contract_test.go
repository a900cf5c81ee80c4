package e2e

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// Another service, in a process of its own, starts analyses with package
// api and a Temporal client only: api's TestExample, run against this
// stack's worker.
func TestContractExample(t *testing.T) {
	e := newEnv(t)
	cmd := exec.Command("go", "test", "-count=1", "-run", "^TestExample$", "-v", "./api")
	cmd.Dir = repoPath(t, ".")
	cmd.Env = append(os.Environ(),
		"API_EXAMPLE_TEMPORAL_ADDRESS="+shared.temporal.Address,
		"API_EXAMPLE_NAMESPACE="+shared.temporal.Namespace,
		"API_EXAMPLE_TASK_QUEUE="+e.TaskQueue)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "--- PASS: TestExample", "%s", out)
}

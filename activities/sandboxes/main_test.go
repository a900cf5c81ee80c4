package sandboxes_test

import (
	"testing"

	"github.com/durable-analyst/durable-analyst/internal/sqltest"
)

// TestMain stops the PostgreSQL server the SQL tests share, and removes
// its directory, when they are done.
func TestMain(m *testing.M) { sqltest.Main(m) }

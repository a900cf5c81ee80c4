package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/durable-analyst/durable-analyst/config"
)

func TestLoadSQLSources(t *testing.T) {
	file := filepath.Join(t.TempDir(), "dsn")
	require.NoError(t, os.WriteFile(file, []byte("postgres://r:from-file-pw@db:5432/x\n"), 0o600))
	got, allow, err := config.LoadSQLSources([]string{
		"SQL_SOURCE_WAREHOUSE=postgres://u:pw-one@h:5432/w",
		"SQL_SOURCE_WAREHOUSE_ALLOW= pg_read_all_settings , Superuser,",
		"SQL_SOURCE_CRM_2_FILE=" + file,
		"SQL_STATEMENT_TIMEOUT=5s", // a limit, not a source
		"PATH=/usr/bin",
	})
	require.NoError(t, err)
	assert.Equal(t, map[string]config.Secret{
		"warehouse": "postgres://u:pw-one@h:5432/w",
		"crm_2":     "postgres://r:from-file-pw@db:5432/x",
	}, got)
	assert.Equal(t, "[redacted]", got["warehouse"].String(), "a source prints masked")
	assert.Equal(t, map[string][]string{"warehouse": {"pg_read_all_settings", "superuser"}}, allow)

	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"SQL_SOURCE_W=mysql://u:hidden-pw@h/w"}, "SQL_SOURCE_W: not a postgres://"},
		{[]string{"SQL_SOURCE_W="}, "SQL_SOURCE_W: empty"},
		{[]string{"SQL_SOURCE_W=postgres://h/w", "SQL_SOURCE_W_FILE=" + file}, "SQL_SOURCE_W and SQL_SOURCE_W_FILE: set one, not both"},
		{[]string{"SQL_SOURCE_W_FILE=/nonexistent/dsn"}, "SQL_SOURCE_W_FILE: open /nonexistent/dsn"},
		{[]string{"SQL_SOURCE_Ware=postgres://h/w"}, `SQL_SOURCE_Ware: the source name "Ware"`},
		{[]string{"SQL_SOURCE_1X=postgres://h/w"}, `SQL_SOURCE_1X: the source name "1X"`},
		{[]string{"SQL_SOURCE_W_ALLOW=superuser"}, "SQL_SOURCE_W_ALLOW: there is no SQL_SOURCE_W or SQL_SOURCE_W_FILE for it to apply to"},
		{[]string{"SQL_SOURCE_W=postgres://u:hidden-pw@h/w", "SQL_SOURCE_W_ALLOW= , "}, "SQL_SOURCE_W_ALLOW: empty; list the privileges"},
	} {
		_, _, err := config.LoadSQLSources(c.env)
		require.Error(t, err, "%v", c.env)
		assert.Contains(t, err.Error(), c.want)
		assert.NotContains(t, err.Error(), "hidden-pw", "the error shows the URL")
		assert.False(t, strings.Contains(err.Error(), "\n"), "one line")
	}
}

func TestWorkerSQLConfig(t *testing.T) {
	setBase(t)
	t.Setenv("TEMPORAL_ADDRESS", "localhost:7233")
	t.Setenv("SQL_SOURCE_SHOP", "postgres://u:pw@h:5432/shop")
	t.Setenv("SQL_SOURCE_SHOP_ALLOW", "pg_read_all_settings")
	c, err := config.Load()
	require.NoError(t, err)
	assert.Len(t, c.SQLSources, 1)
	assert.Equal(t, map[string][]string{"shop": {"pg_read_all_settings"}}, c.SQLSourceAllow)
	assert.Equal(t, 100000, c.SQLMaxRows)
	assert.EqualValues(t, 52428800, c.SQLMaxBytes)

	t.Setenv("SQL_MAX_ROWS", "0")
	_, err = config.Load()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "SQL_MAX_ROWS: 0 is outside")
}

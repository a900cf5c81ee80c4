package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/client"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/internal/sqltest"
	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// withSQL gives the worker the test database as SQL source "shop", with
// the default limits.
func withSQL(db *sqltest.DB) func(*config.Worker) {
	return func(c *config.Worker) {
		c.SQLSources = map[string]config.Secret{"shop": config.Secret(db.URL)}
		c.SQL.SQLStatementTimeout, c.SQLMaxRows, c.SQLMaxBytes, c.SQLSchemaBytes = 30*time.Second, 100_000, 50<<20, 8192
	}
}

// TestSQLEndToEnd: a dataset from a query answered by the offline
// analyst; a scripted model that queries with run_sql, loads the result
// in Python and has a write refused; and the source's URL and password
// found in no history, result, log, S3 object, sandbox file or sandbox
// environment.
func TestSQLEndToEnd(t *testing.T) {
	db := sqltest.Start(t)
	e := newEnv(t, withSQL(db))
	ctx := runCtx(t, 5*time.Minute)

	// The offline analyst, on a dataset staged from a query.
	e.replaceWorker(func(c *config.Worker) { c.OpenAIModel = scriptedmodel.AnalystModel })
	var in api.AnalysisInput
	require.NoError(t, json.Unmarshal([]byte(`{"question": "Which region had the highest amount?",
		"datasets": [{"name": "orders.csv", "sql": {"source": "shop", "query": "select id, region, amount, placed from orders"}}]}`), &in))
	ds := e.start(testID("e2e-sql-dataset"), in)
	var dsRes api.AnalysisResult
	require.NoError(t, ds.Get(ctx, &dsRes))
	t.Logf("answer: %s", dsRes.Answer)
	require.Equal(t, api.StatusAnswered, dsRes.Status)
	assert.Contains(t, dsRes.Answer, "north had the highest amount: 2,460 in total, of 7,260 across 3 regions")

	// An unknown source fails the analysis with a DatasetError naming it.
	bad := e.start(testID("e2e-sql-unknown"), api.AnalysisInput{Question: "q",
		Datasets: []api.Dataset{{Name: "x.csv", SQL: &api.SQLQuery{Source: "warehouse", Query: "select 1"}}}})
	err := bad.Get(ctx, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `dataset "x.csv": sql source "warehouse" is not configured`)
	assert.Contains(t, err.Error(), api.ErrTypeDataset)

	// A scripted model: run_sql, then Python on its result.
	e.useOwnScripts()
	tool := e.start(testID("e2e-sql-tool"), api.AnalysisInput{Question: "Which region has the highest total?", Model: "script:sql-tool"})
	var toolRes api.AnalysisResult
	require.NoError(t, tool.Get(ctx, &toolRes))
	require.Equal(t, api.StatusAnswered, toolRes.Status, "the script's expects checked every tool output")
	assert.Equal(t, 2, toolRes.CodeRuns, "two Python cells; run_sql calls are not code runs")
	assert.EqualValues(t, 120, db.QueryInt(t, "select count(*) from orders"), "the write was refused")
	// The model got the source's tables with the question.
	first := string(e.getObject("analyses/" + tool.GetID() + "/transcript/step-001.json"))
	assert.Contains(t, first, "SQL sources you can query with run_sql")
	assert.Contains(t, first, "public.orders(id integer, region text, amount numeric, placed date, paid boolean, note text)")
	saveHistory(t, e, tool.GetID(), tool.GetRunID(), "analysis-sql-tool.json")
	saveHistory(t, e, ds.GetID(), ds.GetRunID(), "analysis-sql-dataset.json")

	// The history carries run_sql's output by reference only.
	var sqlActivities int
	for _, ev := range e.events(tool.GetID(), tool.GetRunID()) {
		if at := ev.GetActivityTaskScheduledEventAttributes(); at != nil && at.GetActivityType().GetName() == "RunSQL" {
			sqlActivities++
		}
		if c := ev.GetActivityTaskCompletedEventAttributes(); c != nil {
			for _, p := range payloadsOf(ev) {
				assert.NotContains(t, string(p), "north,40,2460.00", "a query result is in the history")
			}
			_ = c
		}
	}
	assert.Equal(t, 2, sqlActivities, "each run_sql call is its own activity")

	// The secrets scan.
	u, err := url.Parse(db.URL)
	require.NoError(t, err)
	pw, _ := u.User.Password()
	require.GreaterOrEqual(t, len(pw), 16)
	needles := []string{db.URL, pw, pw[len(pw)-10:], u.Host}
	scanned := map[string]int{}
	scan := func(where string, data []byte) {
		t.Helper()
		scanned[strings.SplitN(where, " ", 2)[0]] += len(data)
		for _, n := range needles {
			if bytes.Contains(data, []byte(n)) {
				t.Errorf("%s holds the source's URL or password (%q)", where, n)
			}
		}
	}
	for _, run := range []struct{ id, runID string }{{ds.GetID(), ds.GetRunID()}, {bad.GetID(), bad.GetRunID()}, {tool.GetID(), tool.GetRunID()}} {
		for _, ev := range e.events(run.id, run.runID) {
			b, err := protojson.Marshal(ev)
			require.NoError(t, err)
			scan("history "+run.id, b)
			for _, p := range payloadsOf(ev) {
				scan("history "+run.id+" payload", p)
			}
		}
		for _, k := range e.listKeys("analyses/" + run.id + "/") {
			scan("s3 "+k, e.getObject(k))
			scanned["s3-objects"]++
		}
	}
	scan("logs", []byte(e.Logs.String()))
	files := cellOutputs(t, e.getObject(toolRes.TranscriptKey))
	require.Contains(t, files, "== /home/user/totals.csv", "the sandbox's files were dumped")
	scan("sandbox-files", []byte(files))
	assert.NotContains(t, files, "SQL_SOURCE", "the sandbox's environment names a SQL source")
	for _, where := range []string{"history", "s3", "logs", "sandbox-files"} {
		assert.Positive(t, scanned[where], "bytes scanned in %s", where)
	}
	t.Logf("scanned: %v", scanned)
}

// TestSQLWorkerKilledDuringQuery: the worker process is killed with
// SIGKILL while the query of a dataset runs; a new worker stages the
// dataset, the analysis completes, and the result is journaled (staged)
// once.
func TestSQLWorkerKilledDuringQuery(t *testing.T) {
	db := sqltest.Start(t)
	e := newEnv(t)
	cfg := e.Config
	cfg.TaskQueue = "sql-kill-" + strings.ReplaceAll(time.Now().Format("150405.000"), ".", "")
	cfg.OpenAIModel = scriptedmodel.AnalystModel
	worker := startWorkerProcess(t, append(workerEnv(cfg), "SQL_SOURCE_SHOP="+db.URL))

	ctx := runCtx(t, 8*time.Minute)
	run, err := e.Temporal.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID: testID("e2e-sql-kill"), TaskQueue: cfg.TaskQueue, WorkflowExecutionTimeout: 8 * time.Minute,
	}, api.AnalysisWorkflowName, api.AnalysisInput{
		Question: "Which region had the highest amount?",
		Datasets: []api.Dataset{{Name: "orders.csv", SQL: &api.SQLQuery{Source: "shop",
			// pg_sleep per row (a correlated subquery): about 6 s in all.
			Query: "select id, region, amount from orders where (select true from pg_sleep(0.05 + 0 * orders.id))"}}},
	})
	require.NoError(t, err)
	const running = "select count(*) from pg_stat_activity where application_name = 'durable-analyst' and state = 'active' and query like '%pg_sleep(0.05 + 0 * orders.id)%'"
	if !assert.Eventually(t, func() bool { return db.QueryInt(t, running) > 0 }, 2*time.Minute, 50*time.Millisecond, "the query never started") {
		t.Fatalf("worker output:\n%s", worker.Logs.String())
	}
	worker.kill9()
	t.Log("killed the worker during the query")
	worker.start()

	var res api.AnalysisResult
	require.NoError(t, run.Get(ctx, &res))
	require.Equal(t, api.StatusAnswered, res.Status)
	assert.Contains(t, res.Answer, "north had the highest amount: 2,460 in total, of 7,260 across 3 regions")
	keys := e.listKeys("analyses/" + run.GetID() + "/sql/")
	assert.Len(t, keys, 2, "one journal record and one result: %v", keys)
	assert.Equal(t, 1, strings.Count(worker.Logs.String(), "query staged"), "the result was staged once")
	assert.GreaterOrEqual(t, maxAttempts(e.events(run.GetID(), run.GetRunID()))["StageDatasets"], int32(2), "the staging was retried after the kill")
}

// TestSQLRefusedSource: a worker with a superuser source and a read-only
// one. An analysis whose dataset names the superuser source fails at once
// (one attempt, no sandbox left) with SourceRefused and the message that
// names the privilege and its fix; one on the other source, on the same
// worker, is answered; so is one on the superuser source once the worker
// is told to accept it.
func TestSQLRefusedSource(t *testing.T) {
	db := sqltest.Start(t)
	_, adminURL := db.NewRole(t, "admin", "ALTER ROLE {{role}} SUPERUSER;")
	e := newEnv(t, func(c *config.Worker) {
		withSQL(db)(c)
		c.SQLSources = map[string]config.Secret{"shop": config.Secret(db.URL), "admin": config.Secret(adminURL)}
		c.OpenAIModel = scriptedmodel.AnalystModel
	})
	ctx := runCtx(t, 5*time.Minute)
	dataset := func(source string) api.AnalysisInput {
		return api.AnalysisInput{Question: "Which region had the highest amount?", Datasets: []api.Dataset{{Name: "orders.csv",
			SQL: &api.SQLQuery{Source: source, Query: "select id, region, amount, placed from orders"}}}}
	}
	bad := e.start(testID("e2e-sql-refused"), dataset("admin"))
	err := bad.Get(ctx, nil)
	require.Error(t, err)
	t.Log(err)
	for _, want := range []string{`dataset "orders.csv": sql source "admin" is refused: its role can reach beyond its tables: superuser`,
		"fix: ALTER ROLE <role> NOSUPERUSER", "SQL_SOURCE_ADMIN_ALLOW=superuser", api.ErrTypeSourceRefused} {
		assert.Contains(t, err.Error(), want)
	}
	assert.NotContains(t, err.Error(), db.Name+"_admin", "the error shows the role's name")
	assert.Equal(t, int32(1), maxAttempts(e.events(bad.GetID(), bad.GetRunID()))["StageDatasets"], "retried")

	var res api.AnalysisResult
	require.NoError(t, e.start(testID("e2e-sql-served"), dataset("shop")).Get(ctx, &res), "the other source")
	assert.Contains(t, res.Answer, "north had the highest amount")

	// A worker of its own (a subtest's task queue).
	t.Run("allowed", func(t *testing.T) {
		allowed := newEnv(t, func(c *config.Worker) {
			withSQL(db)(c)
			c.SQLSources = map[string]config.Secret{"admin": config.Secret(adminURL)}
			c.SQLSourceAllow = map[string][]string{"admin": {"superuser"}}
			c.OpenAIModel = scriptedmodel.AnalystModel
		})
		require.NoError(t, allowed.start(testID("e2e-sql-allowed"), dataset("admin")).Get(ctx, &res), "accepted by SQL_SOURCE_ADMIN_ALLOW")
		assert.Contains(t, res.Answer, "north had the highest amount")
	})
}

// sqlSourceAttr is the attribute of a docs/sql.md marker that names the
// SQL source its example needs: the tests' database, seeded with
// sqltest.Seed.
var sqlSourceAttr = regexp.MustCompile(`\s+sql-source=(\S+)`)

// TestSQLDocExamples runs the examples of docs/sql.md: each block has a
// marker as in README.md (internal/e2e/readme_test.go), plus
// sql-source=NAME on those that need a worker with the tests' database as
// SQL source NAME; analysis inputs run on the offline analyst, failures
// must fail with each line of the block.
func TestSQLDocExamples(t *testing.T) {
	md, err := os.ReadFile(repoPath(t, "docs/sql.md"))
	require.NoError(t, err)
	blocks := readmeBlocks(string(md))
	require.NotEmpty(t, blocks)
	db := sqltest.Start(t)
	var e *env
	var re *readmeEnv // for the shell examples, once there is one
	var work string
	var sourceURL string // of the role docs/sql.md's sql-admin block makes
	ran := 0
	for _, b := range blocks {
		source := ""
		if m := sqlSourceAttr.FindStringSubmatch(b.Marker); m != nil {
			source = m[1]
		}
		m, err := parseReadmeMarker(sqlSourceAttr.ReplaceAllString(b.Marker, ""))
		require.NoError(t, err, "docs/sql.md:%d: %q…", b.Line, firstLine(b.Text))
		if m.Kind == "not-run" {
			t.Logf("docs/sql.md:%d: not run: %s", b.Line, m.Arg)
			continue
		}
		require.NotEmpty(t, source, "docs/sql.md:%d: an example of a SQL source needs sql-source=NAME", b.Line)
		if m.Kind == "sql-admin" {
			// The set-up of the source's role, run as it is by the
			// server's superuser on a database of the source's name; the
			// examples after it use the role it makes.
			require.Nil(t, e, "docs/sql.md:%d: the sql-admin block comes before the examples that use its role", b.Line)
			cr := regexp.MustCompile(`CREATE ROLE (\w+) LOGIN PASSWORD '([^']*)'`).FindStringSubmatch(b.Text)
			require.NotNil(t, cr, "docs/sql.md:%d: the block makes a role with CREATE ROLE name LOGIN PASSWORD '…'", b.Line)
			named := sqltest.StartNamed(t, source)
			named.DropRoleAtEnd(t, cr[1])
			named.Admin(t, b.Text)
			sourceURL = named.URLFor(cr[1], cr[2])
			ran++
			continue
		}
		if e == nil {
			require.NotEmpty(t, sourceURL, "docs/sql.md:%d: no sql-admin block made the source's role before this example", b.Line)
			e = newEnv(t, func(c *config.Worker) {
				withSQL(db)(c)
				c.SQLSources = map[string]config.Secret{source: config.Secret(sourceURL)}
				c.OpenAIModel = scriptedmodel.AnalystModel
			})
		}
		if m.Kind == "shell" {
			// The starter, on this test's task queue (the shared server
			// has the README test's worker on the default one).
			if re == nil {
				re = &readmeEnv{env: e}
				work = re.readmeWorkDir(nil)
			}
			out := re.runReadmeShell(t, work, b.Text, "TASK_QUEUE="+e.TaskQueue)
			for _, want := range m.Expect {
				assert.Contains(t, out, want, "docs/sql.md:%d", b.Line)
			}
			ran++
			continue
		}
		input := b.Text
		if m.Kind == "failure" {
			input = m.Attrs["input"]
		}
		var in api.AnalysisInput
		require.NoError(t, json.Unmarshal([]byte(input), &in), "docs/sql.md:%d", b.Line)
		run := e.start(testID(fmt.Sprintf("sql-doc-%d", b.Line)), in)
		var res api.AnalysisResult
		err = run.Get(runCtx(t, 5*time.Minute), &res)
		switch m.Kind {
		case "analysis-input":
			require.NoError(t, err, "docs/sql.md:%d", b.Line)
			t.Logf("docs/sql.md:%d: answer: %s", b.Line, res.Answer)
			for _, want := range m.Expect {
				assert.Contains(t, res.Answer, want, "docs/sql.md:%d", b.Line)
			}
		case "failure":
			require.Error(t, err, "docs/sql.md:%d: the analysis fails", b.Line)
			for _, line := range strings.Split(strings.TrimSpace(b.Text), "\n") {
				assert.Contains(t, err.Error(), line, "docs/sql.md:%d", b.Line)
			}
		default:
			t.Fatalf("docs/sql.md:%d: kind %s is not run by this test", b.Line, m.Kind)
		}
		ran++
	}
	assert.Equal(t, 4, ran, "examples run")
}

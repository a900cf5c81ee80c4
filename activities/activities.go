// Package activities holds the dependencies every subsystem of the
// activities shares (Activities: the clients and limits), the S3 key
// layout and storage helpers, and their registration by name (register.go).
// Each subsystem is a package above it, with a receiver of its own over
// the shared Activities: journal (what the others share of a sandbox and
// its cells), tools (the table of tools and the activities that run them),
// outputs, sandboxes (a sandbox's whole life, admission's activities
// included), modelcall and batches. The SQL library sqlsource, admission's
// state and messages (admission) and the failure classification fault lie
// below it. Workflows name each activity through a nil receiver of its
// subsystem. The file map is in docs/architecture.md.
package activities

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/openai/openai-go/v3"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/e2b"
)

// Activities holds the clients and limits the activities use: the one
// value every subsystem is built on. Build it once (New) and register every
// subsystem with workflows.RegisterActivities.
type Activities struct {
	E2B     *e2b.Client
	Model   *openai.Client
	S3      *s3.Client
	Presign *s3.PresignClient
	HTTP    *http.Client // fetches datasets given by URL
	// Temporal lets AnalysisOutcome read the result of an analysis that
	// already ran (a batch item started again). Optional.
	Temporal client.Client
	Logger   *slog.Logger
	// Line is the worker's sandbox pool and its capacity: analyses take
	// turns for sandboxes in the pool's line (admission/line.go).
	Line admission.SandboxLine

	Bucket         string
	Prefix         string
	Template       string
	DefaultModel   string
	SandboxTimeout time.Duration
	// SandboxKillOnTimeout makes sandboxes die when SandboxTimeout passes
	// (SANDBOX_ON_TIMEOUT=kill); by default they pause and the next
	// connect resumes them with their kernel.
	SandboxKillOnTimeout bool
	ChartURLTTL          time.Duration
	// MaxOutputBytes caps the text of one cell handed to the model.
	MaxOutputBytes int
	// StreamCellBytes is how much of each output stream of a cell the
	// event stream holds (0: stream.DefaultCellBytes).
	StreamCellBytes int
	// MaxDatasetBytes caps one staged dataset.
	MaxDatasetBytes int64
	// FetchTimeout bounds one dataset URL fetch, from the request to the
	// last byte (0: DefaultFetchTimeout). FetchMinRate is the slowest
	// transfer a fetch may have, in bytes per second over every
	// FetchRateWindow after the response headers (0: no minimum; window 0:
	// DefaultFetchRateWindow). Either one exceeded fails the analysis
	// with a non-retryable DatasetError.
	FetchTimeout    time.Duration
	FetchMinRate    int64
	FetchRateWindow time.Duration
	// CodeTimeout bounds one cell's run.
	CodeTimeout time.Duration
	// ModelAPI is the API CallModel speaks: config.OpenAIAPIChat for Chat
	// Completions, else the Responses API.
	ModelAPI string
	// ModelBackground is OPENAI_BACKGROUND: config.BackgroundAuto (also
	// ""), BackgroundOn or BackgroundOff (modelcall/background.go).
	ModelBackground string

	// MaxOutputFiles and MaxOutputFilesBytes bound the files one cell may
	// hand back under outputs/ (0: outputs.DefaultMaxOutputFiles,
	// outputs.DefaultMaxOutputFilesBytes).
	MaxOutputFiles      int
	MaxOutputFilesBytes int64
	// MaxContextBytes bounds the conversation sent to the model (default
	// DefaultMaxContextBytes); older turns are left out whole (fitContext).
	MaxContextBytes int

	// SQL are the SQL sources queries may name (nil: none; run_sql is
	// then not offered).
	SQL *sqlsource.Sources
	// Sandboxes bounds the live sandboxes this worker creates
	// (MAX_SANDBOXES); nil: no bound of its own.
	Sandboxes *admission.SandboxLeases
	// Waiters queues the analyses this worker refused a sandbox, so a
	// sandbox it frees goes to the one that waited longest (nil: none).
	Waiters *admission.SandboxWaiters

	// searchAttrs caches the namespace's search attributes for
	// CheckSearchAttributes.
	searchAttrs searchAttrs
}

// Metadata keys set on every sandbox, so that a retried CreateSandbox and
// the sweeper can find the sandboxes of a workflow.
const (
	MetaWorkflowID = "durable_analyst_workflow_id"
	MetaRunID      = "durable_analyst_run_id"
	MetaGeneration = "durable_analyst_generation"
	// MetaNamespace names the Temporal namespace of the workflow that owns
	// the sandbox: a sweeper leaves alone the sandboxes of another one.
	MetaNamespace = "durable_analyst_namespace"
)

// Defaults of the dataset URL fetch bounds (FetchTimeout, FetchMinRate,
// FetchRateWindow).
const (
	DefaultFetchTimeout    = 2 * time.Minute
	DefaultFetchMinRate    = 1024
	DefaultFetchRateWindow = 20 * time.Second
)

// HomeDir is where datasets are placed in the sandbox, as on E2B.
const HomeDir = "/home/user"

var unsafeKeyChars = regexp.MustCompile(`[^A-Za-z0-9._=-]`)

// KeySegment turns a workflow id into one S3 key segment. Ids made only of
// safe characters are kept as they are; others get a hash suffix so two ids
// never share a segment.
func KeySegment(id string) string {
	safe := unsafeKeyChars.ReplaceAllString(id, "_")
	if safe == id && id != "" && id != "." && id != ".." {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	if len(safe) > 64 {
		safe = safe[:64]
	}
	return safe + "-" + hex.EncodeToString(sum[:6])
}

// WorkflowPrefix is the S3 prefix of everything one workflow stores.
func (a *Activities) WorkflowPrefix(workflowID string) string {
	p := strings.Trim(a.Prefix, "/")
	if p == "" {
		return KeySegment(workflowID)
	}
	return p + "/" + KeySegment(workflowID)
}

// ChartKey is the deterministic key of the i-th PNG of a cell:
// <prefix>/<workflowID>/step-<n>/<cell>-<i>.png.
func (a *Activities) ChartKey(workflowID string, step, cell, i int) string {
	return fmt.Sprintf("%s/step-%d/%d-%d.png", a.WorkflowPrefix(workflowID), step, cell, i)
}

// OutputKey is where the whole output of a cell is kept (its record).
func (a *Activities) OutputKey(workflowID string, step, cell int) string {
	return fmt.Sprintf("%s/step-%d/%d-output.json", a.WorkflowPrefix(workflowID), step, cell)
}

// TranscriptKey is where the conversation after a step is kept.
func (a *Activities) TranscriptKey(workflowID string, step int) string {
	return fmt.Sprintf("%s/transcript/step-%03d.json", a.WorkflowPrefix(workflowID), step)
}

// FileKey is the deterministic key of a file a cell wrote:
// <prefix>/<workflowID>/step-<n>/files/<name>.
func (a *Activities) FileKey(workflowID string, step int, name string) string {
	return fmt.Sprintf("%s/step-%d/files/%s", a.WorkflowPrefix(workflowID), step, fileKeyName(name))
}

// DisplayKey is the key of a display result a cell showed (an SVG or an
// HTML table), named <cell>-<i>.<ext>.
func (a *Activities) DisplayKey(workflowID string, step int, name string) string {
	return fmt.Sprintf("%s/step-%d/%s", a.WorkflowPrefix(workflowID), step, name)
}

// ReportKeys are the deterministic keys of a workflow's report.
func (a *Activities) ReportKeys(workflowID string) (markdown, html string) {
	p := a.WorkflowPrefix(workflowID)
	return p + "/report.md", p + "/report.html"
}

// SQLKey is where the query journal keeps query id's record (.json) or
// result (.csv).
func (a *Activities) SQLKey(workflowID, id, ext string) string {
	return fmt.Sprintf("%s/sql/%s%s", a.WorkflowPrefix(workflowID), id, ext)
}

// fileKeyName makes a relative path safe as the tail of a key: each
// segment keeps letters, digits and ._=- ; a segment that had to change
// gets a short hash of the original before its extension, so two names
// never share a key.
func fileKeyName(name string) string {
	segs := strings.Split(name, "/")
	for i, s := range segs {
		safe := unsafeKeyChars.ReplaceAllString(s, "_")
		if safe == s && s != "." && s != ".." && s != "" {
			continue
		}
		sum := sha256.Sum256([]byte(s))
		ext := path.Ext(safe)
		if len(ext) > 10 || ext == safe {
			ext = ""
		}
		base := strings.TrimSuffix(safe, ext)
		if len(base) > 64 {
			base = base[:64]
		}
		segs[i] = base + "-" + hex.EncodeToString(sum[:4]) + ext
	}
	return strings.Join(segs, "/")
}

// Log is the worker's logger (slog's default when none was given).
func (a *Activities) Log() *slog.Logger {
	if a.Logger != nil {
		return a.Logger
	}
	return slog.Default()
}

// Package config holds the worker's configuration: one struct read from the
// environment with envconfig. Secrets are typed so that printing the struct
// (or logging it) never shows them.
package config

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/kelseyhightower/envconfig"
	"go.temporal.io/sdk/client"

	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/internal/urlguard"
)

// poolName is what SANDBOX_POOL may be: it becomes part of a workflow id.
var poolName = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// Secret is a credential read from the environment. Its String and
// GoString methods mask the value, so it cannot leak through fmt or slog.
type Secret string

// String masks the secret.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "[redacted]"
}

// GoString masks the secret for %#v.
func (s Secret) GoString() string { return s.String() }

// MarshalText masks the secret in JSON and text encoders.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Reveal returns the secret itself, for handing to a client library.
func (s Secret) Reveal() string { return string(s) }

// Temporal says where to find Temporal and how to log in: plain (a dev
// server), an API key (Temporal Cloud), or mTLS client certificates. The
// worker and the starter share it. The connection settings are read as the
// temporal CLI reads them — a profile of its config file, then the standard
// TEMPORAL_* variables — by Process (see temporalenv.go), not by envconfig
// tags.
type Temporal struct {
	TemporalAddress   string `ignored:"true"`
	TemporalNamespace string `ignored:"true"`
	TaskQueue         string `envconfig:"TASK_QUEUE" default:"analysis"`
	// TemporalAPIKey logs in with an API key (and TLS, unless TLS is
	// disabled explicitly).
	TemporalAPIKey Secret `ignored:"true"`
	// TemporalTLS are the TLS settings; nil: TLS only with an API key.
	TemporalTLS *TLS `ignored:"true"`
	// TemporalGRPCMeta are gRPC headers sent with every call.
	TemporalGRPCMeta Headers `ignored:"true"`

	// PayloadKeys or PayloadKeyFile (not both) turn payload encryption on:
	// see PayloadCodec.
	PayloadKeys    Secret `envconfig:"PAYLOAD_KEYS"`
	PayloadKeyFile string `envconfig:"PAYLOAD_KEY_FILE"`
	// EncryptFailureMessages encrypts failure messages too (see
	// codec.Codec.FailureConverter); by default they stay readable,
	// redacted and bounded, while stack traces and details are encrypted.
	EncryptFailureMessages bool `envconfig:"ENCRYPT_FAILURE_MESSAGES"`
}

// ClientOptions are the Temporal client options for these settings; the
// caller adds its logger and metrics.
func (t Temporal) ClientOptions() (client.Options, error) {
	o, _, err := t.ClientOptionsAndCodec()
	return o, err
}

// ClientOptionsAndCodec is ClientOptions that also returns the payload
// codec it put into them (nil without keys), for a caller that logs or
// serves it too: PAYLOAD_KEY_FILE is read once for both.
func (t Temporal) ClientOptionsAndCodec() (client.Options, *codec.Codec, error) {
	o := client.Options{HostPort: t.TemporalAddress, Namespace: t.TemporalNamespace}
	tlsCfg, err := t.TemporalTLS.config(t.TemporalAPIKey != "")
	if err != nil {
		return o, nil, err
	}
	o.ConnectionOptions.TLS = tlsCfg
	if t.TemporalAPIKey != "" {
		o.Credentials = client.NewAPIKeyStaticCredentials(t.TemporalAPIKey.Reveal())
	}
	if len(t.TemporalGRPCMeta) > 0 {
		o.HeadersProvider = fixedHeaders(t.TemporalGRPCMeta)
	}
	pc, err := t.PayloadCodec()
	if err != nil {
		return o, nil, err
	}
	setPayloadCodec(&o, pc, t.EncryptFailureMessages)
	return o, pc, nil
}

// S3 says where analyses keep their files: datasets uploaded by the
// starter, charts, transcripts and cell outputs. The worker and the starter
// share it. Credentials come from the AWS SDK's default chain.
type S3 struct {
	// S3Bucket is required by the worker; the starter needs it only to
	// upload files and presign chart URLs.
	S3Bucket   string `envconfig:"S3_BUCKET"`
	S3Endpoint string `envconfig:"S3_ENDPOINT"`
	// S3PublicEndpoint, when set, is the endpoint written into presigned
	// chart URLs: the address people reach the store at, when it differs
	// from the worker's (e.g. http://s3:7070 inside Docker).
	S3PublicEndpoint string        `envconfig:"S3_PUBLIC_ENDPOINT"`
	S3Region         string        `envconfig:"S3_REGION" default:"us-east-1"`
	S3Prefix         string        `envconfig:"S3_PREFIX" default:"analyses"`
	S3PathStyle      bool          `envconfig:"S3_PATH_STYLE" default:"false"`
	ChartURLTTL      time.Duration `envconfig:"CHART_URL_TTL" default:"24h"`
}

// Worker is the worker's whole configuration.
type Worker struct {
	Temporal
	S3

	OpenAIAPIKey  Secret `envconfig:"OPENAI_API_KEY" required:"true"`
	OpenAIBaseURL string `envconfig:"OPENAI_BASE_URL"`
	OpenAIModel   string `envconfig:"OPENAI_MODEL" default:"gpt-4.1-mini"`
	// OpenAIMaxRetries is the client-level retry count; the activity retry
	// policy does the rest, so keep it small.
	OpenAIMaxRetries int `envconfig:"OPENAI_MAX_RETRIES" default:"1"`

	E2BAPIKey     Secret `envconfig:"E2B_API_KEY" required:"true"`
	E2BDomain     string `envconfig:"E2B_DOMAIN" default:"e2b.app"`
	E2BAPIURL     string `envconfig:"E2B_API_URL"`
	E2BSandboxURL string `envconfig:"E2B_SANDBOX_URL"`
	E2BTemplate   string `envconfig:"E2B_TEMPLATE" default:"code-interpreter-v1"`
	// SandboxTimeout is the sandbox lifetime set at create and renewed on
	// every step, so an idle sandbox of a dead workflow expires on its own.
	SandboxTimeout time.Duration `envconfig:"SANDBOX_TIMEOUT" default:"10m"`
	// SandboxOnTimeout is what E2B does with a sandbox whose timeout passes:
	// pause (keep memory and files; the next connect resumes it, so an
	// outage of every worker longer than SANDBOX_TIMEOUT loses nothing) or
	// kill.
	SandboxOnTimeout string `envconfig:"SANDBOX_ON_TIMEOUT" default:"pause"`
	// MaxSandboxes bounds the live sandboxes one worker creates; an
	// analysis over it waits for a sandbox (docs/limits.md). 0: no bound
	// of the worker's own (E2B's concurrency limit still applies).
	MaxSandboxes int `envconfig:"MAX_SANDBOXES" default:"20"`
	// SandboxCapacity is how many sandboxes the pool (the E2B team of
	// E2B_API_KEY, or the local server) runs at once: analyses take turns
	// in the pool's one line, which every worker shares (docs/limits.md).
	// Give every worker of a pool the same value. 0: no line (creates
	// wait only for E2B's 429).
	SandboxCapacity int `envconfig:"SANDBOX_CAPACITY" default:"20"`
	// SandboxPool names the pool's line; by default a digest of the E2B
	// API's address and key, so workers with the same key share a line.
	SandboxPool string `envconfig:"SANDBOX_POOL"`

	// MaxOutputBytes caps the stdout/stderr text of one cell that is handed
	// back to the model (the whole output is kept in S3).
	MaxOutputBytes int `envconfig:"MAX_OUTPUT_BYTES" default:"8192"`
	// StreamCellBytes is how much of each output stream (stdout, stderr)
	// of a cell an analysis' event stream holds; the rest is in the cell's
	// record in S3. What the stream holds is in the workflow's history.
	StreamCellBytes int `envconfig:"STREAM_CELL_BYTES" default:"1024"`
	// MaxDatasetBytes caps one staged dataset.
	MaxDatasetBytes int64 `envconfig:"MAX_DATASET_BYTES" default:"104857600"`

	// SweepInterval is how often the sweeper's schedule (one per task
	// queue, ensured by each worker at start-up) kills sandboxes whose
	// workflow closed without killing them (e.g. it was terminated). 0
	// deletes the schedule: the sweeper is off.
	SweepInterval time.Duration `envconfig:"SWEEP_INTERVAL" default:"5m"`

	// WorkerStopTimeout is how long running activities may go on after
	// SIGTERM before they are cancelled.
	WorkerStopTimeout time.Duration `envconfig:"WORKER_STOP_TIMEOUT" default:"30s"`
	// MaxConcurrentActivities and MaxConcurrentWorkflowTasks bound what one
	// worker runs at once; 0 keeps the Temporal SDK's defaults.
	MaxConcurrentActivities    int `envconfig:"MAX_CONCURRENT_ACTIVITIES" default:"0"`
	MaxConcurrentWorkflowTasks int `envconfig:"MAX_CONCURRENT_WORKFLOW_TASKS" default:"0"`

	LogLevel    string `envconfig:"LOG_LEVEL" default:"info"`
	LogFormat   string `envconfig:"LOG_FORMAT" default:"text"`
	MetricsAddr string `envconfig:"METRICS_ADDR"`

	// DatasetURLAllow lists hosts and CIDRs (comma-separated) that dataset
	// URLs may reach although they are not public (loopback, private,
	// link-local, …); everything else non-public is refused.
	DatasetURLAllow string `envconfig:"DATASET_URL_ALLOW"`
	// DatasetFetchTimeout bounds one dataset URL fetch, first byte to last
	// (0: the default, 2m). DatasetFetchMinRate is the slowest transfer a
	// fetch may have, in bytes per second over every
	// DatasetFetchRateWindow (0 turns the minimum off).
	DatasetFetchTimeout    time.Duration `envconfig:"DATASET_FETCH_TIMEOUT" default:"2m"`
	DatasetFetchMinRate    int64         `envconfig:"DATASET_FETCH_MIN_RATE" default:"1024"`
	DatasetFetchRateWindow time.Duration `envconfig:"DATASET_FETCH_RATE_WINDOW" default:"20s"`

	// CodecServer serves the payload codec to the Temporal UI and CLI.
	CodecServer

	// WorkerVersioning runs the worker as one version (DeploymentName,
	// BuildID) of a Temporal Worker Deployment, so a deploy of changed
	// workflow code never replays running executions on code they did not
	// start on (pinned) or were not written for (auto-upgrade, guarded by
	// GetVersion). Off by default so a worker keeps working against a
	// server or deployment nobody has set a current version for.
	WorkerVersioning bool   `envconfig:"TEMPORAL_WORKER_VERSIONING" default:"false"`
	DeploymentName   string `envconfig:"TEMPORAL_DEPLOYMENT_NAME" default:"durable-analyst"`
	// BuildID names this worker's code; Load fills it from the binary's
	// VCS revision (BuildIDFromBinary) when unset.
	BuildID string `envconfig:"TEMPORAL_BUILD_ID"`
	// SetCurrentIfUnset makes the worker set its own version current when
	// the deployment has none yet: how a new deployment (make run, a first
	// install) gets going. Later versions are made current by an operator.
	SetCurrentIfUnset bool `envconfig:"TEMPORAL_SET_CURRENT_IF_UNSET" default:"false"`

	// OpenAIAPI is the model API the worker speaks: OpenAI's Responses API
	// or Chat Completions, which most self-hosted servers speak.
	OpenAIAPI string `envconfig:"OPENAI_API" default:"responses"`
	// OpenAIBackground says whether Responses API calls run in background
	// mode, so a call in flight when a worker dies is polled by the next
	// attempt instead of generated (and paid for) again: auto (on where the
	// server supports it, found out at the first call), on, or off. Chat
	// Completions has no background mode.
	OpenAIBackground string `envconfig:"OPENAI_BACKGROUND" default:"auto"`

	// MaxOutputFiles and MaxOutputFilesBytes bound the files one cell
	// hands back under /home/user/outputs (count, and bytes in all).
	MaxOutputFiles      int   `envconfig:"MAX_OUTPUT_FILES" default:"20"`
	MaxOutputFilesBytes int64 `envconfig:"MAX_OUTPUT_FILES_BYTES" default:"52428800"`

	// Tuning of the Temporal worker and the HTTP clients (tuning.go).
	Tuning

	// SQL sources and the limits of their queries (sql.go).
	SQL
}

// Load reads the worker configuration from the environment. The error is one
// line that names the variable that is missing or malformed.
func Load() (Worker, error) {
	var c Worker
	if err := Process(&c); err != nil {
		return Worker{}, err
	}
	sources, allow, err := LoadSQLSources(nil)
	if err != nil {
		return Worker{}, err
	}
	c.SQLSources, c.SQLSourceAllow = sources, allow
	if c.BuildID == "" {
		if info, ok := debug.ReadBuildInfo(); ok {
			c.BuildID = BuildIDFromBinary(info)
		}
	}
	if err := c.Validate(); err != nil {
		return Worker{}, err
	}
	return c, nil
}

// Validate checks values that envconfig cannot check by type.
func (c Worker) Validate() error {
	var errs []error
	// envconfig accepts a required variable that is set but empty; an
	// empty key or bucket is as missing as an unset one.
	for _, r := range []struct{ name, val string }{
		{"OPENAI_API_KEY", c.OpenAIAPIKey.Reveal()},
		{"E2B_API_KEY", c.E2BAPIKey.Reveal()},
		{"S3_BUCKET", c.S3Bucket},
	} {
		if strings.TrimSpace(r.val) == "" {
			errs = append(errs, fmt.Errorf("%s: required but not set", r.name))
		}
	}
	errs = append(errs, checkURL("OPENAI_BASE_URL", c.OpenAIBaseURL), checkURL("E2B_API_URL", c.E2BAPIURL),
		checkURL("E2B_SANDBOX_URL", c.E2BSandboxURL))
	errs = append(errs, c.Temporal.Validate()...)
	errs = append(errs, c.S3.Validate()...)
	if c.SandboxTimeout < 30*time.Second || c.SandboxTimeout > 24*time.Hour {
		errs = append(errs, fmt.Errorf("SANDBOX_TIMEOUT: %s is outside 30s..24h", c.SandboxTimeout))
	}
	if c.SandboxOnTimeout != "" && c.SandboxOnTimeout != "pause" && c.SandboxOnTimeout != "kill" {
		errs = append(errs, fmt.Errorf("SANDBOX_ON_TIMEOUT: %q is not pause or kill", c.SandboxOnTimeout))
	}
	if c.MaxSandboxes < 0 {
		errs = append(errs, fmt.Errorf("MAX_SANDBOXES: %d is negative (0 means no bound of the worker's own)", c.MaxSandboxes))
	}
	if c.SandboxCapacity < 0 || c.SandboxCapacity > 100_000 {
		errs = append(errs, fmt.Errorf("SANDBOX_CAPACITY: %d is outside 0..100000 (0: no line)", c.SandboxCapacity))
	}
	if c.SandboxPool != "" && !poolName.MatchString(c.SandboxPool) {
		errs = append(errs, fmt.Errorf("SANDBOX_POOL: %q is not 1-64 letters, digits, '-', '_' or '.'", c.SandboxPool))
	}
	if c.StreamCellBytes < 0 || c.StreamCellBytes > 1<<20 {
		errs = append(errs, fmt.Errorf("STREAM_CELL_BYTES: %d is outside 0..1048576 (0: the default, 1024)", c.StreamCellBytes))
	}
	if c.MaxOutputBytes < 256 {
		errs = append(errs, fmt.Errorf("MAX_OUTPUT_BYTES: %d is below 256", c.MaxOutputBytes))
	}
	// 0 (a Worker built in code) means the activities' defaults.
	if c.MaxOutputFiles < 0 || c.MaxOutputFiles > 1000 {
		errs = append(errs, fmt.Errorf("MAX_OUTPUT_FILES: %d is outside 0..1000 (0: the default, 20)", c.MaxOutputFiles))
	}
	if c.MaxOutputFilesBytes < 0 || c.MaxOutputFilesBytes > 1<<30 {
		errs = append(errs, fmt.Errorf("MAX_OUTPUT_FILES_BYTES: %d is outside 0..1073741824 (0: the default, 52428800)", c.MaxOutputFilesBytes))
	}
	if c.MaxDatasetBytes <= 0 {
		errs = append(errs, fmt.Errorf("MAX_DATASET_BYTES: %d must be positive", c.MaxDatasetBytes))
	}
	if c.SweepInterval != 0 && (c.SweepInterval < 10*time.Second || c.SweepInterval > 24*time.Hour) {
		errs = append(errs, fmt.Errorf("SWEEP_INTERVAL: %s is outside 10s..24h (0 disables the sweeper)", c.SweepInterval))
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		errs = append(errs, fmt.Errorf("LOG_FORMAT: %q is not text or json", c.LogFormat))
	}
	if c.WorkerStopTimeout < 0 || c.WorkerStopTimeout > time.Hour {
		errs = append(errs, fmt.Errorf("WORKER_STOP_TIMEOUT: %s is outside 0..1h", c.WorkerStopTimeout))
	}
	if c.MaxConcurrentActivities < 0 {
		errs = append(errs, fmt.Errorf("MAX_CONCURRENT_ACTIVITIES: %d must not be negative", c.MaxConcurrentActivities))
	}
	if c.MaxConcurrentWorkflowTasks < 0 {
		errs = append(errs, fmt.Errorf("MAX_CONCURRENT_WORKFLOW_TASKS: %d must not be negative", c.MaxConcurrentWorkflowTasks))
	}
	if c.DatasetFetchTimeout < 0 || c.DatasetFetchTimeout > time.Hour {
		errs = append(errs, fmt.Errorf("DATASET_FETCH_TIMEOUT: %s is outside 0..1h (0: the default, 2m)", c.DatasetFetchTimeout))
	}
	if c.DatasetFetchMinRate < 0 {
		errs = append(errs, fmt.Errorf("DATASET_FETCH_MIN_RATE: %d must not be negative (0 turns it off)", c.DatasetFetchMinRate))
	}
	if c.DatasetFetchRateWindow != 0 && (c.DatasetFetchRateWindow < time.Second || c.DatasetFetchRateWindow > 10*time.Minute) {
		errs = append(errs, fmt.Errorf("DATASET_FETCH_RATE_WINDOW: %s is outside 1s..10m", c.DatasetFetchRateWindow))
	}
	if _, err := urlguard.ParseAllowlist(c.DatasetURLAllow); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", urlguard.EnvVar, err))
	}
	if c.OpenAIMaxRetries < 0 || c.OpenAIMaxRetries > 2 {
		errs = append(errs, fmt.Errorf("OPENAI_MAX_RETRIES: %d is outside 0..2", c.OpenAIMaxRetries))
	}
	errs = append(errs, c.CodecServer.validate(c.Temporal)...)
	errs = append(errs, c.validateVersioning()...)
	errs = append(errs, checkOpenAIAPI(c.OpenAIAPI), checkOpenAIBackground(c.OpenAIBackground))
	errs = append(errs, c.Tuning.validate()...)
	if c.SQLStatementTimeout != 0 || len(c.SQLSources) > 0 {
		// A Worker built in code without SQL leaves SQL zero.
		errs = append(errs, c.SQL.validate()...)
	}
	return joinOneLine(errs)
}

// Validate checks the Temporal settings.
func (t Temporal) Validate() []error {
	var errs []error
	if strings.TrimSpace(t.TemporalAddress) == "" {
		errs = append(errs, errors.New("TEMPORAL_ADDRESS: must not be empty"))
	}
	if strings.TrimSpace(t.TaskQueue) == "" {
		errs = append(errs, errors.New("TASK_QUEUE: must not be empty"))
	}
	errs = append(errs, t.TemporalTLS.validate()...)
	if _, err := t.PayloadCodec(); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// Validate checks the S3 settings (not the bucket: who needs it checks it).
func (s S3) Validate() []error {
	errs := []error{checkURL("S3_ENDPOINT", s.S3Endpoint), checkURL("S3_PUBLIC_ENDPOINT", s.S3PublicEndpoint)}
	if s.ChartURLTTL <= 0 || s.ChartURLTTL > 7*24*time.Hour {
		errs = append(errs, fmt.Errorf("CHART_URL_TTL: %s is outside (0, 168h] (S3 presigned URLs last at most 7 days)", s.ChartURLTTL))
	}
	if strings.Contains(s.S3Prefix, "//") || strings.HasPrefix(s.S3Prefix, "/") {
		errs = append(errs, fmt.Errorf("S3_PREFIX: %q must not start with / or contain //", s.S3Prefix))
	}
	return errs
}

// NewClient builds an S3 client for these settings, with credentials from
// the AWS SDK's default chain; optFns apply last (e.g. a traced HTTP client).
func (s S3) NewClient(ctx context.Context, optFns ...func(*s3.Options)) (*s3.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(s.S3Region))
	if err != nil {
		return nil, fmt.Errorf("aws config: %w", err)
	}
	return s3.NewFromConfig(awsCfg, append([]func(*s3.Options){func(o *s3.Options) {
		if s.S3Endpoint != "" {
			o.BaseEndpoint = aws.String(s.S3Endpoint)
		}
		o.UsePathStyle = s.S3PathStyle
	}}, optFns...)...), nil
}

// NewPresignClient wraps c (from NewClient) to presign chart URLs: against
// S3PublicEndpoint when it is set, else c's own endpoint.
func (s S3) NewPresignClient(c *s3.Client) *s3.PresignClient {
	return s3.NewPresignClient(c, func(o *s3.PresignOptions) {
		if s.S3PublicEndpoint != "" {
			o.ClientOptions = append(o.ClientOptions, func(o *s3.Options) { o.BaseEndpoint = aws.String(s.S3PublicEndpoint) })
		}
	})
}

// checkURL checks an optional http(s) URL variable.
func checkURL(name, val string) error {
	if val == "" {
		return nil
	}
	p, err := url.Parse(val)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return fmt.Errorf("%s: %q is not an http(s) URL", name, val)
	}
	return nil
}

// Process reads the environment into v (a config struct), with one-line
// errors that name the variable; a v that embeds Temporal also gets its
// connection settings (the temporal CLI's profile and TEMPORAL_* variables).
func Process(v any) error {
	if err := envconfig.Process("", v); err != nil {
		return oneLine(err)
	}
	if h, ok := v.(temporalHolder); ok {
		return h.temporal().loadConnection(nil)
	}
	return nil
}

// JoinErrors joins errors into one line, skipping nils.
func JoinErrors(errs []error) error { return joinOneLine(errs) }

// joinOneLine joins errors with "; " so start-up fails with one line.
func joinOneLine(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	var msgs []string
	for _, e := range errs {
		if e != nil {
			msgs = append(msgs, e.Error())
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	return errors.New(strings.Join(msgs, "; "))
}

// oneLine turns envconfig's errors into one line that leads with the
// variable's name.
func oneLine(err error) error {
	var pe *envconfig.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: cannot parse %q as %s", pe.KeyName, pe.Value, pe.TypeName)
	}
	msg := err.Error()
	// envconfig says "required key X missing value".
	if strings.HasPrefix(msg, "required key ") {
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "required key "), " missing value")
		return fmt.Errorf("%s: required but not set", name)
	}
	return err
}

package activities

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/durable-analyst/durable-analyst/activities/admission"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/sqlsource"
	"github.com/durable-analyst/durable-analyst/config"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/tracing"
	"github.com/durable-analyst/durable-analyst/internal/urlguard"
)

// New builds the activities' clients from the worker configuration.
func New(ctx context.Context, cfg config.Worker, logger *slog.Logger) (*Activities, error) {
	// Whatever a server echoes back, these never reach a message.
	fault.RedactSecrets(cfg.OpenAIAPIKey.Reveal(), cfg.E2BAPIKey.Reveal(), cfg.TemporalAPIKey.Reveal(),
		os.Getenv("AWS_SECRET_ACCESS_KEY"), os.Getenv("AWS_SESSION_TOKEN"))
	e2bOpts := []e2b.Option{e2b.WithAPIKey(cfg.E2BAPIKey.Reveal()), e2b.WithDomain(cfg.E2BDomain),
		e2b.WithHTTPClient(&http.Client{Transport: tracing.Transport("e2b", cfg.Tuning.Transport())})}
	if cfg.E2BAPIURL != "" {
		e2bOpts = append(e2bOpts, e2b.WithAPIURL(cfg.E2BAPIURL))
	}
	if cfg.E2BSandboxURL != "" {
		e2bOpts = append(e2bOpts, e2b.WithSandboxURL(cfg.E2BSandboxURL))
	}
	e2bClient, err := e2b.NewClient(e2bOpts...)
	if err != nil {
		return nil, fmt.Errorf("e2b client: %w", err)
	}

	modelOpts := []option.RequestOption{
		option.WithAPIKey(cfg.OpenAIAPIKey.Reveal()),
		option.WithMaxRetries(cfg.OpenAIMaxRetries),
		option.WithRequestTimeout(3 * time.Minute),
		option.WithMiddleware(NormalizeErrorBody),
		option.WithHTTPClient(&http.Client{Transport: tracing.Transport("model", cfg.Tuning.Transport())}),
	}
	if cfg.OpenAIBaseURL != "" {
		modelOpts = append(modelOpts, option.WithBaseURL(strings.TrimRight(cfg.OpenAIBaseURL, "/")+"/"))
	}
	model := openai.NewClient(modelOpts...)

	allow, err := urlguard.ParseAllowlist(cfg.DatasetURLAllow)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", urlguard.EnvVar, err)
	}

	var sqlSources *sqlsource.Sources
	if len(cfg.SQLSources) > 0 {
		urls := map[string]string{}
		for n, u := range cfg.SQLSources {
			urls[n] = u.Reveal()
		}
		if sqlSources, err = sqlsource.New(urls, sqlsource.Limits{
			StatementTimeout: cfg.SQLStatementTimeout, MaxRows: cfg.SQLMaxRows,
			MaxBytes: cfg.SQLMaxBytes, SchemaBytes: cfg.SQLSchemaBytes,
		}); err != nil {
			return nil, err
		}
		for n, keys := range cfg.SQLSourceAllow {
			if err := sqlSources.Allow(n, keys); err != nil {
				return nil, err
			}
		}
		if logger != nil {
			logger.Info("SQL sources configured", "sources", sqlSources.Names(), "allowed_reach", cfg.SQLSourceAllow, "statement_timeout", sqlSources.Limits().StatementTimeout,
				"max_rows", sqlSources.Limits().MaxRows, "max_bytes", sqlSources.Limits().MaxBytes)
		}
	}

	s3Client, err := cfg.S3.NewClient(ctx, tracing.S3Option)
	if err != nil {
		return nil, err
	}
	return &Activities{
		E2B:     e2bClient,
		Model:   &model,
		S3:      s3Client,
		Presign: cfg.S3.NewPresignClient(s3Client),
		// Each fetch has its own deadline (FetchTimeout); the client's
		// is only a backstop.
		HTTP:                 urlguard.New(allow).Client(cmp.Or(cfg.DatasetFetchTimeout, DefaultFetchTimeout) + time.Minute),
		FetchTimeout:         cfg.DatasetFetchTimeout,
		FetchMinRate:         cfg.DatasetFetchMinRate,
		FetchRateWindow:      cfg.DatasetFetchRateWindow,
		Logger:               logger,
		Bucket:               cfg.S3Bucket,
		Prefix:               cfg.S3Prefix,
		Template:             cfg.E2BTemplate,
		DefaultModel:         cfg.OpenAIModel,
		SandboxTimeout:       cfg.SandboxTimeout,
		ChartURLTTL:          cfg.ChartURLTTL,
		MaxOutputBytes:       cfg.MaxOutputBytes,
		StreamCellBytes:      cfg.StreamCellBytes,
		MaxDatasetBytes:      cfg.MaxDatasetBytes,
		CodeTimeout:          10 * time.Minute,
		ModelAPI:             cfg.OpenAIAPI,
		ModelBackground:      cfg.OpenAIBackground,
		SandboxKillOnTimeout: cfg.SandboxOnTimeout == "kill",
		Sandboxes:            admission.NewSandboxLeases(cfg.MaxSandboxes),
		Line: admission.SandboxLine{
			Pool:     SandboxPool(cfg),
			Capacity: cfg.SandboxCapacity,
		},
		Waiters: admission.NewSandboxWaiters(0),

		SQL:                 sqlSources,
		MaxOutputFiles:      cfg.MaxOutputFiles,
		MaxOutputFilesBytes: cfg.MaxOutputFilesBytes,
	}, nil
}

// SandboxPool names the capacity pool a worker of cfg shares with the
// other workers of its E2B team: SANDBOX_POOL, else a digest of the E2B
// API and key (admission.PoolID). Its line is
// admission.LineWorkflowID(SandboxPool(cfg)).
func SandboxPool(cfg config.Worker) string {
	return cmp.Or(cfg.SandboxPool, admission.PoolID(cfg.E2BAPIURL, cfg.E2BDomain, cfg.E2BAPIKey.Reveal()))
}

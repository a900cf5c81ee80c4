package activities

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/urlguard"
)

// CreateSandbox creates a sandbox tagged with the workflow's id, run and
// generation. If an earlier attempt already made one (and its response was
// lost), that sandbox is found by its metadata and reused, so a retry never
// leaks a second sandbox.
func (a *Activities) CreateSandbox(ctx context.Context, in CreateSandboxInput) (SandboxRef, error) {
	if in.WorkflowID == "" || in.RunID == "" || in.Generation < 1 {
		return SandboxRef{}, newError(api.ErrTypeBadRequest,
			fmt.Sprintf("create sandbox: workflow_id, run_id and generation >= 1 are required (got %q, %q, %d)", in.WorkflowID, in.RunID, in.Generation), nil, 0)
	}
	defer heartbeatWhile(ctx, "creating")()
	meta := map[string]string{
		MetaWorkflowID: in.WorkflowID,
		MetaRunID:      in.RunID,
		MetaGeneration: strconv.Itoa(in.Generation),
		MetaNamespace:  activity.GetInfo(ctx).WorkflowNamespace,
	}
	for info, err := range a.E2B.List(ctx, e2b.ListParams{Metadata: meta, State: []e2b.SandboxState{e2b.StateRunning}}) {
		if err != nil {
			return SandboxRef{}, classify(ServiceE2B, "list sandboxes", err)
		}
		// Found the sandbox of a lost response: make sure it is alive and
		// renew its lifetime.
		if _, err := a.E2B.Connect(ctx, info.ID, a.SandboxTimeout); err != nil {
			if e2b.IsNotFound(err) {
				continue
			}
			return SandboxRef{}, classify(ServiceE2B, "connect to sandbox "+info.ID, err)
		}
		activity.GetLogger(ctx).Info("reusing sandbox made by an earlier attempt", "sandbox_id", info.ID)
		count(ctx, MetricSandboxesReused, 1)
		return SandboxRef{SandboxID: info.ID, Reused: true}, nil
	}
	ok, done := a.Sandboxes.acquire(ctx, a.E2B)
	if !ok {
		return SandboxRef{}, capacityError(ctx, in, fmt.Sprintf("create sandbox: this worker holds its MAX_SANDBOXES (%d) live sandboxes", a.Sandboxes.Max()), nil)
	}
	if a.Sandboxes != nil {
		meta[MetaWorker] = a.Sandboxes.owner
	}
	sb, err := a.E2B.Create(ctx, e2b.CreateParams{
		Template: a.Template,
		Timeout:  a.SandboxTimeout,
		Metadata: meta,
	})
	if err != nil {
		done("")
		if e2b.IsRateLimited(err) {
			return SandboxRef{}, capacityError(ctx, in, err.Error(), classify(ServiceE2B, "create sandbox", err))
		}
		return SandboxRef{}, classify(ServiceE2B, "create sandbox", err)
	}
	done(sb.ID)
	activity.GetLogger(ctx).Info("sandbox created", "sandbox_id", sb.ID, "template", a.Template)
	count(ctx, MetricSandboxesCreated, 1)
	return SandboxRef{SandboxID: sb.ID}, nil
}

// capacityError is a create refused for capacity: E2B's 429 (msg is its
// error, with E2B's own words; classified is its classification) or the
// worker's own bound (msg). A caller that waits itself (ReportCapacity)
// gets api.ErrTypeSandboxCapacity, which no retry policy retries; an older
// caller gets the retryable RateLimited error it always got.
func capacityError(ctx context.Context, in CreateSandboxInput, msg string, classified error) error {
	count(ctx, MetricSandboxCapacityWaits, 1)
	if in.ReportCapacity {
		return newError(api.ErrTypeSandboxCapacity, "waiting for a sandbox: "+msg, nil, 0)
	}
	if classified != nil {
		return classified
	}
	return newError(api.ErrTypeRateLimited, msg, nil, 5*time.Second)
}

// KillSandbox kills a sandbox. A sandbox that is already gone is fine.
func (a *Activities) KillSandbox(ctx context.Context, in KillSandboxInput) error {
	if in.SandboxID == "" {
		return nil
	}
	defer heartbeatWhile(ctx, "killing")()
	gone, err := a.E2B.Kill(ctx, in.SandboxID)
	if err != nil {
		return classify(ServiceE2B, "kill sandbox "+in.SandboxID, err)
	}
	a.Sandboxes.forget(in.SandboxID)
	if gone {
		count(ctx, MetricSandboxesKilled, 1)
	}
	return nil
}

// connect reaches a sandbox by id and renews its lifetime. A sandbox that is
// gone is reported as ErrTypeSandboxLost.
func (a *Activities) connect(ctx context.Context, id string) (*e2b.Sandbox, error) {
	sb, err := a.E2B.Connect(ctx, id, a.SandboxTimeout)
	if err != nil {
		if e2b.IsNotFound(err) {
			return nil, classify(ServiceSandbox, "connect to sandbox "+id, err)
		}
		return nil, classify(ServiceE2B, "connect to sandbox "+id, err)
	}
	return sb, nil
}

// StageDatasets writes each dataset into /home/user/<name>: from S3, from a
// URL, or from inline content. Writing is idempotent, so a retry simply
// writes again.
func (a *Activities) StageDatasets(ctx context.Context, in StageDatasetsInput) ([]StagedDataset, error) {
	sb, err := a.connect(ctx, in.SandboxID)
	if err != nil {
		return nil, err
	}
	defer heartbeatWhile(ctx, "staging")()
	out := make([]StagedDataset, 0, len(in.Datasets))
	for _, d := range in.Datasets {
		data, err := a.fetchDataset(ctx, d)
		if err != nil {
			return nil, err
		}
		p := path.Join(HomeDir, d.Name)
		if _, err := sb.Files().Write(ctx, p, data); err != nil {
			return nil, classify(ServiceSandbox, "write "+p, err)
		}
		out = append(out, StagedDataset{Name: d.Name, Path: p, Bytes: int64(len(data)), Preview: preview(data)})
	}
	return out, nil
}

func (a *Activities) fetchDataset(ctx context.Context, d api.Dataset) ([]byte, error) {
	limit := a.MaxDatasetBytes
	switch {
	case d.Content != "":
		return []byte(d.Content), nil
	case d.S3Key != "":
		b, err := a.getObject(ctx, a.Bucket, d.S3Key, limit)
		if err != nil {
			return nil, datasetError(d, classify(ServiceDatasets, fmt.Sprintf("get s3://%s/%s", a.Bucket, d.S3Key), err))
		}
		return b, nil
	case d.URL != "":
		return a.fetchURL(ctx, d)
	}
	return nil, newError(api.ErrTypeDataset, fmt.Sprintf("dataset %q: no s3_key, url or content", d.Name), nil, 0)
}

// maxURLInMessage bounds a URL quoted in an error or a log line.
const maxURLInMessage = 160

// fetchURL GETs a dataset through the guarded client: a URL that reaches a
// non-public address (unless allowlisted), another scheme, or too many
// redirects is refused before anything is sent there. The content type is
// not looked at; the bytes are the file.
func (a *Activities) fetchURL(ctx context.Context, d api.Dataset) ([]byte, error) {
	hc := a.HTTP
	if hc == nil {
		hc = urlguard.New(urlguard.Allowlist{}).Client(2 * time.Minute)
	}
	where := urlguard.Redact(d.URL, maxURLInMessage)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.URL, nil)
	if err != nil {
		return nil, newError(api.ErrTypeDataset, fmt.Sprintf("dataset %q: bad url %s: %v", d.Name, where, withoutURL(err)), nil, 0)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fetchError(d, where, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, datasetError(d, classify(ServiceDatasets, "GET "+where, newStatusError(resp)))
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, a.MaxDatasetBytes+1))
	if err != nil {
		return nil, datasetError(d, classify(ServiceDatasets, "read "+where, err))
	}
	if int64(len(b)) > a.MaxDatasetBytes {
		return nil, datasetError(d, classify(ServiceDatasets, "GET "+where, &TooLargeError{Size: -1, Limit: a.MaxDatasetBytes}))
	}
	return b, nil
}

// fetchError maps a failed GET. A refusal by the guard is a non-retryable
// DatasetError that says why (and which redirect hop); anything else is
// classified as usual. The URL in the message is redacted and bounded.
func fetchError(d api.Dataset, where string, err error) error {
	hop := ""
	if ue := (*url.Error)(nil); errors.As(err, &ue) && ue.URL != d.URL {
		hop = "redirected to " + urlguard.Redact(ue.URL, maxURLInMessage) + ": "
	}
	err = withoutURL(err)
	var refused *urlguard.RefusedError
	if errors.As(err, &refused) {
		return newError(api.ErrTypeDataset, fmt.Sprintf("dataset %q: %s: %s%s", d.Name, where, hop, refused), nil, 0)
	}
	return datasetError(d, classify(ServiceDatasets, "get "+where, err))
}

// withoutURL drops the *url.Error layer, whose message repeats the whole,
// unredacted URL.
func withoutURL(err error) error {
	if ue := (*url.Error)(nil); errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// datasetError names the dataset in a classified error, keeping its type.
func datasetError(d api.Dataset, err error) error {
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		// The upstream's explanation is in the message; its cause is the
		// classified error's own, so the history does not hold it twice.
		msg := fmt.Sprintf("dataset %q: %s", d.Name, strings.TrimPrefix(appErr.Message(), string(ServiceDatasets)+": "))
		return newError(appErr.Type(), msg, appErr.Unwrap(), appErr.NextRetryDelay())
	}
	return err
}

// preview returns the first lines of a text file, bounded, or "" for binary.
func preview(b []byte) string {
	const maxBytes, maxLines = 1024, 6
	if len(b) > maxBytes {
		b = b[:maxBytes]
	}
	for len(b) > 0 && !utf8.Valid(b) {
		b = b[:len(b)-1]
	}
	s := string(b)
	if strings.ContainsRune(s, 0) {
		return ""
	}
	lines := strings.SplitN(s, "\n", maxLines+1)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
	}
	return strings.Join(lines, "\n")
}

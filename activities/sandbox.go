package activities

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/e2b"
	"github.com/durable-analyst/durable-analyst/internal/urlguard"
)

// CreateSandboxName is the name CreateSandbox is registered under.
const CreateSandboxName = "CreateSandbox"

// CreateSandbox creates a sandbox tagged with the workflow's id, run and
// generation. If an earlier attempt already made one (and its response was
// lost), that sandbox is found by its metadata and reused, so a retry never
// leaks a second sandbox.
func (a *Activities) CreateSandbox(ctx context.Context, in CreateSandboxInput) (SandboxRef, error) {
	if in.WorkflowID == "" || in.RunID == "" || in.Generation < 1 {
		return SandboxRef{}, fault.New(api.ErrTypeBadRequest,
			fmt.Sprintf("create sandbox: workflow_id, run_id and generation >= 1 are required (got %q, %q, %d)", in.WorkflowID, in.RunID, in.Generation), nil, 0)
	}
	defer HeartbeatWhile(ctx, "creating")()
	meta := map[string]string{
		MetaWorkflowID: in.WorkflowID,
		MetaRunID:      in.RunID,
		MetaGeneration: strconv.Itoa(in.Generation),
		MetaNamespace:  activity.GetInfo(ctx).WorkflowNamespace,
	}
	// A paused one counts too: it paused at its timeout, and Connect
	// resumes it.
	for info, err := range a.E2B.List(ctx, e2b.ListParams{Metadata: meta, State: []e2b.SandboxState{e2b.StateRunning, e2b.StatePaused}}) {
		if err != nil {
			return SandboxRef{}, fault.Classify(fault.ServiceE2B, "list sandboxes", err)
		}
		// Found the sandbox of a lost response: make sure it is alive and
		// renew its lifetime.
		if _, err := a.E2B.Connect(ctx, info.ID, a.SandboxTimeout); err != nil {
			if e2b.IsNotFound(err) {
				continue
			}
			return SandboxRef{}, fault.Classify(fault.ServiceE2B, "connect to sandbox "+info.ID, err)
		}
		activity.GetLogger(ctx).Info("reusing sandbox made by an earlier attempt", "sandbox_id", info.ID)
		count(ctx, MetricSandboxesReused, 1)
		a.Waiters.admitted(in.WorkflowID)
		return SandboxRef{SandboxID: info.ID, Reused: true}, nil
	}
	// A sandbox this worker freed and offered to the analysis that waited
	// longest is held for it: others wait their turn, except a rebuild,
	// which replaces the sandbox its analysis just lost.
	held, done := false, func(string) {}
	if !in.Leased {
		var ok bool
		ok, held = a.Waiters.admit(in.WorkflowID, time.Now())
		if !ok && in.Generation == 1 {
			return SandboxRef{}, a.capacityError(ctx, in, false, "create sandbox: a sandbox this worker freed is held for an analysis that has waited longer", nil)
		}
		if ok, done = a.Sandboxes.acquire(ctx, a.E2B); !ok {
			return SandboxRef{}, a.capacityError(ctx, in, held, fmt.Sprintf("create sandbox: this worker holds its MAX_SANDBOXES (%d) live sandboxes", a.Sandboxes.Max()), nil)
		}
		if a.Sandboxes != nil {
			meta[MetaWorker] = a.Sandboxes.owner
		}
	}
	sb, err := a.E2B.Create(ctx, e2b.CreateParams{
		Template: a.Template,
		Timeout:  a.SandboxTimeout,
		Metadata: meta,
		// Paused at its timeout, not killed: a worker outage longer than
		// the timeout resumes the same kernel instead of rebuilding it.
		AutoPause: !a.SandboxKillOnTimeout,
	})
	if err != nil {
		done("")
		if e2b.IsRateLimited(err) {
			return SandboxRef{}, a.capacityError(ctx, in, held, err.Error(), fault.Classify(fault.ServiceE2B, "create sandbox", err))
		}
		return SandboxRef{}, fault.Classify(fault.ServiceE2B, "create sandbox", err)
	}
	done(sb.ID)
	a.Waiters.admitted(in.WorkflowID)
	activity.GetLogger(ctx).Info("sandbox created", "sandbox_id", sb.ID, "template", a.Template)
	count(ctx, MetricSandboxesCreated, 1)
	return SandboxRef{SandboxID: sb.ID}, nil
}

// capacityError is a create refused for capacity: E2B's 429 (msg is its
// error, with E2B's own words; classified is its classification) or the
// worker's own bound (msg). A caller that waits itself (ReportCapacity)
// gets api.ErrTypeSandboxCapacity, which no retry policy retries; an older
// caller gets the retryable RateLimited error it always got. A caller
// that asked to be woken (WakeOnFree) is queued, first if it had been
// offered a sandbox and lost it (front).
func (a *Activities) capacityError(ctx context.Context, in CreateSandboxInput, front bool, msg string, classified error) error {
	count(ctx, MetricSandboxCapacityWaits, 1)
	var refusal CapacityRefusal
	if in.WakeOnFree {
		refusal = a.Waiters.wait(in.WorkflowID, in.RunID, front, time.Now())
	}
	if in.ReportCapacity {
		// Benign: a wait is normal operation under load, so the SDK logs it
		// at DEBUG (not as an "Activity error." at ERROR, thousands of
		// times in a burst) and its metrics do not count it as a failure.
		return temporal.NewApplicationErrorWithOptions("waiting for a sandbox: "+msg, api.ErrTypeSandboxCapacity,
			temporal.ApplicationErrorOptions{NonRetryable: true, Category: temporal.ApplicationErrorCategoryBenign, Details: []any{refusal}})
	}
	if classified != nil {
		return classified
	}
	return fault.New(api.ErrTypeRateLimited, msg, nil, 5*time.Second)
}

// KillSandboxName is the name KillSandbox is registered under.
const KillSandboxName = "KillSandbox"

// KillSandbox kills a sandbox. A sandbox that is already gone is fine.
func (a *Activities) KillSandbox(ctx context.Context, in KillSandboxInput) error {
	if in.SandboxID == "" {
		return nil
	}
	defer HeartbeatWhile(ctx, "killing")()
	gone, err := a.E2B.Kill(ctx, in.SandboxID)
	if err != nil {
		return fault.Classify(fault.ServiceE2B, "kill sandbox "+in.SandboxID, err)
	}
	a.Sandboxes.forget(in.SandboxID)
	if gone {
		count(ctx, MetricSandboxesKilled, 1)
		a.wakeWaiter(ctx)
	}
	a.leaveLine(ctx, in.Line, in.Leave)
	return nil
}

// leaveLine gives a turn back to the pool's line; a failure is logged
// and left to the workflow's own leave.
func (a *Activities) leaveLine(ctx context.Context, line string, leave *LineRequest) {
	if line == "" || leave == nil || a.Temporal == nil {
		return
	}
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := a.Temporal.SignalWorkflow(sctx, line, "", api.SignalSandboxLine, *leave); err != nil {
		activity.GetLogger(ctx).Warn("could not give the turn back to the sandbox line; the workflow gives it back", "line_workflow_id", line, "error", err)
	}
}

// connect reaches a sandbox by id and renews its lifetime. A sandbox that is
// gone is reported as ErrTypeSandboxLost.
func (a *Activities) connect(ctx context.Context, id string) (*e2b.Sandbox, error) {
	sb, err := a.E2B.Connect(ctx, id, a.SandboxTimeout)
	if err != nil {
		if e2b.IsNotFound(err) {
			return nil, fault.Classify(fault.ServiceSandbox, "connect to sandbox "+id, err)
		}
		return nil, fault.Classify(fault.ServiceE2B, "connect to sandbox "+id, err)
	}
	return sb, nil
}

// StageDatasetsName is the name StageDatasets is registered under.
const StageDatasetsName = "StageDatasets"

// StageDatasets writes each dataset into /home/user/<name>: from S3, from a
// URL, or from inline content. Writing is idempotent, so a retry simply
// writes again.
func (a *Activities) StageDatasets(ctx context.Context, in StageDatasetsInput) ([]StagedDataset, error) {
	sb, err := a.connect(ctx, in.SandboxID)
	if err != nil {
		return nil, err
	}
	defer HeartbeatWhile(ctx, "staging")()
	out := make([]StagedDataset, 0, len(in.Datasets))
	for _, d := range in.Datasets {
		if d.SQL != nil {
			st, err := a.stageSQLDataset(ctx, sb, d)
			if err != nil {
				return nil, err
			}
			out = append(out, st)
			continue
		}
		data, err := a.fetchDataset(ctx, d)
		if err != nil {
			return nil, err
		}
		p := path.Join(HomeDir, d.Name)
		if _, err := sb.Files().Write(ctx, p, data); err != nil {
			return nil, fault.Classify(fault.ServiceSandbox, "write "+p, err)
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
		b, err := a.GetObject(ctx, a.Bucket, d.S3Key, limit)
		if err != nil {
			return nil, datasetError(d, fault.Classify(fault.ServiceDatasets, fmt.Sprintf("get s3://%s/%s", a.Bucket, d.S3Key), err))
		}
		return b, nil
	case d.URL != "":
		return a.fetchURL(ctx, d)
	}
	return nil, fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: no s3_key, url or content", d.Name), nil, 0)
}

// maxURLInMessage bounds a URL quoted in an error or a log line.
const maxURLInMessage = 160

// Defaults of the dataset URL fetch bounds (Activities.FetchTimeout,
// FetchMinRate, FetchRateWindow).
const (
	DefaultFetchTimeout    = 2 * time.Minute
	DefaultFetchMinRate    = 1024
	DefaultFetchRateWindow = 20 * time.Second
)

// fetchTooSlow is the cause of a fetch cancelled for its transfer rate.
type fetchTooSlow struct {
	got    int64
	window time.Duration
	min    int64
}

func (e *fetchTooSlow) Error() string {
	return fmt.Sprintf("too slow: %d bytes in %s, below the minimum of %d bytes/s (DATASET_FETCH_MIN_RATE)", e.got, e.window, e.min)
}

// fetchTimedOut is the cause of a fetch that hit its total deadline.
type fetchTimedOut struct{ after time.Duration }

func (e *fetchTimedOut) Error() string {
	return fmt.Sprintf("not finished within %s (DATASET_FETCH_TIMEOUT)", e.after)
}

// fetchURL GETs a dataset through the guarded client: a URL that reaches a
// non-public address (unless allowlisted), another scheme, or too many
// redirects is refused before anything is sent there. The fetch is bounded
// in time (FetchTimeout) and in rate (FetchMinRate over FetchRateWindow),
// so a server that drips bytes cannot hold the sandbox. The content type
// is not looked at; the bytes are the file.
func (a *Activities) fetchURL(ctx context.Context, d api.Dataset) ([]byte, error) {
	hc := a.HTTP
	if hc == nil {
		hc = urlguard.New(urlguard.Allowlist{}).Client(0)
	}
	where := urlguard.Redact(d.URL, maxURLInMessage)
	timeout := cmp.Or(a.FetchTimeout, DefaultFetchTimeout)
	parent := ctx
	ctx, cancelDeadline := context.WithTimeoutCause(ctx, timeout, &fetchTimedOut{after: timeout})
	defer cancelDeadline()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// bounded maps an error of a fetch that one of its own bounds ended;
	// nil when it was not (the activity's own cancellation included).
	bounded := func(n int64) error {
		if parent.Err() != nil {
			return nil
		}
		var slow *fetchTooSlow
		var late *fetchTimedOut
		switch cause := context.Cause(ctx); {
		case errors.As(cause, &slow), errors.As(cause, &late):
			return fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: GET %s: %v (%d bytes received)", d.Name, where, cause, n), nil, 0)
		}
		return nil
	}

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.URL, nil)
	if err != nil {
		return nil, fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: bad url %s: %v", d.Name, where, withoutURL(err)), nil, 0)
	}
	resp, err := hc.Do(req)
	if err != nil {
		if b := bounded(0); b != nil {
			return nil, b
		}
		return nil, fetchError(parent, d, where, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, datasetError(d, fault.Classify(fault.ServiceDatasets, "GET "+where, fault.NewStatusError(resp)))
	}
	body := &countingReader{r: resp.Body}
	if a.FetchMinRate > 0 {
		stop := watchRate(ctx, &body.n, a.FetchMinRate, cmp.Or(a.FetchRateWindow, DefaultFetchRateWindow), cancel)
		defer stop()
	}
	b, err := io.ReadAll(io.LimitReader(body, a.MaxDatasetBytes+1))
	if err != nil {
		if bo := bounded(body.n.Load()); bo != nil {
			return nil, bo
		}
		return nil, datasetError(d, fault.Classify(fault.ServiceDatasets, "read "+where, err))
	}
	if int64(len(b)) > a.MaxDatasetBytes {
		return nil, datasetError(d, fault.Classify(fault.ServiceDatasets, "GET "+where, &fault.TooLargeError{Size: -1, Limit: a.MaxDatasetBytes}))
	}
	return b, nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// watchRate cancels ctx (with a *fetchTooSlow cause) when a window passes
// in which fewer than min bytes per second arrived; stop ends the watch.
func watchRate(ctx context.Context, n *atomic.Int64, min int64, window time.Duration, cancel context.CancelCauseFunc) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(window)
		defer t.Stop()
		last := n.Load()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				cur := n.Load()
				if got := cur - last; float64(got) < float64(min)*window.Seconds() {
					cancel(&fetchTooSlow{got: got, window: window, min: min})
					return
				}
				last = cur
			}
		}
	}()
	return func() { close(done) }
}

// fetchError maps a failed GET. A refusal by the guard is a non-retryable
// DatasetError that says why (and which redirect hop); a host that does not
// exist is retried once (DNS may have been briefly wrong), then is a
// DatasetError too; anything else is classified as usual. The URL in the
// message is redacted and bounded.
func fetchError(ctx context.Context, d api.Dataset, where string, err error) error {
	hop := ""
	if ue := (*url.Error)(nil); errors.As(err, &ue) && ue.URL != d.URL {
		hop = "redirected to " + urlguard.Redact(ue.URL, maxURLInMessage) + ": "
	}
	err = withoutURL(err)
	var refused *urlguard.RefusedError
	if errors.As(err, &refused) {
		return fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: %s: %s%s", d.Name, where, hop, refused), nil, 0)
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) && dnsErr.IsNotFound {
		msg := fmt.Sprintf("dataset %q: %s: %sno such host %q", d.Name, where, hop, dnsErr.Name)
		if attempt(ctx) >= 2 {
			return fault.New(api.ErrTypeDataset, msg+" (also on a retry)", nil, 0)
		}
		return fault.New(api.ErrTypeUnavailable, msg+" (tried once more before giving up)", nil, 0)
	}
	return datasetError(d, fault.Classify(fault.ServiceDatasets, "get "+where, err))
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
		msg := fmt.Sprintf("dataset %q: %s", d.Name, strings.TrimPrefix(appErr.Message(), string(fault.ServiceDatasets)+": "))
		return fault.New(appErr.Type(), msg, appErr.Unwrap(), appErr.NextRetryDelay())
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

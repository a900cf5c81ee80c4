// Package sandboxes holds a sandbox's whole life: creating and killing it
// (create.go), staging datasets into it, pausing and resuming it,
// rebuilding a lost one from the cell journal; the sweep of the sandboxes
// of closed workflows; and the activities of admission, which decides when
// a sandbox may be had: a worker's own (admit.go) and its pool's line
// (line.go). Admission's state and messages are package admission's.
package sandboxes

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
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"go.temporal.io/sdk/temporal"

	"github.com/durable-analyst/durable-analyst/activities"
	"github.com/durable-analyst/durable-analyst/activities/fault"
	"github.com/durable-analyst/durable-analyst/activities/journal"
	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/internal/urlguard"
)

// Activities are a sandbox's activities, over the worker's shared
// dependencies (the E2B client, S3, the dataset fetch bounds, the
// worker's admission state and its pool's line).
type Activities struct {
	d *activities.Activities
}

// New builds the sandboxes' activities on d.
func New(d *activities.Activities) *Activities { return &Activities{d: d} }

// Register registers the sandboxes' activities on r under their names.
func (a *Activities) Register(r activities.Registry) {
	activities.RegisterNamed(r, map[string]any{
		CreateSandboxName:     a.CreateSandbox,
		KillSandboxName:       a.KillSandbox,
		AdmitSandboxName:      a.AdmitSandbox,
		JoinSandboxLineName:   a.JoinSandboxLine,
		LineHoldersClosedName: a.LineHoldersClosed,
		StageDatasetsName:     a.StageDatasets,
		PauseSandboxName:      a.PauseSandbox,
		ResumeSandboxName:     a.ResumeSandbox,
		RestoreSandboxName:    a.RestoreSandbox,
		SweepSandboxesName:    a.SweepSandboxes,
	})
}

// StageDatasetsInput lists the datasets to write into a sandbox.
type StageDatasetsInput struct {
	SandboxID string        `json:"sandbox_id"`
	Datasets  []api.Dataset `json:"datasets"`
}

// StagedDataset describes a dataset as it now lies in the sandbox.
type StagedDataset struct {
	Name  string `json:"name"`
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
	// Preview is the first lines of a text file (bounded), so the model
	// knows the columns without spending a step.
	Preview string `json:"preview,omitempty"`
}

// StageDatasetsName is the name StageDatasets is registered under.
const StageDatasetsName = "StageDatasets"

// StageDatasets writes each dataset into /home/user/<name>: from S3, from a
// URL, or from inline content. Writing is idempotent, so a retry simply
// writes again.
func (a *Activities) StageDatasets(ctx context.Context, in StageDatasetsInput) ([]StagedDataset, error) {
	sb, err := journal.Connect(ctx, a.d, in.SandboxID)
	if err != nil {
		return nil, err
	}
	defer activities.HeartbeatWhile(ctx, "staging")()
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
		p := path.Join(activities.HomeDir, d.Name)
		if _, err := sb.Files().Write(ctx, p, data); err != nil {
			return nil, fault.Classify(fault.ServiceSandbox, "write "+p, err)
		}
		out = append(out, StagedDataset{Name: d.Name, Path: p, Bytes: int64(len(data)), Preview: preview(data)})
	}
	return out, nil
}

func (a *Activities) fetchDataset(ctx context.Context, d api.Dataset) ([]byte, error) {
	limit := a.d.MaxDatasetBytes
	switch {
	case d.Content != "":
		return []byte(d.Content), nil
	case d.S3Key != "":
		b, err := a.d.GetObject(ctx, a.d.Bucket, d.S3Key, limit)
		if err != nil {
			return nil, datasetError(d, fault.Classify(fault.ServiceDatasets, fmt.Sprintf("get s3://%s/%s", a.d.Bucket, d.S3Key), err))
		}
		return b, nil
	case d.URL != "":
		return a.fetchURL(ctx, d)
	}
	return nil, fault.New(api.ErrTypeDataset, fmt.Sprintf("dataset %q: no s3_key, url or content", d.Name), nil, 0)
}

// maxURLInMessage bounds a URL quoted in an error or a log line.
const maxURLInMessage = 160

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
	hc := a.d.HTTP
	if hc == nil {
		hc = urlguard.New(urlguard.Allowlist{}).Client(0)
	}
	where := urlguard.Redact(d.URL, maxURLInMessage)
	timeout := cmp.Or(a.d.FetchTimeout, activities.DefaultFetchTimeout)
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
	if a.d.FetchMinRate > 0 {
		stop := watchRate(ctx, &body.n, a.d.FetchMinRate, cmp.Or(a.d.FetchRateWindow, activities.DefaultFetchRateWindow), cancel)
		defer stop()
	}
	b, err := io.ReadAll(io.LimitReader(body, a.d.MaxDatasetBytes+1))
	if err != nil {
		if bo := bounded(body.n.Load()); bo != nil {
			return nil, bo
		}
		return nil, datasetError(d, fault.Classify(fault.ServiceDatasets, "read "+where, err))
	}
	if int64(len(b)) > a.d.MaxDatasetBytes {
		return nil, datasetError(d, fault.Classify(fault.ServiceDatasets, "GET "+where, &fault.TooLargeError{Size: -1, Limit: a.d.MaxDatasetBytes}))
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
		if activities.Attempt(ctx) >= 2 {
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

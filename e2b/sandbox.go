package e2b

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/filesystem/filesystemconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/envd/process/processconnect"
	"github.com/durable-analyst/durable-analyst/e2b/internal/wire"
)

// Template names.
const (
	DefaultTemplate         = "base"
	CodeInterpreterTemplate = "code-interpreter-v1"
)

// CreateParams are the parameters of Client.Create.
type CreateParams struct {
	// Template is a template name, alias or ID (default "base"). Code
	// interpreter users pass CodeInterpreterTemplate.
	Template string
	// Timeout is the sandbox's lifetime, rounded up to whole seconds; 0 omits
	// it and the server uses its default (300s).
	Timeout time.Duration
	// Metadata is stored with the sandbox and can be filtered on in List.
	Metadata map[string]string
	// EnvVars are the default environment of commands and code.
	EnvVars map[string]string
	// Secure asks for an envd access token (legacy; v2 always issues one).
	Secure *bool
	// AllowInternetAccess false blocks all outbound traffic.
	AllowInternetAccess *bool
	// AutoPause pauses instead of killing the sandbox when Timeout expires
	// (the SDKs' lifecycle onTimeout "pause"); Connect resumes it.
	AutoPause bool
	// AutoResume (with AutoPause) lets traffic to the paused sandbox resume
	// it (the SDKs' lifecycle autoResume).
	AutoResume bool
	// Network restricts the sandbox's traffic.
	Network *NetworkParams
}

// NetworkParams is a sandbox's network configuration.
type NetworkParams struct {
	AllowOut           []string // CIDRs or domains allowed out
	DenyOut            []string // CIDRs denied out ("0.0.0.0/0" blocks all)
	AllowPublicTraffic *bool    // false requires the traffic token on sandbox ports
	MaskRequestHost    string   // Host header template containing ${PORT}
}

// SandboxState is the state of a sandbox in List and GetInfo.
type SandboxState string

// Sandbox states.
const (
	StateRunning SandboxState = "running"
	StatePaused  SandboxState = "paused"
)

// SandboxInfo describes a sandbox as returned by GetInfo and List.
type SandboxInfo struct {
	ID                  string
	TemplateID          string
	Alias               string
	State               SandboxState
	StartedAt, EndAt    time.Time
	CPUCount            int
	MemoryMB            int
	DiskSizeMB          int
	EnvdVersion         string
	Metadata            map[string]string
	Domain              string // only from GetInfo
	AllowInternetAccess *bool  // only from GetInfo
}

// Sandbox is a handle on a running sandbox. It holds the credentials of its
// data plane (never printed) and is safe for concurrent use.
type Sandbox struct {
	ID          string
	TemplateID  string
	Alias       string
	EnvdVersion string
	Domain      string

	client       *Client
	accessToken  string
	trafficToken string

	envdOnce sync.Once // makes the envd clients on first use
	fsClient filesystemconnect.FilesystemClient
	psClient processconnect.ProcessClient
}

// String implements fmt.Stringer without revealing the access tokens.
func (s *Sandbox) String() string { return "e2b.Sandbox(" + s.ID + ")" }

// seconds rounds d up to whole seconds, as the SDKs do.
func seconds(d time.Duration) int32 {
	return int32((d + time.Second - 1) / time.Second)
}

const debugSandboxID = "debug_sandbox_id"

// Create starts a new sandbox (POST /v2/sandboxes). It is never retried:
// a retry after a lost response would leak a second sandbox.
func (c *Client) Create(ctx context.Context, p CreateParams) (*Sandbox, error) {
	template := p.Template
	if template == "" {
		template = DefaultTemplate
	}
	if p.Timeout < 0 {
		return nil, fmt.Errorf("e2b: create sandbox: timeout must not be negative, got %s", p.Timeout)
	}
	if c.debug {
		return &Sandbox{ID: debugSandboxID, TemplateID: template, EnvdVersion: "99.99.99", Domain: c.domain, client: c}, nil
	}
	body := wire.NewSandbox{
		TemplateID:          template,
		Timeout:             seconds(p.Timeout),
		Metadata:            p.Metadata,
		EnvVars:             p.EnvVars,
		Secure:              p.Secure,
		AllowInternetAccess: p.AllowInternetAccess,
	}
	if p.AutoPause {
		t := true
		body.AutoPause = &t
	}
	if p.AutoResume {
		if !p.AutoPause {
			return nil, errors.New("e2b: create sandbox: AutoResume needs AutoPause")
		}
		body.AutoResume = &wire.AutoResume{Enabled: true}
	}
	if n := p.Network; n != nil {
		body.Network = &wire.Network{AllowOut: n.AllowOut, DenyOut: n.DenyOut, AllowPublicTraffic: n.AllowPublicTraffic, MaskRequestHost: n.MaskRequestHost}
	}
	r, err := jsonRequest("create sandbox", http.MethodPost, "/v2/sandboxes", body)
	if err != nil {
		return nil, err
	}
	var out wire.Sandbox
	if _, err := c.api(ctx, r, &out); err != nil {
		return nil, err
	}
	sb := c.newSandbox(out)
	if versionLess(sb.EnvdVersion, "0.1.0") {
		_, _ = c.Kill(ctx, sb.ID)
		return nil, fmt.Errorf("e2b: create sandbox: template %q has envd %s, older than the minimum 0.1.0; rebuild the template", template, sb.EnvdVersion)
	}
	return sb, nil
}

func (c *Client) newSandbox(w wire.Sandbox) *Sandbox {
	d := w.Domain
	if d == "" {
		d = c.domain
	}
	return &Sandbox{ID: w.SandboxID, TemplateID: w.TemplateID, Alias: w.Alias, EnvdVersion: w.EnvdVersion, Domain: d,
		client: c, accessToken: w.EnvdAccessToken, trafficToken: w.TrafficAccessToken}
}

// versionLess compares dotted numeric versions; unparsable parts count as 0.
func versionLess(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range max(len(pa), len(pb)) {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			return x < y
		}
	}
	return false
}

func sandboxPath(id string, suffix string) string {
	return "/sandboxes/" + url.PathEscape(id) + suffix
}

// markSandboxMissing flags a not-found answer about the sandbox itself.
func markSandboxMissing(err error) error {
	if ae, ok := asAPIError(err); ok && ae.Kind == KindNotFound {
		ae.sandboxMissing = true
	}
	return err
}

// Connect returns a handle on an existing sandbox, resuming it if it is
// paused (POST /v2/sandboxes/{id}/connect). A non-zero timeout extends the
// sandbox's lifetime to at least that long; it never shortens it.
func (c *Client) Connect(ctx context.Context, sandboxID string, timeout time.Duration) (*Sandbox, error) {
	if sandboxID == "" {
		return nil, errors.New("e2b: connect sandbox: empty sandbox ID")
	}
	if c.debug {
		return &Sandbox{ID: sandboxID, EnvdVersion: "99.99.99", Domain: c.domain, client: c}, nil
	}
	r, err := jsonRequest("connect sandbox", http.MethodPost, "/v2"+sandboxPath(sandboxID, "/connect"), wire.ConnectSandbox{Timeout: seconds(timeout)})
	if err != nil {
		return nil, err
	}
	r.idempotent = true
	r.ok = []int{http.StatusOK, http.StatusCreated}
	var out wire.Sandbox
	if _, err := c.api(ctx, r, &out); err != nil {
		return nil, markSandboxMissing(err)
	}
	if out.SandboxID == "" {
		out.SandboxID = sandboxID
	}
	return c.newSandbox(out), nil
}

// Kill destroys a sandbox (DELETE /sandboxes/{id}). It reports false, nil
// when the sandbox does not exist.
func (c *Client) Kill(ctx context.Context, sandboxID string) (bool, error) {
	if c.debug {
		return true, nil
	}
	r := &request{op: "kill sandbox", method: http.MethodDelete, url: sandboxPath(sandboxID, ""), header: http.Header{}, idempotent: true}
	if _, err := c.api(ctx, r, nil); err != nil {
		if IsNotFound(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// SetTimeout sets the sandbox to expire d from now (rounded up to seconds);
// it can shorten or extend the lifetime.
func (c *Client) SetTimeout(ctx context.Context, sandboxID string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("e2b: set sandbox timeout: timeout must be positive, got %s", d)
	}
	if c.debug {
		return nil
	}
	r, err := jsonRequest("set sandbox timeout", http.MethodPost, sandboxPath(sandboxID, "/timeout"), wire.TimeoutRequest{Timeout: seconds(d)})
	if err != nil {
		return err
	}
	r.idempotent = true
	_, err = c.api(ctx, r, nil)
	return markSandboxMissing(err)
}

// Pause pauses a running sandbox, keeping its memory and filesystem. It
// reports false, nil when the sandbox is already paused (409).
func (c *Client) Pause(ctx context.Context, sandboxID string) (bool, error) {
	r, err := jsonRequest("pause sandbox", http.MethodPost, sandboxPath(sandboxID, "/pause"), wire.PauseRequest{})
	if err != nil {
		return false, err
	}
	if _, err := c.api(ctx, r, nil); err != nil {
		if hasKind(err, KindConflict) {
			return false, nil
		}
		return false, markSandboxMissing(err)
	}
	return true, nil
}

// GetInfo describes a sandbox (GET /sandboxes/{id}).
func (c *Client) GetInfo(ctx context.Context, sandboxID string) (*SandboxInfo, error) {
	r := &request{op: "get sandbox info", method: http.MethodGet, url: sandboxPath(sandboxID, ""), header: http.Header{}, idempotent: true}
	var d wire.SandboxDetail
	if _, err := c.api(ctx, r, &d); err != nil {
		return nil, markSandboxMissing(err)
	}
	info := infoFromListed(d.ListedSandbox)
	info.Domain = d.Domain
	info.AllowInternetAccess = d.AllowInternetAccess
	return &info, nil
}

func infoFromListed(l wire.ListedSandbox) SandboxInfo {
	return SandboxInfo{ID: l.SandboxID, TemplateID: l.TemplateID, Alias: l.Alias, State: SandboxState(l.State),
		StartedAt: l.StartedAt, EndAt: l.EndAt, CPUCount: int(l.CPUCount), MemoryMB: int(l.MemoryMB),
		DiskSizeMB: int(l.DiskSizeMB), EnvdVersion: l.EnvdVersion, Metadata: l.Metadata}
}

// ListParams filters Client.List.
type ListParams struct {
	// Metadata keeps sandboxes whose metadata has all these pairs.
	Metadata map[string]string
	// State keeps sandboxes in these states (default: running and paused).
	State []SandboxState
	// Limit is the page size, 1..100 (0: the server's default, 100). The
	// iterator fetches following pages until exhausted or the loop stops.
	Limit int
}

// List iterates over sandboxes (GET /v2/sandboxes), fetching pages as the
// loop advances through the X-Next-Token cursor. A failed page yields its
// error once and ends the iteration.
func (c *Client) List(ctx context.Context, p ListParams) iter.Seq2[SandboxInfo, error] {
	return func(yield func(SandboxInfo, error) bool) {
		if p.Limit < 0 || p.Limit > 100 {
			yield(SandboxInfo{}, fmt.Errorf("e2b: list sandboxes: limit must be between 1 and 100, got %d", p.Limit))
			return
		}
		token := ""
		for {
			r := &request{op: "list sandboxes", method: http.MethodGet, url: "/v2/sandboxes" + listQuery(p, token), header: http.Header{}, idempotent: true}
			var page []wire.ListedSandbox
			resp, err := c.api(ctx, r, &page)
			if err != nil {
				yield(SandboxInfo{}, err)
				return
			}
			for _, l := range page {
				if !yield(infoFromListed(l), nil) {
					return
				}
			}
			token = resp.Header.Get(wire.HeaderNextToken)
			if token == "" || len(page) == 0 {
				return
			}
		}
	}
}

func listQuery(p ListParams, token string) string {
	var parts []string
	if len(p.Metadata) > 0 {
		keys := slices.Sorted(maps.Keys(p.Metadata))
		pairs := make([][2]string, len(keys))
		for i, k := range keys {
			pairs[i] = [2]string{k, p.Metadata[k]}
		}
		parts = append(parts, "metadata="+encodeMetadataFilter(pairs))
	}
	if len(p.State) > 0 {
		states := make([]string, len(p.State))
		for i, s := range p.State {
			states[i] = encodeURIComponent(string(s))
		}
		parts = append(parts, "state="+strings.Join(states, ","))
	}
	if p.Limit > 0 {
		parts = append(parts, "limit="+strconv.Itoa(p.Limit))
	}
	if token != "" {
		parts = append(parts, "nextToken="+encodeURIComponent(token))
	}
	if len(parts) == 0 {
		return ""
	}
	return "?" + strings.Join(parts, "&")
}

// encodeMetadataFilter encodes the metadata query value exactly as the
// official SDKs put it on the wire: each key and value percent-encoded
// twice, joined as k=v&k2=v2, and the whole string encoded once more
// (docs/e2b-protocol.md §2.6).
func encodeMetadataFilter(pairs [][2]string) string {
	enc := make([]string, len(pairs))
	for i, kv := range pairs {
		enc[i] = encodeURIComponent(encodeURIComponent(kv[0])) + "=" + encodeURIComponent(encodeURIComponent(kv[1]))
	}
	return encodeURIComponent(strings.Join(enc, "&"))
}

// encodeURIComponent escapes like JavaScript's encodeURIComponent.
func encodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9' || strings.IndexByte("-_.!~*'()", ch) >= 0 {
			b.WriteByte(ch)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[ch>>4])
		b.WriteByte(hex[ch&15])
	}
	return b.String()
}

// Kill destroys the sandbox; false, nil means it was already gone.
func (s *Sandbox) Kill(ctx context.Context) (bool, error) { return s.client.Kill(ctx, s.ID) }

// SetTimeout sets the sandbox to expire d from now.
func (s *Sandbox) SetTimeout(ctx context.Context, d time.Duration) error {
	return s.client.SetTimeout(ctx, s.ID, d)
}

// GetInfo describes the sandbox.
func (s *Sandbox) GetInfo(ctx context.Context) (*SandboxInfo, error) {
	return s.client.GetInfo(ctx, s.ID)
}

// Pause pauses the sandbox; false, nil means it was already paused.
func (s *Sandbox) Pause(ctx context.Context) (bool, error) { return s.client.Pause(ctx, s.ID) }

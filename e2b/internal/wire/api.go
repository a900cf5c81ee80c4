package wire

import (
	"encoding/json"
	"time"
)

// NewSandbox is the body of POST /v2/sandboxes (and of the legacy
// POST /sandboxes, which also reads Secure). Unset fields are omitted.
type NewSandbox struct {
	TemplateID          string            `json:"templateID"`
	Timeout             int32             `json:"timeout,omitempty"`
	Metadata            map[string]string `json:"metadata,omitempty"`
	EnvVars             map[string]string `json:"envVars,omitempty"`
	AutoPause           *bool             `json:"autoPause,omitempty"`
	AutoPauseMemory     *bool             `json:"autoPauseMemory,omitempty"`
	AutoResume          *AutoResume       `json:"autoResume,omitempty"`
	AllowInternetAccess *bool             `json:"allow_internet_access,omitempty"`
	Network             *Network          `json:"network,omitempty"`
	MCP                 json.RawMessage   `json:"mcp,omitempty"`
	VolumeMounts        []VolumeMount     `json:"volumeMounts,omitempty"`
	Secure              *bool             `json:"secure,omitempty"` // legacy route only
}

// AutoResume is NewSandbox.autoResume.
type AutoResume struct {
	Enabled bool `json:"enabled"`
}

// Network is the sandbox network configuration.
type Network struct {
	AllowOut           []string     `json:"allowOut,omitempty"`
	DenyOut            []string     `json:"denyOut,omitempty"`
	AllowPublicTraffic *bool        `json:"allowPublicTraffic,omitempty"`
	MaskRequestHost    string       `json:"maskRequestHost,omitempty"`
	HTTPSPorts         []int        `json:"httpsPorts,omitempty"`
	EgressProxy        *EgressProxy `json:"egressProxy,omitempty"`
}

// EgressProxy is Network.egressProxy.
type EgressProxy struct {
	Address  string `json:"address"`
	Username string `json:"username,omitempty"`
	Password string `json:"password,omitempty"`
}

// VolumeMount is one entry of volumeMounts.
type VolumeMount struct {
	Name string `json:"name"`
	Path string `json:"path"`
}

// Sandbox is the response of create and connect.
type Sandbox struct {
	SandboxID          string `json:"sandboxID"`
	TemplateID         string `json:"templateID"`
	Alias              string `json:"alias,omitempty"`
	ClientID           string `json:"clientID"`
	EnvdVersion        string `json:"envdVersion"`
	EnvdAccessToken    string `json:"envdAccessToken,omitempty"`
	TrafficAccessToken string `json:"trafficAccessToken,omitempty"`
	Domain             string `json:"domain,omitempty"`
}

// Lifecycle is SandboxDetail.lifecycle.
type Lifecycle struct {
	OnTimeout  string `json:"onTimeout"`
	AutoResume bool   `json:"autoResume"`
}

// ListedSandbox is one element of GET /v2/sandboxes.
type ListedSandbox struct {
	SandboxID    string            `json:"sandboxID"`
	TemplateID   string            `json:"templateID"`
	Alias        string            `json:"alias,omitempty"`
	ClientID     string            `json:"clientID"`
	StartedAt    time.Time         `json:"startedAt"`
	EndAt        time.Time         `json:"endAt"`
	State        string            `json:"state"`
	CPUCount     int32             `json:"cpuCount"`
	MemoryMB     int32             `json:"memoryMB"`
	DiskSizeMB   int32             `json:"diskSizeMB"`
	EnvdVersion  string            `json:"envdVersion"`
	Metadata     map[string]string `json:"metadata,omitempty"`
	VolumeMounts []VolumeMount     `json:"volumeMounts,omitempty"`
}

// SandboxDetail is the response of GET /sandboxes/{id}.
type SandboxDetail struct {
	ListedSandbox
	EnvdAccessToken     string     `json:"envdAccessToken,omitempty"`
	Domain              string     `json:"domain,omitempty"`
	AllowInternetAccess *bool      `json:"allowInternetAccess,omitempty"`
	Network             *Network   `json:"network,omitempty"`
	Lifecycle           *Lifecycle `json:"lifecycle,omitempty"`
}

// ConnectSandbox is the body of POST /v2/sandboxes/{id}/connect.
type ConnectSandbox struct {
	Timeout int32 `json:"timeout,omitempty"`
	Memory  *bool `json:"memory,omitempty"`
}

// TimeoutRequest is the body of POST /sandboxes/{id}/timeout.
type TimeoutRequest struct {
	Timeout int32 `json:"timeout"`
}

// PauseRequest is the body of POST /sandboxes/{id}/pause.
type PauseRequest struct {
	Memory *bool `json:"memory,omitempty"`
}

// APIError is the JSON error body of the control plane (and of envd's HTTP
// middleware and the edge proxy): {"code": 404, "message": "..."}.
type APIError struct {
	Code      int    `json:"code"`
	Message   string `json:"message"`
	ErrorCode string `json:"error_code,omitempty"`
}

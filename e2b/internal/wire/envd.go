package wire

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// Ports of the sandbox services.
const (
	EnvdPort            = 49983 // envd: filesystem, processes, /files, /health
	CodeInterpreterPort = 49999 // the code interpreter's /execute and /contexts
)

// HTTP headers of the E2B protocol.
const (
	HeaderAPIKey                 = "X-API-KEY"
	HeaderSandboxID              = "E2b-Sandbox-Id"
	HeaderSandboxPort            = "E2b-Sandbox-Port"
	HeaderAccessToken            = "X-Access-Token"
	HeaderTrafficToken           = "E2B-Traffic-Access-Token"
	HeaderNextToken              = "X-Next-Token"
	HeaderTotalRunning           = "X-Total-Running"
	HeaderConnectProtocolVersion = "Connect-Protocol-Version"
	HeaderConnectTimeoutMs       = "Connect-Timeout-Ms"
	HeaderKeepalivePingInterval  = "Keepalive-Ping-Interval"
)

// Content types of Connect calls.
const (
	ContentTypeJSON        = "application/json"
	ContentTypeConnectJSON = "application/connect+json"
)

// Connect procedure paths of envd.
const (
	ProcedureProcessStart       = "/process.Process/Start"
	ProcedureProcessConnect     = "/process.Process/Connect"
	ProcedureProcessList        = "/process.Process/List"
	ProcedureProcessSendInput   = "/process.Process/SendInput"
	ProcedureProcessSendSignal  = "/process.Process/SendSignal"
	ProcedureProcessCloseStdin  = "/process.Process/CloseStdin"
	ProcedureFilesystemStat     = "/filesystem.Filesystem/Stat"
	ProcedureFilesystemMakeDir  = "/filesystem.Filesystem/MakeDir"
	ProcedureFilesystemMove     = "/filesystem.Filesystem/Move"
	ProcedureFilesystemListDir  = "/filesystem.Filesystem/ListDir"
	ProcedureFilesystemRemove   = "/filesystem.Filesystem/Remove"
	ProcedureFilesystemWatchDir = "/filesystem.Filesystem/WatchDir"
)

// Int64 is a proto3 int64: encoded as a JSON string, decoded from a string or
// a number.
type Int64 int64

// MarshalJSON implements json.Marshaler.
func (n Int64) MarshalJSON() ([]byte, error) {
	return []byte(`"` + strconv.FormatInt(int64(n), 10) + `"`), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *Int64) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return fmt.Errorf("wire: invalid int64 %s", b)
	}
	*n = Int64(v)
	return nil
}

// FileType is the proto enum filesystem.FileType, by name.
type FileType string

// File types.
const (
	FileTypeUnspecified FileType = "FILE_TYPE_UNSPECIFIED"
	FileTypeFile        FileType = "FILE_TYPE_FILE"
	FileTypeDirectory   FileType = "FILE_TYPE_DIRECTORY"
	FileTypeSymlink     FileType = "FILE_TYPE_SYMLINK"
)

// EntryInfo is filesystem.EntryInfo.
type EntryInfo struct {
	Name          string            `json:"name,omitempty"`
	Type          FileType          `json:"type,omitempty"`
	Path          string            `json:"path,omitempty"`
	Size          Int64             `json:"size,omitempty"`
	Mode          uint32            `json:"mode,omitempty"`
	Permissions   string            `json:"permissions,omitempty"`
	Owner         string            `json:"owner,omitempty"`
	Group         string            `json:"group,omitempty"`
	ModifiedTime  time.Time         `json:"modifiedTime,omitzero"`
	SymlinkTarget *string           `json:"symlinkTarget,omitempty"`
	Metadata      map[string]string `json:"metadata,omitempty"`
}

// UnmarshalJSON accepts the lowerCamelCase names and the original proto
// snake_case names, as proto3-JSON parsers do.
func (e *EntryInfo) UnmarshalJSON(b []byte) error {
	type plain EntryInfo
	var aux struct {
		plain
		ModifiedTimeSnake  *time.Time `json:"modified_time"`
		SymlinkTargetSnake *string    `json:"symlink_target"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*e = EntryInfo(aux.plain)
	if e.ModifiedTime.IsZero() && aux.ModifiedTimeSnake != nil {
		e.ModifiedTime = *aux.ModifiedTimeSnake
	}
	if e.SymlinkTarget == nil {
		e.SymlinkTarget = aux.SymlinkTargetSnake
	}
	return nil
}

// WatchDirRequest is filesystem.WatchDirRequest. False booleans are
// omitted, as the JS SDK sends them.
type WatchDirRequest struct {
	Path               string `json:"path"`
	Recursive          bool   `json:"recursive,omitempty"`
	IncludeEntry       bool   `json:"includeEntry,omitempty"`
	AllowNetworkMounts bool   `json:"allowNetworkMounts,omitempty"`
}

// EventType is the proto enum filesystem.EventType, by name.
type EventType string

// Filesystem event types.
const (
	EventTypeCreate EventType = "EVENT_TYPE_CREATE"
	EventTypeWrite  EventType = "EVENT_TYPE_WRITE"
	EventTypeRemove EventType = "EVENT_TYPE_REMOVE"
	EventTypeRename EventType = "EVENT_TYPE_RENAME"
	EventTypeChmod  EventType = "EVENT_TYPE_CHMOD"
)

// FilesystemEvent is filesystem.FilesystemEvent. Name is relative to the
// watched directory.
type FilesystemEvent struct {
	Name  string     `json:"name,omitempty"`
	Type  EventType  `json:"type,omitempty"`
	Entry *EntryInfo `json:"entry,omitempty"`
}

// WatchDirResponse is the message of the WatchDir stream, the oneof event:
// exactly one member is set, the first message being Start.
type WatchDirResponse struct {
	Start      *struct{}        `json:"start,omitempty"`
	Filesystem *FilesystemEvent `json:"filesystem,omitempty"`
	Keepalive  *struct{}        `json:"keepalive,omitempty"`
}

// ProcessConfig is process.ProcessConfig.
type ProcessConfig struct {
	Cmd  string            `json:"cmd"`
	Args []string          `json:"args,omitempty"`
	Envs map[string]string `json:"envs,omitempty"`
	Cwd  *string           `json:"cwd,omitempty"`
}

// PTYSize is process.PTY.Size.
type PTYSize struct {
	Cols uint32 `json:"cols"`
	Rows uint32 `json:"rows"`
}

// PTY is process.PTY.
type PTY struct {
	Size PTYSize `json:"size"`
}

// StartRequest is process.StartRequest.
type StartRequest struct {
	Process ProcessConfig `json:"process"`
	PTY     *PTY          `json:"pty,omitempty"`
	Tag     *string       `json:"tag,omitempty"`
	Stdin   *bool         `json:"stdin,omitempty"`
}

// ProcessSelector is process.ProcessSelector: a pid or a tag.
type ProcessSelector struct {
	PID uint32 `json:"pid,omitempty"`
	Tag string `json:"tag,omitempty"`
}

// ConnectRequest is process.ConnectRequest.
type ConnectRequest struct {
	Process ProcessSelector `json:"process"`
}

// ProcessEventResponse is the message of the Start and Connect streams
// (StartResponse / ConnectResponse).
type ProcessEventResponse struct {
	Event ProcessEvent `json:"event"`
}

// ProcessEvent is the process.ProcessEvent oneof: exactly one member is set.
type ProcessEvent struct {
	Start     *StartEvent `json:"start,omitempty"`
	Data      *DataEvent  `json:"data,omitempty"`
	End       *EndEvent   `json:"end,omitempty"`
	Keepalive *struct{}   `json:"keepalive,omitempty"`
}

// StartEvent is the first event of a process stream.
type StartEvent struct {
	PID uint32 `json:"pid,omitempty"`
}

// DataEvent carries one raw output chunk (base64 on the wire).
type DataEvent struct {
	Stdout []byte `json:"stdout,omitempty"`
	Stderr []byte `json:"stderr,omitempty"`
	PTY    []byte `json:"pty,omitempty"`
}

// EndEvent is the last event of a process stream.
type EndEvent struct {
	ExitCode int32   `json:"exitCode,omitempty"`
	Exited   bool    `json:"exited,omitempty"`
	Status   string  `json:"status,omitempty"`
	Error    *string `json:"error,omitempty"`
}

// UnmarshalJSON also accepts the snake_case name exit_code.
func (e *EndEvent) UnmarshalJSON(b []byte) error {
	type plain EndEvent
	var aux struct {
		plain
		ExitCodeSnake *int32 `json:"exit_code"`
	}
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	*e = EndEvent(aux.plain)
	if e.ExitCode == 0 && aux.ExitCodeSnake != nil {
		e.ExitCode = *aux.ExitCodeSnake
	}
	return nil
}

// ListRequest is process.ListRequest.
type ListRequest struct{}

// ProcessInfo is process.ProcessInfo.
type ProcessInfo struct {
	Config ProcessConfig `json:"config"`
	PID    uint32        `json:"pid,omitempty"`
	Tag    *string       `json:"tag,omitempty"`
}

// ListResponse is process.ListResponse.
type ListResponse struct {
	Processes []ProcessInfo `json:"processes,omitempty"`
}

// ProcessInput is process.ProcessInput (a oneof of stdin or pty bytes).
type ProcessInput struct {
	Stdin []byte `json:"stdin,omitempty"`
	PTY   []byte `json:"pty,omitempty"`
}

// SendInputRequest is process.SendInputRequest.
type SendInputRequest struct {
	Process ProcessSelector `json:"process"`
	Input   ProcessInput    `json:"input"`
}

// Signal is the proto enum process.Signal, by name.
type Signal string

// Signals.
const (
	SignalUnspecified Signal = "SIGNAL_UNSPECIFIED"
	SignalSIGTERM     Signal = "SIGNAL_SIGTERM"
	SignalSIGKILL     Signal = "SIGNAL_SIGKILL"
)

// SendSignalRequest is process.SendSignalRequest.
type SendSignalRequest struct {
	Process ProcessSelector `json:"process"`
	Signal  Signal          `json:"signal"`
}

// CloseStdinRequest is process.CloseStdinRequest.
type CloseStdinRequest struct {
	Process ProcessSelector `json:"process"`
}

// Empty is the empty response message {}.
type Empty struct{}

// PathRequest is the request of Stat, MakeDir and Remove.
type PathRequest struct {
	Path string `json:"path"`
}

// EntryResponse is the response of Stat, MakeDir and Move.
type EntryResponse struct {
	Entry EntryInfo `json:"entry"`
}

// MoveRequest is filesystem.MoveRequest.
type MoveRequest struct {
	Source      string `json:"source"`
	Destination string `json:"destination"`
}

// ListDirRequest is filesystem.ListDirRequest.
type ListDirRequest struct {
	Path  string `json:"path"`
	Depth uint32 `json:"depth,omitempty"`
}

// ListDirResponse is filesystem.ListDirResponse.
type ListDirResponse struct {
	Entries []EntryInfo `json:"entries,omitempty"`
}

// UploadedEntry is one element of the JSON array POST /files answers with.
type UploadedEntry struct {
	Path     string            `json:"path"`
	Name     string            `json:"name"`
	Type     string            `json:"type"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// FileSignature is envd's signature of a /files URL: "v1_" and the
// unpadded standard base64 of sha256("<path>:<read|write>:<user>:<token>"),
// with ":<expiry>" appended when the URL expires (expiry is the
// signature_expiration query value as sent, "" for none).
func FileSignature(path, operation, user, token, expiry string) string {
	s := path + ":" + operation + ":" + user + ":" + token
	if expiry != "" {
		s += ":" + expiry
	}
	sum := sha256.Sum256([]byte(s))
	return "v1_" + base64.RawStdEncoding.EncodeToString(sum[:])
}

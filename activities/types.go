package activities

// The inputs and results of CreateSandbox, KillSandbox and AdmitSandbox,
// which stay with admission, and CodeError, which the cell record and every tool's
// result share. Each other activity keeps its types beside it.

// SandboxRef names a sandbox made for one workflow.
type SandboxRef struct {
	SandboxID string `json:"sandbox_id"`
	// Reused is true when CreateSandbox found the sandbox an earlier attempt
	// made (its response was lost) instead of creating one.
	Reused bool `json:"reused,omitempty"`
}

// CreateSandboxInput asks for a sandbox tagged with the workflow's identity.
type CreateSandboxInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	// Generation counts sandboxes made for this run: 1 for the first, 2
	// after the first was lost, and so on. It is part of the metadata so a
	// replacement never reuses the sandbox it replaces.
	Generation int `json:"generation"`
	// ReportCapacity: when no sandbox can be had now (E2B answers 429 for
	// its concurrency limit, or this worker holds MAX_SANDBOXES), fail at
	// once with api.ErrTypeSandboxCapacity; the workflow waits and asks
	// again, and no attempt is spent. Unset (workflow code from before
	// it), such a failure is an ordinary retryable RateLimited error.
	ReportCapacity bool `json:"report_capacity,omitempty"`
	// Leased: the analysis holds a turn of its pool's line (version 4 of
	// wait-for-sandbox), which decides for every worker; this worker's
	// own line and MAX_SANDBOXES do not hold it back. E2B's 429 still
	// does (another client may share the team).
	Leased bool `json:"leased,omitempty"`
	// WakeOnFree: a refused create also queues the analysis on this
	// worker, which signals it (SignalSandboxFreed) when a sandbox it
	// holds is freed; the workflow then asks again at once.
	WakeOnFree bool `json:"wake_on_free,omitempty"`
}

// AdmitSandboxInput asks whether an analysis should ask for its sandbox
// now or wait its turn in the worker's line (AdmitSandbox).
type AdmitSandboxInput struct {
	WorkflowID string `json:"workflow_id"`
	RunID      string `json:"run_id"`
	Generation int    `json:"generation"`
}

// Admission is AdmitSandbox's answer. Wait: the analysis is queued
// (Refusal says where) and waits for its wake before it asks.
type Admission struct {
	Wait    bool            `json:"wait,omitempty"`
	Refusal CapacityRefusal `json:"refusal"`
}

// CapacityRefusal is the detail of a SandboxCapacity error.
type CapacityRefusal struct {
	// Queued: the worker queued the analysis and will signal it when it
	// frees a sandbox (WakeOnFree), so its timer need only be a fallback.
	Queued bool `json:"queued,omitempty"`
	// Position is the analysis' place in the worker's line (1: next;
	// counted up to 10,000).
	Position int `json:"position,omitempty"`
	// ExpectedWaitSeconds is when its turn may come, from its place and
	// the rate at which the worker offered freed sandboxes lately (0:
	// unknown).
	ExpectedWaitSeconds float64 `json:"expected_wait_seconds,omitempty"`
}

// CodeError is an exception raised by the model's code.
type CodeError struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// KillSandboxInput names the sandbox to kill.
type KillSandboxInput struct {
	SandboxID string `json:"sandbox_id"`
	// Line and Leave, when set, give the analysis' turn back to its pool's
	// line as soon as the sandbox is gone, from the activity itself: the
	// next in line gets the turn without waiting for the analysis' next
	// workflow task (which gives it back too; a second leave is a no-op).
	Line  string       `json:"line,omitempty"`
	Leave *LineRequest `json:"leave,omitempty"`
}

package api

// The event stream of an analysis: what a notebook would show while it
// runs, as a log of events with offsets that only grow. It follows
// Temporal's Workflow Streams protocol (publishes by Signal, subscribers
// long-poll an Update from an offset, a Query for the current offset), so
// a subscriber written against that protocol in another SDK reads it; see
// docs/stream.md for what is and is not the same.

// Names of the stream's Signal, Update and Queries on an AnalysisWorkflow.
const (
	// StreamPublishSignal appends a batch of items (StreamPublishInput).
	StreamPublishSignal = "__temporal_workflow_stream_publish"
	// StreamPollUpdate waits, for a bounded time, for items after an
	// offset (StreamPollInput) and returns them (StreamPollResult).
	StreamPollUpdate = "__temporal_workflow_stream_poll"
	// StreamOffsetQuery returns the offset the next item will have.
	StreamOffsetQuery = "__temporal_workflow_stream_offset"
	// StreamReadQuery returns the items after an offset (StreamPollInput)
	// at once, without waiting; it also answers once the analysis has
	// closed, for as long as its history is kept.
	StreamReadQuery = "stream_read"
)

// StreamTopic is the topic of every event of an analysis.
const StreamTopic = "analysis"

// ErrTypeTruncatedOffset fails a poll or read from an offset the stream no
// longer holds (older events are dropped beyond a window); its message and
// details give the offset the stream now starts at.
const ErrTypeTruncatedOffset = "TruncatedOffset"

// StreamPublishEntry is one item of a publish: its topic and its data, a
// Temporal Payload (protobuf, base64) that holds one StreamEvent as JSON.
type StreamPublishEntry struct {
	Topic string `json:"topic"`
	Data  string `json:"data"`
}

// StreamPublishInput is the publish Signal's argument. A publisher numbers
// its batches (Sequence from 1); a batch whose sequence is not above the
// last one taken from the same PublisherID is dropped as a duplicate.
type StreamPublishInput struct {
	Items       []StreamPublishEntry `json:"items"`
	PublisherID string               `json:"publisher_id"`
	Sequence    int64                `json:"sequence"`
}

// StreamPollInput asks for the items from FromOffset on, of the given
// topics (all when empty). WaitSeconds bounds how long a poll waits for
// one (default 30, at most 60); it is this project's, and other SDKs'
// subscribers leave it out.
type StreamPollInput struct {
	Topics      []string `json:"topics,omitempty"`
	FromOffset  int64    `json:"from_offset"`
	WaitSeconds int      `json:"wait_seconds,omitempty"`
}

// StreamItem is one item of a poll's answer, with its offset.
type StreamItem struct {
	Topic  string `json:"topic"`
	Data   string `json:"data"`
	Offset int64  `json:"offset"`
}

// StreamPollResult is a poll's answer: the items, the offset to poll from
// next, and MoreReady when the answer was cut to stay small and more items
// are there already.
type StreamPollResult struct {
	Items      []StreamItem `json:"items"`
	NextOffset int64        `json:"next_offset"`
	MoreReady  bool         `json:"more_ready"`
}

// StreamState is the stream carried to the next run of a conversation
// that continues as new: the newest items, the offset of the first, and
// the publishers' last sequences.
type StreamState struct {
	Log        []StreamPublishEntry `json:"log"`
	BaseOffset int64                `json:"base_offset"`
	Publishers map[string]int64     `json:"publishers,omitempty"`
}

// Kinds of StreamEvent.
const (
	// EventStarted: the analysis started (Question; Turn for a
	// conversation's turns after the first).
	EventStarted = "started"
	// EventStep: a step began; the model is asked what to do (Step).
	EventStep = "step"
	// EventModel: the model's reply: its text (Text) and the tools it
	// called (Tools).
	EventModel = "model"
	// EventCellStarted: a tool call starts (Step, Cell, Tool, Code).
	EventCellStarted = "cell_started"
	// EventOutput: output of a running cell (Step, Cell, Stream "stdout"
	// or "stderr", Offset of Text in that stream of the cell).
	EventOutput = "output"
	// EventCellFinished: the call ended (Step, Cell, Error when the code
	// raised, OutputKey of the whole output in S3, StreamCut when the
	// stream holds only the start of its output).
	EventCellFinished = "cell_finished"
	// EventChart: a chart was stored (Chart).
	EventChart = "chart"
	// EventFile: a file was stored (File).
	EventFile = "file"
	// EventVerifying: the answer's figures are being checked.
	EventVerifying = "verifying"
	// EventAnswer: the model answered (Text; Turn for a conversation).
	EventAnswer = "answer"
	// EventEnded: the analysis ended (Status, and Error when it failed);
	// the last event of the stream.
	EventEnded = "ended"
)

// StreamEvent is one event of an analysis' stream. Kind says which fields
// are set.
type StreamEvent struct {
	Kind     string      `json:"kind"`
	Turn     int         `json:"turn,omitempty"`
	Question string      `json:"question,omitempty"`
	Step     int         `json:"step,omitempty"`
	Cell     *int        `json:"cell,omitempty"`
	Tool     string      `json:"tool,omitempty"`
	Code     string      `json:"code,omitempty"`
	Tools    []string    `json:"tools,omitempty"`
	Stream   string      `json:"stream,omitempty"`
	Offset   int         `json:"offset,omitempty"`
	Text     string      `json:"text,omitempty"`
	Error    string      `json:"error,omitempty"`
	Chart    *Chart      `json:"chart,omitempty"`
	File     *OutputFile `json:"file,omitempty"`
	// OutputKey is the S3 key of the cell's whole output record.
	OutputKey string `json:"output_key,omitempty"`
	// StreamCut is set when the cell printed more than the stream holds of
	// a cell; the rest is in the record at OutputKey.
	StreamCut bool   `json:"stream_cut,omitempty"`
	Status    string `json:"status,omitempty"`
}

// Package stream is the event stream of an analysis (api.StreamEvent): the
// log a workflow keeps (Log), the wire form of its items, the publisher an
// activity uses to add a running cell's output (Publisher), and the client
// a caller follows it with (Follow). The wire is Temporal's Workflow
// Streams protocol: docs/stream.md says what is and is not the same.
//
// Log is plain data, deterministic, and used from workflow code; Publisher
// and Follow do I/O and are never used there.
package stream

import (
	"encoding/base64"
	"fmt"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/converter"
	"google.golang.org/protobuf/proto"

	"github.com/durable-analyst/durable-analyst/api"
)

// plain turns values into Payloads without any codec: the codec (the
// worker's encryption) runs once, on the Signal or Update that carries a
// batch, never on each item inside it.
var plain = converter.GetDefaultDataConverter()

// Encode is an event's wire data: a Temporal Payload holding its JSON,
// serialized and base64-encoded, as Workflow Streams carries items.
func Encode(ev api.StreamEvent) (string, error) {
	p, err := plain.ToPayload(ev)
	if err != nil {
		return "", fmt.Errorf("stream: encode %s event: %w", ev.Kind, err)
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(p)
	if err != nil {
		return "", fmt.Errorf("stream: encode %s event: %w", ev.Kind, err)
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// Decode reads an item's wire data back into an event.
func Decode(data string) (api.StreamEvent, error) {
	var ev api.StreamEvent
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return ev, fmt.Errorf("stream: item data is not base64: %w", err)
	}
	var p commonpb.Payload
	if err := proto.Unmarshal(b, &p); err != nil {
		return ev, fmt.Errorf("stream: item data is not a Temporal Payload: %w", err)
	}
	if err := plain.FromPayload(&p, &ev); err != nil {
		return ev, fmt.Errorf("stream: item payload is not an event: %w", err)
	}
	return ev, nil
}

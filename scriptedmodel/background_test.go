package scriptedmodel_test

import (
	"errors"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/durable-analyst/durable-analyst/scriptedmodel"
)

// poll reads a response until its status is not queued or in_progress.
func poll(t *testing.T, client openai.Client, id string) *responses.Response {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := client.Responses.Get(t.Context(), id, responses.ResponseGetParams{})
		if err != nil {
			t.Fatalf("get %s: %v", id, err)
		}
		if resp.Status != responses.ResponseStatusQueued && resp.Status != responses.ResponseStatusInProgress {
			return resp
		}
		if time.Now().After(deadline) {
			t.Fatalf("response %s still %s after 10 s", id, resp.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestBackgroundResponseIsGeneratedOnceAndKept(t *testing.T) {
	dir := writeScripts(t, map[string]string{"s": `{"turns":[{"fault":{"stall":"300ms"},"text":"the answer"}]}`})
	srv, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	p := params("script:s", responses.ResponseInputParam{userMessage("hi")})
	p.Background, p.Store = openai.Bool(true), openai.Bool(true)
	created, err := client.Responses.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	if created.Status != responses.ResponseStatusQueued || !created.Background || len(created.Output) != 0 {
		t.Fatalf("create answered status %q background %v with %d output items, want queued, true, none",
			created.Status, created.Background, len(created.Output))
	}
	done := poll(t, client, created.ID)
	if done.Status != responses.ResponseStatusCompleted || done.OutputText() != "the answer" || done.ID != created.ID {
		t.Fatalf("got %s %q %q, want completed \"the answer\" under id %s", done.ID, done.Status, done.OutputText(), created.ID)
	}
	// Reading it again does not generate it again.
	again := poll(t, client, created.ID)
	if again.OutputText() != "the answer" {
		t.Fatalf("second read: %q", again.OutputText())
	}
	if n := srv.Generations("s", 1); n != 1 {
		t.Fatalf("turn 1 generated %d times, want 1", n)
	}
	// A second create of the same turn is a second response and generation.
	second, err := client.Responses.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	if second.ID == created.ID {
		t.Fatalf("two creates share id %s", second.ID)
	}
	poll(t, client, second.ID)
	if n := srv.Generations("s", 1); n != 2 {
		t.Fatalf("turn 1 generated %d times after two creates, want 2", n)
	}
	// Cancelling an ended response returns it unchanged.
	c, err := client.Responses.Cancel(t.Context(), created.ID)
	if err != nil || c.Status != responses.ResponseStatusCompleted {
		t.Fatalf("cancel of a completed response: %v, status %q; want it unchanged", err, c.Status)
	}
}

func TestBackgroundResponseCancel(t *testing.T) {
	dir := writeScripts(t, map[string]string{"s": `{"turns":[{"fault":{"stall":"1m"},"text":"never"}]}`})
	srv, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	p := params("script:s", responses.ResponseInputParam{userMessage("hi")})
	p.Background = openai.Bool(true)
	created, err := client.Responses.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.Responses.Cancel(t.Context(), created.ID)
	if err != nil || c.Status != responses.ResponseStatusCancelled {
		t.Fatalf("cancel: %v, status %q; want cancelled", err, c.Status)
	}
	if got := poll(t, client, created.ID); got.Status != responses.ResponseStatusCancelled {
		t.Fatalf("after cancel the response is %q, want cancelled", got.Status)
	}
	// The stopped generation records itself as cancelled.
	deadline := time.Now().Add(5 * time.Second)
	for {
		var rec *scriptedmodel.RequestRecord
		for _, r := range srv.Requests() {
			if r.Background {
				rec = &r
			}
		}
		if rec != nil {
			if rec.Error != "cancelled" {
				t.Fatalf("record of the cancelled generation: %+v", rec)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the cancelled generation never recorded itself")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestBackgroundRefusals(t *testing.T) {
	dir := writeScripts(t, map[string]string{"s": `{"turns":[{"text":"x"},{"text":"y"}]}`})
	_, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	p := params("script:s", responses.ResponseInputParam{userMessage("hi")})
	p.Background, p.Store = openai.Bool(true), openai.Bool(false)
	_, err := client.Responses.New(t.Context(), p)
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 || apiErr.Param != "store" {
		t.Fatalf("background with store=false: %v, want 400 naming store", err)
	}
	p.Background, p.Store = openai.Bool(false), openai.Bool(true)
	plain, err := client.Responses.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	_, err = client.Responses.Cancel(t.Context(), plain.ID)
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 400 {
		t.Fatalf("cancel of a synchronous response: %v, want 400", err)
	}
	_, err = client.Responses.Cancel(t.Context(), "resp_nope")
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 404 {
		t.Fatalf("cancel of an unknown response: %v, want 404", err)
	}
}

func TestBackgroundFaults(t *testing.T) {
	dir := writeScripts(t, map[string]string{
		"late":  `{"turns":[{"fault":{"stall":"50ms","status":500,"message":"the model fell over"},"text":"x"}]}`,
		"early": `{"turns":[{"fault":{"status":429,"message":"slow down"},"text":"x"}]}`,
	})
	_, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	// A fault that strikes during generation ends the response failed.
	p := params("script:late", responses.ResponseInputParam{userMessage("hi")})
	p.Background = openai.Bool(true)
	created, err := client.Responses.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	got := poll(t, client, created.ID)
	if got.Status != responses.ResponseStatusFailed || got.Error.Message != "the model fell over" || got.Error.Code == "" {
		t.Fatalf("got status %q error %+v, want failed with the fault's message and a code", got.Status, got.Error)
	}
	// A refusal without a stall (a rate limit) refuses the create itself.
	p = params("script:early", responses.ResponseInputParam{userMessage("hi")})
	p.Background = openai.Bool(true)
	_, err = client.Responses.New(t.Context(), p)
	var apiErr *openai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 429 {
		t.Fatalf("create of a rate-limited turn: %v, want 429", err)
	}
}

func TestBackgroundResponseStream(t *testing.T) {
	dir := writeScripts(t, map[string]string{"s": `{"turns":[{"fault":{"stall":"200ms"},"text":"streamed"}]}`})
	_, _, client := setup(t, scriptedmodel.Config{ScriptDir: dir})
	p := params("script:s", responses.ResponseInputParam{userMessage("hi")})
	p.Background = openai.Bool(true)
	created, err := client.Responses.New(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	stream := client.Responses.GetStreaming(t.Context(), created.ID, responses.ResponseGetParams{}, option.WithQuery("stream", "true"))
	var types []string
	var last responses.Response
	for stream.Next() {
		ev := stream.Current()
		types = append(types, ev.Type)
		last = ev.Response
	}
	if err := stream.Err(); err != nil {
		t.Fatalf("stream: %v", err)
	}
	if len(types) != 2 || types[1] != "response.completed" || last.OutputText() != "streamed" {
		t.Fatalf("events %v, last output %q; want the state now, then response.completed with the answer", types, last.OutputText())
	}
	// A stream of an ended response is its end event alone.
	stream = client.Responses.GetStreaming(t.Context(), created.ID, responses.ResponseGetParams{}, option.WithQuery("stream", "true"))
	n := 0
	for stream.Next() {
		n++
		if stream.Current().Type != "response.completed" {
			t.Fatalf("event %q of an ended response", stream.Current().Type)
		}
	}
	if n != 1 {
		t.Fatalf("%d events for an ended response, want 1", n)
	}
}

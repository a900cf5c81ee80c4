package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"google.golang.org/protobuf/proto"

	"github.com/durable-analyst/durable-analyst/api"
	"github.com/durable-analyst/durable-analyst/codec"
	"github.com/durable-analyst/durable-analyst/config"
)

// withPayloadKeys gives the env's worker and client the codec with keys
// (codec.ParseKeys format), as PAYLOAD_KEYS would.
func withPayloadKeys(keys string) func(*config.Worker) {
	return func(c *config.Worker) { c.PayloadKeys = config.Secret(keys) }
}

func newKey(t *testing.T, id string) codec.Key {
	t.Helper()
	k, err := codec.GenerateKey(id)
	require.NoError(t, err)
	return k
}

// dialWith connects to the shared dev server with the codec of keys, or
// with none when keys is "".
func dialWith(t *testing.T, keys string) client.Client {
	t.Helper()
	startShared(t)
	tc := config.Temporal{TemporalAddress: shared.temporal.Address, TemporalNamespace: shared.temporal.Namespace, PayloadKeys: config.Secret(keys)}
	o, err := tc.ClientOptions()
	require.NoError(t, err)
	o.Logger = tlog.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	c, err := client.Dial(o)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// rawHistory is a run's history as the server stores it, fetched by a
// client without the codec: each event marshalled to protobuf bytes.
func rawHistory(t *testing.T, c client.Client, id, runID string) [][]byte {
	t.Helper()
	it := c.GetWorkflowHistory(context.Background(), id, runID, false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	var out [][]byte
	for it.HasNext() {
		ev, err := it.Next()
		require.NoError(t, err)
		// Search attributes stay readable by design (the server indexes
		// them); nothing of the user's goes there.
		if ev.EventType == enumspb.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES {
			continue
		}
		if a := ev.GetWorkflowExecutionStartedEventAttributes(); a != nil {
			ev = proto.Clone(ev).(*historypb.HistoryEvent)
			ev.GetWorkflowExecutionStartedEventAttributes().SearchAttributes = nil
		}
		b, err := proto.Marshal(ev)
		require.NoError(t, err)
		out = append(out, b)
	}
	require.NotEmpty(t, out)
	return out
}

func totalBytes(evs [][]byte) int {
	n := 0
	for _, b := range evs {
		n += len(b)
	}
	return n
}

// codecInput is the demo analysis (sales.csv, the sales-chart script) with
// the dataset inline, so its content sits in the workflow input, and a
// question carrying a marker.
func codecInput(t *testing.T) (api.AnalysisInput, []string) {
	csv, err := os.ReadFile(repoPath(t, "testdata/datasets/sales.csv"))
	require.NoError(t, err)
	question := "Which region had the highest revenue, and how did monthly revenue trend? (ref q-7f3a91c2)"
	in := api.AnalysisInput{
		Question: question,
		Datasets: []api.Dataset{{Name: "sales.csv", Content: string(csv)}},
		Model:    "script:sales-chart",
	}
	secrets := []string{
		"q-7f3a91c2",                       // the question
		"2024-01,North,Gadget,128,5120.00", // a line of the dataset
		"West had the highest revenue",     // the answer
		"Revenue by region",                // the chart's title, from a tool output
	}
	return in, secrets
}

// An encrypted analysis leaves no plaintext question, dataset line, tool
// output or answer in the history the server stores; a client with the
// codec reads the result; a client with the wrong key or none gets a clear
// error. It also measures the history of the same analysis plain and
// encrypted.
func TestEncryptedAnalysis(t *testing.T) {
	key := newKey(t, "e2e-2026-01")
	in, secrets := codecInput(t)
	plainClient := dialWith(t, "")
	sizes := map[string]int{}

	run := func(t *testing.T, e *env, in api.AnalysisInput) (id, runID string) {
		id = "e2e-codec-" + strings.ReplaceAll(t.Name(), "/", "-") + "-" + time.Now().Format("150405.000")
		r := e.start(id, in)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		var res api.AnalysisResult
		require.NoError(t, r.Get(ctx, &res))
		require.Contains(t, res.Answer, "West had the highest revenue")
		return id, r.GetRunID()
	}

	t.Run("plain", func(t *testing.T) {
		e := newEnv(t)
		id, runID := run(t, e, in)
		raw := rawHistory(t, plainClient, id, runID)
		sizes["plain"] = totalBytes(raw)
		// The check below can fail: without the codec the markers are there.
		joined := bytes.Join(raw, nil)
		for _, s := range secrets {
			assert.True(t, bytes.Contains(joined, []byte(s)), "plain history lacks %q: the marker check would prove nothing", s)
		}
		t.Logf("plain history: %d events, %d bytes", len(raw), sizes["plain"])
	})

	t.Run("encrypted", func(t *testing.T) {
		e := newEnv(t, withPayloadKeys(key.Format()))
		id, runID := run(t, e, in)
		raw := rawHistory(t, plainClient, id, runID)
		sizes["encrypted"] = totalBytes(raw)
		for i, ev := range raw {
			for _, s := range secrets {
				assert.False(t, bytes.Contains(ev, []byte(s)), "event %d holds %q in plaintext", i+1, s)
			}
			assert.False(t, bytes.Contains(ev, []byte("json/plain")), "event %d holds a plaintext JSON payload", i+1)
		}
		assert.True(t, bytes.Contains(bytes.Join(raw, nil), []byte(codec.Encoding)), "no encrypted payload in the history")
		t.Logf("encrypted history: %d events, %d bytes", len(raw), sizes["encrypted"])

		// A new client with the key reads the result.
		var res api.AnalysisResult
		require.NoError(t, dialWith(t, key.Format()).GetWorkflow(context.Background(), id, runID).Get(context.Background(), &res))
		assert.Contains(t, res.Answer, "West had the highest revenue")

		// After a rotation (new key first, old kept) the result still reads.
		rotated := newKey(t, "e2e-2026-02").Format() + "," + key.Format()
		require.NoError(t, dialWith(t, rotated).GetWorkflow(context.Background(), id, runID).Get(context.Background(), &res))

		for _, tc := range []struct {
			name, keys, want string
		}{
			{"no codec", "", "encoding binary/encrypted: payload encoding is not supported"},
			{"unknown key id", newKey(t, "other").Format(), `payload encrypted with key "e2e-2026-01", which is not configured (have other)`},
			{"same id, other key", newKey(t, "e2e-2026-01").Format(), `payload encrypted with key "e2e-2026-01" does not decrypt`},
		} {
			var got api.AnalysisResult
			err := dialWith(t, tc.keys).GetWorkflow(context.Background(), id, runID).Get(context.Background(), &got)
			require.Error(t, err, "%s: read a result", tc.name)
			assert.Contains(t, err.Error(), tc.want, tc.name)
			assert.Empty(t, got.Answer, "%s: got an answer from garbage", tc.name)
		}
	})

	// A failure's message stays readable (redacted and bounded, see
	// codec.Codec.FailureConverter) while the input around it is encrypted;
	// with ENCRYPT_FAILURE_MESSAGES the stored failure says only "Encoded
	// failure". A client with the codec reads the real message either way.
	for _, encryptMessages := range []bool{false, true} {
		t.Run(fmt.Sprintf("failure-encrypt-messages-%v", encryptMessages), func(t *testing.T) {
			e := newEnv(t, withPayloadKeys(key.Format()), func(c *config.Worker) { c.EncryptFailureMessages = encryptMessages })
			id := "e2e-codec-failure-" + time.Now().Format("150405.000")
			bad := api.AnalysisInput{Question: " ", Datasets: []api.Dataset{{Name: "sales.csv", Content: "2024-01,North,Gadget,128,5120.00"}}}
			r := e.start(id, bad)
			err := r.Get(context.Background(), nil)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "question: must not be empty", "the codec client reads the failure message")
			raw := bytes.Join(rawHistory(t, plainClient, id, r.GetRunID()), nil)
			assert.Equal(t, encryptMessages, bytes.Contains(raw, []byte("Encoded failure")), "the stored failure is encoded")
			assert.Equal(t, !encryptMessages, bytes.Contains(raw, []byte("must not be empty")), "the failure message is in plaintext")
			assert.False(t, bytes.Contains(raw, []byte("2024-01,North")), "the input's dataset is in plaintext")
		})
	}

	// The demo exactly as `make demo` runs it (dataset in S3), plain and
	// encrypted, for the size figures.
	for _, name := range []string{"plain", "encrypted"} {
		t.Run("demo-"+name, func(t *testing.T) {
			var opts []func(*config.Worker)
			if name == "encrypted" {
				opts = append(opts, withPayloadKeys(key.Format()))
			}
			e := newEnv(t, opts...)
			demo := api.AnalysisInput{Question: in.Question, Model: in.Model,
				Datasets: []api.Dataset{{Name: "sales.csv", S3Key: e.upload(repoPath(t, "testdata/datasets/sales.csv"), "inputs/e2e-codec/sales.csv")}}}
			id, runID := run(t, e, demo)
			sizes["demo-"+name] = totalBytes(rawHistory(t, plainClient, id, runID))
		})
	}
	if sizes["demo-plain"] > 0 && sizes["demo-encrypted"] > 0 {
		t.Logf("history of the demo analysis (sales.csv in S3, as make demo): plain %d bytes, encrypted %d bytes (%+.1f%%)",
			sizes["demo-plain"], sizes["demo-encrypted"], 100*float64(sizes["demo-encrypted"]-sizes["demo-plain"])/float64(sizes["demo-plain"]))
	}
	if sizes["plain"] > 0 && sizes["encrypted"] > 0 {
		t.Logf("history of the demo analysis (sales.csv inline): plain %d bytes, encrypted %d bytes (%+.1f%%)",
			sizes["plain"], sizes["encrypted"], 100*float64(sizes["encrypted"]-sizes["plain"])/float64(sizes["plain"]))
	}
}

// A start without the codec (the UI form, the temporal CLI, another
// language's client) is accepted by a worker with the codec: the input is
// stored as sent, and everything the worker writes back is encrypted.
func TestPlainStartOnEncryptedWorker(t *testing.T) {
	key := newKey(t, "e2e-plain-start")
	e := newEnv(t, withPayloadKeys(key.Format()))
	in, secrets := codecInput(t)
	plainClient := dialWith(t, "")
	id := "e2e-codec-plain-start-" + time.Now().Format("150405.000")
	r, err := plainClient.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: e.TaskQueue, WorkflowExecutionTimeout: 10 * time.Minute,
	}, api.AnalysisWorkflowName, in)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var res api.AnalysisResult
	require.NoError(t, e.Temporal.GetWorkflow(ctx, id, r.GetRunID()).Get(ctx, &res))
	assert.Contains(t, res.Answer, "West had the highest revenue")

	raw := rawHistory(t, plainClient, id, r.GetRunID())
	assert.True(t, bytes.Contains(raw[0], []byte(secrets[0])), "the input is stored as sent")
	for i, ev := range raw[1:] {
		for _, s := range secrets[2:] {
			assert.False(t, bytes.Contains(ev, []byte(s)), "event %d holds %q in plaintext", i+2, s)
		}
	}
}

// Batch children inherit the worker's data converter: with the codec on,
// neither the batch's history nor its children's hold the items' questions
// or answers in plaintext, and the batch result reads through the codec.
func TestEncryptedBatch(t *testing.T) {
	key := newKey(t, "e2e-batch")
	e := newEnv(t, withPayloadKeys(key.Format()))
	csv, err := os.ReadFile(repoPath(t, "testdata/datasets/sales.csv"))
	require.NoError(t, err)
	var items []api.BatchItem
	for i := range 2 {
		items = append(items, api.BatchItem{AnalysisInput: api.AnalysisInput{
			Question: fmt.Sprintf("Which region had the highest revenue? (ref batch-q-%d-51e0)", i),
			Datasets: []api.Dataset{{Name: "sales.csv", Content: string(csv)}},
		}})
	}
	id := testID("e2e-codec-batch")
	r, err := e.Temporal.ExecuteWorkflow(context.Background(), client.StartWorkflowOptions{
		ID: id, TaskQueue: e.TaskQueue, WorkflowExecutionTimeout: 10 * time.Minute,
	}, api.BatchAnalysisWorkflowName, api.BatchInput{Items: items, Concurrency: 2, Defaults: api.BatchDefaults{Model: "script:sales-chart"}})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var res api.BatchResult
	require.NoError(t, r.Get(ctx, &res))
	require.Equal(t, 2, res.Succeeded, "%+v", res)

	plainClient := dialWith(t, "")
	histories := map[string][][]byte{id: rawHistory(t, plainClient, id, "")}
	for i := range items {
		child := fmt.Sprintf("%s/%d", id, i)
		histories[child] = rawHistory(t, plainClient, child, "")
	}
	for wid, evs := range histories {
		for n, ev := range evs {
			for _, s := range []string{"batch-q-0-51e0", "batch-q-1-51e0", "West had the highest revenue", "2024-01,North,Gadget,128,5120.00"} {
				assert.False(t, bytes.Contains(ev, []byte(s)), "%s event %d holds %q in plaintext", wid, n+1, s)
			}
		}
	}
}

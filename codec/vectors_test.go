package codec_test

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	commonpb "go.temporal.io/api/common/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/durable-analyst/durable-analyst/codec"
)

// vectorsFile holds payloads this codec encrypted, for other languages'
// codecs to test against (examples/typescript/codec.test.mjs decodes the
// same file, and docs/other-languages.md describes the format it proves).
const vectorsFile = "testdata/vectors.json"

var updateVectors = flag.Bool("update-vectors", false, "rewrite "+vectorsFile+" with fresh ciphertexts")

type vectors struct {
	About string `json:"about"`
	// Keys decrypt every vector (codec.ParseKeys format); test keys only.
	Keys    string   `json:"keys"`
	Vectors []vector `json:"vectors"`
}

type vector struct {
	Name string `json:"name"`
	// Plain and Encrypted are payloads in protobuf JSON (metadata values
	// and data base64), as the codec server's /encode and /decode carry them.
	Plain     json.RawMessage `json:"plain"`
	Encrypted json.RawMessage `json:"encrypted"`
	// KeyID and Compressed are what Encrypted's metadata must say.
	KeyID      string `json:"key_id"`
	Compressed bool   `json:"compressed"`
}

func payloadJSON(t *testing.T, raw json.RawMessage) *commonpb.Payload {
	t.Helper()
	var p commonpb.Payload
	if err := protojson.Unmarshal(raw, &p); err != nil {
		t.Fatalf("payload %s: %v", raw, err)
	}
	return &p
}

// TestVectors decodes the committed vectors: if the codec's format changed
// (key id, compression flag, nonce or tag layout, additional data, the
// payload marshalling), they stop decoding and other languages' codecs
// would break with them. Run with -update-vectors to write new ones.
func TestVectors(t *testing.T) {
	if *updateVectors {
		writeVectors(t)
	}
	b, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	var vs vectors
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	keys, err := codec.ParseKeys(vs.Keys)
	if err != nil {
		t.Fatal(err)
	}
	c := mustCodec(t, keys...)
	if len(vs.Vectors) < 4 {
		t.Fatalf("%d vectors, want at least 4", len(vs.Vectors))
	}
	for _, v := range vs.Vectors {
		plain, enc := payloadJSON(t, v.Plain), payloadJSON(t, v.Encrypted)
		if got := string(enc.Metadata["encoding"]); got != codec.Encoding {
			t.Errorf("%s: encoding %q", v.Name, got)
		}
		if got := string(enc.Metadata[codec.MetadataKeyID]); got != v.KeyID {
			t.Errorf("%s: key id %q, want %q", v.Name, got, v.KeyID)
		}
		if got := string(enc.Metadata[codec.MetadataCompression]); (got == "deflate") != v.Compressed {
			t.Errorf("%s: compression %q, want compressed=%v", v.Name, got, v.Compressed)
		}
		dec, err := c.Decode([]*commonpb.Payload{enc})
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		if !proto.Equal(dec[0], plain) {
			t.Errorf("%s: decoded %v, want %v", v.Name, dec[0], plain)
		}
	}
}

func writeVectors(t *testing.T) {
	active, old := mustKey(t, "vectors-2026-11"), mustKey(t, "vectors-2026-01")
	keys := active.Format() + "," + old.Format()
	cur, prev := mustCodec(t, active, old), mustCodec(t, old)
	large := `{"question":"` + strings.Repeat("Which region had the highest revenue? ", 40) + `"}`
	cases := []struct {
		name string
		c    *codec.Codec
		p    *commonpb.Payload
	}{
		{"small json, not compressed", cur, &commonpb.Payload{Metadata: map[string][]byte{"encoding": []byte("json/plain")}, Data: []byte(`"West had the highest revenue"`)}},
		{"large json, deflate", cur, &commonpb.Payload{Metadata: map[string][]byte{"encoding": []byte("json/plain")}, Data: []byte(large)}},
		{"older key (rotation)", prev, &commonpb.Payload{Metadata: map[string][]byte{"encoding": []byte("json/plain")}, Data: []byte(`{"answer":"ok"}`)}},
		{"null payload, no data", cur, &commonpb.Payload{Metadata: map[string][]byte{"encoding": []byte("binary/null")}}},
	}
	vs := vectors{About: "Payloads encrypted by the Go codec (package codec) with test keys; decoded by its TestVectors and by examples/typescript/codec.test.mjs. Regenerate with go test ./codec -run TestVectors -update-vectors.", Keys: keys}
	for _, tc := range cases {
		enc, err := tc.c.Encode([]*commonpb.Payload{tc.p})
		if err != nil {
			t.Fatal(err)
		}
		pj, _ := protojson.Marshal(tc.p)
		ej, _ := protojson.Marshal(enc[0])
		vs.Vectors = append(vs.Vectors, vector{Name: tc.name, Plain: pj, Encrypted: ej,
			KeyID: string(enc[0].Metadata[codec.MetadataKeyID]), Compressed: enc[0].Metadata[codec.MetadataCompression] != nil})
	}
	b, err := json.MarshalIndent(vs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(vectorsFile, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

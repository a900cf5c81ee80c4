package codec_test

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	commonpb "go.temporal.io/api/common/v1"
)

// benchPayloads are JSON payloads of about size bytes: "text" is a repetitive
// CSV-like string (compresses), "random" is base64 of random bytes (does
// not, so it measures encryption alone).
func benchPayloads(b *testing.B, size int) map[string]*commonpb.Payload {
	raw := make([]byte, size*3/4)
	if _, err := rand.Read(raw); err != nil {
		b.Fatal(err)
	}
	line := "2024-03,West,Gadget,153,6120.00\n"
	return map[string]*commonpb.Payload{
		"text":   jsonPayload(b, strings.Repeat(line, size/len(line)+1)[:size]),
		"random": jsonPayload(b, base64.StdEncoding.EncodeToString(raw)),
	}
}

// BenchmarkCodec measures the codec's cost per payload: encode (compress
// when it pays, encrypt) and decode, on ~1 KiB and ~64 KiB payloads. The
// out-bytes metric is the encoded payload's data size.
func BenchmarkCodec(b *testing.B) {
	c := mustCodec(b, mustKey(b, "bench"))
	for _, size := range []int{1 << 10, 64 << 10} {
		for _, kind := range []string{"text", "random"} {
			p := benchPayloads(b, size)[kind]
			enc := encodeOne(b, c, p)
			name := fmt.Sprintf("%s/%dKiB", kind, size>>10)
			b.Run("encode/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(p.Data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := c.Encode([]*commonpb.Payload{p}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(enc.Data)), "out-bytes")
				b.ReportMetric(float64(len(p.Data)), "in-bytes")
			})
			b.Run("decode/"+name, func(b *testing.B) {
				b.SetBytes(int64(len(p.Data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := c.Decode([]*commonpb.Payload{enc}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

package codec_test

import (
	"bytes"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	commonpb "go.temporal.io/api/common/v1"
	"go.temporal.io/sdk/converter"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/durable-analyst/durable-analyst/codec"
)

func mustKey(t testing.TB, id string) codec.Key {
	t.Helper()
	k, err := codec.GenerateKey(id)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func mustCodec(t testing.TB, keys ...codec.Key) *codec.Codec {
	t.Helper()
	c, err := codec.New(keys...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func jsonPayload(t testing.TB, v any) *commonpb.Payload {
	t.Helper()
	p, err := converter.GetDefaultDataConverter().ToPayload(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func encodeOne(t testing.TB, c *codec.Codec, p *commonpb.Payload) *commonpb.Payload {
	t.Helper()
	out, err := c.Encode([]*commonpb.Payload{p})
	if err != nil {
		t.Fatal(err)
	}
	return out[0]
}

func TestRoundTrip(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	for _, tc := range []struct {
		name       string
		value      any
		compressed bool
	}{
		{"small", map[string]string{"question": "which region sells most?"}, false},
		{"repetitive 64 KiB", strings.Repeat("region,revenue\nWest,100\n", 2700), true},
		{"nil value", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := jsonPayload(t, tc.value)
			enc := encodeOne(t, c, p)
			if got := string(enc.Metadata[converter.MetadataEncoding]); got != codec.Encoding {
				t.Fatalf("encoding: got %q, want %q", got, codec.Encoding)
			}
			if got := string(enc.Metadata[codec.MetadataKeyID]); got != "k1" {
				t.Fatalf("key id: got %q, want k1", got)
			}
			if _, got := enc.Metadata[codec.MetadataCompression]; got != tc.compressed {
				t.Fatalf("compressed: got %v, want %v (%d -> %d bytes)", got, tc.compressed, len(p.Data), len(enc.Data))
			}
			if len(p.Data) > 8 && bytes.Contains(enc.Data, p.Data[1:len(p.Data)-1]) {
				t.Fatal("ciphertext contains the plaintext")
			}
			dec, err := c.Decode([]*commonpb.Payload{enc})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dec[0].Data, p.Data) || string(dec[0].Metadata["encoding"]) != string(p.Metadata["encoding"]) {
				t.Fatalf("round trip: got %q (%q), want %q (%q)", dec[0].Data, dec[0].Metadata["encoding"], p.Data, p.Metadata["encoding"])
			}
		})
	}
}

func TestEncryptionIsRandomised(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	p := jsonPayload(t, "same")
	a, b := encodeOne(t, c, p), encodeOne(t, c, p)
	if bytes.Equal(a.Data, b.Data) {
		t.Fatal("two encryptions of one payload are equal: the nonce is not random")
	}
	// Encoding an encrypted payload again leaves it alone.
	if again := encodeOne(t, c, a); !bytes.Equal(again.Data, a.Data) {
		t.Fatal("encoding an encrypted payload encrypted it twice")
	}
}

func TestRotation(t *testing.T) {
	old, next := mustKey(t, "2025-01"), mustKey(t, "2026-01")
	before := mustCodec(t, old)
	after := mustCodec(t, next, old) // new key first: it encrypts; the old one still decrypts
	oldPayload := encodeOne(t, before, jsonPayload(t, "written before the rotation"))
	newPayload := encodeOne(t, after, jsonPayload(t, "written after"))
	if got := string(newPayload.Metadata[codec.MetadataKeyID]); got != "2026-01" {
		t.Fatalf("after rotation encrypts with %q, want 2026-01", got)
	}
	dec, err := after.Decode([]*commonpb.Payload{oldPayload, newPayload})
	if err != nil {
		t.Fatalf("rotated codec cannot read both: %v", err)
	}
	if got := string(dec[0].Data); got != `"written before the rotation"` {
		t.Fatalf("old payload: got %s", got)
	}
	if _, err := before.Decode([]*commonpb.Payload{newPayload}); err == nil || !strings.Contains(err.Error(), `"2026-01"`) {
		t.Fatalf("old codec on new payload: got %v, want an error naming key 2026-01", err)
	}
}

func TestPassThrough(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	plain := []*commonpb.Payload{
		jsonPayload(t, map[string]string{"question": "from the UI form"}),
		{Metadata: map[string][]byte{"encoding": []byte("json/plain")}, Data: []byte(`{"question":"typed by hand"}`)},
		{Metadata: map[string][]byte{"encoding": []byte("binary/null")}},
		{Data: []byte("no metadata at all")},
	}
	dec, err := c.Decode(plain)
	if err != nil {
		t.Fatal(err)
	}
	for i := range plain {
		if dec[i] != plain[i] {
			t.Errorf("payload %d: got a changed payload, want it passed through", i)
		}
	}
}

func TestBadCiphertextGivesAClearError(t *testing.T) {
	k1 := mustKey(t, "k1")
	c := mustCodec(t, k1)
	good := encodeOne(t, c, jsonPayload(t, strings.Repeat("secret answer ", 100)))
	sameIDOtherMaterial := mustCodec(t, mustKey(t, "k1"))
	modify := func(f func(p *commonpb.Payload)) *commonpb.Payload {
		p := &commonpb.Payload{Metadata: map[string][]byte{}, Data: bytes.Clone(good.Data)}
		for k, v := range good.Metadata {
			p.Metadata[k] = bytes.Clone(v)
		}
		f(p)
		return p
	}
	for _, tc := range []struct {
		name    string
		codec   *codec.Codec
		payload *commonpb.Payload
		want    string
	}{
		{"unknown key id", mustCodec(t, mustKey(t, "other")), good, `key "k1", which is not configured (have other)`},
		{"wrong key material", sameIDOtherMaterial, good, `key "k1" does not decrypt`},
		{"no key id", c, modify(func(p *commonpb.Payload) { delete(p.Metadata, codec.MetadataKeyID) }), "names no key id"},
		{"empty data", c, modify(func(p *commonpb.Payload) { p.Data = nil }), "truncated"},
		{"truncated to the nonce", c, modify(func(p *commonpb.Payload) { p.Data = p.Data[:12] }), "truncated"},
		{"truncated tail", c, modify(func(p *commonpb.Payload) { p.Data = p.Data[:len(p.Data)-1] }), "does not decrypt"},
		{"flipped byte", c, modify(func(p *commonpb.Payload) { p.Data[20] ^= 1 }), "does not decrypt"},
		{"flipped nonce", c, modify(func(p *commonpb.Payload) { p.Data[0] ^= 1 }), "does not decrypt"},
		{"compression flag removed", c, modify(func(p *commonpb.Payload) { delete(p.Metadata, codec.MetadataCompression) }), "does not decrypt"},
		{"unknown compression", c, modify(func(p *commonpb.Payload) { p.Metadata[codec.MetadataCompression] = []byte("zstd") }), `unknown compression "zstd"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tc.codec.Decode([]*commonpb.Payload{tc.payload})
			if err == nil {
				t.Fatalf("got %q, want an error", out[0].Data)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %q, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestParseKeys(t *testing.T) {
	k := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32))
	for _, tc := range []struct {
		name, text string
		ids        []string
		err        string
	}{
		{"one", "a=" + k, []string{"a"}, ""},
		{"comma list", "new=" + k + ", old=" + k, []string{"new", "old"}, ""},
		{"file with comments", "# rotated 2026-01\nnew=" + k + "\n\nold=" + k + "\n", []string{"new", "old"}, ""},
		{"empty", " \n# nothing\n", nil, "no keys"},
		{"no id", "=" + k, nil, "entry 1: want id=base64key"},
		{"no equals", "abc", nil, "entry 1: want id=base64key"},
		{"bad base64", "a=!!!", nil, `key "a": not standard base64`},
		{"short key", "a=" + base64.StdEncoding.EncodeToString([]byte("short")), nil, `key "a": 5 bytes, want 32`},
		{"bad id", "a b=" + k, nil, `key id "a b"`},
		{"duplicate", "a=" + k + ",a=" + k, nil, `key "a": listed twice`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keys, err := codec.ParseKeys(tc.text)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got error %v, want %q", err, tc.err)
				}
				if strings.Contains(err.Error(), k) {
					t.Fatal("the error shows key material")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, k := range keys {
				ids = append(ids, k.ID)
			}
			if strings.Join(ids, ",") != strings.Join(tc.ids, ",") {
				t.Fatalf("got ids %v, want %v", ids, tc.ids)
			}
		})
	}
}

func TestKeyNeverPrintsMaterial(t *testing.T) {
	k := mustKey(t, "k1")
	secret := strings.TrimPrefix(k.Format(), "k1=")
	for _, s := range []string{k.String(), k.GoString()} {
		if strings.Contains(s, secret) {
			t.Fatalf("%q shows the key material", s)
		}
	}
}

func TestDataConverterRoundTrip(t *testing.T) {
	dc := mustCodec(t, mustKey(t, "k1")).DataConverter()
	p, err := dc.ToPayload(map[string]int{"steps": 3})
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]int
	if err := dc.FromPayload(p, &got); err != nil || got["steps"] != 3 {
		t.Fatalf("got %v, %v; want steps 3", got, err)
	}
	// A plain JSON payload (another client without the codec) still reads.
	var q map[string]string
	if err := dc.FromPayload(jsonPayload(t, map[string]string{"question": "plain"}), &q); err != nil || q["question"] != "plain" {
		t.Fatalf("plain payload: got %v, %v", q, err)
	}
}

func TestHandler(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	const ui = "http://127.0.0.1:8233"
	srv := httptest.NewServer(codec.NewHandler(c, codec.ServerOptions{Origins: []string{ui}, Hosts: []string{"127.0.0.1"}, Token: "tok", MaxRequestBytes: 4096}))
	defer srv.Close()
	body := func(ps ...*commonpb.Payload) string {
		b, err := protojson.Marshal(&commonpb.Payloads{Payloads: ps})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	do := func(method, path, origin, auth, b string) (*http.Response, string) {
		host := ""
		if h, p, ok := strings.Cut(path, "|"); ok { // "host|path": a request naming another Host
			host, path = h, p
		}
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b2, _ := io.ReadAll(resp.Body)
		return resp, string(b2)
	}

	plain := jsonPayload(t, "hello codec")
	enc := encodeOne(t, c, plain)

	for _, tc := range []struct {
		name, method, path, origin, auth, body string
		status                                 int
		allowOrigin                            string
		bodyHas                                string
	}{
		{"preflight before auth", http.MethodOptions, "/decode", ui, "", "", http.StatusNoContent, ui, ""},
		{"preflight from another origin", http.MethodOptions, "/decode", "http://evil.example", "", "", http.StatusNoContent, "", ""},
		{"decode without token", http.MethodPost, "/decode", ui, "", body(enc), http.StatusUnauthorized, ui, "bearer token"},
		{"decode with wrong token", http.MethodPost, "/decode", ui, "Bearer nope", body(enc), http.StatusUnauthorized, ui, "bearer token"},
		{"decode", http.MethodPost, "/decode", ui, "Bearer tok", body(enc), http.StatusOK, ui, base64.StdEncoding.EncodeToString(plain.Data)},
		{"decode under a namespace prefix", http.MethodPost, "/default/decode", "", "Bearer tok", body(enc), http.StatusOK, "", base64.StdEncoding.EncodeToString(plain.Data)},
		{"encode", http.MethodPost, "/encode", ui, "Bearer tok", body(plain), http.StatusOK, ui, base64.StdEncoding.EncodeToString([]byte(codec.Encoding))},
		{"decode with unknown key", http.MethodPost, "/decode", "", "Bearer tok", body(encodeOne(t, mustCodec(t, mustKey(t, "zz")), plain)), http.StatusBadRequest, "", `key "zz", which is not configured`},
		{"too large", http.MethodPost, "/decode", "", "Bearer tok", body(jsonPayload(t, strings.Repeat("x", 5000))), http.StatusRequestEntityTooLarge, "", "too large"},
		{"token in the path", http.MethodPost, "/tok/decode", ui, "", body(enc), http.StatusOK, ui, base64.StdEncoding.EncodeToString(plain.Data)},
		{"wrong token in the path", http.MethodPost, "/nope/decode", ui, "", body(enc), http.StatusUnauthorized, ui, "bearer token"},
		{"token earlier in the path", http.MethodPost, "/tok/x/decode", ui, "", body(enc), http.StatusUnauthorized, ui, "bearer token"},
		{"foreign host", http.MethodPost, "evil.example:8234|/decode", ui, "Bearer tok", body(enc), http.StatusMisdirectedRequest, "", "not served here"},
		{"localhost. is another host", http.MethodPost, "127.0.0.1.:8234|/decode", ui, "Bearer tok", body(enc), http.StatusMisdirectedRequest, "", "not served here"},
		{"not JSON", http.MethodPost, "/decode", "", "Bearer tok", "{", http.StatusBadRequest, "", "not JSON Payloads"},
		{"GET", http.MethodGet, "/decode", "", "Bearer tok", "", http.StatusMethodNotAllowed, "", "POST"},
		{"other path", http.MethodPost, "/other", "", "Bearer tok", body(enc), http.StatusNotFound, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, got := do(tc.method, tc.path, tc.origin, tc.auth, tc.body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status: got %d (%s), want %d", resp.StatusCode, got, tc.status)
			}
			if h := resp.Header.Get("Access-Control-Allow-Origin"); h != tc.allowOrigin {
				t.Fatalf("Access-Control-Allow-Origin: got %q, want %q", h, tc.allowOrigin)
			}
			if !strings.Contains(got, tc.bodyHas) {
				t.Fatalf("body: got %s, want it to contain %s", got, tc.bodyHas)
			}
		})
	}
}

// A decompression bomb (payloads that inflate far beyond the request) is
// refused with 413 within the bounds; a real payload still decodes.
func TestHandlerRefusesBombs(t *testing.T) {
	c := mustCodec(t, mustKey(t, "k1"))
	srv := httptest.NewServer(codec.NewHandler(c, codec.ServerOptions{}))
	defer srv.Close()
	zeros := func(n int) *commonpb.Payload {
		return encodeOne(t, c, &commonpb.Payload{Metadata: map[string][]byte{"encoding": []byte("binary/plain")}, Data: make([]byte, n)})
	}
	post := func(ps ...*commonpb.Payload) (int, string, int) {
		b, err := protojson.Marshal(&commonpb.Payloads{Payloads: ps})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.Post(srv.URL+"/decode", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(out), len(b)
	}
	five, three := zeros(5<<20), zeros(3<<20)
	for _, tc := range []struct {
		name    string
		ps      []*commonpb.Payload
		status  int
		bodyHas string
	}{
		{"one payload over the per-payload bound", []*commonpb.Payload{five}, http.StatusRequestEntityTooLarge, "payload 0"},
		{"60 bombs in one request", slices.Repeat([]*commonpb.Payload{five}, 60), http.StatusRequestEntityTooLarge, "too large"},
		{"two payloads over the request's budget", []*commonpb.Payload{three, three}, http.StatusRequestEntityTooLarge, "payload 1"},
		{"one big real payload", []*commonpb.Payload{three}, http.StatusOK, `"payloads"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body, n := post(tc.ps...)
			if status != tc.status || !strings.Contains(body, tc.bodyHas) {
				t.Fatalf("request of %d bytes: got %d %.200s, want %d with %q", n, status, body, tc.status, tc.bodyHas)
			}
		})
	}
}

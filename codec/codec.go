// Package codec encrypts Temporal payloads so that questions, datasets,
// tool outputs and answers never sit in plaintext in a workflow history.
//
// Codec is a converter.PayloadCodec: AES-256-GCM with a random 12-byte nonce
// in front of the ciphertext, the key id in the payload's metadata, and the
// payload's "encoding" metadata set to Encoding so that its own payloads are
// recognisable. Several keys decrypt (so keys can rotate); the first one
// encrypts. A payload that does not carry Encoding (plain JSON started from
// the Temporal UI form, the temporal CLI or another language's client without
// the codec) passes through Decode unchanged: it is used, and stays in the
// history, as it was sent.
//
// Before encryption a payload of at least compressMin bytes is compressed
// with DEFLATE when that makes it smaller; the key id and the compression
// flag are authenticated (GCM additional data), so neither can be changed
// without Decode failing.
//
// Keys are parsed by ParseKeys from "id=base64(32 bytes)" entries; NewHandler
// serves the codec to the Temporal UI and CLI (/encode, /decode).
package codec

import (
	"bytes"
	"compress/flate"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strings"
	"sync"

	commonpb "go.temporal.io/api/common/v1"
	"google.golang.org/protobuf/proto"

	"go.temporal.io/sdk/converter"
)

// Metadata names and values this codec writes.
const (
	// Encoding is the "encoding" metadata of an encrypted payload.
	Encoding = "binary/encrypted"
	// MetadataKeyID names the key that encrypted the payload.
	MetadataKeyID = "encryption-key-id"
	// MetadataCompression is "deflate" when the payload was compressed
	// before encryption, absent otherwise.
	MetadataCompression = "encryption-compression"

	compressionDeflate = "deflate"
	// compressMin is the smallest payload worth trying to compress: below
	// it DEFLATE's framing eats what it saves.
	compressMin = 256
	// MaxDecodedBytes bounds what one compressed payload may inflate to
	// in the worker's own data converter, so a crafted payload cannot
	// exhaust memory (Temporal caps a payload at a few MB; 64 MiB is far
	// above any real one). The codec server is stricter: see ServerLimits.
	MaxDecodedBytes = 64 << 20
)

// KeySize is the AES-256 key length in bytes.
const KeySize = 32

var keyIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// Key is one AES-256 key and the id written into the payloads it encrypts.
// Its String method hides the key material.
type Key struct {
	ID       string
	material []byte
}

// String names the key without its material.
func (k Key) String() string { return "key " + k.ID }

// GoString hides the material for %#v.
func (k Key) GoString() string { return k.String() }

// NewKey checks id and material (KeySize bytes) and returns the key.
func NewKey(id string, material []byte) (Key, error) {
	if !keyIDPattern.MatchString(id) {
		return Key{}, fmt.Errorf("key id %q: use 1-64 of A-Z a-z 0-9 . _ -", id)
	}
	if len(material) != KeySize {
		return Key{}, fmt.Errorf("key %q: %d bytes, want %d (AES-256; make one with `openssl rand -base64 32`)", id, len(material), KeySize)
	}
	return Key{ID: id, material: bytes.Clone(material)}, nil
}

// GenerateKey returns a new random key named id.
func GenerateKey(id string) (Key, error) {
	m := make([]byte, KeySize)
	if _, err := rand.Read(m); err != nil {
		return Key{}, fmt.Errorf("generate key: %w", err)
	}
	return NewKey(id, m)
}

// Format writes the key as a ParseKeys entry ("id=base64"). The result is a
// secret.
func (k Key) Format() string { return k.ID + "=" + base64.StdEncoding.EncodeToString(k.material) }

// ParseKeys reads keys from text: entries "id=base64(32 bytes)" separated by
// commas or newlines; blank lines and lines starting with # are ignored. The
// first entry is the key that encrypts. Errors name the entry by its id or
// position, never its material.
func ParseKeys(text string) ([]Key, error) {
	var keys []Key
	seen := map[string]bool{}
	n := 0
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, entry := range strings.Split(line, ",") {
			entry = strings.TrimSpace(entry)
			if entry == "" {
				continue
			}
			n++
			id, b64, ok := strings.Cut(entry, "=")
			id = strings.TrimSpace(id)
			if !ok || id == "" {
				return nil, fmt.Errorf("entry %d: want id=base64key", n)
			}
			material, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
			if err != nil {
				return nil, fmt.Errorf("key %q: not standard base64", id)
			}
			k, err := NewKey(id, material)
			if err != nil {
				return nil, err
			}
			if seen[k.ID] {
				return nil, fmt.Errorf("key %q: listed twice", k.ID)
			}
			seen[k.ID] = true
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil, errors.New("no keys")
	}
	return keys, nil
}

// Codec encrypts payloads with its first key and decrypts with any of its
// keys. It is safe for concurrent use.
type Codec struct {
	active string
	aeads  map[string]cipher.AEAD
	ids    []string
}

var _ converter.PayloadCodec = (*Codec)(nil)

// New returns a codec that encrypts with keys[0] and decrypts with any key.
func New(keys ...Key) (*Codec, error) {
	if len(keys) == 0 {
		return nil, errors.New("codec: no keys")
	}
	c := &Codec{active: keys[0].ID, aeads: map[string]cipher.AEAD{}}
	for _, k := range keys {
		if _, dup := c.aeads[k.ID]; dup {
			return nil, fmt.Errorf("codec: key %q listed twice", k.ID)
		}
		block, err := aes.NewCipher(k.material)
		if err != nil {
			return nil, fmt.Errorf("codec: key %q: %w", k.ID, err)
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, fmt.Errorf("codec: key %q: %w", k.ID, err)
		}
		c.aeads[k.ID] = aead
		c.ids = append(c.ids, k.ID)
	}
	return c, nil
}

// ActiveKeyID is the id of the key that encrypts.
func (c *Codec) ActiveKeyID() string { return c.active }

// KeyIDs are the ids of every key that decrypts, the active one first.
func (c *Codec) KeyIDs() []string { return append([]string(nil), c.ids...) }

// DataConverter is the SDK's default converter with this codec, for
// client.Options.DataConverter.
func (c *Codec) DataConverter() converter.DataConverter {
	return converter.NewCodecDataConverter(converter.GetDefaultDataConverter(), c)
}

// Encode encrypts every payload with the active key. A payload already
// encrypted by this codec is left alone, so encoding twice is harmless.
func (c *Codec) Encode(payloads []*commonpb.Payload) ([]*commonpb.Payload, error) {
	out := make([]*commonpb.Payload, len(payloads))
	for i, p := range payloads {
		if isOwn(p) {
			out[i] = p
			continue
		}
		enc, err := c.encode(p)
		if err != nil {
			return nil, err
		}
		out[i] = enc
	}
	return out, nil
}

func (c *Codec) encode(p *commonpb.Payload) (*commonpb.Payload, error) {
	plain, err := proto.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("codec: marshal payload: %w", err)
	}
	compression := ""
	if len(plain) >= compressMin {
		if z, ok := deflate(plain); ok {
			plain, compression = z, compressionDeflate
		}
	}
	aead := c.aeads[c.active]
	sealed := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plain)+aead.Overhead())
	if _, err := rand.Read(sealed); err != nil {
		return nil, fmt.Errorf("codec: nonce: %w", err)
	}
	sealed = aead.Seal(sealed, sealed, plain, additionalData(c.active, compression))
	md := map[string][]byte{
		converter.MetadataEncoding: []byte(Encoding),
		MetadataKeyID:              []byte(c.active),
	}
	if compression != "" {
		md[MetadataCompression] = []byte(compression)
	}
	return &commonpb.Payload{Metadata: md, Data: sealed}, nil
}

// Decode decrypts the payloads this codec (with any of its keys) encrypted
// and passes every other payload through unchanged.
func (c *Codec) Decode(payloads []*commonpb.Payload) ([]*commonpb.Payload, error) {
	return c.decodeAll(payloads, MaxDecodedBytes, math.MaxInt64, false)
}

// ErrTooLarge is wrapped by DecodeWithin's error when a payload or the
// whole call would inflate beyond its bound.
var ErrTooLarge = errors.New("decoded payloads too large")

// DecodeWithin is Decode with bounds: no payload may decode to more than
// perPayload bytes, and all of them together to no more than total. A
// compressed payload is inflated only up to what is left of both bounds,
// so a decompression bomb costs at most that much memory. Exceeding a
// bound returns an error wrapping ErrTooLarge. A compressed payload is
// inflated twice: once counting (into nothing), then, when it fits, into a
// buffer of its exact size, so even a refused bomb allocates nothing for
// its inflated bytes.
func (c *Codec) DecodeWithin(payloads []*commonpb.Payload, perPayload, total int64) ([]*commonpb.Payload, error) {
	return c.decodeAll(payloads, perPayload, total, true)
}

func (c *Codec) decodeAll(payloads []*commonpb.Payload, perPayload, total int64, exact bool) ([]*commonpb.Payload, error) {
	out := make([]*commonpb.Payload, len(payloads))
	left := total
	for i, p := range payloads {
		if !isOwn(p) {
			out[i] = p
			continue
		}
		limit := min(perPayload, left)
		dec, n, err := c.decode(p, limit, exact)
		if err != nil {
			if errors.Is(err, ErrTooLarge) {
				return nil, fmt.Errorf("payload %d: %w", i, err)
			}
			return nil, err
		}
		left -= n
		out[i] = dec
	}
	return out, nil
}

// decode decrypts p, inflating to at most limit bytes; n is the size of
// the decrypted (and inflated) payload.
func (c *Codec) decode(p *commonpb.Payload, limit int64, exact bool) (_ *commonpb.Payload, n int64, _ error) {
	id := string(p.Metadata[MetadataKeyID])
	aead, ok := c.aeads[id]
	if !ok {
		if id == "" {
			return nil, 0, errors.New("codec: encrypted payload names no key id")
		}
		return nil, 0, fmt.Errorf("codec: payload encrypted with key %q, which is not configured (have %s)", id, strings.Join(c.ids, ", "))
	}
	compression := string(p.Metadata[MetadataCompression])
	if compression != "" && compression != compressionDeflate {
		return nil, 0, fmt.Errorf("codec: payload encrypted with key %q: unknown compression %q", id, compression)
	}
	ns := aead.NonceSize()
	if len(p.Data) < ns+aead.Overhead() {
		return nil, 0, fmt.Errorf("codec: payload encrypted with key %q: %d bytes, shorter than nonce and tag (%d): truncated", id, len(p.Data), ns+aead.Overhead())
	}
	if int64(len(p.Data)-ns-aead.Overhead()) > limit {
		return nil, 0, fmt.Errorf("codec: payload encrypted with key %q: %d bytes: %w (limit %d)", id, len(p.Data), ErrTooLarge, limit)
	}
	plain, err := aead.Open(nil, p.Data[:ns], p.Data[ns:], additionalData(id, compression))
	if err != nil {
		return nil, 0, fmt.Errorf("codec: payload encrypted with key %q does not decrypt (wrong key material, or altered): %w", id, err)
	}
	if compression == compressionDeflate {
		if plain, err = inflate(plain, limit, exact); err != nil {
			return nil, 0, fmt.Errorf("codec: payload encrypted with key %q: %w", id, err)
		}
	}
	var orig commonpb.Payload
	if err := proto.Unmarshal(plain, &orig); err != nil {
		return nil, 0, fmt.Errorf("codec: payload encrypted with key %q: decrypted bytes are not a payload: %w", id, err)
	}
	return &orig, int64(len(plain)), nil
}

// isOwn reports whether p was encrypted by this codec.
func isOwn(p *commonpb.Payload) bool {
	return p != nil && string(p.GetMetadata()[converter.MetadataEncoding]) == Encoding
}

// additionalData binds the key id and compression to the ciphertext.
func additionalData(keyID, compression string) []byte {
	return []byte("durable-analyst/codec/v1\x00" + keyID + "\x00" + compression)
}

// A flate writer holds ~800 KB of tables and a reader ~40 KB: pooled, they
// are allocated once per goroutine instead of once per payload.
var (
	writers = sync.Pool{New: func() any {
		w, _ := flate.NewWriter(nil, flate.BestSpeed) // only fails for a bad level
		return w
	}}
	readers = sync.Pool{New: func() any { return flate.NewReader(bytes.NewReader(nil)) }}
)

// deflate compresses b and reports whether that made it smaller. BestSpeed:
// payloads are small and written once per activity call, so speed matters
// more than the last percent of size.
func deflate(b []byte) ([]byte, bool) {
	var buf bytes.Buffer
	buf.Grow(len(b) / 2)
	w := writers.Get().(*flate.Writer)
	defer writers.Put(w)
	w.Reset(&buf)
	if _, err := w.Write(b); err != nil {
		return nil, false
	}
	if err := w.Close(); err != nil || buf.Len() >= len(b) {
		return nil, false
	}
	return buf.Bytes(), true
}

// inflate decompresses b, refusing more than limit bytes: it reads at
// most limit+1 bytes, whatever b claims. With exact, it first counts the
// inflated size without keeping it, then allocates exactly that.
func inflate(b []byte, limit int64, exact bool) ([]byte, error) {
	r := readers.Get().(io.ReadCloser)
	defer readers.Put(r)
	if err := r.(flate.Resetter).Reset(bytes.NewReader(b), nil); err != nil {
		return nil, fmt.Errorf("inflate: %w", err)
	}
	if exact {
		n, err := io.Copy(io.Discard, io.LimitReader(r, limit+1))
		if err != nil {
			return nil, fmt.Errorf("inflate: %w", err)
		}
		if n > limit {
			return nil, fmt.Errorf("inflates beyond %d bytes: %w", limit, ErrTooLarge)
		}
		if err := r.(flate.Resetter).Reset(bytes.NewReader(b), nil); err != nil {
			return nil, fmt.Errorf("inflate: %w", err)
		}
		out := make([]byte, n)
		if _, err := io.ReadFull(r, out); err != nil {
			return nil, fmt.Errorf("inflate: %w", err)
		}
		return out, nil
	}
	out, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("inflate: %w", err)
	}
	if int64(len(out)) > limit {
		return nil, fmt.Errorf("inflates beyond %d bytes: %w", limit, ErrTooLarge)
	}
	return out, nil
}

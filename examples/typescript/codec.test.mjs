// Checks codec.mjs against the Go codec: it decodes the payloads the Go
// codec encrypted (codec/testdata/vectors.json, also decoded by the Go
// codec's TestVectors), and what it encrypts decodes back. The worker
// decoding what this codec encrypts is checked end to end by the e2e test
// that runs analyze.mjs. Run: node --test codec.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { AnalystCodec, ENCODING, METADATA_COMPRESSION, METADATA_KEY_ID, parseKeys } from './codec.mjs';

const vectors = JSON.parse(readFileSync(new URL('../../codec/testdata/vectors.json', import.meta.url), 'utf8'));
const text = new TextDecoder();

/** A payload from protobuf JSON (metadata values and data in base64). */
function payload(json) {
  const metadata = {};
  for (const [k, v] of Object.entries(json.metadata ?? {})) metadata[k] = new Uint8Array(Buffer.from(v, 'base64'));
  const p = { metadata };
  if (json.data !== undefined) p.data = new Uint8Array(Buffer.from(json.data, 'base64'));
  return p;
}

/** Comparable form of a payload: metadata as text, data as base64 ("" for none). */
function plainOf(p) {
  const md = {};
  for (const [k, v] of Object.entries(p.metadata ?? {})) md[k] = text.decode(v);
  return { metadata: md, data: Buffer.from(p.data ?? []).toString('base64') };
}

test('decodes every payload the Go codec encrypted', async () => {
  const codec = new AnalystCodec(parseKeys(vectors.keys));
  assert.ok(vectors.vectors.length >= 4);
  for (const v of vectors.vectors) {
    const enc = payload(v.encrypted);
    assert.equal(text.decode(enc.metadata[METADATA_KEY_ID]), v.key_id, v.name);
    assert.equal(enc.metadata[METADATA_COMPRESSION] !== undefined, v.compressed, v.name);
    const [dec] = await codec.decode([enc]);
    assert.deepEqual(plainOf(dec), plainOf(payload(v.plain)), v.name);
  }
});

test('encrypts with the first key, compresses large payloads, and decodes its own', async () => {
  const keys = parseKeys(vectors.keys);
  const codec = new AnalystCodec(keys);
  for (const v of vectors.vectors) {
    const plain = payload(v.plain);
    const [enc] = await codec.encode([plain]);
    assert.equal(text.decode(enc.metadata.encoding), ENCODING);
    assert.equal(text.decode(enc.metadata[METADATA_KEY_ID]), keys[0].id);
    const big = (plain.data?.length ?? 0) >= 256;
    assert.equal(enc.metadata[METADATA_COMPRESSION] !== undefined, big, `${v.name}: compressed`);
    assert.equal(Buffer.from(enc.data).includes(Buffer.from(plain.data ?? [])) && (plain.data?.length ?? 0) > 0, false, `${v.name}: plaintext in the ciphertext`);
    const [dec] = await codec.decode([enc]);
    assert.deepEqual(plainOf(dec), plainOf(plain), v.name);
    // Encoding twice leaves an encrypted payload alone.
    const [again] = await codec.encode([enc]);
    assert.equal(again, enc);
  }
});

test('says what is wrong', async () => {
  const [v] = vectors.vectors;
  const other = new AnalystCodec(parseKeys('other=' + Buffer.alloc(32, 7).toString('base64')));
  await assert.rejects(other.decode([payload(v.encrypted)]), /payload encrypted with key "vectors-2026-11", which is not configured \(have other\)/);
  const sameId = new AnalystCodec(parseKeys('vectors-2026-11=' + Buffer.alloc(32, 7).toString('base64')));
  await assert.rejects(sameId.decode([payload(v.encrypted)]), /does not decrypt \(wrong key material, or altered\)/);
  const relabelled = payload(v.encrypted);
  relabelled.metadata[METADATA_COMPRESSION] = new TextEncoder().encode('deflate');
  await assert.rejects(new AnalystCodec(parseKeys(vectors.keys)).decode([relabelled]), /does not decrypt/);
  assert.throws(() => parseKeys('k1=c2hvcnQ='), /key "k1": 5 bytes, want 32/);
  assert.throws(() => parseKeys('k1=???'), /key "k1": not standard base64/);
  assert.throws(() => parseKeys('# only a comment\n'), /no keys/);
  // Plain payloads (another client without the codec) pass through.
  const plain = { metadata: { encoding: new TextEncoder().encode('json/plain') }, data: new TextEncoder().encode('1') };
  assert.deepEqual(await other.decode([plain]), [plain]);
});

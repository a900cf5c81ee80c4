// A payload codec for @temporalio/client that reads and writes what the Go
// worker's codec (package codec) does, so a Node service can start analyses
// on an encrypted stack and read their progress, results and failures.
//
// The format of an encrypted payload:
//   metadata "encoding"               = "binary/encrypted"
//   metadata "encryption-key-id"      = the id of the key that encrypted it
//   metadata "encryption-compression" = "deflate" when compressed, else absent
//   data = nonce (12 random bytes) || AES-256-GCM ciphertext || tag (16 bytes)
// The plaintext is the original payload marshalled as a protobuf
// temporal.api.common.v1.Payload, raw-DEFLATE compressed first when it is at
// least 256 bytes and compressing makes it smaller. The GCM additional data
// is "durable-analyst/codec/v1" NUL key-id NUL compression ("" when none),
// so neither the key id nor the compression flag can be changed unnoticed.
//
// Keys are "id=base64(32 bytes)" entries separated by commas or newlines
// (lines starting with # are comments), as PAYLOAD_KEYS or the file named
// by PAYLOAD_KEY_FILE hold them; the first key encrypts, every key decrypts.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync, constants as zlib } from 'node:zlib';
import proto from '@temporalio/proto';

const Payload = proto.temporal.api.common.v1.Payload;

export const ENCODING = 'binary/encrypted';
export const METADATA_KEY_ID = 'encryption-key-id';
export const METADATA_COMPRESSION = 'encryption-compression';
const DEFLATE = 'deflate';
const COMPRESS_MIN = 256;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** What one compressed payload may inflate to, as the Go codec allows. */
export const MAX_DECODED_BYTES = 64 << 20;
const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const utf8 = new TextEncoder();
const text = new TextDecoder();

/**
 * Parses keys in the PAYLOAD_KEYS format. Errors name the entry by its id
 * or position, never its material.
 * @param {string} input
 * @returns {{id: string, key: Buffer}[]}
 */
export function parseKeys(input) {
  const keys = [];
  const seen = new Set();
  let n = 0;
  for (let line of input.split('\n')) {
    line = line.trim();
    if (line === '' || line.startsWith('#')) continue;
    for (let entry of line.split(',')) {
      entry = entry.trim();
      if (entry === '') continue;
      n++;
      const eq = entry.indexOf('=');
      const id = eq < 0 ? '' : entry.slice(0, eq).trim();
      if (id === '') throw new Error(`entry ${n}: want id=base64key`);
      const b64 = entry.slice(eq + 1).trim();
      if (!BASE64.test(b64) || b64.length % 4 !== 0) throw new Error(`key "${id}": not standard base64`);
      const key = Buffer.from(b64, 'base64');
      if (!KEY_ID.test(id)) throw new Error(`key id "${id}": use 1-64 of A-Z a-z 0-9 . _ -`);
      if (key.length !== KEY_BYTES) throw new Error(`key "${id}": ${key.length} bytes, want ${KEY_BYTES} (AES-256)`);
      if (seen.has(id)) throw new Error(`key "${id}": listed twice`);
      seen.add(id);
      keys.push({ id, key });
    }
  }
  if (keys.length === 0) throw new Error('no keys');
  return keys;
}

/**
 * The keys of PAYLOAD_KEYS or PAYLOAD_KEY_FILE (not both), or null when
 * neither is set: payloads are then sent and read in plaintext.
 * @param {NodeJS.ProcessEnv} env
 */
export function keysFromEnv(env = process.env) {
  const inline = env.PAYLOAD_KEYS ?? '';
  const file = env.PAYLOAD_KEY_FILE ?? '';
  if (inline !== '' && file !== '') throw new Error('PAYLOAD_KEYS, PAYLOAD_KEY_FILE: set one, not both');
  try {
    if (inline !== '') return parseKeys(inline);
  } catch (err) {
    throw new Error(`PAYLOAD_KEYS: ${err.message}`);
  }
  if (file === '') return null;
  let contents;
  try {
    contents = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`PAYLOAD_KEY_FILE: ${err.message}`);
  }
  try {
    return parseKeys(contents);
  } catch (err) {
    throw new Error(`PAYLOAD_KEY_FILE ${file}: ${err.message}`);
  }
}

function additionalData(keyId, compression) {
  return utf8.encode(`durable-analyst/codec/v1\0${keyId}\0${compression}`);
}

/** A PayloadCodec (for dataConverter.payloadCodecs) compatible with the Go codec. */
export class AnalystCodec {
  /** @param {{id: string, key: Buffer}[]} keys the first encrypts, all decrypt */
  constructor(keys) {
    if (!keys || keys.length === 0) throw new Error('codec: no keys');
    this.active = keys[0];
    this.keys = new Map(keys.map((k) => [k.id, k.key]));
  }

  async encode(payloads) {
    return payloads.map((p) => (isOwn(p) ? p : this.encodeOne(p)));
  }

  async decode(payloads) {
    return payloads.map((p) => (isOwn(p) ? this.decodeOne(p) : p));
  }

  encodeOne(payload) {
    let plain = Payload.encode(payload).finish();
    let compression = '';
    if (plain.length >= COMPRESS_MIN) {
      const z = deflateRawSync(plain, { level: zlib.Z_BEST_SPEED });
      if (z.length < plain.length) {
        plain = z;
        compression = DEFLATE;
      }
    }
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.active.key, nonce);
    cipher.setAAD(additionalData(this.active.id, compression));
    const sealed = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const metadata = { encoding: utf8.encode(ENCODING), [METADATA_KEY_ID]: utf8.encode(this.active.id) };
    if (compression !== '') metadata[METADATA_COMPRESSION] = utf8.encode(compression);
    return { metadata, data: new Uint8Array(sealed) };
  }

  decodeOne(payload) {
    const md = payload.metadata ?? {};
    const id = md[METADATA_KEY_ID] ? text.decode(md[METADATA_KEY_ID]) : '';
    const key = this.keys.get(id);
    if (!key) {
      if (id === '') throw new Error('codec: encrypted payload names no key id');
      throw new Error(`codec: payload encrypted with key "${id}", which is not configured (have ${[...this.keys.keys()].join(', ')})`);
    }
    const compression = md[METADATA_COMPRESSION] ? text.decode(md[METADATA_COMPRESSION]) : '';
    if (compression !== '' && compression !== DEFLATE) {
      throw new Error(`codec: payload encrypted with key "${id}": unknown compression "${compression}"`);
    }
    const data = Buffer.from(payload.data ?? []);
    if (data.length < NONCE_BYTES + TAG_BYTES) {
      throw new Error(`codec: payload encrypted with key "${id}": ${data.length} bytes, shorter than nonce and tag (${NONCE_BYTES + TAG_BYTES}): truncated`);
    }
    let plain;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, NONCE_BYTES));
      decipher.setAAD(additionalData(id, compression));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      plain = Buffer.concat([decipher.update(data.subarray(NONCE_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch (err) {
      throw new Error(`codec: payload encrypted with key "${id}" does not decrypt (wrong key material, or altered): ${err.message}`);
    }
    if (compression === DEFLATE) {
      try {
        plain = inflateRawSync(plain, { maxOutputLength: MAX_DECODED_BYTES });
      } catch (err) {
        throw new Error(`codec: payload encrypted with key "${id}": inflate: ${err.message}`);
      }
    }
    try {
      return Payload.decode(plain);
    } catch (err) {
      throw new Error(`codec: payload encrypted with key "${id}": decrypted bytes are not a payload: ${err.message}`);
    }
  }
}

function isOwn(p) {
  const enc = p?.metadata?.encoding;
  return enc !== undefined && text.decode(enc) === ENCODING;
}

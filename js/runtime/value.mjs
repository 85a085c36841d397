// kiln.serialize(value) / kiln.deserialize(bytes): values without a schema (docs/FORMAT.md
// section 9). The message is a normal Kiln message whose root "type" is the generic value.
import { KilnError, invalid } from './errors.mjs';
import { DEFAULT_LIMITS, Reader } from './reader.mjs';
import { Writer } from './writer.mjs';
import { ValueWriter } from './value_writer.mjs';
import { readValue } from './value_reader.mjs';
import { VALUE_FINGERPRINT } from './value_tags.mjs';

const MAGIC = 0x4b;
const VERSION = 1;
const HEADER_BYTES = 7;
const FLAG_COMPRESS = 1;
const FLAG_REFERENCES = 2;
const FLAG_SHARE_STRINGS = 8; // typed strings only: a C++ codec may set it, generic values ignore it
const hex32 = (v) => '0x' + (v >>> 0).toString(16).padStart(8, '0');

// Results are views of 64 KB chunks that later messages never overwrite (as Codec.serialize).
const shared = new Writer(64 * 1024);
let busy = false; // a getter that serializes while we serialize gets its own writer

function options(o) {
  if (o === undefined) return { trackReferences: false, limits: DEFAULT_LIMITS };
  if (typeof o !== 'object' || o === null) invalid('options', 'an object', o);
  const limits = o.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...o.limits };
  return { trackReferences: o.trackReferences === true, limits };
}

/**
 * Encodes any supported JS value as a Kiln message (a Uint8Array that stays valid).
 * @param {unknown} value
 * @param {{trackReferences?: boolean, limits?: Partial<typeof DEFAULT_LIMITS>}} [opts]
 */
export function serialize(value, opts) {
  const { trackReferences, limits } = options(opts);
  const w = busy ? new Writer(4096) : shared;
  const own = w === shared;
  w.begin(false);
  busy = true;
  try {
    w.ensure(HEADER_BYTES);
    const p = w.pos;
    w.buf[p] = MAGIC;
    w.buf[p + 1] = VERSION;
    w.buf[p + 2] = trackReferences ? FLAG_REFERENCES : 0;
    w.view.setUint32(p + 3, VALUE_FINGERPRINT, true);
    w.pos = p + HEADER_BYTES;
    new ValueWriter(w, trackReferences, limits.maxDepth).write(value);
  } catch (e) {
    w.pos = w.start;
    throw e;
  } finally {
    if (own) busy = false;
  }
  return w.buf.subarray(w.start, w.pos);
}

/**
 * Decodes a generic-value message; throws KilnError with the byte offset of the problem.
 * @param {Uint8Array} bytes
 * @param {{limits?: Partial<typeof DEFAULT_LIMITS>}} [opts]
 */
export function deserialize(bytes, opts) {
  if (!(bytes instanceof Uint8Array)) invalid('bytes', 'a Uint8Array', bytes);
  const r = new Reader(bytes, options(opts).limits);
  r.need(HEADER_BYTES, 'message header');
  const b = r.buf;
  if (b[0] !== MAGIC) r.fail('BadMagic', `first byte is ${b[0]}, expected 75 ('K')`);
  if (b[1] !== VERSION) {
    r.fail('BadVersion', `message has format version ${b[1]}, this reader reads 1`, 1);
  }
  const flags = b[2];
  if (flags & ~(FLAG_COMPRESS | FLAG_REFERENCES | FLAG_SHARE_STRINGS)) {
    r.fail('BadFlags', `flags byte ${flags} has bits this reader does not support`, 2);
  }
  const fp = r.view.getUint32(3, true);
  if (fp !== VALUE_FINGERPRINT) {
    r.fail('SchemaMismatch',
      `message schema fingerprint is ${hex32(fp)} but a generic value has ${hex32(VALUE_FINGERPRINT)}`, 3);
  }
  r.pos = HEADER_BYTES;
  const value = readValue(r, flags & FLAG_REFERENCES ? [] : null);
  if (r.pos !== r.end) r.fail('TrailingBytes', `${r.end - r.pos} bytes left after the root value`);
  return value;
}

export { KilnError, VALUE_FINGERPRINT };

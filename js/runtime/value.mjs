// kiln.serialize(value) / kiln.deserialize(bytes): values without a schema (docs/FORMAT.md
// section 9). The message is a normal Kiln message whose root "type" is the generic value.
import { KilnError, invalid } from './errors.mjs';
import { DEFAULT_LIMITS, Reader } from './reader.mjs';
import { Writer } from './writer.mjs';
import { ValueWriter } from './value_writer.mjs';
import { readValue } from './value_reader.mjs';
import { VALUE_FINGERPRINT } from './value_tags.mjs';
import {
  FLAG_COMPRESS_NUMBERS, FLAG_NO_FINGERPRINT, FLAG_SHARE_STRINGS, FLAG_REFERENCE_TRACKING, optionFlags,
  readHeader, writeHeader,
} from './header.mjs';

const SUPPORTED_FLAGS =
  FLAG_COMPRESS_NUMBERS | FLAG_REFERENCE_TRACKING | FLAG_SHARE_STRINGS | FLAG_NO_FINGERPRINT;

// Results are views of 64 KB chunks that later messages never overwrite (as Codec.serialize).
const shared = new Writer(64 * 1024);
let busy = false; // a getter that serializes while we serialize gets its own writer

function options(o) {
  if (o === undefined) return { trackReferences: false, fingerprint: true, header: true, limits: DEFAULT_LIMITS };
  if (typeof o !== 'object' || o === null) invalid('options', 'an object', o);
  const limits = o.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...o.limits };
  return {
    trackReferences: o.trackReferences === true, fingerprint: o.fingerprint !== false, header: o.header !== false, limits,
  };
}

/**
 * Encodes any supported JS value as a Kiln message (a Uint8Array that stays valid).
 * @param {unknown} value
 * @param {{trackReferences?: boolean, fingerprint?: boolean, header?: boolean,
 *          limits?: Partial<typeof DEFAULT_LIMITS>}} [opts]
 */
export function serialize(value, opts) {
  const { trackReferences, fingerprint, header, limits } = options(opts);
  const w = busy ? new Writer(4096) : shared;
  const own = w === shared;
  w.begin(false);
  busy = true;
  try {
    const flags = optionFlags({ trackReferences, fingerprint });
    if (header) writeHeader(w, flags, VALUE_FINGERPRINT);
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
 * @param {{header?: boolean, trackReferences?: boolean, limits?: Partial<typeof DEFAULT_LIMITS>}} [opts]
 *   trackReferences only matters without a header: then it must be the writer's.
 */
export function deserialize(bytes, opts) {
  if (!(bytes instanceof Uint8Array)) invalid('bytes', 'a Uint8Array', bytes);
  const { trackReferences, header, limits } = options(opts);
  const r = new Reader(bytes, limits);
  // Bit 3 (shared strings) is for typed strings only: a C++ codec may set it, generic values
  // ignore it.
  const flags = header
    ? readHeader(r, SUPPORTED_FLAGS, VALUE_FINGERPRINT, 'a generic value')
    : trackReferences ? FLAG_REFERENCE_TRACKING : 0;
  const value = readValue(r, flags & FLAG_REFERENCE_TRACKING ? [] : null);
  if (r.pos !== r.end) r.fail('TrailingBytes', `${r.end - r.pos} bytes left after the root value`);
  return value;
}

export { KilnError, VALUE_FINGERPRINT };

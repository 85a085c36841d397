// kiln.serialize(value) / kiln.deserialize(bytes): values without a schema (docs/FORMAT.md
// section 9). The message is a normal Kiln message whose root "type" is the generic value.
import { KilnError, checkOptions, invalid } from './errors.mjs';
import { DEFAULT_LIMITS, Reader } from './reader.mjs';
import { Writer, copyInto } from './writer.mjs';
import { ValueWriter } from './value_writer.mjs';
import { readValue } from './value_reader.mjs';
import { VALUE_FINGERPRINT } from './value_tags.mjs';
import {
  FLAG_COMPATIBLE, FLAG_COMPRESS_NUMBERS, FLAG_NO_FINGERPRINT, FLAG_SHARE_STRINGS, FLAG_REFERENCE_TRACKING, optionFlags,
  readHeader, writeHeader,
} from './header.mjs';

const SUPPORTED_FLAGS =
  FLAG_COMPRESS_NUMBERS | FLAG_REFERENCE_TRACKING | FLAG_SHARE_STRINGS | FLAG_NO_FINGERPRINT;

// Messages are written into one scratch buffer, rewound on every call; serialize() copies out.
const shared = new Writer(4096);
let busy = false; // a getter that serializes while we serialize gets its own writer

// Options are checked by name: a misspelt or unsupported one throws rather than being ignored.
// Both directions take the same set, so one options object serves a writer and its reader (as
// with a Codec); with a header, the reader takes fingerprint and trackReferences from the message.
const OPTIONS = new Set(['header', 'trackReferences', 'fingerprint', 'limits']);
const LIMITS = new Set(Object.keys(DEFAULT_LIMITS));

function options(o) {
  if (o === undefined) return { trackReferences: false, fingerprint: true, header: true, limits: DEFAULT_LIMITS };
  checkOptions(o, OPTIONS, 'options');
  if (o.limits !== undefined) checkOptions(o.limits, LIMITS, 'options.limits');
  const limits = o.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...o.limits };
  return {
    trackReferences: o.trackReferences === true, fingerprint: o.fingerprint !== false, header: o.header !== false, limits,
  };
}

/**
 * Encodes any supported JS value as a new message: a Uint8Array that owns exactly its bytes
 * (byteOffset 0, buffer.byteLength === length), so it can be transferred alone.
 * @param {unknown} value
 * @param {{trackReferences?: boolean, fingerprint?: boolean, header?: boolean,
 *          limits?: Partial<typeof DEFAULT_LIMITS>}} [opts]
 */
export function serialize(value, opts) {
  return serializeView(value, opts).slice();
}

/** As serialize, without the copy: a view of a scratch buffer, valid until the next call. */
export function serializeView(value, opts) {
  const { trackReferences, fingerprint, header, limits } = options(opts);
  const w = busy ? new Writer(4096) : shared;
  const own = w === shared;
  w.begin(true);
  busy = true;
  try {
    const flags = optionFlags({ trackReferences, fingerprint });
    if (header) writeHeader(w, flags, VALUE_FINGERPRINT);
    new ValueWriter(w, trackReferences, limits.maxDepth).write(value);
  } finally {
    if (own) busy = false;
  }
  return w.buf.subarray(0, w.pos);
}

/** Encodes into target at offset (no allocation); returns the number of bytes written. */
export function serializeInto(value, target, offset = 0, opts = undefined) {
  if (!(target instanceof Uint8Array)) invalid('target', 'a Uint8Array', target);
  return copyInto(serializeView(value, opts), target, offset);
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
  // ignore it. Compatible mode (bit 2) is refused once the header is whole, as in C++ (FORMAT.md
  // 10.5): a cut header is 'Truncated' whatever its flags.
  const flags = header
    ? readHeader(r, SUPPORTED_FLAGS | FLAG_COMPATIBLE, VALUE_FINGERPRINT, 'a generic value')
    : trackReferences ? FLAG_REFERENCE_TRACKING : 0;
  if (flags & FLAG_COMPATIBLE) r.fail('BadFlags', 'a generic value cannot be read from a compatible-mode message', 2);
  const value = readValue(r, flags & FLAG_REFERENCE_TRACKING ? [] : null);
  if (r.pos !== r.end) r.fail('TrailingBytes', `${r.end - r.pos} bytes left after the root value`);
  return value;
}

export { KilnError, VALUE_FINGERPRINT };

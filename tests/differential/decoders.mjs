// The JS decoders the differential fuzzer checks, each tied to the native decoder
// (kiln_verdicts.cpp, same ids) that must give the same verdict: the generated codecs of
// kiln-sdk/workloads, the same types declared with the schema constructors, the golden feature
// types, the schema-free generic value decoder, the inspector and a framed stream of Records.
import {
  Codec, KilnError, deserialize, serialize, inspect, struct, string, vector, map, encodeFrame, FrameReader,
} from '../../js/index.mjs';
import { CODES_BY_NUMBER } from '../../js/runtime/errors.mjs';
import { messageCodec } from '../../js/runtime/stream/messages.mjs';
import * as generated from '../../js/workloads.mjs';
import * as declared from '../workloads/schemas.mjs';
import * as features from '../workloads/feature_schemas.mjs';

// The golden vector tags_shared_compatible.bin's type (tests/workloads/golden_cases.hpp).
const Tags = struct('Tags', { owner: string, labels: vector(string), notes: map(string, string) });

// Native decoder ids, in the order of `Types` in kiln_verdicts.cpp.
export const NATIVE = [
  'Struct', 'Foo', 'Record', 'Bulk', 'TestClass', 'Tree', 'Tags', 'Graph', 'Document', 'Category',
  'Scalars', 'Catalog', 'Labels', 'Vendor', 'Envelope', 'EnvelopeV1', 'GraphV1', 'DrawingV0', 'Value',
  'inspect',
  'frames:Record',
];
const nativeId = (name) => NATIVE.indexOf(name);

// A successful decode is written again with the options kiln_verdicts.cpp uses (kReencode).
const REENCODE = new Codec({ trackReferences: true });

/** A read flag of the harness's own: decode with a tight allocation budget, this many units for
 *  an input of n bytes, so that the budget's charges (FORMAT.md 6.5) decide verdicts. */
export const TIGHT = 0x200;
export const tightBudget = (n) => n + (n >> 1) + 16;
const limitsFor = (flags, n) => (flags & TIGHT ? { maxAllocBytes: tightBudget(n) } : {});

const readers = new Map();
/** A JS codec reading with the read flags of a seed (wasm/module.hpp's flag bits), for an input
 *  of n bytes. */
function reader(flags, n) {
  const options = flags & 0x100
    ? {
      header: false, compressNumbers: !!(flags & 1), trackReferences: !!(flags & 2),
      compatible: !!(flags & 4), shareStrings: !!(flags & 8),
    }
    : {};
  if (flags & TIGHT) return new Codec({ ...options, limits: limitsFor(flags, n) });
  if (!readers.has(flags)) readers.set(flags, new Codec(options));
  return readers.get(flags);
}

const hex = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');

// For types that hold generic values, C++ and JS can write equal values as different bytes, as
// JS represents them (FORMAT.md 9.1, 9.2): C++ writes 2.0 as a float, JS the number 2 as an int;
// C++ keeps a date's f64 as it is, JS a Date's time value (whole milliseconds in the Date
// range, else an invalid date, written as NaN). There the C++ re-encoding is read by JS and
// written again: equal bytes mean the two decoders read the same value as JS sees it.
const sameAsJs = (read, write) => (jsHex, nativeHex) => {
  try {
    return write(read(new Uint8Array(Buffer.from(nativeHex, 'hex')))) === jsHex;
  } catch {
    return false;
  }
};

function typed(name, type, label) {
  const encode = (value) => hex(REENCODE.serialize(type, value));
  return {
    name: `${label}:${name}`, native: nativeId(name), type,
    // The weak_ptr fields of the types that have them (TreeNode.parent; Graph.focus, GraphNode.parent).
    weakFields: name === 'Graph' || name === 'Tree' ? new Set(['parent', 'focus']) : null,
    decode: (bytes, flags) => reader(flags, bytes.length).deserialize(type, bytes),
    encode,
    sameValue: type === features.Document || type === features.Envelope
      ? sameAsJs((b) => REENCODE.deserialize(type, b), encode) : null,
  };
}

const VALUE = {
  name: 'value', native: nativeId('Value'),
  // deserialize() takes only `header` and `trackReferences`: the C++ reader is told no more.
  nativeFlags: (flags) => (flags & 0x100 ? 0x100 | (flags & 2) : 0) | (flags & TIGHT),
  decode: (bytes, flags) => deserialize(bytes, {
    ...(flags & 0x100 ? { header: false, trackReferences: !!(flags & 2) } : {}),
    limits: limitsFor(flags, bytes.length),
  }),
  encode: (value) => hex(serialize(value, { trackReferences: true })),
  sameValue: sameAsJs((b) => deserialize(b), (v) => hex(serialize(v, { trackReferences: true }))),
};

const INSPECT = {
  name: 'inspect', native: nativeId('inspect'),
  decode: (bytes) => inspect(bytes),
  encode: (json) => json,
  sameValue: null,
};

// A framed stream of Records (FORMAT.md 11), each message read with the default Codec and its
// error moved to the stream offset (messageCodec, as readMessages does). Cut otherwise than
// kiln_verdicts.cpp does (one chunk for an even length, else chunks of 5), so a verdict that
// depends on chunking shows as a difference. The value: the frames of the Records written again.
const RECORD_STREAM = messageCodec(generated.Record, { codec: new Codec() });
const FRAMES = {
  name: 'frames:Record', native: nativeId('frames:Record'),
  decode(bytes) {
    const reader = new FrameReader();
    const values = [];
    const step = bytes.length % 2 ? 5 : Math.max(bytes.length, 1);
    for (let at = 0; at < bytes.length; at += step) {
      for (const f of reader.pushFrames(bytes.subarray(at, at + step))) values.push(RECORD_STREAM.decode(f.message, f.offset));
    }
    reader.end();
    return values;
  },
  encode: (values) => values.map((v) => hex(encodeFrame(REENCODE.serialize(generated.Record, v)))).join(''),
  sameValue: null,
};

export const DECODERS = [
  ...['Struct', 'Foo', 'Record', 'Bulk', 'TestClass', 'Tree'].map((n) => typed(n, generated[n], 'gen')),
  ...['Struct', 'Foo', 'Record', 'Bulk', 'TestClass', 'Tree'].map((n) => typed(n, declared[n], 'decl')),
  typed('Tags', Tags, 'decl'),
  ...['Graph', 'Document', 'Category', 'Scalars', 'Catalog', 'Labels', 'Vendor', 'Envelope'].map((n) => typed(n, features[n], 'decl')),
  // Envelope's messages read by its older version too, which skips the payload.
  { ...typed('EnvelopeV1', features.EnvelopeV1, 'older'), name: 'older:Envelope' },
  // Graph's by its older version, which skips every kind of pointer field.
  { ...typed('GraphV1', features.GraphV1, 'older'), name: 'older:Graph' },
  // Drawing's by a version without its pointer fields, which skips polymorphic objects (C++ only
  // writes them) and the table entries their types add.
  { ...typed('DrawingV0', features.DrawingV0, 'older'), name: 'older:Drawing' },
  VALUE,
  INSPECT,
  FRAMES,
];

/** The JS verdict of `decoder` on `bytes`: { ok: text, value } (text: the hex of the value
 *  written again, or the inspector's JSON) or { err: 'CodeName offset' }; a throw that is not a
 *  KilnError is a verdict too ({ crash }), and so is a value JS cannot write again ({ wrerr }). */
export function jsVerdict(decoder, bytes, flags) {
  let value;
  try {
    value = decoder.decode(bytes, flags);
  } catch (e) {
    if (e instanceof KilnError) return { err: `${e.code} ${e.offset}`, detail: e.message };
    return { crash: String(e?.stack ?? e) };
  }
  try {
    return { ok: decoder.encode(value), value };
  } catch (e) {
    return { wrerr: e instanceof KilnError ? e.code : String(e?.stack ?? e) };
  }
}

/** The native verdict line of kiln_verdicts.cpp, in the JS verdict's terms. */
export function parseNative(line) {
  const space = line.indexOf(' ');
  const kind = line.slice(0, space);
  const rest = line.slice(space + 1);
  if (kind === 'ok') return { ok: rest };
  if (kind === 'err') {
    const [code, offset] = rest.split(' ');
    return { err: `${CODES_BY_NUMBER[Number(code)] ?? `code${code}`} ${offset}` };
  }
  if (kind === 'wrerr') return { wrerr: CODES_BY_NUMBER[Number(rest)] ?? rest };
  return { bad: line };
}

/** Whether the two verdicts agree: same error and offset, or equal values. */
export function agree(decoder, js, cpp) {
  if (js.err !== undefined || cpp.err !== undefined) return js.err === cpp.err;
  if (js.wrerr !== undefined || cpp.wrerr !== undefined) return js.wrerr === cpp.wrerr;
  if (js.ok === undefined || cpp.ok === undefined) return false;
  if (js.ok === cpp.ok) return true;
  return decoder.sameValue !== null && decoder.sameValue(js.ok, cpp.ok);
}

// Codec: options plus reusable buffers; the message header; defineType for generated types.
import { KilnError, checkOptions, invalid } from './errors.mjs';
import { DEFAULT_LIMITS, Reader } from './reader.mjs';
import { Writer, copyInto } from './writer.mjs';
import {
  FLAG_COMPATIBLE, FLAG_COMPRESS_NUMBERS, FLAG_NO_FINGERPRINT, FLAG_SHARE_STRINGS, FLAG_REFERENCE_TRACKING, optionFlags,
  readHeader, writeHeader,
} from './header.mjs';

const SUPPORTED_FLAGS =
  FLAG_COMPRESS_NUMBERS | FLAG_REFERENCE_TRACKING | FLAG_SHARE_STRINGS | FLAG_NO_FINGERPRINT;
const GRAPH_FLAGS = FLAG_REFERENCE_TRACKING | FLAG_SHARE_STRINGS;

export function checkType(type) {
  if (typeof type !== 'object' || type === null || typeof type.writeFixed !== 'function') {
    invalid('type', 'a Kiln type (e.g. Foo from the generated module)', type);
  }
}

// Compatible mode (docs/FORMAT.md 10): the type table of a schema (schema/; a generated codec
// carries the schema of its C++ type). A generic value at the root has none (it describes
// itself), nor a generated type without its schema, nor a type of more than 128 structs (C++'s
// other cases, polymorphic pointers and hand-written serializers, do not exist in JS).
function tableOf(type) {
  const table = typeof type.compatibleTable === 'function' ? type.compatibleTable() : null;
  if (table === null) {
    throw new KilnError('UnsupportedOption', `compatible mode has no type descriptor for ${type.cppName} or a type ` +
      'inside it (a value at the root describes itself; a type generated without its schema, or of more than 128 ' +
      'structs, has none); write it with compatible: false');
  }
  return table;
}

// `header` false: the value's bytes alone, with flags both sides agree on out of band.
function writeMessage(w, type, value, compress, flags, header) {
  if ((flags & GRAPH_FLAGS) !== 0 || w.refs !== null || w.strings !== null) {
    w.resetGraph((flags & FLAG_REFERENCE_TRACKING) !== 0, (flags & FLAG_SHARE_STRINGS) !== 0);
  }
  if (header) writeHeader(w, flags, type.fingerprint);
  if (flags & FLAG_COMPATIBLE) w.bytes(tableOf(type));
  if (compress) type.writeCompressed(w, value);
  else type.writeFixed(w, value);
}

// `agreedFlags` null: the message has a header, which says how to read it; else the flags of a
// message without one.
function readMessage(r, type, agreedFlags) {
  const supported = typeof type.readCompatible === 'function' ? SUPPORTED_FLAGS | FLAG_COMPATIBLE : SUPPORTED_FLAGS;
  const flags = agreedFlags ?? readHeader(r, supported, type.fingerprint, type.cppName);
  if ((flags & GRAPH_FLAGS) !== 0) {
    r.setGraph((flags & FLAG_REFERENCE_TRACKING) !== 0, (flags & FLAG_SHARE_STRINGS) !== 0);
  }
  const compress = (flags & FLAG_COMPRESS_NUMBERS) !== 0;
  let value;
  // (A reader of a message without a header was told compatible mode by its own options.)
  if (flags & FLAG_COMPATIBLE) value = agreedFlags === null ? type.readCompatible(r, compress) : readAgreed(r, type, compress);
  else value = compress ? type.readCompressed(r) : type.readFixed(r);
  if (r.pos !== r.end) r.fail('TrailingBytes', `${r.end - r.pos} bytes left after the root value`);
  return value;
}

// A header-less reader told compatible mode by its options: refused, as in C++, for a type
// with no type table (there is no flags byte to blame).
function readAgreed(r, type, compress) {
  tableOf(type); // throws UnsupportedOption when there is none
  return type.readCompatible(r, compress);
}

// Options are checked by name, so that a misspelt or unsupported one throws instead of being
// ignored.
const WRITE_OPTIONS = ['compressNumbers', 'trackReferences', 'shareStrings', 'fingerprint', 'header', 'compatible'];
export const TYPE_OPTIONS = new Set([...WRITE_OPTIONS, 'int64', 'maps', 'typedArrays']); // Type.serialize/deserialize
const CODEC_OPTIONS = new Set([...TYPE_OPTIONS, 'limits']);
const LIMITS = new Set(Object.keys(DEFAULT_LIMITS));

function checkEnum(what, value, a, b) {
  if (value !== a && value !== b) invalid(what, `'${a}' or '${b}'`, value);
}

export class Codec {
  /**
   * @param {{compressNumbers?: boolean, trackReferences?: boolean, shareStrings?: boolean,
   *          fingerprint?: boolean, header?: boolean, int64?: 'bigint' | 'number',
   *          maps?: 'object' | 'map', typedArrays?: 'copy' | 'view',
   *          limits?: Partial<typeof DEFAULT_LIMITS>}} options
   */
  constructor(options = {}) {
    checkOptions(options, CODEC_OPTIONS, 'options');
    const {
      compressNumbers = false, trackReferences = false, shareStrings = false, fingerprint = true,
      header = true, compatible = false, int64 = 'bigint', maps = 'object', typedArrays = 'copy', limits = {},
    } = options;
    checkEnum('options.int64', int64, 'bigint', 'number');
    checkEnum('options.maps', maps, 'object', 'map');
    checkEnum('options.typedArrays', typedArrays, 'copy', 'view');
    checkOptions(limits, LIMITS, 'options.limits');
    // Typed maps with string keys decode as plain objects, or as Maps.
    this.mapsAsMap = maps === 'map';
    // 64-bit integers decode as BigInt (exact), or as numbers, which fail to decode outside the
    // safe integer range rather than lose precision.
    this.int64AsNumber = int64 === 'number';
    // Arrays of numbers whose wire bytes are their memory bytes decode as copies, or as views
    // into the message where aligned (no copy; the view shares and keeps alive the input).
    this.typedArrayViews = typedArrays === 'view';
    this.compress = !!compressNumbers;
    this.flags = optionFlags({ compressNumbers, trackReferences, shareStrings, fingerprint, header, compatible });
    // Without a header (docs/FORMAT.md 3.2) the message is the value alone: a reader must be
    // given the writer's number mode, reference tracking and shared strings.
    this.header = header !== false;
    this.agreedFlags = this.header ? null : this.flags;
    this.limits = Object.freeze({ ...DEFAULT_LIMITS, ...limits });
    this.scratch = new Writer(4096); // rewound on every call
  }

  /** Encodes value as a new message: a Uint8Array that owns exactly its bytes (byteOffset 0,
   *  buffer.byteLength === length), so it can be transferred, or sent as its .buffer, alone. */
  serialize(type, value) {
    // One copy out of the scratch buffer: cheaper than growing a fresh buffer per message.
    return this.serializeView(type, value).slice();
  }

  /** Encodes into this codec's scratch buffer, no copy: the view is valid until the next call. */
  serializeView(type, value) {
    checkType(type);
    const w = this.scratch;
    w.begin(true);
    writeMessage(w, type, value, this.compress, this.flags, this.header);
    return w.buf.subarray(0, w.pos);
  }

  /** Encodes into target at offset; returns the number of bytes written. */
  serializeInto(type, value, target, offset = 0) {
    if (!(target instanceof Uint8Array)) invalid('target', 'a Uint8Array', target);
    return copyInto(this.serializeView(type, value), target, offset);
  }

  /** Decodes a message; throws KilnError with the byte offset of the problem. */
  deserialize(type, bytes) {
    checkType(type);
    if (!(bytes instanceof Uint8Array)) invalid('bytes', 'a Uint8Array', bytes);
    return readMessage(new Reader(bytes, this.limits, this.int64AsNumber, this.mapsAsMap, false, this.typedArrayViews), type, this.agreedFlags);
  }
}

const defaultCodecs = new Map(); // by options, made on first use
/** The codec Type.serialize / Type.deserialize use for these options (one per distinct set). */
export function defaultCodec(options) {
  if (typeof options !== 'object' || options === null) invalid('options', 'an object', options);
  // A short key: this runs on every Type.serialize / Type.deserialize call.
  const {
    compressNumbers = false, trackReferences = false, shareStrings = false, fingerprint = true, header = true,
    compatible = false, int64 = 'bigint', maps = 'object', typedArrays = 'copy',
  } = options;
  const key = `${+!!compressNumbers}${+!!trackReferences}${+!!shareStrings}${+(fingerprint !== false)}` +
    `${+(header !== false)}${+!!compatible}${int64}${maps}${typedArrays}`;
  let codec = defaultCodecs.get(key);
  if (codec === undefined) {
    checkOptions(options, TYPE_OPTIONS, 'options');
    codec = new Codec({ compressNumbers, trackReferences, shareStrings, fingerprint, header, compatible, int64, maps, typedArrays });
    defaultCodecs.set(key, codec);
  } else if (options !== NO_OPTIONS) {
    checkOptions(options, TYPE_OPTIONS, 'options');
  }
  return codec;
}
export const NO_OPTIONS = Object.freeze({});

/** Wraps a generated type description; adds serialize/deserialize with default codecs. With
 *  `spec.schema` (the same type declared with the schema constructors, as the generator emits
 *  it) the type also has compatible mode: compatibleTable() and readCompatible(). */
export function defineType(spec) {
  const type = {
    ...spec,
    serialize(value, options = NO_OPTIONS) {
      return defaultCodec(options).serialize(this, value);
    },
    // Options matter to a reader only for a message without a header (and for int64 and maps).
    deserialize(bytes, options = NO_OPTIONS) {
      return defaultCodec(options).deserialize(this, bytes);
    },
  };
  if (spec.schema !== undefined) Object.assign(type, compatibleMethods(spec));
  return Object.freeze(type);
}

// Compatible mode (docs/FORMAT.md 10) of a generated type, from its schema: the schema's type
// table (null when it has none: too many structs); a message whose table is that one
// was written with the reader's types, so its body is read by the generated readers; any other
// table is bound to the schema, which reads by it.
function compatibleMethods(spec) {
  const { schema, readFixed, readCompressed } = spec;
  if (typeof schema !== 'object' || schema === null || typeof schema.compatibleTable !== 'function' ||
      typeof schema.readCompatible !== 'function') {
    invalid('spec.schema', 'a schema (from the schema constructors)', schema);
  }
  return {
    compatibleTable() {
      return schema.compatibleTable();
    },
    readCompatible(r, compress) {
      return schema.readCompatible(r, compress, compress ? readCompressed : readFixed);
    },
  };
}

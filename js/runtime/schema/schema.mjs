// Schema: one node of a type declared in JavaScript (kiln-sdk's struct, vector, i32, ...). Each
// node knows its wire shape (fingerprint tokens, minimum and maximum encoded sizes, the
// storage it is charged to the allocation budget) and makes, once per number mode, a
// writer and a reader: closures composed on first use, no code generated at run time. Any node
// can be the root of a message: it is a Kiln type, as the generated ones are.
import { invalid } from '../errors.mjs';
import { defaultCodec, NO_OPTIONS } from '../codec.mjs';
import { fingerprintOf, tokensOf } from './fingerprint.mjs';
import { typeTable } from './describe.mjs';
import { readCompatible } from './bind.mjs';

// Modes: bit 0, compressed numbers; bit 1 (readers only), a compatible-mode body read by a
// table other than the reader's own, where structs follow the per-message plan (bind.mjs).
export const FIXED = 0;
export const COMPRESSED = 1;
export const COMPATIBLE = 2;
export const UNBOUNDED = Infinity;
export const compressed = (mode) => (mode & COMPRESSED) !== 0;

/** Thrown by writers while unwinding to the root, which names the value's path (Foo.f3[2]). */
export class PathError {
  constructor(expected, value) {
    this.expected = expected;
    this.value = value;
    this.path = '';
  }
}
export function fail(expected, value) {
  throw new PathError(expected, value);
}

export function failAt(segment, expected, value) {
  const e = new PathError(expected, value);
  e.path = segment;
  throw e;
}

/** Rethrows e; a PathError gets `segment` (the container's part of the path) in front. */
export function within(e, segment) {
  if (e instanceof PathError) e.path = segment + e.path;
  throw e;
}

export class Schema {
  constructor() {
    this.writers = [null, null];
    this.readers = [null, null, null, null];
    this.fp = null;
    this.table = undefined; // the compatible-mode type table (describe.mjs), or null: none
    this.st = undefined;
  }

  /** What decoding one value of this type is charged to the allocation budget (storage.mjs,
   *  docs/FORMAT.md 6.5), worked out on first use from computeStorage(). */
  get storage() {
    return this.st ?? (this.st = this.computeStorage());
  }

  // Wire shape, overridden by each kind: tokens(out, structs) appends the fingerprint tokens
  // (structs: the structs being hashed, innermost last, for `rec`); minBytes; maxBytes(mode);
  // exact(mode): decoded after one bounds check of maxBytes (fixed-width numbers only).
  exact() {
    return false;
  }
  maxBytes() {
    return UNBOUNDED;
  }
  /** How a decoded element of this type is stored in a typed array, or null. */
  get typedArray() {
    return null;
  }

  /** Appends the compatible-mode descriptor (describe.mjs); by default, none exists. */
  describe(b) {
    b.ok = false;
  }
  /** The value a compatible-mode reader gives a field the message lacks. */
  defaultValue() {
    return null;
  }

  /** (w, v) => void for number mode `mode`; made once. */
  writer(mode) {
    return this.writers[mode] ?? (this.writers[mode] = this.makeWriter(mode));
  }
  /** (r) => value for number mode `mode`; made once. */
  reader(mode) {
    return this.readers[mode] ?? (this.readers[mode] = this.makeReader(mode));
  }

  // The Kiln type interface the Codec uses (as defineType's objects have it).
  get name() {
    return this.label();
  }
  get cppName() {
    return this.label();
  }
  get fingerprint() {
    if (this.fp === null) this.fp = fingerprintOf(tokensOf(this));
    return this.fp;
  }
  writeFixed(w, v) {
    writeRoot(this, FIXED, w, v);
  }
  writeCompressed(w, v) {
    writeRoot(this, COMPRESSED, w, v);
  }
  readFixed(r) {
    return this.reader(FIXED)(r);
  }
  readCompressed(r) {
    return this.reader(COMPRESSED)(r);
  }
  /** The compatible-mode type table written after the header, or null when this type has none. */
  compatibleTable() {
    if (this.table === undefined) this.table = typeTable(this);
    return this.table?.bytes ?? null;
  }
  /** Reads a compatible-mode message's table and root value; `sameVersion` reads the body of a
   *  message whose table is this type's own (default: this schema's reader). */
  readCompatible(r, compress, sameVersion = undefined) {
    if (this.compatibleTable() === null) {
      r.fail('BadFlags', `${this.label()} cannot be read from a compatible-mode message`, 2);
    }
    return readCompatible(r, this, this.table, compress ? COMPRESSED : FIXED, sameVersion);
  }
  serialize(value, options = NO_OPTIONS) {
    return defaultCodec(options).serialize(this, value);
  }
  deserialize(bytes, options = NO_OPTIONS) {
    return defaultCodec(options).deserialize(this, bytes);
  }
}

function writeRoot(schema, mode, w, v) {
  const write = schema.writer(mode);
  try {
    write(w, v);
  } catch (e) {
    if (e instanceof PathError) invalid(schema.label() + e.path, e.expected, e.value);
    throw e;
  }
}

// Numbers, bool, characters, strings and enums (docs/FORMAT.md 5.1-5.3). Each writer makes the
// checks the generated encoders make, with the same messages; each reader is the Reader call the
// generated decoders make.
import { isI64, isU64, writeI64, writeZigzag64, writeVarint64 } from '../writer.mjs';
import { Schema, compressed, fail } from './schema.mjs';
import { BOOL, I8, I16, I32, I64, U8, U16, U32, U64, F32, F64, C8, C16, C32, STR } from '../type_table.mjs';
import { HANDLE_STORAGE } from '../storage.mjs';

// token -> [writers per mode, readers per mode, width in bytes, typed array class]. Each
// writer is a function of its own (not a composition of a check and a write) so that V8 keeps
// each one's call sites monomorphic. 32- and 64-bit integers compress; the rest are fixed-width
// in both modes.
const INT32 = 'an int32';
const UINT32 = 'a uint32';
const INT64 = 'an int64 (a BigInt or a safe integer)';
const UINT64 = 'a uint64 (a BigInt or a non-negative safe integer)';
const NUMBERS = {
  bool: [[(w, v) => {
    if (typeof v !== 'boolean') fail('a boolean', v);
    w.u8(v ? 1 : 0);
  }], [(r) => r.bool()], 1, null],
  i8: [[(w, v) => {
    if (typeof v !== 'number' || ((v << 24) >> 24) !== v) fail('an int8', v);
    w.u8(v & 0xff);
  }], [(r) => r.i8()], 1, Int8Array],
  u8: [[(w, v) => {
    if (typeof v !== 'number' || (v & 0xff) !== v) fail('a uint8', v);
    w.u8(v);
  }], [(r) => r.u8('u8')], 1, Uint8Array],
  c8: [[(w, v) => {
    if (typeof v !== 'number' || (v & 0xff) !== v) fail('a uint8', v);
    w.u8(v);
  }], [(r) => r.u8('c8')], 1, Uint8Array],
  i16: [[(w, v) => {
    if (typeof v !== 'number' || ((v << 16) >> 16) !== v) fail('an int16', v);
    w.u16(v & 0xffff);
  }], [(r) => r.i16()], 2, Int16Array],
  u16: [[(w, v) => {
    if (typeof v !== 'number' || (v & 0xffff) !== v) fail('a uint16', v);
    w.u16(v);
  }], [(r) => r.u16('u16')], 2, Uint16Array],
  c16: [[(w, v) => {
    if (typeof v !== 'number' || (v & 0xffff) !== v) fail('a uint16', v);
    w.u16(v);
  }], [(r) => r.u16('c16')], 2, Uint16Array],
  i32: [[(w, v) => {
    if (typeof v !== 'number' || (v | 0) !== v) fail(INT32, v);
    w.u32(v >>> 0);
  }, (w, v) => {
    if (typeof v !== 'number' || (v | 0) !== v) fail(INT32, v);
    w.varint(((v << 1) ^ (v >> 31)) >>> 0);
  }], [(r) => r.i32(), (r) => r.zigzag32('i32')], 4, Int32Array],
  u32: [[(w, v) => {
    if (typeof v !== 'number' || v >>> 0 !== v) fail(UINT32, v);
    w.u32(v);
  }, (w, v) => {
    if (typeof v !== 'number' || v >>> 0 !== v) fail(UINT32, v);
    w.varint(v);
  }], [(r) => r.u32('u32'), (r) => r.varint32('u32')], 4, Uint32Array],
  c32: [[(w, v) => {
    if (typeof v !== 'number' || v >>> 0 !== v) fail(UINT32, v);
    w.u32(v);
  }], [(r) => r.u32('c32')], 4, Uint32Array],
  i64: [[(w, v) => {
    if (!isI64(v)) fail(INT64, v);
    writeI64(w, v);
  }, (w, v) => {
    if (!isI64(v)) fail(INT64, v);
    writeZigzag64(w, v);
  }], [(r) => r.i64(), (r) => r.zigzag64('i64')], 8, BigInt64Array],
  u64: [[(w, v) => {
    if (!isU64(v)) fail(UINT64, v);
    writeI64(w, v);
  }, (w, v) => {
    if (!isU64(v)) fail(UINT64, v);
    writeVarint64(w, v);
  }], [(r) => r.u64(), (r) => r.varintU64('u64')], 8, BigUint64Array],
  f32: [[(w, v) => {
    if (typeof v !== 'number') fail('a number', v);
    w.f32(v);
  }], [(r) => r.f32()], 4, Float32Array],
  f64: [[(w, v) => {
    if (typeof v !== 'number') fail('a number', v);
    w.f64(v);
  }], [(r) => r.f64()], 8, Float64Array],
};
// Unchecked forms of the fixed-width encodings, for a run of numbers whose room was checked at
// once (a struct made only of fixed-width numbers: one Reader.need or Writer.ensure for all of
// them, as the C++ core does). token -> [write, read]; writers still check the value.
const TWO32 = 2 ** 32;
function putI64(w, v) {
  const view = w.view;
  const p = w.pos;
  if (typeof v === 'number') {
    const lo = v % TWO32;
    view.setUint32(p, lo < 0 ? lo + TWO32 : lo, true);
    view.setUint32(p + 4, Math.floor(v / TWO32) >>> 0, true);
  } else {
    view.setBigUint64(p, BigInt.asUintN(64, v), true);
  }
  w.pos = p + 8;
}
const RAW = {
  i8: [(w, v) => {
    if (typeof v !== 'number' || ((v << 24) >> 24) !== v) fail('an int8', v);
    w.buf[w.pos++] = v & 0xff;
  }, (r) => (r.buf[r.pos++] << 24) >> 24],
  u8: [(w, v) => {
    if (typeof v !== 'number' || (v & 0xff) !== v) fail('a uint8', v);
    w.buf[w.pos++] = v;
  }, (r) => r.buf[r.pos++]],
  i16: [(w, v) => {
    if (typeof v !== 'number' || ((v << 16) >> 16) !== v) fail('an int16', v);
    w.view.setInt16(w.pos, v, true);
    w.pos += 2;
  }, (r) => {
    const v = r.view.getInt16(r.pos, true);
    r.pos += 2;
    return v;
  }],
  u16: [(w, v) => {
    if (typeof v !== 'number' || (v & 0xffff) !== v) fail('a uint16', v);
    w.view.setUint16(w.pos, v, true);
    w.pos += 2;
  }, (r) => {
    const v = r.view.getUint16(r.pos, true);
    r.pos += 2;
    return v;
  }],
  i32: [(w, v) => {
    if (typeof v !== 'number' || (v | 0) !== v) fail(INT32, v);
    w.view.setInt32(w.pos, v, true);
    w.pos += 4;
  }, (r) => {
    const v = r.view.getInt32(r.pos, true);
    r.pos += 4;
    return v;
  }],
  u32: [(w, v) => {
    if (typeof v !== 'number' || v >>> 0 !== v) fail(UINT32, v);
    w.view.setUint32(w.pos, v, true);
    w.pos += 4;
  }, (r) => {
    const v = r.view.getUint32(r.pos, true);
    r.pos += 4;
    return v;
  }],
  i64: [(w, v) => {
    if (!isI64(v)) fail(INT64, v);
    putI64(w, v);
  }, (r) => {
    r.pos += 8;
    return r.i64At(r.pos - 8);
  }],
  u64: [(w, v) => {
    if (!isU64(v)) fail(UINT64, v);
    putI64(w, v);
  }, (r) => {
    r.pos += 8;
    return r.u64At(r.pos - 8);
  }],
  f32: [(w, v) => {
    if (typeof v !== 'number') fail('a number', v);
    w.view.setFloat32(w.pos, v, true);
    w.pos += 4;
  }, (r) => {
    const v = r.view.getFloat32(r.pos, true);
    r.pos += 4;
    return v;
  }],
  f64: [(w, v) => {
    if (typeof v !== 'number') fail('a number', v);
    w.view.setFloat64(w.pos, v, true);
    w.pos += 8;
  }, (r) => {
    const v = r.view.getFloat64(r.pos, true);
    r.pos += 8;
    return v;
  }],
};
RAW.c8 = RAW.u8;
RAW.c16 = RAW.u16;
RAW.c32 = RAW.u32;

const COMPRESSIBLE = new Set(['i32', 'u32', 'i64', 'u64']);
const CODES = {
  bool: BOOL, i8: I8, i16: I16, i32: I32, i64: I64, u8: U8, u16: U16, u32: U32, u64: U64, f32: F32, f64: F64,
  c8: C8, c16: C16, c32: C32,
};

/** A number, bool or character: one C++ arithmetic type. */
export class NumberSchema extends Schema {
  constructor(token) {
    super();
    const [write, read, width, typedArray] = NUMBERS[token];
    this.token = token;
    this.write = write;
    this.read = read;
    this.width = width; // bytes of the fixed-width encoding, and the storage
    this.ta = typedArray;
    this.compressible = COMPRESSIBLE.has(token);
  }
  label() {
    return this.token;
  }
  tokens(out) {
    out.push(this.token);
  }
  get minBytes() {
    return this.compressible ? 1 : this.width;
  }
  maxBytes(mode) {
    if (this.compressible && compressed(mode)) return this.width === 4 ? 5 : 10;
    return this.width;
  }
  exact(mode) {
    return !(this.compressible && compressed(mode)) && this.token !== 'bool';
  }
  describe(b) {
    b.byte(CODES[this.token]); // an enum travels as its underlying integer
  }
  defaultValue(r) {
    if (this.token === 'bool') return false;
    return this.width === 8 && this.token[0] !== 'f' && !r.int64AsNumber ? 0n : 0;
  }
  get typedArray() {
    return this.ta;
  }
  computeStorage() {
    return this.width;
  }
  /** The typed array's bytes are the wire bytes: sequences copy them in one go. */
  bulk(mode) {
    return this.ta !== null && this.exact(mode);
  }
  makeWriter(mode) {
    return this.write[compressed(mode) && this.compressible ? 1 : 0];
  }
  makeReader(mode) {
    return this.read[compressed(mode) && this.compressible ? 1 : 0];
  }
  /** Writer and reader of the fixed-width encoding, without the room check (see RAW). */
  get raw() {
    return RAW[this.token];
  }
}

/** std::string: UTF-8 with a varint byte length (shared when the message shares strings). */
export class StringSchema extends Schema {
  constructor() {
    super();
    this.st = HANDLE_STORAGE;
  }
  label() {
    return 'str';
  }
  tokens(out) {
    out.push('str');
  }
  describe(b) {
    b.byte(STR);
  }
  defaultValue() {
    return '';
  }
  get minBytes() {
    return 1;
  }
  makeWriter() {
    return (w, v) => {
      if (typeof v !== 'string') fail('a string', v);
      w.str(v);
    };
  }
  makeReader() {
    return (r) => r.str();
  }
}

const WIRE_NAME = /^[A-Za-z_][A-Za-z0-9_.]{0,254}$/;

/** Checks a struct's or enum's wire name (docs/FORMAT.md 4.2). */
export function checkWireName(name, what) {
  if (typeof name !== 'string' || !WIRE_NAME.test(name)) {
    throw new TypeError(`${what}: a wire name is 1 to 255 ASCII characters, a letter or _ then letters, ` +
      `digits, _ or . (got ${JSON.stringify(name)})`);
  }
}

/** An enum: its underlying integer on the wire; values are numbers (or BigInts for 64 bits). */
export class EnumSchema extends NumberSchema {
  constructor(name, underlying) {
    checkWireName(name, 'enumeration');
    if (!(underlying instanceof NumberSchema) || underlying.token === 'bool' || underlying.token[0] === 'f' ||
        underlying.token[0] === 'c') {
      throw new TypeError(`enumeration ${name}: the underlying type is an integer schema (i8 ... u64)`);
    }
    super(underlying.token);
    this.enumName = name;
  }
  label() {
    return this.enumName;
  }
  tokens(out) {
    out.push('enum', this.enumName, this.token);
  }
}

// Reader: a bounds-checked cursor over untrusted bytes. Mirrors core/kiln/detail/ser/reader.hpp:
// the same checks, in the same order, with the same error codes and byte offsets.
import { KilnError } from './errors.mjs';

// ignoreBOM: a string that starts with U+FEFF keeps it (TextDecoder drops it by default).
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// In Node, longer ASCII strings are cut from a window of the message decoded as Latin-1 (one
// character per byte, ASCII to itself): V8 returns a substring of 13 or more characters as a
// slice of the window, with no copy, about 3x cheaper than assembling it in JS. Node's Buffer
// decodes Latin-1 at memory speed; TextDecoder's 'latin1' (windows-1252) is 15x slower on
// binary bytes, so runtimes without Buffer (browsers) assemble strings in JS. A string kept
// from a decoded value keeps its window (at most TEXT_WINDOW bytes) alive.
const NodeBuffer = typeof globalThis.Buffer === 'function' && typeof globalThis.Buffer.from === 'function'
  ? globalThis.Buffer : null;
const TEXT_WINDOW = 4096;

export const DEFAULT_LIMITS = Object.freeze({
  maxDepth: 64,
  maxStringBytes: 2 ** 30,
  maxCollectionLength: 2 ** 28,
  maxReferences: 2 ** 20,
  allowOwningCycles: false,
  // Storage one message may make the decoder allocate, in the format's storage measure
  // (docs/FORMAT.md 6.5, storage.mjs); 0 = 64 per input byte + 64 KiB. Charged as every decoder
  // charges it, so the JS decoder and the C++ core agree on every input.
  maxAllocBytes: 0,
});

// The default allocation budget: this many bytes per input byte, plus a base.
export const ALLOC_PER_INPUT_BYTE = 64;
export const ALLOC_BASE = 64 * 1024;

/** The allocation budget of a message of n bytes (Limits::alloc_budget in C++). */
export function allocBudget(limits, n) {
  return limits.maxAllocBytes ? limits.maxAllocBytes : n * ALLOC_PER_INPUT_BYTE + ALLOC_BASE;
}

// Messages up to SCRATCH_BYTES are read from a copy in this module's buffer, whose DataView is
// made once: V8 takes about 200 ns to construct a DataView, more than a small message's whole
// decode budget, and copying 4 KiB costs less. Readers never nest (a decode runs no user code),
// so one buffer serves them all; nothing a decoder returns refers into it.
const SCRATCH_BYTES = 4096;
const scratch = new Uint8Array(SCRATCH_BYTES);
const scratchView = new DataView(scratch.buffer);
const scratchNode = NodeBuffer === null ? null : NodeBuffer.from(scratch.buffer);

/** The type of a numbered object whose fields a compatible-mode reader skipped (FORMAT.md
 *  10.5): no pointer it reads may refer to it. */
export const SKIPPED = Object.freeze({ skipped: true });

export class Reader {
  /** @param {Uint8Array} bytes  @param {boolean} nested: made while another reader runs (so
   *  it must not take the scratch copy)  @param {boolean} typedArrayViews: number arrays may be
   *  returned as views into `bytes` (so the message is read in place, never from the scratch) */
  constructor(bytes, limits = DEFAULT_LIMITS, int64AsNumber = false, mapsAsMap = false, nested = false,
    typedArrayViews = false) {
    if (bytes.length <= SCRATCH_BYTES && !nested && !typedArrayViews) {
      scratch.set(bytes);
      this.buf = scratch;
      this.view = scratchView;
    } else {
      this.buf = bytes;
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    }
    this.pos = 0;
    this.end = bytes.length;
    this.limits = limits;
    this.depth = 0;
    this.refs = null; // objects read so far, when the message tracks references
    this.refTypes = null; // their C++ type names
    this.refOpen = null; // whether each is still being read
    this.refAnnounced = null; // whether each was announced by a weak_ptr and awaits its fields
    this.defining = -1; // set by backReference: the object whose fields follow, or -1
    // Compatible mode (FORMAT.md 10.5), while the walker skips or prints polymorphic objects: the
    // message struct each object a polymorphic weak_ptr announced is filled as (by number, made
    // on the first such announcement), and the registered type names of the message, numbered
    // from 0 in order of first use (5.11), made on the first.
    this.refStructs = null;
    this.typeNames = null;
    this.typeNameBytes = null; // their byte lengths, which the inspector charges
    this.strings = null; // strings read so far, when the message shares strings
    this.stringBytes = null; // their UTF-8 lengths
    this.int64AsNumber = int64AsNumber; // i64()/u64()/zigzag64()/varintU64() give numbers
    this.mapsAsMap = mapsAsMap; // typed maps with string keys decode as Map, not plain objects
    this.typedArrayViews = typedArrayViews; // typedArray() may return a view into the input
    this.allocLeft = allocBudget(limits, bytes.length);
    // While reading a compatible-mode body by another version's table: { plans, walker }
    // (schema/bind.mjs). Element counts are then checked at 1 byte per element, since the
    // writer's version of an element may be smaller than the reader's.
    this.evolve = null;
    this.text = ''; // buf[textStart, textStart + text.length) decoded as Latin-1 (see TEXT_WINDOW)
    this.textStart = 0;
    this.nodeBuf = null; // buf as a Node Buffer, made for the first window
  }

  /** Per-message state from the header flags: reference tracking, shared strings. */
  setGraph(track, share) {
    if (track) {
      this.refs = [];
      this.refTypes = [];
      this.refOpen = [];
      this.refAnnounced = [];
    }
    if (share) {
      this.strings = [];
      this.stringBytes = []; // each string's UTF-8 length, charged again at every repeat
    }
  }

  /** Records a new shared object before its fields are read, so a cycle back to it resolves;
   *  returns its number (-1 when the message does not track), open until close(). */
  remember(obj, type) {
    if (this.refs === null) return -1;
    if (this.refs.length >= this.limits.maxReferences) {
      this.fail('LengthTooLarge', `more than ${this.limits.maxReferences} shared objects in one message`);
    }
    this.refs.push(obj);
    this.refTypes.push(type);
    this.refOpen.push(true);
    this.refAnnounced.push(false);
    return this.refs.length - 1;
  }
  close(slot) {
    if (slot >= 0) this.refOpen[slot] = false;
  }
  /** Numbers the object a weak_ptr announces, which awaits its fields. A compatible-mode reader
   *  that skips the weak_ptr (FORMAT.md 10.5) numbers it with obj and type null: the first
   *  pointer it reads that refers to it makes it. */
  announce(obj, type) {
    const slot = this.remember(obj, type);
    this.refOpen[slot] = false;
    this.refAnnounced[slot] = true;
  }

  /** The checks of a reference tag (index = tag - 2) that hold whatever the object's type, in
   *  the C++ reader's order; kind: 0 unique_ptr, 1 shared_ptr, 2 weak_ptr. True when it
   *  announces the next object (a weak_ptr's index = count so far). */
  checkReference(index, at, kind) {
    if (kind === 0) {
      this.fail('BadReference', `a unique_ptr cannot refer to a shared object (tag ${index + 2})`, at);
    }
    if (this.refs === null) {
      this.fail('BadReference', `back-reference to object #${index} in a message without reference tracking`, at);
    }
    if (kind === 2 && index === this.refs.length) return true;
    if (index >= this.refs.length) {
      this.fail('BadReference', `back-reference to object #${index} but only ${this.refs.length} objects so far`, at);
    }
    if (kind === 1 && this.refOpen[index] && !this.limits.allowOwningCycles) {
      this.fail(
        'BadReference',
        `back-reference to object #${index}, which is still being read: a shared_ptr cycle is never freed ` +
          '(close cycles with a weak_ptr, or allow_owning_cycles)',
        at,
      );
    }
    return false;
  }

  /** The object a reference tag names (index = tag - 2), checked as the C++ reader does.
   *  kind: 0 unique_ptr, 1 shared_ptr, 2 weak_ptr; size: the object's storage, charged when a
   *  weak_ptr announces the next object (index = count so far), which is made empty now and
   *  filled at its first shared_ptr. There this.defining is its number, and the caller reads its
   *  fields (then close(), leave()); else this.defining is -1. */
  backReference(index, type, at, kind, size) {
    this.defining = -1;
    if (this.checkReference(index, at, kind)) {
      this.charge(this.pos, size, 'object');
      const obj = {};
      this.announce(obj, type);
      return obj;
    }
    // Compatible mode (FORMAT.md 10.5): objects of pointers the reader skipped.
    if (this.refTypes[index] === SKIPPED) {
      this.fail('BadReference', `back-reference to object #${index}, whose fields this reader skipped`, at);
    }
    if (this.refs[index] === null) { // announced by a skipped weak_ptr: made now, as announced
      this.charge(this.pos, size, 'object');
      this.refs[index] = {};
      this.refTypes[index] = type;
    }
    if (this.refTypes[index] !== type) {
      this.fail('BadReference', `back-reference to object #${index}, which is not a ${type}`, at);
    }
    if (kind === 1 && this.refAnnounced[index]) {
      this.enter('pointer');
      this.refAnnounced[index] = false;
      this.refOpen[index] = true;
      this.defining = index;
    }
    return this.refs[index];
  }

  fail(code, detail, at = this.pos) {
    throw new KilnError(code, detail, at);
  }

  need(n, what) {
    if (this.end - this.pos < n) {
      this.fail('Truncated', `${what} needs ${n} bytes, ${this.end - this.pos} left`);
    }
  }

  /** n numbers of `size` bytes each, whose wire bytes are their memory bytes, as a typed array
   *  of Type: a view into the input when the codec returns views and the position is aligned
   *  for Type (always for bytes), else a copy. A view shares the input's memory: writing to
   *  either changes both, and it keeps the whole input buffer alive. */
  typedArray(Type, n, size) {
    const bytes = n * size;
    this.need(bytes, 'sequence elements');
    const at = this.buf.byteOffset + this.pos;
    let a;
    if (this.typedArrayViews && at % size === 0) {
      a = new Type(this.buf.buffer, at, n);
    } else if (bytes <= 64 && Type !== Float32Array && Type !== Float64Array) {
      // V8 keeps a typed array of up to 64 bytes on its heap until its .buffer is read, which
      // moves it off-heap at several times the cost of the whole copy: so fill it element by
      // element. (Integers only: a float read as a number may lose a NaN's payload bits.)
      a = new Type(n);
      copyIntegers(a, this.buf, this.view, this.pos, n, size);
    } else {
      a = new Type(n);
      new Uint8Array(a.buffer).set(this.buf.subarray(this.pos, this.pos + bytes));
    }
    this.pos += bytes;
    return a;
  }

  u8(what = 'fixed-width value') {
    if (this.pos >= this.end) this.need(1, what);
    return this.buf[this.pos++];
  }
  i8() {
    return (this.u8('i8') << 24) >> 24;
  }
  u16(what = 'u16') {
    this.need(2, what);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }
  i16() {
    this.need(2, 'i16');
    const v = this.view.getInt16(this.pos, true);
    this.pos += 2;
    return v;
  }
  u32(what = 'u32') {
    this.need(4, what);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }
  i32() {
    this.need(4, 'i32');
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }
  // 64-bit integers of typed values: BigInts, or numbers when the codec asks for them (then a
  // value outside the safe integer range is an error rather than a silently rounded number).
  i64() {
    this.need(8, 'i64');
    const at = this.pos;
    this.pos += 8;
    return this.i64At(at);
  }
  u64() {
    this.need(8, 'u64');
    const at = this.pos;
    this.pos += 8;
    return this.u64At(at);
  }
  /** The int64 at `at`, already bounds-checked. */
  i64At(at) {
    if (!this.int64AsNumber) return this.view.getBigInt64(at, true);
    const hi = this.view.getInt32(at + 4, true);
    const v = hi * 4294967296 + this.view.getUint32(at, true);
    // |hi| < 2^21 keeps v exact; isSafeInteger then excludes -2^53 itself.
    if (hi < -2097152 || hi >= 2097152 || !Number.isSafeInteger(v)) {
      this.unsafeInt64(this.view.getBigInt64(at, true), at);
    }
    return v;
  }
  u64At(at) {
    if (!this.int64AsNumber) return this.view.getBigUint64(at, true);
    const hi = this.view.getUint32(at + 4, true);
    if (hi >= 2097152) this.unsafeInt64(this.view.getBigUint64(at, true), at);
    return hi * 4294967296 + this.view.getUint32(at, true);
  }
  unsafeInt64(v, at) {
    this.fail('ValueOutOfRange', `${v} is not a safe integer (JavaScript numbers are exact up to ` +
      "2^53 - 1); decode 64-bit integers as BigInt (the codec option int64: 'bigint')", at);
  }
  f32() {
    this.need(4, 'f32');
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }
  f64() {
    this.need(8, 'f64');
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }
  bool() {
    const b = this.u8('bool');
    if (b > 1) this.fail('BadBool', `bool byte is ${b}, expected 0 or 1`, this.pos - 1);
    return b === 1;
  }

  /** Unsigned varint of at most `bits` (8, 16 or 32) bits, as a number. */
  varint32(what = 'varint', bits = 32) {
    const buf = this.buf;
    if (this.pos < this.end && buf[this.pos] < 0x80) return buf[this.pos++];
    const max = Math.ceil(bits / 7);
    let p = this.pos;
    let v = 0;
    for (let i = 0; i < max; i++) {
      if (p >= this.end) this.need(i + 1, what);
      const b = buf[p++];
      if (i < 4) v |= (b & 0x7f) << (7 * i);
      else v += (b & 0x7f) * 2 ** 28;
      if (b < 0x80) {
        if (i === max - 1 && b >> (bits - 7 * i) !== 0) break;
        this.pos = p;
        return v >>> 0;
      }
    }
    return this.fail('VarintOverflow', `${what} does not fit ${bits} bits`);
  }

  /** Unsigned varint of at most 64 bits, as a BigInt. */
  varint64(what = 'varint') {
    const buf = this.buf;
    let p = this.pos;
    // Up to 7 bytes (49 bits) fit a double exactly; longer values are assembled as BigInt.
    let lo = 0;
    let scale = 1;
    for (let i = 0; i < 7; i++, scale *= 128) {
      if (p >= this.end) this.need(i + 1, what);
      const b = buf[p++];
      lo += (b & 0x7f) * scale;
      if (b < 0x80) {
        this.pos = p;
        return BigInt(lo);
      }
    }
    let v = BigInt(lo);
    for (let i = 7; i < 10; i++) {
      if (p >= this.end) this.need(i + 1, what);
      const b = buf[p++];
      v |= BigInt(b & 0x7f) << BigInt(7 * i);
      if (b < 0x80) {
        if (i === 9 && b > 1) break;
        this.pos = p;
        return v;
      }
    }
    return this.fail('VarintOverflow', `${what} does not fit 64 bits`);
  }
  /** Unsigned varint of at most 64 bits as a number: exact below 2^49, else approximate (only
   *  used for lengths, whose limits are far below that). */
  varintNumber(what = 'varint') {
    const buf = this.buf;
    let p = this.pos;
    let v = 0;
    let scale = 1;
    for (let i = 0; i < 7; i++, scale *= 128) {
      if (p >= this.end) this.need(i + 1, what);
      const b = buf[p++];
      v += (b & 0x7f) * scale;
      if (b < 0x80) {
        this.pos = p;
        return v;
      }
    }
    return Number(this.varint64(what));
  }
  zigzag32(what) {
    const u = this.varint32(what);
    return (u >>> 1) ^ -(u & 1);
  }
  zigzag64(what) {
    // Up to 7 bytes (49 bits) decode with numbers, then at most one BigInt conversion.
    const buf = this.buf;
    const at = this.pos;
    let p = at;
    let u = 0;
    let scale = 1;
    for (let i = 0; i < 7 && p < this.end; i++, scale *= 128) {
      const b = buf[p++];
      u += (b & 0x7f) * scale;
      if (b < 0x80) {
        this.pos = p;
        const v = u % 2 === 0 ? u / 2 : -(u + 1) / 2;
        return this.int64AsNumber ? v : BigInt(v);
      }
    }
    const z = this.varint64(what);
    const v = (z >> 1n) ^ -(z & 1n);
    return this.int64AsNumber ? this.safeNumber(v, at) : v;
  }
  /** A zigzag varint of 64 bits as a BigInt, whatever the int64 option (a BigInt64Array element). */
  zigzagBig(what) {
    const z = this.varint64(what);
    return (z >> 1n) ^ -(z & 1n);
  }
  /** A uint64 field's varint (compressed mode): a BigInt, or a number when the codec asks. */
  varintU64(what) {
    const at = this.pos;
    const v = this.varint64(what);
    return this.int64AsNumber ? this.safeNumber(v, at) : v;
  }
  safeNumber(big, at) {
    const v = Number(big);
    if (!Number.isSafeInteger(v)) this.unsafeInt64(big, at);
    return v;
  }

  /** Charges `bytes` of storage (an object behind a pointer, a shared string) to the budget. */
  charge(at, bytes, what) {
    if (bytes > this.allocLeft) this.failAlloc(at, 1, bytes, what);
    this.allocLeft -= bytes;
  }
  failAlloc(at, n, elemBytes, what) {
    this.fail('AllocationLimit', `${what} ${n} x ${elemBytes} bytes exceeds the ${this.allocLeft} ` +
      "bytes left of the message's allocation budget", at);
  }

  /** A count or length prefix, checked against the limit and the bytes left before use, and
   *  charged allocBytes per element (storage.mjs: what every decoder charges for one). */
  length(minElemBytes, limit, what, allocBytes = 0) {
    if (this.evolve !== null && minElemBytes > 1) minElemBytes = 1;
    const at = this.pos;
    const n = this.varintNumber(what);
    if (n > limit) this.fail('LengthTooLarge', `${what} ${n} exceeds the limit ${limit}`, at);
    const left = this.end - this.pos;
    if (minElemBytes !== 0 && n > Math.floor(left / minElemBytes)) {
      this.fail(
        'Truncated',
        `${what} ${n} needs at least ${n} x ${minElemBytes} bytes but only ${left} remain`,
        at,
      );
    }
    if (allocBytes !== 0) {
      if (n > Math.floor(this.allocLeft / allocBytes)) this.failAlloc(at, n, allocBytes, what);
      this.allocLeft -= n * allocBytes;
    }
    return n;
  }

  str() {
    if (this.strings !== null) return this.sharedStr();
    return this.strBody(this.length(1, this.limits.maxStringBytes, 'string length', 1));
  }

  /** A string that becomes a property name (a key of a string-keyed map): short ASCII keys come
   *  from a cache of recently decoded keys, so a repeated key is not built again and V8 finds
   *  the property name it has already internalized. Same checks and errors as str(); `shared`
   *  false for a generic value's key, which is never a shared string (FORMAT.md 3.1). */
  key(what = 'string length', shared = this.strings !== null) {
    const at = this.pos;
    if (!shared && at < this.end) {
      const n = this.buf[at];
      if (n <= 12 && n < this.end - at && n <= this.limits.maxStringBytes && n <= this.allocLeft) {
        const s = cachedAscii(this.buf, at + 1, n);
        if (s !== null) {
          this.pos = at + 1 + n;
          this.allocLeft -= n; // as str() charges it
          return s;
        }
      }
    }
    if (shared) return this.sharedStr();
    return this.strBody(this.length(1, this.limits.maxStringBytes, what, 1));
  }

  /** A string in a message that shares strings (see Writer.sharedStr). */
  sharedStr() {
    const at = this.pos;
    const tag = this.varintNumber('string tag');
    const strings = this.strings;
    // The kind is the varint's low bit, taken from its first byte: a tag above 2^53 loses its
    // low bits as a number, and a repeat must not pass for a new string's length.
    if (this.buf[at] & 1) {
      const index = (tag - 1) / 2;
      if (index >= strings.length) {
        this.fail('BadReference', `string #${index} but only ${strings.length} strings so far`, at);
      }
      // Charged again, as the C++ decoder copies the bytes into every repeat (FORMAT.md 6.5).
      this.charge(at, this.stringBytes[index], 'string');
      return strings[index];
    }
    const n = tag / 2;
    const limit = this.limits.maxStringBytes;
    if (n > limit) this.fail('LengthTooLarge', `string length ${n} exceeds the limit ${limit}`, at);
    const left = this.end - this.pos;
    if (n > left) {
      this.fail('Truncated', `string length ${n} needs ${n} bytes but only ${left} remain`, at);
    }
    this.charge(at, n, 'string');
    if (strings.length >= this.limits.maxReferences) {
      this.fail('LengthTooLarge', `more than ${this.limits.maxReferences} shared strings in one message`, at);
    }
    const s = this.strBody(n);
    strings.push(s);
    this.stringBytes.push(n);
    return s;
  }

  strBody(n) {
    const buf = this.buf;
    const start = this.pos;
    const end = start + n;
    // ASCII strings up to 64 bytes: build in JS, in 12-byte pieces (one fromCharCode call each,
    // so no per-character intermediate strings); several times cheaper than TextDecoder.
    if (n <= 64) {
      let bits = 0;
      for (let i = start; i < end; i++) bits |= buf[i];
      if (bits < 0x80) {
        this.pos = end;
        if (n <= 12) return shortAscii(buf, start, n);
        if (NodeBuffer !== null) return this.asciiSlice(start, n);
        let s = shortAscii(buf, start, 12);
        let p = start + 12;
        for (; p + 12 <= end; p += 12) s += shortAscii(buf, p, 12);
        return p < end ? s + shortAscii(buf, p, end - p) : s;
      }
    }
    if (n <= 64) {
      const s = shortUtf8(buf, start, end);
      if (s !== null) {
        this.pos = end;
        return s;
      }
    }
    let s;
    try {
      s = decoder.decode(buf.subarray(start, end));
    } catch {
      this.fail('BadUtf8', `string of ${n} bytes is not valid UTF-8`, start + utf8ValidPrefix(buf, start, end));
    }
    this.pos = end;
    return s;
  }

  /** The n ASCII bytes at buf[start] as a substring of the text window, which moves to start
   *  when it does not hold them. */
  asciiSlice(start, n) {
    let at = start - this.textStart;
    if (at < 0 || at + n > this.text.length) {
      if (this.nodeBuf === null) {
        const b = this.buf;
        this.nodeBuf = b === scratch ? scratchNode : NodeBuffer.from(b.buffer, b.byteOffset, b.byteLength);
      }
      this.text = this.nodeBuf.latin1Slice(start, Math.min(this.end, start + TEXT_WINDOW));
      this.textStart = start;
      at = 0;
    }
    return this.text.substring(at, at + n);
  }

  enter(what) {
    if (++this.depth > this.limits.maxDepth) {
      this.fail('DepthExceeded', `${what} nested deeper than ${this.limits.maxDepth}`);
    }
  }
  leave() {
    this.depth--;
  }
}

/** The n little-endian integers of `size` bytes at buf[p] into the integer typed array a (a
 *  store wraps each to a's element type, so the unsigned reads serve signed arrays too). */
function copyIntegers(a, buf, view, p, n, size) {
  if (size === 1) for (let i = 0; i < n; i++) a[i] = buf[p + i];
  else if (size === 2) for (let i = 0; i < n; i++) a[i] = view.getUint16(p + 2 * i, true);
  else if (size === 4) for (let i = 0; i < n; i++) a[i] = view.getUint32(p + 4 * i, true);
  else for (let i = 0; i < n; i++) a[i] = view.getBigUint64(p + 8 * i, true);
}

const fromCharCode = String.fromCharCode;

// Recently decoded short ASCII keys, by a hash of their bytes (see Reader.key).
const keyCache = new Array(4096).fill('');

/** The ASCII string of n <= 12 bytes at buf[start], from keyCache when it is there; null when
 *  the bytes are not ASCII. */
function cachedAscii(buf, start, n) {
  let h = n;
  let bits = 0;
  for (let i = 0; i < n; i++) {
    const c = buf[start + i];
    bits |= c;
    h = (h * 31 + c) | 0;
  }
  if (bits >= 0x80) return null;
  const slot = (h ^ (h >>> 12)) & 4095;
  const cached = keyCache[slot];
  if (cached.length === n) {
    let i = 0;
    while (i < n && cached.charCodeAt(i) === buf[start + i]) i++;
    if (i === n) return cached;
  }
  const s = shortAscii(buf, start, n);
  keyCache[slot] = s;
  return s;
}

/** An ASCII string of n <= 12 bytes at b[p]: one fromCharCode call, no intermediate strings. */
export function shortAscii(b, p, n) {
  switch (n) {
    case 0: return '';
    case 1: return fromCharCode(b[p]);
    case 2: return fromCharCode(b[p], b[p + 1]);
    case 3: return fromCharCode(b[p], b[p + 1], b[p + 2]);
    case 4: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3]);
    case 5: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4]);
    case 6: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5]);
    case 7: return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6]);
    case 8:
      return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7]);
    case 9:
      return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7],
        b[p + 8]);
    case 10:
      return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7],
        b[p + 8], b[p + 9]);
    case 11:
      return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7],
        b[p + 8], b[p + 9], b[p + 10]);
    default:
      return fromCharCode(b[p], b[p + 1], b[p + 2], b[p + 3], b[p + 4], b[p + 5], b[p + 6], b[p + 7],
        b[p + 8], b[p + 9], b[p + 10], b[p + 11]);
  }
}

/** buf[start, end) decoded as UTF-8 in JS, or null when it is not valid UTF-8 (then the caller's
 *  TextDecoder reports where). For short strings: one TextDecoder call costs more than this loop
 *  (in Node, its wrapper alone several hundred ns). Same acceptance as utf8ValidPrefix. */
export function shortUtf8(buf, start, end) {
  const units = [];
  let i = start;
  while (i < end) {
    const c = buf[i];
    if (c < 0x80) {
      units.push(c);
      i++;
      continue;
    }
    if (c >= 0xc2 && c <= 0xdf) {
      const c1 = buf[i + 1];
      if (i + 2 > end || (c1 & 0xc0) !== 0x80) return null;
      units.push(((c & 0x1f) << 6) | (c1 & 0x3f));
      i += 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      const c1 = buf[i + 1];
      const c2 = buf[i + 2];
      if (i + 3 > end || c1 < (c === 0xe0 ? 0xa0 : 0x80) || c1 > (c === 0xed ? 0x9f : 0xbf)) return null;
      if ((c2 & 0xc0) !== 0x80) return null;
      units.push(((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f));
      i += 3;
    } else if (c >= 0xf0 && c <= 0xf4) {
      const c1 = buf[i + 1];
      const c2 = buf[i + 2];
      const c3 = buf[i + 3];
      if (i + 4 > end || c1 < (c === 0xf0 ? 0x90 : 0x80) || c1 > (c === 0xf4 ? 0x8f : 0xbf)) return null;
      if ((c2 & 0xc0) !== 0x80 || (c3 & 0xc0) !== 0x80) return null;
      const cp = (((c & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f)) - 0x10000;
      units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
      i += 4;
    } else return null;
  }
  return fromCharCode.apply(null, units);
}

/** Length of the valid UTF-8 prefix of buf[start, end) (RFC 3629), relative to start. */
export function utf8ValidPrefix(buf, start, end) {
  let i = start;
  while (i < end) {
    const c = buf[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let len;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) len = 2;
    else if (c >= 0xe0 && c <= 0xef) {
      len = 3;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      len = 4;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i - start;
    if (i + len > end || buf[i + 1] < lo || buf[i + 1] > hi) return i - start;
    for (let k = 2; k < len; k++) if ((buf[i + k] & 0xc0) !== 0x80) return i - start;
    i += len;
  }
  return end - start;
}

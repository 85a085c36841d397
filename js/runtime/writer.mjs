// Writer: appends Kiln wire bytes to a growable buffer. Little-endian, LEB128 varints.
import { KilnError, invalid } from './errors.mjs';

const encoder = new TextEncoder();

/** serializeInto's last step (Codec and schema-free alike): copies a written message into the
 *  caller's target at offset, or throws BufferTooSmall; returns the message's length. */
export function copyInto(bytes, target, offset) {
  if (!Number.isInteger(offset) || offset < 0 || offset + bytes.length > target.length) {
    throw new KilnError(
      'BufferTooSmall',
      `the message needs ${bytes.length} bytes at offset ${offset}, the target has ${target.length}`,
    );
  }
  target.set(bytes, offset);
  return bytes.length;
}

// String.prototype.isWellFormed (Node 20, current browsers) checks in native code; the fallback
// finds the first lone surrogate itself.
const isWellFormed = typeof String.prototype.isWellFormed === 'function'
  ? (s) => s.isWellFormed()
  : (s) => firstLoneSurrogate(s) === -1;

/** Index of the first UTF-16 code unit of s that is a surrogate without its pair, or -1. */
export function firstLoneSurrogate(s, from = 0) {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return -1;
}

/** The error detail for a string that UTF-8 cannot represent. */
export function loneSurrogateDetail(s, i = firstLoneSurrogate(s)) {
  const hex = s.charCodeAt(i).toString(16).toUpperCase();
  return `the string has a lone surrogate U+${hex} at index ${i}; strings are written as ` +
    'UTF-8, which cannot represent it';
}

function loneSurrogate(s) {
  throw new KilnError('BadUtf8', loneSurrogateDetail(s));
}
const TWO32 = 4294967296;
const MAX_POINTER_DEPTH = 1000; // as the C++ writer: a cycle without tracking fails here

export class Writer {
  constructor(capacity = 4096) {
    this.chunk = capacity;
    this.buf = new Uint8Array(capacity);
    this.view = new DataView(this.buf.buffer);
    this.start = 0; // where the message being written begins
    this.pos = 0;
    this.refs = null; // object -> index, when the message tracks references
    this.announced = null; // objects a weak_ptr announced whose fields are not written yet
    this.strings = null; // string -> index, when the message shares strings
    this.pointerDepth = 0; // pointers being written, when not tracking (cycles)
  }

  /** Per-message state for the header flags: reference tracking, shared strings. */
  resetGraph(track, share) {
    this.refs = track ? new Map() : null;
    this.announced = null;
    this.strings = share ? new Map() : null;
    this.pointerDepth = 0;
  }

  /** Starts writing the object behind a pointer (kind: 0 unique_ptr, 1 shared_ptr, 2 weak_ptr).
   *  Returns true when its fields follow. With tracking, an object seen before is written as its
   *  number; a weak_ptr never writes fields but announces an object it meets first by number,
   *  and the object's first shared_ptr writes that number and then its fields (as in C++). */
  pointer(obj, kind, path) {
    if (typeof obj !== 'object') invalid(path, 'an object or null', obj);
    if (this.refs !== null) {
      if (kind !== 0) {
        const i = this.refs.get(obj);
        if (i !== undefined) {
          this.varint(i + 2);
          return kind === 1 && this.announced !== null && this.announced.delete(obj);
        }
        if (kind === 2) {
          this.varint(this.refs.size + 2);
          this.refs.set(obj, this.refs.size);
          (this.announced ??= new Set()).add(obj);
          return false;
        }
        this.refs.set(obj, this.refs.size);
      }
    } else if (++this.pointerDepth > MAX_POINTER_DEPTH) {
      throw new KilnError(
        'DepthExceeded',
        `pointers nested deeper than ${MAX_POINTER_DEPTH} at ${path}: a cyclic graph needs the trackReferences option`,
      );
    }
    this.u8(1);
    return true;
  }
  pointerDone() {
    if (this.refs === null) this.pointerDepth--;
  }

  /** Makes room for n more bytes. */
  ensure(n) {
    if (this.pos + n > this.buf.length) this.grow(n);
  }

  /** Moves the message in progress to a new buffer; bytes before it (earlier messages that
   *  callers may still hold views of) are left untouched in the old one. */
  grow(n) {
    const used = this.pos - this.start;
    const next = new Uint8Array(Math.max(this.chunk, (used + n) * 2));
    next.set(this.buf.subarray(this.start, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
    this.start = 0;
    this.pos = used;
  }

  /** Starts a message at the current position (or at 0 when rewinding a scratch buffer). */
  begin(rewind) {
    if (this.buf.byteLength === 0) this.buf = new Uint8Array(this.chunk); // detached by a transfer
    if (this.view.buffer !== this.buf.buffer) this.view = new DataView(this.buf.buffer);
    if (rewind) this.pos = 0;
    this.start = this.pos;
  }

  u8(v) {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }
  u16(v) {
    this.ensure(2);
    this.view.setUint16(this.pos, v, true);
    this.pos += 2;
  }
  u32(v) {
    this.ensure(4);
    this.view.setUint32(this.pos, v, true);
    this.pos += 4;
  }
  f32(v) {
    this.ensure(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
  }
  f64(v) {
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
  }
  /** 64-bit integer from a number already checked to be a safe integer. */
  i64n(v) {
    this.ensure(8);
    if (v >= 0 && v < TWO32) {
      this.view.setUint32(this.pos, v, true);
      this.view.setUint32(this.pos + 4, 0, true);
      this.pos += 8;
      return;
    }
    const lo = v % TWO32;
    this.view.setUint32(this.pos, lo < 0 ? lo + TWO32 : lo, true);
    this.view.setUint32(this.pos + 4, Math.floor(v / TWO32) >>> 0, true);
    this.pos += 8;
  }
  /** 64-bit integer from a BigInt already checked to be in range. */
  i64b(v) {
    this.ensure(8);
    this.view.setBigUint64(this.pos, BigInt.asUintN(64, v), true);
    this.pos += 8;
  }

  /** Unsigned varint of a non-negative integer below 2^53. */
  varint(v) {
    this.ensure(8);
    const b = this.buf;
    let p = this.pos;
    if (v < 0x80) {
      b[p++] = v;
    } else if (v < 0x100000000) {
      while (v >= 0x80) {
        b[p++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      b[p++] = v;
    } else {
      while (v >= 0x80) {
        b[p++] = (v % 128) | 0x80;
        v = Math.floor(v / 128);
      }
      b[p++] = v;
    }
    this.pos = p;
  }
  /** Unsigned varint of a BigInt in [0, 2^64). */
  varintBig(v) {
    this.ensure(10);
    const b = this.buf;
    let p = this.pos;
    while (v >= 0x80n) {
      b[p++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    b[p++] = Number(v);
    this.pos = p;
  }

  /** varint byte length + UTF-8. A string with a lone surrogate has no UTF-8 form: it throws
   *  BadUtf8 (TextEncoder would write U+FFFD, and the value would not read back as written). */
  str(s) {
    if (this.strings !== null) return this.sharedStr(s);
    this.plainStr(s);
  }

  /** str() whatever the message's shared strings: generic values never share theirs. */
  plainStr(s) {
    this.utf8(s, 1);
  }

  /** A string in a message that shares strings: (length << 1) and the bytes the first time,
   *  (index << 1) | 1 after that. */
  sharedStr(s) {
    const i = this.strings.get(s);
    if (i !== undefined) {
      this.varint(i * 2 + 1);
      return;
    }
    this.utf8(s, 2);
    this.strings.set(s, this.strings.size);
  }

  /** s's UTF-8 bytes after the varint of their length times `scale` (1, or 2 for a shared
   *  string's first time). */
  utf8(s, scale) {
    const n = s.length;
    // Guess the prefix's size from the UTF-16 length (exact for ASCII), fix it up afterwards.
    const guess = n * scale < 0x80 ? 1 : n * scale < 0x4000 ? 2 : 5;
    this.ensure(guess + n * 3 + 8);  // + 8: room for varint() below to need no growth
    const b = this.buf;
    const start = this.pos + guess;
    let p = start;
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      b[p++] = c;
    }
    if (i < n) {
      if (!isWellFormed(s)) loneSurrogate(s);
      p += encoder.encodeInto(i === 0 ? s : s.slice(i), b.subarray(p)).written;
    }
    const len = p - start;
    const v = len * scale;
    const need = v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5;
    if (need !== guess) b.copyWithin(this.pos + need, start, p);
    this.varint(v);
    this.pos += len;
  }

  bytes(u8) {
    this.ensure(u8.length);
    this.buf.set(u8, this.pos);
    this.pos += u8.length;
  }
}

// Range checks used by the generated encoders: true when v fits.
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_MAX = 2n ** 64n - 1n;

export function isI64(v) {
  return typeof v === 'bigint' ? v >= I64_MIN && v <= I64_MAX : Number.isSafeInteger(v);
}
export function isU64(v) {
  return typeof v === 'bigint' ? v >= 0n && v <= U64_MAX : Number.isSafeInteger(v) && v >= 0;
}

/** Writes a checked int64 in fixed mode. */
export function writeI64(w, v) {
  if (typeof v === 'number') w.i64n(v);
  else w.i64b(v);
}
/** Writes a checked int64 as a zigzag varint. */
export function writeZigzag64(w, v) {
  if (typeof v === 'number' && v < 2 ** 52 && v > -(2 ** 52)) w.varint(v >= 0 ? v * 2 : -v * 2 - 1);
  else {
    const b = BigInt(v);
    w.varintBig(b >= 0n ? b << 1n : (-b << 1n) - 1n);
  }
}
/** Writes a checked uint64 as a varint. */
export function writeVarint64(w, v) {
  if (typeof v === 'number') w.varint(v);
  else w.varintBig(v);
}

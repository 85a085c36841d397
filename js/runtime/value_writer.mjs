// Encoder for generic values: any JS value of the supported kinds, no schema. One pass over the
// value; containers are numbered in the order they are met (the reader numbers them the same
// way), so with reference tracking a container met again is written as a back-reference.
import { KilnError } from './errors.mjs';
import { loneSurrogateDetail } from './writer.mjs';
import {
  T_NULL, T_UNDEFINED, T_FALSE, T_TRUE, T_INT, T_FLOAT, T_BIG_INT, T_STRING, T_DATE, T_HOLE,
  T_ARRAY, T_OBJECT, T_MAP, T_SET, T_TYPED_ARRAY, T_ARRAY_BUFFER, T_REFERENCE, T_SHORT_STRING,
  T_SMALL_INT, TYPED_KIND_BY_NAME,
} from './value_tags.mjs';

const TWO52 = 2 ** 52;
const objectProto = Object.prototype;
const getProto = Object.getPrototypeOf;
const isArray = Array.isArray;
const typedArrayTag = Object.getOwnPropertyDescriptor(
  Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;

function describe(v) {
  if (typeof v === 'function') return `a function${v.name ? ` (${v.name})` : ''}`;
  if (typeof v === 'symbol') return `a symbol (${v.description ?? ''})`;
  if (typeof v === 'object') {
    const c = getProto(v)?.constructor?.name;
    return c ? `an instance of ${c}` : 'an object with a custom prototype';
  }
  return typeof v;
}

/** Thrown while unwinding to the root; the path is assembled on the way out. */
class PathError {
  constructor(code, detail) {
    this.code = code;
    this.detail = detail;
    this.path = '';
  }
}

export class ValueWriter {
  /** @param {import('./writer.mjs').Writer} w */
  constructor(w, trackReferences, maxDepth) {
    this.w = w;
    this.refs = trackReferences ? new Map() : null;
    this.nextId = 0;
    this.maxDepth = maxDepth;
    this.depth = 0;
    this.open = []; // containers being written (cycle detection without tracking)
  }

  write(v) {
    try {
      this.value(v);
    } catch (e) {
      if (!(e instanceof PathError)) throw e;
      throw new KilnError(e.code, `value${e.path}: ${e.detail}`);
    }
  }

  value(v) {
    switch (typeof v) {
      case 'string':
        return this.string(v);
      case 'number':
        return this.number(v);
      case 'boolean':
        return this.tag(v ? T_TRUE : T_FALSE);
      case 'object':
        if (v === null) return this.tag(T_NULL);
        return this.object(v);
      case 'undefined':
        return this.tag(T_UNDEFINED);
      case 'bigint':
        return this.bigint(v);
      default:
        throw new PathError('InvalidArgument', `${describe(v)} cannot be serialized`);
    }
  }

  tag(t) {
    const w = this.w;
    if (w.pos >= w.buf.length) w.grow(1);
    w.buf[w.pos++] = t;
  }

  number(v) {
    const w = this.w;
    if (v >= 0 && v < 128 && Math.floor(v) === v && (v !== 0 || 1 / v > 0)) {
      if (w.pos >= w.buf.length) w.grow(1);
      w.buf[w.pos++] = T_SMALL_INT | v;
    } else if (v !== 0 && Number.isInteger(v) && v < TWO52 && v > -TWO52) { // -0 is a float
      w.ensure(11);
      w.buf[w.pos++] = T_INT;
      w.varint(v >= 0 ? v * 2 : -v * 2 - 1);
    } else if (v !== 0 && Number.isSafeInteger(v)) {
      this.int64(BigInt(v));
    } else {
      w.ensure(9);
      w.buf[w.pos] = T_FLOAT;
      w.view.setFloat64(w.pos + 1, v, true);
      w.pos += 9;
    }
  }

  int64(b) {
    const w = this.w;
    w.ensure(11);
    w.buf[w.pos++] = T_INT;
    w.varintBig(b >= 0n ? b << 1n : (-b << 1n) - 1n);
  }

  /** A BigInt is always a bigint on the wire, whatever its magnitude, so that it reads back as
   *  a BigInt (an int reads back as a number). Canonical: no high zero byte; 0n has an empty
   *  magnitude and a clear sign bit. */
  bigint(v) {
    const negative = v < 0n;
    const m = negative ? -v : v;
    const w = this.w;
    if (m < 0x100000000n) { // up to 4 bytes: no string conversion
      let u = Number(m);
      const n = u === 0 ? 0 : u < 0x100 ? 1 : u < 0x10000 ? 2 : u < 0x1000000 ? 3 : 4;
      w.ensure(2 + n);
      const b = w.buf;
      let p = w.pos;
      b[p++] = T_BIG_INT;
      b[p++] = n * 2 + (negative ? 1 : 0);
      for (let i = 0; i < n; i++, u >>>= 8) b[p++] = u & 0xff;
      w.pos = p;
      return;
    }
    let hex = m.toString(16);
    if (hex.length & 1) hex = '0' + hex;
    const n = hex.length >> 1;
    w.ensure(11 + n);
    w.buf[w.pos++] = T_BIG_INT;
    w.varint(n * 2 + (negative ? 1 : 0));
    const b = w.buf;
    let p = w.pos;
    for (let i = hex.length - 2; i >= 0; i -= 2) b[p++] = parseInt(hex.substr(i, 2), 16);
    w.pos = p;
  }

  string(s) {
    const n = s.length;
    const w = this.w;
    if (n >= 64) {
      this.tag(T_STRING);
      this.long(s);
      return;
    }
    w.ensure(3 + n * 3);
    const b = w.buf;
    const at = w.pos;
    let p = at + 1;
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      b[p++] = c;
    }
    if (i < n) p = utf8Tail(s, i, b, p);
    const len = p - at - 1;
    if (len < 64) {
      b[at] = T_SHORT_STRING | len;
      w.pos = p;
      return;
    }
    // 64..192 bytes: the long form needs one or two more header bytes.
    const extra = len < 128 ? 1 : 2;
    b.copyWithin(at + 1 + extra, at + 1, p);
    b[at] = T_STRING;
    if (extra === 1) b[at + 1] = len;
    else {
      b[at + 1] = (len & 0x7f) | 0x80;
      b[at + 2] = len >> 7;
    }
    w.pos = at + 1 + extra + len;
  }

  key(s) {
    const n = s.length;
    const w = this.w;
    if (n < 64) {
      w.ensure(1 + n);
      const b = w.buf;
      let p = w.pos + 1;
      let i = 0;
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        b[p++] = c;
      }
      if (i === n) {
        b[w.pos] = n;
        w.pos = p;
        return;
      }
    }
    this.long(s);
  }

  /** Writer.plainStr() (generic values never share strings, FORMAT.md 3.1), its lone-surrogate
   *  error given the value's path. */
  long(s) {
    try {
      this.w.plainStr(s);
    } catch (e) {
      if (e instanceof KilnError && e.code === 'BadUtf8') throw new PathError(e.code, e.detail);
      throw e;
    }
  }

  /** Numbers the container; writes a back-reference and returns true if it was met before. */
  seen(v) {
    const refs = this.refs;
    if (refs === null) return false;
    const id = refs.get(v);
    if (id === undefined) {
      refs.set(v, this.nextId++);
      return false;
    }
    const w = this.w;
    w.ensure(11);
    w.buf[w.pos++] = T_REFERENCE;
    w.varint(id);
    return true;
  }

  enter(v) {
    const d = this.depth;
    if (d >= this.maxDepth) {
      throw new PathError('DepthExceeded', `nested deeper than ${this.maxDepth} containers`);
    }
    if (this.refs === null) {
      const open = this.open;
      for (let i = 0; i < d; i++) {
        if (open[i] === v) {
          throw new PathError('Cycle', 'refers back to a container that encloses it (a cycle); ' +
            'serialize with { trackReferences: true } to keep cycles and shared references');
        }
      }
      open[d] = v;
    }
    this.depth = d + 1;
  }

  object(v) {
    if (isArray(v)) {
      if (this.seen(v)) return;
      return this.array(v);
    }
    const proto = getProto(v);
    if (proto === objectProto || proto === null) {
      if (this.seen(v)) return;
      return this.plain(v);
    }
    if (v instanceof Map) {
      if (this.seen(v)) return;
      return this.map(v);
    }
    if (v instanceof Set) {
      if (this.seen(v)) return;
      return this.set(v);
    }
    if (ArrayBuffer.isView(v)) {
      const kind = TYPED_KIND_BY_NAME.get(typedArrayTag.call(v));
      if (kind === undefined) {
        throw new PathError('InvalidArgument', `${describe(v)} cannot be serialized`);
      }
      if (this.seen(v)) return;
      const w = this.w;
      w.ensure(2);
      w.buf[w.pos++] = T_TYPED_ARRAY;
      w.buf[w.pos++] = kind;
      return this.bytes(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    }
    if (v instanceof Date) {
      const w = this.w;
      w.ensure(9);
      w.buf[w.pos] = T_DATE;
      w.view.setFloat64(w.pos + 1, v.getTime(), true);
      w.pos += 9;
      return;
    }
    if (v instanceof ArrayBuffer) {
      if (this.seen(v)) return;
      this.tag(T_ARRAY_BUFFER);
      return this.bytes(new Uint8Array(v));
    }
    if (isOtherRealmPlainObject(v)) {
      if (this.seen(v)) return;
      return this.plain(v);
    }
    throw new PathError('InvalidArgument', `${describe(v)} cannot be serialized ` +
      '(plain objects, arrays, Map, Set, Date, typed arrays and ArrayBuffer can)');
  }

  bytes(u8) {
    const w = this.w;
    w.ensure(10 + u8.length);
    w.varint(u8.length);
    w.buf.set(u8, w.pos);
    w.pos += u8.length;
  }

  array(a) {
    this.enter(a);
    const n = a.length;
    const w = this.w;
    w.ensure(11);
    w.buf[w.pos++] = T_ARRAY;
    w.varint(n);
    let i = 0;
    try {
      for (; i < n; i++) {
        const e = a[i];
        if (e === undefined && !(i in a)) this.tag(T_HOLE);
        else this.value(e);
      }
    } catch (e) {
      if (e instanceof PathError) e.path = `[${i}]${e.path}`;
      throw e;
    }
    this.depth--;
  }

  plain(o) {
    this.enter(o);
    const keys = Object.keys(o);
    const n = keys.length;
    const w = this.w;
    w.ensure(11);
    w.buf[w.pos++] = T_OBJECT;
    w.varint(n);
    let i = 0;
    try {
      for (; i < n; i++) {
        const k = keys[i];
        this.key(k);
        this.value(o[k]);
      }
    } catch (e) {
      if (e instanceof PathError) e.path = `${pathKey(keys[i])}${e.path}`;
      throw e;
    }
    this.depth--;
  }

  map(m) {
    this.enter(m);
    const w = this.w;
    w.ensure(11);
    w.buf[w.pos++] = T_MAP;
    const n = m.size;
    w.varint(n);
    let i = 0;
    try {
      for (const [k, v] of m) {
        if (i === n) break;
        this.value(k);
        this.value(v);
        i++;
      }
    } catch (e) {
      if (e instanceof PathError) e.path = `{entry ${i}}${e.path}`;
      throw e;
    }
    if (i !== n) resized('Map');
    this.depth--;
  }

  set(s) {
    this.enter(s);
    const w = this.w;
    w.ensure(11);
    w.buf[w.pos++] = T_SET;
    const n = s.size;
    w.varint(n);
    let i = 0;
    try {
      for (const v of s) {
        if (i === n) break;
        this.value(v);
        i++;
      }
    } catch (e) {
      if (e instanceof PathError) e.path = `{element ${i}}${e.path}`;
      throw e;
    }
    if (i !== n) resized('Set');
    this.depth--;
  }
}

/** The count is written first: a Map or Set that a getter shrinks while it is being written
 *  would leave the message short. */
function resized(what) {
  throw new PathError('InvalidArgument', `the ${what} changed size while it was being serialized`);
}

/** A plain object from another realm (an iframe, a vm context): its prototype is that realm's
 *  Object.prototype, which itself has no prototype. */
function isOtherRealmPlainObject(v) {
  const proto = getProto(v);
  return getProto(proto) === null && typeof proto.constructor === 'function' &&
    proto.constructor.name === 'Object' && Object.prototype.toString.call(v) === '[object Object]';
}

const IDENT = /^[A-Za-z_$][\w$]*$/;
const pathKey = (k) => (IDENT.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`);

/** UTF-8 of s from index i on, at b[p] (room for 3 bytes per code unit). Returns the new end.
 *  A lone surrogate has no UTF-8 form: an error (U+FFFD, as TextEncoder writes, would make two
 *  different strings one, and the value would not read back as written). */
function utf8Tail(s, i, b, p) {
  const n = s.length;
  for (; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      b[p++] = c;
    } else if (c < 0x800) {
      b[p++] = 0xc0 | (c >> 6);
      b[p++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      b[p++] = 0xe0 | (c >> 12);
      b[p++] = 0x80 | ((c >> 6) & 0x3f);
      b[p++] = 0x80 | (c & 0x3f);
    } else {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
        b[p++] = 0xf0 | (c >> 18);
        b[p++] = 0x80 | ((c >> 12) & 0x3f);
        b[p++] = 0x80 | ((c >> 6) & 0x3f);
        b[p++] = 0x80 | (c & 0x3f);
      } else {
        throw new PathError('BadUtf8', loneSurrogateDetail(s, i));
      }
    }
  }
  return p;
}

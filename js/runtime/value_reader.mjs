// Decoder for generic values. Input is hostile: every length is checked against the bytes left
// before anything is allocated, nesting is limited, back-references must name a container
// already met, and repeated object keys, Map keys or Set elements are errors (a JS object, Map or
// Set would silently drop them).
import {
  T_NULL, T_UNDEFINED, T_FALSE, T_TRUE, T_INT, T_FLOAT, T_BIG_INT, T_STRING, T_DATE, T_HOLE,
  T_ARRAY, T_OBJECT, T_MAP, T_SET, T_TYPED_ARRAY, T_ARRAY_BUFFER, T_REFERENCE, TYPED_KINDS,
} from './value_tags.mjs';
import { VALUE_STORAGE } from './storage.mjs';
import { plainObject } from './plain_object.mjs';

const hasOwn = Object.hasOwn;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Reads one value at r.pos. refs: the containers met so far (by id), or null when the message
 *  does not track references. */
export function readValue(r, refs) {
  if (r.pos >= r.end) r.need(1, 'value tag');
  const tag = r.buf[r.pos++];
  if (tag >= 0x80) return tag & 0x7f;
  if (tag >= 0x40) return utf8(r, tag & 0x3f, r.pos - 1);
  switch (tag) {
    case T_NULL:
      return null;
    case T_UNDEFINED:
      return undefined;
    case T_FALSE:
      return false;
    case T_TRUE:
      return true;
    case T_INT:
      return int(r);
    case T_FLOAT:
      return r.f64();
    case T_BIG_INT:
      return bigint(r);
    case T_STRING:
      return utf8(r, r.length(1, r.limits.maxStringBytes, 'string length', 1), -1);
    case T_DATE:
      return new Date(r.f64());
    case T_ARRAY:
      return array(r, refs);
    case T_OBJECT:
      return object(r, refs);
    case T_MAP:
      return map(r, refs);
    case T_SET:
      return set(r, refs);
    case T_TYPED_ARRAY:
      return typed(r, refs);
    case T_ARRAY_BUFFER: {
      const n = r.length(1, r.limits.maxStringBytes, 'ArrayBuffer length', 1);
      const b = copyBytes(r.buf, r.pos, r.pos + n).buffer;
      r.pos += n;
      if (refs !== null) refs.push(b);
      return b;
    }
    case T_REFERENCE:
      return reference(r, refs);
    case T_HOLE:
      return r.fail('BadTag', 'an array hole (tag 9) outside an array', r.pos - 1);
    default:
      return r.fail('BadTag', `${tag} is not a value tag`, r.pos - 1);
  }
}

/** A UTF-8 string of n bytes at r.pos; `at` is where its length was given (checked here unless
 *  -1: a varint prefix read with r.length() is checked already). Offset 0 is a real position: a
 *  message without a header starts with its root value. */
function utf8(r, n, at) {
  if (at !== -1 && n > r.end - r.pos) {
    r.fail('Truncated', `string length ${n} but only ${r.end - r.pos} bytes remain`, at);
  }
  return r.strBody(n);
}

/** Zigzag varint int64: a number when it is a safe integer, else a BigInt (a JS writer writes
 *  only safe integers as ints; a C++ int64 beyond 2^53 must not lose bits). */
function int(r) {
  const buf = r.buf;
  let p = r.pos;
  let u = 0;
  let scale = 1;
  for (let i = 0; i < 7 && p < r.end; i++, scale *= 128) {
    const b = buf[p++];
    u += (b & 0x7f) * scale;
    if (b < 0x80) {
      r.pos = p;
      return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
    }
  }
  const v = r.varint64('int');
  const s = (v >> 1n) ^ -(v & 1n);
  return s <= MAX_SAFE && s >= -MAX_SAFE ? Number(s) : s;
}

/** Sign and magnitude, always a BigInt (whatever its size: a BigInt written is a BigInt read).
 *  Canonical form only: no high zero byte, and zero is the empty magnitude with a clear sign. */
function bigint(r) {
  const at = r.pos;
  const head = r.varintNumber('bigint length');
  const n = Math.floor(head / 2);
  const negative = head % 2 === 1;
  if (n > r.limits.maxStringBytes) {
    r.fail('LengthTooLarge', `bigint of ${n} bytes exceeds the limit ${r.limits.maxStringBytes}`, at);
  }
  if (n > r.end - r.pos) r.fail('Truncated', `bigint of ${n} bytes but only ${r.end - r.pos} remain`, at);
  const buf = r.buf;
  if (n === 0) {
    if (negative) r.fail('ValueOutOfRange', 'bigint negative zero (an empty magnitude with the sign bit)', at);
    return 0n;
  }
  const top = r.pos + n - 1;
  if (buf[top] === 0) r.fail('ValueOutOfRange', 'bigint magnitude has a leading zero byte', at);
  let v;
  if (n <= 6) { // below 2^48: exact as a number
    let u = 0;
    for (let i = top; i >= r.pos; i--) u = u * 256 + buf[i];
    v = BigInt(u);
  } else {
    let hex = '';
    for (let i = top; i >= r.pos; i--) hex += (buf[i] < 16 ? '0' : '') + buf[i].toString(16);
    v = BigInt('0x' + hex);
  }
  r.pos += n;
  return negative ? -v : v;
}

function array(r, refs) {
  const n = r.length(1, r.limits.maxCollectionLength, 'array length', VALUE_STORAGE);
  r.enter('array');
  const a = [];
  if (refs !== null) refs.push(a);
  const buf = r.buf;
  for (let i = 0; i < n; i++) {
    if (r.pos < r.end && buf[r.pos] === T_HOLE) {
      r.pos++;
      a.length = i + 1;
    } else {
      a.push(readValue(r, refs));
    }
  }
  r.leave();
  return a;
}

function object(r, refs) {
  const n = r.length(2, r.limits.maxCollectionLength, 'object size', 2 * VALUE_STORAGE);
  r.enter('object');
  const o = plainObject(n);
  if (refs !== null) refs.push(o);
  for (let i = 0; i < n; i++) {
    const at = r.pos;
    const k = r.key('key length', false); // never shared, whatever the header's bit 3
    if (hasOwn(o, k)) r.fail('DuplicateKey', `object key ${JSON.stringify(k)} appears twice`, at);
    const v = readValue(r, refs);
    if (k === '__proto__') {
      Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
    } else {
      o[k] = v;
    }
  }
  r.leave();
  return o;
}

function map(r, refs) {
  const n = r.length(2, r.limits.maxCollectionLength, 'map size', 2 * VALUE_STORAGE);
  r.enter('map');
  const m = new Map();
  if (refs !== null) refs.push(m);
  for (let i = 0; i < n; i++) {
    const at = r.pos;
    const k = readValue(r, refs);
    if (m.has(k)) r.fail('DuplicateKey', 'a Map key appears twice', at);
    m.set(k, readValue(r, refs));
  }
  r.leave();
  return m;
}

function set(r, refs) {
  const n = r.length(1, r.limits.maxCollectionLength, 'set size', VALUE_STORAGE);
  r.enter('set');
  const s = new Set();
  if (refs !== null) refs.push(s);
  for (let i = 0; i < n; i++) {
    const at = r.pos;
    const v = readValue(r, refs);
    if (s.has(v)) r.fail('DuplicateKey', 'a Set element appears twice', at);
    s.add(v);
  }
  r.leave();
  return s;
}

function typed(r, refs) {
  const at = r.pos;
  const kind = r.u8('typed array kind');
  const Ctor = TYPED_KINDS[kind];
  if (Ctor === undefined) r.fail('BadTag', `${kind} is not a typed array kind`, at);
  const lengthAt = r.pos;
  const n = r.length(1, r.limits.maxStringBytes, 'typed array byte length', 1);
  if (n % Ctor.BYTES_PER_ELEMENT !== 0) {
    r.fail('ValueOutOfRange', `${n} bytes is not a whole number of ${Ctor.name} elements`, lengthAt);
  }
  // A copy into a fresh buffer: aligned for the element type, and independent of the input.
  const bytes = copyBytes(r.buf, r.pos, r.pos + n);
  r.pos += n;
  const t = Ctor === Uint8Array ? bytes : new Ctor(bytes.buffer, 0, n / Ctor.BYTES_PER_ELEMENT);
  if (refs !== null) refs.push(t);
  return t;
}

/** A copy of buf[start, end) in a new ArrayBuffer of its own. (Not buf.slice(): on a Node Buffer
 *  that is a view of the input's memory, often a shared pool.) */
function copyBytes(buf, start, end) {
  const out = new Uint8Array(end - start);
  out.set(buf.subarray(start, end));
  return out;
}

function reference(r, refs) {
  const at = r.pos - 1;
  if (refs === null) {
    r.fail('BadReference', 'a back-reference in a message without reference tracking (flag bit 1)', at);
  }
  const id = r.varintNumber('reference id');
  if (id >= refs.length) {
    r.fail('BadReference', `reference to container ${id}, but only ${refs.length} were read`, at);
  }
  return refs[id];
}

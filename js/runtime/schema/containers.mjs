// Sequences, arrays, sets, maps, optionals, variants and tuples (docs/FORMAT.md 5.4-5.9), with
// the JS forms the generated codecs use: arrays (typed arrays for numbers), Set, plain objects or
// Maps, null, { index, value } and fixed-length arrays.
import { orderedKeys } from '../order.mjs';
import { plainObject } from '../plain_object.mjs';
import { Schema, fail, failAt, within } from './schema.mjs';
import { ARR, MAP, OPT, SEQ, SET, TUP, VAR } from '../type_table.mjs';
import { NumberSchema, StringSchema } from './scalars.mjs';
import { HANDLE_STORAGE, elementCharge } from '../storage.mjs';

export function checkSchema(s, what) {
  if (!(s instanceof Schema)) throw new TypeError(`${what}: expected a Kiln schema (i32, string, struct(...), ...)`);
  return s;
}

const sum = (list, f) => list.reduce((n, s) => n + f(s), 0);

function expectedArray(e, n) {
  const ta = e.typedArray;
  return (ta ? `an array or ${ta.name}` : 'an array') + (n === undefined ? '' : ` of length ${n}`);
}

// Writes the elements of array or typed array v: the typed array's bytes when they are the wire
// bytes, else one checked element at a time.
function elementsWriter(e, mode) {
  const we = e.writer(mode);
  const ta = e.typedArray;
  const bulk = ta !== null && e.bulk(mode);
  return (w, v) => {
    if (bulk && v instanceof ta) {
      w.bytes(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
      return;
    }
    let i = 0;
    try {
      for (; i < v.length; i++) we(w, v[i]);
    } catch (err) {
      within(err, `[${i}]`);
    }
  };
}

// Reads n elements into an array, or a typed array for numbers (copied in one go, or viewed in
// place with the codec's typedArrays: 'view', when its bytes are the wire bytes).
function elementsReader(e, mode) {
  const re = e.reader(mode);
  const ta = e.typedArray;
  if (ta !== null && e.bulk(mode)) {
    const size = e.width;
    return (r, n) => r.typedArray(ta, n, size);
  }
  if (ta !== null) {
    // 64-bit elements of a BigInt64Array are BigInts whatever the codec's int64 option.
    const read = ta === BigInt64Array ? (r) => r.zigzagBig('i64') : ta === BigUint64Array ? (r) => r.varint64('u64') : re;
    return (r, n) => {
      const a = new ta(n);
      for (let i = 0; i < n; i++) a[i] = read(r);
      return a;
    };
  }
  return (r, n) => {
    const a = [];
    for (let i = 0; i < n; i++) a.push(re(r));
    return a;
  };
}

/** std::vector<E> (and list, deque: the same wire form). */
export class VectorSchema extends Schema {
  constructor(e) {
    super();
    this.e = checkSchema(e, 'vector');
    this.st = HANDLE_STORAGE;
  }
  label() {
    return `seq(${this.e.label()})`;
  }
  tokens(out, structs) {
    out.push('seq(');
    this.e.tokens(out, structs);
    out.push(')');
  }
  describe(b) {
    b.byte(SEQ);
    this.e.describe(b);
  }
  defaultValue() {
    const ta = this.e.typedArray;
    return ta ? new ta(0) : [];
  }
  get minBytes() {
    return 1;
  }
  makeWriter(mode) {
    const ta = this.e.typedArray;
    const expected = expectedArray(this.e);
    const elements = elementsWriter(this.e, mode);
    return (w, v) => {
      if (!Array.isArray(v) && !(ta !== null && v instanceof ta)) fail(expected, v);
      w.varint(v.length);
      elements(w, v);
    };
  }
  makeReader(mode) {
    const elements = elementsReader(this.e, mode);
    const min = this.e.minBytes;
    const alloc = elementCharge(this.e.storage, false);
    return (r) => elements(r, r.length(min, r.limits.maxCollectionLength, 'sequence length', alloc));
  }
}

/** std::array<E, N>: exactly N elements, no count. */
export class ArraySchema extends Schema {
  constructor(e, n) {
    super();
    this.e = checkSchema(e, 'array');
    if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`array: the length is an integer >= 0 (got ${n})`);
    this.n = n;
  }
  computeStorage() {
    return this.n * this.e.storage;
  }
  label() {
    return `arr ${this.n} ${this.e.label()}`;
  }
  tokens(out, structs) {
    out.push('arr', String(this.n));
    this.e.tokens(out, structs);
  }
  describe(b) {
    b.byte(ARR);
    b.varint(this.n);
    this.e.describe(b);
  }
  defaultValue(r) {
    const ta = this.e.typedArray;
    return ta ? new ta(this.n) : Array.from({ length: this.n }, () => this.e.defaultValue(r));
  }
  get minBytes() {
    return this.n * this.e.minBytes;
  }
  maxBytes(mode) {
    return this.n === 0 ? 0 : this.n * this.e.maxBytes(mode);
  }
  exact(mode) {
    return this.n === 0 || this.e.exact(mode);
  }
  makeWriter(mode) {
    const { n } = this;
    const ta = this.e.typedArray;
    const expected = expectedArray(this.e, n);
    const elements = elementsWriter(this.e, mode);
    return (w, v) => {
      if ((!Array.isArray(v) && !(ta !== null && v instanceof ta)) || v.length !== n) fail(expected, v);
      elements(w, v);
    };
  }
  makeReader(mode) {
    const elements = elementsReader(this.e, mode);
    const { n } = this;
    if (!this.exact(mode)) return (r) => elements(r, n);
    const max = this.maxBytes(mode);
    return (r) => {
      r.need(max, 'array');
      return elements(r, n);
    };
  }
}

// Keys JS can put in C++ order (numbers, BigInts, strings) are written in it.
const ordered = (s) => s instanceof NumberSchema || s instanceof StringSchema;

/** std::set<E>: a Set; a repeated element is an error on read. */
export class SetSchema extends Schema {
  constructor(e) {
    super();
    this.e = checkSchema(e, 'set');
    this.st = HANDLE_STORAGE;
  }
  label() {
    return `set(${this.e.label()})`;
  }
  tokens(out, structs) {
    out.push('set(');
    this.e.tokens(out, structs);
    out.push(')');
  }
  describe(b) {
    b.byte(SET);
    this.e.describe(b);
  }
  defaultValue() {
    return new Set();
  }
  get minBytes() {
    return 1;
  }
  makeWriter(mode) {
    const elements = elementsWriter(this.e, mode);
    const sorted = ordered(this.e);
    return (w, v) => {
      if (!(v instanceof Set)) fail('a Set', v);
      const items = sorted ? orderedKeys([...v]) : [...v];
      w.varint(items.length);
      elements(w, items);
    };
  }
  makeReader(mode) {
    const re = this.e.reader(mode);
    const min = this.e.minBytes;
    const alloc = elementCharge(this.e.storage, true);
    return (r) => {
      const n = r.length(min, r.limits.maxCollectionLength, 'set length', alloc);
      const s = new Set();
      for (let i = 0; i < n; i++) {
        const at = r.pos;
        const x = re(r);
        const size = s.size;
        s.add(x);
        if (s.size === size) r.fail('DuplicateKey', `set element ${i} repeats an earlier element`, at);
      }
      return s;
    };
  }
}

/** std::map<K, V>: a plain object (or a Map) for string keys, a Map for other keys. */
export class MapSchema extends Schema {
  constructor(k, v) {
    super();
    this.k = checkSchema(k, 'map key');
    this.v = checkSchema(v, 'map value');
    this.st = HANDLE_STORAGE;
  }
  label() {
    return `map(${this.k.label()} ${this.v.label()})`;
  }
  tokens(out, structs) {
    out.push('map(');
    this.k.tokens(out, structs);
    this.v.tokens(out, structs);
    out.push(')');
  }
  describe(b) {
    b.byte(MAP);
    this.k.describe(b);
    this.v.describe(b);
  }
  defaultValue(r) {
    return this.k instanceof StringSchema && !r.mapsAsMap ? {} : new Map();
  }
  get minBytes() {
    return 1;
  }
  makeWriter(mode) {
    const wk = this.k.writer(mode);
    const wv = this.v.writer(mode);
    const sorted = ordered(this.k);
    const stringKeys = this.k instanceof StringSchema;
    const entries = (w, keys, get) => {
      w.varint(keys.length);
      let i = 0;
      let key;
      let inKey = true;
      try {
        for (; i < keys.length; i++) {
          key = keys[i];
          inKey = true;
          wk(w, key);
          inKey = false;
          wv(w, get(key));
        }
      } catch (err) {
        within(err, inKey ? `{key ${i}}` : `[${JSON.stringify(String(key))}]`);
      }
    };
    return (w, v) => {
      if (v instanceof Map) {
        const keys = [...v.keys()];
        entries(w, sorted ? orderedKeys(keys) : keys, (k) => v.get(k));
      } else if (stringKeys && typeof v === 'object' && v !== null && !Array.isArray(v)) {
        const keys = Object.keys(v);
        entries(w, sorted ? orderedKeys(keys) : keys, (k) => v[k]);
      } else {
        fail(stringKeys ? 'an object or a Map' : 'a Map', v);
      }
    };
  }
  makeReader(mode) {
    const rk = this.k.reader(mode);
    const rv = this.v.reader(mode);
    const min = this.k.minBytes + this.v.minBytes;
    const alloc = elementCharge(this.k.storage + this.v.storage, true);
    const stringKeys = this.k instanceof StringSchema;
    const asMap = (r, n, key) => {
      const m = new Map();
      for (let i = 0; i < n; i++) {
        const at = r.pos;
        const k = key(r);
        if (m.has(k)) r.fail('DuplicateKey', `map key ${i} repeats an earlier key`, at);
        m.set(k, rv(r));
      }
      return m;
    };
    if (!stringKeys) {
      return (r) => asMap(r, r.length(min, r.limits.maxCollectionLength, 'map length', alloc), rk);
    }
    const key = (r) => r.key();
    return (r) => {
      const n = r.length(min, r.limits.maxCollectionLength, 'map length', alloc);
      if (r.mapsAsMap) return asMap(r, n, key);
      const m = plainObject(n);
      // A key above every earlier one (JS string order) is new, as in an ordered map's
      // encoding, so its lookup is skipped; inherited names ('constructor') are not duplicates.
      let top = '';
      for (let i = 0; i < n; i++) {
        const at = r.pos;
        const k = r.key();
        if (k > top) top = k;
        else if (m[k] !== undefined && Object.hasOwn(m, k)) r.fail('DuplicateKey', `map key ${i} repeats an earlier key`, at);
        const x = rv(r);
        // '__proto__' would set the prototype instead of making an own property.
        if (k === '__proto__') Object.defineProperty(m, k, { value: x, writable: true, enumerable: true, configurable: true });
        else m[k] = x;
      }
      return m;
    };
  }
}

/** std::optional<E>: null when empty (undefined is accepted when writing). */
export class OptionalSchema extends Schema {
  constructor(e) {
    super();
    this.e = checkSchema(e, 'optional');
  }
  computeStorage() {
    return 1 + this.e.storage;
  }
  label() {
    return `opt(${this.e.label()})`;
  }
  tokens(out, structs) {
    out.push('opt(');
    this.e.tokens(out, structs);
    out.push(')');
  }
  describe(b) {
    b.byte(OPT);
    this.e.describe(b);
  }
  get minBytes() {
    return 1;
  }
  makeWriter(mode) {
    const we = this.e.writer(mode);
    return (w, v) => {
      if (v === null || v === undefined) w.u8(0);
      else {
        w.u8(1);
        we(w, v);
      }
    };
  }
  makeReader(mode) {
    const re = this.e.reader(mode);
    return (r) => {
      const tag = r.u8('optional tag');
      if (tag > 1) r.fail('BadOptionalTag', `optional tag is ${tag}, expected 0 or 1`, r.pos - 1);
      return tag === 1 ? re(r) : null;
    };
  }
}

/** std::variant<A...>: { index, value }. */
export class VariantSchema extends Schema {
  constructor(alts) {
    super();
    if (alts.length === 0) throw new TypeError('variant: at least one alternative');
    this.alts = alts.map((a, i) => checkSchema(a, `variant alternative ${i}`));
  }
  computeStorage() {
    return 1 + Math.max(...this.alts.map((a) => a.storage));
  }
  label() {
    return `var(${this.alts.map((a) => a.label()).join(' ')})`;
  }
  tokens(out, structs) {
    out.push('var(');
    for (const a of this.alts) a.tokens(out, structs);
    out.push(')');
  }
  describe(b) {
    b.byte(VAR);
    b.varint(this.alts.length);
    for (const a of this.alts) a.describe(b);
  }
  defaultValue(r) {
    return { index: 0, value: this.alts[0].defaultValue(r) };
  }
  get minBytes() {
    return 1 + Math.min(...this.alts.map((a) => a.minBytes));
  }
  makeWriter(mode) {
    const writers = this.alts.map((a) => a.writer(mode));
    const n = writers.length;
    return (w, v) => {
      if (typeof v !== 'object' || v === null) fail('an object { index, value }', v);
      const i = v.index;
      if (typeof i !== 'number' || !(i >= 0 && i < n) || !Number.isInteger(i)) {
        failAt('.index', `an alternative index below ${n}`, i);
      }
      w.varint(i);
      try {
        writers[i](w, v.value);
      } catch (err) {
        within(err, '.value');
      }
    };
  }
  makeReader(mode) {
    const readers = this.alts.map((a) => a.reader(mode));
    const n = readers.length;
    return (r) => {
      const at = r.pos;
      const i = r.varint32('variant index');
      if (i >= n) r.fail('BadVariantIndex', `variant index ${i} but the variant has ${n} alternatives`, at);
      return { index: i, value: readers[i](r) };
    };
  }
}

/** std::tuple<E...> (and std::pair): an array of fixed length. */
export class TupleSchema extends Schema {
  constructor(elements) {
    super();
    this.items = elements.map((e, i) => checkSchema(e, `tuple element ${i}`));
  }
  computeStorage() {
    return sum(this.items, (e) => e.storage);
  }
  label() {
    return `tup(${this.items.map((a) => a.label()).join(' ')})`;
  }
  tokens(out, structs) {
    out.push('tup(');
    for (const e of this.items) e.tokens(out, structs);
    out.push(')');
  }
  describe(b) {
    b.byte(TUP);
    b.varint(this.items.length);
    for (const e of this.items) e.describe(b);
  }
  defaultValue(r) {
    return this.items.map((e) => e.defaultValue(r));
  }
  get minBytes() {
    return sum(this.items, (e) => e.minBytes);
  }
  maxBytes(mode) {
    return sum(this.items, (e) => e.maxBytes(mode));
  }
  exact(mode) {
    return this.items.every((e) => e.exact(mode));
  }
  makeWriter(mode) {
    const writers = this.items.map((e) => e.writer(mode));
    const n = writers.length;
    return (w, v) => {
      if (!Array.isArray(v) || v.length !== n) fail(`an array of length ${n}`, v);
      let i = 0;
      try {
        for (; i < n; i++) writers[i](w, v[i]);
      } catch (err) {
        within(err, `[${i}]`);
      }
    };
  }
  makeReader(mode) {
    const readers = this.items.map((e) => e.reader(mode));
    const n = readers.length;
    const exact = this.exact(mode);
    const max = exact ? this.maxBytes(mode) : 0;
    return (r) => {
      if (exact) r.need(max, 'tuple');
      const a = new Array(n);
      for (let i = 0; i < n; i++) a[i] = readers[i](r);
      return a;
    };
  }
}

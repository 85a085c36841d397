// The type table of a compatible-mode message (docs/FORMAT.md 10.2-10.3, 10.6): parsing and
// checking it, spelling its types, and walking a value by its descriptors (to print it, or to skip
// a field the reader does not have). Mirrors core/kiln/detail/evolve/type_table.cpp: the same checks,
// error codes and offsets.
import { fieldIdOf } from './field_id.mjs';
import { readValue } from './value_reader.mjs';
import { valueJson } from './value_json.mjs';
import { utf8Length } from './utf8_length.mjs';
import { SKIPPED, utf8ValidPrefix } from './reader.mjs';

export { utf8Length };

// Type codes (FORMAT 10.3).
export const BOOL = 0x01, I8 = 0x02, I16 = 0x03, I32 = 0x04, I64 = 0x05, U8 = 0x06, U16 = 0x07;
export const U32 = 0x08, U64 = 0x09, F32 = 0x0a, F64 = 0x0b, C8 = 0x0c, C16 = 0x0d, C32 = 0x0e;
export const STR = 0x0f, SEQ = 0x10, SET = 0x11, MAP = 0x12, OPT = 0x13, ARR = 0x14, TUP = 0x15;
export const VAR = 0x16, STRUCT = 0x17, VALUE = 0x18;
// Pointers, followed by the pointee's descriptor: UPTR + kind (0 unique_ptr, 1 shared_ptr,
// 2 weak_ptr, as PointerSchema and Reader.backReference number them).
export const UPTR = 0x19, SPTR = 0x1a, WPTR = 0x1b;
// A polymorphic struct (FORMAT.md 10.3, 10.5): the index of the declared base, only as a pointer's
// pointee. Its objects name their type in the body; JavaScript reads none of them (no schema
// matches it) and only skips or prints them.
export const POLY = 0x1c;
// The first character of a base class's field name in a type table (FORMAT.md 10.2; kBaseMarker
// in C++): no member name has it.
export const BASE_MARKER = '^';
const SCALARS = ['', 'bool', 'i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'f32', 'f64',
  'c8', 'c16', 'c32', 'str'];
const POINTER_TEXT = ['uptr<', 'sptr<', 'wptr<'];

// The longest registered type name a message may carry (FORMAT.md 5.11; kMaxTypeName in C++).
const MAX_TYPE_NAME = 1024;
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** How many values a compatible-mode body of `size` bytes may hold while skipping or
 *  inspecting (walk_budget in C++): 16 per byte, plus a base. */
export const walkBudget = (size) => 16 * size + 65536;

export function printOverBudget(r, left, at) {
  r.fail('AllocationLimit', `the inspector's output would exceed its budget (${left} bytes of names and strings left)`, at);
}

function badTable(r, at, detail) {
  r.fail('BadTypeTable', detail, at);
}

// Names are never shared strings, whatever the header's bit 3 (FORMAT.md 10.6), and are not
// charged to the allocation budget (6.5: part of the message, which a decoder reads in place).
function readName(r) {
  return r.strBody(r.length(1, r.limits.maxStringBytes, 'string length'));
}

// A descriptor as a tree: { code, at (its offset), n?, elems?, index? }. `pointee`: it follows a
// pointer's code, the one place a polymorphic struct may be.
function parseType(r, typeCount, depth, pointee = false) {
  const at = r.pos;
  if (depth > r.limits.maxDepth) {
    badTable(r, at, `type descriptor nested deeper than ${r.limits.maxDepth}`);
  }
  const code = r.u8('type code');
  switch (code) {
    case SEQ: case SET: case OPT:
      return { code, at, elems: [parseType(r, typeCount, depth + 1)] };
    case UPTR: case SPTR: case WPTR:
      return { code, at, elems: [parseType(r, typeCount, depth + 1, true)] };
    case MAP:
      return { code, at, elems: [parseType(r, typeCount, depth + 1), parseType(r, typeCount, depth + 1)] };
    case ARR: {
      const n = r.varint64('array length');
      if (n > BigInt(r.limits.maxCollectionLength)) badTable(r, at, `array length ${n} exceeds the limit`);
      return { code, at, n: Number(n), elems: [parseType(r, typeCount, depth + 1)] };
    }
    case TUP: case VAR: {
      const n = r.varint64('element count');
      if (n > BigInt(r.end - r.pos)) r.fail('Truncated', `element count ${n} exceeds the bytes left`, at);
      if (code === VAR && n === 0n) badTable(r, at, 'variant with no alternatives');
      const elems = [];
      for (let i = 0; i < Number(n); i++) elems.push(parseType(r, typeCount, depth + 1));
      return { code, at, n: Number(n), elems };
    }
    case POLY:
      if (!pointee) badTable(r, at, 'a polymorphic struct that is not a pointer\'s pointee');
      // falls through: the base's index, checked as a struct's
    case STRUCT: {
      const k = r.varint64('struct index');
      if (k >= BigInt(typeCount)) {
        badTable(r, at, `struct index ${k} but the table has ${typeCount} types`);
      }
      return { code, at, index: Number(k) };
    }
    default:
      if ((code < BOOL || code > STR) && code !== VALUE) badTable(r, at, `unknown type code ${code}`);
      return { code, at };
  }
}

// `count` entries (10.2), appended to `types`, whose struct indices must be below `total`.
function parseEntries(r, types, count, total) {
  for (let k = 0; k < count; k++) {
    const name = readName(r);
    const countAt = r.pos;
    const n = r.varint64('field count');
    if (n > BigInt(Math.floor((r.end - r.pos) / 3))) {
      r.fail('Truncated', `field count ${n} exceeds the bytes left`, countAt);
    }
    const fields = [];
    for (let i = 0; i < Number(n); i++) {
      const fieldAt = r.pos;
      const fname = readName(r);
      let id = r.varint32('field id');
      if (id === 0) id = fieldIdOf(fname);
      fields.push({ name: fname, id, type: parseType(r, total, 1), at: fieldAt });
    }
    // Ids and names may not repeat; the error is at the later of the first repeated pair in
    // sorted order, as in the C++ reader.
    for (const [key, what] of [['id', 'id'], ['name', 'name']]) {
      const sorted = fields.map((f, i) => [f[key], i]).sort((a, b) =>
        (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i][0] === sorted[i - 1][0]) {
          const f = fields[Math.max(sorted[i][1], sorted[i - 1][1])];
          badTable(r, f.at, `type ${name} repeats field ${what} ${f[key]}`);
        }
      }
    }
    types.push({ name, fields });
  }
}

// A count of entries, each of which takes at least 2 bytes: more than the bytes left can hold is
// a cut message.
function entryCount(r, what) {
  const at = r.pos;
  const count = r.varint64(what);
  if (count > BigInt(Math.floor((r.end - r.pos) / 2))) {
    r.fail('Truncated', `${what} ${count} exceeds the bytes left`, at);
  }
  return Number(count);
}

export function parseTable(r) {
  const count = entryCount(r, 'type count');
  const types = [];
  parseEntries(r, types, count, count);
  const root = parseType(r, count, 1);
  return { types, root };
}

/** A polymorphic object's type index (FORMAT.md 10.5), read at r.pos: a struct of the table t, or
 *  the table's next index followed by an extension, validated as a table is and appended to
 *  t.types. Returns { index, at: the index's offset }. */
export function readTypeIndex(r, t) {
  const at = r.pos;
  const j = r.varint64('type index');
  const count = t.types.length;
  if (j > BigInt(count)) badTable(r, at, `type index ${j} but the table has ${count} types`);
  if (j < BigInt(count)) return { index: Number(j), at };
  // The table grows here: the object's type, then the structs it reaches that the table lacked.
  const nAt = r.pos;
  const n = entryCount(r, 'extension type count');
  if (n === 0) badTable(r, nAt, 'a type table extension without types');
  parseEntries(r, t.types, n, count + n);
  return { index: count, at };
}


// The type's text, "seq<str>", "map<str,i64>", "Inner": { text, complete }, where the text
// stops once it passes `max` UTF-8 bytes. A short descriptor naming a long struct name many
// times (a tuple of it) would otherwise spell out far more text than the message holds.
export function typeTextWithin(t, d, max) {
  const out = [];
  let bytes = 0;
  const put = (s) => {
    out.push(s);
    bytes += utf8Length(s);
    return bytes <= max;
  };
  const list = (elems) => elems.every((e, i) => (i === 0 || put(',')) && walk(e));
  const walk = (e) => {
    switch (e.code) {
      case SEQ: return put('seq<') && walk(e.elems[0]) && put('>');
      case SET: return put('set<') && walk(e.elems[0]) && put('>');
      case OPT: return put('opt<') && walk(e.elems[0]) && put('>');
      case UPTR: case SPTR: case WPTR: return put(POINTER_TEXT[e.code - UPTR]) && walk(e.elems[0]) && put('>');
      case MAP: return put('map<') && list(e.elems) && put('>');
      case ARR: return put('arr<') && walk(e.elems[0]) && put(`,${e.n}>`);
      case TUP: return put('tup<') && list(e.elems) && put('>');
      case VAR: return put('var<') && list(e.elems) && put('>');
      case STRUCT: return put(t.types[e.index].name);
      case POLY: return put('poly<') && put(t.types[e.index].name) && put('>');
      case VALUE: return put('value');
      default: return put(SCALARS[e.code]);
    }
  };
  const complete = walk(d);
  return { text: out.join(''), bytes, complete };
}

// The type's text for error messages: at most TYPE_TEXT_MAX bytes' worth, then "...".
export const TYPE_TEXT_MAX = 200;
export function typeText(t, d) {
  const { text, complete } = typeTextWithin(t, d, TYPE_TEXT_MAX);
  return complete ? text : `${text.slice(0, TYPE_TEXT_MAX)}...`;
}

function minBytes(d) {
  switch (d.code) {
    case I16: case U16: case C16: return 2;
    case F32: case C32: return 4;
    case F64: return 8;
    case ARR: return d.n * minBytes(d.elems[0]);
    case TUP: return d.elems.reduce((s, e) => s + minBytes(e), 0);
    case VAR: return 1 + Math.min(...d.elems.map(minBytes));
    case STRUCT: return 0;
    default: return 1;
  }
}

function jsonNumber(x) {
  if (Number.isNaN(x)) return '"NaN"';
  if (x === Infinity) return '"Infinity"';
  if (x === -Infinity) return '"-Infinity"';
  if (Object.is(x, -0)) return '-0';
  return String(x);
}

function fixed64(r, what) {
  r.need(8, what);
  r.pos += 8;
  return r.view;
}

export class Walker {
  /** printLeft: the inspector's budget of UTF-8 bytes of printed names and strings (FORMAT.md
   *  10.6); null while skipping, which prints nothing. */
  constructor(r, table, compress, budget, printLeft = null) {
    this.r = r;
    this.t = table;
    this.compress = compress;
    this.budget = budget;
    this.printLeft = printLeft;
  }

  charge(bytes, at) {
    if (this.printLeft === null) return;
    if (bytes > this.printLeft) printOverBudget(this.r, this.printLeft, at);
    this.printLeft -= bytes;
  }

  // One value visited (FORMAT.md 10.6: at most walkBudget of them).
  spend() {
    if (this.budget === 0) this.r.fail('LengthTooLarge', 'the message holds more values than its size allows');
    this.budget--;
  }

  value(d) {
    const r = this.r;
    this.spend();
    switch (d.code) {
      case BOOL: return r.bool() ? 'true' : 'false';
      case I8: return String(r.i8());
      case U8: case C8: return String(r.u8('u8'));
      case I16: return String(r.i16());
      case U16: case C16: return String(r.u16('u16'));
      case C32: return String(r.u32('c32'));
      case I32: return String(this.compress ? r.zigzag32('i32') : r.i32());
      case U32: return String(this.compress ? r.varint32('u32') : r.u32('u32'));
      // 64-bit integers as BigInts whatever the reader's int64 option: a skipped field is
      // never out of range.
      case I64: {
        if (!this.compress) return String(fixed64(r, 'i64').getBigInt64(r.pos - 8, true));
        const z = r.varint64('i64');
        return String((z >> 1n) ^ -(z & 1n));
      }
      case U64: return String(this.compress ? r.varint64('u64') : fixed64(r, 'u64').getBigUint64(r.pos - 8, true));
      case F32: return jsonNumber(r.f32());
      case F64: return jsonNumber(r.f64());
      case STR: {
        const at = r.pos;
        const s = r.str();
        this.charge(utf8Length(s), at);
        return JSON.stringify(s);
      }
      case SEQ: return this.elements(d.elems[0], null, 'sequence length');
      case SET: return this.elements(d.elems[0], null, 'set length');
      case MAP: return this.elements(d.elems[0], d.elems[1], 'map length');
      case OPT: {
        const tag = r.u8('optional tag');
        if (tag > 1) r.fail('BadOptionalTag', `optional tag is ${tag}, expected 0 or 1`, r.pos - 1);
        return tag === 0 ? 'null' : this.nested(d.elems[0], 'optional');
      }
      case ARR: {
        r.enter('array');
        const parts = [];
        for (let i = 0; i < d.n; i++) parts.push(this.value(d.elems[0]));
        r.leave();
        return `[${parts.join(',')}]`;
      }
      case TUP: {
        r.enter('tuple');
        const parts = d.elems.map((e) => this.value(e));
        r.leave();
        return `[${parts.join(',')}]`;
      }
      case VAR: {
        const at = r.pos;
        const index = r.varint32('variant index');
        if (index >= d.n) {
          r.fail('BadVariantIndex', `variant index ${index} but the variant has ${d.n} alternatives`, at);
        }
        return `{"variant":${index},"value":${this.nested(d.elems[index], 'variant')}}`;
      }
      case VALUE: return this.generic();
      case UPTR: case SPTR: case WPTR: return this.pointer(d);
      default: return this.structure(this.t.types[d.index]);
    }
  }

  // A kiln::Value field: read as a decoder reads it (section 9, its containers numbered on their
  // own), then printed in its JSON form, its strings charged at its first byte (FORMAT.md 10.6).
  generic() {
    const r = this.r;
    const at = r.pos;
    const v = readValue(r, r.refs !== null ? [] : null);
    return this.printLeft === null ? '' : valueJson(v, (n) => this.charge(n, at));
  }

  // A pointer the reader lacks (FORMAT.md 10.5), checked and numbered as reading it would be, so
  // that later references find the writer's numbers: an object whose fields are walked here is
  // skipped (no pointer the reader reads may refer to it); one a weak_ptr announces is left for
  // the first pointer the reader reads to make. Printed as FORMAT.md 10.6 says.
  pointer(d) {
    const r = this.r;
    const at = r.pos;
    const pointee = d.elems[0];
    const poly = pointee.code === POLY;
    const tag = r.varintNumber('pointer tag');
    if (tag === 0) return 'null';
    if (tag === 1) {
      if (d.code !== UPTR && r.refs !== null) return this.object(pointee, -1);
      if (!poly) return this.nested(pointee, 'pointer');
      r.enter('pointer');
      const type = this.polyType(pointee);
      const s = `{${type.head}"value":${this.fields(type.index)}}`;
      r.leave();
      return s;
    }
    const kind = d.code - UPTR;
    const index = tag - 2;
    if (r.checkReference(index, at, kind)) {
      // A polymorphic announcement names the object's type, as a reader reads it (before the
      // number); its fill will not, so a non-zero tag's struct is kept for it.
      const type = poly ? this.polyType(pointee) : null;
      r.announce(null, null);
      if (type === null) return `{"object":${index}}`;
      if (type.tag !== 0n) (r.refStructs ??= [])[index] = type.index;
      return `{"object":${index},${type.head.slice(0, -1)}}`;
    }
    // The object's type is not checked: the reader has none for it here.
    if (kind === 1 && r.refAnnounced[index]) return this.object(pointee, index);
    return `{"object":${index}}`;
  }

  // The fields of a shared object, in the reader's order: the nesting level, a polymorphic
  // object's type, the number, then the fields, open while they are walked; afterwards the object
  // is skipped. `slot` is -1 for a new object, numbered here, else the number of an announced one,
  // filled here: a polymorphic one as the struct its announcement's type named (its fill has no
  // type tag), or the filling pointer's base for type tag 0.
  object(pointee, slot) {
    const r = this.r;
    const poly = pointee.code === POLY;
    r.enter('pointer');
    let type = null;
    if (slot < 0) {
      if (poly) type = this.polyType(pointee);
      slot = r.remember(null, SKIPPED);
    } else {
      r.refAnnounced[slot] = false;
      r.refOpen[slot] = true;
      r.refTypes[slot] = SKIPPED; // one a read weak_ptr made stays as made: empty
      if (poly) type = { index: r.refStructs?.[slot] ?? pointee.index, head: '' };
    }
    const s = type === null ? this.value(pointee) : this.fields(type.index);
    r.close(slot);
    r.leave();
    return `{"object":${slot},${type === null ? '' : type.head}"value":${s}}`;
  }

  // A polymorphic object's fields: struct `index`, counted as one value once its type is read.
  fields(index) {
    this.spend();
    return this.structure(this.t.types[index]);
  }

  // A polymorphic object's type tag and type index (FORMAT.md 5.11, 10.5); the registry is not
  // asked about the tag. { tag, index: the struct that holds its fields, head: what the inspector
  // prints before them, each key followed by a comma: "type", and the types an extension added }.
  // Type tag 0 is the base, whose fields follow without an index.
  polyType(pointee) {
    const r = this.r;
    const at = r.pos;
    const tag = r.varint64('type tag');
    if (tag === 0n) return { tag, index: pointee.index, head: '"type":null,' };
    const type = tag & 1n ? String(tag >> 1n) : JSON.stringify(this.printedTypeName((tag >> 1n) - 1n, at));
    const first = this.t.types.length;
    const { index, at: indexAt } = readTypeIndex(r, this.t);
    if (this.printLeft === null || this.t.types.length === first) return { tag, index, head: `"type":${type},` };
    return { tag, index, head: `"type":${type},"types":${this.typesJson(first, indexAt)},` };
  }

  // Registered type name number `number` (a BigInt) of the message, whose bytes follow its first
  // use; numbered as a reader numbers them, in one list for the whole message.
  typeName(number, at) {
    const r = this.r;
    const names = (r.typeNames ??= []);
    if (number > BigInt(names.length)) {
      r.fail('BadReference', `type name #${number} but only ${names.length} names so far`, at);
    }
    if (number === BigInt(names.length)) {
      const n = r.length(1, MAX_TYPE_NAME, 'type name length', 1);
      // Not checked as UTF-8: a reader only looks the bytes up in its registry (as in C++); the
      // inspector checks what it prints (printedTypeName).
      this.nameStart = r.pos;
      names.push(lenientUtf8.decode(r.buf.subarray(r.pos, r.pos + n)));
      (r.typeNameBytes ??= []).push(n);
      r.pos += n;
    }
    return names[Number(number)];
  }

  // A type name as the inspector prints it: text (checked where its bytes first come), each print
  // charged at its tag, as the C++ inspector does.
  printedTypeName(number, at) {
    const r = this.r;
    const known = r.typeNames?.length ?? 0;
    const name = this.typeName(number, at);
    if (this.printLeft === null) return name;
    if (r.typeNames.length > known) {
      const start = this.nameStart;
      const ok = utf8ValidPrefix(r.buf, start, r.pos);
      if (start + ok !== r.pos) r.fail('BadUtf8', 'type name bytes', start + ok);
    }
    this.charge(r.typeNameBytes[Number(number)], at);
    return name;
  }

  // The entries types[first..] as the inspector's list (FORMAT.md 10.6), their names and type
  // texts charged at `at`.
  typesJson(first, at) {
    const name = (s) => {
      this.charge(utf8Length(s), at);
      return JSON.stringify(s);
    };
    return `[${this.t.types.slice(first).map((t) => `{"name":${name(t.name)},"fields":[` +
      t.fields.map((f) => `{"name":${name(f.name)},"id":${f.id},"type":${this.typeJson(f.type, at)}}`).join(',') +
      ']}').join(',')}]`;
  }

  // A type's text as a JSON string, charged at `at`: spelled only as far as the budget goes.
  typeJson(d, at) {
    const t = typeTextWithin(this.t, d, this.printLeft);
    if (!t.complete) printOverBudget(this.r, this.printLeft, at);
    this.printLeft -= t.bytes;
    return JSON.stringify(t.text);
  }

  // Every container counts one nesting level, as in the C++ walker.
  nested(d, what) {
    this.r.enter(what);
    const s = this.value(d);
    this.r.leave();
    return s;
  }

  elements(key, mapped, what) {
    const r = this.r;
    const min = minBytes(key) + (mapped ? minBytes(mapped) : 0);
    const n = r.length(min, r.limits.maxCollectionLength, what);
    r.enter(what);
    const parts = [];
    for (let i = 0; i < n; i++) {
      parts.push(mapped ? `[${this.value(key)},${this.value(mapped)}]` : this.value(key));
    }
    r.leave();
    return `[${parts.join(',')}]`;
  }

  structure(type) {
    const at = this.r.pos;
    this.r.enter('struct');
    if (this.printLeft !== null) this.charge(type.fields.reduce((n, f) => n + utf8Length(f.name), 0), at);
    const parts = type.fields.map((f) => `${JSON.stringify(f.name)}:${this.value(f.type)}`);
    this.r.leave();
    return `{${parts.join(',')}}`;
  }
}


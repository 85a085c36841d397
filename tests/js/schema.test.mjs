// Schemas declared in JavaScript (kiln-sdk's struct, vector, i32, ...): they write the golden
// vectors byte for byte, read them as the generated codecs do, and give the generated codecs'
// verdict (code and offset) on every truncation and bit flip of them and on the malformed-input
// corpus; every constructor round-trips; definition errors are caught at definition.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as kiln from '../../js/index.mjs';
import * as generated from '../../js/workloads.mjs';
import * as declared from '../workloads/schemas.mjs';
import { WORKLOADS } from './workloads.mjs';
import { eachCutAndFlip, verdict } from './support/verdicts.mjs';

const {
  Codec, struct, vector, array, set, map, optional, variant, tuple, enumeration, unique, shared, weak,
  bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, char8, char16, char32, string, value,
} = kiln;
const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('tests/golden/manifest.json', root), 'utf8'));
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));
const make = Object.fromEntries(WORKLOADS.map(([name, , fn]) => [name, fn]));

// { value } or { error: 'Code at offset' }.
function decode(codec, type, bytes) {
  const v = verdict(() => codec.deserialize(type, bytes));
  return v.error ? { error: `${v.error.code} at ${v.error.offset}` } : v;
}

test('fingerprints: the check values of FORMAT.md 4.1 and every workload the generator exports', () => {
  assert.equal(i32.fingerprint, 0xbb9292ca);
  assert.equal(vector(u8).fingerprint, 0xec74206e);
  for (const name of ['Struct', 'Foo', 'Record', 'Bulk', 'TestClass', 'Tree']) {
    assert.equal(declared[name].fingerprint, generated[name].fingerprint, name);
  }
  // The wire name and the field names take part; the JS property order is the wire order.
  assert.notEqual(struct('Other', { f1: i32 }).fingerprint, struct('Record', { f1: i32 }).fingerprint);
  assert.notEqual(struct('R', { a: i32, b: i32 }).fingerprint, struct('R', { b: i32, a: i32 }).fingerprint);
});

for (const v of manifest.vectors) {
  const options = {
    compressNumbers: v.compress_numbers, trackReferences: v.track_references, shareStrings: v.share_strings,
    fingerprint: v.fingerprint, header: v.header,
  };
  const reader = new Codec(v.header ? {} : options);
  const type = declared[v.workload];
  const gen = generated[v.workload];

  test(`${v.file}: a JS-declared ${v.workload} writes and reads the golden bytes`, () => {
    assert.deepStrictEqual(new Codec(options).serialize(type, make[v.workload]()), golden(v.file));
    assert.deepStrictEqual(reader.deserialize(type, golden(v.file)), make[v.workload]());
  });

  test(`${v.file}: every truncation and bit flip gets the generated codec's verdict`, () => {
    const bytes = golden(v.file);
    const writer = new Codec(options);
    const check = (bad, where) => {
      const a = decode(reader, type, bad);
      const b = decode(reader, gen, bad);
      assert.equal(a.error, b.error, where);
      if (!a.error) {
        assert.deepStrictEqual(a.value, b.value, where);
        assert.deepStrictEqual(writer.serialize(type, a.value), writer.serialize(gen, b.value), where);
      }
    };
    assert.equal(eachCutAndFlip(bytes, check), bytes.length * 9);
  });
}

test('the malformed-input corpus: JS-declared schemas give the manifest code and offset', () => {
  const dir = new URL('tests/malformed/', root);
  const types = { Struct: declared.Struct, Foo: declared.Foo, Record: declared.Record, Bulk: declared.Bulk };
  const codec = new Codec();
  const wrong = [];
  let checked = 0;
  for (const line of readFileSync(new URL('manifest.tsv', dir), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [file, type, code, offset] = line.split('\t');
    if (!types[type]) continue;
    const got = decode(codec, types[type], new Uint8Array(readFileSync(new URL(file, dir))));
    checked++;
    if (got.error !== `${code} at ${offset}`) wrong.push(`${file}: expected ${code} at ${offset}, got ${got.error ?? 'accepted'}`);
  }
  assert.deepStrictEqual(wrong.slice(0, 20), []);
  assert.ok(checked >= 1000, `${checked} inputs`);
});

test('struct storage (charged to the allocation budget) is the C++ storage the generator reports', () => {
  // Foo: a string, a vector and a map; TestClass: a base class.
  for (const name of ['Struct', 'Foo', 'Record', 'TestClass', 'Tree', 'Bulk']) {
    assert.equal(declared[name].storage, generated[name].storage, name);
    if (generated[name].schema) assert.equal(generated[name].schema.storage, generated[name].storage, name);
  }
  assert.equal(declared.TreeNode.storage, 24 + 24 + 16); // name, children, weak parent
});

test('a JS-declared Tree keeps shared objects and weak parents, and its bytes are the generated ones', () => {
  const codec = new Codec({ trackReferences: true });
  const rootNode = { name: 'root', children: [], parent: null };
  const child = { name: 'child', children: [], parent: rootNode };
  rootNode.children.push(child, child);
  const bytes = codec.serialize(declared.Tree, rootNode);
  assert.deepStrictEqual(bytes, codec.serialize(generated.Tree, rootNode));
  const back = codec.deserialize(declared.Tree, bytes);
  assert.equal(back.children[0], back.children[1]);
  assert.equal(back.children[0].parent, back);
  // Without tracking the cycle through `parent` is an encode error, as with the generated codec.
  assert.throws(() => new Codec().serialize(declared.Tree, rootNode), { code: 'DepthExceeded' });
});

// Every constructor in one struct, written and read in both number modes.
const Color = enumeration('Color', u8);
const Leaf = struct('Leaf', { id: u16 });
const Node = struct('Node', () => ({ leaf: Leaf, kids: vector(Node) }));
const Base = struct('Base', { tag: string });
const Everything = struct('Everything', {
  b: bool, a8: i8, a16: i16, a32: i32, a64: i64, b8: u8, b16: u16, b32: u32, b64: u64, x: f32, y: f64,
  c: char8, c16: char16, c32: char32, s: string, color: Color, nums: vector(i32), words: vector(string),
  bits: vector(bool), fixed: array(u16, 3), none: array(i32, 0), names: array(string, 2), ids: set(i64),
  tags: set(string), byName: map(string, f64), byId: map(i32, string), maybe: optional(string),
  nothing: optional(i32), choice: variant(i64, string, Leaf), pair: tuple(i16, string), unit: tuple(),
  tree: Node, owned: unique(Leaf), any: value,
}, { bases: [Base] });

function everything() {
  return {
    Base: { tag: 'base' },
    b: true, a8: -128, a16: -32768, a32: -2147483648, a64: -(2n ** 63n), b8: 255, b16: 65535, b32: 4294967295,
    b64: 2n ** 64n - 1n, x: Math.fround(1.1), y: -0, c: 65, c16: 0x4e2d, c32: 0x1f680, s: 'h\u00e9 \u{1F680}',
    color: 3, nums: Int32Array.of(1, -2, 300000), words: ['', 'a'], bits: [true, false],
    fixed: Uint16Array.of(1, 2, 3), none: new Int32Array(0), names: ['x', 'y'], ids: new Set([-1n, 5n]),
    tags: new Set(['b', 'a']), byName: { z: 1.5, a: NaN }, byId: new Map([[2, 'two'], [-1, 'minus']]),
    maybe: 'yes', nothing: null, choice: { index: 2, value: { id: 7 } }, pair: [-5, 'p'], unit: [],
    tree: { leaf: { id: 1 }, kids: [{ leaf: { id: 2 }, kids: [] }] }, owned: { id: 9 },
    any: { list: [1, 'two', null], n: 3n },
  };
}

test('every constructor round-trips in both number modes', () => {
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compressNumbers });
    const v = everything();
    const back = codec.deserialize(Everything, codec.serialize(Everything, v));
    assert.deepStrictEqual(back, v);
  }
  // Ordered containers are written in C++ order: the set's and map's keys sorted.
  const bytes = new Codec().serialize(struct('T', { s: set(string) }), { s: new Set(['b', 'a']) });
  assert.deepStrictEqual([...bytes.subarray(7)], [2, 1, 97, 1, 98]);
});

test('encode errors name the value\'s path, as the generated codecs do', () => {
  const codec = new Codec();
  const foo = make.Foo();
  for (const [patch, text] of [
    [{ f1: 1.5 }, 'Foo.f1: expected an int32, got number 1.5'],
    [{ f3: ['a', 2] }, 'Foo.f3[1]: expected a string, got number 2'],
    [{ f4: { k: 'x' } }, 'Foo.f4["k"]: expected an int64 (a BigInt or a safe integer), got the string "x"'],
  ]) {
    const v = { ...foo, ...patch };
    assert.throws(() => codec.serialize(declared.Foo, v), { code: 'InvalidArgument', message: new RegExp(escape(text)) });
    assert.throws(() => codec.serialize(generated.Foo, v), { code: 'InvalidArgument', message: new RegExp(escape(text)) });
  }
  const e = everything();
  assert.throws(() => codec.serialize(Everything, { ...e, choice: { index: 3, value: 1 } }),
    { message: /Everything\.choice\.index: expected an alternative index below 3/ });
  assert.throws(() => codec.serialize(Everything, { ...e, tree: { leaf: { id: 1 }, kids: [{ leaf: { id: -1 }, kids: [] }] } }),
    { message: /Everything\.tree\.kids\[0\]\.leaf\.id: expected a uint16/ });
  assert.throws(() => codec.serialize(Everything, { ...e, byId: new Map([[1.5, 'x']]) }),
    { message: /Everything\.byId\{key 0\}: expected an int32/ });
  assert.throws(() => codec.serialize(Everything, { ...e, Base: { tag: 1 } }), { message: /Everything\.Base\.tag: expected a string/ });
  assert.throws(() => codec.serialize(i32, 'x'), { message: /^i32: expected an int32, got the string "x"/ });
});

function escape(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('decoding checks: duplicates, variant indices, optional tags, depth, as in C++', () => {
  const codec = new Codec({ fingerprint: false });
  const S = struct('S', { s: set(i32) });
  // header 4b 01 10, count 2, elements 1 and 1 (zigzag 2 2)... fixed mode: 4-byte elements.
  assert.throws(() => codec.deserialize(S, Uint8Array.of(0x4b, 1, 0x10, 2, 1, 0, 0, 0, 1, 0, 0, 0)),
    { code: 'DuplicateKey', offset: 8 });
  const V = struct('V', { v: variant(i32, string) });
  assert.throws(() => codec.deserialize(V, Uint8Array.of(0x4b, 1, 0x10, 2)), { code: 'BadVariantIndex', offset: 3 });
  const O = struct('O', { o: optional(i32) });
  assert.throws(() => codec.deserialize(O, Uint8Array.of(0x4b, 1, 0x10, 2)), { code: 'BadOptionalTag', offset: 3 });
  // A chain of 70 nested structs is deeper than the default limit of 64.
  const chain = { leaf: { id: 0 }, kids: [] };
  let v = chain;
  for (let d = 0; d < 70; d++) v = { leaf: { id: d }, kids: [v] };
  const bytes = codec.serialize(Node, v);
  assert.throws(() => codec.deserialize(Node, bytes), { code: 'DepthExceeded' });
  assert.deepStrictEqual(new Codec({ limits: { maxDepth: 80 } }).deserialize(Node, bytes), v);
});

test('definition errors are caught when the schema is declared or first used', () => {
  assert.throws(() => struct('9x', {}), TypeError);
  assert.throws(() => struct('A', { 'not-ok': i32 }).fingerprint, TypeError);
  assert.throws(() => struct('A', {}, { base: [] }), /unknown option 'base'/);
  assert.throws(() => vector(42), TypeError);
  assert.throws(() => array(i32, -1), TypeError);
  assert.throws(() => enumeration('E', f32), TypeError);
  assert.throws(() => shared(i32), TypeError);
  const Loop = struct('Loop', () => ({ self: tuple(Loop) }));
  assert.throws(() => new Codec().serialize(Loop, { self: [{}] }), /contains itself/);
});

test('a JS-declared type is a Kiln type: its own serialize/deserialize, any schema as the root', () => {
  const bytes = declared.Record.serialize(make.Record(), { compressNumbers: true });
  assert.deepStrictEqual(bytes, generated.Record.serialize(make.Record(), { compressNumbers: true }));
  assert.deepStrictEqual(declared.Record.deserialize(bytes), make.Record());
  const list = vector(string);
  assert.deepStrictEqual(list.deserialize(list.serialize(['a', 'b'])), ['a', 'b']);
  assert.throws(() => declared.Foo.deserialize(bytes), { code: 'SchemaMismatch', offset: 3 });
});

test('sequences of 64-bit integers are BigInt64Array / BigUint64Array whatever the int64 option', () => {
  const T = struct('T', { a: vector(i64), b: vector(u64), c: array(i64, 2) });
  const v = { a: BigInt64Array.of(-5n, 2n ** 62n), b: BigUint64Array.of(1n, 2n ** 64n - 1n), c: BigInt64Array.of(-1n, 1n) };
  for (const compressNumbers of [false, true]) {
    for (const int64 of ['bigint', 'number']) {
      const codec = new Codec({ compressNumbers, int64 });
      assert.deepStrictEqual(codec.deserialize(T, codec.serialize(T, v)), v, `${compressNumbers} ${int64}`);
    }
  }
});

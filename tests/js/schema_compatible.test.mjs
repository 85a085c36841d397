// Compatible mode (docs/FORMAT.md 10) with schemas declared in JavaScript: the compatible golden
// vectors written byte for byte and read; two versions of a type read each other's messages
// (fields added, removed, reordered, renamed with explicit ids); incompatible changes fail as in
// C++; and on messages of an evolved type, and every truncation and bit flip of them, a
// JS-declared reader gives the verdict of the C++ reader (the wasm core).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  Codec, inspect, loadCore, fieldIdOf, struct, i32, i64, u32, f64, bool, string, vector, map, set,
  optional, variant, tuple, array, shared,
} from '../../js/index.mjs';
import * as generated from '../../js/workloads.mjs';
import * as declared from '../workloads/schemas.mjs';
import { makeRecord, makeStruct } from './workloads.mjs';
import { assertCoreVerdicts } from './support/verdicts.mjs';

const root = new URL('../../', import.meta.url);
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));
const compatible = new Codec({ compatible: true });

const Tags = struct('Tags', { owner: string, labels: vector(string), notes: map(string, string) });
const tags = () => ({ owner: 'ops', labels: ['red', 'ops', 'red'], notes: { ops: 'red', x: 'ops' } });

test('the compatible golden vectors: written byte for byte and read back', () => {
  assert.deepStrictEqual(compatible.serialize(declared.Record, makeRecord()), golden('record_compatible.bin'));
  assert.deepStrictEqual(compatible.serialize(declared.Struct, makeStruct()), golden('struct_compatible.bin'));
  const shared = new Codec({ compatible: true, trackReferences: true, shareStrings: true });
  assert.deepStrictEqual(shared.serialize(Tags, tags()), golden('tags_shared_compatible.bin'));
  assert.deepStrictEqual(new Codec().deserialize(declared.Record, golden('record_compatible.bin')), makeRecord());
  assert.deepStrictEqual(new Codec().deserialize(declared.Struct, golden('struct_compatible.bin')), makeStruct());
  assert.deepStrictEqual(new Codec().deserialize(Tags, golden('tags_shared_compatible.bin')), tags());
  // A reader without `owner` skips its string, and still numbers it for the repeats that follow.
  const NoOwner = struct('Tags', { labels: vector(string), notes: map(string, string) });
  assert.deepStrictEqual(new Codec().deserialize(NoOwner, golden('tags_shared_compatible.bin')),
    { labels: ['red', 'ops', 'red'], notes: { ops: 'red', x: 'ops' } });
});

// Version 1 and version 2 of a type: v2 reorders, adds, removes and renames (keeping the old
// name's id) fields, and its nested struct gains a field.
const AddressV1 = struct('Address', { city: string });
const PersonV1 = struct('Person', { id: u32, name: string, age: i32, home: AddressV1, scores: vector(f64) });
const AddressV2 = struct('Address', { city: string, zip: optional(string) });
const PersonV2 = struct('Person', {
  full_name: string, id: u32, home: AddressV2, scores: vector(f64), email: optional(string),
  tags: set(string), history: vector(AddressV2),
}, { ids: { full_name: fieldIdOf('name') } });

const v1 = { id: 7, name: 'Ada', age: 36, home: { city: 'London' }, scores: Float64Array.of(1.5, -2) };
const v2 = {
  full_name: 'Grace', id: 9, home: { city: 'Arlington', zip: '22201' }, scores: Float64Array.of(3),
  email: 'g@example.com', tags: new Set(['navy']), history: [{ city: 'New York', zip: null }],
};

test('two versions read each other\'s messages in both number modes', () => {
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compatible: true, compressNumbers });
    assert.deepStrictEqual(codec.deserialize(PersonV2, codec.serialize(PersonV1, v1)), {
      full_name: 'Ada', id: 7, home: { city: 'London', zip: null }, scores: Float64Array.of(1.5, -2), email: null,
      tags: new Set(), history: [],
    });
    assert.deepStrictEqual(codec.deserialize(PersonV1, codec.serialize(PersonV2, v2)), {
      id: 9, name: 'Grace', age: 0, home: { city: 'Arlington' }, scores: Float64Array.of(3),
    });
    // Same version: the table is the reader's own, read as in schema-consistent mode.
    assert.deepStrictEqual(codec.deserialize(PersonV2, codec.serialize(PersonV2, v2)), v2);
  }
  // The table says what each field is: inspect() prints an evolved message without its types.
  assert.match(inspect(compatible.serialize(PersonV2, v2)), /"name":"full_name","id":2369371622,"type":"str"/);
});

test('a message without a header: the reader is told compatible mode, and binds the table', () => {
  const codec = new Codec({ compatible: true, header: false });
  assert.deepStrictEqual(codec.deserialize(PersonV1, codec.serialize(PersonV2, v2)).name, 'Grace');
});

test('an incompatible change is a SchemaMismatch at the message field\'s descriptor, as in C++', () => {
  const Narrow = struct('Person', { id: i64, name: string });
  const bytes = compatible.serialize(PersonV1, v1);
  // Header (7 bytes), type count, "Person" (7 bytes), field count, "id" (3), id code: the
  // descriptor is at byte 20.
  assert.throws(() => compatible.deserialize(Narrow, bytes), {
    code: 'SchemaMismatch', offset: 20, message: /field 'id' of Person has type u32 in the message but i64 in the reader/,
  });
  const Root = vector(PersonV1);
  assert.throws(() => compatible.deserialize(Root, bytes), {
    code: 'SchemaMismatch', message: /the message's root type is Person but the reader's is seq<Person>/,
  });
});

// A root type of more than 128 structs has no table, as in C++ (pointers have descriptors:
// compatible_pointers.test.mjs).
const Many = struct('Many', Object.fromEntries(
  Array.from({ length: 128 }, (_, i) => [`f${i}`, struct(`S${i}`, { x: i32 })])));

test('types with no compatible-mode description are refused, never written another way', () => {
  assert.equal(Many.compatibleTable(), null);
  assert.throws(() => compatible.serialize(Many, {}), { code: 'UnsupportedOption' });
  // Nor is a compatible-mode message read into such a type: bad flags, at the flags byte.
  const bytes = compatible.serialize(declared.Record, makeRecord());
  assert.throws(() => new Codec().deserialize(Many, bytes), { code: 'BadFlags', offset: 2 });
  // Types with pointers have a table now.
  const Node = struct('Node', () => ({ next: shared(Node) }));
  for (const type of [Node, declared.TestClass, generated.TestClass, generated.Tree]) {
    assert.notEqual(type.compatibleTable(), null, type.name);
  }
  // A generated codec reads and writes compatible mode through the schema it carries.
  assert.deepStrictEqual(new Codec().deserialize(generated.Record, bytes), makeRecord());
  assert.deepStrictEqual(compatible.serialize(generated.Record, makeRecord()), bytes);
});

test('declared field ids are checked', () => {
  assert.throws(() => compatible.serialize(struct('A', { a: i32 }, { ids: { b: 5 } }), { a: 1 }), /names no field 'b'/);
  assert.throws(() => compatible.serialize(struct('A', { a: i32 }, { ids: { a: 0 } }), { a: 1 }), /not a non-zero uint32/);
  assert.throws(() => compatible.serialize(struct('A', { a: i32, b: i32 }, { ids: { b: fieldIdOf('a') } }), { a: 1, b: 2 }),
    /two fields share an id/);
});

// Record as a newer writer might have it: a field added before the others, one of each kind the
// reader must skip, so the C++ reader and the JS reader both bind and skip.
const RecordV2 = struct('Record', {
  added: variant(i32, string, tuple(bool, f64)), f2: string, f4: map(string, i64), extra: vector(array(u32, 2)),
  f1: i32, f3: vector(string), more: optional(struct('Inner', { x: i32, y: vector(string) })),
});
const recordV2 = {
  added: { index: 2, value: [true, -0.5] }, f2: 'abc', f4: { k1: 10n, k2: 20n }, extra: [Uint32Array.of(1, 2)],
  f1: 10, f3: ['str1', 'str2'], more: { x: -3, y: ['a', '\u00e9'] },
};

test('an evolved message, and every truncation and bit flip of it: the JS reader gives the C++ verdict', async () => {
  const core = await loadCore();
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compatible: true, compressNumbers });
    const bytes = codec.serialize(RecordV2, recordV2);
    const plain = new Codec({ compressNumbers });
    assert.deepStrictEqual(codec.deserialize(declared.Record, bytes), makeRecord());
    assert.equal(core.validate(generated.Record, bytes), null);
    assert.deepStrictEqual(core.reencode(generated.Record, bytes, { compressNumbers }),
      plain.serialize(declared.Record, makeRecord()));
    const checked = assertCoreVerdicts(core, { codec, type: declared.Record, cppType: generated.Record, plain,
      reencode: { compressNumbers } }, bytes, `compressNumbers=${compressNumbers}`);
    assert.equal(checked, bytes.length * 9);
  }
});

test('a header-less reader told compatible mode: refused for a type with no type table, as in C++', () => {
  const bare = new Codec({ compatible: true, header: false });
  assert.throws(() => bare.deserialize(Many, Uint8Array.of(0)), { code: 'UnsupportedOption' });
  assert.deepStrictEqual(bare.deserialize(generated.Record, bare.serialize(declared.Record, makeRecord())), makeRecord());
});

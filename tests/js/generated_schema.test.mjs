// The schema each generated codec carries (wasm/jsgen: the same C++ type declared with the schema
// constructors, passed to defineType as `schema`), and the compatible mode it gives the generated
// codecs: its fingerprint is the C++ one for every workload type; the compatible golden vectors
// are written byte for byte and read; messages of an evolved version are read both ways; types
// with pointers travel in compatible mode too; and on every truncation and bit flip of a
// compatible message the generated reader gives the C++ reader's verdict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  Codec, Schema, loadCore, struct, i32, i64, u32, string, vector, map, optional,
} from '../../js/index.mjs';
import { defineType } from '../../js/runtime/index.mjs';
import * as generated from '../../js/workloads.mjs';
import * as declared from '../workloads/schemas.mjs';
import { makeFoo, makeRecord, makeStruct, makeTestClass } from './workloads.mjs';
import { assertCoreVerdicts, verdict } from './support/verdicts.mjs';

const root = new URL('../../', import.meta.url);
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));
const compatible = new Codec({ compatible: true });
const NAMES = ['Struct', 'Foo', 'Record', 'TestClass', 'Tree', 'Bulk'];


test('every generated type carries its schema, whose fingerprint is the C++ one', () => {
  assert.deepEqual(Object.keys(generated).sort(), [...NAMES].sort());
  for (const name of NAMES) {
    const type = generated[name];
    assert.ok(type.schema instanceof Schema, `${name}.schema`);
    assert.equal(type.schema.fingerprint, type.fingerprint, `${name}: the schema's fingerprint is the C++ one`);
    assert.equal(type.schema.fingerprint, declared[name].fingerprint, `${name}: the hand-declared schema's too`);
    assert.ok(Object.isFrozen(type), `${name} is frozen`);
    // The type table is the schema's: the one a JS declaration of the same shape writes.
    assert.deepStrictEqual(type.compatibleTable(), declared[name].compatibleTable(), `${name}: type table`);
  }
  // The schemas write the generated codecs' bytes.
  const codec = new Codec({ trackReferences: true, shareStrings: true });
  assert.deepStrictEqual(codec.serialize(generated.TestClass.schema, makeTestClass()),
    codec.serialize(generated.TestClass, makeTestClass()));
  assert.deepStrictEqual(codec.serialize(generated.Foo.schema, makeFoo()), codec.serialize(generated.Foo, makeFoo()));
});

test('the compatible golden vectors: written byte for byte by the generated codecs, and read back', () => {
  for (const [type, file, make] of [[generated.Record, 'record', makeRecord], [generated.Struct, 'struct', makeStruct]]) {
    const bytes = golden(`${file}_compatible.bin`);
    assert.deepStrictEqual(compatible.serialize(type, make()), bytes, `${file}_compatible.bin`);
    const consistent = new Codec().deserialize(type, golden(`${file}_fixed.bin`));
    assert.deepStrictEqual(compatible.deserialize(type, bytes), consistent);
    // Any codec reads it: the header says compatible mode.
    assert.deepStrictEqual(new Codec().deserialize(type, bytes), make());
    assert.deepStrictEqual(type.deserialize(bytes), make());
  }
  // Compressed numbers, and a root that is not a struct: the bytes of the JS declarations.
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compatible: true, compressNumbers });
    for (const [name, value] of [['Record', makeRecord()], ['Foo', makeFoo()], ['Bulk', [makeFoo(), makeFoo()]]]) {
      const bytes = codec.serialize(generated[name], value);
      assert.deepStrictEqual(bytes, codec.serialize(declared[name], value), `${name} compressNumbers=${compressNumbers}`);
      assert.deepStrictEqual(codec.deserialize(generated[name], bytes), value);
    }
  }
});

// Record as another version has it: fields reordered, f3 removed, `note` and `counts` added.
const RecordV2 = struct('Record', {
  f4: map(string, i64), note: optional(string), f2: string, counts: vector(u32), f1: i32,
});
const recordV2 = { f4: { k1: 10n, k2: 20n }, note: 'evolved', f2: 'abc', counts: Uint32Array.of(1, 2, 3), f1: 10 };

test('the generated Record and an evolved Record read each other\'s messages', () => {
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compatible: true, compressNumbers });
    // Missing f3 gets its default; note and counts are skipped.
    assert.deepStrictEqual(codec.deserialize(generated.Record, codec.serialize(RecordV2, recordV2)),
      { f1: 10, f2: 'abc', f3: [], f4: { k1: 10n, k2: 20n } });
    // The other way: f3 skipped, note and counts default.
    assert.deepStrictEqual(codec.deserialize(RecordV2, codec.serialize(generated.Record, makeRecord())),
      { f4: { k1: 10n, k2: 20n }, note: null, f2: 'abc', counts: new Uint32Array(0), f1: 10 });
  }
  // Incompatible messages are a SchemaMismatch, as in C++: a field of another type, another root.
  assert.throws(() => compatible.deserialize(generated.Record, compatible.serialize(generated.Struct, makeStruct())),
    { code: 'SchemaMismatch', message: /field 'f2' of Record has type i64 in the message but str in the reader/ });
  assert.throws(() => compatible.deserialize(generated.Record, compatible.serialize(generated.Bulk, [makeFoo()])),
    { code: 'SchemaMismatch', message: /the message's root type is seq<Foo> but the reader's is Record/ });
});

test('a table byte for byte the type\'s own is read by the generated readers; any other by the schema', () => {
  const { Record } = generated;
  const calls = { fixed: 0, compressed: 0 };
  const Spied = defineType({
    name: Record.name, cppName: Record.cppName, fingerprint: Record.fingerprint, schema: Record.schema,
    writeFixed: Record.writeFixed, writeCompressed: Record.writeCompressed,
    readFixed(r) {
      calls.fixed++;
      return Record.readFixed(r);
    },
    readCompressed(r) {
      calls.compressed++;
      return Record.readCompressed(r);
    },
  });
  assert.ok(Object.isFrozen(Spied));
  assert.equal(Spied.schema, Record.schema);
  assert.deepStrictEqual(compatible.deserialize(Spied, golden('record_compatible.bin')), makeRecord());
  const compressed = new Codec({ compatible: true, compressNumbers: true });
  assert.deepStrictEqual(compressed.deserialize(Spied, compressed.serialize(Spied, makeRecord())), makeRecord());
  assert.deepStrictEqual(calls, { fixed: 1, compressed: 1 });
  assert.equal(compatible.deserialize(Spied, compatible.serialize(RecordV2, recordV2)).f2, 'abc');
  assert.deepStrictEqual(calls, { fixed: 1, compressed: 1 }, 'another table: read by the schema');
  // Schema-consistent messages are read by the generated readers as before.
  assert.deepStrictEqual(new Codec().deserialize(Spied, golden('record_fixed.bin')), makeRecord());
  assert.deepStrictEqual(calls, { fixed: 2, compressed: 1 });
});

test('defineType without a schema is unchanged: no compatible mode', () => {
  const { Record } = generated;
  const Plain = defineType({
    name: Record.name, cppName: Record.cppName, fingerprint: Record.fingerprint,
    writeFixed: Record.writeFixed, writeCompressed: Record.writeCompressed,
    readFixed: Record.readFixed, readCompressed: Record.readCompressed,
  });
  assert.ok(Object.isFrozen(Plain));
  assert.equal(Plain.compatibleTable, undefined);
  assert.equal(Plain.readCompatible, undefined);
  assert.throws(() => compatible.serialize(Plain, makeRecord()), { code: 'UnsupportedOption' });
  assert.throws(() => new Codec().deserialize(Plain, golden('record_compatible.bin')), { code: 'BadFlags', offset: 2 });
  assert.deepStrictEqual(Plain.deserialize(Plain.serialize(makeRecord())), makeRecord());
  assert.throws(() => defineType({ ...Plain, schema: {} }), { code: 'InvalidArgument', message: /spec\.schema/ });
});

// Pointers have descriptors (docs/FORMAT.md 10.3): the generated types with shared and weak
// pointers write and read compatible mode through their schema, keeping shared objects.
test('generated types with pointers read and write compatible mode, byte for byte as C++', async () => {
  const core = await loadCore();
  const tracked = new Codec({ compatible: true, trackReferences: true });
  const top = { name: 'root', children: [], parent: null };
  top.children.push({ name: 'a', children: [], parent: top });
  for (const [type, value] of [[generated.TestClass, makeTestClass()], [generated.Tree, top]]) {
    assert.notEqual(type.compatibleTable(), null, type.name);
    const bytes = tracked.serialize(type, value);
    assert.deepStrictEqual(bytes, tracked.serialize(declared[type.name], value), type.name);
    assert.deepStrictEqual(tracked.deserialize(type, bytes), value, type.name);
    // The C++ core reads the message and writes it again the same way: the same bytes.
    assert.deepStrictEqual(core.reencode(type, bytes, { compatible: true, trackReferences: true }), bytes, type.name);
  }
  const back = tracked.deserialize(generated.TestClass, tracked.serialize(generated.TestClass, makeTestClass()));
  assert.equal(back.m_object1, back.m_object2, 'one object, held twice');
  const tree = tracked.deserialize(generated.Tree, tracked.serialize(generated.Tree, top));
  assert.equal(tree.children[0].parent, tree);
});

test('every truncation and bit flip of compatible messages: the generated Record gives the C++ verdict', async () => {
  const core = await loadCore();
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compatible: true, compressNumbers });
    const plain = new Codec({ compressNumbers });
    // Its own table (read by the generated readers), and an evolved one (bound by the schema).
    for (const [what, bytes] of [['own', codec.serialize(generated.Record, makeRecord())],
      ['evolved', codec.serialize(RecordV2, recordV2)]]) {
      assertCoreVerdicts(core, { codec, type: generated.Record, plain, reencode: { compressNumbers } }, bytes,
        `${what} table, compressNumbers=${compressNumbers}`);
      assert.equal(verdict(() => codec.deserialize(generated.Record, bytes)).error, undefined);
    }
  }
});

// The package tests/user_types builds from its own C++ types (scripts/build.sh examples, not run
// here): when it is built by this generator, each of its types' schemas has the C++ fingerprint.
const userPackage = fileURLToPath(new URL('build/user-types/package/', root));
function userPackageSkip() {
  if (!existsSync(`${userPackage}types.mjs`)) return `${userPackage} is not built (scripts/build.sh examples)`;
  if (!/\bschema as \w+/.test(readFileSync(`${userPackage}types.mjs`, 'utf8'))) {
    return `${userPackage}types.mjs predates the schema declarations: rebuild it with scripts/build.sh examples`;
  }
  return false;
}

test('the user-types package: each type\'s schema has its C++ fingerprint', { skip: userPackageSkip() }, async () => {
  const types = await import(pathToFileURL(`${userPackage}types.mjs`).href);
  const exported = Object.entries(types).filter(([, t]) => typeof t === 'object' && t !== null && 'fingerprint' in t);
  assert.ok(exported.length > 0, 'the package exports types');
  for (const [name, type] of exported) {
    assert.ok(type.schema, `${name} has a schema`);
    assert.equal(type.schema.fingerprint, type.fingerprint, `${name}: the schema's fingerprint is the C++ one`);
  }
});

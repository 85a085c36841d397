// inspect(bytes) prints compatible-mode messages as the same JSON as the native kiln-inspect
// (checked in next to the golden vectors), and rejects malformed input with the C++ codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inspect, fieldIdOf, KilnError } from '../../js/index.mjs';
import { thrown } from './support/verdicts.mjs';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('tests/golden/manifest.json', root), 'utf8'));
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));
const text = (file) => readFileSync(new URL(`tests/golden/${file}`, root), 'utf8');


test('field ids from names match the C++ ones', () => {
  assert.equal(fieldIdOf('name'), 0x8d39bde6);
  assert.equal(fieldIdOf(''), 0x811c9dc5);
});

test('the manifest lists the compatible vectors', () => {
  assert.deepEqual(manifest.compatible_vectors.map((v) => v.file),
    ['struct_compatible.bin', 'record_compatible.bin', 'tags_shared_compatible.bin']);
});

// Compatible mode with reference tracking and shared strings (flags 0x0e): strings given by
// index print as the string they name, and an index past the strings seen so far is refused
// where it stands, as kiln::inspect does (tests/core/evolution_test.cpp).
test('a message with shared strings prints its strings; a forged back-reference is refused', () => {
  const bytes = golden('tags_shared_compatible.bin');
  assert.equal(bytes[2], 0x0e);
  assert.match(inspect(bytes), /"value":\{"owner":"ops","labels":\["red","ops","red"\],"notes":\[\["ops","red"\],\["x","ops"\]\]\}\}$/);
  const forged = bytes.slice();
  forged[forged.length - 1] = 0x7f;
  const e = thrown(() => inspect(forged));
  assert.equal(e.code, 'BadReference');
  assert.equal(e.offset, forged.length - 1);
});

test('a compatible message without fingerprint prints it as null', () => {
  const full = golden('struct_compatible.bin');
  const short = new Uint8Array([75, 1, full[2] | 0x10, ...full.subarray(7)]);
  const expected = text('struct_compatible.json').replace(/^\{"fingerprint":"0x[0-9a-f]{8}"/, '{"fingerprint":null');
  assert.notEqual(expected, text('struct_compatible.json'));
  assert.equal(inspect(short) + '\n', expected);
});

// Every compatible-mode vector with a header (a header-less message cannot say it has a table).
const inspected = [...manifest.compatible_vectors, ...manifest.feature_vectors].filter((v) => v.compatible && v.header);

test('every compatible-mode vector with a header has kiln-inspect\'s JSON beside it', () => {
  assert.deepEqual(inspected.map((v) => v.file), [
    'struct_compatible.bin', 'record_compatible.bin', 'tags_shared_compatible.bin', 'graph_compatible.bin',
    'drawing_polymorphic_compatible.bin', 'catalog_compatible.bin',
    'vendor_bases_compatible.bin', 'envelope_value_compatible.bin',
  ]);
});

for (const v of inspected) {
  const json = v.file.replace(/\.bin$/, '.json');

  test(`${v.file}: inspect prints what kiln-inspect printed (${json})`, () => {
    assert.equal(inspect(golden(v.file)) + '\n', text(json));
  });

  test(`${v.file}: every truncation rejected at or before the cut`, () => {
    const bytes = golden(v.file);
    for (let n = 0; n < bytes.length; n++) {
      const e = thrown(() => inspect(bytes.subarray(0, n)));
      assert.ok(e.offset <= n, `${n}: ${e.message}`);
    }
  });

  test(`${v.file}: every byte corruption either prints JSON or throws a KilnError`, () => {
    const bytes = golden(v.file);
    for (let i = 0; i < bytes.length; i++) {
      for (const x of [0x00, 0x01, 0x7f, 0x80, 0xff]) {
        const bad = bytes.slice();
        bad[i] = x;
        let out;
        try {
          out = inspect(bad);
        } catch (e) {
          assert.ok(e instanceof KilnError, `byte ${i} = ${x}: ${e}`);
          continue;
        }
        JSON.parse(out);
      }
    }
  });
}

test('the Record vector, read by hand', () => {
  const doc = JSON.parse(inspect(golden('record_compatible.bin')));
  assert.equal(doc.root, 'Record');
  assert.deepEqual(doc.types[0].fields.map((f) => [f.name, f.type, f.id]), [
    ['f1', 'i32', fieldIdOf('f1')], ['f2', 'str', fieldIdOf('f2')],
    ['f3', 'seq<str>', fieldIdOf('f3')], ['f4', 'map<str,i64>', fieldIdOf('f4')]]);
  assert.deepEqual(doc.value, { f1: 10, f2: 'abc', f3: ['str1', 'str2'], f4: [['k1', 10], ['k2', 20]] });
});

test('schema-consistent messages and forged tables are rejected', () => {
  let e = thrown(() => inspect(golden('record_fixed.bin')));
  assert.equal(e.code, 'BadFlags');
  assert.equal(e.offset, 2);
  // One type "A" with a field x of struct index 5.
  const forged = Uint8Array.from([0x4b, 1, 4, 0, 0, 0, 0, 1, 1, 0x41, 1, 1, 0x78, 0, 0x17, 5, 0x17, 0]);
  e = thrown(() => inspect(forged));
  assert.equal(e.code, 'BadTypeTable');
  assert.equal(e.offset, 14);
  assert.equal(e.message, 'invalid type table at byte 14: struct index 5 but the table has 1 types');
  // A struct containing itself stops at the depth limit.
  const self = Uint8Array.from([0x4b, 1, 4, 0, 0, 0, 0, 1, 1, 0x41, 1, 1, 0x78, 0, 0x17, 0, 0x17, 0]);
  assert.equal(thrown(() => inspect(self)).code, 'DepthExceeded');
});

test('numbers print as JavaScript spells them', () => {
  // Root f64 (table: 0 types, root code 0B) for a few doubles.
  const f64 = (x) => {
    const b = new Uint8Array(17);
    b.set([0x4b, 1, 4, 0, 0, 0, 0, 0, 0x0b]);
    new DataView(b.buffer).setFloat64(9, x, true);
    return JSON.parse(inspect(b)).value;
  };
  for (const x of [0.1, 1e21, 1.5e-7, 123456789012345680000, -0, 5e-324]) {
    assert.ok(Object.is(f64(x), x), String(x));
  }
  assert.equal(f64(NaN), 'NaN');
  assert.equal(f64(-Infinity), '-Infinity');
});

// Forged tables whose names are spelled out many times (tests/core/evolution_test.cpp builds the
// same bytes): a field name printed for each of 100,000 empty structs, and a root type naming a
// 1,000-byte struct name 1,000 times. The inspector charges what it prints to the message's
// allocation budget, and an error message spells a type in at most 200 bytes.
const varint = (v) => {
  const out = [];
  for (; v >= 0x80; v = Math.floor(v / 128)) out.push((v & 0x7f) | 0x80);
  return [...out, v];
};
const A1000 = new Array(1000).fill(0x41);
const HEADER = [0x4b, 0x01, 0x04, 0, 0, 0, 0];
const longFieldNameArray = Uint8Array.from([...HEADER, 0x01, 0x01, 0x45, 0x01, ...varint(1000), ...A1000,
  0x00, 0x15, 0x00, 0x14, ...varint(100000), 0x17, 0x00]);
const longNameTuple = Uint8Array.from([...HEADER, 0x01, ...varint(1000), ...A1000, 0x00, 0x15, ...varint(1000),
  ...new Array(1000).fill([0x17, 0x00]).flat()]);

test('what the inspector prints is charged to the allocation budget', () => {
  for (const m of [longFieldNameArray, longNameTuple]) {
    const e = thrown(() => inspect(m));
    assert.equal(e.code, 'AllocationLimit');
    assert.equal(e.offset, m.length);
  }
  assert.ok(inspect(longNameTuple, { maxAllocBytes: 2 ** 21 }).length > 1e6);
});

test('types in error messages are cut short', async () => {
  const { Record } = await import('../../js/workloads.mjs');
  const e = thrown(() => Record.deserialize(longNameTuple, { compatible: true }));
  assert.equal(e.code, 'SchemaMismatch');
  assert.ok(e.message.length < 600, e.message.length);
  assert.match(e.message, /tup<AAAA.*\.\.\./);
});

// Types of the same shape but different names have different schema fingerprints (docs/FORMAT.md
// 4.2): the generated Record codec rejects Foo's messages and Foo rejects Record's, with the
// error code and byte offset of the C++ decoder (run in the wasm core), in both number modes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Codec, KilnError, loadCore } from '../../js/index.mjs';
import { Foo, Record, Struct } from '../../js/workloads.mjs';
import { WORKLOADS } from './workloads.mjs';

const root = new URL('../../', import.meta.url);
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));
const make = Object.fromEntries(WORKLOADS.map(([name, , fn]) => [name, fn]));
const hex32 = (v) => `0x${v.toString(16).padStart(8, '0')}`;

// The FORMAT.md 4.1 algorithm over the 4.2 tokens.
function fingerprint(tokens) {
  const P = 0x100000001b3n, M = (1n << 64n) - 1n;
  let h = 0xcbf29ce484222325n;
  for (const t of tokens) {
    for (const c of new TextEncoder().encode(t)) h = ((h ^ BigInt(c)) * P) & M;
    h = ((h ^ 0xffn) * P) & M;
  }
  return Number((h ^ (h >> 32n)) & 0xffffffffn);
}
const recordShape = (name) =>
  ['struct{', name, '4', 'f1', 'i32', 'f2', 'str', 'f3', 'seq(', 'str', ')', 'f4', 'map(', 'str', 'i64', ')', '}'];

test('the fingerprints are the documented tokens, with the type name', () => {
  assert.equal(Record.fingerprint, fingerprint(recordShape('Record')));
  assert.equal(Foo.fingerprint, fingerprint(recordShape('Foo')));
  assert.equal(hex32(Record.fingerprint), '0xd0c360c2');
  assert.equal(hex32(Foo.fingerprint), '0x47f2c2f1');
  assert.notEqual(Foo.fingerprint, Record.fingerprint);
  const ordered = ['struct{', 'Struct', '12'];
  for (let i = 1; i <= 12; i++) ordered.push(`f${i}`, ['i32', 'i64', 'f32', 'f64'][(i - 1) % 4]);
  ordered.push('}');
  assert.equal(Struct.fingerprint, fingerprint(ordered));
});

for (const compressNumbers of [false, true]) {
  test(`Foo and Record reject each other's bytes like the C++ decoder (compressNumbers: ${compressNumbers})`, async () => {
    const core = await loadCore();
    const codec = new Codec({ compressNumbers });
    const pairs = [
      [Foo, 'Foo', Record, 'Record'],
      [Record, 'Record', Foo, 'Foo'],
    ];
    for (const [writer, writerName, reader, readerName] of pairs) {
      const bytes = codec.serialize(writer, make[writerName]());
      assert.deepEqual(codec.serialize(writer, codec.deserialize(writer, bytes)), bytes);
      let js;
      try {
        codec.deserialize(reader, bytes);
      } catch (e) {
        js = e;
      }
      assert.ok(js instanceof KilnError, `${readerName} read ${writerName}'s bytes`);
      assert.equal(js.code, 'SchemaMismatch');
      assert.equal(js.offset, 3);
      assert.equal(js.message,
        `schema mismatch at byte 3: message schema fingerprint is ${hex32(writer.fingerprint)} but ` +
        `kiln::workloads::${readerName} has ${hex32(reader.fingerprint)}`);
      const cpp = core.validate(reader, bytes);
      assert.ok(cpp, `C++ ${readerName} accepted ${writerName}'s bytes`);
      assert.equal(cpp.code, js.code);
      assert.equal(cpp.offset, js.offset);
      assert.equal(core.validate(writer, bytes), null);
    }
  });
}

test('the golden Foo vectors are not Records, and the reverse', () => {
  for (const [file, reader] of [['foo_fixed.bin', Record], ['foo_compressed.bin', Record],
    ['record_fixed.bin', Foo], ['record_compressed.bin', Foo]]) {
    assert.throws(() => new Codec().deserialize(reader, golden(file)),
      (e) => e instanceof KilnError && e.code === 'SchemaMismatch' && e.offset === 3, file);
  }
});

test('without the fingerprint nothing checks the type (FORMAT.md 4.4)', () => {
  const bare = new Codec({ fingerprint: false });
  const bytes = bare.serialize(Foo, make.Foo());
  assert.deepEqual(bare.serialize(Foo, bare.deserialize(Record, bytes)), bytes);
});

// Wrong arguments and hostile bytes give KilnErrors with clear messages; nothing else escapes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError, loadCore } from '../../js/index.mjs';
import { Struct, Foo, Record } from '../../js/workloads.mjs';
import { makeFoo, makeRecord } from './workloads.mjs';

const codec = new Codec();
const rejects = (fn, code, pattern) =>
  assert.throws(fn, (e) => e instanceof KilnError && e.code === code && pattern.test(e.message));

test('wrong argument types are rejected with the path and what was expected', () => {
  rejects(() => codec.serialize(Foo, 5), 'InvalidArgument', /Foo: expected an object, got number 5/);
  rejects(() => codec.serialize(Foo, null), 'InvalidArgument', /Foo: expected an object, got null/);
  rejects(() => codec.serialize(Foo, { ...makeFoo(), f1: '1' }), 'InvalidArgument', /Foo\.f1: expected an int32/);
  rejects(() => codec.serialize(Foo, { ...makeFoo(), f2: 7 }), 'InvalidArgument', /Foo\.f2: expected a string, got number 7/);
  rejects(() => codec.serialize(Foo, { ...makeFoo(), f3: 'abc' }), 'InvalidArgument', /Foo\.f3: expected an array/);
  rejects(() => codec.serialize(Foo, { ...makeFoo(), f3: ['a', 3] }), 'InvalidArgument', /Foo\.f3\[1\]: expected a string/);
  rejects(() => codec.serialize(Foo, { ...makeFoo(), f4: [1] }), 'InvalidArgument', /Foo\.f4: expected an object or a Map/);
  rejects(() => codec.serialize(Foo, { ...makeFoo(), f4: { a: 'x' } }), 'InvalidArgument', /Foo\.f4\["a"\]: expected an int64/);
  rejects(() => codec.serialize(Foo, { ...makeFoo(), f4: new Map([[1, 2n]]) }), 'InvalidArgument', /Foo\.f4\{key 0\}: expected a string/);
  rejects(() => codec.serialize({}, makeFoo()), 'InvalidArgument', /type: expected a Kiln type/);
  rejects(() => codec.deserialize(Foo, [75, 1, 0]), 'InvalidArgument', /bytes: expected a Uint8Array, got an array/);
  rejects(() => codec.deserialize(Foo, 'K'), 'InvalidArgument', /bytes: expected a Uint8Array/);
});

test('a failed serialize leaves the codec usable and its earlier results intact', () => {
  const good = codec.serialize(Record, makeRecord());
  const copy = good.slice();
  assert.throws(() => codec.serialize(Record, { ...makeRecord(), f3: ['ok', 1] }));
  assert.deepStrictEqual(good, copy);
  assert.deepStrictEqual(codec.serialize(Record, makeRecord()), copy);
});

test('header errors name the problem and the byte', () => {
  const bytes = codec.serialize(Record, makeRecord());
  const with_ = (i, v) => { const b = bytes.slice(); b[i] = v; return b; };
  rejects(() => codec.deserialize(Record, with_(0, 0x4c)), 'BadMagic', /^not a Kiln message at byte 0: first byte is 76/);
  rejects(() => codec.deserialize(Record, with_(1, 2)), 'BadVersion', /at byte 1: message has format version 2/);
  rejects(() => codec.deserialize(Record, with_(2, 0x80)), 'BadFlags', /at byte 2: flags byte 128/);
  rejects(() => codec.deserialize(Struct, bytes), 'SchemaMismatch',
    /^schema mismatch at byte 3: message schema fingerprint is 0xd0c360c2 but kiln::workloads::Struct has 0x[0-9a-f]{8}$/);
  const longer = new Uint8Array(bytes.length + 2);
  longer.set(bytes);
  rejects(() => codec.deserialize(Record, longer), 'TrailingBytes', new RegExp(`at byte ${bytes.length}: 2 bytes left`));
});

test('without the fingerprint: a 3-byte header, the same body, and no type check', () => {
  const bare = new Codec({ fingerprint: false });
  const full = codec.serialize(Record, makeRecord());
  const short = bare.serialize(Record, makeRecord());
  assert.deepStrictEqual([...short], [75, 1, 0x10, ...full.subarray(7)]);
  assert.deepStrictEqual(codec.deserialize(Record, short), makeRecord());
  // Every cut fails as Truncated: in the header at byte 0, after it where the body is cut (a
  // string cut short is a length the bytes left cannot hold, which is a cut too).
  for (let n = 0; n < short.length; n++) {
    assert.throws(() => codec.deserialize(Record, short.subarray(0, n)), (e) => (n < 3
      ? e.code === 'Truncated' && e.offset === 0
      : e.code === 'Truncated' && e.offset >= 3 && e.offset <= n));
  }
  // Clearing the flag makes the body's first bytes a fingerprint, which does not match.
  const cleared = short.slice();
  cleared[2] = 0;
  rejects(() => codec.deserialize(Record, cleared), 'SchemaMismatch', /at byte 3:/);
  // Nothing says which type the bytes are: a Record body read as a Struct fails on its bytes,
  // not on a fingerprint.
  assert.throws(() => codec.deserialize(Struct, short), (e) => e.code === 'Truncated');
});

test('a 12-byte message claiming a 4 GB string fails fast without allocating', () => {
  const bytes = codec.serialize(Record, makeRecord()).slice(0, 12);
  // f2's length prefix at byte 11: replace with a varint of 2^32.
  const forged = new Uint8Array([...bytes.subarray(0, 11), 0x80, 0x80, 0x80, 0x80, 0x10]);
  const before = process.memoryUsage().arrayBuffers;
  rejects(() => codec.deserialize(Record, forged), 'LengthTooLarge', /string length 4294967296 exceeds the limit/);
  assert.ok(process.memoryUsage().arrayBuffers - before < 1 << 20);
});

test('limits are configurable per codec', () => {
  const strict = new Codec({ limits: { maxStringBytes: 2 } });
  rejects(() => strict.deserialize(Record, codec.serialize(Record, makeRecord())), 'LengthTooLarge',
    /at byte 11: string length 3 exceeds the limit 2/);
  // Map keys take a faster path (recently decoded keys are reused) under the same limits:
  // Record's keys 'k1' and 'k2' pass a 2-byte limit and fail a 1-byte one at the first key.
  const keys = { ...makeRecord(), f2: '', f3: [] };
  const bytes = codec.serialize(Record, keys);
  assert.deepStrictEqual(strict.deserialize(Record, bytes), keys);
  rejects(() => new Codec({ limits: { maxStringBytes: 1 } }).deserialize(Record, bytes), 'LengthTooLarge',
    /at byte 14: string length 2 exceeds the limit 1/);
  // The allocation budget counts key bytes too: the map charges 2 x 64 (FORMAT.md 6.5: a string
  // key, an i64 and a node's links), each key 2; with 131 the second key does not fit.
  assert.deepStrictEqual(new Codec({ limits: { maxAllocBytes: 132 } }).deserialize(Record, bytes), keys);
  rejects(() => new Codec({ limits: { maxAllocBytes: 131 } }).deserialize(Record, bytes), 'AllocationLimit',
    /at byte 25: string length 2 x 1 bytes exceeds the 1 bytes left of the message's allocation budget/);
});

test('10,000 rejected inputs: the JS decoder and the wasm core keep working, wasm memory does not grow', async () => {
  const core = await loadCore();
  const good = codec.serialize(Foo, makeFoo());
  core.validate(Foo, good);
  const heap = core.heapBytes();
  let rejected = 0;
  for (let i = 0; i < 10000; i++) {
    const bad = good.slice(0, 1 + (i % (good.length - 1)));
    if (i % 3 === 0) bad[bad.length - 1] ^= 0xff;
    assert.ok(core.validate(Foo, bad) !== null || i % 3 === 0);
    try {
      codec.deserialize(Foo, bad);
    } catch (e) {
      assert.ok(e instanceof KilnError);
      rejected++;
    }
  }
  assert.ok(rejected > 9000);
  assert.equal(core.heapBytes(), heap);
  assert.equal(core.validate(Foo, good), null);
  assert.deepStrictEqual(codec.deserialize(Foo, good), makeFoo());
});

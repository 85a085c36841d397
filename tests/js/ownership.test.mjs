// serialize() results own exactly their bytes: a result can be transferred (postMessage with
// [bytes.buffer]) or sent as bytes.buffer (Blob, fetch) without shipping other messages or
// emptying earlier results. The no-copy paths, serializeView and serializeInto, stay explicit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { Codec, serialize, serializeView, serializeInto, deserialize } from '../../js/runtime/index.mjs';
import { Struct, Foo, Record, Bulk } from '../../js/generated/workloads.mjs';
import { makeStruct, makeFoo, makeRecord } from './workloads.mjs';

function assertOwned(bytes) {
  assert.ok(bytes instanceof Uint8Array);
  assert.equal(bytes.byteOffset, 0);
  assert.equal(bytes.buffer.byteLength, bytes.length);
}

// The typed API (codec and Type.serialize shortcuts) and the schema-free one, each as a list of
// [encode, decode, value] for several messages of different sizes.
const codec = new Codec({ compressNumbers: true });
const typed = [
  [(v) => codec.serialize(Record, v), (b) => codec.deserialize(Record, b), makeRecord()],
  [(v) => codec.serialize(Foo, v), (b) => codec.deserialize(Foo, b), makeFoo()],
  [(v) => Struct.serialize(v), (b) => Struct.deserialize(b), makeStruct()],
];
const generic = [
  [(v) => serialize(v), (b) => deserialize(b), { a: 1, b: 'two', c: [3, 4n] }],
  [(v) => serialize(v, { trackReferences: true }), (b) => deserialize(b), new Map([['k', new Set([1, 2])]])],
  [(v) => serialize(v), (b) => deserialize(b), 'x'.repeat(70000)], // beyond the scratch size
];

for (const [api, cases] of [['typed', typed], ['schema-free', generic]]) {
  test(`${api}: each result owns exactly its bytes and later calls leave it alone`, () => {
    const results = cases.map(([enc, , v]) => enc(v));
    const copies = results.map((b) => b.slice());
    results.forEach(assertOwned);
    assert.equal(new Set(results.map((b) => b.buffer)).size, results.length);
    for (let i = 0; i < 2000; i++) for (const [enc, , v] of cases) enc(v);
    results.forEach((b, i) => assert.deepEqual(b, copies[i]));
    cases.forEach(([, dec, v], i) => assert.deepEqual(dec(results[i]), v));
  });

  test(`${api}: transferring one result leaves the others intact`, async () => {
    const results = cases.map(([enc, , v]) => enc(v));
    const copies = results.map((b) => b.slice());
    const moved = structuredClone(results[0], { transfer: [results[0].buffer] });
    assert.equal(results[0].byteLength, 0); // detached: it was transferred, not copied
    assert.deepEqual(moved, copies[0]);
    assert.equal(moved.buffer.byteLength, copies[0].length); // only its own bytes travelled
    for (let i = 1; i < results.length; i++) assert.deepEqual(results[i], copies[i]);

    const { port1, port2 } = new MessageChannel();
    const got = new Promise((resolve) => port2.once('message', resolve));
    port1.postMessage(results[1], [results[1].buffer]);
    const received = await got;
    port1.close();
    assert.deepEqual(received, copies[1]);
    assert.equal(received.buffer.byteLength, copies[1].length);
    assert.deepEqual(results[2], copies[2]);
    // The next message after a transfer is unaffected too.
    const [enc, dec, v] = cases[0];
    assert.deepEqual(dec(enc(v)), v);
  });
}

test('serializeView is a view of scratch memory, valid until the next call', () => {
  const c = new Codec();
  const a = c.serializeView(Record, makeRecord());
  const expected = c.serialize(Record, makeRecord());
  assert.deepEqual(c.serializeView(Record, makeRecord()), expected);
  const b = c.serializeView(Struct, makeStruct());
  assert.equal(a.buffer, b.buffer);

  const g1 = serializeView({ x: 1 });
  assert.deepEqual(g1, serialize({ x: 1 }));
  const g2 = serializeView([1, 2, 3]);
  assert.equal(g1.buffer, g2.buffer);
  assert.deepEqual(deserialize(g2), [1, 2, 3]);
});

test('a transferred scratch buffer is replaced on the next call', () => {
  const c = new Codec();
  const view = c.serializeView(Foo, makeFoo());
  structuredClone(view, { transfer: [view.buffer] });
  assert.deepEqual(c.deserialize(Foo, c.serializeView(Foo, makeFoo())), makeFoo());
  const g = serializeView({ y: 2 });
  structuredClone(g, { transfer: [g.buffer] });
  assert.deepEqual(deserialize(serialize({ y: 2 })), { y: 2 });
});

test('schema-free serializeInto writes at an offset, or fails with BufferTooSmall', () => {
  const expected = serialize({ k: 'v', n: 7 });
  const target = new Uint8Array(expected.length + 20).fill(0xee);
  assert.equal(serializeInto({ k: 'v', n: 7 }, target, 10), expected.length);
  assert.deepEqual(target.subarray(10, 10 + expected.length), expected);
  assert.equal(target[9], 0xee);
  assert.equal(target[10 + expected.length], 0xee);
  assert.throws(() => serializeInto({ k: 'v', n: 7 }, new Uint8Array(expected.length - 1)), {
    name: 'KilnError', code: 'BufferTooSmall',
  });
  assert.throws(() => serializeInto(1, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), { code: 'InvalidArgument' });
  const noHeader = new Uint8Array(4);
  assert.equal(serializeInto(true, noHeader, 0, { header: false }), 1);
});

test('a large typed message is owned too', () => {
  const bulk = Array.from({ length: 300 }, (_, i) => ({ ...makeFoo(), f1: i }));
  const bytes = new Codec().serialize(Bulk, bulk);
  assert.ok(bytes.length > 64 * 1024);
  assertOwned(bytes);
});

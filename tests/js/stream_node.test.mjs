// kiln-sdk/node: framed message streams as stream.Transforms in pipeline(), from the ES module
// and from the CommonJS bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KilnError, encodeFrame } from '../../js/index.mjs';
import { frameDecoder, frameEncoder, messageDecoder, messageEncoder } from '../../js/node.mjs';
import { Foo, Record, Struct } from '../../js/workloads.mjs';
import { makeFoo, makeRecord, makeStruct } from './workloads.mjs';

const concat = (parts) => Uint8Array.from(parts.flatMap((p) => [...p]));
const MESSAGES = [Uint8Array.of(1, 2, 3), new Uint8Array(0), new Uint8Array(300).fill(7), Record.serialize(makeRecord())];
const STREAM = concat(MESSAGES.map((m) => encodeFrame(m)));

/** A Writable that collects what it is given (objects or bytes). */
function sink(objectMode) {
  const items = [];
  const writable = new Writable({
    objectMode,
    write(chunk, _encoding, done) {
      items.push(chunk);
      done();
    },
  });
  return { writable, items };
}
const bufferChunks = (bytes, size) => {
  const out = [];
  for (let i = 0; i < bytes.length; i += size) out.push(Buffer.from(bytes.subarray(i, i + size)));
  return out;
};

test('frameDecoder: Buffer chunks of any size in, one Uint8Array per message out', async () => {
  for (const size of [1, 2, 7, 300, STREAM.length]) {
    const { writable, items } = sink(true);
    await pipeline(Readable.from(bufferChunks(STREAM, size)), frameDecoder(), writable);
    assert.deepStrictEqual(items, MESSAGES, `chunks of ${size}`);
  }
});

test('frameEncoder then frameDecoder: the messages back, the bytes those of encodeFrame', async () => {
  const bytes = sink(false);
  await pipeline(Readable.from(MESSAGES), frameEncoder(), bytes.writable);
  assert.deepStrictEqual(concat(bytes.items), STREAM);
  const { writable, items } = sink(true);
  await pipeline(Readable.from(MESSAGES), frameEncoder(), frameDecoder(), writable);
  assert.deepStrictEqual(items, MESSAGES);
});

test('messageEncoder and messageDecoder: workload values round-trip', async () => {
  for (const [type, make] of [[Struct, makeStruct], [Foo, makeFoo], [Record, makeRecord]]) {
    const values = [make(), make()];
    const { writable, items } = sink(true);
    await pipeline(Readable.from(values), messageEncoder(type, { compressNumbers: true }), messageDecoder(type), writable);
    assert.deepStrictEqual(items, values);
  }
});

test('errors are stream errors carrying the KilnError, at stream offsets', async () => {
  const rejects = (promise, code, offset) =>
    assert.rejects(promise, (e) => e instanceof KilnError && e.code === code && e.offset === offset);
  // Truncated inside the last frame (its prefix at 309: 4 + 1 + 302 + 2).
  await rejects(pipeline(Readable.from([Buffer.from(STREAM.subarray(0, STREAM.length - 1))]), frameDecoder(), sink(true).writable),
    'Truncated', 4 + 1 + 302);
  // Too long for the limit: refused at the frame holding 300 bytes.
  await rejects(pipeline(Readable.from([Buffer.from(STREAM)]), frameDecoder({ maxFrameBytes: 299 }), sink(true).writable),
    'LengthTooLarge', 5);
  await rejects(pipeline(Readable.from([new Uint8Array(3)]), frameEncoder({ maxFrameBytes: 2 }), sink(false).writable),
    'LengthTooLarge', null);
  // A message that does not decode: its code at the message's first byte + its offset in it.
  const bad = Record.serialize(makeRecord());
  bad[0] ^= 1; // the magic byte
  const stream = concat([encodeFrame(Record.serialize(makeRecord())), encodeFrame(bad)]);
  const { writable, items } = sink(true);
  await rejects(pipeline(Readable.from([Buffer.from(stream)]), messageDecoder(Record), writable), 'BadMagic', 50 + 1);
  assert.deepStrictEqual(items, [makeRecord()]);
  assert.throws(() => messageDecoder(Record, { maxFrameByte: 1 }), { code: 'InvalidArgument' });
});

test('the CommonJS build of kiln-sdk/node', { skip: !existsSync(new URL('../../js/dist/node.cjs', import.meta.url)) }, async () => {
  const cjs = createRequire(import.meta.url)('../../js/dist/node.cjs');
  assert.deepEqual(Object.keys(cjs).sort(), ['frameDecoder', 'frameEncoder', 'messageDecoder', 'messageEncoder']);
  const { writable, items } = sink(true);
  await pipeline(Readable.from(bufferChunks(STREAM, 5)), cjs.frameDecoder(), writable);
  assert.deepStrictEqual(items, MESSAGES);
  await assert.rejects(pipeline(Readable.from([Buffer.of(0x80)]), cjs.frameDecoder(), sink(true).writable),
    (e) => e instanceof KilnError && e.code === 'Truncated' && e.offset === 0);
});

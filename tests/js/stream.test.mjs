// Framed message streams (docs/FORMAT.md 11): FrameReader on every way of cutting a stream into
// chunks, the limit and the prefix rules with their errors and stream offsets, readFrames and
// readMessages on each kind of source, the TransformStreams, and the golden stream the C++ side
// writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  Codec, DEFAULT_MAX_FRAME_BYTES, FrameDecoderStream, FrameEncoderStream, FrameReader, KilnError,
  MessageDecoderStream, MessageEncoderStream, encodeFrame, readFrames, readMessages,
} from '../../js/index.mjs';
import { Foo, Record, Struct } from '../../js/workloads.mjs';
import { makeFoo, makeRecord, makeStruct } from './workloads.mjs';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('tests/golden/manifest.json', root), 'utf8'));
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));
const concat = (...parts) => Uint8Array.from(parts.flatMap((p) => [...p]));
const bytes = (n, from = 0) => Uint8Array.from({ length: n }, (_, i) => (from + i) & 0xff);

/** Asserts `f` throws a KilnError with this code and offset; returns it. */
function throwsKiln(f, code, offset) {
  let error;
  assert.throws(f, (e) => {
    error = e;
    return e instanceof KilnError && e.code === code && e.offset === offset;
  });
  return error;
}
async function rejectsKiln(promise, code, offset) {
  await assert.rejects(promise, (e) => e instanceof KilnError && e.code === code && e.offset === offset);
}
async function collect(iterable) {
  const out = [];
  for await (const x of iterable) out.push(x);
  return out;
}

// Messages of 3, 0, 200 (a two-byte prefix) and 1 bytes, and a Record.
const MESSAGES = [bytes(3, 1), bytes(0), bytes(200, 7), bytes(1, 9), Record.serialize(makeRecord())];
const STREAM = concat(...MESSAGES.map((m) => encodeFrame(m)));
// Each message's stream offset: after its own prefix.
const OFFSETS = [1, 5, 7, 208, 210];

test('encodeFrame: the LEB128 length, then a copy of the message', () => {
  assert.deepEqual([...encodeFrame(Uint8Array.of(7, 8, 9))], [3, 7, 8, 9]);
  assert.deepEqual([...encodeFrame(new Uint8Array(0))], [0]);
  assert.deepEqual([...encodeFrame(bytes(127)).subarray(0, 2)], [0x7f, 0]);
  assert.deepEqual([...encodeFrame(bytes(128)).subarray(0, 3)], [0x80, 0x01, 0]);
  assert.deepEqual([...encodeFrame(bytes(16384)).subarray(0, 4)], [0x80, 0x80, 0x01, 0]);
  const message = bytes(300);
  const frame = encodeFrame(message);
  assert.equal(frame.length, 302);
  assert.deepEqual(frame.subarray(2), message);
  assert.notEqual(frame.buffer, message.buffer);
  assert.equal(STREAM.length, 210 + MESSAGES[4].length);
});

test('every split of a stream into two or three chunks gives the same messages and offsets', () => {
  const expected = MESSAGES.map((message, i) => ({ message, offset: OFFSETS[i] }));
  const read = (cuts) => {
    const reader = new FrameReader();
    const frames = [];
    let at = 0;
    for (const cut of [...cuts, STREAM.length]) {
      frames.push(...reader.pushFrames(STREAM.subarray(at, cut)));
      at = cut;
    }
    reader.end();
    assert.equal(reader.offset, STREAM.length);
    return frames;
  };
  for (let i = 0; i <= STREAM.length; i++) assert.deepStrictEqual(read([i]), expected, `cut at ${i}`);
  for (let i = 0; i <= 12; i++) {
    for (let j = i; j <= STREAM.length; j++) assert.deepStrictEqual(read([i, j]), expected, `cuts at ${i}, ${j}`);
  }
});

test('many frames in one chunk; one byte per chunk', () => {
  const many = Array.from({ length: 1000 }, (_, i) => bytes(i % 131, i));
  const stream = concat(...many.map((m) => encodeFrame(m)));
  const reader = new FrameReader();
  assert.deepStrictEqual(reader.push(stream), many);
  reader.end();
  const bytewise = new FrameReader();
  const out = [];
  for (let i = 0; i < STREAM.length; i++) {
    out.push(...bytewise.push(STREAM.subarray(i, i + 1)));
    assert.ok(bytewise.offset <= i + 1);
  }
  bytewise.end();
  assert.deepStrictEqual(out, MESSAGES);
});

test('zero-length frames are messages', () => {
  const reader = new FrameReader();
  const frames = reader.pushFrames(Uint8Array.of(0, 0, 1, 5, 0));
  assert.deepStrictEqual(frames, [
    { message: new Uint8Array(0), offset: 1 }, { message: new Uint8Array(0), offset: 2 },
    { message: Uint8Array.of(5), offset: 3 }, { message: new Uint8Array(0), offset: 5 },
  ]);
  reader.end();
});

test('a message within a chunk is a view of it; one across chunks is a copy of its own', () => {
  const chunk = Buffer.from(encodeFrame(Uint8Array.of(1, 2, 3)));
  const [view] = new FrameReader().push(chunk);
  assert.equal(view.constructor, Uint8Array); // not a Buffer
  assert.equal(view.buffer, chunk.buffer);
  const reader = new FrameReader();
  const first = Uint8Array.of(3, 1);
  assert.deepEqual(reader.push(first), []);
  const second = Uint8Array.of(2, 3);
  const [copy] = reader.push(second);
  first.fill(0xee);
  second.fill(0xee);
  assert.deepEqual([...copy], [1, 2, 3]);
});

test('the limit: exactly maxFrameBytes is accepted, one more refused as soon as its prefix arrives', () => {
  const reader = new FrameReader({ maxFrameBytes: 5 });
  assert.deepStrictEqual(reader.push(encodeFrame(bytes(5))), [bytes(5)]);
  const e = throwsKiln(() => reader.push(Uint8Array.of(6)), 'LengthTooLarge', 6); // no payload yet
  assert.match(e.message, /^length too large at byte 6: a frame of 6 bytes exceeds maxFrameBytes \(5\)/);
  // Failed: every later call throws the same error.
  assert.equal(throwsKiln(() => reader.push(bytes(6)), 'LengthTooLarge', 6), e);
  assert.equal(throwsKiln(() => reader.end(), 'LengthTooLarge', 6), e);
  assert.equal(reader.offset, 6);

  // The default, 16 MiB: a prefix of 2^24 waits for its payload, 2^24 + 1 is refused at once.
  assert.equal(DEFAULT_MAX_FRAME_BYTES, 16777216);
  const atMax = new FrameReader();
  assert.deepEqual(atMax.push(Uint8Array.of(0x80, 0x80, 0x80, 0x08)), []);
  throwsKiln(() => atMax.end(), 'Truncated', 0);
  const over = new FrameReader();
  assert.deepEqual(over.push(Uint8Array.of(0x81, 0x80, 0x80)), []);
  throwsKiln(() => over.push(Uint8Array.of(0x08)), 'LengthTooLarge', 0);
  // The largest prefix there is, with the largest limit: accepted.
  assert.deepEqual(new FrameReader({ maxFrameBytes: 2 ** 32 - 1 }).push(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x0f)), []);
});

test('a writer refuses what its reader would: a message longer than maxFrameBytes', () => {
  assert.deepEqual([...encodeFrame(bytes(4), { maxFrameBytes: 4 })], [4, 0, 1, 2, 3]);
  const e = throwsKiln(() => encodeFrame(bytes(5), { maxFrameBytes: 4 }), 'LengthTooLarge', null);
  assert.equal(e.message, 'a message of 5 bytes exceeds maxFrameBytes (4)');
});

test('the length prefix: 32-bit LEB128, non-minimal forms accepted, overflow refused at the frame', () => {
  const reader = new FrameReader();
  // 3 as two bytes, 0 as five bytes.
  assert.deepStrictEqual(reader.pushFrames(Uint8Array.of(0x83, 0x00, 1, 2, 3, 0x80, 0x80, 0x80, 0x80, 0x00)),
    [{ message: Uint8Array.of(1, 2, 3), offset: 2 }, { message: new Uint8Array(0), offset: 10 }]);
  // A fifth byte above 0x0F (or with its continuation bit) does not fit 32 bits.
  for (const last of [0x10, 0x8f, 0xff]) {
    const r = new FrameReader();
    assert.deepEqual(r.push(Uint8Array.of(1, 42, 0xff, 0xff)), [Uint8Array.of(42)]);
    const e = throwsKiln(() => r.push(Uint8Array.of(0xff, 0xff, last, 0)), 'VarintOverflow', 2);
    assert.equal(throwsKiln(() => r.end(), 'VarintOverflow', 2), e);
  }
});

test('an error after complete messages in one chunk: the messages first, then the error', () => {
  const reader = new FrameReader();
  const frames = reader.push(concat(encodeFrame(Uint8Array.of(1)), Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x7f)));
  assert.deepStrictEqual(frames, [Uint8Array.of(1)]);
  const e = throwsKiln(() => reader.push(new Uint8Array(0)), 'VarintOverflow', 2);
  assert.equal(throwsKiln(() => reader.end(), 'VarintOverflow', 2), e);
});

test('the stream ends inside a frame: Truncated at the frame, in its prefix or in its payload', () => {
  const good = encodeFrame(bytes(200));
  for (const [tail, detail] of [
    [[0x80], /inside a frame's length \(1 bytes of it\)/],
    [[0x80, 0x80, 0x80, 0x80], /inside a frame's length \(4 bytes of it\)/],
    [[5], /ended 0 bytes into a frame of 5/],
    [[5, 1, 2], /ended 2 bytes into a frame of 5/],
  ]) {
    const reader = new FrameReader();
    assert.equal(reader.push(concat(good, tail)).length, 1);
    const e = throwsKiln(() => reader.end(), 'Truncated', good.length);
    assert.match(e.message, detail);
    assert.equal(throwsKiln(() => reader.push(Uint8Array.of(1)), 'Truncated', good.length), e);
  }
  const clean = new FrameReader();
  clean.push(good);
  clean.end();
  assert.throws(() => clean.push(good), { code: 'InvalidArgument', message: 'push() after end()' });
});

test('options and arguments are checked', () => {
  for (const maxFrameBytes of [-1, 1.5, 2 ** 32, '10', null]) {
    assert.throws(() => new FrameReader({ maxFrameBytes }), { code: 'InvalidArgument' });
    assert.throws(() => encodeFrame(bytes(1), { maxFrameBytes }), { code: 'InvalidArgument' });
  }
  assert.throws(() => new FrameReader({ maxFrameByte: 10 }), { code: 'InvalidArgument', message: /unknown option 'maxFrameByte'/ });
  assert.throws(() => new FrameReader().push([1, 2]), { code: 'InvalidArgument' });
  assert.throws(() => encodeFrame('abc'), { code: 'InvalidArgument' });
  // The generators check at the call, before the first next().
  assert.throws(() => readFrames(42), { code: 'InvalidArgument' });
  assert.throws(() => readFrames('abc'), { code: 'InvalidArgument' });
  assert.throws(() => readMessages([], {}), { code: 'InvalidArgument' });
  assert.throws(() => readMessages([], Record, { int64: 'number', codec: new Codec() }), { code: 'InvalidArgument' });
  assert.throws(() => readMessages([], Record, { codec: {} }), { code: 'InvalidArgument' });
  assert.throws(() => new MessageDecoderStream(Record, { maxFrameBytes: -1 }), { code: 'InvalidArgument' });
});

test('readFrames: iterables, async iterables and a whole stream in one array', async () => {
  const chunks = [STREAM.subarray(0, 3), STREAM.subarray(3, 100), STREAM.subarray(100)];
  assert.deepStrictEqual(await collect(readFrames(chunks)), MESSAGES);
  assert.deepStrictEqual(await collect(readFrames(STREAM)), MESSAGES);
  async function* slowly() {
    for (const c of chunks) yield c;
  }
  assert.deepStrictEqual(await collect(readFrames(slowly())), MESSAGES);
  await rejectsKiln(collect(readFrames([STREAM.subarray(0, 6)])), 'Truncated', 5);
  await rejectsKiln(collect(readFrames([STREAM], { maxFrameBytes: 199 })), 'LengthTooLarge', 5);
});

/** A ReadableStream of `chunks` (one per pull) that records whether it was cancelled. */
function source(chunks) {
  const state = { cancelled: false, pulls: 0 };
  const stream = new ReadableStream({
    pull(controller) {
      if (state.pulls < chunks.length) controller.enqueue(chunks[state.pulls++]);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

test('readFrames from a ReadableStream (a fetch body): to its end, or cancelled on break and on error', async () => {
  const whole = source([STREAM.subarray(0, 7), STREAM.subarray(7)]);
  assert.deepStrictEqual(await collect(readFrames(whole.stream)), MESSAGES);
  assert.equal(whole.state.cancelled, false);
  assert.equal(whole.stream.locked, false);

  const early = source([STREAM.subarray(0, 7), STREAM.subarray(7, 100), STREAM.subarray(100)]);
  for await (const m of readFrames(early.stream)) {
    assert.deepStrictEqual(m, MESSAGES[0]);
    break;
  }
  assert.equal(early.state.cancelled, true);
  assert.equal(early.state.pulls, 1);
  assert.equal(early.stream.locked, false);

  // A frame that is too long: the rest of the body is not read.
  const bad = source([concat(encodeFrame(bytes(2)), [0x81, 0x80, 0x80, 0x08]), bytes(64)]);
  const seen = [];
  await rejectsKiln((async () => {
    for await (const m of readFrames(bad.stream)) seen.push(m);
  })(), 'LengthTooLarge', 3);
  assert.deepStrictEqual(seen, [bytes(2)]);
  assert.equal(bad.state.cancelled, true);
  assert.equal(bad.state.pulls, 1);

  // A Response body, as fetch gives.
  assert.deepStrictEqual(await collect(readFrames(new Response(STREAM).body)), MESSAGES);
});

test('readFrames from a Node Readable of Buffers', async () => {
  const chunks = [0, 1, 2, 9, 150, 212, STREAM.length].slice(1).map((end, i, ends) =>
    Buffer.from(STREAM.subarray(i === 0 ? 0 : ends[i - 1], end)));
  const messages = await collect(readFrames(Readable.from(chunks)));
  assert.deepStrictEqual(messages, MESSAGES);
  assert.ok(messages.every((m) => m.constructor === Uint8Array));
  const readable = Readable.from([Buffer.from(STREAM.subarray(0, 4)), Buffer.from(STREAM.subarray(4))]);
  for await (const m of readFrames(readable)) break; // eslint-disable-line no-unused-vars
  assert.equal(readable.destroyed, true);
});

const VALUES = [makeRecord(), { f1: -1, f2: 'é 日本', f3: [], f4: {} }, makeRecord()];

test('readMessages: the values of typed messages, with a type\'s options or a codec', async () => {
  const stream = concat(...VALUES.map((v) => encodeFrame(Record.serialize(v, { compressNumbers: true }))));
  assert.deepStrictEqual(await collect(readMessages([stream.subarray(0, 10), stream.subarray(10)], Record)), VALUES);
  const asNumbers = await collect(readMessages([stream], Record, { int64: 'number' }));
  assert.equal(asNumbers[0].f4.k2, 20);
  const viaCodec = await collect(readMessages(stream, Record, { codec: new Codec({ int64: 'number' }), maxFrameBytes: 40 }));
  assert.deepStrictEqual(viaCodec, asNumbers);
  await rejectsKiln(collect(readMessages(stream, Record, { maxFrameBytes: 20 })), 'LengthTooLarge', 0);
});

test('workload values round-trip through framed streams in both number modes', async () => {
  for (const compressNumbers of [false, true]) {
    for (const [type, make] of [[Struct, makeStruct], [Foo, makeFoo], [Record, makeRecord]]) {
      const values = [make(), make(), make()];
      const framed = values.map((v) => encodeFrame(type.serialize(v, { compressNumbers })));
      assert.deepStrictEqual(await collect(readMessages(framed, type)), values);
    }
  }
});

test('a corrupt message in the 3rd frame: its code at its stream offset, and the iteration ends', async () => {
  const messages = [1, 2, 3, 4].map((f1) => Record.serialize({ ...makeRecord(), f1 }));
  const at = messages[2].indexOf(0x61); // 'a' of f2 'abc': not UTF-8 once it is 0xff
  messages[2][at] = 0xff;
  const frames = messages.map((m) => encodeFrame(m));
  const messageStart = frames[0].length + frames[1].length + 1;
  const { stream, state } = source([concat(...frames)]);
  const values = [];
  const iterator = readMessages(stream, Record);
  let error;
  try {
    for await (const v of iterator) values.push(v.f1);
  } catch (e) {
    error = e;
  }
  assert.deepEqual(values, [1, 2]);
  assert.ok(error instanceof KilnError);
  assert.equal(error.code, 'BadUtf8');
  assert.equal(error.offset, messageStart + at);
  assert.equal(error.cause.offset, at); // the offset in the message
  assert.match(error.message, new RegExp(`^invalid UTF-8 at byte ${messageStart + at}: .*in the message at stream byte ${messageStart}`));
  assert.deepEqual(await iterator.next(), { value: undefined, done: true });
  assert.equal(state.cancelled, true);
  assert.equal(stream.locked, false);
  // A message of another type: SchemaMismatch at its fingerprint (message byte 3, after the
  // two-byte prefix of its 457 bytes).
  await rejectsKiln(collect(readMessages([encodeFrame(Foo.serialize(makeFoo()))], Record)), 'SchemaMismatch', 2 + 3);
});

test('TransformStreams: pipeThrough a body to messages and values, and values to a body', async () => {
  const split = source([STREAM.subarray(0, 5), STREAM.subarray(5, 6), STREAM.subarray(6)]);
  assert.deepStrictEqual(await collect(split.stream.pipeThrough(new FrameDecoderStream())), MESSAGES);

  const framed = ReadableStream.from(MESSAGES).pipeThrough(new FrameEncoderStream());
  assert.deepStrictEqual(concat(...await collect(framed)), STREAM);

  const body = ReadableStream.from(VALUES).pipeThrough(new MessageEncoderStream(Record, { compressNumbers: true }));
  const chunks = await collect(body);
  assert.deepStrictEqual(chunks, VALUES.map((v) => encodeFrame(Record.serialize(v, { compressNumbers: true }))));
  const oneByteChunks = [...concat(...chunks)].map((b) => Uint8Array.of(b));
  const back = ReadableStream.from(oneByteChunks).pipeThrough(new MessageDecoderStream(Record, { int64: 'number' }));
  assert.deepStrictEqual((await collect(back)).map((v) => v.f4.k1), [10, undefined, 10]);

  // Errors: the readable side errors with the KilnError.
  await rejectsKiln(collect(ReadableStream.from([STREAM.subarray(0, 7)]).pipeThrough(new FrameDecoderStream())), 'Truncated', 5);
  const writer = new FrameEncoderStream({ maxFrameBytes: 2 });
  await rejectsKiln(collect(ReadableStream.from([bytes(3)]).pipeThrough(writer)), 'LengthTooLarge', null);
  const corrupt = Record.serialize(makeRecord());
  corrupt[2] = 0x80; // an unknown header flag
  const good = encodeFrame(Record.serialize(makeRecord())); // 50 bytes
  await rejectsKiln(collect(ReadableStream.from([good, encodeFrame(corrupt)])
    .pipeThrough(new MessageDecoderStream(Record))), 'BadFlags', 50 + 1 + 2);
});

// The golden stream the C++ writer makes (tests/golden/golden_writer.cpp): frames of three
// golden messages.
const entry = manifest.streams?.find((s) => s.file === 'stream_framed.bin');
const written = existsSync(new URL('tests/golden/stream_framed.bin', root));

test('stream_framed.bin: the manifest entry and the frames of its three golden messages', {
  skip: entry && written ? false : 'tests/golden/stream_framed.bin and its manifest entry are not written yet',
}, () => {
  assert.deepEqual(entry.frames, ['record_fixed.bin', 'struct_compressed.bin', 'record_compatible.bin']);
  const messages = entry.frames.map(golden);
  const expected = concat(...messages.map((m) => encodeFrame(m)));
  // 49, 58 and 83 bytes: one-byte prefixes.
  assert.deepEqual([expected[0], expected[50], expected[109]], [49, 58, 83]);
  assert.deepStrictEqual(golden(entry.file), expected);

  const reader = new FrameReader();
  const frames = reader.pushFrames(golden(entry.file));
  reader.end();
  assert.deepStrictEqual(frames, [
    { message: messages[0], offset: 1 }, { message: messages[1], offset: 51 }, { message: messages[2], offset: 110 },
  ]);
  const vectors = [...manifest.vectors, ...manifest.compatible_vectors];
  const types = { Record, Struct };
  const make = { Record: makeRecord, Struct: makeStruct };
  for (const [i, file] of entry.frames.entries()) {
    const v = vectors.find((x) => x.file === file);
    assert.deepStrictEqual(types[v.workload].deserialize(frames[i].message), make[v.workload](), file);
  }
});

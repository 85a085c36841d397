// Messages without a header ({header: false}, docs/FORMAT.md 3.2): the body alone, read with the
// writer's options; the same bytes as the C++ encoder writes, and the C++ decoder's errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError, loadCore, serialize, deserialize } from '../../js/index.mjs';
import { Struct, Foo, Record, TestClass } from '../../js/workloads.mjs';
import { WORKLOADS } from './workloads.mjs';

const TYPES = { Struct, Foo, Record, TestClass };
const HEADER_BYTES = (flags) => (flags & 0x10 ? 3 : 7);

const writerOptions = [];
for (const compressNumbers of [false, true]) {
  for (const track of [false, true]) {
    writerOptions.push({ compressNumbers, trackReferences: track, shareStrings: track });
  }
}

test('the body of a message with a header, read back with the same options', () => {
  for (const [name, , make] of WORKLOADS) {
    const type = TYPES[name];
    if (!type) continue;
    for (const options of writerOptions) {
      const framed = new Codec(options).serialize(type, make());
      const codec = new Codec({ ...options, header: false });
      const bare = codec.serialize(type, make());
      assert.deepStrictEqual(bare, framed.subarray(HEADER_BYTES(framed[2])), `${name} ${JSON.stringify(options)}`);
      assert.deepStrictEqual(codec.deserialize(type, bare), make());
      assert.deepStrictEqual(type.deserialize(bare, { ...options, header: false }), make());
    }
  }
});

test('Record without a header is its 25-byte body, as the C++ encoder writes it', async () => {
  const core = await loadCore();
  const record = WORKLOADS.find(([n]) => n === 'Record')[2]();
  const options = { compressNumbers: true, header: false };
  const bytes = Record.serialize(record, options);
  assert.equal(bytes.length, 25);
  assert.deepStrictEqual([...bytes.subarray(0, 5)], [0x14, 0x03, 0x61, 0x62, 0x63]);
  assert.deepStrictEqual(core.reencode(Record, bytes, options, options), bytes);
  // From a message with a header to one without, and back.
  const framed = Record.serialize(record, { compressNumbers: true });
  assert.deepStrictEqual(core.reencode(Record, framed, options), bytes);
  assert.deepStrictEqual(core.reencode(Record, bytes, { compressNumbers: true }, options), framed);
});

test('the reader\'s options decide, and a mismatch is an error, not a guess', () => {
  const struct = WORKLOADS.find(([n]) => n === 'Struct')[2]();
  const compressed = Struct.serialize(struct, { compressNumbers: true, header: false });
  assert.throws(() => Struct.deserialize(compressed, { header: false }),
    (e) => e instanceof KilnError && e.code === 'Truncated');
  // A reader that expects a header rejects the bare body at its first byte.
  assert.throws(() => Struct.deserialize(compressed),
    (e) => e instanceof KilnError && e.code === 'BadMagic' && e.offset === 0);
  // The fingerprint option is honoured by the type shortcuts too.
  assert.equal(Struct.serialize(struct, { fingerprint: false }).length, Struct.serialize(struct).length - 4);
});

test('errors match the C++ decoder\'s on every truncation and bit flip', async () => {
  const core = await loadCore();
  for (const name of ['Record', 'Foo', 'TestClass']) {
    const type = TYPES[name];
    const make = WORKLOADS.find(([n]) => n === name)[2];
    const options = name === 'TestClass'
      ? { trackReferences: true, shareStrings: true, header: false }
      : { compressNumbers: true, header: false };
    const codec = new Codec(options);
    const bytes = codec.serialize(type, make());
    const verdict = (b) => {
      try {
        codec.deserialize(type, b);
        return null;
      } catch (e) {
        assert.ok(e instanceof KilnError, String(e));
        return e;
      }
    };
    const variants = [];
    for (let n = 0; n < bytes.length; n++) variants.push([`cut ${n}`, bytes.subarray(0, n)]);
    for (let i = 0; i < bytes.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const bad = bytes.slice();
        bad[i] ^= 1 << bit;
        variants.push([`byte ${i} bit ${bit}`, bad]);
      }
    }
    for (const [where, b] of variants) {
      const js = verdict(b);
      const cpp = core.validate(type, b, options);
      assert.equal(js?.code, cpp?.code, `${name} ${where}: ${js?.message} vs ${cpp?.message}`);
      assert.equal(js?.offset, cpp?.offset, `${name} ${where}: ${js?.message} vs ${cpp?.message}`);
    }
  }
});

test('generic values without a header', () => {
  const value = { a: [1, 'two', 2n ** 60n], b: new Map([['k', null]]) };
  const framed = serialize(value);
  const bare = serialize(value, { header: false });
  assert.deepStrictEqual(bare, framed.subarray(7));
  assert.deepStrictEqual(deserialize(bare, { header: false }), value);
  const shared = { x: 1 };
  const cyclic = [shared, shared];
  const tracked = serialize(cyclic, { header: false, trackReferences: true });
  const back = deserialize(tracked, { header: false, trackReferences: true });
  assert.equal(back[0], back[1]);
});

// Compatible mode with value fields (kiln::Value in C++; docs/FORMAT.md 10.3, 10.5, 10.6), as
// tests/core/compatible_value_test.cpp checks it in C++, on the same bytes: the descriptor is
// `value` (18); a reader without the field skips it with the verdict a reader of it gives; a
// reader with a field the message lacks gets null; inspect() prints the same text as C++.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError, inspect, struct, string, i32, value } from '../../js/index.mjs';
import { Envelope, EnvelopeV1, makeEnvelope } from '../workloads/feature_schemas.mjs';
import { thrown } from './support/verdicts.mjs';

const tracked = new Codec({ trackReferences: true, compatible: true });
const fromHex = (h) => new Uint8Array(Buffer.from(h.replaceAll(' ', ''), 'hex'));
const ascii = (s) => [...s].map((c) => c.charCodeAt(0));

// The payload's first byte: after the header, the 36-byte table and "event".
const PAYLOAD_AT = 7 + 36 + 6;


test('the descriptor of a value field is value (18)', () => {
  const bytes = tracked.serialize(Envelope, makeEnvelope());
  assert.deepStrictEqual([...bytes.subarray(7, 7 + 36)], [
    0x01, 0x08, ...ascii('Envelope'), 0x03, 0x04, ...ascii('kind'), 0x00, 0x0f,
    0x07, ...ascii('payload'), 0x00, 0x18, 0x03, ...ascii('seq'), 0x00, 0x04, 0x17, 0x00,
  ]);
});

test('round trips in both number modes, with and without reference tracking', () => {
  for (const compressNumbers of [false, true]) {
    for (const trackReferences of [false, true]) {
      const codec = new Codec({ compressNumbers, trackReferences, compatible: true });
      const back = codec.deserialize(Envelope, codec.serialize(Envelope, makeEnvelope()));
      assert.deepStrictEqual(back, makeEnvelope());
      assert.equal(back.payload.map === back.payload.again, trackReferences);
    }
  }
});

test('an older reader skips the value field; a newer one gets null for it', () => {
  for (const compressNumbers of [false, true]) {
    const bytes = new Codec({ compressNumbers, trackReferences: true, compatible: true }).serialize(Envelope, makeEnvelope());
    assert.deepStrictEqual(new Codec().deserialize(EnvelopeV1, bytes), { kind: 'event', seq: 7 });
  }
  const EnvelopeMeta = struct('Envelope', { kind: string, payload: value, seq: i32, meta: value });
  const bytes = tracked.serialize(Envelope, makeEnvelope());
  assert.deepStrictEqual(new Codec().deserialize(EnvelopeMeta, bytes), { ...makeEnvelope(), meta: null });
  const newer = tracked.serialize(EnvelopeMeta, { ...makeEnvelope(), meta: { k: new Set([1, 2]) } });
  assert.deepStrictEqual(new Codec().deserialize(Envelope, newer), makeEnvelope());
});

test('changing the field\'s type is a schema mismatch at the message\'s descriptor', () => {
  const EnvelopeText = struct('Envelope', { kind: string, payload: string, seq: i32 });
  const e = thrown(() => new Codec().deserialize(EnvelopeText, tracked.serialize(Envelope, makeEnvelope())));
  assert.equal(e.code, 'SchemaMismatch');
  assert.equal(e.offset, 7 + 27);
  assert.match(e.message, /has type value in the message but str in the reader/);
});

test('skipping gives the verdict reading gives', () => {
  const bytes = tracked.serialize(Envelope, makeEnvelope());
  assert.equal(bytes[PAYLOAD_AT], 0x0b);
  const same = (bad, limits = {}) => {
    const codec = new Codec({ limits });
    const read = thrown(() => codec.deserialize(Envelope, bad));
    const skip = thrown(() => codec.deserialize(EnvelopeV1, bad));
    assert.deepEqual([skip.code, skip.offset], [read.code, read.offset], skip.message);
  };
  const badTag = bytes.slice();
  badTag[PAYLOAD_AT + 4] = 0x11;
  same(badTag);
  const untracked = bytes.slice();
  untracked[2] &= ~0x02;
  same(untracked);
  same(bytes.subarray(0, bytes.length - 8));
  for (let budget = 1; budget < 400; budget += 7) {
    const codec = new Codec({ limits: { maxAllocBytes: budget } });
    const read = (type) => {
      try {
        codec.deserialize(type, bytes);
        return 'ok';
      } catch (e) {
        assert.ok(e instanceof KilnError, String(e));
        return `${e.code} ${e.offset}`;
      }
    };
    assert.equal(read(EnvelopeV1), read(Envelope), `budget ${budget}`);
  }
});

test('a value at the root has no compatible mode, as in C++', () => {
  const e = thrown(() => new Codec({ compatible: true }).serialize(value, { a: 1 }));
  assert.equal(e.code, 'UnsupportedOption');
  const bytes = new Codec().serialize(value, { a: 1 });
  bytes[2] |= 0x04;
  assert.deepEqual([thrown(() => new Codec().deserialize(value, bytes)).code, thrown(() => new Codec().deserialize(value, bytes)).offset],
    ['BadFlags', 2]);
});

// The bytes C++ writes for Keys{v} (tests/core/compatible_value_test.cpp, which holds them and the
// text to the same constants): object keys "b", "1", "01", "4294967295", "4294967294" and "m", a
// Map whose key is -0 (a float) and whose value is the int 2^53 + 1.
const KEYS_MESSAGE =
  '4b 01 06 7c 89 13 e7 01 04 4b 65 79 73 01 01 76 00 18 17 00 0b 06 01 62 81 01 31 82 02 30 31 ' +
  '83 0a 34 32 39 34 39 36 37 32 39 35 84 0a 34 32 39 34 39 36 37 32 39 34 85 01 6d 0c 01 05 00 ' +
  '00 00 00 00 00 00 80 04 82 80 80 80 80 80 80 20';
const KEYS_JSON =
  '{"fingerprint":"0xe713897c","compressed_numbers":false,"types":[{"name":"Keys","fields":[{"name' +
  '":"v","id":4077666505,"type":"value"}]}],"root":"Keys","value":{"v":{"object":{"1":2,"429496729' +
  '4":5,"b":1,"01":3,"4294967295":4,"m":{"map":[[0,{"bigint":"0x20000000000001"}]]}}}}}';

test('inspect prints a generic value as C++ does: JS key order, -0 keys as 0, big ints as BigInts', () => {
  assert.equal(inspect(fromHex(KEYS_MESSAGE)), KEYS_JSON);
});

test('inspect charges a value\'s strings at its first byte', () => {
  const Keys = struct('Keys', { v: value });
  const bytes = new Codec({ compatible: true }).serialize(Keys, { v: 'x'.repeat(100) });
  assert.equal(typeof inspect(bytes, { maxAllocBytes: 115 }), 'string');
  const e = thrown(() => inspect(bytes, { maxAllocBytes: 114 }));
  assert.deepEqual([e.code, e.offset], ['AllocationLimit', 7 + 13]);
});

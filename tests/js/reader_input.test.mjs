// The JS reader copies messages of up to 4 KiB into a buffer of its own and reads larger ones in
// place. Both paths must read the same values from any view of any buffer, report the same
// errors at the same offsets, and return nothing that later decodes overwrite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError } from '../../js/index.mjs';
import { Struct, Bulk, TestClass } from '../../js/workloads.mjs';
import { makeFoo, makeStruct, makeTestClass } from './workloads.mjs';

const codec = new Codec();
const graphCodec = new Codec({ trackReferences: true, shareStrings: true });

// A Bulk message of `items` Foo: about 450 bytes each.
const bulkOf = (items) => Array.from({ length: items }, makeFoo);

/** bytes placed at byte offset 3 of a larger buffer, as a Node Buffer slice would be. */
function atOffset(bytes) {
  const backing = new Uint8Array(bytes.length + 8).fill(0xee);
  backing.set(bytes, 3);
  return backing.subarray(3, 3 + bytes.length);
}

const decodeError = (type, bytes) => {
  try {
    codec.deserialize(type, bytes);
  } catch (e) {
    assert.ok(e instanceof KilnError, String(e));
    return `${e.code} at ${e.offset}`;
  }
  return 'accepted';
};

test('messages on both sides of the 4 KiB copy limit round-trip, from any byte offset', () => {
  const small = codec.serialize(Bulk, bulkOf(2));
  const large = codec.serialize(Bulk, bulkOf(40));
  assert.ok(small.length <= 4096 && large.length > 4096, `${small.length} and ${large.length} bytes`);
  for (const [bytes, n] of [[small, 2], [large, 40]]) {
    assert.deepEqual(codec.deserialize(Bulk, bytes), bulkOf(n));
    assert.deepEqual(codec.deserialize(Bulk, atOffset(bytes)), bulkOf(n));
  }
  const struct = codec.serialize(Struct, makeStruct());
  assert.deepEqual(codec.deserialize(Struct, atOffset(struct)), makeStruct());
});

test('a truncated message fails at the same offset whether it is copied or read in place', () => {
  const large = codec.serialize(Bulk, bulkOf(40));
  // The same prefix cut at 4,000 bytes (copied) and at 5,000 bytes (read in place): each fails
  // where its bytes end, on a length that promises more bytes than are left or on a value.
  for (const cut of [4000, 5000]) {
    const got = decodeError(Bulk, large.subarray(0, cut));
    assert.match(got, /^Truncated at \d+$/);
    const offset = Number(got.split(' at ')[1]);
    assert.ok(offset <= cut && offset > cut - 64, `${got} for ${cut} bytes`);
    assert.equal(decodeError(Bulk, atOffset(large.subarray(0, cut))), got);
  }
  // Trailing bytes after a valid small message, and after a valid large one.
  for (const items of [2, 40]) {
    const bytes = codec.serialize(Bulk, bulkOf(items));
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    assert.equal(decodeError(Bulk, longer), `TrailingBytes at ${bytes.length}`);
  }
});

test('a decoded value shares no memory with the reader: later decodes leave it intact', () => {
  const first = graphCodec.deserialize(TestClass, graphCodec.serialize(TestClass, makeTestClass()));
  const other = makeTestClass();
  other.TestBaseClass.m_ints.fill(-1);
  other.m_object1.m_ints.fill(-2);
  graphCodec.deserialize(TestClass, graphCodec.serialize(TestClass, other));
  assert.deepEqual(first, makeTestClass());
  assert.deepEqual(Array.from(first.TestBaseClass.m_ints), [8, 8, 8, 8, 8, 8, 8, 8]);
});

test('the caller may change its input right after a decode returns', () => {
  const bytes = codec.serialize(Struct, makeStruct());
  const copy = bytes.slice();
  const value = codec.deserialize(Struct, copy);
  copy.fill(0);
  assert.deepEqual(value, makeStruct());
  assert.equal(decodeError(Struct, copy), 'BadMagic at 0');
});

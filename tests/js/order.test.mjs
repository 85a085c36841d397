// orderedKeys puts map and set keys in C++ order (std::map, std::set) before they are written.
import test from 'node:test';
import assert from 'node:assert/strict';
import { orderedKeys } from '../../js/runtime/order.mjs';

const reference = (keys) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

// A small xorshift generator: the same lists on every run.
function generator(seed) {
  let s = seed >>> 0;
  return (n) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

test('string keys come back in code-unit order, for lists below and above the 64-key switch', () => {
  const next = generator(7);
  const alphabet = 'abcKEY019é\u{1F600}';
  for (const n of [0, 1, 2, 3, 5, 19, 20, 35, 63, 64, 65, 100, 300]) {
    for (let round = 0; round < 20; round++) {
      const keys = new Set();
      while (keys.size < n) {
        let k = `key${next(40)}`;
        for (let i = next(6); i > 0; i--) k += alphabet[next(alphabet.length)];
        keys.add(k);
      }
      const list = [...keys];
      const expected = reference(list);
      assert.deepEqual(orderedKeys(list.slice()), expected, `${n} keys, round ${round}`);
      // Already in order: the same array comes back, untouched.
      const sorted = expected.slice();
      assert.equal(orderedKeys(sorted), sorted);
      assert.deepEqual(sorted, expected);
      // Reversed: the worst case for insertion.
      assert.deepEqual(orderedKeys(expected.slice().reverse()), expected);
    }
  }
});

test('numbers and BigInts come back ascending, mixed', () => {
  const next = generator(11);
  for (const n of [2, 10, 64, 65, 200]) {
    const list = [];
    for (let i = 0; i < n; i++) {
      const v = next(1000) - 500;
      list.push(i % 3 === 0 ? BigInt(v) * 10n ** 15n : v + i / 1000);
    }
    assert.deepEqual(orderedKeys(list.slice()), reference(list));
  }
});

test('the same key list again returns the remembered order, and a changed one is sorted anew', () => {
  const a = ['key1', 'key10', 'key2', 'key0'];
  assert.deepEqual(orderedKeys(a.slice()), ['key0', 'key1', 'key10', 'key2']);
  assert.deepEqual(orderedKeys(a.slice()), ['key0', 'key1', 'key10', 'key2']);
  const b = ['key1', 'key10', 'key2', 'key00'];
  assert.deepEqual(orderedKeys(b.slice()), ['key00', 'key1', 'key10', 'key2']);
});

// The storage measure of the allocation budget (docs/FORMAT.md 6.5) in JavaScript: each case is
// one of tests/core/storage_test.cpp (native and wasm32), with the same budget totals and the
// same error offsets, so the JS decoders and the C++ core agree at the edge of the budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Codec, KilnError, deserialize, serialize, string, struct, u8, u64, i32, vector, map, unique, optional,
  tuple, array, variant, set, value,
} from '../../js/index.mjs';
import { Foo, Record } from '../../js/workloads.mjs';
import { makeFoo, makeRecord } from './workloads.mjs';

const Padded = struct('Padded', { a: u8, b: u64 });
const PaddedV2 = struct('Padded', { a: u8, b: u64, extra: string });

const limits = (maxAllocBytes) => ({ limits: { maxAllocBytes } });

// Decodes with a budget of exactly `total` (it must succeed) and of total - 1 (it must fail with
// AllocationLimit at `offset`).
function expectBudget(decode, total, offset) {
  decode(limits(total));
  assert.throws(() => decode(limits(total - 1)),
    (e) => e instanceof KilnError && e.code === 'AllocationLimit' && e.offset === offset &&
      /allocation budget/.test(e.message));
}

function typed(type, bytes, options = {}) {
  return (extra) => new Codec({ ...options, ...extra }).deserialize(type, bytes);
}

test('storage of declared types follows the table of FORMAT.md 6.5', () => {
  assert.equal(Padded.storage, 9); // no padding
  assert.equal(PaddedV2.storage, 9 + 24);
  assert.equal(optional(u64).storage, 9);
  assert.equal(variant(u8, string).storage, 25);
  assert.equal(array(i32, 3).storage, 12);
  assert.equal(tuple().storage, 0);
  assert.equal(struct('Empty', {}).storage, 0);
  assert.equal(set(i32).storage, 24);
  assert.equal(unique(Padded).storage, 8);
  assert.equal(value.storage, 24);
  const Base = struct('Base', { name: string });
  assert.equal(struct('Derived', { data: array(u64, 4) }, { bases: [Base] }).storage, 24 + 32);
});

test('generated codecs carry the C++ storage of their type, and declared schemas agree', () => {
  for (const t of [Foo, Record]) assert.equal(t.schema.storage, t.storage, t.name);
});

test('sequences are charged their elements\' storage', () => {
  const bytes = new Codec().serialize(vector(string), ['a', '', 'bc']);
  expectBudget(typed(vector(string), bytes), 3 * 24 + 3, 11);
});

test('padding is not charged', () => {
  const bytes = new Codec().serialize(vector(Padded), Array(5).fill({ a: 1, b: 2n }));
  expectBudget(typed(vector(Padded), bytes), 5 * 9, 7);
});

test('map entries are charged key, value and a node\'s links', () => {
  const type = map(i32, string);
  const bytes = new Codec().serialize(type, new Map([[1, 'x'], [2, 'yz']]));
  expectBudget(typed(type, bytes, { maps: 'map' }), 2 * (4 + 24 + 32) + 3, 18);
});

test('objects behind pointers are charged their type\'s storage', () => {
  const Holder = struct('Holder', { one: unique(Padded), two: unique(Padded) });
  const bytes = new Codec().serialize(Holder, { one: { a: 1, b: 2n }, two: { a: 3, b: 4n } });
  // one: tag at 7, charged at 8; two: tag at 17, charged at 18.
  expectBudget(typed(Holder, bytes), 2 * 9, 18);
});

test('generic values are charged per element and entry, and their strings per byte', () => {
  const bytes = serialize([1, { key: 1 }, null]);
  expectBudget((o) => deserialize(bytes, o), 3 * 24 + 48 + 3, 12);
});

test('compatible mode charges the reader\'s types, not the writer\'s', () => {
  const writer = new Codec({ compatible: true });
  const bytes = writer.serialize(vector(PaddedV2), Array(4).fill({ a: 1, b: 2n, extra: 'skipped' }));
  const countAt = writer.serialize(vector(PaddedV2), []).length - 1;
  // 4 x 9 for the reader's Padded, then the skipped strings' 4 x 7 bytes: the last one fails.
  expectBudget(typed(vector(Padded), bytes, { compatible: true }), 4 * 9 + 4 * 7, bytes.length - 8);
  assert.throws(() => new Codec({ compatible: true, ...limits(4 * 9 - 1) }).deserialize(vector(Padded), bytes),
    { code: 'AllocationLimit', offset: countAt });
});

test('workload messages decode within the default budget and fail below their charges', () => {
  // Foo: a string, a vector of strings and a map of strings to i64, all charged by the format's
  // measure. Its total is the sum the C++ decoder charges; one unit less fails.
  const foo = new Codec().serialize(Foo, makeFoo());
  const record = new Codec().serialize(Record, makeRecord());
  for (const [type, bytes] of [[Foo, foo], [Record, record]]) {
    let total = 0;
    for (let b = 1; ; b *= 2) { // the smallest budget that decodes, found by bisection
      try { new Codec(limits(b)).deserialize(type, bytes); total = b; break; } catch { /* grow */ }
    }
    let lo = total >> 1, hi = total;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      try { new Codec(limits(mid)).deserialize(type, bytes); hi = mid; } catch { lo = mid; }
    }
    assert.throws(() => new Codec(limits(hi - 1)).deserialize(type, bytes), { code: 'AllocationLimit' });
    assert.ok(hi > bytes.length, `${type.name}: ${hi} units for ${bytes.length} bytes`);
  }
});

// The generic-value golden cases in JavaScript: the same values as tests/workloads/value_cases.hpp
// builds in C++. Both must encode to exactly tests/golden/value/<name>.bin.
const le = (Ctor, items) => new Uint8Array(new Ctor(items).buffer);

function fooObject() {
  const foo = { f1: 100, f2: 'abc', f3: [], f4: {} };
  for (let i = 0; i < 20; i++) {
    foo.f3.push(`string${i}`);
    foo.f4[`key${i}`] = i;
  }
  return foo;
}

function holes() {
  const a = [1, , 3, undefined]; // eslint-disable-line no-sparse-arrays
  a.length = 5;
  return a;
}

function cycle() {
  const root = { name: 'root', kids: null };
  root.kids = [root, new Map([['parent', root]])];
  return root;
}

function shared() {
  const s = [1, 2];
  const bytes = new Uint8Array([7]);
  return { a: s, b: s, c: bytes, d: bytes };
}

export const VALUE_CASES = {
  scalars: () => [null, undefined, false, true, 0, 127, 128, -1, -129, 2 ** 53 - 1, -(2 ** 53 - 1),
    1.5, -0, NaN, Infinity, -Infinity, 2 ** 53, 1e300, 0.1],
  int64: () => [2n ** 60n, -(2n ** 63n), 2n ** 63n - 1n, -(2n ** 53n)],
  bigint: () => [2n ** 63n, -(2n ** 64n), 2n ** 100n + 1n, 0n, 5n, -1n, 127n, 2n ** 60n, -(2n ** 63n)],
  strings: () => ['', 'a', 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(200), 'héllo', '😀', '日本語',
    'a\0b', 'x'.repeat(30) + 'é' + 'x'.repeat(31)],
  string_root: () => 'hello',
  int_root: () => -100000,
  foo: fooObject,
  record: () => ({ f1: 10, f2: 'abc', f3: ['str1', 'str2'], f4: { k1: 10, k2: 20 } }),
  objects: () => ({ '': 1, ['__proto__']: { polluted: true }, nested: { a: { b: [] } }, café: [],
    undef: undefined }),
  maps_sets: () => [
    new Map([[1, 'one'], ['1', 'string one'], [null, 2.5], [{}, []], [undefined, new Set()]]),
    new Set([1, 'a', 2.5, null, [1]]),
  ],
  typed_arrays: () => [
    new Int8Array([-1, 2]), new Uint8Array([1, 2, 255]), new Uint8ClampedArray([0, 255]),
    new Int16Array([-2, 300]), new Uint16Array([65535]), new Int32Array([-5, 1 << 30]),
    new Uint32Array([4000000000]), new Float32Array([1.5, -0.25]), new Float64Array([0.1, -1e300]),
    new BigInt64Array([-1n]), new BigUint64Array([2n ** 64n - 1n]), new Float64Array(0),
    new Uint8Array([1, 2, 3]).buffer,
  ],
  dates: () => [new Date(0), new Date(1700000000123), new Date(-86400000)],
  holes,
  empty: () => [[], {}, new Map(), new Set(), ''],
  shared_tracked: shared,
  shared_untracked: shared,
  cycle,
};

/** Cases JS reads but does not write: C++ int64s beyond 2^53 are ints on the wire, which JS
 *  reads as BigInts, and a JS BigInt is always written as a bigint (FORMAT.md 9.2). */
export const DECODE_ONLY = new Set(['int64']);

/** Options each case is serialized with (as in the manifest). */
export const TRACKED = new Set(['shared_tracked', 'cycle']);

export { le };

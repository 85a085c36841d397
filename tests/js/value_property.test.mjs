// Property test of the schema-free API: for random JS values, either
// deserialize(serialize(v)) is exactly v (numbers stay numbers and BigInts BigInts, -0 stays -0,
// Map and Set order and membership are kept, holes stay holes, shared references and cycles keep
// their shape with trackReferences) or serialize throws a KilnError for a reason the value has
// (a lone surrogate, a cycle without tracking, nesting past the limit). Never bytes that the
// reader rejects. Fixed seed, so a failure reproduces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { KilnError, serialize, deserialize } from '../../js/index.mjs';

const SEED = 0x6b696c6e;
const RUNS = 10_000;

// ---------------------------------------------------------------------------------------------
// Random values.

const numberEdges = fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1, -1, 127, 128, -128, 255,
  2 ** 31, -(2 ** 31), 2 ** 32, 2 ** 52, -(2 ** 52), 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53,
  -(2 ** 53), 2 ** 53 + 2, 2 ** 63, 2 ** 64, 0.5, -1.5, Number.EPSILON, Number.MIN_VALUE,
  -Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE);
const number = fc.oneof(numberEdges, fc.double(), fc.integer(), fc.maxSafeInteger(),
  fc.integer({ min: -200, max: 200 }));

const bigintEdges = fc.constantFrom(0n, 1n, -1n, 2n, 127n, 128n, 255n, 256n, -256n, 2n ** 31n,
  2n ** 32n, -(2n ** 32n), 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 63n,
  -(2n ** 63n) - 1n, 2n ** 64n - 1n, 2n ** 64n, -(2n ** 64n), 2n ** 100n + 1n, -(2n ** 521n) + 1n);
const bigint = fc.oneof(bigintEdges, fc.bigInt({ min: -1000n, max: 1000n }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }));

// UTF-16 code units of every kind: ASCII, 2- and 3-byte UTF-8, astral pairs, and (rarely) a
// lone surrogate, which has no UTF-8 form.
const unit = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }), weight: 8 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.constantFrom('é', '日', '😀', '\u0000', '\u07ff', '\u0800', '\uffff', '\u{10ffff}'), weight: 2 },
  { arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), weight: 1 },
);
const string = fc.oneof(
  { arbitrary: fc.string({ unit, maxLength: 8 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 60, maxLength: 200 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 20, maxLength: 80 }), weight: 1 },
);
const key = fc.oneof(string, fc.constantFrom('__proto__', '', '0', '1', '10', '-1', 'length',
  'constructor', 'toString', 'hasOwnProperty', 'a', 'b'));

const date = fc.oneof(fc.date({ noInvalidDate: false }), fc.constant(new Date(NaN)),
  fc.integer({ min: -8.64e15, max: 8.64e15 }).map((ms) => new Date(ms)));

const TYPED = [
  fc.int8Array, fc.uint8Array, fc.uint8ClampedArray, fc.int16Array, fc.uint16Array, fc.int32Array,
  fc.uint32Array, fc.float32Array, fc.float64Array, fc.bigInt64Array, fc.bigUint64Array,
];
// Whole typed arrays, views at an offset into a larger buffer, and ArrayBuffers.
const binary = fc.oneof(
  ...TYPED.map((make) => make({ maxLength: 6 })),
  fc.tuple(fc.constantFrom(...TYPED), fc.nat({ max: 3 })).chain(([make, skip]) =>
    make({ minLength: skip, maxLength: skip + 6 }).map((t) => t.subarray(skip))),
  fc.uint8Array({ maxLength: 10 }).map((u) => u.buffer),
);

const primitive = fc.oneof(
  { arbitrary: number, weight: 4 }, { arbitrary: bigint, weight: 3 }, { arbitrary: string, weight: 4 },
  { arbitrary: fc.boolean(), weight: 1 }, { arbitrary: fc.constantFrom(null, undefined), weight: 1 },
);

/** A plain object from entries; '__proto__' becomes an own property, as JSON.parse makes it. */
function plainObject(entries, nullProto) {
  const o = nullProto ? Object.create(null) : {};
  for (const [k, v] of entries) {
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return o;
}

const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', maxDepth: 5 },
    { arbitrary: primitive, weight: 6 },
    { arbitrary: date, weight: 1 },
    { arbitrary: binary, weight: 1 },
    { arbitrary: tie('container'), weight: 3 }),
  container: fc.oneof(
    fc.array(tie('value'), { maxLength: 5 }),
    fc.sparseArray(tie('value'), { maxLength: 8, maxNumElements: 4 }),
    fc.tuple(fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }), fc.boolean())
      .map(([entries, nullProto]) => plainObject(entries, nullProto)),
    fc.array(fc.tuple(tie('value'), tie('value')), { maxLength: 5 }).map((e) => new Map(e)),
    fc.array(tie('value'), { maxLength: 6 }).map((e) => new Set(e)),
  ),
}));

/** Nesting deeper than the default limit (64) now and then. */
const deep = fc.tuple(fc.integer({ min: 60, max: 70 }), primitive).map(([n, leaf]) => {
  let v = leaf;
  for (let i = 0; i < n; i++) v = i % 3 === 0 ? [v] : i % 3 === 1 ? { k: v } : new Map([[0, v]]);
  return v;
});

const CONTAINER_KINDS = (v) => Array.isArray(v) || v instanceof Map || v instanceof Set ||
  (typeof v === 'object' && v !== null && !(v instanceof Date) && !ArrayBuffer.isView(v) &&
    !(v instanceof ArrayBuffer));

/** Containers of v that can hold more values (arrays, objects, maps, sets), in walk order. */
function holders(v, out = [], seen = new Set()) {
  if (!CONTAINER_KINDS(v) || seen.has(v)) return out;
  seen.add(v);
  out.push(v);
  if (v instanceof Map) for (const [k, e] of v) { holders(k, out, seen); holders(e, out, seen); }
  else if (v instanceof Set) for (const e of v) holders(e, out, seen);
  else for (const k of Object.keys(v)) holders(v[k], out, seen);
  return out;
}

function put(holder, v) {
  if (Array.isArray(holder)) holder.push(v);
  else if (holder instanceof Map) holder.set(`link${holder.size}`, v);
  else if (holder instanceof Set) holder.add(v);
  else holder[`link${Object.keys(holder).length}`] = v;
}

/** A value, then (by the plan) some of its containers put inside others: shared references,
 *  and cycles when a container ends up inside itself. */
const graph = fc.tuple(value, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 3 }))
  .map(([v, plan]) => {
    const hs = holders(v);
    if (hs.length === 0) return v;
    for (const [from, to] of plan) put(hs[to % hs.length], hs[from % hs.length]);
    return v;
  });

const input = fc.oneof({ arbitrary: value, weight: 8 }, { arbitrary: graph, weight: 3 },
  { arbitrary: deep, weight: 1 });

// ---------------------------------------------------------------------------------------------
// Exact equality: what the format promises to keep.

const isPlain = (v) => {
  const p = Object.getPrototypeOf(v);
  return p === Object.prototype || p === null;
};
const typedName = (v) => Object.prototype.toString.call(v).slice(8, -1);
const bytesOf = (v) => new Uint8Array(v.buffer ?? v, v.byteOffset ?? 0, v.byteLength);

/** Throws unless `got` is exactly `want`. With tracking, the containers of the two must also be
 *  in one-to-one correspondence (same sharing, same cycles); without, each occurrence is a copy. */
function expectSame(want, got, tracked, path = 'value', pairs = new Map()) {
  const fail = (why) => assert.fail(`${path}: ${why}`);
  if (typeof want !== typeof got) fail(`${typeof want} became ${typeof got}`);
  if (typeof want !== 'object' || want === null) {
    if (!Object.is(want, got)) fail(`${String(want)} became ${String(got)}`);
    return;
  }
  if (got === null) fail('an object became null');
  if (want instanceof Date) {
    if (!(got instanceof Date) || !Object.is(want.getTime(), got.getTime())) fail('Date differs');
    return;
  }
  if (tracked) {
    if (pairs.has(want)) {
      if (pairs.get(want) !== got) fail('a shared container lost its identity');
      return;
    }
    pairs.set(want, got);
  }
  if (ArrayBuffer.isView(want)) {
    if (typedName(got) !== typedName(want)) fail(`${typedName(want)} became ${typedName(got)}`);
    if (got.byteOffset !== 0 || got.length !== want.length) fail('typed array shape');
    assert.deepStrictEqual(bytesOf(got), bytesOf(want), path);
    return;
  }
  if (want instanceof ArrayBuffer) {
    if (!(got instanceof ArrayBuffer)) fail('ArrayBuffer became something else');
    assert.deepStrictEqual(new Uint8Array(got), new Uint8Array(want), path);
    return;
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) fail('array length');
    for (let i = 0; i < want.length; i++) {
      if ((i in want) !== (i in got)) fail(`hole at ${i}`);
      if (i in want) expectSame(want[i], got[i], tracked, `${path}[${i}]`, pairs);
    }
    return;
  }
  if (want instanceof Map || want instanceof Set) {
    if (Object.getPrototypeOf(got) !== Object.getPrototypeOf(want) || got.size !== want.size) {
      fail('Map/Set kind or size');
    }
    const a = [...want];
    const b = [...got];
    const entry = want instanceof Map ? (x) => x : (x) => [x, undefined];
    for (let i = 0; i < a.length; i++) {
      const [wk, wv] = entry(a[i]);
      const [gk, gv] = entry(b[i]);
      expectSame(wk, gk, tracked, `${path}{key ${i}}`, pairs);
      expectSame(wv, gv, tracked, `${path}{value ${i}}`, pairs);
    }
    return;
  }
  assert.ok(isPlain(want), `${path}: the generator made a non-plain object`);
  if (Object.getPrototypeOf(got) !== Object.prototype) fail('not a plain object');
  const keys = Object.keys(want);
  assert.deepStrictEqual(Object.keys(got), keys, `${path}: keys`);
  for (const k of keys) expectSame(want[k], got[k], tracked, `${path}.${k}`, pairs);
}

// ---------------------------------------------------------------------------------------------
// Why a value may be refused.

function hasLoneSurrogate(v, seen = new Set()) {
  if (typeof v === 'string') return !v.isWellFormed();
  if (!CONTAINER_KINDS(v) || seen.has(v)) return false;
  seen.add(v);
  if (v instanceof Map) return [...v].some(([k, e]) => hasLoneSurrogate(k, seen) || hasLoneSurrogate(e, seen));
  if (v instanceof Set) return [...v].some((e) => hasLoneSurrogate(e, seen));
  return Object.keys(v).some((k) => hasLoneSurrogate(k, seen) || hasLoneSurrogate(v[k], seen));
}

/** Containers (arrays, objects, maps, sets) on the deepest path, or Infinity with a cycle. */
function depth(v, open = new Set()) {
  if (!CONTAINER_KINDS(v)) return 0;
  if (open.has(v)) return Infinity;
  open.add(v);
  let d = 0;
  const inner = v instanceof Map ? [...v].flat() : v instanceof Set ? [...v] : Object.values(v);
  for (const e of inner) d = Math.max(d, depth(e, open));
  open.delete(v);
  return d + 1;
}

test(`generic values: ${RUNS} random values round-trip exactly or are refused with a reason`, () => {
  const stats = { exact: 0, BadUtf8: 0, Cycle: 0, DepthExceeded: 0, tracked: 0 };
  fc.assert(fc.property(input, fc.boolean(), (v, tracked) => {
    let bytes;
    try {
      bytes = serialize(v, { trackReferences: tracked });
    } catch (e) {
      assert.ok(e instanceof KilnError, `serialize threw ${e}`);
      assert.equal(e.offset, null);
      const d = depth(v);
      if (e.code === 'BadUtf8') assert.ok(hasLoneSurrogate(v), e.message);
      else if (e.code === 'Cycle') assert.ok(!tracked && d === Infinity, e.message);
      else if (e.code === 'DepthExceeded') assert.ok(d > 64, e.message);
      else assert.fail(`unexpected ${e.code}: ${e.message}`);
      stats[e.code]++;
      return;
    }
    assert.ok(!hasLoneSurrogate(v), 'a lone surrogate was written');
    let back;
    try {
      back = deserialize(bytes);
    } catch (e) {
      assert.fail(`the writer produced bytes its reader rejects: ${e.message}\n` +
        Buffer.from(bytes).toString('hex'));
    }
    expectSame(v, back, tracked);
    // What was read writes the same bytes again.
    assert.deepStrictEqual(serialize(back, { trackReferences: tracked }), bytes);
    stats.exact++;
    if (tracked) stats.tracked++;
  }), { seed: SEED, numRuns: RUNS });
  // The runs must mostly exercise round trips, and each refusal must occur.
  if (process.env.KILN_PROPERTY_STATS) console.log(stats);
  assert.ok(stats.exact > RUNS * 0.6, JSON.stringify(stats));
  for (const code of ['BadUtf8', 'Cycle', 'DepthExceeded']) assert.ok(stats[code] > 0, JSON.stringify(stats));
});

test('edge values: each round-trips alone and inside Maps and Sets', () => {
  const samples = fc.sample(fc.oneof(numberEdges, bigintEdges), { seed: SEED, numRuns: 200 });
  const all = [...new Set(samples)];
  for (const v of all) {
    const back = deserialize(serialize(v));
    assert.ok(Object.is(back, v), `${typeof v} ${String(v)}`);
  }
  // Numbers and BigInts of equal value are distinct keys in JS; they stay distinct.
  const s = new Set(all);
  expectSame(s, deserialize(serialize(s)), false);
  const m = new Map(all.map((k, i) => [k, i]));
  expectSame(m, deserialize(serialize(m)), false);
});

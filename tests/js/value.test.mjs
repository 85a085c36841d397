// kiln.serialize / kiln.deserialize: values without a schema. Round trips of every kind, the
// golden vectors shared with the C++ encoder (byte for byte), references and cycles, wrong
// arguments, and hostile bytes with the same error codes and offsets as the C++ decoder
// (tests/core/value_test.cpp has the same table).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import * as kiln from '../../js/index.mjs';
import { KilnError, serialize, deserialize } from '../../js/index.mjs';
import { Record } from '../../js/workloads.mjs';
import { VALUE_CASES, TRACKED, DECODE_ONLY } from './value_cases.mjs';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('tests/golden/value/manifest.json', root), 'utf8'));
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/value/${file}`, root)));
const HEADER = [0x4b, 0x01, 0x00, 0x60, 0x70, 0x6a, 0x3b];
const message = (body, flags = 0) => new Uint8Array([0x4b, 0x01, flags, ...HEADER.slice(3), ...body]);
const rejects = (fn, code, offset, pattern = /./) =>
  assert.throws(fn, (e) => {
    assert.ok(e instanceof KilnError, `not a KilnError: ${e}`);
    assert.equal(e.code, code, e.message);
    assert.equal(e.offset, offset, e.message);
    assert.match(e.message, pattern);
    return true;
  });

test('every kind round-trips', () => {
  const values = [
    null, undefined, true, false, 0, 1, 127, 128, -1, -0, NaN, Infinity, -Infinity, 1.5,
    2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 2 ** 70, Number.MIN_VALUE, 5n ** 40n, -(2n ** 64n), 2n ** 60n,
    '', 'a', 'é'.repeat(40), 'x'.repeat(1000), '😀 lone \ud800 surrogate'.slice(0, 2), 0n, 5n, -1n,
    [1, [2, [3]]], { a: { b: { c: 'd' } } }, new Map([[NaN, 1], [{ k: 1 }, [2]]]),
    new Set(['a', 1, null]), new Date(1234567890123), new Int8Array([-128, 127]),
    new Uint8Array(300).fill(9), new Uint8ClampedArray([1]), new Int16Array([-1]),
    new Uint16Array([1]), new Int32Array([-1, 2]), new Uint32Array([2 ** 32 - 1]),
    new Float32Array([0.5]), new Float64Array([NaN, -0]), new BigInt64Array([-(2n ** 63n)]),
    new BigUint64Array([2n ** 64n - 1n]), new Uint16Array(0).buffer, new ArrayBuffer(3),
  ];
  for (const v of values) {
    assert.deepStrictEqual(deserialize(serialize(v)), v, String(v));
    assert.deepStrictEqual(deserialize(serialize(v, { trackReferences: true })), v, String(v));
  }
  assert.deepStrictEqual(deserialize(serialize(values)), values);
});

test('numbers: safe integers as ints, everything else as float64; BigInts always as bigints', () => {
  assert.deepStrictEqual([...serialize(5).subarray(7)], [0x85]);
  assert.deepStrictEqual([...serialize(-1).subarray(7)], [0x04, 0x01]);
  assert.deepStrictEqual([...serialize(5n).subarray(7)], [0x06, 0x02, 0x05]);
  assert.deepStrictEqual([...serialize(0n).subarray(7)], [0x06, 0x00]);
  assert.deepStrictEqual([...serialize(-1n).subarray(7)], [0x06, 0x03, 0x01]);
  assert.deepStrictEqual([...serialize(-(2n ** 32n)).subarray(7)], [0x06, 0x0b, 0, 0, 0, 0, 1]);
  assert.equal(deserialize(serialize(5n)), 5n); // a BigInt comes back a BigInt
  assert.equal(deserialize(serialize({ n: 10n })).n + 1n, 11n);
  assert.equal(deserialize(serialize(2n ** 60n)), 2n ** 60n);
  assert.equal(deserialize(serialize(2 ** 52)), 2 ** 52); // and a number a number
  // An int beyond 2^53 (only C++ writes one) reads as a BigInt: a number would lose bits.
  assert.equal(deserialize(message([0x04, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20])), 2n ** 60n);
  // 2 and 2n are two Set elements and two Map keys, in JS and on the wire.
  const mixed = new Set([2, 2n, 0, 0n, -1, -1n, 2 ** 60, 2n ** 60n]);
  assert.deepStrictEqual(deserialize(serialize(mixed)), mixed);
  const keyed = new Map([[2, 'number'], [2n, 'bigint']]);
  assert.deepStrictEqual(deserialize(serialize(keyed)), keyed);
  assert.deepStrictEqual([...serialize(0.5).subarray(7)], [0x05, 0, 0, 0, 0, 0, 0, 0xe0, 0x3f]);
  assert.equal(serialize(-0)[7], 0x05);
  assert.ok(Object.is(deserialize(serialize(-0)), -0));
  assert.equal(serialize(2 ** 53)[7], 0x05); // not a safe integer: float64, exact
  assert.equal(serialize(2n ** 64n)[7], 0x06);
  // A Date is milliseconds as float64; an invalid date survives.
  assert.ok(Number.isNaN(deserialize(serialize(new Date(NaN))).getTime()));
});

test('lone surrogates are BadUtf8 errors naming the path, in values and in typed strings', () => {
  const cases = [
    ['\ud800', /^value: the string has a lone surrogate U\+D800 at index 0/],
    [['ok', 'x\udbff'], /^value\[1\]: .*U\+DBFF at index 1/],
    [{ a: 'y'.repeat(100) + '\udc00' }, /^value\.a: .*U\+DC00 at index 100/],
    [{ ['k\ud800']: 1 }, /^value\["k\\ud800"\]: .*U\+D800 at index 1/],
    [new Set(['\ud800', '\udbff']), /^value\{element 0\}: /],
    [new Map([['é'.repeat(70) + '\ud83d', 1]]), /^value\{entry 0\}: .*at index 70/],
  ];
  for (const [v, pattern] of cases) {
    assert.throws(() => serialize(v), (e) => e instanceof KilnError && e.code === 'BadUtf8' &&
      e.offset === null && pattern.test(e.message), String(pattern));
  }
  // A surrogate pair is one astral character, in any position.
  for (const s of ['😀', 'a😀', '😀'.repeat(40), 'é😀', 'x'.repeat(70) + '😀']) {
    assert.equal(deserialize(serialize(s)), s);
  }
  // The typed writer has the same rule.
  const codec = new kiln.Codec();
  assert.throws(() => codec.serialize(Record, { f1: 1, f2: 'é\ud800', f3: [], f4: {} }),
    (e) => e instanceof KilnError && e.code === 'BadUtf8' && /U\+D800 at index 1/.test(e.message));
  assert.throws(() => codec.serialize(Record, { f1: 1, f2: '', f3: ['\udfff'], f4: {} }),
    (e) => e.code === 'BadUtf8');
});

test('a Map or Set that a getter resizes while it is written is an error, not a short message', () => {
  const m = new Map([[1, { get x() { m.delete(2); return 1; } }], [2, 2]]);
  assert.throws(() => serialize(m), (e) => e.code === 'InvalidArgument' && /Map changed size/.test(e.message));
  const s = new Set();
  s.add({ get x() { s.add(3); return 1; } });
  const bytes = serialize(s);
  assert.deepStrictEqual([...bytes.subarray(7, 9)], [0x0d, 0x01]); // the count it began with
  assert.equal(deserialize(bytes).size, 1);
});

test('objects: insertion order, __proto__ is an ordinary key, holes are kept', () => {
  const o = deserialize(serialize({ b: 1, a: 2, ['__proto__']: { x: 1 } }));
  assert.deepStrictEqual(Object.keys(o), ['b', 'a', '__proto__']);
  assert.equal(Object.getPrototypeOf(o), Object.prototype);
  assert.equal(({}).x, undefined);
  const nullProto = Object.assign(Object.create(null), { k: 1 });
  assert.deepStrictEqual(deserialize(serialize(nullProto)), { k: 1 });
  const holes = deserialize(serialize([1, , 3])); // eslint-disable-line no-sparse-arrays
  assert.equal(holes.length, 3);
  assert.ok(!(1 in holes));
});

test('golden vectors: the manifest lists every case', () => {
  assert.deepStrictEqual(manifest.vectors.map((v) => v.file.replace('.bin', '')).sort(),
    Object.keys(VALUE_CASES).sort());
  for (const v of manifest.vectors) assert.equal(v.track_references, TRACKED.has(v.file.replace('.bin', '')));
});

for (const v of manifest.vectors) {
  const name = v.file.replace('.bin', '');
  test(`golden ${name}: JS writes the C++ bytes and reads them back to the same value`, () => {
    const bytes = golden(v.file);
    assert.equal(bytes.length, v.bytes);
    const back = deserialize(bytes);
    assert.deepStrictEqual(back, VALUE_CASES[name]());
    if (DECODE_ONLY.has(name)) {
      // JS writes these BigInts as bigints (tag 06), which read back as the same BigInts.
      const mine = serialize(back);
      assert.ok(mine.subarray(7).some((b) => b === 0x06));
      assert.deepStrictEqual(deserialize(mine), back);
      return;
    }
    const mine = serialize(VALUE_CASES[name](), { trackReferences: v.track_references });
    assert.deepStrictEqual(Buffer.from(mine).toString('hex'), Buffer.from(bytes).toString('hex'));
    assert.deepStrictEqual(serialize(back, { trackReferences: v.track_references }), bytes);
  });
  test(`golden ${name}: every truncation and every bit flip is rejected or decodes`, () => {
    const full = golden(v.file);
    for (let n = 0; n < full.length; n++) {
      assert.throws(() => deserialize(full.subarray(0, n)), (e) => e instanceof KilnError && e.offset <= n,
        `${name} truncated to ${n}`);
    }
    for (let i = 0; i < full.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const m = full.slice();
        m[i] ^= 1 << bit;
        let back;
        try {
          back = deserialize(m);
        } catch (e) {
          assert.ok(e instanceof KilnError, `${name} byte ${i} bit ${bit}: ${e}`);
          assert.ok(e.offset <= m.length, e.message);
          continue;
        }
        // Accepted: it is a value, and it round-trips (compared by its bytes: a flipped Date may
        // be invalid, and deepStrictEqual treats two invalid Dates as different).
        const opts = { trackReferences: (m[2] & 2) !== 0 };
        const once = serialize(back, opts).slice();
        assert.deepStrictEqual(serialize(deserialize(once), opts), once, `${name} byte ${i} bit ${bit}`);
      }
    }
  });
}

test('shared references and cycles survive with trackReferences', () => {
  const shared = { n: 1 };
  const bytes = new Uint8Array([1, 2]);
  const v = { a: shared, b: shared, c: [bytes, bytes], m: new Map([[shared, shared]]) };
  const back = deserialize(serialize(v, { trackReferences: true }));
  assert.equal(back.a, back.b);
  assert.equal(back.c[0], back.c[1]);
  assert.equal([...back.m.keys()][0], back.a);
  const copies = deserialize(serialize(v));
  assert.notEqual(copies.a, copies.b);
  assert.deepStrictEqual(copies.a, copies.b);

  const node = { name: 'n', next: null, list: [] };
  node.next = node;
  node.list.push(node, new Set([node]));
  const c = deserialize(serialize(node, { trackReferences: true }));
  assert.equal(c.next, c);
  assert.equal(c.list[0], c);
  assert.ok(c.list[1].has(c));
});

test('fingerprint: false leaves the 4 fingerprint bytes out', () => {
  const v = { name: 'n', list: [1, 2.5, 'x'], when: new Date(0) };
  const full = serialize(v);
  const short = serialize(v, { fingerprint: false });
  assert.deepStrictEqual([...short], [75, 1, 0x10, ...full.subarray(7)]);
  assert.deepStrictEqual(deserialize(short), v);
  const refs = serialize(v, { fingerprint: false, trackReferences: true });
  assert.equal(refs[2], 0x12);
  assert.deepStrictEqual(deserialize(refs), v);
});

test('a cycle without trackReferences is an error, not a stack overflow', () => {
  const a = [1];
  a.push({ back: a });
  assert.throws(() => serialize(a), (e) => e instanceof KilnError && e.code === 'Cycle' &&
    /^value\[1\]\.back: refers back to a container that encloses it/.test(e.message) && e.offset === null);
  const m = new Map();
  m.set('self', m);
  assert.throws(() => serialize(m), (e) => e.code === 'Cycle');
  // The same object twice, not nested in itself, is fine: written twice.
  const s = {};
  assert.doesNotThrow(() => serialize([s, s]));
});

test('plain objects and arrays from another realm (vm context, iframe) are plain values', () => {
  const foreign = vm.runInNewContext('({ a: [1, { b: "c" }] })');
  assert.deepStrictEqual(deserialize(serialize(foreign)), { a: [1, { b: 'c' }] });
  const instance = vm.runInNewContext('new (class Point { constructor() { this.x = 1; } })()');
  assert.throws(() => serialize(instance), (e) => e.code === 'InvalidArgument' && /Point/.test(e.message));
});

test('values that cannot be serialized are clear errors with their path', () => {
  const cases = [
    [() => 1, /^value: a function cannot be serialized/],
    [Symbol('s'), /^value: a symbol \(s\) cannot be serialized/],
    [{ a: [0, new (class Point {})()] }, /^value\.a\[1\]: an instance of Point cannot be serialized/],
    [{ 'a b': new WeakMap() }, /^value\["a b"\]: an instance of WeakMap/],
    [new DataView(new ArrayBuffer(1)), /^value: an instance of DataView/],
    [new Map([[1, Promise.resolve()]]), /^value\{entry 0\}: an instance of Promise/],
  ];
  for (const [v, pattern] of cases) {
    assert.throws(() => serialize(v), (e) => e instanceof KilnError && e.code === 'InvalidArgument' &&
      pattern.test(e.message), String(pattern));
  }
  let deep = [];
  for (let i = 0; i < 100; i++) deep = [deep];
  assert.throws(() => serialize(deep), (e) => e.code === 'DepthExceeded' && /nested deeper than 64/.test(e.message));
  assert.doesNotThrow(() => serialize(deep, { limits: { maxDepth: 200 } }));
  assert.throws(() => deserialize([1, 2]), (e) => e.code === 'InvalidArgument');
  assert.throws(() => serialize(1, 'x'), (e) => e.code === 'InvalidArgument');
  // A failed serialize leaves earlier results intact.
  const ok = serialize({ a: 1 });
  const copy = ok.slice();
  assert.throws(() => serialize({ a: () => 1 }));
  assert.deepStrictEqual(ok, copy);
});

test('hostile bytes: the same codes and offsets as the C++ decoder', () => {
  const cases = [
    [[], 'Truncated', 7],
    [[0x11], 'BadTag', 7],
    [[0x3f], 'BadTag', 7],
    [[0x09], 'BadTag', 7],
    [[0x45, 0x61], 'Truncated', 7],
    [[0x07, 0x80, 0x80, 0x80, 0x01, 0x61], 'Truncated', 8],
    [[0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f], 'LengthTooLarge', 8],
    [[0x0b, 0x02, 0x01, 0x61, 0x80], 'Truncated', 8],
    [[0x0b, 0x02, 0x01, 0x61, 0x80, 0x01, 0x61, 0x81], 'DuplicateKey', 12],
    [[0x0c, 0x02, 0x81, 0x00, 0x05, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x00], 'DuplicateKey', 11],
    [[0x0d, 0x02, 0x41, 0x61, 0x41, 0x61], 'DuplicateKey', 11],
    [[0x0e, 0x0b, 0x00], 'BadTag', 8],
    [[0x0e, 0x05, 0x03, 1, 2, 3], 'ValueOutOfRange', 9],
    [[0x06, 0x02, 0x00], 'ValueOutOfRange', 8],
    [[0x06, 0x01], 'ValueOutOfRange', 8],
    [[0x0d, 0x02, 0x04, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0x06, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x10],
      'DuplicateKey', 19],
    [[0x06, 0x10, 0x01], 'Truncated', 8],
    [[0x04, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02], 'VarintOverflow', 8],
    [[0x05, 0, 0, 0], 'Truncated', 8],
    [[0x41, 0xff], 'BadUtf8', 8],
    [[0x81, 0x81], 'TrailingBytes', 8],
  ];
  for (const [body, code, offset] of cases) rejects(() => deserialize(message(body)), code, offset);
  // Two Dates are two different Set elements in JS.
  const dates = deserialize(message([0x0d, 0x02, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0, 0, 0, 0, 0, 0, 0, 0]));
  assert.equal(dates.size, 2);
  // References.
  rejects(() => deserialize(message([0x0a, 0x01, 0x10, 0x00])), 'BadReference', 9, /without reference tracking/);
  rejects(() => deserialize(message([0x0a, 0x02, 0x10, 0x05, 0x00], 2)), 'BadReference', 9, /container 5/);
  rejects(() => deserialize(message([0x10, 0x00], 2)), 'BadReference', 7);
  const cyclicKey = deserialize(message([0x0c, 0x01, 0x10, 0x00, 0x00], 2));
  assert.equal([...cyclicKey.keys()][0], cyclicKey);
  // Header.
  rejects(() => deserialize(message([0x00], 4)), 'BadFlags', 2);
  assert.equal(deserialize(message([0x00], 1)), null);
  const typed = new kiln.Codec().serialize(Record, { f1: 1, f2: '', f3: [], f4: {} });
  rejects(() => deserialize(typed), 'SchemaMismatch', 3, /generic value has 0x3b6a7060/);
});

test('a Node Buffer (a view into a shared pool) decodes to values that own their bytes', () => {
  const v = [new Int32Array([1, -2]), new Uint8Array([5, 6]), new Uint16Array([7]).buffer, 'text'];
  const bytes = serialize(v);
  const pooled = Buffer.alloc(bytes.length + 3);
  bytes.forEach((b, i) => { pooled[i + 3] = b; });
  const input = pooled.subarray(3);
  const back = deserialize(input);
  assert.deepStrictEqual(back, v);
  assert.equal(back[0].byteOffset, 0);
  assert.equal(back[0].buffer.byteLength, 8);
  assert.ok(!(back[1] instanceof Buffer));
  input.fill(0); // the decoded values do not share the input's memory
  assert.deepStrictEqual(back, v);
});

test('deep nesting stops at the depth limit', () => {
  const body = [];
  for (let i = 0; i < 100000; i++) body.push(0x0a, 0x01);
  body.push(0x00);
  rejects(() => deserialize(message(body)), 'DepthExceeded', 7 + 2 * 64 + 2);
  const ok = [];
  for (let i = 0; i < 64; i++) ok.push(0x0a, 0x01);
  ok.push(0x00);
  assert.doesNotThrow(() => deserialize(message(ok)));
  rejects(() => deserialize(message(ok), { limits: { maxDepth: 3 } }), 'DepthExceeded', 7 + 2 * 3 + 2);
});

test('the CommonJS bundle exports the same functions', { skip: !existsSync(new URL('js/dist/kiln.cjs', root)) }, () => {
  const cjs = createRequire(import.meta.url)('../../js/dist/kiln.cjs');
  const v = { a: [1, 2n ** 70n, new Map([[1, new Set(['x'])]])] };
  assert.deepStrictEqual(cjs.deserialize(serialize(v)), v);
  assert.deepStrictEqual(cjs.serialize(v), serialize(v));
});

test('an option serialize and deserialize do not know is an error, never ignored', () => {
  const bad = (f, name) => assert.throws(f, (e) => e instanceof KilnError && e.code === 'InvalidArgument' &&
    e.message.includes(`unknown option '${name}'`));
  bad(() => serialize(1, { trackRefs: true }), 'trackRefs');
  bad(() => serialize(1, { compressNumbers: true }), 'compressNumbers'); // typed codecs only
  bad(() => deserialize(serialize(1), { headers: false }), 'headers');
  bad(() => deserialize(serialize(1), { limits: { maxDepht: 3 } }), 'maxDepht');
  assert.throws(() => serialize(1, 'fast'), { code: 'InvalidArgument' });
  // One options object serves a writer and its reader.
  const options = { header: false, trackReferences: true, fingerprint: false, limits: { maxDepth: 8 } };
  assert.deepStrictEqual(deserialize(serialize([1, 'x'], options), options), [1, 'x']);
});

// The JS API on the workload types: round trips, the three ways out, edge values, and the rules
// for numbers, strings and maps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError, loadCore } from '../../js/index.mjs';
import { Struct, Foo, Record } from '../../js/workloads.mjs';
import { makeStruct, makeFoo, makeRecord, dict } from './workloads.mjs';

const codecs = [new Codec(), new Codec({ compressNumbers: true })];

test('workloads round-trip with deep equality in both number modes', () => {
  for (const codec of codecs) {
    for (const [type, make] of [[Struct, makeStruct], [Foo, makeFoo], [Record, makeRecord]]) {
      const bytes = codec.serialize(type, make());
      assert.ok(bytes instanceof Uint8Array);
      assert.deepStrictEqual(codec.deserialize(type, bytes), make());
    }
  }
});

test('type-level shortcuts use the default codecs', () => {
  const fixed = Foo.serialize(makeFoo());
  const small = Foo.serialize(makeFoo(), { compressNumbers: true });
  assert.ok(small.length < fixed.length);
  assert.deepStrictEqual(Foo.deserialize(fixed), makeFoo());
  assert.deepStrictEqual(Foo.deserialize(small), makeFoo()); // the header says which mode
});

test('serialize results stay valid after later calls', () => {
  const codec = new Codec();
  const first = codec.serialize(Record, makeRecord());
  const copy = first.slice();
  for (let i = 0; i < 5000; i++) codec.serialize(Foo, makeFoo()); // fills and replaces chunks
  assert.deepStrictEqual(first, copy);
});

test('serializeView reuses one buffer; serializeInto writes at an offset', () => {
  const codec = new Codec();
  const a = codec.serializeView(Record, makeRecord());
  const expected = codec.serialize(Record, makeRecord());
  assert.deepStrictEqual(a, expected);
  const b = codec.serializeView(Struct, makeStruct());
  assert.equal(a.buffer, b.buffer); // same scratch memory

  const target = new Uint8Array(100).fill(0xee);
  const n = codec.serializeInto(Record, makeRecord(), target, 10);
  assert.equal(n, expected.length);
  assert.deepStrictEqual(target.subarray(10, 10 + n), expected);
  assert.equal(target[9], 0xee);
  assert.equal(target[10 + n], 0xee);
  assert.throws(() => codec.serializeInto(Foo, makeFoo(), new Uint8Array(10)), {
    name: 'KilnError', code: 'BufferTooSmall',
  });
});

test('int64 fields: BigInt out; BigInt or safe integers in; anything else rejected', () => {
  for (const codec of codecs) {
    const s = makeStruct();
    for (const v of [-(2n ** 63n), 2n ** 63n - 1n, 0n, -1n, 2n ** 53n + 1n]) {
      s.f2 = v;
      assert.equal(codec.deserialize(Struct, codec.serialize(Struct, s)).f2, v);
    }
    for (const v of [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -1, 0, 2 ** 40]) {
      s.f2 = v;
      assert.equal(codec.deserialize(Struct, codec.serialize(Struct, s)).f2, BigInt(v));
    }
    for (const v of [2n ** 63n, -(2n ** 63n) - 1n, 2 ** 53, 1.5, NaN, '1', null]) {
      s.f2 = v;
      assert.throws(() => codec.serialize(Struct, s), (e) => e instanceof KilnError &&
        e.code === 'InvalidArgument' && /Struct\.f2: expected an int64/.test(e.message));
    }
  }
});

test("int64: 'number' decodes 64-bit integers as numbers, and refuses unsafe ones", () => {
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compressNumbers, int64: 'number' });
    const exact = new Codec({ compressNumbers });
    const s = makeStruct();
    for (const v of [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -1, 0, 2 ** 40, -(2 ** 49) - 3]) {
      s.f6 = v;
      const back = codec.deserialize(Struct, exact.serialize(Struct, s));
      assert.equal(back.f6, v);
      assert.equal(typeof back.f2, 'number');
    }
    const foo = codec.deserialize(Foo, exact.serialize(Foo, makeFoo()));
    assert.deepStrictEqual(foo.f4, dict(Object.entries(makeFoo().f4).map(([k, v]) => [k, Number(v)])));
    // Just outside the safe range: an error at the value's first byte, not a rounded number.
    for (const v of [2n ** 53n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 63n)]) {
      s.f6 = v;
      const bytes = exact.serialize(Struct, s);
      assert.equal(exact.deserialize(Struct, bytes).f6, v);
      // f6 follows the 7-byte header and f1..f5: i32, i64, f32, f64, i32 (4+8+4+8+4 bytes
      // fixed; 1+4+4+8+1 compressed, for makeStruct's f1 = 10, f2 = 123456788, f5 = 11).
      const f6At = compressNumbers ? 25 : 35;
      assert.throws(() => codec.deserialize(Struct, bytes), (e) => e instanceof KilnError &&
        e.code === 'ValueOutOfRange' && e.offset === f6At && e.message.includes(String(v)) &&
        e.message.includes("int64: 'bigint'"));
    }
  }
  assert.equal(Foo.deserialize(Foo.serialize(makeFoo()), { int64: 'number' }).f4.key0, 0);
  assert.throws(() => new Codec({ int64: 'string' }), { name: 'KilnError', code: 'InvalidArgument' });
});

test('int32 fields reject values that do not fit instead of truncating', () => {
  for (const v of [2 ** 31, -(2 ** 31) - 1, 1.5, NaN, Infinity, 10n, '10']) {
    const s = makeStruct();
    s.f1 = v;
    assert.throws(() => Struct.serialize(s), /Struct\.f1: expected an int32/);
  }
  const s = makeStruct();
  s.f1 = -(2 ** 31);
  assert.equal(Struct.deserialize(Struct.serialize(s, { compressNumbers: true })).f1, -(2 ** 31));
});

test('doubles keep NaN, infinities and -0; floats round to float32', () => {
  for (const codec of codecs) {
    const s = makeStruct();
    s.f4 = NaN;
    s.f8 = -Infinity;
    s.f12 = -0;
    s.f3 = 0.1;
    const back = codec.deserialize(Struct, codec.serialize(Struct, s));
    assert.ok(Number.isNaN(back.f4));
    assert.equal(back.f8, -Infinity);
    assert.ok(Object.is(back.f12, -0));
    assert.equal(back.f3, Math.fround(0.1));
  }
});

test('unicode strings round-trip; a lone surrogate is a BadUtf8 error as documented', () => {
  const r = makeRecord();
  r.f2 = 'héllo 日本 🎉 \u0000 end';
  r.f3 = ['', 'x'.repeat(100000), 'ascii then é', '\u{10FFFF}'];
  assert.deepStrictEqual(Record.deserialize(Record.serialize(r)), r);
  r.f2 = 'a\uD800b\uDC00';
  assert.throws(() => Record.serialize(r), (e) => e.code === 'BadUtf8' && /U\+D800 at index 1/.test(e.message));
});

test('strings of every length class keep the length prefix right', async () => {
  const core = await loadCore();
  for (const n of [0, 1, 42, 127, 128, 129, 16383, 16384, 70000]) {
    for (const ch of ['a', 'é', '日', '🎉']) {
      const r = makeRecord();
      r.f2 = ch.repeat(Math.floor(n / ch.length)); // whole characters: no lone surrogates
      const bytes = Record.serialize(r);
      assert.deepStrictEqual(Record.deserialize(bytes).f2, r.f2);
      assert.deepStrictEqual(core.reencode(Record, bytes), bytes, `${n} x ${ch}`);
    }
  }
});

test('maps: object or Map in, plain object out, written in C++ key order', async () => {
  const core = await loadCore();
  const entries = [['b', 2n], ['a', 1n], ['10', 3n], ['9', 4n], ['\u{1F600}', 5n], ['é', 6n]];
  const asObject = { ...makeRecord(), f4: Object.fromEntries(entries) };
  const asMap = { ...makeRecord(), f4: new Map(entries) };
  const b1 = Record.serialize(asObject);
  const b2 = Record.serialize(asMap);
  assert.deepStrictEqual(b1, b2);
  // The C++ encoder (std::map order) writes exactly these bytes for the same value.
  assert.deepStrictEqual(core.reencode(Record, b1), b1);
  const back = Record.deserialize(b1);
  assert.equal(Object.getPrototypeOf(back.f4), Object.prototype);
  // JS lists integer-like keys first whatever the insertion order; the wire order is C++'s, so
  // writing the decoded object again gives the same bytes.
  assert.deepStrictEqual(Object.keys(back.f4).sort(), entries.map(([k]) => k).sort());
  assert.deepStrictEqual(Record.serialize(back), b1);
});

test('map keys: recently decoded keys are reused without mixing up keys of equal length', () => {
  // Many keys of every short length (the cached ones, up to 12 bytes), keys that share a length
  // and differ in one byte, non-ASCII and longer keys; decoded several times so later decodes
  // come from the cache, and interleaved with maps whose keys differ.
  const keys = [''];
  for (let n = 1; n <= 14; n++) {
    for (let i = 0; i < 40; i++) keys.push(String.fromCharCode(...Array.from({ length: n }, (_, j) => 33 + ((i * 7 + j * 13) % 90))));
  }
  keys.push('é', 'ключ', '\u{1F600}', 'x'.repeat(100));
  const make = (salt) => ({ ...makeRecord(), f4: new Map(keys.map((k, i) => [salt + k, BigInt(i)])) });
  for (const codec of codecs) {
    for (let round = 0; round < 3; round++) {
      for (const salt of ['', 'a', 'b']) {
        const r = make(salt);
        const back = codec.deserialize(Record, codec.serialize(Record, r));
        assert.deepStrictEqual(new Map(Object.entries(back.f4)), r.f4);
      }
    }
  }
});

test('maps with the same keys in another insertion order write the same bytes', async () => {
  const core = await loadCore();
  const entries = Array.from({ length: 30 }, (_, i) => [`key${i}`, BigInt(i)]);
  const inOrder = Record.serialize({ ...makeRecord(), f4: dict(entries) });
  assert.deepStrictEqual(core.reencode(Record, inOrder), inOrder);
  for (let i = 0; i < 4; i++) {
    // Reversed, shuffled, and one key renamed: the result follows the keys given each time.
    const shuffled = [...entries].sort(() => (i % 2 ? -1 : 1)).reverse();
    assert.deepStrictEqual(Record.serialize({ ...makeRecord(), f4: dict(shuffled) }), inOrder);
    assert.deepStrictEqual(Record.serialize({ ...makeRecord(), f4: dict(entries) }), inOrder);
    const renamed = entries.map(([k, v], j) => [j === 7 ? 'key7x' : k, v]);
    const bytes = Record.serialize({ ...makeRecord(), f4: dict(renamed) });
    assert.deepStrictEqual(core.reencode(Record, bytes), bytes);
    assert.deepStrictEqual(Record.deserialize(bytes).f4, dict(renamed));
  }
});

test('documented edge: keys differing at a surrogate vs U+E000..U+FFFF keep JS order', async () => {
  const core = await loadCore();
  const r = { ...makeRecord(), f4: new Map([['\u{1F600}', 1n], ['\uFFFD', 2n]]) };
  const bytes = Record.serialize(r);
  const cpp = core.reencode(Record, bytes); // C++ sorts by UTF-8 bytes: U+FFFD first
  assert.notDeepStrictEqual(bytes, cpp);
  assert.equal(bytes.length, cpp.length);
  assert.deepStrictEqual(Record.deserialize(bytes), Record.deserialize(cpp));
});

test('a __proto__ key is an ordinary key, never a prototype', () => {
  const r = makeRecord();
  r.f4 = new Map([['__proto__', 1n], ['constructor', 2n]]);
  const back = Record.deserialize(Record.serialize(r));
  assert.equal(Object.getPrototypeOf(back.f4), Object.prototype);
  assert.ok(Object.hasOwn(back.f4, '__proto__'));
  assert.equal(back.f4.__proto__, 1n);
  assert.equal(back.f4.constructor, 2n);
  assert.equal({}.polluted, undefined);
  assert.deepStrictEqual(Object.keys(back.f4), ['__proto__', 'constructor']);
});

test('empty containers and strings', () => {
  const r = { f1: 0, f2: '', f3: [], f4: dict([]) };
  for (const codec of codecs) assert.deepStrictEqual(codec.deserialize(Record, codec.serialize(Record, r)), r);
});

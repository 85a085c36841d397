// Typed maps with string keys: plain objects by default (with Object.prototype, and safe for keys
// such as '__proto__' and 'constructor'), Maps with the maps: 'map' option; a Map or an object is
// accepted on input either way. Unknown options throw instead of being ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError } from '../../js/runtime/index.mjs';
import { Record, Foo, Bulk } from '../../js/generated/workloads.mjs';
import { makeRecord, makeFoo } from './workloads.mjs';

const tricky = [['__proto__', 1n], ['constructor', 2n], ['hasOwnProperty', 3n], ['toString', 4n], ['', 5n], ['b', 6n]];
const record = (entries) => ({ ...makeRecord(), f4: new Map(entries) });

test('maps decode to plain objects: own keys only, Object.prototype methods work', () => {
  for (const codec of [new Codec(), new Codec({ compressNumbers: true })]) {
    const back = codec.deserialize(Record, codec.serialize(Record, record(tricky)));
    const m = back.f4;
    assert.equal(Object.getPrototypeOf(m), Object.prototype);
    assert.equal(typeof Object.prototype.hasOwnProperty.call(m, 'b'), 'boolean');
    assert.deepEqual(Object.keys(m).sort(), tricky.map(([k]) => k).sort());
    for (const [k, v] of tricky) {
      assert.ok(Object.hasOwn(m, k), k);
      assert.equal(m[k], v, k);
    }
    // '__proto__' is an own data property; the prototype is untouched and nothing is polluted.
    assert.deepEqual(Object.getOwnPropertyDescriptor(m, '__proto__'),
      { value: 1n, writable: true, enumerable: true, configurable: true });
    assert.equal(Object.getPrototypeOf(m), Object.prototype);
    assert.equal({}.polluted, undefined);
    // Written again, the object gives the same bytes as the Map it came from.
    assert.deepEqual(codec.serialize(Record, back), codec.serialize(Record, record(tricky)));
  }
  const plain = Record.deserialize(Record.serialize({ ...makeRecord(), f4: { k: 1n } })).f4;
  assert.equal(plain.hasOwnProperty('k'), true);
  assert.equal(plain.toString(), '[object Object]');
});

test("maps: 'map' decodes maps with string keys as Maps (codec, type shortcut, nested)", () => {
  const bytes = Record.serialize(record(tricky));
  const viaCodec = new Codec({ maps: 'map' }).deserialize(Record, bytes);
  assert.ok(viaCodec.f4 instanceof Map);
  // Entries in wire order, which is C++ std::map order (UTF-8 bytes).
  assert.deepEqual([...viaCodec.f4], [...tricky].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  assert.deepEqual(Record.deserialize(bytes, { maps: 'map' }), viaCodec);
  assert.deepEqual(Record.deserialize(bytes, { maps: 'object' }).f4, Object.fromEntries(tricky));
  // The option is per call: the default codec for other options still gives objects.
  assert.ok(!(Record.deserialize(bytes).f4 instanceof Map));
  // With int64: 'number' as well.
  const both = Record.deserialize(bytes, { maps: 'map', int64: 'number' });
  assert.equal(both.f4.get('constructor'), 2);
  // Inside other containers (a vector of Foo), in both number modes.
  for (const compressNumbers of [false, true]) {
    const list = [makeFoo(), { ...makeFoo(), f4: new Map([['x', 1n]]) }];
    const back = new Codec({ compressNumbers, maps: 'map' }).deserialize(Bulk, Bulk.serialize(list, { compressNumbers }));
    assert.ok(back.every((f) => f.f4 instanceof Map));
    assert.equal(back[1].f4.get('x'), 1n);
    assert.equal(back[0].f4.size, Object.keys(makeFoo().f4).length);
  }
  // A Map decoded this way encodes to the same bytes.
  assert.deepEqual(Record.serialize(viaCodec), bytes);
});

test('a repeated key is DuplicateKey at the same offset in both modes', () => {
  for (const [first, second] of [['aa', 'ab'], ['constructor', 'constructos'], ['__proto__', '__proto_a']]) {
    const bytes = Record.serialize(record([[first, 1n], [second, 2n]]));
    // Turn the second key into the first: same length, one byte differs.
    const at = bytes.lastIndexOf(second.charCodeAt(second.length - 1));
    bytes[at] = first.charCodeAt(first.length - 1);
    const errors = [new Codec(), new Codec({ maps: 'map' })].map((c) => {
      try {
        c.deserialize(Record, bytes);
      } catch (e) {
        return e;
      }
      assert.fail(`${first}: no error`);
    });
    for (const e of errors) {
      assert.ok(e instanceof KilnError);
      assert.equal(e.code, 'DuplicateKey', e.message);
    }
    assert.equal(errors[0].offset, errors[1].offset);
    assert.equal(errors[0].offset, at - second.length); // the entry's key length byte
  }
});

// Keys in C++ order skip the duplicate lookup (each is above every earlier one); keys out of
// order, as a hash map or a forger writes them, are looked up, and a repeat is still found.
test('keys out of order decode, and a repeat after them is DuplicateKey', () => {
  const bytes = Record.serialize(record([['b1', 1n], ['b2', 2n], ['b3', 3n]]));
  const put = (key, as) => {  // the key's bytes, after its length byte 2, become those of `as`
    const at = 1 + bytes.findIndex((b, i) => b === 2 && bytes[i + 1] === key.charCodeAt(0) && bytes[i + 2] === key.charCodeAt(1));
    assert.ok(at > 7, key);
    bytes[at] = as.charCodeAt(0);
    bytes[at + 1] = as.charCodeAt(1);
    return at;
  };
  put('b2', 'a1');  // below the first key
  for (const codec of [new Codec(), new Codec({ maps: 'map' })]) {
    const m = codec.deserialize(Record, bytes).f4;
    assert.deepEqual(m instanceof Map ? [...m] : Object.entries(m), [['b1', 1n], ['a1', 2n], ['b3', 3n]]);
  }
  const at = put('b3', 'a1');  // the key out of order, again
  for (const codec of [new Codec(), new Codec({ maps: 'map' })]) {
    assert.throws(() => codec.deserialize(Record, bytes),
      (e) => e instanceof KilnError && e.code === 'DuplicateKey' && e.offset === at - 1);
  }
});

test('unknown or invalid options throw instead of being ignored', () => {
  const bytes = Record.serialize(makeRecord());
  const bad = (fn, code = 'InvalidArgument') => assert.throws(fn, (e) => e instanceof KilnError && e.code === code);
  bad(() => new Codec({ map: 'map' }));
  bad(() => new Codec({ maps: 'Map' }));
  bad(() => new Codec({ int64: 'string' }));
  bad(() => new Codec({ limits: { maxDepht: 3 } }));
  bad(() => new Codec(null));
  bad(() => Record.deserialize(bytes, { maps: true }));
  bad(() => Record.deserialize(bytes, { map: 'map' }));
  bad(() => Record.deserialize(bytes, { limits: { maxDepth: 3 } })); // limits need a Codec
  bad(() => Record.serialize(makeRecord(), { compress: true }));
  bad(() => Record.serialize(makeRecord(), null));
  // A misspelt option is caught on every call, not only the first with those options.
  Record.deserialize(bytes, { int64: 'number' });
  bad(() => Record.deserialize(bytes, { int64: 'number', mpas: 'map' }));
  assert.throws(() => new Codec({ mpas: 'map' }), /unknown option 'mpas'/);
  // Known options with their default values are fine.
  assert.deepEqual(Record.deserialize(bytes, { maps: 'object', int64: 'bigint', header: true }), Record.deserialize(bytes));
  assert.ok(new Codec({ limits: { maxDepth: 3 }, maps: 'object' }) instanceof Codec);
});

test('Foo round-trips with an object or a Map as input in both map modes', () => {
  const obj = makeFoo();
  const map = { ...obj, f4: new Map(Object.entries(obj.f4)) };
  for (const maps of ['object', 'map']) {
    const codec = new Codec({ maps });
    const a = codec.deserialize(Foo, codec.serialize(Foo, obj));
    const b = codec.deserialize(Foo, codec.serialize(Foo, map));
    assert.deepEqual(a, b);
    assert.deepEqual(maps === 'map' ? Object.fromEntries(a.f4) : a.f4, obj.f4);
  }
});

// Objects that decoders fill with computed keys (string-keyed maps in generated and JS-declared
// codecs, generic objects, JS-declared structs) are plain objects whatever their size, and in V8
// stay fast objects up to 24 keys, as JSON.parse's do, instead of turning into dictionaries past
// about 19 (js/runtime/plain_object.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { inspect } from 'node:util';
import * as kiln from '../../js/index.mjs';
import { Record } from '../../js/generated/workloads.mjs';

const { Codec, struct, map, string, i32 } = kiln;
const SIZES = [0, 1, 12, 13, 20, 24, 40];
const entries = (n) => Array.from({ length: n }, (_, i) => [`key${i}`, i]);
const declaredMap = struct('MapHolder', () => ({ m: map(string, i32) }));
const wide = (n) => struct(`Wide${n}`, () => Object.fromEntries(entries(n).map(([k]) => [k, i32])));

// The four decoders that fill objects with computed keys, each giving back a plain object of n keys.
const decoders = {
  'generated map': (n) => {
    const f4 = Object.fromEntries(entries(n).map(([k, v]) => [k, BigInt(v)]));
    return new Codec().deserialize(Record, Record.serialize({ f1: 1, f2: 'a', f3: [], f4 })).f4;
  },
  'declared map': (n) => {
    const codec = new Codec();
    return codec.deserialize(declaredMap, codec.serialize(declaredMap, { m: Object.fromEntries(entries(n)) })).m;
  },
  'declared struct': (n) => {
    const codec = new Codec();
    return codec.deserialize(wide(n), codec.serialize(wide(n), Object.fromEntries(entries(n))));
  },
  'generic object': (n) => kiln.deserialize(kiln.serialize(Object.fromEntries(entries(n)))),
};

test('decoded objects are plain objects of every size', () => {
  for (const [name, decode] of Object.entries(decoders)) {
    for (const n of SIZES) {
      const o = decode(n);
      const literal = {};
      for (const k of Object.keys(o)) literal[k] = o[k];
      assert.deepEqual(Object.keys(o).sort(), entries(n).map(([k]) => k).sort(), `${name}, ${n} keys`);
      assert.equal(Object.getPrototypeOf(o), Object.prototype, `${name}, ${n} keys`);
      assert.equal(o.constructor, Object, `${name}, ${n} keys`);
      assert.equal(Object.prototype.toString.call(o), '[object Object]');
      assert.equal(inspect(o), inspect(literal), `${name}, ${n} keys`);
      assert.deepStrictEqual(o, literal);
    }
  }
});

test("a large object's '__proto__' key is an own property, as in a small one", () => {
  for (const n of [2, 30]) {
    const value = Object.fromEntries(entries(n));
    Object.defineProperty(value, '__proto__', { value: 7, writable: true, enumerable: true, configurable: true });
    const back = kiln.deserialize(kiln.serialize(value));
    assert.equal(Object.getPrototypeOf(back), Object.prototype);
    assert.equal(Object.hasOwn(back, '__proto__'), true);
    assert.equal(back.__proto__, 7);
    assert.equal(Object.keys(back).length, n + 1);
    const f4 = new Map([...entries(n).map(([k, v]) => [k, BigInt(v)]), ['__proto__', 7n]]);
    const typed = Record.deserialize(Record.serialize({ f1: 1, f2: 'a', f3: [], f4 })).f4;
    assert.equal(Object.getPrototypeOf(typed), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(typed, '__proto__').value, 7n);
  }
});

test('V8 keeps decoded objects of up to 24 keys fast, as JSON.parse does', () => {
  // %HasFastProperties needs --allow-natives-syntax, so the check runs in a child process.
  const script = `
    const kiln = await import(${JSON.stringify(new URL('../../js/index.mjs', import.meta.url).href)});
    const { Record } = await import(${JSON.stringify(new URL('../../js/generated/workloads.mjs', import.meta.url).href)});
    const { Codec, struct, map, string, i32 } = kiln;
    const entries = (n) => Array.from({ length: n }, (_, i) => ['key' + i, i]);
    const holder = struct('MapHolder', () => ({ m: map(string, i32) }));
    const wide = (n) => struct('Wide' + n, () => Object.fromEntries(entries(n).map(([k]) => [k, i32])));
    const out = {};
    for (const n of [13, 20, 24]) {
      const o = Object.fromEntries(entries(n));
      const f4 = Object.fromEntries(entries(n).map(([k, v]) => [k, BigInt(v)]));
      const codec = new Codec();
      // Several of each, as a decoder makes in use (V8 sizes a constructor's objects by its first ones).
      for (let i = 0; i < 10; i++) {
        out['generated map ' + n] = %HasFastProperties(Record.deserialize(Record.serialize({ f1: 1, f2: 'a', f3: [], f4 })).f4);
        out['declared map ' + n] = %HasFastProperties(codec.deserialize(holder, codec.serialize(holder, { m: o })).m);
        out['generic object ' + n] = %HasFastProperties(kiln.deserialize(kiln.serialize(o)));
        out['declared struct ' + n] = %HasFastProperties(codec.deserialize(wide(n), codec.serialize(wide(n), o)));
      }
      out['JSON.parse ' + n] = %HasFastProperties(JSON.parse(JSON.stringify(o)));
    }
    console.log(JSON.stringify(out));`;
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script],
    { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const fast = JSON.parse(child.stdout);
  for (const [what, isFast] of Object.entries(fast)) assert.equal(isFast, true, `${what} keys: a dictionary-mode object`);
});

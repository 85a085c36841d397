// The malformed-input corpus (tests/malformed, verdicts from its manifest): the JS decoder and
// the wasm core each reject every input of a type they know with the manifest's code and byte
// offset; afterwards both still decode valid messages and the wasm heap has not grown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Codec, KilnError, loadCore } from '../../js/index.mjs';
import { Struct, Foo, Record, Bulk } from '../../js/workloads.mjs';
import { makeFoo, makeRecord, makeStruct } from './workloads.mjs';

const dir = new URL('../malformed/', import.meta.url);
const JS_TYPES = { Struct, Foo, Record, Bulk };
const CORE_TYPES = { Struct, Foo, Record }; // the types the shipped wasm core is built with
const entries = readFileSync(new URL('manifest.tsv', dir), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [file, type, code, offset, description] = line.split('\t');
    return { file, type, code, offset: Number(offset), description, bytes: new Uint8Array(readFileSync(new URL(file, dir))) };
  });

const show = (e) => (e === null ? 'accepted' : `${e.code} at ${e.offset}: ${e.message}`);

test('the corpus has over 1,000 inputs, most of them of types the JS decoder knows', () => {
  assert.ok(entries.length >= 1000, `${entries.length} inputs`);
  assert.ok(entries.filter((e) => JS_TYPES[e.type]).length >= 1000);
});

test('the JS decoder rejects every input with the manifest code and offset', () => {
  const codec = new Codec();
  let checked = 0;
  const wrong = [];
  for (const e of entries) {
    if (!JS_TYPES[e.type]) continue;
    let got = null;
    try {
      codec.deserialize(JS_TYPES[e.type], e.bytes);
    } catch (err) {
      assert.ok(err instanceof KilnError, `${e.file}: not a KilnError: ${err}`);
      got = err;
    }
    checked++;
    if (got === null || got.code !== e.code || got.offset !== e.offset) {
      wrong.push(`${e.file}: expected ${e.code} at ${e.offset}, got ${show(got)}`);
    }
  }
  assert.deepStrictEqual(wrong.slice(0, 20), []);
  assert.ok(checked >= 1000);
  assert.deepStrictEqual(codec.deserialize(Foo, codec.serialize(Foo, makeFoo())), makeFoo());
});

test('the wasm core rejects every input with the manifest code and offset; its heap does not grow', async () => {
  const core = await loadCore();
  const codec = new Codec();
  const good = {
    Struct: codec.serialize(Struct, makeStruct()),
    Foo: codec.serialize(Foo, makeFoo()),
    Record: codec.serialize(Record, makeRecord()),
  };
  for (const [name, bytes] of Object.entries(good)) assert.equal(core.validate(CORE_TYPES[name], bytes), null);
  const largest = Math.max(...entries.map((e) => e.bytes.length));
  core.validate(Foo, new Uint8Array(largest)); // the input buffer at its final size
  const heap = core.heapBytes();
  const wrong = [];
  let checked = 0;
  for (const e of entries) {
    if (!CORE_TYPES[e.type]) continue;
    const got = core.validate(CORE_TYPES[e.type], e.bytes);
    checked++;
    if (got === null || got.code !== e.code || got.offset !== e.offset) {
      wrong.push(`${e.file}: expected ${e.code} at ${e.offset}, got ${show(got)}`);
    }
  }
  assert.deepStrictEqual(wrong.slice(0, 20), []);
  assert.ok(checked >= 1000);
  assert.equal(core.heapBytes(), heap);
  for (const [name, bytes] of Object.entries(good)) {
    assert.equal(core.validate(CORE_TYPES[name], bytes), null);
    assert.deepStrictEqual(core.reencode(CORE_TYPES[name], bytes), bytes);
  }
});

// The JS encoders write the golden vectors byte for byte; the JS decoder agrees with the C++
// decoder (run in the wasm core) on every truncation and every single-bit corruption of them:
// same verdict, same error code, same byte offset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Codec, KilnError, loadCore } from '../../js/index.mjs';
import { Struct, Foo, Record, TestClass } from '../../js/workloads.mjs';
import { WORKLOADS } from './workloads.mjs';

const root = new URL('../../', import.meta.url);
const TYPES = { Struct, Foo, Record, TestClass };
const manifest = JSON.parse(readFileSync(new URL('tests/golden/manifest.json', root), 'utf8'));
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));
const make = Object.fromEntries(WORKLOADS.map(([name, , fn]) => [name, fn]));

// A reader's options: any will do for a message with a header; one without takes the writer's.
function jsVerdict(type, bytes, reader = {}) {
  try {
    return { value: new Codec(reader).deserialize(type, bytes) };
  } catch (e) {
    assert.ok(e instanceof KilnError, `not a KilnError: ${e}`);
    return { error: e };
  }
}

test('the manifest lists ten vectors, one without a header', () => {
  assert.equal(manifest.vectors.length, 10);
  assert.deepEqual(manifest.vectors.filter((v) => !v.header).map((v) => v.file), ['record_compressed_noheader.bin']);
});

for (const v of manifest.vectors) {
  const type = TYPES[v.workload];
  const options = {
    compressNumbers: v.compress_numbers,
    trackReferences: v.track_references,
    shareStrings: v.share_strings,
    fingerprint: v.fingerprint,
    header: v.header,
  };
  const reader = v.header ? {} : options;

  test(`${v.file}: JS writes the golden bytes`, () => {
    const codec = new Codec(options);
    assert.deepStrictEqual(codec.serialize(type, make[v.workload]()), golden(v.file));
  });

  test(`${v.file}: JS reads the golden bytes`, () => {
    assert.deepStrictEqual(new Codec(reader).deserialize(type, golden(v.file)), make[v.workload]());
  });

  test(`${v.file}: every truncation rejected as Truncated, as by the C++ decoder`, async () => {
    const core = await loadCore();
    const bytes = golden(v.file);
    for (let n = 0; n < bytes.length; n++) {
      const cut = bytes.subarray(0, n);
      const js = jsVerdict(type, cut, reader);
      const cpp = core.validate(type, cut, reader);
      assert.ok(js.error, `${n} bytes accepted`);
      assert.ok(cpp, `C++ accepted ${n} bytes`);
      assert.equal(js.error.code, cpp.code, `${n}: ${js.error.message} vs ${cpp.message}`);
      assert.equal(js.error.offset, cpp.offset, `${n}: ${js.error.message} vs ${cpp.message}`);
      assert.equal(js.error.code, 'Truncated', `${n}: ${js.error.message}`);
      assert.ok(js.error.offset <= n);
    }
  });

  test(`${v.file}: every single-bit flip gets the C++ decoder's verdict`, async () => {
    const core = await loadCore();
    const codec = new Codec(options);
    const bytes = golden(v.file);
    let accepted = 0;
    for (let i = 0; i < bytes.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const bad = bytes.slice();
        bad[i] ^= 1 << bit;
        const js = jsVerdict(type, bad, reader);
        const cpp = core.validate(type, bad, reader);
        const where = `byte ${i} bit ${bit}`;
        if (cpp) {
          assert.ok(js.error, `${where}: C++ rejects (${cpp.message}) but JS accepts`);
          assert.equal(js.error.code, cpp.code, `${where}: ${js.error.message} vs ${cpp.message}`);
          assert.equal(js.error.offset, cpp.offset, `${where}: ${js.error.message} vs ${cpp.message}`);
        } else {
          assert.ok(!js.error, `${where}: C++ accepts but JS rejects: ${js.error?.message}`);
          // Both accept: JS re-encodes to the same bytes as C++ does.
          assert.deepStrictEqual(codec.serialize(type, js.value), core.reencode(type, bad, options, reader), where);
          accepted++;
        }
      }
    }
    assert.ok(accepted > 0); // number bits flip into other valid values
  });
}

// The JS generic-value decoder against the C++ one (kiln::Value in the wasm core): the same
// verdict, error code and byte offset on every golden value vector, every truncation and every
// single-bit flip of them, with and without a header.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KilnError, deserialize, loadCore } from '../../js/index.mjs';
import { VALUE_FINGERPRINT } from '../../js/runtime/value.mjs';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('tests/golden/value/manifest.json', root), 'utf8'));
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/value/${file}`, root)));
// The core's generic value, as core.validate names types.
const VALUE = { name: 'Value', fingerprint: VALUE_FINGERPRINT };

function jsVerdict(bytes, options) {
  try {
    deserialize(bytes, options);
    return null;
  } catch (e) {
    assert.ok(e instanceof KilnError, `not a KilnError: ${e}`);
    return e;
  }
}

// Every truncation and single-bit flip of bytes, with where it was made.
function* variants(bytes) {
  yield ['whole', bytes];
  for (let n = 0; n < bytes.length; n++) yield [`truncated to ${n}`, bytes.subarray(0, n)];
  for (let i = 0; i < bytes.length; i++) {
    for (let bit = 0; bit < 8; bit++) {
      const bad = bytes.slice();
      bad[i] ^= 1 << bit;
      yield [`byte ${i} bit ${bit}`, bad];
    }
  }
}

function expectSameVerdicts(core, file, bytes, options = {}) {
  let accepted = 0;
  let rejected = 0;
  for (const [where, b] of variants(bytes)) {
    const js = jsVerdict(b, options);
    const cpp = core.validate(VALUE, b, options);
    const what = `${file} ${where}: JS ${js?.message ?? 'accepts'} / C++ ${cpp?.message ?? 'accepts'}`;
    assert.equal(js?.code, cpp?.code, what);
    assert.equal(js?.offset, cpp?.offset, what);
    if (js) rejected++;
    else accepted++;
  }
  assert.ok(accepted > 0 && rejected > 0, `${file}: ${accepted} accepted, ${rejected} rejected`);
}

test('the wasm core reads generic values', async () => {
  const core = await loadCore();
  assert.ok(core.types.some((t) => t.name === 'Value' && t.fingerprint === VALUE_FINGERPRINT));
});

for (const v of manifest.vectors) {
  test(`${v.file}: every truncation and bit flip gets the C++ decoder's verdict`, async () => {
    expectSameVerdicts(await loadCore(), v.file, golden(v.file));
  });

  test(`${v.file} without its header: the same, read with the writer's options`, async () => {
    const bytes = golden(v.file);
    const head = bytes[2] & 0x10 ? 3 : 7;
    expectSameVerdicts(await loadCore(), v.file, bytes.subarray(head),
      { header: false, trackReferences: v.track_references });
  });
}

// The Embind wasm module loads in Node without network access and round-trips the workloads
// inside wasm with the same sizes as the golden vectors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

async function loadModule() {
  const createKilnModule = require(`${root}build/wasm/wasm/kiln.js`);
  // Node 20 has fetch, which cannot load a file path: hand the module its bytes.
  const wasmBinary = readFileSync(`${root}build/wasm/wasm/kiln.wasm`);
  return createKilnModule({ wasmBinary });
}

test('reports format version 1', async () => {
  const kiln = await loadModule();
  assert.equal(kiln.formatVersion(), 1);
});

test('workload sizes equal the golden vectors', async () => {
  const kiln = await loadModule();
  const manifest = JSON.parse(readFileSync(`${root}tests/golden/manifest.json`, 'utf8'));
  assert.equal(manifest.vectors.length, 6);
  for (const v of manifest.vectors) {
    const golden = readFileSync(`${root}tests/golden/${v.file}`);
    assert.equal(golden.length, v.bytes, v.file);
    assert.equal(kiln.workloadSize(v.workload, v.compress_numbers), v.bytes, v.file);
  }
});

test('workloads round-trip inside wasm', async () => {
  const kiln = await loadModule();
  for (const w of ['Struct', 'Foo', 'Record']) {
    for (const compress of [false, true]) {
      assert.equal(kiln.workloadRoundtrip(w, compress), '', `${w} compress=${compress}`);
    }
  }
  assert.match(kiln.workloadRoundtrip('Nope', false), /unknown workload Nope/);
});

// Serializes a Record with the `kiln-sdk` package, reads it back, and asks the C++ core (wasm,
// shipped in the package as a .wasm file that Vite copies into the build) to decode and re-encode
// the same bytes. The outcome is shown as JSON in #result (tests/examples/examples.test.mjs reads
// it in headless Chromium).
import { Codec, loadCore } from 'kiln-sdk';
import { Record } from 'kiln-sdk/workloads';

const record = { f1: 10, f2: 'abc \u00e9', f3: ['str1', 'str2'], f4: { k1: 10n, k2: -(2n ** 62n) } };

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const json = (value) => JSON.parse(JSON.stringify(value, (k, v) => (typeof v === 'bigint' ? `${v}n` : v)));

async function run() {
  const codec = new Codec({ compressNumbers: true });
  const bytes = codec.serialize(Record, record);
  const back = codec.deserialize(Record, bytes);
  const core = await loadCore();
  return {
    hex: hex(bytes),
    back: json(back),
    cppVerdict: core.validate(Record, bytes)?.message ?? 'valid',
    cppHex: hex(core.reencode(Record, bytes, { compressNumbers: true })),
  };
}

const out = document.getElementById('result');
run().then(
  (result) => (out.textContent = JSON.stringify(result, null, 2)),
  (error) => (out.textContent = JSON.stringify({ error: String(error?.stack ?? error) })),
);

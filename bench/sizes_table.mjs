// Prints the serialized sizes per workload and number mode from the native and wasm runs of
// bench/sizes.cpp, and fails if the two targets disagree or a round trip failed.
import { readFileSync } from 'node:fs';

const [nativeFile, wasmFile] = process.argv.slice(2);
const load = (f) => readFileSync(f, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const native = load(nativeFile);
const wasm = load(wasmFile);

let ok = native.length === wasm.length && native.length > 0;
console.log('workload  mode        native bytes  wasm bytes  round trip');
for (const [i, n] of native.entries()) {
  const w = wasm[i] ?? {};
  const same = w.workload === n.workload && w.mode === n.mode && w.bytes === n.bytes;
  ok &&= same && n.roundtrip && w.roundtrip;
  console.log(
    `${n.workload.padEnd(9)} ${n.mode.padEnd(11)} ${String(n.bytes).padStart(12)} ` +
      `${String(w.bytes).padStart(11)}  ${n.roundtrip && w.roundtrip ? 'ok' : 'FAILED'}` +
      (same ? '' : '  (targets differ)'),
  );
}
if (!ok) {
  console.error('size check failed');
  process.exit(1);
}

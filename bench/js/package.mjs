// The npm package as users download and start it: the tarball's packed and unpacked size (`npm
// pack` of js/) and the time of the first loadCore() (importing the core's modules, reading and
// compiling the wasm), the median over fresh Node processes, each of which pays it once.
//   node bench/js/package.mjs [--quick] [--out package-js.json]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const outFile = args.includes('--out') ? args[args.indexOf('--out') + 1] : null;
const runs = args.includes('--quick') ? 3 : 9;
const pkg = fileURLToPath(new URL('../../js/', import.meta.url));

const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], { cwd: pkg, encoding: 'utf8' }));
const probe = `
  const { loadCore } = await import(${JSON.stringify(new URL('../../js/index.mjs', import.meta.url).href)});
  const t0 = performance.now();
  await loadCore();
  console.log(performance.now() - t0);`;
const times = Array.from({ length: runs }, () =>
  Number(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' })));
times.sort((a, b) => a - b);

const result = {
  name: packed.name,
  version: packed.version,
  packed_bytes: packed.size,
  unpacked_bytes: packed.unpackedSize,
  files: packed.files.length,
  core_module_bytes: packed.files.find((f) => f.path === 'generated/kiln_core.wasm')?.size ?? null, // the wasm binary
  load_core_ms: Number(times[times.length >> 1].toFixed(1)),
  load_core_runs: runs,
  node: process.version,
};
console.log(`[package] ${result.name}@${result.version}: ${result.packed_bytes} bytes packed, ` +
  `${result.unpacked_bytes} unpacked, ${result.files} files; loadCore() ${result.load_core_ms} ms ` +
  `(median of ${runs} fresh processes)`);
if (outFile) writeFileSync(outFile, JSON.stringify(result, null, 1) + '\n');

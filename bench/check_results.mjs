// Checks that a benchmark job produced a complete report: latest.json follows the schema of
// issue #8, every row says which run it came from and (native and JS) how it decoded, a full job
// has three runs or more, every target has Kiln and at least one peer on every workload in every
// run, each wasm runtime measured every case the native loop did, and REPORT.md and the charts
// exist. Exits 1 with the list of problems otherwise. No timing assertions: numbers only have to
// be positive.
//   usage: node bench/check_results.mjs OUT_DIR
import { readFileSync, existsSync } from 'node:fs';
import { FLOORS } from './report/format.mjs';

const dir = process.argv[2];
const problems = [];
const WORKLOADS = ['Struct', 'Foo', 'Record', 'TestClass', 'Bulk'];
const { machine, results } = JSON.parse(readFileSync(`${dir}/latest.json`, 'utf8'));

if (!machine?.cpu || !machine?.node) problems.push('latest.json: machine lacks cpu or node');
for (const [i, r] of results.entries()) {
  const where = `row ${i} (${r.target} ${r.library} ${r.workload} ${r.mode})`;
  if (!['native', 'wasm', 'js', 'jvm'].includes(r.target)) problems.push(`${where}: target`);
  // StructLarge (integers near their limits) runs natively and in the loop harness only.
  if (!WORKLOADS.includes(r.workload) && r.workload !== 'StructLarge') problems.push(`${where}: workload`);
  for (const k of ['ser_ns', 'de_ns', 'roundtrip_ns', 'bytes'])
    if (!(Number.isFinite(r[k]) && r[k] > 0)) problems.push(`${where}: ${k} = ${r[k]}`);
  if (typeof r.codegen_free !== 'boolean') problems.push(`${where}: codegen_free`);
  if (r.target === 'wasm' && !r.runtime) problems.push(`${where}: wasm row without a runtime`);
  if (!Number.isInteger(r.run)) problems.push(`${where}: no run`);
  if (!['fresh', 'reused'].includes(r.decode)) problems.push(`${where}: decode = ${r.decode}`);
}
const runs = [...new Set(results.map((r) => r.run).filter(Number.isInteger))];
if (!machine.quick && runs.length < 3) problems.push(`${runs.length} run(s): a full job has 3 or more`);

const has = (pred) => results.some(pred);
for (const run of runs) {
  for (const w of WORKLOADS) {
    for (const t of ['native', 'wasm', 'js']) {
      const here = (r) => r.run === run && r.target === t && r.workload === w;
      if (!has((r) => here(r) && r.library === 'kiln')) problems.push(`no Kiln row for ${t} ${w} in run ${run}`);
      if (!has((r) => here(r) && r.library !== 'kiln' && !FLOORS.has(r.library)))
        problems.push(`no peer row for ${t} ${w} in run ${run}`);
    }
  }
}

// The stream benchmark: Struct and Foo read by Node and by Chromium, both formats measured.
const streamRows = machine.streams?.summary ?? [];
for (const reader of ['node', 'chromium']) {
  for (const kind of ['struct', 'foo']) {
    const row = streamRows.find((s) => s.runtime.startsWith(reader) && s.kind === kind);
    if (!row) problems.push(`no stream row for ${reader} ${kind}`);
    else if (!(row.kiln.msgs_per_s > 0 && row.json.msgs_per_s > 0)) problems.push(`stream row ${reader} ${kind}: rates`);
  }
}

// Every wasm runtime ran the cases the native loop ran, so each has its wasm/native ratios.
const key = (r) => `${r.library}/${r.mode}/${r.workload}`;
const loopCases = new Set(results.filter((r) => r.target === 'native' && r.harness === 'loop').map(key));
for (const rt of machine.wasm_runtimes ?? []) {
  const got = new Set(results.filter((r) => r.target === 'wasm' && r.runtime === rt).map(key));
  const missing = [...loopCases].filter((k) => !got.has(k));
  if (missing.length) problems.push(`wasm on ${rt} lacks ${missing.join(', ')}`);
}
if (!machine.wasm_runtimes?.length) problems.push('latest.json: no wasm runtime');

for (const f of ['REPORT.md', 'roundtrip.svg', 'size.svg'])
  if (!existsSync(`${dir}/${f}`)) problems.push(`${f} missing`);
const report = existsSync(`${dir}/REPORT.md`) ? readFileSync(`${dir}/REPORT.md`, 'utf8') : '';
for (const rt of machine.wasm_runtimes ?? [])
  if (!new RegExp(`wasm/native time ratio <= [0-9.]+x, Record, [a-z]+ objects, ${rt.replace(/[.]/g, '\\.')} `).test(report))
    problems.push(`REPORT.md has no wasm/native target row for ${rt}`);

if (problems.length) {
  console.error(`[check] ${dir}: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`[check] ${dir}: ${results.length} rows of ${runs.length} run(s), every target and workload has Kiln and peers; ` +
  `wasm on ${machine.wasm_runtimes.join(' and ')}`);

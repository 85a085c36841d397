// Merges several runs of the loop benchmark (JSON lines, one row per library x workload x mode)
// into one: per row, the fastest serialize, deserialize and round trip seen. The native and wasm
// loops run alternately, several times each; other tenants of a shared machine only ever add
// time, so the best of alternating runs compares the two targets under like conditions, where
// one run of each could land in different noise.
//   node bench/loop/best_of.mjs [--runtime LABEL] [--run N] OUT.jsonl RUN1.jsonl RUN2.jsonl ...
// --runtime puts LABEL (say "node v24.11.0") in every row's "runtime" field: the wasm loop runs
// on more than one Node. --run N marks the rows as the benchmark job's run N (scripts/bench.sh
// merges the loop runs of each of its runs).
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const runtime = args[0] === '--runtime' ? args.splice(0, 2)[1] : undefined;
const run = args[0] === '--run' ? Number(args.splice(0, 2)[1]) : undefined;
const [out, ...runs] = args;
const best = new Map();
for (const file of runs) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line);
    const key = `${row.library}/${row.workload}/${row.mode}/${row.decode ?? 'reused'}`;
    const seen = best.get(key);
    if (!seen) {
      best.set(key, { ...row, ...(runtime && { runtime }), ...(run !== undefined && { run }), decode: row.decode ?? 'reused', runs: 1 });
      continue;
    }
    for (const m of ['ser_ns', 'de_ns', 'roundtrip_ns']) seen[m] = Math.min(seen[m], row[m]);
    seen.runs++;
  }
}
writeFileSync(out, [...best.values()].map((r) => JSON.stringify(r)).join('\n') + '\n');
console.log(`[loop] best of ${runs.length} runs: ${best.size} rows -> ${out}`);

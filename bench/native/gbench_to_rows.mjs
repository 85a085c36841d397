#!/usr/bin/env node
// Turns kiln_bench's Google Benchmark JSON (--benchmark_format=json or --benchmark_out) into
// result rows, one JSON object per line per (library, workload, mode, decode), from the median
// aggregate (or the median of the plain runs when the file has no aggregates, e.g. one
// repetition), with the fastest repetition of each operation in fastest_ns. `decode` is "reused"
// (deserialize_into one object) or "fresh" (the *_fresh cases: a new object each time); a fresh
// row's serialize is the reused row's, the same operation.
//   node bench/native/gbench_to_rows.mjs [--run N] gbench.json [rows.jsonl]   (stdout without the
//   last; --run puts N in every row's "run" field)
import { writeFileSync } from 'node:fs';
import { readGbenchJson } from './gbench_json.mjs';

const args = process.argv.slice(2);
const run = args[0] === '--run' ? Number(args.splice(0, 2)[1]) : undefined;
const [input, output] = args;
if (!input) {
  console.error('usage: gbench_to_rows.mjs [--run N] gbench.json [rows.jsonl]');
  process.exit(2);
}
const report = readGbenchJson(input);
const scale = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };
const field = {
  serialize: 'ser_ns', deserialize: 'de_ns', roundtrip: 'roundtrip_ns',
  deserialize_fresh: 'de_ns', roundtrip_fresh: 'roundtrip_ns',
};
const decodeOf = (op) => (op.endsWith('_fresh') ? 'fresh' : 'reused');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// run_name: library/mode/workload/case[/min_time:..][/repeats:..][/real_time]
const samples = new Map();  // "library/mode/workload/case" -> { times, entry, aggregate }
for (const b of report.benchmarks ?? []) {
  if (b.error_occurred) throw new Error(`${b.name}: ${b.error_message}`);
  const [library, mode, workload, op] = (b.run_name ?? b.name).split('/');
  if (!field[op]) continue;
  const key = [library, mode, workload, op].join('/');
  const ns = b.real_time * (scale[b.time_unit] ?? 1);
  const s = samples.get(key) ?? { library, mode, workload, op, times: [], entry: b };
  if (b.run_type === 'aggregate') {
    if (b.aggregate_name === 'min') s.fastest = ns;
    if (b.aggregate_name === 'cv') s.cv = b.real_time;
    if (b.aggregate_name !== 'median') continue;
    s.aggregate = ns;
    s.entry = b;
  } else {
    s.times.push(ns);
  }
  samples.set(key, s);
}

const flags = report.context?.kiln_flags ?? '';
const started = report.context?.date;
const rows = new Map();
const rowOf = (s, decode) => {
  const key = [s.library, s.workload, s.mode, decode].join('/');
  const row = rows.get(key) ?? {
    target: 'native', harness: 'gbench', ...(run !== undefined && { run }), ...(started && { started }), library: s.library,
    workload: s.workload, mode: s.mode, decode, ser_ns: null, de_ns: null, roundtrip_ns: null,
    bytes: s.entry.bytes, codegen_free: true,
  };
  rows.set(key, row);
  return row;
};
for (const s of samples.values()) {
  const serialize = s.op === 'serialize';
  // Serializing does not depend on how the result is decoded: one measure for both rows.
  for (const row of serialize ? [rowOf(s, 'reused'), rowOf(s, 'fresh')] : [rowOf(s, decodeOf(s.op))]) {
    row[field[s.op]] = Number((s.aggregate ?? median(s.times)).toFixed(2));
    // The fastest repetition, for ratios of two cases (kiln_bench.cpp says why).
    row.fastest_ns ??= {};
    row.fastest_ns[field[s.op].slice(0, -3)] = Number((s.fastest ?? Math.min(...s.times)).toFixed(2));
    // How much the repetitions varied (the report's noise measure of a run).
    if (Number.isFinite(s.cv)) (row.repetitions_cv ??= {})[field[s.op].slice(0, -3)] = Number(s.cv.toFixed(3));
    if (s.entry.keeps_identity !== undefined) row.keeps_identity = s.entry.keeps_identity === 1;
    if (flags) row.flags = flags;
  }
}
// A binary without the *_fresh cases leaves fresh rows with only a serialize time.
for (const [key, row] of rows) if (row.decode === 'fresh' && row.de_ns === null) rows.delete(key);

const text = [...rows.values()].map((r) => JSON.stringify(r)).join('\n') + '\n';
if (output) {
  writeFileSync(output, text);
  console.error(`[gbench_to_rows] ${rows.size} rows -> ${output}`);
} else {
  process.stdout.write(text);
}

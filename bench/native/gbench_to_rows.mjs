#!/usr/bin/env node
// Turns kiln_bench's Google Benchmark JSON (--benchmark_format=json or --benchmark_out) into
// result rows, one JSON object per line per (library, workload, mode), from the median aggregate
// (or the median of the plain runs when the file has no aggregates, e.g. one repetition), with
// the fastest repetition of each operation in fastest_ns.
//   node bench/native/gbench_to_rows.mjs gbench.json [rows.jsonl]   (stdout without the second)
import { writeFileSync } from 'node:fs';
import { readGbenchJson } from './gbench_json.mjs';

const [input, output] = process.argv.slice(2);
if (!input) {
  console.error('usage: gbench_to_rows.mjs gbench.json [rows.jsonl]');
  process.exit(2);
}
const report = readGbenchJson(input);
const scale = { ns: 1, us: 1e3, ms: 1e6, s: 1e9 };
const field = { serialize: 'ser_ns', deserialize: 'de_ns', roundtrip: 'roundtrip_ns' };

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
    if (b.aggregate_name !== 'median') continue;
    s.aggregate = ns;
    s.entry = b;
  } else {
    s.times.push(ns);
  }
  samples.set(key, s);
}

const flags = report.context?.kiln_flags ?? '';
const rows = new Map();
for (const s of samples.values()) {
  const key = [s.library, s.workload, s.mode].join('/');
  const row = rows.get(key) ?? {
    target: 'native', harness: 'gbench', library: s.library, workload: s.workload,
    mode: s.mode, ser_ns: null, de_ns: null, roundtrip_ns: null, bytes: s.entry.bytes,
    codegen_free: true,
  };
  row[field[s.op]] = Number((s.aggregate ?? median(s.times)).toFixed(2));
  // The fastest repetition, for ratios of two cases (kiln_bench.cpp says why).
  row.fastest_ns ??= {};
  row.fastest_ns[field[s.op].slice(0, -3)] = Number((s.fastest ?? Math.min(...s.times)).toFixed(2));
  if (s.entry.keeps_identity !== undefined) row.keeps_identity = s.entry.keeps_identity === 1;
  if (flags) row.flags = flags;
  rows.set(key, row);
}

const text = [...rows.values()].map((r) => JSON.stringify(r)).join('\n') + '\n';
if (output) {
  writeFileSync(output, text);
  console.error(`[gbench_to_rows] ${rows.size} rows -> ${output}`);
} else {
  process.stdout.write(text);
}

// bench/check_results.mjs, the check that ends every benchmark job (and so the smoke test in
// npm test): a complete job of three runs passes; a job missing a wasm runtime's rows, a peer in
// one run, the stream rows, a row's run or decode, or with a non-positive time fails and names the
// problem; a full job needs three runs. And bench/report/ratios.mjs, the statistic the report
// quotes: the median of per-run ratios with their range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WORKLOADS = ['Struct', 'Foo', 'Record', 'TestClass', 'Bulk'];
const RUNTIMES = ['node v20.0.0', 'node v24.0.0', 'chromium 156.0.0.0'];

function row(target, library, workload, extra = {}) {
  return { target, library, workload, mode: library === 'kiln' ? 'fixed' : 'default', ser_ns: 10, de_ns: 12,
    roundtrip_ns: 25, bytes: 40, codegen_free: true, ...extra };
}
function completeRun() {
  const results = [];
  for (const run of [1, 2, 3]) {
    for (const w of WORKLOADS) {
      for (const lib of ['kiln', 'msgpack']) {
        for (const decode of ['fresh', 'reused']) results.push(row('native', lib, w, { harness: 'gbench', run, decode }));
        results.push(row('native', lib, w, { harness: 'loop', run, decode: 'reused' }),
          row('js', lib, w, { run, decode: 'fresh' }));
        for (const runtime of RUNTIMES) results.push(row('wasm', lib, w, { harness: 'loop', runtime, run, decode: 'reused' }));
      }
    }
  }
  const report = RUNTIMES.map((rt) => `| met | wasm/native time ratio <= 1.3x, Record, reused objects, ${rt} | 1.2x |`).join('\n');
  const rate = { msgs_per_s: 1000, mb_per_s: 1, bytes: 100 };
  const streams = { summary: ['node v20.0.0', 'chromium 156.0.0.0'].flatMap((runtime) =>
    ['struct', 'foo'].map((kind) => ({ runtime, kind, kiln: rate, json: rate }))) };
  return { latest: { machine: { cpu: 'x', node: 'v20.0.0', wasm_runtimes: RUNTIMES, streams }, results }, report };
}

function check({ latest, report }) {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-check-'));
  try {
    writeFileSync(join(dir, 'latest.json'), JSON.stringify(latest));
    writeFileSync(join(dir, 'REPORT.md'), report);
    writeFileSync(join(dir, 'roundtrip.svg'), '<svg/>');
    writeFileSync(join(dir, 'size.svg'), '<svg/>');
    return spawnSync(process.execPath, ['bench/check_results.mjs', dir], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a complete run passes', () => {
  const r = check(completeRun());
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /210 rows of 3 run\(s\), .*wasm on node v20\.0\.0 and node v24\.0\.0 and chromium 156\.0\.0\.0/);
});

test('a run without the stream rows of a reader fails, naming them', () => {
  const run = completeRun();
  run.latest.machine.streams.summary = run.latest.machine.streams.summary.filter((s) => !s.runtime.startsWith('chromium'));
  const r = check(run);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no stream row for chromium struct\n.*no stream row for chromium foo/);
});

test('a wasm runtime that lacks a case fails, naming it', () => {
  const run = completeRun();
  run.latest.results = run.latest.results.filter((r) =>
    !(r.runtime === 'node v24.0.0' && r.library === 'kiln' && r.workload === 'Record'));
  const r = check(run);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /wasm on node v24\.0\.0 lacks kiln\/fixed\/Record/);
});

test('a target without a peer, a zero time or a wasm row without its runtime fails', () => {
  const run = completeRun();
  run.latest.results = run.latest.results.filter((r) =>
    !(r.target === 'js' && r.workload === 'Foo' && r.library !== 'kiln' && r.run === 2));
  run.latest.results[0].de_ns = 0;
  delete run.latest.results.find((r) => r.target === 'wasm').runtime;
  const r = check(run);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no peer row for js Foo in run 2/);
  assert.match(r.stderr, /de_ns = 0/);
  assert.match(r.stderr, /wasm row without a runtime/);
});

test('a report without the target row of a runtime fails', () => {
  const run = completeRun();
  run.report = run.report.split('\n')[0];
  const r = check(run);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /REPORT\.md has no wasm\/native target row for node v24\.0\.0/);
  assert.match(r.stderr, /REPORT\.md has no wasm\/native target row for chromium 156\.0\.0\.0/);
});

test('a full job of fewer than three runs, or a row without its run or decode, fails', () => {
  const run = completeRun();
  run.latest.results = run.latest.results.filter((r) => r.run !== 3);
  delete run.latest.results.find((r) => r.target === 'js').decode;
  delete run.latest.results.find((r) => r.target === 'native').run;
  const r = check(run);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /2 run\(s\): a full job has 3 or more/);
  assert.match(r.stderr, /row \d+ \(js kiln Struct fixed\): decode = undefined/);
  assert.match(r.stderr, /row \d+ \(native kiln Struct fixed\): no run/);
  // A quick job has one run.
  const quick = completeRun();
  quick.latest.machine.quick = true;
  quick.latest.results = quick.latest.results.filter((r) => r.run === 1);
  const q = check(quick);
  assert.equal(q.status, 0, q.stderr);
});

test('ratios: the median of per-run ratios, their range, and runs lacking a row left out', async () => {
  const { overRuns, spread, median } = await import('../../bench/report/ratios.mjs');
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
  // Per run a/b: 2, 3, 4 (run 4 has no b): the median is 3, not the ratio of medians (6 / 2).
  const rows = { 1: { a: 2, b: 1 }, 2: { a: 6, b: 2 }, 3: { a: 20, b: 5 }, 4: { a: 9 } };
  const s = overRuns([1, 2, 3, 4], (run) => rows[run], (r) => (r.b ? r.a / r.b : null));
  assert.deepEqual(s.runs.map((x) => x.run), [1, 2, 3]);
  assert.deepEqual([s.median, s.min, s.max], [3, 2, 4]);
  assert.equal(spread(s), '3.00x [2.00-4.00]');
  assert.equal(spread(overRuns([1], (run) => rows[run], (r) => r.a / r.b)), '2.00x');
  assert.equal(overRuns([4], (run) => rows[run], (r) => (r.b ? r.a / r.b : null)), null);
});

// bench/check_results.mjs, the check that ends every benchmark run (and so the smoke test in
// npm test): a complete run passes; a run missing a wasm runtime's rows, a peer, the stream
// rows, or with a non-positive time fails and names the problem.
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
  for (const w of WORKLOADS) {
    for (const lib of ['kiln', 'msgpack']) {
      results.push(row('native', lib, w, { harness: 'gbench' }), row('native', lib, w, { harness: 'loop' }),
        row('js', lib, w));
      for (const runtime of RUNTIMES) results.push(row('wasm', lib, w, { harness: 'loop', runtime }));
    }
  }
  const report = RUNTIMES.map((rt) => `| met | wasm/native time ratio <= 1.5x, Record, ${rt} | 1.2x |`).join('\n');
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
  assert.match(r.stdout, /60 rows, .*wasm on node v20\.0\.0 and node v24\.0\.0 and chromium 156\.0\.0\.0/);
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
  run.latest.results = run.latest.results.filter((r) => !(r.target === 'js' && r.workload === 'Foo' && r.library !== 'kiln'));
  run.latest.results[0].de_ns = 0;
  delete run.latest.results.find((r) => r.target === 'wasm').runtime;
  const r = check(run);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /no peer row for js Foo/);
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

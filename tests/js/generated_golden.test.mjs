// The JS generated for the workload types (js/generated/workloads.*) is committed as goldens in
// tests/golden/js/, so a change to the generator shows up in review as a change to the code it
// writes. Fails, naming the file and its first differing line, when a fresh build differs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const generatedDir = join(root, 'js/generated');
const goldenDir = join(root, 'tests/golden/js');
const refresh = 'scripts/update-js-goldens.sh';
const workloadFiles = (dir) => readdirSync(dir).filter((f) => f.startsWith('workloads.')).sort();

// "" when equal, else where they first differ.
function firstDifference(expected, actual) {
  if (expected === actual) return '';
  const a = expected.split('\n');
  const b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const show = (lines) => (i < lines.length ? JSON.stringify(lines[i]) : '(end of file)');
  return `first difference at line ${i + 1}:\n  golden:    ${show(a)}\n  generated: ${show(b)}`;
}

test('the generated workload codecs are the committed goldens', () => {
  assert.ok(existsSync(join(generatedDir, 'workloads.mjs')),
    `${generatedDir}/workloads.mjs is missing: run scripts/build.sh wasm`);
  const generated = workloadFiles(generatedDir);
  assert.deepEqual(workloadFiles(goldenDir), generated,
    `tests/golden/js/ should hold the generated files ${generated.join(', ')}; to refresh: ${refresh}`);
  for (const f of generated) {
    const diff = firstDifference(readFileSync(join(goldenDir, f), 'utf8'), readFileSync(join(generatedDir, f), 'utf8'));
    assert.equal(diff, '', `js/generated/${f} differs from tests/golden/js/${f}, ${diff}\n` +
      `If the change is intended, refresh the goldens with ${refresh} and review their diff.`);
  }
});

test('the first difference is reported by line', () => {
  assert.equal(firstDifference('a\nb\n', 'a\nb\n'), '');
  assert.match(firstDifference('a\nb\nc', 'a\nB\nc'), /line 2:\n {2}golden: {4}"b"\n {2}generated: "B"/);
  assert.match(firstDifference('a\n', 'a\nmore'), /line 2:\n {2}golden: {4}""\n {2}generated: "more"/);
  assert.match(firstDifference('a', ''), /line 1:/);
});

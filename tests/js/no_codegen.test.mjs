// No JavaScript that the build produces generates code at run time: no eval, no new Function.
// Checked two ways: by scanning every emitted .js file, and by running the module in a Node
// process that forbids code generation from strings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function jsFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'CMakeFiles' || name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) jsFiles(p, out);
    else if (/\.(m?js|cjs)$/.test(name)) out.push(p);
  }
  return out;
}

const codegen = /new\s+Function\s*\(|(^|[^.\w$])eval\s*\(/;

test('the pattern catches what it should', () => {
  assert.ok(codegen.test('x = new Function("a", "return a")'));
  assert.ok(codegen.test('var f = eval("1")'));
  assert.ok(!codegen.test('obj.eval(1); evaluate(2)'));
});

test('no emitted JS contains eval or new Function', () => {
  const files = jsFiles(join(root, 'build/wasm'));
  assert.ok(files.length >= 3, `expected built .js files, found ${files.length}`);
  const offenders = files.filter((f) => codegen.test(readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});

test('the module runs with code generation from strings disallowed', () => {
  const script = `
    const create = require(${JSON.stringify(join(root, 'build/wasm/wasm/kiln.js'))});
    const wasmBinary = require('fs').readFileSync(${JSON.stringify(join(root, 'build/wasm/wasm/kiln.wasm'))});
    create({ wasmBinary }).then((k) => {
      let bad = '';
      for (const w of ['Struct', 'Foo', 'Record']) bad += k.workloadRoundtrip(w, true);
      console.log(bad === '' ? 'roundtrip ok' : bad);
    });`;
  const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /roundtrip ok/);
});

// No JavaScript that the build ships or runs generates code at run time: no eval, no
// new Function. Checked by scanning every emitted .js/.mjs/.cjs file, and by running the package
// in a Node process that forbids code generation from strings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
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

test('no shipped or built JS contains eval or new Function', () => {
  const dirs = ['js', 'build/wasm'].map((d) => join(root, d)).filter(existsSync);
  const files = dirs.flatMap((d) => jsFiles(d));
  assert.ok(files.some((f) => f.endsWith('kiln_core.mjs')), 'the wasm core module was not built');
  assert.ok(files.some((f) => f.endsWith('kiln.cjs')), 'the CommonJS bundle was not built');
  assert.ok(files.some((f) => f.endsWith('kiln_core_tests.js')), 'the wasm test runner was not built');
  const offenders = files.filter((f) => codegen.test(readFileSync(f, 'utf8')));
  assert.deepEqual(offenders, []);
});

test('the package, JS-declared schemas and the wasm core run with code generation from strings disallowed', () => {
  const script = `
    import { Codec, loadCore, struct, i32, i64, string, vector, map } from ${JSON.stringify(join(root, 'js/index.mjs'))};
    import { Foo } from ${JSON.stringify(join(root, 'js/workloads.mjs'))};
    const foo = { f1: 1, f2: 'x', f3: ['a'], f4: { k: 1n } };
    const bytes = Foo.serialize(foo);
    const core = await loadCore();
    // A schema declared in JS: its codec is composed at run time, from closures.
    const Declared = struct('Foo', { f1: i32, f2: string, f3: vector(string), f4: map(string, i64) });
    const compatible = new Codec({ compatible: true });
    const same = Declared.serialize(foo).every((b, i) => b === bytes[i]) &&
      compatible.deserialize(Declared, compatible.serialize(Declared, foo)).f4.k === 1n;
    console.log(same && core.validate(Foo, bytes) === null && Foo.deserialize(bytes).f4.k === 1n ? 'ok' : 'bad');`;
  const r = spawnSync(process.execPath,
    ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^ok/);
});

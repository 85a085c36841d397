// The npm package as users get it: `npm pack`, install the tarball into an empty project, then
// load it with import and with require (and with code generation from strings disallowed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('npm pack, install into an empty folder: import and require both work', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-pack-'));
  try {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8' });
    const [info] = JSON.parse(out);
    const files = info.files.map((f) => f.path);
    for (const f of ['js/index.mjs', 'js/index.d.ts', 'dist/kiln.cjs', 'js/generated/kiln_core.mjs', 'js/generated/kiln_core_wasm.mjs',
      'js/generated/workloads.mjs', 'js/generated/workloads.d.ts']) {
      assert.ok(files.includes(f), `${f} missing from the package`);
    }
    assert.ok(!files.some((f) => f.startsWith('build/') || f.startsWith('tests/')));
    const app = join(dir, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{"name":"app","private":true}');
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, info.filename)], { cwd: app });
    const check = `
      const r = { f1: 10, f2: 'abc', f3: ['str1', 'str2'], f4: { k1: 10n, k2: 20n } };
      const bytes = kiln.Record.serialize(r, { compressNumbers: true });
      const back = kiln.Record.deserialize(bytes);
      if (bytes.length !== 32 || back.f4.k2 !== 20n) throw new Error('bad round trip');
      kiln.loadCore().then((core) => {
        if (core.validate(kiln.Record, bytes) !== null) throw new Error('core rejected');
        console.log('ok ' + bytes.length);
      });`;
    writeFileSync(join(app, 'esm.mjs'), `import * as kiln from 'kiln';\n${check}`);
    writeFileSync(join(app, 'cjs.cjs'), `const kiln = require('kiln');\n${check}`);
    for (const script of ['esm.mjs', 'cjs.cjs']) {
      const res = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', script], {
        cwd: app, encoding: 'utf8',
      });
      assert.match(res, /ok 32/, script);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

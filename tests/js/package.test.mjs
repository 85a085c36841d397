// The npm package kiln-sdk as users get it: `npm pack` of js/, the tarball installed into an empty
// project (offline), then used the documented ways: import and require (code generation from
// strings disallowed), TypeScript consumers type-checked with tsc, every Node snippet of the
// package README run unchanged, and the README's page without a bundler loaded in headless
// Chromium under a strict Content-Security-Policy.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CSP, openChromium, pageResult, serveWithCsp } from './support/csp_browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkgDir = join(root, 'js');
// 235 kB as npm counts (1 kB = 1000 bytes): the wasm core and the runtime (193 kB), the framed
// streams (11 kB: their sources, both bundles and types), compatible mode for pointers and
// polymorphic pointers (the core reads TestClass, Tree and Drawing in it; the runtime skips and
// prints them) and the reader's string paths, 225 kB in all; the cap catches accidents.
const MAX_PACKED = 235_000;

let dir; // temp folder: the tarball and the app that installs it
let app; // the app's folder
let info; // npm pack --json output for the tarball

before(() => {
  assert.ok(existsSync(join(pkgDir, 'dist/kiln.cjs')), 'js/dist is missing: run scripts/build.sh wasm');
  dir = mkdtempSync(join(tmpdir(), 'kiln-pack-'));
  [info] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: pkgDir, encoding: 'utf8' }));
  app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{"name":"app","private":true}');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(dir, info.filename)], { cwd: app });
});

after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a script file in the app with code generation from strings disallowed; returns stdout. */
function run(name, source) {
  writeFileSync(join(app, name), source);
  const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', name], { cwd: app, encoding: 'utf8' });
  assert.equal(r.status, 0, `${name} failed:\n${r.stderr}\n${source}`);
  return r.stdout;
}

test('the tarball: kiln-sdk, the files users need and nothing else, <= 235 kB packed', () => {
  const files = info.files.map((f) => f.path).sort();
  assert.equal(info.name, 'kiln-sdk');
  for (const f of ['LICENSE', 'README.md', 'package.json', 'index.mjs', 'index.d.ts', 'workloads.mjs', 'workloads.d.ts',
    'node.mjs', 'node.d.ts', 'dist/kiln.cjs', 'dist/kiln.mjs', 'dist/runtime.cjs', 'dist/workloads.cjs', 'dist/node.cjs',
    'generated/kiln_core.mjs',
    'generated/kiln_core_wasm.mjs', 'generated/kiln_core.wasm', 'generated/workloads.mjs', 'generated/workloads.d.ts',
    'runtime/index.mjs']) {
    assert.ok(files.includes(f), `${f} missing from the package`);
  }
  assert.deepEqual(files.filter((f) => /^(build|tests?|bench|docs|scripts)\/|\.json$/.test(f) && f !== 'package.json'), []);
  // The wasm core ships once, as a binary .wasm (no base64 copy in a module, none in a bundle),
  // beside the small module that loads it.
  const size = (path) => info.files.find((f) => f.path === path).size;
  const wasm = readFileSync(join(app, 'node_modules/kiln-sdk/generated/kiln_core.wasm'));
  assert.deepEqual([...wasm.subarray(0, 8)], [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]); // \0asm, version 1
  assert.ok(WebAssembly.validate(wasm));
  const big = info.files.filter((f) => f.size > 100 * 1024).map((f) => f.path);
  assert.deepEqual(big, ['generated/kiln_core.wasm']);
  assert.ok(size('generated/kiln_core_wasm.mjs') < 4096, `kiln_core_wasm.mjs: ${size('generated/kiln_core_wasm.mjs')} bytes`);
  assert.ok(info.size <= MAX_PACKED, `${info.size} bytes packed (unpacked ${info.unpackedSize})`);
  console.log(`# kiln-sdk tarball: ${info.size} bytes packed, ${info.unpackedSize} unpacked, ${files.length} files`);
  // The licence: the full Apache-2.0 text, the same in the repository and the package.
  const license = readFileSync(join(root, 'LICENSE'), 'utf8');
  assert.match(license, /Apache License\s+Version 2\.0, January 2004/);
  assert.match(license, /END OF TERMS AND CONDITIONS/);
  assert.equal(readFileSync(join(app, 'node_modules/kiln-sdk/LICENSE'), 'utf8'), license);
  const meta = JSON.parse(readFileSync(join(app, 'node_modules/kiln-sdk/package.json'), 'utf8'));
  assert.equal(meta.license, 'Apache-2.0');
  assert.match(meta.repository.url, /github\.com\/kiln-sdk\/kiln/);
  assert.ok(meta.homepage && meta.bugs.url);
});

test('the README links only to absolute addresses (they work from npm)', () => {
  const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
  assert.ok(links.length > 3);
  for (const l of links) assert.match(l, /^https:\/\/github\.com\/kiln-sdk\/kiln(\/|$)/, l);
  // Each repository file it links to exists.
  for (const l of links) {
    const m = /\/kiln-sdk\/kiln\/(?:blob|tree)\/main\/(.+)$/.exec(l);
    if (m) assert.ok(existsSync(join(root, m[1])), `${l}: ${m[1]} is not in the repository`);
  }
});

// The checks each entry must pass, with `kiln` the main entry and `w` the workloads subpath.
const usage = `
  const exported = Object.keys(kiln).sort().join(',');
  if (exported !== 'Codec,DEFAULT_LIMITS,DEFAULT_MAX_FRAME_BYTES,FrameDecoderStream,FrameEncoderStream,FrameReader,' +
    'KilnError,MessageDecoderStream,MessageEncoderStream,Schema,array,bool,char16,char32,char8,deserialize,encodeFrame,' +
    'enumeration,f32,f64,fieldIdOf,i16,i32,i64,i8,inspect,loadCore,map,optional,readFrames,readMessages,serialize,' +
    'serializeInto,serializeView,set,shared,string,struct,tuple,u16,u32,u64,u8,unique,value,variant,vector,weak') {
    throw new Error('main entry exports ' + exported);
  }
  const r = { f1: 10, f2: 'abc', f3: ['str1', 'str2'], f4: { k1: 10n, k2: 20n } };
  const bytes = w.Record.serialize(r, { compressNumbers: true });
  // A type declared with the main entry's schema constructors writes the generated codec's bytes.
  const Record = kiln.struct('Record', { f1: kiln.i32, f2: kiln.string, f3: kiln.vector(kiln.string), f4: kiln.map(kiln.string, kiln.i64) });
  if (Record.serialize(r, { compressNumbers: true }).join() !== bytes.join()) throw new Error('declared Record differs');
  const back = new kiln.Codec().deserialize(w.Record, bytes);
  if (bytes.length !== 32 || back.f4.k2 !== 20n) throw new Error('bad typed round trip');
  const v = { a: [1, 'x', null, true], m: new Map([['k', 1.5]]) };
  const again = kiln.deserialize(kiln.serialize(v));
  if (again.m.get('k') !== 1.5 || again.a[1] !== 'x') throw new Error('bad value round trip');
  let thrown;
  try { w.Record.deserialize(bytes.subarray(0, 9)); } catch (e) { thrown = e; }
  if (!(thrown instanceof kiln.KilnError) || thrown.code !== 'Truncated' || thrown.offset !== 8) throw new Error('bad error ' + thrown);
  kiln.loadCore().then((core) => {
    if (core.validate(w.Record, bytes) !== null) throw new Error('core rejected');
    console.log('ok ' + bytes.length);
  });`;

test('import and require: runtime on the main entry, workload codecs on kiln-sdk/workloads', () => {
  assert.match(run('esm.mjs', `import * as kiln from 'kiln-sdk';\nimport * as w from 'kiln-sdk/workloads';\n${usage}`), /ok 32/);
  assert.match(run('cjs.cjs', `const kiln = require('kiln-sdk');\nconst w = require('kiln-sdk/workloads');\n${usage}`), /ok 32/);
  // A CommonJS codec from an ES module program, and the other way round.
  assert.match(run('mixed.mjs', `import { createRequire } from 'node:module';
    import * as kiln from 'kiln-sdk';
    const w = createRequire(import.meta.url)('kiln-sdk/workloads');\n${usage}`), /ok 32/);
});

test('kiln-sdk/node through import and require: stream.Transforms on the one runtime', () => {
  const script = (load) => `${load}
    const stream = new Uint8Array([...kiln.encodeFrame(w.Record.serialize(r)), 0x80]);
    const out = [];
    Readable.from([stream]).pipe(node.messageDecoder(w.Record)).on('data', (v) => out.push(v.f2))
      .on('error', (e) => console.log(out.join(), e instanceof kiln.KilnError, e.code, e.offset));`;
  const r = "const r = { f1: 1, f2: 'x', f3: [], f4: {} };";
  const esm = run('node_esm.mjs', script(`import { Readable } from 'node:stream';
    import * as kiln from 'kiln-sdk'; import * as node from 'kiln-sdk/node'; import * as w from 'kiln-sdk/workloads'; ${r}`));
  const cjs = run('node_cjs.cjs', script(`const { Readable } = require('node:stream');
    const kiln = require('kiln-sdk'), node = require('kiln-sdk/node'), w = require('kiln-sdk/workloads'); ${r}`));
  assert.equal(esm, 'x true Truncated 16\n');
  assert.equal(cjs, esm);
});

test('the wasm loader in Node: reads the .wasm beside it, with or without process.getBuiltinModule', () => {
  const out = run('wasm_loader.mjs', `
    import { copyFileSync, mkdirSync } from 'node:fs';
    const gen = './node_modules/kiln-sdk/generated/';
    const { default: wasmBytes } = await import(gen + 'kiln_core_wasm.mjs');
    const viaBuiltin = await wasmBytes();
    const builtin = process.getBuiltinModule;
    process.getBuiltinModule = undefined;               // as in Node < 20.16: import('node:fs')
    const viaImport = await wasmBytes();
    process.getBuiltinModule = builtin;
    // The module without its .wasm: the error names the file, and loadCore() tries again later.
    mkdirSync('lonely');
    copyFileSync(gen + 'kiln_core_wasm.mjs', 'lonely/kiln_core_wasm.mjs');
    const { coreLoader } = await import('./node_modules/kiln-sdk/runtime/core_loader.mjs');
    let attempts = 0;
    const loadCore = coreLoader(() => Promise.all([import(gen + 'kiln_core.mjs'),
      import(attempts++ === 0 ? './lonely/kiln_core_wasm.mjs' : gen + 'kiln_core_wasm.mjs')]));
    const first = await loadCore().then(() => 'loaded', (e) => [e.code, e.path.endsWith('/lonely/kiln_core.wasm')]);
    const core = await loadCore();
    console.log(JSON.stringify({
      bytes: [viaBuiltin.constructor.name, viaBuiltin.length === viaImport.length && viaBuiltin.every((b, i) => b === viaImport[i])],
      valid: WebAssembly.validate(viaBuiltin), first, attempts, formatVersion: core.formatVersion,
    }));`);
  assert.deepEqual(JSON.parse(out), {
    bytes: ['Uint8Array', true], valid: true, first: ['ENOENT', true], attempts: 2, formatVersion: 1,
  });
});

test('one KilnError class across import and require, the main entry and the workloads subpath', () => {
  const out = run('identity.mjs', `
    import { createRequire } from 'node:module';
    import * as esm from 'kiln-sdk';
    import { Foo } from 'kiln-sdk/workloads';
    const require = createRequire(import.meta.url);
    const cjs = require('kiln-sdk');
    const cjsWorkloads = require('kiln-sdk/workloads');
    const caught = (f) => { try { f(); } catch (e) { return e; } return null; };
    const fromCjs = caught(() => cjsWorkloads.Foo.deserialize(new Uint8Array([0x4b, 1, 0, 0, 0, 0, 0])));
    const fromEsm = caught(() => Foo.serialize({ f1: 1.5 }));
    const fromCjsValue = caught(() => cjs.deserialize(new Uint8Array([1])));
    console.log(JSON.stringify([
      cjs.KilnError === esm.KilnError,
      fromCjs instanceof esm.KilnError, fromCjs.code,
      fromEsm instanceof cjs.KilnError, fromEsm.code,
      fromCjsValue instanceof esm.KilnError,
      esm.KilnError.name,
    ]));`);
  assert.deepEqual(JSON.parse(out), [true, true, 'SchemaMismatch', true, 'InvalidArgument', true, 'KilnError']);
});

test('the installed package: results own their bytes, values keep their types, same-shaped types differ', () => {
  const out = run('contract.mjs', `
    import { Codec, KilnError, serialize, serializeView, serializeInto, deserialize } from 'kiln-sdk';
    import { Foo, Record } from 'kiln-sdk/workloads';
    const owns = (b) => b.byteOffset === 0 && b.buffer.byteLength === b.length;
    const a = serialize({ n: 10n }), b = serialize([1, 2, 3]);
    const codec = new Codec();
    const rec = { f1: 1, f2: 'x', f3: ['y'], f4: { k: 2n } };
    const c = codec.serialize(Record, rec), d = Record.serialize(rec);
    const view = serializeView('v');
    const target = new Uint8Array(64);
    const into = serializeInto('v', target, 3);
    const back = deserialize(a);
    const set = deserialize(serialize(new Set([2, 2n, '2'])));
    const map = deserialize(serialize(new Map([[1, 'number'], [1n, 'bigint']])));
    const numbers = deserialize(serialize([5, 5n, 2 ** 60, 2n ** 60n, -0, 0n]));
    let mismatch;
    try { Record.deserialize(Foo.serialize(rec)); } catch (e) { mismatch = e; }
    console.log(JSON.stringify({
      owned: [a, b, c, d].map(owns), distinct: a.buffer !== b.buffer && c.buffer !== d.buffer,
      view: view.buffer.byteLength > view.length, into: [into === view.length, deserialize(target.subarray(3, 3 + into))],
      sum: String(back.n + 1n),
      set: [...set].map((x) => typeof x + ':' + String(x)),
      map: [...map].map(([k, v]) => typeof k + ':' + v),
      numbers: numbers.map((x) => typeof x + ':' + (Object.is(x, -0) ? '-0' : String(x))),
      mismatch: [mismatch instanceof KilnError, mismatch?.code, mismatch?.offset],
    }));`);
  assert.deepEqual(JSON.parse(out), {
    owned: [true, true, true, true], distinct: true, view: true, into: [true, 'v'], sum: '11',
    set: ['number:2', 'bigint:2', 'string:2'],
    map: ['number:number', 'bigint:bigint'],
    numbers: ['number:5', 'bigint:5', `number:${2 ** 60}`, `bigint:${2n ** 60n}`, 'number:-0', 'bigint:0'],
    mismatch: [true, 'SchemaMismatch', 3],
  });
});

test('every Node snippet of the package README runs unchanged against the installed tarball', () => {
  const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const node = blocks.filter((b) => !/^\/\/ (app\.mjs|vite\.config\.js)\n/.test(b)); // a page's script, a bundler's config
  assert.ok(node.length >= 5, `${node.length} Node snippets`);
  node.forEach((code, i) => {
    const name = /\brequire\(/.test(code) ? `readme${i}.cjs` : `readme${i}.mjs`;
    const out = run(name, code);
    // Where a line says what it prints (`// true 7 ...`), it does.
    const expected = [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) => m[1].split(':')[0].trim());
    const lines = out.trim().split('\n');
    assert.equal(lines.length, [...code.matchAll(/console\.log\(/g)].length, `${name}:\n${out}`);
    for (const e of expected) assert.ok(lines.some((l) => l.startsWith(e)), `${name}: no line starting "${e}" in\n${out}`);
  });
});

test('TypeScript consumers type-check (strict) under node16, nodenext and bundler resolution', () => {
  const tsc = join(root, 'node_modules/.bin/tsc');
  const consumer = `
    import { Codec, KilnError, loadCore, serialize, deserialize, inspect, readMessages, type KilnValue } from 'kiln-sdk';
    import * as w from 'kiln-sdk/workloads';
    const input: w.RecordInput = { f1: 1, f2: 'a', f3: [], f4: { k: 1n } };
    const bytes: Uint8Array = new Codec().serialize(w.Record, input);
    const back: w.Record = w.Record.deserialize(bytes);
    const k: bigint | undefined = back.f4['k'];
    const plain: Record<string, number> = { a: 1 };   // TypeScript's own Record, not shadowed
    const v: KilnValue = deserialize(serialize(plain));
    export async function firstName(body: ReadableStream<Uint8Array>): Promise<string | undefined> {
      for await (const r of readMessages(body, w.Record, { maxFrameBytes: 1024 })) return r.f2;
      return undefined;
    }
    export async function check(): Promise<string | null> {
      const core = await loadCore();
      const e: KilnError | null = core.validate(w.Record, bytes);
      return e === null ? String(k) + inspect.length + String(v) : e.code;
    }`;
  const cases = [
    ['node16', 'node16', 'index.mts'], ['nodenext', 'nodenext', 'index.mts'], ['nodenext', 'nodenext', 'index.cts'],
    ['esnext', 'bundler', 'index.ts'],
  ];
  for (const [module, moduleResolution, file] of cases) {
    const ts = join(app, `ts-${moduleResolution}-${file.split('.')[1]}`);
    mkdirSync(ts, { recursive: true });
    writeFileSync(join(ts, file), consumer);
    writeFileSync(join(ts, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module, moduleResolution, target: 'es2022', lib: ['es2022', 'dom'],
        types: [], skipLibCheck: false, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true },
      files: [file],
    }));
    const r = spawnSync(tsc, ['-p', ts], { encoding: 'utf8' });
    assert.equal(r.status, 0, `${moduleResolution} ${file}:\n${r.stdout}${r.stderr}`);
  }
  // The workload types are no longer on the main entry.
  const bad = join(app, 'ts-bad');
  mkdirSync(bad);
  writeFileSync(join(bad, 'index.mts'), "import { Record } from 'kiln-sdk';\nexport const r = Record;\n");
  writeFileSync(join(bad, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext', types: [] }, files: ['index.mts'] }));
  const r = spawnSync(tsc, ['-p', bad], { encoding: 'utf8' });
  assert.match(r.stdout, /TS2305: Module '"kiln-sdk"' has no exported member 'Record'/);
});

test("the README's page without a bundler runs in Chromium under a strict CSP", async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: scripts/setup.sh installs Debian's chromium`);
  const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
  const html = /```html\n([\s\S]*?)```/.exec(readme)[1];
  const script = /```js\n(\/\/ app\.mjs\n[\s\S]*?)```/.exec(readme)[1];
  const site = join(dir, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), html);
  writeFileSync(join(site, 'app.mjs'), script);
  // The page and the installed package's files; anything else is a 404.
  const server = await serveWithCsp((urlPath) => {
    const path = normalize(urlPath);
    if (path === '/') return join(site, 'index.html');
    if (path === '/app.mjs') return join(site, 'app.mjs');
    return path.startsWith('/node_modules/kiln-sdk/') ? join(app, path) : null;
  });
  let browser;
  try {
    const opened = await openChromium();
    browser = opened.browser;
    const { page, errors } = opened;
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const response = await page.goto(`http://127.0.0.1:${server.address().port}/`);
    assert.equal(response.headers()['content-security-policy'], CSP);
    await page.waitForFunction(() => document.getElementById('out').textContent !== 'running', null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    assert.equal(await page.textContent('#out'), 'page 42 core v1');
    // The single-file module, then on loadCore() the core's two modules and the .wasm beside
    // them (fetched, under connect-src 'self'); nothing else.
    assert.deepEqual(requests.filter((p) => p.startsWith('/node_modules/')).sort(), [
      '/node_modules/kiln-sdk/dist/kiln.mjs', '/node_modules/kiln-sdk/generated/kiln_core.mjs',
      '/node_modules/kiln-sdk/generated/kiln_core.wasm', '/node_modules/kiln-sdk/generated/kiln_core_wasm.mjs',
    ]);
    // Bytes written in the page read back in Node.
    const hex = await page.evaluate(async () => {
      const kiln = await import('/node_modules/kiln-sdk/dist/kiln.mjs');
      return Array.from(kiln.serialize({ s: 'é', n: [1, 2.5, 2n ** 70n] }), (b) => b.toString(16).padStart(2, '0')).join('');
    });
    const { deserialize } = await import(join(app, 'node_modules/kiln-sdk/index.mjs'));
    assert.deepEqual(deserialize(Buffer.from(hex, 'hex')), { s: 'é', n: [1, 2.5, 2n ** 70n] });
  } finally {
    await browser?.close();
    server.close();
  }
});

test('the Vite example on the installed tarball: its dev server and its build load the wasm core', async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: scripts/setup.sh installs Debian's chromium`);
  const { build, createServer } = await import('vite');
  // Here kiln-sdk is a real dependency (not the repository's workspace link), which Vite's dev
  // server pre-bundles unless vite.config.js excludes it: the README's vite.config.js, which the
  // example's says too.
  const site = join(app, 'vite-app');
  mkdirSync(site);
  for (const f of ['index.html', 'main.js']) copyFileSync(join(root, 'examples/browser-vite', f), join(site, f));
  const readme = readFileSync(join(pkgDir, 'README.md'), 'utf8');
  const config = /```js\n\/\/ vite\.config\.js\n([\s\S]*?)```/.exec(readme)[1];
  writeFileSync(join(site, 'vite.config.js'), config);
  const exclude = /optimizeDeps: \{ exclude: \['kiln-sdk'\] \}/;
  assert.match(config, exclude);
  assert.match(readFileSync(join(root, 'examples/browser-vite/vite.config.js'), 'utf8'), exclude);
  const expectCore = async (url) => {
    const { browser, page, errors } = await openChromium();
    try {
      const requests = [];
      page.on('request', (r) => requests.push(new URL(r.url()).pathname));
      await page.goto(url);
      const result = await pageResult(page);
      assert.equal(result.error, undefined, result.error);
      assert.equal(result.cppVerdict, 'valid');
      assert.deepEqual(errors.filter((e) => !e.includes('/favicon.ico')), []);
      return requests.filter((p) => p.endsWith('.wasm'));
    } finally {
      await browser.close();
    }
  };
  const dev = await createServer({ root: site, logLevel: 'silent', cacheDir: join(dir, 'vite-cache'), server: { host: '127.0.0.1' } });
  try {
    await dev.listen();
    // The installed file itself (under /@fs/: the package lies outside the app's root folder).
    const [fetched, ...more] = await expectCore(dev.resolvedUrls.local[0]);
    assert.deepEqual(more, []);
    assert.ok(fetched.endsWith(`${app}/node_modules/kiln-sdk/generated/kiln_core.wasm`), fetched);
  } finally {
    await dev.close();
  }
  const out = join(dir, 'vite-out');
  await build({ root: site, logLevel: 'silent', build: { outDir: out, emptyOutDir: true } });
  const wasm = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1);
  const server = await serveWithCsp((path) => join(out, path === '/' ? 'index.html' : normalize(path)));
  try {
    assert.deepEqual(await expectCore(`http://127.0.0.1:${server.address().port}/`), [`/assets/${wasm[0]}`]);
  } finally {
    server.close();
  }
});

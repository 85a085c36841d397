// The examples, run as a user would: the Node and C++ programs exchange files (each checks the
// other's values), and the Vite app is built and loaded in headless Chromium under a strict
// Content-Security-Policy. Needs `scripts/build.sh native wasm` (kiln_exchange, js/generated).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Record } from '../../js/workloads.mjs';
import { CHROMIUM, openChromium, pageResult, serveWithCsp } from '../js/support/csp_browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const exchange = join(root, 'build/native/examples/native/kiln_exchange');

test('Node and C++ exchange files and check each other\'s values', () => {
  assert.ok(existsSync(exchange), `${exchange} is missing: run scripts/build.sh native`);
  const dir = mkdtempSync(join(tmpdir(), 'kiln-exchange-'));
  try {
    const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, encoding: 'utf8' });
    assert.match(run(exchange, ['write', dir]), /wrote .*native-record\.kiln/);
    const node = run(process.execPath, ['examples/node/exchange.mjs', dir]);
    for (const f of ['node-record', 'node-foo', 'node-person-v2', 'native-record', 'native-foo', 'native-person',
      'native-person-v2']) {
      assert.match(node, new RegExp(`node: read ${f}\\.kiln: .*as expected`), node);
    }
    assert.match(node, /a truncated file is rejected: \w+ at byte \d+/);
    // The C++ side decodes Node's files and compares them with its own copy of the values.
    const native = run(exchange, ['read', dir]);
    assert.match(native, /node-record\.kiln: f1=-123456 .*as expected/, native);
    assert.match(native, /node-foo\.kiln: f1=2147483647 .*as expected/, native);
    // Compatible mode across versions: C++'s Person v2 reads Node's v1, and its v1 reads Node's v2.
    assert.match(native, /node-person\.kiln: id=3 name="Alan": as expected/, native);
    assert.match(native, /node-person-v2\.kiln: id=4 name="Barbara": as expected/, native);
    // A file the C++ side does not accept makes it fail: Foo's bytes are not a Record, although
    // the two types have the same shape (their names take part in the fingerprint).
    execFileSync('cp', [join(dir, 'node-foo.kiln'), join(dir, 'node-record.kiln')]);
    assert.throws(() => run(exchange, ['read', dir]),
      (e) => /node-record\.kiln: schema mismatch at byte 3: .*Record has 0x/.test(e.stdout));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the Vite example builds and round-trips a Record in Chromium', async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: scripts/setup.sh installs Debian's chromium`);
  const out = mkdtempSync(join(tmpdir(), 'kiln-vite-'));
  let server;
  let browser;
  try {
    execFileSync(join(root, 'node_modules/.bin/vite'), ['build', 'examples/browser-vite', '--outDir', out,
      '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
    const assets = readFileSync(join(out, 'index.html'), 'utf8');
    assert.match(assets, /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    // Vite found the package's .wasm (new URL('./kiln_core.wasm', import.meta.url)) and copied it.
    const wasm = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.wasm'));
    assert.equal(wasm.length, 1, wasm.join(' '));
    assert.match(wasm[0], /^kiln_core-[\w-]+\.wasm$/);
    // The built files only; any other path is a 404.
    server = await serveWithCsp((path) => join(out, path === '/' ? 'index.html' : normalize(path)));
    const opened = await openChromium();
    browser = opened.browser;
    const { page, errors } = opened;
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const result = await pageResult(page);
    assert.ok(requests.includes(`/assets/${wasm[0]}`), requests.join(' '));
    assert.equal(result.error, undefined, result.error);
    assert.deepEqual(errors, []);
    // The page's bytes are the ones Node writes for the same value, and the C++ core agrees.
    const record = { f1: 10, f2: 'abc \u00e9', f3: ['str1', 'str2'], f4: { k1: 10n, k2: -(2n ** 62n) } };
    const expected = Buffer.from(Record.serialize(record, { compressNumbers: true })).toString('hex');
    assert.equal(result.hex, expected);
    assert.equal(result.cppVerdict, 'valid');
    assert.equal(result.cppHex, expected);
    assert.deepEqual(result.back, { f1: 10, f2: 'abc \u00e9', f3: ['str1', 'str2'], f4: { k1: '10n', k2: '-4611686018427387904n' } });
  } finally {
    await browser?.close();
    server?.close();
    rmSync(out, { recursive: true, force: true });
  }
});

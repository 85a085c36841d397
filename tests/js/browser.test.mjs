// The package in headless Chromium, served from localhost under a strict Content-Security-Policy
// (no 'unsafe-eval'): the workloads round-trip, match the golden vectors, and pass the wasm core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CSP, openChromium, pageResult, serveWithCsp } from './support/csp_browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

// The page, the package's modules, the golden vectors and the workloads declared in JS; nothing
// else of the repository. Under
// /lonely/, the module that loads the wasm without the .wasm beside it.
function fileFor(urlPath) {
  const path = normalize(urlPath);
  if (path === '/') return join(root, 'tests/js/browser/page.html');
  if (path === '/lonely/kiln_core_wasm.mjs') return join(root, 'js/generated/kiln_core_wasm.mjs');
  const allowed = ['/js/', '/tests/js/browser/', '/tests/golden/', '/tests/workloads/schemas.mjs']
    .some((p) => path.startsWith(p));
  return allowed ? join(root, path) : null;
}

test('workloads round-trip in Chromium under a CSP without unsafe-eval', async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: scripts/setup.sh installs Debian's chromium`);
  const server = await serveWithCsp(fileFor);
  let browser;
  try {
    const opened = await openChromium();
    browser = opened.browser;
    const { page, errors } = opened;
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const response = await page.goto(`http://127.0.0.1:${server.address().port}/`);
    assert.equal(response.headers()['content-security-policy'], CSP);
    const report = await pageResult(page);
    assert.equal(report.error, undefined, report.error);
    // The wasm core: its two modules and the .wasm file beside them, fetched under the CSP.
    assert.deepEqual(requests.filter((p) => p.startsWith('/js/generated/kiln_core')).sort(),
      ['/js/generated/kiln_core.mjs', '/js/generated/kiln_core.wasm', '/js/generated/kiln_core_wasm.mjs']);
    assert.deepEqual(report.violations, []);
    assert.deepEqual(errors, []);
    assert.equal(report.results.length, 12); // 3 workloads x 2 modes, generated and declared in JS
    for (const r of report.results) {
      assert.ok(r.golden && r.roundtrip && r.core, JSON.stringify(r));
    }
  } finally {
    await browser?.close();
    server.close();
  }
});

test('a .wasm the page cannot fetch: the error names its URL and the HTTP status', async () => {
  const server = await serveWithCsp(fileFor);
  let browser;
  try {
    const opened = await openChromium();
    browser = opened.browser;
    const { page, errors } = opened;
    const origin = `http://127.0.0.1:${server.address().port}`;
    await page.goto(`${origin}/`);
    await pageResult(page);
    const message = await page.evaluate(() =>
      import('/lonely/kiln_core_wasm.mjs').then((m) => m.default()).then(() => 'loaded', (e) => e.message));
    assert.equal(message, `Kiln: could not fetch the wasm core ${origin}/lonely/kiln_core.wasm: HTTP 404 Not Found`);
    // The only failures: that request.
    assert.deepEqual(errors.filter((e) => !e.includes('/lonely/kiln_core.wasm')), []);
  } finally {
    await browser?.close();
    server.close();
  }
});

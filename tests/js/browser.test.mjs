// The package in headless Chromium, served from localhost under a strict Content-Security-Policy
// (no 'unsafe-eval'): the workloads round-trip, match the golden vectors, and pass the wasm core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CSP, openChromium, pageResult, serveWithCsp } from './support/csp_browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

// The page, the package's modules and the golden vectors; nothing else of the repository.
function fileFor(urlPath) {
  const path = normalize(urlPath);
  if (path === '/') return join(root, 'tests/js/browser/page.html');
  const allowed = ['/js/', '/tests/js/browser/', '/tests/golden/'].some((p) => path.startsWith(p));
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
    const response = await page.goto(`http://127.0.0.1:${server.address().port}/`);
    assert.equal(response.headers()['content-security-policy'], CSP);
    const report = await pageResult(page);
    assert.equal(report.error, undefined, report.error);
    assert.deepEqual(report.violations, []);
    assert.deepEqual(errors, []);
    assert.equal(report.results.length, 6);
    for (const r of report.results) {
      assert.ok(r.golden && r.roundtrip && r.core, JSON.stringify(r));
    }
  } finally {
    await browser?.close();
    server.close();
  }
});

// The package in headless Chromium, served from localhost under a strict Content-Security-Policy
// (no 'unsafe-eval'): the workloads round-trip, match the golden vectors, and pass the wasm core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, normalize, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const TYPES = { '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.bin': 'application/octet-stream' };
const CHROMIUM = '/usr/bin/chromium';

function serve() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (path === '/favicon.ico') {
      res.writeHead(204, { 'content-security-policy': CSP });
      return res.end();
    }
    const allowed = ['/js/', '/tests/js/browser/', '/tests/golden/'].some((p) => path.startsWith(p));
    const file = join(root, path === '/' ? 'tests/js/browser/page.html' : path);
    try {
      if (path !== '/' && !allowed) throw new Error('not served');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-security-policy': CSP });
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('workloads round-trip in Chromium under a CSP without unsafe-eval', async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: scripts/setup.sh installs Debian's chromium`);
  const server = await serve();
  let browser;
  try {
    // playwright gives the browser a fresh temporary profile of its own.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(`${m.text()} (${m.location().url})`));
    page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
    page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()}: ${r.url()}`));
    const response = await page.goto(`http://127.0.0.1:${server.address().port}/`);
    assert.equal(response.headers()['content-security-policy'], CSP);
    await page.waitForFunction(() => document.getElementById('result').textContent !== 'running', null, { timeout: 30000 });
    const report = JSON.parse(await page.textContent('#result'));
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

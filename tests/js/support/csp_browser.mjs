// Serving files to headless Chromium under a strict Content-Security-Policy (no 'unsafe-eval'):
// shared by the package's browser test and the Vite example's test.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { chromium } from 'playwright-core';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
export const CHROMIUM = '/usr/bin/chromium';
const TYPES = {
  '.html': 'text/html', '.mjs': 'text/javascript', '.js': 'text/javascript', '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

/**
 * A localhost server; fileFor(path) gives the file to send for a URL path, or null for 404.
 * Every response carries the CSP. Resolves to the listening server.
 */
export function serveWithCsp(fileFor) {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/favicon.ico') {
      res.writeHead(204, { 'content-security-policy': CSP });
      return res.end();
    }
    try {
      const file = fileFor(decodeURIComponent(path));
      if (!file) throw new Error('not served');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/html', 'content-security-policy': CSP });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-security-policy': CSP });
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Headless Chromium with a fresh profile; the page collects errors, failed requests and 4xx/5xx. */
export async function openChromium() {
  const browser = await chromium.launch({
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
  return { browser, page, errors };
}

/** Waits for the page's #result to leave 'running' and returns it parsed. */
export async function pageResult(page) {
  await page.waitForFunction(() => document.getElementById('result').textContent !== 'running', null, { timeout: 30000 });
  return JSON.parse(await page.textContent('#result'));
}

// Runs the wasm loop benchmark (the same kiln_loop_bench.js that runs under Node) in a page of
// headless Chromium, where most wasm runs, and writes its rows (JSON lines) to --out.
//   node bench/loop/chromium.mjs LOOP_JS [--quick] [--filter text] --out rows.jsonl
// The page is cross-origin isolated (COOP + COEP), which gives performance.now(), the clock
// behind the loop's std::chrono::steady_clock, Chromium's fine 5 us resolution instead of
// 100 us with jitter. --no-liftoff, as under Node (no_liftoff.js), times optimized code only.
// Progress lines go to stderr as they come; every row gets "runtime": "chromium VERSION".
import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
// Arguments after LOOP_JS other than --out go to the benchmark (--quick, --filter, --op).
const [loopJs, ...rest] = process.argv.slice(2);
const at = rest.indexOf('--out');
const out = at >= 0 ? rest.splice(at, 2)[1] : undefined;
if (!loopJs || !out) {
  console.error('usage: node bench/loop/chromium.mjs LOOP_JS [--quick] [--filter text] --out rows.jsonl');
  process.exit(2);
}

// stdout lines (the rows) are kept in the page; stderr lines (progress) go to the console.
const page = `<!doctype html><meta charset="utf-8"><title>kiln loop</title>
<script>
var kilnRows = [];
var Module = {
  arguments: ${JSON.stringify(rest)},
  print: (line) => kilnRows.push(line),
  printErr: (line) => console.warn(line),
  onExit: (code) => { window.kilnExit = code; },
  onAbort: (what) => { window.kilnExit = 'abort: ' + what; },
};
</script>
<script src="/loop.js"></script>
`;
const headers = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cache-control': 'no-store',
};
const script = await readFile(loopJs);
const server = createServer((req, res) => {
  if (req.url === '/') res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(page);
  else if (req.url === '/loop.js') res.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(script);
  else if (req.url === '/favicon.ico') res.writeHead(204, headers).end();
  else res.writeHead(404, headers).end();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--js-flags=--no-liftoff',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-renderer-backgrounding', '--disable-background-timer-throttling'],
});
let code = 1;
try {
  const tab = await browser.newPage();
  const errors = [];
  tab.on('console', (m) => (m.type() === 'warning' ? console.error(m.text()) : m.type() === 'error' && errors.push(m.text())));
  tab.on('pageerror', (e) => errors.push(String(e)));
  await tab.goto(`http://127.0.0.1:${server.address().port}/`);
  if (!(await tab.evaluate(() => self.crossOriginIsolated))) throw new Error('page is not cross-origin isolated');
  await tab.waitForFunction(() => window.kilnExit !== undefined, null, { timeout: 0, polling: 500 });
  const exit = await tab.evaluate(() => window.kilnExit);
  const runtime = `chromium ${browser.version()}`;
  const rows = (await tab.evaluate(() => kilnRows)).map((l) => ({ ...JSON.parse(l), runtime }));
  await writeFile(out, rows.map((r) => JSON.stringify(r) + '\n').join(''));
  console.error(`[loop wasm] ${runtime}: ${rows.length} rows -> ${out}`);
  if (exit !== 0 || errors.length) throw new Error(`exit ${exit}${errors.length ? '; ' + errors.join('; ') : ''}`);
  code = 0;
} catch (e) {
  console.error(`[loop wasm] chromium: ${e.message}`);
} finally {
  await browser.close();
  server.close();
}
process.exit(code);

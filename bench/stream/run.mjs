// Throughput of a message stream from the C++ server (examples/server) over localhost: Kiln
// frames against JSON lines over the same socket, Struct and Foo, read by Node (fetch) and by a
// page in headless Chromium. Each round runs every case once, formats alternating which goes
// first; a ratio is the median over rounds of the per-round ratio, with its range.
//   node bench/stream/run.mjs [--quick] [--rounds N] --out FILE.json
import { writeFileSync } from 'node:fs';
import * as kiln from 'kiln-sdk';
import * as types from 'kiln-sdk/workloads';
import { readHttpStream } from '../../examples/server/web/client.mjs';
import { CHROMIUM, openChromium } from '../../tests/js/support/csp_browser.mjs';
import { startServer } from '../../tests/examples/support/server_process.mjs';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const out = opt('--out', 'build/stream.json');
const rounds = Number(opt('--rounds', quick ? 1 : 5));
const counts = quick ? { struct: 20000, foo: 2000 } : { struct: 1000000, foo: 200000 };
const log = (s) => console.log(`[stream] ${s}`);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function nodeRuns(base) {
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    for (const kind of ['struct', 'foo']) {
      const formats = round % 2 ? ['json', 'kiln'] : ['kiln', 'json'];
      for (const format of formats) {
        const r = await readHttpStream({ kiln, types, fetch, base, kind, format, count: counts[kind], check: false });
        runs.push({ round, kind, format, messages: r.messages, bytes: r.bytes, ms: r.ms });
        log(`node round ${round + 1}/${rounds} ${kind} ${format}: ${(r.messages / r.ms * 1000).toFixed(0)} msg/s`);
      }
    }
  }
  return runs;
}

async function chromiumRuns(base) {
  const { browser, page } = await openChromium();
  try {
    await page.goto(`${base}/app/?bench=${rounds}&struct=${counts.struct}&foo=${counts.foo}`);
    await page.waitForFunction(() => document.getElementById('result').textContent !== 'running', null, { timeout: 600000 });
    const report = JSON.parse(await page.textContent('#result'));
    if (report.error) throw new Error(report.error);
    for (const r of report.runs) log(`chromium round ${r.round + 1}/${rounds} ${r.kind} ${r.format}: ${(r.messages / r.ms * 1000).toFixed(0)} msg/s`);
    return { runs: report.runs, version: browser.version() };
  } finally {
    await browser.close();
  }
}

function summarize(runtime, runs) {
  const rows = [];
  for (const kind of ['struct', 'foo']) {
    const of = (format) => runs.filter((r) => r.kind === kind && r.format === format);
    const rate = (r) => r.messages / r.ms * 1000;
    const mbps = (r) => r.bytes / r.ms / 1000;
    const ratios = of('kiln').map((k) => rate(k) / rate(of('json').find((j) => j.round === k.round)));
    rows.push({
      runtime, kind, messages: counts[kind],
      kiln: { msgs_per_s: median(of('kiln').map(rate)), mb_per_s: median(of('kiln').map(mbps)), bytes: of('kiln')[0].bytes },
      json: { msgs_per_s: median(of('json').map(rate)), mb_per_s: median(of('json').map(mbps)), bytes: of('json')[0].bytes },
      speedup: { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), rounds: ratios.length },
    });
  }
  return rows;
}

const server = await startServer();
try {
  log(`server at ${server.base}; ${rounds} rounds, ${counts.struct} Struct and ${counts.foo} Foo messages per stream`);
  const summary = summarize(`node ${process.version}`, await nodeRuns(server.base));
  let chromium = null;
  if (existsSync(CHROMIUM)) {
    chromium = await chromiumRuns(server.base);
    summary.push(...summarize(`chromium ${chromium.version}`, chromium.runs));
  } else {
    log(`no ${CHROMIUM}: no browser rows`);
  }
  for (const s of summary) {
    log(`${s.runtime} ${s.kind}: kiln ${s.kiln.msgs_per_s.toFixed(0)} msg/s ${s.kiln.mb_per_s.toFixed(1)} MB/s, ` +
      `json ${s.json.msgs_per_s.toFixed(0)} msg/s ${s.json.mb_per_s.toFixed(1)} MB/s, ` +
      `kiln/json ${s.speedup.median.toFixed(2)}x (${s.speedup.min.toFixed(2)}-${s.speedup.max.toFixed(2)})`);
  }
  writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), quick, rounds, counts, summary }, null, 1) + '\n');
  log(`wrote ${out}`);
} finally {
  await server.stop();
}

// The page: served by the C++ server with kiln-sdk under /kiln-sdk/, under a strict CSP
// (script-src 'self' 'wasm-unsafe-eval'). Writes a JSON report into #result.
import * as kiln from '/kiln-sdk/index.mjs';
import * as types from '/kiln-sdk/workloads.mjs';
import { exchangeAll, readHttpStream } from './client.mjs';

const violations = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective}: ${e.blockedURI}`));

const params = new URLSearchParams(location.search);
const base = location.origin;
const deps = { kiln, types, WebSocket, fetch: (...a) => fetch(...a), base };

// Throughput over the same socket, formats and kinds interleaved in each round.
async function bench(rounds, counts) {
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    for (const kind of ['struct', 'foo']) {
      for (const format of ['kiln', 'json']) {
        const r = await readHttpStream({ ...deps, kind, format, count: counts[kind], check: false });
        runs.push({ round, kind, format, messages: r.messages, bytes: r.bytes, ms: r.ms });
      }
    }
  }
  return runs;
}

const out = document.getElementById('result');
try {
  const report = params.has('bench')
    ? { runs: await bench(Number(params.get('bench')), { struct: Number(params.get('struct') ?? 1000000), foo: Number(params.get('foo') ?? 200000) }) }
    : { results: await exchangeAll(deps, Number(params.get('count') ?? 100)) };
  out.textContent = JSON.stringify({ ...report, violations });
} catch (e) {
  out.textContent = JSON.stringify({ error: String(e?.stack ?? e), violations });
}

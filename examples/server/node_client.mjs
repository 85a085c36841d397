// The Node client of the example server: the same client code as the page (web/client.mjs),
// with the `ws` package's WebSocket and Node's fetch.
//   node examples/server/node_client.mjs http://127.0.0.1:PORT [count]
// Receives `count` Struct and Foo messages over a WebSocket and answers each with a typed
// Record, reads the same streams over HTTP, and uploads framed Records; prints what each step
// checked and exits non-zero if a value differed.
import * as kiln from 'kiln-sdk';
import * as types from 'kiln-sdk/workloads';
import { WebSocket } from 'ws';
import { exchangeAll } from './web/client.mjs';

export function runNodeClient(base, count) {
  return exchangeAll({ kiln, types, WebSocket, fetch, base }, count);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, count = '1000'] = process.argv.slice(2);
  if (!base) {
    console.error('usage: node examples/server/node_client.mjs http://127.0.0.1:PORT [count]');
    process.exit(2);
  }
  const results = await runNodeClient(base.replace(/\/$/, ''), Number(count));
  let ok = true;
  for (const [step, r] of Object.entries(results)) {
    console.log(`${step}: ${JSON.stringify(r)}`);
    ok &&= (r.mismatches ?? 0) === 0 && (r.code ?? 1000) === 1000 && (r.status ?? 200) === 200;
  }
  process.exit(ok ? 0 : 1);
}

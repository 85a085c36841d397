// The streaming example end to end: the C++ server (examples/server, Boost.Beast) sends typed
// messages as Kiln frames over WebSocket and chunked HTTP, and reads typed replies; the Node
// client and the page in headless Chromium (strict CSP) decode them with the generated codecs
// and answer. Each test starts its own server on a loopback port and stops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import * as kiln from 'kiln-sdk';
import * as types from 'kiln-sdk/workloads';
import { runNodeClient } from '../../examples/server/node_client.mjs';
import { concat, exchangeOverWebSocket, postFrames, readHttpStream } from '../../examples/server/web/client.mjs';
import { makeFoo, replyTo } from '../../examples/server/web/values.mjs';
import { CHROMIUM, CSP, openChromium, pageResult } from '../js/support/csp_browser.mjs';
import { startServer } from './support/server_process.mjs';

async function withServer(fn, args) {
  const server = await startServer(args);
  try {
    await fn(server);
  } finally {
    const { code, signal, stdout } = await server.stop();
    assert.equal(code, 0, `kiln_server exit ${code} ${signal}: ${server.log()}`);
    assert.match(stdout, /kiln-server stopped after \d+ connections/);
  }
}

// Every step of a client's report: all messages received and equal, all replies accepted.
function assertExchanged(results, count) {
  for (const kind of ['struct', 'foo']) {
    assert.deepEqual(results[`ws-${kind}`], { received: count, mismatches: 0, code: 1000, reason: '' }, kind);
    const http = results[`http-${kind}`];
    assert.equal(http.messages, count, kind);
    assert.equal(http.mismatches, 0, kind);
    assert.deepEqual(results[`upload-${kind}`], { status: 200, text: `{"received":${count}}` }, kind);
  }
}

test('Node client: typed messages both ways over WebSocket and HTTP', () => withServer(async (server) => {
  const count = 500;
  assertExchanged(await runNodeClient(server.base, count), count);
  const stats = await server.stats();
  assert.equal(stats.repliesChecked, 2 * count); // the server compared every reply with its own
  assert.equal(stats.recordsUploaded, 2 * count);
  assert.deepEqual(stats.refused, []);
  assert.deepEqual(stats.active, {});
}));

test('the page in Chromium under a strict CSP: typed messages both ways', { skip: !CHROMIUM && 'no chromium' }, () => withServer(async (server) => {
  const { browser, page, errors } = await openChromium();
  try {
    const response = await page.goto(`${server.base}/app/?count=300`);
    assert.equal(response.headers()['content-security-policy'], CSP);
    const report = await pageResult(page);
    assert.equal(report.error, undefined, report.error);
    assert.deepEqual(report.violations, []);
    // Chromium reports a fetch whose body was read through a stream reader as a failed request
    // (net::ERR_ABORTED) once the reader is done, every byte received: the counts below show it.
    assert.deepEqual(errors.filter((e) => !/^request failed: .*\/stream\?/.test(e)), []);
    assertExchanged(report.results, 300);
    assert.equal((await server.stats()).repliesChecked, 600);
  } finally {
    await browser.close();
  }
}));

// A WebSocket client that sends `bytes` after the first message arrives; resolves to the close.
function misbehave(base, query, bytes) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws?${query}`);
    ws.binaryType = 'arraybuffer';
    ws.once('message', () => ws.send(bytes));
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    ws.on('error', reject);
  });
}

test('a client that sends an oversized or corrupt frame is disconnected; the others are served', () => withServer(async (server) => {
  const deps = { kiln, types, WebSocket, fetch, base: server.base };
  const healthy = exchangeOverWebSocket({ ...deps, kind: 'foo', count: 3000 });

  // A prefix announcing 2 MiB, over the server's 1 MiB frame limit: refused at once, before the
  // payload arrives.
  const oversized = await misbehave(server.base, 'kind=struct&count=5', new Uint8Array([0x80, 0x80, 0x80, 0x01]));
  assert.equal(oversized.code, 1008);
  assert.match(oversized.reason, /^length too large at byte 0: /);

  // A valid reply to message 0, then a reply whose magic byte is wrong: the error names the
  // stream offset, the second message's first byte.
  const good = kiln.encodeFrame(types.Record.serialize(replyTo('foo', makeFoo(0))));
  const bad = kiln.encodeFrame(types.Record.serialize(replyTo('foo', makeFoo(1))));
  bad[1] = 0x00;
  const corrupt = await misbehave(server.base, 'kind=foo&count=2', concat([good, bad]));
  assert.equal(corrupt.code, 1008);
  assert.equal(corrupt.reason.split(':')[0], `not a Kiln message at byte ${good.length + 1}`);

  // Uploads: a malformed prefix, and a body that stops inside a frame.
  const overflow = await postFrames(fetch, `${server.base}/upload?kind=foo&count=1`, new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0x01]));
  assert.equal(overflow.status, 400);
  assert.match(overflow.text, /^varint overflow at byte 0: /);
  const cut = await postFrames(fetch, `${server.base}/upload?kind=foo&count=1`, good.subarray(0, good.length - 3));
  assert.equal(cut.status, 400);
  assert.match(cut.text, /^truncated input at byte 0: stream ended inside a frame/);

  assert.deepEqual(await healthy, { received: 3000, mismatches: 0, code: 1000, reason: '' });
  const after = await readHttpStream({ ...deps, kind: 'struct', count: 100 });
  assert.equal(after.messages, 100);
  const stats = await server.stats();
  assert.equal(stats.refused.length, 4, JSON.stringify(stats.refused));
  assert.match(server.log(), /disconnected, websocket: length too large at byte 0/);
  assert.match(server.log(), /disconnected, \/upload: varint overflow at byte 0/);
}));

test('a reader that stops reading holds the server to one batch: memory stays bounded', () => withServer(async (server) => {
  const rssBefore = server.rssBytes();
  const count = 2_000_000; // about 600 MB of Foo messages if the server buffered them
  const req = request(`${server.base}/stream?kind=foo&count=${count}`);
  const response = await new Promise((resolve) => { req.on('response', resolve); req.end(); });
  response.pause();
  const sentAt = async () => Object.values((await server.stats()).active)[0]?.sentBytes ?? 0;
  await sleep(1500);
  const first = await sentAt();
  await sleep(1000);
  const second = await sentAt();
  const stats = await server.stats();
  // The socket's buffers are full and the server waits: nothing more is produced...
  assert.ok(second - first <= 2 * 16384, `the server kept sending: ${first} then ${second} bytes`);
  assert.ok(second < 32 << 20, `sent ${second} bytes to a reader that does not read`);
  // ...and it held one batch at a time (16 KiB, plus the message that crossed it).
  assert.ok(stats.maxBufferedBytes <= 16384 + 1024, `a batch of ${stats.maxBufferedBytes} bytes`);
  const grown = server.rssBytes() - rssBefore;
  assert.ok(grown < 16 << 20, `the server grew by ${grown} bytes`);
  // The reader resumes: the stream flows again; then it hangs up and the server lets go.
  response.resume();
  await sleep(300);
  assert.ok(await sentAt() > second, 'the stream did not resume');
  req.destroy();
  for (let i = 0; i < 50 && Object.keys((await server.stats()).active).length > 0; i++) await sleep(100);
  assert.deepEqual((await server.stats()).active, {});
}));

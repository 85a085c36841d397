// A client of the example server (examples/server), for the browser and for Node alike: the
// caller passes the kiln-sdk modules and the platform's WebSocket and fetch, so one file runs in
// both. Every message is decoded with the generated codecs of kiln-sdk/workloads and compared
// with the value the server made for its index (values.mjs).
import { makeMessage, replyTo, sameValue } from './values.mjs';

const typeOf = (types, kind) => (kind === 'struct' ? types.Struct : types.Foo);

/**
 * /ws: receives `count` messages over a WebSocket, checks each, and answers each with a typed
 * Record; the server checks the replies and closes once all are in.
 * Resolves to { received, mismatches, code, reason } when the server closes.
 */
export function exchangeOverWebSocket({ kiln, types, WebSocket, base, kind, count }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?kind=${kind}&count=${count}`);
    ws.binaryType = 'arraybuffer';
    const frames = new kiln.FrameReader();
    const type = typeOf(types, kind);
    let received = 0;
    let mismatches = 0;
    ws.addEventListener('message', (event) => {
      // The server splits frames across WebSocket messages: the reader reassembles them. All
      // replies to one chunk go back in one WebSocket message, several frames in it.
      const replies = [];
      for (const bytes of frames.push(new Uint8Array(event.data))) {
        const message = type.deserialize(bytes);
        if (!sameValue(message, makeMessage(kind, received))) mismatches++;
        replies.push(kiln.encodeFrame(types.Record.serialize(replyTo(kind, message))));
        received++;
      }
      if (replies.length > 0) ws.send(concat(replies));
    });
    ws.addEventListener('close', (event) => resolve({ received, mismatches, code: event.code, reason: event.reason }));
    ws.addEventListener('error', () => reject(new Error(`WebSocket to ${base} failed`)));
  });
}

/**
 * /stream: reads `count` messages of a chunked HTTP response, Kiln frames (`format` 'kiln') or
 * JSON lines ('json'). With `check`, compares each with its expected value.
 * Resolves to { messages, bytes, mismatches, ms }.
 */
export async function readHttpStream({ kiln, types, fetch, base, kind, count, format = 'kiln', check = true }) {
  const start = performance.now();
  const response = await fetch(`${base}/stream?kind=${kind}&count=${count}&format=${format}`);
  if (!response.ok) throw new Error(`/stream: HTTP ${response.status}`);
  let messages = 0;
  let mismatches = 0;
  let bytes = 0;
  const counted = countBytes(response.body, (n) => { bytes += n; });
  const values = format === 'kiln' ? kiln.readMessages(counted, typeOf(types, kind)) : jsonLines(counted);
  for await (const message of values) {
    if (check && !sameValue(message, expectedJson(format, kind, messages))) mismatches++;
    messages++;
  }
  return { messages, bytes, mismatches, ms: performance.now() - start };
}

/** /upload: sends the replies to messages 0..count-1 as one framed body; the server checks them. */
export async function uploadRecords({ kiln, types, fetch, base, kind, count }) {
  const frames = [];
  for (let i = 0; i < count; i++) {
    frames.push(kiln.encodeFrame(types.Record.serialize(replyTo(kind, makeMessage(kind, i)))));
  }
  return postFrames(fetch, `${base}/upload?kind=${kind}&count=${count}`, concat(frames));
}

/** Every exchange for both kinds, in turn: { 'ws-struct': ..., 'http-struct': ..., 'upload-struct': ..., ...foo }. */
export async function exchangeAll(deps, count) {
  const results = {};
  for (const kind of ['struct', 'foo']) {
    results[`ws-${kind}`] = await exchangeOverWebSocket({ ...deps, kind, count });
    results[`http-${kind}`] = await readHttpStream({ ...deps, kind, count });
    results[`upload-${kind}`] = await uploadRecords({ ...deps, kind, count });
  }
  return results;
}

/** Posts raw bytes to /upload: what a broken client would send. Resolves to { status, text }. */
export async function postFrames(fetch, url, body) {
  const response = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/x-kiln-frames' } });
  return { status: response.status, text: await response.text() };
}

export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// JSON has no BigInt: a JSON line's 64-bit fields are numbers.
function expectedJson(format, kind, i) {
  const value = makeMessage(kind, i);
  if (format === 'kiln') return value;
  return JSON.parse(JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? Number(v) : v)));
}

async function* countBytes(body, add) {
  for await (const chunk of iterate(body)) {
    add(chunk.length);
    yield chunk;
  }
}

// A fetch body as an async iterable: Node's is one already; a browser's may not be.
async function* iterate(body) {
  if (body[Symbol.asyncIterator]) {
    yield* body;
    return;
  }
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function* jsonLines(chunks) {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop();
    for (const line of lines) yield JSON.parse(line);
  }
  if (rest.trim() !== '') yield JSON.parse(rest);
}

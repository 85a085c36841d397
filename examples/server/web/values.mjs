// The server's messages as functions of their index (examples/server/messages.hpp, in
// JavaScript), and the reply a client sends after decoding one. Shared by the page and the Node
// client. 64-bit integers are BigInts, as the generated codecs decode them.

export function makeStruct(i) {
  const n = BigInt(i);
  return {
    f1: i, f2: n * 1000003n, f3: (i % 1024) / 4, f4: i / 8, f5: -(i % 100000), f6: -n * 7n,
    f7: 1.5, f8: i + 0.25, f9: i % 100, f10: (1n << 40n) + n, f11: -2.5, f12: 1e10 + i,
  };
}

export function makeFoo(i) {
  const f3 = [];
  const f4 = Object.create(null);
  for (let k = 0; k < 20; k++) {
    f3.push(`string${k}`);
    f4[`key${k}`] = BigInt(i + k);
  }
  return { f1: i, f2: `foo \u00e9 ${i}`, f3, f4 };
}

export const makeMessage = (kind, i) => (kind === 'struct' ? makeStruct(i) : makeFoo(i));

/** The Record a client sends back for a decoded message: its index and a checksum of its fields,
 *  computed from what was decoded, so the server learns whether the client read it right. */
export function replyTo(kind, message) {
  let sum = 0n;
  let text;
  if (kind === 'struct') {
    const m = message;
    sum = BigInt(m.f1) + m.f2 + BigInt(m.f5) + m.f6 + BigInt(m.f9) + m.f10;
    text = String(m.f2);
  } else {
    for (const v of Object.values(message.f4)) sum += v;
    text = message.f2;
  }
  return { f1: message.f1, f2: `ack ${kind}`, f3: [text], f4: { index: BigInt(message.f1), sum } };
}

/** A value with object keys sorted and BigInts spelled out: decoded maps list keys in wire order. */
export function canonical(v) {
  if (typeof v === 'bigint') return `${v}n`;
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  }
  return v;
}

export const sameValue = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

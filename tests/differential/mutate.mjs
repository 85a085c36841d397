// Deterministic mutations of Kiln messages: byte-level damage (bit flips, byte sets, cuts,
// insertions, deletions, repeats), and damage aimed at the format's structure: a varint
// (length, count, tag, index) rewritten to a boundary value, a header flag bit flipped, a type
// table byte replaced by another descriptor code, a small tag byte changed, two seeds spliced.

/** sfc32: a small, fast PRNG; the same seed gives the same inputs on every run. */
export function makeRandom(seed) {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) + t;
    return t;
  };
  for (let i = 0; i < 16; i++) next();
  return {
    u32: next,
    below: (n) => (n <= 0 ? 0 : next() % n),
    chance: (p) => next() / 0x100000000 < p,
    pick: (list) => list[next() % list.length],
  };
}

// Values a forged varint is rewritten to: around 0, one byte, the 32-bit and 64-bit limits, the
// decoders' length limits (2^28 elements, 2^30 string bytes), and past them.
const VARINT_VALUES = [
  0n, 1n, 2n, 3n, 0x3fn, 0x40n, 0x7fn, 0x80n, 0xffn, 0x3fffn, 0x4000n, (1n << 28n) - 1n, 1n << 28n,
  (1n << 28n) + 1n, 1n << 30n, (1n << 30n) + 1n, (1n << 31n) - 1n, 1n << 31n, (1n << 32n) - 1n, 1n << 32n,
  (1n << 35n), (1n << 53n) + 1n, (1n << 63n) - 1n, 1n << 63n, (1n << 64n) - 1n,
];

export function encodeVarint(v) {
  const out = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}

/** The varint at p (at most 10 bytes): [value, length], or null if it does not end in 10. */
function readVarint(bytes, p) {
  let v = 0n;
  for (let i = 0; i < 10 && p + i < bytes.length; i++) {
    v |= BigInt(bytes[p + i] & 0x7f) << BigInt(7 * i);
    if (!(bytes[p + i] & 0x80)) return [v, i + 1];
  }
  return null;
}

const splice = (bytes, at, remove, insert) => {
  const out = new Uint8Array(bytes.length - remove + insert.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(insert, at);
  out.set(bytes.subarray(at + remove), at + insert.length);
  return out;
};

const INTERESTING_BYTES = [0x00, 0x01, 0x02, 0x03, 0x04, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x0f, 0x10, 0x40, 0x3f];

// Each mutation takes (bytes, rng, seed, other) and returns new bytes; `seed` is the seed record
// (with `tableEnd` for compatible messages), `other` another seed's bytes for splicing.
const MUTATIONS = [
  function flipBits(b, rng) {
    const out = b.slice();
    for (let n = 1 + rng.below(3); n > 0 && out.length; n--) out[rng.below(out.length)] ^= 1 << rng.below(8);
    return out;
  },
  function setByte(b, rng) {
    if (!b.length) return b;
    const out = b.slice();
    out[rng.below(out.length)] = rng.chance(0.7) ? rng.pick(INTERESTING_BYTES) : rng.below(256);
    return out;
  },
  function truncate(b, rng) {
    return b.subarray(0, rng.below(b.length + 1));
  },
  function insertBytes(b, rng) {
    const insert = Array.from({ length: 1 + rng.below(4) }, () => (rng.chance(0.5) ? rng.pick(INTERESTING_BYTES) : rng.below(256)));
    return splice(b, rng.below(b.length + 1), 0, insert);
  },
  function deleteBytes(b, rng) {
    if (!b.length) return b;
    const at = rng.below(b.length);
    return splice(b, at, Math.min(b.length - at, 1 + rng.below(rng.chance(0.8) ? 4 : 32)), []);
  },
  function repeatBytes(b, rng) {
    if (!b.length) return b;
    const at = rng.below(b.length);
    const n = Math.min(b.length - at, 1 + rng.below(16));
    return splice(b, at, 0, b.subarray(at, at + n));
  },
  function rewriteVarint(b, rng) {
    // Lengths, counts and tags follow the header; in compatible mode the table is varints too.
    const start = b.length > 7 && rng.chance(0.9) ? 3 : 0;
    if (b.length <= start) return b;
    const at = start + rng.below(b.length - start);
    const old = readVarint(b, at);
    if (!old) return b;
    const [v, n] = old;
    const choice = rng.below(8);
    let insert;
    if (choice === 0) insert = encodeVarint(v + 1n);
    else if (choice === 1) insert = encodeVarint(v > 0n ? v - 1n : 0n);
    else if (choice === 2) insert = [...encodeVarint(v), 0x00].map((x, i, all) => (i < all.length - 1 ? x | 0x80 : x)); // non-minimal
    else if (choice === 3) insert = [...Array(9 + rng.below(2)).fill(0xff), rng.pick([0x01, 0x02, 0x0f, 0x10, 0x7f])]; // at or past 10 bytes
    else insert = encodeVarint(rng.pick(VARINT_VALUES));
    return splice(b, at, n, insert);
  },
  function flipHeaderFlag(b, rng) {
    if (b.length < 3) return b;
    const out = b.slice();
    out[2] ^= 1 << rng.below(rng.chance(0.9) ? 5 : 8);
    return out;
  },
  function damageTypeTable(b, rng, seed) {
    const end = Math.min(seed.tableEnd ?? 0, b.length);
    if (end <= 8) return b;
    const out = b.slice();
    const at = 7 + rng.below(end - 7);
    // Descriptor codes are 0x01..0x17; just past them, and small counts and indices.
    out[at] = rng.chance(0.6) ? rng.below(0x1a) : rng.pick(INTERESTING_BYTES);
    return out;
  },
  function changeTag(b, rng) {
    // Optional, pointer, variant and shared-string tags are small varints: move one to another.
    const candidates = [];
    for (let i = 3; i < b.length; i++) if (b[i] <= 3) candidates.push(i);
    if (!candidates.length) return b;
    const out = b.slice();
    out[rng.pick(candidates)] = rng.below(6);
    return out;
  },
  function spliceSeeds(b, rng, seed, other) {
    if (!other || !other.length) return b;
    const cut = rng.below(b.length + 1);
    const from = rng.below(other.length + 1);
    const tail = other.subarray(from, from + (rng.chance(0.5) ? other.length : 1 + rng.below(32)));
    return rng.chance(0.5) ? splice(b, cut, b.length - cut, tail) : splice(b, cut, 0, tail);
  },
];

/** A mutant of `seed.bytes`: one to four mutations stacked. */
export function mutate(seed, rng, other) {
  let b = seed.bytes;
  const n = 1 + (rng.chance(0.5) ? 0 : rng.below(4));
  for (let i = 0; i < n; i++) b = rng.pick(MUTATIONS)(b, rng, seed, other);
  return b;
}

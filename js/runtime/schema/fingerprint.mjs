// The schema fingerprint of docs/FORMAT.md 4.1: 64-bit FNV-1a over the type's tokens, a 0xFF
// separator after each token, folded to 32 bits. Computed once per root type, at definition.
const P = 0x100000001b3n;
const M = (1n << 64n) - 1n;
const utf8 = new TextEncoder();

/** @param {string[]} tokens */
export function fingerprintOf(tokens) {
  let h = 0xcbf29ce484222325n;
  for (const t of tokens) {
    for (const c of utf8.encode(t)) h = ((h ^ BigInt(c)) * P) & M;
    h = ((h ^ 0xffn) * P) & M;
  }
  return Number((h ^ (h >> 32n)) & 0xffffffffn);
}

/** The token list of a schema: its wire shape (FORMAT.md 4.2). */
export function tokensOf(schema) {
  const out = [];
  schema.tokens(out, []);
  return out;
}

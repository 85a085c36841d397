// The UTF-8 size of decoded text, for the inspector's budget (docs/FORMAT.md 10.6).

/** UTF-8 bytes of a string (of valid text: lone surrogates do not occur in decoded strings). */
export function utf8Length(s) {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) n += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1; // a pair: 2 + 2 units
  }
  return n;
}

// Key order of std::set / std::map, so JS writes ordered containers byte-identically to C++:
// numbers and BigInts ascending; strings in UTF-8 byte order (= code point order, which differs
// from JS's UTF-16 order only between surrogates and U+E000..U+FFFF).

function compareCodePoints(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (astral code points) sort after U+E000..U+FFFF in code point order.
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

const compareNumbers = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Returns keys in C++ order; `keys` is sorted in place only when it is not already in order.
 * The already-sorted check uses the native `<` (UTF-16 order) for speed, so string keys that are
 * in UTF-16 order but not in code point order (which needs both a surrogate pair and a character
 * in U+E000..U+FFFF at the same position) keep their order: still a valid message, but not
 * byte-identical to C++'s. Any other order is sorted exactly.
 */
export function orderedKeys(keys, kind) {
  for (let i = 1; i < keys.length; i++) {
    if (!(keys[i - 1] < keys[i])) return keys.sort(kind === 'string' ? compareCodePoints : compareNumbers);
  }
  return keys;
}

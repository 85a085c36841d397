// Key order of std::set / std::map, so JS writes ordered containers as C++ does: numbers and
// BigInts ascending, strings in JS (UTF-16 code unit) order. For strings this equals C++'s UTF-8
// byte order except when two keys first differ at a surrogate on one side and a character in
// U+E000..U+FFFF on the other; such maps are still valid messages, but their bytes differ from
// what the C++ encoder writes for the same map.

/** Returns keys in C++ order; sorts in place only when they are not already in order. */
export function orderedKeys(keys) {
  const n = keys.length;
  let i = 1;
  while (i < n && keys[i - 1] < keys[i]) i++;
  if (i >= n) return keys;
  if (n > 32) return keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // Insertion sort from the first out-of-order key: cheaper than Array.prototype.sort for the
  // short, nearly sorted key lists maps usually have.
  for (; i < n; i++) {
    const k = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > k) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

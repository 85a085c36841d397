// Key order of std::set / std::map, so JS writes ordered containers as C++ does: numbers and
// BigInts ascending, strings in JS (UTF-16 code unit) order. For strings this equals C++'s UTF-8
// byte order except when two keys first differ at a surrogate on one side and a character in
// U+E000..U+FFFF on the other; such maps are still valid messages, but their bytes differ from
// what the C++ encoder writes for the same map.

// The last key list sorted, and its sorted order: objects of one shape repeat their keys in the
// same insertion order, and comparing by identity is cheaper than sorting again. Callers only
// read the array returned.
let lastKeys = [];
let lastSorted = [];

/** Returns keys in C++ order; sorts in place only when they are not already in order. */
export function orderedKeys(keys) {
  const n = keys.length;
  let i = 1;
  while (i < n && keys[i - 1] < keys[i]) i++;
  if (i >= n) return keys;
  if (n === lastKeys.length) {
    let j = 0;
    while (j < n && keys[j] === lastKeys[j]) j++;
    if (j === n) return lastSorted;
  }
  lastKeys = keys.slice();
  lastSorted = sortFrom(keys, i);
  return lastSorted;
}

function sortFrom(keys, i) {
  const n = keys.length;
  if (n > 64) return keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // Binary insertion sort from the first out-of-order key: for the short, nearly sorted key
  // lists maps usually have, fewer comparisons (each one a string comparison) than insertion
  // sort or Array.prototype.sort.
  for (; i < n; i++) {
    const k = keys[i];
    let lo = 0;
    let hi = i;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      if (keys[m] > k) hi = m;
      else lo = m + 1;
    }
    for (let j = i; j > lo; j--) keys[j] = keys[j - 1];
    keys[lo] = k;
  }
  return keys;
}

// Linked in front of the wasm benchmark (--pre-js). V8 first runs wasm in its baseline compiler
// (Liftoff) and switches a function to optimized code only on a later call; a case made of a few
// long calls (Bulk) could then be timed in baseline code (measured here: 2.7 ms instead of 0.77 ms
// for one Kiln Bulk serialize). Compiling everything optimized up front measures the steady state
// that a long-running program reaches, for every library alike.
// In a page, bench/loop/chromium.mjs passes the same flag to Chromium.
if (typeof process === 'object' && process.versions && process.versions.node) {
  require('v8').setFlagsFromString('--no-liftoff');
}

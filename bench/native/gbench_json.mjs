// Reads a Google Benchmark JSON report (--benchmark_out_format=json). Google Benchmark writes bare
// NaN / inf (e.g. the cv of a counter whose mean is 0), which JSON does not allow: they become null.
import { readFileSync } from 'node:fs';

export function readGbenchJson(file) {
  return JSON.parse(
    readFileSync(file, 'utf8').replace(/:\s*-?(nan|NaN|inf|Infinity)\b/g, ': null'));
}

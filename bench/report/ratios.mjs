// Ratios of two measurements taken in the same run of the benchmark job, summarised over the
// job's runs: the median of the per-run ratios and their spread. Two numbers from one run share
// the machine's state; numbers from different runs need not, and this shared machine's speed
// swings by up to 2x, hitting library code harder than tight loops.

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// How a row's time is read: the median of its repetitions, or its fastest repetition (both
// fastest samples of two rows come from the machine's fast state).
export const MEDIANS = (op) => (r) => r[`${op}_ns`];
export const FASTEST = (op) => (r) => r.fastest_ns?.[op] ?? r[`${op}_ns`];

// ratioIn(rowsOfOneRun) gives that run's ratio, or null when the run lacks a row.
// Returns { runs: [{ run, ratio }], median, min, max } or null when no run has the ratio.
export function overRuns(runs, rowsOf, ratioIn) {
  const per = runs.map((run) => ({ run, ratio: ratioIn(rowsOf(run)) }))
    .filter((x) => Number.isFinite(x.ratio));
  if (!per.length) return null;
  const xs = per.map((x) => x.ratio);
  return { runs: per, median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
}

const two = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
// "0.42x [0.39-0.47]": the median of the per-run ratios and their range; one run, no range.
export function spread(s) {
  if (!s) return 'n/a';
  return s.runs.length > 1 ? `${two(s.median)}x [${two(s.min)}-${two(s.max)}]` : `${two(s.median)}x`;
}

#!/usr/bin/env bash
# Same-run A/B of the Struct, StructLarge and Foo round trips between two source trees of Kiln
# (e.g. a worktree of an older commit and this checkout): builds bench/ab/roundtrip.cpp against
# each with the Release flags, runs the two binaries alternately RUNS times, and prints the median
# of the per-run ratios (B/A) with their range; JSON to build/ab/result.json. Runs alternate
# which binary goes first. AB_PAUSE_FUZZ=1 stops the fuzz campaign's harnesses (SIGSTOP) for each
# pair of runs, about 2 s, well inside their 25 s per-input timeout, and resumes them after.
#   usage: scripts/ab_roundtrip.sh A_ROOT B_ROOT [RUNS=9] [CXX=g++]
set -euo pipefail
cd "$(dirname "$0")/.."
a=$(realpath "$1"); b=$(realpath "$2"); runs=${3:-9}; cxx=${4:-g++}
out=build/ab; mkdir -p "$out"
. scripts/ab_build.sh
ab_build "$a" bench/ab/roundtrip.cpp "$out/a" "$cxx"
ab_build "$b" bench/ab/roundtrip.cpp "$out/b" "$cxx"
echo "[ab] $runs alternating runs"
: > "$out/runs.jsonl"
pause() { [ "${AB_PAUSE_FUZZ:-0}" = 1 ] && pkill "-$1" -f 'tests/fuzz/fuzz_' || true; }
trap 'pause CONT' EXIT
for i in $(seq "$runs"); do
  pause STOP
  if [ $((i % 2)) = 1 ]; then ra=$("$out/a"); rb=$("$out/b"); else rb=$("$out/b"); ra=$("$out/a"); fi
  pause CONT
  echo "{\"run\": $i, \"a\": $ra, \"b\": $rb}" | tee -a "$out/runs.jsonl"
done
node -e '
  const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
  const med = (xs) => { const s = [...xs].sort((x, y) => x - y); const m = s.length >> 1;
                        return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
  const result = {};
  for (const k of Object.keys(rows[0].a)) {
    const r = rows.map((x) => x.b[k] / x.a[k]);
    result[k] = { ratio_median: med(r), ratio_min: Math.min(...r), ratio_max: Math.max(...r),
                  a_ns_median: med(rows.map((x) => x.a[k])), b_ns_median: med(rows.map((x) => x.b[k])) };
    console.log(`[ab] ${k}: B/A ${result[k].ratio_median.toFixed(3)} (runs ${Math.min(...r).toFixed(3)}..${Math.max(...r).toFixed(3)}), A ${result[k].a_ns_median.toFixed(1)} ns, B ${result[k].b_ns_median.toFixed(1)} ns`);
  }
  require("fs").writeFileSync(process.argv[2], JSON.stringify({ runs: rows.length, cases: result }, null, 1));
' "$out/runs.jsonl" "$out/result.json"

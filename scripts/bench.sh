#!/usr/bin/env bash
# `npm run bench [-- --quick]`: installs what is missing, builds both targets and the benchmark
# binaries, runs every benchmark with progress lines, and writes the report.
#   full run:  bench/results/{REPORT.md,latest.json,roundtrip.svg,size.svg}, and each run's raw
#              rows in bench/results/runs/N/
#   --quick:   a short smoke run into build/bench-quick/ (the committed results are left alone)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=""
for a in "$@"; do [ "$a" = "--quick" ] && quick="--quick"; done
out=bench/results
[ -n "$quick" ] && out=build/bench-quick
mkdir -p "$out"
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
t0=$(date +%s)
stage() { echo; echo "=== [$(( $(date +%s) - t0 ))s] $1"; }

stage "setup"
scripts/setup.sh bench

stage "build: native and wasm, benchmark binaries"
scripts/build.sh native wasm
# Both at once: the wasm loop's link (wasm-opt, one thread, over a minute) overlaps the native
# compiles.
cmake --build build/wasm --target kiln_loop_bench &
wasm_loop=$!
cmake --build build/native --target kiln_bench kiln_loop_bench
wait $wasm_loop

stage "sizes: every workload round-trips on both targets with the same bytes"
build/native/bench/kiln_sizes > build/sizes-native.jsonl
node build/wasm/bench/kiln_sizes.js > build/sizes-wasm.jsonl
node bench/sizes_table.mjs build/sizes-native.jsonl build/sizes-wasm.jsonl

# The whole comparison runs three times (once with --quick), its runs spread over the job: each
# run is the native binary, the native and wasm loops, the JDK baseline and the JavaScript
# benchmark in turn. The report quotes every ratio as the median of its per-run ratios, with their
# spread: this shared machine's speed swings by up to 2x for seconds at a time, and hits library
# code harder than tight loops, so one run, however long, can mislead (bench/NOTES.md).
runs=3
[ -n "$quick" ] && runs=1
# Loop runs per job run, native and wasm alternately. Whole wasm processes are bimodal here (some
# run every case about 1.7x slower, depending on address-space layout); each job run takes the
# best of its pairs.
pairs=2
[ -n "$quick" ] && pairs=1
# The same wasm file runs on the machine's Node, on Node's current LTS line when scripts/setup.sh
# could fetch it (a newer V8), and in a page of headless Chromium (the browser's V8); rows say
# which in their "runtime" field.
lts=build/deps/node-lts/bin/node
[ -x "$lts" ] || lts=""
browser=""
[ -x /usr/bin/chromium ] && browser=chromium
loop_js=build/wasm/bench/loop/kiln_loop_bench.js
rm -rf "$out/runs" "$out"/rows-*.json* "$out/gbench-native.json"
[ -n "$lts" ] || echo "[bench] no Node LTS binary (scripts/setup.sh bench fetches it): no wasm rows for it"
[ -n "$browser" ] || echo "[bench] no /usr/bin/chromium (scripts/setup.sh installs it): no wasm rows for a browser"
for run in $(seq $runs); do
  dir="$out/runs/$run"
  tmp="build/bench-runs/$run"
  mkdir -p "$dir" "$tmp"
  stage "run $run of $runs: native Google Benchmark, Kiln and C++ peers in one binary"
  # Repetitions of all cases in random order: a neighbour's burst on this shared machine then
  # slows every library a little instead of one block of cases a lot.
  build/native/bench/native/kiln_bench $quick --benchmark_enable_random_interleaving=true \
    --benchmark_out="$tmp/gbench-native.json" --benchmark_out_format=json
  node bench/native/gbench_to_rows.mjs --run "$run" "$tmp/gbench-native.json" "$dir/rows-gbench-native.jsonl"

  rm -f "$tmp"/loop-*.jsonl
  for i in $(seq $pairs); do
    stage "run $run of $runs: native steady-clock loop (for the wasm/native ratio), $i of $pairs"
    build/native/bench/loop/kiln_loop_bench $quick --out "$tmp/loop-native-$i.jsonl"
    stage "run $run of $runs: wasm loop (em++) under node $(node --version), $i of $pairs"
    node $loop_js $quick > "$tmp/loop-wasm-$i.jsonl"
    if [ -n "$lts" ]; then
      stage "run $run of $runs: wasm loop under node $($lts --version) (current LTS), $i of $pairs"
      $lts $loop_js $quick > "$tmp/loop-wasm-lts-$i.jsonl"
    fi
    if [ -n "$browser" ]; then
      stage "run $run of $runs: wasm loop in headless Chromium, $i of $pairs"
      node bench/loop/chromium.mjs $loop_js $quick --out "$tmp/loop-wasm-chromium-$i.jsonl"
    fi
  done
  node bench/loop/best_of.mjs --run "$run" "$dir/rows-loop-native.jsonl" $(seq -f "$tmp/loop-native-%g.jsonl" $pairs)
  node bench/loop/best_of.mjs --runtime "node $(node --version)" --run "$run" "$dir/rows-loop-wasm.jsonl" \
    $(seq -f "$tmp/loop-wasm-%g.jsonl" $pairs)
  [ -z "$lts" ] || node bench/loop/best_of.mjs --runtime "node $($lts --version)" --run "$run" \
    "$dir/rows-loop-wasm-lts.jsonl" $(seq -f "$tmp/loop-wasm-lts-%g.jsonl" $pairs)
  # chromium.mjs already put "chromium VERSION" in every row's runtime field.
  [ -z "$browser" ] || node bench/loop/best_of.mjs --run "$run" "$dir/rows-loop-wasm-chromium.jsonl" \
    $(seq -f "$tmp/loop-wasm-chromium-%g.jsonl" $pairs)

  stage "run $run of $runs: JDK serialization baseline"
  bench/jdk/run.sh $quick --out "$dir/rows-jdk.jsonl"
  node bench/tag_rows.mjs "$dir/rows-jdk.jsonl" run="$run" decode=fresh

  stage "run $run of $runs: JS API, Kiln vs JavaScript serializers"
  node bench/js/run.mjs $quick --out "$dir/rows-js.json"
  node bench/tag_rows.mjs "$dir/rows-js.json" run="$run" decode=fresh
done

stage "streams: the C++ example server to Node and Chromium over localhost, Kiln frames vs JSON lines"
node bench/stream/run.mjs $quick --out "$out/stream.json"

stage "npm package: tarball size, loadCore() time"
node bench/js/package.mjs $quick --out "$out/package-js.json"

stage "report"
KILN_BENCH_QUICK=$([ -n "$quick" ] && echo 1 || echo 0) node bench/report.mjs "$out" \
  "$out"/runs/*/rows-*
stage "check: every target and workload has Kiln and peers, every wasm runtime every case"
node bench/check_results.mjs "$out"
stage "done: $out/REPORT.md"

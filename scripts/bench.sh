#!/usr/bin/env bash
# `npm run bench [-- --quick]`: installs what is missing, builds both targets and the benchmark
# binaries, runs every benchmark with progress lines, and writes the report.
#   full run:  bench/results/{REPORT.md,latest.json,roundtrip.svg,size.svg} (+ the raw rows)
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

stage "native: Google Benchmark, Kiln and C++ peers in one binary"
# Repetitions of all cases in random order: a neighbour's burst on this shared machine then slows
# every library a little instead of one block of cases a lot (one run had put Kiln's compatible
# mode at 2x fixed, 1.05x when rerun). Same total time.
build/native/bench/native/kiln_bench $quick --benchmark_enable_random_interleaving=true \
  --benchmark_out="$out/gbench-native.json" --benchmark_out_format=json
node bench/native/gbench_to_rows.mjs "$out/gbench-native.json" "$out/rows-gbench-native.jsonl"

# The native loop and the same loop in wasm, alternately (5 times each; once with --quick), then
# the best of each case: the wasm/native ratio then compares the targets under like conditions.
# Whole wasm processes are bimodal here (some run every case about 1.7x slower, depending on
# address-space layout), so three runs could all land slow.
# The same wasm file runs on the machine's Node, on Node's current LTS line when scripts/setup.sh
# could fetch it (a newer V8), and in a page of headless Chromium (the browser's V8); rows say
# which in their "runtime" field.
pairs=5
[ -n "$quick" ] && pairs=1
lts=build/deps/node-lts/bin/node
[ -x "$lts" ] || lts=""
browser=""
[ -x /usr/bin/chromium ] && browser=chromium
loop_js=build/wasm/bench/loop/kiln_loop_bench.js
rm -f "$out/rows-loop-wasm-lts.jsonl" "$out/rows-loop-wasm-chromium.jsonl"
for i in $(seq $pairs); do
  stage "native: steady-clock loop (for the wasm/native ratio), run $i of $pairs"
  build/native/bench/loop/kiln_loop_bench $quick --out "build/loop-native-$i.jsonl"
  stage "wasm: the same loop compiled with em++, under node $(node --version), run $i of $pairs"
  node $loop_js $quick > "build/loop-wasm-$i.jsonl"
  if [ -n "$lts" ]; then
    stage "wasm: the same loop under node $($lts --version) (current LTS), run $i of $pairs"
    $lts $loop_js $quick > "build/loop-wasm-lts-$i.jsonl"
  fi
  if [ -n "$browser" ]; then
    stage "wasm: the same loop in headless Chromium, run $i of $pairs"
    node bench/loop/chromium.mjs $loop_js $quick --out "build/loop-wasm-chromium-$i.jsonl"
  fi
done
node bench/loop/best_of.mjs "$out/rows-loop-native.jsonl" $(seq -f "build/loop-native-%g.jsonl" $pairs)
node bench/loop/best_of.mjs --runtime "node $(node --version)" "$out/rows-loop-wasm.jsonl" \
  $(seq -f "build/loop-wasm-%g.jsonl" $pairs)
if [ -n "$lts" ]; then
  node bench/loop/best_of.mjs --runtime "node $($lts --version)" "$out/rows-loop-wasm-lts.jsonl" \
    $(seq -f "build/loop-wasm-lts-%g.jsonl" $pairs)
else
  echo "[bench] no Node LTS binary (scripts/setup.sh bench fetches it): no wasm rows for it"
fi
if [ -n "$browser" ]; then
  # chromium.mjs already put "chromium VERSION" in every row's runtime field.
  node bench/loop/best_of.mjs "$out/rows-loop-wasm-chromium.jsonl" \
    $(seq -f "build/loop-wasm-chromium-%g.jsonl" $pairs)
else
  echo "[bench] no /usr/bin/chromium (scripts/setup.sh installs it): no wasm rows for a browser"
fi

stage "JDK serialization baseline"
rm -f "$out/rows-jdk.jsonl"
bench/jdk/run.sh $quick --out "$out/rows-jdk.jsonl"

stage "JS API: Kiln vs JavaScript serializers"
node bench/js/run.mjs $quick --out "$out/rows-js.json"

stage "streams: the C++ example server to Node and Chromium over localhost, Kiln frames vs JSON lines"
node bench/stream/run.mjs $quick --out "$out/stream.json"

stage "npm package: tarball size, loadCore() time"
node bench/js/package.mjs $quick --out "$out/package-js.json"

stage "report"
KILN_BENCH_QUICK=$([ -n "$quick" ] && echo 1 || echo 0) node bench/report.mjs "$out" \
  "$out/rows-gbench-native.jsonl" "$out/rows-loop-native.jsonl" "$out/rows-loop-wasm.jsonl" \
  "$out/rows-loop-wasm-lts.jsonl" "$out/rows-loop-wasm-chromium.jsonl" \
  "$out/rows-jdk.jsonl" "$out/rows-js.json"
stage "check: every target and workload has Kiln and peers, every wasm runtime every case"
node bench/check_results.mjs "$out"
stage "done: $out/REPORT.md"

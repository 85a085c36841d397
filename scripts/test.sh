#!/usr/bin/env bash
# `npm test`: installs what is missing, builds every target once, checks the C++ formatting and
# the core's include layers (scripts/check_layers.mjs), then runs every suite: ctest (g++
# Release, clang++ with ASan+UBSan, g++ with TSan on the thread suite), the core suite compiled to
# wasm under node, node --test (Node and headless Chromium; both run the malformed-input corpus),
# the examples and the user-types package, a 10-second run of every fuzz harness under
# ASan+UBSan, and a quick benchmark run as a smoke test.
# Prints a line per stage and a closing count.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=build/test-logs
t0=$(date +%s)
stage() { echo; echo "=== [$(( $(date +%s) - t0 ))s] $1"; }

stage "setup"
scripts/setup.sh test || exit 1
mkdir -p "$logs"

stage "build: native (g++), asan (clang++), tsan (g++), wasm, examples"
scripts/build.sh native asan tsan wasm examples || { echo "build failed"; exit 1; }

passed=0; failed=0; summary=()
record() {  # name pass fail
  passed=$((passed + $2)); failed=$((failed + $3)); summary+=("$1: $2 passed, $3 failed")
}
run_ctest() {  # name dir
  stage "ctest $1"
  (cd "$2" && ctest --output-on-failure -j "$(nproc)") 2>&1 | tee "$logs/$1.log" | grep -E "tests passed|tests failed|Failed|\*\*\*" 
  local line total bad
  line=$(grep -E "tests passed, [0-9]+ tests failed out of" "$logs/$1.log" | tail -1)
  total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line"); bad=$(sed -E 's/.* ([0-9]+) tests failed.*/\1/' <<<"$line")
  [ -n "$line" ] || { total=0; bad=1; }
  record "$1" $((total - bad)) "$bad"
}

stage "format: clang-format --dry-run on the C++ sources (.clang-format)"
fmt_files=$(git ls-files '*.hpp' '*.cpp' 2>/dev/null || find core wasm native tests bench -name '*.[hc]pp')
if echo "$fmt_files" | xargs clang-format --dry-run -Werror > "$logs/format.log" 2>&1; then
  echo "$(echo "$fmt_files" | wc -l) files formatted"; record format 1 0
else
  grep -oE '^[^:]+\.[hc]pp' "$logs/format.log" | sort -u | sed 's/^/not formatted: /'; record format 0 1
fi

stage "layers: core/ includes against the layer order of docs/ARCHITECTURE.md"
if node scripts/check_layers.mjs > "$logs/layers.log" 2>&1; then
  tail -1 "$logs/layers.log"; record layers 1 0
else
  cat "$logs/layers.log"; record layers 0 1
fi

run_ctest native build/native
run_ctest asan build/asan
run_ctest tsan build/tsan

stage "wasm: core suite under node"
node build/wasm/tests/kiln_core_tests.js 2>&1 | tee "$logs/wasm.log" | grep -E "^\[  (PASSED|FAILED) |tests ran"
wp=$(grep -oE "^\[  PASSED  \] [0-9]+" "$logs/wasm.log" | grep -oE "[0-9]+$" || echo 0)
wf=$(grep -oE "^\[  FAILED  \] [0-9]+ test" "$logs/wasm.log" | grep -oE "[0-9]+" || echo 0)
[ "${PIPESTATUS[0]}" = 0 ] || [ "$wf" != 0 ] || wf=1
record wasm "${wp:-0}" "${wf:-0}"

stage "js: node --test tests/js"
node --test tests/js/ 2>&1 | tee "$logs/js.log" | grep -E "^# (tests|pass|fail)|^not ok"
jp=$(grep -oE "^# pass [0-9]+" "$logs/js.log" | grep -oE "[0-9]+$" || echo 0)
jf=$(grep -oE "^# fail [0-9]+" "$logs/js.log" | grep -oE "[0-9]+$" || echo 1)
record js "$jp" "$jf"

stage "examples: user types, node <-> native, vite"
node --test tests/user_types/ tests/examples/ 2>&1 | tee "$logs/examples.log" | grep -E "^# (tests|pass|fail)|^not ok"
ep=$(grep -oE "^# pass [0-9]+" "$logs/examples.log" | grep -oE "[0-9]+$" || echo 0)
ef=$(grep -oE "^# fail [0-9]+" "$logs/examples.log" | grep -oE "[0-9]+$" || echo 1)
record examples "$ep" "$ef"

stage "fuzz smoke: every harness 10 s under ASan+UBSan (scripts/fuzz.sh)"
bash scripts/fuzz.sh 10 > "$logs/fuzz.log" 2>&1
fuzz_rc=$?
grep -E "^\[fuzz\] [a-z_]+: [0-9]+ executions" "$logs/fuzz.log"
fp=$(grep -cE "^\[fuzz\] [a-z_]+: [0-9]+ executions.*, 0 crashes" "$logs/fuzz.log")
ff=$(grep -E "^\[fuzz\] [a-z_]+: [0-9]+ executions" "$logs/fuzz.log" | grep -vc ", 0 crashes")
if [ "$fuzz_rc" != 0 ] && [ "$ff" = 0 ]; then tail -20 "$logs/fuzz.log"; ff=1; fi
record fuzz-smoke "$fp" "$ff"

stage "bench smoke: npm run bench -- --quick (no timing assertions)"
if bash scripts/bench.sh --quick > "$logs/bench-quick.log" 2>&1; then
  grep -E "^=== |\[report\]" "$logs/bench-quick.log"
  record bench-smoke 1 0
else
  tail -30 "$logs/bench-quick.log"
  record bench-smoke 0 1
fi

stage "summary ($(( $(date +%s) - t0 ))s)"
printf '  %s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]

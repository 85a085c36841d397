#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz, clang with ASan + UBSan, into build/fuzz) and runs
# each for the given time, one after another. Prints libFuzzer's progress and a summary line per
# harness, and writes the results to build/fuzz/results.json. Exits non-zero if any harness
# crashed, leaked, timed out or ran out of memory.
#   usage: scripts/fuzz.sh [seconds-per-harness] [harness...]   (default: 60, all harnesses)
# KILN_FUZZ_RUNS=<n> stops each harness after n executions instead (seconds 0: no time limit),
#   e.g. a campaign run: KILN_FUZZ_RUNS=100000000 scripts/fuzz.sh 0 struct
# Every harness's summary is also appended to <build>/campaign.jsonl, a record across runs.
# KILN_FUZZ_BUILD=<dir> builds and runs in another folder than build/fuzz; KILN_FUZZ_BUILT=1 skips
#   the build (a caller that built already, such as scripts/fuzz_campaign.sh's parallel lanes).
# Harnesses: one per tests/fuzz/fuzz_<name>.cpp (struct foo record bulk kitchen_sink graph inspect
# frames). The working corpus in build/fuzz/corpus/<name> persists between runs; it is seeded
# from the golden vectors, the malformed corpus (tests/malformed), inputs of past bugs and other
# hand-made seeds (tests/fuzz/regressions) and generated seed messages, and an empty one starts
# from the long campaign's corpus kept in the repository (tests/fuzz/corpus/<name>.tar.xz).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
# One harness per tests/fuzz/fuzz_<name>.cpp.
mapfile -t all < <(cd tests/fuzz && ls fuzz_*.cpp | sed -E 's/^fuzz_(.*)\.cpp$/\1/')
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=("${all[@]}")
out=${KILN_FUZZ_BUILD:-build/fuzz}  # another folder keeps a long run's binaries untouched
ts() { date +%H:%M:%S; }

[ -n "${KILN_FUZZ_BUILT:-}" ] || KILN_FUZZ_BUILD=$out nice scripts/build.sh fuzz || exit 1

# Seeds in a folder of this run's own, so that runs sharing a build folder do not remove each
# other's.
seeds=$out/seeds.$$
trap 'rm -rf "$seeds"' EXIT
rm -rf "$seeds" && $out/tests/fuzz/kiln_fuzz_seeds "$seeds" || exit 1
for h in "${all[@]}"; do  # the malformed corpus is passed to libFuzzer as a folder of its own
  mkdir -p "$seeds/$h"
  cp tests/golden/"$h"_*.bin tests/fuzz/regressions/"$h"_*.bin "$seeds/$h/" 2>/dev/null
done

results=()
crashed=0
for h in "${harnesses[@]}"; do
  bin=$out/tests/fuzz/fuzz_$h
  [ -x "$bin" ] || { echo "[fuzz] no harness named $h (have: ${all[*]})" >&2; exit 2; }
  mkdir -p "$out/corpus/$h" "$out/artifacts/$h" "$out/logs"
  kept=tests/fuzz/corpus/$h.tar.xz
  if [ -f "$kept" ] && [ -z "$(ls -A "$out/corpus/$h")" ]; then
    tar -xJf "$kept" -C "$out/corpus/$h" || exit 1
    echo "[fuzz] $h: $(ls "$out/corpus/$h" | wc -l) inputs from $kept"
  fi
  log=$out/logs/$h.log
  touch "$log.start"
  limit=(-max_total_time="$seconds")
  [ -n "${KILN_FUZZ_RUNS:-}" ] && limit+=(-runs="$KILN_FUZZ_RUNS")
  echo "[fuzz] $h: ${limit[*]} ($(ts))"
  started=$(date +%s)
  # -malloc_limit_mb: any single allocation over 64 MB is reported as a bug (no input here is
  # larger than a few kB, and the decoder's allocation budget is 64 bytes per input byte).
  # -timeout: one input takes well under a millisecond; 25 s flags a hang without flagging
  # the stalls of a loaded machine (a 5 s limit once fired inside ASan's madvise).
  nice "$bin" "${limit[@]}" -timeout=25 -rss_limit_mb=1024 -malloc_limit_mb=64 \
    -print_final_stats=1 -artifact_prefix="$out/artifacts/$h/" \
    "$out/corpus/$h" "$seeds/$h" $([ -d "tests/malformed/$h" ] && echo "tests/malformed/$h") \
    > "$log" 2>&1 &
  pid=$!
  while kill -0 $pid 2>/dev/null; do  # progress: libFuzzer's latest status line every 30 s
    for _ in $(seq 30); do kill -0 $pid 2>/dev/null && sleep 1; done
    last=$(grep -aE '^#[0-9]+' "$log" | tail -1)
    [ -n "$last" ] && echo "[fuzz] $h ($(ts)) $last"
  done
  wait $pid
  rc=$?
  execs=$(grep -aoE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  last=$(grep -aE '^#[0-9]+' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || true)
  ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || true)
  corp=$(grep -oE 'corp: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || true)
  rss=$(grep -aoE 'stat::peak_rss_mb: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  found=$(find "$out/artifacts/$h" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
    -o -name 'oom-*' \) -newer "$log.start" 2>/dev/null | wc -l)
  # Inputs that once took over 10 s (reported, not failures: on a loaded machine a stall can
  # hit any input; replay one to see whether it is really slow).
  slow=$(find "$out/artifacts/$h" -type f -name 'slow-unit-*' -newer "$log.start" | wc -l)
  [ "$rc" -eq 0 ] || [ "$found" -gt 0 ] || found=1
  [ "$found" -eq 0 ] || { crashed=1; grep -E 'ERROR|SUMMARY|check failed' "$log" | head -5; }
  echo "[fuzz] $h: ${execs:-0} executions, coverage ${cov:-0} edges, ${ft:-0} features," \
    "corpus ${corp:-0}, peak RSS ${rss:-0} MB, $slow slow units, $found crashes (exit $rc; log $log)"
  results+=("{\"harness\":\"$h\",\"seconds\":$(($(date +%s) - started)),\"executions\":${execs:-0},\"coverage\":${cov:-0},\"features\":${ft:-0},\"corpus\":${corp:-0},\"peak_rss_mb\":${rss:-0},\"slow_units\":$slow,\"crashes\":$found,\"exit_code\":$rc,\"date\":\"$(date -u +%Y-%m-%dT%H:%M:%SZ)\"}")
  # The tag holds a hyphen, which no harness name does: "[fuzz] record: ..." is the record harness.
  echo "[fuzz] record-json: ${results[-1]}"
done

{
  echo "["
  for i in "${!results[@]}"; do
    sep=","; [ "$i" -eq $((${#results[@]} - 1)) ] && sep=""
    echo "  ${results[$i]}$sep"
  done
  echo "]"
} > $out/results.json
printf '%s\n' "${results[@]}" >> $out/campaign.jsonl
echo "[fuzz] results: $out/results.json (and appended to $out/campaign.jsonl)"
exit $crashed

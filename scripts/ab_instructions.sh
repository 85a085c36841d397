#!/usr/bin/env bash
# Instructions per Struct, StructLarge and Foo write and read (reused objects) for two source
# trees of Kiln, counted by callgrind: builds bench/ab/instructions.cpp against each with the
# Release flags (as scripts/ab_roundtrip.sh does) and prints, per case, the count per operation
# of each tree (a run of REPS operations less a run of none). Counts do not swing with the
# machine as times do, but they are not times: quote them beside a timed A/B. JSON to
# build/ab/instructions.json.
# AB_WORKLOADS picks the workloads (default "struct large foo").
#   usage: scripts/ab_instructions.sh A_ROOT B_ROOT [REPS=5000] [CXX=g++]
set -euo pipefail
cd "$(dirname "$0")/.."
a=$(realpath "$1"); b=$(realpath "$2"); reps=${3:-5000}; cxx=${4:-g++}
command -v valgrind > /dev/null || { echo "[ab] needs valgrind (apt-get install valgrind)" >&2; exit 2; }
out=build/ab; mkdir -p "$out"
. scripts/ab_build.sh
ab_build "$a" bench/ab/instructions.cpp "$out/ia" "$cxx"
ab_build "$b" bench/ab/instructions.cpp "$out/ib" "$cxx"
count() {  # binary args...: instructions callgrind collected
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
    sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}
rows=()
for w in ${AB_WORKLOADS:-struct large foo}; do
  for m in w r; do
    for c in fixed compressed; do
      line="{\"case\": \"${w}_$([ $m = w ] && echo write || echo read)_$c\""
      for t in a b; do
        z=$(count "$out/i$t" $w $m $c 0); n=$(count "$out/i$t" $w $m $c "$reps")
        line="$line, \"$t\": $(( (n - z) / reps ))"
      done
      rows+=("$line}"); echo "[ab] ${rows[-1]}"
    done
  done
done
(IFS=,; echo "[${rows[*]}]") > "$out/instructions.json"
echo "[ab] per-operation instructions: $out/instructions.json"

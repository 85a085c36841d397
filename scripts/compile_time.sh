#!/usr/bin/env bash
# Compile time and peak compiler memory of one translation unit that uses Kiln for the seed
# workloads (bench/compile/seed_workloads.cpp), with g++ and clang++ at the Release flags. With
# --split, the same program compiled the way KILN_INSTANTIATE allows: the application TU with only
# kiln/codec_decl.hpp (seed_workloads.cpp -DKILN_SEED_SEPARATE, unit "app") and the TU that
# compiles the four codecs (bench/compile/seed_codecs.cpp, unit "codecs"), each timed on its own.
# Each compile runs alone under the build lock (another compile running at the same time would
# slow it); compilers alternate, so a slow stretch of the machine hits both.
#
#   usage: scripts/compile_time.sh [--runs N] [--label NAME] [--tu FILE] [--split]
#                                  [--compilers "g++ clang++"] [SOURCE_ROOT]
#
# SOURCE_ROOT (default: this checkout) is the Kiln tree whose headers are compiled: another
# checkout or worktree can be measured with this script and TU. Prints a line per compile and the
# medians; writes build/compile-time/<NAME>.json (NAME defaults to the source root's folder name).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

runs=3
label=
tu="$here/bench/compile/seed_workloads.cpp"
compilers="g++ clang++"
split=0
root=
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --label) label=$2; shift 2 ;;
    --tu) tu=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2 ;;
    --compilers) compilers=$2; shift 2 ;;
    --split) split=1; shift ;;
    -h|--help) sed -n 2,15p "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) root=$1; shift ;;
  esac
done
root=$(cd "${root:-$here}" && pwd)
label=${label:-$(basename "$root")}
[ "$split" = 0 ] || label="$label-split"
# Units: name, source file, extra flags.
if [ "$split" = 1 ]; then
  units=("app|$tu|-DKILN_SEED_SEPARATE" "codecs|$here/bench/compile/seed_codecs.cpp|")
else
  units=("seed|$tu|")
fi

if [ ! -x /usr/bin/time ]; then
  echo "[compile-time] /usr/bin/time is missing: run scripts/setup.sh (Debian package 'time')" >&2
  exit 1
fi
# Trees before 1.0 kept the headers under core/include/ and the sources under core/src/.
inc="$root/core"; [ -d "$root/core/include" ] && inc="$root/core/include"
[ -f "$inc/kiln/kiln.hpp" ] || { echo "no Kiln headers under $root" >&2; exit 1; }

# The Release flags and include paths of the CMake build (Boost comes from /usr/include).
flags=(-std=c++20 -O3 -DNDEBUG -Wall -Wextra -Werror -I"$inc"
       -I"$root/tests/workloads")
lock=/tmp/kiln-build.lock
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out="$here/build/compile-time"
mkdir -p "$out"

echo "[compile-time] $label: ${units[*]} against $root, $runs run(s) of: $compilers"
samples="$tmp/samples.tsv"
: >"$samples"
for ((i = 1; i <= runs; i++)); do
  for unit in "${units[@]}"; do
    IFS='|' read -r name src extra <<<"$unit"
    for cc in $compilers; do
      # %e wall seconds, %U/%S user/system CPU seconds, %M peak resident set in KiB (the largest
      # of the driver and the compiler proper).
      # shellcheck disable=SC2086  # $extra is a list of flags
      if ! flock "$lock" /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" \
          "$cc" "${flags[@]}" $extra -c "$src" -o "$tmp/$name.o" 2>"$tmp/err"; then
        cat "$tmp/err" >&2
        echo "[compile-time] $cc failed on $name" >&2
        exit 1
      fi
      read -r wall user sys kib <"$tmp/time"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$cc" "$i" "$wall" "$user" "$sys" "$kib" >>"$samples"
      printf '[compile-time] %-6s %-8s run %d/%d: %6.2f s wall, %6.2f s CPU, %5d MB peak\n' \
        "$name" "$cc" "$i" "$runs" "$wall" "$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" $((kib / 1024))
    done
  done
done

versions="$tmp/versions.tsv"
: >"$versions"
for cc in $compilers; do
  printf '%s\t%s\n' "$cc" "$("$cc" --version | head -n1)" >>"$versions"
done

node - "$samples" "$versions" "$out/$label.json" "$label" "$root" "$tu" "${flags[*]}" <<'EOF'
const fs = require('fs');
const os = require('os');
const [samplesFile, versionsFile, outFile, label, root, tu, flags] = process.argv.slice(2);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const versions = Object.fromEntries(
  fs.readFileSync(versionsFile, 'utf8').trim().split('\n').map((l) => l.split('\t')));
// units[name].compilers[cc]: a unit is one translation unit ("seed", or "app" and "codecs").
const units = {};
for (const line of fs.readFileSync(samplesFile, 'utf8').trim().split('\n')) {
  const [unit, cc, run, wall, user, sys, kib] = line.split('\t');
  const compilers = (units[unit] ??= { compilers: {} }).compilers;
  compilers[cc] ??= { version: versions[cc], samples: [] };
  compilers[cc].samples.push({
    run: +run, wall_s: +wall, cpu_s: +(+user + +sys).toFixed(2), peak_rss_mb: Math.round(kib / 1024),
  });
}
for (const [unit, { compilers }] of Object.entries(units)) {
  for (const [cc, c] of Object.entries(compilers)) {
    c.median_wall_s = median(c.samples.map((s) => s.wall_s));
    c.min_wall_s = Math.min(...c.samples.map((s) => s.wall_s));
    c.median_cpu_s = +median(c.samples.map((s) => s.cpu_s)).toFixed(2);
    c.median_peak_rss_mb = median(c.samples.map((s) => s.peak_rss_mb));
    console.log(`[compile-time] ${label} ${unit} ${cc}: median ${c.median_wall_s.toFixed(2)} s wall ` +
                `(fastest ${c.min_wall_s.toFixed(2)} s, CPU ${c.median_cpu_s.toFixed(2)} s), ` +
                `${c.median_peak_rss_mb} MB peak`);
  }
}
const result = {
  label, source_root: root, tu, flags: flags.split(' '), date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model, mem_gb: Math.round(os.totalmem() / 2 ** 30) },
  units,
};
fs.writeFileSync(outFile, JSON.stringify(result, null, 2) + '\n');
console.log(`[compile-time] wrote ${outFile}`);
EOF

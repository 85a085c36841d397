#!/usr/bin/env bash
# The long libFuzzer campaign (docs/FUZZING.md), run in chunks so that it can share the machine
# with other work and stop at any time without losing its record: each harness runs for CHUNK
# seconds in turn, round after round, at the lowest priority, from its own build folder
# (build/fuzz-campaign: test builds do not replace its binaries mid-run) and a corpus that grows
# across chunks and runs. Each chunk's summary (harness, date, seconds, executions, edges, corpus,
# crashes) is appended to tests/fuzz/campaign.jsonl, the campaign's record, kept in the repository,
# and the corpus, minimized by libFuzzer's merge, is packed into tests/fuzz/corpus/<harness>.tar.xz
# (byte-identical for the same inputs), where a fresh clone's first run starts from.
# With --lanes N, N harnesses run at once (harness i in lane i mod N), each lane its own core.
# A harness written name:SECONDS runs for that long instead of CHUNK (to spend a fixed budget
# where each harness needs it). Touching build/fuzz-campaign.stop ends the campaign after the
# running chunks, whose records and corpora are kept (a chunk killed mid-run would look like a
# finding).
#   usage: scripts/fuzz_campaign.sh [--chunk SECONDS] [--rounds N] [--lanes N] [harness[:S]...]
#                                    (600 s, 1000 rounds, 1 lane, every harness)
#          scripts/fuzz_campaign.sh --report     totals per harness from the record
set -uo pipefail
cd "$(dirname "$0")/.."
record=tests/fuzz/campaign.jsonl
chunk=600
rounds=1000
lanes=1
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --chunk) chunk=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --lanes) lanes=$2; shift 2 ;;
    --report)
      node - "$record" <<'JS'
const fs = require('fs');
const rows = fs.readFileSync(process.argv[2], 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const by = new Map();
for (const r of rows) {
  const t = by.get(r.harness) ?? { chunks: 0, seconds: 0, executions: 0, coverage: 0, crashes: 0, first: r.date, last: r.date };
  t.chunks++; t.seconds += r.seconds; t.executions += r.executions; t.crashes += r.crashes;
  t.coverage = Math.max(t.coverage, r.coverage); t.last = r.date;
  by.set(r.harness, t);
}
console.log('| harness | chunks | hours | executions | edges (max) | crashes | from | to |');
console.log('|---|---:|---:|---:|---:|---:|---|---|');
for (const [h, t] of [...by].sort()) {
  console.log(`| \`${h}\` | ${t.chunks} | ${(t.seconds / 3600).toFixed(1)} | ${t.executions.toLocaleString('en-US')} | ` +
    `${t.coverage} | ${t.crashes} | ${t.first.slice(0, 10)} | ${t.last.slice(0, 10)} |`);
}
JS
      exit 0 ;;
    -h|--help) sed -n 2,16p "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
[ ${#harnesses[@]} -gt 0 ] ||
  mapfile -t harnesses < <(cd tests/fuzz && ls fuzz_*.cpp | sed -E 's/^fuzz_(.*)\.cpp$/\1/')
export KILN_FUZZ_BUILD=build/fuzz-campaign
mkdir -p build && rm -f build/fuzz-campaign.stop
# Built once here, not by each chunk: lanes would otherwise run the build side by side.
KILN_FUZZ_BUILD=$KILN_FUZZ_BUILD nice scripts/build.sh fuzz > build/fuzz-campaign-build.log 2>&1 ||
  { echo "[campaign] build failed (see build/fuzz-campaign-build.log)"; exit 1; }
export KILN_FUZZ_BUILT=1
# No allocation or free stack traces in ASan's reports (detection is unchanged): about 1.2x the
# executions in the same time. A finding's input replays with the full traces (docs/FUZZING.md).
# A 16 MB quarantine of freed memory instead of 256 MB: still many inputs' worth (one input may
# allocate at most 64 bytes per byte, 256 KB), and forged counts' large blocks are reused sooner
# instead of mapped afresh (record: 1.8x the executions).
export ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=0:quarantine_size_mb=16}

# The harness's working corpus, minimized (-merge=1 keeps the inputs that cover every feature the
# whole set does), packed into the repository with names sorted and no dates or owners.
keep_corpus() {
  local h=$1 min=$KILN_FUZZ_BUILD/merged/$1
  rm -rf "$min" && mkdir -p "$min" tests/fuzz/corpus
  nice -n 19 "$KILN_FUZZ_BUILD/tests/fuzz/fuzz_$h" -merge=1 -rss_limit_mb=1024 -malloc_limit_mb=64 \
    "$min" "$KILN_FUZZ_BUILD/corpus/$h" > "$KILN_FUZZ_BUILD/merged-$h.log" 2>&1 ||
    { echo "[campaign] $h: corpus merge failed (see $KILN_FUZZ_BUILD/merged-$h.log)"; return; }
  local dest=$PWD/tests/fuzz/corpus/$h.tar.xz
  (cd "$min" && ls | LC_ALL=C sort | tar --owner=0 --group=0 --numeric-owner --mtime=@0 \
    -cf - -T - | xz -9e -T1 > "$dest")
  echo "[campaign] $h: corpus of $(ls "$min" | wc -l) inputs kept in tests/fuzz/corpus/$h.tar.xz" \
    "($(stat -c %s "tests/fuzz/corpus/$h.tar.xz") bytes)"
}
# One lane: its harnesses in turn, round after round. The chunk's record line comes from the
# chunk's own log, so that lanes finishing together cannot take each other's.
lane() {
  local n=$1 round h rc i secs
  for ((round = 1; round <= rounds; round++)); do
    for ((i = n; i < ${#harnesses[@]}; i += lanes)); do
      [ -e build/fuzz-campaign.stop ] && { echo "[campaign] lane $n: stopped"; return 0; }
      h=${harnesses[$i]%%:*}
      secs=$chunk
      [[ ${harnesses[$i]} == *:* ]] && secs=${harnesses[$i]#*:}
      echo "[campaign] round $round: $h for ${secs}s ($(date +%H:%M:%S))"
      nice -n 19 scripts/fuzz.sh "$secs" "$h" > "build/fuzz-campaign-$h.log" 2>&1
      rc=$?
      sed -n 's/^\[fuzz\] record-json: //p' "build/fuzz-campaign-$h.log" >> "$record"
      grep -E '^\[fuzz\] [a-z_]+: [0-9]+ executions' "build/fuzz-campaign-$h.log" | tail -1
      [ $rc -eq 0 ] || { echo "[campaign] $h found something: see build/fuzz-campaign-$h.log"; return 1; }
      keep_corpus "$h"
    done
  done
}
# A lane that finds something stops; the others go on. Non-zero exit if any lane found something.
pids=()
for ((n = 0; n < lanes; n++)); do
  lane "$n" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status

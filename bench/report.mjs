// Builds the benchmark report from the row files the runners wrote, over all runs of the job:
//   bench/results/latest.json   {"machine": {..., "runs": [...]}, "results": [rows], "ratios": [...]}
//   bench/results/REPORT.md     headline and targets from per-run ratios; tables of one run
//   bench/results/roundtrip.svg, bench/results/size.svg   charts (the same run)
//   usage: node bench/report.mjs OUT_DIR ROWS_FILE...   (rows: JSON array or one object per line)
// Every row carries the run it came from ("run") and how it decoded ("decode": "fresh", a new
// object per call as `deserialize<T>` returns; "reused", `deserialize_into` one object).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { overRuns, spread, median, MEDIANS, FASTEST } from './report/ratios.mjs';
import { chart } from './report/charts.mjs';
import {
  WORKLOADS, fmtNs, ratio, ratio3, label, compatible, headerless, headerBytes, FLOORS,
} from './report/format.mjs';

const [outDir, ...files] = process.argv.slice(2);
const quick = process.env.KILN_BENCH_QUICK === '1';
// A run whose native repetitions vary more than this (median coefficient of variation over all
// cases) is marked noisy: a quiet run of this machine gives about 5%, a busy one over 20%.
const NOISY_CV = 0.1;

function loadRows(file) {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8').trim();
  if (!text) return [];
  return text.startsWith('[') ? JSON.parse(text) : text.split('\n').map((l) => JSON.parse(l));
}
const rows = files.flatMap(loadRows).map((r) => ({ run: 1, ...r }));
const RUNS = [...new Set(rows.map((r) => r.run))].sort((a, b) => a - b);
const version = (cmd, args) => {
  try {
    // java -version prints to stderr.
    const r = execFileSync('sh', ['-c', `${cmd} ${args.join(' ')} 2>&1`], { encoding: 'utf8' });
    return r.split('\n')[0];
  } catch {
    return 'not found';
  }
};
// wasm rows by the runtime that ran them: this script's Node (the machine's) first, then the others
// (Node's current LTS line, fetched by scripts/setup.sh bench; headless Chromium). Rows without a
// runtime are this Node's.
const here = `node ${process.version}`;
const runtimeOf = (r) => r.runtime ?? here;
const wasmAll = rows.filter((r) => r.target === 'wasm');
const wasmRuntimes = [...new Set([here, ...wasmAll.map(runtimeOf)])].filter((rt) => wasmAll.some((r) => runtimeOf(r) === rt));

// How noisy each run was: the median over its Google Benchmark cases of the coefficient of
// variation between a case's repetitions, and the same over the JavaScript cases' rounds.
const runs = RUNS.map((run) => {
  const gbench = rows.filter((r) => r.run === run && r.harness === 'gbench');
  const cvs = gbench.flatMap((r) => Object.values(r.repetitions_cv ?? {}));
  const cv = cvs.length ? Number(median(cvs).toFixed(3)) : null;
  const jsCvs = rows.filter((r) => r.run === run && r.target === 'js' && Number.isFinite(r.rounds_cv)).map((r) => r.rounds_cv);
  const js = jsCvs.length ? Number(median(jsCvs).toFixed(3)) : null;
  return { run, started: gbench.find((r) => r.started)?.started ?? null, native_repetition_cv: cv, js_rounds_cv: js,
    noisy: (cv ?? 0) > NOISY_CV || (js ?? 0) > NOISY_CV };
});
// The tables and charts give absolute times of one run, the quietest natively.
const shown = runs.reduce((a, b) => ((b.native_repetition_cv ?? 1) < (a.native_repetition_cv ?? 1) ? b : a)).run;

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memory_gib: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  gxx: version('g++', ['--version']),
  emcc: version('em++', ['--version']),
  java: version('java', ['-version']),
  date: new Date().toISOString(),
  wasm_runtimes: wasmRuntimes,
  runs,
  noisy_cv_bound: NOISY_CV,
  tables_run: shown,
  native_repetition_cv: runs.find((r) => r.run === shown).native_repetition_cv,
  quick,
};
// The npm package: tarball size and first loadCore() time (bench/js/package.mjs).
const streams = existsSync(`${outDir}/stream.json`) ? JSON.parse(readFileSync(`${outDir}/stream.json`, 'utf8')) : null;
const npmPackage = existsSync(`${outDir}/package-js.json`) ? JSON.parse(readFileSync(`${outDir}/package-js.json`, 'utf8')) : null;
if (npmPackage) machine.npm_package = npmPackage;
if (streams) machine.streams = streams;

const inRun = (list, run) => list.filter((r) => r.run === run);
const decoded = (list, how) => list.filter((r) => r.decode === how || !r.decode);
const native = rows.filter((r) => r.target === 'native' && r.harness === 'gbench');
const nativeLoop = rows.filter((r) => r.target === 'native' && r.harness === 'loop');
const wasmOn = (rt) => wasmAll.filter((r) => runtimeOf(r) === rt);
const js = rows.filter((r) => r.target === 'js');
const jdk = rows.filter((r) => r.library === 'jdk');

// One line per (library, mode): serialize, both decodes, round trip both ways; a harness that
// has one decode shows a dash for the other.
function table(list) {
  const out = ['| workload | library | serialize | deserialize, fresh | deserialize, reused | round trip, fresh | round trip, reused | bytes | no codegen |',
    '|---|---|---:|---:|---:|---:|---:|---:|:---:|'];
  const t = (r, k) => (r ? fmtNs(r[k]) : '–');
  for (const w of WORKLOADS) {
    const groups = new Map();
    for (const r of list.filter((x) => x.workload === w)) {
      const key = label(r);
      const g = groups.get(key) ?? {};
      g[r.decode === 'reused' ? 'reused' : 'fresh'] = r;
      groups.set(key, g);
    }
    const rt = (g) => (g.fresh ?? g.reused).roundtrip_ns;
    for (const [name, g] of [...groups].sort((a, b) => rt(a[1]) - rt(b[1]))) {
      const any = g.fresh ?? g.reused;
      out.push(`| ${w} | ${name} | ${fmtNs(any.ser_ns)} | ${t(g.fresh, 'de_ns')} | ${t(g.reused, 'de_ns')} | ` +
        `${t(g.fresh, 'roundtrip_ns')} | ${t(g.reused, 'roundtrip_ns')} | ${any.bytes} | ${any.codegen_free ? 'yes' : 'no'} |`);
    }
  }
  return out.join('\n');
}

// Kiln's headline rows: schema-consistent, owning, with a header.
const kilnRows = (list, w) => list.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r) && !headerless(r));
const peerRows = (list, w) => list.filter((r) => r.workload === w && r.library !== 'kiln' && !FLOORS.has(r.library));
const best = (list, stat) => list.reduce((a, b) => (!a || stat(b) < stat(a) ? b : a), null);
const find = (list, w, lib, mode) => list.find((r) => r.workload === w && r.library === lib && (!mode || r.mode === mode));
const rowsOfRun = (list) => (run) => inRun(list, run);
// The per-run ratio of two picks over `list` (each pick: a run's rows -> a row), by `stat`.
const ratioOf = (list, pickA, pickB, stat) => overRuns(RUNS, rowsOfRun(list), (l) => {
  const a = pickA(l), b = pickB(l);
  return a && b ? stat(a) / stat(b) : null;
});

// "Kiln is N x the speed and M x the size of X": speed = X's round trip / Kiln's, the median of
// the per-run ratios with their range; size = Kiln's bytes / X's, for Kiln's fastest mode (by
// the median over runs) and its smallest.
const ratioRows = [];
function headline(target, list, extraPeers = []) {
  const out = [];
  const all = [...list, ...extraPeers];
  const rt = MEDIANS('roundtrip');
  for (const w of WORKLOADS) {
    const modes = [...new Set(kilnRows(list, w).map((r) => r.mode))];
    if (!modes.length) continue;
    const medianRt = (mode) => median(kilnRows(list, w).filter((r) => r.mode === mode).map(rt));
    const mode = modes.reduce((a, b) => (medianRt(b) < medianRt(a) ? b : a));
    const small = list.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r))
      .reduce((a, b) => (a.bytes <= b.bytes ? a : b));
    const peers = [...new Set(all.filter((r) => r.workload === w && r.library !== 'kiln').map(label))];
    const lines = peers.map((p) => {
      const s = ratioOf(all, (l) => l.find((r) => r.workload === w && label(r) === p),
        (l) => find(l, w, 'kiln', mode), rt);
      const peer = all.find((r) => r.workload === w && label(r) === p);
      if (s) ratioRows.push({ kind: 'headline', target, workload: w, kiln_mode: mode, peer: p, metric: 'roundtrip', decode: 'fresh', ...s });
      return { s, text: `- ${w}: Kiln is **${spread(s)}** the speed (${mode}) and ` +
        `**${ratio(small.bytes / peer.bytes)}x** the size (${small.mode}) of ${p}` };
    }).filter((x) => x.s).sort((a, b) => a.s.median - b.s.median);
    out.push(...lines.map((x) => x.text));
  }
  return out.join('\n');
}

// Checks of the targets, each judged on the median of its per-run ratios (the spread beside it;
// the fastest samples' ratios too where the harness keeps them).
const checks = [];
function check(name, ok, detail, s) {
  checks.push(`| ${ok === null ? 'n/a' : ok ? 'met' : '**not met**'} | ${name} | ${detail} |`);
  if (s) ratioRows.push({ kind: 'target', name, met: ok, ...s });
}
const runsNote = (s) => (s ? ` over ${s.runs.length} run${s.runs.length > 1 ? 's' : ''}` : '');
// Kiln's best mode against the best of `others` in each run, round trip; both statistics.
function versus(list, w, others, how = 'fresh') {
  const l = decoded(list, how);
  const pick = (stat) => ratioOf(l, (x) => best(kilnRows(x, w), stat), (x) => best(others(x), stat), stat);
  return { med: pick(MEDIANS('roundtrip')), fast: pick(FASTEST('roundtrip')) };
}
const both = ({ med, fast }) => `medians ${spread(med)}; fastest samples ${spread(fast)}${runsNote(med)}`;
{
  const fresh = decoded(native, 'fresh');
  const memcpy = versus(native, 'Struct', (l) => l.filter((r) => r.workload === 'Struct' && r.library === 'memcpy'));
  if (memcpy.med) check('native Struct round trip (fresh object) within 2x of memcpy', memcpy.med.median <= 2, `Kiln / memcpy: ${both(memcpy)}`, memcpy.med);
  const hand = versus(native, 'TestClass', (l) => l.filter((r) => r.workload === 'TestClass' && r.library === 'handwritten'));
  if (hand.med) check('native TestClass round trip (fresh objects) at or below a hand-written codec',
    hand.med.median <= 1 && hand.fast.median <= 1, `Kiln / hand-written: ${both(hand)}`, hand.med);
  for (const w of WORKLOADS) {
    const v = versus(native, w, (l) => peerRows(l, w));
    if (!v.med) {
      check(`native ${w} faster than every peer`, null, 'no Kiln or peer rows');
      continue;
    }
    check(`native ${w} faster than every peer (fresh objects)`, v.med.median < 1,
      `Kiln's best mode / the fastest peer in each run: ${both(v)}`, v.med);
    const r = versus(native, w, (l) => peerRows(l, w), 'reused');
    if (r.med) check(`native ${w} faster than every peer (reused objects)`, r.med.median < 1, both(r), r.med);
  }
  // >= 3x the fastest peer, fresh objects, judged on medians and on fastest samples.
  for (const w of ['Struct', 'Record']) {
    const v = versus(native, w, (l) => peerRows(l, w));
    if (v.med) check(`native ${w} >= 3x the fastest peer (fresh objects)`, 1 / v.med.median >= 3 && 1 / v.fast.median >= 3,
      `Kiln / fastest peer: ${both(v)} (goal 0.33x on both)`, v.med);
  }
  // Compressed numbers at their longest: Struct with integers near their limits.
  {
    const l = decoded(native, 'fresh');
    const pick = (stat) => ratioOf(l, (x) => find(x, 'StructLarge', 'flatbuffers'), (x) => find(x, 'StructLarge', 'kiln', 'compressed'), stat);
    const med = pick(MEDIANS('roundtrip')), fast = pick(FASTEST('roundtrip'));
    if (med) check('native StructLarge, compressed numbers, >= 3x FlatBuffers (fresh objects)', med.median >= 3 && fast.median >= 3,
      `FlatBuffers / Kiln (compressed): medians ${spread(med)}; fastest samples ${spread(fast)}${runsNote(med)}`, med);
  }
  for (const [w, goal] of [['Struct', 100], ['Foo', 25]]) {
    const s = overRuns(RUNS, (run) => run, (run) => {
      const k = best(kilnRows(inRun(fresh, run), w), MEDIANS('roundtrip'));
      const j = find(inRun(jdk, run), w, 'jdk');
      return k && j ? j.roundtrip_ns / k.roundtrip_ns : null;
    });
    if (s) check(`native ${w} >= ${goal}x JDK serialization speed`, s.median >= goal, `${spread(s)}${runsNote(s)} (JDK in the same run)`, s);
    else check(`native ${w} >= ${goal}x JDK serialization speed`, null, 'no JDK rows (no javac)');
  }
  // Sizes do not vary between runs.
  const sizes = inRun(native, RUNS[0]);
  const jdkSizes = inRun(jdk, RUNS[0]);
  // Struct "with compression": any compressed mode; the report names the one measured and, when
  // that one has a shorter header than the default, also gives the default's size.
  const compressedModes = ['compressed', 'compressed-nofingerprint', 'compressed-noheader'];
  for (const [w, goal, modes] of [['Struct', 0.32, compressedModes], ['Foo', 0.45, null], ['TestClass', 0.5, null]]) {
    const ks = sizes.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r) && (!modes || modes.includes(r.mode)));
    const j = find(jdkSizes, w, 'jdk');
    if (!ks.length || !j) {
      check(`${w} size <= ${goal}x JDK`, null, !ks.length ? 'no Kiln row' : 'no JDK row');
      continue;
    }
    const small = ks.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    const withFp = ks.filter((r) => headerBytes(r.mode) === 7);
    const fp = withFp.length && headerBytes(small.mode) < 7 ? Math.min(...withFp.map((r) => r.bytes)) : null;
    check(`${w} size <= ${goal}x JDK`, small.bytes <= goal * j.bytes,
      `${small.bytes} B vs ${j.bytes} B (${ratio3(small.bytes / j.bytes)}x, ${small.mode})` +
      (fp ? `; ${fp} B (${ratio3(fp / j.bytes)}x) with the default 7-byte header` : ''));
  }
  // Kiln's smallest schema-consistent message against every peer's (native and JS peers: sizes
  // are the format's, the same on every target). Formats whose bytes mean nothing without the
  // schema may be smaller; then, and for any other smaller peer, the row says where the bytes go.
  // (msgpackr's shared structures are kept out of band, like a schema.)
  const schemaOnly = (p) => /^(avsc|protobuf|flatbuffers|capnproto)/.test(p.library) || p.library.includes('shared structures');
  for (const w of WORKLOADS.filter((x) => x !== 'StructLarge')) {
    const ks = sizes.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r));
    const peers = [...sizes, ...inRun(js, RUNS[0])].filter((r) => r.workload === w && r.library !== 'kiln' &&
      !FLOORS.has(r.library));
    if (!ks.length || !peers.length) continue;
    const small = ks.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    const smaller = [...new Map(peers.filter((p) => p.bytes < small.bytes).map((p) => [label(p) + p.target, p])).values()];
    const head = headerBytes(small.mode);
    const why = (p) => `${label(p)}${p.target === 'js' ? ' (JS)' : ''} ${p.bytes} B` +
      (schemaOnly(p) ? ', schema-only' : '') +
      (head && small.bytes - head <= p.bytes ? `: Kiln's body is ${small.bytes - head} B, plus its ${head}-byte header` : '');
    const bestPeer = peers.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    check(`${w} smaller than every peer except schema-only formats`,
      smaller.every(schemaOnly),
      `Kiln ${small.bytes} B (${small.mode}); ` +
      (smaller.length ? `smaller: ${smaller.map(why).join('; ')}` : `smallest peer ${label(bestPeer)} ${bestPeer.bytes} B`));
  }
  // Compatible mode against schema-consistent mode with the same number mode (reused objects:
  // the type table's cost is then the largest share).
  for (const w of ['Struct', 'Foo']) {
    for (const [mode, base] of [['compatible', 'fixed'], ['compatible-compressed', 'compressed']]) {
      const l = decoded(native, 'reused');
      const s = ratioOf(l, (x) => find(x, w, 'kiln', mode), (x) => find(x, w, 'kiln', base), MEDIANS('roundtrip'));
      const f = ratioOf(l, (x) => find(x, w, 'kiln', mode), (x) => find(x, w, 'kiln', base), FASTEST('roundtrip'));
      const c = find(l, w, 'kiln', mode), b = find(l, w, 'kiln', base);
      if (s) check(`native ${w} ${mode} round trip within 1.5x of ${base}`, s.median <= 1.5,
        `${both({ med: s, fast: f })}; ${c.bytes} B vs ${b.bytes} B (+${c.bytes - b.bytes} B type table)`, s);
    }
  }
  // wasm against native: the same loop harness, each run's best of its loop pairs, the worst of
  // Kiln's modes, decoding into a reused and into a fresh object; the peers compiled the same way
  // give the platform's cost to others.
  for (const rt of wasmRuntimes) {
    for (const how of ['reused', 'fresh']) {
      const list = decoded([...wasmOn(rt), ...nativeLoop], how);
      for (const w of WORKLOADS) {
        const pair = (l, lib) => l.filter((r) => r.target === 'wasm' && r.workload === w && lib(r.library)).map((x) => {
          const n = l.find((y) => y.target === 'native' && y.workload === w && y.library === x.library && y.mode === x.mode);
          return n ? x.roundtrip_ns / n.roundtrip_ns : NaN;
        }).filter(Number.isFinite);
        const s = overRuns(RUNS, rowsOfRun(list), (l) => {
          const r = pair(l, (lib) => lib === 'kiln');
          return r.length ? Math.max(...r) : null;
        });
        if (!s) continue;
        const peers = overRuns(RUNS, rowsOfRun(list), (l) => {
          const r = pair(l, (lib) => lib !== 'kiln' && !FLOORS.has(lib));
          return r.length ? median(r) : null;
        });
        check(`wasm/native time ratio <= 1.3x, ${w}, ${how} objects, ${rt}`, s.median <= 1.3,
          `${spread(s)}${runsNote(s)} (worst of Kiln's modes, same loop harness` +
          `${peers ? `; peers' median ${spread(peers)}` : ''})`, { target: 'wasm', runtime: rt, workload: w, decode: how, ...s });
      }
    }
  }
  // JavaScript: every Kiln row decodes into a fresh object, as every peer's does.
  const typed = (l, w) => l.filter((r) => r.workload === w && r.library === 'kiln' && ['fixed', 'compressed', 'compressed-bigint'].includes(r.mode));
  const jsVersus = (w, mine, theirs) => {
    const pick = (stat) => ratioOf(js, (l) => best(mine(l, w), stat), (l) => best(theirs(l, w), stat), stat);
    return { med: pick(MEDIANS('roundtrip')), fast: pick(FASTEST('roundtrip')) };
  };
  for (const w of WORKLOADS) {
    const v = jsVersus(w, typed, (l) => l.filter((r) => r.workload === w && r.library !== 'kiln'));
    if (v.med) check(`JS ${w}: typed codecs faster than every JS peer`, v.med.median < 1, `Kiln / the fastest peer in each run: ${both(v)}`, v.med);
  }
  {
    const v = jsVersus('Foo', typed, (l) => l.filter((r) => r.workload === 'Foo' && r.library === 'JSON'));
    if (v.med) check('JS Foo: typed codecs >= 1.3x the speed of JSON in every run', 1 / v.med.max >= 1.3,
      `Kiln / JSON: ${both(v)} (goal 0.77x in every run)`, v.med);
  }
  const generic = (l, w) => l.filter((r) => r.workload === w && r.library === 'kiln' && r.mode === 'generic');
  for (const w of ['Struct', 'Foo', 'Record']) {
    const v = jsVersus(w, generic, (l) => l.filter((r) => r.workload === w && /^(msgpackr|cbor-x)/.test(r.library)));
    if (v.med) check(`JS ${w}: schema-free API faster than msgpackr and cbor-x`, v.med.median < 1,
      `Kiln generic / the fastest of them in each run: ${both(v)}`, v.med);
  }
  // Types declared in JS (kiln-sdk's struct, ...) against the codecs generated from C++.
  for (const w of ['Struct', 'Foo', 'Record']) {
    const s = ratioOf(js, (l) => find(l, w, 'kiln', 'schema'), (l) => find(l, w, 'kiln', 'fixed'), MEDIANS('roundtrip'));
    const f = ratioOf(js, (l) => find(l, w, 'kiln', 'schema'), (l) => find(l, w, 'kiln', 'fixed'), FASTEST('roundtrip'));
    if (s) check(`JS-declared schema within 1.3x of the generated codec, ${w} round trip`, s.median <= 1.3, both({ med: s, fast: f }), s);
  }
}

// The headlines' ratios go into latest.json with the targets'.
const headlines = { native: headline('native', decoded(native, 'fresh'), jdk), js: headline('js', js) };
writeFileSync(`${outDir}/latest.json`, JSON.stringify({ machine, results: rows, ratios: ratioRows }, null, 1) + '\n');

const shownRows = (list) => inRun(list, shown);
const chartPanels = [['native', decoded(shownRows(native), 'fresh')], ['wasm', shownRows(wasmOn(here))], ['js', shownRows(js)]];
writeFileSync(`${outDir}/roundtrip.svg`, chart(chartPanels, 'roundtrip_ns', 'Round trip time per workload, fresh objects natively (lower is better, log scale)', 'time', true));
writeFileSync(`${outDir}/size.svg`, chart(chartPanels, 'bytes', 'Serialized size per workload (lower is better, log scale)', 'bytes', true));

const md = [];
const pct = (x) => (x === null ? '–' : `${(x * 100).toFixed(0)}%`);
md.push('# Kiln benchmark report', '');
md.push(`Produced by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${machine.date.slice(0, 10)}.` +
  (quick ? ' **Quick run: few repetitions, numbers are only a smoke test.**' : ''), '');
md.push('Machine: ' + `${machine.cpu}, ${machine.cores} cores, ${machine.memory_gib} GiB, ${machine.os}; ` +
  `${machine.gxx}; ${machine.emcc}; Node ${machine.node}; ${machine.java}.`, '');
md.push(`The whole comparison ran ${RUNS.length} time${RUNS.length > 1 ? 's' : ''}, each run measuring every library ` +
  'of a target together (natively in one binary, its repetitions in random interleaved order; in ' +
  'JavaScript, rounds interleaved), the runs spread over the job. This shared machine\'s speed ' +
  'swings by up to 2x for seconds at a time and slows library code more than tight loops, so ' +
  'absolute times of different runs do not compare and one run can mislead: **every ratio below is ' +
  'the median of its per-run ratios**, with their range in brackets, and the targets are judged on ' +
  'those medians. Round trip is `x = deserialize(serialize(x))`; natively it decodes into a fresh ' +
  'object (Kiln\'s `deserialize<T>`, a peer\'s decode into a new value-initialised object; the old ' +
  'object destroyed in the timed region) in the headline and ' +
  'targets, with the reused-object rows (`deserialize_into`) beside it. Sizes in bytes.', '');
md.push('| run | started | native repetitions (median CV) | JS rounds (median CV) | |', '|---|---|---:|---:|---|',
  ...runs.map((r) => `| ${r.run}${r.run === shown ? ' (tables)' : ''} | ${r.started ?? '–'} | ${pct(r.native_repetition_cv)} | ` +
    `${pct(r.js_rounds_cv)} | ${r.noisy ? `**noisy** (over ${pct(NOISY_CV)})` : ''} |`), '');
md.push('![round trip](roundtrip.svg)', '', '![size](size.svg)', '');
md.push('## Targets', '',
  'Each judged on the median of its per-run ratios ("medians": the ratio of two rows\' median ' +
  'repetitions within a run; "fastest samples": of their fastest repetitions or rounds, which both ' +
  'come from the machine\'s fast state); the range over runs in brackets.', '',
  '| status | target | measured |', '|---|---|---|', ...checks, '');
md.push('## Native (Google Benchmark, one binary, g++ -O3)', '',
  'Headline: round trip into a fresh object, Kiln\'s fastest mode against each peer and the JDK; ' +
  'medians of per-run ratios [range].', '',
  headlines.native, '',
  `Times of run ${shown}, the quietest (medians of 9 repetitions):`, '',
  table([...shownRows(native), ...shownRows(jdk)]), '');
const viewRows = [];
for (const w of ['Foo', 'Record', 'Bulk']) {
  for (const mode of ['fixed', 'compressed']) {
    for (const how of ['reused', 'fresh']) {
      const de = (r) => r.fastest_ns?.de ?? r.de_ns;
      const l = decoded(native, how);
      const s = ratioOf(l, (x) => find(x, w, 'kiln', mode), (x) => find(x, w, 'kiln', `${mode}-views`), FASTEST('de'));
      const o = find(inRun(l, shown), w, 'kiln', mode), v = find(inRun(l, shown), w, 'kiln', `${mode}-views`);
      if (s && o && v) viewRows.push(`| ${w} | ${mode}, ${how} object | ${fmtNs(de(o))} | ${fmtNs(de(v))} | ${spread(s)} |`);
    }
  }
}
if (viewRows.length) {
  md.push('## Views (native)', '',
    'Deserialize, fastest repetitions: owning strings (`std::string`) against `std::string_view` ' +
    'fields that point into the message (the same bytes; `FooView`, `RecordView` in ' +
    `tests/workloads/views.hpp). Times of run ${shown}; the speed-up is the median of per-run ratios.`, '',
    '| workload | decode | owning | views | speed-up |', '|---|---|---:|---:|---:|', ...viewRows, '');
}
md.push(`## wasm (em++ -O3 under ${here}, steady-clock loop) and the same loop natively`, '',
  'In each run the native and wasm loops ran alternately, twice each, and each time is the best of the ' +
  'run\'s loops; the targets take the wasm/native ratio in each run and quote their median. ' +
  'Within a loop run every case is timed in 3 passes over all cases, each pass the median of 5 rounds ' +
  'of about 10 ms, and the fastest pass counts. Times of run ' + shown + ':', '',
  table(shownRows(wasmOn(here))), '');
for (const rt of wasmRuntimes.filter((x) => x !== here)) {
  const where = rt.startsWith('chromium')
    ? 'in a page of headless Chromium (the V8 of the browser; `bench/loop/chromium.mjs`). The page ' +
      'is cross-origin isolated, so `performance.now()`, the clock behind the loop, has 5 us ' +
      'resolution; rounds last 10 ms. It ran'
    : "on Node's current LTS line (a newer V8). It ran";
  md.push(`### The same wasm under ${rt}`, '',
    `The same wasm file, ${where} in the same alternation. Times of run ${shown}:`,
    '', table(shownRows(wasmOn(rt))), '');
}
md.push('### Same loop, native', '', table(shownRows(nativeLoop)), '');
md.push('## JavaScript API (Node)', '', 'Headline: round trip, Kiln\'s fastest mode against each peer; medians of per-run ratios [range].', '',
  headlines.js, '', `Times of run ${shown}:`, '', table(shownRows(js)), '');
md.push(...readFileSync(new URL('./report/tail.md', import.meta.url), 'utf8').trim().split('\n'), '');
{
  const tc = shownRows(js).filter((r) => r.workload === 'TestClass' && r.keeps_identity !== undefined);
  if (tc.length) {
    const keep = [...new Set(tc.filter((r) => r.keeps_identity).map(label))];
    const copy = [...new Set(tc.filter((r) => !r.keeps_identity).map(label))];
    md.push(`TestClass reaches one object through two fields. Kept as one object: ${keep.join(', ') || 'none'}. ` +
      `Returned as two copies (the shared object written twice): ${copy.join(', ') || 'none'}.`, '');
  }
}
if (streams) {
  const n = (x) => Math.round(x).toLocaleString('en-US');
  md.push('## Streams over localhost', '',
    `The C++ example server (\`examples/server\`, Boost.Beast) sends ${n(streams.counts.struct)} Struct or ` +
    `${n(streams.counts.foo)} Foo messages as one chunked HTTP response: Kiln frames (compressed numbers) or JSON ` +
    'lines (Boost.JSON), over the same socket. Node reads them with `fetch` and `readMessages` (or `JSON.parse` per ' +
    'line), the page in headless Chromium the same way; the server makes each message as it sends it. ' +
    `${streams.rounds} rounds, each running every case once; rates are medians over rounds, "Kiln/JSON" the median ` +
    `of per-round ratios of messages per second, with its range. Measured ${streams.date.slice(0, 10)} ` +
    '(`bench/stream/run.mjs`, `stream.json`).', '',
    '| reader | messages | Kiln msg/s | Kiln MB/s | JSON msg/s | JSON MB/s | bytes Kiln / JSON | Kiln/JSON speed |',
    '|---|---|---|---|---|---|---|---|');
  for (const s of streams.summary) {
    md.push(`| ${s.runtime} | ${s.kind === 'struct' ? 'Struct' : 'Foo'} | ${n(s.kiln.msgs_per_s)} | ${s.kiln.mb_per_s.toFixed(1)} | ` +
      `${n(s.json.msgs_per_s)} | ${s.json.mb_per_s.toFixed(1)} | ${(s.kiln.bytes / s.json.bytes).toFixed(2)} | ` +
      `${s.speedup.median.toFixed(2)}x (${s.speedup.min.toFixed(2)}-${s.speedup.max.toFixed(2)}) |`);
  }
  md.push('');
}
if (npmPackage) {
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  md.push('## npm package', '',
    `\`${npmPackage.name}@${npmPackage.version}\` (\`npm pack\` of \`js/\`): ${kb(npmPackage.packed_bytes)} packed, ` +
    `${kb(npmPackage.unpacked_bytes)} unpacked, ${npmPackage.files} files; the wasm core alone (\`kiln_core.wasm\`) is ` +
    `${kb(npmPackage.core_module_bytes)}. The first \`loadCore()\` (importing the core's modules, reading and ` +
    `compiling the wasm) took ${npmPackage.load_core_ms} ms under Node ${npmPackage.node}, the median of ` +
    `${npmPackage.load_core_runs} fresh processes (\`machine.npm_package\` in latest.json).`, '');
}
writeFileSync(`${outDir}/REPORT.md`, md.join('\n') + '\n');
console.log(`[report] ${rows.length} rows of ${RUNS.length} run(s) -> ${outDir}/REPORT.md, latest.json, roundtrip.svg, size.svg`);
